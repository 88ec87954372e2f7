//! The searched tree of the current pass.
//!
//! Trees that fit are drawn top-down with box-drawing lines; larger ones (or on request) as an
//! indented outline centred on the node in focus, with foldable subtrees. Each node reads
//! `›▼2≤2✂`: on the active path (›), MIN (▼) node 2, returned an upper bound 2 (≤), a cutoff
//! happened here (✂). Skipped candidates read `⊘`, budget refusals `✗`, table hits `◆`,
//! transpositions `⇄`; unvisited nodes are drawn faint with no value.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use crate::index::{NONE, NodeKind, Outcome, TreeNode};
use crate::replay::{Replay, ReplayState};
use crate::search::tt::Flag;

use crate::tui::app::App;
use crate::tui::theme::Theme;

/// What the tree view reads: one run's replay at one step, and the view settings.
pub struct Ctx<'a> {
    pub replay: &'a Replay,
    /// For node labels (textbook trees name their nodes A, B, …).
    pub graph: &'a crate::game::graph::Graph,
    pub st: &'a ReplayState,
    pub selected: Option<u32>,
    pub collapsed: &'a std::collections::HashSet<u32>,
    pub outline: bool,
    pub theme: Theme,
}

impl<'a> Ctx<'a> {
    pub fn main(app: &'a App) -> Ctx<'a> {
        Ctx {
            graph: &app.lesson.graph,
            replay: &app.replay,
            st: &app.st,
            selected: app.selected,
            collapsed: &app.collapsed,
            outline: app.outline,
            theme: app.theme,
        }
    }

    /// The second run of a comparison, with no selection or folds of its own.
    pub fn partner(app: &'a App, replay: &'a Replay, st: &'a ReplayState) -> Ctx<'a> {
        Ctx {
            graph: &app.lesson.graph,
            replay,
            st,
            selected: None,
            collapsed: &EMPTY,
            outline: app.outline,
            theme: app.theme,
        }
    }

    pub fn current(&self) -> Option<u32> {
        current_node(self.replay, self.st)
    }

    pub fn focus(&self) -> Option<u32> {
        self.selected.or_else(|| self.current())
    }
}

static EMPTY: std::sync::LazyLock<std::collections::HashSet<u32>> =
    std::sync::LazyLock::new(std::collections::HashSet::new);

/// The node the search is at: the top frame, else the last one finished, else the pass root.
pub fn current_node(replay: &Replay, st: &ReplayState) -> Option<u32> {
    st.top().map(|f| f.node).or(st.last_done).or_else(|| {
        replay
            .tree()
            .pass_at(st.step)
            .map(|p| p.root)
            .filter(|&r| r != NONE)
    })
}

/// Box drawing is used only below this many nodes in the pass.
const BOX_LIMIT: usize = 400;

/// Where each node sits on screen.
pub enum Geometry {
    /// (centre x offset, level) per node, the cell width, and the drawing's size.
    Boxes {
        cells: Vec<(u16, u16, u32)>,
        width: u16,
        height: u16,
        /// Parent-children groups for the connector lines.
        links: Vec<(u32, Vec<u32>)>,
        label_w: u16,
        /// Rows per level: 2 (label, lines) or 3 (label, window, lines) when there is room.
        row_h: u16,
    },
    /// Rows (node, depth below the pass root); when the root is scrolled off, the first line
    /// is a breadcrumb of the first row's ancestors.
    Outline {
        rows: Vec<(u32, u16)>,
        crumb: Vec<u32>,
    },
    Empty(String),
}

fn flag_mark(f: Flag) -> &'static str {
    match f {
        Flag::Exact => "=",
        Flag::Lower => "≥",
        Flag::Upper => "≤",
    }
}

/// The spans of one node at the current step.
pub fn label(app: &Ctx, id: u32) -> Vec<Span<'static>> {
    let t = app.theme;
    let r = &app.replay;
    let n: &TreeNode = r.tree().get(id);
    let step = app.st.step;
    let reached = (n.enter as usize) < step;
    let on_path = app.st.frames.iter().any(|f| f.node == id);
    let current = app.current() == Some(id);
    let sym = if n.turn.is_max() { "▲" } else { "▼" };
    let mut spans = Vec::new();
    let prefix = if on_path || current { "›" } else { " " };
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
    if app.selected == Some(id) {
        base = base.add_modifier(Modifier::UNDERLINED);
    }
    spans.push(Span::styled(prefix, base));
    let name = app.graph.name(n.state);
    match n.kind {
        NodeKind::Skipped if reached => spans.push(Span::styled(format!("⊘{sym}{name}"), base)),
        NodeKind::Refused if reached => spans.push(Span::styled(format!("✗{sym}{name}"), base)),
        _ => spans.push(Span::styled(format!("{sym}{name}"), base)),
    }
    if n.kind == NodeKind::Call {
        let exited = n.exit != NONE && (n.exit as usize) < step;
        if exited {
            match n.outcome {
                Some(Outcome::Stored(f)) => {
                    spans.push(Span::styled(format!("{}{}", flag_mark(f), n.value), base))
                }
                Some(Outcome::TableHit) => spans.push(Span::styled(
                    format!("◆{}{}", n.hit_flag().map_or("=", flag_mark), n.value),
                    base.patch(t.hit()),
                )),
                Some(Outcome::Abort) => spans.push(Span::styled("✗", base.patch(t.warn()))),
                None => {}
            }
        } else if reached && !exited && n.outcome == Some(Outcome::Abort) && !on_path {
            spans.push(Span::styled("✗", base.patch(t.warn())));
        }
        if n.cut_event != NONE && (n.cut_event as usize) < step {
            spans.push(Span::styled("✂", base.patch(t.cut())));
        }
        if n.transposed && reached {
            spans.push(Span::styled("⇄", base));
        }
    }
    spans
}

/// The widest a node's label gets over the whole run (so the layout never jumps).
fn label_width(n: &TreeNode) -> u16 {
    let digits = |v: i64| v.to_string().chars().count() as u16;
    let mut w = 2 + digits(n.state as i64);
    match n.kind {
        NodeKind::Call => {
            if n.outcome.is_some() {
                w += 1 + digits(n.value as i64);
            }
            if n.outcome == Some(Outcome::TableHit) {
                w += 1;
            }
            if n.cut_event != NONE {
                w += 1;
            }
            if n.transposed {
                w += 1;
            }
        }
        _ => w += 1,
    }
    w
}

/// The pass whose tree is shown and its root.
fn root(app: &Ctx) -> Result<u32, String> {
    let tree = &app.replay.tree();
    match tree.pass_at(app.st.step) {
        Some(p) if p.root != NONE => Ok(p.root),
        Some(p) => Err(format!(
            "Pass {}: the budget refused the root, so nothing was searched.",
            p.depth
        )),
        None => Err("No pass was run.".into()),
    }
}

pub fn geometry(app: &Ctx, area: Rect) -> Geometry {
    let root = match root(app) {
        Ok(r) => r,
        Err(m) => return Geometry::Empty(m),
    };
    let tree = &app.replay.tree();
    if !app.outline
        && tree.subtree_size(root, BOX_LIMIT) <= BOX_LIMIT
        && let Some(g) = boxes(app, root, area)
    {
        return g;
    }
    outline(app, root, area)
}

fn boxes(app: &Ctx, root: u32, area: Rect) -> Option<Geometry> {
    let tree = &app.replay.tree();
    // Pre-order list with levels, and the widest label.
    let mut order = Vec::new();
    let mut stack = vec![(root, 0u16)];
    let mut label_w = 0;
    while let Some((id, level)) = stack.pop() {
        order.push((id, level));
        label_w = label_w.max(label_width(tree.get(id)));
        let kids: Vec<u32> = tree.children(id).collect();
        for &c in kids.iter().rev() {
            stack.push((c, level + 1));
        }
    }
    let levels = order.iter().map(|o| o.1).max().unwrap_or(0) + 1;
    let leaves = order
        .iter()
        .filter(|o| tree.get(o.0).first_child == NONE)
        .count()
        .max(1) as u16;
    // On large screens each node also shows the window it was entered with, if that fits.
    let detail_w = order
        .iter()
        .map(|o| detail(tree.get(o.0)).chars().count() as u16)
        .max()
        .unwrap_or(0);
    let rich_w = label_w.max(detail_w) + 1;
    let rich = levels * 3 - 1 <= area.height && leaves * rich_w <= area.width;
    let (base_w, row_h) = if rich { (rich_w, 3) } else { (label_w + 1, 2) };
    // Spread out on wide screens, but keep siblings close enough to read as a family.
    let cell = base_w.max((area.width / leaves).min(base_w + 8));
    let height = levels * row_h - 1;
    // Leaves take one cell each; parents centre over their children.
    let mut centre = std::collections::HashMap::new();
    let mut cursor = 0u16;
    let mut links = Vec::new();
    for &(id, _) in order.iter().rev() {
        let kids: Vec<u32> = tree.children(id).collect();
        if kids.is_empty() {
            continue;
        }
        links.push((id, kids));
    }
    // Leaves in pre-order get increasing cells.
    for &(id, _) in &order {
        if tree.get(id).first_child == NONE {
            centre.insert(id, cursor * cell + cell / 2);
            cursor += 1;
        }
    }
    let width = cursor.checked_mul(cell)?;
    if width > area.width || height > area.height {
        return None;
    }
    for (id, kids) in &links {
        // `links` runs children before parents (reverse pre-order), so kids are placed.
        let first = centre[&kids[0]];
        let last = centre[&kids[kids.len() - 1]];
        centre.insert(*id, (first + last) / 2);
    }
    let cells = order.iter().map(|&(id, l)| (centre[&id], l, id)).collect();
    Some(Geometry::Boxes {
        cells,
        width,
        height,
        links,
        label_w,
        row_h,
    })
}

/// The window a call was entered with, as the rich box drawing shows under the node.
fn detail(n: &TreeNode) -> String {
    if n.kind != NodeKind::Call {
        return String::new();
    }
    format!(
        "({},{})",
        crate::replay::narrate::sc(n.alpha),
        crate::replay::narrate::sc(n.beta)
    )
}

fn outline(app: &Ctx, root: u32, area: Rect) -> Geometry {
    let tree = &app.replay.tree();
    let collapsed = |id: u32| app.collapsed.contains(&id);
    // The focus, or its highest folded ancestor when it is hidden.
    let mut focus = app
        .focus()
        .filter(|&f| in_pass(app, f, root))
        .unwrap_or(root);
    let mut a = tree.get(focus).parent;
    while a != NONE {
        if collapsed(a) {
            focus = a;
        }
        a = tree.get(a).parent;
    }
    let h = area.height as usize;
    let depth_of = |id: u32| {
        let mut d = 0u16;
        let mut p = tree.get(id).parent;
        while p != NONE {
            d += 1;
            p = tree.get(p).parent;
        }
        d
    };
    let mut before = Vec::new();
    let mut cur = focus;
    while before.len() < h / 2 {
        if cur == root {
            break;
        }
        match tree.prev_preorder(cur, &collapsed) {
            Some(p) => {
                before.push(p);
                cur = p;
            }
            None => break,
        }
    }
    before.reverse();
    let mut rows: Vec<u32> = before;
    rows.push(focus);
    let mut cur = focus;
    while rows.len() < h {
        match tree.next_preorder(cur, &collapsed) {
            Some(n) if in_pass(app, n, root) => {
                rows.push(n);
                cur = n;
            }
            _ => break,
        }
    }
    // When the pass root is scrolled off, the top line names the ancestors instead.
    let mut crumb = Vec::new();
    if rows.first().is_some_and(|&r| r != root) && rows.len() > 1 {
        if rows[0] != focus {
            rows.remove(0);
        } else {
            rows.pop();
        }
        let mut p = tree.get(rows[0]).parent;
        while p != NONE {
            crumb.push(p);
            p = tree.get(p).parent;
        }
        crumb.reverse();
    }
    let base = rows.first().map_or(0, |&r| depth_of(r));
    let mut d = base;
    let mut out = Vec::with_capacity(rows.len());
    for (i, &id) in rows.iter().enumerate() {
        if i > 0 {
            // Depth changes by +1 going to a child, or drops to the next sibling's level.
            d = depth_of(id);
        }
        out.push((id, d));
    }
    Geometry::Outline { rows: out, crumb }
}

fn in_pass(app: &Ctx, id: u32, root: u32) -> bool {
    let tree = &app.replay.tree();
    let n = tree.get(id);
    let r = tree.get(root);
    n.pass == r.pass && (n.kind != NodeKind::Call || id >= root)
}

pub fn render(app: &Ctx, area: Rect, buf: &mut Buffer) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    match geometry(app, area) {
        Geometry::Empty(m) => {
            buf.set_stringn(area.x, area.y, m, area.width as usize, app.theme.faint());
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
            let line_style = app.theme.faint().remove_modifier(Modifier::DIM);
            let pos: std::collections::HashMap<u32, (u16, u16)> =
                cells.iter().map(|&(x, l, id)| (id, (x, l))).collect();
            for (parent, kids) in &links {
                let (px, pl) = pos[parent];
                let y = area.y + pl * row_h + row_h - 1;
                let xs: Vec<u16> = kids.iter().map(|k| pos[k].0).collect();
                let (lo, hi) = (xs[0], xs[xs.len() - 1]);
                for x in lo..=hi {
                    put(buf, area, ox + x, y, "─", line_style);
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
                    put(buf, area, ox + x, y, g, line_style);
                }
                let g = if xs.len() == 1 {
                    "│"
                } else if px == lo {
                    "├"
                } else if px == hi {
                    "┤"
                } else if xs.contains(&px) {
                    "┼"
                } else {
                    "┴"
                };
                put(buf, area, ox + px, y, g, line_style);
            }
            for (x, l, id) in cells {
                let spans = label(app, id);
                let w: u16 = spans.iter().map(|s| s.width() as u16).sum();
                // Centre the symbol (after the one-column path mark) over the line.
                let start = (ox + x).saturating_sub(w.min(label_w) / 2);
                let y = area.y + l * row_h;
                if y < area.bottom() && start < area.right() {
                    buf.set_line(start, y, &Line::from(spans), area.right() - start);
                }
                let n = app.replay.tree().get(id);
                if row_h == 3 && (n.enter as usize) < app.st.step && n.kind == NodeKind::Call {
                    let d = detail(n);
                    let dw = d.chars().count() as u16;
                    let dx = (ox + x).saturating_sub(dw / 2);
                    if y + 1 < area.bottom() && dx < area.right() {
                        buf.set_stringn(
                            dx,
                            y + 1,
                            d,
                            (area.right() - dx) as usize,
                            app.theme.faint(),
                        );
                    }
                }
            }
        }
        Geometry::Outline { rows, crumb } => {
            let tree = &app.replay.tree();
            let top = if crumb.is_empty() {
                0
            } else {
                // Keep the tail of a long path: the nearest ancestors matter most.
                let names: Vec<String> = crumb
                    .iter()
                    .map(|&c| {
                        let n = tree.get(c);
                        format!("{}{}", if n.turn.is_max() { "▲" } else { "▼" }, n.state)
                    })
                    .collect();
                let mut text = format!("↑ {}", names.join(" › "));
                let w = area.width as usize;
                if text.chars().count() > w {
                    let chars: Vec<char> = text.chars().collect();
                    let tail: String = chars[chars.len() - w.saturating_sub(2)..].iter().collect();
                    text = format!("↑…{tail}");
                }
                buf.set_stringn(area.x, area.y, text, w, app.theme.path());
                1
            };
            for (i, (id, d)) in rows.into_iter().enumerate() {
                let y = area.y + top + i as u16;
                if y >= area.bottom() {
                    break;
                }
                let n = tree.get(id);
                let indent = (d as usize * 2).min(area.width as usize / 2);
                let fold = if n.first_child == NONE {
                    "  "
                } else if app.collapsed.contains(&id) {
                    "▸ "
                } else {
                    "▾ "
                };
                let mut spans = vec![Span::raw(" ".repeat(indent)), Span::raw(fold)];
                spans.extend(label(app, id));
                if n.mv >= 0 {
                    spans.push(Span::styled(format!("  m{}", n.mv), app.theme.faint()));
                }
                if n.kind == NodeKind::Call && (n.enter as usize) < app.st.step {
                    spans.push(Span::styled(
                        format!(
                            "  d{} q{} ({}, {})",
                            n.depth,
                            n.qleft,
                            crate::replay::narrate::sc(n.alpha),
                            crate::replay::narrate::sc(n.beta)
                        ),
                        app.theme.faint(),
                    ));
                }
                buf.set_line(area.x, y, &Line::from(spans), area.width);
            }
        }
    }
}

fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, s: &str, style: Style) {
    if x < area.right() && y < area.bottom() && x >= area.x && y >= area.y {
        buf.set_string(x, y, s, style);
    }
}

/// The node drawn at (x, y), if any.
pub fn hit(app: &Ctx, area: Rect, x: u16, y: u16) -> Option<u32> {
    match geometry(app, area) {
        Geometry::Boxes {
            cells,
            width,
            label_w,
            row_h,
            ..
        } => {
            let ox = area.x + (area.width - width) / 2;
            cells.into_iter().find_map(|(cx, l, id)| {
                let start = (ox + cx).saturating_sub(label_w / 2);
                let yy = area.y + l * row_h;
                (yy == y && x + 1 >= start && x <= start + label_w + 1).then_some(id)
            })
        }
        Geometry::Outline { rows, crumb } => {
            let top = u16::from(!crumb.is_empty());
            (y >= area.y + top)
                .then(|| rows.get((y - area.y - top) as usize).map(|r| r.0))
                .flatten()
        }
        Geometry::Empty(_) => None,
    }
}
