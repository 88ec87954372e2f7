//! The window on what new evaluation weights changed (`*`, then Enter): the root's value and
//! move before → after, the other decisions that moved, the scores that changed with their
//! new sums, scrolled with the shared `ScrollText` (↓ ↑ PgDn PgUp Space); any other key
//! closes it. Its text is `weights::Report::lines`, read off the two runs.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::tui::app::App;
use crate::tui::layout::centered;
use crate::tui::view::scroll::ScrollText;
use crate::tui::weights::Row;

/// Draws the window over `area` (nothing when there is no change to tell).
pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let Some(live) = &app.weights else {
        return;
    };
    let Some(report) = &live.report else {
        return;
    };
    let theme = app.theme;
    let lines: Vec<Line> = report
        .lines()
        .into_iter()
        .map(|(row, text)| match row {
            Row::Heading => Line::styled(text, theme.header()),
            Row::Text => Line::from(text),
        })
        .collect();
    let width = area.width.saturating_sub(4).min(120);
    let inner_width = width.saturating_sub(2);
    let rows = crate::tui::view::scroll::height(&lines, inner_width) as u16;
    let popup = centered(area, width, (rows + 2).min(area.height.saturating_sub(2)));
    Clear.render(popup, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(report.title())
        .border_style(theme.block());
    let inner = block.inner(popup);
    block.render(popup, buf);
    let bottom = Rect::new(popup.x, popup.bottom().saturating_sub(1), popup.width, 1);
    let shown = ScrollText::new(&lines)
        .offset(live.scroll)
        .key("↑↓ PgUp PgDn")
        .cue_style(theme.changed())
        .cue_at(bottom)
        .render(inner, buf);
    live.shown.set(shown);
}
