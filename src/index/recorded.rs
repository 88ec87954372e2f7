//! A recorded run and its index: the trace, and what the one fold keeps of it.

use super::fold;
use super::folded::Index;
use super::tree::{Sides, Tree};
use crate::trace::{self, Trace, TraceError};

/// A recorded run and its index: what every view of a run is given.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub trace: Trace,
    pub index: Index,
}

impl Index {
    /// The one fold: every event once, in order (see `fold`).
    pub fn build(trace: &Trace) -> Result<Index, TraceError> {
        fold::build(trace)
    }
}

impl Recorded {
    /// Indexes a trace (fresh from the core, or read from a file).
    pub fn new(trace: Trace) -> Result<Recorded, TraceError> {
        let index = Index::build(&trace)?;
        Ok(Recorded { trace, index })
    }

    pub fn result(&self) -> &crate::search::RunResult {
        &self.trace.header.result
    }

    pub fn options(&self) -> &crate::search::Options {
        &self.trace.header.options
    }

    pub fn catalog(&self) -> &trace::Catalog {
        &self.trace.header.catalog
    }

    /// The searched tree: the index's calls, with stubs read off the trace.
    pub fn tree(&self) -> Tree<'_> {
        Tree {
            calls: &self.index.calls,
            marks: &self.index.marks,
            trace: &self.trace,
            sides: Sides::of(self.trace.header.options.family()),
        }
    }

    /// A state's name from the trace's catalog.
    pub fn name(&self, state: u32) -> String {
        self.trace.header.catalog.name(state)
    }

    /// The candidates (move, child state) of a call in trying order.
    pub fn order(&self, node: u32) -> (&[u16], &[u32]) {
        let n = self.tree().get(node);
        self.trace.order(n.order_start, n.order_len)
    }
}

/// Records `setup` on `lesson` and indexes it.
pub fn record(
    lesson: &crate::lesson::Lesson,
    setup: &crate::lesson::RunSetup,
) -> crate::error::Result<Recorded> {
    let trace = crate::run::recorded(lesson, setup)?;
    Recorded::from_trace(&lesson.name, trace)
}

impl Recorded {
    /// Indexes a trace, naming `origin` (its file) when its events do not fit.
    pub fn from_trace(origin: &str, trace: Trace) -> crate::error::Result<Recorded> {
        Recorded::new(trace).map_err(|source| crate::error::Error::Trace {
            path: origin.to_string(),
            source,
        })
    }
}
