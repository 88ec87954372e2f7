//! Replaying a recorded search one event at a time.
//!
//! A `Replay` owns a recorded trace and three read-only indexes built once from it: the
//! searched `Tree` (one node per admitted call plus stubs for skipped and refused candidates),
//! the `TableLog` (every kept store, per key) and keyframes. A `ReplayState` is the view at one
//! step: the active frames with their original and current windows, best values, candidate
//! positions, the counters, the pass history and the last probe and store. It is built only by
//! applying events in order; `seek` starts from the nearest keyframe (one every `KEYFRAME`
//! events), so it never applies more than `KEYFRAME - 1` events.
//!
//! Nothing here searches or evaluates: every value shown comes from an event.

pub mod narrate;
pub mod samples;
pub mod tree;

use crate::game::{Game, Side};
use crate::observer::Recorder;
use crate::run::Recorded;
use crate::search::tt::{Entry, Flag, Key};
use crate::search::{Options, Pass, RunResult, Stats};
use crate::trace::{Event, ReturnKind};

pub use tree::{NodeKind, Tree, TreeNode};

/// Events between two stored keyframes: the most `seek` ever replays.
pub const KEYFRAME: usize = 1024;

/// One active call on the search path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The call's node in the `Tree` (its call number, 0-based).
    pub node: u32,
    pub state: u32,
    pub ply: u16,
    pub depth: u8,
    pub qleft: u8,
    pub max: bool,
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
    pub events: Vec<Event>,
    pub moves: Vec<u16>,
    pub options: Options,
    pub start: u32,
    pub result: RunResult,
    pub tree: Tree,
    pub table: TableLog,
    /// Event index of each call's `Enter`, by call number.
    pub call_events: Vec<u32>,
    /// Event indexes of the marks a student jumps between.
    pub marks: Marks,
    keyframes: Vec<ReplayState>,
}

/// Sorted event indexes of each kind of landmark.
#[derive(Default, Debug, Clone)]
pub struct Marks {
    pub cutoffs: Vec<u32>,
    pub hits: Vec<u32>,
    pub stores: Vec<u32>,
    pub passes: Vec<u32>,
}

/// Every kept store, per key, in event order; answers "what was in the table at step k".
#[derive(Default, Debug, Clone)]
pub struct TableLog {
    /// Keys in the order they were first stored.
    pub keys: Vec<Key>,
    /// For each key (same index), its stores: (event index, entry).
    pub history: Vec<Vec<(u32, Entry)>>,
    index: std::collections::HashMap<Key, u32>,
}

/// One row of the table as of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRow {
    pub key: Key,
    pub entry: Entry,
    /// When this version was stored.
    pub event: u32,
}

impl TableLog {
    fn record(&mut self, event: u32, key: Key, entry: Entry) {
        let slot = *self.index.entry(key).or_insert_with(|| {
            self.keys.push(key);
            self.history.push(Vec::new());
            (self.keys.len() - 1) as u32
        });
        self.history[slot as usize].push((event, entry));
    }

    /// The table after `step` events, in first-store order.
    pub fn at(&self, step: usize) -> Vec<TableRow> {
        let mut rows = Vec::new();
        for (key, hist) in self.keys.iter().zip(&self.history) {
            // Keys are in first-store order, so the first key stored at or after `step` ends it.
            if hist[0].0 as usize >= step {
                break;
            }
            let n = hist.partition_point(|(e, _)| (*e as usize) < step);
            let (event, entry) = hist[n - 1];
            rows.push(TableRow {
                key: *key,
                entry,
                event,
            });
        }
        rows
    }

    /// The entry for one key after `step` events.
    pub fn get(&self, key: Key, step: usize) -> Option<Entry> {
        let hist = &self.history[*self.index.get(&key)? as usize];
        let n = hist.partition_point(|(e, _)| (*e as usize) < step);
        (n > 0).then(|| hist[n - 1].1)
    }
}

impl Replay {
    /// Indexes a recorded run. `game` supplies only what events leave out: whose turn a state
    /// is and which state a skipped move leads to.
    pub fn new<G: Game<State = u32>>(recorded: Recorded, game: &G) -> Replay {
        let Recorded {
            setup,
            result,
            trace: Recorder { events, moves },
        } = recorded;
        let tree = Tree::build(&events, &moves, game);
        let mut replay = Replay {
            events,
            moves,
            options: setup.options,
            start: setup.start,
            result,
            tree,
            table: TableLog::default(),
            call_events: Vec::new(),
            marks: Marks::default(),
            keyframes: Vec::new(),
        };
        let mut state = ReplayState::default();
        for (i, event) in replay.events.iter().enumerate() {
            let i32_ = i as u32;
            match *event {
                Event::Enter { .. } => replay.call_events.push(i32_),
                Event::Cutoff { .. } | Event::StandPat { cutoff: true, .. } => {
                    replay.marks.cutoffs.push(i32_)
                }
                Event::Return {
                    how: ReturnKind::TableHit,
                    ..
                } => replay.marks.hits.push(i32_),
                Event::Store {
                    key,
                    value,
                    mv,
                    flag,
                    kept,
                } => {
                    replay.marks.stores.push(i32_);
                    if kept {
                        replay.table.record(i32_, key, Entry { value, mv, flag });
                    }
                }
                Event::PassStart { .. } => replay.marks.passes.push(i32_),
                _ => {}
            }
        }
        for i in 0..replay.events.len() {
            if i.is_multiple_of(KEYFRAME) {
                replay.keyframes.push(state.clone());
            }
            replay.apply(&mut state);
        }
        if replay.events.len().is_multiple_of(KEYFRAME) {
            replay.keyframes.push(state);
        }
        replay
    }

    /// Number of events: valid steps are `0..=len()`.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
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
        let Some(&event) = self.events.get(index) else {
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
                });
                if done {
                    st.committed = Some((depth, score, mv));
                }
                st.frames.clear();
            }
            Event::Enter {
                state,
                ply,
                depth,
                qleft,
                alpha,
                beta,
            } => {
                let node = st.stats.nodes as u32;
                st.stats.nodes += 1;
                st.stats.peak = st.stats.peak.max(ply as u64);
                if depth == 0 {
                    st.stats.qnodes += 1;
                }
                let max = self.tree.nodes[node as usize].max;
                st.pushed = None;
                st.frames.push(Frame {
                    node,
                    state,
                    ply,
                    depth,
                    qleft,
                    max,
                    alpha0: alpha,
                    beta0: beta,
                    alpha,
                    beta,
                    best: if max {
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
                });
            }
            Event::Refused { .. } => {
                st.refused = true;
            }
            Event::Probe {
                state,
                found,
                usable,
            } => {
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
            Event::Read { .. } => st.stats.evals += 1,
            Event::StandPat { value, cutoff, .. } => {
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
            Event::Push { state, mv } => {
                st.pushed = Some((state, mv));
                if let Some(f) = st.frames.last_mut() {
                    f.trying = Some(f.trying.map_or(0, |p| p + 1));
                }
            }
            Event::Pop { .. } => {
                st.pushed = None;
            }
            Event::Best { value, mv, .. } => {
                if let Some(f) = st.frames.last_mut() {
                    f.best = value;
                    f.best_mv = mv;
                }
            }
            Event::Window { alpha, beta, .. } => {
                if let Some(f) = st.frames.last_mut() {
                    f.alpha = alpha;
                    f.beta = beta;
                }
            }
            Event::Cutoff { pos, .. } => {
                st.stats.cutoffs += 1;
                if let Some(f) = st.frames.last_mut() {
                    f.cutoff = Some(pos);
                }
            }
            Event::Store {
                key,
                value,
                mv,
                flag,
                kept,
            } => {
                st.last_store = Some(StoreMark {
                    event: index as u32,
                    key,
                    entry: Entry { value, mv, flag },
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
        }
    }

    /// The candidates of a frame in trying order (move indexes).
    pub fn order_of(&self, f: &Frame) -> &[u16] {
        let start = f.order_start as usize;
        &self.moves[start..start + f.order_len as usize]
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
        self.call_events.get(n).map(|&e| e as usize + 1)
    }

    /// Whose turn `state` is, as recorded in the tree (for nodes the search entered).
    pub fn side_of_node(&self, node: u32) -> Side {
        if self.tree.nodes[node as usize].max {
            Side::Max
        } else {
            Side::Min
        }
    }

    /// How a stored flag reads for a student.
    pub fn flag_mark(flag: Flag) -> &'static str {
        match flag {
            Flag::Exact => "=",
            Flag::Lower => "≥",
            Flag::Upper => "≤",
        }
    }
}
