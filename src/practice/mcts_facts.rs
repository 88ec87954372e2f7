//! What a lesson states about a Monte Carlo run, read off its recording and the index's tree
//! of Monte Carlo nodes: the child an iteration's path took below a node, a child's UCB1 (and
//! its mean and bonus) as the selection scored it, a node's visits and wins after an
//! iteration. Kept apart from `query`, which reads runs of calls.

use std::borrow::Borrow;

use serde_json::{Value, json};

use crate::error::{Error, Result};
use crate::event::{Event, Mcts};
use crate::index::Recorded;
use crate::lesson::Lesson;
use crate::lesson::facts::{FactSpec, What};

/// The answer to a fact of one of this module's kinds (`None` for any other kind).
pub fn evaluate(lesson: &Lesson, rec: &Recorded, fact: &FactSpec) -> Option<Result<Value>> {
    let ask = Ask { lesson, rec, fact };
    Some(match fact.what {
        What::Selected => ask.selected(),
        What::Ucb1 | What::Mean | What::Bonus => ask.scored(),
        What::Visits => ask.counts().map(|c| json!(c.n)),
        What::Wins => (ask.counts()).map(|c| wins_json(c.u, rec.index.monte.per_win())),
        What::Iterations => Ok(json!(rec.index.monte.iterations().len())),
        _ => return None,
    })
}

/// `u` units of 1/`per_win` of a win as a number of wins, as a lesson writes it: half-wins
/// 21 → 10.5 and 4 → 2, quarter-wins 11 → 2.75, and a fraction whose decimal does not end as
/// its text (sixths 14 → "7/3").
fn wins_json(u: u32, per_win: u32) -> Value {
    match crate::exact::Ratio::new(i64::from(u), i64::from(per_win.max(1))) {
        Some(r) if r.is_integer() => json!(r.num()),
        Some(r) if r.is_short_decimal() => json!(r.to_f64()),
        Some(r) => json!(r.to_string()),
        None => json!(u),
    }
}

/// An event as a value, whether the trace's list hands out events or references to them.
fn owned(e: impl Borrow<Event>) -> Event {
    *e.borrow()
}

/// A figure to the three decimals a lesson writes.
fn three_decimals(x: f64) -> Value {
    json!((x * 1000.0).round() / 1000.0)
}

struct Ask<'a> {
    lesson: &'a Lesson,
    rec: &'a Recorded,
    fact: &'a FactSpec,
}

impl Ask<'_> {
    fn fail(&self, why: impl std::fmt::Display) -> Error {
        Error::Options(format!(
            "{}: run '{}', {:?}: {why}",
            self.lesson.name, self.fact.run, self.fact.what
        ))
    }

    /// The Monte Carlo node of the fact's node (the first one of that position), or the root
    /// when the fact names none.
    fn node(&self) -> Result<u32> {
        let monte = &self.rec.index.monte;
        if monte.is_empty() {
            return Err(self.fail("the run is not a Monte Carlo run"));
        }
        let Some(name) = self.fact.node.as_deref() else {
            return Ok(0);
        };
        let state = if self.lesson.spec.game.is_graph() {
            super::query::find_node(&self.lesson.graph, name)
        } else {
            self.rec.catalog().find(name)
        }
        .ok_or_else(|| self.fail(format_args!("no node named '{name}'")))?;
        (0..monte.len() as u32)
            .find(|&id| monte.node(id).is_some_and(|n| n.state == state))
            .ok_or_else(|| self.fail(format_args!("node '{name}' is not in the run's tree")))
    }

    /// The events of the fact's iteration (default the first), as a range of event indices.
    fn iteration_events(&self) -> Result<std::ops::Range<usize>> {
        let starts = self.rec.index.monte.iterations();
        let k = self.fact.iteration.unwrap_or(1) as usize;
        if k == 0 || k > starts.len() {
            return Err(self.fail(format_args!(
                "iteration {k} is not one of the run's {}",
                starts.len()
            )));
        }
        let end = (starts.get(k)).map_or(self.rec.trace.events.len(), |&e| e as usize);
        Ok(starts[k - 1] as usize..end)
    }

    /// The events of the run as values.
    fn events(&self) -> impl Iterator<Item = Event> + '_ {
        self.rec.trace.events.iter().map(owned)
    }

    /// The child of the fact's node that the iteration's path went on to: the node of its
    /// back-propagation whose parent is the fact's node.
    fn selected(&self) -> Result<Value> {
        let node = self.node()?;
        let range = self.iteration_events()?;
        let monte = &self.rec.index.monte;
        let child = (self.events().enumerate())
            .skip(range.start)
            .take(range.len())
            .find_map(|(_, e)| match e {
                Event::Mcts(Mcts::Backup { node: c, .. })
                    if monte.node(c).is_some_and(|n| n.parent == node) =>
                {
                    Some(c)
                }
                _ => None,
            });
        let Some(child) = child.and_then(|c| monte.node(c)) else {
            return Ok(Value::Null);
        };
        let state = monte.node(node).map_or(0, |n| n.state);
        Ok(json!(self.lesson.model.move_name(state, child.pos as i16)))
    }

    /// The fact's node as its parent's selection in the iteration scored it.
    fn scored(&self) -> Result<Value> {
        let node = self.node()?;
        let monte = &self.rec.index.monte;
        let parent = monte.node(node).map_or(u32::MAX, |n| n.parent);
        let range = self.iteration_events()?;
        let select = (self.events().enumerate())
            .skip(range.start)
            .take(range.len())
            .find_map(|(i, e)| match e {
                Event::Mcts(Mcts::Select {
                    node: at,
                    start,
                    len,
                    pos,
                }) if at == parent => Some((i, start as usize, len as usize, pos)),
                _ => None,
            })
            .ok_or_else(|| {
                self.fail("the node's parent makes no selection by UCB1 in that iteration")
            })?;
        let (step, start, len, pos) = select;
        let bonuses = self
            .rec
            .trace
            .bonuses
            .get(start..start + len)
            .unwrap_or(&[]);
        let row = (monte.selection(parent, step, bonuses, pos).into_iter())
            .find(|r| r.node == node)
            .ok_or_else(|| self.fail("the node is not scored at that selection"))?;
        Ok(three_decimals(match self.fact.what {
            What::Mean => row.mean,
            What::Bonus => row.bonus,
            _ => row.ucb1,
        }))
    }

    /// The fact's node's counts after its iteration (0: before the first), or at the end.
    fn counts(&self) -> Result<crate::index::monte::Counts> {
        let node = self.node()?;
        let monte = &self.rec.index.monte;
        let starts = monte.iterations();
        let all = self.rec.trace.events.len();
        let step = match self.fact.iteration {
            None => all,
            Some(k) if k as usize > starts.len() => {
                return Err(self.fail(format_args!(
                    "iteration {k} is not one of the run's {}",
                    starts.len()
                )));
            }
            Some(k) => starts.get(k as usize).map_or(all, |&e| e as usize),
        };
        Ok(monte.counts(node, step))
    }
}
