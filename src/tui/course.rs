//! The course in the tutor: the picker lists the lessons in the course's order with the
//! student's marks and a progress line, `prune` resumes at the lesson the student was on, one
//! key goes to the next step, and opening a lesson or finishing a check is kept in the
//! progress file (`practice::marks`). Only the tutor's entry points load it, so a tutor built
//! in a test writes nothing.

use std::path::PathBuf;

use crate::course::{Course, Mark, Step};
use crate::lesson::Lesson;
use crate::practice::marks::CourseMarks;
use crate::practice::store::{self, Progress};

pub struct CourseView {
    pub course: Course,
    pub marks: CourseMarks,
    /// The progress file the marks are saved to (none: kept in memory only).
    place: Option<PathBuf>,
}

impl CourseView {
    /// The built-in course with the marks saved in the progress file.
    pub fn load() -> crate::error::Result<CourseView> {
        let course = Course::builtin()?;
        let progress = Progress::load()?;
        Ok(CourseView {
            course,
            marks: progress.course,
            place: store::progress_path(),
        })
    }

    /// The course with `marks`, saved nowhere (tests).
    pub fn in_memory(course: Course, marks: CourseMarks) -> CourseView {
        CourseView {
            course,
            marks,
            place: None,
        }
    }

    /// `lessons` in the course's order; lessons the course does not have come after, as they
    /// were.
    pub fn order(&self, lessons: &mut [Lesson]) {
        let at = |l: &Lesson| {
            (self.course.lessons())
                .position(|c| c == l.name)
                .unwrap_or(usize::MAX)
        };
        lessons.sort_by_key(at);
    }

    /// The picker's heading for a lesson: its chapter and mark (✓ learnt, • opened), or
    /// nothing for a lesson outside the course.
    pub fn heading(&self, lesson: &str) -> Option<String> {
        let chapter = self.course.chapter_of(lesson)?;
        let mark = self.course.mark(lesson, &self.marks);
        Some(format!("{} {}", chapter + 1, mark.symbol()))
    }

    pub fn mark(&self, lesson: &str) -> Mark {
        self.course.mark(lesson, &self.marks)
    }

    pub fn progress_line(&self) -> String {
        self.course.progress_line(&self.marks)
    }

    /// The lesson to open at start: the one the student was on.
    pub fn resume_lesson(&self) -> &str {
        self.course.resume_lesson(&self.marks)
    }

    pub fn next_step(&self) -> Option<Step<'_>> {
        self.course.next_step(&self.marks)
    }

    /// The student opened `lesson`: kept, and saved when there is a progress file. Returns
    /// why it could not be saved.
    pub fn opened(&mut self, lesson: &str) -> Option<String> {
        // A lesson outside the course leaves the marks as they are.
        self.course.chapter_of(lesson)?;
        self.marks.open(lesson);
        let path = self.place.as_ref()?;
        store::add_course_open(path, lesson)
            .err()
            .map(|e| format!("the course's progress is not saved: {e}"))
    }
}

/// Saves a course check's score (`right` of `asked`) under `key` to the progress file, when
/// there is one. Returns why it could not be saved.
pub fn save_score(key: &str, right: u64, asked: u64) -> Option<String> {
    let path = store::progress_path()?;
    store::add_course_score(&path, key, right, asked)
        .err()
        .map(|e| format!("the check's score is not saved: {e}"))
}

/// The key a predict session on `lesson`'s preset `preset` is scored under: the lesson alone
/// for its first preset (what a course check without `run` asks for), else with the preset.
pub fn predict_keys(lesson: &Lesson, preset: Option<&str>) -> Vec<String> {
    let first = lesson.spec.runs.first().map(|r| r.name.as_str());
    let mut keys = Vec::new();
    if preset.is_none() || preset == first {
        keys.push(format!("predict {}", lesson.name));
    }
    if let Some(p) = preset {
        keys.push(format!("predict {} --run {p}", lesson.name));
    }
    keys
}
