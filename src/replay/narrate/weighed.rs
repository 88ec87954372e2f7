//! Where a weighed node's score comes from (seed 004's evaluation features): the sentence
//! the narration adds when the search reads such a score, and the inspector shows.

use crate::game::features::sum_text;
use crate::replay::Replay;

/// "Its score weighs its features: 1·material + 0.1·mobility = 1 × 2 + 0.1 × 6 = 2.6.",
/// the sum ending in the score the search read (from the catalog, in the run's units, from
/// MAX's side); `None` for a state whose score is written as a number.
pub fn sentence(r: &Replay, state: u32) -> Option<String> {
    let terms = r.catalog().terms(state);
    let score = r.catalog().score(state)?;
    if terms.is_empty() {
        return None;
    }
    let side = if r.options().family().side_to_move() {
        " (from MAX's side)"
    } else {
        ""
    };
    Some(format!(
        "Its score weighs its features{side}: {}.",
        sum_text(terms, &r.units().sc(score))
    ))
}
