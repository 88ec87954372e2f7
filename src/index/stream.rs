//! The fold run as the search goes: an observer that indexes each event as it is reported and
//! keeps none of them, holding only the candidate orders of the calls still open. The index
//! is the same as the one built from the recorded trace (tests check it), but the fold keeps
//! only the calls events can still touch and hands each finished call's row to a spill store
//! (`spill`), so the call-row views (`prune trace` as a table or tsv) of a run of any size
//! run in the memory of its open frames. The states are asked of the game as they come,
//! never listed: a uniform tree of 35 million calls has 35 million states.

use std::io;

use super::fold::{Fold, Source};
use super::rows::{CallRows, Row};
use super::spill::{Rows, Spill};
use super::tree::{CallRecord, NONE};
use crate::error::{Error, Result};
use crate::event::Event;
use crate::game::Side;
use crate::game::model::Model;
use crate::lesson::{Lesson, RunSetup};
use crate::observer::Observer;
use crate::trace::{Catalog, Header, StateInfo, TraceError};
use crate::value::Flag;

/// The candidate orders of the open calls, by where they would start in a recorded arena,
/// and the rows of the calls that have finished.
struct Open<'a> {
    model: &'a Model,
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

impl Source for Open<'_> {
    fn turn(&self, state: u32) -> Option<Side> {
        let side = self.model.side(state)?;
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

/// Folds the events as they come; the first event that does not fit is kept as the error.
struct Streaming<'a> {
    fold: Fold<Open<'a>>,
    events: usize,
    error: Option<TraceError>,
}

impl<'a> Streaming<'a> {
    /// A fold of `model`'s run of `setup` with nothing folded yet, keeping the finished
    /// calls' rows or not.
    fn new(model: &'a Model, setup: &RunSetup, keep_rows: bool) -> Streaming<'a> {
        Streaming {
            fold: Fold::new(
                Open {
                    model,
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

impl Observer for Streaming<'_> {
    const ENABLED: bool = true;

    fn event(&mut self, event: Event) {
        if self.error.is_none()
            && let Err(e) = self.fold.step(self.events, event)
        {
            self.error = Some(e);
        }
        self.events += 1;
    }

    fn order(&mut self, state: u32, candidates: &[u16], child: impl Fn(u16) -> u32) {
        let open = self.fold.source();
        let start = open.total as u32;
        let children = candidates.iter().map(|&m| child(m)).collect();
        open.orders.push((start, candidates.to_vec(), children));
        open.total += candidates.len();
        self.event(Event::Order {
            state,
            start,
            len: candidates.len() as u16,
        });
    }
}

/// A run folded as it went: its header (with a graph's catalog; an implicit game's states
/// are named by the game) and its call rows.
pub struct Streamed {
    header: Header,
    model: Model,
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
        match self.model.describe(state).and_then(|d| d.label) {
            Some(label) => label,
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
        match self.header.catalog.get(state) {
            Some(info) => Some(info.clone()),
            None => (self.model.describe(state)).map(|d| {
                StateInfo::described(state, d).as_run_sees(&self.header.options, self.header.start)
            }),
        }
    }
}

/// Runs `setup` on `lesson`, indexing as it goes: the call rows and the result, with no
/// events, no candidate arenas and no list of states. For views of the call rows only (the
/// trace table and tsv).
pub fn calls_only(lesson: &Lesson, setup: &RunSetup) -> Result<Streamed> {
    let game = crate::run::game(lesson, &setup.options);
    // A graph's nodes are the lesson's: few, and the header's units read them.
    let catalog = match crate::run::graph_catalog(lesson, setup) {
        Some(catalog) => catalog,
        None => {
            crate::run::check_recordable(lesson)?;
            Catalog::default()
        }
    };
    let (result, open, bound) = fold_run(lesson, setup, &game, true)?;
    let header = crate::run::header(lesson, setup, catalog, result);
    let rows = open.rows.finish().map_err(|source| Error::Io {
        path: lesson.name.clone().into(),
        source,
    })?;
    Ok(Streamed {
        header,
        model: game.into_owned(),
        rows,
        bound,
    })
}

/// Runs `setup` on `lesson` through the streaming fold: the result, the fold's source (its
/// rows when `keep_rows`, and the pass roots) and what the committed answer proves, read off
/// the last completed pass's root as the index's tree reads it.
fn fold_run<'a>(
    lesson: &Lesson,
    setup: &RunSetup,
    game: &'a Model,
    keep_rows: bool,
) -> Result<(crate::search::RunResult, Open<'a>, Option<Flag>)> {
    let family = setup.options.family();
    let mut obs = Streaming::new(game, setup, keep_rows);
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

/// Runs `setup` on `lesson` keeping no events and no rows, and says what its committed
/// answer proves (`Tree::committed_bound` of the same run recorded): for `prune run`, which
/// prints a result that may be only a bound without recording the run. The run is folded as
/// it goes by the index's own fold, so the bound is read by the same rules.
pub fn result_with_bound(
    lesson: &Lesson,
    setup: &RunSetup,
) -> Result<(crate::search::RunResult, Option<crate::value::Flag>)> {
    // A Monte Carlo run proves no bound: its answer is a count of visits.
    if setup.options.family().samples() {
        return Ok((crate::run::plain(lesson, setup)?, None));
    }
    let game = crate::run::game(lesson, &setup.options);
    let (result, _, bound) = fold_run(lesson, setup, &game, false)?;
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
    struct Watch<'a> {
        inner: Streaming<'a>,
        most_calls: usize,
        most_orders: usize,
    }

    impl Observer for Watch<'_> {
        const ENABLED: bool = true;

        fn event(&mut self, event: Event) {
            self.inner.event(event);
            self.note();
        }

        fn order(&mut self, state: u32, candidates: &[u16], child: impl Fn(u16) -> u32) {
            self.inner.order(state, candidates, child);
            self.note();
        }
    }

    impl Watch<'_> {
        fn note(&mut self) {
            self.most_calls = self.most_calls.max(self.inner.fold.live_calls());
            let open = self.inner.fold.source();
            self.most_orders = self.most_orders.max(open.orders.len());
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
        let game = crate::run::game(&lesson, &setup.options);
        let mut watch = Watch {
            inner: Streaming::new(&game, &setup, true),
            most_calls: 0,
            most_orders: 0,
        };
        let result = crate::run::search(&lesson, &setup, &mut watch).unwrap();
        assert!(watch.inner.error.is_none());
        let (_, open) = (watch.inner.fold)
            .finish_keeping(watch.inner.events, &result)
            .unwrap();
        assert_eq!(open.rows.rows() as u64, result.stats.nodes);
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
}
