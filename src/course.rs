//! The course: the lessons in the order a student follows them, in chapters, each chapter
//! with its objectives, and per objective the lessons that teach it and the checks that show
//! it was learnt.
//!
//! A course is data (`lessons/course.json` is the built-in one; an instructor may write
//! another for a class), read strictly like a lesson file. The student's marks (lessons
//! opened, best scores of the checks) live in the progress file (`practice::marks`); what is
//! done is decided here from them, so one set of marks reads under any course.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::error::{Error, Result, json_error};
use crate::practice::marks::CourseMarks;

pub mod outline;

/// The built-in course, embedded like the built-in lessons.
const BUILTIN: &str = include_str!("../lessons/course.json");

/// The score a check asks for when its course names none, in per cent.
pub const PASS_PERCENT: u8 = 80;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    pub title: String,
    pub chapters: Vec<Chapter>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chapter {
    pub title: String,
    pub objectives: Vec<Objective>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// What the student can do once it is learnt, in a sentence.
    pub goal: String,
    /// The lessons that teach it, in order.
    pub lessons: Vec<String>,
    /// Any one of them passed shows it was learnt.
    pub checks: Vec<Check>,
    /// Command lines that go with its lessons (`prune simulate …` to trace a search by hand,
    /// `prune check …` beside an engine of one's own, `prune size …` and `prune chart …` for
    /// tree sizes): the tutor's help and the outline name them, since none of them is a key.
    #[serde(default)]
    pub tools: Vec<String>,
}

/// A check a student passes to show an objective learnt; none unlocks anything by force.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Check {
    /// Predict mode through a lesson's run (its first preset, or `run`).
    Predict {
        lesson: String,
        #[serde(default)]
        run: Option<String>,
        #[serde(default)]
        at_least: Option<u8>,
    },
    /// A practice round of the lesson's own kinds (`e` in the tutor).
    Practice {
        lesson: String,
        #[serde(default)]
        at_least: Option<u8>,
    },
    /// A `prune simulate` exercise, carried out by the student step by step.
    Simulate {
        algorithm: SimulateAlgorithm,
        #[serde(default)]
        at_least: Option<u8>,
        /// A faded exercise (`prune simulate --fade`), counted once it has faded to every step.
        #[serde(default)]
        fade: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SimulateAlgorithm {
    Alphabeta,
    Minimax,
}

impl SimulateAlgorithm {
    /// As a sentence writes it.
    pub fn spelled(self) -> &'static str {
        match self {
            SimulateAlgorithm::Alphabeta => "alpha-beta",
            SimulateAlgorithm::Minimax => "minimax",
        }
    }

    /// As `prune simulate --algorithm` takes it.
    pub fn name(self) -> &'static str {
        match self {
            SimulateAlgorithm::Alphabeta => "alphabeta",
            SimulateAlgorithm::Minimax => "minimax",
        }
    }
}

impl Check {
    /// The name its best score is kept under in the progress file: the same check in two
    /// courses shares its score.
    pub fn key(&self) -> String {
        match self {
            Check::Predict { lesson, run, .. } => match run {
                Some(run) => format!("predict {lesson} --run {run}"),
                None => format!("predict {lesson}"),
            },
            Check::Practice { lesson, .. } => format!("practice {lesson}"),
            Check::Simulate {
                algorithm, fade, ..
            } => format!(
                "simulate {}{}",
                algorithm.name(),
                if *fade { " --fade" } else { "" }
            ),
        }
    }

    /// The score it asks for, in per cent.
    pub fn pass_percent(&self) -> u8 {
        let (Check::Predict { at_least, .. }
        | Check::Practice { at_least, .. }
        | Check::Simulate { at_least, .. }) = self;
        at_least.unwrap_or(PASS_PERCENT)
    }

    /// The lesson it is taken on (a simulate exercise makes its own tree).
    pub fn lesson(&self) -> Option<&str> {
        match self {
            Check::Predict { lesson, .. } | Check::Practice { lesson, .. } => Some(lesson),
            Check::Simulate { .. } => None,
        }
    }

    /// What the student does to take it, as they would type or press it.
    pub fn how(&self) -> String {
        let percent = self.pass_percent();
        match self {
            Check::Predict { lesson, run, .. } => {
                let run = run
                    .as_ref()
                    .map(|r| format!(" --run '{r}'"))
                    .unwrap_or_default();
                format!(
                    "predict mode through {lesson}{run}: at least {percent} % right first time (prune open {lesson}{run} --predict --why)"
                )
            }
            Check::Practice { lesson, .. } => {
                format!("a practice round on {lesson}: at least {percent} % right (e in the tutor)")
            }
            Check::Simulate {
                algorithm,
                fade: true,
                ..
            } => format!(
                "a worked {} example, faded until you make every step: then at least {percent} % right first time (prune simulate --algorithm {} --fade)",
                algorithm.spelled(),
                algorithm.name()
            ),
            Check::Simulate { algorithm, .. } => format!(
                "carry out {} yourself: at least {percent} % of the steps right first time (prune simulate --algorithm {})",
                algorithm.spelled(),
                algorithm.name()
            ),
        }
    }

    pub fn passed(&self, marks: &CourseMarks) -> bool {
        marks
            .best
            .get(&self.key())
            .is_some_and(|best| *best >= self.pass_percent())
    }
}

/// Where a lesson stands for the student.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Its objective is learnt (one of its checks passed).
    Done,
    /// Opened, its objective not yet checked.
    Started,
    NotStarted,
}

impl Mark {
    /// The mark the picker and the outline show before a lesson's name.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Done => "✓",
            Mark::Started => "•",
            Mark::NotStarted => " ",
        }
    }
}

/// A step of the course: open a lesson, or take a check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step<'c> {
    Open(&'c str),
    Take(&'c Check),
}

impl Course {
    /// The built-in course, checked against the built-in lessons.
    pub fn builtin() -> Result<Course> {
        let course = Course::parse("course.json", BUILTIN)?;
        course.check_names(&crate::lesson::builtin_names())?;
        Ok(course)
    }

    /// Reads a course file's text strictly; `origin` names it in errors.
    pub fn parse(origin: &str, text: &str) -> Result<Course> {
        let course: Course = serde_json::from_str(text).map_err(|e| json_error(origin, &e))?;
        course.check_shape(origin)?;
        Ok(course)
    }

    /// Every chapter has an objective, every objective a lesson and a check, no lesson sits
    /// in two places, a check's lesson is one of the course's, and a threshold is a
    /// percentage.
    fn check_shape(&self, origin: &str) -> Result<()> {
        let bad = |what: String| Err(Error::Options(format!("{origin}: {what}")));
        if self.chapters.is_empty() {
            return bad("the course has no chapter".into());
        }
        let mut seen: BTreeMap<&str, String> = BTreeMap::new();
        for (c, chapter) in self.chapters.iter().enumerate() {
            if chapter.objectives.is_empty() {
                return bad(format!("chapter {} has no objective", c + 1));
            }
            for (o, objective) in chapter.objectives.iter().enumerate() {
                let place = format!("objective {}.{}", c + 1, o + 1);
                if objective.lessons.is_empty() {
                    return bad(format!("{place} names no lesson"));
                }
                if objective.checks.is_empty() {
                    return bad(format!("{place} has no check"));
                }
                for lesson in &objective.lessons {
                    if let Some(first) = seen.insert(lesson, place.clone()) {
                        return bad(format!(
                            "lesson {lesson} is in {first} and again in {place}; a lesson sits in one place"
                        ));
                    }
                }
                for tool in &objective.tools {
                    if !tool.starts_with("prune ") || tool.chars().any(char::is_control) {
                        return bad(format!(
                            "{place}: the tool '{}' is not a `prune …` command line",
                            tool.escape_debug()
                        ));
                    }
                }
                for check in &objective.checks {
                    if check.pass_percent() > 100 {
                        return bad(format!(
                            "{place}: a check asks for {} %, over 100",
                            check.pass_percent()
                        ));
                    }
                }
            }
        }
        for objective in self.objectives() {
            for check in &objective.checks {
                if let Some(lesson) = check.lesson()
                    && !seen.contains_key(lesson)
                {
                    return bad(format!(
                        "the check '{}' is on {lesson}, which is not in the course",
                        check.key()
                    ));
                }
            }
        }
        Ok(())
    }

    /// Every lesson the course names is one of `known`.
    pub fn check_names(&self, known: &[&str]) -> Result<()> {
        for lesson in self.lessons() {
            if !known.contains(&lesson) {
                return Err(Error::Options(format!(
                    "the course names lesson {lesson}, which is not a built-in lesson (prune lessons lists them)"
                )));
            }
        }
        Ok(())
    }

    pub fn objectives(&self) -> impl Iterator<Item = &Objective> {
        self.chapters.iter().flat_map(|c| &c.objectives)
    }

    /// Every lesson in course order.
    pub fn lessons(&self) -> impl Iterator<Item = &str> {
        self.objectives()
            .flat_map(|o| o.lessons.iter().map(String::as_str))
    }

    /// The chapter (from 0) a lesson sits in.
    pub fn chapter_of(&self, lesson: &str) -> Option<usize> {
        self.chapters.iter().position(|c| {
            c.objectives
                .iter()
                .any(|o| o.lessons.iter().any(|l| l == lesson))
        })
    }

    fn objective_of(&self, lesson: &str) -> Option<&Objective> {
        self.objectives()
            .find(|o| o.lessons.iter().any(|l| l == lesson))
    }

    /// The command lines that go with `lesson` (its objective's), none outside the course.
    pub fn tools_of(&self, lesson: &str) -> &[String] {
        self.objective_of(lesson).map_or(&[], |o| &o.tools)
    }

    pub fn mark(&self, lesson: &str, marks: &CourseMarks) -> Mark {
        match self.objective_of(lesson) {
            Some(o) if o.learnt(marks) => Mark::Done,
            _ if marks.opened.contains(lesson) => Mark::Started,
            _ => Mark::NotStarted,
        }
    }

    /// The next step: in the first objective not yet learnt, its first lesson not opened,
    /// else its first check not passed. `None` once every objective is learnt.
    pub fn next_step(&self, marks: &CourseMarks) -> Option<Step<'_>> {
        let objective = self.objectives().find(|o| !o.learnt(marks))?;
        if let Some(lesson) = objective
            .lessons
            .iter()
            .find(|l| !marks.opened.contains(*l))
        {
            return Some(Step::Open(lesson));
        }
        objective
            .checks
            .iter()
            .find(|c| !c.passed(marks))
            .map(Step::Take)
    }

    /// The lesson the student is on: the one opened last, if the course has it, else the
    /// next step's lesson, else the first.
    pub fn resume_lesson<'c>(&'c self, marks: &CourseMarks) -> &'c str {
        if let Some(current) = self.lessons().find(|l| *l == marks.current) {
            return current;
        }
        match self.next_step(marks) {
            Some(Step::Open(lesson)) => lesson,
            Some(Step::Take(check)) => check
                .lesson()
                .and_then(|l| self.lessons().find(|x| *x == l))
                .unwrap_or_else(|| self.lessons().next().unwrap_or_default()),
            None => self.lessons().next().unwrap_or_default(),
        }
    }

    /// How far the student is: the chapter they are in, objectives learnt, lessons opened, in
    /// one line short enough for the picker at 80 columns (the chapter's title is on its own
    /// line in `prune course`).
    pub fn progress_line(&self, marks: &CourseMarks) -> String {
        let objectives = self.objectives().count();
        let learnt = self.objectives().filter(|o| o.learnt(marks)).count();
        let lessons = self.lessons().count();
        let opened = self.lessons().filter(|l| marks.opened.contains(*l)).count();
        let chapter = self.chapter_of(self.resume_lesson(marks)).unwrap_or(0);
        format!(
            "Chapter {} of {} · objectives learnt {learnt} of {objectives} · lessons opened {opened} of {lessons}",
            chapter + 1,
            self.chapters.len(),
        )
    }
}

impl Objective {
    /// Learnt once any of its checks is passed.
    pub fn learnt(&self, marks: &CourseMarks) -> bool {
        self.checks.iter().any(|c| c.passed(marks))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> Course {
        Course::parse(
            "t.json",
            r#"{"title": "t", "chapters": [
                {"title": "one", "objectives": [
                    {"goal": "a", "lessons": ["l1", "l2"], "checks": [{"kind": "practice", "lesson": "l2"}]}
                ]},
                {"title": "two", "objectives": [
                    {"goal": "b", "lessons": ["l3"], "checks": [{"kind": "simulate", "algorithm": "minimax", "at_least": 50}]}
                ]}
            ]}"#,
        )
        .unwrap()
    }

    #[test]
    fn the_next_step_opens_lessons_then_asks_for_the_check() {
        let course = tiny();
        let mut marks = CourseMarks::default();
        assert_eq!(course.next_step(&marks), Some(Step::Open("l1")));
        marks.open("l1");
        marks.open("l2");
        let Some(Step::Take(check)) = course.next_step(&marks) else {
            panic!("a check is next")
        };
        assert_eq!(check.key(), "practice l2");
        // 79 % is under the default 80 %: still to take.
        marks.score("practice l2", 79, 100);
        assert_eq!(course.mark("l1", &marks), Mark::Started);
        marks.score("practice l2", 4, 5);
        assert_eq!(course.mark("l1", &marks), Mark::Done);
        assert_eq!(course.mark("l3", &marks), Mark::NotStarted);
        assert_eq!(course.next_step(&marks), Some(Step::Open("l3")));
        marks.score("simulate minimax", 1, 2);
        assert_eq!(course.next_step(&marks), None);
    }

    #[test]
    fn the_progress_line_counts_and_resumes_where_the_student_was() {
        let course = tiny();
        let mut marks = CourseMarks::default();
        assert_eq!(course.resume_lesson(&marks), "l1");
        marks.open("l3");
        assert_eq!(course.resume_lesson(&marks), "l3");
        assert_eq!(
            course.progress_line(&marks),
            "Chapter 2 of 2 · objectives learnt 0 of 2 · lessons opened 1 of 3"
        );
        // A lesson the course does not have is not resumed.
        marks.current = "elsewhere".into();
        assert_eq!(course.resume_lesson(&marks), "l1");
    }

    #[test]
    fn a_bad_course_is_one_line_naming_the_place() {
        let err = |text: &str| Course::parse("c.json", text).unwrap_err().to_string();
        let e = err(r#"{"title": "t", "chapters": []}"#);
        assert!(e.contains("c.json: the course has no chapter"), "{e}");
        let e = err(
            r#"{"title": "t", "chapters": [{"title": "a", "objectives": [
            {"goal": "g", "lessons": ["x"], "checks": []}]}]}"#,
        );
        assert!(e.contains("objective 1.1 has no check"), "{e}");
        let e = err(
            r#"{"title": "t", "chapters": [{"title": "a", "objectives": [
            {"goal": "g", "lessons": ["x"], "checks": [{"kind": "practice", "lesson": "x"}]},
            {"goal": "h", "lessons": ["x"], "checks": [{"kind": "practice", "lesson": "x"}]}]}]}"#,
        );
        assert!(
            e.contains("lesson x is in objective 1.1 and again in objective 1.2"),
            "{e}"
        );
        let e = err(
            r#"{"title": "t", "chapters": [{"title": "a", "objectives": [
            {"goal": "g", "lessons": ["x"], "checks": [{"kind": "practice", "lesson": "y"}]}]}]}"#,
        );
        assert!(e.contains("is on y, which is not in the course"), "{e}");
        let e = err(
            r#"{"title": "t", "chapters": [{"title": "a", "objectives": [
            {"goal": "g", "lessons": ["x"], "checks": [{"kind": "quiz", "lesson": "x"}]}]}]}"#,
        );
        assert!(e.contains("c.json") && e.contains("quiz"), "{e}");
    }
}
