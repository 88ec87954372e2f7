//! The narration region: what a demo says at this step, one sentence for the event just replayed (states named from the
//! replay's catalog), the lesson's introduction before the first step, and the lesson's notes
//! for this call (a selected node is described by the inspector, `v`). It never cuts text silently: the
//! region grows into rows the tree leaves blank (`view::regions`), and what still does not
//! fit scrolls with `n` behind a "more" cue on the region's top border.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::replay::narrate;

use crate::tui::app::App;
use crate::tui::view::scroll::{ScrollText, Shown};

/// The key that pages through the text, as its cue names it.
pub const MORE_KEY: &str = "n";

/// The key the cue names now: `n`, or PgDn while a prediction's question is open (its `n`
/// is a letter of the answer then).
pub fn more_key(app: &App) -> &'static str {
    if app.predict.as_ref().is_some_and(|p| p.open.is_some()) {
        "PgDn"
    } else {
        MORE_KEY
    }
}

/// Draws the region and says what of its text is on screen.
pub fn draw(app: &App, area: Rect, buf: &mut Buffer) -> Shown {
    let block = app.theme.top_block(" What happened ".to_string());
    let inner = block.inner(area);
    block.render(area, buf);
    let lines = text(app);
    let border = Rect::new(area.x, area.y, area.width, area.height.min(1));
    ScrollText::new(&lines)
        .offset(app.scrolls.narration)
        .key(more_key(app))
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
    // A prediction's verdict comes first, on the step it reveals.
    let mut lines = super::predict::reveal_lines(app);
    // An open prediction holds back the demo's and the lesson's words: they may state
    // any figure of the step it asks about.
    let held = app.held().is_some();
    // A demo's words come first: the instructor's sentence about this very step.
    if let Some(said) = app.demo_line().filter(|_| !held) {
        lines.push(Line::styled(format!("Demo: {said}"), app.theme.note()));
    }
    lines.push(Line::from(narrate::narrate_holding(
        &app.replay,
        &app.st,
        &|_| None,
        app.held(),
    )));
    // Before the first step the lesson introduces itself.
    if app.st.step == 0 && app.scores_changed() {
        // The introduction's figures are the lesson's weights', not this run's.
        lines.push(Line::from(app.weights_intro_note()));
    } else if app.st.step == 0 && !app.lesson.spec.intro.is_empty() {
        lines.push(Line::styled(
            "Press i to read the whole introduction.",
            app.theme.faint(),
        ));
        if let Some(caveat) = intro_caveat(app) {
            lines.push(Line::styled(caveat, app.theme.note()));
        }
        for paragraph in &app.lesson.spec.intro {
            lines.push(Line::from(paragraph.clone()));
        }
    }
    for note in app.notes().into_iter().filter(|_| !held) {
        lines.push(Line::styled(format!("Note: {note}"), app.theme.note()));
    }
    lines
}

/// What to say before the introduction when it is about another run than the one on screen:
/// the lesson's text describes its presets' right searches, and a misconception or a setting
/// changed since would make its figures false of this run.
fn intro_caveat(app: &App) -> Option<String> {
    let preset = crate::tui::model::preset_options(&app.lesson, app.preset.as_deref());
    let pitfall = app.setup.options.pitfall;
    if let Some(p) = pitfall.filter(|&p| preset.is_none_or(|o| o.pitfall != Some(p))) {
        return Some(format!(
            "This run is the {} misconception: {} The introduction is about the lesson's right search, not this run.",
            p.name(),
            p.describes()
        ));
    }
    let Some(name) = &app.preset else {
        // A file without presets has only this run for its text to be about.
        if app.lesson.spec.runs.is_empty() {
            return None;
        }
        return Some(
            "This run is none of the lesson's presets: the introduction's figures are about the presets' runs."
                .into(),
        );
    };
    let changed = crate::tui::view::title::differences(app);
    (!changed.is_empty()).then(|| {
        let list: Vec<String> = changed.iter().map(|s| s.text.clone()).collect();
        format!(
            "This run differs from the preset {name} ({}): the introduction's figures are about the preset's run.",
            list.join(", ")
        )
    })
}
