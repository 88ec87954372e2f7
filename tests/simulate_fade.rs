//! Learning from worked examples, faded (issue 39): `prune simulate --fade` carries out the
//! search and asks only the stage's kind (windows, then cutoffs, then returns, then every
//! step), moving on after three right in a row. The students here answer from an alpha-beta
//! (and a minimax) written in this file on the generated tree, never from prune's run.

mod common;

use common::tutor::drawn;

use std::collections::{HashMap, HashSet};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::game::Game;
use prune::game::graph::Graph;
use prune::practice::simulate::{Ask, Exercise, Feedback, Method, STREAK, Settings, Stage};
use prune::tui::simulate::SimulateScreen;

const INF: i64 = 1_000_000;

fn typed(v: i64) -> String {
    match v {
        INF => "inf".into(),
        v if v == -INF => "-inf".into(),
        v => v.to_string(),
    }
}

fn sym(v: i64) -> String {
    match v {
        INF => "+∞".into(),
        v if v == -INF => "-∞".into(),
        v => v.to_string(),
    }
}

/// What the oracle's search did, by node name: the window each inner child was entered
/// with, the (frame, child) after which a frame cut, and what each inner node returned.
#[derive(Default)]
struct Oracle {
    windows: HashMap<String, (i64, i64)>,
    cut_after: HashSet<(String, String)>,
    values: HashMap<String, i64>,
}

/// Seed 000's alpha-beta (fail-soft, left to right, cut on α ≥ β, a cut counted on the
/// last child too), or minimax (`prunes` false).
fn search(g: &Graph, s: u32, mut alpha: i64, mut beta: i64, prunes: bool, o: &mut Oracle) -> i64 {
    let n = g.move_count(s);
    if n == 0 {
        return g.score(s).unwrap() as i64;
    }
    let max = g.side(s).is_max();
    let mut best = if max { -INF } else { INF };
    for i in 0..n {
        let c = g.child(s, i);
        if g.move_count(c) > 0 {
            o.windows.insert(g.name(c), (alpha, beta));
        }
        let v = search(g, c, alpha, beta, prunes, o);
        best = if max { best.max(v) } else { best.min(v) };
        if prunes {
            if max {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if alpha >= beta {
                o.cut_after.insert((g.name(s), g.name(c)));
                break;
            }
        }
    }
    o.values.insert(g.name(s), best);
    best
}

fn oracle(ex: &Exercise) -> Oracle {
    let mut o = Oracle::default();
    let prunes = ex.settings.method == Method::AlphaBeta;
    search(ex.graph(), 0, -INF, INF, prunes, &mut o);
    o
}

/// The right answer to what is asked now, from the oracle.
fn right_answer(ex: &Exercise, o: &Oracle) -> String {
    match ex.ask().expect("a step is asked") {
        Ask::Window { child } => {
            let (a, b) = o.windows[&ex.name(child)];
            format!("{} {}", typed(a), typed(b))
        }
        Ask::Cut { frame, after } => {
            match o.cut_after.contains(&(ex.name(frame), ex.name(after))) {
                true => "cut".into(),
                false => "on".into(),
            }
        }
        Ask::Value { frame } => format!("return {}", typed(o.values[&ex.name(frame)])),
        // Every step: the plain exercise's own line (its tests check those against an
        // oracle of their own).
        Ask::Decide { .. } => ex.entry(ex.done()),
    }
}

/// A wrong answer to what is asked now.
fn wrong_answer(ex: &Exercise, o: &Oracle) -> String {
    match right_answer(ex, o).as_str() {
        "cut" => "on".into(),
        "on" => "cut".into(),
        r if r.starts_with("return ") => format!("return {}", 99),
        _ => "5 4".into(),
    }
}

fn settings(seed: u64, method: Method, fade: Stage) -> Settings {
    Settings {
        seed,
        branching: 2,
        depth: 3,
        method,
        feedback: Feedback::Step,
        fade: Some(fade),
    }
}

/// The kind of question `ask` is, as a stage names it.
fn kind(ask: Ask) -> Stage {
    match ask {
        Ask::Window { .. } => Stage::Windows,
        Ask::Cut { .. } => Stage::Cuts,
        Ask::Value { .. } => Stage::Returns,
        Ask::Decide { .. } => Stage::All,
    }
}

/// Answers the question asked now (`right` or not); a finished tree gives way to the next.
fn step(ex: &mut Exercise, right: bool) -> Ask {
    while ex.finished() {
        *ex = ex.next_tree().unwrap();
    }
    let o = oracle(ex);
    let ask = ex.ask().unwrap();
    let line = if right {
        right_answer(ex, &o)
    } else {
        wrong_answer(ex, &o)
    };
    let (right_before, _) = ex.score();
    ex.answer(&line);
    let (right_after, _) = ex.score();
    assert_eq!(right_after > right_before, right, "{line} to {ask:?}");
    ask
}

/// A student right every time fades from windows to every step, asked only the stage's
/// kind at each stage, three of them each: on many trees, alpha-beta and minimax.
#[test]
fn fade_asks_only_the_stages_kind_and_moves_on_after_three() {
    for seed in 1..=12 {
        for method in [Method::AlphaBeta, Method::Minimax] {
            let mut ex = Exercise::new(settings(seed, method, Stage::first(method))).unwrap();
            let mut asked = Vec::new();
            while ex.fade().unwrap().stage != Stage::All {
                let stage = ex.fade().unwrap().stage;
                let ask = step(&mut ex, true);
                assert_eq!(kind(ask), stage, "seed {seed} {method:?}");
                asked.push(kind(ask));
            }
            let want: Vec<Stage> = Stage::order(method)
                .iter()
                .filter(|&&s| s != Stage::All)
                .flat_map(|&s| [s; STREAK as usize])
                .collect();
            assert_eq!(asked, want, "seed {seed} {method:?}");
            // Minimax has no windows and no cutoffs: it fades returns, then every step.
            if method == Method::Minimax {
                assert_eq!(want, [Stage::Returns; 3]);
            }
            // At the last stage the plain exercise's questions, a decision first.
            while ex.finished() {
                ex = ex.next_tree().unwrap();
            }
            assert!(matches!(
                ex.ask(),
                Some(Ask::Decide { .. } | Ask::Window { .. } | Ask::Value { .. })
            ));
        }
    }
}

/// Every step prune carried out is the run's own, as the oracle made it, and counts for
/// nobody: the score counts only the student's answers.
#[test]
fn the_steps_prune_carries_out_are_shown_as_made_and_not_scored() {
    let mut ex = Exercise::new(settings(7, Method::AlphaBeta, Stage::Windows)).unwrap();
    let o = oracle(&ex);
    while !ex.finished() {
        let line = right_answer(&ex, &o);
        ex.answer(&line);
    }
    let (right, asked) = ex.score();
    let theirs: Vec<Ask> = ex.graded().iter().filter_map(|g| g.ask).collect();
    assert_eq!((right, asked), (theirs.len(), theirs.len()));
    // Three windows first; the stage moves on within the tree.
    assert!(
        theirs[..3].iter().all(|a| matches!(a, Ask::Window { .. })),
        "{theirs:?}"
    );
    assert!(matches!(theirs[3], Ask::Cut { .. }), "{theirs:?}");
    assert_eq!(ex.carried().count() + asked, ex.steps().len());
    // The board at the end: every inner node's return is the oracle's.
    let board = ex.board();
    for r in board.rows.iter().filter(|r| !r.leaf) {
        if let Some(v) = r.returned {
            assert_eq!(v as i64, o.values[&r.name], "{}", r.name);
        }
    }
}

#[test]
fn the_stage_advances_after_three_right_in_a_row_and_not_before() {
    let mut ex = Exercise::new(settings(3, Method::AlphaBeta, Stage::Windows)).unwrap();
    let at = |ex: &Exercise| ex.fade().map(|f| (f.stage, f.streak)).unwrap();
    step(&mut ex, true);
    step(&mut ex, true);
    assert_eq!(at(&ex), (Stage::Windows, 2));
    // A wrong window starts the count again: two right after it are not three in a row.
    step(&mut ex, false);
    assert_eq!(at(&ex), (Stage::Windows, 0));
    step(&mut ex, true);
    step(&mut ex, true);
    assert_eq!(at(&ex), (Stage::Windows, 2));
    assert!(matches!(ex.ask(), Some(Ask::Window { .. }) | None));
    step(&mut ex, true);
    assert_eq!(at(&ex), (Stage::Cuts, 0));
    // Cutoffs: a wrong one, then three right.
    step(&mut ex, false);
    assert_eq!(at(&ex), (Stage::Cuts, 0));
    for n in 1..STREAK {
        step(&mut ex, true);
        assert_eq!(at(&ex), (Stage::Cuts, n));
    }
    step(&mut ex, true);
    assert_eq!(at(&ex), (Stage::Returns, 0));
}

/// A line that is not an answer of the kind asked is a hint: nothing is graded or counted.
#[test]
fn a_line_of_another_kind_is_a_hint_not_counted() {
    let mut ex = Exercise::new(settings(7, Method::AlphaBeta, Stage::Cuts)).unwrap();
    let done = ex.done();
    let reply = ex.answer("return 3");
    assert!(
        matches!(reply, prune::practice::simulate::Reply::Hint(ref h) if h.contains("type cut if")),
        "{reply:?}"
    );
    assert_eq!(ex.done(), done);
    assert_eq!(ex.fade().unwrap().streak, 0);
}

/// Bad settings are one line each: a stage the algorithm has not, a fade told at the end.
#[test]
fn a_fade_the_algorithm_cannot_make_is_one_line() {
    let mut s = settings(1, Method::Minimax, Stage::Windows);
    let e = Exercise::new(s).err().unwrap().to_string();
    assert!(e.contains("minimax has no windows to fill in"), "{e}");
    assert!(e.contains("returns, all"), "{e}");
    s.fade = Some(Stage::Cuts);
    let e = Exercise::new(s).err().unwrap().to_string();
    assert!(e.contains("minimax has no cuts to fill in"), "{e}");
    common::assert_one_line_error(
        &["simulate", "--algorithm", "minimax", "--fade", "windows"],
        "minimax has no windows to fill in",
    );
    common::assert_one_line_error(
        &["simulate", "--fade", "--feedback", "end"],
        "it cannot take --feedback end",
    );
    common::assert_one_line_error(
        &["simulate", "--depth", "1", "--fade"],
        "a tree of depth 1 has no window to fill in",
    );
    let (code, _, err) = common::run_prune(&["simulate", "--fade", "sideways"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("sideways"), "{err}");
}

fn type_line(s: &mut SimulateScreen, text: &str) {
    for c in text.chars() {
        s.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    }
    s.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
}

/// Seed 7 at the windows stage after one right window: the screen asks the next window
/// and shows what prune carried out, with the parent's narrowed window held back.
fn windows_screen() -> (SimulateScreen, Oracle) {
    let ex = Exercise::new(settings(7, Method::AlphaBeta, Stage::Windows)).unwrap();
    let o = oracle(&ex);
    let mut s = SimulateScreen::new(ex);
    let first = right_answer(&s.exercise, &o);
    type_line(&mut s, &first);
    (s, o)
}

fn asked_child(s: &SimulateScreen) -> String {
    match s.exercise.ask() {
        Some(Ask::Window { child }) => s.exercise.name(child),
        other => panic!("a window is asked, not {other:?}"),
    }
}

#[test]
fn the_windows_stage_on_screen_80x24() {
    let (s, o) = windows_screen();
    let text = drawn(&s, 80, 24);
    let child = asked_child(&s);
    assert!(
        text.contains(&format!("The window {child} gets: α β")),
        "{text}"
    );
    // 80 columns keep the stage and its whole count, ahead of the seed, and the step count.
    let title = text.lines().next().unwrap();
    assert!(
        title.contains(" Faded alphabeta: windows 1/3 · seed 7 · b2 d3 "),
        "{text}"
    );
    assert!(!title.contains('…'), "{text}");
    let (right, graded) = s.exercise.score();
    assert!(title.contains(&format!("{right}/{graded} ✓")), "{text}");
    assert!(text.contains("(prune)"), "{text}");
    assert!(text.contains("Prune then:"), "{text}");
    // The answer, the window the child gets, is on screen nowhere.
    let (a, b) = o.windows[&child];
    assert!(
        !text.contains(&format!("{child} MAX ({}, {})", sym(a), sym(b)))
            && !text.contains(&format!("{child} MIN ({}, {})", sym(a), sym(b))),
        "{text}"
    );
    insta::assert_snapshot!("fade_windows_80x24", text);
}

#[test]
fn the_windows_stage_on_screen_wide() {
    let (s, o) = windows_screen();
    let text = drawn(&s, 200, 50);
    let child = asked_child(&s);
    assert!(text.contains("Faded alphabeta: windows 1/3"), "{text}");
    // The first window answered, right, in the steps; prune's visits and returns beside it.
    let first: Vec<&str> = text.lines().filter(|l| l.contains("│✓ ")).collect();
    assert_eq!(first.len(), 1, "{text}");
    let graph_first = s
        .exercise
        .graded()
        .iter()
        .find(|g| g.ask.is_some())
        .unwrap()
        .step;
    assert!(
        first[0].contains(&format!("✓ {}", graph_first + 1)),
        "{text}"
    );
    // The leaves prune visited show the tree's own values.
    let g = s.exercise.graph();
    for r in s.exercise.board().rows.iter().filter(|r| r.leaf) {
        if let Some(v) = r.value {
            let leaf = (0..g.len() as u32).find(|&n| g.name(n) == r.name).unwrap();
            assert_eq!(Some(v), g.score(leaf));
            assert!(text.contains(&format!("{} = {v}", r.name)), "{text}");
        }
    }
    // The window answered is the oracle's, shown on the child's row.
    let answered = s
        .exercise
        .graded()
        .iter()
        .find(|g| g.ask.is_some())
        .unwrap();
    let Some(Ask::Window { child: first_child }) = answered.ask else {
        panic!("a window was answered")
    };
    let name = s.exercise.name(first_child);
    let (a, b) = o.windows[&name];
    assert!(
        text.contains(&format!("{name} MIN ({}, {})", sym(a), sym(b)))
            || text.contains(&format!("{name} MAX ({}, {})", sym(a), sym(b))),
        "{text}"
    );
    assert!(
        text.contains(&format!("The window {child} gets: α β")),
        "{text}"
    );
    insta::assert_snapshot!("fade_windows_200x50", text);
}

/// The cutoffs stage asks cut or on, and a wrong one is corrected with the run's reason.
#[test]
fn the_cutoffs_stage_on_screen_80x24() {
    let ex = Exercise::new(settings(7, Method::AlphaBeta, Stage::Cuts)).unwrap();
    let o = oracle(&ex);
    let mut s = SimulateScreen::new(ex);
    let Some(Ask::Cut { frame, after }) = s.exercise.ask() else {
        panic!("a cutoff is asked")
    };
    let (f, c) = (s.exercise.name(frame), s.exercise.name(after));
    let text = drawn(&s, 80, 24);
    assert!(
        text.contains(&format!("{f} took in {c}'s return: does its window close?")),
        "{text}"
    );
    let cuts = o.cut_after.contains(&(f.clone(), c.clone()));
    let wrong = if cuts { "on" } else { "cut" };
    type_line(&mut s, wrong);
    let text = drawn(&s, 80, 24);
    let right = if cuts { "cut" } else { "on" };
    assert!(text.contains(&format!("expected {right}.")), "{text}");
    assert!(
        text.contains(&format!(
            "{c} returned {}",
            o.values.get(&c).copied().unwrap_or_else(|| {
                let g = s.exercise.graph();
                let leaf = (0..g.len() as u32).find(|&n| g.name(n) == c).unwrap();
                g.score(leaf).unwrap() as i64
            })
        )),
        "{text}"
    );
    assert!(text.contains("Faded alphabeta: cuts 0/3"), "{text}");
    insta::assert_snapshot!("fade_cutoffs_80x24", text);
}
