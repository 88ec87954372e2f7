//! Learning from worked examples, faded: prune carries out the search and shows each step,
//! and the student fills in only the steps of the stage's kind (the windows, then the
//! cutoffs, then the returns, then every step), moving on once that kind is right
//! `STREAK` times in a row. Which steps a stage asks is read off the same steps of the
//! run's index the plain exercise grades; nothing is searched again.

use super::exercise::Exercise;
use super::kinds::{Action, Ask, Expect, Fade, Graded, STREAK, Stage};

impl Exercise {
    /// Where a faded exercise stands (`None`: a plain one).
    pub fn fade(&self) -> Option<Fade> {
        self.fade
    }

    /// What the stage asks at step `i`; `None` when prune carries the step out.
    pub(super) fn faded_ask(&self, i: usize, stage: Stage) -> Option<Ask> {
        let step = *self.steps.get(i)?;
        match (stage, step) {
            (Stage::All, _) => self.plain_ask(i),
            (Stage::Windows, Expect::Window { child, .. }) => Some(Ask::Window { child }),
            // A cutoff is decided where a frame takes in a child's return: the step right
            // after it (a cut, the next visit, or the frame's return). Only a method that
            // cuts has this stage (`Stage::order`).
            (Stage::Cuts, _) => {
                let after = self.settles[i]?;
                Some(Ask::Cut {
                    frame: frame_of(step),
                    after,
                })
            }
            (Stage::Returns, Expect::Return { frame, .. }) => Some(Ask::Value { frame }),
            _ => None,
        }
    }

    /// Prune carries out every step the stage does not ask, up to the next one it asks (or
    /// the end), and shows them as made.
    pub(super) fn carry(&mut self) {
        let Some(fade) = self.fade else {
            return;
        };
        while !self.finished() && self.faded_ask(self.done(), fade.stage).is_none() {
            let step = self.done();
            self.graded.push(Graded {
                step,
                given: self.expected_action(step),
                right: true,
                ask: None,
            });
        }
    }

    /// Counts an answer to the stage's kind: `STREAK` right in a row moves on to the next
    /// stage, a wrong one starts the count again.
    pub(super) fn count(&mut self, right: bool) {
        let method = self.settings.method;
        let Some(fade) = self.fade.as_mut() else {
            return;
        };
        if fade.stage == Stage::All {
            return;
        }
        fade.streak = if right { fade.streak + 1 } else { 0 };
        if fade.streak >= STREAK {
            fade.stage = fade.stage.next(method);
            fade.streak = 0;
        }
    }

    /// Step `step` as the student would have made it.
    pub(super) fn expected_action(&self, step: usize) -> Action {
        match self.steps[step] {
            Expect::Visit { child, .. } => Action::Visit(self.state(child)),
            Expect::Window { alpha, beta, .. } => Action::Window(alpha, beta),
            Expect::Cut { .. } => Action::Cut,
            Expect::Return { value, .. } => Action::Return(value),
        }
    }

    /// The steps prune carried out, in order (a faded exercise shows them as its own).
    pub fn carried(&self) -> impl Iterator<Item = usize> + '_ {
        self.graded
            .iter()
            .filter(|g| g.ask.is_none())
            .map(|g| g.step)
    }

    /// The next exercise of a session: the next seed, the same shape, and a faded one goes
    /// on at the stage and count it reached.
    pub fn next_tree(&self) -> crate::error::Result<Exercise> {
        let mut settings = self.settings;
        settings.seed = settings.seed.wrapping_add(1);
        settings.fade = self.fade.map(|f| f.stage);
        let mut ex = Exercise::new(settings)?;
        if let (Some(f), Some(now)) = (ex.fade.as_mut(), self.fade) {
            f.streak = now.streak;
        }
        Ok(ex)
    }
}

/// The frame a step is decided in.
fn frame_of(step: Expect) -> u32 {
    match step {
        Expect::Visit { frame, .. } | Expect::Cut { frame, .. } | Expect::Return { frame, .. } => {
            frame
        }
        Expect::Window { child, .. } => child,
    }
}
