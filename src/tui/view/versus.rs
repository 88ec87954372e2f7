//! The `prune play connect4` screen: the board in the tutor's board pane with the column
//! numbers and the chosen column under it, what prune's last search found beside it, the
//! line saying what just happened, and the keys.
//!
//! ```text
//!  prune play connect4 · 7×6 · you X, prune O · stage 12, cap 1,000,000
//! ┌ Board col 4 ───┐  Prune's last move
//! │ . . . . . . .  │  prune played column 4: it solved to the end of the game;
//! │ . . . X . . .  │  score 1 from prune's side: prune wins with best play.
//! └ X to move ─────┘  explored 12,345 positions in 0.01 s
//!   1 2 3 4 5 6 7     t: open the tutor on this search
//!         ^
//!  your move
//!  1-7 drop · ← → Enter drop · t tutor · n new game · q quit
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use super::board;
use crate::game::Game;
use crate::practice::render::wrap;
use crate::run::reply::Reach;
use crate::tui::theme::Theme;
use crate::tui::versus::{Last, Versus};

/// The smallest screen the game is drawn on.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 16;

impl Widget for &Versus {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let theme = Theme::from_env();
        if super::fit::too_small(area, (MIN_WIDTH, MIN_HEIGHT), buf) {
            return;
        }
        Line::styled(title(self), theme.header())
            .render(Rect::new(area.x, area.y, area.width, 1), buf);
        let s = &self.settings;
        let (w, h) = board::pane_size(u16::from(s.width), u16::from(s.height));
        let pane = Rect::new(area.x, area.y + 2, w, h);
        draw_board(self, theme, pane, buf);
        let side_x = pane.right() + 2;
        let side = Rect::new(
            side_x,
            pane.y,
            area.right().saturating_sub(side_x + 1),
            area.height.saturating_sub(pane.y - area.y + 4),
        );
        let lines = match &self.last {
            Some(last) => last_move(last),
            None => vec!["prune has not moved yet.".to_string()],
        };
        let mut text = vec![Line::styled("Prune's last move", theme.header())];
        for l in lines {
            text.extend(
                wrap(&l, side.width.max(1) as usize)
                    .lines()
                    .map(|x| Line::raw(x.to_string())),
            );
        }
        Paragraph::new(text).render(side, buf);
        let bottom = area.bottom();
        let message = wrap(&self.message, area.width.saturating_sub(2).max(1) as usize);
        let message: Vec<&str> = message.lines().take(2).collect();
        for (i, m) in message.iter().enumerate() {
            let y = bottom - 1 - message.len() as u16 + i as u16;
            Line::styled(format!(" {m}"), theme.note())
                .render(Rect::new(area.x, y, area.width, 1), buf);
        }
        Line::styled(format!(" {}", keys(self)), theme.faint())
            .render(Rect::new(area.x, bottom - 1, area.width, 1), buf);
    }
}

fn title(v: &Versus) -> String {
    let s = &v.settings;
    let (you, prune) = if v.student_x { ("X", "O") } else { ("O", "X") };
    format!(
        " prune play connect4 · {}×{} · you {you}, prune {prune} · stage {}, cap {}",
        s.width,
        s.height,
        crate::run::reply::strongest().part,
        crate::size::group_digits(&s.cap.to_string())
    )
}

/// The board pane, the column numbers under it and a caret under the chosen column.
fn draw_board(v: &Versus, theme: Theme, pane: Rect, buf: &mut Buffer) {
    let game = v.game();
    let Some((rows, note)) = game.board(game.root) else {
        return;
    };
    let cells: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    // The last stone: the top one of the last column played.
    let played = v
        .moves
        .chars()
        .last()
        .and_then(|c| c.to_digit(10))
        .map(|c| {
            let c = c as usize - 1;
            let filled = cells.iter().filter(|row| row[c] != '.').count();
            (cells.len() - filled, c)
        });
    let note = if v.thinking {
        "prune thinks".to_string()
    } else {
        note
    };
    board::pane(&cells, played, &note, theme, pane, buf);
    let width = usize::from(v.settings.width);
    let numbers: String = (1..=width).map(|c| format!(" {c}")).collect();
    let caret = format!("{}^", " ".repeat(2 * usize::from(v.cursor) + 2));
    let x = pane.x + 1;
    let y = pane.bottom();
    Line::raw(numbers).render(Rect::new(x, y, pane.width, 1), buf);
    Line::styled(caret, theme.current()).render(Rect::new(x, y + 1, pane.width, 1), buf);
}

/// What prune's last search found, in sentences that claim no more than it proved.
fn last_move(last: &Last) -> Vec<String> {
    let r = &last.reply;
    let col = r.column + 1;
    let outcome = match (r.reach, r.score.signum()) {
        (Reach::Solved, 1) => "prune wins with best play",
        (Reach::Solved, -1) => "prune loses against best play",
        (Reach::Solved, _) => "a draw with best play",
        (Reach::Ahead(_), 1) => "prune wins within the look-ahead",
        (Reach::Ahead(_), -1) => "prune loses within the look-ahead",
        (Reach::Ahead(_), _) => "nothing proved within the look-ahead",
    };
    let group = |n: u64| crate::size::group_digits(&n.to_string());
    vec![
        format!("prune played column {col}: it {}.", r.reach.says()),
        format!("Score {} from prune's side: {outcome}.", r.score),
        format!(
            "Explored {} positions ({} with the checks of each column) in {:.2} s.",
            group(r.explored),
            group(r.in_all),
            last.seconds
        ),
        "t: open the tutor on this search.".to_string(),
    ]
}

fn keys(v: &Versus) -> String {
    let w = v.settings.width;
    let tutor = if v.last.is_some() {
        " · t tutor on prune's search"
    } else {
        ""
    };
    format!("1-{w} drop · ← → Enter drop{tutor} · n new game · q quit")
}
