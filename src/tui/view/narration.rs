//! The narration region: one sentence for the event just replayed (states named from the
//! replay's catalog), the lesson's introduction before the first step, what is known about a
//! clicked node, and the lesson's notes for this call. It never cuts text silently: the
//! region grows into rows the tree leaves blank (`view::regions`), and what still does not
//! fit scrolls with `n` behind a "more" cue on the region's top border.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::index::{NONE, NodeKind, Outcome};
use crate::replay::narrate::{self, sc};
use crate::replay::{Replay, ReplayState};

use crate::tui::app::App;
use crate::tui::view::scroll::{ScrollText, Shown};

/// The key that pages through the text, as its cue names it.
pub const MORE_KEY: &str = "n";

/// Draws the region and says what of its text is on screen.
pub fn draw(app: &App, area: Rect, buf: &mut Buffer) -> Shown {
    let block = app.theme.top_block(" What happened ".to_string());
    let inner = block.inner(area);
    block.render(area, buf);
    let lines = text(app);
    let border = Rect::new(area.x, area.y, area.width, area.height.min(1));
    ScrollText::new(&lines)
        .offset(app.scrolls.narration)
        .key(MORE_KEY)
        .cue_style(app.theme.changed())
        .cue_at(border)
        .render(inner, buf)
}

/// The rows `text` would take in the region `area` (border included), at its width.
pub fn rows_wanted(app: &App, width: u16) -> u16 {
    let lines = text(app);
    crate::tui::view::scroll::height(&lines, width) as u16 + 1
}

/// Everything the region has to say at this step, one logical line per sentence group.
pub fn text(app: &App) -> Vec<Line<'static>> {
    let catalog = app.replay.catalog();
    let namer = |s: u32| catalog.label(s).map(str::to_string);
    let mut lines = vec![Line::from(narrate::narrate(&app.replay, &app.st, &namer))];
    // Before the first step the lesson introduces itself.
    if app.st.step == 0 && !app.lesson.spec.intro.is_empty() {
        lines.push(Line::styled(
            "Press i to read the whole introduction.",
            app.theme.faint(),
        ));
        for paragraph in &app.lesson.spec.intro {
            lines.push(Line::from(paragraph.clone()));
        }
    }
    // What the user just clicked comes before the lesson's note: it answers their action.
    if let Some(sel) = app.selected {
        lines.push(Line::styled(
            describe(&app.replay, &app.st, sel),
            app.theme.highlight(),
        ));
    }
    for note in app.notes() {
        lines.push(Line::styled(format!("Note: {note}"), app.theme.note()));
    }
    lines
}

/// What is known about node `id` of `r` at the step of `st`.
pub fn describe(r: &Replay, st: &ReplayState, id: u32) -> String {
    let n = r.tree().get(id);
    let sym = if n.turn.is_max() { "MAX" } else { "MIN" };
    let step = st.step;
    match n.kind {
        NodeKind::Skipped if (n.enter as usize) < step => format!(
            "Selected {sym} node {}: never searched; its parent's window closed first.",
            n.state
        ),
        NodeKind::Refused if (n.enter as usize) < step => format!(
            "Selected {sym} node {}: refused, the budget was spent.",
            n.state
        ),
        NodeKind::Unreached if (n.enter as usize) < step => format!(
            "Selected {sym} node {}: never reached, the budget stopped the pass first.",
            n.state
        ),
        NodeKind::Call if (n.enter as usize) < step => {
            let result = if n.exit != NONE && (n.exit as usize) < step {
                match n.outcome {
                    Some(Outcome::Stored(f)) => format!("returned {} ({})", n.value, f.name()),
                    Some(Outcome::TableHit) => format!("returned {} from the table", n.value),
                    _ => "abandoned by the budget".into(),
                }
            } else {
                "still searching".into()
            };
            format!(
                "Selected {sym} node {}: call {}, ply {}, d{} q{}, window ({}, {}); {result}{}.",
                n.state,
                id + 1,
                n.ply,
                n.depth,
                n.qleft,
                sc(n.alpha),
                sc(n.beta),
                if n.transposed {
                    "; reached by more than one path in this pass"
                } else {
                    ""
                }
            )
        }
        _ => format!("Selected {sym} node {}: not reached yet.", n.state),
    }
}
