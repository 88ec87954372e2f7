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

/// The box `app`'s run's board needs, framed (`None`: its start position has no board).
/// A board of three columns (tic-tac-toe) draws each cell three wide, so the played one can
/// be bracketed; a wider one (Connect Four) two wide, the played one in colour. The box is
/// at least wide enough for the games' notes (at most 12 characters).
pub fn size(app: &App) -> Option<(u16, u16)> {
    let header = &app.replay.rec.trace.header;
    let info = header
        .catalog
        .get(header.start)
        .filter(|s| !s.board.is_empty())?;
    let (cols, rows) = (
        info.board[0].chars().count() as u16,
        info.board.len() as u16,
    );
    Some(pane_size(cols, rows))
}

/// Whether `app`'s run has a board to show.
pub fn shown(app: &App) -> bool {
    size(app).is_some()
}

/// Columns a row of `cols` cells takes.
fn inner_width(cols: u16) -> u16 {
    if cols <= 3 { 3 * cols } else { 2 * cols + 1 }
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
    pane(&board, played, &info.board_note, app.theme, rect, buf);
}

/// The box a board of `cols` × `rows` cells needs, framed (what `size` gives a run's board).
pub fn pane_size(cols: u16, rows: u16) -> (u16, u16) {
    (inner_width(cols).max(12) + 2, rows + 2)
}

/// Draws a board (its cells row by row from the top, the cell last played, the game's note
/// under it) framed into `rect`: the tutor's pane, and `prune play`'s.
pub fn pane(
    board: &[Vec<char>],
    played: Option<(usize, usize)>,
    note: &str,
    theme: crate::tui::theme::Theme,
    rect: Rect,
    buf: &mut Buffer,
) {
    let width = board.first().map_or(0, Vec::len);
    let wide = width > 3;
    let rows: Vec<Line> = (board.iter().enumerate())
        .map(|(r, row)| {
            let spans: Vec<Span> = (row.iter().enumerate())
                .map(|(c, &x)| match (played == Some((r, c)), wide) {
                    (true, false) => Span::styled(format!("[{x}]"), theme.current()),
                    (false, false) => Span::raw(format!(" {x} ")),
                    (true, true) => Span::styled(format!(" {x}"), theme.current()),
                    (false, true) => Span::raw(format!(" {x}")),
                })
                .collect();
            Line::from(spans)
        })
        .collect();
    // Three columns: a square numbered row by row, as tic-tac-toe numbers its moves; wider:
    // the column the stone fell in, counted from 1 as Connect Four names its moves.
    let title = match played {
        Some((_, c)) if wide => format!(" Board col {} ", c + 1),
        Some((r, c)) => format!(" Board sq {} ", r * width + c),
        None => " Board ".to_string(),
    };
    Clear.render(rect, buf);
    Paragraph::new(rows)
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(title)
                .title_bottom(format!(" {} ", crate::text::one_line(note))),
        )
        .render(rect, buf);
}
