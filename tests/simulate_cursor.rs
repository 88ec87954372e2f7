//! `prune simulate` with the node cursor (issue 39, "touch the tree"): ↓ ↑ (and Tab) move a
//! cursor on the tree over what can be picked now, the frame's children (`visit B`) and the
//! frame itself to cut, and Enter submits the pick through the same grader as a typed line.
//! The students here take their steps from an alpha-beta (and a minimax) written in this file
//! on the generated tree, never from prune's run.

mod common;

use common::tutor::drawn;

use std::collections::HashSet;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::game::Game;
use prune::game::graph::Graph;
use prune::practice::simulate::{Ask, Exercise, Feedback, Method, Settings, Stage};
use prune::tui::simulate::SimulateScreen;

const INF: i64 = 1_000_000;

fn typed(v: i64) -> String {
    match v {
        INF => "inf".into(),
        v if v == -INF => "-inf".into(),
        v => v.to_string(),
    }
}

/// One step of the oracle's search: a visit (the child's name), a window, a cut (the frame's
/// name), a return.
#[derive(Clone, Debug, PartialEq)]
enum Step {
    Visit { frame: String, child: String },
    Window(String),
    Cut { frame: String, after: String },
    Return(String),
}

/// Seed 000's alpha-beta (fail-soft, left to right, cut on α ≥ β, a cut counted on the last
/// child too), or minimax (`prunes` false), written out step by step.
fn search(
    g: &Graph,
    s: u32,
    (mut alpha, mut beta): (i64, i64),
    prunes: bool,
    out: &mut Vec<Step>,
) -> i64 {
    let n = g.move_count(s);
    if n == 0 {
        return g.score(s).unwrap() as i64;
    }
    let max = g.side(s).is_max();
    let mut best = if max { -INF } else { INF };
    for i in 0..n {
        let c = g.child(s, i);
        out.push(Step::Visit {
            frame: g.name(s),
            child: g.name(c),
        });
        if g.move_count(c) > 0 && prunes {
            out.push(Step::Window(format!("{} {}", typed(alpha), typed(beta))));
        }
        let window = if prunes { (alpha, beta) } else { (-INF, INF) };
        let v = search(g, c, window, prunes, out);
        if (max && v > best) || (!max && v < best) {
            best = v;
        }
        if prunes {
            if max {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if alpha >= beta {
                out.push(Step::Cut {
                    frame: g.name(s),
                    after: g.name(c),
                });
                break;
            }
        }
    }
    out.push(Step::Return(format!("return {}", typed(best))));
    best
}

fn oracle(ex: &Exercise) -> Vec<Step> {
    let mut out = Vec::new();
    let prunes = ex.settings.method == Method::AlphaBeta;
    search(ex.graph(), 0, (-INF, INF), prunes, &mut out);
    out
}

fn settings(seed: u64, branching: u8, depth: u8, method: Method) -> Settings {
    Settings {
        seed,
        branching,
        depth,
        method,
        feedback: Feedback::Step,
        fade: None,
    }
}

fn press(s: &mut SimulateScreen, code: KeyCode) {
    s.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn type_line(s: &mut SimulateScreen, text: &str) {
    for c in text.chars() {
        press(s, KeyCode::Char(c));
    }
    press(s, KeyCode::Enter);
}

/// The graph node named `name`.
fn node(g: &Graph, name: &str) -> u32 {
    (0..g.len() as u32).find(|&n| g.name(n) == name).unwrap()
}

/// ↓ until the cursor stands on `row` with `line` in the line: how many presses it took
/// (panics when the cursor never gets there).
fn pick(s: &mut SimulateScreen, row: &str, line: &str) -> usize {
    let n = s.picks().len();
    for k in 1..=n {
        press(s, KeyCode::Down);
        let c = s.cursor().expect("the cursor stands on a row");
        assert_eq!(c.line, s.edit.text());
        if c.row == row && c.line == line {
            return k;
        }
    }
    panic!("no pick of {row} as {line:?} among {:?}", s.picks());
}

/// A student who makes every visit and cut with the cursor (windows and returns typed)
/// makes the oracle's steps, all graded right, on 200 trees of each method; the picks offered
/// at a decision are the frame's children in the graph's order, then the frame itself where
/// the method cuts.
#[test]
fn visits_and_cuts_picked_on_the_tree_are_graded_right() {
    let shapes = [(2, 3), (3, 2), (3, 3), (4, 2), (2, 4)];
    for seed in 0..200u64 {
        for method in [Method::AlphaBeta, Method::Minimax] {
            let (b, d) = shapes[seed as usize % shapes.len()];
            let ex = Exercise::new(settings(seed, b, d, method)).unwrap();
            let steps = oracle(&ex);
            let mut s = SimulateScreen::new(ex);
            let mut cuts = 0;
            for step in &steps {
                match step {
                    Step::Visit { frame, child } => {
                        let g = s.exercise.graph();
                        let f = node(g, frame);
                        let mut rows: Vec<String> = (0..g.move_count(f))
                            .map(|i| g.name(g.child(f, i)))
                            .collect();
                        if method == Method::AlphaBeta {
                            rows.push(frame.clone());
                        }
                        let offered: Vec<String> = s.picks().into_iter().map(|p| p.row).collect();
                        assert_eq!(offered, rows, "seed {seed}");
                        pick(&mut s, child, &format!("visit {child}"));
                        press(&mut s, KeyCode::Enter);
                    }
                    Step::Cut { frame, .. } => {
                        cuts += 1;
                        pick(&mut s, frame, "cut");
                        press(&mut s, KeyCode::Enter);
                    }
                    Step::Window(t) | Step::Return(t) => type_line(&mut s, t),
                }
            }
            assert!(s.exercise.finished(), "seed {seed}");
            let (right, all) = s.exercise.score();
            assert_eq!(right, all, "seed {seed} {method:?}");
            if method == Method::Minimax {
                assert_eq!(cuts, 0);
            }
        }
    }
}

/// A wrong pick is graded as the same line typed: the same reply, the same score.
#[test]
fn a_wrong_pick_is_graded_as_the_same_line_typed() {
    for seed in 0..100u64 {
        let set = settings(seed, 3, 2, Method::AlphaBeta);
        let mut picked = SimulateScreen::new(Exercise::new(set).unwrap());
        let mut typed_in = SimulateScreen::new(Exercise::new(set).unwrap());
        for step in oracle(&picked.exercise) {
            // At each decision the student takes the pick after the right one.
            let line = match &step {
                Step::Visit { child, .. } => format!("visit {child}"),
                Step::Cut { .. } => "cut".into(),
                Step::Window(t) | Step::Return(t) => t.clone(),
            };
            if picked.exercise.finished() {
                break;
            }
            if matches!(picked.exercise.ask(), Some(Ask::Decide { .. })) {
                let picks = picked.picks();
                let right = picks.iter().position(|p| p.line == line);
                let k = right.map_or(0, |r| (r + 1) % picks.len());
                for _ in 0..=k {
                    press(&mut picked, KeyCode::Down);
                }
                let wrong = picked.edit.text();
                assert_eq!(wrong, picks[k].line);
                press(&mut picked, KeyCode::Enter);
                type_line(&mut typed_in, &wrong);
            } else {
                type_line(&mut picked, &line);
                type_line(&mut typed_in, &line);
            }
            assert_eq!(picked.last, typed_in.last, "seed {seed}");
            assert_eq!(picked.exercise.score(), typed_in.exercise.score());
        }
    }
}

/// A faded exercise's cutoff question offers the child the frame would go on to (`on`) and
/// the frame (`cut`); the oracle's answer picked is right, three in a row move on.
#[test]
fn a_faded_cutoff_is_answered_on_the_tree() {
    for seed in 0..60u64 {
        let mut set = settings(seed, 2, 3, Method::AlphaBeta);
        set.fade = Some(Stage::Cuts);
        let ex = Exercise::new(set).unwrap();
        let cut_after: HashSet<(String, String)> = oracle(&ex)
            .into_iter()
            .filter_map(|s| match s {
                Step::Cut { frame, after } => Some((frame, after)),
                _ => None,
            })
            .collect();
        let mut s = SimulateScreen::new(ex);
        while let Some(Ask::Cut { frame, after }) = s.exercise.ask() {
            let (f, a) = (s.exercise.name(frame), s.exercise.name(after));
            let picks = s.picks();
            assert_eq!(picks.len(), 2);
            assert_eq!(
                (picks[0].line.as_str(), picks[1].line.as_str()),
                ("on", "cut")
            );
            assert_eq!(picks[1].row, f);
            let cuts = cut_after.contains(&(f.clone(), a.clone()));
            if cuts {
                pick(&mut s, &f, "cut");
            } else {
                let row = picks[0].row.clone();
                pick(&mut s, &row, "on");
            }
            press(&mut s, KeyCode::Enter);
            let (right, all) = s.exercise.score();
            assert_eq!(right, all, "seed {seed}: {f} after {a}");
        }
    }
}

/// Seed 7 (b 2, d 3) once A is entered with the full window: the cursor walks A's children C
/// and D, then A itself, whose pick is the cut; picked too early, it is graded wrong.
#[test]
fn the_cursor_on_screen_80x24() {
    let ex = Exercise::new(settings(7, 2, 3, Method::AlphaBeta)).unwrap();
    let steps = oracle(&ex);
    assert_eq!(
        steps[..3],
        [
            Step::Visit {
                frame: "R".into(),
                child: "A".into()
            },
            Step::Window("-inf inf".into()),
            Step::Visit {
                frame: "A".into(),
                child: "C".into()
            }
        ]
    );
    let mut s = SimulateScreen::new(ex);
    type_line(&mut s, "A");
    type_line(&mut s, "-inf inf");
    press(&mut s, KeyCode::Down);
    let text = drawn(&s, 80, 24);
    assert!(text.contains("C MAX  ◂ visit"), "{text}");
    assert!(text.contains(" › visit C"), "{text}");
    press(&mut s, KeyCode::Down);
    press(&mut s, KeyCode::Down);
    let text = drawn(&s, 80, 24);
    insta::assert_snapshot!("simulate_cursor_cut_80x24", text);
    assert!(
        text.contains("A MIN (-∞, +∞)  ◂ cut: skip the rest"),
        "{text}"
    );
    assert!(text.contains(" › cut"), "{text}");
    press(&mut s, KeyCode::Enter);
    let text = drawn(&s, 80, 24);
    assert!(text.contains("✗ Not cut: expected visit C."), "{text}");
    assert_eq!(s.exercise.score(), (2, 3));
    // The right step was taken: C's window is typed, then the cursor is on C's children;
    // editing the line takes it off the tree.
    type_line(&mut s, "-inf inf");
    press(&mut s, KeyCode::Down);
    assert_eq!(s.cursor().unwrap().line, "visit G");
    press(&mut s, KeyCode::Char('x'));
    assert!(s.cursor().is_none());
    assert!(!drawn(&s, 80, 24).contains('◂'));
}
