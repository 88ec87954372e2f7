//! Questions a lesson or a practice item can ask about a recorded run, and their answers as
//! JSON values read off the core's own events. Lesson `facts` pair a question with the value
//! the lesson's text states; tests check every one against the core.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::error::{Error, Result};
use crate::game::Game;
use crate::game::graph::Graph;
use crate::lesson::Lesson;
use crate::run::Recorded;
use crate::search::INF;
use crate::trace::Event;
use crate::trace::calls::{Call, Outcome, calls};

/// What a fact states or a question asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum What {
    /// COMPLETE, PARTIAL or NO_COMPLETED_DEPTH.
    Status,
    /// The last completed depth.
    Depth,
    /// The root score (of the whole run, or of `pass`).
    Score,
    /// The root move index (-1 for none).
    Move,
    /// The name of the child the root move leads to (null for none).
    Choice,
    Nodes,
    Evals,
    Cutoffs,
    TtHits,
    Qnodes,
    Peak,
    /// Distinct (state, depth, q) keys the table kept over the whole run.
    TableEntries,
    /// Admitted calls in the pass.
    Calls,
    /// Names of the nodes whose score was read (terminal or horizon), in order.
    Evaluated,
    /// How many reads `evaluated` lists.
    LeafCount,
    /// Children that cutoffs skipped, by node number.
    Skipped,
    /// What the node's call returned (null when it was never searched).
    Value,
    /// The flag its call stored: EXACT, LOWER, UPPER, or tt-hit.
    Flag,
    /// exact, lower or upper: what the returned value proves (a table hit: its entry's flag).
    Bound,
    /// The (α, β) the node's call received.
    Window,
    /// What follows the node's return in its parent: "cut", "enter X" or "return".
    Next,
    /// The most candidate moves held by open frames at one moment (the stack's memory).
    PeakReferences,
}

/// A figure the lesson's text states, checked against the core by the lesson tests.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FactSpec {
    /// The run preset it is about.
    pub run: String,
    pub what: What,
    /// A node label or number, for node questions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// Which admitted call of that node in the pass, 1-based (default: the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occurrence: Option<u32>,
    /// Which iterative-deepening pass (default: the last one that ran).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass: Option<u8>,
    pub equals: Value,
}

/// A practice question attached to a lesson; its answer is computed by the core.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PracticeItemSpec {
    pub kind: super::Kind,
    /// The preset the question is about (quiescence: the run without quiescence).
    pub run: String,
    /// The quiescence kind's second preset (with quiescence).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare: Option<String>,
    /// The node asked about (window, value, flag; next: the child that just returned).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// The question in the lesson's words (a default sentence is used when empty).
    #[serde(default)]
    pub prompt: String,
    /// Where the question comes from (e.g. "seed 004, set 2, question 1").
    #[serde(default)]
    pub source: String,
}

/// A score as a lesson writes it: an integer, or "inf" / "-inf".
pub fn score_json(v: i32) -> Value {
    match v {
        INF => json!("inf"),
        v if v == -INF => json!("-inf"),
        v => json!(v),
    }
}

/// A node by label, or by number when no label matches.
pub fn find_node(graph: &Graph, name: &str) -> Option<u32> {
    let name = name.trim();
    (0..graph.len() as u32)
        .find(|&s| graph.label(s) == Some(name))
        .or_else(|| {
            name.parse::<u32>()
                .ok()
                .filter(|&s| (s as usize) < graph.len())
        })
}

/// The calls of one pass (default: the last) with their indices into `rows`.
pub fn pass_rows(rows: &[Call], pass: Option<u8>) -> Vec<usize> {
    let pass = pass.or_else(|| rows.last().map(|c| c.pass));
    (0..rows.len())
        .filter(|&i| Some(rows[i].pass) == pass)
        .collect()
}

/// The index (into `rows`) of the `occurrence`-th call of `state` in the pass.
pub fn call_of(rows: &[Call], pass: Option<u8>, state: u32, occurrence: u32) -> Option<usize> {
    pass_rows(rows, pass)
        .into_iter()
        .filter(|&i| rows[i].state == state)
        .nth(occurrence.max(1) as usize - 1)
}

/// The table entry that answered a table-hit call.
pub fn hit_entry(events: &[Event], call: &Call) -> Option<crate::search::tt::Entry> {
    let end = call.exit_event.unwrap_or(events.len());
    events[call.enter_event..end].iter().find_map(|e| match e {
        Event::Probe { found, .. } => *found,
        _ => None,
    })
}

/// exact / lower / upper for a finished call.
pub fn bound_of(events: &[Event], call: &Call) -> Option<&'static str> {
    let flag = match call.outcome? {
        Outcome::Stored(f) => f,
        Outcome::TableHit => hit_entry(events, call)?.flag,
        Outcome::Abort => return None,
    };
    Some(match flag {
        crate::search::Flag::Exact => "exact",
        crate::search::Flag::Lower => "lower",
        crate::search::Flag::Upper => "upper",
    })
}

/// Reads in the pass: (call index, node) in event order.
pub fn reads(rows: &[Call], events: &[Event], pass: Option<u8>) -> Vec<(usize, u32)> {
    pass_rows(rows, pass)
        .into_iter()
        .filter_map(|i| {
            let c = &rows[i];
            let end = c.exit_event?;
            events[c.enter_event..=end].iter().find_map(|e| match e {
                Event::Read { state, .. } if *state == c.state => Some((i, c.state)),
                _ => None,
            })
        })
        .collect()
}

/// A skipped child: the frame that cut, the child, and the call that closed the window.
#[derive(Debug, Clone, Copy)]
pub struct Skip {
    pub parent: usize,
    pub child: u32,
    pub closer: Option<usize>,
}

/// Every candidate a cutoff skipped in the pass, in event order.
pub fn skips(rec: &Recorded, rows: &[Call], graph: &Graph, pass: Option<u8>) -> Vec<Skip> {
    let events = &rec.trace.events;
    let mut out = Vec::new();
    for i in pass_rows(rows, pass) {
        let c = &rows[i];
        let Some(end) = c.exit_event else { continue };
        // Edges go forward, so no frame nested inside this one has its state: every Order
        // and Cutoff with this state inside the span belongs to this frame.
        let order = events[c.enter_event..end].iter().find_map(|e| match e {
            Event::Order { state, start, len } if *state == c.state => Some((*start, *len)),
            _ => None,
        });
        let cut = events[c.enter_event..end]
            .iter()
            .rev()
            .find_map(|e| match e {
                Event::Cutoff { state, pos, .. } if *state == c.state => Some(*pos),
                _ => None,
            });
        let (Some((start, len)), Some(pos)) = (order, cut) else {
            continue;
        };
        let closer = rows
            .iter()
            .rposition(|r| r.parent == Some(i) && r.caused_cutoff);
        let moves = &rec.trace.moves[start as usize..start as usize + len as usize];
        for &m in &moves[pos as usize + 1..] {
            out.push(Skip {
                parent: i,
                child: graph.child(c.state, m as usize),
                closer,
            });
        }
    }
    out
}

/// What follows the return of `rows[child]` in its parent frame.
pub fn next_after(events: &[Event], graph: &Graph, child: &Call) -> Option<String> {
    let exit = child.exit_event?;
    for e in &events[exit + 1..] {
        match e {
            Event::Pop { .. } | Event::Best { .. } | Event::Window { .. } => {}
            Event::Cutoff { .. } => return Some("cut".into()),
            Event::Push { state, .. } => return Some(format!("enter {}", graph.name(*state))),
            Event::Store { .. } | Event::Return { .. } => return Some("return".into()),
            _ => return None,
        }
    }
    None
}

/// The most candidates held by the open frames at any one moment.
pub fn peak_references(events: &[Event]) -> u64 {
    let mut open: Vec<u64> = Vec::new();
    let mut peak = 0;
    for e in events {
        match e {
            Event::Enter { .. } => open.push(0),
            Event::Order { len, .. } => {
                if let Some(top) = open.last_mut() {
                    *top = *len as u64;
                }
            }
            Event::Return { .. } | Event::Unwind { .. } => {
                open.pop();
            }
            _ => {}
        }
        peak = peak.max(open.iter().sum());
    }
    peak
}

/// The root move as the name of the child it leads to.
pub fn choice_name(graph: &Graph, start: u32, mv: i16) -> Value {
    if mv < 0 || mv as usize >= graph.move_count(start) {
        Value::Null
    } else {
        json!(graph.name(graph.child(start, mv as usize)))
    }
}

/// Evaluates one fact's question on a recorded run of `lesson`.
pub fn evaluate(lesson: &Lesson, rec: &Recorded, fact: &FactSpec) -> Result<Value> {
    let rows = calls(&rec.trace.events);
    let events = &rec.trace.events;
    let graph = &lesson.graph;
    let stats = &rec.result.stats;
    let history_row = |d: u8| {
        rec.result
            .history
            .iter()
            .find(|p| p.depth == d)
            .ok_or_else(|| Error::Options(format!("run '{}' has no pass {d}", fact.run)))
    };
    let node = || -> Result<usize> {
        let name = fact
            .node
            .as_deref()
            .ok_or_else(|| Error::Options(format!("fact '{:?}' needs a node", fact.what)))?;
        let s = find_node(graph, name)
            .ok_or_else(|| Error::Options(format!("{}: no node named '{name}'", lesson.name)))?;
        call_of(&rows, fact.pass, s, fact.occurrence.unwrap_or(1)).ok_or_else(|| {
            Error::Options(format!(
                "{}: node '{name}' is not searched in run '{}'",
                lesson.name, fact.run
            ))
        })
    };
    Ok(match fact.what {
        What::Status => json!(rec.result.status.name()),
        What::Depth => json!(rec.result.depth),
        What::Score => match fact.pass {
            Some(d) => json!(history_row(d)?.score),
            None => json!(rec.result.score),
        },
        What::Move => match fact.pass {
            Some(d) => json!(history_row(d)?.mv),
            None => json!(rec.result.mv),
        },
        What::Choice => {
            let mv = match fact.pass {
                Some(d) => history_row(d)?.mv,
                None => rec.result.mv,
            };
            choice_name(graph, rec.setup.start, mv)
        }
        What::Nodes => json!(stats.nodes),
        What::Evals => json!(stats.evals),
        What::Cutoffs => json!(stats.cutoffs),
        What::TtHits => json!(stats.tt_hits),
        What::Qnodes => json!(stats.qnodes),
        What::Peak => json!(stats.peak),
        What::TableEntries => {
            let keys: HashSet<_> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Store {
                        key, kept: true, ..
                    } => Some(*key),
                    _ => None,
                })
                .collect();
            json!(keys.len())
        }
        What::Calls => json!(pass_rows(&rows, fact.pass).len()),
        What::Evaluated => json!(
            reads(&rows, events, fact.pass)
                .iter()
                .map(|&(_, s)| graph.name(s))
                .collect::<Vec<_>>()
        ),
        What::LeafCount => json!(reads(&rows, events, fact.pass).len()),
        What::Skipped => {
            let mut names: Vec<u32> = skips(rec, &rows, graph, fact.pass)
                .iter()
                .map(|k| k.child)
                .collect();
            names.sort_unstable();
            names.dedup();
            json!(names.iter().map(|&s| graph.name(s)).collect::<Vec<_>>())
        }
        What::Value => rows[node()?].value.map_or(Value::Null, score_json),
        What::Flag => json!(rows[node()?].outcome.map(Outcome::name)),
        What::Bound => json!(bound_of(events, &rows[node()?])),
        What::Window => {
            let c = &rows[node()?];
            json!([score_json(c.alpha), score_json(c.beta)])
        }
        What::Next => json!(next_after(events, graph, &rows[node()?])),
        What::PeakReferences => json!(peak_references(events)),
    })
}

/// Checks every fact of a lesson against fresh recorded runs; returns one line per mismatch.
pub fn check_facts(lesson: &Lesson) -> Result<Vec<String>> {
    let mut wrong = Vec::new();
    for fact in &lesson.spec.facts {
        let setup = lesson.setup(Some(&fact.run), &Default::default())?;
        let rec = crate::run::recorded(lesson, &setup)?;
        let got = evaluate(lesson, &rec, fact)?;
        if got != fact.equals {
            wrong.push(format!(
                "{}: run '{}', {:?}{}: the lesson says {}, the core gives {}",
                lesson.name,
                fact.run,
                fact.what,
                fact.node
                    .as_ref()
                    .map(|n| format!(" of {n}"))
                    .unwrap_or_default(),
                fact.equals,
                got
            ));
        }
    }
    Ok(wrong)
}
