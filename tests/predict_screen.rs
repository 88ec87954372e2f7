//! Predict mode on screen (issue 24.1), at 80×24 and 200×60: the question in the footer
//! with the score, a malformed answer's one-line hint, and the reveal above the narration.
//! Each snapshot is paired with assertions of the values shown, from seed 000's worked tree
//! (the test's own oracle: node 1 reads 3, so the root's α is 3 when node 2 is pushed).

mod common;

use common::model::{Model, Oracle};
use common::predict::{next_question, open, predicting, type_line};
use common::tutor::{app, flat, screen};
use prune::index::question::Kind;
use prune::tui::predict::Ask;

fn worked() -> Model {
    let path = common::repo().join("lessons/000-worked-tree.json");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    Model::from_json(&json["graph"]).unwrap()
}

#[test]
fn the_question_the_hint_and_the_reveal_fit_at_both_sizes() {
    // Pass 1 (depth 1): node 1's static score is α at the root when node 2 is pushed.
    let alpha = Oracle::new(&worked(), 1, 0).value(1, 0, 0);
    assert_eq!(alpha, 3);
    let mut a = predicting(
        app("000-worked-tree", "worked"),
        Ask::Kinds(vec![Kind::Window]),
    );
    // The first question: node 1's window; answered right.
    assert!(next_question(&mut a, usize::MAX));
    type_line(&mut a, "-inf inf");
    // The second: node 2's window.
    assert!(next_question(&mut a, usize::MAX));
    let q = open(&a).unwrap();
    assert_eq!(q.kind, Kind::Window);
    for (w, h) in [(80, 24), (200, 60)] {
        let s = screen(&mut a, w, h);
        let f = flat(&s);
        assert!(f.contains("predict 1/1"), "{s}");
        assert!(
            f.contains("What window does node 2 get from node 0?"),
            "{s}"
        );
        insta::assert_snapshot!(format!("predict_question_{w}x{h}"), s);
    }
    // A malformed answer is a hint, not a wrong answer.
    type_line(&mut a, "3");
    assert!(open(&a).is_some());
    let s = screen(&mut a, 80, 24);
    assert!(flat(&s).contains("expected two numbers, got `3`"), "{s}");
    assert!(flat(&s).contains("predict 1/1"), "{s}");
    insta::assert_snapshot!("predict_hint_80x24", s);
    // Clear the line and answer with the root's entry window: wrong, and named.
    for _ in 0..3 {
        common::predict::press(&mut a, crossterm::event::KeyCode::Backspace);
    }
    type_line(&mut a, "(-inf, inf)");
    for (w, h) in [(80, 24), (200, 60)] {
        let s = screen(&mut a, w, h);
        let f = flat(&s);
        assert!(
            f.contains(&format!("✗ You said (-∞, +∞); node 2 gets ({alpha}, +∞)")),
            "{s}"
        );
        assert!(f.contains("[alpha-not-passed]"), "{s}");
        assert!(f.contains("predict 1/2"), "{s}");
        insta::assert_snapshot!(format!("predict_reveal_{w}x{h}"), s);
    }
}

#[test]
fn presenter_mode_still_asks_and_reveals() {
    let mut a = predicting(app("000-worked-tree", "worked"), Ask::All).presenting(true);
    assert!(next_question(&mut a, usize::MAX));
    type_line(&mut a, "-inf inf");
    let p = a.predict().unwrap();
    assert_eq!((p.right, p.asked), (1, 1));
    for (w, h) in [(80, 24), (200, 60)] {
        let s = screen(&mut a, w, h);
        assert!(!s.is_empty());
    }
}

/// A run with the table off stores nothing (issue 34.15): its flag question asks which flag
/// the value would carry, never which one the call stores. Seed 000's transposition without
/// a table: node 3 is searched and its value 5 lies inside its window, EXACT.
#[test]
fn a_table_off_run_asks_no_stored_flag() {
    let app = app("000-transposition", "no table");
    let mut app = predicting(app, Ask::Kinds(vec![Kind::Flag]));
    let mut asked = 0;
    while next_question(&mut app, usize::MAX) {
        for (w, h) in [(80, 24), (200, 60)] {
            let s = flat(&screen(&mut app, w, h));
            assert!(s.contains("The table is off: which flag would"), "{s}");
            assert!(!s.contains("does node"), "{s}");
        }
        type_line(&mut app, "exact");
        let last = app.predict().unwrap().reveals.last().unwrap().clone();
        assert!(!last.lines[0].contains(" stores "), "{:?}", last.lines);
        asked += 1;
    }
    assert!(asked > 0);
}
