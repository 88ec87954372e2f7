//! Alpha-beta's detail events: what a call learns about its value and its window. The chance
//! and max-n families use them too (a max-n value is the id of the terminal whose payoff
//! vector it carries).

use serde::Serialize;

use crate::value::{Entry, Flag, Key};

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
            | Bound::Cutoff { .. } => None,
        }
    }
}
