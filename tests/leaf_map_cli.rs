//! `--leaf-map` on real runs: seed 004's comparison of cubing against 10x + 5 (section 5.2).
//!
//! Move A gives 2 with probability 0.6 and 3 with 0.4; move B gives 1 with 0.6 and 4 with 0.4.
//! Worked by hand: E[A] = 1.2 + 1.2 = 2.4 and E[B] = 0.6 + 1.6 = 2.2, so MAX plays A; cubed,
//! E[A³] = 0.6·8 + 0.4·27 = 15.6 and E[B³] = 0.6·1 + 0.4·64 = 26.2, so MAX plays B; with
//! 10x + 5, 10·2.4 + 5 = 29 and 10·2.2 + 5 = 27, so A again. As MIN nodes (chance as MIN) A is
//! worth 2 and B 1, cubed 8 and 1: the order, and the choice A, stay.

mod common;

use serde_json::Value;

fn graph() -> std::path::PathBuf {
    let text = r#"{"nodes": [
      {"player": "MAX", "label": "root", "moves": [{"child": 1}, {"child": 2}]},
      {"player": "CHANCE", "label": "A", "moves": [{"child": 3, "p": 0.6}, {"child": 4, "p": 0.4}]},
      {"player": "CHANCE", "label": "B", "moves": [{"child": 5, "p": 0.6}, {"child": 6, "p": 0.4}]},
      {"player": "MIN", "score": 2}, {"player": "MIN", "score": 3},
      {"player": "MIN", "score": 1}, {"player": "MIN", "score": 4}]}"#;
    let dir = std::env::temp_dir().join(format!("prune-leaf-map-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Tests run at once: each call writes a file of its own.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = dir.join(format!("cube-{n}.json"));
    std::fs::write(&path, text).unwrap();
    path
}

/// `prune run` on the graph from `start` with `args`, as JSON: (exact score, move).
fn run(start: &str, args: &[&str]) -> (String, i64) {
    let path = graph();
    let mut full = vec![
        "run",
        path.to_str().unwrap(),
        "--depth",
        "2",
        "--id",
        "off",
        "--start",
        start,
        "--json",
    ];
    full.extend_from_slice(args);
    let (code, stdout, stderr) = common::run_prune(&full);
    assert_eq!(code, Some(0), "{stderr}");
    let v: Value = serde_json::from_str(&stdout).unwrap();
    let exact = v["score_exact"]
        .as_str()
        .map(str::to_string)
        .unwrap_or_else(|| v["score"].to_string());
    (exact, v["move"].as_i64().unwrap())
}

#[test]
fn cubing_changes_the_expected_utility_choice_and_10x_plus_5_does_not() {
    // Each move's value on its own (start at A = node 1, B = node 2).
    assert_eq!(run("1", &[]).0, "12/5"); // 2.4
    assert_eq!(run("2", &[]).0, "11/5"); // 2.2
    assert_eq!(run("1", &["--leaf-map", "x^3"]).0, "78/5"); // 15.6
    assert_eq!(run("2", &["--leaf-map", "x^3"]).0, "131/5"); // 26.2
    assert_eq!(run("1", &["--leaf-map", "10x+5"]).0, "29");
    assert_eq!(run("2", &["--leaf-map", "10x+5"]).0, "27");
    // MAX's choice at the root: A, B after cubing, A after 10x + 5.
    assert_eq!(run("0", &[]).1, 0);
    assert_eq!(run("0", &["--leaf-map", "x^3"]).1, 1);
    assert_eq!(run("0", &["--leaf-map", "10x+5"]).1, 0);
    // As MIN nodes: 2 against 1, cubed 8 against 1; A both times.
    assert_eq!(run("0", &["--chance-as", "min"]), ("2".into(), 0));
    assert_eq!(
        run("0", &["--chance-as", "min", "--leaf-map", "x^3"]),
        ("8".into(), 0)
    );
}

#[test]
fn the_run_says_what_the_map_keeps() {
    let path = graph();
    let text = |map: &str| {
        let (code, stdout, stderr) = common::run_prune(&[
            "run",
            path.to_str().unwrap(),
            "--depth",
            "2",
            "--id",
            "off",
            "--leaf-map",
            map,
        ]);
        assert_eq!(code, Some(0), "{stderr}");
        stdout
    };
    assert!(text("x^3").contains("leaf_map=x^3 (strictly increasing)"));
    assert!(text("10x+5").contains("leaf_map=10x+5 (positive affine)"));
    assert!(text("-2x+1").contains("leaf_map=-2x+1 (neither"));
}

#[test]
fn a_map_that_does_not_fit_or_cannot_be_read_is_one_line() {
    let path = graph();
    for (map, fragment) in [
        ("x^12", "takes node 4's score 3 to 531441"),
        ("y^2", "cannot read leaf map 'y^2'"),
        ("0.5x", "a and b must be integers"),
    ] {
        let (code, stdout, stderr) = common::run_prune(&[
            "run",
            path.to_str().unwrap(),
            "--depth",
            "2",
            "--leaf-map",
            map,
        ]);
        assert_eq!(code, Some(2), "{map}: {stderr}");
        assert!(stdout.is_empty());
        assert_eq!(stderr.matches('\n').count(), 1, "{stderr}");
        assert!(stderr.contains(fragment), "{map}: {stderr}");
    }
}

/// Issue 35 (low): --leaf-map and --board escape a control character alike, as `\u001b`
/// (the leaf map's message wrote Rust's `\u{1b}` beside clap's `\u001b`).
#[test]
fn leaf_map_and_board_messages_escape_alike() {
    for args in [
        vec![
            "run",
            "--game",
            "uniform",
            "--branching",
            "2",
            "--depth",
            "2",
            "--leaf-map",
            "\u{1b}[2J",
        ],
        vec!["run", "--game", "tictactoe", "--board", "x\u{1b}[2J"],
    ] {
        let (code, _, err) = common::run_prune(&args);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("\\u001b"), "{err}");
        assert!(!err.contains("\\u{1b}") && !err.contains('\u{1b}'), "{err}");
    }
}

/// A map that needs finer units than the lesson's (x^2 of the halves 1/2 and 3/2 is in
/// quarters): `prune run` printed 0.5 and 4.5 for 1/4 and 9/4 (the lesson's halves applied
/// to quarters), and the trace said scale 2 over values counted in quarters. Worked by hand:
/// MAX takes the larger of 1/4 and 9/4, 2.25, by move 1; the table shows a at 0.25.
#[test]
fn a_map_into_finer_units_prints_its_values_in_them() {
    let dir = std::env::temp_dir().join(format!("prune-leaf-map-fine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lesson = dir.join("halves.json");
    std::fs::write(
        &lesson,
        r#"{"title": "halves squared", "graph": {"nodes": [
          {"player": "MAX", "label": "root", "moves": [{"child": 1}, {"child": 2}]},
          {"player": "MIN", "label": "a", "score": "0.5"},
          {"player": "MIN", "label": "b", "score": "1.5"}]},
          "runs": [{"name": "squared", "depth": 1, "table": false, "deepening": false,
                    "leaf_map": "x^2"}]}"#,
    )
    .unwrap();
    let path = lesson.to_str().unwrap();
    let (code, out, err) = common::run_prune(&["run", path]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("score=2.25, move=1"), "{out}");
    let saved = dir.join("halves-trace.json");
    let saved = saved.to_str().unwrap();
    let (code, _, err) = common::run_prune(&["trace", path, "--format", "json", "--out", saved]);
    assert_eq!(code, Some(0), "{err}");
    let (code, table, err) = common::run_prune(&["trace", saved, "--format", "table"]);
    assert_eq!(code, Some(0), "{err}");
    let value_of = |label: &str| {
        table
            .lines()
            .find(|l| l.split_whitespace().nth(4) == Some(label))
            .and_then(|l| l.split_whitespace().nth(9))
            .map(str::to_string)
    };
    assert_eq!(value_of("a").as_deref(), Some("0.25"), "{table}");
    assert_eq!(value_of("b").as_deref(), Some("2.25"), "{table}");
    let _ = std::fs::remove_dir_all(&dir);
}
