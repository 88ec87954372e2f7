//! The screen. Every region reads the replay state at the current step and nothing else.
//!
//! ```text
//! ┌ step 40/120 · call 10/12 · pass 2/2 │ lesson · run · settings ────────────────┐
//! │ Tree (box drawing or outline)                  │ Table: key, value, flag      │
//! │   ›▲0                                          │ › probe/store highlighted    │
//! │  ┌──┼──┐                                       ├──────────────────────────────┤
//! │ ▼1 ›▼2 ▼3                                      │ Counters (12 → 13) · passes  │
//! ├ Stack: one row per active frame: d q α₀β₀ αβ best move try ──────────────────┤
//! ├ Narration: one sentence for this event (and lesson notes) ───────────────────┤
//! └ footer: the main keys ───────────────────────────────────────────────────────┘
//! ```
//! Below `MIN_WIDTH`×`MIN_HEIGHT` a centred message replaces it all.

pub mod panels;
pub mod tree;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use super::app::{App, Overlay};
use super::keys;

pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 18;

/// Draws one frame (the loop's `terminal.draw` callback).
pub fn draw(frame: &mut Frame, app: &mut App) {
    let area = frame.area();
    render(app, area, frame.buffer_mut());
}

/// Renders the whole screen into `buf` (used directly by the snapshot tests).
pub fn render(app: &mut App, area: Rect, buf: &mut Buffer) {
    if let Some(round) = &app.practice {
        round.as_ref().render(area, buf);
        return;
    }
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        app.tree_area = Rect::default();
        too_small(area, buf);
        return;
    }
    let tall = area.height >= 36;
    // Room for the deepest path of the run (stable while stepping), within limits.
    let deepest = app.replay.result().stats.peak as u16 + 1;
    let stack_rows = deepest.clamp(2, if tall { 12 } else { 3 });
    let narration_rows = if tall { 4 } else { 3 };
    let [title, main, stack, narration, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(2 + stack_rows),
        Constraint::Length(1 + narration_rows),
        Constraint::Length(1),
    ])
    .areas(area);
    let right_w = (area.width * 2 / 5).clamp(34, 64);
    let [tree_area, right] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(right_w)]).areas(main);
    let pass_rows = (app.st.passes.len() as u16 + 1).clamp(2, if tall { 8 } else { 3 });
    let [table, counters] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(1 + 2 + pass_rows)]).areas(right);

    panels::title(app, title, buf);
    panels::tree_block(app, tree_area, buf);
    panels::table(app, table, buf);
    panels::counters(app, counters, buf);
    panels::stack(app, stack, buf);
    panels::narration(app, narration, buf);
    panels::footer(app, footer, buf);

    match &app.overlay {
        Overlay::None => {}
        Overlay::Help => help(app, area, buf),
        Overlay::Intro => intro(app, area, buf),
        Overlay::Picker { cursor } => panels::picker(app, *cursor, area, buf),
        Overlay::Prompt { kind, text } => panels::prompt(app, *kind, text, area, buf),
    }
}

/// The centred request for a bigger terminal; safe at any size, even 1×1.
/// A `w`×`h` rectangle in the middle of `area` (popups, the too-small message).
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let (w, h) = (w.min(area.width), h.min(area.height));
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

pub fn too_small(area: Rect, buf: &mut Buffer) {
    let text = vec![
        Line::from("The terminal is too small for prune."),
        Line::from(format!(
            "Make it at least {MIN_WIDTH}×{MIN_HEIGHT} (now {}×{}).",
            area.width, area.height
        )),
        Line::from("Press q to quit."),
    ];
    let h = (text.len() as u16).min(area.height);
    let y = area.y + area.height.saturating_sub(h) / 2;
    let inner = Rect::new(area.x, y, area.width, h);
    Paragraph::new(text)
        .centered()
        .wrap(Wrap { trim: true })
        .render(inner, buf);
}

/// The lesson's introduction, wrapped into a popup (any key closes it).
fn intro(app: &App, area: Rect, buf: &mut Buffer) {
    let spec = &app.lesson.spec;
    let mut lines = vec![Line::from(spec.title.clone()).style(app.theme.highlight())];
    if !spec.source.is_empty() {
        lines.push(Line::from(format!("from {}", spec.source)).style(app.theme.faint()));
    }
    if spec.intro.is_empty() {
        lines.push(Line::from("This file has no introduction."));
    }
    for paragraph in &spec.intro {
        lines.push(Line::from(""));
        lines.push(Line::from(paragraph.clone()));
    }
    let popup = centered(
        area,
        area.width.saturating_sub(4).min(90),
        area.height.saturating_sub(2),
    );
    Clear.render(popup, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Introduction (any key closes) ")
        .border_style(app.theme.block());
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(block)
        .render(popup, buf);
}

fn help(app: &App, area: Rect, buf: &mut Buffer) {
    let mut lines = keys::help_lines();
    let w = area.width.min(84);
    let h = area.height.min(lines.len() as u16 / 2 + 4);
    // Two columns must fit; when they would not, the group headings make way for bindings.
    if lines.len() > 2 * h.saturating_sub(2) as usize {
        lines.retain(|(k, _)| !k.is_empty());
    }
    let popup = centered(area, w, h);
    Clear.render(popup, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Keys (? or Esc to close) · click a node for details ")
        .border_style(app.theme.block());
    let inner = block.inner(popup);
    block.render(popup, buf);
    // As many columns as the height needs (two at 80×24).
    let rows = (inner.height as usize).max(1);
    let cols = lines.len().div_ceil(rows).max(2);
    let half = lines.len().div_ceil(cols);
    let col_w = inner.width / cols as u16;
    for (i, (k, help)) in lines.iter().enumerate() {
        let (col, row) = (i / half, i % half);
        let y = inner.y + row as u16;
        if y >= inner.bottom() {
            continue;
        }
        let x = inner.x + col as u16 * col_w;
        let text = if k.is_empty() {
            help.clone()
        } else {
            format!("{k:>7} {help}")
        };
        buf.set_stringn(
            x,
            y,
            text,
            col_w.saturating_sub(1) as usize,
            app.theme.done(),
        );
    }
}
