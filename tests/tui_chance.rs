//! Seed 004's chance nodes on screen: the Σ mark, each outcome's probability on its edge, a
//! chance frame's running sum and the interval chance pruning keeps, and the chance cutoff
//! with the bound that caused it, at 80×24 and 200×50.
//!
//! The figures are worked out by hand from the trees written here:
//! - the coin tree: after L a fair coin leads to MIN nodes over (3, 7) and (8, 4), worth 3 and
//!   4, so L = 0.5·3 + 0.5·4 = 3.5; after R, 0.25 and 0.75 lead to MIN nodes over (10, 1) and
//!   (6, 5), worth 1 and 5, so R = 0.25·1 + 0.75·5 = 4; MAX plays R, worth 4.
//! - the cutoff tree: utilities in [0, 10]; MAX's first move A is worth 7; B is a fair chance
//!   node whose first outcome is worth 2, so B lies in [0.5·2 + 0.5·0, 0.5·2 + 0.5·10] = [1, 6],
//!   all below α = 7: B cuts, its second outcome is skipped and B returns at most 6.

mod common;

use common::tutor::{app_of, flat, key, screen};
use crossterm::event::KeyCode;
use prune::tui::app::App;

const COIN: &str = r#"{"title": "Coin", "graph": {"nodes": [
  {"player": "MAX", "label": "root", "moves": [{"child": 1}, {"child": 2}]},
  {"player": "CHANCE", "label": "L", "moves": [{"child": 3, "p": 0.5}, {"child": 4, "p": "1/2"}]},
  {"player": "CHANCE", "label": "R", "moves": [{"child": 5, "p": 0.25}, {"child": 6, "p": 0.75}]},
  {"player": "MIN", "label": "L1", "moves": [{"child": 7}, {"child": 8}]},
  {"player": "MIN", "label": "L2", "moves": [{"child": 9}, {"child": 10}]},
  {"player": "MIN", "label": "R1", "moves": [{"child": 11}, {"child": 12}]},
  {"player": "MIN", "label": "R2", "moves": [{"child": 13}, {"child": 14}]},
  {"player": "MAX", "score": 3}, {"player": "MAX", "score": 7},
  {"player": "MAX", "score": 8}, {"player": "MAX", "score": 4},
  {"player": "MAX", "score": 10}, {"player": "MAX", "score": 1},
  {"player": "MAX", "score": 6}, {"player": "MAX", "score": 5}]},
  "runs": [{"name": "average", "depth": 3, "deepening": false}]}"#;

const CUT: &str = r#"{"title": "Chance cutoff", "graph": {"utility_range": [0, 10], "nodes": [
  {"player": "MAX", "label": "root", "moves": [{"child": 1}, {"child": 2}]},
  {"player": "MIN", "label": "A", "score": 7},
  {"player": "CHANCE", "label": "B", "moves": [{"child": 3, "p": 0.5}, {"child": 4, "p": 0.5}]},
  {"player": "MIN", "label": "b1", "score": 2},
  {"player": "MIN", "label": "b2", "score": 9}]},
  "runs": [{"name": "pruning", "depth": 2, "deepening": false, "chance_pruning": true}]}"#;

fn open(text: &str, run: &str) -> App {
    app_of(text, run)
}

fn press(app: &mut App, code: KeyCode) {
    key(app, code);
}

#[test]
fn the_coin_tree_shows_exact_averages_and_probabilities() {
    for (w, h) in [(80, 24), (200, 50)] {
        let mut app = open(COIN, "average");
        press(&mut app, KeyCode::End);
        assert_eq!(app.st.step, app.replay.len(), "End goes to the last step");
        // Outline mode (Tab) shows every node with its edge label on both sizes.
        app.set_outline(true);
        let s = screen(&mut app, w, h);
        assert!(s.contains("ΣL=3.5"), "L averages to 3.5\n{s}");
        assert!(s.contains("ΣR=4"), "R averages to 4\n{s}");
        assert!(s.contains("p=0.25"), "{s}");
        if h >= 50 {
            assert!(s.contains("p=0.75"), "{s}");
        }
        assert!(s.contains("▲root=4"), "the root is worth 4\n{s}");
        let text = flat(&s);
        assert!(text.contains("worth 4 and plays R"), "{s}");
        insta::assert_snapshot!(format!("chance_coin_end_{w}x{h}"), s);
    }
}

#[test]
fn a_chance_frame_shows_its_sum_and_the_cutoff_its_interval_causes() {
    for (w, h) in [(80, 24), (200, 50)] {
        let mut app = open(CUT, "pruning");
        press(&mut app, KeyCode::Char('x'));
        let cut = app.replay.index().marks.cutoffs[0] as usize;
        assert_eq!(app.st.step, cut + 1, "x lands on the chance cutoff");
        let s = screen(&mut app, w, h);
        let text = flat(&s);
        assert!(text.contains("Chance cutoff at B (2)"), "{s}");
        assert!(
            text.contains("its value is at most 6, which cannot beat α = 7"),
            "{s}"
        );
        // The stack's chance row: the weighted sum so far (0.5·2 = 1) and the interval.
        assert!(s.contains("1  sum"), "{s}");
        assert!(s.contains("in [1, 6]"), "{s}");
        assert!(s.contains("⊘▼b2"), "the second outcome is skipped\n{s}");
        assert!(s.contains("ΣB"), "{s}");
        assert!(s.contains("chance cutoffs 1  bounds [0, 10]"), "{s}");
        insta::assert_snapshot!(format!("chance_cutoff_{w}x{h}"), s);
        // One step back: the interval, and that it is about to cut.
        press(&mut app, KeyCode::Left);
        let text = flat(&screen(&mut app, w, h));
        assert!(
            text.contains("is now known to lie in [1, 6], so it cuts here"),
            "{text}"
        );
    }
}

#[test]
fn presenter_mode_shows_the_open_chance_frame_s_sum_and_interval() {
    let mut app = open(CUT, "pruning");
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Char('F'));
    let s = screen(&mut app, 120, 35);
    assert!(s.contains("sum 1 in [1, 6]"), "{s}");
    assert!(s.contains("ΣB✂"), "{s}");
    insta::assert_snapshot!("chance_cutoff_present_120x35", s);
}

/// The inspector writes a chance run's values in the run's own units wherever it is asked,
/// outside a drawn frame too: the units travel with the run (`App::units`) instead of being
/// read from whatever the drawing thread last set. L averages to 3.5 (worked out above).
#[test]
fn the_inspector_writes_the_coin_trees_average_exactly_outside_a_frame() {
    let mut app = open(COIN, "average");
    press(&mut app, KeyCode::End);
    let tree = app.replay.tree();
    let l = (0..tree.calls())
        .find(|&c| app.replay.catalog().name(tree.get(c).state) == "L")
        .expect("L is searched");
    let text = prune::tui::inspect::lines(&app.replay, &app.st, &app.units, l).join("\n");
    assert!(text.contains("=3.5 exact"), "{text}");
}
