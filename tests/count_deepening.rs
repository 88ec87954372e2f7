//! Iterative deepening on uniform trees against an oracle written here from the README's
//! description, not from the program: SplitMix64 for the seeded scores, level-order node
//! numbers, the static score of an inner node (its random score), and an alpha-beta of the
//! test's own (fail-soft, cut once α ≥ β, children by oriented static score then move index,
//! the previous best move first when ordering). Calls and leaves of every pass must match.

mod common;

use std::collections::HashMap;

use common::run_prune;
use prune::game::model::{GameSpec, LeavesSpec};
use prune::lesson::{Lesson, Overrides};
use prune::search::Algorithm;

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The first output of SplitMix64 seeded with `x` (Vigna's reference generator).
fn splitmix_first(x: u64) -> u64 {
    let mut z = x.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The README's random score of node `n` under `seed`: −99 + (x mod 199).
fn random_score(seed: u64, n: u64) -> i64 {
    -99 + (splitmix_first(seed ^ n.wrapping_mul(GOLDEN)) % 199) as i64
}

const INF: i64 = 1_000_000;

/// The test's own search of a uniform tree with random leaves.
struct Oracle {
    b: u64,
    depth: u32,
    seed: u64,
    ordering: bool,
    prunes: bool,
    hints: HashMap<u64, usize>,
    calls: u64,
    reads: u64,
}

impl Oracle {
    /// A node's score as the game gives it: a leaf's value, an inner node's static score;
    /// under random leaves both are the node's random score.
    fn score(&self, n: u64) -> i64 {
        random_score(self.seed, n)
    }

    /// The moves of node `n` in the order they are tried.
    fn order(&self, n: u64, max: bool) -> Vec<usize> {
        let mut moves: Vec<usize> = (0..self.b as usize).collect();
        if !self.ordering {
            return moves;
        }
        moves.sort_by_key(|&i| {
            let s = self.score(n * self.b + 1 + i as u64);
            (if max { -s } else { s }, i)
        });
        if let Some(&h) = self.hints.get(&n) {
            let pos = moves.iter().position(|&m| m == h).unwrap();
            moves[..=pos].rotate_right(1);
        }
        moves
    }

    fn search(&mut self, n: u64, ply: u32, left: u32, mut alpha: i64, mut beta: i64) -> i64 {
        self.calls += 1;
        if ply == self.depth || left == 0 {
            self.reads += 1;
            return self.score(n);
        }
        let max = ply.is_multiple_of(2);
        let mut best = if max { -INF } else { INF };
        let mut best_move = None;
        for i in self.order(n, max) {
            let v = self.search(n * self.b + 1 + i as u64, ply + 1, left - 1, alpha, beta);
            if (max && v > best) || (!max && v < best) {
                best = v;
                best_move = Some(i);
            }
            if self.prunes {
                if max {
                    alpha = alpha.max(best);
                } else {
                    beta = beta.min(best);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        if let (Some(m), true) = (best_move, self.ordering) {
            self.hints.insert(n, m);
        }
        best
    }

    /// (calls, leaves read) of every pass 1..=depth.
    fn passes(mut self) -> Vec<(u64, u64)> {
        (1..=self.depth)
            .map(|k| {
                (self.calls, self.reads) = (0, 0);
                self.search(0, 0, k, -INF, INF);
                (self.calls, self.reads)
            })
            .collect()
    }
}

fn oracle(b: u64, d: u32, seed: u64, ordering: bool, prunes: bool) -> Vec<(u64, u64)> {
    Oracle {
        b,
        depth: d,
        seed,
        ordering,
        prunes,
        hints: HashMap::new(),
        calls: 0,
        reads: 0,
    }
    .passes()
}

/// (calls, leaves) of every pass of prune's own run.
fn program(
    b: u64,
    d: u64,
    leaves: LeavesSpec,
    seed: u64,
    ordering: bool,
    algorithm: Algorithm,
) -> Vec<(u64, u64)> {
    let lesson = Lesson::of_game(&GameSpec::Uniform {
        branching: b,
        depth: d,
        leaves,
        seed,
    })
    .unwrap();
    let over = Overrides {
        deepening: Some(true),
        table: Some(false),
        ordering: Some(ordering),
        algorithm: Some(algorithm),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let r = prune::run::plain(&lesson, &setup).unwrap();
    assert_eq!(r.history.len() as u64, d);
    r.history.iter().map(|p| (p.delta[0], p.delta[1])).collect()
}

/// Thousands of random-leaf trees, with and without ordering, alpha-beta and minimax: every
/// pass's calls and leaves equal the oracle's.
#[test]
fn random_trees_every_pass_matches_the_oracle() {
    let mut cases = 0;
    for b in 2..=5u64 {
        for d in 1..=7u32 {
            if b.pow(d) > 3_000 {
                continue;
            }
            for seed in 0..60u64 {
                for ordering in [false, true] {
                    let got = program(
                        b,
                        d.into(),
                        LeavesSpec::Random,
                        seed,
                        ordering,
                        Algorithm::AlphaBeta,
                    );
                    let want = oracle(b, d, seed, ordering, true);
                    assert_eq!(got, want, "b={b} d={d} seed={seed} ordering={ordering}");
                    cases += 1;
                }
            }
            let got = program(
                b,
                d.into(),
                LeavesSpec::Random,
                7,
                false,
                Algorithm::Minimax,
            );
            assert_eq!(got, oracle(b, d, 7, false, false), "minimax b={b} d={d}");
        }
    }
    assert!(cases >= 2_000, "{cases}");
}

/// Best and worst trees without ordering: the earlier passes stop at a horizon and read the
/// static scores (the oracle's random scores), so they equal the oracle's; the last pass reads
/// the true leaves and meets Knuth and Moore's minimal tree (best: b^⌈k/2⌉ + b^⌊k/2⌋ − 1 nodes
/// at ply k) or the whole tree (worst).
#[test]
fn best_and_worst_trees_last_pass_meets_the_formulas() {
    for b in 2..=4u64 {
        for d in 1..=6u32 {
            for seed in [0u64, 3, 11] {
                let want = oracle(b, d, seed, false, true);
                for (rule, last) in [
                    (
                        LeavesSpec::Best,
                        (0..=d)
                            .map(|k| b.pow(k.div_ceil(2)) + b.pow(k / 2) - 1)
                            .collect::<Vec<_>>(),
                    ),
                    (LeavesSpec::Worst, (0..=d).map(|k| b.pow(k)).collect()),
                ] {
                    let got = program(b, d.into(), rule, seed, false, Algorithm::AlphaBeta);
                    let ctx = format!("{rule:?} b={b} d={d} seed={seed}");
                    assert_eq!(got[..got.len() - 1], want[..want.len() - 1], "{ctx}");
                    let calls: u64 = last.iter().sum();
                    assert_eq!(got[got.len() - 1], (calls, last[d as usize]), "{ctx}");
                }
            }
        }
    }
}

/// `prune count --id on` on a uniform tree prints every pass and carries them in its JSON.
#[test]
fn count_reports_calls_per_pass() {
    let args = [
        "count",
        "--game",
        "uniform",
        "--branching",
        "3",
        "--depth",
        "4",
        "--leaves",
        "random",
        "--seed",
        "5",
        "--id",
        "on",
        "--tt",
        "off",
    ];
    let want = oracle(3, 4, 5, false, true);
    let (code, out, err) = run_prune(&[&args[..], &["--json"]].concat());
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let passes = v["passes"].as_array().unwrap();
    assert_eq!(passes.len(), 4);
    for (p, (calls, leaves)) in passes.iter().zip(&want) {
        assert_eq!(p["calls"], *calls, "{p}");
        assert_eq!(p["leaves"], *leaves, "{p}");
        assert_eq!(p["done"], true);
    }
    let total: u64 = want.iter().map(|w| w.0).sum();
    assert_eq!(v["calls"], total);
    assert_eq!(v["stats"]["nodes"], total);
    let (code, out, err) = run_prune(&args);
    assert_eq!(code, Some(0), "{err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("calls per pass:"))
        .unwrap_or_else(|| panic!("{out}"));
    let listed: Vec<String> = (want.iter().enumerate())
        .map(|(i, (c, _))| format!("{}: {c}", i + 1))
        .collect();
    assert_eq!(line, format!("calls per pass: {}", listed.join("; ")));
    let earlier: u64 = want[..3].iter().map(|w| w.0).sum();
    assert!(
        out.contains(&format!("earlier passes: {earlier} calls")),
        "{out}"
    );
}

/// A shallower search of a uniform tree is a real search too: a lesson's preset may stop
/// above the leaves, and it reads the static scores there.
#[test]
fn a_shallower_depth_reads_static_scores() {
    let lesson = Lesson::of_game(&GameSpec::Uniform {
        branching: 3,
        depth: 6,
        leaves: LeavesSpec::Worst,
        seed: 2,
    })
    .unwrap();
    let over = Overrides {
        depth: Some(3),
        deepening: Some(false),
        table: Some(false),
        ordering: Some(false),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let r = prune::run::plain(&lesson, &setup).unwrap();
    let want = oracle(3, 3, 2, false, true);
    assert_eq!(
        (r.history[0].delta[0], r.history[0].delta[1]),
        want[2],
        "depth 3 of a depth-6 tree searches like the oracle's depth-3 tree"
    );
}

/// `prune count --seeds K --id on`: each pass's mean calls over the seeds, and the effective
/// branching factor read from the last pass's leaves, equal the oracle's over the same seeds.
#[test]
fn seeds_with_deepening_average_every_pass() {
    let (code, out, err) = run_prune(&[
        "count",
        "--game",
        "uniform",
        "--branching",
        "3",
        "--depth",
        "4",
        "--leaves",
        "random",
        "--id",
        "on",
        "--tt",
        "off",
        "--seed",
        "10",
        "--seeds",
        "4",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let runs: Vec<Vec<(u64, u64)>> = (10..14).map(|s| oracle(3, 4, s, false, true)).collect();
    for j in 0..4 {
        let mean = runs.iter().map(|r| r[j].0 as f64).sum::<f64>() / 4.0;
        let got = v["passes"][j]["calls"]["mean"].as_f64().unwrap();
        assert!(
            (got - mean).abs() < 1e-9,
            "pass {}: {got} against {mean}",
            j + 1
        );
    }
    let last = runs.iter().map(|r| r[3].1 as f64).sum::<f64>() / 4.0;
    let ebf = v["effective_branching"].as_f64().unwrap();
    assert!((ebf - last.powf(0.25)).abs() < 1e-9, "{ebf} against {last}");
}
