//! Questions about seed 002's searches, read off a recorded run's index: which calls were
//! null-window scouts, which children were searched again, and the aspiration attempts of a
//! pass. Lesson facts and the practice kinds `researched`, `negamax-window` and `aspiration`
//! share these readers, so a lesson and a problem can never disagree about a run.

use crate::index::{NONE, Recorded};
use crate::search::AttemptOutcome;

/// The calls of a pass (default: the last that ran) entered with a null window.
pub fn scouts(rec: &Recorded, pass: Option<u8>) -> Vec<usize> {
    let tree = rec.tree();
    tree.pass_calls(pass)
        .filter(|&i| tree.get(i).scout)
        .map(|i| i as usize)
        .collect()
}

/// The full-window re-searches of a pass, in order: the second visit of each child whose
/// scout said "better than α".
pub fn researches(rec: &Recorded, pass: Option<u8>) -> Vec<usize> {
    let tree = rec.tree();
    tree.pass_calls(pass)
        .filter(|&i| tree.get(i).research)
        .map(|i| i as usize)
        .collect()
}

/// The names of the re-searched children of a pass, in the order of their re-searches.
pub fn researched_names(rec: &Recorded, pass: Option<u8>) -> Vec<String> {
    let tree = rec.tree();
    researches(rec, pass)
        .into_iter()
        .map(|i| rec.name(tree.get(i as u32).state))
        .collect()
}

/// One root search of a pass as a lesson or problem states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Try {
    pub alpha: i32,
    pub beta: i32,
    /// `None` for the one search of a pass without aspiration windows.
    pub outcome: Option<AttemptOutcome>,
    /// The root call of the attempt (`None` when the budget refused it).
    pub root: Option<usize>,
}

/// The root searches of pass `depth` (default: the last pass that ran), in order.
pub fn attempts(rec: &Recorded, depth: Option<u8>) -> Option<Vec<Try>> {
    let tree = rec.tree();
    let passes = tree.passes();
    let k = match depth {
        Some(d) => passes.iter().position(|p| p.depth == d)?,
        None => passes.len().checked_sub(1)?,
    };
    Some(
        tree.attempts_of(k)
            .iter()
            .map(|a| Try {
                alpha: a.alpha,
                beta: a.beta,
                outcome: a.outcome,
                root: (a.root != NONE).then_some(a.root as usize),
            })
            .collect(),
    )
}

/// The words an outcome is stated in (lesson facts, answers, feedback).
pub fn outcome_name(outcome: Option<AttemptOutcome>) -> Option<&'static str> {
    outcome.map(AttemptOutcome::name)
}
