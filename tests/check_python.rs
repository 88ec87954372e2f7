//! The Python tracing helper in `assets/`: an alpha-beta written in Python with its decorator
//! and helpers prints files that `prune check` reads as prune's own run (clean and sound), and
//! the same engine with MIN and MAX swapped below the root is unsound at the line the test's
//! own minimax predicts. `.ci/run` installs python3 where it is missing.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

mod common;

use common::prune;

/// A plain alpha-beta over a lesson's graph, traced with the helper. `SWAP` set: MAX and
/// MIN swapped below the root.
const ENGINE: &str = r#"
import json, math, os, sys
sys.path.insert(0, sys.argv[3])
from prune_trace import traced, window, cutoff

nodes = json.load(open(sys.argv[1]))["graph"]["nodes"]
swap = os.environ.get("SWAP") == "1"

def name(s):
    return nodes[s].get("label", s)

@traced(node=lambda s: name(s), depth="depth", alpha="alpha", beta="beta")
def alphabeta(s, depth, alpha, beta, root=False):
    n = nodes[s]
    if not n.get("moves") or depth == 0:
        return n["score"], None
    top = n["player"] == "MAX"
    if swap and not root:
        top = not top
    best, best_move = (-math.inf if top else math.inf), None
    for i, m in enumerate(n["moves"]):
        v, _ = alphabeta(m["child"], depth - 1, alpha, beta)
        if (top and v > best) or (not top and v < best):
            best, best_move = v, i
        if top and best > alpha:
            alpha = best
            window(name(s), alpha, beta)
        if not top and best < beta:
            beta = best
            window(name(s), alpha, beta)
        if alpha >= beta:
            cutoff(name(s), alpha, beta, i)
            break
    return best, best_move

alphabeta(0, int(sys.argv[2]), -math.inf, math.inf, root=True)
"#;

fn dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("prune-python-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn lesson_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("lessons/{name}.json"))
}

/// Runs the Python engine on a lesson's graph and returns the file it printed.
fn trace(lesson: &str, depth: u32, swap: bool) -> PathBuf {
    let d = dir();
    let engine = d.join("engine.py");
    std::fs::write(&engine, ENGINE).unwrap();
    let out = d.join(format!("{lesson}-{swap}.jsonl"));
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let status = Command::new("python3")
        .arg(&engine)
        .arg(lesson_path(lesson))
        .arg(depth.to_string())
        .arg(&assets)
        .env("SWAP", if swap { "1" } else { "0" })
        .env("PRUNE_TRACE", &out)
        .status()
        .expect("python3 runs (.ci/run installs it)");
    assert!(status.success(), "{lesson}: the Python engine failed");
    out
}

/// The value of a graph node by plain minimax, MAX and MIN swapped below the root when `swap`.
fn minimax(nodes: &[Value], s: usize, depth: u32, top: bool) -> i64 {
    let n = &nodes[s];
    let moves = n["moves"].as_array().filter(|m| !m.is_empty());
    let Some(moves) = moves.filter(|_| depth > 0) else {
        return n["score"].as_i64().unwrap();
    };
    let values = moves.iter().map(|m| {
        let child = m["child"].as_u64().unwrap() as usize;
        minimax(nodes, child, depth - 1, !top)
    });
    if top {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

const LESSONS: [&str; 3] = [
    "003-alphabeta-trace",
    "004-max-cutoff",
    "002-two-branch-cutoff",
];

/// The lesson's first preset and its depth.
fn preset(lesson: &str) -> (String, u32) {
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(lesson_path(lesson)).unwrap()).unwrap();
    let run = &json["runs"][0];
    (
        run["name"].as_str().unwrap().to_string(),
        run["depth"].as_u64().unwrap() as u32,
    )
}

#[test]
fn a_python_engine_traced_by_the_helper_checks_clean_and_sound() {
    for lesson in LESSONS {
        let (run, depth) = preset(lesson);
        let file = trace(lesson, depth, false);
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("\"alpha\": \"-inf\""), "{lesson}: {text}");
        let out = prune()
            .arg("check")
            .arg(&file)
            .args(["--against", lesson, "--run", &run])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{lesson}: {stdout}");
        assert!(stdout.contains(" is sound: "), "{lesson}: {stdout}");
        assert!(
            stdout.contains(" checks clean against "),
            "{lesson}: {stdout}"
        );
    }
}

/// The first return of `text` that breaks alpha-beta's promise about its node (a return at
/// or below α says the value is at most it, at or above β at least it, else exactly it),
/// against the test's own minimax.
fn first_broken_return(text: &str, nodes: &[Value]) -> Option<usize> {
    let index = |name: &Value| {
        (nodes.iter())
            .position(|n| n["label"] == *name)
            .unwrap_or_else(|| name.as_u64().unwrap() as usize)
    };
    let bound = |v: &Value| match v.as_str() {
        Some("inf") => i64::MAX,
        Some("-inf") => i64::MIN,
        _ => v.as_i64().unwrap(),
    };
    let mut stack = vec![];
    for (i, line) in text.lines().enumerate() {
        let l: Value = serde_json::from_str(line).unwrap();
        match l["event"].as_str().unwrap() {
            "enter" => stack.push((
                index(&l["node"]),
                l["depth"].as_u64().unwrap() as u32,
                bound(&l["alpha"]),
                bound(&l["beta"]),
            )),
            "return" => {
                let (s, depth, a, b) = stack.pop().unwrap();
                let top = nodes[s]["player"] == "MAX";
                let (t, v) = (minimax(nodes, s, depth, top), bound(&l["value"]));
                let holds = if v <= a {
                    t <= v
                } else if v >= b {
                    t >= v
                } else {
                    t == v
                };
                if !holds {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

#[test]
fn a_python_engine_with_the_sides_swapped_is_unsound_where_the_test_predicts() {
    let mut unsound = 0;
    for lesson in LESSONS {
        let (run, depth) = preset(lesson);
        let json: Value =
            serde_json::from_str(&std::fs::read_to_string(lesson_path(lesson)).unwrap()).unwrap();
        let nodes = json["graph"]["nodes"].as_array().unwrap();
        let file = trace(lesson, depth, true);
        let text = std::fs::read_to_string(&file).unwrap();
        let expected = first_broken_return(&text, nodes);
        let out = prune()
            .arg("check")
            .arg(&file)
            .args(["--against", lesson, "--run", &run, "--format", "json"])
            .output()
            .unwrap();
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        match expected {
            Some(line) => {
                assert_eq!(out.status.code(), Some(1), "{lesson}: {v}");
                assert_eq!(v["sound"], false, "{lesson}: {v}");
                assert_eq!(v["first_unsound"]["line"], line, "{lesson}: {v}\n{text}");
                assert_eq!(v["first_unsound"]["claim"], "return", "{lesson}: {v}");
            }
            None => assert_eq!(v["sound"], true, "{lesson}: {v}"),
        }
        unsound += usize::from(expected.is_some());
    }
    assert!(unsound >= 2, "only {unsound} lessons tell the swap apart");
}
