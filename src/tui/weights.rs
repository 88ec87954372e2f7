//! Live weight editing (issue 23, seed 004 §4.1): on a run whose graph weighs evaluation
//! features, `*` opens the footer's line editor on the weights (`f=2 g=0.25`); Enter records
//! the run again with the graph reweighed (`Graph::reweighed`, exact) at the closest step,
//! and a window says what the new weights changed, read off the two runs' indexes through
//! the node diff: the root's value and move, each inner node whose choice or value moved,
//! and each read score that changed, with its new sum term by term. `lesson` in the editor
//! (or the lesson's numbers typed back) restores the lesson's own weights.
//!
//!
//! A leaf's score is edited the same way (issue 39, "touch the tree"): `V` on a leaf under
//! the node cursor opens the editor on its value, Enter records the run again on the graph
//! with that one score changed, and the same window says what changed; `undo` takes the last
//! edit back and `lesson` every one. Both edits are a new graph recorded through the same
//! path, so the index and every pane read the new trace.
//!
//! - `parse`: the typed line.
//! - `changes`: what changed, from the two runs.
//! - `live`: the tutor's side (the key, the editor, the re-run, the window's keys).
//! - `leaf`: the tutor's side of a leaf's edit.

pub mod changes;
mod leaf;
mod live;
pub mod parse;

use std::cell::Cell;

use crossterm::event::KeyCode;

use crate::exact::Ratio;
use crate::tui::view::scroll::Shown;
pub use changes::{Changes, Choice, CutChange, Decision, Leaf};

/// What the tutor keeps while the weights or leaves are edited: the lesson's own weights (to
/// restore and to tell a change from them), the leaves edited, and the window on the last
/// change.
#[derive(Debug, Default)]
pub struct Live {
    pub lesson_weights: Vec<(String, Ratio)>,
    /// Each leaf edited so far, once, with the lesson's own score (`lesson` restores it).
    pub leaf_lesson: Vec<LeafChange>,
    /// The leaf edits to undo, the last one last: the leaf and the score it had before.
    pub undo: Vec<(u32, Ratio)>,
    pub report: Option<Report>,
    pub scroll: usize,
    /// What the window showed at the last draw (it pages by it).
    pub shown: Cell<Shown>,
}

/// One leaf's score, before and after (for `leaf_lesson`: the lesson's score in `from`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeafChange {
    pub state: u32,
    /// As the catalog calls it: "c (3)".
    pub name: String,
    pub from: Ratio,
    pub to: Ratio,
}

/// How a leaf edit came about: a value typed, `undo`, or `lesson`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    Typed,
    Undo,
    Lesson,
}

/// What a change edited: the weights, or leaves' scores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edited {
    Weights,
    Leaves(Vec<LeafChange>, How),
}

/// One change of the weights or of leaves, and what it changed.
#[derive(Debug, Clone)]
pub struct Report {
    /// The weights before and after, as the editor writes them (empty for leaves: `edited`
    /// says what changed).
    pub from: String,
    pub to: String,
    pub edited: Edited,
    pub changes: Result<Changes, String>,
    /// The counters the change moved, as the footer said them.
    pub counters: Option<String>,
}

impl Live {
    /// Keeps a finished leaf edit: the lesson's score of each leaf met the first time, and
    /// what `undo` takes back.
    pub fn keep(&mut self, changed: &[LeafChange], how: How) {
        match how {
            How::Typed => {
                for c in changed {
                    if !self.leaf_lesson.iter().any(|l| l.state == c.state) {
                        self.leaf_lesson.push(c.clone());
                    }
                    self.undo.push((c.state, c.from));
                }
            }
            How::Undo => {
                self.undo.pop();
            }
            How::Lesson => self.undo.clear(),
        }
    }

    /// The leaves whose score differs from the lesson's now (`now` gives a leaf's score),
    /// as "c=9", in the order they were first edited.
    pub fn leaves_edited(&self, now: impl Fn(u32) -> Option<Ratio>) -> Vec<String> {
        self.leaf_lesson
            .iter()
            .filter_map(|l| {
                let v = now(l.state)?;
                (v != l.from).then(|| format!("{}={v}", short_name(&l.name)))
            })
            .collect()
    }

    /// A key while the window is open: the scroll keys page; any other key closes it (`true`).
    pub fn key(&mut self, code: KeyCode) -> bool {
        let shown = self.shown.get();
        let page = shown.rows.max(1);
        match code {
            KeyCode::Down | KeyCode::Char('j') => self.scroll += 1,
            KeyCode::Up | KeyCode::Char('k') => self.scroll = self.scroll.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char(' ') if shown.below() > 0 => {
                self.scroll = shown.first + page
            }
            KeyCode::PageDown => {}
            KeyCode::PageUp => self.scroll = shown.first.saturating_sub(page),
            KeyCode::End | KeyCode::Char('G') => self.scroll = shown.max_offset(),
            KeyCode::Home | KeyCode::Char('g') => self.scroll = 0,
            _ => return true,
        }
        self.scroll = self.scroll.min(shown.max_offset().max(shown.first));
        false
    }
}

/// Which kind of row a line of the window is, for its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Heading,
    Text,
}

impl Report {
    /// The window's text, row by row: the root, the decisions that moved, the scores that
    /// changed with their sums, the nodes one run searched only, the counters.
    pub fn lines(&self) -> Vec<(Row, String)> {
        let mut out = vec![(Row::Text, self.heading())];
        let c = match &self.changes {
            Ok(c) => c,
            Err(e) => {
                out.push((Row::Text, format!("No node-by-node comparison: {e}")));
                return out;
            }
        };
        out.extend(root_lines(c));
        let inner: Vec<&Decision> = c.decisions.iter().filter(|d| !d.path.is_empty()).collect();
        if !inner.is_empty() {
            out.push((
                Row::Heading,
                format!("Other decisions that changed ({}):", inner.len()),
            ));
            out.extend(
                inner
                    .iter()
                    .map(|d| (Row::Text, format!("• {}", decision(d)))),
            );
        }
        if !c.cuts.is_empty() {
            out.push((
                Row::Heading,
                format!("Cutoffs that changed ({}):", c.cuts.len()),
            ));
            out.extend(
                c.cuts
                    .iter()
                    .map(|k| (Row::Text, format!("• {}", k.text()))),
            );
        }
        if c.leaves.is_empty() {
            out.push((Row::Text, "No score the search read changed.".into()));
        } else {
            out.push((
                Row::Heading,
                format!("Scores that changed ({}), new sum:", c.leaves.len()),
            ));
            for l in &c.leaves {
                let sum = if l.sum.is_empty() {
                    String::new()
                } else {
                    format!(" = {}", l.sum)
                };
                out.push((
                    Row::Text,
                    format!("• {}: {} → {}{sum}", l.name, l.before, l.after),
                ));
            }
        }
        if !c.only.is_empty() {
            out.push((
                Row::Heading,
                format!("Searched by one run only ({}):", c.only.len()),
            ));
            out.extend(c.only.iter().map(|o| (Row::Text, format!("• {o}"))));
        }
        match self.counters.as_deref() {
            Some("same counters") => out.push((Row::Text, "Counters: the same.".into())),
            Some(counters) => out.push((Row::Text, format!("Counters: {counters}."))),
            None => {}
        }
        out
    }

    /// The window's first line: what was edited, before → after.
    fn heading(&self) -> String {
        let leaves = |l: &[LeafChange]| {
            let each: Vec<String> = l
                .iter()
                .map(|c| format!("{}: {} → {}", c.name, c.from, c.to))
                .collect();
            each.join(", ")
        };
        match &self.edited {
            Edited::Weights => format!("Weights {} → {}.", self.from, self.to),
            Edited::Leaves(l, How::Typed) => format!("Leaf {}.", leaves(l)),
            Edited::Leaves(l, How::Undo) => format!("Undone: leaf {}.", leaves(l)),
            Edited::Leaves(l, How::Lesson) => {
                format!("Back to the lesson's scores: {}.", leaves(l))
            }
        }
    }

    /// The window's title: which edit it tells of.
    pub fn title(&self) -> &'static str {
        match self.edited {
            Edited::Weights => " What the new weights changed (↓ PgDn scroll, other keys close) ",
            Edited::Leaves(..) => {
                " What the leaf's value changed (↓ PgDn scroll, other keys close) "
            }
        }
    }

    /// The one line the footer says after the change: the root before → after.
    pub fn summary(&self) -> String {
        let root = match &self.changes {
            Ok(Changes {
                root: Some((b, a)), ..
            }) => {
                let mv = |c: &Choice| c.child.clone().unwrap_or_else(|| "no move".into());
                let moved = if b.mv == a.mv {
                    format!("still {}", mv(a))
                } else {
                    format!("{} → {}", mv(b), mv(a))
                };
                format!(": root {} → {}, {moved}", b.text, a.text)
            }
            _ => String::new(),
        };
        match &self.edited {
            Edited::Weights => format!("weights {}{root} (* edits again)", self.to),
            Edited::Leaves(l, how) => {
                let what = match (how, l.as_slice()) {
                    (How::Lesson, _) => "leaves back to the lesson's".to_string(),
                    (_, [c]) => format!("leaf {} {} → {}", c.name, c.from, c.to),
                    _ => format!("{} leaves", l.len()),
                };
                format!("{what}{root} (V: another value, undo or lesson)")
            }
        }
    }
}

/// The root: its value and move before → after, and its new preference when the move moved.
fn root_lines(c: &Changes) -> Vec<(Row, String)> {
    let Some((b, a)) = &c.root else {
        return vec![(Row::Text, "The final passes have no root in common.".into())];
    };
    let mv = |c: &Choice| c.child.clone().unwrap_or_else(|| "no move".into());
    let value = if b.text == a.text {
        format!("value {}, unchanged", a.text)
    } else {
        format!("value {} → {}", b.text, a.text)
    };
    let moved = if b.mv == a.mv {
        format!("move {}, unchanged", mv(a))
    } else {
        format!("move {} → {}", mv(b), mv(a))
    };
    let mut out = vec![(
        Row::Heading,
        format!("Root {}: {value}; {moved}.", c.root_name),
    )];
    if let Some(d) = c
        .decisions
        .iter()
        .find(|d| d.path.is_empty() && d.choice_moved())
    {
        out.push((Row::Text, format!("• {}", decision(d))));
    }
    out
}

/// One changed decision in a sentence: "MAX B (2) now prefers d (5), value 3, over c (4),
/// now 1 (before: c (4), value 2)." or "MIN B (2): value 3 → 4, still d (5)."
pub fn decision(d: &Decision) -> String {
    let name = |c: &Choice| c.child.clone().unwrap_or_else(|| "no move".into());
    if d.choice_moved() {
        let old = d.old_now.clone().unwrap_or_else(|| "not searched".into());
        format!(
            "{} {} now prefers {}, value {}, over {}, now {old} (before: {}, value {}).",
            d.side,
            d.name,
            name(&d.after),
            d.after.text,
            name(&d.before),
            name(&d.before),
            d.before.text
        )
    } else {
        let still = match &d.after.child {
            Some(c) => format!(", still {c}"),
            None => String::new(),
        };
        format!(
            "{} {}: value {} → {}{still}.",
            d.side, d.name, d.before.text, d.after.text
        )
    }
}

/// "c" of "c (3)": the catalog's name without the node's number, for the title line.
fn short_name(called: &str) -> &str {
    match called.rsplit_once(" (") {
        Some((name, _)) if !name.is_empty() => name,
        _ => called,
    }
}
