//! `prune check` on the command line: prune's own print checks clean against itself for every
//! built-in preset the schema covers, a divergence names the line, call and field with exit
//! code 1, and every kind of bad input is one line naming the file and line, exit code 2.

mod common;

use std::path::PathBuf;
use std::process::Output;

use common::prune;

fn temp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prune-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn check(file: &std::path::Path, lesson: &str, run: &str) -> Output {
    prune()
        .args(["check"])
        .arg(file)
        .args(["--against", lesson, "--run", run])
        .output()
        .unwrap()
}

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

/// Every built-in lesson's presets, by name, from `prune lessons`.
fn presets() -> Vec<(String, String)> {
    let out = prune().arg("lessons").output().unwrap();
    let mut lesson = String::new();
    let mut all = Vec::new();
    for line in text(&out.stdout).lines() {
        if let Some(rest) = line.strip_prefix("    --run \"") {
            let name = &rest[..rest.find('"').unwrap()];
            all.push((lesson.clone(), name.to_string()));
        } else if !line.starts_with(' ') {
            lesson = line.split_whitespace().next().unwrap().to_string();
        }
    }
    all
}

#[test]
fn prunes_own_print_checks_clean_against_every_preset_the_schema_covers() {
    let (mut clean, mut refused) = (0, 0);
    for (lesson, run) in presets() {
        let out = prune()
            .args(["check", "--print", &lesson, "--run", &run])
            .output()
            .unwrap();
        if !out.status.success() {
            // What the schema leaves out is said, not printed wrong.
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{lesson} / {run}: {err}");
            assert!(
                err.contains("prune check compares")
                    || err.contains("stops on its budget")
                    || err.contains("whole-number scores"),
                "{lesson} / {run}: {err}"
            );
            refused += 1;
            continue;
        }
        let file = temp("own.jsonl", &text(&out.stdout));
        let o = check(&file, &lesson, &run);
        // Every run is sound but seed 002's wrong-window pitfall, a wrong engine on purpose:
        // its root returns 6 where the value is 4. The exit code follows soundness.
        let pitfall = (lesson.as_str(), run.as_str()) == ("002-pitfalls", "wrong window");
        let stdout = text(&o.stdout);
        assert_eq!(
            o.status.code(),
            Some(if pitfall { 1 } else { 0 }),
            "{lesson} / {run}: {stdout}"
        );
        assert!(stdout.contains("checks clean"), "{stdout}");
        if pitfall {
            assert!(
                stdout.contains("is unsound: line 14: R (0) returns 6")
                    && stdout.contains("its value (searched to depth 2) is 4"),
                "{stdout}"
            );
            let strict = prune()
                .args(["check"])
                .arg(&file)
                .args(["--against", &lesson, "--run", &run, "--strict"])
                .output()
                .unwrap();
            assert_eq!(strict.status.code(), Some(0), "{}", text(&strict.stdout));
        } else {
            assert!(
                stdout.contains("own.jsonl is sound: every return"),
                "{stdout}"
            );
        }
        clean += 1;
    }
    // Alpha-beta, minimax, negamax and PVS presets (tic-tac-toe's too); chance, max-n, Monte
    // Carlo and budget-stopped runs are refused.
    assert!(clean >= 50, "{clean} clean");
    assert!(refused >= 10, "{refused} refused");
}

#[test]
fn the_shipped_example_is_a_right_run_of_its_lesson() {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/check-example.jsonl");
    let o = check(&file, "002-two-branch-cutoff", "alpha-beta");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    // And it is what prune prints itself.
    let own = prune()
        .args([
            "check",
            "--print",
            "002-two-branch-cutoff",
            "--run",
            "alpha-beta",
        ])
        .output()
        .unwrap();
    assert_eq!(text(&own.stdout), std::fs::read_to_string(&file).unwrap());
}

/// The worked tree's depth-2 pass as an engine prints it without a table, with node 2's
/// reply 6 read as 9. Calls in order: 0, 1, 4, 5, 2, 6: the return of call 6 (node 6, path
/// 0 → 2 → 6), the file's line 10, differs in its value (prune read 2).
#[test]
fn a_divergence_names_the_line_the_call_the_field_and_both_values() {
    let lines = [
        r#"{"event":"enter","node":0,"depth":2,"alpha":"-inf","beta":"inf"}"#,
        r#"{"event":"enter","node":1,"depth":1,"alpha":"-inf","beta":"inf"}"#,
        r#"{"event":"enter","node":4,"depth":0,"alpha":"-inf","beta":"inf"}"#,
        r#"{"event":"return","node":4,"value":3,"move":null}"#,
        r#"{"event":"enter","node":5,"depth":0,"alpha":"-inf","beta":3}"#,
        r#"{"event":"return","node":5,"value":5,"move":null}"#,
        r#"{"event":"return","node":1,"value":3,"move":0}"#,
        r#"{"event":"enter","node":2,"depth":1,"alpha":3,"beta":"inf"}"#,
        r#"{"event":"enter","node":6,"depth":0,"alpha":3,"beta":"inf"}"#,
        r#"{"event":"return","node":6,"value":9,"move":null}"#,
        r#"{"event":"return","node":2,"value":9,"move":0}"#,
        r#"{"event":"return","node":0,"value":9,"move":1}"#,
    ];
    let file = temp("slip.jsonl", &(lines.join("\n") + "\n"));
    let lesson = temp(
        "worked-one-pass.json",
        r#"{"title": "The worked tree, one pass, no table", "graph": {"nodes": [
          {"player": "MAX", "score": 0, "moves": [{"child": 1}, {"child": 2}, {"child": 3}]},
          {"player": "MIN", "score": 3, "moves": [{"child": 4}, {"child": 5}]},
          {"player": "MIN", "score": 2, "moves": [{"child": 6}, {"child": 7}]},
          {"player": "MIN", "score": 4, "moves": [{"child": 8}, {"child": 9}]},
          {"player": "MAX", "score": 3}, {"player": "MAX", "score": 5},
          {"player": "MAX", "score": 2}, {"player": "MAX", "score": 9},
          {"player": "MAX", "score": 0}, {"player": "MAX", "score": 7}]},
          "runs": [{"name": "worked", "depth": 2, "table": false, "deepening": false}]}"#,
    );
    let o = check(&file, lesson.to_str().unwrap(), "worked");
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}{}", text(&o.stderr));
    assert!(
        out.contains("at line 10, call 6 (node 6, path 0 → 2 → 6, pass of depth 2)"),
        "{out}"
    );
    assert!(
        out.contains("the return's value: yours 9, prune's 2"),
        "{out}"
    );
    // The soundness verdict names the same line: node 6 is a leaf worth 2.
    assert!(
        out.contains("slip.jsonl is unsound: line 10: node 6 returns 9 inside its window (3, +∞), which says the value is 9; its value (searched to depth 0) is 2"),
        "{out}"
    );
    // And as one JSON object.
    let o = prune()
        .args(["check"])
        .arg(&file)
        .args([
            "--against",
            lesson.to_str().unwrap(),
            "--run",
            "worked",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["sound"], false);
    assert_eq!(v["first_unsound"]["line"], 10);
    assert_eq!(v["first_unsound"]["claim"], "return");
    assert_eq!(v["first_unsound"]["value"], 9);
    assert_eq!(v["first_unsound"]["truth"], 2);
    assert_eq!(v["line_by_line"], false);
    assert_eq!(v["first_divergence"]["line"], 10);
    assert_eq!(v["first_divergence"]["call"], 6);
    assert_eq!(v["first_divergence"]["differs"], "value");
    assert!(
        out.contains(
            "compared: enter, return (your file prints no probe, window, cutoff, store lines"
        ),
        "{out}"
    );
}

/// Each bad file: one line on stderr naming the file and the line, exit code 2.
#[test]
fn bad_input_is_one_line_naming_the_file_and_line() {
    let enter = r#"{"event":"enter","node":"a","depth":1}"#;
    let cases: [(&str, String, &str); 9] = [
        (
            "not-json",
            "{\"event\":\"enter\",\n".into(),
            "line 1, column",
        ),
        ("array", "[1, 2]\n".into(), "line 1: not a JSON object"),
        (
            "unknown",
            format!("{enter}\n{{\"event\":\"visit\",\"node\":\"a\"}}\n"),
            "line 2: unknown event \"visit\" (the events are enter, probe, window, cutoff, store, return)",
        ),
        (
            "orphan-return",
            "{\"event\":\"return\",\"node\":\"a\",\"value\":1}\n".into(),
            "line 1: a return of node a outside any call (no enter is open: a return without its enter)",
        ),
        (
            "stray-window",
            format!("{enter}\n{{\"event\":\"window\",\"node\":\"b\",\"alpha\":1,\"beta\":2}}\n"),
            "line 2: a window of node b, but the open call is node a (entered on line 1)",
        ),
        (
            "early-end",
            format!("{enter}\n"),
            "line 1: the run ends early: the file ends with 1 call still open (node a entered on line 1 never returns)",
        ),
        (
            "unknown-node",
            "{\"event\":\"enter\",\"node\":\"Z\"}\n".into(),
            "line 1: node \"Z\" is not a position of this lesson",
        ),
        (
            "bad-field",
            format!("{enter}\n{{\"event\":\"return\",\"node\":\"a\",\"valeu\":1}}\n"),
            "line 2: return has no field \"valeu\"",
        ),
        ("empty", "\n\n".into(), "no events"),
    ];
    for (name, body, says) in cases {
        let file = temp(&format!("{name}.jsonl"), &body);
        let o = check(&file, "002-pitfalls", "negamax");
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(file.to_str().unwrap()), "{name}: {err}");
        assert!(err.contains(says), "{name}: {err}");
    }
    let gone = temp("x", "").with_file_name("not-there.jsonl");
    let o = check(&gone, "002-pitfalls", "negamax");
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.contains("not-there.jsonl") && err.contains("No such file"),
        "{err}"
    );
}

#[test]
fn no_control_character_from_the_file_reaches_the_terminal() {
    let file = temp(
        "escape.jsonl",
        "{\"event\":\"enter\",\"node\":\"\\u001b[2J\\u0007evil\"}\n",
    );
    let o = check(&file, "002-pitfalls", "negamax");
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(!err.chars().any(|c| c.is_control() && c != '\n'), "{err:?}");
    assert!(err.contains("evil"), "{err}");
}

#[test]
fn a_run_the_schema_does_not_cover_is_refused_by_name() {
    let o = prune()
        .args([
            "check",
            "--print",
            "000-worked-tree",
            "--run",
            "interrupted",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("stops on its budget of 7 calls"));
    let o = prune()
        .args(["check", "--print", "004-chance-coin"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("prune check compares"),
        "{}",
        text(&o.stderr)
    );
}

/// The boards one move from `board` ("XOX/.O./..."), by the rules of tic-tac-toe written
/// here: X moves when the marks are even, on any empty square, unless a line is complete.
fn ttt_children(board: &str) -> Vec<String> {
    let cells: Vec<char> = board.chars().filter(|c| *c != '/').collect();
    let won = |c: char| (common::ttt::LINES.iter()).any(|l| l.iter().all(|&i| cells[i] == c));
    if won('X') || won('O') {
        return Vec::new();
    }
    let xs = cells.iter().filter(|&&c| c == 'X').count();
    let os = cells.iter().filter(|&&c| c == 'O').count();
    let mover = if xs == os { 'X' } else { 'O' };
    (0..9)
        .filter(|&i| cells[i] == '.')
        .map(|i| {
            let mut next = cells.clone();
            next[i] = mover;
            let rows: Vec<String> = next.chunks(3).map(|r| r.iter().collect()).collect();
            rows.join("/")
        })
        .collect()
}

/// A student's engine that goes to a legal board prune's own run never reached is compared,
/// not refused: the file is read, and the verdict names where it parts from prune's run.
#[test]
fn a_legal_board_the_run_never_reached_is_compared() {
    let print = prune()
        .args([
            "check",
            "--print",
            "004-tictactoe-block",
            "--run",
            "alpha-beta",
        ])
        .output()
        .unwrap();
    assert_eq!(print.status.code(), Some(0), "{}", text(&print.stderr));
    let lines: Vec<String> = text(&print.stdout).lines().map(str::to_string).collect();
    let node = |l: &str| -> String {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        v["node"].as_str().unwrap().to_string()
    };
    let reached: std::collections::BTreeSet<String> = lines.iter().map(|l| node(l)).collect();
    // The first entered board with a legal child the run never entered (a pruned one).
    let (at, unreached) = (lines.iter().enumerate())
        .filter(|(_, l)| l.contains("\"enter\""))
        .find_map(|(i, l)| {
            let missing = ttt_children(&node(l))
                .into_iter()
                .find(|c| !reached.contains(c))?;
            Some((i, missing))
        })
        .expect("alpha-beta prunes some board of this lesson");
    let mut file = lines[..=at].to_vec();
    file.push(format!(
        "{{\"event\":\"enter\",\"node\":\"{unreached}\",\"depth\":1,\"alpha\":\"-inf\",\"beta\":\"inf\"}}"
    ));
    file.push(format!(
        "{{\"event\":\"return\",\"node\":\"{unreached}\",\"value\":0,\"move\":null}}"
    ));
    file.extend_from_slice(&lines[at + 1..]);
    let path = temp("unreached.jsonl", &(file.join("\n") + "\n"));
    let o = check(&path, "004-tictactoe-block", "alpha-beta");
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(!err.contains("not a position"), "{err}");
    assert!(out.contains(&unreached), "{out}");
}

/// A name the game cannot read is one line with the line number and an example of the
/// game's notation.
#[test]
fn an_unreadable_board_says_how_boards_are_written() {
    let path = temp(
        "bad-board.jsonl",
        "{\"event\":\"enter\",\"node\":\"XOX/.O\",\"depth\":1}\n",
    );
    let o = check(&path, "004-tictactoe-block", "alpha-beta");
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("line 1: node \"XOX/.O\" is not a position"),
        "{err}"
    );
    assert!(err.contains("XO./.X./..."), "{err}");
}

/// Issue 35, item 7: a weighted lesson has fractional scores and no chance node; the refusal
/// names the fractions, and a chance lesson's still names its chance nodes.
#[test]
fn the_refusal_of_fractional_scores_names_what_makes_them() {
    let out = prune()
        .args(["check", "--print", "004-eval-two-features"])
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("scores are fractions"), "{err}");
    assert!(!err.contains("chance"), "{err}");
    let out = prune()
        .args([
            "check",
            "--print",
            "004-chance-coin",
            "--run",
            "expectiminimax",
        ])
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("chance nodes average"), "{err}");
}

/// Python's `json.dumps(float('-inf'))` writes a bare `-Infinity`: read as −∞. The shipped
/// example written so checks clean and sound.
#[test]
fn bare_infinities_are_read() {
    let example = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/check-example.jsonl");
    let body = std::fs::read_to_string(example)
        .unwrap()
        .replace("\"-inf\"", "-Infinity")
        .replace("\"inf\"", "Infinity");
    assert!(body.contains("-Infinity"));
    let file = temp("python.jsonl", &body);
    let o = check(&file, "002-two-branch-cutoff", "alpha-beta");
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(out.contains("python.jsonl is sound"), "{out}");
    assert!(out.contains("checks clean"), "{out}");
}

/// The misconception sentence lower-cases a description's first word unless it is a name:
/// "when a call returns …", "when MAX and MIN are swapped …".
#[test]
fn the_misconception_sentence_reads_in_lower_case() {
    use prune::search::Pitfall;
    assert_eq!(
        prune::check::when(Pitfall::FailHard),
        "a call returns its value clamped into its window instead of as it is"
    );
    assert_eq!(
        prune::check::when(Pitfall::AlphaNotPassed),
        "each child is searched with its parent's original window, not the improved α and β"
    );
    assert!(prune::check::when(Pitfall::SidesSwapped).starts_with("MAX and MIN"));
}

/// A root window other than (−∞, +∞) is read from the file's first enter: the run it is
/// compared with is made with that window, and the convention is named.
#[test]
fn a_root_window_is_given_or_read() {
    let example = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/check-example.jsonl");
    let body = std::fs::read_to_string(example).unwrap();
    let first = body.lines().next().unwrap();
    let narrowed = first.replace(r#""alpha":"-inf","beta":"inf""#, r#""alpha":-1,"beta":9"#);
    assert_ne!(first, narrowed);
    let file = temp("window.jsonl", &body.replacen(first, &narrowed, 1));
    let o = check(&file, "002-two-branch-cutoff", "alpha-beta");
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    assert!(out.contains("read with: the root window (-1, 9)"), "{out}");
    // The same window given with --window: the run is made with it, and nothing is read.
    let o = prune()
        .args(["check"])
        .arg(&file)
        .args([
            "--against",
            "002-two-branch-cutoff",
            "--run",
            "alpha-beta",
            "--window=-1,9",
        ])
        .output()
        .unwrap();
    let given = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{given}");
    assert!(!given.contains("read with"), "{given}");
    // The run's root now enters with (-1, 9), as the file's does: they part later, if at all.
    assert!(!given.contains("at line 1,"), "{given}");
}
