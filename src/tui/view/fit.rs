//! Fitting a row to its columns: a row too wide for its pane is cut one column short and ends
//! with the cue `…`, so nothing on a pane row is ever cut silently. Rows that are prose wrap
//! instead (`scroll`); rows that are columns (the stack, the table, titles) go through here.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// What ends a row that was cut.
pub const CUE: &str = "…";

/// The columns `s` takes on screen.
pub fn width(s: &str) -> usize {
    Span::raw(s).width()
}

/// `line` as it fits `width` columns: unchanged when it fits, else cut one column short of
/// `width` (by display width) and ended with the cue, each kept piece in its own style.
pub fn clip(line: &Line, width: usize) -> Line<'static> {
    let spans: Vec<Span<'static>> = line
        .spans
        .iter()
        .map(|s| Span::styled(s.content.to_string(), line.style.patch(s.style)))
        .collect();
    if line.width() <= width {
        return Line::from(spans);
    }
    let room = width.saturating_sub(1);
    let mut out = Vec::new();
    let mut used = 0;
    let mut last = Style::default();
    'spans: for s in spans {
        last = s.style;
        let mut piece = String::new();
        for c in s.content.chars() {
            let cw = width_of(c);
            if used + cw > room {
                out.push(Span::styled(piece, s.style));
                break 'spans;
            }
            used += cw;
            piece.push(c);
        }
        out.push(Span::styled(piece, s.style));
    }
    if width > 0 {
        out.push(Span::styled(CUE, last));
    }
    Line::from(out)
}

fn width_of(c: char) -> usize {
    let mut b = [0u8; 4];
    width(c.encode_utf8(&mut b))
}

/// `text` as it fits `width` columns (see `clip`).
pub fn clip_str(text: &str, width: usize) -> String {
    clip(&Line::raw(text.to_string()), width)
        .spans
        .iter()
        .map(|s| s.content.as_ref())
        .collect()
}

/// The first of `variants` (longest first) that fits `width` columns, else the last one cut
/// with the cue.
pub fn first_fit<I: IntoIterator<Item = String>>(variants: I, width: usize) -> String {
    let mut last = String::new();
    for v in variants {
        if self::width(&v) <= width {
            return v;
        }
        last = v;
    }
    clip_str(&last, width)
}

/// Whether `area` is under the `min` (width, height) a screen of its own is drawn at; if so,
/// it says so over `area`, wrapped, with the size it is.
pub fn too_small(area: Rect, (min_w, min_h): (u16, u16), buf: &mut Buffer) -> bool {
    use ratatui::widgets::{Paragraph, Widget};
    if area.width >= min_w && area.height >= min_h {
        return false;
    }
    let ask = format!(
        "make the terminal at least {min_w}×{min_h} (it is {}×{})",
        area.width, area.height
    );
    let text = crate::practice::render::wrap(&ask, area.width.max(1) as usize);
    Paragraph::new(text).render(area, buf);
    true
}

/// Writes `text` at (x, y) in `width` columns, cut with the cue when it does not fit.
pub fn put(buf: &mut Buffer, x: u16, y: u16, text: &str, width: u16, style: Style) {
    put_line(buf, x, y, &Line::styled(text.to_string(), style), width);
}

/// Writes `line` at (x, y) in `width` columns, cut with the cue when it does not fit.
pub fn put_line(buf: &mut Buffer, x: u16, y: u16, line: &Line, width: u16) {
    let shown = clip(line, width as usize);
    buf.set_line(x, y, &shown, width);
    WRITES.with(|w| {
        if let Some(log) = w.borrow_mut().as_mut() {
            let text = |l: &Line| l.spans.iter().map(|s| s.content.as_ref()).collect();
            log.push(Write {
                x,
                y,
                width,
                text: text(line),
                shown: text(&shown),
            });
        }
    });
}

/// One row written through `put` or `put_line`, as `record` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Write {
    pub x: u16,
    pub y: u16,
    pub width: u16,
    /// The row meant to be shown.
    pub text: String,
    /// What was shown: `text`, or its start and the cue.
    pub shown: String,
}

thread_local! {
    static WRITES: std::cell::RefCell<Option<Vec<Write>>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` and reports every row it wrote through this module (the tests' view of which
/// rows were fitted, and how).
pub fn record<R>(f: impl FnOnce() -> R) -> (R, Vec<Write>) {
    WRITES.with(|w| *w.borrow_mut() = Some(Vec::new()));
    let out = f();
    let log = WRITES.with(|w| w.borrow_mut().take()).unwrap_or_default();
    (out, log)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_that_fits_is_kept_and_one_that_does_not_ends_with_the_cue() {
        assert_eq!(clip_str("abc", 3), "abc");
        assert_eq!(clip_str("abcd", 3), "ab…");
        // By display width: a wide character is not split.
        assert_eq!(clip_str("a漢字", 4), "a漢…");
        assert_eq!(first_fit(["long one".into(), "short".into()], 6), "short");
        assert_eq!(first_fit(["long one".into(), "longer".into()], 4), "lon…");
    }
}
