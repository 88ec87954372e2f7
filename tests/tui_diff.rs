//! Compare mode by node: the partner run shows the node reached by the same moves as the main
//! run's current node, says so when it never searched it, and `|` lists the diff of the two
//! runs with a strip of counter deltas. Expected nodes and counters come from seed 000's
//! worked tree (its fixtures: 12 → 13 calls, 2 → 1 cutoffs with ordering) and its lesson text.

mod common;

use common::tutor::{app, screen};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::index::NodeKind;
use prune::tui::app::App;
use prune::tui::model;

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

/// Seed 000's counters of fixture `name`: (nodes, evals, cutoffs), from its printed output.
fn seed(name: &str) -> (u64, u64, u64) {
    let text = std::fs::read_to_string(common::repo().join("tests/fixtures/seed000_expected.txt"))
        .unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(&format!("{name}:")))
        .unwrap();
    let v = |k: &str| -> u64 {
        lines[at + 1]
            .split(", ")
            .find_map(|kv| kv.strip_prefix(&format!("{k}=")))
            .unwrap()
            .parse()
            .unwrap()
    };
    (v("nodes"), v("evals"), v("cutoffs"))
}

fn partner_node(a: &App) -> (Vec<u16>, u32) {
    let c = a.compare.as_ref().unwrap();
    let id = model::current_node(&c.replay, &c.st).unwrap();
    let tree = c.replay.tree();
    (prune::diff::align::path_of(tree, id), tree.get(id).state)
}

#[test]
fn the_partner_shows_the_same_node_not_the_same_call_number() {
    let mut a = worked_against_ordering();
    // The first cutoff of the worked run: MIN node 2 (move 1 from the root) in pass 2.
    key(&mut a, 'x');
    let main = model::current_node(&a.replay, &a.st).unwrap();
    let tree = a.replay.tree();
    assert_eq!(prune::diff::align::path_of(tree, main), vec![1]);
    assert_eq!(tree.get(main).state, 2);
    assert_eq!(partner_node(&a), (vec![1], 2));
    // Ordering searches node 3 first, so node 2 is a later call there: aligning by call
    // number would have shown another node.
    let c = a.compare.as_ref().unwrap();
    assert_ne!(c.st.stats.nodes, a.st.stats.nodes);
    assert!(c.missing.is_none());
    // Both are at their cutoff of node 2 (ordering still cuts there, seed 000's notes).
    assert!(c.st.top().unwrap().cutoff.is_some());
    let text = screen(&mut a, 80, 24);
    assert_eq!(text.matches("›▼2✂").count(), 2, "{text}");

    // The next cutoff: node 3 (move 2), searched first with ordering and not cut there.
    key(&mut a, 'x');
    assert_eq!(partner_node(&a), (vec![2], 3));
    let c = a.compare.as_ref().unwrap();
    assert!(c.st.top().unwrap().cutoff.is_none());
}

/// The ordered run at its call of MAX node 9 (moves 2 then 1), compared with ordering off,
/// which skips node 9 after node 3's cutoff.
fn at_node_9() -> App {
    let mut b = app("000-worked-tree", "ordered");
    key(&mut b, 'c');
    key(&mut b, 'c');
    assert_eq!(b.compare.as_ref().unwrap().label, "ordering off");
    let id = call_at(&b, 2, &[2, 1]);
    let step = b.replay.tree().get(id).enter as usize + 1;
    b.seek(step);
    b
}

#[test]
fn the_partner_says_plainly_when_it_never_searched_the_node() {
    let mut b = at_node_9();
    let m = b.compare.as_ref().unwrap().missing.clone().unwrap();
    assert_eq!(m.name, "MAX node 9");
    assert_eq!(m.why, prune::diff::Absent::Skipped);
    assert_eq!(m.shown.as_deref(), Some("MIN node 3"));
    // Shown instead: node 3 just returned, with its cutoff and the skipped node 9.
    assert_eq!(partner_node(&b), (vec![], 0));
    let small = screen(&mut b, 80, 24);
    assert!(
        small.contains("ordering off: never searches MAX node 9"),
        "{small}"
    );
    insta::assert_snapshot!("partner_missing_80x24", small);
    let wide = screen(&mut b, 200, 50);
    assert!(
        wide.contains(
            "ordering off: never searches MAX node 9: skipped by its parent's cutoff; shown: MIN node 3"
        ),
        "{wide}"
    );
    assert!(wide.contains("▼3≤0✂"), "{wide}");
    insta::assert_snapshot!("partner_missing_200x50", wide);
}

#[test]
fn bar_opens_the_diff_of_the_two_runs_with_a_strip_of_counter_deltas() {
    let mut a = worked_against_ordering();
    key(&mut a, 'x');
    key(&mut a, '|');
    let (na, ea, ca) = seed("worked");
    let (nb, eb, cb) = seed("ordered");
    assert_eq!((na, nb, ea, eb, ca, cb), (12, 13, 7, 8, 2, 1));
    let strip = format!(
        "nodes {na}→{nb} +1 (+8.3 %) · evals {ea}→{eb} +1 (+14.3 %) · cutoffs {ca}→{cb} −1 (−50 %)"
    );
    let wide = screen(&mut a, 200, 50);
    assert!(wide.contains(&strip), "{wide}");
    // The nodes of the diff: node 9 is searched only with ordering; node 3's cutoff moved
    // and its result is no longer only a bound.
    assert!(wide.contains("searched only in B (1):"), "{wide}");
    assert!(wide.contains("MAX node 9 moves 2 1: EXACT 7; in A: skipped by its parent's cutoff"));
    assert!(
        wide.contains("MIN node 3 moves 2: A UPPER 0 → B EXACT 0"),
        "{wide}"
    );
    insta::assert_snapshot!("diff_view_200x50", wide);
    let small = screen(&mut a, 80, 24);
    assert!(
        small.contains(&format!("nodes {na}→{nb} +1 (+8.3 %)")),
        "{small}"
    );
    assert!(small.contains("more lines (↑↓ PgUp PgDn)"), "{small}");
    insta::assert_snapshot!("diff_view_80x24", small);

    // It scrolls with the shared keys, and any other key closes it.
    a.on_key(KeyEvent::new(KeyCode::PageDown, KeyModifiers::NONE));
    let scrolled = screen(&mut a, 80, 24);
    assert!(scrolled.contains("above"), "{scrolled}");
    // The last page: pass 2's own counters, 8 → 9 calls (the lesson's facts: "calls" of
    // worked and ordered).
    assert!(scrolled.contains("nodes 8 → 9 +1 (+12.5 %)"), "{scrolled}");
    key(&mut a, 'x');
    assert!(a.layers.is_empty());
    assert!(!a.quit);
}

#[test]
fn bar_outside_a_comparison_says_what_it_needs() {
    let mut a = app("000-worked-tree", "worked");
    key(&mut a, '|');
    assert!(a.layers.is_empty());
    assert!(
        a.message
            .as_deref()
            .unwrap()
            .contains("compare them first (c)")
    );
}
