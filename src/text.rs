//! The one printable-text rule for everything prune writes to a terminal or a text file.
//!
//! Lesson titles, labels, set files and answer files are written by other people; a control
//! character in them must not reach a terminal, where `ESC ] 0 ;` sets the window title and
//! `ESC ] 52 ;` writes the clipboard. A control character is one of Unicode's `Cc` category:
//! C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F). Each is shown escaped as JSON
//! writes it: `\n`, `\t`, `\r`, or `\u001b`. The JSON form keeps JSON output valid: serde_json
//! escapes C0 itself but writes DEL and C1 raw, and in a JSON document they can only stand
//! inside a string, where `\u009b` means the same character.
//!
//! - `printable`: text for a document (newline and tab keep their meaning).
//! - `one_line`: text inside one line, such as an error message or a table cell.
//! - `Printable`: a writer that applies `printable` to a stream (all of a command's stdout).
//! - `cut`: a value echoed in a message, shortened to a prefix and "…".

use std::borrow::Cow;
use std::io::{self, Write};

/// `c` escaped, when a terminal would act on it instead of showing it.
fn escaped(c: char, keep_layout: bool) -> Option<String> {
    match c {
        '\n' | '\t' if keep_layout => None,
        '\n' => Some("\\n".into()),
        '\t' => Some("\\t".into()),
        '\r' => Some("\\r".into()),
        c if c.is_control() => Some(format!("\\u{:04x}", c as u32)),
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

/// A writer that passes text through `printable`. It works on the bytes of UTF-8 text: C0 and
/// DEL are single bytes, and a C1 character is 0xC2 followed by 0x80–0x9F, so only a 0xC2 at
/// the end of one write waits for the next.
pub struct Printable<W: Write> {
    inner: W,
    /// A 0xC2 seen last, whose character is not complete yet.
    pending_c2: bool,
}

impl<W: Write> Printable<W> {
    pub fn new(inner: W) -> Printable<W> {
        Printable {
            inner,
            pending_c2: false,
        }
    }

    /// The inner writer, after writing a byte still held (only text that was not UTF-8 ends
    /// with one).
    pub fn into_inner(mut self) -> io::Result<W> {
        if std::mem::take(&mut self.pending_c2) {
            self.inner.write_all(&[0xC2])?;
        }
        Ok(self.inner)
    }

    fn write_text(&mut self, buf: &[u8]) -> io::Result<()> {
        let mut rest = buf;
        if std::mem::take(&mut self.pending_c2) {
            match rest.first() {
                Some(&b @ 0x80..=0x9F) => {
                    write!(self.inner, "\\u{b:04x}")?;
                    rest = &rest[1..];
                }
                _ => self.inner.write_all(&[0xC2])?,
            }
        }
        while let Some(at) = rest.iter().position(|&b| needs_care(b)) {
            self.inner.write_all(&rest[..at])?;
            let b = rest[at];
            rest = &rest[at + 1..];
            if b != 0xC2 {
                let e = escaped(b as char, true).expect("a C0 or DEL byte");
                self.inner.write_all(e.as_bytes())?;
            } else if let Some(&next @ 0x80..=0x9F) = rest.first() {
                write!(self.inner, "\\u{next:04x}")?;
                rest = &rest[1..];
            } else if rest.is_empty() {
                self.pending_c2 = true;
            } else {
                self.inner.write_all(&[0xC2])?;
            }
        }
        self.inner.write_all(rest)
    }
}

/// A byte that may start a control character (C0 but newline and tab, DEL, a C1's 0xC2).
fn needs_care(b: u8) -> bool {
    (b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7F || b == 0xC2
}

impl<W: Write> Write for Printable<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_text(buf)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        // A held 0xC2 stays held: the rest of its character is still to come.
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
