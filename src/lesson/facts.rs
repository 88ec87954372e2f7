//! What a lesson can state and ask about its runs, as plain data: facts (a question and the
//! value the text states) and practice items (a question whose answer the core computes). The
//! practice module evaluates them; the lesson file only holds them.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Facts about tree size, dice and plies: arithmetic, checked without a run.
pub use super::size_facts::{Figure as SizeFigure, SizeFactSpec};

/// What a problem asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// The root's value and the move it chooses.
    Decision,
    /// Which leaves alpha-beta reads, in order, and which children it skips.
    Leaves,
    /// The (α, β) a node receives.
    Window,
    /// The value a node returns, and whether it is exact or a bound.
    Value,
    /// The flag stored for a node.
    Flag,
    /// What a search interrupted by its budget returns.
    Interrupted,
    /// The root value without and with quiescence.
    Quiescence,
    /// What happens right after a node returns to its parent.
    Next,
    /// PVS: which children are searched a second time, with the full window.
    Researched,
    /// The (α, β) a node receives in a negamax or PVS run, from its side to move.
    NegamaxWindow,
    /// The aspiration windows of the last pass, in order, until the result is exact.
    Aspiration,
    /// Seed 004: the exact value of a chance node (`3.5` or `7/2`).
    ChanceValue,
    /// Seed 004: which outcomes chance pruning skips.
    ChanceSkipped,
    /// Seed 004 §6: a child's UCB1 when its parent's selection scores it.
    MctsUcb1,
    /// Seed 004 §6: which child the next iteration's selection takes.
    MctsSelect,
    /// Seed 004 §6: the N and U of the path's nodes after one iteration.
    MctsBackup,
    /// Seed 004 §6: the move played if the search stops now (the most visited root child).
    MctsPlayed,
}

impl Kind {
    pub const ALL: [Kind; 17] = [
        Kind::Decision,
        Kind::Leaves,
        Kind::Window,
        Kind::Value,
        Kind::Flag,
        Kind::Interrupted,
        Kind::Quiescence,
        Kind::Next,
        Kind::Researched,
        Kind::NegamaxWindow,
        Kind::Aspiration,
        Kind::ChanceValue,
        Kind::ChanceSkipped,
        Kind::MctsUcb1,
        Kind::MctsSelect,
        Kind::MctsBackup,
        Kind::MctsPlayed,
    ];

    /// Whether the kind asks about one of seed 002's searches (negamax, PVS, aspiration).
    pub fn is_seed_002(self) -> bool {
        matches!(
            self,
            Kind::Researched | Kind::NegamaxWindow | Kind::Aspiration
        )
    }

    /// Whether the kind asks about seed 004's chance nodes.
    pub fn is_chance(self) -> bool {
        matches!(self, Kind::ChanceValue | Kind::ChanceSkipped)
    }

    /// Whether the kind asks about a Monte Carlo tree search (seed 004 §6).
    pub fn is_mcts(self) -> bool {
        matches!(
            self,
            Kind::MctsUcb1 | Kind::MctsSelect | Kind::MctsBackup | Kind::MctsPlayed
        )
    }

    /// What a problem of this kind asks, in a line (`prune practice --help` lists it).
    pub fn about(self) -> &'static str {
        match self {
            Kind::Decision => "The root's value and the move it chooses",
            Kind::Leaves => "Which leaves alpha-beta reads, in order, and which children it skips",
            Kind::Window => "The (α, β) a node receives",
            Kind::Value => "The value a node returns, and whether it is exact or a bound",
            Kind::Flag => "The flag stored for a node",
            Kind::Interrupted => "What a search interrupted by its budget returns",
            Kind::Quiescence => "The root value without and with quiescence",
            Kind::Next => "What happens right after a node returns to its parent",
            Kind::Researched => "PVS: which children are searched again with the full window",
            Kind::NegamaxWindow => "The (α, β) a node receives in negamax, from its side to move",
            Kind::Aspiration => "The aspiration windows of a pass until the result is exact",
            Kind::ChanceValue => "A chance node's exact value (seed 004)",
            Kind::ChanceSkipped => "Which outcomes chance pruning skips (seed 004)",
            Kind::MctsUcb1 => "Monte Carlo: a child's UCB1, its mean plus its bonus (seed 004)",
            Kind::MctsSelect => "Monte Carlo: which child the next selection takes (seed 004)",
            Kind::MctsBackup => "Monte Carlo: the path's N and U after one iteration (seed 004)",
            Kind::MctsPlayed => "Monte Carlo: the move played if the search stops (seed 004)",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Decision => "decision",
            Kind::Leaves => "leaves",
            Kind::Window => "window",
            Kind::Value => "value",
            Kind::Flag => "flag",
            Kind::Interrupted => "interrupted",
            Kind::Quiescence => "quiescence",
            Kind::Next => "next",
            Kind::Researched => "researched",
            Kind::NegamaxWindow => "negamax-window",
            Kind::Aspiration => "aspiration",
            Kind::ChanceValue => "chance-value",
            Kind::ChanceSkipped => "chance-skipped",
            Kind::MctsUcb1 => "mcts-ucb1",
            Kind::MctsSelect => "mcts-select",
            Kind::MctsBackup => "mcts-backup",
            Kind::MctsPlayed => "mcts-played",
        }
    }
}

/// What a fact states or a question asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum What {
    /// COMPLETE, PARTIAL or NO_COMPLETED_DEPTH.
    Status,
    /// The last completed depth.
    Depth,
    /// The root score (of the whole run, or of `pass`).
    Score,
    /// The root move index (-1 for none).
    Move,
    /// The name of the child the root move leads to (null for none).
    Choice,
    Nodes,
    Evals,
    Cutoffs,
    TtHits,
    Qnodes,
    Peak,
    /// Distinct (state, depth, q) keys the table kept over the whole run.
    TableEntries,
    /// Admitted calls in the pass.
    Calls,
    /// Names of the nodes whose score was read (terminal or horizon), in order.
    Evaluated,
    /// How many reads `evaluated` lists.
    LeafCount,
    /// Children that cutoffs skipped, by node number.
    Skipped,
    /// What the node's call returned (null when it was never searched).
    Value,
    /// The flag its call stored: EXACT, LOWER, UPPER, or tt-hit.
    Flag,
    /// exact, lower or upper: what the returned value proves (a table hit: its entry's flag).
    Bound,
    /// The (α, β) the node's call received.
    Window,
    /// What follows the node's return in its parent: "cut", "enter X" or "return".
    Next,
    /// The most candidate moves held by open frames at one moment (the stack's memory).
    PeakReferences,
    /// Terminal reads in the pass (complete games, for tic-tac-toe).
    Games,
    /// Terminal reads valued above 0 (X wins, for tic-tac-toe).
    MaxWins,
    /// Terminal reads valued below 0 (O wins, for tic-tac-toe).
    MinWins,
    /// Terminal reads valued 0 (draws).
    Draws,
    /// Distinct states among the pass's calls.
    Distinct,
    /// PVS: calls of the pass entered with a null window (scouts).
    NullWindows,
    /// PVS: full-window re-searches in the pass (second visits after a scout said "better").
    Researches,
    /// PVS: the names of the re-searched children, in the order of their re-searches.
    Researched,
    /// The aspiration attempts of a pass: `[α, β, outcome]` each, outcome "fail low",
    /// "fail high", "exact" or "abort" (one attempt, outcome null, without aspiration).
    Attempts,
    /// The mate report of the root score (of the run or `pass`), or of the node's value from
    /// its side to move: "mate in N", "mated in N", or null outside the mate band.
    Mate,
    /// Seed 002's mate-score constants: `{"mate": MATE, "max_ply": MAX_PLY, "band": MATE −
    /// MAX_PLY}`, the figures a lesson on the convention quotes.
    MateScores,
    /// The value written exactly (`3.5`, `19/3`): the node's call's, or the root score without
    /// a node. Compared as exact fractions, so a lesson may write `"7/2"` or `3.5`.
    Exact,
    /// A chance node's interval `[lo, hi]` after each outcome chance pruning looked at, in
    /// order, each end written exactly.
    Intervals,
    /// Cutoffs taken at chance nodes in the pass.
    ChanceCutoffs,
    /// Outcomes that chance cutoffs skipped, by node name (like `skipped`, chance nodes only).
    ChanceSkipped,
    /// The exact sum of a chance node's outcome probabilities, as the trace records them.
    ProbabilitySum,
    /// Max-n: the payoff vector the node's call backed up, or the root's without a node
    /// (`[5, 4, 5]`), one entry per player in the graph's order.
    Vector,
    /// Max-n: how many times the tie rule chose between children equal for the mover.
    Ties,
    /// Max-n: the names of the nodes at which the tie rule chose, in search order.
    TiedAt,
    /// What the run's leaf map is over the lesson's utilities, as `prune run` says it:
    /// "positive affine", "strictly increasing", "neither positive affine nor increasing"
    /// (null without a map).
    LeafMap,
    /// Monte Carlo: the child the path of `iteration` (default 1) took below the node (by
    /// UCB1, a chance draw or the expansion of an untried move), named as the lesson names
    /// moves (a graph child's label, a tic-tac-toe square); null when the path ended there.
    Selected,
    /// Monte Carlo: the node's UCB1 (its mean plus its bonus) when its parent's selection in
    /// `iteration` (default 1) scored it, to three decimals.
    Ucb1,
    /// Monte Carlo: the node's mean U/N (wins per visit) at that selection, to three decimals.
    Mean,
    /// Monte Carlo: the node's exploration bonus C·sqrt(ln N(parent) / N) at that selection,
    /// to three decimals.
    Bonus,
    /// Monte Carlo: the node's visits N after `iteration` (0: the stated tree, before the
    /// first; default: the end of the run); the root without a node.
    Visits,
    /// Monte Carlo: the node's wins U after `iteration`, a draw counting one half (`10.5`),
    /// for the player who moved into it; the root without a node.
    Wins,
    /// Monte Carlo: how many iterations the run completed.
    Iterations,
}

/// A figure the lesson's text states, checked against the core by the lesson tests.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactSpec {
    /// The run preset it is about.
    pub run: String,
    pub what: What,
    /// A node label or number, for node questions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// Which admitted call of that node in the pass, 1-based (default: the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occurrence: Option<u32>,
    /// Which iterative-deepening pass (default: the last one that ran).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass: Option<u8>,
    /// Which Monte Carlo iteration, from 1 (0: the stated tree before the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iteration: Option<u32>,
    pub equals: Value,
}

/// A practice question attached to a lesson; its answer is computed by the core.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PracticeItemSpec {
    pub kind: Kind,
    /// The preset the question is about (quiescence: the run without quiescence).
    pub run: String,
    /// The quiescence kind's second preset (with quiescence).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare: Option<String>,
    /// The node asked about (window, value, flag; next: the child that just returned).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// The question in the lesson's words (a default sentence is used when empty).
    #[serde(default)]
    pub prompt: String,
    /// Where the question comes from (e.g. "seed 004, set 2, question 1").
    #[serde(default)]
    pub source: String,
}
