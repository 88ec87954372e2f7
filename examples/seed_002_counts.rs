//! Calls of seed 002's searches beside seed 000's alpha-beta, as issue 12's benchmark asks:
//! what PVS saves or costs, how many re-searches it makes, how often aspiration misses.
//!
//! `cargo run --release --example seed_002_counts` prints one Markdown table: the heavy graph
//! (`assets/heavy-64.json`, depth 12, q 6, table and ordering both on and both off, iterative
//! deepening) and uniform trees (`--game uniform`, searched to their leaves with `--id off`,
//! table and ordering off, as `prune run` does them). Aspiration is δ 25 from depth 4 with the
//! default guess 0; on a uniform tree there is a single pass, so its window is centred on the
//! guess. Every figure is a `RunResult` of `prune::run::plain`, the run `prune run` prints, so
//! a row can be checked with e.g.
//! `prune run --game uniform --branching 8 --depth 6 --leaves random --seed 1 --id off --algorithm pvs`.
//! Calls are deterministic; for calls/s see `cargo bench --bench search`.

use std::process::ExitCode;

use prune::game::model::{GameSpec, LeavesSpec};
use prune::lesson::{Lesson, Overrides};
use prune::search::{Algorithm, Aspiration, RunResult, Status};

const DELTA: i32 = 25;

/// The five searches of a row, in column order.
const SEARCHES: [(&str, Algorithm, bool); 5] = [
    ("alpha-beta", Algorithm::AlphaBeta, false),
    ("negamax", Algorithm::Negamax, false),
    ("pvs", Algorithm::Pvs, false),
    ("alpha-beta+asp", Algorithm::AlphaBeta, true),
    ("pvs+asp", Algorithm::Pvs, true),
];

struct Case {
    name: String,
    lesson: Lesson,
    over: Overrides,
}

fn heavy(on: bool) -> Result<Case, String> {
    let lesson = Lesson::open("assets/heavy-64.json").map_err(|e| e.to_string())?;
    let switch = if on { "on" } else { "off" };
    Ok(Case {
        name: format!("heavy-64 d12 q6, table+ordering {switch}"),
        lesson,
        over: Overrides {
            depth: Some(12),
            qlimit: Some(6),
            table: Some(on),
            ordering: Some(on),
            ..Overrides::default()
        },
    })
}

fn uniform(branching: u64, depth: u64, leaves: LeavesSpec, seed: u64) -> Result<Case, String> {
    let game = GameSpec::Uniform {
        branching,
        depth,
        leaves,
        seed,
    };
    let lesson = Lesson::of_game(&game).map_err(|e| e.to_string())?;
    let seeded = match leaves {
        LeavesSpec::Random | LeavesSpec::Distinct => format!(" seed {seed}"),
        LeavesSpec::Best | LeavesSpec::Worst => String::new(),
    };
    Ok(Case {
        name: format!("uniform b{branching} d{depth} {}{seeded}", leaves.name()),
        lesson,
        over: Overrides {
            depth: Some(depth as u8),
            deepening: Some(false),
            table: Some(false),
            ordering: Some(false),
            ..Overrides::default()
        },
    })
}

fn cases() -> Result<Vec<Case>, String> {
    let mut cases = vec![heavy(true)?, heavy(false)?];
    let trees = [(4, 8), (8, 6), (16, 5)];
    for (b, d) in trees {
        cases.push(uniform(b, d, LeavesSpec::Best, 0)?);
    }
    for (b, d) in trees {
        for seed in [1, 2, 3] {
            cases.push(uniform(b, d, LeavesSpec::Random, seed)?);
        }
    }
    // Not asked for, but the other end of the scale: every null window fails high.
    for (b, d) in trees {
        cases.push(uniform(b, d, LeavesSpec::Worst, 0)?);
    }
    Ok(cases)
}

fn run(case: &Case, algorithm: Algorithm, aspiration: bool) -> Result<RunResult, String> {
    let over = Overrides {
        algorithm: Some(algorithm),
        aspiration: aspiration.then_some(Aspiration {
            delta: DELTA,
            from: Aspiration::FROM,
            guess: 0,
        }),
        ..case.over.clone()
    };
    let setup = case
        .lesson
        .setup(None, &over)
        .map_err(|e| format!("{}: {e}", case.name))?;
    prune::run::plain(&case.lesson, &setup).map_err(|e| format!("{}: {e}", case.name))
}

/// A count with thousands separators: 1,234,567.
fn n(count: u64) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A run's calls, and how far it got when the budget stopped it.
fn calls(r: &RunResult) -> String {
    match r.status {
        Status::Complete => n(r.stats.nodes),
        _ => format!("{} (budget; d{} done)", n(r.stats.nodes), r.depth),
    }
}

/// PVS's calls against alpha-beta's, signed, with the share of alpha-beta's:
/// "-1,234 (-5.6 %)". Only complete runs compare; a budget-bound pair is "budget".
fn saved(pvs: &RunResult, ab: &RunResult) -> String {
    if pvs.status != Status::Complete || ab.status != Status::Complete {
        return "budget".into();
    }
    let (p, a) = (pvs.stats.nodes, ab.stats.nodes);
    let diff = p as i64 - a as i64;
    let sign = if diff < 0 { "−" } else { "+" };
    let pct = 100.0 * diff.unsigned_abs() as f64 / a.max(1) as f64;
    format!("{sign}{} ({sign}{pct:.1} %)", n(diff.unsigned_abs()))
}

/// The passes of a budget-bound run: "1: 4,064 done, 2: 995,936 abort".
fn passes(r: &RunResult) -> String {
    r.history
        .iter()
        .map(|p| {
            let what = if p.done { "done" } else { "abort" };
            format!("{}: {} {what}", p.depth, n(p.delta[0]))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The root values the runs completed, each depth once: "-993", or "224 (d1), 59 (d2)" when
/// the budget let some runs complete a deeper pass than others.
fn values(results: &[RunResult]) -> String {
    let mut seen: Vec<(u8, i32)> = Vec::new();
    for r in results {
        if !seen.iter().any(|&(d, _)| d == r.depth) {
            seen.push((r.depth, r.score));
        }
    }
    seen.sort_unstable();
    match seen.as_slice() {
        [(_, v)] => v.to_string(),
        _ => seen
            .iter()
            .map(|(d, v)| format!("{v} (d{d})"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn table() -> Result<String, String> {
    let mut out = String::new();
    let mut notes = Vec::new();
    out.push_str(
        "| tree | alpha-beta | negamax | pvs | pvs vs alpha-beta | null windows | re-searches | alpha-beta+asp (misses) | pvs+asp (misses, re-searches) | value |\n",
    );
    out.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for case in cases()? {
        let results: Vec<RunResult> = SEARCHES
            .iter()
            .map(|&(_, a, asp)| run(&case, a, asp))
            .collect::<Result<_, _>>()?;
        let [ab, nm, pvs, ab_asp, pvs_asp] = results.as_slice() else {
            unreachable!("five searches");
        };
        // Searches that completed the same depth must agree on the root: a disagreement is
        // a bug, not a figure.
        for (r, (name, _, _)) in results.iter().zip(SEARCHES) {
            if r.depth == ab.depth && (r.score, r.mv) != (ab.score, ab.mv) {
                return Err(format!(
                    "{}: {name} gives {} move {} at depth {}, alpha-beta {} move {}",
                    case.name, r.score, r.mv, r.depth, ab.score, ab.mv
                ));
            }
        }
        if results.iter().any(|r| r.status != Status::Complete) {
            let each: Vec<String> = results
                .iter()
                .zip(SEARCHES)
                .map(|(r, (name, _, _))| format!("{name} [{}]", passes(r)))
                .collect();
            notes.push(format!(
                "- {}: the budget stops every run; calls per pass: {}.",
                case.name,
                each.join("; ")
            ));
        }
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} ({}) | {} ({}, {}) | {} |\n",
            case.name,
            calls(ab),
            calls(nm),
            calls(pvs),
            saved(pvs, ab),
            n(pvs.counters.null_windows),
            n(pvs.counters.researches),
            calls(ab_asp),
            ab_asp.counters.aspiration_misses,
            calls(pvs_asp),
            pvs_asp.counters.aspiration_misses,
            n(pvs_asp.counters.researches),
            values(&results),
        ));
    }
    if !notes.is_empty() {
        out.push('\n');
        out.push_str(&notes.join("\n"));
        out.push('\n');
    }
    Ok(out)
}

fn main() -> ExitCode {
    match table() {
        Ok(text) => {
            println!(
                "Calls (admitted, table returns included) per run; pvs vs alpha-beta: − is calls PVS \
                 saves, + calls it costs. Aspiration: δ {DELTA} from depth {}, guess 0. \
                 value: the root's, from MAX's side, at the depth the runs completed (runs that \
                 completed the same depth agree: checked).\n",
                Aspiration::FROM
            );
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("seed_002_counts: {e}");
            ExitCode::from(2)
        }
    }
}
