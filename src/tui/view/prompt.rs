//! The prompt line over the bottom row: go to a step or call, set the root window, or open a
//! file, with the text typed so far.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};

use crate::tui::app::PromptKind;
use crate::tui::theme::Theme;

pub fn draw(kind: PromptKind, text: &str, theme: Theme, area: Rect, buf: &mut Buffer) {
    let label = match kind {
        PromptKind::GoTo => "Go to step N, or call cN: ",
        PromptKind::Window => "Root window α β (e.g. -inf 5): ",
        PromptKind::Open => "Open file (lesson or graph JSON): ",
    };
    let y = area.bottom().saturating_sub(1);
    let line = Rect::new(area.x, y, area.width, 1);
    Clear.render(line, buf);
    buf.set_stringn(
        area.x,
        y,
        format!(" {label}{text}█  (Enter, Esc)"),
        area.width as usize,
        theme.highlight(),
    );
}
