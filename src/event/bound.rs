//! Alpha-beta's detail events: what a call learns about its value and its window. The chance
//! and max-n families use them too (a max-n value is the id of the terminal whose payoff
//! vector it carries).

use serde::Serialize;

use crate::game::Rule;
use crate::value::{Entry, Flag, Key};

/// What narrowed a call's window before its moves (`Bound::Narrow`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Narrowing {
    /// β fell to the best score the position can still reach (a game scored by how soon
    /// it is won cannot be won sooner than the next move).
    Reach,
    /// α rose to the worst score still possible (it cannot be lost sooner than that).
    Floor,
    /// β fell to the upper bound the table kept for the position.
    KeptUpper,
    /// α rose to the lower bound the table kept for the position.
    KeptLower,
}

impl Narrowing {
    pub fn name(self) -> &'static str {
        match self {
            Narrowing::Reach => "reach",
            Narrowing::Floor => "floor",
            Narrowing::KeptUpper => "kept upper",
            Narrowing::KeptLower => "kept lower",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Bound {
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
    /// Before trying a move, the call's window narrowed to (α, β) by what is known of the
    /// position without searching it (`by`): when it closes, the call returns at once.
    Narrow {
        state: u32,
        alpha: i32,
        beta: i32,
        by: Narrowing,
    },
    /// Between two searches of the root: its value is known to lie in [lo, hi], and the next
    /// search asks with the null window (probe, probe + 1) whether it is above `probe`.
    Split { lo: i32, hi: i32, probe: i32 },
    /// The game's own rule finished the position without a search (a score read follows).
    Settled { state: u32, rule: Rule },
    /// The game's rules left `dropped` moves of the position out of its candidates.
    Filtered { state: u32, dropped: u8 },
    /// A proven value for the key (state, depth, qleft); `kept` is false when the table is
    /// off (the flag it would have). The key is spelled out so the event stays small.
    Store {
        state: u32,
        depth: u8,
        qleft: u8,
        value: i32,
        mv: i16,
        flag: Flag,
        kept: bool,
    },
}

impl Bound {
    /// A `Store` as what it writes: the key, the entry, and whether the table kept it.
    pub fn stored(&self) -> Option<(Key, Entry, bool)> {
        match *self {
            Bound::Store {
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
            Bound::Probe { .. }
            | Bound::Read { .. }
            | Bound::StandPat { .. }
            | Bound::Best { .. }
            | Bound::Window { .. }
            | Bound::Cutoff { .. }
            | Bound::Narrow { .. }
            | Bound::Split { .. }
            | Bound::Settled { .. }
            | Bound::Filtered { .. } => None,
        }
    }
}
