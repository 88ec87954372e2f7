//! Presenter mode's screen: its regions, and where each node box of the shown pass sits.
//!
//! The boxes are the largest that fit, tried in order: framed boxes of three rows (name,
//! window, value), unframed three rows, unframed two rows (name and value, window). Their
//! widths come from what each node shows over the whole run, so nothing moves while stepping.
//! A pass too large for any of them is drawn as the main screen's outline instead.

use std::collections::HashMap;

use ratatui::layout::Rect;

use crate::index::{NONE, NodeKind, TreeNode};
use crate::replay::Replay;
use crate::value::Units;

use crate::tui::layout::tree::detail;
use crate::tui::model::TreeCtx;

/// Box drawing is tried only below this many nodes in the pass (a demo tree is small).
const BOX_LIMIT: usize = 200;

/// The regions, top to bottom: the indicator (one line, or four with large digits), the tree
/// (its top row a titled rule), the narration (its top row a rule) and the footer.
pub struct Regions {
    pub indicator: Rect,
    /// Whether the indicator has room for its large digits (`view::present::digits`).
    pub big: bool,
    pub tree: Rect,
    pub narration: Rect,
    pub footer: Rect,
}

impl Regions {
    /// The regions of `area`; `big_w` is how wide the large indicator would be.
    pub fn new(area: Rect, big_w: u16) -> Regions {
        let big = area.height >= 24 && big_w <= area.width;
        let ind_h = if big { 4 } else { 1 };
        // The narration's rows under its rule: more on a tall screen, always at least two.
        let text_rows = if area.height >= 50 {
            4
        } else if area.height >= 30 {
            3
        } else {
            2
        };
        let nar_h = (1 + text_rows).min(area.height.saturating_sub(ind_h + 2));
        let rest = area.height.saturating_sub(ind_h + nar_h + 1);
        let row = |y: u16, h: u16| Rect::new(area.x, area.y + y, area.width, h);
        Regions {
            indicator: row(0, ind_h.min(area.height)),
            big,
            tree: row(ind_h, rest),
            narration: row(ind_h + rest, nar_h),
            footer: row(area.height.saturating_sub(1), area.height.min(1)),
        }
    }
}

/// How the nodes are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoxStyle {
    /// A border around each node (its kind says what the node is: see `view::present`).
    pub framed: bool,
    /// Text rows inside: 3 (name, window, value) or 2 (name and value, window).
    pub rows: u16,
    /// Blank rows above and below the text inside a frame (a big screen's bigger boxes).
    pub pad: u16,
}

impl BoxStyle {
    const TRIED: [BoxStyle; 4] = [
        BoxStyle {
            framed: true,
            rows: 3,
            pad: 1,
        },
        BoxStyle {
            framed: true,
            rows: 3,
            pad: 0,
        },
        BoxStyle {
            framed: false,
            rows: 3,
            pad: 0,
        },
        BoxStyle {
            framed: false,
            rows: 2,
            pad: 0,
        },
    ];

    /// Rows one box takes.
    pub fn height(self) -> u16 {
        self.rows + if self.framed { 2 + 2 * self.pad } else { 0 }
    }
}

/// Where every node of the pass goes.
pub struct Boxes {
    pub style: BoxStyle,
    /// (node, centre column, top row), relative to `area` of `boxes`.
    pub cells: Vec<(u32, u16, u16)>,
    /// Parent and its children, for the connector lines.
    pub links: Vec<(u32, Vec<u32>)>,
    /// The width of every box (frame included).
    pub box_w: u16,
    /// Rows between one level's boxes and the next's (the connectors run there).
    pub gap: u16,
}

impl Boxes {
    pub fn level_y(&self, level: u16) -> u16 {
        level * (self.style.height() + self.gap)
    }
}

/// The widest each text row of node `n` gets over the run: the name row (path mark, side,
/// name, and room for the marks after it), the window row, the value row.
fn widths(r: &Replay, u: &Units, n: &TreeNode) -> (u16, u16, u16) {
    let chars = |s: &str| crate::text::width(s) as u16;
    // PVS: the visit's mark before the side (∘ ↻), the fail-high mark after (↑).
    let pvs = u16::from(n.scout || n.research) + u16::from(n.researched);
    let side = chars(&crate::tui::legend::side(n.turn, &r.trace().header.players));
    let name = 1 + side + chars(&r.catalog().name(n.state)) + 3 + pvs;
    if n.kind != NodeKind::Call {
        return (name, 0, 0);
    }
    let window = chars(&detail(r, u, false, n));
    // A flag or hit mark, the value, and room for a second mark (◆ with its flag).
    let value = 2 + n.value.to_string().chars().count() as u16;
    (name, window, value)
}

/// The pass root shown at this step, when it was searched.
pub fn root(ctx: &TreeCtx) -> Option<u32> {
    ctx.replay
        .tree()
        .pass_at(ctx.st.step)
        .map(|p| p.root)
        .filter(|&r| r != NONE)
}

/// The largest boxes of the shown pass that fit `area`, or `None` (draw the outline).
pub fn boxes(ctx: &TreeCtx, area: Rect) -> Option<Boxes> {
    let root = root(ctx)?;
    let tree = ctx.replay.tree();
    if tree.subtree_size(root, BOX_LIMIT) > BOX_LIMIT {
        return None;
    }
    // Pre-order with levels.
    let mut order = Vec::new();
    let mut stack = vec![(root, 0u16)];
    let (mut name_w, mut window_w, mut value_w) = (0, 0, 0);
    while let Some((id, level)) = stack.pop() {
        order.push((id, level));
        let (a, b, c) = widths(ctx.replay, ctx.units, &tree.get(id));
        (name_w, window_w, value_w) = (name_w.max(a), window_w.max(b), value_w.max(c));
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
    let style = BoxStyle::TRIED.into_iter().find_map(|style| {
        let text_w = if style.rows == 3 {
            name_w.max(window_w).max(value_w)
        } else {
            (name_w + value_w).max(window_w)
        };
        let box_w = text_w + if style.framed { 2 + 4 * style.pad } else { 0 };
        let height = levels * style.height() + (levels - 1);
        (leaves.checked_mul(box_w + 1)? <= area.width + 1 && height <= area.height)
            .then_some((style, box_w))
    });
    let (style, mut box_w) = style?;
    // Spare columns widen the boxes a little (to twice the padding) and spread the leaves;
    // spare rows lengthen the connectors, so the tree fills the screen.
    let spare = area.width.saturating_sub(leaves * (box_w + 1)) / leaves;
    if style.framed {
        box_w += spare.min(8) / 2 * 2;
    }
    let cell = (box_w + 1).max((area.width / leaves).min(box_w + 1 + 16));
    let gap = if levels > 1 {
        ((area.height - levels * style.height()) / (levels - 1)).clamp(1, 5)
    } else {
        1
    };
    let mut centre = HashMap::new();
    let mut next = 0u16;
    for &(id, _) in &order {
        if tree.links(id).first_child == NONE {
            centre.insert(id, next * cell + cell / 2);
            next += 1;
        }
    }
    // Reverse pre-order places children before their parent.
    let mut links = Vec::new();
    for &(id, _) in order.iter().rev() {
        let kids: Vec<u32> = tree.children(id).collect();
        if let (Some(first), Some(last)) = (kids.first(), kids.last()) {
            centre.insert(id, (centre[first] + centre[last]) / 2);
            links.push((id, kids));
        }
    }
    let width = next * cell;
    let used_h = levels * style.height() + (levels - 1) * gap;
    // Centred in the area.
    let (dx, dy) = (
        area.width.saturating_sub(width) / 2,
        area.height.saturating_sub(used_h) / 2,
    );
    let mut b = Boxes {
        style,
        cells: Vec::new(),
        links,
        box_w,
        gap,
    };
    b.cells = order
        .iter()
        .map(|&(id, l)| (id, dx + centre[&id], dy + b.level_y(l)))
        .collect();
    Some(b)
}
