//! What a run of a computed game will cost, said before it starts: a uniform tree's size is
//! known from its shape, and a run that may take minutes says so on stderr with its figures
//! (the run goes on; stdout is unchanged).

use crate::game::model::Model;
use crate::lesson::{Lesson, RunSetup};

/// Runs of more calls than this are announced (some seconds of search at the least).
pub const ANNOUNCE_CALLS: u128 = 100_000_000;

/// The calls a run of `setup` may make at most, and the full search's size, when the game
/// knows its size (a uniform tree).
fn bound(lesson: &Lesson, setup: &RunSetup) -> Option<(u128, u128)> {
    let Model::Uniform(u) = &lesson.model else {
        return None;
    };
    let o = &setup.options;
    // Every pass is a search of its own (an inner node has the generator's static score), so
    // iterative deepening costs the calls of every pass.
    let full = u.full_search_calls(o.depth, o.deepening);
    Some((full.min(o.budget as u128), full))
}

/// The note for a run that may make more than `ANNOUNCE_CALLS` calls, if it may.
pub fn note(lesson: &Lesson, setup: &RunSetup) -> Option<String> {
    let (most, full) = bound(lesson, setup)?;
    if most <= ANNOUNCE_CALLS {
        return None;
    }
    let Model::Uniform(u) = &lesson.model else {
        return None;
    };
    let o = &setup.options;
    let leaves = (u.branching as u128).saturating_pow(o.depth as u32);
    let budget = if full > o.budget as u128 {
        format!(
            ", and the budget stops it after {} calls",
            super::count::thousands(o.budget)
        )
    } else {
        String::new()
    };
    Some(format!(
        "{}: a large search: {}^{} = {} leaves, up to {} calls without pruning{budget}; this can take minutes (a lower --depth or --budget answers sooner)",
        lesson.name,
        u.branching,
        o.depth,
        big(leaves),
        big(full),
    ))
}

/// A count in thousands, or "more than 10^38" when it saturated.
fn big(n: u128) -> String {
    if n == u128::MAX {
        return "more than 10^38".into();
    }
    crate::size::group_digits(&n.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::model::{GameSpec, LeavesSpec};
    use crate::lesson::Overrides;

    fn uniform(b: u64, d: u64, budget: Option<u64>) -> Option<String> {
        let lesson = Lesson::of_game(&GameSpec::Uniform {
            branching: b,
            depth: d,
            leaves: LeavesSpec::Random,
            seed: 0,
        })
        .unwrap();
        let over = Overrides {
            depth: Some(d as u8),
            deepening: Some(false),
            budget,
            ..Overrides::default()
        };
        note(&lesson, &lesson.setup(None, &over).unwrap())
    }

    /// 64^10 leaves, a budget of 10^10: the note gives the leaves (2^60) and the budget.
    #[test]
    fn a_huge_tree_is_announced_with_its_figures() {
        let note = uniform(64, 10, None).expect("announced");
        assert!(
            note.contains("64^10 = 1,152,921,504,606,846,976 leaves"),
            "{note}"
        );
        assert!(note.contains("after 10,000,000,000 calls"), "{note}");
        assert_eq!(note.lines().count(), 1);
    }

    /// A small tree, or a budget that keeps a big one short, says nothing.
    #[test]
    fn a_quick_run_is_not_announced() {
        assert_eq!(uniform(3, 4, None), None);
        assert_eq!(uniform(64, 10, Some(1_000_000)), None);
        // 8^7 nodes per pass: about 2.4 million calls at most.
        assert_eq!(uniform(8, 7, None), None);
    }

    /// Iterative deepening on a uniform tree searches every depth 1..d, so its note counts the
    /// calls of every pass: Σ over d = 1..3 of (8^(d+1) − 1)/7 = 9 + 73 + 585 at b = 8, which
    /// is small; at b = 64, d = 10 the passes before the last add 1/63 of it and more.
    #[test]
    fn a_run_with_deepening_is_announced_with_every_pass() {
        let lesson = Lesson::of_game(&GameSpec::Uniform {
            branching: 64,
            depth: 10,
            leaves: LeavesSpec::Random,
            seed: 0,
        })
        .unwrap();
        let over = Overrides {
            depth: Some(10),
            deepening: Some(true),
            budget: Some(10_000_000_000),
            ..Overrides::default()
        };
        let note = note(&lesson, &lesson.setup(None, &over).unwrap()).expect("announced");
        // Positions down to depth d: (64^(d+1) − 1)/63; the passes d = 1..10 summed.
        let total: u128 = (1..=10u32).map(|d| (64u128.pow(d + 1) - 1) / 63).sum();
        let written = crate::size::group_digits(&total.to_string());
        assert!(note.contains(&format!("up to {written} calls")), "{note}");
    }
}
