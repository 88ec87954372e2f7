//! Which node a cutoff is marked on. Seed 000 says a node "cuts off" and stops scanning its
//! moves: in its worked tree MAX rejects branch 2 as soon as MIN finds reply 2, and branch 3
//! as soon as MIN finds reply 0, so the MIN nodes 2 and 3 are the ones that cut (their
//! replies 7 and 9 are skipped), not the leaves 6 and 8 whose values closed the windows. The
//! call trace (`prune trace`), the practice trace (`prune practice trace`), the tutor's tree
//! and the DOT export all mark those two nodes, and only them.

mod common;

use common::run_prune;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::lesson::{Lesson, Overrides};
use prune::tui::app::App;
use prune::tui::theme::Theme;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The nodes seed 000's worked tree cuts at, in its second (depth-2) pass.
const CUT: [&str; 2] = ["2", "3"];

/// The states of a trace table's rows marked "✂ cut" in pass 2 (the state column holds the
/// side's mark and the node's number).
fn marked_in_table(table: &str) -> Vec<String> {
    table
        .lines()
        .filter(|l| l.contains("✂ cut"))
        .filter(|l| l.split_whitespace().nth(1) == Some("2"))
        .map(|l| l.split_whitespace().nth(4).unwrap().to_string())
        .collect()
}

#[test]
fn the_call_trace_marks_the_node_that_cut() {
    let (code, out, err) = run_prune(&["trace", "000-worked-tree", "--run", "worked"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(marked_in_table(&out), CUT, "{out}");
    // One mark per cutoff the run counts (seed 000's fixture: cutoffs=2).
    assert_eq!(out.matches("✂ cut").count(), 2, "{out}");
    assert!(out.contains("cutoffs=2"), "{out}");
}

#[test]
fn the_practice_trace_marks_the_node_that_cut() {
    let dir = std::env::temp_dir().join(format!("prune-cut-marks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("set.json");
    let (code, out, err) = run_prune(&["practice", "export", "--lessons", "--count", "0"]);
    assert_eq!(code, Some(0), "{err}");
    std::fs::write(&set, out).unwrap();
    let (code, out, err) = run_prune(&[
        "practice",
        "trace",
        set.to_str().unwrap(),
        "000-worked-tree#1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(marked_in_table(&out), CUT, "{out}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn the_dot_export_marks_the_node_that_cut() {
    let (code, out, err) = run_prune(&[
        "export",
        "000-worked-tree",
        "--run",
        "worked",
        "--format",
        "dot",
    ]);
    assert_eq!(code, Some(0), "{err}");
    // A box's first label line is "▼ MIN 2": the side and the node.
    let marked: Vec<String> = out
        .lines()
        .filter(|l| l.contains("✂ cut"))
        .map(|l| {
            let label = &l[l.find("label=\"").unwrap() + 7..];
            let first = label.split("\\n").next().unwrap();
            first.split_whitespace().last().unwrap().to_string()
        })
        .collect();
    assert_eq!(marked, CUT, "{out}");
}

#[test]
fn the_tutors_tree_marks_the_node_that_cut() {
    let l = Lesson::open("000-worked-tree").unwrap();
    let setup = l.setup(Some("worked"), &Overrides::default()).unwrap();
    let mut app = App::new(vec![l.clone()], l, setup).unwrap();
    app.theme = Theme { color: false };
    app.on_key(KeyEvent::new(KeyCode::End, KeyModifiers::NONE));
    let (w, h) = (200, 50);
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::draw(f, &mut app)).unwrap();
    let buf = t.backend().buffer();
    let text: Vec<String> = (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect())
        .collect();
    // In the tree a node reads "▼2≤2✂": its mark and number, its value, then ✂ if it cut.
    let mut marked = Vec::new();
    for row in &text {
        for (at, _) in row.match_indices('✂') {
            let before: String = row[..at]
                .chars()
                .rev()
                .take_while(|c| !c.is_whitespace() && *c != '▲' && *c != '▼')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let number: String = before.chars().take_while(char::is_ascii_digit).collect();
            if !number.is_empty() {
                marked.push(number);
            }
        }
    }
    marked.sort();
    marked.dedup();
    assert_eq!(marked, CUT, "{}", text.join("\n"));
}
