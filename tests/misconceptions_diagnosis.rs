//! The practice grader names the misconception behind a wrong answer (issue 24's acceptance):
//! on generated problems, every answer produced by one named wrong variant of the search and
//! by no other variant is graded, and the grader must name that variant in at least 95 % of
//! those cases. Each named sentence must place the mistake on a step of the right run.

use prune::practice::misconception::variant_answers;
use prune::practice::{Kind, generate};

#[test]
fn the_grader_names_the_variant_that_gave_a_wrong_answer() {
    let (mut cases, mut named) = (0usize, 0usize);
    let mut per_variant = std::collections::BTreeMap::new();
    for seed in 0..40u64 {
        for kind in Kind::ALL {
            let Ok(problem) = generate(seed, 0, kind) else {
                continue;
            };
            let expected = problem.answer().unwrap();
            let variants = variant_answers(&problem);
            for (pitfall, answer) in &variants {
                let alone = !variants
                    .iter()
                    .any(|(other, a)| other != pitfall && a == answer);
                if *answer == expected || !alone {
                    continue;
                }
                cases += 1;
                let text = answer.written(&problem.units());
                let verdict = problem.grade(&text).unwrap();
                assert!(!verdict.correct, "{} graded right", pitfall.name());
                let tag = format!("[{}]", pitfall.name());
                let tally = per_variant.entry(pitfall.name()).or_insert((0, 0));
                tally.0 += 1;
                if verdict.why.contains(&tag) {
                    named += 1;
                    tally.1 += 1;
                    assert!(
                        verdict.why.contains("your answer is what you get if "),
                        "{}",
                        verdict.why
                    );
                    // The step where the runs part is a call of the right run.
                    let calls = problem.solve_run(0).unwrap().rows.len() as u64;
                    if let Some(at) = verdict.why.split("part at call ").nth(1) {
                        let step: u64 = at
                            .split(|c: char| !c.is_ascii_digit())
                            .next()
                            .unwrap()
                            .parse()
                            .unwrap();
                        assert!((1..=calls).contains(&step), "{}", verdict.why);
                    }
                }
            }
        }
    }
    eprintln!("per variant (cases, named): {per_variant:?}");
    assert!(
        cases >= 200,
        "only {cases} answers made by one variant alone"
    );
    assert!(
        named * 100 >= cases * 95,
        "named {named} of {cases} misconceptions"
    );
    // Most variants make some answer no other variant makes.
    assert!(per_variant.len() >= 8, "{per_variant:?}");
    // The Monte Carlo kinds are diagnosed too: a reversed reward convention is named.
    let reversed = per_variant
        .get("reward-reversed")
        .copied()
        .unwrap_or((0, 0));
    assert!(
        reversed.0 >= 10 && reversed.1 == reversed.0,
        "{per_variant:?}"
    );
}

/// A right answer, and a wrong answer no variant gives, name no misconception.
#[test]
fn no_misconception_is_named_without_a_variant_behind_it() {
    let problem = generate(7, 0, Kind::Decision).unwrap();
    let expected = problem.answer().unwrap();
    let verdict = problem.grade(&expected.written(&problem.units())).unwrap();
    assert!(verdict.correct);
    assert!(!verdict.why.contains("what you get if"));
    let variants = variant_answers(&problem);
    let silly = "value 12345, move R";
    let verdict = problem.grade(silly).unwrap();
    assert!(!verdict.correct);
    if !variants
        .iter()
        .any(|(_, a)| a.written(&problem.units()) == silly)
    {
        assert!(!verdict.why.contains("what you get if"), "{}", verdict.why);
    }
}
