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
    ];
    for (extra, words) in cases {
        let mut args = vec!["run", "--game", "uniform"];
        args.extend_from_slice(extra);
        common::assert_one_line_error(&args, words);
    }
}

/// A tree of more than 2^32 positions (35^8 leaves: 2.3·10^12 positions) records under a
/// budget that fits the recording cap, saves, reads back byte for byte and opens in the tutor,
/// and every call's position is named as the game names it: its path of move indices from the
/// root, which the test rebuilds from the moves the events push.
#[test]
fn a_tree_past_2_to_the_32_positions_records_saves_and_opens() {
    use prune::event::Event;
    let lesson = Lesson::of_game(&GameSpec::Uniform {
        branching: 35,
        depth: 8,
        leaves: LeavesSpec::Best,
        seed: 0,
    })
    .unwrap();
    let positions: u128 = (0..=8).map(|k| 35u128.pow(k)).sum();
    assert!(positions > 1 << 32);
    let over = Overrides {
        depth: Some(8),
        deepening: Some(false),
        table: Some(false),
        ordering: Some(false),
        budget: Some(50_000),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let rec = prune::index::record(&lesson, &setup).unwrap();
    let json = rec.trace.to_json();
    let back =
        prune::index::Recorded::new(prune::index::parse("saved.json", &json).unwrap()).unwrap();
    assert_eq!(back.trace.to_json(), json);
    let catalog = back.catalog();
    let (mut path, mut pending, mut entered) = (Vec::<String>::new(), None, 0);
    for e in back.trace.events.iter() {
        match e {
            Event::Push { mv, .. } => pending = Some(mv.to_string()),
            Event::Enter { state, .. } => {
                path.extend(pending.take());
                let want = if path.is_empty() {
                    "root".to_string()
                } else {
                    path.join(".")
                };
                assert_eq!(catalog.name(state), want);
                entered += 1;
            }
            Event::Pop { .. } | Event::Unwind { .. } => {
                path.pop();
            }
            _ => {}
        }
    }
    assert_eq!(entered, 50_000);
    let mut app = prune::tui::app::App::from_saved(back).unwrap();
    app.theme = prune::tui::theme::Theme { color: false };
    app.seek(app.replay.len() / 2);
    let top = app.st.frames.last().unwrap().state;
    let name = app.replay.catalog().name(top);
    assert_eq!(name.split('.').count(), app.st.frames.len() - 1);
    let screen = common::tutor::screen(&mut app, 120, 40);
    assert!(screen.contains(&name), "{name}\n{screen}");
}

/// `prune run` on a tree of 35^8 leaves, best first, one pass without table or ordering:
/// Knuth and Moore's minimal tree, b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves, in a few megabytes (the fold
/// that proves the result's bound keeps only its open frames).
#[test]
fn prune_run_on_35_to_the_8_leaves_meets_knuth_and_moore() {
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args([
            "run",
            "--game",
            "uniform",
            "--branching",
            "35",
            "--depth",
            "8",
            "--leaves",
            "best",
            "--id",
            "off",
            "--tt",
            "off",
            "--ordering",
            "off",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["stats"]["evals"], 35u64.pow(4) + 35u64.pow(4) - 1);
    assert_eq!(v["bound"], "exact");
}

/// `prune run` on a tree of 35^10 leaves, best first, one pass without table or ordering:
/// Knuth and Moore's minimal tree, 35^5 + 35^5 − 1 = 105,043,749 leaves, of 163,744,657
/// calls, in bounded memory (the process's peak resident size, as `/usr/bin/time -v` reads
/// it, under 50 MB: an unrecorded run keeps only its path).
#[test]
fn prune_run_on_35_to_the_10_leaves_meets_knuth_and_moore_in_bounded_memory() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args([
            "run",
            "--game",
            "uniform",
            "--branching",
            "35",
            "--depth",
            "10",
            "--leaves",
            "best",
            "--id",
            "off",
            "--tt",
            "off",
            "--ordering",
            "off",
            "--json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).map(|_| out)
    });
    let err = std::thread::spawn(move || {
        let mut err = String::new();
        stderr.read_to_string(&mut err).map(|_| err)
    });
    let (code, peak_kb) = exit_and_peak(child);
    let (out, err) = (out.join().unwrap().unwrap(), err.join().unwrap().unwrap());
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    // Knuth and Moore: with the best move first everywhere, b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves.
    let b: u64 = 35;
    let knuth_moore = b * b * b * b * b + b * b * b * b * b - 1;
    assert_eq!(knuth_moore, 105_043_749);
    assert_eq!(v["stats"]["evals"], knuth_moore);
    assert_eq!(v["history"][0]["delta"][1], knuth_moore);
    assert_eq!(v["bound"], "exact");
    assert_eq!(v["status"], "COMPLETE");
    if let Some(kb) = peak_kb {
        assert!(kb < 50_000, "peak resident size {kb} kB");
    }
}

/// The exit code of `child` and, on Linux, its peak resident size in kB: the `VmHWM` of
/// /proc/PID/status, read every 20 ms until it exits (the high-water mark only grows, and it
/// is the process's own since its exec: the rusage of `wait4` would also count the test
/// process's pages, which the child shared until then).
fn exit_and_peak(mut child: std::process::Child) -> (Option<i32>, Option<i64>) {
    let status = format!("/proc/{}/status", child.id());
    let mut peak = None;
    loop {
        if let Some(kb) = std::fs::read_to_string(&status).ok().and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<i64>().ok()
        }) {
            peak = peak.max(Some(kb));
        }
        if let Some(exit) = child.try_wait().unwrap() {
            return (exit.code(), peak);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
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
