//! Bad input to Monte Carlo tree search (issue 22): one clear line naming the rule, exit 2, no
//! panic and no backtrace, from the `prune` binary; a stated tree that cannot be true is
//! refused by the library with the rule it breaks.

use std::path::PathBuf;
use std::process::Command;

use prune::game::model::Model;
use prune::lesson::{Lesson, Overrides};
use prune::search::Algorithm;
use prune::search::mcts::{GivenNode, Playout, Prior};

/// `prune args` must fail with exit 2 and one line on stderr holding every one of `words`.
fn refused(args: &[&str], words: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("the prune binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    for bad in ["panicked", "backtrace", "RUST_BACKTRACE"] {
        assert!(!err.contains(bad), "{args:?}: {err}");
    }
    for w in words {
        assert!(err.contains(w), "{args:?}: {err} should say {w:?}");
    }
}

/// A file of this test's own, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path =
            std::env::temp_dir().join(format!("prune-mcts-input-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }

    fn arg(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

const TTT: [&str; 5] = ["run", "--game", "tictactoe", "--algorithm", "mcts"];

fn ttt_with(extra: &[&'static str]) -> Vec<&'static str> {
    TTT.iter().chain(extra).copied().collect()
}

#[test]
fn c_below_zero_or_not_a_number() {
    for c in ["--c=-1", "--c=-0.5"] {
        refused(&ttt_with(&[c]), &["exploration constant", "at least 0"]);
    }
    // Written with a space, a negative C is still read as C and refused by its rule.
    refused(
        &ttt_with(&["--c", "-1"]),
        &["exploration constant", "not a number at least 0"],
    );
    for c in ["abc", "inf", "NaN", ""] {
        refused(
            &ttt_with(&["--c", c]),
            &["exploration constant", "not a number at least 0"],
        );
    }
}

#[test]
fn iterations_outside_their_range() {
    refused(&ttt_with(&["--iterations", "0"]), &["iterations 0", "1..="]);
    refused(
        &ttt_with(&["--iterations", "10000001"]),
        &["iterations 10000001", "1..="],
    );
    refused(&ttt_with(&["--iterations", "many"]), &["--iterations"]);
}

#[test]
fn a_playout_policy_that_does_not_exist() {
    refused(
        &ttt_with(&["--playout", "wild"]),
        &["playout 'wild'", "random, first or scripted"],
    );
}

#[test]
fn a_scripted_playout_without_a_result_for_every_iteration() {
    refused(
        &ttt_with(&["--playout", "scripted", "--iterations", "3"]),
        &[
            "scripted playout needs a result for every iteration",
            "0 given for 3",
        ],
    );
}

#[test]
fn mcts_on_a_game_of_several_players() {
    let lesson = format!(
        "{}/lessons/004-three-players.json",
        env!("CARGO_MANIFEST_DIR")
    );
    refused(
        &["run", &lesson, "--algorithm", "mcts", "--iterations", "10"],
        &["004-three-players.json", "3 players", "mcts", "maxn"],
    );
}

#[test]
fn a_graph_whose_terminal_has_no_score() {
    let file = TempFile::new(
        "no-score.json",
        r#"{"nodes": [
            {"player": "MAX", "moves": [{"child": 1}, {"child": 2}]},
            {"player": "MIN", "score": 1},
            {"player": "MIN"}
        ]}"#,
    );
    refused(
        &[
            "run",
            file.arg(),
            "--algorithm",
            "mcts",
            "--iterations",
            "5",
            "--depth",
            "2",
        ],
        &[file.arg(), "node 2", "needs a score"],
    );
}

#[test]
fn a_lesson_preset_with_a_bad_c_or_iterations() {
    let graph = r#""graph": {"nodes": [{"player": "MAX", "moves": [{"child": 1}]}, {"player": "MIN", "score": 1}]}"#;
    for (name, run, words) in [
        (
            "c.json",
            r#"{"name": "m", "algorithm": "mcts", "c": -1}"#,
            &["C = -1", "at least 0"][..],
        ),
        (
            "iterations.json",
            r#"{"name": "m", "algorithm": "mcts", "iterations": 0, "depth": 1}"#,
            &["iterations 0", "1..="][..],
        ),
        (
            "playout.json",
            r#"{"name": "m", "algorithm": "mcts", "playout": "scripted", "iterations": 2, "depth": 1}"#,
            &["scripted playout needs a result for every iteration"][..],
        ),
    ] {
        let file = TempFile::new(
            name,
            &format!(r#"{{"title": "t", {graph}, "runs": [{run}]}}"#),
        );
        let mut words = words.to_vec();
        words.push(file.arg());
        refused(&["run", file.arg()], &words);
    }
}

// ---------------------------------------------------------------------------------------------
// A stated tree (until lessons state one, at the library level).

/// A MAX root with two moves, each to a MIN node with one move to a finished game.
const TWO: &str = r#"{"nodes": [
    {"player": "MAX", "moves": [{"child": 1}, {"child": 2}]},
    {"player": "MIN", "moves": [{"child": 3}]},
    {"player": "MIN", "moves": [{"child": 3}]},
    {"player": "MAX", "score": 0}
]}"#;

fn given(path: &[u16], n: u32, u: u32) -> GivenNode {
    GivenNode {
        path: path.to_vec(),
        n,
        u,
    }
}

/// The error of a run from `prior`, as the command line would print it.
fn stated_error(prior: &Prior, playout: Playout, iterations: u32) -> String {
    let lesson = Lesson::parse("stated", TWO).unwrap();
    let over = Overrides {
        algorithm: Some(Algorithm::Mcts),
        iterations: Some(iterations),
        playout: Some(playout),
        depth: Some(1),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let Model::Graph(g) = &lesson.model else {
        unreachable!()
    };
    let err = prune::search::run_from(
        g,
        setup.start,
        &setup.options,
        prior,
        &mut prune::observer::NoTrace,
    )
    .expect_err("the stated tree is refused");
    let text = prune::run::named(&lesson, err).to_string();
    assert_eq!(text.lines().count(), 1, "{text}");
    text
}

fn stated(nodes: Vec<GivenNode>) -> Prior {
    Prior {
        nodes,
        script: vec![],
    }
}

#[test]
fn a_stated_child_with_more_visits_than_its_parent() {
    let e = stated_error(
        &stated(vec![given(&[], 5, 4), given(&[0], 6, 2)]),
        Playout::Random,
        1,
    );
    assert!(
        e.contains("[0]") && e.contains("6 visits") && e.contains("more than its parent's 5"),
        "{e}"
    );
    // A root left unstated has no visits, so any stated child has more.
    let e = stated_error(&stated(vec![given(&[1], 2, 2)]), Playout::Random, 1);
    assert!(
        e.contains("[1]") && e.contains("more than its parent's 0"),
        "{e}"
    );
}

#[test]
fn a_stated_node_with_more_than_two_half_wins_a_visit() {
    let e = stated_error(
        &stated(vec![given(&[], 10, 4), given(&[0], 3, 7)]),
        Playout::Random,
        1,
    );
    assert!(
        e.contains("[0]")
            && e.contains("3 visits but 7 half-wins")
            && e.contains("at most two per visit"),
        "{e}"
    );
    let e = stated_error(&stated(vec![given(&[], 1, 3)]), Playout::Random, 1);
    assert!(
        e.contains("root") && e.contains("at most two per visit"),
        "{e}"
    );
}

#[test]
fn stated_children_with_more_visits_together_than_their_parent() {
    let e = stated_error(
        &stated(vec![given(&[], 5, 4), given(&[0], 3, 2), given(&[1], 3, 2)]),
        Playout::Random,
        1,
    );
    assert!(
        e.contains("root") && e.contains("6 visits together") && e.contains("more than its 5"),
        "{e}"
    );
}

#[test]
fn a_stated_node_by_a_move_that_does_not_exist() {
    let e = stated_error(
        &stated(vec![given(&[], 5, 4), given(&[2], 1, 0)]),
        Playout::Random,
        1,
    );
    assert!(e.contains("no move 2") && e.contains("2 moves"), "{e}");
}

#[test]
fn a_script_too_short_or_out_of_range() {
    let short = Prior {
        nodes: vec![],
        script: vec![2],
    };
    let e = stated_error(&short, Playout::Scripted, 3);
    assert!(
        e.contains("a result for every iteration") && e.contains("1 given for 3"),
        "{e}"
    );
    let wide = Prior {
        nodes: vec![],
        script: vec![3],
    };
    let e = stated_error(&wide, Playout::Scripted, 1);
    assert!(e.contains("half-wins") && e.contains("not 3"), "{e}");
}

#[test]
fn a_node_stated_twice() {
    // Two counts for one node cannot both be true; neither is silently dropped.
    let e = stated_error(
        &stated(vec![given(&[], 5, 4), given(&[0], 2, 2), given(&[0], 3, 2)]),
        Playout::Random,
        1,
    );
    assert!(e.contains("[0]") && e.contains("twice"), "{e}");
}

/// Monte Carlo tree search plays to the end of the game, so a graph file without a preset
/// needs no `--depth` for it (every other search still asks for one).
#[test]
fn a_bare_graph_runs_monte_carlo_without_a_depth() {
    let file = TempFile::new(
        "bare.json",
        r#"{"nodes": [
            {"player": "MAX", "moves": [{"child": 1}, {"child": 2}]},
            {"player": "MIN", "score": 1},
            {"player": "MIN", "score": -1}
        ]}"#,
    );
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_prune"))
            .args(["run", file.arg(), "--json"])
            .args(extra)
            .output()
            .expect("the prune binary runs")
    };
    let out = run(&["--algorithm", "mcts", "--iterations", "10"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Both moves are tried once; after that the win (move 0, worth 1 for MAX) has the higher
    // mean and, with both bonuses equal at first, gathers most of the visits.
    assert_eq!(json["move"], 0, "{json}");
    assert_eq!(json["iterations"], 10, "{json}");
    refused(&["run", file.arg()], &["--depth is required"]);
}

/// A saved Monte Carlo trace reads back bit for bit (every bonus is checked against C and the
/// counts by the fold), and one whose recorded bonus was altered is refused by that rule.
#[test]
fn a_saved_trace_reads_back_and_an_altered_bonus_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(["trace", "--game", "tictactoe", "--algorithm", "mcts"])
        .args(["--iterations", "300", "--format", "json"])
        .output()
        .expect("the prune binary runs");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let good = TempFile::new("good-trace.json", &text);
    let back = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(["trace", good.arg(), "--format", "json"])
        .output()
        .expect("the prune binary runs");
    assert_eq!(back.status.code(), Some(0), "{back:?}");
    assert_eq!(String::from_utf8(back.stdout).unwrap(), text);
    let mut trace: serde_json::Value = serde_json::from_str(&text).unwrap();
    let bonuses = trace["bonuses"].as_array_mut().unwrap();
    // The last child's bonus at the last selection, nudged by a millionth.
    let at = bonuses.len() - 1;
    let nudged = bonuses[at].as_f64().unwrap() * 1.000001;
    bonuses[at] = serde_json::json!(nudged);
    let bad = TempFile::new("bad-trace.json", &trace.to_string());
    refused(
        &["trace", bad.arg()],
        &[bad.arg(), "is given bonus", "C = √2"],
    );
}

/// Issue 35, item 5: counts near 2^32 are refused as too large, not wrapped (a root of
/// 4,294,967,295 visits went round to 2 after three iterations), and the "two half-wins a
/// visit" rule is checked without overflow: 2,147,483,648 visits may have 4,294,967,295
/// half-wins by that rule, but are over the cap.
#[test]
fn stated_counts_near_two_to_the_32_are_too_large() {
    let e = stated_error(
        &stated(vec![given(&[], u32::MAX, 3), given(&[0], u32::MAX, 1)]),
        Playout::Random,
        3,
    );
    assert!(
        e.contains("root") && e.contains("4294967295 visits") && e.contains("too large"),
        "{e}"
    );
    let e = stated_error(
        &stated(vec![given(&[], 1 << 31, u32::MAX)]),
        Playout::Random,
        1,
    );
    assert!(
        e.contains("too large") && !e.contains("two per visit"),
        "{e}"
    );
    // The cap itself is a valid count: 1,000,000 visits with 2,000,000 half-wins run.
    let lesson = Lesson::parse("stated", TWO).unwrap();
    let over = Overrides {
        algorithm: Some(Algorithm::Mcts),
        iterations: Some(3),
        depth: Some(1),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let Model::Graph(g) = &lesson.model else {
        unreachable!()
    };
    let prior = stated(vec![
        given(&[], 1_000_000, 2_000_000),
        given(&[0], 600_000, 1_200_000),
    ]);
    let r = prune::search::run_from(
        g,
        setup.start,
        &setup.options,
        &prior,
        &mut prune::observer::NoTrace,
    );
    assert!(r.is_ok(), "{:?}", r.err());
}

/// Issue 35 (low): a C that JSON cannot hold (1e308 wrote `"c": null`), one it rounds to 0
/// (1e-320) or one that prints with 309 digits is refused by its range; −0 is 0.
#[test]
fn c_out_of_its_range_is_refused_and_minus_zero_is_zero() {
    for c in ["--c=1e308", "--c=1e-320", "--c=1e7", "--c=0.0000001"] {
        refused(
            &ttt_with(&[c, "--iterations", "5"]),
            &["exploration constant", "out of range"],
        );
    }
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(ttt_with(&["--c=-0", "--iterations", "5", "--json"]))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("-0"), "{text}");
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(ttt_with(&["--c=-0", "--iterations", "5"]))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("C=-0") && !text.contains("C = -0"), "{text}");
}

/// Issue 35 (low): switches of a search by depth are refused on a Monte Carlo run (they were
/// accepted and ignored), a run too long to record is measured in iterations and shortened
/// by --iterations, and the hint for a Monte Carlo setting on another search also says how a
/// preset writes it.
#[test]
fn monte_carlo_refuses_depth_switches_and_counts_iterations() {
    for switch in ["--tt", "--ordering", "--id"] {
        refused(
            &ttt_with(&["--iterations", "5", switch, "on"]),
            &[switch, "does not apply to a Monte Carlo run"],
        );
    }
    // A Monte Carlo run plays each game to its end: --depth was accepted and ignored on a
    // game or a lesson (a uniform tree's --depth is its shape, and stays).
    refused(
        &ttt_with(&["--iterations", "5", "--depth", "3"]),
        &["--depth", "does not apply to a Monte Carlo run"],
    );
    refused(
        &["run", "004-mcts-ucb1-table", "--depth", "3"],
        &["--depth", "does not apply to a Monte Carlo run"],
    );
    let shaped = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args([
            "run",
            "--game",
            "uniform",
            "--leaves",
            "random",
            "--branching",
            "3",
        ])
        .args(["--depth", "2", "--algorithm", "mcts", "--iterations", "20"])
        .output()
        .unwrap();
    assert!(
        shaped.status.success(),
        "{}",
        String::from_utf8_lossy(&shaped.stderr)
    );
    refused(
        &[
            "trace",
            "--game",
            "tictactoe",
            "--algorithm",
            "mcts",
            "--iterations",
            "10000000",
        ],
        &["10000000 iterations", "fewer --iterations"],
    );
    refused(
        &["run", "004-abc-tree", "--reward", "score"],
        &["Monte Carlo settings", "\"algorithm\": \"mcts\""],
    );
}
