//! Practice asks only what is true of its run, and says what it does: an unreadable line-quiz
//! answer is asked again (not counted wrong), no flag problem is asked of a run that keeps no
//! table, no question asks for a root value the run proved only as a bound, an answer for an
//! id the set does not have is named, counts are written in the singular for one, and the
//! footer of a round opened from the tutor says that Esc goes back to it.

mod common;

use prune::practice::Kind;
use prune::practice::store::{Keeper, Place, Progress};
use prune::practice::{self, Item, Problem};
use prune::tui::components::practice::PracticeScreen;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn item_of(problem: &Problem) -> Item {
    problem.item.clone()
}

#[test]
fn the_line_quiz_asks_again_after_an_unreadable_answer() {
    let p = practice::generate(5, 0, Kind::Decision).unwrap();
    let right = p.answer().unwrap().to_string();
    let input = format!("x\n{right}\n");
    let mut out = Vec::new();
    let mut keeper = Keeper::new(Progress::default(), Place::Memory);
    let (correct, asked) =
        practice::quiz(&[p], &mut input.as_bytes(), &mut out, &mut keeper).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!((correct, asked), (1, 1), "{out}");
    assert!(out.contains("not read (not counted)"), "{out}");
    assert!(!out.contains("✗ wrong"), "{out}");
    assert!(out.contains("✓ correct"), "{out}");
}

#[test]
fn no_flag_problem_is_asked_of_a_run_without_a_table() {
    for seed in 0..60 {
        let p = practice::generate(seed, 0, Kind::Flag).unwrap();
        let setup = p
            .lesson
            .setup(Some(&p.item.runs[0].name), &Default::default())
            .unwrap();
        assert!(setup.options.table, "seed {seed}: {:?}", p.item.runs[0]);
    }
    // A set file's flag item under "no table" is refused with a clear reason.
    let mut item = item_of(&practice::generate(1, 0, Kind::Flag).unwrap());
    item.runs[0].table = Some(false);
    let e = Problem::new(item).unwrap_err().to_string();
    assert!(
        e.contains("flag problem needs a run that keeps a table"),
        "{e}"
    );
}

/// A window just above the root's value: the root fails low and the run proves only an upper
/// bound, so a decision problem cannot ask for the value.
#[test]
fn a_decision_problem_needs_an_exact_root_value() {
    let mut item = item_of(&practice::generate(5, 0, Kind::Decision).unwrap());
    let value = match practice::generate(5, 0, Kind::Decision)
        .unwrap()
        .answer()
        .unwrap()
    {
        practice::answer::Answer::Decision { value, .. } => value,
        other => panic!("{other:?}"),
    };
    item.runs[0].window = Some((value + 1, value + 5));
    let e = Problem::new(item).unwrap_err().to_string();
    // Fail-soft: the root returns some upper bound ≥ its value, from the window up.
    assert!(e.contains("proves only at most"), "{e}");
    assert!(e.contains("a decision problem asks for the value"), "{e}");
    assert!(
        e.contains(&format!("({}, {})", value + 1, value + 5)),
        "{e}"
    );
}

#[test]
fn practice_grade_names_an_answer_for_an_unknown_id() {
    let dir = std::env::temp_dir().join(format!("prune-practice-truth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (code, set, err) =
        common::run_prune(&["practice", "export", "--seed", "3", "--count", "1"]);
    assert_eq!(code, Some(0), "{err}");
    let set_path = dir.join("set.json");
    std::fs::write(&set_path, set).unwrap();
    let answers = dir.join("answers.json");
    std::fs::write(&answers, r#"{"3-1": "0 A", "3-9": "1 B"}"#).unwrap();
    let args = [
        "practice",
        "grade",
        set_path.to_str().unwrap(),
        answers.to_str().unwrap(),
    ];
    let (code, out, err) = common::run_prune(&args);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("3-9: not graded"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("total: "), "{out}");
    let (_, out, _) = common::run_prune(&[&args[..], &["--json"]].concat());
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["unknown_ids"], serde_json::json!(["3-9"]));
    assert_eq!(v["total"], 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn counts_of_one_are_singular() {
    assert_eq!(prune::text::counted(1, "reply", "replies"), "1 reply");
    assert_eq!(prune::text::counted(2, "reply", "replies"), "2 replies");
    let mut budgets = std::collections::BTreeSet::new();
    for seed in 0..80 {
        let p = practice::generate(seed, 0, Kind::Interrupted).unwrap();
        let q = &p.item.question;
        let budget = p.item.runs[0].budget.unwrap();
        budgets.insert(budget);
        let want = if budget == 1 {
            "budget 1 call)".to_string()
        } else {
            format!("budget {budget} calls)")
        };
        assert!(q.contains(&want), "{q}");
    }
    assert!(budgets.contains(&1), "{budgets:?}");
}

fn footer(screen: &PracticeScreen) -> String {
    footer_at(screen, 100)
}

fn footer_at(screen: &PracticeScreen, width: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(width, 24)).unwrap();
    t.draw(|f| f.render_widget(screen, f.area())).unwrap();
    t.backend().to_string()
}

#[test]
fn the_footer_says_what_esc_does() {
    let problems = vec![practice::generate(5, 0, Kind::Decision).unwrap()];
    let alone = PracticeScreen::new(problems.clone(), Progress::default()).with_color(false);
    assert!(footer(&alone).contains("Esc quit"));
    let tutor = PracticeScreen::new(problems, Progress::default())
        .with_color(false)
        .from_tutor();
    let s = footer(&tutor);
    assert!(s.contains("Esc back to the tutor"), "{s}");
    assert!(!s.contains("Esc quit"), "{s}");
    // Issue 34, item 10: at 80 columns the line was cut ("Esc back to the t").
    let s = footer_at(&tutor, 80);
    assert!(s.contains("? help · Esc back to the tutor"), "{s}");
    assert!(footer_at(&alone, 80).contains("PgUp/PgDn scroll the tree · ? help · Esc quit"));
}

/// Issue 34, item 10: `e` on a lesson without practice items of its own asks its run's
/// family's kinds: Monte Carlo lessons got alpha-beta problems ("decision … fail-soft
/// alpha-beta") although seed 004's Monte Carlo kinds exist; a chance lesson its chance kinds.
#[test]
fn a_round_from_a_lesson_without_items_asks_its_familys_kinds() {
    type Fits = fn(Kind) -> bool;
    let cases: [(&str, Fits); 3] = [
        ("004-mcts-ucb1-table", Kind::is_mcts),
        ("004-mcts-tictactoe-block", Kind::is_mcts),
        ("004-chance-backgammon", Kind::is_chance),
    ];
    for (name, fits) in cases {
        let lesson = prune::lesson::Lesson::open(name).unwrap();
        assert!(
            lesson.spec.practice.is_empty(),
            "{name} has items of its own"
        );
        let round = practice::lesson_round(&lesson, 7).unwrap();
        assert_eq!(round.len(), 6, "{name}");
        for p in &round {
            assert!(fits(p.item.kind), "{name}: a {:?} problem", p.item.kind);
        }
    }
    // An alpha-beta lesson without items keeps the round of every kind, from decision on.
    let lesson = prune::lesson::Lesson::open("004-perfect-ordering").unwrap();
    let round = practice::lesson_round(&lesson, 7).unwrap();
    assert_eq!(round[0].item.kind, Kind::Decision);
}
