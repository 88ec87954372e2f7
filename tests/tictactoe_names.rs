//! Tic-tac-toe names a move by the square it marks (numbered 0 to 8 row by row from the top
//! left, as the lessons and the board number them) and a position by its board, everywhere:
//! `prune run`, `prune trace`, the narration, the tree, the stack and the inspector. No move
//! number (`m3`) and no position code (the base-3 number the game keys positions by) reaches
//! the screen.
//!
//! From X O X / . O . / . . . the empty squares are 3, 5, 6, 7 and 8; X must block the middle
//! column on square 7 (bottom-middle), which is the fourth empty square, move number 3.

mod common;

use common::run_prune;
use common::tutor::{app, screen};
use prune::lesson::{Lesson, Overrides};
use prune::replay::narrate::narrate;
use prune::replay::{Replay, ReplayState};

/// Whether `text` holds a move number as the tutor used to write it: `m` and digits as a word.
fn move_number_in(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    (0..chars.len()).find_map(|i| {
        let starts = chars[i] == 'm' && (i == 0 || !chars[i - 1].is_alphanumeric());
        let digits: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let ends = chars
            .get(i + 1 + digits.len())
            .is_none_or(|c| !c.is_alphanumeric());
        (starts && !digits.is_empty() && ends).then(|| format!("m{digits}"))
    })
}

/// The base-3 code of a board (square i counts 3^i: 1 for X, 2 for O), computed here.
fn code(board: &str) -> u32 {
    let cells: Vec<char> = board.chars().filter(|&c| c != '/').collect();
    cells.iter().rev().fold(0, |acc, &c| {
        acc * 3
            + match c {
                'X' => 1,
                'O' => 2,
                _ => 0,
            }
    })
}

/// The numbers of every position of a run, as `(n)` and `node n` would show them: its base-3
/// code (the game's key) and the number the trace gives it. A board is named by itself.
fn codes_shown(replay: &Replay, text: &str) -> Option<String> {
    replay.catalog().iter().find_map(|s| {
        let board = s.label.as_deref()?;
        let c = code(board);
        let id = s.id;
        [
            format!("({c})"),
            format!("node {c}"),
            format!("node {id}"),
            format!("{board} ({id})"),
        ]
        .into_iter()
        .find(|t| text.contains(t.as_str()))
    })
}

#[test]
fn run_reports_the_square() {
    for preset in ["minimax", "alpha-beta"] {
        let (code, out, err) = run_prune(&["run", "004-tictactoe-block", "--run", preset]);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains("score=0, move=7\n"), "{preset}: {out}");
        assert!(out.contains(":0:7:"), "the pass's move too: {out}");
        let (_, json, _) = run_prune(&["run", "004-tictactoe-block", "--run", preset, "--json"]);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["move"], 7, "{json}");
        assert_eq!(v["history"][0]["move"], 7, "{json}");
    }
}

#[test]
fn the_trace_names_squares_and_boards() {
    let (code, out, err) = run_prune(&["trace", "004-tictactoe-block", "--run", "minimax"]);
    assert_eq!(code, Some(0), "{err}");
    let root = out.lines().nth(1).unwrap();
    let words: Vec<&str> = root.split_whitespace().collect();
    // step pass ply glyph board d q α β value move result
    assert_eq!(words[4], "XOX/.O./...", "{root}");
    assert_eq!(words[10], "7", "the root plays square 7: {root}");
    let (_, tsv, _) = run_prune(&[
        "trace",
        "004-tictactoe-block",
        "--run",
        "minimax",
        "--format",
        "tsv",
    ]);
    let row: Vec<&str> = tsv.lines().nth(1).unwrap().split('\t').collect();
    assert_eq!((row[3], row[9]), ("XOX/.O./...", "7"), "{row:?}");
}

/// Every sentence of the tic-tac-toe presets short enough to narrate step by step.
#[test]
fn the_narration_never_shows_a_move_number_or_a_code() {
    let mut runs = 0;
    for name in ["004-tictactoe-block", "004-tictactoe-games"] {
        let lesson = Lesson::open(name).unwrap();
        for preset in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&preset.name), &Overrides::default())
                .unwrap();
            let replay = Replay::new(prune::index::record(&lesson, &setup).unwrap());
            // The games lesson's runs are tens of thousands of steps; the block lesson's
            // two runs go through the same sentences, every one of them.
            if replay.len() > 3_000 {
                continue;
            }
            runs += 1;
            let mut st = ReplayState::default();
            for _ in 0..replay.len() {
                replay.apply(&mut st);
                let s = narrate(&replay, &st, &|_| None);
                let at = format!("{name} / {} step {}: {s}", preset.name, st.step);
                assert_eq!(move_number_in(&s), None, "{at}");
                assert_eq!(codes_shown(&replay, &s), None, "{at}");
                // A move is named by its square ("square 7"), never by its index ("move 3").
                let index = s
                    .match_indices("move ")
                    .any(|(i, _)| s[i + 5..].starts_with(|c: char| c.is_ascii_digit()));
                assert!(!index, "a move by its index: {at}");
                // A game has no file: its moves come in the game's own order.
                assert!(!s.contains("the file"), "a file named: {at}");
            }
        }
    }
    assert!(runs >= 2, "the block lesson's two runs");
}

/// The tree, the stack and the inspector at steps across the block lesson's run.
#[test]
fn the_screens_name_squares_and_boards() {
    for (w, h) in [(80, 24), (200, 50)] {
        let mut a = app("004-tictactoe-block", "minimax");
        let len = a.replay.len();
        for k in 1..=12 {
            a.seek(len * k / 12);
            for inspect in [false, true] {
                if inspect {
                    a.on_key(crossterm::event::KeyEvent::new(
                        crossterm::event::KeyCode::Char('v'),
                        crossterm::event::KeyModifiers::NONE,
                    ));
                }
                let s = screen(&mut a, w, h);
                assert_eq!(move_number_in(&s), None, "step {}\n{s}", a.st.step);
                assert_eq!(codes_shown(&a.replay, &s), None, "step {}\n{s}", a.st.step);
                if inspect {
                    a.on_key(crossterm::event::KeyEvent::new(
                        crossterm::event::KeyCode::Esc,
                        crossterm::event::KeyModifiers::NONE,
                    ));
                }
            }
        }
        // At the end the root's row of the outline names the squares of its moves, and the
        // counters name the root's choice, square 7.
        a.set_outline(true);
        a.seek(len);
        let s = screen(&mut a, w, h);
        assert!(s.contains("sq7"), "{s}");
        // Issue 34, item 11: the result names the move as the pass lines do, by its square,
        // not by the board it leads to; the narration says the same square.
        let flat: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
        if w == 200 {
            assert!(flat.contains("plays sq7"), "{s}");
            assert!(flat.contains("plays square 7"), "{s}");
        }
        assert!(
            !flat.contains("plays X") && !flat.contains("plays O") && !flat.contains("plays ."),
            "a move named by its board:\n{s}"
        );
    }
}
