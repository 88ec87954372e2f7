//! The rules a graph or lesson file can break, each one variant with the place it names.
//! They live with the game because the explicit graph's contract (seed 000's input rules) is
//! checked here; `error::Error::Invalid` wraps them with the file.

/// A rule of the input contract that a graph or lesson breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("a graph needs 1 to 64 nodes, this one has {0}")]
    NodeCount(usize),
    #[error("a graph may have at most 4096 moves in total, this one has {0}")]
    EdgeCount(usize),
    #[error("node {node}: score {value} is outside [-1000, 1000]")]
    ScoreRange { node: usize, value: String },
    #[error(
        "node {node}: score {value:?} is not a number such as 3, 0.5 or a fraction such as \"7/2\""
    )]
    ScoreText { node: usize, value: String },
    #[error("node {node}: {rule}")]
    Feature { node: usize, rule: String },
    #[error("{0}")]
    Weights(String),
    #[error(
        "node {node}: its scores and probabilities, with those below it, need a common denominator past 2^63; use simpler fractions"
    )]
    ScaleOverflow { node: usize },
    #[error("node {node}: a terminal node (no moves) needs a score")]
    TerminalWithoutScore { node: usize },
    #[error("node {node}, move {index}: child {value} is not a node index (an integer 0..{count})")]
    ChildNotIndex {
        node: usize,
        index: usize,
        value: String,
        count: usize,
    },
    #[error(
        "node {node}, move {index}: child {child} does not exist (the graph has {count} node{})", plural(*count)
    )]
    ChildMissing {
        node: usize,
        index: usize,
        child: u64,
        count: usize,
    },
    #[error("node {node}, move {index}: a node cannot move to itself")]
    SelfEdge { node: usize, index: usize },
    #[error(
        "node {node}, move {index}: child {child} comes before node {node}; moves must go forward (child > parent), so the graph has no cycles"
    )]
    BackEdge {
        node: usize,
        index: usize,
        child: usize,
    },
    #[error(
        "node {node}, move {index}: {side} node {node} moves to {side} node {child}; players must alternate"
    )]
    SamePlayer {
        node: usize,
        index: usize,
        child: usize,
        side: &'static str,
    },
    #[error(
        "node {node}: a CHANCE node needs at least one outcome (a move with a probability \"p\")"
    )]
    ChanceWithoutOutcomes { node: usize },
    #[error(
        "node {node}, move {index}: a probability \"p\" belongs only on a CHANCE node's moves, and node {node} is {side}"
    )]
    ProbabilityOffChance {
        node: usize,
        index: usize,
        side: String,
    },
    #[error(
        "node {node}, move {index}: a CHANCE node's move needs a probability \"p\", such as 0.5 or \"1/36\""
    )]
    ProbabilityMissing { node: usize, index: usize },
    #[error(
        "node {node}, move {index}: probability {text:?} is not a number such as 0.25 or a fraction such as \"1/36\""
    )]
    ProbabilityText {
        node: usize,
        index: usize,
        text: String,
    },
    #[error("node {node}, move {index}: probability {text} must be above 0 and at most 1")]
    ProbabilityRange {
        node: usize,
        index: usize,
        text: String,
    },
    #[error("node {node}: {rule}")]
    Dice { node: usize, rule: String },
    #[error(
        "node {node}: the probabilities of its {outcomes} outcome{} sum to {sum}, not 1", plural(*outcomes)
    )]
    ProbabilitySum {
        node: usize,
        outcomes: usize,
        sum: String,
    },
    #[error(
        "the graph's probabilities and scores make every value a multiple of 1/{scale}, and its largest score {largest} would be {largest} × {scale} such units, past the 999999 a search can hold; use smaller scores or fractions with smaller denominators"
    )]
    ScaleTooFine { scale: String, largest: String },
    #[error("node {node}: score {value} lies outside the utility bounds [{lo}, {hi}]")]
    OutsideBounds {
        node: usize,
        value: String,
        lo: i32,
        hi: i32,
    },
    #[error("{0}")]
    Range(String),
    #[error("{0}")]
    Players(String),
    #[error("node {node}: player {name:?} is not one of the graph's players ({players})")]
    UnknownPlayer {
        node: usize,
        name: String,
        players: String,
    },
    #[error(
        "node {node}: score {found}; the graph has {count} players ({players}), one payoff each"
    )]
    VectorLength {
        node: usize,
        found: String,
        players: String,
        count: usize,
    },
    #[error("run '{run}': {message}")]
    BadRun { run: String, message: String },
    #[error("{0}")]
    Lesson(String),
}

/// "node" or "nodes", for counts in messages.
pub fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}
