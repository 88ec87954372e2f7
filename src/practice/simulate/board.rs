//! What the screen shows after the steps made so far: the tree with what the student has
//! revealed (leaf values only once visited), the frame being worked on with its window, and
//! the stack of open frames. Nothing here shows a step before it is made.
//!
//! With feedback at each step every shown window and return is the run's (a wrong entry was
//! corrected). With feedback at the end the board shows the student's own windows and
//! returns, so it gives nothing away; which nodes are visited and skipped follows the run.

use std::collections::HashMap;

use super::exercise::Exercise;
use super::kinds::{Action, Ask, Expect, Feedback};
use crate::game::{Game, Side};
use crate::index::{NONE, NodeKind};

/// How a node stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Not visited yet.
    Unseen,
    /// Visited (and, for a frame, returned or still open below the current one).
    Visited,
    /// An open frame on the active path.
    Path,
    /// The node being worked on now.
    Current,
    /// Skipped by a cutoff.
    Skipped,
}

/// One line of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeRow {
    pub depth: u8,
    pub name: String,
    pub side: Side,
    pub leaf: bool,
    /// A leaf's value, once it is visited.
    pub value: Option<i32>,
    /// The window it was entered with, once known.
    pub window: Option<(i32, i32)>,
    /// What an inner node returned, once known.
    pub returned: Option<i32>,
    pub mark: Mark,
}

/// An open frame as the stack shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub name: String,
    pub side: Side,
    /// The window it was entered with (as shown).
    pub entered: Option<(i32, i32)>,
    /// Its window as it stands, after the children it has taken in (feedback at each step
    /// only: at the end, the student keeps it).
    pub now: Option<(i32, i32)>,
    /// Its children that have returned, with their values (as shown).
    pub taken: Vec<(String, i32)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub rows: Vec<NodeRow>,
    /// The open frames, root first.
    pub stack: Vec<Frame>,
    /// The row of the node worked on now.
    pub current: Option<usize>,
    /// What is asked now, in words.
    pub asked: String,
}

impl Exercise {
    /// The board after the steps made so far.
    pub fn board(&self) -> Board {
        let done = self.done();
        let mut shown = Shown::default();
        shown.visited.push(self.root());
        self.settle(0, &mut shown);
        for (i, step) in self.steps[..done].iter().enumerate() {
            self.reveal(i, *step, &mut shown);
        }
        let current = self.current_node();
        let stack = self.stack(current, &shown);
        let rows = self.rows(&shown, current);
        let current_row = current.and_then(|c| {
            let name = self.name(c);
            rows.iter().position(|r| r.name == name)
        });
        Board {
            rows,
            stack,
            current: current_row,
            asked: self.asked(),
        }
    }

    pub(crate) fn root(&self) -> u32 {
        self.rec.tree().passes()[0].root
    }

    fn reveal(&self, i: usize, step: Expect, shown: &mut Shown) {
        let given = &self.graded[i].given;
        // At the end the board shows the run itself; until then the student's own entries.
        let end = self.settings.feedback == Feedback::End && !self.finished();
        match step {
            Expect::Visit { child, .. } => {
                shown.visited.push(child);
                let n = self.node(child);
                if n.read.is_some() {
                    shown.returned.insert(child, n.value);
                }
            }
            Expect::Window { child, alpha, beta } => {
                let w = match given {
                    Action::Window(a, b) if end => (*a, *b),
                    _ => (alpha, beta),
                };
                shown.windows.insert(child, w);
            }
            Expect::Cut { frame, .. } => shown.cut.push(frame),
            Expect::Return { frame, value } => {
                let v = match given {
                    Action::Return(v) if end => *v,
                    _ => value,
                };
                shown.returned.insert(frame, v);
            }
        }
        // The step after this one is decided in a frame that has taken in the child that
        // returned last: its window as it stands now is the one the student acts on.
        self.settle(i + 1, shown);
    }

    /// Takes the child step `i` settles into its frame's window (with feedback at each step
    /// a child's value is known, leaf or call, as soon as it returns).
    fn settle(&self, i: usize, shown: &mut Shown) {
        if let Some(child) = self.settles.get(i).copied().flatten() {
            shown.settled.insert(self.node(child).parent, child);
        }
    }

    /// The node worked on now: the frame deciding, or the child whose window is asked.
    fn current_node(&self) -> Option<u32> {
        Some(match self.ask()? {
            Ask::Decide { frame } | Ask::Value { frame } | Ask::Cut { frame, .. } => frame,
            Ask::Window { child } => child,
        })
    }

    /// The window a frame was entered with, once the student has given it (the root's is
    /// the full window). Minimax has no windows: none is shown.
    fn window_shown(&self, node: u32, shown: &Shown) -> Option<(i32, i32)> {
        if !self.prunes() {
            return None;
        }
        if node == self.root() {
            let r = self.node(node);
            return Some((r.alpha, r.beta));
        }
        shown.windows.get(&node).copied()
    }

    /// The frame whose window as it stands would answer a faded question: the window a
    /// child gets is its parent's as it stands, and whether a frame cuts is read off its
    /// own. Held back while that question is asked (the window it was entered with shows).
    fn held_now(&self) -> Option<u32> {
        self.fade?;
        match self.ask()? {
            Ask::Window { child } => Some(self.node(child).parent),
            Ask::Cut { frame, .. } => Some(frame),
            Ask::Decide { .. } | Ask::Value { .. } => None,
        }
    }

    fn stack(&self, current: Option<u32>, shown: &Shown) -> Vec<Frame> {
        let mut path = Vec::new();
        let mut at = current.unwrap_or(NONE);
        while at != NONE {
            path.push(at);
            at = self.node(at).parent;
        }
        path.reverse();
        path.into_iter()
            .map(|f| {
                let now = (self.settings.feedback == Feedback::Step
                    && self.window_shown(f, shown).is_some()
                    && Some(f) != self.held_now())
                .then(|| self.window_after(f, shown.settled.get(&f).copied()).0);
                Frame {
                    name: self.name(f),
                    side: self.side(f),
                    entered: self.window_shown(f, shown),
                    now,
                    taken: self
                        .child_calls(f)
                        .into_iter()
                        .filter_map(|c| shown.returned.get(&c).map(|&v| (self.name(c), v)))
                        .collect(),
                }
            })
            .collect()
    }

    /// The tree in pre-order from the root, each node as far as it is revealed.
    fn rows(&self, shown: &Shown, current: Option<u32>) -> Vec<NodeRow> {
        let tree = self.rec.tree();
        let mut call_of: HashMap<u32, u32> = HashMap::new();
        let mut skipped: Vec<u32> = Vec::new();
        for &frame in &shown.cut {
            for c in tree.children(frame) {
                if tree.get(c).kind == NodeKind::Skipped {
                    skipped.push(tree.get(c).state);
                }
            }
        }
        for c in tree.call_nodes().enumerate() {
            call_of.insert(c.1.state, c.0 as u32);
        }
        let path: Vec<u32> = {
            let mut p = Vec::new();
            let mut at = current.unwrap_or(NONE);
            while at != NONE {
                p.push(at);
                at = self.node(at).parent;
            }
            p
        };
        let g = &self.graph;
        let mut rows = Vec::new();
        let mut todo = vec![(0u32, 0u8)];
        while let Some((s, depth)) = todo.pop() {
            let call = call_of
                .get(&s)
                .copied()
                .filter(|c| shown.visited.contains(c));
            let leaf = g.move_count(s) == 0;
            let mark = match call {
                Some(c) if Some(c) == current => Mark::Current,
                Some(c) if path.contains(&c) => Mark::Path,
                Some(_) => Mark::Visited,
                None if skipped.contains(&s) => Mark::Skipped,
                None => Mark::Unseen,
            };
            rows.push(NodeRow {
                depth,
                name: g.name(s),
                side: g.side(s),
                leaf,
                value: call.filter(|_| leaf).and_then(|_| g.score(s)),
                window: call
                    .and_then(|c| self.window_shown(c, shown))
                    .filter(|_| !leaf),
                returned: call
                    .filter(|_| !leaf)
                    .and_then(|c| shown.returned.get(&c).copied()),
                mark,
            });
            for i in (0..g.move_count(s)).rev() {
                todo.push((g.child(s, i), depth + 1));
            }
        }
        rows
    }

    /// Whether the step asked now comes right after a cutoff.
    pub(super) fn after_cut(&self) -> bool {
        let i = self.done();
        i > 0 && matches!(self.steps.get(i - 1), Some(Expect::Cut { .. }))
    }

    /// What is asked now, in words.
    pub fn asked(&self) -> String {
        match self.ask() {
            None => {
                let (right, all) = self.score();
                format!(
                    "Done: {right} of {all} steps right first time ({} %).",
                    self.percent()
                )
            }
            Some(Ask::Decide { frame }) => {
                let moves = if self.prunes() {
                    "a child to visit, cut, or return V"
                } else {
                    "a child to visit, or return V"
                };
                format!(
                    "{} ({}) moves next: {moves}",
                    self.name(frame),
                    self.side(frame).name()
                )
            }
            Some(Ask::Window { child }) => format!("The window {} gets: α β", self.name(child)),
            Some(Ask::Value { frame }) if self.after_cut() => {
                format!("{}'s window closed: the value it returns", self.name(frame))
            }
            Some(Ask::Value { frame }) => format!(
                "{} has tried all its children: the value it returns",
                self.name(frame)
            ),
            Some(Ask::Cut { frame, after }) => format!(
                "{} took in {}'s return: does its window close? cut, or on",
                self.name(frame),
                self.name(after)
            ),
        }
    }
}

/// What the steps made so far have revealed.
#[derive(Default)]
struct Shown {
    visited: Vec<u32>,
    windows: HashMap<u32, (i32, i32)>,
    returned: HashMap<u32, i32>,
    cut: Vec<u32>,
    /// Per frame, the last child whose return it has taken in, as shown.
    settled: HashMap<u32, u32>,
}
