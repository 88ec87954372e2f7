//! A scripted student who always predicts wrong in one known way is told the matching
//! misconception (issue 24.1): the first time the wrong way gives another answer than the
//! run, the reveal names the wrong variant whose own run gives that answer there. The wrong
//! answers are computed here from the run's events (the frame's entry window, read back from
//! its `enter`), never by the grader.

mod common;

use common::predict::{
    Key, events, frame_enter, key_of, next_question, open, predicting, type_line, typed,
};
use prune::index::question::{Kind, Question};
use prune::search::Pitfall;
use prune::tui::app::App;
use prune::tui::predict::{Ask, Reveal};
use serde_json::Value;

fn int(e: &Value, k: &str) -> i32 {
    e[k].as_i64().unwrap() as i32
}

/// Walks the run answering with `student` (the right key given, `None` to answer right);
/// returns the first question answered wrong, with its reveal.
fn first_wrong(
    mut app: App,
    student: impl Fn(&[Value], &Question, Key) -> Option<Key>,
) -> (Question, Key, Reveal) {
    let ev = events(&app);
    while next_question(&mut app, usize::MAX) {
        let q = open(&app).unwrap();
        let right = key_of(&ev, q.kind, q.due as usize);
        let said = student(&ev, &q, right).unwrap_or(right);
        let line = typed(&app, q.kind, said);
        type_line(&mut app, &line);
        let reveal = app.predict().unwrap().reveals.last().unwrap().clone();
        if said != right {
            assert!(!reveal.right);
            return (q, said, reveal);
        }
        assert!(reveal.right, "{:?}", reveal.lines);
    }
    panic!("the student was never wrong")
}

#[test]
fn a_fail_hard_student_is_told_returns_are_clamped() {
    let app = predicting(common::tutor::app("000-worked-tree", "worked"), Ask::All);
    // Returns clamped into the call's own entry window (a leaf's read is returned as it
    // is: fail-hard clamps what a search of moves found).
    let (q, said, reveal) = first_wrong(app, |ev, q, right| match (q.kind, right) {
        (Kind::Return, Key::Value(v)) if ev[q.due as usize - 1]["event"] != "read" => {
            let enter = &ev[frame_enter(ev, q.due as usize)];
            Some(Key::Value(v.clamp(int(enter, "alpha"), int(enter, "beta"))))
        }
        _ => None,
    });
    // Seed 000, pass 2: node 2 (MIN) is entered with (3, +∞); its first reply, leaf 6,
    // returns 2 and cuts: fail-hard returns 3, not 2.
    assert_eq!((q.kind, said), (Kind::Return, Key::Value(3)));
    assert_eq!(
        reveal.pitfall,
        Some(Pitfall::FailHard),
        "{:?}",
        reveal.lines
    );
    let text = reveal.lines.join(" ");
    assert!(text.contains("You said 3; node 2 returns 2"), "{text}");
    assert!(
        text.contains("Your answer is what you get if node 2 returns its value clamped into its window (fail-hard) [fail-hard]"),
        "{text}"
    );
}

#[test]
fn a_student_who_passes_the_entry_window_down_is_told_alpha_is_not_passed() {
    let app = predicting(common::tutor::app("000-worked-tree", "worked"), Ask::All);
    // Every child gets its parent's entry window.
    let (q, said, reveal) = first_wrong(app, |ev, q, _| match q.kind {
        Kind::Window => {
            let enter = &ev[frame_enter(ev, q.due as usize)];
            Some(Key::Pair(int(enter, "alpha"), int(enter, "beta")))
        }
        _ => None,
    });
    // Pass 1: the root's second child, node 2, gets (3, +∞) once node 1 returned 3.
    assert_eq!(q.kind, Kind::Window);
    assert_eq!(said, Key::Pair(-1_000_000, 1_000_000));
    assert_eq!(
        reveal.pitfall,
        Some(Pitfall::AlphaNotPassed),
        "{:?}",
        reveal.lines
    );
    let text = reveal.lines.join(" ");
    assert!(
        text.contains("node 2 gets (3, +∞) (β is right; only α is wrong)"),
        "{text}"
    );
    assert!(
        text.contains("α is not passed down to the children of node 0 [alpha-not-passed]"),
        "{text}"
    );
}

#[test]
fn a_student_who_stores_every_value_as_exact_is_told_a_bound_is_not_exact() {
    let app = predicting(common::tutor::app("000-worked-tree", "worked"), Ask::All);
    let (q, said, reveal) = first_wrong(app, |_, q, _| match q.kind {
        Kind::Flag => Some(Key::Flag("EXACT")),
        _ => None,
    });
    assert_eq!((q.kind, said), (Kind::Flag, Key::Flag("EXACT")));
    assert_eq!(
        reveal.pitfall,
        Some(Pitfall::BoundStoredExact),
        "{:?}",
        reveal.lines
    );
    assert!(reveal.lines.join(" ").contains("[bound-stored-exact]"));
}

#[test]
fn a_student_who_cuts_only_when_alpha_exceeds_beta_is_told_so() {
    // Seed 004's faster-win tree ties α = β at a cutoff (97 = 97).
    let app = predicting(
        common::tutor::app("004-faster-win", "alpha-beta"),
        Ask::Cutoffs,
    );
    let (q, said, reveal) = first_wrong(app, |ev, q, right| match (q.kind, right) {
        (Kind::Cut, Key::YesNo(true)) => {
            let cut = ev[q.due as usize..]
                .iter()
                .find(|e| e["event"] == "cutoff")
                .unwrap();
            (int(cut, "alpha") == int(cut, "beta")).then_some(Key::YesNo(false))
        }
        _ => None,
    });
    assert_eq!((q.kind, said), (Kind::Cut, Key::YesNo(false)));
    assert_eq!(
        reveal.pitfall,
        Some(Pitfall::CutStrict),
        "{:?}",
        reveal.lines
    );
    assert!(
        reveal
            .lines
            .join(" ")
            .contains("cuts only when α > β, not already when α = β")
    );
}
