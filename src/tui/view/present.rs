//! Presenter mode (`F`, `prune open --present`): the same replay, drawn for a room.
//!
//! ```text
//!  STEP 75/98 · CALL 10/12 · PASS 2 │ 000-worked-tree · worked · d2 q0 tt:off …   indicator
//!        ╶─┐┌─╴  ╱╶─┐┌─┐        ╷┌─┐  ╱  ╷╶─┐        ╶─┐                        (large digits
//!  STEP    │└─┐ ╱   │└─┤  CALL  ││ │ ╱   │┌─┘  PASS  ┌─┘                         when there
//!          ╵╶─┘╱    ╵╶─┘        ╵└─┘╱    ╵└─╴        └─╴                         is room)
//!  Tree · pass 2 · › active path  ✂ cutoff  ⊘ skipped  (α,β) window ──────────   tree
//!                          ┏━━━━━━━━━┓
//!                          ┃  ›▲0    ┃
//!                          ┃ (-∞,+∞) ┃
//!                          ┗━━━━━━━━━┛
//!            ┌─────────────────┼──────────────────┐
//!       ┌─────────┐       ╔═════════╗        ┌╌╌╌╌╌╌╌╌╌┐
//!       │   ▼1    │       ║  ›▼2✂   ║        ╎   ▼3    ╎   …
//!  What happened ─────────────────────────────────────────── ↓ 1 more line (n) ─   narration
//!  MIN node 2: reply 6 returns 2 ≤ α = 3, so MAX already has something better; …
//!  F leaves · Space play: to cutoff · y changes · 1 table 2 stack 3 counters · …   footer
//! ```
//!
//! - indicator: where the replay is, in words and (room allowing) in large digits.
//! - tree: the shown pass in the largest boxes that fit (`layout::present`, `nodes`); a pass
//!   too large for boxes is the main screen's outline.
//! - narration: the sentence for the last event and the lesson's notes, in bold, paged with
//!   `n` behind a cue on its rule when it does not fit.
//! - `1` `2` `3`: the table, the stack or the counters over the tree (the same key hides it).
//!
//! Colours come from the presenter's palette (`theme::Stage`); every meaning also has a
//! glyph, a border kind or reversed video, so `NO_COLOR` loses nothing.

pub mod digits;
pub mod nodes;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::replay::narrate;

use crate::tui::app::App;
use crate::tui::layout::centered;
use crate::tui::layout::present::{Regions, boxes};
use crate::tui::layout::scroll::Shown;
use crate::tui::layout::{TreePanes, board_beside};
use crate::tui::legend;
use crate::tui::model::Laid;
use crate::tui::present::Pane;
use crate::tui::theme::Stage;
use crate::tui::view::narration::more_key;
use crate::tui::view::scroll::ScrollText;
use crate::tui::view::{board, counters, fit, footer, inspector, stack, table, title, tree};

/// The indicator's numbers, as label and value ("STEP", "75/98"): the main screen's.
pub fn indicator(app: &App) -> Vec<(&'static str, String)> {
    app.screen().indicator(app)
}

/// A Monte Carlo run's indicator: it has no calls or passes; its iterations are what a room
/// counts.
pub(super) fn monte_indicator_items(app: &App) -> Vec<(&'static str, String)> {
    let r = &app.replay;
    let iteration = r.index().monte.iteration_at(app.st.step.saturating_sub(1));
    let iteration = if app.st.step == 0 { 0 } else { iteration };
    vec![
        ("STEP", format!("{}/{}", app.st.step, r.len())),
        (
            "ITERATION",
            format!("{}/{}", iteration, r.index().monte.iterations().len()),
        ),
    ]
}

/// A search of calls' indicator: the step, the call and the pass (or depth).
pub(super) fn call_indicator_items(app: &App) -> Vec<(&'static str, String)> {
    let r = &app.replay;
    let mut out = vec![
        ("STEP", format!("{}/{}", app.st.step, r.len())),
        (
            "CALL",
            format!("{}/{}", app.st.stats.nodes, r.tree().calls()),
        ),
    ];
    if let Some(p) = r.tree().pass_at(app.st.step) {
        let label = if r.options().deepening {
            "PASS"
        } else {
            "DEPTH"
        };
        out.push((label, p.depth.to_string()));
    }
    out
}

/// The columns the large indicator takes.
fn big_width(items: &[(&str, String)]) -> u16 {
    if !items.iter().all(|(_, v)| digits::drawable(v)) {
        return u16::MAX;
    }
    items
        .iter()
        .map(|(l, v)| 1 + l.chars().count() as u16 + 2 + digits::width(v) + 2)
        .sum()
}

/// Presenter mode's indicator over a Monte Carlo run's own panes: draws it at the top of
/// `area` and gives back the rest for the panes.
pub fn monte_indicator(app: &App, area: Rect, buf: &mut Buffer) -> Rect {
    let s = Stage::new(app.present.palette, app.theme);
    let items = indicator(app);
    let regions = Regions::new(area, big_width(&items));
    draw_indicator(app, s, &items, &regions, buf);
    let used = regions.indicator.height;
    Rect::new(area.x, area.y + used, area.width, area.height - used)
}

/// Draws presenter mode over `area`; says what of the narration (and the table pane) was on
/// screen, for paging with `n` and the wheel. Gives back the narration region, where a pane
/// for windows goes.
pub fn render(app: &App, area: Rect, laid: &mut Laid, buf: &mut Buffer) -> Rect {
    let s = Stage::new(app.present.palette, app.theme);
    buf.set_style(area, s.base());
    let items = indicator(app);
    let regions = Regions::new(area, big_width(&items));
    // Clicks select nothing here: the boxes are not the main screen's.
    laid.tree_area = Rect::default();
    draw_indicator(app, s, &items, &regions, buf);
    let body = draw_tree(app, s, regions.tree, buf);
    let narration = draw_narration(app, s, regions.narration, buf);
    // The inspector over the narration, as over the main screen's stack and narration.
    if app.inspecting {
        inspector::draw(app, regions.narration, buf);
    }
    let table = app.present.pane.and_then(|p| draw_pane(app, p, body, buf));
    draw_footer(app, s, regions.footer, buf);
    (laid.narration_shown, laid.narration_area) = (narration, regions.narration);
    if let Some((shown, at)) = table {
        (laid.table_shown, laid.table_area) = (shown, at);
    } else {
        laid.table_area = Rect::default();
    }
    regions.narration
}

fn draw_indicator(
    app: &App,
    s: Stage,
    items: &[(&'static str, String)],
    regions: &Regions,
    buf: &mut Buffer,
) {
    let area = regions.indicator;
    if area.height == 0 {
        return;
    }
    let words: Vec<String> = items.iter().map(|(l, v)| format!("{l} {v}")).collect();
    let counter = format!(" {} ", words.join(" · "));
    let counter_w = counter.chars().count() as u16;
    // The run itself as the main title names it (lesson, preset, settings), minus its own
    // step counter, in what is left of the line.
    let rest = title::run_line(app, area.width.saturating_sub(counter_w + 1));
    let mut spans = vec![Span::styled(counter, s.current())];
    spans.extend(rest.spans.into_iter().skip(1).map(|sp| {
        let style = s
            .strong()
            .patch(sp.style.fg.map_or(s.strong(), |_| s.frame()));
        Span::styled(sp.content, style)
    }));
    fit::put_line(buf, area.x, area.y, &Line::from(spans), area.width);
    if !regions.big {
        return;
    }
    let mut x = area.x + 1;
    let y = area.y + 1;
    for (label, value) in items {
        buf.set_string(x, y + 1, label, s.strong());
        x += label.chars().count() as u16 + 2;
        digits::draw(value, x, y, area.right(), s.frame(), buf);
        x += digits::width(value) + 3;
    }
}

/// The tree region: its titled rule and the boxes (or the outline); returns the body.
fn draw_tree(app: &App, s: Stage, area: Rect, buf: &mut Buffer) -> Rect {
    if area.height == 0 {
        return area;
    }
    let pass = app
        .replay
        .tree()
        .pass_at(app.st.step)
        .map_or(String::new(), |p| {
            format!(" · {}", narrate::pass_name(app.replay.options(), p.depth))
        });
    let key = format!(
        " · {} active path  {} cutoff  {} skipped  (α,β) window ",
        legend::PATH.glyph,
        legend::CUT.glyph,
        legend::SKIPPED.glyph
    );
    // Negamax and PVS boxes hold the numbers as the search has them: from the side to move.
    let side = crate::tui::model::side_note(&app.replay, false);
    let head = format!(" Tree{pass}{side}");
    let fits = (head.chars().count() + key.chars().count()) as u16 <= area.width;
    let title = if fits {
        format!("{head}{key}")
    } else {
        fit::clip_str(&format!("{head} "), area.width as usize)
    };
    Block::default()
        .borders(Borders::TOP)
        .title(title)
        .border_style(s.frame())
        .title_style(s.frame())
        .render(area, buf);
    let body = Rect::new(area.x, area.y + 1, area.width, area.height - 1);
    // A game's board in columns of its own at the right, as on the main screen.
    let (trees, board_at) = if let Some(size) = board::size(app) {
        let (rest, board) = board_beside(area, size);
        (
            Rect {
                y: body.y,
                height: body.height,
                ..rest
            },
            board,
        )
    } else {
        (body, None)
    };
    if let Some(b) = board_at {
        board::draw(app, b, buf);
    }
    // A comparison: both runs' trees side by side under their heads, as on the main screen.
    if app.compare.is_some() {
        let framed = Rect {
            y: area.y,
            height: area.height,
            ..trees
        };
        let panes = TreePanes::new(framed, true);
        tree::draw_panes(app, &panes, buf);
        return body;
    }
    let ctx = app.tree_ctx();
    match boxes(&ctx, trees) {
        Some(b) => nodes::draw(&ctx, s, &b, trees, buf),
        // Too large for boxes (or nothing searched): the main screen's outline says it, its
        // rows below a board at full width.
        None => tree::render_beside(&ctx, body, board_at, buf),
    }
    // A pane (1 2 3) opens over the tree beside the board: over the board it left the
    // board's cells standing around its edges.
    trees
}

/// The narration: what a demo says at this step, what the last event did, and the lesson's
/// notes for this call (the demo's words and the notes held back while a prediction is
/// asked, as on the main screen).
pub fn text(app: &App, s: Stage) -> Vec<Line<'static>> {
    let held = app.held().is_some();
    let mut lines = Vec::new();
    if let Some(said) = app.demo_line().filter(|_| !held) {
        lines.push(Line::styled(format!("Demo: {said}"), s.text()));
    }
    lines.push(Line::styled(
        narrate::narrate(&app.replay, &app.st, &|_| None),
        s.strong(),
    ));
    for note in app.notes().into_iter().filter(|_| !held) {
        lines.push(Line::styled(format!("Note: {note}"), s.text()));
    }
    lines
}

fn draw_narration(app: &App, s: Stage, area: Rect, buf: &mut Buffer) -> Shown {
    if area.height < 2 {
        return Shown::default();
    }
    Block::default()
        .borders(Borders::TOP)
        .title(" What happened ")
        .border_style(s.frame())
        .title_style(s.frame())
        .render(area, buf);
    let inner = Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2),
        area.height - 1,
    );
    let lines = text(app, s);
    ScrollText::new(&lines)
        .offset(app.scrolls.narration)
        .key(more_key(app))
        .cue_style(s.frame())
        .cue_at(Rect::new(area.x, area.y, area.width, 1))
        .render(inner, buf)
}

/// One of the main screen's panes over the tree; the table says what of it is shown.
fn draw_pane(app: &App, pane: Pane, body: Rect, buf: &mut Buffer) -> Option<(Shown, Rect)> {
    let (r, st, t) = (&app.replay, &app.st, app.theme);
    let (w, h) = match pane {
        Pane::Table => (72, body.height),
        Pane::Stack => (100, r.result().stats.peak as u16 + 4),
        Pane::Counters => (72, st.passes.len() as u16 + 6),
    };
    let popup = centered(body, w.min(body.width), h.clamp(4, body.height.max(1)));
    Clear.render(popup, buf);
    // The pane draws its own titled top and left rules; the frame closes it on the right and
    // below, and its top rule says how to hide it again.
    Block::default()
        .borders(Borders::ALL)
        .border_style(t.block())
        .render(popup, buf);
    let inner = Rect::new(
        popup.x,
        popup.y,
        popup.width.saturating_sub(1),
        popup.height.saturating_sub(1),
    );
    let shown = match pane {
        Pane::Table => Some((
            table::draw(r, st, &app.units, t, app.scrolls.table, inner, buf),
            inner,
        )),
        Pane::Stack => {
            // The stack's own rule is along its top only.
            let inner = Rect::new(
                inner.x + 1,
                inner.y,
                inner.width.saturating_sub(1),
                inner.height,
            );
            stack::draw(r, st, &app.units, false, t, inner, buf);
            None
        }
        Pane::Counters => {
            counters::draw(r, st, &app.units, app.change.as_ref(), t, inner, buf);
            None
        }
    };
    let cue = format!(" {} again hides it ", pane.key());
    let cw = cue.chars().count() as u16;
    if cw + 2 < popup.width {
        buf.set_string(popup.right() - cw - 1, popup.y, cue, t.title());
    }
    shown
}

/// The footer: the last message, else the presenter's keys, as many as fit (the play
/// setting first: it says what `Space` will do).
fn draw_footer(app: &App, s: Stage, area: Rect, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    // Where a demo is and the run's marks first, as on the main screen's footer.
    let place = footer::place(app, app.message.is_some());
    let place = if place.is_empty() {
        place
    } else {
        format!(" {place} ·")
    };
    if let Some(m) = &app.message {
        fit::put_line(
            buf,
            area.x,
            area.y,
            &Line::styled(format!("{place} {m}"), s.frame()),
            area.width,
        );
        return;
    }
    let play = if app.playing {
        format!("▶ playing every {} ms · Space pauses", app.speed_ms)
    } else {
        format!("Space {}", app.play_until.label())
    };
    let palette = format!("C {}", app.present.palette.name());
    let items = [
        play.as_str(),
        "y changes",
        "1 2 3 panes",
        "F leaves",
        "q quit",
        "x cut",
        "→ step",
        palette.as_str(),
    ];
    // `? help` (which lists every key) always closes the line: what has no room is there.
    let help = " · ? help";
    let room = (area.width as usize).saturating_sub(help.chars().count() + place.chars().count());
    let mut text = String::new();
    for item in items {
        let next = if text.is_empty() {
            format!(" {item}")
        } else {
            format!("{text} · {item}")
        };
        if next.chars().count() > room {
            break;
        }
        text = next;
    }
    text.push_str(help);
    let line = Line::from(vec![
        Span::styled(place, s.current()),
        Span::styled(text, s.strong()),
    ]);
    buf.set_line(area.x, area.y, &line, area.width);
}
