//! One error type for everything a user can get wrong, each variant one specific rule.
//!
//! Messages name the place (file, node, move, JSON line and column) and the rule, so a
//! student can fix the input without reading our source.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not a file (it is a directory)")]
    IsDirectory { path: PathBuf },
    #[error("{path}: the file is empty")]
    EmptyFile { path: PathBuf },
    #[error("{path}: the file is {size} bytes; lesson files are limited to {limit} bytes")]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    #[error("{path}: not UTF-8 text (invalid byte at offset {offset})")]
    NotUtf8 { path: PathBuf, offset: usize },
    #[error("{path}: line {line}, column {column}: {message}")]
    Json {
        path: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path}: {problem}")]
    Invalid { path: String, problem: Problem },
    #[error("no lesson or file named '{name}' (built-in lessons: {known})")]
    UnknownLesson { name: String, known: String },
    #[error("{path}: no run preset named '{name}' (presets: {known})")]
    UnknownRun {
        path: String,
        name: String,
        known: String,
    },
    #[error("{0}")]
    Options(String),
    #[error("{0}")]
    Search(#[from] crate::search::SearchError),
    #[error("{path}: {source}")]
    Run {
        path: String,
        source: crate::search::SearchError,
    },
}

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

pub type Result<T> = std::result::Result<T, Error>;

/// "node" or "nodes", for counts in messages.
pub fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}
