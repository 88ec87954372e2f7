//! Compare mode by node: the partner run shows the node reached by the same moves as the main
//! run's current node, says so when it never searched it, and `|` lists the diff of the two
//! runs with a strip of counter deltas. Expected nodes and counters come from seed 000's
//! worked tree (its fixtures: 12 → 13 calls, 2 → 1 cutoffs with ordering) and its lesson text.

mod common;

use common::tutor::{app, screen};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::index::NodeKind;
use prune::tui::app::App;

fn key(a: &mut App, c: char) {
    a.on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
}

/// The call of pass `depth` of the main run reached by `path` from the root.
fn call_at(a: &App, depth: u8, path: &[u16]) -> u32 {
    let tree = a.replay.tree();
    let root = tree
        .passes()
        .iter()
        .find(|p| p.depth == depth)
        .unwrap()
        .root;
    let id = prune::diff::align::find_path(tree, root, path).unwrap();
    assert_eq!(tree.get(id).kind, NodeKind::Call);
    id
}

/// The worked tree compared with ordering on (`c` twice: minimax, then ordering).
fn worked_against_ordering() -> App {
    let mut a = app("000-worked-tree", "worked");
    key(&mut a, 'c');
    key(&mut a, 'c');
    assert_eq!(a.compare.as_ref().unwrap().label, "ordering on");
    a
}

#[test]
fn scratch() {
    let mut a = worked_against_ordering();
    key(&mut a, 'x');
    println!("{}", screen(&mut a, 80, 24));
    key(&mut a, 'x');
    println!("{}", screen(&mut a, 80, 24));
    let mut b = app("000-worked-tree", "ordered");
    key(&mut b, 'c');
    key(&mut b, 'c');
    let id = call_at(&b, 2, &[2, 1]);
    let step = b.replay.tree().get(id).enter as usize + 1;
    b.seek(step);
    println!("{}", screen(&mut b, 80, 24));
    println!("{}", screen(&mut b, 200, 50));
    key(&mut b, '|');
    println!("{}", screen(&mut b, 80, 24));
    println!("{}", screen(&mut b, 200, 50));
}
