//! Questions every view asks of the searched tree: the calls of a pass, its reads and skips,
//! what follows a return, the principal line.

use super::tree::{NONE, NodeKind, Tree};
use crate::value::Flag;

/// What follows a child's return in its parent frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// The parent's window closed: the rest of its candidates are skipped.
    Cut,
    /// The parent tries its next candidate (this node: a call or a refused stub).
    Enter(u32),
    /// The parent has no candidate left and returns.
    Return,
}

/// A candidate a cutoff skipped: the frame that cut, the stub, and the call that closed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skip {
    pub parent: u32,
    pub stub: u32,
    pub state: u32,
    pub closer: Option<u32>,
}

impl<'a> Tree<'a> {
    /// Calls of one pass (default: the last that ran), in admission order.
    pub fn pass_calls(&self, depth: Option<u8>) -> impl Iterator<Item = u32> + 'a {
        let tree = *self;
        // By default the last pass that admitted a call (a pass whose root the budget refused
        // has none).
        let last = tree.calls().checked_sub(1).map(|i| tree.get(i).pass);
        let depth = depth.or(last);
        (0..tree.calls()).filter(move |&i| Some(tree.get(i).pass) == depth)
    }

    /// The `occurrence`-th call (1-based) of `state` in a pass.
    pub fn call_of(&self, depth: Option<u8>, state: u32, occurrence: u32) -> Option<u32> {
        self.pass_calls(depth)
            .filter(|&i| self.get(i).state == state)
            .nth(occurrence.max(1) as usize - 1)
    }

    /// Calls of a pass that read a score (terminal or horizon), in admission order.
    pub fn reads(&self, depth: Option<u8>) -> impl Iterator<Item = u32> + 'a {
        let tree = *self;
        self.pass_calls(depth)
            .filter(move |&i| tree.get(i).read.is_some())
    }

    /// Every candidate a cutoff skipped in a pass, in the order of the frames that cut.
    pub fn skips(&self, depth: Option<u8>) -> Vec<Skip> {
        let mut out = Vec::new();
        for call in self.pass_calls(depth) {
            if self.get(call).cutoff.is_none() {
                continue;
            }
            let closer = self.children(call).find(|&c| self.get(c).caused_cutoff);
            for stub in self.children(call) {
                let n = self.get(stub);
                if n.kind == NodeKind::Skipped {
                    out.push(Skip {
                        parent: call,
                        stub,
                        state: n.state,
                        closer,
                    });
                }
            }
        }
        out
    }

    /// What the parent does right after `node` returns (`None` for a root, or a call that
    /// never returned).
    pub fn after(&self, node: u32) -> Option<After> {
        let n = self.get(node);
        if n.parent == NONE || n.returned().is_none() {
            return None;
        }
        if n.caused_cutoff {
            return Some(After::Cut);
        }
        match n.next {
            NONE => Some(After::Return),
            next => match self.get(next).kind {
                NodeKind::Call | NodeKind::Refused => Some(After::Enter(next)),
                NodeKind::Skipped | NodeKind::Unreached => None,
            },
        }
    }

    /// The pass an export draws by default: the last completed one, else the last one.
    pub fn default_pass(&self) -> Option<usize> {
        let passes = self.passes();
        passes
            .iter()
            .rposition(|p| p.done)
            .or_else(|| passes.len().checked_sub(1))
    }

    /// The calls of the principal line of a completed pass: the root, then at each call the
    /// child reached by the move it returned, as long as that child was searched.
    pub fn principal_line(&self, pass: usize) -> Vec<u32> {
        let p = &self.passes()[pass];
        let mut line = Vec::new();
        if !p.done || p.root == NONE {
            return line;
        }
        let mut at = Some(p.root);
        while let Some(i) = at {
            line.push(i);
            let best = self.get(i).returned().map(|(_, m)| m);
            // A re-searched child is visited twice: its value is the last visit's.
            at = best.filter(|&m| m >= 0).and_then(|m| {
                self.children(i)
                    .filter(|&c| {
                        let c = self.get(c);
                        c.kind == NodeKind::Call && c.mv == m
                    })
                    .last()
            });
        }
        line
    }

    /// What the root result of pass `pass` (an index into `passes()`) proves: exact, or only
    /// an upper or lower bound when the root's value fell outside its window. `None` for a
    /// pass that did not complete. Like the pass's score, it is from MAX's side: a negamax
    /// root of MIN's proves the opposite bound of its own.
    pub fn pass_bound(&self, pass: usize) -> Option<Flag> {
        let p = self.passes().get(pass)?;
        if !p.done || p.root == NONE {
            return None;
        }
        // A solver's pass ends only once the root's value is known: its probes' interval
        // closed, or its one search had every score the game allows inside its window.
        if (self.trace.header.options.solver).is_some_and(|s| !s.weak) {
            return Some(Flag::Exact);
        }
        let root = self.get(p.root);
        root_bound(self.family(), root.outcome?, root.probe, root.turn)
    }

    /// The bound of the run's committed answer: the last completed pass's (`None` when no
    /// pass completed, and the answer is no answer).
    pub fn committed_bound(&self) -> Option<Flag> {
        let last = self.passes().iter().rposition(|p| p.done)?;
        self.pass_bound(last)
    }
}

/// What a pass root's return proves, from MAX's side: its stored flag or its table hit's, and
/// for a negamax root of MIN's the opposite bound of its own.
pub(super) fn root_bound(
    family: &dyn crate::search::Family,
    outcome: super::tree::Outcome,
    probe: Option<crate::value::Entry>,
    turn: crate::game::Side,
) -> Option<Flag> {
    let flag = outcome.proves(probe)?;
    Some(if family.side_to_move() && !turn.is_max() {
        flag.flipped()
    } else {
        flag
    })
}
