//! Predict-then-reveal questions as index queries: at a step of the trace, the questions due
//! there, each with the node it is about, the answer read off the trace, and what on screen
//! would give that answer away while it is open.
//!
//! A question is due at event `due`: the screen shows the events before it, and showing
//! event `due` is the first thing that tells the answer. So nothing is asked about what the
//! run has not decided (every answer is this event's, or the frame's next few own events'),
//! and nothing the screen shows before `due` states it (views read only the events before
//! their step; `Held` names what they must still keep back, e.g. a lesson's note).
//!
//! The kinds, and the event each is due at:
//! - `Window`: the window a child is entered with, due at its push (at the null window or
//!   re-search event before the push in PVS, which states it);
//! - `Probe`: whether a probe that found an entry answers the call, due at the probe;
//! - `Return` and `Flag`: an inner call's return value and the flag it stores, due at the
//!   store (it states both), else at the return;
//! - `Cut`: whether a child's reply closes its parent's window, due at the child's pop;
//! - `Research`: PVS, whether a scout's child is searched again, due at its pop;
//! - `Interval`: a chance node's interval after an outcome, due at the interval;
//! - `Select`: Monte Carlo, which child a selection takes where every child has been
//!   visited (an unvisited child is taken first, no choice to predict), due at the `Select`;
//! - `Counts`: Monte Carlo, the visits and wins of the root's child on the iteration's path
//!   (the root when the path has no child) once the iteration is backed up, due at its first
//!   `Backup` (the backups run from the leaf up, so the root's child is the last but one).

use super::tree::{NONE, Outcome, Tree};
use crate::event::{Bound, Chance, Mcts, Scout};
use crate::trace::{Event, ReturnKind};
use crate::value::Flag;

/// What a question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Window,
    Probe,
    Return,
    Flag,
    Cut,
    Research,
    Interval,
    Select,
    Counts,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Window,
        Kind::Probe,
        Kind::Return,
        Kind::Flag,
        Kind::Cut,
        Kind::Research,
        Kind::Interval,
        Kind::Select,
        Kind::Counts,
    ];

    /// The name settings and `--predict=` use.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Window => "window",
            Kind::Probe => "probe",
            Kind::Return => "return",
            Kind::Flag => "flag",
            Kind::Cut => "cut",
            Kind::Research => "research",
            Kind::Interval => "interval",
            Kind::Select => "select",
            Kind::Counts => "counts",
        }
    }

    pub fn named(name: &str) -> Option<Kind> {
        let name = name.trim().to_ascii_lowercase();
        let name = match name.as_str() {
            "windows" => "window",
            "cutoff" | "cutoffs" | "cuts" => "cut",
            "returns" | "value" | "values" => "return",
            "flags" => "flag",
            "probes" => "probe",
            "researches" | "pvs" => "research",
            "intervals" | "chance" => "interval",
            "selection" | "selects" => "select",
            "count" | "backup" | "backups" => "counts",
            other => other,
        };
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// The answer, as the trace has it (values in the trace's units and convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Truth {
    /// A window or an interval: (low, high).
    Pair(i32, i32),
    Value(i32),
    Flag(Flag),
    YesNo(bool),
    /// A Monte Carlo child, by its move index at its parent.
    Child(u16),
    /// A Monte Carlo node's visits and rewards (in the run's unit, 1/`per_win` of a win).
    Counts(u32, u32),
}

/// What the views keep back while a question is open: the one item that states its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    pub kind: Kind,
    /// The call whose window, value, flag, probe, re-search mark or interval it is (the
    /// parent for a cut: its cutoff mark).
    pub node: u32,
}

/// One question due at a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    pub kind: Kind,
    /// The node it is about: the child for a window, a cut or a re-search; the call for
    /// the others.
    pub node: u32,
    /// The event it is asked before (the screen shows `due` events).
    pub due: u32,
    pub answer: Truth,
    pub held: Held,
}

impl Tree<'_> {
    /// The questions due at event `due`, in the order they are asked.
    pub fn questions_at(&self, due: u32) -> Vec<Question> {
        if let Some(Event::Mcts(m)) = self.trace.events.get(due as usize) {
            return self.monte_question(due, m).into_iter().collect();
        }
        let family = self.family();
        if (due as usize) >= self.trace.events.len() || family.samples() || family.vectors() {
            return Vec::new();
        }
        let mut out = Vec::new();
        match self.event(due) {
            Event::Push { .. } | Event::Scout(_) => self.window_question(due, &mut out),
            Event::Bound(Bound::Probe {
                found: Some(_),
                usable,
                ..
            }) => {
                if let Some(call) = due.checked_sub(1).and_then(|e| self.call_entered_at(e)) {
                    out.push(question(Kind::Probe, call, due, Truth::YesNo(usable), call));
                }
            }
            Event::Bound(Bound::Store { .. }) => self.settled(due, due + 1, &mut out),
            Event::Return {
                how: ReturnKind::Searched(_),
                ..
            } if !matches!(
                due.checked_sub(1).map(|e| self.event(e)),
                Some(Event::Bound(Bound::Store { .. }))
            ) =>
            {
                self.settled(due, due, &mut out)
            }
            Event::Pop { .. } => self.reply_question(due, &mut out),
            Event::Chance(Chance::Interval { lo, hi, .. }) => {
                if let Some(call) = self.open_call(due) {
                    let t = Truth::Pair(lo, hi);
                    out.push(question(Kind::Interval, call, due, t, call));
                }
            }
            _ => {}
        }
        out
    }

    /// The Monte Carlo question due at `due`, whose event is `m`.
    fn monte_question(&self, due: u32, m: Mcts) -> Option<Question> {
        match m {
            Mcts::Select {
                node,
                start,
                len,
                pos,
            } => {
                let bonuses = self.trace.bonuses(start, len)?;
                let choice = len >= 2 && bonuses.iter().all(|b| b.is_finite());
                choice.then(|| question(Kind::Select, node, due, Truth::Child(pos), node))
            }
            Mcts::Backup { .. } => {
                let backup = |e: u32| match self.trace.events.get(e as usize) {
                    Some(Event::Mcts(Mcts::Backup { node, n, u, .. })) => Some((node, n, u)),
                    _ => None,
                };
                if due > 0 && backup(due - 1).is_some() {
                    return None;
                }
                let run: Vec<_> = (due..).map_while(backup).collect();
                let (node, n, u) = run[run.len().saturating_sub(2)];
                Some(question(Kind::Counts, node, due, Truth::Counts(n, u), node))
            }
            _ => None,
        }
    }

    /// Every question of the run, in the order they are asked.
    pub fn questions(&self) -> Vec<Question> {
        (0..self.trace.events.len() as u32)
            .flat_map(|d| self.questions_at(d))
            .collect()
    }

    /// The call whose frame event `at` belongs to (its own events, not a child's).
    pub fn open_call(&self, at: u32) -> Option<u32> {
        let records = &self.calls.records;
        let last = records.partition_point(|c| c.enter <= at).checked_sub(1)? as u32;
        let mut id = last;
        while id != NONE {
            let n = self.get(id);
            if n.exit == NONE || n.exit >= at {
                return Some(id);
            }
            id = n.parent;
        }
        None
    }

    /// The window question of the child pushed at or right after `due` (a PVS null window
    /// or re-search event states the window before the push does).
    fn window_question(&self, due: u32, out: &mut Vec<Question>) {
        let scout = |e: u32| matches!(self.event(e), Event::Scout(_));
        let push = match self.event(due) {
            Event::Push { .. } if due == 0 || !scout(due - 1) => due,
            Event::Scout(Scout::NullWindow { .. } | Scout::Research { .. }) => due + 1,
            _ => return,
        };
        let len = self.trace.events.len() as u32;
        if push + 1 >= len || !matches!(self.event(push), Event::Push { .. }) {
            return;
        }
        let Some(child) = self.call_entered_at(push + 1) else {
            return;
        };
        let n = self.get(child);
        if n.parent == NONE || !self.windows() {
            return;
        }
        let t = Truth::Pair(n.alpha, n.beta);
        out.push(question(Kind::Window, child, due, t, child));
    }

    /// The return and flag questions of the call that stores (or returns) at `due`, whose
    /// `Return` is event `ret`. A leaf's value is its read and a table hit's the entry the
    /// probe showed: neither is a decision, so neither is asked.
    fn settled(&self, due: u32, ret: u32, out: &mut Vec<Question>) {
        if (ret as usize) >= self.trace.events.len() {
            return;
        }
        let Some(call) = self.open_call(due) else {
            return;
        };
        let n = self.get(call);
        if n.exit != ret || n.read.is_some() {
            return;
        }
        let Some(Outcome::Stored(flag)) = n.outcome else {
            return;
        };
        out.push(question(
            Kind::Return,
            call,
            due,
            Truth::Value(n.value),
            call,
        ));
        let stores = matches!(self.event(due), Event::Bound(Bound::Store { .. }));
        if stores && self.windows() && !n.turn.is_chance() {
            out.push(question(Kind::Flag, call, due, Truth::Flag(flag), call));
        }
    }

    /// The question about the reply popped at `due`: does it close the parent's window (a
    /// scout's: is its child searched again)? Read off the parent's own events up to its
    /// next push, store or return.
    fn reply_question(&self, due: u32, out: &mut Vec<Question>) {
        let Some(child) = due.checked_sub(1).and_then(|e| self.returned_at(e)) else {
            return;
        };
        let c = self.get(child);
        if c.parent == NONE || !self.windows() {
            return;
        }
        let p = self.get(c.parent);
        if p.turn.is_chance() {
            return;
        }
        let kind = if c.scout { Kind::Research } else { Kind::Cut };
        let Some(yes) = self.reply_outcome(due, kind) else {
            return;
        };
        // The cutoff mark is drawn on the parent; the re-search mark on the scout itself.
        let held = if kind == Kind::Cut { c.parent } else { child };
        out.push(question(kind, child, due, Truth::YesNo(yes), held));
    }

    /// The call whose `Return` is event `at`.
    fn returned_at(&self, at: u32) -> Option<u32> {
        let id = self.open_call(at)?;
        (self.get(id).exit == at).then_some(id)
    }

    /// After a pop at `due`: whether the frame's next decisive event is a cutoff (`Cut`) or
    /// a re-search (`Research`). `None` when the trace ends first.
    fn reply_outcome(&self, due: u32, kind: Kind) -> Option<bool> {
        let len = self.trace.events.len() as u32;
        for e in due + 1..len {
            let yes = match (kind, self.event(e)) {
                (Kind::Cut, Event::Bound(Bound::Cutoff { .. })) => true,
                (Kind::Research, Event::Scout(Scout::Research { .. })) => true,
                (
                    _,
                    Event::Bound(Bound::Cutoff { .. } | Bound::Store { .. })
                    | Event::Scout(_)
                    | Event::Push { .. }
                    | Event::Return { .. }
                    | Event::Unwind { .. }
                    | Event::Refused { .. }
                    | Event::PassEnd { .. }
                    | Event::Aspiration { .. },
                ) => false,
                _ => continue,
            };
            return Some(yes);
        }
        None
    }
}

fn question(kind: Kind, node: u32, due: u32, answer: Truth, held: u32) -> Question {
    Question {
        kind,
        node,
        due,
        answer,
        held: Held { kind, node: held },
    }
}
