//! Questions a lesson or a practice item can ask about a recorded run, and their answers as
//! JSON values read off the core's own events. Lesson `facts` pair a question with the value
//! the lesson's text states; tests check every one against the core.

use serde_json::{Value, json};

use crate::error::{Error, Result};
use crate::game::Game;
use crate::game::graph::Graph;
use crate::index::{After, NONE, Outcome, Recorded};
use crate::lesson::Lesson;
pub use crate::lesson::facts::{FactSpec, PracticeItemSpec, What};
use crate::practice::{chance, maxn_facts, windows};
pub use crate::value::score_json;

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

/// Evaluates one fact's question on a recorded run of `lesson`.
pub fn evaluate(lesson: &Lesson, rec: &Recorded, fact: &FactSpec) -> Result<Value> {
    let rows = rows(rec);
    let graph = &lesson.graph;
    let result = rec.result();
    let stats = &result.stats;
    let history_row = |d: u8| {
        result
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
        let found = if lesson.spec.game.is_graph() {
            find_node(graph, name)
        } else {
            rec.catalog().find(name)
        };
        let s = found
            .ok_or_else(|| Error::Options(format!("{}: no node named '{name}'", lesson.name)))?;
        call_of(rec, fact.pass, s, fact.occurrence.unwrap_or(1)).ok_or_else(|| {
            Error::Options(format!(
                "{}: node '{name}' is not searched in run '{}'",
                lesson.name, fact.run
            ))
        })
    };
    if let Some(answer) = maxn_facts::evaluate(lesson, rec, fact, &node) {
        return answer;
    }
    Ok(match fact.what {
        What::Status => json!(result.status.name()),
        What::Depth => json!(result.depth),
        What::Score => match fact.pass {
            Some(d) => json!(history_row(d)?.score),
            None => json!(result.score),
        },
        What::Move => match fact.pass {
            Some(d) => json!(history_row(d)?.mv),
            None => json!(result.mv),
        },
        What::Choice => {
            let mv = match fact.pass {
                Some(d) => history_row(d)?.mv,
                None => result.mv,
            };
            if lesson.spec.game.is_graph() {
                choice_name(graph, rec.trace.header.start, mv)
            } else {
                json!(lesson.model.move_name(rec.trace.header.start, mv))
            }
        }
        What::Nodes => json!(stats.nodes),
        What::Evals => json!(stats.evals),
        What::Cutoffs => json!(stats.cutoffs),
        What::TtHits => json!(stats.tt_hits),
        What::Qnodes => json!(stats.qnodes),
        What::Peak => json!(stats.peak),
        What::TableEntries => json!(rec.index.table.len()),
        What::Calls => json!(pass_rows(rec, fact.pass).len()),
        What::Evaluated => json!(
            reads(rec, fact.pass)
                .iter()
                .map(|&(_, s)| graph.name(s))
                .collect::<Vec<_>>()
        ),
        What::LeafCount => json!(reads(rec, fact.pass).len()),
        What::Skipped => {
            let mut names: Vec<u32> = skips(rec, fact.pass).iter().map(|k| k.child).collect();
            names.sort_unstable();
            names.dedup();
            json!(names.iter().map(|&s| graph.name(s)).collect::<Vec<_>>())
        }
        What::Value => rows[node()?].value.map_or(Value::Null, score_json),
        What::Flag => json!(rows[node()?].outcome.map(Outcome::name)),
        What::Bound => json!(bound_of(rec, node()?)),
        What::Window => {
            let c = &rows[node()?];
            json!([score_json(c.alpha), score_json(c.beta)])
        }
        What::Next => json!(next_after(rec, node()?)),
        What::PeakReferences => json!(rec.index.peak_references),
        What::Games | What::MaxWins | What::MinWins | What::Draws => {
            let tree = rec.tree();
            let terminal = tree
                .reads(fact.pass)
                .map(|i| tree.get(i))
                .filter(|n| n.read == Some(true))
                .filter_map(|n| n.returned().map(|r| r.0));
            json!(match fact.what {
                What::MaxWins => terminal.filter(|&v| v > 0).count(),
                What::MinWins => terminal.filter(|&v| v < 0).count(),
                What::Draws => terminal.filter(|&v| v == 0).count(),
                _ => terminal.count(),
            })
        }
        What::Distinct => {
            let mut states: Vec<u32> = pass_rows(rec, fact.pass)
                .into_iter()
                .map(|i| rows[i].state)
                .collect();
            states.sort_unstable();
            states.dedup();
            json!(states.len())
        }
        What::NullWindows => json!(windows::scouts(rec, fact.pass).len()),
        What::Researches => json!(windows::researches(rec, fact.pass).len()),
        What::Researched => json!(windows::researched_names(rec, fact.pass)),
        What::Attempts => {
            let tries = windows::attempts(rec, fact.pass)
                .ok_or_else(|| Error::Options(format!("run '{}' has no such pass", fact.run)))?;
            json!(
                tries
                    .iter()
                    .map(|t| json!([
                        score_json(t.alpha),
                        score_json(t.beta),
                        windows::outcome_name(t.outcome)
                    ]))
                    .collect::<Vec<_>>()
            )
        }
        What::Mate => {
            // The root's score is reported from MAX's side, as the run reports it; a node's
            // value in the run's own convention, counted from the node.
            let (v, ply) = match (&fact.node, fact.pass) {
                (Some(_), _) => {
                    let c = &rows[node()?];
                    (c.value, c.ply)
                }
                (None, Some(d)) => (Some(history_row(d)?.score), 0),
                (None, None) => (Some(result.score), 0),
            };
            json!(v.and_then(|v| crate::value::mate_report(v, ply)))
        }
        What::MateScores => {
            use crate::value::{MATE, MAX_PLY};
            json!({"mate": MATE, "max_ply": MAX_PLY, "band": MATE - MAX_PLY})
        }
        What::Exact => match &fact.node {
            Some(_) => rows[node()?].value.map_or(Value::Null, chance::exact_json),
            None => chance::exact_json(result.score),
        },
        What::Intervals => json!(
            chance::intervals(rec, node()?)
                .into_iter()
                .map(|(lo, hi)| json!([chance::exact_json(lo), chance::exact_json(hi)]))
                .collect::<Vec<_>>()
        ),
        What::ChanceCutoffs => json!(chance::chance_cutoffs(rec, fact.pass)),
        What::ChanceSkipped => {
            let mut names: Vec<u32> = (chance::chance_skips(rec, fact.pass).iter())
                .map(|k| k.child)
                .collect();
            names.sort_unstable();
            names.dedup();
            json!(names.iter().map(|&s| graph.name(s)).collect::<Vec<_>>())
        }
        What::ProbabilitySum => {
            let state = rows[node()?].state;
            chance::probability_sum(rec, state).map_or(Value::Null, |r| json!(r.to_string()))
        }
        What::Vector | What::Ties | What::TiedAt | What::LeafMap => Value::Null,
    })
}

/// Checks every fact of a lesson against fresh recorded runs; returns one line per mismatch.
pub fn check_facts(lesson: &Lesson) -> Result<Vec<String>> {
    let mut wrong = Vec::new();
    for fact in &lesson.spec.facts {
        let setup = lesson.setup(Some(&fact.run), &Default::default())?;
        let rec = crate::index::record(lesson, &setup)?;
        // Values are written in the trace's units (a chance graph's scale).
        let _units = crate::value::Units::of(rec.trace.header.scale);
        let got = evaluate(lesson, &rec, fact)?;
        if !chance::same(&got, &fact.equals) {
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
