//! A student's way through the course (`crate::course`), kept in the progress file beside the
//! practice tallies: the lesson they were on, the lessons they opened, and the best score of
//! each course check they tried. What counts as done is the course's to say (its thresholds),
//! so an instructor's course with other thresholds reads the same marks.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The course part of the progress file; absent from files written before the course.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, expecting = "an object with current, opened and best")]
pub struct CourseMarks {
    /// The lesson the student opened last from the course (empty before the first).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub current: String,
    /// Every lesson opened at least once.
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub opened: BTreeSet<String>,
    /// The best score, in per cent, of each check tried, by the check's key (`Check::key`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub best: BTreeMap<String, u8>,
    /// Keys this version does not know (written by a newer one), kept as they were.
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

impl CourseMarks {
    pub fn is_empty(&self) -> bool {
        *self == CourseMarks::default()
    }

    /// The student opened `lesson`: it becomes the one they are on.
    pub fn open(&mut self, lesson: &str) {
        self.opened.insert(lesson.to_string());
        self.current = lesson.to_string();
    }

    /// A check was taken with `right` of `asked` right: its best score rises if this one is
    /// higher. Nothing asked is no score.
    pub fn score(&mut self, key: &str, right: u64, asked: u64) {
        if asked == 0 {
            return;
        }
        let percent = (right.min(asked) * 100 / asked) as u8;
        let best = self.best.entry(key.to_string()).or_insert(0);
        *best = (*best).max(percent);
    }

    /// The lines `prune practice progress` shows: the lesson the student is on, how many
    /// lessons were opened, and each check's best score (`prune course` says which passed).
    pub fn summary(&self) -> String {
        let shown = |s: &str| crate::text::one_line(&crate::text::cut(s)).into_owned();
        let mut text = format!(
            "Course: {} opened",
            crate::text::counted(self.opened.len() as u64, "lesson", "lessons")
        );
        if !self.current.is_empty() {
            text.push_str(&format!(", on {}", shown(&self.current)));
        }
        text.push_str(" (prune course shows the whole course and the next step)\n");
        for (key, best) in &self.best {
            text.push_str(&format!("  check {}: best {best} %\n", shown(key)));
        }
        text
    }

    /// The rule a file this program wrote keeps (a score is a percentage).
    pub fn problem(&self) -> Option<String> {
        (self.best.iter()).find(|(_, p)| **p > 100).map(|(key, p)| {
            format!(
                "course best '{}': {p} is over 100 per cent",
                crate::text::one_line(&crate::text::cut(key))
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_score_keeps_the_best_and_rounds_down() {
        let mut m = CourseMarks::default();
        m.score("practice 003-two-ply", 2, 3);
        assert_eq!(m.best["practice 003-two-ply"], 66);
        m.score("practice 003-two-ply", 1, 3);
        assert_eq!(m.best["practice 003-two-ply"], 66);
        m.score("practice 003-two-ply", 3, 3);
        assert_eq!(m.best["practice 003-two-ply"], 100);
        m.score("predict x", 0, 0);
        assert!(!m.best.contains_key("predict x"));
    }

    #[test]
    fn the_summary_escapes_what_the_file_says() {
        let mut m = CourseMarks::default();
        m.open("003-two-ply");
        m.score("practice \u{1b}]52;x", 1, 2);
        let s = m.summary();
        assert!(
            s.starts_with("Course: 1 lesson opened, on 003-two-ply"),
            "{s}"
        );
        assert!(
            s.contains("  check practice \\u001b]52;x: best 50 %"),
            "{s}"
        );
        assert!(!s.contains('\u{1b}'), "{s}");
    }

    #[test]
    fn opening_a_lesson_makes_it_current() {
        let mut m = CourseMarks::default();
        m.open("003-two-ply");
        m.open("004-abc-tree");
        assert_eq!(m.current, "004-abc-tree");
        assert_eq!(m.opened.len(), 2);
    }
}
