//! The tic-tac-toe board of the focused node (the selected one, else the current call), in its
//! own region at the right of the tree region (`layout::Regions::board`, the tree beside it),
//! with the move that led to it in brackets.
//!
//! ```text
//! ┌ Board sq 7 ┐
//! │  X  O  X   │
//! │  .  O  .   │
//! │  . [X] .   │
//! └ O to move ─┘
//! ```
//!
//! The board is read from the trace's catalog (the game draws each position's board when the
//! run records it: rows of cells and whose turn it is), and the move from the cell that
//! differs from the parent's board, so the view needs no game, knows no game by name, and
//! shows only what the run recorded.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use crate::index::NONE;
use crate::trace::StateInfo;
use crate::tui::app::App;

/// Whether `app`'s run has a board to show (its start position has one).
pub fn shown(app: &App) -> bool {
    let header = &app.replay.rec.trace.header;
    header
        .catalog
        .get(header.start)
        .is_some_and(|s| !s.board.is_empty())
}

/// A board's cells, row by row.
fn cells(info: &StateInfo) -> Vec<Vec<char>> {
    info.board.iter().map(|r| r.chars().collect()).collect()
}

/// Draws the board into `rect` (the board region).
pub fn draw(app: &App, rect: Rect, buf: &mut Buffer) {
    if !shown(app) {
        return;
    }
    let header = &app.replay.rec.trace.header;
    let node = app
        .focus()
        .map(|n| app.replay.tree().get(n))
        .map_or((header.start, NONE), |n| (n.state, n.parent));
    let catalog = &header.catalog;
    let Some(info) = catalog.get(node.0).filter(|s| !s.board.is_empty()) else {
        return;
    };
    let board = cells(info);
    let parent = (node.1 != NONE)
        .then(|| app.replay.tree().get(node.1).state)
        .and_then(|s| catalog.get(s))
        .map(cells);
    // The cell the parent's board had empty and this one has not.
    let played = parent.and_then(|p| {
        (board.iter().enumerate()).find_map(|(r, row)| {
            (row.iter().enumerate())
                .find(|&(c, &x)| x != '.' && p.get(r).and_then(|pr| pr.get(c)) == Some(&'.'))
                .map(|(c, _)| (r, c))
        })
    });
    let width = board.first().map_or(0, Vec::len);
    let theme = app.theme;
    let rows: Vec<Line> = (board.iter().enumerate())
        .map(|(r, row)| {
            let spans: Vec<Span> = (row.iter().enumerate())
                .map(|(c, &x)| {
                    if played == Some((r, c)) {
                        Span::styled(format!("[{x}]"), theme.current())
                    } else {
                        Span::raw(format!(" {x} "))
                    }
                })
                .collect();
            Line::from(spans)
        })
        .collect();
    // A square numbered row by row, as the game numbers its moves.
    let title = match played {
        Some((r, c)) => format!(" Board sq {} ", r * width + c),
        None => " Board ".to_string(),
    };
    Clear.render(rect, buf);
    Paragraph::new(rows)
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(title)
                .title_bottom(format!(" {} ", crate::text::one_line(&info.board_note))),
        )
        .render(rect, buf);
}
