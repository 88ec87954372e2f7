//! The search core: shared types for runs, results and counters.
//!
//! `alphabeta` is seed 000's algorithm exactly (iterative deepening, bound-aware table,
//! ordering, bounded quiescence, node budget); `Algorithm::Minimax` runs the same model without
//! pruning, for comparison. Both report every step to an `Observer`.

pub mod alphabeta;
pub mod candidates;
pub mod tt;

use serde::{Deserialize, Serialize};

pub use crate::game::Limits;
pub use crate::value::{CutRule, Flag, INF, fmt_score};
pub use alphabeta::run;

pub const MAX_DEPTH: u8 = 12;
pub const MAX_QLIMIT: u8 = 6;
pub const MAX_BUDGET: u64 = 1_000_000;
/// "No move": terminal reads, stand-pat returns and aborted passes.
pub const NO_MOVE: i16 = -1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Algorithm {
    #[serde(rename = "alphabeta")]
    AlphaBeta,
    /// Same recursion, full window everywhere: no cutoffs, no table returns.
    #[serde(rename = "minimax")]
    Minimax,
}

/// Everything a run can be asked to do. Defaults follow `prune run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub algorithm: Algorithm,
    pub depth: u8,
    pub qlimit: u8,
    pub budget: u64,
    pub table: bool,
    pub ordering: bool,
    /// Iterative deepening 1..=depth (seed 000), or only the final depth (textbook traces).
    pub deepening: bool,
    pub cut: CutRule,
    /// The root window (α, β).
    pub window: (i32, i32),
}

impl Default for Options {
    fn default() -> Self {
        Options {
            algorithm: Algorithm::AlphaBeta,
            depth: 1,
            qlimit: 0,
            budget: MAX_BUDGET,
            table: true,
            ordering: false,
            deepening: true,
            cut: CutRule::AtLeast,
            window: (-INF, INF),
        }
    }
}

impl Options {
    /// Whether the run keeps a table: it is on, and the algorithm prunes (plain minimax never
    /// stores or probes). What a view says about the table follows this, as the core does.
    pub fn keeps_table(&self) -> bool {
        self.table && self.algorithm == Algorithm::AlphaBeta
    }

    /// The run-parameter half of seed 000's input contract (an explicit graph's limits).
    pub fn validate(&self) -> Result<(), String> {
        self.validate_for(&Limits::SEED_000)
    }

    /// The run parameters against what a game accepts.
    pub fn validate_for(&self, limits: &Limits) -> Result<(), String> {
        if !(1..=limits.max_depth).contains(&self.depth) {
            return Err(format!(
                "depth {} is outside 1..={}",
                self.depth, limits.max_depth
            ));
        }
        if limits.max_qlimit == 0 && self.qlimit > 0 {
            return Err(format!("--qlimit does not apply: {}", limits.no_quiescence));
        }
        if self.qlimit > limits.max_qlimit {
            return Err(format!(
                "q limit {} is outside 0..={}",
                self.qlimit, limits.max_qlimit
            ));
        }
        if !(1..=limits.max_budget).contains(&self.budget) {
            return Err(format!(
                "budget {} is outside 1..={}",
                self.budget, limits.max_budget
            ));
        }
        if !limits.ids_unique && (self.keeps_table() || self.ordering) {
            return Err(format!(
                "this tree has more than {} positions, so they have no unique ids: run it with --tt off --ordering off",
                u32::MAX
            ));
        }
        let (lo, hi) = self.window;
        if lo < -INF || hi > INF || lo >= hi {
            return Err(format!(
                "window ({}, {}) must satisfy -inf <= alpha < beta <= inf",
                fmt_score(lo),
                fmt_score(hi)
            ));
        }
        Ok(())
    }
}

/// The six counters of seed 000, in its order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Admitted calls, table returns included.
    pub nodes: u64,
    /// Actual score reads (terminal, static, stand-pat).
    pub evals: u64,
    /// Move-loop or stand-pat window cutoffs.
    pub cutoffs: u64,
    /// Usable table returns.
    pub tt_hits: u64,
    /// Calls with normal depth zero, terminal and table calls included.
    pub qnodes: u64,
    /// Deepest admitted ply.
    pub peak: u64,
}

impl Stats {
    pub const LABELS: [&'static str; 6] =
        ["nodes", "evals", "cutoffs", "tt_hits", "qnodes", "peak"];

    pub fn as_array(&self) -> [u64; 6] {
        [
            self.nodes,
            self.evals,
            self.cutoffs,
            self.tt_hits,
            self.qnodes,
            self.peak,
        ]
    }

    /// The first five counters minus `before`'s (a pass's work; peak is global).
    pub fn delta(&self, before: &Stats) -> [u64; 5] {
        let (a, b) = (self.as_array(), before.as_array());
        std::array::from_fn(|i| a[i] - b[i])
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    #[serde(rename = "COMPLETE")]
    Complete,
    #[serde(rename = "PARTIAL")]
    Partial,
    #[serde(rename = "NO_COMPLETED_DEPTH")]
    NoCompletedDepth,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Complete => "COMPLETE",
            Status::Partial => "PARTIAL",
            Status::NoCompletedDepth => "NO_COMPLETED_DEPTH",
        }
    }
}

/// One row of the iterative-deepening history.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pass {
    pub depth: u8,
    /// DONE, or ABORT when the budget ran out during the pass.
    pub done: bool,
    /// Dummy 0 on ABORT.
    pub score: i32,
    /// Dummy -1 on ABORT.
    pub mv: i16,
    /// Five counter deltas: nodes, evals, cutoffs, tt_hits, qnodes.
    pub delta: [u64; 5],
}

impl Pass {
    pub fn code(&self) -> &'static str {
        if self.done { "DONE" } else { "ABORT" }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunResult {
    pub status: Status,
    /// The last completed depth (0 when none completed).
    pub depth: u8,
    pub score: i32,
    pub mv: i16,
    pub stats: Stats,
    pub history: Vec<Pass>,
    /// The active path was empty when the run returned.
    pub restored: bool,
}

/// Why a run could not produce a result at all (a budget interruption is not an error).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    #[error(
        "node {state} has no score, but this run reads it ({why}); give it a score or change the run"
    )]
    MissingScore { state: u32, why: &'static str },
    #[error("invalid run: {0}")]
    Options(String),
    #[error("start node {start} does not exist (the graph has {count} nodes)")]
    Start { start: u64, count: usize },
}
