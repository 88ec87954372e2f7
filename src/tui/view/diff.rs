//! The diff window of a comparison (`|`): a fixed strip of counter deltas (each run's own
//! counters, B − A), then the diff as `prune diff` prints it (its nodes first), scrolled with the shared
//! `ScrollText` (↓ ↑ PgDn PgUp Space); any other key closes it. When a run samples (Monte
//! Carlo), the window holds the two runs side by side at the root instead, as `prune diff`
//! prints them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::diff::{Diff, text};
use crate::tui::app::Compare;
use crate::tui::layout::centered;
use crate::tui::theme::Theme;
use crate::tui::view::scroll::{self, ScrollText, Shown};

/// Rows drawn per list of the diff (the rest are counted, and `prune diff` lists them).
const ROWS: usize = 300;

/// The strip: "nodes 12→13 +1 (+8.3 %) · evals 7→8 …", the whole runs' counters.
pub fn strip(d: &Diff) -> String {
    let parts: Vec<String> = d
        .counters
        .iter()
        .map(|c| format!("{} {}→{} {}", c.counter, c.a, c.b, c.change_text()))
        .collect();
    parts.join(" · ")
}

/// Draws the window over `area` for comparison `c` (A: the main run, B: `c`'s).
pub fn draw(c: &Compare, theme: Theme, area: Rect, buf: &mut Buffer) -> Shown {
    let popup = centered(
        area,
        area.width.saturating_sub(4).min(120),
        area.height.saturating_sub(2),
    );
    Clear.render(popup, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(
            " Diff · A this run · B {} (↓ PgDn scroll, other keys close) ",
            c.label
        ))
        .border_style(theme.block());
    let inner = block.inner(popup);
    block.render(popup, buf);
    if let Some(beside) = &c.diff.beside {
        // A run that samples: the two runs at the root, as `prune diff` prints them; its
        // table keeps its columns (rows are fitted, not wrapped as prose).
        let text = match beside {
            Ok(text) => text.clone(),
            Err(e) => format!("no diff: {e}"),
        };
        // Sentences wrap; a table row (columns set apart by runs of spaces) keeps its columns.
        let lines: Vec<Line> = (text.lines())
            .flat_map(|l| {
                let line = Line::from(l.to_string());
                if l.contains("  ") {
                    vec![line]
                } else {
                    scroll::wrap(&[line], inner.width)
                }
            })
            .collect();
        let key = (c.diff.scroll, "↑↓ PgUp PgDn");
        return super::monte::phase::rows(&lines, key, theme, inner, buf);
    }
    let body: Vec<Line> = match &c.diff.diff {
        Some(Ok(d)) => {
            let head = vec![Line::styled(strip(d), theme.highlight())];
            let rows = (scroll::height(&head, inner.width) as u16).min(inner.height / 2);
            let top = Rect::new(inner.x, inner.y, inner.width, rows);
            ScrollText::new(&head).render(top, buf);
            // The nodes first: the strip above already has the whole runs' counters.
            let body = text::nodes_within(d, ROWS) + "\n" + &text::runs(d) + &text::counters(d);
            let lines: Vec<Line> = body
                .trim_start()
                .lines()
                .map(|l| {
                    if !l.starts_with(' ') && l.ends_with(':') {
                        Line::styled(l.to_string(), theme.header())
                    } else {
                        Line::from(l.to_string())
                    }
                })
                .collect();
            let rest = Rect::new(
                inner.x,
                inner.y + rows,
                inner.width,
                inner.height.saturating_sub(rows),
            );
            return body_text(&lines, c.diff.scroll, theme, popup, rest, buf);
        }
        Some(Err(e)) => vec![Line::from(format!("no diff: {e}"))],
        None => vec![Line::from("no diff yet")],
    };
    body_text(&body, c.diff.scroll, theme, popup, inner, buf)
}

fn body_text(
    lines: &[Line],
    offset: usize,
    theme: Theme,
    popup: Rect,
    area: Rect,
    buf: &mut Buffer,
) -> Shown {
    let bottom = Rect::new(popup.x, popup.bottom().saturating_sub(1), popup.width, 1);
    ScrollText::new(lines)
        .offset(offset)
        .key("↑↓ PgUp PgDn")
        .cue_style(theme.changed())
        .cue_at(bottom)
        .render(area, buf)
}
