//! Simulate the algorithm (issue 24, item 4): the student carries out the search on a tree
//! whose values are hidden, one step at a time, and each step is graded against prune's
//! recorded run of the same tree.
//!
//! The steps come from the run's index, never from a second search: the calls of its one
//! pass in admission order give the children visited (`Expect::Visit`), the window each inner
//! child is entered with (`Expect::Window`), where a frame's window closed (`Expect::Cut`, the
//! index's `After::Cut`) and what each inner call returned (`Expect::Return`). A leaf's value
//! shows once the student visits it; a leaf's window is not asked, since nothing it returns
//! depends on it.
//!
//! - `kinds`: the plain values (settings, steps, verdicts); `exercise`: the tree, the run,
//!   the steps read off its index, the grading.
//! - `parse`: what the student types, forgiving on spacing and case, strict on meaning.
//! - `explain`: the sentence that says why a step is what it is, read off the run.
//! - `fade`: the faded exercise (`--fade`): prune carries out the steps a stage does not
//!   ask, and three right in a row of the stage's kind move on to the next kind.
//! - `board`: what the screen shows after the steps done so far (the tree with what is
//!   revealed, the frame, the stack).
//!
//! Headless: `Exercise::new(settings)`, then `answer(line)` for each typed line; `board()`
//! for what to show; `score()` for the steps right first time.

mod board;
mod exercise;
mod explain;
mod fade;
mod kinds;
mod parse;

pub use board::{Board, Frame, Mark, NodeRow};
pub use exercise::Exercise;
pub use kinds::{
    Action, Ask, BRANCHING, Correction, DEPTH, Expect, Fade, Feedback, Graded, Method, Reply,
    STREAK, Settings, Stage,
};
