//! Folds an event stream into one record per admitted call: the rows of the call trace that
//! `prune trace`, exports and the practice checker all read.

use serde::Serialize;

use super::{Event, ReturnKind};
use crate::search::Flag;

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

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Call {
    /// The nodes counter right after this call was admitted (1-based).
    pub step: u64,
    /// The depth of the iterative-deepening pass.
    pub pass: u8,
    pub ply: u16,
    pub state: u32,
    pub depth: u8,
    pub qleft: u8,
    pub alpha: i32,
    pub beta: i32,
    /// `None` while open and after an abort.
    pub value: Option<i32>,
    pub mv: Option<i16>,
    pub outcome: Option<Outcome>,
    /// The calling frame (an index into the same list) and the move it took to get here.
    pub parent: Option<usize>,
    pub via: Option<i16>,
    /// Where the call starts and ends in the event stream.
    pub enter_event: usize,
    pub exit_event: Option<usize>,
    /// Whether the calling frame stopped scanning right after this call returned.
    pub caused_cutoff: bool,
}

/// One `Call` per `Enter` event, in admission order.
pub fn calls(events: &[Event]) -> Vec<Call> {
    let mut out: Vec<Call> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    // For each open frame, the child call that finished last (the one a cutoff follows).
    let mut last_child: Vec<Option<usize>> = Vec::new();
    let (mut pass, mut via) = (0u8, None);
    for (index, event) in events.iter().enumerate() {
        match *event {
            Event::PassStart { depth } => pass = depth,
            Event::Push { mv, .. } => via = Some(mv),
            Event::Refused { .. } => via = None,
            Event::Enter {
                state,
                ply,
                depth,
                qleft,
                alpha,
                beta,
            } => {
                out.push(Call {
                    step: out.len() as u64 + 1,
                    pass,
                    ply,
                    state,
                    depth,
                    qleft,
                    alpha,
                    beta,
                    value: None,
                    mv: None,
                    outcome: None,
                    parent: open.last().copied(),
                    via: via.take(),
                    enter_event: index,
                    exit_event: None,
                    caused_cutoff: false,
                });
                open.push(out.len() - 1);
                last_child.push(None);
            }
            Event::Return { value, mv, how, .. } => {
                if let Some(i) = open.pop() {
                    last_child.pop();
                    if let Some(slot) = last_child.last_mut() {
                        *slot = Some(i);
                    }
                    let call = &mut out[i];
                    call.value = Some(value);
                    call.mv = Some(mv);
                    call.exit_event = Some(index);
                    call.outcome = Some(match how {
                        ReturnKind::Searched(flag) => Outcome::Stored(flag),
                        ReturnKind::TableHit => Outcome::TableHit,
                    });
                }
            }
            Event::Unwind { .. } => {
                if let Some(i) = open.pop() {
                    last_child.pop();
                    out[i].exit_event = Some(index);
                    out[i].outcome = Some(Outcome::Abort);
                }
            }
            Event::Cutoff { .. } => {
                if let Some(Some(child)) = last_child.last() {
                    out[*child].caused_cutoff = true;
                }
            }
            _ => {}
        }
    }
    // A root that was refused admission never entered; frames still open were unwound at the
    // root by the driver.
    for i in open {
        out[i].outcome = Some(Outcome::Abort);
    }
    out
}
