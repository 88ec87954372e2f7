//! Checking what a lesson states: each fact's question evaluated on a fresh recorded run of
//! the lesson, read off the core's own events through the queries of `query`, `windows`
//! (seed 002), `chance` and `maxn_facts` (seed 004), and compared with what the text says.

use serde_json::{Value, json};

use super::query::*;
use crate::error::{Error, Result};
use crate::index::{Outcome, Recorded};
use crate::lesson::Lesson;
use crate::practice::{chance, maxn_facts, windows};

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
        let _units = crate::value::Units::of(rec.trace.header.scale).scope();
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
