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

/// The note for `prune trace` as a table or tsv: `note`'s, and the temporary disk space the
/// run's call rows may take (`crate::index::ROW_BYTES` a call, in the temporary directory,
/// where a large run's rows wait for their call order).
pub fn trace_note(lesson: &Lesson, setup: &RunSetup) -> Option<String> {
    let note = note(lesson, setup)?;
    let (most, _) = bound(lesson, setup)?;
    let bytes = most.saturating_mul(crate::index::ROW_BYTES as u128);
    Some(format!(
        "{note}; its call rows may take up to {} bytes ({} a call) of temporary space in {}",
        big(bytes),
        crate::index::ROW_BYTES,
        std::env::temp_dir().display()
    ))
}

/// The note for `prune count --seeds K`: K runs of `setup`, each as `note` counts it, when
/// together they may make more than `ANNOUNCE_CALLS` calls.
pub fn seeds_note(lesson: &Lesson, setup: &RunSetup, k: u32) -> Option<String> {
    let (most, _) = bound(lesson, setup)?;
    let all = most.saturating_mul(u128::from(k));
    if all <= ANNOUNCE_CALLS {
        return None;
    }
    Some(format!(
        "{}: a large search: {k} runs of up to {} calls each, up to {} calls in all; this can take minutes (fewer --seeds or a lower --depth answers sooner)",
        lesson.name,
        big(most),
        big(all)
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

    /// `prune trace` adds the disk its call rows may take: 26 bytes a call, for the budget's
    /// 10^10 calls at b = 64, d = 10.
    #[test]
    fn a_trace_is_announced_with_its_disk_space() {
        let lesson = Lesson::of_game(&GameSpec::Uniform {
            branching: 64,
            depth: 10,
            leaves: LeavesSpec::Random,
            seed: 0,
        })
        .unwrap();
        let over = Overrides {
            depth: Some(10),
            deepening: Some(false),
            ..Overrides::default()
        };
        let setup = lesson.setup(None, &over).unwrap();
        let note = trace_note(&lesson, &setup).expect("announced");
        assert!(
            note.contains("up to 260,000,000,000 bytes (26 a call)"),
            "{note}"
        );
        assert_eq!(
            trace_note(
                &lesson,
                &lesson
                    .setup(
                        None,
                        &Overrides {
                            depth: Some(2),
                            ..Overrides::default()
                        }
                    )
                    .unwrap()
            ),
            None
        );
    }

    /// `prune count --seeds K` counts every seed's run: one run of b = 8, d = 8 is at most
    /// (8^9 − 1)/7 = 19,173,961 calls, under the threshold; 10 of them are over it.
    #[test]
    fn many_seeds_are_announced_together() {
        let lesson = Lesson::of_game(&GameSpec::Uniform {
            branching: 8,
            depth: 8,
            leaves: LeavesSpec::Random,
            seed: 0,
        })
        .unwrap();
        let over = Overrides {
            depth: Some(8),
            deepening: Some(false),
            ..Overrides::default()
        };
        let setup = lesson.setup(None, &over).unwrap();
        assert_eq!(seeds_note(&lesson, &setup, 1), None);
        let note = seeds_note(&lesson, &setup, 10).expect("announced");
        assert!(
            note.contains("10 runs of up to 19,173,961 calls each, up to 191,739,610 calls"),
            "{note}"
        );
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
