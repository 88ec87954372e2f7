//! The tutor on a Monte Carlo run whose score rewards count in quarter-wins (issue 22): the
//! tree's U/N, the backup's old and new U and the narration say the exact wins, never a
//! rounded or half-win figure. The graph and its counts are worked by hand in
//! `tests/mcts_reward.rs`; this file's figures are those, written here again.

use prune::lesson::{Lesson, Overrides};
use prune::tui::app::App;
use prune::tui::theme::Theme;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const LESSON: &str = r#"{
  "title": "quarter rewards",
  "graph": {"nodes": [
    {"player": "MAX", "label": "R", "moves": [{"child": 1}, {"child": 2}]},
    {"player": "MIN", "label": "A", "score": 0.75},
    {"player": "MIN", "label": "B", "moves": [{"child": 3}, {"child": 4}]},
    {"player": "MAX", "label": "B1", "score": "1/4"},
    {"player": "MAX", "label": "B2", "score": 1}
  ]},
  "runs": [{"name": "quarters", "algorithm": "mcts", "depth": 1, "iterations": 5, "c": 2,
            "playout": "first", "reward": "score"}]
}"#;

fn tutor() -> App {
    let lesson = Lesson::parse("quarters", LESSON).unwrap();
    let setup = lesson.setup(None, &Overrides::default()).unwrap();
    let mut app = App::new(vec![lesson.clone()], lesson, setup).unwrap();
    app.theme = Theme { color: false };
    app
}

fn screen(app: &mut App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view::draw(f, app)).unwrap();
    terminal.backend().to_string()
}

/// Whether some row holds `tokens` one after another (split at blanks).
fn has_row(screen: &str, tokens: &[&str]) -> bool {
    screen.lines().any(|line| {
        let words: Vec<&str> = line.trim_matches('"').split_whitespace().collect();
        words.windows(tokens.len()).any(|w| w == tokens)
    })
}

/// The last step: after iteration 5's backup. R has N 5 and U 11 quarters = 2.75 wins, A
/// 9 quarters over 3 visits, B 2 over 2, B1 (MIN's 3 quarters) 3 over 1; the root's backup
/// took U from 2 to 2.75.
#[test]
fn the_end_of_a_quarter_reward_run_shows_exact_wins() {
    let mut app = tutor();
    let end = app.replay.len();
    app.seek(end);
    for (w, h) in [(80, 24), (200, 50)] {
        let text = screen(&mut app, w, h);
        for wins in ["2.75/5", "2.25/3", "0.5/2", "0.75/1"] {
            assert!(text.contains(wins), "{wins} at {w}×{h}:\n{text}");
        }
        // The root's line of the backup: N 4 → 5, U 2 → 2.75.
        assert!(
            has_row(&text, &["4", "→", "5", "2", "→", "2.75"]),
            "the root's backup at {w}×{h}:\n{text}"
        );
        // The root is named once, as the tree pane numbers it: "the root (R)", not "R (0)".
        let flat: String = text
            .lines()
            .map(|l| l.trim_matches('"').trim_end())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            flat.contains("Backup at the root (R): one visit more"),
            "{text}"
        );
        insta::assert_snapshot!(format!("mcts_quarters_end_{w}x{h}"), text);
    }
}

/// Iteration 4 ends at B1, a finished game worth a quarter to MAX: its known outcome is MAX's
/// reward 0.25, and MIN, who moved into B1, is backed up three quarters of a win.
#[test]
fn a_quarter_reward_is_said_as_the_reward_it_is() {
    use prune::event::{Event, Mcts};
    use prune::replay::{Replay, narrate::narrate};
    let mut app = tutor();
    let lesson = Lesson::parse("quarters", LESSON).unwrap();
    let setup = lesson.setup(None, &Overrides::default()).unwrap();
    let replay = Replay::new(prune::index::record(&lesson, &setup).unwrap());
    let events = &replay.trace().events;
    let known = (0..events.len())
        .find(|&i| {
            let e: Event = events.iter().nth(i).unwrap().to_owned();
            matches!(e, Event::Mcts(Mcts::Known { node: 3, .. }))
        })
        .expect("B1's known outcome");
    app.seek(known + 1);
    let text = screen(&mut app, 200, 50);
    assert!(text.contains("a reward of 0.25 for MAX"), "{text}");
    let said = narrate(&replay, &replay.seek(known + 1), &|_| None).replace('\n', " ");
    assert!(
        said.contains("a reward of 0.25 for MAX and 0.75 for MIN"),
        "{said}"
    );
    // The next step is B1's backup: 0.75 of a win for MIN.
    let said = narrate(&replay, &replay.seek(known + 2), &|_| None).replace('\n', " ");
    assert!(
        said.contains("0.75 of a win for MIN, who moved into it"),
        "{said}"
    );
    assert!(said.contains("U 0 → 0.75"), "{said}");
}
