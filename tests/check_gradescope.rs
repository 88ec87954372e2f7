//! `prune check --format gradescope`: the results file's tests and their partial credit,
//! against a grader written here. The right engine of `common/engine.rs` prints prune's run
//! line for line; a wrong one's credit per kind is the share of the right file's lines of that
//! kind, reduced to the fields the kind grades, that agree with the wrong file's before the
//! first that differs.

#[path = "common/engine.rs"]
mod engine;

use engine::{Engine, Graph, Mistake, Preset};
use prune::check::{self, Against};
use prune::lesson::Lesson;
use serde_json::{Map, Value};

fn lesson_json(name: &str) -> Value {
    let path = format!("{}/lessons/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn lines(text: &str) -> Vec<Map<String, Value>> {
    text.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|v| v.as_object().unwrap().clone())
        .collect()
}

/// The lines of `events`, with only `fields` kept.
fn reduced(all: &[Map<String, Value>], events: &[&str], fields: &[&str]) -> Vec<Value> {
    all.iter()
        .filter(|l| events.contains(&l["event"].as_str().unwrap()))
        .map(|l| {
            let kept: Map<String, Value> = (l.iter())
                .filter(|(k, _)| *k == "event" || *k == "node" || fields.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            Value::Object(kept)
        })
        .collect()
}

/// The share of `right`'s lines that agree with `wrong`'s before the first difference.
fn share(right: &[Value], wrong: &[Value]) -> f64 {
    let agree = right.iter().zip(wrong).take_while(|(a, b)| a == b).count();
    agree as f64 / right.len() as f64
}

/// What the grader here expects of each test, by name.
fn expected(right: &str, wrong: &str) -> Vec<(&'static str, f64)> {
    let (r, w) = (lines(right), lines(wrong));
    let mut out = vec![];
    let kinds: [(&str, &[&str], &[&str]); 4] = [
        ("calls", &["enter"], &["depth", "q"]),
        (
            "windows",
            &["enter", "window", "cutoff"],
            &["alpha", "beta"],
        ),
        ("values", &["return"], &["value"]),
        (
            "stores",
            &["store"],
            &["depth", "q", "value", "flag", "move"],
        ),
    ];
    for (name, events, fields) in kinds {
        let right = reduced(&r, events, fields);
        if !right.is_empty() {
            out.push((name, share(&right, &reduced(&w, events, fields))));
        }
    }
    out
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn graded(name: &str, run: &str, text: &str) -> (Against, check::Verdict, Value) {
    let mut against = Against::new(Lesson::open(name).unwrap(), Some(run)).unwrap();
    let given = against.parse("engine.jsonl", text).unwrap();
    let v = check::check_with(&against, given, false);
    let report = check::gradescope::report(&against, "engine.jsonl", &v);
    (against, v, report)
}

fn test<'a>(report: &'a Value, name: &str) -> Option<&'a Value> {
    report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
}

#[test]
fn each_kind_gets_the_share_of_the_run_that_agrees_before_its_first_difference() {
    let mistakes = [
        Mistake::None,
        Mistake::FailHard,
        Mistake::StoreExact,
        Mistake::SidesSwapped,
        Mistake::AlphaNotPassed,
        Mistake::RightToLeft,
    ];
    let (mut files, mut partial) = (0, 0);
    for name in prune::lesson::builtin_names() {
        let json = lesson_json(name);
        let Some(graph) = Graph::of_lesson(&json) else {
            continue;
        };
        for run in json["runs"].as_array().unwrap() {
            let preset = Preset::of(run);
            let run_name = run["name"].as_str().unwrap();
            if preset.unsupported.is_some()
                || Against::new(Lesson::open(name).unwrap(), Some(run_name)).is_err()
            {
                continue;
            }
            let right = Engine::new(&graph, preset.clone(), Mistake::None).run();
            for mistake in mistakes {
                let wrong = Engine::new(&graph, preset.clone(), mistake).run();
                let (_, v, report) = graded(name, run_name, &wrong);
                let case = format!("{name} / {run_name} / {mistake:?}");
                let mut total = 0.0;
                for (kind, share) in expected(&right, &wrong) {
                    let t = test(&report, kind).unwrap_or_else(|| panic!("{case}: no {kind}"));
                    assert_eq!(
                        t["score"].as_f64(),
                        Some(round(share)),
                        "{case}: {kind} {t}"
                    );
                    assert_eq!(t["max_score"].as_f64(), Some(1.0), "{case}");
                    let status = if share >= 1.0 { "passed" } else { "failed" };
                    assert_eq!(t["status"], status, "{case}: {kind}");
                    partial += usize::from(share > 0.0 && share < 1.0);
                    total += round(share);
                }
                // A run without a table grades no stores.
                if !right.contains("\"store\"") {
                    assert!(test(&report, "stores").is_none(), "{case}");
                }
                let sound = test(&report, "promises kept (sound)").unwrap();
                assert_eq!(
                    sound["score"].as_f64(),
                    Some(f64::from(u8::from(v.sound())))
                );
                let root = test(&report, "root move").unwrap();
                total += root["score"].as_f64().unwrap() + sound["score"].as_f64().unwrap();
                assert_eq!(report["score"].as_f64(), Some(round(total)), "{case}");
                if mistake == Mistake::None {
                    let failed: Vec<&Value> = (report["tests"].as_array().unwrap().iter())
                        .filter(|t| t["status"] != "passed")
                        .collect();
                    assert!(failed.is_empty(), "{case}: {failed:?}");
                }
                files += 1;
            }
        }
    }
    assert!(files >= 150, "only {files} files graded");
    assert!(partial >= 20, "only {partial} partial credits");
}

/// The root move: prune's, or another as good where the file is sound; a wrong one scores 0.
#[test]
fn the_root_move_counts_when_it_is_prunes_or_proved_as_good() {
    let json = lesson_json("003-alphabeta-trace");
    let graph = Graph::of_lesson(&json).unwrap();
    let run = &json["runs"][0];
    let right = Engine::new(&graph, Preset::of(run), Mistake::None).run();
    let (_, _, report) = graded("003-alphabeta-trace", "alpha-beta", &right);
    let root = test(&report, "root move").unwrap();
    assert_eq!(root["score"].as_f64(), Some(1.0));
    // The root R moves to A (move 0) for 2; B is worth 1 at most, so move 1 is wrong.
    let last = right.lines().last().unwrap();
    assert!(
        last.contains("\"node\":\"R\"") && last.contains("\"move\":0"),
        "{last}"
    );
    let moved = right.replace(last, &last.replace("\"move\":0", "\"move\":1"));
    let (_, v, report) = graded("003-alphabeta-trace", "alpha-beta", &moved);
    assert!(!v.sound());
    let root = test(&report, "root move").unwrap();
    assert_eq!(root["score"].as_f64(), Some(0.0), "{root}");
    assert!(
        root["output"].as_str().unwrap().contains("move 1"),
        "{root}"
    );
    // Every other kind still agrees: the values are right.
    assert_eq!(
        test(&report, "values").unwrap()["score"].as_f64(),
        Some(1.0)
    );
}

/// A file without stores on a run with a table: the stores test is there and scores 0.
#[test]
fn a_file_that_prints_no_stores_gets_nothing_for_them() {
    let json = lesson_json("000-worked-tree");
    let graph = Graph::of_lesson(&json).unwrap();
    let run = &json["runs"][0];
    let right = Engine::new(&graph, Preset::of(run), Mistake::None).run();
    assert!(right.contains("\"store\""));
    let without: String = (right.lines())
        .filter(|l| !l.contains("\"event\":\"store\""))
        .map(|l| format!("{l}\n"))
        .collect();
    let name = run["name"].as_str().unwrap();
    let (_, _, report) = graded("000-worked-tree", name, &without);
    let stores = test(&report, "stores").unwrap();
    assert_eq!(stores["score"].as_f64(), Some(0.0), "{stores}");
    assert!(
        stores["output"]
            .as_str()
            .unwrap()
            .starts_with("your file prints no store lines"),
        "{stores}"
    );
    assert_eq!(test(&report, "calls").unwrap()["score"].as_f64(), Some(1.0));
}
