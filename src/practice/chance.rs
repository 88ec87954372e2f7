//! What a lesson or a practice item asks about chance nodes, read off a recorded run: a value
//! written exactly, the interval chance pruning keeps after each outcome, its cutoffs and the
//! outcomes they skip, and the probabilities the trace records.
//!
//! Values in a chance graph's trace are whole numbers of 1/scale (the header's `scale`), so a
//! figure such as 3.5 or 19/3 is compared as an exact fraction, never as a float.

use serde_json::{Value, json};

use super::query::{self, Skip};
use crate::exact::Ratio;
use crate::index::Recorded;
use crate::value::Units;

/// A scaled score as a lesson writes it exactly: an integer as a JSON number, a fraction as
/// its exact text (`"3.5"`, `"19/3"`), the sentinels as `"inf"` / `"-inf"`, in `units`.
pub fn exact_json(v: i32, units: &Units) -> Value {
    match units.exact(v) {
        None => json!(units.fmt(v)),
        Some(r) if r.is_integer() => json!(r.num()),
        Some(r) => json!(r.to_string()),
    }
}

/// A JSON number or string as an exact fraction (`3.5`, `"7/2"`, `4`).
fn ratio_of(v: &Value) -> Option<Ratio> {
    match v {
        Value::Number(n) => Ratio::parse(&n.to_string()),
        Value::String(s) => Ratio::parse(s),
        _ => None,
    }
}

/// Whether two stated values agree, comparing numbers as exact fractions: `"3.5"`, `3.5`
/// and `"7/2"` are the same value; `"6.33"` is not 19/3.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q))
        }
        _ => match (ratio_of(a), ratio_of(b)) {
            (Some(p), Some(q)) => p == q,
            _ => a == b,
        },
    }
}

/// The intervals `(lo, hi)` chance pruning announced in call `call`'s own frame, in order,
/// as the index reads them.
pub fn intervals(rec: &Recorded, call: usize) -> Vec<(i32, i32)> {
    rec.tree().intervals(call as u32)
}

/// Skips whose cutting frame is a chance node, in the order of the frames that cut.
pub fn chance_skips(rec: &Recorded, pass: Option<u8>) -> Vec<Skip> {
    let tree = rec.tree();
    query::skips(rec, pass)
        .into_iter()
        .filter(|k| tree.get(k.parent as u32).turn.is_chance())
        .collect()
}

/// Chance nodes of the pass whose search stopped early.
pub fn chance_cutoffs(rec: &Recorded, pass: Option<u8>) -> usize {
    let tree = rec.tree();
    tree.pass_calls(pass)
        .map(|i| tree.get(i))
        .filter(|n| n.turn.is_chance() && n.cutoff.is_some())
        .count()
}

/// The exact sum of a chance state's outcome probabilities as the trace's catalog records
/// them (`None` for a state that is not a chance node).
pub fn probability_sum(rec: &Recorded, state: u32) -> Option<Ratio> {
    let catalog = rec.catalog();
    let info = catalog.get(state)?;
    if info.chances.is_empty() {
        return None;
    }
    (0..info.chances.len()).try_fold(Ratio::int(0), |sum, mv| {
        sum.checked_add(catalog.probability(state, mv as i16)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_compare_exactly() {
        assert!(same(&json!("3.5"), &json!("7/2")));
        assert!(same(&json!(3.5), &json!("7/2")));
        assert!(same(&json!([1, "6"]), &json!(["1", 6])));
        assert!(!same(&json!("6.33"), &json!("19/3")));
        assert!(same(&json!("inf"), &json!("inf")));
        assert!(!same(&json!([1]), &json!([1, 2])));
    }
}
