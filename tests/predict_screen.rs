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

/// Issue 34, item 7: while a question is open, the answer's form is a placeholder that goes
/// once something is typed, and PgDn / PgUp page a cut explanation (its cue's `n`
/// is a letter of the answer then), at the smallest screen the tutor draws.
#[test]
fn an_open_question_leaves_its_placeholder_and_pages_the_explanation() {
    use crossterm::event::KeyCode;
    // The smallest screen the tutor draws, where the verdict and the explanation are cut
    // soonest (at 80×24 the same happens on longer steps).
    const W: u16 = prune::tui::view::MIN_WIDTH;
    const H: u16 = prune::tui::view::MIN_HEIGHT;
    let mut a = predicting(app("000-worked-tree", "worked"), Ask::All);
    // Wrong answers until a question is open over a verdict and an explanation that do not
    // fit (the case: the verdict cut while the next question is asked).
    let mut cut = false;
    for _ in 0..300 {
        if !next_question(&mut a, usize::MAX) {
            break;
        }
        screen(&mut a, W, H);
        if a.scrolls().narration_shown.below() > 0 {
            cut = true;
            break;
        }
        let wrong = match open(&a).unwrap().kind {
            Kind::Window | Kind::Interval => "7 8",
            Kind::Return => "99",
            Kind::Flag => "UPPER",
            _ => "no",
        };
        type_line(&mut a, wrong);
        // An answer of the wrong form leaves its question open with a hint: skip it.
        let hinted = a.predict().and_then(|p| p.open.as_ref());
        if hinted.is_some_and(|o| o.hint.is_some()) {
            common::predict::press(&mut a, KeyCode::Esc);
        }
    }
    assert!(cut, "some question's explanation is cut at {W}x{H}");
    let q = open(&a).unwrap();
    // PgDn pages the explanation, PgUp back; the question stays open, nothing is typed.
    let first = a.scrolls().narration_shown.first;
    common::predict::press(&mut a, KeyCode::PageDown);
    screen(&mut a, W, H);
    assert!(a.scrolls().narration_shown.first > first);
    common::predict::press(&mut a, KeyCode::PageUp);
    screen(&mut a, W, H);
    assert_eq!(a.scrolls().narration_shown.first, first);
    assert_eq!(open(&a), Some(q));
    assert!(a.predict().unwrap().open.as_ref().unwrap().edit.is_empty());
    // The footer's line as drawn (one line, before wrapping): the form until something is
    // typed, then only the keys.
    let form = prune::practice::predict::form(q.kind);
    let footer = |a: &prune::tui::app::App| -> String {
        let line = prune::tui::view::predict::footer_line(a, 200).unwrap();
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    };
    assert!(footer(&a).contains(form), "{}", footer(&a));
    common::predict::press(&mut a, KeyCode::Char('1'));
    let typed = footer(&a);
    assert!(!typed.contains(form), "the placeholder stays: {typed}");
    assert!(typed.contains("Enter answers · Esc shows it"), "{typed}");
    assert_eq!(a.predict().unwrap().open.as_ref().unwrap().edit.text(), "1");
}

/// Issue 34, item 7: while a question is open the explanation's cue names PgDn (its `n` is a
/// letter of the answer), and the verdict on the last answer is gone from the screen once
/// the next question opens (the question has the screen; the verdict was read already).
#[test]
fn an_open_question_names_pgdn_and_leaves_no_old_verdict() {
    use crossterm::event::KeyCode;
    const W: u16 = prune::tui::view::MIN_WIDTH;
    const H: u16 = prune::tui::view::MIN_HEIGHT;
    let verdicts = ["✓ Right", "✗ You said", "Skipped:"];
    let mut a = predicting(app("000-worked-tree", "worked"), Ask::All);
    let (mut cues, mut asked_after_verdict) = (0, 0);
    for _ in 0..300 {
        if !next_question(&mut a, usize::MAX) {
            break;
        }
        let text = screen(&mut a, W, H);
        if a.scrolls().narration_shown.below() > 0 {
            cues += 1;
            let cue = |key: &str| ["line", "lines"].map(|l| format!("more {l} ({key})"));
            assert!(cue("PgDn").iter().any(|c| text.contains(c)), "{text}");
            assert!(!cue("n").iter().any(|c| text.contains(c)), "{text}");
        }
        assert!(
            !verdicts.iter().any(|v| text.contains(v)),
            "a verdict is on screen while {:?} is asked:\n{text}",
            open(&a)
        );
        // A wrong answer: its verdict is on screen at the step it reveals.
        let wrong = match open(&a).unwrap().kind {
            Kind::Window | Kind::Interval => "7 8",
            Kind::Return => "99",
            Kind::Flag => "UPPER",
            _ => "no",
        };
        type_line(&mut a, wrong);
        if a.predict()
            .and_then(|p| p.open.as_ref())
            .is_some_and(|o| o.hint.is_some())
        {
            common::predict::press(&mut a, KeyCode::Esc);
        }
        if open(&a).is_none() {
            let shown = screen(&mut a, 200, 60);
            assert!(verdicts.iter().any(|v| shown.contains(v)), "{shown}");
            asked_after_verdict += 1;
        }
    }
    assert!(cues > 0, "some question's explanation is cut at {W}x{H}");
    assert!(
        asked_after_verdict > 10,
        "{asked_after_verdict} verdicts seen"
    );
}

/// Issue 33: an open question is a layer, the top one, and the keys it takes are predict
/// mode's (`n` is typed into the answer, not paged); once answered it leaves the stack.
#[test]
fn an_open_question_is_the_top_layer_while_it_is_asked() {
    use crossterm::event::KeyCode;
    use prune::tui::predict::Asking;
    let mut a = predicting(app("000-worked-tree", "worked"), Ask::All);
    assert!(next_question(&mut a, usize::MAX));
    common::predict::press(&mut a, KeyCode::Char('n'));
    assert!(a.layers.top::<Asking>().is_some());
    assert_eq!(a.predict().unwrap().open.as_ref().unwrap().edit.text(), "n");
    let keys: Vec<(&str, &[prune::tui::keys::KeyHelp])> = a.layers.keys();
    assert_eq!(keys[0].0, prune::tui::predict::TITLE);
    common::predict::press(&mut a, KeyCode::Esc);
    assert!(open(&a).is_none() || a.layers.top::<Asking>().is_some());
    if open(&a).is_none() {
        assert!(!a.layers.has::<Asking>());
    }
}
