//! The lesson picker window: every (lesson, preset) pair with what the preset shows, the
//! cursor's row marked `›` and kept in view.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::tui::app::App;
use crate::tui::layout::centered;

pub fn draw(app: &App, cursor: usize, area: Rect, buf: &mut Buffer) {
    let items = app.picker_items();
    let w = area.width.saturating_sub(4).min(90);
    let h = area.height.saturating_sub(2).min(items.len() as u16 + 4);
    let popup = centered(area, w, h);
    Clear.render(popup, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Lessons · ↑↓ choose · Enter open · Esc close ")
        .border_style(app.theme.block())
        .title_style(app.theme.title());
    let inner = block.inner(popup);
    block.render(popup, buf);
    let rows = inner.height as usize;
    let first = cursor.saturating_sub(rows.saturating_sub(1));
    for (i, (li, name)) in items.iter().enumerate().skip(first).take(rows) {
        let l = &app.lessons[*li];
        let about = l
            .spec
            .runs
            .iter()
            .find(|r| &r.name == name)
            .map_or("", |r| r.about.as_str());
        let mark = if i == cursor { "›" } else { " " };
        let text = format!("{mark} {} · {name} — {about}", l.name);
        let style = if i == cursor {
            app.theme.current()
        } else {
            app.theme.done()
        };
        buf.set_stringn(
            inner.x,
            inner.y + (i - first) as u16,
            text,
            inner.width as usize,
            style,
        );
    }
}
