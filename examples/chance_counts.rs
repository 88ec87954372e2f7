//! What chance-node pruning saves on the generated 64-node chance graph that
//! `cargo bench --bench chance` times (`benches/common/chance_graph.rs`): calls, leaves read,
//! cutoffs and chance cutoffs of expectiminimax with and without `--chance-pruning` (bounds
//! [0, 100]), minimax, and alpha-beta on the same graph with chance nodes as MIN nodes, with
//! the table on and off, depth 8 without iterative deepening.
//!
//! `cargo run --release --example chance_counts` prints two Markdown tables; every figure is a
//! `RunResult` of `prune::run::plain`, the run `prune run` prints, so a row can be checked
//! with `prune run FILE --depth 8 --id off --tt on|off [--chance-pruning on | --chance-as min
//! | --algorithm minimax] --json` on the graph that `--example chance_counts -- --graph`
//! writes to stdout. The second table sums the same runs (table off) over 20 graphs of the
//! same shape from seeds 1..=20, so that one graph's luck is not quoted as the rule. Counts
//! are deterministic; for calls/s see the benchmark.

use std::process::ExitCode;

use prune::exact::Ratio;
use prune::lesson::{ChanceAs, Lesson, Overrides};
use prune::run;
use prune::search::{Algorithm, RunResult};

#[path = "../benches/common/chance_graph.rs"]
mod chance_graph;

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("--graph") {
        println!("{}", chance_graph::json());
        return ExitCode::SUCCESS;
    }
    match tables() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chance_counts: {e}");
            ExitCode::FAILURE
        }
    }
}

fn tables() -> Result<(), String> {
    let lesson = chance_graph::lesson();
    let scale = i64::from(lesson.model.scale());
    let searches = searches();
    println!(
        "| chance-64 d8 | table | calls | leaves | cutoffs | chance cutoffs | tt hits | root | move |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for table in [true, false] {
        for (name, over) in &searches {
            let r = counted(&lesson, over, table).map_err(|e| format!("{name}: {e}"))?;
            let root = Ratio::new(i64::from(r.score), scale).ok_or("a zero scale")?;
            println!(
                "| {name} | {} | {} | {} | {} | {} | {} | {} | {} |",
                if table { "on" } else { "off" },
                r.stats.nodes,
                r.stats.evals,
                r.stats.cutoffs,
                r.counters.chance_cutoffs,
                r.stats.tt_hits,
                root.pretty(),
                r.mv
            );
        }
    }
    println!();
    println!(
        "| 20 graphs (seeds 1..=20), table off | calls | leaves | chance cutoffs | graphs with a cut |"
    );
    println!("|---|---|---|---|---|");
    let lessons: Vec<Lesson> = (1..=20).map(chance_graph::lesson_seeded).collect();
    for (name, over) in &searches {
        let (mut calls, mut leaves, mut chance_cuts, mut cut_graphs) = (0, 0, 0, 0);
        for lesson in &lessons {
            let r = counted(lesson, over, false).map_err(|e| format!("{name}: {e}"))?;
            calls += r.stats.nodes;
            leaves += r.stats.evals;
            chance_cuts += r.counters.chance_cutoffs;
            cut_graphs += u64::from(r.stats.cutoffs > 0);
        }
        println!("| {name} | {calls} | {leaves} | {chance_cuts} | {cut_graphs} |");
    }
    Ok(())
}

/// One run of the benchmark's settings on `lesson`.
fn counted(lesson: &Lesson, over: &Overrides, table: bool) -> Result<RunResult, String> {
    let over = Overrides {
        depth: Some(chance_graph::DEPTH),
        deepening: Some(false),
        table: Some(table),
        ..over.clone()
    };
    lesson
        .setup(None, &over)
        .and_then(|setup| run::plain(lesson, &setup))
        .map_err(|e| e.to_string())
}

/// The four searches of a row, in order.
fn searches() -> [(&'static str, Overrides); 4] {
    [
        ("expectiminimax", Overrides::default()),
        (
            "expectiminimax + chance pruning [0, 100]",
            Overrides {
                chance_pruning: Some(true),
                ..Overrides::default()
            },
        ),
        (
            "minimax (no pruning)",
            Overrides {
                algorithm: Some(Algorithm::Minimax),
                ..Overrides::default()
            },
        ),
        (
            "alpha-beta, chance as MIN",
            Overrides {
                chance_as: Some(ChanceAs::Min),
                ..Overrides::default()
            },
        ),
    ]
}
