//! The events the search core reports, one per step a student can see.
//!
//! Each event is a small fixed-size delta (at most 24 bytes) that moves a view of the search
//! one step forward. Events carry everything a view needs (whose turn a call is, where in the
//! trying order a pushed candidate stands; the child state of every ordered candidate sits in
//! the trace's arena), so a trace replays without the game it came from. New algorithms
//! (chance nodes, utility vectors, PVS re-searches, MCTS) add variants; existing ones keep
//! their meaning.

mod wire;

use serde::{Deserialize, Serialize};

use crate::game::Side;
use crate::value::{AttemptOutcome, Entry, Flag, Key};

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
    /// The table was consulted for the call's key.
    Probe {
        state: u32,
        found: Option<Entry>,
        usable: bool,
    },
    /// A terminal utility or a static evaluation at the horizon (stored EXACT).
    Read {
        state: u32,
        value: i32,
        terminal: bool,
    },
    /// Quiescence: the side to move may stop here with its static score.
    StandPat {
        state: u32,
        value: i32,
        cutoff: bool,
    },
    /// Candidates in trying order: `len` move indices at `start` in the `moves` arena, and
    /// the state each leads to at the same place in the `children` arena.
    Order { state: u32, start: u32, len: u16 },
    /// Move `mv`, the candidate at `pos` in the frame's order, is applied: `state` is the
    /// child now on the active path.
    Push { state: u32, mv: i16, pos: u16 },
    /// The child returned `value` and left the active path.
    Pop { state: u32, value: i32 },
    /// Strict improvement of the frame's best.
    Best { state: u32, value: i32, mv: i16 },
    /// The frame's window narrowed.
    Window { state: u32, alpha: i32, beta: i32 },
    /// The window closed after the candidate at `pos` in the order; the rest are skipped.
    Cutoff {
        state: u32,
        pos: u16,
        alpha: i32,
        beta: i32,
    },
    /// A proven value for the key (state, depth, qleft); `kept` is false when the table is
    /// off (the flag it would have). The key is spelled out so the event stays 16 bytes.
    Store {
        state: u32,
        depth: u8,
        qleft: u8,
        value: i32,
        mv: i16,
        flag: Flag,
        kept: bool,
    },
    /// The call returns.
    Return {
        state: u32,
        value: i32,
        mv: i16,
        how: ReturnKind,
    },
    /// The call is abandoned by an interruption, stores nothing, and leaves the path.
    Unwind { state: u32 },
    /// PVS: the frame tries the candidate at `pos` with the null window (α, β) of its own
    /// convention, which only asks whether the candidate beats α. The push follows.
    NullWindow {
        state: u32,
        pos: u16,
        alpha: i32,
        beta: i32,
    },
    /// PVS: the null window said "better" (`value` > α, the frame's convention) without
    /// closing the frame's window, so the candidate at `pos` is searched again with the full
    /// window: a second push and call of the same child follow. `ply` is the frame's.
    Research {
        state: u32,
        pos: u16,
        ply: u16,
        value: i32,
    },
    /// An aspiration attempt of pass `depth` ended: the root was searched with (α, β) (the
    /// root's convention) and came out as `outcome`.
    Aspiration {
        depth: u8,
        alpha: i32,
        beta: i32,
        outcome: AttemptOutcome,
    },
    /// Seed 004: a chance node's outcome at `pos` came back; the outcomes up to it add up
    /// to `sum` (each value times its probability, in the trace's scaled units).
    Average { state: u32, pos: u16, sum: i32 },
    /// Chance pruning: with every unseen outcome within the run's utility bounds, the chance
    /// node's value now lies in [lo, hi]. A `Cutoff` follows when that lies outside its window.
    Interval { state: u32, lo: i32, hi: i32 },
    /// Max-n: the candidate at `pos` gives the mover the same payoff as the frame's best, so
    /// the run's tie rule chose: `kept` when the earlier best stays, otherwise a `Best` for
    /// the candidate follows. In a max-n run every `value` (`Read`, `Pop`, `Best`, `Store`,
    /// `Return`, `PassEnd`) is the id of the terminal whose payoff vector the node carries
    /// (seed 004: a backed-up vector is always some terminal's); the catalog's `payoffs`
    /// of that state is the vector.
    Tie { state: u32, pos: u16, kept: bool },
}

const _: () = assert!(std::mem::size_of::<Event>() <= 16);

impl Event {
    /// A `Store` as what it writes: the key, the entry, and whether the table kept it.
    pub fn stored(&self) -> Option<(Key, Entry, bool)> {
        match *self {
            Event::Store {
                state,
                depth,
                qleft,
                value,
                mv,
                flag,
                kept,
            } => Some((
                Key {
                    state,
                    depth,
                    qleft,
                },
                Entry { value, mv, flag },
                kept,
            )),
            _ => None,
        }
    }
}
