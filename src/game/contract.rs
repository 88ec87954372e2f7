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
    #[error("node {node}: score {value} is not an integer")]
    ScoreNotInteger { node: usize, value: String },
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
    #[error("run '{run}': {message}")]
    BadRun { run: String, message: String },
    #[error("{0}")]
    Lesson(String),
}

/// "node" or "nodes", for counts in messages.
pub fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}
