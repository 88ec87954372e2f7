//! The inspector pane (node cursor on, `v`): what `inspect` says about the selected node,
//! drawn over the stack and narration regions at full width, scrolled with PgUp/PgDn.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Widget};

use super::scroll::{ScrollText, Shown};
use crate::tui::app::App;
use crate::tui::inspect;

pub fn draw(app: &App, area: Rect, buf: &mut Buffer) -> Shown {
    let Some(id) = app.selected.or_else(|| app.current()) else {
        return Shown::default();
    };
    Clear.render(area, buf);
    let block = app
        .theme
        .top_block(" Node · ←→ siblings ↑ parent ↓ child · Esc ".into());
    let inner = block.inner(area);
    block.render(area, buf);
    let mut lines = inspect::lines(&app.replay, &app.st, &app.units, id);
    // A weighed node's score term by term, under the line that gives the score.
    let tree = app.replay.tree();
    if tree.contains(id)
        && let Some(sum) =
            crate::replay::narrate::weighed::sentence(&app.replay, tree.get(id).state)
    {
        lines.insert(1.min(lines.len()), sum);
    }
    let text: Vec<Line> = lines.into_iter().map(Line::from).collect();
    ScrollText::new(&text)
        .offset(app.inspect_scroll as usize)
        .key("PgDn")
        .cue_style(app.theme.changed())
        .render(inner, buf)
}
