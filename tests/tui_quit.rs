//! Leaving the tutor never loses work by accident: Esc on the main screen closes what is open
//! (a comparison, the node cursor) and otherwise does nothing; q quits at once when nothing
//! would be lost, and asks once when steps are marked or the run was changed live (q again
//! quits, any other key stays). Ctrl-C always quits at once.

mod common;

use common::tutor::{app, key, screen};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::tui::app::App;
use prune::tui::components::help::Help;

fn worked() -> App {
    app("000-worked-tree", "worked")
}

fn ch(a: &mut App, c: char) {
    key(a, KeyCode::Char(c));
}

#[test]
fn esc_on_the_main_screen_never_quits() {
    let mut a = worked();
    key(&mut a, KeyCode::Esc);
    assert!(!a.quit, "Esc with nothing open does nothing");
    assert!(a.layers.is_empty());
    // It closes a comparison, and the screen shows one run again.
    ch(&mut a, 'c');
    assert!(a.compare.is_some());
    key(&mut a, KeyCode::Esc);
    assert!(a.compare.is_none() && !a.quit);
    // It ends the node cursor.
    ch(&mut a, 'v');
    assert!(a.inspecting());
    key(&mut a, KeyCode::Esc);
    assert!(!a.inspecting() && !a.quit);
    // It closes the help window.
    ch(&mut a, '?');
    assert!(a.layers.top::<Help>().is_some());
    key(&mut a, KeyCode::Esc);
    assert!(a.layers.is_empty());
    assert!(!a.quit);
}

#[test]
fn q_quits_at_once_with_nothing_to_lose() {
    let mut a = worked();
    key(&mut a, KeyCode::Right);
    ch(&mut a, 'q');
    assert!(a.quit);
}

#[test]
fn q_asks_once_when_a_mark_would_be_lost() {
    let mut a = worked();
    key(&mut a, KeyCode::Right);
    ch(&mut a, 'b');
    ch(&mut a, 'q');
    assert!(!a.quit, "a mark would be lost: q asks first");
    let s = screen(&mut a, 80, 24);
    assert!(s.contains("quit? marks will be lost"), "{s}");
    // Any other key is "stay", and does nothing else.
    let step = a.st.step;
    key(&mut a, KeyCode::Right);
    assert!(!a.quit);
    assert_eq!(a.st.step, step, "the answer is not also a step");
    // Asked again, q again quits.
    ch(&mut a, 'q');
    assert!(!a.quit);
    ch(&mut a, 'q');
    assert!(a.quit);
}

#[test]
fn q_asks_once_after_a_live_change() {
    let mut a = worked();
    // Seed 000: ordering on takes the worked tree from 12 calls to 13.
    ch(&mut a, 'r');
    assert_eq!(a.replay.result().stats.nodes, 13);
    ch(&mut a, 'q');
    assert!(!a.quit);
    assert!(
        a.message
            .as_deref()
            .is_some_and(|m| m.contains("quit? live changes will be lost")),
        "{:?}",
        a.message
    );
    ch(&mut a, 'q');
    assert!(a.quit);
    // Back on a preset, nothing is lost: q quits at once.
    let mut a = worked();
    ch(&mut a, 'R');
    ch(&mut a, 'q');
    assert!(a.quit, "a preset is no live change");
}

#[test]
fn ctrl_c_never_asks() {
    let mut a = worked();
    ch(&mut a, 'b');
    a.on_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(a.quit);
}

#[test]
fn help_lists_esc_and_q_apart() {
    let lines = prune::tui::keys::help_lines();
    let find = |label: &str| {
        lines
            .iter()
            .find(|(l, _)| l == label)
            .map(|(_, h)| h.clone())
            .unwrap_or_default()
    };
    assert!(find("Esc").contains("close"), "{lines:?}");
    assert!(find("q ^C").contains("asks"), "{lines:?}");
}
