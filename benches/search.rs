//! Calls per second of the search core on the heavy benchmark graph (issue 2's workload:
//! 64 nodes, 4,096 edges, depth 12, q 6, budget 1,000,000), with the no-op observer and with
//! the recorder, for the table and ordering both on and both off (plus the two mixed settings);
//! then seed 002's searches on the same workload: negamax, PVS, alpha-beta with aspiration
//! windows and PVS with them (δ 25 from depth 4, guess 0), table and ordering on and off.
//!
//! `cargo bench --bench search` prints `thrpt` in elements per second: one element is one
//! admitted call, so the figure is calls/s. Filter with e.g. `cargo bench --bench search -- on`;
//! `-- '^table'` runs seed 000's alpha-beta groups alone, `-- pvs` the PVS ones.
//! The C++ comparison lives in `benches/compare_cpp.sh`; the calls each search makes, on this
//! graph and on uniform trees, come from `cargo run --release --example seed_002_counts`.
//!
//! One run (medians, no-op observer), on 2 cores shared with a load average near 10, so
//! wall-clock figures here are within ±40 %; instruction counts under callgrind
//! (`examples/calls.rs`, whose optional arguments pick the search) are exact:
//!
//! | heavy-64, d12 q6      | table+ordering on: calls, calls/s, instr/call | off (1,000,000-call budget) |
//! |-----------------------|-----------------------------------------------|-----------------------------|
//! | alpha-beta            | 18,266, 29.1 M/s, 234                         | depth 1 done, 42.2 M/s, 167 |
//! | negamax               | 18,266, 28.5 M/s, 234                         | depth 1 done, 37.2 M/s, 166 |
//! | PVS                   | 18,555 (+1.6 %, 8 re-searches), 20.7 M/s, 290 | depth 2 done, 40.6 M/s, 212 |
//! | alpha-beta+aspiration | 20,251 (14 misses), 21.2 M/s, 232             | depth 1 done, 43.7 M/s, 167 |
//! | PVS+aspiration        | 20,179 (14 misses), 13.2 M/s, 288             | depth 2 done, 19.6 M/s, 212 |
//!
//! (PVS+aspiration with the table off does exactly PVS's work, as no pass reaches depth 4:
//! its 19.6 against 40.6 M/s is the machine's noise.) On uniform trees with random leaves PVS
//! ranges from saving 0.2 % of alpha-beta's calls to costing 69 % more (b 4/8/16, seeds 1-3,
//! median +11.5 %, 76-164 re-searches); on `best` trees it makes exactly alpha-beta's calls
//! with no re-search; on `worst` trees +199 %, every later child re-searched.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use prune::game::graph::{Graph, GraphSpec};
use prune::observer::{NoTrace, Observer, Recorder};
use prune::search::{self, Algorithm, Aspiration, Options};

const HEAVY: &str = include_str!("../assets/heavy-64.json");

fn heavy() -> Graph {
    let spec: GraphSpec = serde_json::from_str(HEAVY).expect("assets/heavy-64.json parses");
    Graph::from_spec(&spec).expect("assets/heavy-64.json is a valid graph")
}

fn options(table: bool, ordering: bool) -> Options {
    Options {
        depth: 12,
        qlimit: 6,
        budget: 1_000_000,
        table,
        ordering,
        ..Options::default()
    }
}

/// One full run, as `prune bench` times it: a fresh observer each time.
fn once<O: Observer>(graph: &Graph, opts: &Options, mut obs: O) -> u64 {
    let result = search::run(graph, 0, opts, &mut obs).expect("the heavy graph runs");
    black_box(&obs);
    result.stats.nodes
}

/// One group: the run's calls as its throughput, with both observers.
fn group(c: &mut Criterion, name: &str, graph: &Graph, opts: &Options) {
    let calls = once(graph, opts, NoTrace);
    let mut group = c.benchmark_group(name);
    // Two shared cores: short, repeatable samples rather than long ones.
    group
        .throughput(Throughput::Elements(calls))
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group.bench_function(BenchmarkId::new("observer", "NoTrace"), |b| {
        b.iter(|| once(graph, opts, NoTrace))
    });
    group.bench_function(BenchmarkId::new("observer", "Recorder"), |b| {
        b.iter(|| once(graph, opts, Recorder::default()))
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    let graph = heavy();
    let settings = [
        ("table+ordering on", true, true),
        ("table+ordering off", false, false),
        ("table on, ordering off", true, false),
        ("table off, ordering on", false, true),
    ];
    for (name, table, ordering) in settings {
        group(c, name, &graph, &options(table, ordering));
    }
    // Seed 002's searches on the same workload, named "SEARCH, SETTING" so that
    // `-- '^table'` still picks seed 000's alpha-beta groups alone.
    let aspiration = Some(Aspiration {
        delta: 25,
        from: Aspiration::FROM,
        guess: 0,
    });
    let searches = [
        ("negamax", Algorithm::Negamax, None),
        ("pvs", Algorithm::Pvs, None),
        ("alphabeta+aspiration 25", Algorithm::AlphaBeta, aspiration),
        ("pvs+aspiration 25", Algorithm::Pvs, aspiration),
    ];
    for (search, algorithm, aspiration) in searches {
        for (setting, on) in [("table+ordering on", true), ("table+ordering off", false)] {
            let opts = Options {
                algorithm,
                aspiration,
                ..options(on, on)
            };
            group(c, &format!("{search}, {setting}"), &graph, &opts);
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
