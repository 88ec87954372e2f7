//! Checking what a lesson states: each fact's question evaluated on a fresh recorded run of
//! the lesson, read off the core's own events through the queries of `query`, `windows`
//! (seed 002), `chance` and `maxn_facts` (seed 004), and compared with what the text says.

use serde_json::{Value, json};

use super::query::*;
use super::{chance, maxn_facts, mcts_facts, windows};
use crate::error::{Error, Result};
use crate::index::{Outcome, Recorded};
use crate::lesson::Lesson;
use crate::value::Units;

/// One fact's question about one recorded run, and the readers its answers share.
struct Ask<'a> {
    lesson: &'a Lesson,
    rec: &'a Recorded,
    fact: &'a FactSpec,
    /// Values are written in the trace's units (a chance graph's scale).
    units: Units,
}

/// Evaluates one fact's question on a recorded run of `lesson`.
pub fn evaluate(lesson: &Lesson, rec: &Recorded, fact: &FactSpec) -> Result<Value> {
    let ask = Ask {
        lesson,
        rec,
        fact,
        units: Units::of(rec.trace.header.scale),
    };
    if let Some(answer) = maxn_facts::evaluate(lesson, rec, fact, &|| ask.node()) {
        return answer;
    }
    if let Some(answer) = mcts_facts::evaluate(lesson, rec, fact) {
        return answer;
    }
    let rows = rows(rec);
    let result = rec.result();
    let stats = &result.stats;
    let units = &ask.units;
    // Exact: a fraction that is no short decimal as its text ("19/3"), never rounded.
    let score = |v: i32| match units.score_exact(v) {
        Some(exact) => Value::from(exact),
        None => units.score_json(v),
    };
    Ok(match fact.what {
        What::Status => json!(result.status.name()),
        What::Depth => json!(result.depth),
        What::Score => score(ask.pass_result()?.0),
        What::Move => json!(ask.pass_result()?.1),
        What::Choice => ask.choice()?,
        What::Nodes => json!(stats.nodes),
        What::Evals => json!(stats.evals),
        What::Cutoffs => json!(stats.cutoffs),
        What::TtHits => json!(stats.tt_hits),
        What::Qnodes => json!(stats.qnodes),
        What::Peak => json!(stats.peak),
        What::TableEntries => json!(rec.index.table.len()),
        What::Calls => json!(pass_rows(rec, fact.pass).len()),
        What::Evaluated => json!(ask.names(reads(rec, fact.pass).iter().map(|&(_, s)| s))),
        What::LeafCount => json!(reads(rec, fact.pass).len()),
        What::Skipped => json!(ask.sorted_names(skips(rec, fact.pass).iter().map(|k| k.child))),
        What::Value => rows[ask.node()?].value.map_or(Value::Null, score),
        What::Flag => json!(rows[ask.node()?].outcome.map(Outcome::name)),
        What::Bound => json!(bound_of(rec, ask.node()?)),
        What::Window => {
            let c = &rows[ask.node()?];
            json!([score(c.alpha), score(c.beta)])
        }
        What::Next => json!(next_after(rec, ask.node()?)),
        What::PeakReferences => json!(rec.index.peak_references),
        What::Games | What::MaxWins | What::MinWins | What::Draws => ask.games(),
        What::Distinct => ask.distinct(&rows),
        What::NullWindows => json!(windows::scouts(rec, fact.pass).len()),
        What::Researches => json!(windows::researches(rec, fact.pass).len()),
        What::Researched => json!(windows::researched_names(rec, fact.pass)),
        What::Attempts => ask.attempts()?,
        What::Mate => ask.mate(&rows)?,
        What::MateScores => {
            use crate::value::{MATE, MAX_PLY};
            json!({"mate": MATE, "max_ply": MAX_PLY, "band": MATE - MAX_PLY})
        }
        What::Exact => match &fact.node {
            Some(_) => rows[ask.node()?]
                .value
                .map_or(Value::Null, |v| chance::exact_json(v, units)),
            None => chance::exact_json(result.score, units),
        },
        What::Intervals => ask.intervals()?,
        What::ChanceCutoffs => json!(chance::chance_cutoffs(rec, fact.pass)),
        What::ChanceSkipped => {
            json!(ask.sorted_names(chance::chance_skips(rec, fact.pass).iter().map(|k| k.child)))
        }
        What::ProbabilitySum => {
            let state = rows[ask.node()?].state;
            chance::probability_sum(rec, state).map_or(Value::Null, |r| json!(r.to_string()))
        }
        What::Vector | What::Ties | What::TiedAt | What::LeafMap => Value::Null,
        What::Selected
        | What::Ucb1
        | What::Mean
        | What::Bonus
        | What::Visits
        | What::Wins
        | What::Iterations => Value::Null,
    })
}

impl Ask<'_> {
    /// The call of the fact's node (its `occurrence`-th in the fact's pass).
    fn node(&self) -> Result<usize> {
        let (lesson, rec, fact) = (self.lesson, self.rec, self.fact);
        let name = fact
            .node
            .as_deref()
            .ok_or_else(|| Error::Options(format!("fact '{:?}' needs a node", fact.what)))?;
        let found = if lesson.spec.game.is_graph() {
            find_node(&lesson.graph, name)
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
    }

    /// The score and move of the fact's pass, or of the run when it names none.
    fn pass_result(&self) -> Result<(i32, i16)> {
        let result = self.rec.result();
        match self.fact.pass {
            Some(d) => {
                let row = result
                    .history
                    .iter()
                    .find(|p| p.depth == d)
                    .ok_or_else(|| {
                        Error::Options(format!("run '{}' has no pass {d}", self.fact.run))
                    })?;
                Ok((row.score, row.mv))
            }
            None => Ok((result.score, result.mv)),
        }
    }

    /// The name of the move the fact's pass (or the run) chose.
    fn choice(&self) -> Result<Value> {
        let mv = self.pass_result()?.1;
        let start = self.rec.trace.header.start;
        Ok(if self.lesson.spec.game.is_graph() {
            choice_name(&self.lesson.graph, start, mv)
        } else {
            json!(self.lesson.model.move_name(start, mv))
        })
    }

    fn names(&self, states: impl Iterator<Item = u32>) -> Vec<String> {
        states.map(|s| self.lesson.graph.name(s)).collect()
    }

    /// Names of `states` in node order, once each.
    fn sorted_names(&self, states: impl Iterator<Item = u32>) -> Vec<String> {
        let mut states: Vec<u32> = states.collect();
        states.sort_unstable();
        states.dedup();
        self.names(states.into_iter())
    }

    /// Terminal positions read in the pass, by who won.
    fn games(&self) -> Value {
        let tree = self.rec.tree();
        let terminal = tree
            .reads(self.fact.pass)
            .map(|i| tree.get(i))
            .filter(|n| n.read == Some(true))
            .filter_map(|n| n.returned().map(|r| r.0));
        json!(match self.fact.what {
            What::MaxWins => terminal.filter(|&v| v > 0).count(),
            What::MinWins => terminal.filter(|&v| v < 0).count(),
            What::Draws => terminal.filter(|&v| v == 0).count(),
            _ => terminal.count(),
        })
    }

    /// How many distinct positions the pass searched.
    fn distinct(&self, rows: &[Call]) -> Value {
        let mut states: Vec<u32> = pass_rows(self.rec, self.fact.pass)
            .into_iter()
            .map(|i| rows[i].state)
            .collect();
        states.sort_unstable();
        states.dedup();
        json!(states.len())
    }

    /// The pass's aspiration attempts: window and outcome of each.
    fn attempts(&self) -> Result<Value> {
        let tries = windows::attempts(self.rec, self.fact.pass)
            .ok_or_else(|| Error::Options(format!("run '{}' has no such pass", self.fact.run)))?;
        Ok(json!(
            tries
                .iter()
                .map(|t| json!([
                    self.units.score_json(t.alpha),
                    self.units.score_json(t.beta),
                    windows::outcome_name(t.outcome)
                ]))
                .collect::<Vec<_>>()
        ))
    }

    /// The mate a value reports. The root's score is reported from MAX's side, as the run
    /// reports it; a node's value in the run's own convention, counted from the node.
    fn mate(&self, rows: &[Call]) -> Result<Value> {
        let (v, ply) = match (&self.fact.node, self.fact.pass) {
            (Some(_), _) => {
                let c = &rows[self.node()?];
                (c.value, c.ply)
            }
            (None, Some(_)) => (Some(self.pass_result()?.0), 0),
            (None, None) => (Some(self.rec.result().score), 0),
        };
        Ok(json!(v.and_then(|v| crate::value::mate_report(v, ply))))
    }

    /// The intervals chance pruning kept at the fact's node, written exactly.
    fn intervals(&self) -> Result<Value> {
        Ok(json!(
            chance::intervals(self.rec, self.node()?)
                .into_iter()
                .map(|(lo, hi)| json!([
                    chance::exact_json(lo, &self.units),
                    chance::exact_json(hi, &self.units)
                ]))
                .collect::<Vec<_>>()
        ))
    }
}

/// Checks every fact of a lesson against fresh recorded runs; returns one line per mismatch.
pub fn check_facts(lesson: &Lesson) -> Result<Vec<String>> {
    let mut wrong = Vec::new();
    for fact in &lesson.spec.facts {
        let setup = lesson.setup(Some(&fact.run), &Default::default())?;
        let rec = crate::index::record(lesson, &setup)?;
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
