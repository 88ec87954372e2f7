//! What a wrong answer is told. Practice counts calls (row N of `prune practice trace` is call
//! N), so its prose says "call N", never "step N", the tutor's word for an event. And an answer
//! of several parts is told which of them are wrong before the node is explained.
//!
//! The right answers come from the seeds: seed 000's worked tree (MIN node 2 stops after its
//! reply 2, an upper bound; the budget of 7 stops pass 2, so the run returns pass 1's 4 through
//! node 3), seed 003's two-ply tree (A = min(3, 12, 8) = 3 beats B ≤ 2 and C ≤ 2), seed 004's
//! expectimax tree (A averages 4, 9 and 6: 19/3).

mod common;

use common::run_prune;
use prune::practice::{Problem, Verdict, lesson_problems};

fn item(id: &str) -> Problem {
    lesson_problems()
        .unwrap()
        .into_iter()
        .find(|p| p.item.id == id)
        .unwrap()
}

fn wrong(p: &Problem, answer: &str) -> Verdict {
    let v = p.grade(answer).unwrap();
    assert!(!v.correct, "{}: {answer} is not its answer", p.item.id);
    v
}

fn starts(v: &Verdict, words: &str) {
    assert!(v.why.starts_with(words), "{}: {}", v.id, v.why);
}

#[test]
fn a_wrong_answer_says_which_parts_are_wrong() {
    let two_ply = item("003-two-ply#1");
    assert!(two_ply.grade("3 A").unwrap().correct);
    starts(
        &wrong(&two_ply, "3 B"),
        "the value is right; only the move is wrong",
    );
    starts(
        &wrong(&two_ply, "2 A"),
        "the move is right; only the value is wrong",
    );
    assert!(!wrong(&two_ply, "2 B").why.contains("right"));

    let worked = item("000-worked-tree#1");
    assert!(worked.grade("2 upper").unwrap().correct);
    starts(
        &wrong(&worked, "2 exact"),
        "the value is right; only the bound is wrong: 2 is upper, not exact",
    );
    starts(
        &wrong(&worked, "3 upper"),
        "the bound (upper) is right; only the value is wrong",
    );

    let interrupted = item("000-worked-tree#3");
    assert!(interrupted.grade("PARTIAL 1 4 3").unwrap().correct);
    starts(
        &wrong(&interrupted, "PARTIAL 1 4 2"),
        "the status, the depth and the score are right; only the move is wrong",
    );
    starts(
        &wrong(&interrupted, "PARTIAL 2 3 3"),
        "the status and the move are right; the depth and the score are wrong",
    );

    let expectimax = item("004-chance-expectimax#1");
    assert!(expectimax.grade("19/3").unwrap().correct);
    for rounded in ["6.33", "6.3", "6.333"] {
        starts(
            &wrong(&expectimax, rounded),
            "rounded: write 19/3, the exact value",
        );
    }
    assert!(!wrong(&expectimax, "6.5").why.contains("rounded"));
    assert!(!wrong(&expectimax, "6").why.contains("rounded"));
}

#[test]
fn window_and_quiescence_answers_name_the_wrong_part() {
    let window = item("000-transposition#1");
    let key = window.answer().unwrap().to_string();
    let (a, b) = key.split_once(' ').unwrap();
    if a != b {
        starts(&wrong(&window, &format!("{b} {a}")), "α and β are swapped");
    }
    starts(
        &wrong(&window, &format!("{a} 999")),
        "α is right; only β is wrong",
    );
    let tactical = item("000-tactical#1");
    let key = tactical.answer().unwrap().to_string();
    let (fixed, quiet) = key.split_once(' ').unwrap();
    assert_ne!(fixed, quiet, "quiescence changes this root's value");
    starts(
        &wrong(&tactical, &format!("{quiet} {fixed}")),
        "the two values are swapped",
    );
    starts(
        &wrong(&tactical, &format!("{fixed} 999")),
        "the value without quiescence is right; only the value with quiescence is wrong",
    );
}

/// Every built-in item graded with its own examples (never its answer): the verdict cites a
/// call, in the words "call N", and never a step.
#[test]
fn practice_prose_counts_calls() {
    let mut cited = 0;
    for p in lesson_problems().unwrap() {
        let format = p.item.answer_format.clone();
        let examples: Vec<&str> = format
            .split_once("e.g.")
            .map(|(_, a)| a.split('`').skip(1).step_by(2).collect())
            .unwrap_or_default();
        for e in examples {
            let v = p.grade(e).unwrap();
            assert!(!v.correct);
            assert!(
                !v.why.contains("(step ") && !v.why.contains("at step "),
                "{}: {}",
                v.id,
                v.why
            );
            if v.why.contains("(call ") || v.why.contains("at call ") {
                cited += 1;
            }
        }
    }
    assert!(cited > 20, "{cited}");
}

/// `prune practice grade` cites "call S", and row S of `prune practice trace` is a call of the
/// node the verdict names: MIN node 2 of the worked tree, in pass 2.
#[test]
fn the_cited_call_is_that_row_of_the_practice_trace() {
    let dir = std::env::temp_dir().join(format!("prune-feedback-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("set.json");
    let (_, out, _) = run_prune(&["practice", "export", "--lessons", "--count", "0"]);
    std::fs::write(&set, out).unwrap();
    let answers = dir.join("answers.json");
    std::fs::write(&answers, r#"{"000-worked-tree#1": "3 upper"}"#).unwrap();
    let (code, out, err) = run_prune(&[
        "practice",
        "grade",
        set.to_str().unwrap(),
        answers.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let line = out
        .lines()
        .find(|l| l.starts_with("000-worked-tree#1: wrong"))
        .unwrap();
    assert!(line.contains("at node 2 (see call "), "{line}");
    let call: String = line
        .split("(see call ")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let (_, trace, _) = run_prune(&[
        "practice",
        "trace",
        set.to_str().unwrap(),
        "000-worked-tree#1",
    ]);
    assert!(trace.starts_with("call"), "{trace}");
    let row = trace
        .lines()
        .find(|l| l.split_whitespace().next() == Some(call.as_str()))
        .unwrap();
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!((cols[1], cols[3], cols[4]), ("2", "▼", "2"), "{row}");
    std::fs::remove_dir_all(dir).ok();
}
