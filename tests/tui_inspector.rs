//! The node cursor and inspector (`v`), and the legend page of `?`, as a user meets them:
//! keys into `App`, the screen from ratatui's TestBackend. Expected values come from seed 000
//! (the worked tree's root is worth 3) or from the test's own oracle over the lesson's graph
//! (`common::model`), never from the tutor's output.

mod common;

use common::tutor::{app, screen};

use common::model::{Model, Oracle};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::lesson::{Lesson, builtin_names};
use prune::tui::app::App;
use prune::tui::{inspect, legend};
use serde_json::Value;

fn press(app: &mut App, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// The lesson's graph as the test reads it from the lesson file itself.
fn model(lesson: &str) -> (Model, Value) {
    let path = common::repo()
        .join("lessons")
        .join(format!("{lesson}.json"));
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let graph = json["graph"].clone();
    (Model::from_json(&graph).expect("scored graph"), graph)
}

/// The inspector's text, joined, for the node the cursor is on.
fn inspected(app: &App) -> String {
    let id = app.selected().or_else(|| app.current()).unwrap();
    inspect::lines(&app.replay, &app.st, &app.units, id).join("\n")
}

#[test]
fn the_worked_tree_root_is_inspected_with_both_passes() {
    let mut a = app("000-worked-tree", "worked");
    press(&mut a, KeyCode::End);
    press(&mut a, KeyCode::Char('v'));
    assert!(a.inspecting());
    let text = inspected(&a);
    // Seed 000: "worked: COMPLETE, depth=2, score=3, move=0"; the depth-1 value from the oracle.
    let (m, _) = model("000-worked-tree");
    let depth1 = Oracle::new(&m, 2, 0).value(0, 1, 0);
    assert!(text.contains("so far (▸ the selected one): 2"), "{text}");
    assert!(
        text.contains(&format!(
            "• pass 1 · call 1 · ply 0 · d1 q0 · window (-∞, +∞) → ={depth1} exact"
        )),
        "{text}"
    );
    assert!(
        text.contains("▸ pass 2 · call 5 · ply 0 · d2 q0 · window (-∞, +∞) → =3 exact"),
        "{text}"
    );
    for (w, h) in [(80, 24), (120, 35)] {
        let s = screen(&mut a, w, h);
        assert!(s.contains("▸ node 0 · MAX to move"), "{w}×{h}:\n{s}");
        assert!(s.contains("→ =3 exact"), "{w}×{h}:\n{s}");
        insta::assert_snapshot!(format!("inspector_root_end_{w}x{h}"), s);
    }
}

#[test]
fn arrows_move_the_cursor_through_the_tree() {
    let mut a = app("000-worked-tree", "worked");
    press(&mut a, KeyCode::End);
    press(&mut a, KeyCode::Char('v'));
    let (m, _) = model("000-worked-tree");
    let root_moves: Vec<usize> = m.moves[0].iter().map(|&(c, _)| c).collect();
    press(&mut a, KeyCode::Down);
    let first = a.replay.tree().get(a.selected().unwrap()).state as usize;
    press(&mut a, KeyCode::Right);
    let second = a.replay.tree().get(a.selected().unwrap()).state as usize;
    // Ordering is off in this preset: the root's children come in move order.
    assert_eq!((first, second), (root_moves[0], root_moves[1]));
    press(&mut a, KeyCode::Left);
    assert_eq!(
        a.replay.tree().get(a.selected().unwrap()).state as usize,
        first
    );
    press(&mut a, KeyCode::Up);
    assert_eq!(a.replay.tree().get(a.selected().unwrap()).state, 0);
    // Up from the root goes nowhere and says so; the cursor stays.
    press(&mut a, KeyCode::Up);
    assert_eq!(a.replay.tree().get(a.selected().unwrap()).state, 0);
    assert_eq!(a.message.as_deref(), Some("no node in that direction"));
    // Esc ends the cursor: the arrows step the search again.
    press(&mut a, KeyCode::Esc);
    assert!(!a.inspecting());
    let before = a.st.step;
    press(&mut a, KeyCode::Left);
    assert_eq!(a.st.step, before - 1);
}

#[test]
fn the_quiescence_node_shows_its_static_score_and_tactical_move() {
    let mut a = app("000-tactical", "quiescence");
    press(&mut a, KeyCode::End);
    press(&mut a, KeyCode::Char('v'));
    press(&mut a, KeyCode::Down);
    let id = a.selected().unwrap();
    let state = a.replay.tree().get(id).state as usize;
    let (m, graph) = model("000-tactical");
    let static_score = graph["nodes"][state]["score"].as_i64().unwrap();
    let tactical: Vec<usize> = (0..m.moves[state].len())
        .filter(|&i| m.moves[state][i].1)
        .collect();
    assert!(!tactical.is_empty(), "the lesson's first reply is tactical");
    let text = inspected(&a);
    assert!(
        text.contains(&format!("static score {static_score}")),
        "{text}"
    );
    assert!(
        text.contains(&format!("stand pat {static_score}")),
        "{text}"
    );
    for i in tactical {
        assert!(text.contains(&format!("m{i}* → ")), "{text}");
    }
    // With one quiescence ply the reply's true value replaces the static score.
    let truth = Oracle::new(&m, 1, 1).value(state, 0, 1);
    assert!(text.contains(&format!("→ ={truth} exact")), "{text}");
}

#[test]
fn before_the_search_reaches_a_node_the_inspector_tells_nothing_of_it() {
    for stem in builtin_names() {
        let l = Lesson::open(stem).unwrap();
        for run in &l.spec.runs {
            let mut a = app(stem, &run.name);
            // A Monte Carlo run has no calls to inspect yet (its views are issue 22's).
            if a.setup.options.family().samples() {
                continue;
            }
            a.seek(1);
            let tree = a.replay.tree();
            let root = tree.pass_at(1).unwrap().root;
            let mut stack = vec![root];
            // The first nodes in pre-order (all of them on a lesson-sized tree): the
            // inspector reads every call for each, so a game's whole tree would be slow.
            let mut budget = 300;
            while let Some(id) = stack.pop() {
                budget -= 1;
                if budget == 0 {
                    break;
                }
                stack.extend(tree.children(id));
                if id == root {
                    continue;
                }
                let text = inspect::lines(&a.replay, &a.st, &a.units, id).join("\n");
                assert!(
                    text.contains("not reached yet") && !text.contains(" → "),
                    "{stem} / {}: node {id} at step 1:\n{text}",
                    run.name
                );
            }
        }
    }
}

#[test]
fn the_legend_lists_every_mark_and_scrolls_to_its_end_at_80x24() {
    let mut a = app("000-worked-tree", "worked");
    press(&mut a, KeyCode::Char('?'));
    press(&mut a, KeyCode::Tab);
    let top = screen(&mut a, 80, 24);
    assert!(top.contains("Legend"), "{top}");
    assert!(top.contains(legend::CUT.meaning), "{top}");
    insta::assert_snapshot!("legend_top_80x24", top);
    for _ in 0..40 {
        press(&mut a, KeyCode::Down);
    }
    let end = screen(&mut a, 80, 24);
    let last = legend::rows().last().unwrap().1.clone();
    assert!(end.contains(&last), "the last row is reachable:\n{end}");
    // At 120×45 the whole legend fits: every mark is on screen at once.
    press(&mut a, KeyCode::PageUp);
    press(&mut a, KeyCode::PageUp);
    press(&mut a, KeyCode::PageUp);
    press(&mut a, KeyCode::PageUp);
    press(&mut a, KeyCode::PageUp);
    let wide = screen(&mut a, 120, 45);
    for (glyph, meaning) in legend::rows() {
        assert!(wide.contains(&meaning), "{glyph} {meaning}:\n{wide}");
    }
    insta::assert_snapshot!("legend_120x45", wide);
    // Tab goes back to the keys; ? closes.
    press(&mut a, KeyCode::Tab);
    assert!(screen(&mut a, 80, 24).contains("Keys"));
    press(&mut a, KeyCode::Char('?'));
    assert!(!screen(&mut a, 80, 24).contains("Keys ·"));
}
