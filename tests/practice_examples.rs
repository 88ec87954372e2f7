//! An answer format's example never is the answer: over every built-in practice item and
//! thousands of generated ones, each example the format shows (what is quoted after "e.g.") is
//! graded, and the grader must reject it. The grader is the judge of every spelling it accepts
//! (case, `inf`, `7/2` for `3.5`), so no spelling of the answer can slip through as an example.

use prune::practice::{Kind, Problem, lesson_problems, make_set};

/// The examples a format shows: the quoted pieces after its "e.g.".
fn examples(format: &str) -> Vec<String> {
    let Some((_, after)) = format.split_once("e.g.") else {
        return Vec::new();
    };
    after
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The examples of `p` that the grader accepts as its answer.
fn revealing(p: &Problem) -> Vec<String> {
    examples(&p.item.answer_format)
        .into_iter()
        .filter(|e| p.grade(e).unwrap().correct)
        .collect()
}

#[test]
fn no_builtin_item_shows_its_answer_as_the_example() {
    let problems = lesson_problems().unwrap();
    assert_eq!(
        problems.len(),
        62 + 18,
        "the built-in lessons hold 62 practice items (19 of them on the evaluation, tie-rule, pitfalls, tic-tac-toe and mate-score lessons), and seed 004's Monte Carlo questions 18"
    );
    for p in &problems {
        assert!(
            revealing(p).is_empty(),
            "{}: the format `{}` shows the answer",
            p.item.id,
            p.item.answer_format
        );
    }
    // The seven items whose answer was the usual example still show an example, another one.
    let usual = [
        ("000-worked-tree#1", "2 upper"),
        ("000-tactical#1", "8 2"),
        ("002-aspiration-fails-low#1", "5 15; 0 15; -10 15"),
        ("002-pvs-abc#2", "-5 -4"),
        ("002-two-branch-cutoff#1", "2 upper"),
        ("003-two-ply#1", "3 A"),
        ("004-chance-coin#1", "3.5"),
    ];
    for (id, answer) in usual {
        let p = problems.iter().find(|p| p.item.id == id).unwrap();
        assert!(
            p.grade(answer).unwrap().correct,
            "{id}: {answer} is its answer"
        );
        let shown = examples(&p.item.answer_format);
        assert!(!shown.is_empty(), "{id}: {}", p.item.answer_format);
        assert!(!shown.iter().any(|e| e == answer), "{id}: {shown:?}");
    }
}

#[test]
fn no_generated_problem_shows_its_answer_as_the_example() {
    let (mut with_examples, mut changed) = (0, 0);
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 1..=3 {
        for p in make_set(seed, 13 * 60, &[], false).unwrap() {
            assert!(
                revealing(&p).is_empty(),
                "{}: the format `{}` shows the answer",
                p.item.id,
                p.item.answer_format
            );
            if p.item.answer_format != prune::practice::answer::format_hint(p.item.kind) {
                changed += 1;
            }
            if !examples(&p.item.answer_format).is_empty() {
                with_examples += 1;
                kinds.insert(p.item.kind.name());
            }
        }
    }
    // 2,340 problems; every kind but flag and next shows examples.
    assert_eq!(kinds.len(), Kind::ALL.len() - 2, "{kinds:?}");
    assert!(with_examples >= 1800, "{with_examples}");
    // The usual example is some of these problems' answer: they show other examples.
    assert!(changed > 0);
}
