//! The "why" pane (`Y`): each question about the node with its chain of steps, drawn over the
//! stack and narration regions at full width like the inspector. The chosen link is marked
//! `▸` (not by colour alone) and kept in view; a cue says when more is above or below.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};

use super::scroll::{ScrollText, Shown, height};
use crate::tui::app::App;
use crate::tui::inspect::WhyPane;

/// The pane's lines, and the first line of the chosen link.
fn lines<'a>(app: &App, pane: &'a WhyPane) -> (Vec<Line<'a>>, usize) {
    let theme = &app.theme;
    let name = match pane.node {
        Some(id) if app.replay.tree().contains(id) => {
            app.replay.catalog().called(app.replay.tree().get(id).state)
        }
        _ => "the run".into(),
    };
    let mut out = vec![Line::from(format!(
        "About {name}, as decided by step {} (Enter shows a step; the pane stays):",
        pane.as_of
    ))];
    if pane.answers.is_empty() {
        out.push(Line::from(
            "Nothing about it has been decided by this step: step on and ask again (Y).",
        ));
        return (out, 0);
    }
    let (mut k, mut chosen) = (0, 0);
    for a in &pane.answers {
        out.push(Line::styled(a.title.clone(), theme.header()));
        for l in &a.links {
            let here = k == pane.cursor;
            if here {
                chosen = out.len();
            }
            let mark = if here { "▸ " } else { "• " };
            let style = if here {
                theme.highlight()
            } else {
                theme.block()
            };
            out.push(Line::from(vec![
                Span::styled(format!("{mark}step {} · ", l.step + 1), style),
                Span::raw(l.text.as_str()),
            ]));
            k += 1;
        }
    }
    (out, chosen)
}

pub fn draw(app: &App, pane: &WhyPane, area: Rect, buf: &mut Buffer) -> Shown {
    Clear.render(area, buf);
    // The longest title that fits the pane (a Monte Carlo run's is half the screen wide).
    let title = [
        " Why? · ↑↓ choose a step · Enter go to it · Esc ",
        " Why? · ↑↓ step · Enter go · Esc ",
        " Why? ↑↓ Enter Esc ",
    ]
    .into_iter()
    .find(|t| t.chars().count() + 2 <= area.width as usize)
    .unwrap_or(" Why? ");
    let block = app.theme.top_block(title.into());
    let inner = block.inner(area);
    block.render(area, buf);
    let (text, chosen) = lines(app, pane);
    // Keep the chosen link a third of the way down, so the steps before it show too.
    let above = height(&text[..chosen], inner.width);
    let offset = above.saturating_sub(inner.height as usize / 3);
    ScrollText::new(&text)
        .offset(offset)
        .key("↓")
        .cue_style(app.theme.changed())
        .render(inner, buf)
}
