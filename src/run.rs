//! Running a lesson: the one place the CLI, the TUI and the practice checker start a search.

use crate::error::Result;
use crate::lesson::{Lesson, RunSetup};
use crate::observer::{NoTrace, Recorder};
use crate::search::{self, RunResult};

/// A finished run with every event it reported.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub setup: RunSetup,
    pub result: RunResult,
    pub trace: Recorder,
}

pub fn plain(lesson: &Lesson, setup: &RunSetup) -> Result<RunResult> {
    Ok(search::run(
        &lesson.graph,
        setup.start,
        &setup.options,
        &mut NoTrace,
    )?)
}

pub fn recorded(lesson: &Lesson, setup: &RunSetup) -> Result<Recorded> {
    let mut trace = Recorder::default();
    let result = search::run(&lesson.graph, setup.start, &setup.options, &mut trace)?;
    Ok(Recorded {
        setup: *setup,
        result,
        trace,
    })
}
