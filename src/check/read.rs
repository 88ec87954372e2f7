//! A student's JSON-lines file read into schema lines, with every rule it breaks named by file
//! and line (and column, for JSON errors): not JSON, not an object, an unknown event or
//! field, a node the lesson does not have, a line outside the call it names, a run that ends
//! with calls still open.

use std::borrow::Cow;
use std::collections::BTreeMap;

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

/// The positions a student's file may name: the lesson's catalog, grown by every legal
/// position of the game the file names that prune's run never reached (a wrong engine goes
/// where the right one does not).
pub struct Names<'a> {
    pub catalog: Catalog,
    /// The game that reads a name in its notation, and the run (its start and options, for
    /// the side it plays each position for); `None` where only the catalog's names count.
    pub game: Option<(&'a crate::game::model::Model, &'a crate::lesson::RunSetup)>,
    /// The positions named in the game's notation that its rules never reach, listed with
    /// the game's reason (a board played on after a win): read, for the check to report.
    pub impossible: BTreeMap<u32, String>,
}

impl Names<'_> {
    /// The number of the position a line's `"node"` names.
    fn node(&mut self, v: &serde_json::Value) -> std::result::Result<u32, String> {
        let game = self.game;
        // A game that names its positions (a Connect Four position's columns, 4453) reads a
        // number as that name, never as prune's own number of a position.
        let as_name;
        let v = match (v, game) {
            (serde_json::Value::Number(n), Some((model, _))) if model.has_own_root() => {
                as_name = serde_json::Value::String(n.to_string());
                &as_name
            }
            _ => v,
        };
        let mut read = None;
        let id = schema::node_of(v, &self.catalog, |name| {
            let (model, _) = game?;
            read = Some((name.to_string(), model.find(name)));
            Some(Ok(0))
        });
        if let (Some((name, Err(_))), Some((model, _))) = (&read, game)
            && let Some(why) = model.cannot_arise(name)
        {
            return Ok(self.add_impossible(name, why));
        }
        match read {
            Some((name, found)) => found.and_then(|f| self.add(f)).map_err(|why| {
                format!(
                    "node \"{}\" is not a position of this lesson: {why}",
                    crate::text::cut(&name)
                )
            }),
            None => id,
        }
    }

    /// Lists a name of a position the rules never reach under a number of its own.
    fn add_impossible(&mut self, name: &str, why: String) -> u32 {
        let id = self.catalog.next_id();
        let described = crate::game::Described {
            label: Some(name.trim().to_string()),
            turn: crate::game::Side::Max,
            score: None,
            tactical: Vec::new(),
            chances: Vec::new(),
            payoffs: Vec::new(),
            moves: Vec::new(),
            move_word: "",
            label_only: true,
            terms: Vec::new(),
            exact: None,
            board: Vec::new(),
            board_note: String::new(),
        };
        self.catalog
            .insert(crate::trace::StateInfo::described(id, described));
        self.impossible.insert(id, why);
        id
    }

    /// The number of a position the game read that the catalog does not list by that name,
    /// listed from now on.
    fn add(
        &mut self,
        (number, described): (Option<u32>, crate::game::Described),
    ) -> std::result::Result<u32, String> {
        let Some((_, setup)) = self.game else {
            return Err("not a position of this lesson".into());
        };
        if let Some(id) = (described.label.as_deref()).and_then(|l| self.catalog.find(l)) {
            return Ok(id);
        }
        let id = number.unwrap_or_else(|| self.catalog.next_id());
        let info = crate::trace::StateInfo::described(id, described);
        self.catalog
            .insert(info.as_run_sees(&setup.options, setup.start));
        Ok(id)
    }
}

/// Parses `text`, named `origin` in messages.
pub fn parse(origin: &str, text: &str, names: &mut Names) -> Result<Vec<Given>> {
    let bad = |at: usize, why: String| Error::Options(format!("{origin}: line {at}: {why}"));
    let mut out = Vec::new();
    // The open calls: node and the line that entered it.
    let mut open: Vec<(u32, usize)> = Vec::new();
    for (i, text) in text.lines().enumerate() {
        let at = i + 1;
        if text.trim().is_empty() {
            continue;
        }
        let text = infinities(text);
        let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
            let mut err = crate::error::json_error(origin, &e);
            if let Error::Json { line, .. } = &mut err {
                *line = at;
            }
            err
        })?;
        let serde_json::Value::Object(object) = value else {
            return Err(bad(at, "not a JSON object (one event per line)".into()));
        };
        let line = schema::parse(&object, &mut |v| names.node(v)).map_err(|why| bad(at, why))?;
        let catalog = &names.catalog;
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
                names.catalog.name(node),
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

/// The line with JavaScript's and Python's bare `Infinity` and `-Infinity` (what
/// `json.dumps(float('-inf'))` writes) outside strings turned into the strings "inf" and
/// "-inf", which JSON can hold.
fn infinities(line: &str) -> Cow<'_, str> {
    if !line.contains("Infinity") {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len() + 8);
    let (mut in_string, mut escaped) = (false, false);
    let mut rest = line;
    while let Some(c) = rest.chars().next() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
        } else if c == '"' {
            in_string = true;
        } else if let Some(after) = rest.strip_prefix("-Infinity") {
            out.push_str("\"-inf\"");
            rest = after;
            continue;
        } else if let Some(after) = rest.strip_prefix("Infinity") {
            out.push_str("\"inf\"");
            rest = after;
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn bare_infinities_become_strings_outside_strings_only() {
        let line = r#"{"event":"enter","node":"Infinity","alpha":-Infinity,"beta":Infinity}"#;
        assert_eq!(
            super::infinities(line),
            r#"{"event":"enter","node":"Infinity","alpha":"-inf","beta":"inf"}"#
        );
        let quoted = r#"{"node":"a\"Infinity"}"#;
        assert_eq!(super::infinities(quoted), quoted);
    }
}
