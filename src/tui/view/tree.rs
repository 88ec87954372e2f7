//! The tree region: the searched tree of the current pass, and in a comparison both runs'
//! trees side by side under a line of counters each.
//!
//! Trees that fit are drawn top-down with box-drawing lines; larger ones (or on request) as an
//! indented outline centred on the node in focus, with foldable subtrees. Each node reads
//! `›▼2≤2✂`: on the active path (›), MIN (▼) node 2, returned an upper bound 2 (≤), a cutoff
//! happened here (✂). Skipped candidates read `⊘`, budget refusals `✗`, table hits `◆`,
//! transpositions `⇄`; unvisited nodes are drawn faint with no value. Where each node goes is
//! `layout::tree`'s; names come from the replay's catalog.

use std::collections::HashMap;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::index::question::Kind;
use crate::index::{NONE, NodeKind, Outcome, TreeNode};
use crate::replay::narrate;
use crate::replay::{Replay, ReplayState};
use crate::text::tail_within;

use crate::tui::app::App;
use crate::tui::layout::TreePanes;
use crate::tui::layout::tree::{
    Geometry, MORE_LIMIT, detail, geometry, outcome_probability, static_score,
};
use crate::tui::legend;
use crate::tui::look::Look;
use crate::tui::model::{Convention, TreeCtx, algorithm_name, reached_by_tactical, side_note};
use crate::tui::theme::Theme;
use crate::tui::view::fit;

/// Draws the tree region `area` with its border, into `panes` (from `TreePanes::new`), beside
/// a game's `board` (its region, in the top-right corner of `area`).
pub fn draw(app: &App, area: Rect, panes: &TreePanes, board: Option<Rect>, buf: &mut Buffer) {
    let mode = if app.outline { "outline" } else { "auto" };
    let tree = app.replay.tree();
    let pass = tree.pass_at(app.st.step).map_or(String::new(), |p| {
        format!(" · {}", narrate::pass_name(app.replay.options(), p.depth))
    });
    // Aspiration windows: which search of the pass's root this is.
    let attempt = tree
        .root_at(app.st.step)
        .and_then(|root| {
            let k = tree
                .passes()
                .iter()
                .rposition(|p| p.start_event <= tree.get(root).enter)?;
            let of = tree.attempts_of(k);
            let n = of.iter().position(|a| a.root == root)?;
            // Only the attempts begun so far: the count of them all lies in the future.
            (of[n].event != NONE).then(|| format!(" · attempt {}", n + 1))
        })
        .unwrap_or_default();
    let side = side_note(&app.replay, app.max_side);
    // The key's reminder, then the mode, make way; what is left is cut with the cue.
    let title = fit::first_fit(
        [
            format!(" Tree{pass}{attempt}{side} · {mode} (Tab) "),
            format!(" Tree{pass}{attempt}{side} · {mode} "),
            format!(" Tree{pass}{attempt}{side} "),
        ],
        area.width as usize,
    );
    app.theme.top_block(title).render(area, buf);
    if board.is_some() && app.compare.is_none() {
        // One tree: its outline has the rows below the board at full width.
        let full = TreePanes::new(area, false).main;
        render_beside(&app.tree_ctx(), full, board, buf);
        return;
    }
    draw_panes(app, panes, buf);
}

/// The tree (both trees in a comparison, under their heads) into `panes`, without the region's
/// title rule (presenter mode draws its own).
pub fn draw_panes(app: &App, panes: &TreePanes, buf: &mut Buffer) {
    let main = app.tree_ctx();
    render(&main, panes.main, buf);
    if let (Some(c), Some(p)) = (&app.compare, &panes.compare) {
        let this = format!("this run ({})", algorithm_name(app.setup.options.algorithm));
        if Look::of_run(&c.replay).sampled() {
            // Monte Carlo beside this search: its root moves' visits, not a tree of calls.
            compare_head(app.theme, &this, &app.replay, &app.st, p.main_head, buf);
            let at = p.partner_head.union(p.partner);
            super::monte::beside::draw_partner(app, c, at, buf);
            for y in p.divider.top()..p.divider.bottom() {
                put(buf, p.divider, p.divider.x, y, "│", app.theme.block());
            }
            return;
        }
        compare_head(app.theme, &this, &app.replay, &app.st, p.main_head, buf);
        compare_head(app.theme, &c.label, &c.replay, &c.st, p.partner_head, buf);
        if let Some(m) = &c.missing {
            // The partner never searched the main run's node: say so on its first head line.
            let w = p.partner_head.width as usize;
            let row = Rect::new(p.partner_head.x, p.partner_head.y, p.partner_head.width, 1);
            ratatui::widgets::Clear.render(row, buf);
            Line::styled(m.line(&c.label, w), app.theme.warn()).render(row, buf);
        }
        render(&app.partner_ctx(c), p.partner, buf);
        for y in p.divider.top()..p.divider.bottom() {
            put(buf, p.divider, p.divider.x, y, "│", app.theme.block());
        }
    }
}

fn compare_head(
    theme: Theme,
    label: &str,
    r: &Replay,
    st: &ReplayState,
    area: Rect,
    buf: &mut Buffer,
) {
    let s = st.stats;
    let f = r.result().stats;
    // The end counts in the longest wording that fits the half width.
    let w = area.width as usize;
    let end = [
        format!(
            "end: nodes {} evals {} cutoffs {} hits {}",
            f.nodes, f.evals, f.cutoffs, f.tt_hits
        ),
        format!(
            "end: nodes {} evals {} cut {} hits {}",
            f.nodes, f.evals, f.cutoffs, f.tt_hits
        ),
        format!(
            "end: {}n {}e {}c {}h",
            f.nodes, f.evals, f.cutoffs, f.tt_hits
        ),
    ]
    .into_iter()
    .find(|t| t.chars().count() <= w)
    .unwrap_or_else(|| format!("end: {}n {}e", f.nodes, f.evals));
    let lines = [
        Line::styled(
            format!("{label}: call {}/{}", s.nodes, f.nodes),
            theme.header(),
        ),
        Line::from(end),
    ];
    for (i, line) in lines.iter().enumerate().take(area.height as usize) {
        fit::put_line(buf, area.x, area.y + i as u16, line, area.width);
    }
}

/// Whether an open prediction holds back node `id`'s `kind` item (a return's value, a
/// scout's re-search mark).
fn held(ctx: &TreeCtx, kind: Kind, id: u32) -> bool {
    ctx.held.is_some_and(|h| h.kind == kind && h.node == id)
}

/// A name longer than a tree row can spare (24 columns), as its last 12 after "…" (the
/// narration shows the whole name).
fn shortened(name: &str) -> String {
    if crate::text::width(name) <= 24 {
        return name.to_string();
    }
    crate::text::end_within(name, 13)
}

/// The spans of one node at the current step.
pub fn label(ctx: &TreeCtx, id: u32) -> Vec<Span<'static>> {
    let t = ctx.theme;
    let r = &ctx.replay;
    let n: &TreeNode = &r.tree().get(id);
    let step = ctx.st.step;
    let reached = (n.enter as usize) < step;
    let on_path = ctx.st.frames.iter().any(|f| f.node == id);
    let current = ctx.current() == Some(id);
    let sym = legend::side(n.turn, &r.trace().header.players);
    let mut spans = Vec::new();
    let prefix = if on_path || current {
        legend::PATH.glyph
    } else {
        " "
    };
    let mut base = match (n.kind, reached) {
        (NodeKind::Call, true) if on_path => t.path(),
        (NodeKind::Call, true) => t.done(),
        (NodeKind::Skipped, true) => t.skipped(),
        (NodeKind::Refused, true) => t.warn(),
        _ => t.faint(),
    };
    if current {
        base = base.patch(t.current());
    }
    if ctx.selected == Some(id) {
        base = base.add_modifier(Modifier::UNDERLINED);
    }
    spans.push(Span::styled(prefix, base));
    let name = shortened(&ctx.replay.catalog().name(n.state));
    // The move that led here is one quiescence follows: marked where the lesson has any.
    let tactical = if reached_by_tactical(r, n) {
        legend::TACTICAL.glyph
    } else {
        ""
    };
    match n.kind {
        NodeKind::Skipped if reached => spans.push(Span::styled(
            format!("{}{sym}{name}{tactical}", legend::SKIPPED.glyph),
            base,
        )),
        NodeKind::Refused if reached => spans.push(Span::styled(
            format!("{}{sym}{name}{tactical}", legend::REFUSED.glyph),
            base,
        )),
        _ => {
            // PVS: a scout and the re-search of its move are two visits of one child.
            let visit = if n.research {
                legend::RESEARCH.glyph
            } else if n.scout {
                legend::SCOUT.glyph
            } else {
                ""
            };
            spans.push(Span::styled(format!("{visit}{sym}{name}{tactical}"), base))
        }
    }
    if n.kind == NodeKind::Call {
        let exited = n.exit != NONE && (n.exit as usize) < step;
        let conv = Convention::of(r, ctx.max_side, n.turn);
        if exited && !held(ctx, Kind::Return, id) {
            let value = ctx.units.sc(conv.value(n.value));
            match n.outcome {
                Some(Outcome::Stored(f)) => spans.push(Span::styled(
                    format!("{}{value}", conv.flag(f).mark()),
                    base,
                )),
                Some(Outcome::TableHit) => spans.push(Span::styled(
                    format!(
                        "{}{}{value}",
                        legend::HIT.glyph,
                        n.hit_flag().map_or("=", |f| conv.flag(f).mark()),
                    ),
                    base.patch(t.hit()),
                )),
                Some(Outcome::Abort) => {
                    spans.push(Span::styled(legend::REFUSED.glyph, base.patch(t.warn())))
                }
                None => {}
            }
        } else if reached && !exited && n.outcome == Some(Outcome::Abort) && !on_path {
            spans.push(Span::styled(legend::REFUSED.glyph, base.patch(t.warn())));
        }
        if n.cut_event != NONE && (n.cut_event as usize) < step {
            spans.push(Span::styled(legend::CUT.glyph, base.patch(t.cut())));
        }
        if n.transposed && reached {
            spans.push(Span::styled(legend::TRANSPOSED.glyph, base));
        }
        if n.researched && exited && !held(ctx, Kind::Research, id) {
            spans.push(Span::styled(legend::FAILED_HIGH.glyph, base.patch(t.cut())));
        }
        // The tie is reported right after the tied call's pop.
        if n.tied && exited && (n.exit as usize + 2) < step {
            spans.push(Span::styled(legend::TIE.glyph, base.patch(t.cut())));
        }
    }
    spans
}

pub fn render(ctx: &TreeCtx, area: Rect, buf: &mut Buffer) {
    render_rows(ctx, area, &|_| area.width, buf);
}

/// Renders the tree into `area` around `notch`, a box in its top-right corner (a game's
/// board): a box drawing goes left of it; an outline's rows beside it stop a column short of
/// it, and the rows below it take the whole width.
pub fn render_beside(ctx: &TreeCtx, area: Rect, notch: Option<Rect>, buf: &mut Buffer) {
    let Some(n) = notch else {
        return render(ctx, area, buf);
    };
    let left = Rect {
        width: n.x.saturating_sub(area.x + 1).min(area.width),
        ..area
    };
    if !matches!(geometry(ctx, left), Geometry::Outline { .. }) {
        return render(ctx, left, buf);
    }
    let outline = TreeCtx {
        outline: true,
        ..*ctx
    };
    let width = |y: u16| {
        if y >= n.y && y < n.bottom() {
            left.width
        } else {
            area.width
        }
    };
    render_rows(&outline, area, &width, buf);
}

/// Renders the tree into `area`, an outline's row `y` in `width(y)` columns.
fn render_rows(ctx: &TreeCtx, area: Rect, width: &dyn Fn(u16) -> u16, buf: &mut Buffer) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    match geometry(ctx, area) {
        Geometry::Empty(m) => {
            let rows = super::scroll::wrap(&[Line::styled(m, ctx.theme.faint())], area.width);
            for (i, row) in rows.iter().enumerate().take(area.height as usize) {
                fit::put_line(buf, area.x, area.y + i as u16, row, area.width);
            }
        }
        Geometry::Boxes {
            cells,
            width,
            links,
            label_w,
            row_h,
            ..
        } => {
            let ox = area.x + (area.width - width) / 2;
            let pos: HashMap<u32, (u16, u16)> =
                cells.iter().map(|&(x, l, id)| (id, (x, l))).collect();
            let line_style = ctx.theme.faint().remove_modifier(Modifier::DIM);
            for (parent, kids) in &links {
                let (px, pl) = pos[parent];
                let y = area.y + pl * row_h + row_h - 1;
                let xs: Vec<u16> = kids.iter().map(|k| pos[k].0).collect();
                links_row(buf, area, (ox, y), px, &xs, line_style);
            }
            for (x, l, id) in cells {
                box_label(
                    ctx,
                    area,
                    (ox + x, area.y + l * row_h),
                    (label_w, row_h),
                    id,
                    buf,
                );
            }
        }
        Geometry::Outline { rows, crumb, more } => {
            // The count goes on the row left free below the outline (none in a 1-row pane).
            let used = rows.len() as u16 + u16::from(!crumb.is_empty());
            if more > 0 && used < area.height {
                more_cue(ctx, area, more, width, buf);
            }
            let top = if crumb.is_empty() {
                0
            } else {
                crumb_row(ctx, &crumb, area, width(area.y) as usize, buf);
                1
            };
            for (i, (id, d)) in rows.into_iter().enumerate() {
                let y = area.y + top + i as u16;
                if y >= area.bottom() {
                    break;
                }
                let spans = outline_row(ctx, area, id, d);
                fit::put_line(buf, area.x, y, &Line::from(spans), width(y));
            }
        }
    }
}

/// The connector row under a parent at column `px` (from `ox`) over its children at `xs`.
fn links_row(buf: &mut Buffer, area: Rect, (ox, y): (u16, u16), px: u16, xs: &[u16], style: Style) {
    let (lo, hi) = (xs[0], xs[xs.len() - 1]);
    for x in lo..=hi {
        put(buf, area, ox + x, y, "─", style);
    }
    for (i, &x) in xs.iter().enumerate() {
        let g = if xs.len() == 1 {
            "│"
        } else if i == 0 {
            "┌"
        } else if i == xs.len() - 1 {
            "┐"
        } else {
            "┬"
        };
        put(buf, area, ox + x, y, g, style);
    }
    put(buf, area, ox + px, y, junction(xs, px), style);
}

/// The glyph where a parent's line at column `px` meets the bar over its children's columns
/// `xs` (sorted): straight down for one child, a corner or a tee at the bar's ends and at a
/// child's column, else a tee up.
pub(crate) fn junction(xs: &[u16], px: u16) -> &'static str {
    let (lo, hi) = (xs[0], xs[xs.len() - 1]);
    if xs.len() == 1 {
        "│"
    } else if px == lo {
        "├"
    } else if px == hi {
        "┤"
    } else if xs.contains(&px) {
        "┼"
    } else {
        "┴"
    }
}

/// A node's label centred over column `cx` on row `y`, and with three rows a level the window
/// it was entered with below it.
fn box_label(
    ctx: &TreeCtx,
    area: Rect,
    (cx, y): (u16, u16),
    (label_w, row_h): (u16, u16),
    id: u32,
    buf: &mut Buffer,
) {
    let spans = label(ctx, id);
    let w: u16 = spans.iter().map(|s| s.width() as u16).sum();
    // Centre the symbol (after the one-column path mark) over the line.
    let start = cx.saturating_sub(w.min(label_w) / 2);
    if y < area.bottom() && start < area.right() {
        buf.set_line(start, y, &Line::from(spans), area.right() - start);
    }
    let n = ctx.replay.tree().get(id);
    if row_h == 3 && (n.enter as usize) < ctx.st.step && n.kind == NodeKind::Call {
        let d = detail(ctx.replay, ctx.units, ctx.max_side, &n);
        let dw = d.chars().count() as u16;
        let dx = cx.saturating_sub(dw / 2);
        if y + 1 < area.bottom() && dx < area.right() {
            buf.set_stringn(
                dx,
                y + 1,
                d,
                (area.right() - dx) as usize,
                ctx.theme.faint(),
            );
        }
    }
}

/// The outline's last row: how many rows follow the last one shown.
fn more_cue(ctx: &TreeCtx, area: Rect, more: usize, width: &dyn Fn(u16) -> u16, buf: &mut Buffer) {
    let count = if more > MORE_LIMIT {
        format!("{MORE_LIMIT}+")
    } else {
        more.to_string()
    };
    let w = width(area.bottom() - 1);
    let cue = fit::first_fit(
        [
            format!("  ↓ {count} more (PgDn, wheel)"),
            format!("  ↓ {count} more"),
        ],
        w as usize,
    );
    fit::put(buf, area.x, area.bottom() - 1, &cue, w, ctx.theme.changed());
}

/// The outline's first row when the root is scrolled off: the first row's ancestors.
fn crumb_row(ctx: &TreeCtx, crumb: &[u32], area: Rect, w: usize, buf: &mut Buffer) {
    let tree = &ctx.replay.tree();
    // Keep the tail of a long path: the nearest ancestors matter most.
    let names: Vec<String> = crumb
        .iter()
        .map(|&c| {
            let n = tree.get(c);
            let name = ctx.replay.catalog().name(n.state);
            format!(
                "{}{name}",
                legend::side(n.turn, &ctx.replay.trace().header.players)
            )
        })
        .collect();
    let mut text = format!("↑ {}", names.join(" › "));
    if crate::text::width(&text) > w {
        text = format!("↑…{}", tail_within(&text, w.saturating_sub(2)));
    }
    // Through the fitting rule, which knows a row cut at its head ("↑…") is whole.
    fit::put(buf, area.x, area.y, &text, w as u16, ctx.theme.path());
}

/// One outline row: node `id` at depth `d` below the pass root, with its fold mark, label,
/// move (or probability), window and static score.
fn outline_row(ctx: &TreeCtx, area: Rect, id: u32, d: u16) -> Vec<Span<'static>> {
    let tree = &ctx.replay.tree();
    let n = tree.get(id);
    let indent = (d as usize * 2).min(area.width as usize / 2);
    let fold = if n.first_child == NONE {
        "  "
    } else if ctx.collapsed.contains(&id) {
        "▸ "
    } else {
        "▾ "
    };
    let mut spans = vec![Span::raw(" ".repeat(indent)), Span::raw(fold)];
    spans.extend(label(ctx, id));
    // An outcome of a chance node shows its probability instead of a move number.
    if let Some(p) = outcome_probability(ctx.replay, &n) {
        spans.push(Span::styled(
            format!("  {}{p}", legend::PROBABILITY.glyph),
            ctx.theme.faint(),
        ));
    } else if n.mv >= 0 && n.parent != NONE {
        // The move as the game names it: a tic-tac-toe square, else its number.
        let from = tree.get(n.parent).state;
        let mv = ctx.replay.catalog().move_short(from, n.mv);
        spans.push(Span::styled(format!("  {mv}"), ctx.theme.faint()));
    }
    if n.kind == NodeKind::Call && (n.enter as usize) < ctx.st.step {
        // Max-n has no window to show.
        let text = if !Look::of_run(ctx.replay).windows {
            format!("  d{} q{}", n.depth, n.qleft)
        } else {
            let conv = Convention::of(ctx.replay, ctx.max_side, n.turn);
            let (a, b) = conv.window((n.alpha, n.beta));
            format!(
                "  d{} q{} ({}, {})",
                n.depth,
                n.qleft,
                ctx.units.sc(a),
                ctx.units.sc(b)
            )
        };
        spans.push(Span::styled(text, ctx.theme.faint()));
    }
    // Quiescence turns on an inner node's static score: where the run uses
    // quiescence, the outline shows it (leaves show their value already).
    if let Some(s) = static_score(ctx.replay, ctx.max_side, &n) {
        let text = format!("  {}{s}", legend::STATIC.glyph);
        spans.push(Span::styled(text, ctx.theme.faint()));
    }
    spans
}

fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, s: &str, style: Style) {
    if x < area.right() && y < area.bottom() && x >= area.x && y >= area.y {
        buf.set_string(x, y, s, style);
    }
}
