//! Presenter mode's tree: one box per node of the shown pass, placed by
//! `layout::present::boxes`. A box holds the node's name row (`›▼2✂`: on the active path,
//! MIN, node 2, a cutoff here), the window it was entered with, and the value it returned.
//!
//! What a node is reads from its border as well as its colour: double for the node the
//! search is at, heavy for the rest of the active path, plain once visited, dashed while
//! unvisited or skipped (a skipped one also reads `⊘`). Unframed boxes (small screens) say
//! the same with the name row's marks and reversed video for the current node.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Widget};

use crate::index::{NONE, NodeKind, Outcome};
use crate::search::tt::Flag;

use crate::tui::layout::present::Boxes;
use crate::tui::layout::tree::detail;
use crate::tui::legend;
use crate::tui::model::{TreeCtx, reached_by_tactical};
use crate::tui::theme::Stage;

/// What a node is at this step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    Unvisited,
    Done,
    Path,
    Current,
    Skipped,
    Refused,
}

impl Look {
    /// The name row's style for this look.
    fn style(self, s: Stage) -> Style {
        match self {
            Look::Current => s.current(),
            Look::Path => s.path(),
            Look::Done => s.strong(),
            Look::Skipped => s.skipped(),
            Look::Refused => s.warn(),
            Look::Unvisited => s.text(),
        }
    }
}

/// What one node's box shows at this step.
pub struct Face {
    pub look: Look,
    pub name: Vec<Span<'static>>,
    /// The window it was entered with (once entered).
    pub window: Option<String>,
    /// What it returned (once it has).
    pub value: Option<Span<'static>>,
    /// A cutoff happened here (by this step).
    pub cut: bool,
}

pub fn face(ctx: &TreeCtx, s: Stage, id: u32) -> Face {
    let r = ctx.replay;
    let n = r.tree().get(id);
    let step = ctx.st.step;
    let reached = (n.enter as usize) < step;
    let on_path = ctx.st.frames.iter().any(|f| f.node == id);
    let current = ctx.current() == Some(id);
    let look = match (n.kind, reached) {
        (NodeKind::Call, true) if current => Look::Current,
        (NodeKind::Call, true) if on_path => Look::Path,
        (NodeKind::Call, true) => Look::Done,
        (NodeKind::Skipped, true) => Look::Skipped,
        (NodeKind::Refused, true) => Look::Refused,
        _ => Look::Unvisited,
    };
    let style = look.style(s);
    let prefix = if on_path || current {
        legend::PATH.glyph
    } else {
        ""
    };
    let mark = match look {
        Look::Skipped => legend::SKIPPED.glyph,
        Look::Refused => legend::REFUSED.glyph,
        _ => "",
    };
    let tactical = if reached_by_tactical(r, &n) {
        legend::TACTICAL.glyph
    } else {
        ""
    };
    let name = r.catalog().name(n.state);
    let side = legend::side(n.turn, &r.trace().header.players);
    // PVS: a scout and the re-search of its move are two visits of one child (as on the main
    // screen).
    let visit = if n.research {
        legend::RESEARCH.glyph
    } else if n.scout {
        legend::SCOUT.glyph
    } else {
        ""
    };
    let mut spans = vec![Span::styled(
        format!("{prefix}{mark}{visit}{side}{name}{tactical}"),
        style,
    )];
    let cut = n.kind == NodeKind::Call && n.cut_event != NONE && (n.cut_event as usize) < step;
    if cut {
        spans.push(Span::styled(legend::CUT.glyph, s.cut()));
    }
    if n.kind == NodeKind::Call && n.transposed && reached {
        spans.push(Span::styled(legend::TRANSPOSED.glyph, s.strong()));
    }
    let exited = n.exit != NONE && (n.exit as usize) < step;
    if n.kind == NodeKind::Call && n.researched && exited {
        spans.push(Span::styled(legend::FAILED_HIGH.glyph, s.cut()));
    }
    if n.tied && n.exit != NONE && (n.exit as usize + 2) < step {
        spans.push(Span::styled(legend::TIE.glyph, s.cut()));
    }
    let window = (n.kind == NodeKind::Call && reached).then(|| detail(r, ctx.units, false, &n));
    let value = value_span(ctx, s, id, exited);
    Face {
        look,
        name: spans,
        window,
        value,
        cut,
    }
}

/// What node `id` returned (once it has, `exited`), or an open chance frame's sum so far.
fn value_span(ctx: &TreeCtx, s: Stage, id: u32, exited: bool) -> Option<Span<'static>> {
    let n = ctx.replay.tree().get(id);
    let value = match n.outcome {
        _ if n.kind != NodeKind::Call || !exited => None,
        Some(Outcome::Stored(f)) => Some(Span::styled(
            format!("{}{}", f.mark(), ctx.units.sc(n.value)),
            s.strong(),
        )),
        Some(Outcome::TableHit) => Some(Span::styled(
            format!(
                "{}{}{}",
                legend::HIT.glyph,
                n.hit_flag().map_or("=", Flag::mark),
                ctx.units.sc(n.value)
            ),
            s.hit(),
        )),
        Some(Outcome::Abort) => Some(Span::styled(legend::REFUSED.glyph, s.warn())),
        None => None,
    };
    // An open chance frame shows what it knows so far: its sum, and its interval.
    value.or_else(|| {
        let f = ctx
            .st
            .frames
            .iter()
            .find(|f| f.node == id && f.turn.is_chance())?;
        let (sum, _) = f.average?;
        let interval = f.interval.map_or(String::new(), |(lo, hi)| {
            format!(" in [{}, {}]", ctx.units.sc(lo), ctx.units.sc(hi))
        });
        Some(Span::styled(
            format!(
                "{} {}{interval}",
                legend::CHANCE_SUM.glyph,
                ctx.units.sc(sum)
            ),
            s.strong(),
        ))
    })
}

/// Draws the boxes and their connectors into `area` (the origin of `b`'s cells).
pub fn draw(ctx: &TreeCtx, s: Stage, b: &Boxes, area: Rect, buf: &mut Buffer) {
    let at: std::collections::HashMap<u32, (u16, u16)> =
        b.cells.iter().map(|&(id, x, y)| (id, (x, y))).collect();
    let on_path = |id: u32| ctx.st.frames.iter().any(|f| f.node == id);
    let h = b.style.height();
    for (parent, kids) in &b.links {
        let (px, py) = at[parent];
        let y0 = py + h;
        let line_y = y0 + (b.gap - 1) / 2;
        let style = |id: u32| if on_path(id) { s.path() } else { s.text() };
        let xs: Vec<u16> = kids.iter().map(|k| at[k].0).collect();
        let (lo, hi) = (xs[0], xs[xs.len() - 1]);
        for x in lo..=hi {
            put(buf, area, x, line_y, "─", s.text());
        }
        for y in y0..line_y {
            put(buf, area, px, y, "│", style(*parent));
        }
        for (i, (&x, &k)) in xs.iter().zip(kids).enumerate() {
            let g = match (xs.len(), i) {
                (1, _) => "│",
                (_, 0) => "┌",
                (n, i) if i == n - 1 => "┐",
                _ => "┬",
            };
            let st = style(k);
            put(buf, area, x, line_y, g, st);
            for y in line_y + 1..at[&k].1 {
                put(buf, area, x, y, "│", st);
            }
        }
        let g = crate::tui::view::tree::junction(&xs, px);
        put(buf, area, px, line_y, g, style(*parent));
    }
    for &(id, cx, y) in &b.cells {
        draw_box(ctx, s, b, id, cx, y, area, buf);
    }
}

#[allow(clippy::too_many_arguments)]
fn draw_box(
    ctx: &TreeCtx,
    s: Stage,
    b: &Boxes,
    id: u32,
    cx: u16,
    y: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    let f = face(ctx, s, id);
    let x = area.x + cx.saturating_sub(b.box_w / 2);
    let rect = Rect::new(x, area.y + y, b.box_w, b.style.height()).intersection(area);
    let inner = if b.style.framed {
        let (kind, style) = match f.look {
            Look::Current => (BorderType::Double, s.path()),
            Look::Path => (BorderType::Thick, s.path()),
            Look::Done | Look::Refused if f.cut => (BorderType::Plain, s.cut()),
            Look::Done | Look::Refused => (BorderType::Plain, s.strong()),
            Look::Skipped | Look::Unvisited => (BorderType::LightDoubleDashed, s.text()),
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .border_type(kind)
            .border_style(style);
        let inner = block.inner(rect);
        block.render(rect, buf);
        let pad = b.style.pad.min(inner.height / 2);
        Rect::new(inner.x, inner.y + pad, inner.width, inner.height - 2 * pad)
    } else {
        rect
    };
    let mut rows: Vec<Line<'static>> = Vec::new();
    let window = f.window.map(|w| Line::from(Span::styled(w, s.text())));
    if b.style.rows == 3 {
        rows.push(Line::from(f.name));
        rows.push(window.unwrap_or_default());
        rows.push(f.value.map(Line::from).unwrap_or_default());
    } else {
        let mut name = f.name;
        if let Some(v) = f.value {
            name.push(Span::styled(" ", s.text()));
            name.push(v);
        }
        rows.push(Line::from(name));
        rows.push(window.unwrap_or_default());
    }
    for (i, line) in rows.iter().enumerate() {
        let yy = inner.y + i as u16;
        if yy >= inner.bottom() || inner.width == 0 {
            break;
        }
        let w = (line.width() as u16).min(inner.width);
        let lx = inner.x + (inner.width - w) / 2;
        buf.set_line(lx, yy, line, inner.right() - lx);
    }
}

fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, g: &str, style: Style) {
    let (x, y) = (area.x + x, area.y + y);
    if x < area.right() && y < area.bottom() {
        buf.set_string(x, y, g, style);
    }
}
