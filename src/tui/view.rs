//! The screen: one module per region, each drawing from the replay state at the current step
//! (and a few view settings) into the rectangle `layout::Regions` gives it.
//!
//! ```text
//!  step 75/98 · call 10/12 │ αβ d2 · preset · lesson · q0 tt:on …+2 (i)          title
//!  Tree · pass 2 · auto (Tab) ──────────┌ Table · 8 entries ───────────           tree, table
//!                  ›▲0                  │+ stored 6 d0 q0: EXACT 2
//!       ┌───────────┼───────────┐       │ key         value  flag   move
//!       ▼1=3       ›▼2✂         ▼3      │   0 d1  q0  =4     EXACT  m2
//!    ┌──┴──┐     ┌──┴──┐     ┌──┴──┐    ┌ Counters · passes ───────────           counters
//!    ▲4=3  ▲5=5  ▲6=2  ⊘▲7   ▲8    ▲9   │nodes 10  evals 6  cutoffs 1
//!                                       │d1 DONE     4 m2  +4n 3e 0c 0h
//!  Stack · 2 frames ───────────────────────────────────────────────────           stack
//!   node  ply  d  q │    α₀     β₀ │     α      β │  best move │ trying
//! ›▼2      1  1  0 │     3     +∞ │     3      2 │     2   m0 │ 1/2 ([0] ⊘1) ✂
//!  What happened ──────────────────────────────────────────────────────           narration
//! MIN node 2: reply 6 returns 2 ≤ α = 3, so MAX already has something better; …
//!  → step  ↓ call  o out  x cut  t hit  Space play  ? help  q quit                footer
//! ```
//!
//! - `title`: step and call counters, the algorithm and what differs from seed 000's defaults,
//!   preset, lesson and the other settings, counting what has no room (`…+2 (i)`).
//! - `tree`: the current pass's tree (both runs' when comparing); positions from `layout::tree`.
//! - `board`: for tic-tac-toe, the focused node's board in columns of its own at the right of
//!   the tree region (`Regions::board`), the tree laid out beside it.
//! - `table`: the transposition table at this step, the last probe or store highlighted.
//! - `counters`: the counters, one line per pass, and the result or the open pass.
//! - `stack`: one row per active frame, the top one marked.
//! - `narration`: what the last event did, the intro, the clicked node, the lesson's notes.
//! - `footer`: the last message, else the main keys and playback.
//! - `why`: in the pane the main screen gives it (over the stack and narration, like the
//!   inspector), the chains of steps that explain a node (`Y`).
//!
//! Windows over the screen are the app's layers (`components`), drawn after the main screen,
//! bottom first, each by its component with one of these files:
//!
//! - `picker`: the lessons and their presets (`L`, and at start-up).
//! - `prompt`: the bottom row while a step, a root window or a file name is typed.
//! - `help`: the key bindings (`?`).
//! - `intro`: the lesson's title, source and introduction (`i`).
//! - `growth`: a chart of the run so far (`K`): calls per pass, positions per ply.
//! - `weights`: what new evaluation weights changed (`*`).
//! - `diff`: in a comparison, the diff of the two runs node by node and a strip of counter
//!   deltas (`|`).
//!
//! The main screen is chosen once from the run's family (`screen`): a search of calls has
//! the regions above; a Monte Carlo run its own (`monte`).
//!
//! Presenter mode (`F`, `present`) replaces the regions above with its own screen (large
//! node boxes, indicator and narration; the table, stack and counters on 1 2 3); the windows
//! below still open over it.
//!
//! A practice round (`components::practice`) draws over all of it; below
//! `MIN_WIDTH`×`MIN_HEIGHT` a centred message replaces it all.

pub mod board;
pub mod counters;
pub mod diff;
pub mod fit;
pub mod footer;
pub mod growth;
pub mod help;
pub mod inspector;
pub mod intro;
pub mod monte;
pub mod narration;
pub mod picker;
pub mod predict;
pub mod present;
pub mod prompt;
pub mod screen;
pub mod scroll;
pub mod simulate;
pub mod stack;
pub mod table;
pub mod title;
pub mod tree;
pub mod versus;
pub mod weights;
pub mod why;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::app::App;
use super::components::Place;
pub use super::layout::{MIN_HEIGHT, MIN_WIDTH};
use super::layout::{Regions, TreePanes};
use super::model::Laid;

/// Draws one frame (the loop's `terminal.draw` callback): paints it from the app, which
/// painting only reads, then keeps what the frame laid out for the keys and the mouse.
pub fn draw(frame: &mut Frame, app: &mut App) {
    let area = frame.area();
    app.laid = paint(app, area, frame.buffer_mut());
    printable_cells(frame.buffer_mut());
}

/// The last guard before the terminal: control text (`crate::text`) that reached a cell of the
/// frame by any path is not written. ratatui drops control characters, but a separator passes
/// as a one-column character (which a terminal may break the line on, or draw at another
/// width) and a bidirectional mark as a zero-width one joined to the cell before it (which
/// reorders the rest of the row). A one-column one becomes U+FFFD, so every column stays where
/// ratatui put it; a zero-width one is dropped. Text that is escaped where it is made (node
/// names) never gets here: this is for whatever a view did not escape.
pub fn printable_cells(buf: &mut Buffer) {
    for cell in buf.content.iter_mut() {
        let symbol = cell.symbol();
        if !symbol.chars().any(crate::text::is_control_text) {
            continue;
        }
        let shown: String = symbol
            .chars()
            .filter_map(|c| match c {
                c if !crate::text::is_control_text(c) => Some(c),
                c if crate::text::width(c.encode_utf8(&mut [0; 4])) > 0 => Some('\u{fffd}'),
                _ => None,
            })
            .collect();
        cell.set_symbol(if shown.is_empty() { " " } else { &shown });
    }
}

/// Renders the whole screen into `buf` and keeps what it laid out, as the loop does after
/// each frame (used directly by the snapshot tests).
pub fn render(app: &mut App, area: Rect, buf: &mut Buffer) {
    app.laid = paint(app, area, buf);
}

/// Draws the whole screen from the app, which it only reads, and says what it laid out: where
/// the tree went (for mouse clicks) and what the scrolled panes showed (for paging). A pane
/// this frame does not draw keeps what the last frame said of it.
pub fn paint(app: &App, area: Rect, buf: &mut Buffer) -> Laid {
    let mut laid = Laid {
        screen: area,
        ..app.laid
    };
    if app.layers.whole_screen() {
        let at = Place {
            screen: area,
            pane: area,
        };
        draw_layers(app, at, &mut laid, buf);
        return laid;
    }
    if super::layout::too_small(area) {
        laid.tree_area = Rect::default();
        too_small(area, buf);
        return laid;
    }
    let pane = app.screen().draw(app, area, &mut laid, buf);
    draw_layers(app, Place { screen: area, pane }, &mut laid, buf);
    laid
}

/// Draws the layers over the main screen, bottom first; the top one's scrolled text is what
/// its keys page through.
fn draw_layers(app: &App, at: Place, laid: &mut Laid, buf: &mut Buffer) {
    let mut shown = None;
    for layer in app.layers.iter() {
        shown = layer.draw(app, &at, buf);
    }
    if let Some(s) = shown {
        laid.window_shown = s;
    }
}

/// A search of calls' main screen; gives back the pane for windows beside the tree (over
/// the stack and the narration).
pub(super) fn render_calls(app: &App, area: Rect, laid: &mut Laid, buf: &mut Buffer) -> Rect {
    let regions = regions(app, area);
    let panes = TreePanes::new(regions.tree_body(), app.compare.is_some());
    laid.tree_area = panes.main;
    let (r, st, theme) = (&app.replay, &app.st, app.theme);

    title::draw(app, regions.title, buf);
    tree::draw(app, regions.tree, &panes, regions.board, buf);
    if let Some(b) = regions.board {
        board::draw(app, b, buf);
    }
    let table = table::draw(
        r,
        st,
        &app.units,
        theme,
        app.scrolls.table,
        regions.table,
        buf,
    );
    counters::draw(
        r,
        st,
        &app.units,
        app.change.as_ref(),
        theme,
        regions.counters,
        buf,
    );
    let look = (app.max_side, app.held());
    stack::draw_holding(r, st, &app.units, look, theme, regions.stack, buf);
    let narration = narration::draw(app, regions.narration, buf);
    if app.inspecting {
        inspector::draw(app, regions.stack.union(regions.narration), buf);
    }
    footer::draw(app, regions.footer, buf);
    // What was on screen, for paging by keys and the wheel.
    (laid.table_shown, laid.narration_shown) = (table, narration);
    (laid.narration_area, laid.table_area) = (regions.narration, regions.table);
    regions.stack.union(regions.narration)
}

/// A Monte Carlo run's screen: panes of its own, in presenter mode as well (under the
/// presenter's step indicator); gives back the phase pane, where windows beside the tree go.
pub(super) fn render_monte(app: &App, area: Rect, laid: &mut Laid, buf: &mut Buffer) -> Rect {
    let area = if app.present.on {
        present::monte_indicator(app, area, buf)
    } else {
        area
    };
    let regions = regions(app, area);
    // The tree pane's rows, for paging and the wheel (a click finds no call there).
    laid.tree_area = TreePanes::new(regions.tree, false).main;
    let drawn = monte::draw(app, &regions, buf);
    laid.narration_shown = drawn.narration;
    // The phase pane scrolls as the table pane does (the wheel; ↓ ↑ here).
    (laid.table_shown, laid.table_area) = drawn.phase;
    laid.narration_area = regions.narration;
    drawn.phase.1
}

/// The main screen's regions for `app` in `area` (`screen::MainScreen::regions`).
pub fn regions(app: &App, area: Rect) -> Regions {
    app.screen().regions(app, area)
}

/// A search of calls' regions: the narration grows by as many rows as its text needs, up to
/// the rows the tree leaves blank (both trees' in a comparison).
pub(super) fn calls_regions(app: &App, area: Rect) -> Regions {
    let (peak, passes) = (
        app.replay.result().stats.peak,
        counters::history_rows(&app.replay, &app.st),
    );
    let compare = app.compare.is_some();
    let board = board::size(app);
    let footer_rows = footer::rows_wanted(app, area.width);
    let with_board = |r: Regions| {
        let r = r.with_footer(footer_rows);
        match board {
            Some(size) => r.with_board(size),
            None => r,
        }
    };
    let base = with_board(Regions::new(area, peak, passes, compare, 0));
    let panes = TreePanes::new(base.tree_body(), compare);
    let blank = |ctx: &super::model::TreeCtx, pane: Rect| {
        pane.height
            .saturating_sub(super::layout::tree::rows_used(ctx, pane))
    };
    let mut spare = blank(&app.tree_ctx(), panes.main);
    if let (Some(c), Some(p)) = (&app.compare, &panes.compare) {
        spare = spare.min(blank(&app.partner_ctx(c), p.partner));
    }
    let want =
        narration::rows_wanted(app, base.narration.width).saturating_sub(base.narration.height);
    if want == 0 || spare == 0 {
        return base;
    }
    with_board(Regions::new(area, peak, passes, compare, spare.min(want)))
}

/// What the "What happened" region shows of its text on the screen `area` (the text the
/// region has is `narration::text`): whether all of it fits, else which rows, with the
/// "more" cue on its border. Computed as `render` lays it out, without drawing.
pub fn narration_shown(app: &App, area: Rect) -> scroll::Shown {
    if super::layout::too_small(area) {
        return scroll::Shown::default();
    }
    let region = regions(app, area).narration;
    let inner = app.theme.top_block(String::new()).inner(region);
    let lines = narration::text(app);
    let border = Rect::new(region.x, region.y, region.width, 1);
    scroll::ScrollText::new(&lines)
        .offset(app.scrolls.narration)
        .cue_at(border)
        .measure(inner)
}

/// The centred request for a bigger terminal; safe at any size, even 1×1.
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
