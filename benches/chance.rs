//! Seed 004's chance-node pruning, timed: expectiminimax with and without `--chance-pruning`
//! (bounds [0, 100], the graph's `utility_range`) on the generated 64-node chance graph of
//! `benches/common/chance_graph.rs` (depth 8, no iterative deepening), beside alpha-beta on
//! the graph of the same shape with every chance node made a MIN node (`--chance-as min`),
//! with the table on and off.
//!
//! `cargo bench --bench chance` prints, before each group, every search's calls, leaves read
//! and chance cutoffs (deterministic, as `cargo run --release --example chance_counts`
//! prints them), then criterion's `thrpt` in elements per second, one element per admitted
//! call: calls/s. Use `-- --quick` for one short sample on a busy machine.
//!
//! One `--quick` run (medians, 2 shared cores, so ±40 %), graph seed 1:
//!
//! | chance-64 d8, table off       | calls | leaves | chance cutoffs | calls/s  |
//! |-------------------------------|-------|--------|----------------|----------|
//! | expectiminimax                | 8,084 | 5,139  | 0              | 16.5 M/s |
//! | expectiminimax+chance pruning | 7,559 | 4,614  | 525            | 14.9 M/s |
//! | alpha-beta, chance as MIN     | 905   | 547    | –              | 43.1 M/s |
//!
//! With the table on every search makes about 120 calls and reads 8 leaves (16.2, 16.3 and
//! 26.2 M calls/s); chance pruning then costs one call more (125 against 124): a cut chance
//! node stores a bound, not its value, and a later path to it must search it again. Over
//! seeds 1..=20 (see the example) pruning saves 7.7 % of the calls and 11.6 % of the leaves
//! with the table off; the bounds [0, 100] are wide, so intervals seldom leave the window.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use prune::exact::Ratio;
use prune::game::graph::Graph;
use prune::game::model::Model;
use prune::observer::NoTrace;
use prune::run;
use prune::search::{self, Algorithm, Options, RunResult};

#[path = "common/chance_graph.rs"]
mod chance_graph;

fn graph_of(model: &Model) -> Graph {
    match model {
        Model::Graph(g) => g.clone(),
        _ => unreachable!("the chance benchmark is a graph"),
    }
}

fn options(table: bool) -> Options {
    Options {
        algorithm: Algorithm::Expectiminimax,
        depth: chance_graph::DEPTH,
        deepening: false,
        table,
        ..Options::default()
    }
}

fn once(graph: &Graph, opts: &Options) -> RunResult {
    let result = search::run(graph, 0, opts, &mut NoTrace).expect("the chance graph runs");
    black_box(result)
}

fn bench(c: &mut Criterion) {
    let lesson = chance_graph::lesson();
    let chance = graph_of(&lesson.model);
    for table in [true, false] {
        let plain = options(table);
        let pruning = Options {
            chance_pruning: Some(chance_graph::BOUNDS),
            ..plain
        };
        let as_min = Options {
            algorithm: Algorithm::AlphaBeta,
            chance_as_min: true,
            ..plain
        };
        // The same nodes and edges, every chance node a MIN node (as `prune run` builds it).
        let min_graph = graph_of(&run::game(&lesson, &as_min));
        let searches = [
            ("expectiminimax", &chance, plain),
            ("expectiminimax+chance pruning", &chance, pruning),
            ("alphabeta, chance as MIN", &min_graph, as_min),
        ];
        let name = format!("chance-64 d8, table {}", if table { "on" } else { "off" });
        let mut group = c.benchmark_group(&name);
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1));
        for (search, graph, opts) in searches {
            let r = once(graph, &opts);
            eprintln!(
                "{name} / {search}: {} calls, {} leaves read, {} cutoffs ({} at chance nodes), root {}",
                r.stats.nodes,
                r.stats.evals,
                r.stats.cutoffs,
                r.counters.chance_cutoffs,
                Ratio::new(i64::from(r.score), i64::from(graph.scale()))
                    .expect("a positive scale")
                    .pretty()
            );
            group.throughput(Throughput::Elements(r.stats.nodes));
            group.bench_function(BenchmarkId::new(search, "NoTrace"), |b| {
                b.iter(|| once(graph, &opts))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
