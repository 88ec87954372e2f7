//! Implicit uniform trees against Knuth–Moore and b^d: with `best` leaves one-pass alpha-beta
//! (no table, no ordering) evaluates exactly b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves; with `worst`
//! leaves, and under minimax, b^d; with `random` leaves, somewhere between.

mod common;

use std::process::Command;

use proptest::prelude::*;
use prune::game::model::{GameSpec, LeavesSpec};
use prune::lesson::{Lesson, Overrides};
use prune::search::Algorithm;

fn leaves(b: u64, d: u64, rule: LeavesSpec, seed: u64, algorithm: Algorithm) -> u64 {
    let l = Lesson::of_game(&GameSpec::Uniform {
        branching: b,
        depth: d,
        leaves: rule,
        seed,
    })
    .unwrap();
    let over = Overrides {
        depth: Some(d as u8),
        algorithm: Some(algorithm),
        deepening: Some(false),
        table: Some(false),
        ordering: Some(false),
        ..Overrides::default()
    };
    let setup = l.setup(None, &over).unwrap();
    let (r, c) = prune::run::count(&l, &setup).unwrap();
    assert_eq!(
        c.leaves, r.stats.evals,
        "every read of a uniform tree is a leaf"
    );
    c.leaves
}

fn minimal(b: u64, d: u64) -> u64 {
    b.pow(d.div_ceil(2) as u32) + b.pow((d / 2) as u32) - 1
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn leaf_counts_meet_their_bounds(b in 2u64..=6, d in 1u64..=8, seed in 0u64..1000) {
        let full = b.pow(d as u32);
        prop_assert_eq!(leaves(b, d, LeavesSpec::Best, 0, Algorithm::AlphaBeta), minimal(b, d));
        prop_assert_eq!(leaves(b, d, LeavesSpec::Worst, 0, Algorithm::AlphaBeta), full);
        prop_assert_eq!(leaves(b, d, LeavesSpec::Best, 0, Algorithm::Minimax), full);
        let random = leaves(b, d, LeavesSpec::Random, seed, Algorithm::AlphaBeta);
        prop_assert!((minimal(b, d)..=full).contains(&random), "random {}", random);
    }
}

/// Every (b, d) of the property once, so no case is left to chance.
#[test]
fn every_shape_once() {
    for b in 2..=6u64 {
        for d in 1..=8u64 {
            if b.pow(d as u32) > 300_000 {
                continue; // the largest shapes are covered by the property's samples
            }
            assert_eq!(
                leaves(b, d, LeavesSpec::Best, 0, Algorithm::AlphaBeta),
                minimal(b, d),
                "best b={b} d={d}"
            );
            assert_eq!(
                leaves(b, d, LeavesSpec::Worst, 0, Algorithm::AlphaBeta),
                b.pow(d as u32),
                "worst b={b} d={d}"
            );
        }
    }
}

/// Seed 002's figure: b = 35, d = 8 with best leaves is 2·35^4 − 1 = 3,001,249 leaves.
#[test]
fn seed_002_b35_d8() {
    assert_eq!(minimal(35, 8), 3_001_249);
    assert_eq!(
        leaves(35, 8, LeavesSpec::Best, 0, Algorithm::AlphaBeta),
        3_001_249
    );
}

#[test]
fn bad_shapes_are_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--branching", "0", "--depth", "3", "--leaves", "best"],
            "branching 0 is outside 1..=64",
        ),
        (
            &["--branching", "65", "--depth", "3", "--leaves", "best"],
            "branching 65 is outside 1..=64",
        ),
        (
            &["--branching", "3", "--depth", "41", "--leaves", "best"],
            "tree depth 41 is outside 1..=40",
        ),
        (&["--branching", "3", "--depth", "3"], "needs --leaves"),
        (&["--depth", "3", "--leaves", "best"], "needs --branching"),
        (
            &[
                "--branching",
                "3",
                "--depth",
                "3",
                "--leaves",
                "best",
                "--start",
                "1",
            ],
            "--start does not apply",
        ),
        (
            &[
                "--branching",
                "3",
                "--depth",
                "3",
                "--leaves",
                "best",
                "--qlimit",
                "1",
            ],
            "--qlimit does not apply",
        ),
        (
            &[
                "--branching",
                "3",
                "--depth",
                "3",
                "--leaves",
                "best",
                "--board",
                "X",
            ],
            "--board does not apply",
        ),
        (
            &["--branching", "35", "--depth", "8", "--leaves", "worst"],
            "need scores beyond",
        ),
        (
            &[
                "--branching",
                "64",
                "--depth",
                "8",
                "--leaves",
                "best",
                "--tt",
                "on",
            ],
            "--tt off --ordering off",
        ),
    ];
    for (extra, words) in cases {
        let mut args = vec!["run", "--game", "uniform"];
        args.extend_from_slice(extra);
        common::assert_one_line_error(&args, words);
    }
}

/// A tree beyond 2^32 positions is searched but never recorded.
#[test]
fn huge_trees_are_not_recorded() {
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args([
            "trace",
            "--game",
            "uniform",
            "--branching",
            "64",
            "--depth",
            "6",
            "--leaves",
            "best",
            "--tt",
            "off",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("without recording"), "{err}");
}

/// A run whose tree is too large to finish soon says so on stderr before it starts, with the
/// tree's size and the budget that will stop it (read here, then the run is stopped); a small
/// one says nothing.
#[test]
fn a_huge_run_announces_its_size_before_it_starts() {
    use std::io::{BufRead, BufReader};
    let game = [
        "--game",
        "uniform",
        "--id",
        "off",
        "--leaves",
        "random",
        "--branching",
    ];
    for cmd in ["run", "count"] {
        let mut child = common::prune()
            .args([cmd])
            .args(game)
            .args(["64", "--depth", "10"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // A run that says nothing would go on for hours: wait for the line a few seconds.
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stderr).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx
            .recv_timeout(std::time::Duration::from_secs(10))
            .unwrap_or_default();
        child.kill().unwrap();
        child.wait().unwrap();
        // 64^10 = 2^60 leaves; the default budget is 10^10 calls.
        assert!(
            line.contains("64^10 = 1,152,921,504,606,846,976 leaves"),
            "{cmd}: {line}"
        );
        assert!(line.contains("after 10,000,000,000 calls"), "{cmd}: {line}");
    }
    let (code, out, err) = common::run_prune(&[
        "run",
        "--game",
        "uniform",
        "--id",
        "off",
        "--leaves",
        "random",
        "--branching",
        "3",
        "--depth",
        "4",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("COMPLETE"), "{out}");
}
