//! A max-n run shows payoff vectors, never the terminal ids the trace carries them as, and no
//! window where none exists: in `prune trace` (table, tsv, jsonl), `prune run` (text and
//! JSON), the DOT export and the tutor's stack, tree and inspector.
//!
//! Worked by hand from seed 004's three-player tree (players A, B, C; leaves in the order
//! L1a..R2b): C picks (1, 2, 6) at L1 (6 > 3), (6, 1, 2) at L2 (2 > 1), (5, 4, 5) at R1
//! (5 > 4), (5, 2, 4) at R2 (4 > 1); B picks (1, 2, 6) at L (2 > 1) and (5, 4, 5) at R
//! (4 > 2); A picks R, (5, 4, 5) (5 > 1). A, the root's mover, gets 5. The test also backs the
//! vectors up itself, from the lesson file, and checks the two agree.

mod common;

use std::collections::HashMap;

use common::run_prune;
use common::tutor::{app, flat, key, screen};
use crossterm::event::KeyCode;
use serde_json::Value;

/// Seed 004's vectors, by label, worked by hand (see the module comment).
fn by_hand() -> HashMap<&'static str, [i32; 3]> {
    HashMap::from([
        ("root", [5, 4, 5]),
        ("L", [1, 2, 6]),
        ("R", [5, 4, 5]),
        ("L1", [1, 2, 6]),
        ("L2", [6, 1, 2]),
        ("R1", [5, 4, 5]),
        ("R2", [5, 2, 4]),
        ("L1a", [1, 2, 6]),
        ("L1b", [4, 2, 3]),
        ("L2a", [6, 1, 2]),
        ("L2b", [7, 4, 1]),
        ("R1a", [5, 4, 5]),
        ("R1b", [2, 5, 4]),
        ("R2a", [5, 2, 4]),
        ("R2b", [7, 7, 1]),
    ])
}

/// The test's own max-n over the lesson file: each mover keeps the first child best in its
/// own entry (seats by the node's player name).
fn oracle() -> HashMap<String, Vec<i64>> {
    let text =
        std::fs::read_to_string(common::repo().join("lessons/004-three-players.json")).unwrap();
    let lesson: Value = serde_json::from_str(&text).unwrap();
    let players: Vec<&str> = lesson["graph"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    let nodes = lesson["graph"]["nodes"].as_array().unwrap();
    fn back(
        nodes: &[Value],
        players: &[&str],
        i: usize,
        out: &mut HashMap<String, Vec<i64>>,
    ) -> Vec<i64> {
        let n = &nodes[i];
        let v: Vec<i64> = match n["moves"].as_array() {
            None => n["score"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap())
                .collect(),
            Some(moves) => {
                let seat = players.iter().position(|p| *p == n["player"]).unwrap();
                let mut best: Option<Vec<i64>> = None;
                for m in moves {
                    let c = back(nodes, players, m["child"].as_u64().unwrap() as usize, out);
                    if best.as_ref().is_none_or(|b| c[seat] > b[seat]) {
                        best = Some(c);
                    }
                }
                best.unwrap()
            }
        };
        out.insert(n["label"].as_str().unwrap().to_string(), v.clone());
        v
    }
    let mut out = HashMap::new();
    back(nodes, &players, 0, &mut out);
    out
}

fn vector_text(v: &[i32]) -> String {
    let parts: Vec<String> = v.iter().map(i32::to_string).collect();
    format!("({})", parts.join(", "))
}

#[test]
fn the_oracle_agrees_with_the_hand_worked_tree() {
    let oracle = oracle();
    for (label, v) in by_hand() {
        let want: Vec<i64> = v.iter().map(|&x| x as i64).collect();
        assert_eq!(oracle[label], want, "{label}");
    }
}

#[test]
fn the_trace_table_shows_vectors_and_no_window() {
    let (code, out, err) = run_prune(&["trace", "004-three-players"]);
    assert_eq!(code, Some(0), "{err}");
    let hand = by_hand();
    let mut rows = 0;
    for line in out
        .lines()
        .skip(1)
        .take_while(|l| !l.contains(": COMPLETE"))
    {
        // step pass ply glyph state d q α β value… move result
        let words: Vec<&str> = line.split_whitespace().collect();
        let label = words[4];
        let want = vector_text(&hand[label]);
        assert!(line.contains(&want), "{label} should show {want}: {line}");
        assert_eq!((words[7], words[8]), ("-", "-"), "no window: {line}");
        assert_eq!(*words.last().unwrap(), "done", "no bound flag: {line}");
        rows += 1;
    }
    assert_eq!(rows, 15, "{out}");
    assert!(!out.contains('∞') && !out.contains("EXACT"), "{out}");
    // The result: A's payoff 5, by move 1 (R).
    assert!(
        out.contains("004-three-players: COMPLETE, depth=3, score=5, move=1"),
        "{out}"
    );
    assert!(out.contains("passes=[3:DONE:5:1:15]"), "{out}");
}

#[test]
fn the_tsv_shows_vectors_and_no_window() {
    let (code, out, err) = run_prune(&["trace", "004-three-players", "--format", "tsv"]);
    assert_eq!(code, Some(0), "{err}");
    let oracle = oracle();
    let labels = [
        "root", "L", "L1", "L1a", "L1b", "L2", "L2a", "L2b", "R", "R1", "R1a", "R1b", "R2", "R2a",
        "R2b",
    ];
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), labels.len());
    for (row, label) in rows.iter().zip(labels) {
        let v: Vec<i32> = oracle[label].iter().map(|&x| x as i32).collect();
        assert_eq!(row[8], vector_text(&v), "{label}: {row:?}");
        assert_eq!((row[6], row[7]), ("-", "-"), "{label}: {row:?}");
        assert_eq!(row[10], "done");
    }
}

#[test]
fn jsonl_events_carry_vectors_and_no_window() {
    let (code, out, err) = run_prune(&["trace", "004-three-players", "--format", "jsonl"]);
    assert_eq!(code, Some(0), "{err}");
    let mut reads = 0;
    for line in out.lines() {
        let e: Value = serde_json::from_str(line).unwrap();
        for key in ["alpha", "beta", "flag"] {
            assert!(e.get(key).is_none(), "{key} in {line}");
        }
        for key in ["value", "score"] {
            if let Some(v) = e.get(key) {
                assert!(v.is_array(), "{key} must be a vector: {line}");
            }
        }
        if e["event"] == "read" {
            reads += 1;
        }
        if e["event"] == "pass_end" {
            assert_eq!(e["score"], serde_json::json!([5, 4, 5]), "{line}");
            assert_eq!(e["mv"], 1);
        }
    }
    assert_eq!(reads, 8, "the eight leaves are read");
    // The first leaf read is L1a, (1, 2, 6).
    let first = out.lines().find(|l| l.contains("\"read\"")).unwrap();
    let e: Value = serde_json::from_str(first).unwrap();
    assert_eq!(e["value"], serde_json::json!([1, 2, 6]), "{first}");
}

#[test]
fn run_reports_the_vector_and_the_root_mover_s_payoff() {
    let (code, out, err) = run_prune(&["run", "004-three-players", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["vector"], serde_json::json!([5, 4, 5]));
    // The score is A's entry (A moves at the root), never the terminal's id.
    assert_eq!(v["score"], 5);
    assert_eq!(v["score_for"], "A");
    assert_eq!(v["history"][0]["score"], 5);
    assert_eq!(v["move_name"], "R");
    let (code, text, _) = run_prune(&["run", "004-three-players"]);
    assert_eq!(code, Some(0));
    assert!(text.contains("depth=3, score=5, move=1"), "{text}");
    assert!(text.contains("vector=(5, 4, 5), score_for=A"), "{text}");
}

#[test]
fn dot_draws_vectors_without_windows() {
    let (code, out, err) = run_prune(&["export", "004-three-players", "--format", "dot"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!out.contains("α=") && !out.contains('∞'), "{out}");
    let root = out
        .lines()
        .find(|l| l.contains("root\\n"))
        .expect("the root's box");
    assert!(root.contains("\\n(5, 4, 5)"), "{root}");
    assert!(!root.contains("=(5"), "a vector is no bound: {root}");
    let l1 = out
        .lines()
        .find(|l| l.contains(" L1\\n"))
        .expect("L1's box");
    assert!(l1.contains("(1, 2, 6)"), "{l1}");
}

#[test]
fn the_tutor_draws_no_window_and_names_the_mover_s_payoff() {
    for (w, h) in [(80, 24), (200, 50)] {
        let mut a = app("004-three-players", "max-n");
        // Down to the first leaf: the stack holds root, L, L1 and L1a.
        for _ in 0..3 {
            key(&mut a, KeyCode::Down);
        }
        let s = screen(&mut a, w, h);
        assert!(!s.contains('∞'), "no (−∞, +∞) window at {w}x{h}\n{s}");
        key(&mut a, KeyCode::End);
        let s = screen(&mut a, w, h);
        assert!(!s.contains('∞'), "{s}");
        assert!(s.contains("root=(5, 4, 5)"), "{s}");
        // The inspector on the root: no window, the vector and A's payoff.
        key(&mut a, KeyCode::Char('v'));
        a.select(Some(0));
        let s = flat(&screen(&mut a, w, h));
        assert!(s.contains("no window"), "{s}");
        assert!(s.contains("backs up (5, 4, 5): 5 for A"), "{s}");
        assert!(!s.contains('∞'), "{s}");
    }
}

/// `a` on a max-n run goes to the lesson's other model, paranoid alpha-beta for the root's
/// player (seed 004: A can guarantee only 2, by R), and back.
#[test]
fn the_algorithm_key_reaches_paranoid() {
    let mut a = app("004-three-players", "max-n");
    key(&mut a, KeyCode::Char('a'));
    assert_eq!(
        a.setup.options.algorithm,
        prune::search::Algorithm::Paranoid
    );
    let msg = a.message.clone().unwrap_or_default();
    assert!(msg.contains("paranoid for A"), "{msg}");
    assert!(!msg.contains("no other search"), "{msg}");
    assert_eq!(a.replay.result().score, 2);
    assert_eq!(a.replay.result().mv, 1);
    key(&mut a, KeyCode::Char('a'));
    assert_eq!(a.setup.options.algorithm, prune::search::Algorithm::Maxn);
    assert_eq!(a.replay.result().vector, vec![5, 4, 5]);
}

/// `prune run` sums each terminal's payoffs and says whether the game is constant-sum. Seed
/// 004's three-player tree is not: its leaves add to 9, 9, 9, 12, 14, 11, 11, 15 (summed here
/// from `by_hand`). A copy whose payoffs are rescaled to add to 12 everywhere is.
#[test]
fn run_reports_payoff_sums_and_whether_the_game_is_constant_sum() {
    let hand = by_hand();
    let leaves = ["L1a", "L1b", "L2a", "L2b", "R1a", "R1b", "R2a", "R2b"];
    let sums: Vec<i32> = leaves.iter().map(|l| hand[l].iter().sum()).collect();
    assert_eq!(sums, [9, 9, 9, 12, 14, 11, 11, 15]);
    let (code, out, err) = run_prune(&["run", "004-three-players"]);
    assert_eq!(code, Some(0), "{err}");
    let each: Vec<String> = leaves
        .iter()
        .zip(&sums)
        .map(|(l, s)| format!("{l}:{s}"))
        .collect();
    let line = format!("payoff_sums=({}), constant_sum=no", each.join(" "));
    assert!(out.contains(&line), "{out}");
    let (_, json, _) = run_prune(&["run", "004-three-players", "--json"]);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["constant_sum"], false);
    let got: Vec<i64> = (v["payoff_sums"].as_array().unwrap().iter())
        .map(|s| s["sum"].as_i64().unwrap())
        .collect();
    assert_eq!(got, sums.iter().map(|&s| i64::from(s)).collect::<Vec<_>>());

    // Every leaf's third payoff made 12 minus the other two: constant-sum, total 12.
    let text =
        std::fs::read_to_string(common::repo().join("lessons/004-three-players.json")).unwrap();
    let mut lesson: Value = serde_json::from_str(&text).unwrap();
    for n in lesson["graph"]["nodes"].as_array_mut().unwrap() {
        if let Some(v) = n["score"].as_array_mut() {
            let rest = 12 - v[0].as_i64().unwrap() - v[1].as_i64().unwrap();
            v[2] = Value::from(rest);
        }
    }
    let dir = std::env::temp_dir().join(format!("prune-sums-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("constant.json");
    std::fs::write(&path, lesson["graph"].to_string()).unwrap();
    let (code, out, err) = run_prune(&["run", path.to_str().unwrap(), "--depth", "3"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("payoff_sums=12 at every terminal, constant_sum=yes"),
        "{out}"
    );
}
