//! The chart window (`K`): its points are the run's own counts at the step on screen, checked
//! against seed 000's fixture figures and against Knuth and Moore's formula computed here.

mod common;

use common::tutor::{app, app_of, flat, key, screen};
use crossterm::event::KeyCode;
use prune::tui::view::growth::{Source, passes_plot, plies_plot};

fn source(app: &prune::tui::app::App) -> Source<'_> {
    Source {
        tree: app.replay.tree(),
        step: app.st.step as u32,
        branching: app.lesson.model.uniform_branching(),
    }
}

fn points(plot: &prune::chart::Plot, letter: char) -> Vec<(u32, f64)> {
    let s = plot.series.iter().find(|s| s.letter == letter).unwrap();
    s.points.iter().map(|p| (p.x, p.y)).collect()
}

#[test]
fn calls_per_pass_are_seed_000s_pass_deltas() {
    // Seed 000's worked fixture: passes=[1:DONE:4:2:4,2:DONE:3:0:8], 4 and 8 calls.
    let mut a = app("000-worked-tree", "worked");
    key(&mut a, KeyCode::End);
    let plot = passes_plot(&source(&a));
    assert_eq!(points(&plot, 'C'), vec![(1, 4.0), (2, 8.0)]);
    key(&mut a, KeyCode::Char('K'));
    let s = screen(&mut a, 80, 24);
    assert!(flat(&s).contains("C at 1: 4 · 2: 8"), "{s}");
    assert!(
        flat(&s).contains("Calls per pass of iterative deepening"),
        "{s}"
    );
    insta::assert_snapshot!("growth_worked_passes_80x24", s);
    // Tab: positions per ply of pass 2: the root, its three replies, and four leaves below
    // (seed 000's tree: node 1's three replies, then one each under nodes 2 and 3).
    key(&mut a, KeyCode::Tab);
    let plies = plies_plot(&source(&a), 2);
    assert_eq!(points(&plies, 'N'), vec![(0, 1.0), (1, 3.0), (2, 4.0)]);
    // Esc closes the window and leaves the tutor running.
    key(&mut a, KeyCode::Esc);
    assert!(!a.quit);
    assert!(!flat(&screen(&mut a, 80, 24)).contains("Chart ·"));
}

#[test]
fn the_chart_shows_the_run_so_far() {
    // Seed 000's interrupted fixture aborts pass 2 after 3 calls: passes=[…,2:ABORT:0:-1:3].
    let mut a = app("000-worked-tree", "worked");
    for step in [5usize, 12, 20, 30] {
        a.st = a.replay.seek(step.min(a.replay.len() - 1));
        let plot = passes_plot(&source(&a));
        // The oracle: calls entered by this step, counted from the raw events.
        let entered = a
            .replay
            .events()
            .iter()
            .take(a.st.step + 1)
            .filter(|e| matches!(e, prune::event::Event::Enter { .. }))
            .count();
        let charted: f64 = points(&plot, 'C').iter().map(|p| p.1).sum();
        assert_eq!(charted as usize, entered, "step {step}");
    }
}

#[test]
fn a_uniform_tree_beside_its_formulas() {
    let text = r#"{"title": "b3 d4 best", "game": {"kind": "uniform", "branching": 3, "depth": 4, "leaves": "best"},
        "runs": [{"name": "ab", "depth": 4, "deepening": false, "table": false, "ordering": false}]}"#;
    let mut a = app_of(text, "ab");
    key(&mut a, KeyCode::End);
    let plies = plies_plot(&source(&a), 4);
    // With the best move first alpha-beta enters exactly the minimal tree: Knuth and Moore's
    // 3^⌈p/2⌉ + 3^⌊p/2⌋ − 1 positions at ply p; the full tree has 3^p.
    let km: Vec<(u32, f64)> = (0..=4u32)
        .map(|p| (p, (3u64.pow(p.div_ceil(2)) + 3u64.pow(p / 2) - 1) as f64))
        .collect();
    assert_eq!(points(&plies, 'N'), km);
    assert_eq!(points(&plies, 'K'), km);
    let full: Vec<(u32, f64)> = (0..=4u32).map(|p| (p, 3f64.powi(p as i32))).collect();
    assert_eq!(points(&plies, 'D'), full);
    key(&mut a, KeyCode::Char('K'));
    key(&mut a, KeyCode::Tab);
    let s = screen(&mut a, 200, 50);
    assert!(
        flat(&s).contains("N at 0: 1 · 1: 3 · 2: 5 · 3: 11 · 4: 17"),
        "{s}"
    );
    assert!(flat(&s).contains("k Knuth–Moore"), "{s}");
    insta::assert_snapshot!("growth_uniform_plies_200x50", s);
    let small = screen(&mut a, 80, 24);
    assert!(
        flat(&small).contains("N at 0: 1 · 1: 3 · 2: 5 · 3: 11 · 4: 17"),
        "{small}"
    );
}
