//! Seed 002's searches on screen: a PVS re-search and an aspiration attempt are one key away,
//! marked in the tree and stack and explained, and a negamax run says whose side its numbers
//! count from, switching the stack and tree to MAX's side on `M`.
//!
//! Expected figures come from hand computation on seed 004's A/B/C tree (A = 4, 9, 6;
//! B = 2, 15, 13; C = 5, 8, 10): PVS scouts C with the root's null window (4, 5), C comes back
//! with 5 > 4 and is searched again with (4, +∞); the root is worth 5 (tests/seed_002_cli.rs
//! works the counts out).

mod common;

use common::tutor::screen;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::lesson::{Lesson, Overrides};
use prune::search::{Algorithm, Aspiration};
use prune::tui::app::App;
use prune::tui::theme::Theme;

fn open(over: Overrides) -> App {
    let l = Lesson::open("004-abc-tree").unwrap();
    let setup = l.setup(Some("left to right"), &over).unwrap();
    let mut app = App::new(vec![l.clone()], l, setup).unwrap();
    app.theme = Theme { color: false };
    app
}

/// The screen's rows joined into one line (a wrapped sentence reads whole).
fn flat(s: &str) -> String {
    s.lines()
        .map(|l| l.trim_matches('"').trim())
        .collect::<Vec<_>>()
        .join(" ")
}

fn press(app: &mut App, c: char) {
    app.on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
}

fn pvs() -> App {
    open(Overrides {
        algorithm: Some(Algorithm::Pvs),
        ..Overrides::default()
    })
}

#[test]
fn u_jumps_to_the_re_search_of_c_and_explains_it() {
    for (w, h) in [(80, 24), (200, 50)] {
        let mut app = pvs();
        press(&mut app, 'u');
        let marks = &app.replay.index().marks.researches;
        assert_eq!(marks.len(), 1, "one re-search on the A/B/C tree");
        assert_eq!(app.st.step, marks[0] as usize + 1);
        let s = screen(&mut app, w, h);
        let text = flat(&s);
        assert!(text.contains("Fail high"), "{s}");
        assert!(text.contains("C (3) came back with 5 > α = 4"), "{s}");
        assert!(text.contains("full window (4, +∞)"), "{s}");
        // The scouted C is marked as a scout that failed high, and (where the tree has the
        // rows) its second visit follows.
        assert!(s.contains("∘▼C≤-5↑"), "{s}");
        if h >= 50 {
            assert!(s.contains("↻▼C"), "{s}");
        }
        assert!(s.contains("re-searches 1"), "{s}");
        assert!(s.contains("side to move"), "{s}");
        insta::assert_snapshot!(format!("pvs_re_search_{w}x{h}"), s);
        // No second re-search: `u` says so and stays.
        let at = app.st.step;
        press(&mut app, 'u');
        assert_eq!(app.st.step, at);
        assert!(flat(&screen(&mut app, w, h)).contains("no further re-search"));
        press(&mut app, 'U');
        assert_eq!(app.st.step, at);
    }
}

/// In the B scout, B's window from MIN's own side is (−5, −4) (the root's null window (4, 5)
/// negated); from MAX's side it is (4, 5) again.
#[test]
fn m_shows_the_stack_from_maxs_side_and_back() {
    let mut app = pvs();
    // The call of B (the 6th call: R, A, A1, A2, A3, B) has just been entered.
    let step = app.replay.call_step(5).unwrap();
    app.seek(step);
    let top = app.st.top().copied().unwrap();
    assert_eq!(app.replay.catalog().name(top.state), "B");
    assert!(top.scout);
    let row = |s: &str| {
        s.lines()
            // The stack's row of B: ply 1, d 1, q 0.
            .find(|l| l.contains("∘▼B") && l.contains("  1  1  0 │"))
            .unwrap_or_default()
            .to_string()
    };
    let s = screen(&mut app, 100, 30);
    assert!(s.contains("Stack · 2 frames · side to move"), "{s}");
    let b = row(&s);
    assert!(
        b.contains("∘▼B") && b.contains("-5") && b.contains("-4"),
        "{b}"
    );
    press(&mut app, 'M');
    let s = screen(&mut app, 100, 30);
    assert!(s.contains("Stack · 2 frames · MAX's side"), "{s}");
    let b = row(&s);
    assert!(
        !b.contains("-5") && b.contains(" 4") && b.contains(" 5"),
        "{b}"
    );
    press(&mut app, 'M');
    assert!(screen(&mut app, 100, 30).contains("side to move"));
}

/// Aspiration from depth 1 around a guess of 9 with δ = 1 (value 5): (8, 10) fails low, then
/// α widens by 1, 2, 4: (7, 10), (5, 10), (1, 10), which holds 5.
#[test]
fn w_steps_through_the_aspiration_attempts() {
    let mut app = open(Overrides {
        algorithm: Some(Algorithm::Negamax),
        aspiration: Some(Aspiration {
            delta: 1,
            from: 1,
            guess: 9,
        }),
        ..Overrides::default()
    });
    let want = [
        "asp (8, 10) fail low",
        "asp (7, 10) fail low",
        "asp (5, 10) fail low",
        "asp (1, 10) exact 5",
    ];
    for (k, line) in want.iter().enumerate() {
        press(&mut app, 'W');
        let s = screen(&mut app, 120, 40);
        // The newest attempt is always shown (older ones may sit behind "⋮ n earlier lines").
        assert!(s.contains(line), "{line}\n{s}");
        assert_eq!(app.st.attempts.len(), k + 1);
        let verdict = if k < 3 {
            "Fail low"
        } else {
            "inside the aspiration"
        };
        assert!(flat(&s).contains(verdict), "{line}: {s}");
    }
    // At 80×24 the counters pane keeps the newest attempts and says how many it hides.
    let s = screen(&mut app, 80, 24);
    assert!(s.contains("asp (1, 10) exact 5"), "{s}");
    assert!(s.contains("earlier lines"), "{s}");
    insta::assert_snapshot!("aspiration_last_attempt_80x24", s);
    press(&mut app, 'W');
    assert!(flat(&screen(&mut app, 80, 24)).contains("no further aspiration attempt"));
}
