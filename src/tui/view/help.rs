//! The help window, two pages (Tab): every key binding from the binding table, in as many
//! columns as the height needs (two at 80×24), and the legend of the screen's marks from
//! `legend`, scrolled when it does not fit.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use super::fit;
use super::scroll::{ScrollText, Shown};
use crate::tui::keys::KeyHelp;
use crate::tui::layout::centered;
use crate::tui::theme::Theme;
use crate::tui::{keys, legend};

/// Which page of the help window is open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    #[default]
    Keys,
    Legend,
}

impl Page {
    pub fn other(self) -> Page {
        match self {
            Page::Keys => Page::Legend,
            Page::Legend => Page::Keys,
        }
    }
}

/// The rows of `page` (the keys page with the key lists `sections` under the bindings, then
/// the rows `extra`).
pub fn page_len(page: Page, sections: &[(&str, &[KeyHelp])], extra: &[(String, String)]) -> usize {
    match page {
        Page::Keys => keys::help_lines_with(sections).len() + extra.len(),
        Page::Legend => legend::rows().len(),
    }
}

/// Draws `page` scrolled by `scroll`; the keys page lists the key lists `sections` (the
/// layers on screen) under the bindings.
pub fn draw(
    theme: Theme,
    page: Page,
    sections: &[(&str, &[KeyHelp])],
    extra: &[(String, String)],
    scroll: usize,
    area: Rect,
    buf: &mut Buffer,
) -> Shown {
    match page {
        Page::Keys => {
            draw_keys(theme, sections, extra, scroll, area, buf);
            Shown::default()
        }
        Page::Legend => draw_legend(theme, scroll, area, buf),
    }
}

fn draw_legend(theme: Theme, scroll: usize, area: Rect, buf: &mut Buffer) -> Shown {
    let rows = legend::rows();
    let glyph_w = rows
        .iter()
        .map(|(g, _)| g.chars().count())
        .max()
        .unwrap_or(1);
    let lines: Vec<Line> = rows
        .into_iter()
        .map(|(g, meaning)| {
            if g.is_empty() {
                Line::styled(meaning, theme.header())
            } else {
                // The mark in a column of its own (no-break spaces: wrapping keeps them), the
                // meaning beside it as prose.
                let pad = "\u{a0}".repeat(glyph_w - g.chars().count());
                Line::from(vec![
                    Span::styled(format!("\u{a0}{g}{pad}"), theme.current()),
                    Span::styled(meaning, theme.done()),
                ])
            }
        })
        .collect();
    let w = area.width.min(84);
    let h = area.height.min(lines.len() as u16 + 2);
    let popup = centered(area, w, h);
    Clear.render(popup, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Legend · Tab: keys · ↑↓ PgUp PgDn scroll · ? or Esc closes ")
        .border_style(theme.block());
    let inner = block.inner(popup);
    block.render(popup, buf);
    ScrollText::new(&lines)
        .offset(scroll)
        .key("↑↓")
        .cue_style(theme.changed())
        .render(inner, buf)
}

fn draw_keys(
    theme: Theme,
    sections: &[(&str, &[KeyHelp])],
    extra: &[(String, String)],
    scroll: usize,
    area: Rect,
    buf: &mut Buffer,
) {
    let mut lines = keys::help_lines_with(sections);
    lines.extend_from_slice(extra);
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
        .title(" Keys · Tab: legend of the marks · ? or Esc closes ")
        .border_style(theme.block());
    let inner = block.inner(popup);
    block.render(popup, buf);
    // Two columns; when the bindings need more rows than the window has, the list scrolls
    // (↑↓ PgUp PgDn) under a cue on the last row, so no binding is cut or hidden unsaid.
    let rows = (inner.height as usize).max(1);
    let (top, page, cue) = if lines.len() <= 2 * rows || rows < 2 {
        (0, lines.len(), None)
    } else {
        let page = 2 * (rows - 1);
        let top = scroll.min(lines.len() - page);
        let below = lines.len() - top - page;
        let cue = match (top, below) {
            (0, n) => format!("↓ {n} more (↓ PgDn)"),
            (t, 0) => format!("↑ {t} above (↑ PgUp)"),
            (t, n) => format!("↑ {t} above · ↓ {n} more"),
        };
        (top, page, Some(cue))
    };
    let shown = &lines[top..top + page];
    let half = shown.len().div_ceil(2).max(1);
    let col_w = inner.width / 2;
    for (i, (k, help)) in shown.iter().enumerate() {
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
        fit::put(buf, x, y, &text, col_w.saturating_sub(1), theme.done());
    }
    if let Some(cue) = cue {
        let y = inner.bottom().saturating_sub(1);
        buf.set_stringn(inner.x, y, cue, inner.width as usize, theme.faint());
    }
}
