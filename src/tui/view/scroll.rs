//! A block of text that wraps to its width, scrolls, and says so when it is cut: the one way
//! every pane shows more text than it has rows for. The wrapping is done here rather than by
//! ratatui's `Paragraph`, so that what is counted (`height`, `Shown`) is exactly what is drawn.
//!
//! ```ignore
//! let text = scroll::ScrollText::new(&lines).offset(app.narration_scroll).key("n");
//! let shown = text.render(area, buf); // shown.fits(): everything is on screen
//! ```
//!
//! When the text does not fit, one row (the last of the area, or `cue_at`) reads
//! `↓ 4 more lines (n)` (and `↑ 2 above` once scrolled), so nothing is ever cut silently.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

pub use crate::tui::layout::scroll::{Shown, layout};

/// A text block to draw: logical lines (each wraps onto one or more rows), the first row to
/// show, the key that scrolls it, and where its cue goes.
pub struct ScrollText<'a> {
    lines: &'a [Line<'a>],
    offset: usize,
    key: &'a str,
    cue_style: Style,
    cue_at: Option<Rect>,
}

impl<'a> ScrollText<'a> {
    pub fn new(lines: &'a [Line<'a>]) -> Self {
        ScrollText {
            lines,
            offset: 0,
            key: "",
            cue_style: Style::default(),
            cue_at: None,
        }
    }
    /// The first wrapped row to show (clamped so the last page is full).
    pub fn offset(mut self, offset: usize) -> Self {
        self.offset = offset;
        self
    }
    /// The key the cue names, e.g. `"n"` or `"↓"`.
    pub fn key(mut self, key: &'a str) -> Self {
        self.key = key;
        self
    }
    pub fn cue_style(mut self, style: Style) -> Self {
        self.cue_style = style;
        self
    }
    /// Draw the cue right-aligned on this row (e.g. the pane's border) instead of taking the
    /// area's last row for it.
    pub fn cue_at(mut self, row: Rect) -> Self {
        self.cue_at = Some(row);
        self
    }

    /// What `render` into `area` would show, without drawing.
    pub fn measure(&self, area: Rect) -> Shown {
        let total = height(self.lines, area.width);
        layout(
            total,
            area.height as usize,
            self.offset,
            self.cue_at.is_some(),
        )
    }

    pub fn render(&self, area: Rect, buf: &mut Buffer) -> Shown {
        if area.width == 0 || area.height == 0 {
            return Shown {
                total: height(self.lines, area.width.max(1)),
                ..Shown::default()
            };
        }
        let rows = wrap(self.lines, area.width);
        let shown = layout(
            rows.len(),
            area.height as usize,
            self.offset,
            self.cue_at.is_some(),
        );
        for (i, row) in rows.iter().skip(shown.first).take(shown.rows).enumerate() {
            buf.set_line(area.x, area.y + i as u16, row, area.width);
        }
        let cue = shown.cue(self.key);
        if !cue.is_empty() {
            // On a border row, the corner stays.
            let (row, margin) = match self.cue_at {
                Some(r) => (r, 1),
                None => (
                    Rect::new(area.x, area.y + area.height - 1, area.width, 1),
                    0,
                ),
            };
            let text = format!(" {cue} ");
            let room = row.width.saturating_sub(margin);
            let w = (Span::raw(text.as_str()).width() as u16).min(room);
            buf.set_stringn(row.x + room - w, row.y, text, w as usize, self.cue_style);
        }
        shown
    }
}

/// The number of rows `lines` take wrapped to `width`.
pub fn height(lines: &[Line], width: u16) -> usize {
    wrap(lines, width).len()
}

/// `lines` wrapped to `width` columns at spaces (runs of spaces collapse, as in prose; a word
/// longer than the width is broken), keeping each span's style. An empty line stays one row.
pub fn wrap(lines: &[Line], width: u16) -> Vec<Line<'static>> {
    let width = width.max(1) as usize;
    let mut out = Vec::new();
    for line in lines {
        let mut row: Vec<Span<'static>> = Vec::new();
        let mut w = 0usize;
        let rows_before = out.len();
        for span in &line.spans {
            let style = line.style.patch(span.style);
            for word in span.content.split(' ').filter(|s| !s.is_empty()) {
                let ww = Span::raw(word).width();
                if w > 0 && w + 1 + ww <= width {
                    row.push(Span::styled(" ", style));
                    row.push(Span::styled(word.to_string(), style));
                    w += 1 + ww;
                    continue;
                }
                if w > 0 {
                    out.push(Line::from(std::mem::take(&mut row)));
                }
                if ww <= width {
                    row.push(Span::styled(word.to_string(), style));
                    w = ww;
                    continue;
                }
                // Too long for any row: break it where the width runs out.
                let mut piece = String::new();
                let mut pw = 0;
                for c in word.chars() {
                    let cw = Span::raw(c.to_string()).width();
                    if pw + cw > width && pw > 0 {
                        out.push(Line::from(Span::styled(std::mem::take(&mut piece), style)));
                        pw = 0;
                    }
                    piece.push(c);
                    pw += cw;
                }
                row.push(Span::styled(piece, style));
                w = pw;
            }
        }
        if w > 0 || out.len() == rows_before {
            out.push(Line::from(std::mem::take(&mut row)));
        }
    }
    out
}

/// The plain text of wrapped rows, one string per row (for tests and measuring).
pub fn plain(rows: &[Line]) -> Vec<String> {
    rows.iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_spaces_and_breaks_long_words() {
        let lines = [
            Line::from("one two three"),
            Line::from(""),
            Line::from("abcdefgh"),
        ];
        let rows = plain(&wrap(&lines, 7));
        assert_eq!(rows, ["one two", "three", "", "abcdefg", "h"]);
    }

    #[test]
    fn a_cut_text_names_what_is_left_and_the_key() {
        let lines: Vec<Line> = (0..5).map(|i| Line::from(format!("row {i}"))).collect();
        let mut buf = Buffer::empty(Rect::new(0, 0, 30, 3));
        let shown = ScrollText::new(&lines).key("n").render(buf.area, &mut buf);
        assert_eq!((shown.first, shown.rows, shown.below()), (0, 2, 3));
        assert!(!shown.fits());
        let last: String = (0..30).map(|x| buf[(x, 2)].symbol().to_string()).collect();
        assert!(last.contains("↓ 3 more lines (n)"), "{last}");
        // Scrolled past the end, the last page shows and the cue says what is above.
        let shown = ScrollText::new(&lines)
            .offset(99)
            .render(buf.area, &mut buf);
        assert_eq!((shown.first, shown.below(), shown.above()), (3, 0, 3));
    }

    #[test]
    fn a_text_that_fits_has_no_cue() {
        let lines = [Line::from("short")];
        let shown = ScrollText::new(&lines).measure(Rect::new(0, 0, 10, 2));
        assert!(shown.fits());
        assert_eq!(shown.cue("n"), "");
    }
}
