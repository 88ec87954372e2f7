//! Large digits for presenter mode's indicator: three rows of box-drawing strokes per
//! character, readable from the back of a room. Only digits and `/` are drawn large; the
//! same numbers are on the indicator's text line, so a reader of the text loses nothing.

use ratatui::buffer::Buffer;
use ratatui::style::Style;

/// Each glyph's three rows, three columns wide.
fn glyph(c: char) -> Option<[&'static str; 3]> {
    Some(match c {
        '0' => ["┌─┐", "│ │", "└─┘"],
        '1' => ["  ╷", "  │", "  ╵"],
        '2' => ["╶─┐", "┌─┘", "└─╴"],
        '3' => ["╶─┐", " ─┤", "╶─┘"],
        '4' => ["╷ ╷", "└─┤", "  ╵"],
        '5' => ["┌─╴", "└─┐", "╶─┘"],
        '6' => ["┌─╴", "├─┐", "└─┘"],
        '7' => ["╶─┐", "  │", "  ╵"],
        '8' => ["┌─┐", "├─┤", "└─┘"],
        '9' => ["┌─┐", "└─┤", "╶─┘"],
        '/' => ["  ╱", " ╱ ", "╱  "],
        ' ' => ["   ", "   ", "   "],
        _ => return None,
    })
}

/// Whether every character of `text` has a large glyph.
pub fn drawable(text: &str) -> bool {
    text.chars().all(|c| glyph(c).is_some())
}

/// Columns `text` takes drawn large (a column between glyphs).
pub fn width(text: &str) -> u16 {
    let n = text.chars().count() as u16;
    (n * 4).saturating_sub(1)
}

/// Draws `text` large with its top-left corner at (x, y), clipped to `right`.
pub fn draw(text: &str, x: u16, y: u16, right: u16, style: Style, buf: &mut Buffer) {
    for (i, c) in text.chars().enumerate() {
        let Some(rows) = glyph(c) else { continue };
        let gx = x + i as u16 * 4;
        if gx + 3 > right {
            return;
        }
        for (dy, row) in rows.iter().enumerate() {
            buf.set_string(gx, y + dy as u16, row, style);
        }
    }
}
