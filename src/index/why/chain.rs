//! What a "why" answer is: a question, and a chain of links, each a step of the trace with
//! the sentence it says there.

/// One step of a chain: the event it names and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The event index (the screen shows it after `step + 1` events).
    pub step: u32,
    pub text: String,
}

/// What a chain explains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    Skipped,
    Flag,
    Window,
    Chosen,
    Probe,
    /// Monte Carlo: why selection took this child.
    Selected,
    /// Monte Carlo: why this move was played.
    Played,
}

/// One question's answer: a chain of links, the first the decision explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub question: Question,
    pub title: String,
    /// The step of the decision explained: the answer is known once it is on screen.
    pub at: u32,
    pub links: Vec<Link>,
}
