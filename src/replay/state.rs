//! The view of the search at one step: the active frames with their original and current
//! windows, best values and candidate positions, the counters, the pass history and the last
//! probe and store.

use crate::game::Side;
use crate::search::{Attempt, Counters, Pass, Stats};
use crate::value::{Entry, Key};

/// One active call on the search path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The call's node in the `Tree` (its call number, 0-based).
    pub node: u32,
    pub state: u32,
    pub ply: u16,
    pub depth: u8,
    pub qleft: u8,
    pub turn: Side,
    /// The window the call was entered with.
    pub alpha0: i32,
    pub beta0: i32,
    /// The window now.
    pub alpha: i32,
    pub beta: i32,
    /// Best so far (starts at the side's worst, ∓INF, until a value arrives).
    pub best: i32,
    pub best_mv: i16,
    /// Candidates in trying order: `moves[order_start..order_start + order_len]`.
    pub order_start: u32,
    pub order_len: u16,
    /// Whether an `Order` event has been seen for this call yet.
    pub ordered: bool,
    /// Position in the order of the candidate being tried (or last tried).
    pub trying: Option<u16>,
    /// Position after which the remaining candidates were skipped.
    pub cutoff: Option<u16>,
    pub stand_pat: Option<i32>,
    /// PVS: the call was entered with a null window (a scout search).
    pub scout: bool,
    /// PVS: the call is the full-window re-search of a child whose scout said "better".
    pub research: bool,
    /// A chance frame: the weighted sum of the outcomes back so far (`Average`) and how many.
    pub average: Option<(i32, u16)>,
    /// Chance pruning: the interval the frame's value lies in after its latest outcome.
    pub interval: Option<(i32, i32)>,
}

/// The last table probe: which key, what was there, and whether it settled the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeMark {
    pub event: u32,
    pub key: Key,
    pub found: Option<Entry>,
    pub usable: bool,
    /// The window of the probing call.
    pub alpha: i32,
    pub beta: i32,
}

/// The last store (kept in the table or, with the table off, only reported).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreMark {
    pub event: u32,
    pub key: Key,
    pub entry: Entry,
    pub kept: bool,
}

/// The view of the search after `step` events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayState {
    /// Events applied so far (0 = before the first event).
    pub step: usize,
    pub frames: Vec<Frame>,
    pub stats: Stats,
    pub passes: Vec<Pass>,
    /// The pass in progress (or the last one, once it ended).
    pub pass: Option<u8>,
    pub pass_open: bool,
    pub(super) pass_before: Stats,
    /// The last completed pass's (depth, score, move).
    pub committed: Option<(u8, i32, i16)>,
    pub last_probe: Option<ProbeMark>,
    pub last_store: Option<StoreMark>,
    /// A child pushed but not yet admitted: (state, move).
    pub pushed: Option<(u32, i16)>,
    /// The node most recently finished (returned or unwound), for highlighting.
    pub last_done: Option<u32>,
    /// The budget refused a call at this step or earlier.
    pub refused: bool,
    /// Seed 002's counters so far.
    pub counters: Counters,
    /// The aspiration attempts of the pass in progress that have ended.
    pub attempts: Vec<Attempt>,
    /// The next call is a scout (`NullWindow`) or a re-search (`Research`).
    pub(super) next_scout: bool,
    pub(super) next_research: bool,
}

impl ReplayState {
    /// The call counter (1-based call number of the latest admitted call).
    pub fn call(&self) -> u64 {
        self.stats.nodes
    }

    pub fn top(&self) -> Option<&Frame> {
        self.frames.last()
    }
}
