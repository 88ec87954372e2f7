//! The footer line: a run being recorded again (with its progress), else the demo's place and
//! the run's marks, then the last message (a live change, a failed jump) or the main keys and
//! whether playback runs.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};

use crate::tui::app::App;
use crate::tui::components::prompt::Prompt;
use crate::tui::keys::{self, Action};
use crate::tui::view::{fit, scroll};

/// The keys after the main screen's own (`view::screen`) and the play key.
const MORE_KEYS: [Action; 2] = [Action::Help, Action::Quit];

/// The shorter list while a demo's place or the run's marks take the line's start.
const DEMO_KEYS: [Action; 5] = [
    Action::DemoNext,
    Action::StepForward,
    Action::NextCutoff,
    Action::Help,
    Action::Quit,
];

/// The most rows the footer takes (from the narration above it) for a long message.
pub const MAX_ROWS: u16 = 3;

/// The rows the footer needs at `width`: one, or more for a message too long for one row.
pub fn rows_wanted(app: &App, width: u16) -> u16 {
    (rows(app, width).len() as u16).clamp(1, MAX_ROWS) + prompt_row(app)
}

/// Draws the footer into `area`: its line, wrapped onto the area's rows when it is too wide
/// for one; whatever still does not fit ends with the cue.
pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let rows = rows(app, area.width);
    let h = area.height.saturating_sub(prompt_row(app)).max(1) as usize;
    for (i, row) in rows.iter().enumerate().take(h) {
        let y = area.y + i as u16;
        if i + 1 == h && rows.len() > h {
            // The rest would not fit: the last row shows what it can, and the cue.
            let rest: Vec<ratatui::text::Span> =
                rows[i..].iter().flat_map(|r| r.spans.clone()).collect();
            fit::put_line(buf, area.x, y, &Line::from(rest), area.width);
        } else {
            fit::put_line(buf, area.x, y, row, area.width);
        }
    }
}

/// The footer's rows at `width`: its line as is when it fits, else wrapped.
pub fn rows(app: &App, width: u16) -> Vec<Line<'static>> {
    let line = line(app, width);
    if line.width() <= width as usize {
        vec![line]
    } else {
        scroll::wrap(&[line], width)
    }
}

/// The bottom row kept for a typed line over a message. The prompt is drawn over the
/// footer's last row; a message (what the line edits, what it may hold) then takes the rows
/// above it, so the prompt never hides what it asks about.
fn prompt_row(app: &App) -> u16 {
    u16::from(app.message.is_some() && app.layers.has::<Prompt>())
}

/// The footer's line, however wide.
pub fn line(app: &App, width: u16) -> Line<'static> {
    let area = Rect::new(0, 0, width, 1);
    let t = app.theme;
    if let (Some(question), true) = (&app.message, app.quit_asked) {
        // Asked while a job runs: the question, not the job's progress, is what `q` answers.
        return Line::styled(format!(" {question}"), t.changed());
    }
    if let Some((job, _)) = &app.pending {
        // The longest wording that fits: what runs, its progress, the time, and the key.
        let (progress, secs) = (job.progress(), job.elapsed().as_secs_f64());
        let text = [
            format!(" … {}: {progress}, {secs:.1} s · Esc stops it", job.what),
            format!(" … {progress}, {secs:.1} s · Esc stops it"),
            format!(" … {progress} · Esc stops"),
        ]
        .into_iter()
        .find(|t| t.chars().count() <= area.width as usize)
        .unwrap_or_else(|| " … Esc stops".into());
        return Line::styled(text, t.changed());
    }
    // An open prediction: its question and the line being typed.
    if let Some(line) = super::predict::footer_line(app, width) {
        return line;
    }
    // Where a demo is and the run's marks, before anything else: a presenter looks here.
    let place = place(app, app.message.is_some());
    let mut line = match &app.message {
        Some(m) => Line::styled(format!(" {m}"), t.changed()),
        None if app.inspecting => Line::styled(
            " node cursor: ←→ sibling ↑ parent ↓ child · x t s o p still jump · Esc or v ends",
            t.changed(),
        ),
        None => {
            let play = if app.playing {
                format!("▶ playing every {} ms  ", app.speed_ms)
            } else {
                String::new()
            };
            // The reminder shrinks to what fits beside the demo's place; `?` lists them all.
            let room = (area.width as usize).saturating_sub(place.chars().count() + play.len() + 4);
            // `Space` with what it plays to (the play-until setting).
            let play_key = format!("Space {}", app.play_until.label());
            let main = app.screen().footer_keys();
            let list = [
                format!(
                    "{}  {play_key}  {}",
                    keys::footer(main),
                    keys::footer(&MORE_KEYS)
                ),
                format!("{}  {play_key}", keys::footer(&DEMO_KEYS)),
                keys::footer(&DEMO_KEYS),
                keys::footer(&MORE_KEYS),
            ]
            .into_iter()
            .skip(usize::from(!place.is_empty()))
            .find(|k| k.chars().count() <= room)
            .unwrap_or_default();
            Line::from(vec![
                Span::styled(format!(" {play}"), t.changed()),
                Span::styled(list, t.faint().remove_modifier(Modifier::DIM)),
            ])
        }
    };
    if !place.is_empty() {
        line.spans
            .insert(0, Span::styled(format!(" {place} ·"), t.changed()));
    }
    line
}

/// "demo 'cutoffs' 3/9 · ★ marked, 2 marks": the demo's place and the run's bookmarks;
/// `short` ("demo 3/9 · ★2") leaves a message the room it needs.
pub fn place(app: &App, short: bool) -> String {
    let mut parts = Vec::new();
    // Predict mode's score for the run, first.
    if let Some(p) = &app.predict {
        parts.push(p.score());
    }
    if let Some(d) = app.demo.as_ref().filter(|d| d.lesson == app.lesson.name) {
        parts.push(if short {
            format!("demo {}/{}", d.done, d.len)
        } else {
            d.status()
        });
    }
    let marks = app.bookmarks.steps(&app.lesson.name, &app.setup);
    if short && !marks.is_empty() {
        let here = if marks.contains(&app.st.step) {
            "★"
        } else {
            "marks "
        };
        parts.push(format!("{here}{}", marks.len()));
    } else if !marks.is_empty() {
        let here = if marks.contains(&app.st.step) {
            "★ marked, "
        } else {
            ""
        };
        parts.push(format!(
            "{here}{}",
            crate::text::counted(marks.len() as u64, "mark", "marks")
        ));
    }
    parts.join(" · ")
}
