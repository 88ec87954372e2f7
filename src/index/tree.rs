//! The searched tree of a recorded run: one node per admitted call, plus stub nodes for
//! candidates that were skipped after a cutoff, refused by the budget, or never reached.
//!
//! Calls keep their call number as node id (`0..calls`); stubs follow. Children are linked in
//! trying order, so a pre-order walk of one pass is exactly the order the search went. The
//! index's fold (`Index::build`) is the only code that fills it.

use std::collections::HashMap;

use serde::Serialize;

use crate::game::Side;
use crate::value::{Entry, Flag};

/// "No node" in the link fields.
pub const NONE: u32 = u32::MAX;

/// How an admitted call ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// Searched or read; the flag it stored (or would store with the table off).
    Stored(Flag),
    TableHit,
    /// Abandoned when the budget ran out.
    Abort,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Stored(flag) => flag.name(),
            Outcome::TableHit => "tt-hit",
            Outcome::Abort => "abort",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// An admitted call.
    Call,
    /// A candidate never tried because its parent's window closed.
    Skipped,
    /// A candidate the budget refused to admit.
    Refused,
    /// A candidate never reached because the budget stopped the search first.
    Unreached,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeNode {
    pub kind: NodeKind,
    pub state: u32,
    /// Whose choice the node is.
    pub turn: Side,
    /// The move index that led here (-1 for a pass root).
    pub mv: i16,
    pub ply: u16,
    pub pass: u8,
    pub depth: u8,
    pub qleft: u8,
    /// The window the call was entered with.
    pub alpha: i32,
    pub beta: i32,
    pub parent: u32,
    pub first_child: u32,
    pub last_child: u32,
    pub next: u32,
    pub prev: u32,
    /// The event that created the node (`Enter`, or the `Cutoff` / `Refused` for stubs).
    pub enter: u32,
    /// The `Return` or `Unwind` that closed the call (`NONE` if never).
    pub exit: u32,
    pub value: i32,
    pub best_mv: i16,
    pub outcome: Option<Outcome>,
    /// The parent stopped scanning right after this child returned.
    pub caused_cutoff: bool,
    /// The same state appears more than once among this pass's calls.
    pub transposed: bool,
    /// A quiescence move (entered with depth 0 from a depth-0 parent).
    pub quiet_search: bool,
    /// The `Cutoff` (or stand-pat cutoff) event of this call, `NONE` if it had none.
    pub cut_event: u32,
    /// What the table probe found (usable or not), and whether it settled the call.
    pub probe: Option<Entry>,
    pub probe_usable: bool,
    /// The call read a score: `Some(true)` for a terminal, `Some(false)` at the horizon.
    pub read: Option<bool>,
    /// Quiescence: the stand-pat score.
    pub stand_pat: Option<i32>,
    /// Candidates in trying order: `len` entries at `start` of the trace's arenas.
    pub order_start: u32,
    pub order_len: u16,
    /// Candidates pushed so far (all of them once the call has ended).
    pub pushes: u16,
    /// The window closed after the candidate at this position of the order.
    pub cutoff: Option<u16>,
    /// The parent's window right after it took in this call's value, when that narrowed it.
    pub window_after: Option<(i32, i32)>,
    /// Quiescence: the call's own window once its stand-pat score narrowed it.
    pub stand_pat_window: Option<(i32, i32)>,
}

impl TreeNode {
    pub(super) fn new(kind: NodeKind, state: u32, turn: Side, mv: i16, enter: u32) -> TreeNode {
        TreeNode {
            kind,
            state,
            turn,
            mv,
            ply: 0,
            pass: 0,
            depth: 0,
            qleft: 0,
            alpha: 0,
            beta: 0,
            parent: NONE,
            first_child: NONE,
            last_child: NONE,
            next: NONE,
            prev: NONE,
            enter,
            exit: NONE,
            value: 0,
            best_mv: -1,
            outcome: None,
            caused_cutoff: false,
            transposed: false,
            quiet_search: false,
            cut_event: NONE,
            probe: None,
            probe_usable: false,
            read: None,
            stand_pat: None,
            order_start: 0,
            order_len: 0,
            pushes: 0,
            cutoff: None,
            window_after: None,
            stand_pat_window: None,
        }
    }

    /// The flag of the table entry that answered this call (a usable probe).
    pub fn hit_flag(&self) -> Option<Flag> {
        self.probe.filter(|_| self.probe_usable).map(|e| e.flag)
    }

    /// The value and move the call returned, unless it never returned.
    pub fn returned(&self) -> Option<(i32, i16)> {
        match self.outcome {
            Some(Outcome::Stored(_) | Outcome::TableHit) => Some((self.value, self.best_mv)),
            Some(Outcome::Abort) | None => None,
        }
    }

    /// What the returned value proves: the stored flag, or a table hit's entry flag.
    pub fn bound(&self) -> Option<Flag> {
        match self.outcome? {
            Outcome::Stored(f) => Some(f),
            Outcome::TableHit => self.probe.map(|e| e.flag),
            Outcome::Abort => None,
        }
    }
}

/// One pass of iterative deepening: its depth, events, root node and result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassInfo {
    pub depth: u8,
    pub start_event: u32,
    /// The `PassEnd` event (`NONE` while the trace is still open).
    pub end_event: u32,
    /// The root call, `NONE` when the budget refused the root itself.
    pub root: u32,
    /// DONE with its root result, or ABORT (score 0, move -1).
    pub done: bool,
    pub score: i32,
    pub mv: i16,
}

#[derive(Default, Debug, Clone)]
pub struct Tree {
    pub nodes: Vec<TreeNode>,
    pub calls: u32,
    pub passes: Vec<PassInfo>,
}

impl Tree {
    pub(super) fn mark_transpositions(
        &mut self,
        seen: &mut HashMap<u32, u32>,
        pass_calls: &mut Vec<u32>,
    ) {
        seen.clear();
        for &id in pass_calls.iter() {
            *seen.entry(self.nodes[id as usize].state).or_default() += 1;
        }
        for &id in pass_calls.iter() {
            let n = &mut self.nodes[id as usize];
            n.transposed = seen[&n.state] > 1;
        }
        pass_calls.clear();
    }

    /// Links node `id` (already in place) as the last child of `parent`.
    pub(super) fn link(&mut self, parent: Option<u32>, id: u32) {
        let Some(p) = parent else { return };
        self.nodes[id as usize].parent = p;
        let last = self.nodes[p as usize].last_child;
        if last == NONE {
            self.nodes[p as usize].first_child = id;
        } else {
            self.nodes[last as usize].next = id;
            self.nodes[id as usize].prev = last;
        }
        self.nodes[p as usize].last_child = id;
    }

    pub fn get(&self, id: u32) -> &TreeNode {
        &self.nodes[id as usize]
    }

    /// Children in trying order.
    pub fn children(&self, id: u32) -> Children<'_> {
        Children {
            tree: self,
            next: self.nodes[id as usize].first_child,
        }
    }

    /// The pass whose events contain `step` (the last pass started by then).
    pub fn pass_at(&self, step: usize) -> Option<&PassInfo> {
        let n = self
            .passes
            .partition_point(|p| (p.start_event as usize) < step.max(1));
        n.checked_sub(1).map(|i| &self.passes[i])
    }

    /// The node after `id` in pre-order, skipping the children of nodes `collapsed` says.
    pub fn next_preorder(&self, id: u32, collapsed: &dyn Fn(u32) -> bool) -> Option<u32> {
        let n = &self.nodes[id as usize];
        if n.first_child != NONE && !collapsed(id) {
            return Some(n.first_child);
        }
        let mut cur = id;
        loop {
            let c = &self.nodes[cur as usize];
            if c.next != NONE {
                return Some(c.next);
            }
            if c.parent == NONE {
                return None;
            }
            cur = c.parent;
        }
    }

    /// The node before `id` in pre-order (same collapsing rule).
    pub fn prev_preorder(&self, id: u32, collapsed: &dyn Fn(u32) -> bool) -> Option<u32> {
        let n = &self.nodes[id as usize];
        if n.prev == NONE {
            return (n.parent != NONE).then_some(n.parent);
        }
        let mut cur = n.prev;
        loop {
            let c = &self.nodes[cur as usize];
            if c.last_child == NONE || collapsed(cur) {
                return Some(cur);
            }
            cur = c.last_child;
        }
    }

    /// Number of nodes in the subtree of `id` (itself included), stopping early past `limit`.
    pub fn subtree_size(&self, id: u32, limit: usize) -> usize {
        let mut count = 0;
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            count += 1;
            if count > limit {
                return count;
            }
            stack.extend(self.children(n));
        }
        count
    }
}

pub struct Children<'a> {
    tree: &'a Tree,
    next: u32,
}

impl Iterator for Children<'_> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.next == NONE {
            return None;
        }
        let id = self.next;
        self.next = self.tree.nodes[id as usize].next;
        Some(id)
    }
}
