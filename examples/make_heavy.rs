//! Regenerates `assets/heavy-64.json`, the benchmark graph of issue 2:
//! `cargo run --release --example make_heavy > assets/heavy-64.json`. An optional argument
//! replaces the seed, for more graphs of the same shape (`benches/compare_cpp.sh` uses them).
//!
//! 64 nodes with alternating players (even ids MAX, odd ids MIN), exactly 4,096 forward edges,
//! about half of them tactical, and scores in [-1000, 1000]. Only 1,024 distinct forward pairs
//! of opposite players exist among 64 nodes, so reaching 4,096 edges needs duplicate moves,
//! which the input contract allows. Children are drawn among the eight nearest successors,
//! biased toward the nearest, so that lines are long enough for depth 12 and quiescence to
//! matter and transpositions abound. The output depends only on the seed (a fixed xorshift
//! generator), never on the platform.

const NODES: u64 = 64;
const EDGES: u64 = 4096;
const SEED: u64 = 0x9c07_44d7_b3a1_4f57;
/// Children are drawn among this many nearest successors of the other player.
const REACH: u64 = 8;

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// Uniform in 0..n (the modulo bias is irrelevant for a benchmark graph).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn main() {
    let seed = match std::env::args().nth(1) {
        None => SEED,
        Some(arg) => match arg.parse::<u64>() {
            Ok(seed) if seed != 0 => seed,
            _ => {
                eprintln!("make_heavy: the seed must be a nonzero integer, not {arg:?}");
                std::process::exit(2);
            }
        },
    };
    let mut rng = XorShift(seed);
    // The last node is the only terminal; the others share the edges as evenly as possible.
    let inner = NODES - 1;
    let mut lines = Vec::new();
    for s in 0..NODES {
        let player = if s % 2 == 0 { "MAX" } else { "MIN" };
        let score = rng.below(2001) as i64 - 1000;
        let count = if s < inner {
            EDGES / inner + u64::from(s < EDGES % inner)
        } else {
            0
        };
        // Successors of the other player are s+1, s+3, ... up to the last node.
        let choices = ((NODES - s) / 2).min(REACH);
        let moves: Vec<String> = (0..count)
            .map(|_| {
                // The smaller of two draws favours the nearest children (longer lines).
                let k = rng.below(choices).min(rng.below(choices));
                let child = s + 2 * k + 1;
                let tactical = rng.below(2) == 0;
                format!("{{\"child\":{child},\"tactical\":{tactical}}}")
            })
            .collect();
        lines.push(format!(
            "{{\"player\":\"{player}\",\"score\":{score},\"moves\":[{}]}}",
            moves.join(",")
        ));
    }
    println!("{{\"nodes\":[\n{}\n]}}", lines.join(",\n"));
}
