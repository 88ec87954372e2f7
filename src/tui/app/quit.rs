//! Quitting: at once when nothing would be lost, else asked once (marks, live changes).

use super::{App, Overrides, Then};

impl App {
    /// `q`: quits at once when nothing would be lost, else asks once (the footer's message
    /// line says what `q` again does).
    pub(crate) fn ask_quit(&mut self) {
        self.quit_asked = true;
        self.settle_quit();
    }

    /// With the question asked: quits when nothing would be lost now, else (re)states what
    /// would be. A job that lands after `q` (a re-run back to the preset, or away from it)
    /// changes the answer, and its own message would otherwise hide the question.
    pub(crate) fn settle_quit(&mut self) {
        let lose = self.would_lose();
        if lose.is_empty() {
            (self.quit, self.quit_asked) = (true, false);
            return;
        }
        self.message = Some(format!(
            "quit? {lose} will be lost: q again / any key to stay"
        ));
    }

    /// What quitting now would lose, in words ("" when nothing): marked steps, and a run
    /// changed live away from the preset it was opened on (a re-run still recording counts
    /// as the run it will be).
    pub fn would_lose(&self) -> String {
        let marks = !self.bookmarks.is_empty();
        // A re-run recording now counts as landed: one back to the preset loses nothing.
        let setup = match &self.pending {
            Some((_, Then::Rerun(setup, _))) => setup,
            _ => &self.setup,
        };
        let changed = self.scores_changed()
            || matches!(self.pending, Some((_, Then::Reweigh(..))))
            || self.change.is_some()
                && self.preset.as_ref().is_none_or(|p| {
                    self.lesson
                        .setup(Some(p), &Overrides::default())
                        .is_ok_and(|s| s != *setup)
                });
        match (marks, changed) {
            (true, true) => "marks and live changes".into(),
            (true, false) => "marks".into(),
            (false, true) => "live changes".into(),
            (false, false) => String::new(),
        }
    }
}
