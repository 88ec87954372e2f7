//! Replaying a recorded search one event at a time.
//!
//! A `Replay` owns a recorded run (the trace and its one index) and keyframes. A
//! `ReplayState` is the view at one step: the active frames with their original and current
//! windows, best values, candidate positions, the counters, the pass history and the last
//! probe and store. It is built only by applying events in order (`apply`: the skeleton,
//! then each family's detail in its own file); `seek` starts from the nearest keyframe (one
//! every `KEYFRAME` events), so once that keyframe exists it never applies more than
//! `KEYFRAME - 1` events. Keyframes are made when a seek first passes them, not when the run
//! is opened: opening a run folds its events once, into the index, and no more.
//!
//! Nothing here searches or evaluates, and nothing needs the game: every value shown comes
//! from an event or from the index.

mod apply;
mod chance;
pub mod maxn;
pub mod narrate;
pub mod samples;

use std::sync::OnceLock;

use crate::game::Side;
use crate::index::{Index, Marks, Recorded, TableLog, Tree};
use crate::search::tt::{Entry, Key};
use crate::search::{Attempt, Counters, Options, Pass, RunResult, Stats};
use crate::trace::{Catalog, Event};

pub use crate::index::{NodeKind, TableRow, TreeNode};

/// Events between two stored keyframes: the most `seek` ever replays.
pub const KEYFRAME: usize = 4096;

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
    pass_before: Stats,
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
    next_scout: bool,
    next_research: bool,
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

/// A recorded run ready to be stepped through.
pub struct Replay {
    pub rec: Recorded,
    /// The state at every multiple of `KEYFRAME` events, each made the first time a seek
    /// needs it (from the one below it).
    keyframes: Vec<OnceLock<ReplayState>>,
}

impl Replay {
    /// A run ready to step through; no event is applied until a step is asked for.
    pub fn new(rec: Recorded) -> Replay {
        let slots = rec.trace.events.len() / KEYFRAME + 1;
        let keyframes = (0..slots).map(|_| OnceLock::new()).collect::<Vec<_>>();
        let _ = keyframes[0].set(ReplayState::default());
        Replay { rec, keyframes }
    }

    /// The state at step `k * KEYFRAME`, made from the nearest keyframe below it (and every
    /// keyframe between them kept on the way) if no seek has needed it before.
    fn keyframe(&self, k: usize) -> &ReplayState {
        if let Some(state) = self.keyframes[k].get() {
            return state;
        }
        let made = (0..k).rev().find(|&m| self.keyframes[m].get().is_some());
        let from = made.expect("keyframe 0 is always made");
        let mut state = self.keyframes[from].get().expect("found above").clone();
        for slot in from + 1..=k {
            while state.step < slot * KEYFRAME {
                self.apply(&mut state);
            }
            // Another thread may have made it meanwhile; both are the same state.
            let _ = self.keyframes[slot].set(state.clone());
        }
        self.keyframes[k].get().expect("set above")
    }

    pub fn index(&self) -> &Index {
        &self.rec.index
    }

    pub fn tree(&self) -> Tree<'_> {
        self.rec.tree()
    }

    pub fn marks(&self) -> &Marks {
        &self.rec.index.marks
    }

    pub fn table(&self) -> &TableLog {
        &self.rec.index.table
    }

    pub fn events(&self) -> &[Event] {
        &self.rec.trace.events
    }

    pub fn options(&self) -> &Options {
        &self.rec.trace.header.options
    }

    pub fn start(&self) -> u32 {
        self.rec.trace.header.start
    }

    pub fn result(&self) -> &RunResult {
        &self.rec.trace.header.result
    }

    pub fn catalog(&self) -> &Catalog {
        &self.rec.trace.header.catalog
    }

    pub fn trace(&self) -> &crate::trace::Trace {
        &self.rec.trace
    }

    /// How this run's values are written (its scale; max-n's payoff vectors).
    pub fn units(&self) -> crate::value::Units {
        self.rec.trace.header.units()
    }

    /// Values in this run count units of 1/scale (`value::Units`).
    pub fn scale(&self) -> i32 {
        self.rec.trace.header.scale
    }

    /// Number of events: valid steps are `0..=len()`.
    pub fn len(&self) -> usize {
        self.rec.trace.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rec.trace.events.is_empty()
    }

    /// The state after `step` events (clamped to the end).
    pub fn seek(&self, step: usize) -> ReplayState {
        let mut state = ReplayState::default();
        self.seek_into(step, &mut state);
        state
    }

    /// Like `seek`, reusing `state`'s allocations; continues forward without a keyframe when
    /// the target is a little ahead of `state`.
    pub fn seek_into(&self, step: usize, state: &mut ReplayState) {
        let step = step.min(self.len());
        let near = step / KEYFRAME;
        if !(state.step <= step && state.step / KEYFRAME == near) {
            state.clone_from(self.keyframe(near));
        }
        while state.step < step {
            self.apply(state);
        }
    }

    /// Applies the next event to `state`: the skeleton in `apply`, each family's detail in
    /// its own file there.
    pub fn apply(&self, st: &mut ReplayState) {
        let index = st.step;
        let Some(&event) = self.rec.trace.events.get(index) else {
            return;
        };
        st.step += 1;
        apply::event(self, st, index, event);
    }

    /// Whether a frame of `turn` maximises in the run's convention: every frame does when
    /// scores are from the side to move (negamax), only MAX's from MAX's side.
    pub fn maximises(&self, turn: Side) -> bool {
        self.rec.options().family().maximises(turn)
    }

    /// The candidates of a frame in trying order (move indexes).
    pub fn order_of(&self, f: &Frame) -> &[u16] {
        self.rec.trace.order(f.order_start, f.order_len).0
    }

    /// The event index of the next/previous mark strictly after/before `step`.
    pub fn next_mark(marks: &[u32], step: usize) -> Option<usize> {
        // A mark at event index e is "reached" at step e + 1.
        let n = marks.partition_point(|&e| (e as usize) < step);
        marks.get(n).map(|&e| e as usize + 1)
    }

    pub fn prev_mark(marks: &[u32], step: usize) -> Option<usize> {
        let n = marks.partition_point(|&e| (e as usize + 1) < step);
        n.checked_sub(1).map(|i| marks[i] as usize + 1)
    }

    /// The step right after call `n` (0-based) was admitted.
    pub fn call_step(&self, n: usize) -> Option<usize> {
        let tree = self.tree();
        (n < tree.calls() as usize).then(|| tree.get(n as u32).enter as usize + 1)
    }
}
