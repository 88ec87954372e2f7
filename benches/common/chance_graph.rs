//! The generated 64-node chance graph that `benches/chance.rs` times and
//! `examples/chance_counts.rs` counts (one definition, included by both).
//!
//! Nine layers, 1 + 7 × 5 + 6 + 6 + 16 = 64 nodes: MAX, CHANCE, MIN, CHANCE, MAX, CHANCE,
//! MIN, CHANCE, then 16 leaves in 0..=100 (`utility_range` [0, 100]). Every inner node has 2 to 4
//! moves into the next layer, chosen by a fixed seed, so paths meet again (transpositions) as
//! on `assets/heavy-64.json`; the chance nodes' probabilities are halves and quarters, so the
//! graph's scale stays at 4^4 = 256. Every node also has a static score, so move ordering and
//! shallow passes can read one.

// Included by a bench and an example, each using part of it.
#![allow(dead_code)]

use prune::lesson::Lesson;
use serde_json::{Value, json};

/// The first of the 20 seeds `examples/chance_counts.rs` sums over.
pub const SEED: u64 = 1;
pub const DEPTH: u8 = 8;
pub const BOUNDS: (i32, i32) = (0, 100);

const LAYERS: [(&str, usize); 9] = [
    ("MAX", 1),
    ("CHANCE", 7),
    ("MIN", 7),
    ("CHANCE", 7),
    ("MAX", 7),
    ("CHANCE", 7),
    ("MIN", 6),
    ("CHANCE", 6),
    ("MAX", 16),
];

/// splitmix64, so that the graph depends on nothing but `SEED`.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// The graph as JSON text.
pub fn json() -> String {
    json_seeded(SEED)
}

/// The graph of the same shape from another seed.
pub fn json_seeded(seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut first = Vec::new();
    let mut next = 0;
    for (_, size) in LAYERS {
        first.push(next);
        next += size;
    }
    let mut nodes: Vec<Value> = Vec::new();
    for (l, (player, size)) in LAYERS.iter().enumerate() {
        for _ in 0..*size {
            let score = rng.below(101);
            if l + 1 == LAYERS.len() {
                nodes.push(json!({"player": player, "score": score}));
                continue;
            }
            let (base, width) = (first[l + 1], LAYERS[l + 1].1 as u64);
            let k = 2 + rng.below(3) as usize;
            let mut children: Vec<u64> = Vec::new();
            while children.len() < k {
                let c = base as u64 + rng.below(width);
                if !children.contains(&c) {
                    children.push(c);
                }
            }
            let moves: Vec<Value> = if *player == "CHANCE" {
                let ps: &[&str] = match k {
                    2 => &["1/2", "1/2"],
                    3 => &["1/2", "1/4", "1/4"],
                    _ => &["1/4", "1/4", "1/4", "1/4"],
                };
                children
                    .iter()
                    .zip(ps)
                    .map(|(c, p)| json!({"child": c, "p": p}))
                    .collect()
            } else {
                children.iter().map(|c| json!({"child": c})).collect()
            };
            nodes.push(json!({"player": player, "score": score, "moves": moves}));
        }
    }
    json!({"utility_range": [BOUNDS.0, BOUNDS.1], "nodes": nodes}).to_string()
}

pub fn lesson() -> Lesson {
    lesson_seeded(SEED)
}

pub fn lesson_seeded(seed: u64) -> Lesson {
    Lesson::parse("chance-64", &json_seeded(seed)).expect("the generated chance graph is valid")
}
