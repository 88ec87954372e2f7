//! Marked steps, one set per run (lesson and settings): a step number means something only
//! in the run it was marked in, so flipping ordering shows that run's marks, and flipping it
//! back brings the first run's marks back.

use std::collections::BTreeSet;

use crate::lesson::RunSetup;

#[derive(Debug, Default, Clone)]
pub struct Bookmarks {
    runs: Vec<(String, RunSetup, BTreeSet<usize>)>,
}

impl Bookmarks {
    fn of(&self, lesson: &str, setup: &RunSetup) -> Option<&BTreeSet<usize>> {
        self.runs
            .iter()
            .find(|(l, s, _)| l == lesson && s == setup)
            .map(|(_, _, marks)| marks)
    }

    /// Marks `step`, or unmarks it if it was marked; true when it is marked now.
    pub fn toggle(&mut self, lesson: &str, setup: &RunSetup, step: usize) -> bool {
        let at = self
            .runs
            .iter()
            .position(|(l, s, _)| l == lesson && s == setup);
        let marks = match at {
            Some(i) => &mut self.runs[i].2,
            None => {
                self.runs
                    .push((lesson.to_string(), *setup, BTreeSet::new()));
                &mut self.runs.last_mut().expect("just pushed").2
            }
        };
        if marks.remove(&step) {
            false
        } else {
            marks.insert(step);
            true
        }
    }

    /// The first marked step after `step`.
    pub fn next(&self, lesson: &str, setup: &RunSetup, step: usize) -> Option<usize> {
        self.of(lesson, setup)?.range(step + 1..).next().copied()
    }

    /// The last marked step before `step`.
    pub fn prev(&self, lesson: &str, setup: &RunSetup, step: usize) -> Option<usize> {
        self.of(lesson, setup)?.range(..step).next_back().copied()
    }

    /// The run's marked steps, in order.
    pub fn steps(&self, lesson: &str, setup: &RunSetup) -> Vec<usize> {
        self.of(lesson, setup)
            .map(|m| m.iter().copied().collect())
            .unwrap_or_default()
    }

    /// Whether no run has a marked step.
    pub fn is_empty(&self) -> bool {
        self.runs.iter().all(|(_, _, marks)| marks.is_empty())
    }
}
