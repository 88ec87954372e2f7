//! Where each node of the shown pass sits: top-down boxes when the pass fits (and the outline
//! is not asked for), else an indented outline around the node in focus. The tree view draws
//! from it, and mouse clicks are tested against it.

use std::collections::HashMap;

use ratatui::layout::Rect;

use crate::index::{NONE, NodeKind, Outcome, TreeNode};
use crate::replay::Replay;
use crate::value::Units;

use crate::tui::legend;
use crate::tui::look::Look;
use crate::tui::model::{Convention, TreeCtx};

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
    /// `more` counts the rows after the last one shown (the cue on the area's last row).
    Outline {
        rows: Vec<(u32, u16)>,
        crumb: Vec<u32>,
        more: usize,
    },
    Empty(String),
}

/// The widest a node's label gets over the whole run (so the layout never jumps): the path
/// mark, the side, the catalog's name, a tactical mark, then what the call returned.
fn label_width(ctx: &TreeCtx, n: &TreeNode) -> u16 {
    let digits = |v: i64| v.to_string().chars().count() as u16;
    let catalog = ctx.replay.catalog();
    let tactical = crate::tui::model::reached_by_tactical(ctx.replay, n);
    let mut w = 2 + crate::text::width(&catalog.name(n.state)) as u16 + u16::from(tactical);
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
fn root(ctx: &TreeCtx) -> Result<u32, String> {
    let tree = &ctx.replay.tree();
    // With aspiration windows a pass searches its root more than once: the attempt at hand.
    match tree.pass_at(ctx.st.step) {
        Some(_) if let Some(root) = tree.root_at(ctx.st.step) => Ok(root),
        Some(p) if p.root != NONE => Ok(p.root),
        Some(p) => Err(format!(
            "{}: the budget refused the root, so nothing was searched.",
            crate::replay::narrate::pass_title(ctx.replay.options(), p.depth)
        )),
        None => Err("No pass was run.".into()),
    }
}

pub fn geometry(ctx: &TreeCtx, area: Rect) -> Geometry {
    let root = match root(ctx) {
        Ok(r) => r,
        Err(m) => return Geometry::Empty(m),
    };
    let tree = &ctx.replay.tree();
    if !ctx.outline
        && tree.subtree_size(root, BOX_LIMIT) <= BOX_LIMIT
        && let Some(g) = boxes(ctx, root, area)
    {
        return g;
    }
    outline(ctx, root, area)
}

fn boxes(ctx: &TreeCtx, root: u32, area: Rect) -> Option<Geometry> {
    let tree = &ctx.replay.tree();
    // Pre-order list with levels, and the widest label.
    let mut order = Vec::new();
    let mut stack = vec![(root, 0u16)];
    let mut label_w = 0;
    while let Some((id, level)) = stack.pop() {
        order.push((id, level));
        label_w = label_w.max(label_width(ctx, &tree.get(id)));
        let kids: Vec<u32> = tree.children(id).collect();
        for &c in kids.iter().rev() {
            stack.push((c, level + 1));
        }
    }
    let levels = order.iter().map(|o| o.1).max().unwrap_or(0) + 1;
    let leaves = order
        .iter()
        .filter(|o| tree.links(o.0).first_child == NONE)
        .count()
        .max(1) as u16;
    // On large screens each node also shows the window it was entered with, if that fits.
    let detail_w = order
        .iter()
        .map(|o| {
            detail(ctx.replay, ctx.units, ctx.max_side, &tree.get(o.0))
                .chars()
                .count() as u16
        })
        .max()
        .unwrap_or(0);
    let rich_w = label_w.max(detail_w) + 1;
    let rich = levels * 3 - 1 <= area.height && leaves * rich_w <= area.width;
    let (base_w, row_h) = if rich { (rich_w, 3) } else { (label_w + 1, 2) };
    // Spread out on wide screens, but keep siblings close enough to read as a family.
    let cell = base_w.max((area.width / leaves).min(base_w + 8));
    let height = levels * row_h - 1;
    // Leaves take one cell each; parents centre over their children.
    let mut centre = HashMap::new();
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
        if tree.links(id).first_child == NONE {
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
/// `max_side`: a negamax run's numbers from MAX's side (`M`), not the side to move.
pub fn detail(r: &Replay, u: &Units, max_side: bool, n: &TreeNode) -> String {
    // An outcome of a chance node carries its probability, searched or not.
    let p = outcome_probability(r, n).map_or(String::new(), |p| {
        format!("{}{p} ", legend::PROBABILITY.glyph)
    });
    // Max-n has no window to show.
    if n.kind != NodeKind::Call || !Look::of_run(r).windows {
        return p.trim_end().to_string();
    }
    let conv = Convention::of(r, max_side, n.turn);
    let (a, b) = conv.window((n.alpha, n.beta));
    let window = format!("{p}({},{})", u.sc(a), u.sc(b));
    match static_score(r, max_side, n) {
        Some(s) => format!("{window} {}{s}", legend::STATIC.glyph),
        None => window,
    }
}

/// The probability of the move that led to `n`, when its parent is a chance node.
pub fn outcome_probability(r: &Replay, n: &TreeNode) -> Option<crate::exact::Ratio> {
    let tree = r.tree();
    (n.parent != NONE)
        .then(|| tree.get(n.parent))
        .filter(|p| p.turn.is_chance())
        .and_then(|p| r.catalog().probability(p.state, n.mv))
}

/// The static score of an inner node, in a run with quiescence (where stand pat reads it;
/// a leaf's value is on its label already).
/// It is shown in the frame's convention, as every number of the node.
pub fn static_score(r: &Replay, max_side: bool, n: &TreeNode) -> Option<i32> {
    if r.options().qlimit == 0 || n.first_child == NONE {
        return None;
    }
    let conv = Convention::of(r, max_side, n.turn);
    r.catalog().score(n.state).map(|s| conv.game_value(s))
}

fn outline(ctx: &TreeCtx, root: u32, area: Rect) -> Geometry {
    let tree = &ctx.replay.tree();
    let collapsed = |id: u32| ctx.collapsed.contains(&id);
    let h = area.height as usize;
    let next = |id: u32| {
        tree.next_preorder(id, &collapsed)
            .filter(|&n| in_pass(ctx, n, root))
    };
    let prev = |id: u32| {
        (id != root)
            .then(|| tree.prev_preorder(id, &collapsed))
            .flatten()
    };
    // The student's scroll moves the anchor off the focus, by rows of the outline.
    let mut anchor = outline_focus(ctx, root);
    for _ in 0..ctx.scroll.unsigned_abs() {
        let moved = if ctx.scroll > 0 {
            next(anchor)
        } else {
            prev(anchor)
        };
        match moved {
            Some(n) => anchor = n,
            None => break,
        }
    }
    let mut rows = around(anchor, h, &next, &prev);
    // When the pass root is scrolled off, the top line names the ancestors instead.
    let mut crumb = Vec::new();
    if rows.first().is_some_and(|&r| r != root) && rows.len() > 1 {
        if rows[0] != anchor {
            rows.remove(0);
        } else {
            rows.pop();
        }
        let mut p = tree.links(rows[0]).parent;
        while p != NONE {
            crumb.push(p);
            p = tree.links(p).parent;
        }
        crumb.reverse();
    }
    // Rows below the window: the last row becomes their count.
    let mut more = rows.last().map_or(0, |&end| rows_after(end, &next));
    if more > 0 && rows.len() > 1 && rows.len() + usize::from(!crumb.is_empty()) >= h {
        rows.pop();
        more += 1;
    }
    let out = rows.iter().map(|&id| (id, depth_of(ctx, id))).collect();
    Geometry::Outline {
        rows: out,
        crumb,
        more,
    }
}

/// The node the outline centres on: the focus, or its highest folded ancestor when it is
/// hidden.
fn outline_focus(ctx: &TreeCtx, root: u32) -> u32 {
    let tree = &ctx.replay.tree();
    let mut focus = ctx
        .focus()
        .filter(|&f| in_pass(ctx, f, root))
        .unwrap_or(root);
    let mut a = tree.links(focus).parent;
    while a != NONE {
        if ctx.collapsed.contains(&a) {
            focus = a;
        }
        a = tree.links(a).parent;
    }
    focus
}

/// Up to `h` rows of the outline around `anchor` (`next` and `prev` walk it): half above,
/// the rest below, and at the end of the pass the window filled from above.
fn around(
    anchor: u32,
    h: usize,
    next: &dyn Fn(u32) -> Option<u32>,
    prev: &dyn Fn(u32) -> Option<u32>,
) -> Vec<u32> {
    let mut rows: Vec<u32> = vec![anchor];
    let (mut first, mut last) = (anchor, anchor);
    while rows.len() < h / 2 + 1 {
        match prev(first) {
            Some(p) => {
                rows.insert(0, p);
                first = p;
            }
            None => break,
        }
    }
    while rows.len() < h {
        match next(last) {
            Some(n) => {
                rows.push(n);
                last = n;
            }
            None => break,
        }
    }
    while rows.len() < h {
        match prev(first) {
            Some(p) => {
                rows.insert(0, p);
                first = p;
            }
            None => break,
        }
    }
    rows
}

/// The outline's rows after `end`, counted up to just past `MORE_LIMIT`.
fn rows_after(end: u32, next: &dyn Fn(u32) -> Option<u32>) -> usize {
    let mut more = 0;
    let mut cur = end;
    while let Some(n) = next(cur) {
        more += 1;
        cur = n;
        if more > MORE_LIMIT {
            break;
        }
    }
    more
}

/// How far node `id` is below the tree's root.
fn depth_of(ctx: &TreeCtx, id: u32) -> u16 {
    let tree = &ctx.replay.tree();
    let mut d = 0u16;
    let mut p = tree.links(id).parent;
    while p != NONE {
        d += 1;
        p = tree.links(p).parent;
    }
    d
}

/// Rows below the outline are counted up to this many ("more than 1000"): every frame counts
/// them, and past fifty screens of rows the exact number tells a reader nothing more.
pub const MORE_LIMIT: usize = 1_000;

fn in_pass(ctx: &TreeCtx, id: u32, root: u32) -> bool {
    // Read for every row the outline counts (up to `MORE_LIMIT` a frame): only the pass and
    // whether the node is a call, never the whole node.
    let tree = &ctx.replay.tree();
    tree.pass_of_node(id) == tree.pass_of_node(root) && (id >= root || id >= tree.calls())
}

/// The rows the tree of `area` needs at the least: the box drawing without the window line
/// under each node, or the outline's rows when the whole pass is listed. The narration may
/// have the rest.
pub fn rows_used(ctx: &TreeCtx, area: Rect) -> u16 {
    match geometry(ctx, area) {
        Geometry::Boxes { height, row_h, .. } => {
            let levels = (height + 1) / row_h;
            levels * 2 - 1
        }
        Geometry::Outline { rows, crumb, more } => {
            let n = rows.len() as u16 + u16::from(!crumb.is_empty()) + u16::from(more > 0);
            if n < area.height { n } else { area.height }
        }
        Geometry::Empty(_) => 1,
    }
}

/// The node drawn at (x, y), if any.
pub fn hit(ctx: &TreeCtx, area: Rect, x: u16, y: u16) -> Option<u32> {
    match geometry(ctx, area) {
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
        Geometry::Outline { rows, crumb, .. } => {
            let top = u16::from(!crumb.is_empty());
            (y >= area.y + top)
                .then(|| rows.get((y - area.y - top) as usize).map(|r| r.0))
                .flatten()
        }
        Geometry::Empty(_) => None,
    }
}
