//! Questions a lesson or a practice item can ask about a recorded run, and their answers as
//! JSON values read off the core's own events. Lesson `facts` pair a question with the value
//! the lesson's text states; tests check every one against the core.

use serde_json::{Value, json};

use crate::game::Game;
use crate::game::graph::Graph;
use crate::index::{After, NONE, Outcome, Recorded};
pub use crate::lesson::facts::{FactSpec, PracticeItemSpec, What};

/// A node by label, or by number when no label matches.
pub fn find_node(graph: &Graph, name: &str) -> Option<u32> {
    let name = name.trim();
    find_label(graph, name).or_else(|| {
        name.parse::<u32>()
            .ok()
            .filter(|&s| (s as usize) < graph.len())
    })
}

/// A node by label: the label written exactly, else the one label that matches ignoring case
/// (answers may be typed in any case; where two labels differ only by case, such as G and g,
/// only the exact one names a node).
pub fn find_label(graph: &Graph, name: &str) -> Option<u32> {
    let nodes = 0..graph.len() as u32;
    if let Some(s) = nodes.clone().find(|&s| graph.label(s) == Some(name)) {
        return Some(s);
    }
    let mut caseless = nodes.filter(|&s| {
        graph
            .label(s)
            .is_some_and(|l| l.to_lowercase() == name.to_lowercase())
    });
    match (caseless.next(), caseless.next()) {
        (Some(s), None) => Some(s),
        _ => None,
    }
}

/// The children of `s` in move order.
pub fn graph_children(graph: &Graph, s: u32) -> Vec<u32> {
    (0..graph.move_count(s))
        .map(|i| graph.child(s, i))
        .collect()
}

/// A node name as an answer wrote it, spelled as the tree labels it (`A` for `a` when only
/// `A` exists); a name that matches no label is kept as written.
pub fn canonical_name(graph: &Graph, name: &str) -> String {
    match find_label(graph, name) {
        Some(s) => graph.name(s),
        None => name.to_string(),
    }
}

/// One admitted call as the practice grader reads it: a row of the index's tree (call `i`
/// of the run is node `i`), with "not returned" spelled as `None`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    /// The call number (1-based).
    pub step: u64,
    pub pass: u8,
    pub ply: u16,
    pub state: u32,
    pub depth: u8,
    pub qleft: u8,
    pub alpha: i32,
    pub beta: i32,
    pub value: Option<i32>,
    pub mv: Option<i16>,
    pub outcome: Option<Outcome>,
    pub parent: Option<usize>,
    pub via: Option<i16>,
    pub caused_cutoff: bool,
}

/// The calls of a run, read off its index.
pub fn rows(rec: &Recorded) -> Vec<Call> {
    rec.tree()
        .call_nodes()
        .enumerate()
        .map(|(i, n)| Call {
            step: i as u64 + 1,
            pass: n.pass,
            ply: n.ply,
            state: n.state,
            depth: n.depth,
            qleft: n.qleft,
            alpha: n.alpha,
            beta: n.beta,
            value: n.returned().map(|r| r.0),
            mv: n.returned().map(|r| r.1),
            outcome: n.outcome,
            parent: (n.parent != NONE).then_some(n.parent as usize),
            via: (n.mv >= 0).then_some(n.mv),
            caused_cutoff: n.caused_cutoff,
        })
        .collect()
}

/// The calls of one pass (default: the last that ran) as indices into `rows(rec)`.
pub fn pass_rows(rec: &Recorded, pass: Option<u8>) -> Vec<usize> {
    rec.tree().pass_calls(pass).map(|i| i as usize).collect()
}

/// The index (into `rows(rec)`) of the `occurrence`-th call of `state` in the pass.
pub fn call_of(rec: &Recorded, pass: Option<u8>, state: u32, occurrence: u32) -> Option<usize> {
    let call = rec.tree().call_of(pass, state, occurrence)?;
    Some(call as usize)
}

/// exact / lower / upper for a finished call (a table hit: its entry's flag).
pub fn bound_of(rec: &Recorded, call: usize) -> Option<&'static str> {
    Some(match rec.tree().get(call as u32).bound()? {
        crate::search::Flag::Exact => "exact",
        crate::search::Flag::Lower => "lower",
        crate::search::Flag::Upper => "upper",
    })
}

/// Reads in the pass: (call index, node) in admission order.
pub fn reads(rec: &Recorded, pass: Option<u8>) -> Vec<(usize, u32)> {
    let tree = rec.tree();
    tree.reads(pass)
        .map(|i| (i as usize, tree.get(i).state))
        .collect()
}

/// A skipped child: the frame that cut, the child, and the call that closed the window.
#[derive(Debug, Clone, Copy)]
pub struct Skip {
    pub parent: usize,
    pub child: u32,
    pub closer: Option<usize>,
}

/// Every candidate a cutoff skipped in the pass, in order.
pub fn skips(rec: &Recorded, pass: Option<u8>) -> Vec<Skip> {
    rec.tree()
        .skips(pass)
        .into_iter()
        .map(|k| Skip {
            parent: k.parent as usize,
            child: k.state,
            closer: k.closer.map(|c| c as usize),
        })
        .collect()
}

/// What follows the return of call `child` in its parent frame.
pub fn next_after(rec: &Recorded, child: usize) -> Option<String> {
    Some(match rec.tree().after(child as u32)? {
        After::Cut => "cut".into(),
        After::Enter(next) => format!("enter {}", rec.name(rec.tree().get(next).state)),
        After::Return => "return".into(),
    })
}

/// The root move as the name of the child it leads to.
pub fn choice_name(graph: &Graph, start: u32, mv: i16) -> Value {
    if mv < 0 || mv as usize >= graph.move_count(start) {
        Value::Null
    } else {
        json!(graph.name(graph.child(start, mv as usize)))
    }
}
