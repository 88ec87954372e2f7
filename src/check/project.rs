//! Prune's own run in the check schema: the recorded events that a student's engine can print
//! (enter, probe, window, cutoff, store, return), each taken as it was recorded, with the
//! call it belongs to as the index numbers it. Nothing is searched or worked out again: the
//! lines are a projection of the one trace.

use super::schema::{Kind, Line};
use crate::event::{Bound, Event};
use crate::index::{NONE, Recorded};

/// One line of prune's run, with where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expected {
    pub line: Line,
    /// The call the line belongs to (the index's call number, 0-based).
    pub call: u32,
    /// The trace event the line is (the tutor's step `event + 1` shows it taken).
    pub event: u32,
}

/// Why a run has no projection: what the schema cannot say about it.
pub fn refusal(rec: &Recorded) -> Option<String> {
    let family = rec.options().family();
    let header = &rec.trace.header;
    if !family.has_window() || family.vectors() || family.samples() {
        return Some(format!(
            "prune check compares alpha-beta, minimax, negamax and PVS runs; this run is {}",
            rec.options().algorithm.title()
        ));
    }
    if header.scale != 1 {
        // Chance nodes average their outcomes into fractions; without any, the fractions
        // are the scores themselves (a weighted evaluation, fractional leaves).
        let chance = header.catalog.iter().any(|s| !s.chances.is_empty());
        return Some(if chance {
            "prune check compares runs with whole-number scores; this run's chance nodes average"
                .into()
        } else {
            format!(
                "prune check compares runs with whole-number scores; this run's scores are fractions (in 1/{} steps: a weighted evaluation or fractional leaves)",
                header.scale
            )
        });
    }
    let aborted = rec.tree().passes().iter().any(|p| !p.done);
    if aborted {
        return Some(format!(
            "this run stops on its budget of {} calls, which an engine of your own has no reason to match: check a run that completes",
            rec.options().budget
        ));
    }
    None
}

/// Every line of the run, in order. `refusal` must have said nothing.
pub fn project(rec: &Recorded) -> Vec<Expected> {
    let tree = rec.tree();
    let mut out = Vec::new();
    // The open calls, innermost last.
    let mut open: Vec<u32> = Vec::new();
    for (i, event) in rec.trace.events.iter().enumerate() {
        let at = i as u32;
        let mut push = |line: Line, call: u32| {
            out.push(Expected {
                line,
                call,
                event: at,
            })
        };
        let top = open.last().copied().unwrap_or(NONE);
        match event {
            Event::Enter {
                state,
                depth,
                qleft,
                alpha,
                beta,
                ..
            } => {
                let Some(call) = tree.call_entered_at(at) else {
                    continue;
                };
                open.push(call);
                let mut line = Line::new(Kind::Enter, state);
                (line.depth, line.q, line.alpha, line.beta) =
                    (Some(depth), Some(qleft), Some(alpha), Some(beta));
                push(line, call);
            }
            Event::Return {
                state, value, mv, ..
            } => {
                open.pop();
                let mut line = Line::new(Kind::Return, state);
                (line.value, line.mv) = (Some(value), Some(mv));
                push(line, top);
            }
            Event::Bound(b) => {
                if let Some(line) = bound_line(rec, top, b) {
                    push(line, top);
                }
            }
            Event::Unwind { .. } => {
                open.pop();
            }
            Event::PassStart { .. }
            | Event::PassEnd { .. }
            | Event::Aspiration { .. }
            | Event::Refused { .. }
            | Event::Order { .. }
            | Event::Push { .. }
            | Event::Pop { .. }
            | Event::Scout(_)
            | Event::Chance(_)
            | Event::Vector(_)
            | Event::Mcts(_) => {}
        }
    }
    out
}

/// The line of an alpha-beta detail event of call `call`, if the schema has one.
fn bound_line(rec: &Recorded, call: u32, b: Bound) -> Option<Line> {
    let tree = rec.tree();
    Some(match b {
        Bound::Probe {
            state,
            found,
            usable,
        } => {
            let mut line = Line::new(Kind::Probe, state);
            let node = (call != NONE).then(|| tree.get(call));
            line.depth = node.map(|n| n.depth);
            line.q = node.map(|n| n.qleft);
            line.hit = Some(usable);
            line.flag = Some(found.map(|e| e.flag));
            line.value = found.map(|e| e.value);
            line
        }
        Bound::Window { state, alpha, beta } => {
            let mut line = Line::new(Kind::Window, state);
            (line.alpha, line.beta) = (Some(alpha), Some(beta));
            line
        }
        Bound::Cutoff {
            state,
            pos,
            alpha,
            beta,
        } => {
            let mut line = Line::new(Kind::Cutoff, state);
            (line.alpha, line.beta) = (Some(alpha), Some(beta));
            // The move tried last: the candidate at `pos` of the call's order (none for a
            // cut on the stand-pat score, before any move).
            let stand_pat = call != NONE && tree.get(call).pushes == 0;
            line.mv = Some(if call == NONE || stand_pat {
                -1
            } else {
                rec.order(call)
                    .0
                    .get(pos as usize)
                    .map_or(-1, |&m| m as i16)
            });
            line
        }
        Bound::Store {
            state,
            depth,
            qleft,
            value,
            mv,
            flag,
            kept,
        } => {
            // With the table off nothing is stored: the event only says what would be.
            if !kept {
                return None;
            }
            let mut line = Line::new(Kind::Store, state);
            (line.depth, line.q, line.value) = (Some(depth), Some(qleft), Some(value));
            (line.flag, line.mv) = (Some(Some(flag)), Some(mv));
            line
        }
        // A student's engine states none of a solver's narrowings or the game's rules.
        Bound::Read { .. }
        | Bound::StandPat { .. }
        | Bound::Best { .. }
        | Bound::Narrow { .. }
        | Bound::Split { .. }
        | Bound::Settled { .. }
        | Bound::Filtered { .. } => return None,
    })
}

/// The states from the pass root down to `call`, as the index links them.
pub fn path(rec: &Recorded, call: u32) -> Vec<u32> {
    let tree = rec.tree();
    let mut states = Vec::new();
    let mut at = call;
    while at != NONE {
        let n = tree.get(at);
        states.push(n.state);
        at = n.parent;
    }
    states.reverse();
    states
}
