//! `prune check --format json`: both verdicts as one JSON object, for a course's grader. The
//! soundness verdict and its first unsound line, the line-by-line verdict and its first
//! divergence, the named misconception and the conventions read.

use serde_json::{Value, json};

use super::compare::Parting;
use super::sound::{self, Broken};
use super::{Against, Verdict};
use crate::value::INF;

/// A score as JSON: an integer, or "inf" / "-inf".
fn score(v: i32) -> Value {
    match v {
        v if v >= INF => json!("inf"),
        v if v <= -INF => json!("-inf"),
        v => json!(v),
    }
}

/// The verdicts as one object.
pub fn report(against: &Against, origin: &str, v: &Verdict, strict: bool) -> Value {
    let catalog = against.catalog();
    let unsound = v.soundness.first.as_ref().map(|u| {
        let (claim, value) = match &u.broken {
            Broken::Impossible(_) => ("position", Value::Null),
            Broken::NotAChild { .. } => ("child", Value::Null),
            Broken::Return { value, .. } => ("return", score(*value)),
            Broken::Store { value, .. } => ("store", score(*value)),
            Broken::RootMove { mv, .. } => ("root move", json!(mv)),
        };
        json!({
            "line": u.at,
            "node": catalog.name(u.node),
            "claim": claim,
            "value": value,
            "truth": u.truth.map_or(Value::Null, score),
            "depth": u.depth,
            "message": sound::describe(u, catalog),
        })
    });
    let divergence = v.comparison.parting.map(|p| {
        let line = v.given.get(v.comparison.matched).map(|g| g.at);
        let call = v
            .parting_line()
            .map(|e| e.call)
            .filter(|&c| c != crate::index::NONE)
            .map(|c| c + 1);
        let what = match p {
            Parting::Kind => "kind".to_string(),
            Parting::Field(f) => f.name().to_string(),
            Parting::YoursEnds => "your file ends".to_string(),
            Parting::RunEnds => "prune's run ends".to_string(),
        };
        json!({"line": line, "call": call, "differs": what, "step": v.step()})
    });
    let misconception = v.explained.map(|x| {
        json!({
            "name": x.pitfall.name(),
            "describes": super::when(x.pitfall),
            "full": x.full,
            "matched": x.matched,
        })
    });
    let sound = if v.soundness.unknown {
        Value::Null
    } else {
        json!(v.sound())
    };
    json!({
        "file": origin,
        "lesson": against.lesson.name,
        "run": against.preset,
        "sound": sound,
        "claims_checked": v.soundness.checked,
        "claims_unchecked": v.soundness.unvalued,
        "first_unsound": unsound,
        "line_by_line": v.clean(),
        "lines_matched": v.comparison.matched,
        "first_divergence": divergence,
        "misconception": misconception,
        "conventions": v.conventions.iter().map(|c| c.describe()).collect::<Vec<_>>(),
        "exit_follows": if strict { "line-by-line" } else { "soundness" },
        "passes": v.passes(strict),
    })
}
