//! Named misconceptions behind a wrong answer (issue 24, item 3).
//!
//! A wrong answer is compared with the answers of the problem's own runs made with each named
//! wrong variant of the search (`Pitfall`): the same problem, the same core, only the run's
//! pitfall set. Where one variant's answer is the learner's, the grader names it, and says
//! at which step of the right run the variant's trace first parts from it (the first event
//! where the two recorded traces differ, placed on a call through the right run's index).
//! Nothing here searches a tree; every answer is read off a recorded run as the key is.

use serde::Serialize;

use super::answer::Answer;
use super::item::{Problem, Solved};
use crate::event::Event;
use crate::index::{NONE, TreeNode};
use crate::search::Pitfall;

/// A misconception that reproduces an answer: which variant, the node where its run first
/// parts from the right one, that call of the right run, and the sentence the grader says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Named {
    pub pitfall: Pitfall,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// The call of the right run (as `prune practice trace` numbers them) where the runs part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<u64>,
    pub sentence: String,
}

/// The problem with every one of its runs made with `pitfall`.
fn variant(problem: &Problem, pitfall: Pitfall) -> Problem {
    let mut wrong = problem.clone();
    for run in wrong
        .item
        .runs
        .iter_mut()
        .chain(wrong.lesson.spec.runs.iter_mut())
    {
        run.pitfall = Some(pitfall);
    }
    wrong
}

/// The answer each applicable variant gives to `problem`, in `Pitfall::ALL` order. A variant
/// the run refuses (it does not apply to the algorithm), or whose run has no answer of the
/// question's form, is left out. A problem that is itself a pitfall run has no variants.
pub fn variant_answers(problem: &Problem) -> Vec<(Pitfall, Answer)> {
    if problem.item.runs.iter().any(|r| r.pitfall.is_some()) {
        return Vec::new();
    }
    Pitfall::ALL
        .into_iter()
        .filter_map(|p| variant(problem, p).answer().ok().map(|a| (p, a)))
        .collect()
}

/// The first variant (in `Pitfall::ALL` order) among `answers` whose answer is `given`.
pub fn reproduces(answers: &[(Pitfall, Answer)], given: &Answer) -> Option<Pitfall> {
    answers.iter().find(|(_, a)| a == given).map(|&(p, _)| p)
}

/// The misconception behind `given`, a wrong answer to `problem` whose right run is `main`,
/// among the variants' answers `answers` (`variant_answers`); none when no variant gives it.
/// Where several do, the first in `Pitfall::ALL` order is named.
pub fn diagnose_among(
    problem: &Problem,
    main: &Solved,
    given: &Answer,
    answers: &[(Pitfall, Answer)],
) -> Option<Named> {
    let pitfall = reproduces(answers, given)?;
    let wrong = variant(problem, pitfall).solve_run(0).ok()?;
    let (node, step) = parting(main, &wrong, pitfall);
    let name = node.map(|n| problem.name(n.state));
    let at = name.as_deref().unwrap_or("the root");
    // The bound a frame improves: α for MAX (and every negamax frame), β for MIN.
    let family = main.rec.options().family();
    let min = node.is_some_and(|n| !family.maximises(n.turn));
    let bound = if min { "β" } else { "α" };
    let mut sentence = format!(
        "your answer is what you get if {}",
        what_if(pitfall, at, bound)
    );
    if let Some(step) = step {
        sentence.push_str(&format!(" (the two runs part at call {step})"));
    }
    sentence.push_str(&format!(" [{}]", pitfall.name()));
    Some(Named {
        pitfall,
        node: name,
        step,
        sentence,
    })
}

/// `diagnose_among` over freshly run variants.
pub fn diagnose(problem: &Problem, main: &Solved, given: &Answer) -> Option<Named> {
    diagnose_among(problem, main, given, &variant_answers(problem))
}

/// Where the variant's trace first differs from the right one: the node the mistake is made
/// at and the right run's call (1-based) there. A child entered with a different window,
/// side or depth is its parent's mistake; anything else (a cut, a return, a store, a probe)
/// is the mistake of the call that was running.
fn parting(right: &Solved, wrong: &Solved, pitfall: Pitfall) -> (Option<TreeNode>, Option<u64>) {
    let (a, b) = (&right.rec.trace.events, &wrong.rec.trace.events);
    let Some(k) = (0..a.len().min(b.len())).find(|&i| a.at(i) != b.at(i)) else {
        return (None, None);
    };
    let tree = right.rec.tree();
    let mut at = None;
    for (i, n) in tree.call_nodes().enumerate() {
        if n.enter as usize > k {
            break;
        }
        if n.exit == NONE || n.exit as usize >= k {
            at = Some((i, n));
        }
    }
    let Some((i, n)) = at else {
        return (None, None);
    };
    let depth_mistake = matches!(pitfall, Pitfall::DepthPlusOne | Pitfall::DepthMinusOne);
    let entered_here = n.enter as usize == k && matches!(a.at(k), Event::Enter { .. });
    if entered_here && n.parent != NONE && !depth_mistake {
        return (Some(tree.get(n.parent)), Some(n.parent as u64 + 1));
    }
    (Some(n), Some(i as u64 + 1))
}

/// What the variant does, at the node `at` where its run parts from the right one, whose
/// frame improves `bound` (α or β).
pub(crate) fn what_if(pitfall: Pitfall, at: &str, bound: &str) -> String {
    match pitfall {
        Pitfall::WrongWindow => {
            format!("the children of {at} are searched with (−α, −β) instead of (−β, −α)")
        }
        Pitfall::WindowNotNegated => {
            format!("the children of {at} are searched with {at}'s own window (α, β), not (−β, −α)")
        }
        Pitfall::CutStrict => format!("{at} cuts only when α > β, not already when α = β"),
        Pitfall::CutLoose => format!("{at} cuts already when α = β, not only when α > β"),
        Pitfall::FailHard => format!("{at} returns its value clamped into its window (fail-hard)"),
        Pitfall::AlphaNotPassed => {
            format!("{bound} is not passed down to the children of {at}")
        }
        Pitfall::SidesSwapped => format!("MAX and MIN are swapped below {at}"),
        Pitfall::DepthPlusOne => "the search goes one ply deeper than its depth".into(),
        Pitfall::DepthMinusOne => "the search stops one ply short of its depth".into(),
        Pitfall::RightToLeft => {
            format!("every node tries its children last to first (from {at} on)")
        }
        Pitfall::BoundStoredExact => {
            format!("{at}'s value is stored as EXACT though it is only a bound")
        }
        Pitfall::BoundProbeExact => {
            format!("the probe at {at} uses a LOWER or UPPER entry as if it were exact")
        }
        Pitfall::RewardReversed => {
            "wins are counted for the player to move at each node, not the player who moved into it"
                .into()
        }
    }
}
