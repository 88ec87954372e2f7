//! `prune run` end to end: every run option the command line offers, checked against the
//! test's own oracle (`common::model`) on the built-in lessons and on generated graph files.

mod common;

use common::model::{Family, Model, Oracle, generate};
use common::{repo, run_prune};
use prune::rng::Rng;
use serde_json::{Value, json};

fn write_model(m: &Model, path: &std::path::Path) {
    let nodes: Vec<Value> = (0..m.len())
        .map(|s| {
            let moves: Vec<Value> = m.moves[s]
                .iter()
                .map(|&(c, t)| json!({"child": c, "tactical": t}))
                .collect();
            json!({"player": if m.max[s] {"MAX"} else {"MIN"}, "score": m.score[s], "moves": moves})
        })
        .collect();
    std::fs::write(path, json!({ "nodes": nodes }).to_string()).unwrap();
}

fn run_json(args: &[&str]) -> Value {
    let mut full = vec!["run"];
    full.extend_from_slice(args);
    full.push("--json");
    let (code, out, err) = run_prune(&full);
    assert_eq!(code, Some(0), "prune {full:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// Checks one `run --json` result against the oracle for a full-window run.
fn check(m: &Model, file: &str, depth: u8, q: u8, extra: &[&str]) {
    let (d, qs) = (depth.to_string(), q.to_string());
    let mut args = vec![file, "--depth", &d, "--qlimit", &qs];
    args.extend_from_slice(extra);
    let v = run_json(&args);
    let oracle = Oracle::new(m, depth as usize, q as usize);
    let ctx = format!("prune run {}", args.join(" "));
    assert_eq!(v["status"], "COMPLETE", "{ctx}");
    let history = v["history"].as_array().unwrap();
    let deepening = !extra.windows(2).any(|w| w == ["--id", "off"]);
    let first = if deepening { 1 } else { depth };
    assert_eq!(history.len(), (depth - first + 1) as usize, "{ctx}");
    for (p, pass) in history.iter().zip(first..=depth) {
        assert_eq!(p["depth"], pass, "{ctx}");
        assert_eq!(p["code"], "DONE", "{ctx}");
        let score = p["score"].as_i64().unwrap() as i32;
        assert_eq!(
            score,
            oracle.value(0, pass as usize, q as usize),
            "{ctx}: pass {pass}"
        );
        let mv = p["move"].as_i64().unwrap();
        if m.moves[0].is_empty() {
            assert_eq!(mv, -1, "{ctx}");
        } else {
            let child = m.moves[0][mv as usize].0;
            assert_eq!(
                oracle.value(child, pass as usize - 1, q as usize),
                score,
                "{ctx}"
            );
        }
    }
    if extra.contains(&"minimax") {
        assert_eq!(v["stats"]["cutoffs"], 0, "{ctx}");
        assert_eq!(v["stats"]["tt_hits"], 0, "{ctx}");
        let calls: u64 = (first..=depth)
            .map(|p| oracle.calls(0, p as usize, q as usize))
            .sum();
        assert_eq!(
            v["stats"]["nodes"], calls,
            "{ctx}: minimax visits the whole tree"
        );
    }
}

/// The option combinations each graph is run with.
const VARIANTS: [&[&str]; 10] = [
    &[],
    &["--tt", "off"],
    &["--ordering", "on"],
    &["--tt", "off", "--ordering", "on"],
    &["--cut", "gt"],
    &["--cut", "gt", "--ordering", "on", "--tt", "on"],
    &["--id", "off"],
    &["--id", "off", "--cut", "gt", "--tt", "off"],
    &["--algorithm", "minimax"],
    &["--algorithm", "minimax", "--ordering", "on", "--id", "off"],
];

#[test]
fn builtin_lessons_agree_with_the_oracle_under_every_option() {
    let mut checked = 0;
    for entry in std::fs::read_dir(repo().join("lessons")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let lesson: Value = serde_json::from_str(&text).unwrap();
        let Some(m) = Model::from_json(&lesson["graph"]) else {
            continue; // textbook trees without inner scores are not seed-000 models
        };
        let file = path.display().to_string();
        for depth in 1..=4 {
            for q in [0, 1, 3] {
                for extra in VARIANTS {
                    check(&m, &file, depth, q, extra);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 4 * 4 * 3 * 10, "all four seed lessons checked");
}

#[test]
fn generated_graph_files_agree_with_the_oracle() {
    let dir = std::env::temp_dir().join(format!("prune-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng::new(0xc11);
    for i in 0..24 {
        let family = [Family::Tiny, Family::Dag, Family::Layered][i % 3];
        let m = generate(&mut rng, family);
        let path = dir.join(format!("g{i}.json"));
        write_model(&m, &path);
        let file = path.display().to_string();
        let depth = rng.range(1, 3) as u8;
        let q = rng.range(0, 2) as u8;
        for extra in VARIANTS {
            check(&m, &file, depth, q, extra);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn root_windows_return_bounds_outside_and_exact_values_inside() {
    // The worked tree's depth-2 value is 3 (seed 000). With the ge rule a true value t inside
    // (lo, hi) comes back exactly; t <= lo fails low to some v in [t, lo]; t >= hi fails high
    // to some v in [hi, t]. The gt rule counts the edges as inside.
    let file = repo()
        .join("lessons/000-worked-tree.json")
        .display()
        .to_string();
    let t = 3;
    for (lo, hi) in [
        (-9, 9),
        (2, 5),
        (3, 5),
        (-5, 3),
        (4, 9),
        (-9, 1),
        (3, 4),
        (2, 3),
    ] {
        for cut in ["ge", "gt"] {
            let window = format!("--window={lo},{hi}");
            let v = run_json(&[&file, "--run", "worked", &window, "--cut", cut]);
            let score = v["score"].as_i64().unwrap();
            let inside = if cut == "ge" {
                lo < t && t < hi
            } else {
                lo <= t && t <= hi
            };
            let allowed = if inside {
                t..=t
            } else if t <= lo {
                t..=lo
            } else {
                hi..=t
            };
            assert!(
                allowed.contains(&score),
                "{window} --cut {cut}: score {score}, expected within {allowed:?}"
            );
            assert_eq!(v["status"], "COMPLETE");
        }
    }
}

#[test]
fn budgets_give_the_seed_statuses() {
    // The worked tree's passes cost 4 and 8 calls (seed 000).
    for (budget, status, depth, score, mv) in [
        ("1", "NO_COMPLETED_DEPTH", 0, 0, -1),
        ("3", "NO_COMPLETED_DEPTH", 0, 0, -1),
        ("4", "PARTIAL", 1, 4, 2),
        ("11", "PARTIAL", 1, 4, 2),
        ("12", "COMPLETE", 2, 3, 0),
    ] {
        let v = run_json(&["000-worked-tree", "--depth", "2", "--budget", budget]);
        assert_eq!(v["status"], status, "budget {budget}");
        assert_eq!(
            (v["depth"].as_i64(), v["score"].as_i64(), v["move"].as_i64()),
            (Some(depth), Some(score), Some(mv)),
            "budget {budget}"
        );
        assert!(v["stats"]["nodes"].as_u64().unwrap() <= budget.parse().unwrap());
    }
}

#[test]
fn help_version_and_lessons() {
    for args in [&["--help"][..], &["--version"], &["run", "--help"]] {
        let (code, out, _) = run_prune(args);
        assert_eq!(code, Some(0), "{args:?}");
        assert!(!out.is_empty(), "{args:?}");
    }
    let (code, out, _) = run_prune(&["lessons"]);
    assert_eq!(code, Some(0));
    for name in [
        "000-worked-tree",
        "000-transposition",
        "000-tactical",
        "000-terminal-root",
    ] {
        assert!(out.contains(name), "lessons lists {name}");
    }
    // Without --run the first preset runs under the lesson's name.
    let (code, out, _) = run_prune(&["run", "000-worked-tree"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out.lines().next(),
        Some("000-worked-tree: COMPLETE, depth=2, score=3, move=0")
    );
}

#[test]
fn a_bare_graph_needs_a_depth() {
    let dir = std::env::temp_dir().join(format!("prune-cli-bare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bare.json");
    std::fs::write(&path, r#"{"nodes": [{"player": "MAX", "score": 5}]}"#).unwrap();
    let (code, out, err) = run_prune(&["run", &path.display().to_string()]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty());
    assert!(err.contains("--depth is required"), "{err}");
    let v = run_json(&[&path.display().to_string(), "--depth", "3"]);
    assert_eq!(
        (v["score"].as_i64(), v["move"].as_i64()),
        (Some(5), Some(-1))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn minus_zero_is_the_integer_score_zero() {
    // JSON's `-0` is an integer literal (serde_json hands it over as the float -0.0).
    let dir = std::env::temp_dir().join(format!("prune-cli-zero-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("zero.json");
    std::fs::write(
        &path,
        r#"{"nodes": [{"player": "MAX", "score": 0, "moves": [{"child": 1}]}, {"player": "MIN", "score": -0}]}"#,
    )
    .unwrap();
    let v = run_json(&[&path.display().to_string(), "--depth", "1"]);
    assert_eq!(
        (v["score"].as_i64(), v["move"].as_i64()),
        (Some(0), Some(0))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
