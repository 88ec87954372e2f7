//! Games of several players on screen: every max-n value drawn as the payoff vector it stands
//! for, each seat named, the mover's own entry bracketed on the stack, and a tie marked `≈`
//! with the rule that settled it.
//!
//! Worked by hand (seed 004's three-player tree): under A's left move C picks (1, 2, 6) over
//! (4, 2, 3) and (6, 1, 2) over (7, 4, 1), and B picks (1, 2, 6) (2 > 1 in B's entry); under the
//! right move C picks (5, 4, 5) and (5, 2, 4), B picks (5, 4, 5) (4 > 2); A picks (5, 4, 5)
//! (5 > 1). The tie tree: C is indifferent between (2, 3, 4) and (6, 1, 4) (4 = 4); under
//! max:A it keeps (6, 1, 4), which A prefers (6) to the other move's (3, 3, 3).

mod common;

use common::tutor::{app_of, flat, key, screen};
use crossterm::event::KeyCode;
use prune::event::Vector;
use prune::tui::app::App;

const THREE: &str = r#"{"title": "Three players", "graph": {"players": ["A", "B", "C"], "nodes": [
  {"player": "A", "label": "root", "moves": [{"child": 1}, {"child": 2}]},
  {"player": "B", "label": "L", "moves": [{"child": 3}, {"child": 4}]},
  {"player": "B", "label": "R", "moves": [{"child": 5}, {"child": 6}]},
  {"player": "C", "label": "L1", "moves": [{"child": 7}, {"child": 8}]},
  {"player": "C", "label": "L2", "moves": [{"child": 9}, {"child": 10}]},
  {"player": "C", "label": "R1", "moves": [{"child": 11}, {"child": 12}]},
  {"player": "C", "label": "R2", "moves": [{"child": 13}, {"child": 14}]},
  {"player": "A", "score": [1, 2, 6]}, {"player": "A", "score": [4, 2, 3]},
  {"player": "A", "score": [6, 1, 2]}, {"player": "A", "score": [7, 4, 1]},
  {"player": "A", "score": [5, 4, 5]}, {"player": "A", "score": [2, 5, 4]},
  {"player": "A", "score": [5, 2, 4]}, {"player": "A", "score": [7, 7, 1]}]},
  "runs": [{"name": "maxn", "depth": 3}]}"#;

const TIE: &str = r#"{"title": "Tie", "graph": {"players": ["A", "B", "C"], "nodes": [
  {"player": "A", "label": "root", "moves": [{"child": 1}, {"child": 2}]},
  {"player": "C", "label": "L", "moves": [{"child": 3}, {"child": 4}]},
  {"player": "B", "label": "R", "score": [3, 3, 3]},
  {"player": "A", "label": "x", "score": [2, 3, 4]},
  {"player": "A", "label": "y", "score": [6, 1, 4]}]},
  "runs": [{"name": "max A", "depth": 2, "ties": "max:A"}]}"#;

fn open(text: &str, run: &str) -> App {
    let mut app = app_of(text, run);
    app.set_outline(true);
    app
}

fn press(app: &mut App, code: KeyCode) {
    key(app, code);
}

#[test]
fn the_three_player_tree_backs_up_whole_vectors() {
    for (w, h) in [(80, 24), (200, 50)] {
        let mut app = open(THREE, "maxn");
        press(&mut app, KeyCode::End);
        let s = screen(&mut app, w, h);
        assert!(s.contains("●A:root=(5, 4, 5)"), "{s}");
        assert!(s.contains("●B:L=(1, 2, 6)"), "{s}");
        assert!(s.contains("●C:L1=(1, 2, 6)"), "{s}");
        assert!(s.contains("tt:off"), "max-n keeps no table\n{s}");
        assert!(flat(&s).contains("and plays R (2)"), "{s}");
        insta::assert_snapshot!(format!("maxn_three_end_{w}x{h}"), s);
    }
}

#[test]
fn the_stack_brackets_the_mover_s_entry() {
    let mut app = open(THREE, "maxn");
    // Step until the root frame has a best: after its first child (L) comes back.
    while app.st.frames.first().is_none_or(|f| f.best_mv < 0) && app.st.step < app.replay.len() {
        press(&mut app, KeyCode::Right);
    }
    let s = screen(&mut app, 120, 35);
    assert!(
        s.contains("([1], 2, 6)"),
        "A chooses by its own entry, 1\n{s}"
    );
}

#[test]
fn a_tie_is_marked_with_the_rule_that_settled_it() {
    for (w, h) in [(80, 24), (200, 50)] {
        let mut app = open(TIE, "max A");
        let tie = app
            .replay
            .events()
            .iter()
            .position(|e| matches!(e, prune::event::Event::Vector(Vector::Tie { .. })))
            .expect("C's choice is a tie");
        // Before the tie is reported the tied outcome has no mark; at the tie it has.
        app.seek(tie);
        assert!(!screen(&mut app, w, h).contains("≈"));
        app.seek(tie + 1);
        let s = screen(&mut app, w, h);
        assert!(s.contains("●A:y=(6, 1, 4)≈"), "{s}");
        let text = flat(&s);
        assert!(text.contains("max:A"), "{s}");
        press(&mut app, KeyCode::End);
        let s = screen(&mut app, w, h);
        assert!(s.contains("●A:root=(6, 1, 4)"), "{s}");
        insta::assert_snapshot!(format!("maxn_tie_end_{w}x{h}"), s);
    }
}

/// Mid-search, the stack's head lines up with its rows: every `│` of the head stands in the
/// same column as in each frame row, although a seat is written with its player ("●A:").
#[test]
fn the_stack_head_lines_up_with_rows_named_by_seat() {
    let mut a = common::tutor::app("004-three-players", "max-n");
    a.st = a.replay.seek(40);
    let s = screen(&mut a, 80, 24);
    let rows: Vec<&str> = s.lines().map(|l| l.trim_matches('"')).collect();
    let head = rows
        .iter()
        .position(|r| r.contains("node ply"))
        .expect("the stack's head");
    let bars = |r: &str| -> Vec<usize> {
        r.chars()
            .enumerate()
            .filter(|(_, c)| *c == '│')
            .map(|(i, _)| i)
            .collect()
    };
    let want = bars(rows[head]);
    assert_eq!(want.len(), 4, "{s}");
    let frames: Vec<&&str> = rows[head + 1..]
        .iter()
        .filter(|r| r.contains("●A:"))
        .collect();
    assert!(!frames.is_empty(), "{s}");
    for r in frames {
        assert_eq!(bars(r), want, "{r}\n{s}");
    }
}
