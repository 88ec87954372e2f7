//! Running a lesson: the one place the CLI, the TUI and the practice checker start a search.

use crate::error::{Error, Result};
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
    search::run(&lesson.graph, setup.start, &setup.options, &mut NoTrace)
        .map_err(|e| named(lesson, e))
}

pub fn recorded(lesson: &Lesson, setup: &RunSetup) -> Result<Recorded> {
    let mut trace = Recorder::default();
    let result = search::run(&lesson.graph, setup.start, &setup.options, &mut trace)
        .map_err(|e| named(lesson, e))?;
    Ok(Recorded {
        setup: *setup,
        result,
        trace,
    })
}

/// A run that cannot proceed names the lesson it came from.
fn named(lesson: &Lesson, source: search::SearchError) -> Error {
    Error::Run {
        path: lesson.name.clone(),
        source,
    }
}
