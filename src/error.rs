//! One error type for everything a user can get wrong, each variant one specific rule.
//!
//! Messages name the place (file, node, move, JSON line and column) and the rule, so a
//! student can fix the input without reading our source.

use std::path::PathBuf;

pub use crate::game::contract::{Problem, plural};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not a file (it is a directory)")]
    IsDirectory { path: PathBuf },
    #[error("{path}: not a regular file (a pipe, socket or device is not read)")]
    NotRegular { path: PathBuf },
    #[error("{path}: the file is empty")]
    EmptyFile { path: PathBuf },
    #[error("{path}: the file is {size} bytes; this kind of file is limited to {limit} bytes")]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    /// A read that went past the limit (stdin, or a file longer than its reported length).
    #[error("{path}: {}", too_long(*.limit))]
    TooLong { path: PathBuf, limit: u64 },
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
    #[error("no lesson or file named '{}' ({known})", crate::text::cut(.name))]
    UnknownLesson { name: String, known: String },
    #[error("{path}: no run preset named '{}' (presets: {known})", crate::text::cut(.name))]
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
    Trace {
        path: String,
        source: crate::trace::TraceError,
    },
    #[error("{path}: {source}")]
    Run {
        path: String,
        source: crate::search::SearchError,
    },
}

pub type Result<T> = std::result::Result<T, Error>;

/// The rule a bounded read broke (its size is unknown: only that it went on).
pub fn too_long(limit: u64) -> String {
    format!("more than {limit} bytes; this kind of file is limited to {limit} bytes")
}

/// A JSON error with the place first: file, line, column.
pub fn json_error(origin: &str, e: &serde_json::Error) -> Error {
    let message = e.to_string();
    // serde_json appends " at line L column C"; we print the position first instead.
    let message = match message.rfind(" at line ") {
        Some(cut) => message[..cut].to_string(),
        None => message,
    };
    Error::Json {
        path: origin.to_string(),
        line: e.line(),
        column: e.column(),
        // serde_json echoes whole values ("invalid type: string \"…\""), however long.
        message: crate::text::cut_words(&plain_json_message(&message)).into_owned(),
    }
}

/// serde_json's parser messages in the words a lesson author would use.
fn plain_json_message(message: &str) -> String {
    const PLAIN: [(&str, &str); 5] = [
        (
            "EOF while parsing a list",
            "the file ends inside a list (a ']' is missing)",
        ),
        (
            "EOF while parsing an object",
            "the file ends inside an object (a '}' is missing)",
        ),
        (
            "EOF while parsing a string",
            "the file ends inside a string (a '\"' is missing)",
        ),
        (
            "EOF while parsing a value",
            "the file ends where a value was expected",
        ),
        (
            "recursion limit exceeded",
            "the JSON is nested more than 128 levels deep",
        ),
    ];
    PLAIN
        .iter()
        .find(|(raw, _)| message == *raw)
        .map_or_else(|| message.to_string(), |(_, plain)| plain.to_string())
}

/// An I/O error without a path of its own is a failed write of a command's output: stdout.
impl From<std::io::Error> for Error {
    fn from(source: std::io::Error) -> Error {
        Error::Io {
            path: STDOUT.into(),
            source,
        }
    }
}

/// How stdout is named in errors.
pub const STDOUT: &str = "<stdout>";

impl Error {
    /// A write to stdout after its reader left (`prune trace … | head`): not worth a message.
    pub fn is_closed_stdout(&self) -> bool {
        matches!(self, Error::Io { path, source }
            if path.as_os_str() == STDOUT && source.kind() == std::io::ErrorKind::BrokenPipe)
    }
}
