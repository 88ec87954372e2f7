//! The tree `prune check` offers when no named misconception explains a file: on it, the
//! suspected variant parts from the right search at the line it says, as the engines written
//! in `common/engine.rs` (the right one and the one with that slip) print them; and the command
//! writes it beside the file, where the right engine checks clean against it.

#[path = "common/engine.rs"]
mod engine;

mod common;

use engine::{Engine, Graph, Mistake, Preset};
use prune::check::distinguish;
use prune::lesson::Lesson;
use prune::search::Pitfall;
use serde_json::Value;

/// Each slip of the test's engine and the variant of the core that makes it.
const SLIPS: [(Mistake, &str); 7] = [
    (Mistake::CutStrict, "cut-strict"),
    (Mistake::FailHard, "fail-hard"),
    (Mistake::AlphaNotPassed, "alpha-not-passed"),
    (Mistake::SidesSwapped, "sides-swapped"),
    (Mistake::DepthPlusOne, "depth-plus-one"),
    (Mistake::DepthMinusOne, "depth-minus-one"),
    (Mistake::RightToLeft, "right-to-left"),
];

fn first_difference(a: &str, b: &str) -> Option<usize> {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let same = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    (same < a.len().max(b.len())).then_some(same + 1)
}

#[test]
fn on_the_offered_tree_the_variant_parts_where_it_says() {
    for lesson in [
        "003-alphabeta-trace",
        "002-two-branch-cutoff",
        "004-max-cutoff",
    ] {
        let l = Lesson::open(lesson).unwrap();
        for (mistake, name) in SLIPS {
            let pitfall = Pitfall::named(name).unwrap();
            let tree = distinguish::tree(&l, None, pitfall)
                .unwrap_or_else(|| panic!("{lesson}: no tree tells {name} apart"));
            let json: Value = serde_json::from_str(&tree.lesson).unwrap();
            let graph = Graph::of_lesson(&json).unwrap();
            let nodes = json["graph"]["nodes"].as_array().unwrap().len();
            assert_eq!(nodes, tree.nodes, "{lesson} / {name}");
            assert!(nodes <= 40, "{lesson} / {name}: {nodes} nodes");
            let preset = Preset::of(&json["runs"][0]);
            let right = Engine::new(&graph, preset.clone(), Mistake::None).run();
            let wrong = Engine::new(&graph, preset, mistake).run();
            assert_eq!(
                first_difference(&right, &wrong),
                Some(tree.parts_at),
                "{lesson} / {name}:\n{right}\n---\n{wrong}"
            );
        }
    }
}

#[test]
fn a_file_no_variant_explains_gets_a_tree_written_beside_it() {
    let dir = std::env::temp_dir().join(format!("prune-distinguish-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lesson = "003-alphabeta-trace";
    let right = common::prune()
        .args(["check", "--print", lesson, "--run", "alpha-beta"])
        .output()
        .unwrap();
    let right = String::from_utf8(right.stdout).unwrap();
    // A's return says 3 where the run's is 2 (no variant of the core makes that slip alone).
    let mine: String = right
        .lines()
        .map(|l| {
            if l.starts_with(r#"{"event":"return","node":"A","value":2"#) {
                l.replace("\"value\":2", "\"value\":3")
            } else {
                l.to_string()
            }
        })
        .map(|l| l + "\n")
        .collect();
    assert_ne!(mine, right);
    let file = dir.join("mine.jsonl");
    std::fs::write(&file, &mine).unwrap();
    let out = common::prune()
        .arg("check")
        .arg(&file)
        .args(["--against", lesson, "--run", "alpha-beta"])
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains("No named misconception explains your file line for line"),
        "{report}"
    );
    let written: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".tree.json"))
        .collect();
    assert_eq!(written.len(), 1, "{report}");
    let tree = &written[0];
    assert!(report.contains(&tree.display().to_string()), "{report}");
    // The right engine of this test checks clean against the tree offered.
    let json: Value = serde_json::from_str(&std::fs::read_to_string(tree).unwrap()).unwrap();
    let graph = Graph::of_lesson(&json).unwrap();
    let text = Engine::new(&graph, Preset::of(&json["runs"][0]), Mistake::None).run();
    let engine_file = dir.join("on-tree.jsonl");
    std::fs::write(&engine_file, text).unwrap();
    let out = common::prune()
        .arg("check")
        .arg(&engine_file)
        .arg("--against")
        .arg(tree)
        .output()
        .unwrap();
    let again = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{again}");
    assert!(again.contains(" checks clean against "), "{again}");
}
