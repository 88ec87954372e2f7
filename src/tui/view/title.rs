//! The title line: where the replay is (step and call) and which run it is (lesson, preset,
//! settings).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::replay::narrate::sc;
use crate::search::{INF, MAX_BUDGET, Options};

use crate::tui::app::App;
use crate::tui::model::{algorithm_name, cut_name, on_off};

pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let r = &app.replay;
    let counter = format!(
        " step {}/{} · call {}/{} ",
        app.st.step,
        r.len(),
        app.st.stats.nodes,
        r.tree().calls(),
    );
    let run = format!(
        "{} · {} · {}",
        r.rec.trace.header.lesson,
        app.preset.as_deref().unwrap_or("custom"),
        settings(&app.setup.options)
    );
    let line = Line::from(vec![
        Span::styled(counter, app.theme.current()),
        Span::styled(format!(" │ {run}"), app.theme.title()),
    ]);
    buf.set_line(area.x, area.y, &line, area.width);
}

/// The run's settings in short: `d3 q0 tt:on ord:on α≥β αβ`, and the budget and root window
/// when they are not the defaults.
fn settings(o: &Options) -> String {
    let mut s = format!(
        "d{} q{} tt:{} ord:{} {} {}",
        o.depth,
        o.qlimit,
        on_off(o.table),
        on_off(o.ordering),
        cut_name(o.cut),
        algorithm_name(o.algorithm)
    );
    if o.budget < MAX_BUDGET {
        s.push_str(&format!(" budget {}", o.budget));
    }
    if o.window != (-INF, INF) {
        s.push_str(&format!(" window ({}, {})", sc(o.window.0), sc(o.window.1)));
    }
    s
}
