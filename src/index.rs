//! The one fold over a trace. `Index::build` reads the events once, checks that they fit
//! their header, and keeps what every view asks about: the searched tree (one node per call,
//! stubs for what was skipped, refused or never reached), the jump marks and the per-key table
//! history. The tutor, `prune trace`, the exports, the practice grader and the lesson facts all
//! read this index; none of them walks the events again.
//!
//! - `fold`: the fold itself; every match over `Event` there is exhaustive, so a new event
//!   kind does not compile until the index has decided what it means.
//! - `tree`: the stored calls and the tree view (stubs read off the order arena).
//! - `table`: the per-key table history; `query`: the questions views ask of the tree.
//! - `saved`: saved trace files; `stream`: the fold run as the search goes (call rows only),
//!   `rows` what the row views read, `spill` where a streamed run keeps its rows.

mod chance;
mod fold;
mod growth;
mod query;
mod rows;
pub mod saved;
mod spill;
mod stream;
mod table;
pub mod tree;

use crate::trace::{self, Trace, TraceError};

pub use growth::PassCalls;
pub use query::{After, Skip};
pub use rows::{CallRows, Row};
pub use saved::parse;
pub use stream::{Streamed, calls_only, result_with_bound};
pub use table::{TableLog, TableRow};
use tree::Calls;
pub use tree::{AttemptInfo, NONE, NodeKind, Outcome, PassInfo, Tree, TreeNode};

/// Sorted event indexes of each kind of landmark.
#[derive(Default, Debug, Clone)]
pub struct Marks {
    pub cutoffs: Vec<u32>,
    pub hits: Vec<u32>,
    pub stores: Vec<u32>,
    pub passes: Vec<u32>,
    /// PVS re-searches (`Research` events).
    pub researches: Vec<u32>,
    /// Ended aspiration attempts (`Aspiration` events).
    pub attempts: Vec<u32>,
}

#[derive(Debug, Clone, Default)]
pub struct Index {
    calls: Calls,
    pub marks: Marks,
    pub table: TableLog,
    /// The most candidates held by the open frames at one moment (the stack's memory).
    pub peak_references: u64,
}

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
