//! Where a demo script stands (issue 14): which demo, how far it has gone, what it said last
//! and where. The state the tutor holds; `demo` carries the steps out on the tutor.

use crate::lesson::RunSetup;
use crate::lesson::demo::Step;

/// A running demo's layer (`components::demo`): on the stack while the demo runs.
pub struct Demoing;

/// How far a demo has gone.
#[derive(Debug, Clone)]
pub struct DemoRun {
    /// Which of the lesson's demos (of the lesson named `lesson`).
    pub index: usize,
    pub lesson: String,
    pub name: String,
    /// Steps carried out so far (an `ask` counts once its question is shown).
    pub done: usize,
    pub len: usize,
    /// The answer an `ask` on screen is waiting to show on the next key.
    pub reveal: Option<Step>,
    /// What the last step said, and the place it was said at.
    pub said: Option<Said>,
    /// Why the last step could not be carried out.
    pub failed: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Said {
    pub text: String,
    pub(super) lesson: String,
    pub(super) setup: RunSetup,
    pub(super) step: usize,
}

impl DemoRun {
    /// The footer's account: "demo 'cutoffs' 3/9", and what the next key does.
    pub fn status(&self) -> String {
        let next = if self.reveal.is_some() {
            " · d reveals"
        } else if self.done >= self.len {
            " · end (d restarts)"
        } else {
            ""
        };
        format!("demo '{}' {}/{}{next}", self.name, self.done, self.len)
    }
}
