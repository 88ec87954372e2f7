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
//! The board is read from the trace's catalog (a tic-tac-toe state's label is its board
//! text, "XOX/.O./.X."), and the move from the difference with the parent's board, so the
//! view needs no game and shows only what the run recorded.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use crate::game::model::GameSpec;
use crate::game::tictactoe;
use crate::index::NONE;
use crate::tui::app::App;

/// Whether `app`'s run has a board to show (a tic-tac-toe game).
pub fn shown(app: &App) -> bool {
    matches!(
        app.replay.rec.trace.header.game,
        Some(GameSpec::Tictactoe { .. })
    )
}

/// The 9 cells of a board label ("XOX/.O./..."), or `None` for any other label.
fn cells(label: &str) -> Option<[char; 9]> {
    let squares: Vec<char> = label.chars().filter(|&c| c != '/').collect();
    let cells: [char; 9] = squares.try_into().ok()?;
    cells
        .iter()
        .all(|c| matches!(c, 'X' | 'O' | '.'))
        .then_some(cells)
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
    let Some(board) = catalog.label(node.0).and_then(cells) else {
        return;
    };
    let parent = (node.1 != NONE)
        .then(|| app.replay.tree().get(node.1).state)
        .and_then(|s| catalog.label(s))
        .and_then(cells);
    // The square the parent's board did not have marked.
    let played = parent.and_then(|p| (0..9).find(|&sq| p[sq] == '.' && board[sq] != '.'));
    let theme = app.theme;
    let rows: Vec<Line> = (0..3)
        .map(|r| {
            let spans: Vec<Span> = (0..3)
                .map(|c| {
                    let sq = r * 3 + c;
                    if played == Some(sq) {
                        Span::styled(format!("[{}]", board[sq]), theme.current())
                    } else {
                        Span::raw(format!(" {} ", board[sq]))
                    }
                })
                .collect();
            Line::from(spans)
        })
        .collect();
    let xs = board.iter().filter(|&&c| c == 'X').count();
    let os = board.iter().filter(|&&c| c == 'O').count();
    let title = match played {
        Some(sq) => format!(" Board sq {sq} "),
        None => " Board ".to_string(),
    };
    // Whose line it is, by the game's own rule.
    let mask = |p: char| {
        (0..9)
            .filter(|&sq| board[sq] == p)
            .fold(0u16, |m, sq| m | 1 << sq)
    };
    let line = |p: char| tictactoe::has_line(mask(p));
    let turn = if line('X') {
        " X won "
    } else if line('O') {
        " O won "
    } else if xs + os == 9 {
        " draw "
    } else if xs == os {
        " X to move "
    } else {
        " O to move "
    };
    Clear.render(rect, buf);
    Paragraph::new(rows)
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(title)
                .title_bottom(turn),
        )
        .render(rect, buf);
}
