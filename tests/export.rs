//! Exports (dot, md, jsonl, sexp) and s-expression import.
//!
//! Expected figures come from the seeds and from the textbook tree worked by hand, never from
//! what the program printed: the AIMA tree (((3)(12)(8))((2)(4)(6))((14)(5)(2))) has value 3 and
//! alpha-beta skips exactly two leaves (4 and 6 under the middle MIN node); seed 000's worked
//! tree has value 3 by move 0, 12 calls and 2 cutoffs, and skips two of its six leaves.

#[path = "../fuzz/harness.rs"]
mod harness;

use std::process::{Command, Stdio};

use prune::export::sexp::{self, Body};
use prune::export::{self, Format, Passes};
use prune::index::{Recorded, record as recorded};
use prune::lesson::{Lesson, Overrides, builtin_names};
use prune::report::{trace_jsonl, trace_tsv};
use prune::rng::Rng;

const AIMA: &str = "(((3)(12)(8))((2)(4)(6))((14)(5)(2)))";

fn run(lesson: &Lesson, preset: Option<&str>) -> Recorded {
    let setup = lesson.setup(preset, &Overrides::default()).unwrap();
    recorded(lesson, &setup).unwrap()
}

fn imported(text: &str) -> Lesson {
    let json = export::import_text("test", text, None).unwrap();
    Lesson::parse("test", &json).unwrap()
}

fn dot(lesson: &Lesson, preset: Option<&str>, passes: Passes) -> String {
    export::render(Some(lesson), &run(lesson, preset), Format::Dot, passes).unwrap()
}

/// Counts of the parts of a DOT drawing, by the attributes the exporter gives them.
struct DotShape {
    calls: usize,
    call_edges: usize,
    dashed_edges: usize,
    dashed_nodes: usize,
    bold_edges: usize,
    clusters: usize,
}

fn shape(dot: &str) -> DotShape {
    let lines: Vec<&str> = dot.lines().map(str::trim).collect();
    let is_edge = |l: &&&str| l.contains(" -> ");
    DotShape {
        calls: lines
            .iter()
            .filter(|l| l.starts_with('c') && !l.contains(" -> ") && l.contains("[label="))
            .count(),
        call_edges: lines
            .iter()
            .filter(is_edge)
            .filter(|l| l.split(" -> ").nth(1).is_some_and(|t| t.starts_with('c')))
            .count(),
        dashed_edges: lines
            .iter()
            .filter(is_edge)
            .filter(|l| l.contains("style=dashed"))
            .count(),
        dashed_nodes: lines
            .iter()
            .filter(|l| !l.contains(" -> ") && l.contains("dashed\""))
            .count(),
        bold_edges: lines
            .iter()
            .filter(is_edge)
            .filter(|l| l.contains("style=bold"))
            .count(),
        clusters: lines
            .iter()
            .filter(|l| l.starts_with("subgraph cluster_"))
            .count(),
    }
}

fn balanced(dot: &str) -> bool {
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    for c in dot.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0 && !in_string
}

#[test]
fn import_numbers_the_textbook_tree_breadth_first() {
    let lesson = imported(AIMA);
    let nodes = &lesson.spec.graph.nodes;
    assert_eq!(nodes.len(), 13);
    let children = |i: usize| -> Vec<u64> {
        nodes[i]
            .moves
            .iter()
            .map(|m| m.child.as_u64().unwrap())
            .collect()
    };
    assert_eq!(children(0), [1, 2, 3]);
    assert_eq!(children(1), [4, 5, 6]);
    assert_eq!(children(2), [7, 8, 9]);
    assert_eq!(children(3), [10, 11, 12]);
    let leaves: Vec<i64> = (4..13)
        .map(|i| {
            serde_json::to_value(&nodes[i].score)
                .unwrap()
                .as_i64()
                .unwrap()
        })
        .collect();
    assert_eq!(leaves, [3, 12, 8, 2, 4, 6, 14, 5, 2]);
    assert!(
        (0..4).all(|i| nodes[i].score.is_none()),
        "inner nodes have no score"
    );
    let sides: Vec<String> = nodes
        .iter()
        .map(|n| {
            serde_json::to_value(&n.player)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(sides[0], "MAX");
    assert!(sides[1..4].iter().all(|s| *s == "MIN"));
    assert!(sides[4..].iter().all(|s| *s == "MAX"));

    // The one preset searches the whole tree once: value 3 by the left move.
    assert_eq!(lesson.spec.runs.len(), 1);
    assert_eq!(lesson.spec.runs[0].name, "textbook");
    let r = run(&lesson, None).result().clone();
    assert_eq!((r.score, r.mv, r.depth), (3, 0, 2));
    assert_eq!(r.history.len(), 1, "no iterative deepening");
    assert_eq!(r.stats.nodes, 11, "13 nodes minus the two pruned leaves");
}

#[test]
fn import_then_export_sexp_gives_the_same_tree() {
    let trees = [
        AIMA,
        "(5)",
        "((-1000)(1000))",
        "(((1)((2)(3)))((4)))",
        "(root (a (x 3) (y -5)) (\"b c\" 7) (\"q\\\\ \\\"z\\\"\" 1))",
        "((((((((((((1))))))))))))",
    ];
    for text in trees {
        let lesson = imported(text);
        let rec = run(&lesson, None);
        let out = export::render(Some(&lesson), &rec, Format::Sexp, Passes::Last).unwrap();
        assert_eq!(
            sexp::parse("export", &out).unwrap(),
            sexp::parse("input", text).unwrap(),
            "{text} came back as {out}"
        );
    }
    // Unlabelled trees come back in the textbook's compact spelling.
    let lesson = imported(" ( ( (3) (12) (8) )\n((2)(4)(6)) ((14)(5)(2)) ) ");
    let out = export::render(
        Some(&lesson),
        &run(&lesson, None),
        Format::Sexp,
        Passes::Last,
    )
    .unwrap();
    assert_eq!(out, format!("{AIMA}\n"));
}

#[test]
fn sexp_export_unfolds_transpositions_to_the_run_depth() {
    // Node 3 is reached from both MIN nodes; at depth 3 it appears twice with its two leaves.
    let lesson = Lesson::open("000-transposition").unwrap();
    let out = export::render(
        Some(&lesson),
        &run(&lesson, None),
        Format::Sexp,
        Passes::Last,
    )
    .unwrap();
    assert_eq!(out, "((((5)(6))(4))(((5)(6))(3)))\n");
    // At depth 1 the MIN nodes are leaves with their static scores (4 and 3 in the file).
    let setup = lesson
        .setup(
            None,
            &Overrides {
                depth: Some(1),
                ..Overrides::default()
            },
        )
        .unwrap();
    let rec = recorded(&lesson, &setup).unwrap();
    let out = export::render(Some(&lesson), &rec, Format::Sexp, Passes::Last).unwrap();
    assert_eq!(out, "((4)(3))\n");
}

#[test]
fn sexp_export_refuses_an_explosive_unfolding() {
    // 12 layers of 5 nodes, each node moving to all 5 of the next layer: 5^11 paths.
    let mut nodes = vec![r#"{"player": "MAX", "moves": [{"child": 1}, {"child": 2}, {"child": 3}, {"child": 4}, {"child": 5}]}"#.to_string()];
    for layer in 0..12 {
        let side = if layer % 2 == 0 { "MIN" } else { "MAX" };
        for _ in 0..5 {
            if layer == 11 {
                nodes.push(format!(r#"{{"player": "{side}", "score": 1}}"#));
            } else {
                let first = 1 + 5 * (layer + 1);
                let moves: Vec<String> = (first..first + 5)
                    .map(|c| format!(r#"{{"child": {c}}}"#))
                    .collect();
                nodes.push(format!(
                    r#"{{"player": "{side}", "score": 0, "moves": [{}]}}"#,
                    moves.join(", ")
                ));
            }
        }
    }
    let text = format!(r#"{{"nodes": [{}]}}"#, nodes.join(",\n"));
    let lesson = Lesson::parse("layers", &text).unwrap();
    let setup = lesson
        .setup(
            None,
            &Overrides {
                depth: Some(12),
                budget: Some(10),
                ..Overrides::default()
            },
        )
        .unwrap();
    let rec = recorded(&lesson, &setup).unwrap();
    let err = export::render(Some(&lesson), &rec, Format::Sexp, Passes::Last)
        .unwrap_err()
        .to_string();
    assert!(err.contains("more than 100000 nodes"), "{err}");
}

#[test]
fn import_errors_name_the_rule_and_the_character_offset() {
    let cases = [
        ("", "character offset 0", "empty"),
        ("   ", "character offset 3", "empty"),
        (
            "((3)(4)",
            "character offset 7",
            "opened at character offset 0 is not closed",
        ),
        ("((3) 4)", "character offset 5", "after a child node"),
        ("((3))x", "character offset 5", "after the tree ended"),
        ("(1001)", "character offset 1", "outside [-1000, 1000]"),
        ("(-99999999999999999999)", "character offset 1", "outside"),
        ("(3.5)", "character offset 2", "integers"),
        ("(())", "character offset 2", "empty node"),
        ("()", "character offset 1", "empty node"),
        (
            "(3 (4))",
            "character offset 3",
            "one score or only child nodes",
        ),
        ("((3) (x))", "character offset 7", "empty node"),
        ("(-)", "character offset 1", "digits"),
        (
            "(\"abc 3)",
            "character offset 1",
            "quoted label is not closed",
        ),
        ("3", "character offset 0", "expected '('"),
    ];
    for (text, place, rule) in cases {
        let err = export::import_text("tree.txt", text, None)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("tree.txt: ") && err.contains(place) && err.contains(rule),
            "{text:?}: {err}"
        );
    }
    // Non-ASCII text counts characters, not bytes.
    let err = export::import_text("t", "(«a» 3) x", None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("character offset 8"), "{err}");
}

#[test]
fn import_enforces_the_graph_contract() {
    // 64 nodes are fine (63 leaves under one root), 65 are not.
    let leaves = |n: usize| format!("({})", "(1)".repeat(n));
    assert_eq!(imported(&leaves(63)).graph.len(), 64);
    let err = export::import_text("t", &leaves(64), None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("more than 64 nodes"), "{err}");
    // 4 + 64 = 68 characters: the 65th node opens at offset 1 + 3 * 63 = 190.
    assert!(err.contains("character offset 190"), "{err}");
    // 12 levels below the root is the deepest search; 13 is refused.
    let chain = |levels: usize| format!("{}(1){}", "(".repeat(levels), ")".repeat(levels));
    assert_eq!(imported(&chain(12)).spec.runs[0].depth, Some(12));
    let err = export::import_text("t", &chain(13), None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("13 levels deep"), "{err}");
    // A title is kept; labels become node labels.
    let json = export::import_text("t", "(top (l 1) (r 2))", Some("Two moves")).unwrap();
    let lesson = Lesson::parse("t", &json).unwrap();
    assert_eq!(lesson.spec.title, "Two moves");
    assert_eq!(lesson.graph.name(0), "top");
    assert_eq!(lesson.graph.name(2), "r");
}

#[test]
fn dot_of_the_worked_tree_draws_the_final_pass() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let text = dot(&lesson, Some("worked"), Passes::Last);
    assert!(balanced(&text), "{text}");
    assert!(text.starts_with("digraph prune {"));
    let s = shape(&text);
    // Pass 2 (seed 000: 8 of the 12 calls) is a tree: calls - 1 edges between calls.
    assert_eq!(s.calls, 8);
    assert_eq!(s.call_edges, 7);
    // Two leaves skipped (7 under MIN 2, 9 under MIN 3): dashed nodes and dashed edges.
    assert_eq!(s.dashed_edges, 2);
    assert_eq!(s.dashed_nodes, 2);
    assert!(text.contains("▲ MAX 7\\nskipped") && text.contains("▲ MAX 9\\nskipped"));
    // The principal line: root -> MIN 1 (move 0) -> leaf 4 (move 0).
    assert_eq!(s.bold_edges, 2);
    assert!(text.contains("▲ MAX 4\\nα=-∞ β=+∞ d=0 q=0\\n=3  terminal\", style=\"rounded,bold\""));
    // The cut nodes hold upper bounds (MIN 2 at most 2, MIN 3 at most 0).
    assert!(text.contains("▼ MIN 2\\nα=3 β=+∞ d=1\\n≤2\\n✂ cut"));
    assert!(text.contains("▼ MIN 3\\nα=3 β=+∞ d=1\\n≤0\\n✂ cut"));
    assert!(text.contains("▲ MAX 0\\nα=-∞ β=+∞ d=2\\n=3"));
}

#[test]
fn dot_of_the_textbook_tree_skips_two_leaves() {
    let lesson = imported(AIMA);
    let text = dot(&lesson, None, Passes::Last);
    let s = shape(&text);
    assert!(balanced(&text));
    assert_eq!(s.calls, 11);
    assert_eq!(s.call_edges, 10);
    assert_eq!((s.dashed_edges, s.dashed_nodes), (2, 2));
    assert_eq!(s.bold_edges, 2);
    // The right MIN node sees 14, 5 and 2; the 2 falls below α = 3, so it proves only an
    // upper bound (and the window closes at its last move, skipping nothing).
    assert!(
        text.contains("▼ MIN 3\\nα=3 β=+∞ d=1\\n≤2\\n✂ cut"),
        "{text}"
    );
}

#[test]
fn dot_shows_transpositions_twice_and_table_hits() {
    let lesson = Lesson::open("000-transposition").unwrap();
    let text = dot(&lesson, Some("transposition"), Passes::Last);
    assert!(balanced(&text));
    // Node 3 is reached from both MIN nodes: two boxes with the same state name.
    let boxes = text
        .lines()
        .filter(|l| l.contains("[label=\"▲ MAX 3\\n"))
        .count();
    assert_eq!(boxes, 2);
    assert!(text.contains("TT hit"));
    // Every pass in its own cluster: seed 000's transposition fixture runs three passes.
    let all = dot(&lesson, Some("transposition"), Passes::All);
    assert!(balanced(&all));
    let s = shape(&all);
    assert_eq!(s.clusters, 3);
    // Seed 000: passes of 3, 7 and 9 calls.
    assert_eq!(s.calls, 19);
    assert_eq!(s.call_edges, 19 - 3);
}

#[test]
fn dot_of_quiescence_shows_stand_pat_scores() {
    // Seed 000's tactical fixture: MIN 1 and MIN 2 stand pat at their static 8 and 3, then
    // each follows its one capture (to -5 and 2); the root takes move 1 for 2.
    let lesson = Lesson::open("000-tactical").unwrap();
    let text = dot(&lesson, Some("quiescence"), Passes::Last);
    assert!(
        text.contains("▼ MIN 1\\nα=-∞ β=+∞ d=0 q=1\\nstand pat 8\\n=-5\""),
        "{text}"
    );
    assert!(
        text.contains("▼ MIN 2\\nα=-5 β=+∞ d=0 q=1\\nstand pat 3\\n=2\""),
        "{text}"
    );
    assert!(text.contains("c1 -> c4 [label=\"m1\", style=bold"));
}

#[test]
fn dashed_edges_match_the_skipped_candidates_of_the_event_stream() {
    for name in builtin_names() {
        let lesson = Lesson::open(name).unwrap();
        for preset in &lesson.spec.runs {
            let rec = run(&lesson, Some(&preset.name));
            // A Monte Carlo run makes no calls to draw as edges; the export of its tree is
            // still to come (issue 22).
            if rec.options().family().samples() {
                continue;
            }
            let text = export::render(Some(&lesson), &rec, Format::Dot, Passes::All).unwrap();
            assert!(balanced(&text), "{name}/{}", preset.name);
            // The jsonl stream lists each cutoff's skipped candidates.
            let skipped: usize = trace_jsonl(&rec)
                .lines()
                .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                .filter(|v| v["event"] == "cutoff")
                .map(|v| v["skipped"].as_array().unwrap().len())
                .sum();
            assert_eq!(shape(&text).dashed_edges, skipped, "{name}/{}", preset.name);
            let s = shape(&text);
            assert_eq!(
                s.calls as u64,
                rec.result().stats.nodes,
                "{name}/{}",
                preset.name
            );
        }
    }
}

#[test]
fn dot_of_an_interrupted_run_draws_the_last_completed_pass() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    // Seed 000: pass 1 completes with 4 calls, pass 2 aborts after 3.
    let text = dot(&lesson, Some("interrupted"), Passes::Last);
    let s = shape(&text);
    assert_eq!(s.calls, 4);
    assert_eq!(s.bold_edges, 1, "root -> its chosen move");
    let all = dot(&lesson, Some("interrupted"), Passes::All);
    assert!(balanced(&all));
    assert_eq!(shape(&all).calls, 7);
    assert!(all.contains("aborted"));
    assert!(all.contains("refused: budget spent"));
    // Nothing completed: the aborted pass is drawn, without a principal line.
    let none = dot(&lesson, Some("no completed pass"), Passes::Last);
    let s = shape(&none);
    assert_eq!((s.calls, s.bold_edges), (1, 0));
    assert!(none.contains("aborted"));
}

#[test]
fn markdown_is_the_tsv_trace_in_a_table() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let rec = run(&lesson, Some("worked"));
    let md = export::render(Some(&lesson), &rec, Format::Md, Passes::Last).unwrap();
    let tsv = trace_tsv(&rec);
    let rows: Vec<Vec<String>> = md
        .lines()
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect();
    // Header, alignment row, then seed 000's 12 calls.
    assert_eq!(rows.len(), 2 + 12);
    assert_eq!(
        rows[0],
        "step pass ply state depth qleft alpha beta value move result"
            .split(' ')
            .collect::<Vec<_>>()
    );
    let body: Vec<Vec<String>> = tsv
        .lines()
        .skip(1)
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect();
    assert_eq!(rows[2..], body[..]);
    // Call 9 is MIN 2's cut: it returns an upper bound of 2.
    assert_eq!(rows[2 + 8][3], "2");
    assert_eq!(rows[2 + 8][10], "UPPER");
    assert!(md.contains("000-worked-tree: COMPLETE, depth=2, score=3, move=0"));
}

#[test]
fn jsonl_is_the_event_stream() {
    let lesson = Lesson::open("000-transposition").unwrap();
    let rec = run(&lesson, None);
    let out = export::render(Some(&lesson), &rec, Format::Jsonl, Passes::Last).unwrap();
    assert_eq!(out, trace_jsonl(&rec));
    assert_eq!(out.lines().count(), rec.trace.events.len());
}

use harness::{Mutator, mutations};

#[test]
fn fuzz_harness_holds_on_the_built_in_lessons_and_mutations() {
    let tokens = [
        "{",
        "}",
        "[",
        "]",
        ",",
        "\"MAX\"",
        "\"MIN\"",
        "\"score\": ",
        "\"moves\": []",
        "{\"child\": 7}",
        "\"tactical\": true",
        "\"depth\": 12",
        "\"qlimit\": 6",
        "\"table\": false",
        "\"ordering\": true",
        "\"cut\": \"gt\"",
        "1000",
        "-1000",
        "1e3",
        "\"window\": [2, 5]",
        "\"algorithm\": \"minimax\"",
    ];
    let mut m = Mutator(Rng::new(0x9E37_79B9_7F4A_7C15));
    let mut loaded = 0;
    for name in builtin_names() {
        let text = std::fs::read(format!("lessons/{name}.json")).unwrap();
        harness::load_and_run(&text);
        for _ in 0..mutations(300) {
            let input = m.mutate(&text, &tokens);
            if Lesson::parse("m", std::str::from_utf8(&input).unwrap_or("")).is_ok() {
                loaded += 1;
            }
            harness::load_and_run(&input);
        }
    }
    assert!(
        loaded > 0,
        "no mutation loaded, so runs were never exercised"
    );
}

#[test]
fn fuzz_harness_holds_on_imported_trees_and_mutations() {
    let seeds = [AIMA, "(5)", "(root (a (x 3) (y -5)) (\"b c\" 7))"];
    let tokens = ["(", ")", "(1)", "((2)(3))", "-", "7", " ", "\"", "lab "];
    let mut m = Mutator(Rng::new(7));
    let mut accepted = 0;
    for seed in seeds {
        harness::import_sexp(seed.as_bytes());
        for _ in 0..mutations(500) {
            let input = m.mutate(seed.as_bytes(), &tokens);
            if let Ok(text) = std::str::from_utf8(&input) {
                accepted += export::import_text("m", text, None).is_ok() as usize;
            }
            harness::import_sexp(&input);
        }
    }
    assert!(accepted > 0);
}

#[test]
fn cli_imports_from_stdin_and_exports_the_file() {
    let bin = env!("CARGO_BIN_EXE_prune");
    let dir = std::env::temp_dir().join(format!("prune-export-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("aima.json");
    let mut child = Command::new(bin)
        .args(["import", "-", "--title", "AIMA 5.2", "--out"])
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(AIMA.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let lesson = Lesson::load(&path).unwrap();
    assert_eq!(lesson.spec.title, "AIMA 5.2");

    let out = Command::new(bin)
        .args(["export", "--format", "sexp"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), format!("{AIMA}\n"));

    // A malformed tree: exit code 2 and one line with the offset.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "((3)(4)").unwrap();
    let out = Command::new(bin).arg("import").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("character offset 7"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();

    // A tree too large to unfold, or a missing file, is an error too, not a panic.
    let out = Command::new(bin)
        .args(["import", "/nonexistent/tree.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn every_body_kind_round_trips_through_write() {
    let tree = sexp::parse("t", "(r (a 1) ((-2)) (\"x y\" (3)))").unwrap();
    assert!(matches!(tree.body, Body::Inner(ref c) if c.len() == 3));
    assert_eq!(tree.count(), 6);
    assert_eq!(tree.height(), 2);
    let again = sexp::parse("t", &sexp::write(&tree)).unwrap();
    assert_eq!(tree, again);
}

/// Tic-tac-toe as seed 004 states it, written here: squares 0-8 row-major, X moves first (so
/// X is to move when the counts are equal), the moves are the empty squares in order, a won or
/// full board ends the game (+1 for X, -1 for O, 0 drawn), and at the depth horizon the score
/// is the open-line difference (lines without an O minus lines without an X).
mod ttt {
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];

    fn won(b: &[u8; 9], p: u8) -> bool {
        LINES.iter().any(|l| l.iter().all(|&i| b[i] == p))
    }

    /// The s-expression of the tree `depth` plies deep below `board` (9 characters).
    pub fn sexp(board: &str, depth: u8) -> String {
        let b: Vec<u8> = board.bytes().filter(|c| b"XO.".contains(c)).collect();
        let b: [u8; 9] = b.try_into().unwrap();
        let mut out = String::new();
        walk(&b, depth, &mut out);
        out
    }

    fn walk(b: &[u8; 9], depth: u8, out: &mut String) {
        let empty: Vec<usize> = (0..9).filter(|&i| b[i] == b'.').collect();
        if won(b, b'X') || won(b, b'O') || empty.is_empty() {
            let v = if won(b, b'X') {
                1
            } else if won(b, b'O') {
                -1
            } else {
                0
            };
            out.push_str(&format!("({v})"));
            return;
        }
        if depth == 0 {
            let open = |p: u8| {
                LINES
                    .iter()
                    .filter(|l| l.iter().all(|&i| b[i] != p))
                    .count() as i32
            };
            out.push_str(&format!("({})", open(b'O') - open(b'X')));
            return;
        }
        let xs = b.iter().filter(|&&c| c == b'X').count();
        let os = b.iter().filter(|&&c| c == b'O').count();
        let mover = if xs == os { b'X' } else { b'O' };
        out.push('(');
        for i in empty {
            let mut next = *b;
            next[i] = mover;
            walk(&next, depth - 1, out);
        }
        out.push(')');
    }
}

#[test]
fn games_export_as_s_expressions() {
    let sexp = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_prune"))
            .args(["export", "--format", "sexp"])
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // The README's example, to the end of the game, and a shallower one with horizon leaves.
    for (board, depth) in [("XOX/OOX/...", 3), ("XO./.X./.O.", 2), ("XO./.X./.O.", 5)] {
        let d = depth.to_string();
        let (code, out, err) = sexp(&["--game", "tictactoe", "--board", board, "--depth", &d]);
        assert_eq!(code, Some(0), "{board}: {err}");
        assert_eq!(
            out,
            format!("{}\n", ttt::sexp(board, depth)),
            "{board} to depth {depth}"
        );
    }
    // A small one reads back as a tree (the notation's MAX root is X to move here).
    let (_, out, _) = sexp(&[
        "--game",
        "tictactoe",
        "--board",
        "XOX/OOX/...",
        "--depth",
        "3",
    ]);
    assert_eq!(sexp::parse("export", &out).unwrap().height(), 3, "{out}");
    // A uniform tree: branching 2, depth 3, so 8 leaves below 7 inner nodes.
    let (code, out, err) = sexp(&[
        "--game",
        "uniform",
        "--branching",
        "2",
        "--depth",
        "3",
        "--leaves",
        "best",
        "--id",
        "off",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let tree = sexp::parse("export", &out).unwrap();
    assert_eq!((tree.count(), tree.height()), (15, 3), "{out}");
    // O to move: the notation would hand the first move to MAX, so it is refused, saying why.
    let (code, _, err) = sexp(&[
        "--game",
        "tictactoe",
        "--board",
        "X../.../...",
        "--depth",
        "2",
    ]);
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("MAX to move at the root") && err.contains("MIN to move"),
        "{err}"
    );
    assert!(err.contains("export dot instead"), "{err}");
}

/// Issue 35, item 6: dot and Markdown draw a search's calls; a Monte Carlo run has none, and
/// is refused in one line (it printed an empty "COMPLETE, depth 0, score 0" tree, exit 0).
#[test]
fn dot_and_markdown_refuse_a_monte_carlo_run() {
    let bin = env!("CARGO_BIN_EXE_prune");
    for format in ["dot", "md"] {
        let out = Command::new(bin)
            .args([
                "export",
                "--format",
                format,
                "--game",
                "tictactoe",
                "--algorithm",
                "mcts",
                "--iterations",
                "20",
            ])
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{format}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("Monte Carlo") && err.contains(format), "{err}");
        assert!(out.stdout.is_empty(), "{format}");
    }
    // jsonl still exports the run's events.
    let out = Command::new(bin)
        .args([
            "export",
            "--format",
            "jsonl",
            "--game",
            "tictactoe",
            "--algorithm",
            "mcts",
            "--iterations",
            "20",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
}

/// Issue 35 (low): a tree whose lesson file would be over the 4 MiB prune reads is refused
/// (it was written, and then refused when opened). A label of 2,500,000 tabs is 2.5 MB of
/// input and twice that as JSON (each tab is written `\t`).
#[test]
fn import_refuses_a_lesson_it_could_not_read_back() {
    let dir = std::env::temp_dir().join(format!("prune-export-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tree = dir.join("big.txt");
    std::fs::write(&tree, format!("(\"{}\" (1) (2))", "\t".repeat(2_500_000))).unwrap();
    let lesson = dir.join("big.json");
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .arg("import")
        .arg(&tree)
        .arg("--out")
        .arg(&lesson)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("over the 4194304 bytes prune reads"), "{err}");
    assert!(!lesson.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
