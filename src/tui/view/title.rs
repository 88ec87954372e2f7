//! The title line: where the replay is (step and call) and which run it is (lesson, preset,
//! settings, as the run actually runs them). A run changed from its preset reads
//! `preset* · changed: tt:off minimax · d2 q0 …`: every setting that differs first, then the
//! rest. When the line is too narrow, the settings equal to the preset's go first (from the
//! end), then the lesson's name, then the long counter words, then the call count and the
//! preset's name (its `*` stays); a difference is never dropped.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::tui::app::App;
use crate::tui::model::{Setting, differs_from_preset, effective_settings, preset_options};

pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let line = header(app, area.width);
    buf.set_line(area.x, area.y, &line, area.width);
}

/// The settings on the title line of `app`: the run's effective settings that differ from its
/// preset (all of them when it has none). Tests check the header against this.
pub fn differences(app: &App) -> Vec<Setting> {
    let preset = preset_options(&app.lesson, app.preset.as_deref());
    differs_from_preset(preset.as_ref(), &app.setup.options)
}

/// The widest title line that fits in `width` columns (the shortest one otherwise).
pub fn header(app: &App, width: u16) -> Line<'static> {
    let r = &app.replay;
    let t = app.theme;
    let (step, len) = (app.st.step, r.len());
    let (call, calls) = (app.st.stats.nodes, r.tree().calls());
    let diffs = differences(app);
    // A saved trace whose lesson is missing names a preset it cannot be compared with.
    let comparable = preset_options(&app.lesson, app.preset.as_deref()).is_some();
    let changed = comparable && !diffs.is_empty();
    let preset = match &app.preset {
        Some(p) if changed => format!("{p}*"),
        Some(p) => p.clone(),
        None => "custom".to_string(),
    };
    let lesson = r.rec.trace.header.lesson.clone();
    let all = effective_settings(&app.setup.options);
    let long_counter = format!(" step {step}/{len} · call {call}/{calls} ");
    let short_counter = format!(" {step}/{len} c{call}/{calls} ");
    // A game's run of millions of events: the step alone, and the preset only as its mark.
    let step_counter = format!(" {step}/{len} ");
    let mark_only = if changed { "*·" } else { "" }.to_string();
    // The differences first (never dropped), then the settings equal to the preset's, which
    // go from the end when the line is too narrow.
    let mut must: Vec<Span<'static>> = Vec::new();
    let mut rest: Vec<Span<'static>> = Vec::new();
    if changed {
        must.push(Span::styled(" changed:", t.changed()));
        must.extend(
            diffs
                .iter()
                .map(|s| Span::styled(format!(" {}", s.text), t.changed())),
        );
    }
    // With no preset to compare with, every setting is one the reader must see.
    if !comparable {
        must.extend(
            all.iter()
                .map(|s| Span::styled(format!(" {}", s.text), t.title())),
        );
    }
    let same: Vec<&Setting> = all
        .iter()
        .filter(|s| comparable && !diffs.contains(s))
        .collect();
    for (i, s) in same.iter().enumerate() {
        let sep = if i == 0 && changed { " ·" } else { "" };
        rest.push(Span::styled(format!("{sep} {}", s.text), t.title()));
    }
    let w = width as usize;
    let line = |counter: &str, who: &str, keep: usize| {
        let mut spans = vec![
            Span::styled(counter.to_string(), t.current()),
            Span::styled(format!(" │ {who}"), t.title()),
        ];
        spans.extend(must.iter().cloned());
        spans.extend(rest.iter().take(keep).cloned());
        Line::from(spans)
    };
    let with_lesson = format!("{lesson} · {preset} ·");
    let alone = if changed {
        format!("{preset} ·")
    } else {
        preset.clone()
    };
    let variants = [
        (&long_counter, with_lesson.as_str()),
        (&long_counter, alone.as_str()),
        (&short_counter, alone.as_str()),
        (&step_counter, alone.as_str()),
        (&step_counter, mark_only.as_str()),
    ];
    for (counter, who) in variants {
        // A lesson name with no setting after it reads badly: keep at least one, or drop it.
        let least = usize::from(who.ends_with('·') && must.is_empty()).min(rest.len());
        for keep in (least..=rest.len()).rev() {
            let l = line(counter, who, keep);
            if l.width() <= w {
                return l;
            }
        }
    }
    line(&step_counter, &mark_only, 0)
}
