//! The search core alone, with the no-op observer: calls per second on a graph file.
//!
//! `cargo run --release --example calls -- assets/heavy-64.json 12 6 1000000 on on 15`
//! (file, depth, q limit, budget, table, ordering, runs). It prints the median of the runs.
//! Two optional arguments run seed 002's searches instead of alpha-beta: the algorithm
//! (`alphabeta`, `negamax` or `pvs`) and an aspiration δ (windows from depth 4, guess 0), e.g.
//! `cargo run --release --example calls -- assets/heavy-64.json 12 6 1000000 on on 15 pvs 25`.
//! Build it once with and once without `--features no-events` to measure what the event
//! sites cost, or run it under `valgrind --tool=callgrind` for exact instruction counts;
//! `benches/compare_cpp.sh` runs it beside seed 000's C++ program.

use std::process::ExitCode;
use std::time::Instant;

use prune::game::graph::{Graph, GraphSpec};
use prune::observer::NoTrace;
use prune::search::{self, Algorithm, Aspiration, Options};

fn parse_args() -> Result<(Graph, Options, u32), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: calls FILE DEPTH QLIMIT BUDGET on|off on|off RUNS [alphabeta|negamax|pvs [DELTA]]";
    if !(7..=9).contains(&args.len()) {
        return Err(usage.into());
    }
    let [file, depth, qlimit, budget, table, ordering, runs] = &args[..7] else {
        return Err(usage.into());
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let spec: GraphSpec = serde_json::from_str(&text).map_err(|e| format!("{file}: {e}"))?;
    let graph = Graph::from_spec(&spec).map_err(|e| format!("{file}: {e}"))?;
    let number = |what: &str, s: &str| s.parse::<u64>().map_err(|_| format!("bad {what}: {s}"));
    let switch = |what: &str, s: &str| match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("bad {what}: {s} (on or off)")),
    };
    let opts = Options {
        depth: number("depth", depth)? as u8,
        qlimit: number("q limit", qlimit)? as u8,
        budget: number("budget", budget)?,
        table: switch("table", table)?,
        ordering: switch("ordering", ordering)?,
        algorithm: match args.get(7).map(String::as_str) {
            None | Some("alphabeta") => Algorithm::AlphaBeta,
            Some("negamax") => Algorithm::Negamax,
            Some("pvs") => Algorithm::Pvs,
            Some(other) => {
                return Err(format!(
                    "bad algorithm: {other} (alphabeta, negamax or pvs)"
                ));
            }
        },
        aspiration: match args.get(8) {
            None => None,
            Some(delta) => Some(Aspiration {
                delta: number("aspiration delta", delta)? as i32,
                from: Aspiration::FROM,
                guess: 0,
            }),
        },
        ..Options::default()
    };
    let runs = number("runs", runs)?.max(1) as u32;
    Ok((graph, opts, runs))
}

fn main() -> ExitCode {
    let (graph, opts, runs) = match parse_args() {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("calls: {e}");
            return ExitCode::from(2);
        }
    };
    let mut rates = Vec::with_capacity(runs as usize);
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let result = match search::run(&graph, 0, &opts, &mut NoTrace) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("calls: {e}");
                return ExitCode::from(2);
            }
        };
        let secs = t.elapsed().as_secs_f64().max(1e-9);
        rates.push(result.stats.nodes as f64 / secs);
        last = Some(result);
    }
    rates.sort_by(f64::total_cmp);
    let r = last.expect("at least one run");
    let events = if cfg!(feature = "no-events") {
        "no-events build"
    } else {
        "events on"
    };
    println!(
        "{} depth={} score={} move={} nodes={} tt_hits={}",
        r.status.name(),
        r.depth,
        r.score,
        r.mv,
        r.stats.nodes,
        r.stats.tt_hits
    );
    println!(
        "calls/s median of {runs}: {:.0} ({events})",
        rates[rates.len() / 2]
    );
    ExitCode::SUCCESS
}
