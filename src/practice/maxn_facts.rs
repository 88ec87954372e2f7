//! What a lesson states about a max-n or leaf-mapped run, read off its recording: the payoff
//! vector a node backs up (the trace holds the id of the terminal whose vector it carries; the
//! catalog holds the vector), the ties the rule settled and where, and what the run's leaf map
//! is over the lesson's utilities (the classification `prune run` prints on its `leaf_map=`
//! line). Kept apart from `query` so the seed-004 player questions grow without touching it.

use serde_json::{Value, json};

use crate::error::Result;
use crate::index::{NONE, Recorded};
use crate::lesson::Lesson;
use crate::lesson::facts::{FactSpec, What};

/// The payoff vector a max-n value stands for (`None` when the catalog has none for it).
pub fn vector_of(rec: &Recorded, value: i32) -> Option<Vec<i32>> {
    let v = u32::try_from(value)
        .ok()
        .map(|id| rec.catalog().payoffs(id))?;
    (!v.is_empty()).then(|| v.to_vec())
}

/// The names of the nodes at which the tie rule chose, in search order: the parents of the
/// calls the index marks as tied, once each.
pub fn tie_nodes(rec: &Recorded, pass: Option<u8>) -> Vec<String> {
    let tree = rec.tree();
    let mut names: Vec<String> = Vec::new();
    for i in tree.pass_calls(pass) {
        let n = tree.get(i);
        if n.tied && n.parent != NONE {
            let name = rec.name(tree.get(n.parent).state);
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// The answer to a fact of one of this module's kinds (`None` for any other kind). `node`
/// finds the fact's node's call, as `check::evaluate` does for every kind.
pub fn evaluate(
    lesson: &Lesson,
    rec: &Recorded,
    fact: &FactSpec,
    node: &dyn Fn() -> Result<usize>,
) -> Option<Result<Value>> {
    let vector = || -> Result<Value> {
        let v = match &fact.node {
            Some(_) => rec.tree().get(node()? as u32).returned().map(|r| r.0),
            None => Some(rec.result().score),
        };
        Ok(json!(v.and_then(|v| vector_of(rec, v))))
    };
    Some(match fact.what {
        What::Vector => vector(),
        What::Ties => Ok(json!(rec.result().counters.ties)),
        What::TiedAt => Ok(json!(tie_nodes(rec, fact.pass))),
        What::LeafMap => Ok(json!(
            rec.options()
                .leaf_map
                .map(|m| m.classify(&lesson.utilities()).name())
        )),
        _ => return None,
    })
}
