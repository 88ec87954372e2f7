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
    let pane = a
        .layers
        .top::<prune::tui::inspect::WhyPane>()
        .expect("the why pane is open");
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
    let third = a
        .layers
        .top::<prune::tui::inspect::WhyPane>()
        .unwrap()
        .answers[0]
        .links[2]
        .step as usize;
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.st.step, third + 1);
    assert!(
        a.layers.has::<prune::tui::inspect::WhyPane>(),
        "the pane stays open on a jump"
    );
    let s = flat(&screen(&mut a, 80, 24));
    assert!(s.contains(&format!("step {}/", third + 1)), "{s}");
    press(&mut a, KeyCode::Esc);
    assert!(!a.layers.has::<prune::tui::inspect::WhyPane>());
    assert!(a.inspecting(), "Esc closes the pane first, then the cursor");
}

#[test]
fn before_a_node_is_decided_the_pane_tells_nothing_of_it() {
    let mut a = app("000-worked-tree", "worked");
    press(&mut a, KeyCode::Char('Y'));
    let pane = a.layers.top::<prune::tui::inspect::WhyPane>().unwrap();
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

/// Issue 34, item 2: `Y` on a Monte Carlo run draws its pane (it used to open one the Monte
/// Carlo screen never drew, and the tutor looked frozen until Esc). Seed 004 §6.2's stated
/// root: N(R) = 50; first 21/30, second 7/12, third 3/8; C = √2. The terms are worked out
/// here from those counts: UCB1 = U/N + C·sqrt(ln N(R) / N).
#[test]
fn why_on_a_monte_carlo_run_draws_the_ucb1_terms_of_the_selected_child() {
    let ucb = |u: f64, n: f64| {
        let mean = u / n;
        let bonus = 2f64.sqrt() * (50f64.ln() / n).sqrt();
        (mean, bonus, mean + bonus)
    };
    let kids = [
        ("first", ucb(21.0, 30.0)),
        ("second", ucb(7.0, 12.0)),
        ("third", ucb(3.0, 8.0)),
    ];
    // The largest UCB1 is selected: the seed's second child (1.391).
    let (name, (mean, bonus, best)) = kids
        .iter()
        .copied()
        .max_by(|a, b| a.1.2.total_cmp(&b.1.2))
        .unwrap();
    assert_eq!(
        (name, format!("{best:.3}")),
        ("second", "1.391".to_string())
    );
    for present in [false, true] {
        let mut a = app("004-mcts-ucb1-table", "C = sqrt2").presenting(present);
        // The review's keys: → → Y, before any selection. The pane is drawn (it says nothing
        // is decided yet) instead of taking keys unseen; Esc closes it.
        press(&mut a, KeyCode::Right);
        press(&mut a, KeyCode::Right);
        press(&mut a, KeyCode::Char('Y'));
        let s = flat(&screen(&mut a, 80, 24));
        assert!(
            s.contains("Why? ·"),
            "present {present}: the pane is drawn\n{s}"
        );
        assert!(s.contains("Nothing about it has been decided"), "{s}");
        press(&mut a, KeyCode::Esc);
        assert!(!a.layers.has::<prune::tui::inspect::WhyPane>());
        // Right after the run's selection, the pane explains it.
        let select = (0..a.replay.len())
            .find(|&i| {
                matches!(
                    a.replay.events().at(i),
                    prune::trace::Event::Mcts(prune::event::Mcts::Select { .. })
                )
            })
            .expect("the run selects");
        a.seek(select + 1);
        press(&mut a, KeyCode::Char('Y'));
        assert!(
            a.layers.has::<prune::tui::inspect::WhyPane>(),
            "the pane is open"
        );
        // The pane is the right column (the phase pane's place): its rows read alone.
        for (w, h) in [(80, 24), (200, 50)] {
            let s = flat(&screen(&mut a, w, h));
            assert!(
                s.contains("Why? ·"),
                "present {present} {w}×{h}: the pane is drawn\n{s}"
            );
            let pane = right_column(&mut a, w, h);
            // Its title says every key it takes, whole, in half the screen.
            let keys = if w < 100 {
                "Why? · ↑↓ step · Enter go · Esc"
            } else {
                "Why? · ↑↓ choose a step · Enter go to it · Esc"
            };
            assert!(pane.contains(keys), "present {present} {w}×{h}:\n{pane}");
            assert!(
                pane.contains("Why did selection at R (0) take")
                    && pane.contains(&format!("{name} (2)?")),
                "present {present} {w}×{h}:\n{pane}"
            );
        }
        // ↓ ↓ choose the selected child's link (after the root's and the first child's): the
        // pane keeps it in view with its terms.
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Down);
        for (w, h) in [(80, 24), (200, 50)] {
            let pane = right_column(&mut a, w, h);
            assert!(
                pane.contains(&format!(
                    "mean {mean:.3} + bonus {bonus:.3} = {best:.3}, chosen"
                )),
                "present {present} {w}×{h}:\n{pane}"
            );
        }
        press(&mut a, KeyCode::Esc);
        assert!(!a.layers.has::<prune::tui::inspect::WhyPane>());
    }
}

/// The text of a Monte Carlo screen's right column (where the phase pane, and the why pane
/// over it, are drawn: `layout::Regions::monte`), its rows joined.
fn right_column(a: &mut App, w: u16, h: u16) -> String {
    let area = ratatui::layout::Rect::new(0, 0, w, h);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    prune::tui::view::render(a, area, &mut buf);
    let x0 = w - (w / 2).clamp(40, 72);
    (0..h)
        .map(|y| {
            let row: String = (x0..w).map(|x| buf[(x, y)].symbol()).collect();
            row.trim().to_string()
        })
        .collect::<Vec<_>>()
        .join(" ")
}
