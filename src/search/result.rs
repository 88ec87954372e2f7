//! What a run produces: its status, score and move, seed 000's six counters, seed 002's
//! counters, the pass history, and why a run could not start.

use serde::{Deserialize, Serialize};

use crate::value::AttemptOutcome;

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

/// One search of the root within a pass: its window and outcome. Windows and values are the
/// search's own at the root (MAX's side, or the side to move at the root for negamax).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt {
    pub alpha: i32,
    pub beta: i32,
    /// The root's fail-soft value (0 on abort).
    pub value: i32,
    pub outcome: AttemptOutcome,
}

/// Counters of seed 002's searches, kept apart from seed 000's six.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counters {
    /// Calls entered with a null window.
    pub null_windows: u64,
    /// Children searched again with the full window after a null window said "better".
    pub researches: u64,
    /// Aspiration attempts that failed low or high.
    pub aspiration_misses: u64,
    /// Chance nodes that cut (seed 004's chance-node pruning).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub chance_cutoffs: u64,
    /// Max-n choices a tie rule decided (seed 004).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ties: u64,
}

fn is_zero(v: &u64) -> bool {
    *v == 0
}

/// One row of the iterative-deepening history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The aspiration attempts, when the pass used aspiration windows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attempts: Vec<Attempt>,
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
    /// Seed 002's counters (all zero for seed 000's searches).
    #[serde(default)]
    pub counters: Counters,
    pub history: Vec<Pass>,
    /// The active path was empty when the run returned.
    pub restored: bool,
    /// Max-n: the committed root's payoff vector (`score` is then the id of the terminal
    /// whose vector it is). Empty for every other search.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vector: Vec<i32>,
    /// Monte Carlo tree search: the iterations run and the root's children at the end
    /// (`mv` is the most visited; `score` and `depth` are 0, it has neither).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcts: Option<Box<MctsSummary>>,
}

/// What a Monte Carlo run ends with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MctsSummary {
    pub iterations: u32,
    /// The node budget stopped the run before its iterations were done.
    pub interrupted: bool,
    pub root_n: u32,
    /// The root's rewards in the run's unit, for the player to move there.
    pub root_u: u32,
    /// The run's reward unit: every U and reward counts 1/`per_win` of a win. Half-wins (2)
    /// unless a score reward needs a finer unit; written only then, so earlier traces read
    /// the same.
    #[serde(default = "half_wins", skip_serializing_if = "is_half_wins")]
    pub per_win: u8,
    /// The root's children that have nodes, in move order.
    pub children: Vec<MctsChild>,
}

fn half_wins() -> u8 {
    2
}

fn is_half_wins(per_win: &u8) -> bool {
    *per_win == 2
}

/// A root child at the end of a Monte Carlo run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MctsChild {
    pub mv: i16,
    pub node: u32,
    pub n: u32,
    /// Rewards for the root's player, in the run's unit (`MctsSummary::per_win`).
    pub u: u32,
    /// Its UCB1 under the root's final visit count.
    pub ucb1: super::mcts::config::Real,
}

/// Why a run could not produce a result at all (a budget interruption is not an error).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    #[error(
        "node {state} has no score, but this run reads it ({why}); give it a score or change the run"
    )]
    MissingScore { state: String, why: &'static str },
    #[error("invalid run: {0}")]
    Options(String),
    #[error("start node {start} does not exist (the graph has {count} nodes)")]
    Start { start: u64, count: usize },
    #[error("the solve explored more than {cap} positions, its cap, and gave up")]
    Capped { cap: u64 },
}
