//! The fold run as the search goes: an observer that indexes each event as it is reported and
//! keeps none of them, holding only the candidate orders of the calls still open. The index
//! is the same as the one built from the recorded trace (tests check it), but a million-call
//! run then costs its call records (64 bytes each) instead of its events and arenas, which is
//! what the call-row views (`prune trace` as a table or tsv) need.

use super::Recorded;
use super::fold::{Fold, Source};
use crate::error::{Error, Result};
use crate::event::Event;
use crate::lesson::{Lesson, RunSetup};
use crate::observer::Observer;
use crate::trace::{Catalog, Trace, TraceError};

/// The candidate orders of the open calls, by where they would start in a recorded arena.
struct Open {
    catalog: Catalog,
    orders: Vec<(u32, Vec<u16>, Vec<u32>)>,
    total: usize,
}

impl Source for Open {
    fn catalog(&self) -> &Catalog {
        &self.catalog
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
}

/// Folds the events as they come; the first event that does not fit is kept as the error.
struct Streaming {
    fold: Fold<Open>,
    events: usize,
    error: Option<TraceError>,
}

impl Observer for Streaming {
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

/// Runs `setup` on `lesson`, indexing as it goes: the calls and their results, with no events
/// and no candidate arenas. For views of the call rows only (the trace table and tsv); the
/// tree has no stubs and the trace no events.
pub fn calls_only(lesson: &Lesson, setup: &RunSetup) -> Result<Recorded> {
    let catalog = crate::run::run_catalog(lesson, setup)?;
    let mut obs = Streaming {
        fold: Fold::new(Open {
            catalog: catalog.clone(),
            orders: Vec::new(),
            total: 0,
        }),
        events: 0,
        error: None,
    };
    let result =
        crate::run::search(lesson, setup, &mut obs).map_err(|e| crate::run::named(lesson, e))?;
    let named = |source| Error::Trace {
        path: lesson.name.clone(),
        source,
    };
    if let Some(e) = obs.error {
        return Err(named(e));
    }
    let index = obs.fold.finish(obs.events, &result).map_err(named)?;
    let header = crate::run::header(lesson, setup, catalog, result);
    let trace = Trace {
        header,
        events: Vec::new(),
        moves: Vec::new(),
        children: Vec::new(),
    };
    Ok(Recorded { trace, index })
}

/// Watches only the root call of each pass: what its return proves, read from its `Return`
/// (and, for a table hit, the entry its probe found) as the index's tree reads it.
#[derive(Default)]
struct RootProof {
    /// Calls entered and not yet closed.
    open: u32,
    probe: Option<crate::value::Entry>,
    /// The bound of the root of the pass in progress.
    pass: Option<crate::value::Flag>,
    /// The bound of the last completed pass.
    committed: Option<crate::value::Flag>,
    /// Negamax: a root of MIN's proves, from MAX's side, the opposite bound of its own.
    side_to_move: bool,
    flip: bool,
}

impl Observer for RootProof {
    const ENABLED: bool = true;

    fn event(&mut self, event: Event) {
        match event {
            Event::PassStart { .. } => (self.open, self.probe, self.pass) = (0, None, None),
            Event::Enter { turn, .. } => {
                if self.open == 0 {
                    self.flip = self.side_to_move && !turn.is_max();
                }
                self.open += 1
            }
            Event::Probe { found, .. } if self.open == 1 => self.probe = found,
            Event::Return { how, .. } => {
                if self.open == 1 {
                    let flag = super::Outcome::from(how).proves(self.probe);
                    self.pass = flag.map(|f| if self.flip { f.flipped() } else { f });
                }
                self.open = self.open.saturating_sub(1);
            }
            Event::Unwind { .. } => self.open = self.open.saturating_sub(1),
            Event::PassEnd { done: true, .. } => self.committed = self.pass,
            _ => {}
        }
    }

    fn order(&mut self, _: u32, _: &[u16], _: impl Fn(u16) -> u32) {}
}

/// Runs `setup` on `lesson` keeping no events, and says what its committed answer proves
/// (`Tree::committed_bound` of the same run recorded): for `prune run`, which prints a
/// result that may be only a bound without recording the run.
pub fn result_with_bound(
    lesson: &Lesson,
    setup: &RunSetup,
) -> Result<(crate::search::RunResult, Option<crate::value::Flag>)> {
    let mut obs = RootProof {
        side_to_move: setup.options.algorithm.side_to_move(),
        ..RootProof::default()
    };
    let result =
        crate::run::search(lesson, setup, &mut obs).map_err(|e| crate::run::named(lesson, e))?;
    Ok((result, obs.committed))
}
