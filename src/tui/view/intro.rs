//! The introduction window: the lesson's title, source and introduction, wrapped (any key
//! closes it).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use crate::lesson::LessonSpec;
use crate::tui::layout::centered;
use crate::tui::theme::Theme;

pub fn draw(spec: &LessonSpec, theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = vec![Line::from(spec.title.clone()).style(theme.highlight())];
    if !spec.source.is_empty() {
        lines.push(Line::from(format!("from {}", spec.source)).style(theme.faint()));
    }
    if spec.intro.is_empty() {
        lines.push(Line::from("This file has no introduction."));
    }
    for paragraph in &spec.intro {
        lines.push(Line::from(""));
        lines.push(Line::from(paragraph.clone()));
    }
    let popup = centered(
        area,
        area.width.saturating_sub(4).min(90),
        area.height.saturating_sub(2),
    );
    Clear.render(popup, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Introduction (any key closes) ")
        .border_style(theme.block());
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(block)
        .render(popup, buf);
}
