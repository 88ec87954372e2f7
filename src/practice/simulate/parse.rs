//! What the student types, read forgivingly (spacing, case, brackets, ∞ or inf) and strictly
//! (a line that does not say a step of the kind asked is a hint, never a graded step).
//!
//! - a child to visit: its name (`C`), or `visit C` / `go C` / `enter C`;
//! - a window: two values, `3 inf`, `(3, +∞)`, `-inf,5`;
//! - the cutoff: `cut`;
//! - a return value: `return 5`, `ret 5`, `= 5`, or the value alone;
//! - a faded exercise's cutoff question: `cut` (or `yes`), `on` (or `no`).

use super::exercise::Exercise;
use super::kinds::{Action, Ask};
use crate::practice::query::find_label;
use crate::value::INF;

/// A score as typed: an integer or ±infinity.
fn value(word: &str) -> Option<i32> {
    match word {
        "inf" | "+inf" | "∞" | "+∞" | "infinity" | "+infinity" => Some(INF),
        "-inf" | "-∞" | "−∞" | "−inf" | "-infinity" => Some(-INF),
        w => w
            .replace('−', "-")
            .parse::<i64>()
            .ok()
            .filter(|v| v.abs() < INF as i64)
            .map(|v| v as i32),
    }
}

/// The words of a line: brackets and separators dropped, keywords in lower case.
fn words(line: &str) -> Vec<String> {
    line.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';'))
        .map(|w| w.trim_matches(|c| matches!(c, '(' | ')' | '[' | ']')))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

impl Exercise {
    /// Reads `line` as the kind of step `ask` wants; `Err` is the hint to show.
    pub(super) fn read(&self, line: &str, ask: Ask) -> Result<Action, String> {
        read(line, ask, self)
    }
}

fn read(line: &str, ask: Ask, ex: &Exercise) -> Result<Action, String> {
    let words = words(line);
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let keys: Vec<&str> = lower.iter().map(String::as_str).collect();
    let values: Option<Vec<i32>> = keys.iter().map(|w| value(w)).collect();
    match ask {
        Ask::Window { child } => match values.as_deref() {
            Some(&[a, b]) => Ok(Action::Window(a, b)),
            _ => Err(format!(
                "type the window {} gets: two values α β, such as -inf 5 or 3 inf",
                ex.name(child)
            )),
        },
        Ask::Value { frame } => match returned(&keys) {
            Some(v) => Ok(Action::Return(v)),
            None if ex.after_cut() => Err(format!(
                "the window closed: type the value {} returns, such as return 4",
                ex.name(frame)
            )),
            None => Err(format!(
                "type the value {} returns, such as return 4",
                ex.name(frame)
            )),
        },
        Ask::Cut { frame, .. } => match keys.as_slice() {
            ["cut" | "cutoff" | "yes" | "y"] => Ok(Action::Cut),
            ["on" | "no" | "n" | "continue" | "next"] | ["go", "on"] => Ok(Action::On),
            _ => Err(format!(
                "type cut if {}'s window is closed now, on if it stays open",
                ex.name(frame)
            )),
        },
        Ask::Decide { frame } => decide(&words, &keys, frame, ex),
    }
}

/// `return 5`, `ret 5`, `= 5`, `5`.
fn returned(keys: &[&str]) -> Option<i32> {
    match keys {
        [v] => value(v),
        ["return" | "ret" | "=" | "returns", v] => value(v),
        _ => None,
    }
}

fn decide(words: &[String], keys: &[&str], frame: u32, ex: &Exercise) -> Result<Action, String> {
    let hint = || {
        let mut options = vec!["a child to visit (its name)"];
        if ex.prunes() {
            options.push("cut");
        }
        options.push("return V");
        format!("{} moves next: type {}", ex.name(frame), options.join(", "))
    };
    if keys.is_empty() {
        return Err(hint());
    }
    if keys == ["cut"] || keys == ["cutoff"] {
        if !ex.prunes() {
            return Err(format!(
                "{} never cuts: every child is searched; {}",
                ex.settings.method.name(),
                hint()
            ));
        }
        return Ok(Action::Cut);
    }
    if let Some(v) = returned(keys) {
        return Ok(Action::Return(v));
    }
    let name = match keys {
        [_] => &words[0],
        ["visit" | "go" | "enter" | "to", _] => &words[1],
        [_, _] if keys.iter().all(|k| value(k).is_some()) => {
            let when = if ex.prunes() {
                "a window is asked right after a visit".to_string()
            } else {
                format!("{} keeps no window", ex.settings.method.name())
            };
            return Err(format!("{when}; {}", hint()));
        }
        _ => return Err(hint()),
    };
    let Some(state) = find_label(ex.graph(), name) else {
        return Err(format!(
            "no node is named {}; {}",
            crate::text::one_line(name),
            hint()
        ));
    };
    let children: Vec<u32> = ex.children(frame);
    if !children.iter().any(|&c| ex.state(c) == state) {
        let names: Vec<String> = children.iter().map(|&c| ex.name(c)).collect();
        return Err(format!(
            "{} is not a child of {}; its children are {}",
            ex.graph().name(state),
            ex.name(frame),
            names.join(", ")
        ));
    }
    Ok(Action::Visit(state))
}
