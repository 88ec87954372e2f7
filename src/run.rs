//! Running a lesson: the one place the CLI, the TUI and the practice checker start a search.
//! A recorded run comes back as a self-describing `Trace`.

pub mod reply;

use std::borrow::Cow;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use crate::error::{Error, Result};
use crate::game::model::{Model, Visit};
use crate::game::{Game, Side};
use crate::lesson::{Lesson, RunSetup};
use crate::observer::{Counter, NoTrace, Observer, Recorder};
use crate::search::{self, Options, RunResult, SearchError};
use crate::trace::{self, Catalog, Header, StateInfo, Trace};

/// The most events the tutor and `prune trace` record of one run (8 bytes each as most are
/// stored, 24 for the rest, so some 160 MB at the limit, before the index). A larger run is refused before it is
/// recorded: `prune run` and `prune count`, which never record, still answer it.
pub const MAX_EVENTS: usize = 20_000_000;

pub fn plain(lesson: &Lesson, setup: &RunSetup) -> Result<RunResult> {
    search(lesson, setup, &mut NoTrace).map_err(|e| named(lesson, e))
}

/// Runs `setup` on the lesson's game, reporting to `obs`: the one place a lesson's run meets
/// the search core, whatever the game.
pub fn search<O: Observer>(
    lesson: &Lesson,
    setup: &RunSetup,
    obs: &mut O,
) -> std::result::Result<RunResult, SearchError> {
    proving(lesson, setup, obs).map(|(result, _)| result)
}

/// `search`, with what the committed answer proves (`search::run_proving`).
pub fn proving<O: Observer>(
    lesson: &Lesson,
    setup: &RunSetup,
    obs: &mut O,
) -> std::result::Result<(RunResult, Option<search::Flag>), SearchError> {
    struct Run<'a, O> {
        options: &'a Options,
        prior: &'a search::mcts::Prior,
        obs: &'a mut O,
    }
    impl<O: Observer> Visit for Run<'_, O> {
        type Out = std::result::Result<(RunResult, Option<search::Flag>), SearchError>;
        fn visit<G: Game>(self, game: &G, start: G::State) -> Self::Out {
            search::run_proving(game, start, self.options, self.prior, self.obs)
        }
    }
    // A Monte Carlo run may start from the tree its preset states.
    let prior = lesson.prior(setup).map_err(SearchError::Options)?;
    game(lesson, &setup.options).visit(
        setup.start,
        Run {
            options: &setup.options,
            prior: &prior,
            obs,
        },
    )
}

/// The game a run of `options` searches: the lesson's, or a transformation of its graph that
/// the options ask for (chance nodes searched as MIN nodes; several players reduced to one
/// against the rest for the paranoid model). The transformed graph keeps the original's
/// scale, so both runs count values alike.
pub fn game<'a>(lesson: &'a Lesson, options: &Options) -> Cow<'a, Model> {
    let Model::Graph(g) = &lesson.model else {
        return Cow::Borrowed(&lesson.model);
    };
    let paranoid = options.reduces_to_two_sides();
    if !options.chance_as_min && options.leaf_map.is_none() && !paranoid {
        return Cow::Borrowed(&lesson.model);
    }
    // `Lesson::setup` checked that the map fits; a map that does not is left out.
    let mut g = options
        .leaf_map
        .and_then(|m| lesson.mapped_graph(m).ok())
        .unwrap_or_else(|| g.clone());
    if paranoid {
        // Without a root player the options' check refuses the run before any search.
        if let Some(seat) = options.paranoid_for {
            g = g.paranoid(seat);
        }
    }
    if options.chance_as_min {
        g = g.with_sides(|_, side| if side.is_chance() { Side::Min } else { side });
    }
    Cow::Owned(Model::Graph(g))
}

/// Runs `setup` without recording and counts what the seeds count (see `Counter`).
pub fn count(lesson: &Lesson, setup: &RunSetup) -> Result<(RunResult, Counter)> {
    let mut counter = Counter::new(lesson.model.key_bound());
    let result = search(lesson, setup, &mut counter).map_err(|e| named(lesson, e))?;
    Ok((result, counter))
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
        limit: Some(MAX_EVENTS),
        positions: crate::observer::Interner::describing(),
        ..Recorder::default()
    };
    let result = search(lesson, setup, &mut rec).map_err(|e| named(lesson, e))?;
    if rec.overflowed {
        let (size, shorter) = if setup.options.family().samples() {
            let its = setup.options.mcts.iterations;
            (format!("{its} iterations"), "fewer --iterations")
        } else {
            (
                format!("{} calls", result.stats.nodes),
                "a lower --depth or --budget",
            )
        };
        return Err(Error::Options(format!(
            "{}: this run takes more than {MAX_EVENTS} events ({size}), more than the tutor and prune trace record; record a shorter run ({shorter}), or get its result without recording from prune run",
            lesson.name
        )));
    }
    let Recorder {
        mut events,
        mut moves,
        mut children,
        mut bonuses,
        positions,
        ..
    } = rec;
    // A million-call run records millions of events: give back the growth slack.
    events.shrink_to_fit();
    moves.shrink_to_fit();
    children.shrink_to_fit();
    bonuses.shrink_to_fit();
    let catalog = catalog(positions, setup);
    let header = header(lesson, setup, catalog, result);
    Ok(Trace {
        header,
        events,
        moves,
        children,
        bonuses,
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
        game: (!lesson.spec.game.is_graph()).then(|| lesson.spec.game.clone()),
        options: setup.options,
        scores: setup.options.family().convention(),
        // The searched game's: a leaf map may count in finer units than the lesson.
        scale: game(lesson, &setup.options).scale(),
        players: match &lesson.model {
            Model::Graph(g) => g.players().to_vec(),
            _ => Vec::new(),
        },
        catalog,
        result,
    }
}

/// The catalog of a graph's run before it is indexed as it goes (the call rows): every node of
/// the graph the run searches, as the run plays it. Other games list no positions up front:
/// a run numbers them as it meets them.
pub fn graph_catalog(lesson: &Lesson, setup: &RunSetup) -> Option<Catalog> {
    let Model::Graph(_) = &lesson.model else {
        return None;
    };
    let Model::Graph(g) = game(lesson, &setup.options).into_owned() else {
        return None;
    };
    let states = (0..g.len() as u32)
        .map(|id| StateInfo::described(id, g.describe(id)).as_run_sees(&setup.options, setup.start))
        .collect();
    Some(Catalog::new(states))
}

/// The catalog of a recorded run: every position it met, numbered as the events name it, with
/// what the game says of it and the side the run played it for.
fn catalog(positions: crate::observer::Interner, setup: &RunSetup) -> Catalog {
    let states = (positions.met.into_iter())
        .map(|(id, d)| StateInfo::described(id, d).as_run_sees(&setup.options, setup.start))
        .collect();
    Catalog::new(states)
}

/// A run that cannot proceed names the lesson it came from.
pub fn named(lesson: &Lesson, source: search::SearchError) -> Error {
    Error::Run {
        path: lesson.name.clone(),
        source,
    }
}
