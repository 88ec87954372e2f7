//! The "why" pane (`Y`) as a user meets it: the node cursor on seed 000's worked tree, the
//! skipped leaf 7 selected, its chain on screen at 80×24 and 200×50, and Enter showing a
//! step of it. The values come from seed 000's tree through the test's own oracle.

mod common;

use common::model::{Model, Oracle};
use common::tutor::{app, flat, screen};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::tui::app::App;

fn press(app: &mut App, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn worked() -> Model {
    let path = common::repo().join("lessons/000-worked-tree.json");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    Model::from_json(&json["graph"]).unwrap()
}

#[test]
fn the_skipped_leaf_says_which_cutoff_and_which_value_closed_the_window() {
    let m = worked();
    // Pass 2 searches node 1 to depth 1 (its value is α at the root afterwards), and node
    // 2's first reply, the leaf 6 (no moves: a finished game), is read.
    let oracle = Oracle::new(&m, 2, 0);
    let alpha = oracle.value(1, 1, 0);
    let six = oracle.value(6, 0, 0);
    assert_eq!((alpha, six), (3, 2));
    let mut a = app("000-worked-tree", "worked");
    press(&mut a, KeyCode::End);
    press(&mut a, KeyCode::Char('v'));
    // Root → node 1 → node 2 → its first child 6 → its sibling 7 (skipped).
    for k in [KeyCode::Down, KeyCode::Right, KeyCode::Down, KeyCode::Right] {
        press(&mut a, k);
    }
    press(&mut a, KeyCode::Char('Y'));
    let pane = a.why.as_ref().expect("the why pane is open");
    let skipped = &pane.answers[0];
    assert_eq!(skipped.title, "Why was m1 → node 7 skipped?");
    let texts: Vec<&str> = skipped.links.iter().map(|l| l.text.as_str()).collect();
    assert!(
        texts[0].starts_with(&format!("node 2's window ({alpha}, {six}) closed (α ≥ β) after its move 1 of 2: the 1 move after it was never searched")),
        "{texts:?}"
    );
    assert!(texts[1].contains(&format!("β fell to {six}")), "{texts:?}");
    assert_eq!(texts[2], format!("m0 → node 6 returned {six}."));
    assert_eq!(
        texts[3],
        format!("node 6 is a finished game: its utility is {six}.")
    );
    for (w, h) in [(80, 24), (200, 50)] {
        let s = screen(&mut a, w, h);
        let f = flat(&s);
        assert!(f.contains("Why was m1 → node 7 skipped?"), "{w}×{h}:\n{s}");
        assert!(f.contains(&format!("β fell to {six}")), "{w}×{h}:\n{s}");
        insta::assert_snapshot!(format!("why_skipped_leaf_{w}x{h}"), s);
    }
    // Enter on the third link shows the run right after node 6 returned.
    let third = a.why.as_ref().unwrap().answers[0].links[2].step as usize;
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.st.step, third + 1);
    assert!(a.why.is_some(), "the pane stays open on a jump");
    let s = flat(&screen(&mut a, 80, 24));
    assert!(s.contains(&format!("step {}/", third + 1)), "{s}");
    press(&mut a, KeyCode::Esc);
    assert!(a.why.is_none());
    assert!(a.inspecting, "Esc closes the pane first, then the cursor");
}

#[test]
fn before_a_node_is_decided_the_pane_tells_nothing_of_it() {
    let mut a = app("000-worked-tree", "worked");
    press(&mut a, KeyCode::Char('Y'));
    let pane = a.why.as_ref().unwrap();
    assert!(pane.answers.is_empty());
    let s = flat(&screen(&mut a, 80, 24));
    assert!(
        s.contains("Nothing about it has been decided by this step"),
        "{s}"
    );
}

#[test]
fn the_help_lists_the_why_key() {
    let help = prune::tui::keys::help_lines();
    assert!(help.iter().any(|(k, h)| k == "Y" && h.contains("why?")));
}
