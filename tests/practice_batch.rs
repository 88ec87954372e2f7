//! `prune practice grade SET answers/*.json`: a class graded at once. Three answer files:
//! one right (the set's own key), one wrong on a window item (the grader must name that
//! item's node), one that is not JSON (named with its line and column, the others graded).

mod common;

use std::path::{Path, PathBuf};

use common::run_prune;
use serde_json::Value;

struct Class {
    dir: PathBuf,
    set: String,
    /// The set's item ids, in order.
    ids: Vec<String>,
    /// The window item bob gets wrong, and the node it asks about.
    missed: String,
    node: String,
}

impl Drop for Class {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Class {
    fn file(&self, name: &str) -> String {
        self.dir.join(name).display().to_string()
    }

    fn answers(&self) -> Vec<String> {
        ["alice.json", "bob.json", "carol.json"]
            .iter()
            .map(|f| self.file(f))
            .collect()
    }

    fn grade(&self, extra: &[&str]) -> (Option<i32>, String, String) {
        let mut args = vec!["practice".to_string(), "grade".into(), self.set.clone()];
        args.extend(self.answers());
        args.extend(extra.iter().map(|s| s.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_prune(&args)
    }
}

fn ok(args: &[&str]) -> String {
    let (code, out, err) = run_prune(args);
    assert_eq!(code, Some(0), "{args:?}: {err}");
    out
}

fn class(tag: &str) -> Class {
    let dir = std::env::temp_dir().join(format!("prune-batch-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("set.json").display().to_string();
    let exported = ok(&[
        "practice",
        "export",
        "--seed",
        "7",
        "--count",
        "4",
        "--kinds",
        "window,decision",
    ]);
    std::fs::write(&set, &exported).unwrap();
    let items: Value = serde_json::from_str(&exported).unwrap();
    let items = items["items"].as_array().unwrap();
    let ids: Vec<String> = items
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_string())
        .collect();
    let window = items.iter().find(|i| i["kind"] == "window").unwrap();
    let missed = window["id"].as_str().unwrap().to_string();
    let node = window["node"].as_str().unwrap().to_string();

    // The right answers come from the set's own key.
    let key_text = ok(&["practice", "key", &set]);
    let key: serde_json::Map<String, Value> = serde_json::from_str(&key_text).unwrap();
    std::fs::write(dir.join("alice.json"), &key_text).unwrap();
    // Scores in generated trees stay within -9..=20, so no node receives this window.
    let mut wrong = key.clone();
    wrong.insert(missed.clone(), Value::from("100 200"));
    std::fs::write(
        dir.join("bob.json"),
        serde_json::to_string(&Value::Object(wrong)).unwrap(),
    )
    .unwrap();
    // Line 2, column 3 is the `o` where a ',' or '}' must be.
    std::fs::write(dir.join("carol.json"), "{\"x\": \"1\"\n  oops}\n").unwrap();
    Class {
        dir,
        set,
        ids,
        missed,
        node,
    }
}

#[test]
fn text_names_totals_the_failed_file_and_the_most_missed_item_and_node() {
    let c = class("text");
    let n = c.ids.len();
    let (code, out, err) = c.grade(&[]);
    assert_eq!(
        code,
        Some(1),
        "a file that failed shows in the exit code: {err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("carol.json: line 2, column 3"),
        "the malformed file is named with its place: {err}"
    );
    let line_of = |who: &str| {
        out.lines()
            .find(|l| l.split_whitespace().next() == Some(who))
            .unwrap_or_else(|| panic!("no line for {who}:\n{out}"))
            .to_string()
    };
    assert!(line_of("alice").contains(&format!("{n}/{n}")), "{out}");
    let bob = line_of("bob");
    assert!(bob.contains(&format!("{}/{n}", n - 1)), "{out}");
    assert!(
        bob.contains(&format!("{} (at {})", c.missed, c.node)),
        "{out}"
    );
    assert!(line_of("carol").contains("not graded"), "{out}");
    assert!(
        out.contains(&format!(
            "most missed: {}, wrong for 1 of 2 students, most often at node {} (1 of 1)",
            c.missed, c.node
        )),
        "{out}"
    );
}

#[test]
fn json_has_the_same_totals_and_summary() {
    let c = class("json");
    let n = c.ids.len();
    let (code, out, _) = c.grade(&["--json"]);
    assert_eq!(code, Some(1));
    let v: Value = serde_json::from_str(&out).unwrap();
    let students = v["students"].as_array().unwrap();
    assert_eq!(students.len(), 2);
    assert_eq!(students[0]["student"], "alice");
    assert_eq!(students[0]["correct"], n);
    assert_eq!(students[1]["student"], "bob");
    assert_eq!(students[1]["correct"], n - 1);
    assert_eq!(v["failed"][0]["student"], "carol");
    assert_eq!(v["failed"][0]["line"], 2);
    assert_eq!(v["failed"][0]["column"], 3);
    assert_eq!(v["most_missed"], c.missed.as_str());
    let item = v["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == c.missed.as_str())
        .unwrap();
    assert_eq!(
        (item["right"].clone(), item["wrong"].clone()),
        (1.into(), 1.into())
    );
    assert_eq!(item["nodes"][0]["node"], c.node.as_str());
}

#[test]
fn csv_parses_with_one_row_per_file_and_the_right_cells() {
    let c = class("csv");
    let n = c.ids.len();
    let (code, out, _) = c.grade(&["--csv"]);
    assert_eq!(code, Some(1));
    let mut reader = csv::Reader::from_reader(out.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    let mut want = vec!["student", "file", "correct", "total"]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>();
    want.extend(c.ids.iter().cloned());
    want.push("error".into());
    assert_eq!(header, want);
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    assert_eq!(rows.len(), 3);
    let cell = |row: &csv::StringRecord, column: &str| {
        row[header.iter().position(|h| h == column).unwrap()].to_string()
    };
    let (alice, bob, carol) = (&rows[0], &rows[1], &rows[2]);
    assert_eq!(cell(alice, "student"), "alice");
    assert_eq!(cell(alice, "correct"), n.to_string());
    assert_eq!(cell(alice, "total"), n.to_string());
    assert!(c.ids.iter().all(|id| cell(alice, id) == "1"));
    assert_eq!(cell(bob, "correct"), (n - 1).to_string());
    for id in &c.ids {
        let want = if *id == c.missed { "0" } else { "1" };
        assert_eq!(cell(bob, id), want, "bob, item {id}");
    }
    assert_eq!(cell(bob, "error"), "");
    assert_eq!(cell(carol, "student"), "carol");
    assert_eq!(cell(carol, "correct"), "");
    // The error holds a comma, so it only survives as one cell if it was quoted.
    assert!(cell(carol, "error").contains("line 2, column 3"), "{out}");
}

#[test]
fn one_answer_file_keeps_the_single_report() {
    let c = class("one");
    let n = c.ids.len();
    let out = ok(&["practice", "grade", &c.set, &c.file("alice.json")]);
    let want: String = c
        .ids
        .iter()
        .map(|id| format!("{id}: correct\n"))
        .chain([format!("total: {n}/{n}\n")])
        .collect();
    assert_eq!(out, want);
    let json: Value = serde_json::from_str(&ok(&[
        "practice",
        "grade",
        &c.set,
        &c.file("bob.json"),
        "--json",
    ]))
    .unwrap();
    assert_eq!(json["correct"], n - 1);
    assert_eq!(json["total"], n);
    assert!(json["verdicts"].is_array());
    // A single malformed file is still the one-line error it always was.
    common::assert_one_line_error(
        &["practice", "grade", &c.set, &c.file("carol.json")],
        "line 2, column 3",
    );
}

#[test]
fn a_missing_answer_file_is_named_and_the_rest_graded() {
    let c = class("missing");
    let gone = c.file("dave.json");
    let (code, out, err) = run_prune(&["practice", "grade", &c.set, &c.file("alice.json"), &gone]);
    assert_eq!(code, Some(1));
    assert!(err.contains(&gone), "{err}");
    assert!(Path::new(&c.set).exists());
    assert!(
        out.contains("most missed: none (every graded answer is right)"),
        "{out}"
    );
}

/// Issue 34, item 15: an answer file that cannot be read is reported on stderr as an error
/// ("prune: error: …", as every other refusal), and a most-missed item chosen from a tie
/// says it was a tie and with which items.
#[test]
fn unreadable_files_are_errors_and_a_tie_for_most_missed_is_said() {
    let c = class("tie");
    let (_, _, err) = c.grade(&[]);
    assert!(
        err.starts_with("prune: error: ") && err.contains("carol.json"),
        "{err}"
    );
    // Bob now also misses a second item: both are wrong for one student of two.
    let bob = c.dir.join("bob.json");
    let mut answers: serde_json::Map<String, Value> =
        serde_json::from_str(&std::fs::read_to_string(&bob).unwrap()).unwrap();
    let second = c.ids.iter().find(|id| **id != c.missed).unwrap().clone();
    answers.insert(second.clone(), Value::from("no answer at all"));
    std::fs::write(
        &bob,
        serde_json::to_string(&Value::Object(answers)).unwrap(),
    )
    .unwrap();
    let (_, out, _) = c.grade(&[]);
    // The first of the two in the set's order is named, the other as tied.
    let pos = |id: &str| c.ids.iter().position(|i| i == id).unwrap();
    let (first, other) = if pos(&c.missed) < pos(&second) {
        (c.missed.clone(), second.clone())
    } else {
        (second.clone(), c.missed.clone())
    };
    assert!(
        out.contains(&format!(
            "most missed: {first}, wrong for 1 of 2 students (tied with {other}; the first in the set is named)"
        )),
        "{out}"
    );
}
