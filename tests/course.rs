//! The course (`lessons/course.json`): every built-in lesson in one place, every objective
//! with a lesson and a check a student can take, the outline with a student's marks, and
//! `prune lessons --check` on lesson and course files.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use common::{prune, repo};
use prune::course::{Check, Course};
use prune::lesson::{Lesson, Overrides, builtin_names};
use serde_json::{Value, json};

#[test]
fn every_builtin_lesson_sits_in_exactly_one_chapter() {
    let course = Course::builtin().unwrap();
    let mut seen = BTreeSet::new();
    for lesson in course.lessons() {
        assert!(seen.insert(lesson), "{lesson} is in the course twice");
    }
    let builtin: BTreeSet<&str> = builtin_names().into_iter().collect();
    assert_eq!(seen, builtin);
    // Seed 004's six chapters, in its order: the first is the game and its size, the last
    // Monte Carlo.
    assert_eq!(course.chapters.len(), 6);
    assert_eq!(course.chapter_of("003-size-full-tree"), Some(0));
    assert_eq!(course.chapter_of("004-three-players"), Some(1));
    assert_eq!(course.chapter_of("003-alphabeta-trace"), Some(2));
    assert_eq!(course.chapter_of("004-eval-two-features"), Some(3));
    assert_eq!(course.chapter_of("004-chance-coin"), Some(4));
    assert_eq!(course.chapter_of("004-mcts-ucb1-table"), Some(5));
}

/// Every check can be taken: a predict check's run asks questions, a practice check's lesson
/// gives a round, and a check is on a lesson of its own objective.
#[test]
fn every_objective_has_a_lesson_and_a_check_a_student_can_take() {
    let course = Course::builtin().unwrap();
    for objective in course.objectives() {
        assert!(!objective.lessons.is_empty(), "{}", objective.goal);
        assert!(!objective.checks.is_empty(), "{}", objective.goal);
        for check in &objective.checks {
            if let Some(lesson) = check.lesson() {
                assert!(
                    objective.lessons.iter().any(|l| l == lesson),
                    "{}: its check is on {lesson}, a lesson of another objective",
                    objective.goal
                );
            }
            match check {
                Check::Predict { lesson, run, .. } => {
                    let l = Lesson::open(lesson).unwrap();
                    let setup = l.setup(run.as_deref(), &Overrides::default()).unwrap();
                    let rec = prune::index::record(&l, &setup).unwrap();
                    let asked = rec.tree().questions().len();
                    assert!(asked > 0, "predict {lesson}: its run asks nothing");
                }
                Check::Practice { lesson, .. } => {
                    let l = Lesson::open(lesson).unwrap();
                    let round = prune::practice::make::lesson_round(&l, 7).unwrap();
                    assert!(!round.is_empty(), "practice {lesson}: an empty round");
                }
                Check::Simulate { .. } => {}
            }
        }
    }
}

fn outline(data: &Path) -> String {
    let out = prune()
        .arg("course")
        .env("PRUNE_DATA_DIR", data)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{:?}", out);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_outline_reads_the_students_marks_from_the_progress_file() {
    let dir = std::env::temp_dir().join(format!("prune-course-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let course = Course::builtin().unwrap();
    let first = course.lessons().next().unwrap().to_string();
    let lessons: usize = course.lessons().count();
    let objectives = course.objectives().count();

    let fresh = outline(&dir);
    assert!(
        fresh.starts_with(&format!("{}\nChapter 1 of 6 · ", course.title)),
        "{fresh}"
    );
    assert!(
        fresh.contains(&format!("\n1. {}\n", course.chapters[0].title)),
        "{fresh}"
    );
    assert!(
        fresh.contains(&format!(
            "objectives learnt 0 of {objectives} · lessons opened 0 of {lessons}"
        )),
        "{fresh}"
    );
    assert!(
        fresh.contains(&format!("Next: open {first} (prune open {first})")),
        "{fresh}"
    );

    // Every lesson of the first objective opened, and its first check passed at 90 %: the
    // objective is learnt, its lessons marked done, and the next step is the second
    // objective's first lesson.
    let o1 = &course.chapters[0].objectives[0];
    let o2 = &course.chapters[0].objectives[1];
    let progress = json!({
        "attempts": 0, "correct": 0, "streak": 0, "best_streak": 0, "by_kind": {},
        "course": {
            "current": o1.lessons.last().unwrap(),
            "opened": o1.lessons,
            "best": { o1.checks[0].key(): 90 }
        }
    });
    std::fs::write(dir.join("progress.json"), progress.to_string()).unwrap();
    let marked = outline(&dir);
    assert!(
        marked.contains(&format!(
            "objectives learnt 1 of {objectives} · lessons opened {} of {lessons}",
            o1.lessons.len()
        )),
        "{marked}"
    );
    assert!(
        marked.contains(&format!("  ✓ 1.1 {}\n", o1.goal)),
        "{marked}"
    );
    for lesson in &o1.lessons {
        assert!(marked.contains(&format!("      ✓ {lesson}  ")), "{marked}");
    }
    assert!(marked.contains("— passed, best 90 %"), "{marked}");
    let next = &o2.lessons[0];
    assert!(marked.contains(&format!("Next: open {next}")), "{marked}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The lesson file with `change` made to its JSON, written pretty into a temporary file.
fn changed_lesson(stem: &str, tag: &str, change: impl FnOnce(&mut Value)) -> (String, String) {
    let text = std::fs::read_to_string(repo().join(format!("lessons/{stem}.json"))).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    change(&mut v);
    let pretty = serde_json::to_string_pretty(&v).unwrap();
    let path = std::env::temp_dir().join(format!("prune-check-{}-{tag}.json", std::process::id()));
    std::fs::write(&path, &pretty).unwrap();
    (path.display().to_string(), pretty)
}

/// The line the `index`-th element of the top-level list `key` starts on in pretty JSON:
/// the list opens on a line of its own (`  "key": [`), each element at four spaces.
fn pretty_line(pretty: &str, key: &str, index: usize) -> usize {
    let open = format!("  \"{key}\": [");
    let start = pretty.lines().position(|l| l == open).unwrap();
    let element = pretty
        .lines()
        .enumerate()
        .skip(start + 1)
        .filter(|(_, l)| {
            let inner = l.trim_start();
            l.len() - inner.len() == 4 && !inner.starts_with('}') && !inner.starts_with(']')
        })
        .nth(index)
        .unwrap()
        .0;
    element + 1
}

fn check_file(path: &str) -> (Option<i32>, String) {
    let out = prune().args(["lessons", "--check", path]).output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn lessons_check_passes_the_builtin_files_and_the_course() {
    let (code, out) = check_file(
        &repo()
            .join("lessons/000-worked-tree.json")
            .display()
            .to_string(),
    );
    assert_eq!(code, Some(0), "{out}");
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let facts = lesson.spec.facts.len();
    assert!(out.contains(&format!(", {facts} facts, ")), "{out}");
    assert!(out.contains(", 1 demo: "), "{out}");
    assert!(out.ends_with(": every one holds\n"), "{out}");
    let (code, out) = check_file(&repo().join("lessons/course.json").display().to_string());
    assert_eq!(code, Some(0), "{out}");
    let course = Course::builtin().unwrap();
    assert!(
        out.contains(&format!(
            "a course of 6 chapters, {} objectives, {} lessons: every lesson opens",
            course.objectives().count(),
            course.lessons().count()
        )),
        "{out}"
    );
}

#[test]
fn a_wrong_fact_is_refused_with_its_line_and_both_values() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    // The second fact, whatever it states, made a number no run gives.
    let k = 1;
    let stated = lesson.spec.facts[k].equals.clone();
    let (path, pretty) = changed_lesson("000-worked-tree", "fact", |v| {
        v["facts"][k]["equals"] = json!(987654);
    });
    let (code, out) = check_file(&path);
    assert_eq!(code, Some(1), "{out}");
    let line = pretty_line(&pretty, "facts", k);
    assert!(out.starts_with(&format!("{path}:{line}: fact `")), "{out}");
    assert!(
        out.contains(&format!(
            ": 987654, the run '{}' makes {stated}",
            lesson.spec.facts[k].run
        )),
        "{out}"
    );
    assert!(out.ends_with(": 1 problem\n"), "{out}");
}

#[test]
fn a_note_past_its_runs_calls_is_refused_with_its_line() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let note = &lesson.spec.notes[0];
    let setup = lesson
        .setup(Some(&note.run), &Overrides::default())
        .unwrap();
    let calls = prune::run::plain(&lesson, &setup).unwrap().stats.nodes;
    let (path, pretty) = changed_lesson("000-worked-tree", "note", |v| {
        v["notes"][0]["step"] = json!(calls + 1);
    });
    let (code, out) = check_file(&path);
    assert_eq!(code, Some(1), "{out}");
    let line = pretty_line(&pretty, "notes", 0);
    assert!(
        out.contains(&format!(
            "{path}:{line}: note at step {} of preset '{}', which makes {calls} calls",
            calls + 1,
            note.run
        )),
        "{out}"
    );
}

#[test]
fn a_practice_item_on_a_missing_node_and_a_bad_preset_are_refused() {
    let (path, pretty) = changed_lesson("004-abc-tree", "practice", |v| {
        v["practice"][0]["node"] = json!("no-such-node");
    });
    let (code, out) = check_file(&path);
    assert_eq!(code, Some(1), "{out}");
    let line = pretty_line(&pretty, "practice", 0);
    assert!(out.contains(&format!("{path}:{line}: practice")), "{out}");
    assert!(out.contains("no-such-node"), "{out}");

    // A preset the file format itself refuses (depth 0) is the reading's error: one line on
    // stderr naming the file, exit code 2, as for any bad lesson file.
    let (path, _) = changed_lesson("004-abc-tree", "preset", |v| {
        v["runs"][0]["depth"] = json!(0);
    });
    let out = prune()
        .args(["lessons", "--check", &path])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&path), "{err}");
}

#[test]
fn a_demo_that_goes_nowhere_and_a_wrong_size_fact_are_refused() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let calls = {
        let setup = lesson.setup(None, &Overrides::default()).unwrap();
        prune::run::plain(&lesson, &setup).unwrap().stats.nodes
    };
    let (path, pretty) = changed_lesson("000-worked-tree", "demo", |v| {
        v["demos"][0]["steps"] = json!([{ "go": format!("call {}", calls + 50) }]);
        v["demos"][0].as_object_mut().unwrap().remove("run");
    });
    let (code, out) = check_file(&path);
    assert_eq!(code, Some(1), "{out}");
    let line = pretty_line(&pretty, "demos", 0);
    assert!(out.contains(&format!("{path}:{line}: demo '")), "{out}");

    let size = Lesson::open("004-size-plies").unwrap();
    assert!(!size.spec.size_facts.is_empty());
    let (path, _) = changed_lesson("004-size-plies", "size", |v| {
        v["size_facts"][0]["equals"] = json!(123456789);
    });
    let (code, out) = check_file(&path);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains(&format!("{path}: size fact: ")), "{out}");
}

#[test]
fn a_course_naming_a_lesson_prune_lacks_is_refused() {
    let path = std::env::temp_dir().join(format!("prune-course-bad-{}.json", std::process::id()));
    std::fs::write(
        &path,
        r#"{"title": "t", "chapters": [
  {"title": "a", "objectives": [
    {"goal": "g", "lessons": ["000-worked-tree", "000-no-such"], "checks": [{"kind": "practice", "lesson": "000-worked-tree"}]}
  ]}
]}"#,
    )
    .unwrap();
    let (code, out) = check_file(&path.display().to_string());
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains(&format!("{}:2: chapter 1: ", path.display())),
        "{out}"
    );
    assert!(out.contains("000-no-such"), "{out}");
}

/// `prune` with no argument: the picker in the course's order at the lesson the student was
/// on, with the progress line and each heading's chapter and mark; `J` opens the next lesson.
#[test]
fn the_tutor_opens_the_course_where_the_student_stopped_and_j_goes_on() {
    use common::tutor::{key, screen};
    use crossterm::event::KeyCode;
    use prune::practice::marks::CourseMarks;
    use prune::tui::app::App;
    use prune::tui::course::CourseView;

    let course = Course::builtin().unwrap();
    let o1 = &course.chapters[0].objectives[0];
    let mut marks = CourseMarks::default();
    for lesson in &o1.lessons {
        marks.open(lesson);
    }
    marks.score(&o1.checks[0].key(), 9, 10);
    let current = o1.lessons.last().unwrap().clone();
    let line = course.progress_line(&marks);
    let mut app = App::with_course(CourseView::in_memory(course.clone(), marks)).unwrap();
    app.theme = prune::tui::theme::Theme { color: false };
    assert_eq!(
        app.lesson.name, current,
        "resumed at the lesson the student was on"
    );
    for (w, h) in [(80, 24), (200, 50)] {
        let s = screen(&mut app, w, h);
        let shown = common::tutor::flat(&s);
        // The progress line, whole at both sizes.
        assert!(shown.contains(&line), "{w}×{h}\n{s}");
        // The first lesson of chapter 1 is learnt (its objective's check passed).
        let first = &o1.lessons[0];
        assert!(shown.contains(&format!("1 ✓ {first} · ")), "{w}×{h}\n{s}");
    }
    // Enter opens the lesson under the cursor; then J opens the course's next lesson, the
    // second objective's first.
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.lesson.name, current);
    key(&mut app, KeyCode::Char('J'));
    let next = &course.chapters[0].objectives[1].lessons[0];
    assert_eq!(&app.lesson.name, next);
    let view = app_course(&app);
    assert!(view.marks.opened.contains(next));
}

fn app_course(app: &prune::tui::app::App) -> &prune::tui::course::CourseView {
    app.course().expect("the tutor follows the course")
}
