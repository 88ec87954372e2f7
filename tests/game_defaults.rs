//! A game given on the command line runs with defaults that fit it: a uniform tree is searched
//! to its depth in one pass (the textbook figures are of one pass; `--id on` asks for more);
//! tic-tac-toe without `--depth` is searched to the end of the game. An option that cannot
//! work says which one to change.

mod common;

use common::run_prune;

/// A uniform tree with every first child best, b = 2, d = 3: alpha-beta reads the minimal
/// tree, b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = 4 + 2 − 1 = 5 leaves (Knuth and Moore, seed 002), in a
/// single pass to the leaves.
#[test]
fn a_uniform_tree_runs_with_the_default_options() {
    let args = [
        "--game",
        "uniform",
        "--branching",
        "2",
        "--depth",
        "3",
        "--leaves",
        "best",
    ];
    // `prune open` loads the run as these do (`RunArgs::load`); tests/e2e/tui.sh opens it.
    for command in ["run", "trace", "count"] {
        let mut all = vec![command];
        all.extend_from_slice(&args);
        let (code, out, err) = run_prune(&all);
        assert_eq!(code, Some(0), "{command}: {err}");
        assert!(!err.contains("has no score"), "{err}");
        if command == "run" {
            assert!(out.contains("COMPLETE, depth=3"), "{out}");
            assert!(out.contains("evals=5,"), "{out}");
            // One pass, at depth 3.
            assert!(out.contains("passes=[3:DONE:"), "{out}");
            assert!(!out.contains("1:DONE"), "{out}");
        }
    }
}

/// Deepening is asked for on a uniform tree, and then runs every pass: the earlier ones stop
/// at a horizon and read the inner nodes' static scores (tests/count_deepening.rs checks their
/// counts against an oracle).
#[test]
fn deepening_on_a_uniform_tree_runs_every_pass() {
    let (code, out, err) = run_prune(&[
        "run",
        "--game",
        "uniform",
        "--branching",
        "2",
        "--depth",
        "3",
        "--leaves",
        "best",
        "--id",
        "on",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("passes=[1:DONE:"), "{out}");
    assert!(out.contains("3:DONE:"), "{out}");
}

/// Seed 004: tic-tac-toe is a draw with best play. Without `--depth` the empty board is
/// searched to its end: the last completed pass is depth 9.
#[test]
fn tictactoe_without_depth_searches_to_the_end() {
    let (code, out, err) = run_prune(&["run", "--game", "tictactoe"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("COMPLETE, depth=9, score=0"), "{out}");
    // From X O X / . O . / . . . five squares are empty: depth 5 reaches every end, and
    // square 7 is the block that draws (the block lesson's facts).
    let (code, out, err) = run_prune(&[
        "run",
        "--game",
        "tictactoe",
        "--board",
        "X O X / . O . / . . .",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["depth"], 5);
    assert_eq!(v["score"], 0);
    assert_eq!(v["move_name"], "7");
}
