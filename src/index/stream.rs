//! The fold run as the search goes: an observer that indexes each event as it is reported and
//! keeps none of them, holding only the candidate orders of the calls still open. The index
//! is the same as the one built from the recorded trace (tests check it), but the fold keeps
//! only the calls events can still touch and hands each finished call's row to a spill store
//! (`spill`), so the call-row views (`prune trace` as a table or tsv) of a run of any size
//! run in the memory of its open frames. Positions are numbered as they come and forgotten
//! when no open frame names them any more (`Live`): a uniform tree of 100 million calls has
//! 100 million positions, and the fold never holds more than its open frames' children.

use std::io;

use super::fold::{Fold, Source};
use super::rows::{CallRows, Row};
use super::spill::{Rows, Spill};
use super::tree::{CallRecord, NONE};
use crate::error::{Error, Result};
use crate::event::Event;
use crate::game::{Game, Side};
use crate::lesson::{Lesson, RunSetup};
use crate::observer::Observer;
use crate::trace::{Header, StateInfo, TraceError};
use crate::value::Flag;

/// The candidate orders of the open calls, by where they would start in a recorded arena,
/// and the rows of the calls that have finished.
struct Open {
    /// The positions the open frames name.
    live: Live,
    /// The run's options and start, for the side it plays each state for.
    setup: RunSetup,
    orders: Vec<(u32, Vec<u16>, Vec<u32>)>,
    total: usize,
    rows: Spill,
    /// The pass roots' records, for what the committed answer proves.
    roots: Vec<(u32, CallRecord)>,
    /// The first row that could not be stored.
    failed: Option<io::Error>,
    /// Whether finished calls' rows are kept (`calls_only`) or only the pass roots
    /// (`result_with_bound`).
    keep_rows: bool,
}

impl Source for Open {
    fn turn(&self, state: u32) -> Option<Side> {
        let side = self.live.turn(state)?;
        Some(self.setup.options.plays(side, state, self.setup.start))
    }

    fn arena_len(&self) -> usize {
        self.total
    }

    fn order(&self, start: u32, len: u16) -> Option<(&[u16], &[u32])> {
        let (_, moves, children) = self.orders.iter().rev().find(|o| o.0 == start)?;
        (moves.len() == len as usize).then_some((moves.as_slice(), children.as_slice()))
    }

    fn release(&mut self, start: u32) {
        if let Some(k) = self.orders.iter().rposition(|o| o.0 == start) {
            self.live.release(self.orders.len() - k);
            self.orders.truncate(k);
        }
    }

    fn keeps_calls(&self) -> bool {
        false
    }

    fn retire(&mut self, id: u32, record: &CallRecord) {
        if record.ply == 0 {
            self.roots.push((id, *record));
        }
        if self.keep_rows
            && self.failed.is_none()
            && let Err(e) = self.rows.put(id, Row::of_record(record).to_bytes())
        {
            self.failed = Some(e);
        }
    }
}

/// The positions the open frames name, numbered as met (or by the game's own numbers) with
/// the side to move: the start, and per open order the children it lists. A position is
/// only ever looked for where the search names it next (a child of the newest order, or the
/// start), so no map of every position is kept, and one met again later is numbered anew:
/// the fold compares numbers only within open frames.
#[derive(Default)]
struct Live {
    start: Option<Met>,
    /// Positions numbered since the newest order, which the next order lists.
    pending: Vec<Met>,
    /// The children of each open order, oldest first, and which of them was named last: the
    /// search takes them in order, so the next one named is almost always that one or the
    /// one after it.
    orders: Vec<(Vec<Met>, usize)>,
    next: u32,
}

/// A position met: its key, its number, whose turn it is.
#[derive(Clone, Copy)]
struct Met {
    key: u64,
    id: u32,
    turn: Side,
}

impl Live {
    fn id<G: Game>(&mut self, game: &G, s: G::State) -> u32 {
        let key = game.key(s);
        if let Some(m) = self.find(|m| m.key == key) {
            return m.id;
        }
        let id = game.number(s).unwrap_or_else(|| {
            self.next = self.next.wrapping_add(1);
            self.next - 1
        });
        let met = Met {
            key,
            id,
            turn: game.side(s),
        };
        if self.start.is_none() {
            self.start = Some(met);
        } else {
            self.pending.push(met);
        }
        id
    }

    /// A position the search names next: a child of the newest order (the last one named,
    /// the one after it, then any), else the start. Children being numbered for an order are
    /// new by definition, so `pending` is not searched.
    fn find(&mut self, hit: impl Fn(&Met) -> bool) -> Option<Met> {
        if let Some((level, at)) = self.orders.last_mut() {
            for k in [*at, *at + 1] {
                if let Some(m) = level.get(k).filter(|m| hit(m)) {
                    *at = k;
                    return Some(*m);
                }
            }
            if let Some(k) = level.iter().position(&hit) {
                *at = k;
                return Some(level[k]);
            }
        }
        self.start.filter(|m| hit(m))
    }

    fn turn(&self, id: u32) -> Option<Side> {
        let hit = |m: &&Met| m.id == id;
        if let Some((level, at)) = self.orders.last() {
            let near = level.get(*at).filter(hit);
            if let Some(m) = near.or_else(|| level.iter().find(hit)) {
                return Some(m.turn);
            }
        }
        (self.pending.iter().find(hit))
            .or(self.start.as_ref().filter(hit))
            .map(|m| m.turn)
    }

    /// An order lists `children`: the positions numbered since the last order, in its order,
    /// and any it found already open (a graph's transposition).
    fn hold(&mut self, children: &[u32]) {
        let pending = std::mem::take(&mut self.pending);
        let mut fresh = pending.iter().peekable();
        let mut level = Vec::with_capacity(children.len());
        for &c in children {
            let met = match fresh.next_if(|m| m.id == c) {
                Some(m) => Some(*m),
                None => self.find(|m| m.id == c),
            };
            level.extend(met);
        }
        self.orders.push((level, 0));
    }

    /// The newest `n` orders closed.
    fn release(&mut self, n: usize) {
        let keep = self.orders.len().saturating_sub(n);
        self.orders.truncate(keep);
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.orders.iter().map(|o| o.0.len()).sum::<usize>() + self.pending.len() + 1
    }
}

/// Folds the events as they come; the first event that does not fit is kept as the error.
struct Streaming {
    fold: Fold<Open>,
    events: usize,
    error: Option<TraceError>,
}

impl Streaming {
    /// A fold of a run of `setup` with nothing folded yet, keeping the finished calls' rows
    /// or not.
    fn new(setup: &RunSetup, keep_rows: bool) -> Streaming {
        Streaming {
            fold: Fold::new(
                Open {
                    live: Live::default(),
                    setup: *setup,
                    orders: Vec::new(),
                    total: 0,
                    rows: Spill::default(),
                    roots: Vec::new(),
                    failed: None,
                    keep_rows,
                },
                setup.options.family(),
            ),
            events: 0,
            error: None,
        }
    }
}

impl Observer for Streaming {
    const ENABLED: bool = true;

    fn state<G: Game>(&mut self, game: &G, s: G::State) -> u32 {
        self.fold.source().live.id(game, s)
    }

    fn event(&mut self, event: Event) {
        if self.error.is_none()
            && let Err(e) = self.fold.step(self.events, event)
        {
            self.error = Some(e);
        }
        self.events += 1;
    }

    fn order(&mut self, state: u32, candidates: &[u16], children: &[u32]) {
        let open = self.fold.source();
        let start = open.total as u32;
        open.live.hold(children);
        open.orders
            .push((start, candidates.to_vec(), children.to_vec()));
        open.total += candidates.len();
        self.event(Event::Order {
            state,
            start,
            len: candidates.len() as u16,
        });
    }
}

/// A graph's run folded as it went: its header (with the graph's catalog) and its call rows.
pub struct Streamed {
    header: Header,
    rows: Rows,
    bound: Option<Flag>,
}

impl Streamed {
    /// Admitted calls.
    pub fn calls(&self) -> u32 {
        self.rows.len()
    }
}

impl CallRows for Streamed {
    fn header(&self) -> &Header {
        &self.header
    }

    fn name(&self, state: u32) -> String {
        match self.header.catalog.label(state) {
            Some(label) => label.to_string(),
            None => state.to_string(),
        }
    }

    fn each_row(&self, f: &mut dyn FnMut(usize, &Row) -> io::Result<()>) -> io::Result<()> {
        self.rows
            .each(&mut |n, bytes| f(n as usize, &Row::from_bytes(bytes)))
    }

    fn committed_bound(&self) -> Option<Flag> {
        self.bound
    }

    fn state(&self, state: u32) -> Option<StateInfo> {
        self.header.catalog.get(state).cloned()
    }
}

/// Runs `setup` on a graph lesson, indexing as it goes: the call rows and the result, with no
/// events and no candidate arenas. For views of the call rows only (the trace table and
/// tsv); a game's rows name its positions from a recorded run's catalog instead.
pub fn calls_only(lesson: &Lesson, setup: &RunSetup) -> Result<Streamed> {
    // A graph's nodes are the lesson's: few, and the header's units read them.
    let Some(catalog) = crate::run::graph_catalog(lesson, setup) else {
        return Err(Error::Options(format!(
            "{}: only a graph's call rows are streamed; record the run instead",
            lesson.name
        )));
    };
    let (result, open, bound) = fold_run(lesson, setup, true)?;
    let header = crate::run::header(lesson, setup, catalog, result);
    let rows = open.rows.finish().map_err(|source| Error::Io {
        path: lesson.name.clone().into(),
        source,
    })?;
    Ok(Streamed {
        header,
        rows,
        bound,
    })
}

/// Runs `setup` on `lesson` through the streaming fold: the result, the fold's source (its
/// rows when `keep_rows`, and the pass roots) and what the committed answer proves, read off
/// the last completed pass's root as the index's tree reads it.
fn fold_run(
    lesson: &Lesson,
    setup: &RunSetup,
    keep_rows: bool,
) -> Result<(crate::search::RunResult, Open, Option<Flag>)> {
    let family = setup.options.family();
    let mut obs = Streaming::new(setup, keep_rows);
    let result =
        crate::run::search(lesson, setup, &mut obs).map_err(|e| crate::run::named(lesson, e))?;
    let named = |source| Error::Trace {
        path: lesson.name.clone(),
        source,
    };
    if let Some(e) = obs.error {
        return Err(named(e));
    }
    if let Some(source) = obs.fold.source().failed.take() {
        return Err(Error::Io {
            path: lesson.name.clone().into(),
            source,
        });
    }
    let (index, open) = obs
        .fold
        .finish_keeping(obs.events, &result)
        .map_err(named)?;
    let last_done = index.calls.passes.iter().rev().find(|p| p.done);
    let bound = last_done.filter(|p| p.root != NONE).and_then(|p| {
        let (_, root) = open.roots.iter().rev().find(|r| r.0 == p.root)?;
        super::query::root_bound(family, root.outcome?, root.probe, root.turn)
    });
    Ok((result, open, bound))
}

/// Runs `setup` on `lesson` recording nothing, and says what its committed answer proves
/// (`Tree::committed_bound` of the same run recorded): for `prune run`, which prints a result
/// that may be only a bound without recording the run. The search itself keeps the flag its
/// last completed pass's root returned (`search::run_proving`), so the run pays nothing for
/// it: folding every event to read that one flag made a run of 10^8 calls forty times
/// slower. tests/root_bound.rs checks the flag against the index of the recorded run.
pub fn result_with_bound(
    lesson: &Lesson,
    setup: &RunSetup,
) -> Result<(crate::search::RunResult, Option<crate::value::Flag>)> {
    let (result, bound) = crate::run::proving(lesson, setup, &mut crate::observer::Proves)
        .map_err(|e| crate::run::named(lesson, e))?;
    // A Monte Carlo run proves no bound: its answer is a count of visits.
    Ok((result, bound))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::model::{GameSpec, LeavesSpec};
    use crate::lesson::Overrides;
    use crate::search::Algorithm;

    /// Forwards to the streaming fold and notes, after every event, how many calls and orders
    /// it holds.
    struct Watch {
        inner: Streaming,
        most_calls: usize,
        most_orders: usize,
        most_live: usize,
    }

    impl Observer for Watch {
        const ENABLED: bool = true;

        fn event(&mut self, event: Event) {
            self.inner.event(event);
            self.note();
        }

        fn state<G: Game>(&mut self, game: &G, s: G::State) -> u32 {
            self.inner.state(game, s)
        }

        fn order(&mut self, state: u32, candidates: &[u16], children: &[u32]) {
            self.inner.order(state, candidates, children);
            self.note();
        }
    }

    impl Watch {
        fn note(&mut self) {
            self.most_calls = self.most_calls.max(self.inner.fold.live_calls());
            let open = self.inner.fold.source();
            self.most_orders = self.most_orders.max(open.orders.len());
            self.most_live = self.most_live.max(open.live.len());
        }
    }

    /// What the fold holds at most while it folds a uniform tree of branching `b` and depth
    /// `d` (minimax, one pass, no table), and how many calls the run made.
    fn held(b: u64, d: u64, algorithm: Algorithm) -> (usize, usize, u64) {
        let lesson = Lesson::of_game(&GameSpec::Uniform {
            branching: b,
            depth: d,
            leaves: LeavesSpec::Random,
            seed: 3,
        })
        .unwrap();
        let over = Overrides {
            depth: Some(d as u8),
            algorithm: Some(algorithm),
            deepening: Some(false),
            table: Some(false),
            ..Overrides::default()
        };
        let setup = lesson.setup(None, &over).unwrap();
        let mut watch = Watch {
            inner: Streaming::new(&setup, true),
            most_calls: 0,
            most_orders: 0,
            most_live: 0,
        };
        let result = crate::run::search(&lesson, &setup, &mut watch).unwrap();
        assert!(watch.inner.error.is_none());
        let (_, open) = (watch.inner.fold)
            .finish_keeping(watch.inner.events, &result)
            .unwrap();
        assert_eq!(open.rows.rows() as u64, result.stats.nodes);
        // The positions held: the start and, per open frame, its b children.
        let positions = 1 + (d as usize + 1) * b as usize;
        assert!(
            watch.most_live <= positions,
            "{} positions held",
            watch.most_live
        );
        (watch.most_calls, watch.most_orders, result.stats.nodes)
    }

    /// The fold of a run as it goes holds the open frames and the child each took in last,
    /// whatever the number of calls: a tree of 4 calls and one of 88,573 (3^10 leaves) hold
    /// the same at the same depth, and the depth bounds it.
    #[test]
    fn the_streaming_fold_holds_the_open_frames_not_the_calls() {
        for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta] {
            for d in [3, 6] {
                let (small_calls, small_orders, small_n) = held(1, d, algorithm);
                let (big_calls, big_orders, big_n) = held(3, d, algorithm);
                assert_eq!(small_n, d + 1);
                assert!(big_n > 3 * small_n, "{big_n} calls");
                // A frame per ply (d + 1 of them) and the last child of each.
                let bound = 2 * (d as usize + 1);
                assert!(big_calls <= bound, "{big_calls} calls held at depth {d}");
                assert!(small_calls <= bound);
                assert!(big_orders <= d as usize + 1 && small_orders <= d as usize + 1);
            }
        }
        let (calls, _, n) = held(3, 10, Algorithm::Minimax);
        assert_eq!(n, (3u64.pow(11) - 1) / 2);
        assert!(calls <= 22, "{calls} calls held");
    }

    use super::super::tree::{Tree, TreeNode, bit};
    use crate::trace::Trace;

    /// The trace as the fold's source, but keeping no calls: it takes each call's whole
    /// record as the call retires, the record the index's `Stored` form must give back.
    struct Whole<'a> {
        trace: &'a Trace,
        retired: Vec<(u32, CallRecord)>,
    }

    impl Source for Whole<'_> {
        fn turn(&self, state: u32) -> Option<Side> {
            Source::turn(&self.trace, state)
        }
        fn arena_len(&self) -> usize {
            self.trace.moves.len()
        }
        fn order(&self, start: u32, len: u16) -> Option<(&[u16], &[u32])> {
            let end = start as usize + len as usize;
            (end <= self.trace.moves.len()).then(|| self.trace.order(start, len))
        }
        fn state_info(&self, state: u32) -> Option<&StateInfo> {
            self.trace.header.catalog.get(state)
        }
        fn keeps_calls(&self) -> bool {
            false
        }
        fn retire(&mut self, id: u32, record: &CallRecord) {
            self.retired.push((id, *record));
        }
    }

    /// Every call of every built-in run but Monte Carlo's (windows, tables, quiescence,
    /// budgets, scouts, chance and max-n): the node the index makes of a stored call and the
    /// trace's events is the call's whole record as the fold built it.
    #[test]
    fn stored_calls_read_back_their_whole_records() {
        let mut checked = 0;
        for stem in crate::lesson::builtin_names() {
            let lesson = Lesson::open(stem).unwrap();
            for run in &lesson.spec.runs {
                let setup = lesson.setup(Some(&run.name), &Overrides::default());
                let Ok(setup) = setup else { continue };
                let recorded = super::super::recorded::record(&lesson, &setup).unwrap();
                let trace = &recorded.trace;
                // A Monte Carlo run keeps no calls.
                if trace.header.result.mcts.is_some() {
                    continue;
                }
                let mut fold = Fold::new(
                    Whole {
                        trace,
                        retired: Vec::new(),
                    },
                    trace.header.options.family(),
                );
                for (i, event) in trace.events.iter().enumerate() {
                    fold.step(i, event).unwrap();
                }
                let (_, whole) = fold
                    .finish_keeping(trace.events.len(), &trace.header.result)
                    .unwrap();
                let tree = recorded.tree();
                assert_eq!(whole.retired.len() as u32, tree.calls());
                for (id, r) in whole.retired {
                    assert_eq!(
                        tree.get(id),
                        whole_node(&tree, id, &r),
                        "{stem} {}",
                        run.name
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked} calls");
    }

    /// `tree.get(id)` with the fields a call's record holds taken from the record itself.
    fn whole_node(tree: &Tree, id: u32, r: &CallRecord) -> TreeNode {
        let mut n = tree.get(id);
        (n.state, n.turn, n.mv, n.ply, n.pass) = (r.state, r.turn, r.mv, r.ply, r.pass);
        (n.depth, n.qleft, n.alpha, n.beta) = (r.depth, r.qleft, r.alpha, r.beta);
        (n.parent, n.enter, n.exit) = (r.parent, r.enter, r.exit);
        (n.value, n.best_mv, n.outcome, n.probe) = (r.value, r.best_mv, r.outcome, r.probe);
        n.stand_pat = r.has(bit::STAND_PAT).then_some(r.stand_pat);
        (n.order_start, n.order_len, n.pushes) = (r.order_start, r.order_len, r.pushes);
        n.cutoff = r.cutoff();
        n
    }
}
