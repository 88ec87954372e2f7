//! The searched tree of a recorded run: one node per admitted call, plus stub nodes for
//! candidates that were skipped after a cutoff or refused by the budget.
//!
//! Calls keep their call number as node id (`0..calls`); stubs follow. Children are linked in
//! trying order, so a pre-order walk of one pass is exactly the order the search went.

use std::collections::HashMap;

use crate::game::Game;
use crate::trace::calls::Outcome;
use crate::trace::{Event, ReturnKind};

/// "No node" in the link fields.
pub const NONE: u32 = u32::MAX;

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
    pub max: bool,
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
    /// The flag of the table entry that answered this call (a usable probe).
    pub hit_flag: Option<crate::search::Flag>,
}

impl TreeNode {
    fn new(kind: NodeKind, state: u32, max: bool, mv: i16, enter: u32) -> TreeNode {
        TreeNode {
            kind,
            state,
            max,
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
            hit_flag: None,
        }
    }
}

/// One pass of iterative deepening: its depth, first event and root node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassInfo {
    pub depth: u8,
    pub start_event: u32,
    pub root: u32,
}

#[derive(Default, Debug, Clone)]
pub struct Tree {
    pub nodes: Vec<TreeNode>,
    pub calls: u32,
    pub passes: Vec<PassInfo>,
}

impl Tree {
    pub fn build<G: Game<State = u32>>(events: &[Event], moves: &[u16], game: &G) -> Tree {
        let calls = events
            .iter()
            .filter(|e| matches!(e, Event::Enter { .. }))
            .count();
        // Calls land at their call number; stubs are appended after all of them.
        let blank = TreeNode::new(NodeKind::Call, 0, true, -1, NONE);
        let mut t = Tree {
            nodes: vec![blank; calls],
            calls: calls as u32,
            passes: Vec::new(),
        };
        // Open frames: (node, order start, order len); `tried` counts each frame's pushes.
        let mut open: Vec<(u32, u32, u16)> = Vec::new();
        let mut tried: Vec<u16> = Vec::new();
        let mut pushed: Option<i16> = None;
        let mut next_call = 0u32;
        let mut pass = 0u8;
        let mut seen: HashMap<u32, u32> = HashMap::new();
        let mut pass_calls: Vec<u32> = Vec::new();
        for (i, event) in events.iter().enumerate() {
            let i = i as u32;
            match *event {
                Event::PassStart { depth } => {
                    t.mark_transpositions(&mut seen, &mut pass_calls);
                    pass = depth;
                    open.clear();
                    tried.clear();
                    t.passes.push(PassInfo {
                        depth,
                        start_event: i,
                        root: NONE,
                    });
                }
                Event::Enter {
                    state,
                    ply,
                    depth,
                    qleft,
                    alpha,
                    beta,
                } => {
                    let id = next_call;
                    next_call += 1;
                    let mut n = TreeNode::new(
                        NodeKind::Call,
                        state,
                        game.side(state).is_max(),
                        pushed.take().unwrap_or(-1),
                        i,
                    );
                    n.ply = ply;
                    n.pass = pass;
                    n.depth = depth;
                    n.qleft = qleft;
                    n.alpha = alpha;
                    n.beta = beta;
                    let parent = open.last().map(|o| o.0);
                    if let Some(p) = parent {
                        n.quiet_search = t.nodes[p as usize].depth == 0;
                    }
                    t.nodes[id as usize] = n;
                    t.link(parent, id);
                    if parent.is_none()
                        && let Some(p) = t.passes.last_mut()
                    {
                        p.root = id;
                    }
                    pass_calls.push(id);
                    open.push((id, 0, 0));
                    tried.push(0);
                }
                Event::Push { mv, .. } => {
                    pushed = Some(mv);
                    if let Some(t) = tried.last_mut() {
                        *t += 1;
                    }
                }
                Event::Refused { state, ply } => {
                    let mut n = TreeNode::new(
                        NodeKind::Refused,
                        state,
                        game.side(state).is_max(),
                        pushed.take().unwrap_or(-1),
                        i,
                    );
                    n.ply = ply;
                    n.pass = pass;
                    t.nodes.push(n);
                    let id = (t.nodes.len() - 1) as u32;
                    t.link(open.last().map(|o| o.0), id);
                }
                Event::Order { start, len, .. } => {
                    if let Some(o) = open.last_mut() {
                        (o.1, o.2) = (start, len);
                    }
                }
                Event::StandPat { cutoff: true, .. } => {
                    if let Some(&(frame, _, _)) = open.last() {
                        t.nodes[frame as usize].cut_event = i;
                    }
                }
                Event::Probe {
                    found: Some(e),
                    usable: true,
                    ..
                } => {
                    if let Some(&(frame, _, _)) = open.last() {
                        t.nodes[frame as usize].hit_flag = Some(e.flag);
                    }
                }
                Event::Cutoff { pos, .. } => {
                    let Some(&(frame, start, len)) = open.last() else {
                        continue;
                    };
                    t.nodes[frame as usize].cut_event = i;
                    if let Some(child) = t.last_call_child(frame) {
                        t.nodes[child as usize].caused_cutoff = true;
                    }
                    let order = &moves[start as usize..(start + len as u32) as usize];
                    for &mv in order.iter().skip(pos as usize + 1) {
                        t.add_stub(NodeKind::Skipped, game, frame, mv, i, pass);
                    }
                }
                Event::Return { value, mv, how, .. } => {
                    tried.pop();
                    if let Some((id, _, _)) = open.pop() {
                        let n = &mut t.nodes[id as usize];
                        n.exit = i;
                        n.value = value;
                        n.best_mv = mv;
                        n.outcome = Some(match how {
                            ReturnKind::Searched(flag) => Outcome::Stored(flag),
                            ReturnKind::TableHit => Outcome::TableHit,
                        });
                    }
                }
                Event::Unwind { .. } => {
                    let done = tried.pop().unwrap_or(0);
                    if let Some((id, start, len)) = open.pop() {
                        t.nodes[id as usize].exit = i;
                        t.nodes[id as usize].outcome = Some(Outcome::Abort);
                        // The candidates after the one in progress were never reached.
                        let order = &moves[start as usize..(start + len as u32) as usize];
                        for &mv in order.iter().skip(done as usize) {
                            t.add_stub(NodeKind::Unreached, game, id, mv, i, pass);
                        }
                    }
                }
                _ => {}
            }
        }
        t.mark_transpositions(&mut seen, &mut pass_calls);
        // Calls still open were abandoned at the root when the run stopped.
        for (id, _, _) in open {
            t.nodes[id as usize].outcome = Some(Outcome::Abort);
        }
        t
    }

    fn mark_transpositions(&mut self, seen: &mut HashMap<u32, u32>, pass_calls: &mut Vec<u32>) {
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
    /// A child of `parent` that was never called (skipped by a cutoff, or not reached before
    /// an abort), shown so the student sees what the search left out.
    fn add_stub<G: Game<State = u32>>(
        &mut self,
        kind: NodeKind,
        game: &G,
        parent: u32,
        mv: u16,
        event: u32,
        pass: u8,
    ) {
        let p = self.nodes[parent as usize];
        let child = game.child(p.state, mv as usize);
        let mut n = TreeNode::new(kind, child, game.side(child).is_max(), mv as i16, event);
        n.ply = p.ply + 1;
        n.pass = pass;
        self.nodes.push(n);
        let id = (self.nodes.len() - 1) as u32;
        self.link(Some(parent), id);
    }

    fn link(&mut self, parent: Option<u32>, id: u32) {
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

    /// The last admitted call among a node's children (skips stubs).
    fn last_call_child(&self, node: u32) -> Option<u32> {
        // Stubs are only ever added after the calls of the same parent.
        let c = self.nodes[node as usize].last_child;
        (c != NONE && c < self.calls).then_some(c)
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
