//! Where things go on screen: the regions of the main screen (the views draw into them) and,
//! in `tree`, where each node of the tree sits (drawing and mouse clicks both use it).

pub mod present;
pub mod scroll;
pub mod tree;

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::{Block, Borders};

/// Below this size a centred message replaces the screen.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 18;

/// The main screen's regions (see the sketch in `view`).
pub struct Regions {
    pub title: Rect,
    pub tree: Rect,
    pub table: Rect,
    pub counters: Rect,
    pub stack: Rect,
    pub narration: Rect,
    pub footer: Rect,
    /// A game's board (tic-tac-toe): columns of its own at the right of the tree region, so
    /// the tree is laid out beside it, never under it.
    pub board: Option<Rect>,
}

/// The fewest columns a tree keeps beside a board.
const TREE_BESIDE_BOARD: u16 = 20;

/// Whether `area` is too small for the main screen.
pub fn too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

impl Regions {
    /// The regions of `area` for a run whose deepest path has `peak` frames and whose pass
    /// history has `passes` lines so far. A comparison gives both trees the full width (each
    /// head carries its run's counters, so the table and counters panes step aside), and the
    /// narration takes `narration_extra` more rows from the tree (rows it leaves blank).
    pub fn new(
        area: Rect,
        peak: u64,
        passes: usize,
        compare: bool,
        narration_extra: u16,
    ) -> Regions {
        let tall = area.height >= 36;
        // Room for the deepest path of the run (stable while stepping), within limits.
        let deepest = peak as u16 + 1;
        let stack_rows = deepest.clamp(2, if tall { 12 } else { 3 });
        let narration_rows = if tall { 4 } else { 3 } + narration_extra;
        let [title, main, stack, narration, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(2 + stack_rows),
            Constraint::Length(1 + narration_rows),
            Constraint::Length(1),
        ])
        .areas(area);
        let right_w = if compare {
            0
        } else {
            (area.width * 2 / 5).clamp(34, 64)
        };
        let [tree, right] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(right_w)]).areas(main);
        let pass_rows = (passes as u16 + 1).clamp(2, if tall { 8 } else { 3 });
        let [table, counters] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(1 + 2 + pass_rows)])
                .areas(right);
        Regions {
            title,
            tree,
            table,
            counters,
            stack,
            narration,
            footer,
            board: None,
        }
    }

    /// The regions of a Monte Carlo run in `area`: the tree on the left and the phase pane
    /// (in `table`) on the right share the rows the stack would take; the stack and the
    /// counters get no rows (nothing of theirs is true of such a run).
    pub fn monte(area: Rect) -> Regions {
        let narration_rows = if area.height >= 36 { 5 } else { 4 };
        let [title, main, narration, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Fill(1),
            Constraint::Length(1 + narration_rows),
            Constraint::Length(1),
        ])
        .areas(area);
        let right_w = (area.width / 2).clamp(40, 72);
        let [tree, right] =
            Layout::horizontal([Constraint::Fill(1), Constraint::Length(right_w)]).areas(main);
        let none = |r: Rect| Rect { height: 0, ..r };
        Regions {
            title,
            tree,
            table: right,
            counters: none(Rect {
                y: right.bottom(),
                ..right
            }),
            stack: none(narration),
            narration,
            footer,
            board: None,
        }
    }

    /// The same regions with a board's columns taken from the right of the tree region
    /// (below its title rule), when the tree keeps room beside it.
    pub fn with_board(mut self, size: (u16, u16)) -> Regions {
        self.board = board_beside(self.tree, size).1;
        self
    }

    /// The same regions with a footer of `rows` rows (a long message), taken from the
    /// narration above it (which scrolls behind its cue).
    pub fn with_footer(mut self, rows: u16) -> Regions {
        let extra = rows
            .saturating_sub(self.footer.height)
            .min(self.narration.height.saturating_sub(2));
        self.narration.height -= extra;
        self.footer.y -= extra;
        self.footer.height += extra;
        self
    }

    /// The tree region less the board's columns: where the tree (or both trees) is laid out.
    pub fn tree_body(&self) -> Rect {
        match self.board {
            Some(b) => Rect {
                width: self.tree.width - b.width - 1,
                ..self.tree
            },
            None => self.tree,
        }
    }
}

/// Inside the tree region: the main run's tree, and in a comparison the partner's, each under
/// a two-line head, with a one-column divider between them.
pub struct TreePanes {
    pub main: Rect,
    pub compare: Option<ComparePanes>,
}

pub struct ComparePanes {
    pub main_head: Rect,
    pub partner_head: Rect,
    pub partner: Rect,
    pub divider: Rect,
}

impl TreePanes {
    /// The panes of the tree region `area` (below its top border).
    pub fn new(area: Rect, compare: bool) -> TreePanes {
        let inner = Block::default().borders(Borders::TOP).inner(area);
        if !compare {
            return TreePanes {
                main: inner,
                compare: None,
            };
        }
        let [left, divider, right] = Layout::horizontal([
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Fill(1),
        ])
        .areas(inner);
        let [main_head, main] =
            Layout::vertical([Constraint::Length(2), Constraint::Fill(1)]).areas(left);
        let [partner_head, partner] =
            Layout::vertical([Constraint::Length(2), Constraint::Fill(1)]).areas(right);
        TreePanes {
            main,
            compare: Some(ComparePanes {
                main_head,
                partner_head,
                partner,
                divider,
            }),
        }
    }
}

/// A board's box of `(w, h)` at the right of the titled tree region `tree` (below its title
/// rule), when the tree keeps room beside it, and the part of `tree` left of it (a column
/// between).
pub fn board_beside(tree: Rect, (w, h): (u16, u16)) -> (Rect, Option<Rect>) {
    if tree.width < w + 1 + TREE_BESIDE_BOARD || tree.height <= h {
        return (tree, None);
    }
    let board = Rect::new(tree.right() - w, tree.y + 1, w, h);
    let rest = Rect {
        width: tree.width - w - 1,
        ..tree
    };
    (rest, Some(board))
}

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
