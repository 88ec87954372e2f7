//! Saved traces: one JSON document (`prune trace --format json`), read back without the text
//! in memory (a million-call run is half a gigabyte of JSON). A trace that does not read says
//! first whether it is of a newer format version or not a trace at all, then where the JSON
//! breaks (line and column); the index then checks that its events fit its header.

use std::io::{BufReader, Read};
use std::path::Path;

use serde::Deserialize;

use super::recorded::Recorded;
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
        let mut trace = parsed.map_err(|e| {
            let peek = reader(path)
                .ok()
                .and_then(|r| serde_json::from_reader(r).ok());
            explain(&origin, peek, &e)
        })?;
        trace::upgrade(&mut trace);
        let rec = Recorded::from_trace(&origin, trace)?;
        // After the fold, so a trace whose events do not fit is told so first.
        super::game_check::check(&rec.trace).map_err(|source| Error::Trace {
            path: origin.clone(),
            source,
        })?;
        Ok(rec)
    }
}

/// Whether a JSON document is shaped as a saved trace: an object whose first key is one of a
/// trace's (`trace::KEYS`; a lesson's keys are others). Only the first key is read, so a
/// trace with its keys sorted (`jq -S`) is recognised as fast as one prune wrote.
pub fn trace_shaped(reader: impl Read) -> bool {
    use serde::de::{Deserializer, MapAccess, Visitor};
    struct FirstKey<'a>(&'a mut bool);
    impl<'de> Visitor<'de> for FirstKey<'_> {
        type Value = ();
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a JSON object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<(), A::Error> {
            if let Some(key) = map.next_key::<String>()? {
                *self.0 = trace::KEYS.contains(&key.as_str());
            }
            // The rest is left unread: the document is read in full by its own loader.
            Ok(())
        }
    }
    let mut found = false;
    let mut json = serde_json::Deserializer::from_reader(reader);
    let _ = (&mut json).deserialize_map(FirstKey(&mut found));
    found
}

/// What `prune trace --format json` checks before it writes `bytes` of JSON: the readers'
/// limit, so that a trace prune writes is one it reads back.
pub fn check_size(origin: &str, bytes: u64) -> Result<()> {
    if bytes <= trace::MAX_TRACE_BYTES {
        return Ok(());
    }
    Err(Error::Options(format!(
        "{origin}: this trace would be {bytes} bytes of JSON ({:.2} GB), more than the {} bytes ({} GiB) prune reads back; record a smaller run (a lower --depth or --budget), or use --format tsv, which has no limit",
        bytes as f64 / 1e9,
        trace::MAX_TRACE_BYTES,
        trace::MAX_TRACE_BYTES >> 30
    )))
}

/// The bytes `Trace::to_json` makes of `trace`, counted without keeping them.
pub fn json_len(trace: &Trace) -> u64 {
    struct Count(u64);
    impl std::io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len() as u64;
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    serde_json::to_writer(&mut count, trace).expect("a trace always serialises");
    count.0 + 1
}

/// Reads a saved trace from text; `origin` names it in errors.
pub fn parse(origin: &str, text: &str) -> Result<Trace> {
    let mut trace: Trace = serde_json::from_str(text)
        .map_err(|e| explain(origin, serde_json::from_str(text).ok(), &e))?;
    trace::upgrade(&mut trace);
    Ok(trace)
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
