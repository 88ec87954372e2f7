//! The introduction window: the lesson's title, source, the whole run (every setting the title
//! line may have had to drop, `…+3 (i)`) and the introduction, wrapped; it scrolls (↓ ↑ PgDn
//! PgUp Space, the wheel) to its last paragraph, and any other key closes it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::lesson::LessonSpec;
use crate::tui::layout::centered;
use crate::tui::theme::Theme;
use crate::tui::view::scroll::{ScrollText, Shown};

/// The introduction's last paragraph: predict mode, announced where every run starts.
pub const PREDICT_HINT: &str = "Try predict mode (Q): before a step shows what a call returns, the window it gets or the flag it stores (on a Monte Carlo run, the child selected or the counts), the tutor asks you for it. ? lists every key.";

/// Draws the window from wrapped row `offset` and says what of the text is on screen.
pub fn draw(
    spec: &LessonSpec,
    run: &str,
    offset: usize,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) -> Shown {
    let mut lines = vec![Line::from(spec.title.clone()).style(theme.highlight())];
    if !spec.source.is_empty() {
        lines.push(Line::from(format!("from {}", spec.source)).style(theme.faint()));
    }
    lines.push(Line::from(run.to_string()).style(theme.title()));
    if spec.intro.is_empty() {
        lines.push(Line::from("This file has no introduction."));
    }
    for paragraph in &spec.intro {
        lines.push(Line::from(""));
        lines.push(Line::from(paragraph.clone()));
    }
    // Predict mode is the tutor's way to be asked before being told: said where every run
    // starts, not only under `?`.
    lines.push(Line::from(""));
    lines.push(Line::from(PREDICT_HINT).style(theme.note()));
    let popup = centered(
        area,
        area.width.saturating_sub(4).min(90),
        area.height.saturating_sub(2),
    );
    Clear.render(popup, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Introduction (↓ PgDn scroll, other keys close) ")
        .border_style(theme.block());
    let inner = block.inner(popup);
    block.render(popup, buf);
    let bottom = Rect::new(popup.x, popup.bottom().saturating_sub(1), popup.width, 1);
    ScrollText::new(&lines)
        .offset(offset)
        .key("↑↓ PgUp PgDn")
        .cue_style(theme.changed())
        .cue_at(bottom)
        .render(inner, buf)
}
