//! The simulate exercise's screen through TestBackend, at 80×24 and 200×60: snapshots, each
//! paired with assertions of the values shown (read off the generated tree here).

mod common;

use common::tutor::drawn;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::game::Game;
use prune::practice::simulate::{Exercise, Feedback, Method, Settings};
use prune::tui::simulate::{Outcome, SimulateScreen};

fn screen(feedback: Feedback) -> SimulateScreen {
    let ex = Exercise::new(Settings {
        seed: 7,
        branching: 2,
        depth: 3,
        method: Method::AlphaBeta,
        feedback,
        fade: None,
    })
    .unwrap();
    SimulateScreen::new(ex)
}

fn type_line(s: &mut SimulateScreen, text: &str) {
    for c in text.chars() {
        assert_eq!(
            s.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)),
            Outcome::Continue
        );
    }
    s.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
}

/// The leaf values under C (the root's first grandchild), from the tree itself.
fn values(s: &SimulateScreen) -> (i32, i32) {
    let g = s.exercise.graph();
    let find = |name: &str| (0..g.len() as u32).find(|&n| g.name(n) == name).unwrap();
    (g.score(find("G")).unwrap(), g.score(find("H")).unwrap())
}

/// Down to C's return and A's next child, then a wrong window for D (A's window as it was
/// entered, not narrowed by C's return).
fn played(feedback: Feedback) -> (SimulateScreen, i32) {
    let mut s = screen(feedback);
    let (g, h) = values(&s);
    let c = g.max(h);
    for line in ["A", "-inf inf", "C", "-inf inf", "G", "H"] {
        type_line(&mut s, line);
    }
    type_line(&mut s, &format!("return {c}"));
    type_line(&mut s, "D");
    type_line(&mut s, "-inf inf");
    (s, c)
}

#[test]
fn a_wrong_window_is_corrected_on_screen_80x24() {
    let (s, c) = played(Feedback::Step);
    let (g, h) = values(&s);
    let text = drawn(&s, 80, 24);
    assert!(text.contains(&format!("G = {g}")), "{text}");
    assert!(text.contains(&format!("H = {h}")), "{text}");
    assert!(text.contains(&format!("C MAX (-∞, +∞) → {c}")), "{text}");
    assert!(text.contains(&format!("expected -inf {c}.")), "{text}");
    assert!(text.contains(&format!("lowered its β to {c}")), "{text}");
    assert!(text.contains("seed 7"), "{text}");
    // 8 of 9 is 88.9 %, shown rounded (issue 34, item 15).
    assert!(text.contains("8/9 ✓ 89 %"), "{text}");
    assert!(text.contains(&format!("D MAX (-∞, {c})")), "{text}");
    insta::assert_snapshot!("simulate_wrong_window_80x24", text);
}

#[test]
fn a_wrong_window_is_corrected_on_screen_200x60() {
    let (s, c) = played(Feedback::Step);
    let text = drawn(&s, 200, 60);
    assert!(text.contains(&format!("expected -inf {c}.")), "{text}");
    assert!(
        text.contains(&format!("✗ 9 -inf {c} (you: -inf inf)")),
        "{text}"
    );
    assert!(text.contains(&format!("› A MIN (-∞, {c})")), "{text}");
    insta::assert_snapshot!("simulate_wrong_window_200x60", text);
}

/// With feedback at the end the screen shows the student's own window and no score.
#[test]
fn feedback_at_the_end_shows_the_students_entries() {
    let (s, c) = played(Feedback::End);
    let text = drawn(&s, 80, 24);
    assert!(text.contains("D MAX (-∞, +∞)"), "{text}");
    assert!(!text.contains(&format!("-inf {c}")), "{text}");
    assert!(text.contains("9 noted; graded at the end"), "{text}");
    assert!(!text.contains(" ✓ "), "{text}");
    insta::assert_snapshot!("simulate_end_feedback_80x24", text);
}

/// Tab puts the frame's children into the line; a malformed line is a hint, not graded.
#[test]
fn tab_offers_children_and_a_bad_line_is_a_hint() {
    let mut s = screen(Feedback::Step);
    s.handle_key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE));
    assert_eq!(s.edit.text(), "visit A");
    s.handle_key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE));
    assert_eq!(s.edit.text(), "visit B");
    s.handle_key(KeyEvent::new(KeyCode::Up, KeyModifiers::NONE));
    assert_eq!(s.edit.text(), "visit A");
    s.edit.clear();
    type_line(&mut s, "what");
    assert_eq!(s.exercise.done(), 0);
    let text = drawn(&s, 80, 24);
    assert!(
        text.contains("? no node is named what; R moves next"),
        "{text}"
    );
    assert_eq!(
        s.handle_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)),
        Outcome::Quit
    );
}

/// Too small a terminal says so.
#[test]
fn a_small_terminal_asks_for_more_room() {
    let s = screen(Feedback::Step);
    let text = drawn(&s, 40, 10);
    assert!(text.contains("make the terminal at least 60×16"), "{text}");
}

/// Finishing an exercise on screen saves its score to the progress file and says so; `n`
/// then starts the next seed's tree.
#[test]
fn a_finished_exercise_is_saved_and_n_starts_a_new_tree() {
    use prune::practice::store::{Place, Progress};
    let dir = std::env::temp_dir().join(format!("prune-simulate-screen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("progress.json");
    let mut s = screen(Feedback::Step).saving(Place::File(path.clone()));
    // The run's own steps, typed: this test is about saving, not about grading.
    while !s.exercise.finished() {
        let line = s.exercise.entry(s.exercise.done());
        type_line(&mut s, &line);
    }
    let steps = s.exercise.steps().len() as u64;
    let text = drawn(&s, 80, 24);
    assert!(
        text.contains(&format!(
            "Done: {steps} of {steps} steps right first time (100 %)"
        )),
        "{text}"
    );
    assert!(text.contains("score saved in"), "{text}");
    let p = Progress::load_from(&path).unwrap();
    assert_eq!(
        (p.simulate.exercises, p.simulate.steps, p.simulate.right),
        (1, steps, steps)
    );
    s.handle_key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE));
    assert_eq!(s.exercise.settings.seed, 8);
    assert_eq!(s.exercise.done(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Minimax has no windows and no cutoffs (issue 34.9): its screen never asks for either nor
/// draws a window, at 80×24 and 200×60, before the first step and half way through.
#[test]
fn minimax_asks_for_no_window_and_draws_none() {
    let minimax = || {
        let settings = Settings {
            seed: 7,
            branching: 2,
            depth: 3,
            method: Method::Minimax,
            feedback: Feedback::Step,
            fade: None,
        };
        SimulateScreen::new(Exercise::new(settings).unwrap())
    };
    let mut s = minimax();
    for half in [false, true] {
        if half {
            for _ in 0..s.exercise.steps().len() / 2 {
                let line = s.exercise.entry(s.exercise.done());
                type_line(&mut s, &line);
            }
        }
        for (w, h) in [(80, 24), (200, 60)] {
            let text = drawn(&s, w, h);
            for never in ["∞", "window", "cut", "entered", "now ("] {
                assert!(!text.contains(never), "{w}×{h} shows '{never}':\n{text}");
            }
            // The stack names its frames, root first: R, then the open frames below it.
            assert!(text.contains("R MAX"), "{text}");
        }
    }
    let first = drawn(&minimax(), 200, 60);
    assert!(
        first.contains("choose each node to visit and type what each call returns"),
        "{first}"
    );
    // A window typed where a decision is asked is a hint that names why.
    type_line(&mut s, "3 inf");
    assert!(drawn(&s, 200, 60).contains("minimax keeps no window"));
}
