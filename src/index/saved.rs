//! Saved traces: one JSON document (`prune trace --format json`), read back without the text
//! in memory (a million-call run is half a gigabyte of JSON). A trace that does not read says
//! first whether it is of a newer format version or not a trace at all, then where the JSON
//! breaks (line and column); the index then checks that its events fit its header.

use std::io::{BufReader, Read};
use std::path::Path;

use serde::Deserialize;

use super::Recorded;
use crate::error::{Error, Result, json_error};
use crate::trace::{self, Trace, TraceError};

/// Just the header's format and version, whatever else the document holds.
#[derive(Deserialize)]
struct Peek {
    header: PeekHeader,
}

#[derive(Deserialize)]
struct PeekHeader {
    format: String,
    version: u32,
}

impl Recorded {
    /// Reads and indexes a saved trace file.
    pub fn load(path: &Path) -> Result<Recorded> {
        let origin = path.display().to_string();
        let parsed = serde_json::from_reader(reader(path)?);
        let trace = parsed.map_err(|e| {
            let peek = reader(path)
                .ok()
                .and_then(|r| serde_json::from_reader(r).ok());
            explain(&origin, peek, &e)
        })?;
        Recorded::from_trace(&origin, trace)
    }
}

/// Reads a saved trace from text; `origin` names it in errors.
pub fn parse(origin: &str, text: &str) -> Result<Trace> {
    serde_json::from_str(text).map_err(|e| explain(origin, serde_json::from_str(text).ok(), &e))
}

/// A regular file within the size limit, buffered, read through a bounded reader.
fn reader(path: &Path) -> Result<BufReader<impl Read>> {
    crate::input::open_text(path, trace::MAX_TRACE_BYTES, 1 << 20)
}

/// Why a trace did not read: a newer version or another format when its header says so,
/// else the JSON error with its place.
fn explain(origin: &str, peek: Option<Peek>, e: &serde_json::Error) -> Error {
    let named = |source| Error::Trace {
        path: origin.to_string(),
        source,
    };
    match peek {
        // A read error (the file grew past the limit) is not a JSON error.
        _ if e.is_io() => Error::Io {
            path: origin.into(),
            source: std::io::Error::other(e.to_string()),
        },
        Some(p) if p.header.format != trace::FORMAT => named(TraceError::Format {
            found: p.header.format,
        }),
        Some(p) if p.header.version > trace::VERSION => named(TraceError::Version {
            found: p.header.version,
        }),
        _ => json_error(origin, e),
    }
}
