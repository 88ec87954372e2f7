//! The one printable-text rule for everything prune writes to a terminal or a text file.
//!
//! Lesson titles, labels, set files and answer files are written by other people; a control
//! character in them must not reach a terminal, where `ESC ] 0 ;` sets the window title and
//! `ESC ] 52 ;` writes the clipboard. Control text is Unicode's `Cc` category: C0
//! (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F, NEL among them); and the characters
//! that move text rather than show it: the line and paragraph separators (U+2028, U+2029),
//! which terminals break lines on or draw at a width the screen's model does not expect, and
//! the bidirectional formatting marks, embeddings, overrides and isolates (U+061C, U+200E,
//! U+200F, U+202A–U+202E, U+2066–U+2069), which reorder what follows them on the line (a
//! label that reads one way and is another). Each is shown escaped as JSON writes it: `\n`,
//! `\t`, `\r`, or `\u001b`. The JSON form keeps JSON output valid: serde_json escapes C0
//! itself but writes the others raw, and in a JSON document they can only stand inside a
//! string, where `\u2028` means the same character. Joiners (U+200C, U+200D) and variation
//! selectors stay: emoji and several scripts are spelt with them.
//!
//! Where text is lined up on a terminal, it is measured by `width` (the columns it takes: two
//! for a CJK ideograph or most emoji, none for a combining mark), never by characters or bytes.
//!
//! - `printable`: text for a document (newline and tab keep their meaning).
//! - `one_line`: text inside one line, such as an error message or a table cell.
//! - `Printable`: a writer that applies `printable` to a stream (all of a command's stdout).
//! - `cut`: a value echoed in a message, shortened to a prefix and "…".
//! - `width`, `pad`, `tail_within`: columns on a terminal, text padded to a column, and the
//!   end of a line that fits.

use std::borrow::Cow;
use std::io::{self, Write};

/// Whether `c` is control text (see the module's note): escaped wherever text is shown.
pub fn is_control_text(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}'
                | '\u{2029}'
                | '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// `c` escaped, when a terminal would act on it instead of showing it.
fn escaped(c: char, keep_layout: bool) -> Option<String> {
    match c {
        '\n' | '\t' if keep_layout => None,
        '\n' => Some("\\n".into()),
        '\t' => Some("\\t".into()),
        '\r' => Some("\\r".into()),
        c if is_control_text(c) => Some(format!("\\u{:04x}", c as u32)),
        _ => None,
    }
}

fn escape_with(text: &str, keep_layout: bool) -> Cow<'_, str> {
    if !text.chars().any(|c| escaped(c, keep_layout).is_some()) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match escaped(c, keep_layout) {
            Some(e) => out.push_str(&e),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `text` with every control character but newline and tab escaped.
pub fn printable(text: &str) -> Cow<'_, str> {
    escape_with(text, true)
}

/// `text` with every control character escaped, newline and tab included: it stays one line.
pub fn one_line(text: &str) -> Cow<'_, str> {
    escape_with(text, false)
}

/// Echoed values longer than this many characters are cut.
pub const ECHO_CHARS: usize = 40;

/// A value echoed in a message: at most `ECHO_CHARS` characters, then "…" if it went on (a
/// 100,000-digit number is not worth a 100 kB error line).
pub fn cut(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(ECHO_CHARS) {
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
        None => Cow::Borrowed(text),
    }
}

/// Every run of non-space characters in `message` cut as `cut` does, for messages of other
/// libraries (clap, serde_json) that echo a whole value.
pub fn cut_words(message: &str) -> Cow<'_, str> {
    // Paths are often longer than an echoed value should be; only clearly runaway words go.
    const LONG: usize = 4 * ECHO_CHARS;
    if !message.split(' ').any(|w| w.chars().nth(LONG).is_some()) {
        return Cow::Borrowed(message);
    }
    let words: Vec<Cow<str>> = message
        .split(' ')
        .map(|w| match w.chars().nth(LONG) {
            Some(_) => cut(w),
            None => Cow::Borrowed(w),
        })
        .collect();
    Cow::Owned(words.join(" "))
}

/// The columns `text` takes on a terminal: what lining text up counts (a CJK ideograph or an
/// emoji takes two, a combining mark or a joiner none).
pub fn width(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

/// `text` followed by spaces up to `columns` columns (unchanged when it is as wide already).
pub fn pad(text: &str, columns: usize) -> String {
    let room = columns.saturating_sub(width(text));
    let mut out = String::with_capacity(text.len() + room);
    out.push_str(text);
    out.extend(std::iter::repeat_n(' ', room));
    out
}

/// The longest end of `text` that takes at most `columns` columns (what stays of a line cut
/// at its start).
pub fn tail_within(text: &str, columns: usize) -> &str {
    let mut used = 0;
    let mut start = text.len();
    for (i, c) in text.char_indices().rev() {
        used += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used > columns {
            break;
        }
        start = i;
    }
    &text[start..]
}

/// `text` in at most `columns` columns, as its end after "…" when it is longer: a position
/// named by the moves that reach it (Connect Four's columns) differs from its parent's only at
/// the end, so the end is the part worth keeping.
pub fn end_within(text: &str, columns: usize) -> String {
    if width(text) <= columns {
        return text.to_string();
    }
    format!("…{}", tail_within(text, columns.saturating_sub(1)))
}

/// A writer that passes text through `printable`. It works on the bytes of UTF-8 text: C0 and
/// DEL are single bytes, and every other control character starts with 0xC2 (C1), 0xD8
/// (U+061C) or 0xE2 (the separators and the bidirectional marks); a character cut by the end
/// of one write is held until the next.
pub struct Printable<W: Write> {
    inner: W,
    /// The first bytes of a character that may be control text, not complete yet.
    pending: Vec<u8>,
}

/// What to do with the bytes at a byte that may start control text.
enum Step {
    /// They begin a character that the next write completes.
    Incomplete,
    /// A control character of this many bytes: escaped.
    Escape(usize, char),
    /// Not control text: the first byte goes out as it is.
    Raw,
}

impl Step {
    /// `bytes` starts with a byte for which `needs_care` holds.
    fn at(bytes: &[u8]) -> Step {
        let len = match bytes[0] {
            0xC2 | 0xD8 => 2,
            0xE2 => 3,
            b => return Step::Escape(1, b as char),
        };
        let have = bytes.len().min(len);
        if !bytes[1..have].iter().all(|b| (0x80..0xC0).contains(b)) {
            return Step::Raw;
        }
        if have < len {
            return Step::Incomplete;
        }
        match std::str::from_utf8(&bytes[..len]).map(|t| t.chars().next()) {
            Ok(Some(c)) if is_control_text(c) => Step::Escape(len, c),
            _ => Step::Raw,
        }
    }
}

impl<W: Write> Printable<W> {
    pub fn new(inner: W) -> Printable<W> {
        Printable {
            inner,
            pending: Vec::new(),
        }
    }

    /// The inner writer, after writing the bytes still held (only text that was not UTF-8
    /// ends with some).
    pub fn into_inner(mut self) -> io::Result<W> {
        let held = std::mem::take(&mut self.pending);
        self.inner.write_all(&held)?;
        Ok(self.inner)
    }

    fn escape(&mut self, c: char) -> io::Result<()> {
        let e = escaped(c, true).expect("control text");
        self.inner.write_all(e.as_bytes())
    }

    fn write_text(&mut self, buf: &[u8]) -> io::Result<()> {
        let mut rest = buf;
        if !self.pending.is_empty() {
            let held = self.pending.len();
            let mut joined = std::mem::take(&mut self.pending);
            joined.extend_from_slice(&rest[..rest.len().min(3)]);
            match Step::at(&joined) {
                // All of `rest` is in `joined`, and the character is still not complete.
                Step::Incomplete => {
                    self.pending = joined;
                    return Ok(());
                }
                Step::Escape(len, c) => {
                    self.escape(c)?;
                    rest = &rest[len - held..];
                }
                // The held bytes are a lead and continuation bytes: none starts control text.
                Step::Raw => self.inner.write_all(&joined[..held])?,
            }
        }
        while let Some(at) = rest.iter().position(|&b| needs_care(b)) {
            self.inner.write_all(&rest[..at])?;
            rest = &rest[at..];
            match Step::at(rest) {
                Step::Incomplete => {
                    self.pending = rest.to_vec();
                    return Ok(());
                }
                Step::Escape(len, c) => {
                    self.escape(c)?;
                    rest = &rest[len..];
                }
                Step::Raw => {
                    self.inner.write_all(&rest[..1])?;
                    rest = &rest[1..];
                }
            }
        }
        self.inner.write_all(rest)
    }
}

/// A byte that may start control text (C0 but newline and tab, DEL, and the first byte of a
/// C1 character, of U+061C, or of the separators and bidirectional marks).
fn needs_care(b: u8) -> bool {
    CARE[b as usize]
}

/// `needs_care` for every byte, looked up: the filter reads every byte prune writes (half a
/// gigabyte for a long Monte Carlo trace), and a table lookup is the cheapest test per byte.
const CARE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = (byte < 0x20 && byte != b'\n' && byte != b'\t')
            || matches!(byte, 0x7F | 0xC2 | 0xD8 | 0xE2);
        b += 1;
    }
    table
};

impl<W: Write> Write for Printable<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_text(buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        // Held bytes stay held: the rest of their character is still to come.
        self.inner.flush()
    }
}

/// Text made row by row and handed to a writer in chunks of about 64 kB: few calls through
/// the output's filter, a first chunk out early (a reader that left is noticed after one), and
/// never more than a chunk held.
pub struct Chunked<'a> {
    out: &'a mut dyn Write,
    /// The rows not yet handed on; renderers write into it.
    pub buf: String,
}

impl<'a> Chunked<'a> {
    const CHUNK: usize = 1 << 16;

    pub fn new(out: &'a mut dyn Write) -> Chunked<'a> {
        Chunked {
            out,
            buf: String::with_capacity(Self::CHUNK + 1024),
        }
    }

    /// Hands the buffer on once it holds a chunk; call it after each row.
    pub fn row_done(&mut self) -> io::Result<()> {
        if self.buf.len() >= Self::CHUNK {
            self.hand_on()?;
        }
        Ok(())
    }

    /// Hands on what is left.
    pub fn finish(mut self) -> io::Result<()> {
        self.hand_on()
    }

    fn hand_on(&mut self) -> io::Result<()> {
        self.out.write_all(self.buf.as_bytes())?;
        self.buf.clear();
        Ok(())
    }
}

/// What a renderer writing to an `io::Write` writes, as a string (for tests and exports that
/// keep text in memory).
pub fn rendered(render: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> String {
    let mut bytes = Vec::new();
    render(&mut bytes).expect("writing to memory does not fail");
    String::from_utf8(bytes).expect("renderers write UTF-8")
}

/// A count and its noun, singular for one: "1 call", "2 calls", "2 replies", "1 frame". Every
/// counted noun in the program's sentences goes through here.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through_writer(chunks: &[&[u8]]) -> String {
        let mut w = Printable::new(Vec::new());
        for c in chunks {
            w.write_all(c).unwrap();
        }
        String::from_utf8(w.into_inner().unwrap()).unwrap()
    }

    #[test]
    fn controls_are_escaped_and_text_is_kept() {
        assert_eq!(printable("a\u{1b}]0;t\u{7}b"), "a\\u001b]0;t\\u0007b");
        assert_eq!(printable("x\u{7f}\u{9b}\u{85}y"), "x\\u007f\\u009b\\u0085y");
        assert_eq!(printable("l1\n\tl2\r"), "l1\n\tl2\\r");
        assert_eq!(one_line("l1\n\tl2\u{0}"), "l1\\n\\tl2\\u0000");
        // Not controls: Latin-1 letters, the symbols of the views, U+00A0.
        assert!(matches!(printable("é ▲ ∞ α\u{a0}"), Cow::Borrowed(_)));
    }

    #[test]
    fn the_writer_agrees_with_printable_at_any_split() {
        let text = "ab\u{1b}[31m é\u{9b}c\u{85}\u{c2}\u{a0}\n\t\u{7f}∞\u{80}";
        let expected = printable(text).into_owned();
        let bytes = text.as_bytes();
        for a in 0..=bytes.len() {
            for b in a..=bytes.len() {
                let got = through_writer(&[&bytes[..a], &bytes[a..b], &bytes[b..]]);
                assert_eq!(got, expected, "split at {a}, {b}");
            }
        }
    }

    #[test]
    fn separators_and_bidirectional_marks_are_control_text() {
        let text = "a\u{2028}b\u{2029}c\u{202e}d\u{2066}e\u{200f}f\u{61c}g\u{85}h";
        let want = "a\\u2028b\\u2029c\\u202ed\\u2066e\\u200ff\\u061cg\\u0085h";
        assert_eq!(printable(text), want);
        assert_eq!(one_line(text), want);
        // Spelling, not layout: joiners (emoji, Persian), variation selectors, CJK, marks,
        // and the other characters whose UTF-8 starts like the escaped ones (‐ €, ؠ).
        for kept in [
            "👩\u{200d}💻",
            "می\u{200c}خواهم",
            "☺\u{fe0f}",
            "漢字",
            "e\u{301}",
            "‐€ؠ",
        ] {
            assert!(matches!(printable(kept), Cow::Borrowed(_)), "{kept}");
        }
    }

    #[test]
    fn the_writer_escapes_separators_at_any_split() {
        let text = "x\u{2028}y\u{202e}‐€\u{61c}ؠ\u{2069}漢\u{2029}";
        let expected = printable(text).into_owned();
        assert_eq!(expected, "x\\u2028y\\u202e‐€\\u061cؠ\\u2069漢\\u2029");
        let bytes = text.as_bytes();
        for a in 0..=bytes.len() {
            for b in a..=bytes.len() {
                let got = through_writer(&[&bytes[..a], &bytes[a..b], &bytes[b..]]);
                assert_eq!(got, expected, "split at {a}, {b}");
            }
        }
    }

    #[test]
    fn the_writer_passes_bytes_that_are_not_utf8() {
        let mut w = Printable::new(Vec::new());
        w.write_all(&[0xE2, b'a', 0xD8]).unwrap();
        w.write_all(&[b'b', 0xE2, 0x80]).unwrap();
        assert_eq!(
            w.into_inner().unwrap(),
            [0xE2, b'a', 0xD8, b'b', 0xE2, 0x80]
        );
    }

    #[test]
    fn widths_count_terminal_columns() {
        // East Asian Wide ideographs and emoji take two columns, a combining mark none.
        assert_eq!(width("漢字"), 4);
        assert_eq!(width("🐉"), 2);
        assert_eq!(width("e\u{301}"), 1);
        assert_eq!(width("node"), 4);
        assert_eq!(pad("漢", 4), "漢  ");
        assert_eq!(pad("漢字王", 4), "漢字王");
        assert_eq!(pad("e\u{301}", 3), "e\u{301}  ");
        assert_eq!(tail_within("ab漢字", 3), "字");
        assert_eq!(tail_within("ab漢字", 5), "b漢字");
        assert_eq!(tail_within("ab", 9), "ab");
    }

    #[test]
    fn long_values_are_cut() {
        let digits = "9".repeat(100);
        assert_eq!(cut(&digits), format!("{}…", "9".repeat(40)));
        assert_eq!(cut("short"), "short");
        let message = format!("invalid value '{digits}{digits}' for '--window'");
        assert_eq!(
            cut_words(&message),
            format!("invalid value '{}… for '--window'", "9".repeat(39))
        );
    }
}
