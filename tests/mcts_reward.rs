//! `--reward score` with scores that are not whole half-wins (issue 22): one graph whose
//! finished games score 0.75, 0.25 and 1, worked by hand below, through `prune run --json`,
//! `prune trace --format jsonl` and a saved trace; and the refusals (a score outside [0, 1],
//! a unit finer than prune counts), each one line with exit 2.
//!
//! The graph: R (MAX) has A (a finished game, 0.75) and B (MIN's choice of B1, 0.25, or B2, 1).
//! Every score is a whole number of quarters, so the run counts quarter-wins (`per_win` 4).
//! With C = 2 and first-move playouts, by seed 004's rules (U counts the wins of the player
//! who moved into the node; a MIN node's reward is one win less MAX's):
//! - iteration 1 expands A, a finished game: 3 quarters to MAX. A 1/3, R 1/3.
//! - iteration 2 expands B and plays out its first move, B1: 1 quarter. B 1/1, R 2/4.
//! - iteration 3 selects at R (N 2): A 0.75 + 2·sqrt(ln 2 / 1) = 2.415, B 0.25 + 1.665 = 1.915:
//!   A, its known 3 quarters. A 2/6, R 3/7.
//! - iteration 4 selects at R (N 3): A 0.75 + 2·sqrt(ln 3 / 2) = 2.232, B 0.25 + 2·sqrt(ln 3)
//!   = 2.346: B. B's first move without a node, B1 (a playout's positions are not nodes), is
//!   expanded: a finished game worth 1 quarter to MAX, so 3 to MIN who moved into it. B1 1/3,
//!   B 2/2, R 4/8.
//! - iteration 5 selects at R (N 4): A 0.75 + 2·sqrt(ln 4 / 2) = 2.415, B 0.25 + the same
//!   bonus = 1.915: A, 3 quarters. A 3/9, R 5/11: U = 11/4 = 2.75 wins.
//!
//! The move played is the most visited root child, A (3 visits against B's 2).

mod common;

use common::{assert_one_line_error, run_prune};
use serde_json::{Value, json};

fn graph() -> Value {
    json!({"nodes": [
        {"player": "MAX", "label": "R", "moves": [{"child": 1}, {"child": 2}]},
        {"player": "MIN", "label": "A", "score": 0.75},
        {"player": "MIN", "label": "B", "moves": [{"child": 3}, {"child": 4}]},
        {"player": "MAX", "label": "B1", "score": "1/4"},
        {"player": "MAX", "label": "B2", "score": 1}
    ]})
}

/// A fresh directory for one test's files.
fn dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("prune-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

const RUN: [&str; 10] = [
    "--algorithm",
    "mcts",
    "--iterations",
    "5",
    "--c",
    "2",
    "--playout",
    "first",
    "--reward",
    "score",
];

fn out_of(args: &[&str]) -> String {
    let (code, out, err) = run_prune(args);
    assert_eq!(code, Some(0), "{args:?}: {err}");
    out
}

fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

#[test]
fn run_json_counts_quarter_wins_exactly() {
    let d = dir("mcts-quarters-run");
    let path = d.join("quarters.json");
    std::fs::write(&path, graph().to_string()).unwrap();
    let mut args = vec!["run", path.to_str().unwrap()];
    args.extend_from_slice(&RUN);
    args.push("--json");
    let v: Value = serde_json::from_str(&out_of(&args)).unwrap();
    assert_eq!(v["per_win"], json!(4));
    assert_eq!(v["u_unit"], json!("quarter-wins"));
    assert_eq!(v["move"], json!(0));
    assert_eq!(v["root"], json!({"n": 5, "u": 2.75, "u_units": 11}));
    let kids = v["children"].as_array().unwrap();
    assert_eq!(kids.len(), 2);
    // UCB1 under the root's final 5 visits, from the counts worked out above.
    for (kid, (n, u, units, mean)) in kids.iter().zip([(3, 2.25, 9, 0.75), (2, 0.5, 2, 0.25)]) {
        let bonus = 2.0 * (5f64.ln() / n as f64).sqrt();
        assert_eq!(kid["n"], json!(n), "{kid}");
        assert_eq!(kid["u"], json!(u), "{kid}");
        assert_eq!(kid["u_units"], json!(units), "{kid}");
        assert_eq!(kid["mean"], json!(mean), "{kid}");
        assert_eq!(kid["ucb1"], json!(round6(mean + bonus)), "{kid}");
        assert!(kid.get("u_halves").is_none(), "{kid}");
    }
    // `prune count`: five finished games, each a partial reward (3, 1, 3, 1, 3 quarters).
    let mut count = vec!["count", path.to_str().unwrap()];
    count.extend_from_slice(&RUN);
    count.push("--json");
    let c: Value = serde_json::from_str(&out_of(&count)).unwrap();
    assert_eq!(
        c["results"],
        json!({"total": 5, "max_wins": 0, "min_wins": 0, "partial_rewards": 5}),
        "{c}"
    );
    // The text says U as exact wins.
    let mut text = vec!["run", path.to_str().unwrap()];
    text.extend_from_slice(&RUN);
    let out = out_of(&text);
    assert!(out.contains("root: N=5, U=2.75 (wins of MAX, to move at the root; a finished game's score is MAX's reward)"), "{out}");
    let _ = std::fs::remove_dir_all(&d);
}

/// The jsonl events of the run above, live and from a saved trace: the unit line, every
/// result and reward in quarters, and the counts before and after each backup.
#[test]
fn trace_jsonl_states_the_unit_and_counts_in_it() {
    let d = dir("mcts-quarters-trace");
    let path = d.join("quarters.json");
    std::fs::write(&path, graph().to_string()).unwrap();
    let file = path.to_str().unwrap();
    let mut args = vec!["trace", file];
    args.extend_from_slice(&RUN);
    let mut jsonl = args.clone();
    jsonl.extend_from_slice(&["--format", "jsonl"]);
    let live = out_of(&jsonl);
    let lines: Vec<Value> = live
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Scores in quarters: the values count 1/4 (the scale line), and so do the rewards.
    assert_eq!(lines[0]["event"], json!("scale"));
    assert_eq!(lines[0]["scale"], json!(4));
    assert_eq!(lines[1]["event"], json!("reward_unit"));
    assert_eq!(lines[1]["per_win"], json!(4));
    let of = |kind: &str| -> Vec<&Value> { lines.iter().filter(|l| l["event"] == kind).collect() };
    // Iterations 1, 3, 4 and 5 end at finished games, iteration 2 in a playout of one move.
    let known: Vec<(u64, u64, i64)> = (of("known").iter())
        .map(|k| {
            (
                k["node"].as_u64().unwrap(),
                k["result"].as_u64().unwrap(),
                k["value"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(known, [(1, 3, 3), (1, 3, 3), (3, 1, 1), (1, 3, 3)]);
    let playouts = of("playout");
    assert_eq!(playouts.len(), 1);
    assert_eq!(
        (playouts[0]["node"].clone(), playouts[0]["result"].clone()),
        (json!(2), json!(1))
    );
    assert_eq!(playouts[0]["moves"], json!([0]));
    // Every backup: (node, reward, N before, N, U before, U, U in quarters).
    let backups: Vec<(u64, u64, u64, u64, f64, f64, u64)> = (of("backup").iter())
        .map(|b| {
            (
                b["node"].as_u64().unwrap(),
                b["reward"].as_u64().unwrap(),
                b["n_before"].as_u64().unwrap(),
                b["n"].as_u64().unwrap(),
                b["u_before"].as_f64().unwrap(),
                b["u"].as_f64().unwrap(),
                b["u_units"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        backups,
        [
            (1, 3, 0, 1, 0.0, 0.75, 3),
            (0, 3, 0, 1, 0.0, 0.75, 3),
            (2, 1, 0, 1, 0.0, 0.25, 1),
            (0, 1, 1, 2, 0.75, 1.0, 4),
            (1, 3, 1, 2, 0.75, 1.5, 6),
            (0, 3, 2, 3, 1.0, 1.75, 7),
            // B1: MIN moved into it, and MAX's quarter leaves MIN three.
            (3, 3, 0, 1, 0.0, 0.75, 3),
            (2, 1, 1, 2, 0.25, 0.5, 2),
            (0, 1, 3, 4, 1.75, 2.0, 8),
            (1, 3, 2, 3, 1.5, 2.25, 9),
            (0, 3, 4, 5, 2.0, 2.75, 11),
        ]
    );
    // The three selections at the root, each child's mean and UCB1 from the counts above.
    let selects = of("select");
    assert_eq!(selects.len(), 3);
    for (sel, (parent_n, kids, pos)) in selects.iter().zip([
        (2.0f64, [(1.0, 3, 0.75), (1.0, 1, 0.25)], 0),
        (3.0, [(2.0, 6, 0.75), (1.0, 1, 0.25)], 1),
        (4.0, [(2.0, 6, 0.75), (2.0, 2, 0.25)], 0),
    ]) {
        assert_eq!(sel["pos"], json!(pos), "{sel}");
        for (row, (n, units, mean)) in sel["children"].as_array().unwrap().iter().zip(kids) {
            let ucb1 = mean + 2.0 * (parent_n.ln() / n).sqrt();
            assert_eq!(row["u_units"], json!(units), "{row}");
            assert_eq!(row["mean"], json!(mean), "{row}");
            assert_eq!(row["ucb1"], json!(round6(ucb1)), "{row}");
        }
    }
    // A saved trace carries the unit and reads back to the same lines.
    let saved = d.join("run.json");
    let mut save = args.clone();
    save.extend_from_slice(&["--format", "json", "--out", saved.to_str().unwrap()]);
    out_of(&save);
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    assert_eq!(doc["header"]["result"]["mcts"]["per_win"], json!(4));
    let back = out_of(&["trace", saved.to_str().unwrap(), "--format", "jsonl"]);
    assert_eq!(back, live);
    let _ = std::fs::remove_dir_all(&d);
}

/// An outcome run's trace counts half-wins and says nothing new: no unit line, `u_halves`,
/// and no `per_win` in its header (so earlier traces read the same).
#[test]
fn an_outcome_run_still_counts_half_wins_and_writes_no_unit() {
    let d = dir("mcts-halves");
    let saved = d.join("run.json");
    let args = [
        "trace",
        "--game",
        "tictactoe",
        "--algorithm",
        "mcts",
        "--iterations",
        "30",
        "--format",
        "json",
        "--out",
    ];
    let mut save = args.to_vec();
    save.push(saved.to_str().unwrap());
    out_of(&save);
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    assert!(doc["header"]["result"]["mcts"].get("per_win").is_none());
    let jsonl = out_of(&["trace", saved.to_str().unwrap(), "--format", "jsonl"]);
    assert!(!jsonl.contains("reward_unit") && !jsonl.contains("u_units"));
    assert!(jsonl.contains("\"u_halves\""));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn scores_outside_zero_to_one_or_finer_than_prune_counts_are_one_line_exit_2() {
    let d = dir("mcts-reward-refusals");
    let path = d.join("bad.json");
    let file = path.to_str().unwrap();
    let try_score = |score: Value, words: &str| {
        let mut g = graph();
        g["nodes"][3]["score"] = score;
        std::fs::write(&path, g.to_string()).unwrap();
        let mut args = vec!["run", file];
        args.extend_from_slice(&RUN);
        assert_one_line_error(&args, words);
    };
    try_score(json!(1.5), "node B1 scores 1.5, outside [0, 1]");
    try_score(json!("-1/4"), "node B1 scores -0.25, outside [0, 1]");
    // 1/256 beside quarters needs 1/256 of a win; a thousandth 1/1000.
    try_score(json!("1/256"), "would take 1/256 of a win");
    try_score(json!(0.001), "would take 1/1000 of a win");
    // Thirds beside quarters need twelfths, which prune counts.
    let mut g = graph();
    g["nodes"][3]["score"] = json!("1/3");
    std::fs::write(&path, g.to_string()).unwrap();
    let mut args = vec!["run", file];
    args.extend_from_slice(&RUN);
    args.push("--json");
    let v: Value = serde_json::from_str(&out_of(&args)).unwrap();
    assert_eq!(v["per_win"], json!(12));
    assert_eq!(v["u_unit"], json!("twelfths of a win"));
    let _ = std::fs::remove_dir_all(&d);
}
