//! A misconception's run in the tutor, as a student meets it: the nodes are labelled on the
//! side the wrong search played them for, the values are the wrong run's, and before the first
//! step the tutor says that the lesson's introduction is about the right search. Expected
//! sides and values come from the lesson file, read and searched here.

mod common;

use common::tutor::{flat, key, screen};
use crossterm::event::KeyCode;
use prune::lesson::{Lesson, Overrides};
use prune::search::Pitfall;
use prune::tui::app::App;
use prune::tui::theme::Theme;
use serde_json::Value;

fn app_with(pitfall: Option<Pitfall>) -> App {
    let l = Lesson::open("003-two-ply").unwrap();
    let over = Overrides {
        pitfall,
        ..Overrides::default()
    };
    let setup = l.setup(Some("minimax"), &over).unwrap();
    let mut app = App::new(vec![l.clone()], l, setup).unwrap();
    app.theme = Theme { color: false };
    app
}

/// The lesson's nodes as (label, is MAX, score, children), read from its file.
fn nodes() -> Vec<(String, bool, Option<i64>, Vec<usize>)> {
    let path = common::repo().join("lessons/003-two-ply.json");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    (json["graph"]["nodes"].as_array().unwrap().iter())
        .map(|n| {
            let kids = (n["moves"].as_array().into_iter().flatten())
                .map(|m| m["child"].as_u64().unwrap() as usize)
                .collect();
            (
                n["label"].as_str().unwrap().to_string(),
                n["player"] == "MAX",
                n["score"].as_i64(),
                kids,
            )
        })
        .collect()
}

/// Minimax of the file's tree with every side below the root swapped when `swapped`.
fn value(nodes: &[(String, bool, Option<i64>, Vec<usize>)], at: usize, swapped: bool) -> i64 {
    let (_, max, score, kids) = &nodes[at];
    if kids.is_empty() {
        return score.unwrap();
    }
    let vals = kids.iter().map(|&k| value(nodes, k, swapped));
    let max = if swapped && at != 0 { !max } else { *max };
    if max { vals.max() } else { vals.min() }.unwrap()
}

#[test]
fn sides_swapped_is_labelled_and_valued_as_it_was_searched() {
    let tree = nodes();
    let right = value(&tree, 0, false);
    let wrong = value(&tree, 0, true);
    assert_ne!(right, wrong, "the lesson must tell the two runs apart");
    let mut a = app_with(Some(Pitfall::SidesSwapped));
    let s = flat(&screen(&mut a, 200, 50));
    assert!(
        s.contains("This run is the sides-swapped misconception: MAX and MIN are swapped at every node below the root. The introduction is about the lesson's right search, not this run."),
        "{s}"
    );
    // At 80×24 the sentence starts on screen and the rest is a page down (n).
    let s = flat(&screen(&mut a, 80, 24));
    assert!(
        s.contains("This run is the sides-swapped misconception"),
        "{s}"
    );
    key(&mut a, KeyCode::Char('n'));
    let s = flat(&screen(&mut a, 80, 24));
    assert!(s.contains("not this run"), "{s}");
    key(&mut a, KeyCode::End);
    let s = screen(&mut a, 200, 50);
    // Every inner node below the root is a MIN node of the game, searched as MAX.
    for (i, (label, max, _, kids)) in tree.iter().enumerate().skip(1) {
        if !kids.is_empty() {
            assert!(!max, "{label} is a MIN node in the file");
            let v = value(&tree, i, true);
            assert!(s.contains(&format!("▲{label}={v}")), "{label} as MAX:\n{s}");
        }
    }
    assert!(s.contains(&format!("▲R={wrong}")), "{s}");
    assert_eq!(a.replay.rec.result().score, wrong as i32);
}

#[test]
fn the_preset_as_given_has_no_caveat() {
    let mut a = app_with(None);
    let s = flat(&screen(&mut a, 80, 24));
    assert!(!s.contains("misconception"), "{s}");
    assert!(!s.contains("none of the lesson's presets"), "{s}");
}
