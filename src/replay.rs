//! Replaying a recorded search one event at a time.
//!
//! A `Replay` owns a recorded run (the trace and its one index) and keyframes. A
//! `ReplayState` is the view at one step: the active frames with their original and current
//! windows, best values, candidate positions, the counters, the pass history and the last
//! probe and store. It is built only by applying events in order; `seek` starts from the
//! nearest keyframe (one every `KEYFRAME` events), so it never applies more than
//! `KEYFRAME - 1` events.
//!
//! Nothing here searches or evaluates, and nothing needs the game: every value shown comes
//! from an event or from the index.

pub mod maxn;
pub mod narrate;
pub mod samples;

use crate::event::{Bound, Chance, Scout, Vector};
use crate::game::Side;
use crate::index::{Index, Marks, Recorded, TableLog, Tree};
use crate::search::tt::{Entry, Key};
use crate::search::{Attempt, Counters, Options, Pass, RunResult, Stats};
use crate::trace::{Catalog, Event, ReturnKind};

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
    keyframes: Vec<ReplayState>,
}

impl Replay {
    /// Stores a keyframe every `KEYFRAME` events of an indexed run.
    pub fn new(rec: Recorded) -> Replay {
        let mut replay = Replay {
            rec,
            keyframes: Vec::new(),
        };
        let mut state = ReplayState::default();
        for i in 0..replay.len() {
            if i.is_multiple_of(KEYFRAME) {
                replay.keyframes.push(state.clone());
            }
            replay.apply(&mut state);
        }
        if replay.len().is_multiple_of(KEYFRAME) {
            replay.keyframes.push(state);
        }
        replay
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
            state.clone_from(&self.keyframes[near]);
        }
        while state.step < step {
            self.apply(state);
        }
    }

    /// Applies the next event to `state`.
    pub fn apply(&self, st: &mut ReplayState) {
        let index = st.step;
        let Some(&event) = self.rec.trace.events.get(index) else {
            return;
        };
        st.step += 1;
        match event {
            Event::PassStart { depth } => {
                st.pass = Some(depth);
                st.pass_open = true;
                st.pass_before = st.stats;
                st.frames.clear();
                st.pushed = None;
                st.last_done = None;
                st.attempts.clear();
            }
            Event::PassEnd {
                depth,
                done,
                score,
                mv,
            } => {
                st.pass_open = false;
                st.passes.push(Pass {
                    depth,
                    done,
                    score,
                    mv,
                    delta: st.stats.delta(&st.pass_before),
                    attempts: std::mem::take(&mut st.attempts),
                });
                if done {
                    st.committed = Some((depth, score, mv));
                }
                st.frames.clear();
            }
            Event::Enter {
                state,
                turn,
                depth,
                qleft,
                alpha,
                beta,
            } => {
                let node = st.stats.nodes as u32;
                st.stats.nodes += 1;
                let ply = st.frames.len() as u16;
                st.stats.peak = st.stats.peak.max(ply as u64);
                if depth == 0 {
                    st.stats.qnodes += 1;
                }
                st.pushed = None;
                st.frames.push(Frame {
                    node,
                    state,
                    ply,
                    depth,
                    qleft,
                    turn,
                    alpha0: alpha,
                    beta0: beta,
                    alpha,
                    beta,
                    best: if self.maximises(turn) {
                        -crate::search::INF
                    } else {
                        crate::search::INF
                    },
                    best_mv: crate::search::NO_MOVE,
                    order_start: 0,
                    order_len: 0,
                    ordered: false,
                    trying: None,
                    cutoff: None,
                    stand_pat: None,
                    scout: std::mem::take(&mut st.next_scout),
                    research: std::mem::take(&mut st.next_research),
                    average: None,
                    interval: None,
                });
            }
            Event::Refused { .. } => {
                st.refused = true;
            }
            Event::Bound(Bound::Probe {
                state,
                found,
                usable,
            }) => {
                if let Some(f) = st.frames.last() {
                    st.last_probe = Some(ProbeMark {
                        event: index as u32,
                        key: Key {
                            state,
                            depth: f.depth,
                            qleft: f.qleft,
                        },
                        found,
                        usable,
                        alpha: f.alpha,
                        beta: f.beta,
                    });
                }
            }
            Event::Bound(Bound::Read { .. }) => st.stats.evals += 1,
            Event::Bound(Bound::StandPat { value, cutoff, .. }) => {
                st.stats.evals += 1;
                if cutoff {
                    st.stats.cutoffs += 1;
                }
                if let Some(f) = st.frames.last_mut() {
                    f.stand_pat = Some(value);
                    f.best = value;
                    if cutoff {
                        f.cutoff = Some(0);
                    }
                }
            }
            Event::Order { start, len, .. } => {
                if let Some(f) = st.frames.last_mut() {
                    f.order_start = start;
                    f.order_len = len;
                    f.ordered = true;
                }
            }
            Event::Push { state, mv, pos } => {
                st.pushed = Some((state, mv));
                if let Some(f) = st.frames.last_mut() {
                    f.trying = Some(pos);
                }
            }
            Event::Pop { .. } => {
                st.pushed = None;
            }
            Event::Bound(Bound::Best { value, mv, .. }) => {
                if let Some(f) = st.frames.last_mut() {
                    f.best = value;
                    f.best_mv = mv;
                }
            }
            Event::Bound(Bound::Window { alpha, beta, .. }) => {
                if let Some(f) = st.frames.last_mut() {
                    f.alpha = alpha;
                    f.beta = beta;
                }
            }
            Event::Bound(Bound::Cutoff { pos, .. }) => {
                st.stats.cutoffs += 1;
                if let Some(f) = st.frames.last_mut() {
                    f.cutoff = Some(pos);
                    if f.turn.is_chance() {
                        st.counters.chance_cutoffs += 1;
                    }
                }
            }
            Event::Chance(Chance::Average { pos, sum, .. }) => {
                if let Some(f) = st.frames.last_mut() {
                    f.average = Some((sum, pos + 1));
                }
            }
            Event::Chance(Chance::Interval { lo, hi, .. }) => {
                if let Some(f) = st.frames.last_mut() {
                    f.interval = Some((lo, hi));
                }
            }
            Event::Vector(Vector::Tie { .. }) => st.counters.ties += 1,
            Event::Bound(Bound::Store { .. }) => {
                let (key, entry, kept) = event.stored().expect("a store");
                st.last_store = Some(StoreMark {
                    event: index as u32,
                    key,
                    entry,
                    kept,
                });
            }
            Event::Return { how, .. } => {
                if how == ReturnKind::TableHit {
                    st.stats.tt_hits += 1;
                }
                st.last_done = st.frames.pop().map(|f| f.node);
            }
            Event::Unwind { .. } => {
                st.last_done = st.frames.pop().map(|f| f.node);
            }
            Event::Scout(Scout::NullWindow { .. }) => {
                st.counters.null_windows += 1;
                st.next_scout = true;
            }
            Event::Scout(Scout::Research { .. }) => {
                st.counters.researches += 1;
                st.next_research = true;
            }
            Event::Aspiration {
                alpha,
                beta,
                outcome,
                ..
            } => {
                if outcome.missed() {
                    st.counters.aspiration_misses += 1;
                }
                let value = st.last_done.map_or(0, |n| self.tree().get(n).value);
                st.attempts.push(Attempt {
                    alpha,
                    beta,
                    value,
                    outcome,
                });
            }
        }
    }

    /// Whether a frame of `turn` maximises in the run's convention: every frame does when
    /// scores are from the side to move (negamax), only MAX's from MAX's side.
    pub fn maximises(&self, turn: Side) -> bool {
        self.rec.options().algorithm.side_to_move() || turn.is_max()
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
