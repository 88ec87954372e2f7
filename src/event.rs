//! The events the search core reports, one per step a student can see.
//!
//! Each event is a small fixed-size delta that moves a view of the search one step forward:
//! at most 20 bytes as an `Event`, and 8 as a recording stores nearly all of them (16 for the
//! rest: `events::Events`). Events
//! carry everything a view needs (whose turn a call is, where in the trying order a pushed
//! candidate stands; the child state of every ordered candidate sits in the trace's arena),
//! so a trace replays without the game it came from.
//!
//! An event is either part of the skeleton every family shares (passes and aspiration
//! attempts, calls entered, refused, returned or unwound, candidates ordered, pushed and
//! popped) or one family's detail, each detail kind exhaustive in its own module:
//! - `bound`: alpha-beta's probes, reads, stand-pats, bests, windows, cutoffs and stores
//!   (the chance and max-n families use them too, with their own meaning of a value);
//! - `scout`: PVS's null windows and re-searches;
//! - `chance`: a chance node's running average and interval;
//! - `vector`: max-n's ties;
//! - `mcts`: the slot Monte Carlo tree search will fill.
//!
//! A new family adds a detail module and one variant here, and its kinds' stored forms in
//! `packed` and `compact`; the written form of every event stays the flat tagged object of trace format v1
//! (`{"event": "cutoff", ...}`).

#[cfg(test)]
mod arbitrary;
mod bound;
mod chance;
mod compact;
pub mod events;
mod mcts;
mod packed;
mod scout;
mod vector;
mod wire;

use serde::{Deserialize, Serialize};

use crate::game::Side;
use crate::value::{AttemptOutcome, Flag};

pub use bound::{Bound, Narrowing};
pub use chance::Chance;
pub use mcts::Mcts;
pub use scout::Scout;
pub use vector::Vector;

/// How a call produced its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReturnKind {
    /// It searched its candidates (or stood pat) and stored this flag.
    #[serde(rename = "searched")]
    Searched(Flag),
    /// A usable table entry answered it.
    #[serde(rename = "tt-hit")]
    TableHit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", try_from = "wire::Flat")]
pub enum Event {
    /// An iteration of the driver begins with the full root window.
    PassStart { depth: u8 },
    /// It ended: DONE with its root result, or ABORT (score 0, move -1).
    PassEnd {
        depth: u8,
        done: bool,
        score: i32,
        mv: i16,
    },
    /// An aspiration attempt of pass `depth` ended: the root was searched with (α, β) (the
    /// root's convention) and came out as `outcome`.
    Aspiration {
        depth: u8,
        alpha: i32,
        beta: i32,
        outcome: AttemptOutcome,
    },
    /// A call was admitted against the budget; `turn` is whose choice the state is. Its ply
    /// is the number of calls open around it.
    Enter {
        state: u32,
        turn: Side,
        depth: u8,
        qleft: u8,
        alpha: i32,
        beta: i32,
    },
    /// The budget was spent: this call is refused and the search unwinds.
    Refused { state: u32, ply: u16 },
    /// Candidates in trying order: `len` move indices at `start` in the `moves` arena, and
    /// the state each leads to at the same place in the `children` arena.
    Order { state: u32, start: u32, len: u16 },
    /// Move `mv`, the candidate at `pos` in the frame's order, is applied: `state` is the
    /// child now on the active path.
    Push { state: u32, mv: i16, pos: u16 },
    /// The child returned `value` and left the active path.
    Pop { state: u32, value: i32 },
    /// The call returns.
    Return {
        state: u32,
        value: i32,
        mv: i16,
        how: ReturnKind,
    },
    /// The call is abandoned by an interruption, stores nothing, and leaves the path.
    Unwind { state: u32 },
    /// Alpha-beta's detail (see `Bound`).
    #[serde(untagged)]
    Bound(Bound),
    /// PVS's detail (see `Scout`).
    #[serde(untagged)]
    Scout(Scout),
    /// A chance node's detail (see `Chance`).
    #[serde(untagged)]
    Chance(Chance),
    /// Max-n's detail (see `Vector`).
    #[serde(untagged)]
    Vector(Vector),
    /// Monte Carlo tree search's detail (see `Mcts`).
    #[serde(untagged)]
    Mcts(Mcts),
}

// A detail enum carries its own tag beside the event's, so an event is 20 bytes, not the 16 of
// one flat enum: rustc can pack the outer tag into an inner one's spare values only when a
// single variant is that large, and here three are (`Enter`, `Bound`, `Scout`). That is why a
// recording stores its events flat (`compact`, 8 bytes, or `packed`, 16 bytes, when an event's
// numbers do not fit in 8) and unpacks each as it is read.
const _: () = assert!(std::mem::size_of::<Event>() <= 20);

impl Event {
    /// A `Store` as what it writes: the key, the entry, and whether the table kept it.
    pub fn stored(&self) -> Option<(crate::value::Key, crate::value::Entry, bool)> {
        match self {
            Event::Bound(b) => b.stored(),
            Event::PassStart { .. }
            | Event::PassEnd { .. }
            | Event::Aspiration { .. }
            | Event::Enter { .. }
            | Event::Refused { .. }
            | Event::Order { .. }
            | Event::Push { .. }
            | Event::Pop { .. }
            | Event::Return { .. }
            | Event::Unwind { .. }
            | Event::Scout(_)
            | Event::Chance(_)
            | Event::Vector(_)
            | Event::Mcts(_) => None,
        }
    }
}
