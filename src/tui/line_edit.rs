//! The one-line editor behind every typed line of the tutor: the `:`, `w` and `O` prompts, the
//! lesson picker's filter and the practice answer. One editor, so a key means the same thing
//! wherever text is typed, and a control key is never taken for a letter.
//!
//! Keys: printable characters insert at the cursor; ← → Home End and Ctrl-A / Ctrl-E move;
//! Backspace and Delete remove a character; Ctrl-U removes to the start, Ctrl-K to the end,
//! Ctrl-W the word before the cursor (and the spaces after it). Everything else is left to
//! the caller (Enter, Esc, Tab, Ctrl-C …).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::text::Span;

/// The longest line the editor keeps: a path at its longest (PATH_MAX), and far more than any
/// answer or step number needs.
pub const MAX_CHARS: usize = 4096;

/// What a key did to the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The text changed.
    Changed,
    /// Only the cursor moved (or the key was an editing key with nothing to do).
    Moved,
    /// Not an editing key: the caller decides what it means.
    Ignored,
}

/// The line as characters, so the cursor moves by character and never splits one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineEdit {
    chars: Vec<char>,
    cursor: usize,
}

impl LineEdit {
    pub fn new() -> LineEdit {
        LineEdit::default()
    }

    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// The cursor, in characters from the start.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Replaces the line with `text` (control text left out, `crate::text`), the cursor at its
    /// end.
    pub fn set(&mut self, text: &str) {
        self.chars = text
            .chars()
            .filter(|&c| !crate::text::is_control_text(c))
            .take(MAX_CHARS)
            .collect();
        self.cursor = self.chars.len();
    }

    pub fn clear(&mut self) {
        self.chars.clear();
        self.cursor = 0;
    }

    /// Applies one key press. Keys with Ctrl or Alt held insert nothing: a terminal sends
    /// Ctrl-U as the letter u with Ctrl, and that must never become a "u" in the line.
    pub fn handle(&mut self, key: KeyEvent) -> Edit {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        let before = self.chars.len();
        match key.code {
            KeyCode::Char('a') if ctrl => self.cursor = 0,
            KeyCode::Char('e') if ctrl => self.cursor = self.chars.len(),
            KeyCode::Char('u') if ctrl => {
                self.chars.drain(..self.cursor);
                self.cursor = 0;
            }
            KeyCode::Char('k') if ctrl => self.chars.truncate(self.cursor),
            KeyCode::Char('w') if ctrl => {
                let start = self.word_start();
                self.chars.drain(start..self.cursor);
                self.cursor = start;
            }
            KeyCode::Char(_) if ctrl || alt => return Edit::Ignored,
            KeyCode::Char(c) if crate::text::is_control_text(c) => return Edit::Ignored,
            KeyCode::Char(c) => {
                if self.chars.len() < MAX_CHARS {
                    self.chars.insert(self.cursor, c);
                    self.cursor += 1;
                }
            }
            KeyCode::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                self.chars.remove(self.cursor);
            }
            KeyCode::Delete if self.cursor < self.chars.len() => {
                self.chars.remove(self.cursor);
            }
            KeyCode::Backspace | KeyCode::Delete => {}
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right => self.cursor = (self.cursor + 1).min(self.chars.len()),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = self.chars.len(),
            _ => return Edit::Ignored,
        }
        // Every edit above adds or removes characters, so the length tells a change.
        if self.chars.len() != before {
            Edit::Changed
        } else {
            Edit::Moved
        }
    }

    /// Where Ctrl-W's cut starts: back over spaces, then over the word before them.
    fn word_start(&self) -> usize {
        let mut start = self.cursor;
        while start > 0 && self.chars[start - 1].is_whitespace() {
            start -= 1;
        }
        while start > 0 && !self.chars[start - 1].is_whitespace() {
            start -= 1;
        }
        start
    }

    /// The part of the line that fits in `width` cells, and the cursor's column in it: the
    /// line scrolls sideways so the cursor always shows, with a cell left for it at the end,
    /// and "…" in the first cell says that the start is scrolled out of sight.
    pub fn view(&self, width: usize) -> (String, usize) {
        let room = width.saturating_sub(1).max(1);
        let start = self.cursor.saturating_sub(room);
        let mut shown: String = self.chars[start..].iter().take(room + 1).collect();
        if start > 0 && room > 1 {
            shown = std::iter::once('…').chain(shown.chars().skip(1)).collect();
        }
        let before: String = self.chars[start..self.cursor].iter().collect();
        let col = Span::raw(before).width().min(width.saturating_sub(1));
        (shown, col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn ctrl(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    fn typed(text: &str) -> LineEdit {
        let mut e = LineEdit::new();
        for c in text.chars() {
            e.handle(key(KeyCode::Char(c)));
        }
        e
    }

    #[test]
    fn typing_inserts_at_the_cursor() {
        let mut e = typed("ac");
        e.handle(key(KeyCode::Left));
        assert_eq!(e.handle(key(KeyCode::Char('b'))), Edit::Changed);
        assert_eq!((e.text().as_str(), e.cursor()), ("abc", 2));
    }

    #[test]
    fn control_keys_are_never_letters() {
        let mut e = typed("12 34");
        for c in ['a', 'e', 'b', 'x', 'z', 'c', 'h'] {
            e.handle(ctrl(c));
        }
        e.handle(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT));
        e.handle(key(KeyCode::Char('\u{1b}')));
        e.handle(key(KeyCode::Char('\u{7}')));
        assert_eq!(e.text(), "12 34");
        // Ctrl-B (and the other unbound Ctrl letters) are left to the caller.
        assert_eq!(e.handle(ctrl('b')), Edit::Ignored);
        assert_eq!(e.handle(key(KeyCode::Tab)), Edit::Ignored);
        assert_eq!(e.handle(key(KeyCode::Enter)), Edit::Ignored);
    }

    #[test]
    fn separators_and_bidirectional_marks_are_never_typed() {
        let mut e = typed("ab\u{2028}\u{202e}\u{2029}c");
        assert_eq!(e.text(), "abc");
        e.set("x\u{2066}y\u{85}z");
        assert_eq!(e.text(), "xyz");
    }

    #[test]
    fn home_end_and_ctrl_a_e_move() {
        let mut e = typed("abc");
        assert_eq!(e.handle(key(KeyCode::Home)), Edit::Moved);
        assert_eq!(e.cursor(), 0);
        e.handle(key(KeyCode::End));
        assert_eq!(e.cursor(), 3);
        e.handle(ctrl('a'));
        assert_eq!(e.cursor(), 0);
        e.handle(key(KeyCode::Left));
        assert_eq!(e.cursor(), 0, "the cursor stops at the start");
        e.handle(ctrl('e'));
        e.handle(key(KeyCode::Right));
        assert_eq!(e.cursor(), 3, "and at the end");
    }

    #[test]
    fn ctrl_u_kills_to_the_start_and_ctrl_k_to_the_end() {
        let mut e = typed("-inf 5");
        for _ in 0..2 {
            e.handle(key(KeyCode::Left));
        }
        e.handle(ctrl('u'));
        assert_eq!((e.text().as_str(), e.cursor()), (" 5", 0));
        let mut e = typed("-inf 5");
        e.handle(ctrl('a'));
        e.handle(key(KeyCode::Right));
        e.handle(ctrl('k'));
        assert_eq!((e.text().as_str(), e.cursor()), ("-", 1));
    }

    #[test]
    fn ctrl_w_kills_the_word_before_the_cursor() {
        let mut e = typed("a1 b2  ");
        e.handle(ctrl('w'));
        assert_eq!(e.text(), "a1 ");
        e.handle(ctrl('w'));
        assert_eq!(e.text(), "");
        assert_eq!(e.handle(ctrl('w')), Edit::Moved, "nothing left to kill");
        // In the middle of a line only what is before the cursor goes.
        let mut e = typed("one two three");
        for _ in 0..5 {
            e.handle(key(KeyCode::Left));
        }
        e.handle(ctrl('w'));
        assert_eq!((e.text().as_str(), e.cursor()), ("one three", 4));
    }

    #[test]
    fn backspace_and_delete() {
        let mut e = typed("abc");
        e.handle(key(KeyCode::Left));
        e.handle(key(KeyCode::Backspace));
        assert_eq!((e.text().as_str(), e.cursor()), ("ac", 1));
        e.handle(key(KeyCode::Delete));
        assert_eq!((e.text().as_str(), e.cursor()), ("a", 1));
        e.handle(key(KeyCode::Delete));
        assert_eq!(e.text(), "a", "Delete at the end removes nothing");
        e.handle(key(KeyCode::Home));
        e.handle(key(KeyCode::Backspace));
        assert_eq!(e.text(), "a", "Backspace at the start removes nothing");
    }

    #[test]
    fn characters_move_as_one() {
        let mut e = typed("α≥β");
        e.handle(key(KeyCode::Left));
        e.handle(key(KeyCode::Backspace));
        assert_eq!((e.text().as_str(), e.cursor()), ("αβ", 1));
    }

    #[test]
    fn the_line_is_bounded() {
        let mut e = LineEdit::new();
        e.set(&"x".repeat(MAX_CHARS + 10));
        assert_eq!(e.text().len(), MAX_CHARS);
        assert_eq!(e.handle(key(KeyCode::Char('y'))), Edit::Moved);
        assert_eq!(e.text().len(), MAX_CHARS);
    }

    #[test]
    fn set_drops_control_characters() {
        let mut e = LineEdit::new();
        e.set("a\u{1b}]0;b\u{7}c");
        assert_eq!((e.text().as_str(), e.cursor()), ("a]0;bc", 6));
    }

    #[test]
    fn the_view_keeps_the_cursor_in_sight() {
        let e = typed("0123456789");
        let (shown, col) = e.view(5);
        // Four cells before the cursor, the first saying more is out of sight, and the
        // cursor's cell at the end.
        assert_eq!((shown.as_str(), col), ("…789", 4));
        let mut e = e;
        e.handle(key(KeyCode::Home));
        let (shown, col) = e.view(5);
        assert_eq!((shown.as_str(), col), ("01234", 0));
    }
}
