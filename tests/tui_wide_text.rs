//! Text that is not one column per character, on screen: node names in CJK and emoji line up
//! on the stack (columns are counted in terminal cells, not characters), and line separators
//! and bidirectional overrides in a lesson never reach the terminal (they are control text).
//!
//! The checks read ratatui's buffer cell by cell: where each `│` of the stack sits is the
//! column the terminal draws it in, with no width function of the program's in between. The
//! frame rows of one screen are compared with each other.

mod common;

use common::tutor::{app_of, key};
use crossterm::event::KeyCode;
use prune::tui::app::App;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;

/// Root 根 (one character, two columns), a MIN node 王手飛車 (four characters, eight columns),
/// one 🐉🐉 (two characters, four columns), and leaves é (e + a combining accent: two
/// characters, one column) and x.
const WIDE: &str = r#"{"title": "Wide names", "graph": {"nodes": [
  {"player": "MAX", "label": "根", "score": 0, "moves": [{"child": 1}, {"child": 2}]},
  {"player": "MIN", "label": "王手飛車", "score": 4, "moves": [{"child": 3}, {"child": 4}]},
  {"player": "MIN", "label": "🐉🐉", "score": 2, "moves": [{"child": 4}, {"child": 3}]},
  {"player": "MAX", "label": "e\u0301", "score": 3},
  {"player": "MAX", "label": "x", "score": 5}]},
  "runs": [{"name": "ab", "depth": 2}]}"#;

/// A lesson whose title and labels hold a line separator, a paragraph separator and a
/// right-to-left override.
const SEPARATED: &str = r#"{"title": "One\u2028Two\u202eowT", "graph": {"nodes": [
  {"player": "MAX", "label": "a\u2028b", "score": 0, "moves": [{"child": 1}, {"child": 2}]},
  {"player": "MIN", "label": "c\u202ed", "score": 1},
  {"player": "MIN", "label": "p\u2029q", "score": 2}]},
  "runs": [{"name": "plain", "depth": 1}]}"#;

fn frame(app: &mut App, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view::draw(f, app)).unwrap();
    terminal.backend().buffer().clone()
}

fn row_text(buf: &Buffer, y: u16) -> String {
    (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect()
}

/// The x of every `│` cell in row `y`.
fn bars(buf: &Buffer, y: u16) -> Vec<u16> {
    (0..buf.area.width)
        .filter(|&x| buf[(x, y)].symbol() == "│")
        .collect()
}

/// The stack's header row and its frame rows (those under it that draw the column bars).
fn stack_rows(buf: &Buffer) -> Option<(u16, Vec<u16>)> {
    let header = (0..buf.area.height).find(|&y| {
        let t = row_text(buf, y);
        t.contains("ply") && t.contains("α₀")
    })?;
    let rows = (header + 1..buf.area.height)
        .take_while(|&y| bars(buf, y).len() >= 4)
        .collect();
    Some((header, rows))
}

#[test]
fn wide_names_keep_the_stack_columns_lined_up() {
    for (w, h) in [(80, 24), (200, 50)] {
        let mut app = app_of(WIDE, "ab");
        let mut deepest = 0;
        let mut names_seen = [false; 3];
        for _ in 0..app.replay.len() {
            key(&mut app, KeyCode::Char('l'));
            let buf = frame(&mut app, w, h);
            let Some((_, rows)) = stack_rows(&buf) else {
                continue;
            };
            let Some(&first) = rows.first() else {
                continue;
            };
            let want = bars(&buf, first)[..4].to_vec();
            for &y in &rows {
                let text = row_text(&buf, y);
                assert_eq!(bars(&buf, y)[..4], want, "{w}x{h}, row {text:?}");
                // A wide character's second cell holds a blank of its own.
                let letters = text.replace(' ', "");
                for (seen, name) in names_seen.iter_mut().zip(["根", "王手飛車", "🐉🐉"]) {
                    *seen |= letters.contains(name);
                }
            }
            deepest = deepest.max(rows.len());
        }
        // Root, a MIN node and a leaf at once: rows of names of different widths.
        assert!(deepest >= 3, "{w}x{h}: at most {deepest} frames were drawn");
        assert_eq!(
            names_seen, [true; 3],
            "{w}x{h}: every inner node is on the stack once"
        );
    }
}

#[test]
fn separators_and_overrides_never_reach_a_cell() {
    let control = ['\u{2028}', '\u{2029}', '\u{202e}'];
    for (w, h) in [(80, 24), (200, 50)] {
        let mut app = app_of(SEPARATED, "plain");
        let mut screens = String::new();
        for _ in 0..=app.replay.len() {
            let buf = frame(&mut app, w, h);
            for cell in buf.content() {
                assert!(
                    !cell.symbol().contains(control),
                    "{w}x{h}: a cell holds {:?}",
                    cell.symbol()
                );
            }
            screens.extend((0..h).map(|y| row_text(&buf, y) + "\n"));
            key(&mut app, KeyCode::Char('l'));
        }
        // The names are shown with the character escaped, as everywhere else prune writes
        // them.
        assert!(screens.contains("a\\u2028b"), "{w}x{h}\n{screens}");
        assert!(screens.contains("c\\u202ed"), "{w}x{h}\n{screens}");
    }
}
