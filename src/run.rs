//! Running a lesson: the one place the CLI, the TUI and the practice checker start a search.
//! A recorded run comes back as a self-describing `Trace`.

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use crate::error::{Error, Result};
use crate::game::Game;
use crate::game::graph::Graph;
use crate::lesson::{Lesson, RunSetup};
use crate::observer::{NoTrace, Recorder};
use crate::search::{self, RunResult};
use crate::trace::{self, Catalog, Event, Header, Scores, StateInfo, Trace};

pub fn plain(lesson: &Lesson, setup: &RunSetup) -> Result<RunResult> {
    search::run(&lesson.graph, setup.start, &setup.options, &mut NoTrace)
        .map_err(|e| named(lesson, e))
}

/// Runs `setup` on `lesson` and records every event, with a header naming the lesson, the
/// options, every state the events mention and the result.
pub fn recorded(lesson: &Lesson, setup: &RunSetup) -> Result<Trace> {
    recorded_counting(lesson, setup, None)
}

/// `recorded`, counting admitted calls into `progress` as the search goes.
pub fn recorded_counting(
    lesson: &Lesson,
    setup: &RunSetup,
    progress: Option<Arc<AtomicU64>>,
) -> Result<Trace> {
    let mut rec = Recorder {
        progress,
        ..Recorder::default()
    };
    let result = search::run(&lesson.graph, setup.start, &setup.options, &mut rec)
        .map_err(|e| named(lesson, e))?;
    let Recorder {
        mut events,
        mut moves,
        mut children,
        ..
    } = rec;
    // A million-call run records millions of events: give back the growth slack.
    events.shrink_to_fit();
    moves.shrink_to_fit();
    children.shrink_to_fit();
    let catalog = catalog(&lesson.graph, setup.start, &events, &children);
    let header = header(lesson, setup, catalog, result);
    Ok(Trace {
        header,
        events,
        moves,
        children,
    })
}

/// The header of a run of `setup` on `lesson`.
pub fn header(lesson: &Lesson, setup: &RunSetup, catalog: Catalog, result: RunResult) -> Header {
    Header {
        format: trace::FORMAT.to_string(),
        version: trace::VERSION,
        lesson: lesson.name.clone(),
        title: lesson.spec.title.clone(),
        preset: None,
        start: setup.start,
        options: setup.options,
        scores: Scores::MaxSide,
        catalog,
        result,
    }
}

/// The graph's names and sides of every state `keep` says.
pub fn graph_catalog(graph: &Graph, keep: impl Fn(u32) -> bool) -> Catalog {
    let states = (0..graph.len() as u32)
        .filter(|&s| keep(s))
        .map(|s| StateInfo {
            id: s,
            label: graph.label(s).map(str::to_string),
            turn: graph.side(s),
            score: graph.score(s),
            tactical: (0..graph.move_count(s))
                .filter(|&i| graph.is_tactical(s, i))
                .map(|i| i as u16)
                .collect(),
        })
        .collect();
    Catalog::new(states)
}

/// The graph's names and sides of every state the run mentions.
fn catalog(graph: &Graph, start: u32, events: &[Event], children: &[u32]) -> Catalog {
    let mut seen = vec![false; graph.len()];
    let mut mark = |s: u32| {
        if let Some(slot) = seen.get_mut(s as usize) {
            *slot = true;
        }
    };
    mark(start);
    children.iter().for_each(|&s| mark(s));
    for event in events {
        match *event {
            Event::Enter { state, .. } | Event::Refused { state, .. } => mark(state),
            Event::Push { state, .. } => mark(state),
            Event::PassStart { .. }
            | Event::PassEnd { .. }
            | Event::Probe { .. }
            | Event::Read { .. }
            | Event::StandPat { .. }
            | Event::Order { .. }
            | Event::Pop { .. }
            | Event::Best { .. }
            | Event::Window { .. }
            | Event::Cutoff { .. }
            | Event::Store { .. }
            | Event::Return { .. }
            | Event::Unwind { .. } => {}
        }
    }
    graph_catalog(graph, |s| seen[s as usize])
}

/// A run that cannot proceed names the lesson it came from.
pub fn named(lesson: &Lesson, source: search::SearchError) -> Error {
    Error::Run {
        path: lesson.name.clone(),
        source,
    }
}
