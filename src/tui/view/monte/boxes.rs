//! Presenter mode's Monte Carlo tree: the tree pane's rows (`tree::rows_within`), each node a
//! box a room can read from the back (the move into it and its number on the border, its
//! visits and wins inside in bold), indented by depth. The box of the node the step acts on
//! is double-lined, those on the iteration's path thick, as presenter mode draws the calls of
//! a search. The rows scroll around the current node as the pane's do.
//!
//! ```text
//!  MCTS tree · N U/N · most visited first ─────
//! ┌ root #0 ──────┐
//! │ N 12  7.5/12  │
//! └───────────────┘
//!    ┏ ›second #2 ━━┓
//!    ┃ N 8  5/8     ┃
//!    ┗━━━━━━━━━━━━━━┛
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{Block, BorderType, Borders, Widget};

use super::tree::{Item, first_row, rows_within};
use crate::index::monte::wins_compact;
use crate::replay::Replay;
use crate::tui::monte;
use crate::tui::theme::Theme;
use crate::tui::view::fit;

/// Rows a node's box takes.
pub const BOX_ROWS: u16 = 3;
/// Columns a level of the tree is indented by.
const INDENT: u16 = 3;

/// Draws the tree into `area` (its title rule included), one box per node; `scroll` moves the
/// rows from their place around the current node.
pub fn draw(r: &Replay, step: usize, scroll: i32, theme: Theme, area: Rect, buf: &mut Buffer) {
    let path = monte::iteration_path(r, step);
    let current = monte::current(r, step);
    let body = Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    };
    let fit_rows = (body.height / BOX_ROWS) as usize;
    let rows = rows_within(r, step, &path, fit_rows);
    let focus = rows
        .iter()
        .position(|row| row.item == Item::Node(current))
        .unwrap_or(0);
    let top = first_row(rows.len(), fit_rows, focus, scroll);
    let shown_to = (top + fit_rows).min(rows.len());
    let place = if rows.len() > fit_rows {
        format!(" · nodes {}-{shown_to}/{} (PgUp/PgDn)", top + 1, rows.len())
    } else {
        String::new()
    };
    let title = fit::first_fit(
        [
            format!(" MCTS tree · move #node, N U/N · most visited first{place} "),
            format!(" MCTS tree{place} "),
        ],
        area.width as usize,
    );
    theme.top_block(title).render(area, buf);
    let monte_index = &r.index().monte;
    for (k, row) in rows[top..shown_to].iter().enumerate() {
        let y = body.y + k as u16 * BOX_ROWS;
        let x = body.x + (row.depth * INDENT).min(body.width / 2);
        let room = body.right().saturating_sub(x);
        match row.item {
            Item::Node(id) => {
                let c = monte_index.counts(id, step);
                let wins = wins_compact(c.u, monte_index.per_win());
                let inside = format!(" N {}  {wins}/{} ", c.n, c.n);
                let (border, style) = if id == current {
                    (BorderType::Double, theme.current())
                } else if path.contains(&id) {
                    (BorderType::Thick, theme.path())
                } else {
                    (BorderType::Plain, Style::default())
                };
                let mark = if id == current {
                    "▶"
                } else if path.contains(&id) {
                    "›"
                } else {
                    ""
                };
                let head = format!(" {mark}{} #{id} ", monte::move_into(r, id));
                let want = head.chars().count().max(inside.chars().count()) as u16 + 2;
                let at = Rect::new(x, y, want.min(room), BOX_ROWS);
                Block::default()
                    .borders(Borders::ALL)
                    .border_type(border)
                    .border_style(style)
                    .title(head)
                    .render(at, buf);
                let bold = style.add_modifier(Modifier::BOLD);
                let inner = at.width.saturating_sub(2) as usize;
                buf.set_stringn(at.x + 1, y + 1, &inside, inner, bold);
            }
            Item::More { count, visits } => {
                let text = format!(" … {count} more ({visits} visits)");
                buf.set_stringn(x, y + 1, &text, room as usize, theme.faint());
            }
        }
    }
}
