//! The stepping TUI (issue 3). Replays a recorded trace; never searches on its own.

use crate::error::{Error, Result};
use crate::lesson::{Lesson, RunSetup};

/// Opens the tutor on a lesson with a resolved run.
pub fn open(_lesson: Lesson, _setup: RunSetup) -> Result<()> {
    Err(Error::Options("the tutor is not built yet".into()))
}

/// Opens the tutor on the built-in lessons (what `prune` with no arguments does).
pub fn start() -> Result<()> {
    Err(Error::Options("the tutor is not built yet".into()))
}
