//! Compare mode with Monte Carlo tree search (issue 22, seed 004 §6.3): `c` on a Monte Carlo
//! run puts alpha-beta's value and move beside MCTS's root children (N, U/N) and the move MCTS
//! would play after the iterations stepped so far; `c` on a search of calls ends its cycle
//! with MCTS beside it. Every figure a screen must show is computed here: MCTS's counts from
//! the run's jsonl events (`prune trace --format jsonl`) with the test's own fold, and the
//! value of each position by a minimax written in the test over its own tic-tac-toe (or the
//! lesson's graph, read from its file). The demo of 004-mcts-trap that steps, compares and
//! changes C is run to its end with its stops checked; presenter mode's step, the phase pane's
//! scrolling, play-until and bookmarks on a Monte Carlo run are checked too.

mod common;

use std::collections::HashMap;

use common::run_prune;
use common::ttt::LINES;
use prune::game::model::{GameSpec, ScoresSpec};
use prune::lesson::{Lesson, Overrides};
use prune::search::Algorithm;
use prune::tui::app::App;
use prune::tui::keys::Action;
use prune::tui::theme::Theme;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use serde_json::Value;

const ITERATIONS: u32 = 50;

// ---------------------------------------------------------------- the runs

fn ttt_lesson(board: &str) -> Lesson {
    Lesson::of_game(&GameSpec::Tictactoe {
        board: board.into(),
        scores: ScoresSpec::Plain,
    })
    .unwrap()
}

/// MCTS on tic-tac-toe from the empty board, `ITERATIONS` iterations, C = √2, seed 1.
fn tutor() -> App {
    let lesson = ttt_lesson(".........");
    let over = Overrides {
        algorithm: Some(Algorithm::Mcts),
        iterations: Some(ITERATIONS),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let mut app = App::new(vec![lesson.clone()], lesson, setup).unwrap();
    app.theme = Theme { color: false };
    app
}

/// A run's events as `prune trace … --format jsonl` writes them (a graph's scale line left out).
fn events(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["trace"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "jsonl"]);
    let (code, out, err) = run_prune(&all);
    assert_eq!(code, Some(0), "{err}");
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["event"] != "scale")
        .collect()
}

fn kind(e: &Value) -> &str {
    e["event"].as_str().unwrap()
}

fn int(e: &Value, f: &str) -> u64 {
    e[f].as_u64().unwrap()
}

// ---------------------------------------------------------------- the test's own fold

/// After `step` events: how many iterations have finished (their backup reached the root),
/// and the step at which the last of them finished.
fn finished(ev: &[Value], step: usize) -> (usize, usize) {
    let starts: Vec<usize> = (0..ev.len())
        .filter(|&i| kind(&ev[i]) == "iteration")
        .collect();
    let end = |k: usize| starts.get(k).copied().unwrap_or(ev.len());
    let k = (1..=starts.len()).filter(|&k| end(k) <= step).count();
    let at = if k == 0 { step.min(end(0)) } else { end(k) };
    (k, at)
}

/// The root's children after `step` events: (move, visits, half-wins), by move.
fn root_children(ev: &[Value], step: usize) -> Vec<(u64, u64, u64)> {
    let mut kids: Vec<(u64, u64, u64)> = ev[..step]
        .iter()
        .filter(|e| kind(e) == "expand" && int(e, "parent") == 0)
        .map(|e| {
            let node = int(e, "node");
            let backups = ev[..step]
                .iter()
                .filter(|b| kind(b) == "backup" && int(b, "node") == node);
            let (n, u) = backups.fold((0, 0), |(n, u), b| (n + 1, u + int(b, "reward")));
            (int(e, "mv"), n, u)
        })
        .collect();
    kids.sort();
    kids
}

/// The most visited child, the first in move order on a tie: (move, visits).
fn most_visited(kids: &[(u64, u64, u64)]) -> Option<(u64, u64)> {
    let mut best: Option<(u64, u64)> = None;
    for &(mv, n, _) in kids {
        if best.is_none_or(|(_, b)| n > b) {
            best = Some((mv, n));
        }
    }
    best
}

// ---------------------------------------------------------------- the test's own minimax

fn winner(b: &[u8; 9]) -> u8 {
    LINES
        .iter()
        .find(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]])
        .map_or(0, |l| b[l[0]])
}

fn board_of(text: &str) -> [u8; 9] {
    let mut b = [0u8; 9];
    for (i, c) in text.chars().filter(|c| *c != '/').enumerate() {
        b[i] = match c {
            'X' => 1,
            'O' => 2,
            _ => 0,
        };
    }
    b
}

/// The value for X (MAX) of `b` with best play, X to move when the marks are even.
fn minimax(b: [u8; 9], memo: &mut HashMap<[u8; 9], i32>) -> i32 {
    if let Some(&v) = memo.get(&b) {
        return v;
    }
    let w = winner(&b);
    let empty: Vec<usize> = (0..9).filter(|&s| b[s] == 0).collect();
    let v = if w == 1 {
        1
    } else if w == 2 {
        -1
    } else if empty.is_empty() {
        0
    } else {
        let xs = b.iter().filter(|&&s| s == 1).count();
        let os = b.iter().filter(|&&s| s == 2).count();
        let x_moves = xs == os;
        let vals = empty.iter().map(|&s| {
            let mut c = b;
            c[s] = if x_moves { 1 } else { 2 };
            minimax(c, memo)
        });
        if x_moves {
            vals.max().unwrap()
        } else {
            vals.min().unwrap()
        }
    };
    memo.insert(b, v);
    v
}

/// Each empty square of `b` and the value after the mover marks it.
fn move_values(b: [u8; 9]) -> Vec<(usize, i32)> {
    let mut memo = HashMap::new();
    let xs = b.iter().filter(|&&s| s == 1).count();
    let os = b.iter().filter(|&&s| s == 2).count();
    (0..9)
        .filter(|&s| b[s] == 0)
        .map(|s| {
            let mut c = b;
            c[s] = if xs == os { 1 } else { 2 };
            (s, minimax(c, &mut memo))
        })
        .collect()
}

/// The square a search that keeps its first best move plays for X, and its value.
fn best_for_x(values: &[(usize, i32)]) -> (usize, i32) {
    let best = values.iter().map(|v| v.1).max().unwrap();
    (values.iter().find(|v| v.1 == best).unwrap().0, best)
}

// ---------------------------------------------------------------- the screen

fn render(app: &mut App, w: u16, h: u16) -> (Buffer, String) {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view::draw(f, app)).unwrap();
    let buf = terminal.backend().buffer().clone();
    let text = terminal.backend().to_string();
    (buf, text)
}

/// The rows of `r` on `buf`.
fn rows_in(buf: &Buffer, r: Rect) -> Vec<String> {
    (r.y..r.bottom())
        .map(|y| (r.x..r.right()).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

/// Words joined by single spaces.
fn words(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The comparison pane's rows on a Monte Carlo run's screen.
fn beside_rows(app: &App, buf: &Buffer) -> Vec<String> {
    let regions = view::regions(app, buf.area);
    let (_, beside) = view::monte::split(regions.tree);
    rows_in(buf, beside)
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Checks the comparison pane of the tic-tac-toe run at the app's step against the jsonl
/// fold and the minimax: the sentence, and each root move's row.
fn check_beside(app: &mut App, ev: &[Value], values: &[(usize, i32)], w: u16, h: u16) {
    let step = app.st.step;
    let (buf, text) = render(app, w, h);
    let rows = beside_rows(app, &buf);
    let all = words(&rows.join(" "));
    let (k, at) = finished(ev, step);
    let kids = root_children(ev, at);
    let (ab_sq, ab_v) = best_for_x(values);
    let mcts = match most_visited(&kids) {
        Some((mv, n)) => {
            let when = if step == ev.len() {
                format!("After all {k} iterations MCTS plays")
            } else {
                format!("After {k} iteration{} MCTS would play", plural(k as u64))
            };
            format!("{when} square {mv} ({n} visit{})", plural(n))
        }
        None => "Before any iteration MCTS has no move yet".to_string(),
    };
    let ab = format!("alpha-beta plays square {ab_sq} with value {ab_v}");
    assert!(
        all.contains(&mcts),
        "{mcts} at step {step}, {w}×{h}:\n{text}"
    );
    assert!(all.contains(&ab), "{ab} at step {step}, {w}×{h}:\n{text}");
    let same = most_visited(&kids).map(|(mv, _)| mv as usize == ab_sq);
    if let Some(same) = same {
        let verdict = if same {
            "the same move."
        } else {
            "another move."
        };
        assert!(all.contains(verdict), "{verdict}:\n{text}");
    }
    // Each root move's row: N and U/N from the fold (0 and — without a node), the value
    // alpha-beta gave it, exact or a bound its minimax value keeps.
    for &(sq, v) in values {
        let row = rows
            .iter()
            .map(|r| r.split_whitespace().collect::<Vec<_>>())
            .find(|t| {
                let t: Vec<&str> = t.iter().copied().filter(|w| *w != "›").collect();
                t.first() == Some(&sq.to_string().as_str()) && t.len() >= 4
            })
            .unwrap_or_else(|| panic!("no row for square {sq} at step {step}:\n{text}"));
        let t: Vec<&str> = row.iter().copied().filter(|w| *w != "›").collect();
        let (n, mean) = match kids.iter().find(|c| c.0 == sq as u64) {
            Some(&(_, n, u)) => (n.to_string(), format!("{:.3}", u as f64 / 2.0 / n as f64)),
            None => ("0".into(), "—".into()),
        };
        assert_eq!((t[1], t[2]), (n.as_str(), mean.as_str()), "{sq}:\n{text}");
        let shown = t[3];
        let ok = match (shown.strip_prefix('≤'), shown.strip_prefix('≥')) {
            (Some(b), _) => v <= b.parse::<i32>().unwrap(),
            (_, Some(b)) => v >= b.parse::<i32>().unwrap(),
            _ => shown.parse::<i32>().unwrap() == v,
        };
        assert!(ok, "square {sq}: shown {shown}, minimax {v}:\n{text}");
        // The two marks: › on MCTS's move, ◂ on alpha-beta's.
        let mcts_mark = row.first() == Some(&"›");
        assert_eq!(
            mcts_mark,
            most_visited(&kids).is_some_and(|(mv, _)| mv == sq as u64),
            "{sq}:\n{text}"
        );
        assert_eq!(row.last() == Some(&"◂"), sq == ab_sq, "{sq}:\n{text}");
    }
}

#[test]
fn compare_on_a_monte_carlo_run_puts_alpha_beta_beside_it_and_follows_each_iteration() {
    let ev = events(&[
        "--game",
        "tictactoe",
        "--algorithm",
        "mcts",
        "--iterations",
        &ITERATIONS.to_string(),
    ]);
    let values = move_values([0; 9]);
    // Every first move of tic-tac-toe is a draw with best play.
    assert!(values.iter().all(|v| v.1 == 0));
    let mut app = tutor();
    assert_eq!(app.replay.len(), ev.len());
    app.act(Action::Compare);
    let c = app.compare.as_ref().expect("alpha-beta beside");
    assert_eq!(c.replay.options().algorithm, Algorithm::AlphaBeta);
    assert_eq!(c.replay.options().depth, 9, "deep enough for every line");
    assert!(c.replay.options().mcts.is_default());
    check_beside(&mut app, &ev, &values, 80, 24);
    // Every iteration's start and each phase of a few: the sentence is true at each.
    let mut n = 0;
    while app.st.step < app.replay.len() {
        let before = app.st.step;
        app.act(if n % 7 == 3 {
            Action::NextPhase
        } else {
            Action::NextIteration
        });
        if app.st.step == before {
            app.act(Action::End);
        }
        let (w, h) = if n % 2 == 0 { (80, 24) } else { (200, 50) };
        check_beside(&mut app, &ev, &values, w, h);
        n += 1;
    }
    assert!(n > ITERATIONS as usize);
    // Two stops on screen: mid-run at a selection, and the end.
    app.act(Action::Start);
    for _ in 0..20 {
        app.act(Action::NextIteration);
    }
    app.act(Action::NextPhase);
    app.message = None;
    for (w, h) in [(80, 24), (200, 50)] {
        check_beside(&mut app, &ev, &values, w, h);
        let (_, text) = render(&mut app, w, h);
        insta::assert_snapshot!(format!("compare_mcts_iteration_20_{w}x{h}"), text);
    }
    app.act(Action::End);
    app.message = None;
    for (w, h) in [(80, 24), (200, 50)] {
        check_beside(&mut app, &ev, &values, w, h);
        let (_, text) = render(&mut app, w, h);
        insta::assert_snapshot!(format!("compare_mcts_end_{w}x{h}"), text);
    }
    // c again closes it.
    app.act(Action::Compare);
    assert!(app.compare.is_none());
}

#[test]
fn the_move_mcts_would_play_is_the_runs_own_at_the_end_of_many_runs() {
    let boards = [
        ".........",
        "X........",
        "X...O....",
        "XO.......",
        "X.O.X....",
        "XOX.O....",
        "XX.OO....",
        "XO.XO....",
    ];
    let mut runs = 0;
    for (i, board) in boards.iter().enumerate() {
        let lesson = ttt_lesson(board);
        for iterations in [1u32, 2, 9, 23, 60] {
            for seed in 1..=6u64 {
                let mut over = Overrides {
                    algorithm: Some(Algorithm::Mcts),
                    iterations: Some(iterations),
                    ..Overrides::default()
                };
                over.seed = Some(seed + i as u64 * 7);
                let setup = lesson.setup(None, &over).unwrap();
                let rec = prune::index::record(&lesson, &setup).unwrap();
                let r = prune::replay::Replay::new(rec);
                let len = r.len();
                let played = r.result().mv;
                let index = r.index().monte.most_visited(0, len).map(|m| m.0 as i16);
                assert_eq!(index, Some(played), "{board} {iterations} {seed}");
                assert_eq!(
                    prune::tui::monte::completed(&r, len),
                    (iterations as usize, len)
                );
                runs += 1;
            }
        }
    }
    assert!(runs >= 200);
}

#[test]
fn compare_on_alpha_beta_ends_its_cycle_with_mcts_beside_it() {
    let board = "XOX.O....";
    let ev = events(&["004-tictactoe-block", "--algorithm", "mcts"]);
    let mut app = common::tutor::app("004-tictactoe-block", "minimax");
    assert_eq!(
        app.lesson.model.full_depth(),
        Some(5),
        "the lesson is the board {board}"
    );
    let mut withs = Vec::new();
    for _ in 0..4 {
        app.act(Action::Compare);
        withs.push(app.compare.as_ref().map(|c| c.label.clone()));
    }
    let c = app.compare.as_ref().unwrap();
    assert_eq!(c.replay.options().algorithm, Algorithm::Mcts, "{withs:?}");
    assert_eq!(c.st.step, c.replay.len(), "shown at its end");
    // The oracle: X must block at square 7 (value 0); the other squares lose (-1).
    let values = move_values(board_of(board));
    let (sq, v) = best_for_x(&values);
    assert_eq!((sq, v), (7, 0));
    let kids = root_children(&ev, ev.len());
    let (mv, n) = most_visited(&kids).unwrap();
    let iterations = ev.iter().filter(|e| kind(e) == "iteration").count();
    // The root's move `mv` is its `mv`-th empty square.
    let empties: Vec<usize> = (0..9).filter(|&s| board_of(board)[s] == 0).collect();
    let want = format!(
        "After all {iterations} iterations MCTS plays square {} ({n} visits); at the end of this run, minimax plays square {sq} with value {v}",
        empties[mv as usize]
    );
    for (w, h) in [(80, 24), (200, 50)] {
        let (buf, text) = render(&mut app, w, h);
        // The partner's half of the tree region (its head and body).
        let regions = view::regions(&app, buf.area);
        let panes = prune::tui::layout::TreePanes::new(regions.tree_body(), true);
        let p = panes.compare.unwrap();
        let all = words(&rows_in(&buf, p.partner_head.union(p.partner)).join(" "));
        assert!(all.contains(&want), "{want} at {w}×{h}:\n{text}");
        insta::assert_snapshot!(format!("compare_alphabeta_with_mcts_{w}x{h}"), text);
    }
    app.act(Action::Compare);
    assert!(app.compare.is_none(), "after MCTS the cycle closes");
}

/// `|` on a Monte Carlo comparison lists the two runs at the root, line for line as
/// `prune diff` prints them.
#[test]
fn the_diff_window_of_a_monte_carlo_comparison_is_prune_diffs_text() {
    let mut app = common::tutor::app("004-mcts-trap", "mcts 10");
    app.act(Action::Compare);
    app.act(Action::DiffView);
    let (code, out, err) = run_prune(&[
        "diff",
        "004-mcts-trap",
        "--run",
        "mcts 10",
        "--run",
        "alpha-beta",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let (_, text) = render(&mut app, 200, 50);
    for line in out.lines() {
        assert!(
            text.contains(line),
            "{line}:
{text}"
        );
    }
}

// ---------------------------------------------------------------- the demo

/// The lesson graph's minimax value of each of the root's moves (its file read here).
fn trap_values() -> Vec<(String, i32)> {
    let path = common::repo().join("lessons/004-mcts-trap.json");
    let spec: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let nodes = spec["graph"]["nodes"].as_array().unwrap().clone();
    fn value(nodes: &[Value], i: usize) -> i64 {
        let n = &nodes[i];
        match n["moves"].as_array() {
            None => n["score"].as_i64().unwrap(),
            Some(m) => {
                let vals = m
                    .iter()
                    .map(|e| value(nodes, e["child"].as_u64().unwrap() as usize));
                if n["player"] == "MAX" {
                    vals.max().unwrap()
                } else {
                    vals.min().unwrap()
                }
            }
        }
    }
    nodes[0]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let c = e["child"].as_u64().unwrap() as usize;
            (
                nodes[c]["label"].as_str().unwrap().to_string(),
                value(&nodes, c) as i32,
            )
        })
        .collect()
}

fn beside_text(app: &mut App, w: u16, h: u16) -> (String, String) {
    let (buf, text) = render(app, w, h);
    (words(&beside_rows(app, &buf).join(" ")), text)
}

#[test]
fn the_trap_lessons_demo_steps_compares_and_changes_c_with_true_figures_at_each_stop() {
    let values = trap_values();
    let (ab_move, ab_value) = values.iter().max_by_key(|v| v.1).unwrap().clone();
    assert_eq!((ab_move.as_str(), ab_value), ("quiet", 0));
    let names: Vec<&str> = values.iter().map(|v| v.0.as_str()).collect();
    let ev = events(&["004-mcts-trap", "--run", "mcts 10"]);
    let ev_c2 = events(&["004-mcts-trap", "--run", "mcts 10", "--c", "2"]);
    let mut app = common::tutor::app("004-mcts-trap", "mcts 10");
    let demo = app
        .lesson
        .spec
        .demos
        .iter()
        .position(|d| d.name == "beside alpha-beta")
        .expect("the demo");
    for _ in 0..=demo {
        app.act(Action::DemoChoose);
    }
    let said = |app: &App| app.demo_line().unwrap_or("").to_string();
    let ab = format!("alpha-beta plays {ab_move} with value {ab_value}");
    // 1: the say.
    app.act(Action::DemoNext);
    assert!(said(&app).contains("Alpha-beta goes beside"));
    // 2: compare: alpha-beta beside, before any iteration.
    app.act(Action::DemoNext);
    assert!(app.compare.is_some(), "{}", said(&app));
    let (all, text) = beside_text(&mut app, 80, 24);
    assert!(
        all.contains("Before any iteration MCTS has no move yet"),
        "{text}"
    );
    assert!(all.contains(&ab), "{text}");
    // 3-6: iteration 1, its next two phases, iteration 2: the sentence follows.
    for press in 3..=6 {
        app.act(Action::DemoNext);
        let step = app.st.step;
        let (k, at) = finished(&ev, step);
        let kids = root_children(&ev, at);
        let (all, text) = beside_text(&mut app, 80, 24);
        match most_visited(&kids) {
            Some((mv, n)) => {
                let want = format!(
                    "After {k} iteration{} MCTS would play {} ({n} visit{})",
                    plural(k as u64),
                    names[mv as usize],
                    plural(n)
                );
                assert!(all.contains(&want), "press {press}: {want}\n{text}");
            }
            None => assert!(all.contains("no move yet"), "press {press}:\n{text}"),
        }
        assert!(all.contains(&ab), "{text}");
        if press == 6 {
            insta::assert_snapshot!("demo_trap_iteration_2_80x24", text);
        }
    }
    // 7: the question, then its answer at the end: bold has more visits, quiet is alpha-beta's.
    app.act(Action::DemoNext);
    assert!(said(&app).contains("which move would MCTS play"));
    app.act(Action::DemoNext);
    assert_eq!(app.st.step, app.replay.len());
    let (mv, n) = most_visited(&root_children(&ev, ev.len())).unwrap();
    let want = format!(
        "After all 10 iterations MCTS plays {} ({n} visits); {ab}: another move.",
        names[mv as usize]
    );
    for (w, h) in [(80, 24), (200, 50)] {
        let (all, text) = beside_text(&mut app, w, h);
        assert!(all.contains(&want), "{want}\n{text}");
        // The root is named once, as the tree pane numbers it: "the root (R)", not "R (0)".
        let flat = text
            .lines()
            .map(|l| l.trim_matches('"').trim_end())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            flat.contains("Backup at the root (R): one visit more"),
            "{text}"
        );
        insta::assert_snapshot!(format!("demo_trap_answer_{w}x{h}"), text);
    }
    // The lesson's own facts say the same: bold 6 visits, quiet played by alpha-beta.
    assert_eq!((names[mv as usize], n), ("bold", 6));
    // 8: E: C = 2, run again; the comparison stays, now about the new run's counts.
    app.act(Action::DemoNext);
    assert_eq!(app.replay.options().mcts.c.0, 2.0);
    assert!(app.compare.is_some(), "the comparison stays");
    app.act(Action::End);
    let (mv2, n2) = most_visited(&root_children(&ev_c2, ev_c2.len())).unwrap();
    let want = format!(
        "After all 10 iterations MCTS plays {} ({n2} visit{})",
        names[mv2 as usize],
        plural(n2)
    );
    let (all, text) = beside_text(&mut app, 80, 24);
    assert!(all.contains(&want), "{want}\n{text}");
    assert!(all.contains(&ab), "{text}");
    // 9: the closing say, and the demo is at its end.
    app.act(Action::End);
    app.act(Action::DemoNext);
    let d = app.demo().unwrap();
    assert_eq!((d.done, d.len), (9, 9), "{:?}", d.failed);
    assert!(d.failed.is_none(), "{:?}", d.failed);
}

// ---------------------------------------------------------------- presenter, scrolling, play

/// Presenter mode's indicator says the step; the Monte Carlo title row is not drawn under it,
/// so the step is on screen once.
#[test]
fn presenter_mode_on_a_monte_carlo_run_says_the_step_once() {
    let mut app = tutor();
    for _ in 0..10 {
        app.act(Action::NextIteration);
    }
    app.act(Action::NextPhase);
    app.act(Action::Present);
    let step = format!("{}/{}", app.st.step, app.replay.len());
    for (w, h) in [(80, 24), (200, 50), (120, 40)] {
        let (_, text) = render(&mut app, w, h);
        assert_eq!(text.matches(&step).count(), 1, "{step} at {w}×{h}:\n{text}");
        assert!(text.contains("Iteration 10 of 50 · selection"), "{text}");
        // Issue 34, item 12: the tree in boxes, the root's (the node selecting) double-lined
        // with the visits of the 9 iterations before this one (no counts are stated here).
        assert!(text.contains("╔ ▶root #0 "), "{text}");
        assert!(text.contains("║ N 9 "), "{text}");
        if w == 80 {
            insta::assert_snapshot!("present_mcts_selection_80x24", text);
        }
    }
}

/// At 80×24 in presenter mode the root's selection has more rows than the phase pane: the
/// pane ends in a cue, ↓ scrolls it a row at a time until every child's row has been shown,
/// and ↑ comes back.
#[test]
fn the_selection_table_scrolls_at_80x24_until_every_row_is_seen() {
    let ev = events(&[
        "--game",
        "tictactoe",
        "--algorithm",
        "mcts",
        "--iterations",
        &ITERATIONS.to_string(),
    ]);
    let mut app = tutor();
    for _ in 0..10 {
        app.act(Action::NextIteration);
    }
    app.act(Action::NextPhase);
    let e = app.st.step - 1;
    assert_eq!(kind(&ev[e]), "select");
    let kids = ev[e]["children"].as_array().unwrap().clone();
    assert_eq!(kids.len(), 9);
    app.act(Action::Present);
    let mut seen = std::collections::BTreeSet::new();
    let mut cues = Vec::new();
    for press in 0..20 {
        let (buf, text) = render(&mut app, 80, 24);
        let right = app.scrolls().table_area;
        assert!(right.width > 0, "the phase pane scrolls with the wheel too");
        for row in rows_in(&buf, right) {
            let t: Vec<&str> = row.split_whitespace().filter(|w| *w != "›").collect();
            if t.len() == 6 && t[1] == "1" && t[4] == "2.096" {
                seen.insert(t[0].to_string());
            }
            if row.contains("(↓↑)") {
                cues.push(words(&row));
            }
        }
        if press == 0 {
            assert!(text.contains("more lines (↓↑)"), "{text}");
        }
        if app.scrolls().table_shown.below() == 0 {
            break;
        }
        app.act(Action::CallForward);
        assert_eq!(app.st.step, e + 1, "↓ scrolls, it does not step");
    }
    let want: std::collections::BTreeSet<String> =
        kids.iter().map(|k| int(k, "mv").to_string()).collect();
    assert_eq!(seen, want, "every child's row was on screen: {cues:?}");
    assert!(cues.last().unwrap().contains("above"), "{cues:?}");
    let first = app.scrolls().table_shown.first;
    app.act(Action::CallBack);
    render(&mut app, 80, 24);
    assert_eq!(app.scrolls().table_shown.first, first - 1);
    // A new step shows the pane from its top again.
    app.act(Action::StepForward);
    render(&mut app, 80, 24);
    assert_eq!(app.scrolls().table_shown.first, 0);
}

#[test]
fn play_until_offers_iterations_and_phases_on_a_monte_carlo_run_and_stops_where_the_keys_land() {
    let mut app = tutor();
    let mut offered = Vec::new();
    for _ in 0..prune::tui::play::STOPS.len() {
        app.act(Action::PlayUntil);
        offered.push(app.play_until().name());
    }
    assert_eq!(
        &offered[..3],
        ["iteration", "phase", "event"],
        "{offered:?}"
    );
    for (name, key) in [
        ("iteration", Action::NextIteration),
        ("phase", Action::NextPhase),
    ] {
        while app.play_until().name() != name {
            app.act(Action::PlayUntil);
        }
        for _ in 0..5 {
            let mut keyed = tutor();
            keyed.seek(app.st.step);
            keyed.act(key);
            app.act(Action::PlayPause);
            while app.playing() {
                app.tick();
            }
            assert_eq!(app.st.step, keyed.st.step, "{name}");
            assert!(
                app.message.as_deref().unwrap().contains(name),
                "{:?}",
                app.message
            );
        }
    }
    // A search of calls is offered no iteration or phase.
    let mut calls = common::tutor::app("000-worked-tree", "worked");
    for _ in 0..prune::tui::play::STOPS.len() {
        calls.act(Action::PlayUntil);
        assert!(!["iteration", "phase"].contains(&calls.play_until().name()));
    }
}

#[test]
fn bookmarks_on_a_monte_carlo_run_return_to_the_marked_steps_and_the_footer_says_so() {
    let mut app = tutor();
    let mut marked = Vec::new();
    for k in 0..3 {
        for _ in 0..(k + 2) {
            app.act(Action::NextIteration);
        }
        app.act(Action::NextPhase);
        app.act(Action::Mark);
        marked.push(app.st.step);
    }
    let (_, text) = render(&mut app, 80, 24);
    let said = format!("★3 · step {} marked", marked[2]);
    assert!(text.contains(&said), "{said}:\n{text}");
    app.act(Action::Start);
    for &m in &marked {
        app.act(Action::NextMark);
        assert_eq!(app.st.step, m);
    }
    for &m in marked.iter().rev().skip(1) {
        app.act(Action::PrevMark);
        assert_eq!(app.st.step, m);
    }
}
