//! The course as text: chapters, objectives with their marks, lessons with theirs, the
//! checks with the student's best score, and the next step (`prune course`).

use std::fmt::Write as _;

use super::{Check, Course, Step};
use crate::practice::marks::CourseMarks;

/// A lesson's title, by name (the built-in lesson's, or nothing when it cannot be read).
pub type Titles<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The whole course with the student's marks, ending with the next step.
pub fn text(course: &Course, marks: &CourseMarks, titles: Titles) -> String {
    let mut out = format!("{}\n{}\n", course.title, course.progress_line(marks));
    for (c, chapter) in course.chapters.iter().enumerate() {
        let _ = writeln!(out, "\n{}. {}", c + 1, chapter.title);
        for (o, objective) in chapter.objectives.iter().enumerate() {
            let mark = if objective.learnt(marks) { "✓" } else { " " };
            let _ = writeln!(out, "  {mark} {}.{} {}", c + 1, o + 1, objective.goal);
            for lesson in &objective.lessons {
                let title = titles(lesson).unwrap_or_default();
                let _ = writeln!(
                    out,
                    "      {} {lesson}  {title}",
                    course.mark(lesson, marks).symbol()
                );
            }
            for check in &objective.checks {
                let _ = writeln!(out, "      check: {}{}", check.how(), best(check, marks));
            }
            for tool in &objective.tools {
                let _ = writeln!(out, "      try: {tool}");
            }
        }
    }
    let _ = writeln!(out, "\n{}", next_line(course, marks));
    out.push_str(LEGEND);
    out
}

/// What the marks mean, under the outline.
const LEGEND: &str = "(✓ learnt: a check of its objective passed · • opened · a check may be taken at any time, nothing is locked)\n";

/// The student's best score on a check, when they tried it.
fn best(check: &Check, marks: &CourseMarks) -> String {
    match marks.best.get(&check.key()) {
        Some(best) if check.passed(marks) => format!(" — passed, best {best} %"),
        Some(best) => format!(" — best so far {best} %"),
        None => String::new(),
    }
}

/// The next step, as one line a student can act on.
pub fn next_line(course: &Course, marks: &CourseMarks) -> String {
    match course.next_step(marks) {
        Some(Step::Open(lesson)) => format!("Next: open {lesson} (prune open {lesson})"),
        Some(Step::Take(check)) => format!("Next: take the check, {}", check.how()),
        None => "Every objective is learnt: the course is done.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outline_marks_lessons_and_checks_and_names_the_next_step() {
        let course = Course::parse(
            "t.json",
            r#"{"title": "T", "chapters": [{"title": "one", "objectives": [
                {"goal": "g", "lessons": ["l1", "l2"], "checks": [{"kind": "predict", "lesson": "l1"}]}]}]}"#,
        )
        .unwrap();
        let mut marks = CourseMarks::default();
        marks.open("l1");
        marks.score("predict l1", 1, 2);
        let text = text(&course, &marks, &|l| Some(format!("title of {l}")));
        assert!(text.contains("      • l1  title of l1\n"), "{text}");
        assert!(text.contains("        l2  title of l2\n"), "{text}");
        assert!(text.contains("— best so far 50 %"), "{text}");
        assert!(text.contains("Next: open l2 (prune open l2)"), "{text}");
        marks.score("predict l1", 9, 10);
        let text = super::text(&course, &marks, &|_| None);
        assert!(text.contains("  ✓ 1.1 g\n"), "{text}");
        assert!(text.contains("passed, best 90 %"), "{text}");
        assert!(text.contains("the course is done"), "{text}");
    }
}
