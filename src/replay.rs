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
pub mod maxn;
pub mod narrate;
pub mod samples;
mod state;

use std::sync::OnceLock;

use crate::game::Side;
use crate::index::{Index, Marks, Recorded, TableLog, Tree};
use crate::search::{Options, RunResult};
use crate::trace::{Catalog, Events};

pub use crate::index::{NodeKind, TableRow, TreeNode};
pub use state::{Frame, ProbeMark, ReplayState, StoreMark};

/// Events between two stored keyframes: the most `seek` ever replays.
pub const KEYFRAME: usize = 4096;

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

    pub fn events(&self) -> &Events {
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
        let Some(event) = self.rec.trace.events.get(index) else {
            return;
        };
        st.step += 1;
        apply::event(self.rec.options().family(), &self.tree(), st, index, event);
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
