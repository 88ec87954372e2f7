//! Deterministic generated graphs for tests and benchmarks of the replay and the tutor: the
//! largest graph the input contract allows, and small random-looking ones.

use crate::lesson::Lesson;
use crate::rng::Rng;

/// A lesson around a generated graph: `nodes` nodes whose side alternates with their number,
/// up to `fanout` forward moves each (repeating targets when there are few), every
/// `tactical_every`-th move tactical, scores in -1000..=1000. Edges stop at `max_edges`.
pub fn graph_lesson(
    seed: u64,
    nodes: usize,
    fanout: usize,
    max_edges: usize,
    tactical_every: usize,
    run: &str,
) -> Lesson {
    let mut rng = Rng::new(seed);
    let mut edges_left = max_edges;
    let mut out = Vec::with_capacity(nodes);
    for i in 0..nodes {
        let player = if i % 2 == 0 { "MAX" } else { "MIN" };
        let targets: Vec<usize> = (i + 1..nodes).filter(|j| j % 2 != i % 2).collect();
        let mut moves = Vec::new();
        if !targets.is_empty() {
            let want = fanout.min(edges_left);
            let shift = rng.below(targets.len());
            for m in 0..want {
                let child = targets[(m + shift) % targets.len()];
                let tactical = tactical_every > 0 && m % tactical_every == 0;
                moves.push(format!(
                    r#"{{"child": {child}{}}}"#,
                    if tactical {
                        r#", "tactical": true"#
                    } else {
                        ""
                    }
                ));
            }
            edges_left -= want;
        }
        let score = rng.range(-1000, 1000);
        out.push(format!(
            r#"{{"player": "{player}", "score": {score}, "moves": [{}]}}"#,
            moves.join(", ")
        ));
    }
    let text = format!(
        r#"{{"title": "generated graph {seed}", "graph": {{"nodes": [{}]}}, "runs": [{run}]}}"#,
        out.join(",\n")
    );
    Lesson::parse(&format!("generated-{seed}"), &text).expect("generated graphs are valid")
}

/// The largest graph the input contract allows (64 nodes, 4,032 of at most 4,096 edges; the
/// last node is terminal) with runs at the deepest settings (depth 12, q 6, the full budget):
/// "largest" with the table (cheap: transpositions collapse it) and "heavy" without it, which
/// spends the whole 1,000,000-call budget.
pub fn largest_lesson() -> Lesson {
    // Seed 1 keeps "heavy" 9 calls deep halfway through its trace (the outline test needs > 6).
    graph_lesson(
        1,
        64,
        64,
        4096,
        3,
        r#"{"name": "largest", "depth": 12, "qlimit": 6, "ordering": true},
           {"name": "heavy", "about": "No table: the search runs into the 1,000,000-call budget.",
            "depth": 12, "qlimit": 6, "ordering": false, "table": false}"#,
    )
}
