//! A student's JSON-lines file read into schema lines, with every rule it breaks named by file
//! and line (and column, for JSON errors): not JSON, not an object, an unknown event or
//! field, a node the lesson does not have, a line outside the call it names, a run that ends
//! with calls still open.

use std::path::Path;

use super::schema::{self, Kind, Line};
use crate::error::{Error, Result};
use crate::trace::Catalog;

/// The most a file may hold: far more than any lesson's run prints.
pub const LIMIT: u64 = 64 << 20;

/// One line of the student's file and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Given {
    pub line: Line,
    /// Its line number in the file, from 1.
    pub at: usize,
}

/// Reads and checks `path` (the file must be there).
pub fn read(path: &Path, catalog: &Catalog) -> Result<Vec<Given>> {
    let text = crate::input::read_text(path, LIMIT)?;
    parse(&path.display().to_string(), &text, catalog)
}

/// Parses `text`, named `origin` in messages.
pub fn parse(origin: &str, text: &str, catalog: &Catalog) -> Result<Vec<Given>> {
    let bad = |at: usize, why: String| Error::Options(format!("{origin}: line {at}: {why}"));
    let mut out = Vec::new();
    // The open calls: node and the line that entered it.
    let mut open: Vec<(u32, usize)> = Vec::new();
    for (i, text) in text.lines().enumerate() {
        let at = i + 1;
        if text.trim().is_empty() {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            let mut err = crate::error::json_error(origin, &e);
            if let Error::Json { line, .. } = &mut err {
                *line = at;
            }
            err
        })?;
        let serde_json::Value::Object(object) = value else {
            return Err(bad(at, "not a JSON object (one event per line)".into()));
        };
        let line = schema::parse(&object, catalog).map_err(|why| bad(at, why))?;
        nest(&mut open, &line, at, catalog).map_err(|why| bad(at, why))?;
        out.push(Given { line, at });
    }
    if let Some(&(node, entered)) = open.last() {
        let at = text.lines().count();
        return Err(bad(
            at.max(1),
            format!(
                "the run ends early: the file ends with {} still open (node {} entered on line {entered} never returns)",
                crate::text::counted(open.len() as u64, "call", "calls"),
                catalog.name(node),
            ),
        ));
    }
    if out.is_empty() {
        return Err(Error::Options(format!(
            "{origin}: no events (one JSON object per line: enter, probe, window, cutoff, store, return)"
        )));
    }
    Ok(out)
}

/// Checks that `line` (on line `at`) fits the calls open before it, and opens or closes one.
fn nest(
    open: &mut Vec<(u32, usize)>,
    line: &Line,
    at: usize,
    catalog: &Catalog,
) -> std::result::Result<(), String> {
    if line.kind == Kind::Enter {
        open.push((line.node, at));
        return Ok(());
    }
    let name = |n: u32| catalog.name(n);
    let Some(&(node, entered)) = open.last() else {
        return Err(format!(
            "a {} of node {} outside any call (no enter is open{})",
            line.kind.name(),
            name(line.node),
            if line.kind == Kind::Return {
                ": a return without its enter"
            } else {
                ""
            }
        ));
    };
    if node != line.node {
        return Err(format!(
            "a {} of node {}, but the open call is node {} (entered on line {entered})",
            line.kind.name(),
            name(line.node),
            name(node)
        ));
    }
    if line.kind == Kind::Return {
        open.pop();
    }
    Ok(())
}
