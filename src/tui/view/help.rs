//! The help window: every key binding from the binding table, in as many columns as the
//! height needs (two at 80×24).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::tui::keys;
use crate::tui::layout::centered;
use crate::tui::theme::Theme;

pub fn draw(theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = keys::help_lines();
    let w = area.width.min(84);
    let h = area.height.min(lines.len() as u16 / 2 + 4);
    // Two columns must fit; when they would not, the group headings make way for bindings.
    if lines.len() > 2 * h.saturating_sub(2) as usize {
        lines.retain(|(k, _)| !k.is_empty());
    }
    let popup = centered(area, w, h);
    Clear.render(popup, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Keys (? or Esc to close) · click a node for details ")
        .border_style(theme.block());
    let inner = block.inner(popup);
    block.render(popup, buf);
    // As many columns as the height needs (two at 80×24).
    let rows = (inner.height as usize).max(1);
    let cols = lines.len().div_ceil(rows).max(2);
    let half = lines.len().div_ceil(cols);
    let col_w = inner.width / cols as u16;
    for (i, (k, help)) in lines.iter().enumerate() {
        let (col, row) = (i / half, i % half);
        let y = inner.y + row as u16;
        if y >= inner.bottom() {
            continue;
        }
        let x = inner.x + col as u16 * col_w;
        let text = if k.is_empty() {
            help.clone()
        } else {
            format!("{k:>7} {help}")
        };
        buf.set_stringn(x, y, text, col_w.saturating_sub(1) as usize, theme.done());
    }
}
