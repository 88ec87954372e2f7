//! The footer line: a run being recorded again (with its progress), else the last message
//! (a live change, a failed jump), else the main keys and whether playback runs.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};

use crate::tui::app::App;
use crate::tui::keys::{self, Action};

/// The keys the footer lists, in order; the play key between them, with what it plays to.
const MAIN_KEYS: [Action; 5] = [
    Action::StepForward,
    Action::CallForward,
    Action::StepOut,
    Action::NextCutoff,
    Action::NextHit,
];
const MORE_KEYS: [Action; 2] = [Action::Help, Action::Quit];

pub fn draw(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
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
        buf.set_line(area.x, area.y, &Line::styled(text, t.changed()), area.width);
        return;
    }
    let line = match &app.message {
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
            Line::from(vec![
                Span::styled(format!(" {play}"), t.changed()),
                Span::styled(
                    format!(
                        "{}  Space {}  {}",
                        keys::footer(&MAIN_KEYS),
                        app.play_until.label(),
                        keys::footer(&MORE_KEYS)
                    ),
                    t.faint().remove_modifier(Modifier::DIM),
                ),
            ])
        }
    };
    buf.set_line(area.x, area.y, &line, area.width);
}
