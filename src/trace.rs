//! The recorded run as one self-describing, versioned artifact: a `Header` (what was searched,
//! how, with which names, and what came out) and the events (`event`) with their arenas.
//! Events carry everything a view needs, so a trace replays without the game it came from.

pub mod catalog;

use serde::{Deserialize, Serialize};

pub use crate::event::events::Events;
pub use crate::event::{Event, ReturnKind};
pub use catalog::{Catalog, StateInfo};

use crate::game::Limits;
use crate::game::model::GameSpec;
use crate::search::{Options, RunResult};

/// The `format` field of every saved trace.
pub const FORMAT: &str = "prune-trace";
/// The newest format version this build reads and the one it writes. Version 2's header
/// says the run's real score convention (`side-to-move` for negamax and PVS,
/// `payoff-vector` for max-n); version 1 wrote `max-side` for every run, and its files are
/// read with the convention of their algorithm. The events are the same in both. Version 3
/// numbers a game's positions in the order the run met them (a graph keeps its node numbers)
/// and keeps each position's board in the catalog; versions 1 and 2 numbered tic-tac-toe
/// boards by their base-3 code and uniform trees' nodes by level order, and `upgrade` adds
/// the boards their catalogs lack. Every number a trace holds is read through its catalog,
/// so the old numbers read as they are.
pub const VERSION: u32 = 3;

/// Brings a trace of an earlier version up to what this build's views read: a game's trace
/// before version 3 lists no boards, which the game gives for each label (a game names a
/// position by its label).
pub fn upgrade(trace: &mut Trace) {
    if trace.header.version >= 3 {
        return;
    }
    let Some(Ok(model)) = trace.header.game.as_ref().map(|g| g.build(None)) else {
        return;
    };
    let states = trace.header.catalog.iter().cloned().map(|mut s| {
        let named = s.label.as_deref().and_then(|l| model.find(l).ok());
        if let Some((_, d)) = named {
            (s.board, s.board_note) = (d.board, d.board_note);
        }
        s
    });
    trace.header.catalog = Catalog::new(states.collect());
}

/// Which side a score is counted from (the run's family says: `search::Family`).
pub use crate::search::Convention as Scores;

/// What a trace is about: everything a view needs besides the events themselves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// Always `prune-trace`.
    pub format: String,
    pub version: u32,
    /// The lesson as it was opened (a built-in name or a file path), to re-run it later.
    pub lesson: String,
    pub title: String,
    /// The run preset the options started from, when there was one.
    #[serde(default)]
    pub preset: Option<String>,
    pub start: u32,
    /// The game, when it is not the lesson's explicit graph: its limits check the options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameSpec>,
    pub options: Options,
    pub scores: Scores,
    /// Every value in the trace (scores, windows, entries, results) counts units of
    /// 1/scale: 1 for integer games, a graph's common denominator when chance nodes average
    /// (`exact`). Views divide it back through `value::Units`.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub scale: i32,
    /// The players of a game of several, in the order of every payoff vector (empty for MAX
    /// against MIN).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// Every state the events mention, with its name and whose turn it is.
    pub catalog: Catalog,
    pub result: RunResult,
}

fn one() -> i32 {
    1
}

fn is_one(v: &i32) -> bool {
    *v == 1
}

/// One recorded run: the header, the events, and the arenas events point into.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trace {
    pub header: Header,
    pub events: Events,
    /// Candidate move indices of every `Order`, concatenated.
    pub moves: Vec<u16>,
    /// The child state of each entry of `moves`.
    pub children: Vec<u32>,
    /// Every Monte Carlo selection's exploration bonuses, concatenated (`Mcts::Select`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonuses: Vec<f64>,
}

impl Trace {
    /// Candidates and their child states of an `Order` event.
    pub fn order(&self, start: u32, len: u16) -> (&[u16], &[u32]) {
        let range = start as usize..start as usize + len as usize;
        (&self.moves[range.clone()], &self.children[range])
    }

    /// The exploration bonuses of a `Select` event.
    pub fn bonuses(&self, start: u32, len: u16) -> Option<&[f64]> {
        self.bonuses
            .get(start as usize..start as usize + len as usize)
    }
}

/// A saved trace that cannot be read, or whose events do not fit its header.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TraceError {
    #[error("this is a trace of format version {found}; this prune reads versions up to {VERSION}")]
    Version { found: u32 },
    #[error("not a prune trace (its format is '{found}', expected '{FORMAT}')")]
    Format { found: String },
    #[error("event {event}: {rule}")]
    Event { event: usize, rule: String },
    #[error("{0}")]
    Header(String),
}

/// Saved traces larger than this are refused before parsing, and `prune trace --format json`
/// refuses to write one (`saved::check_size`): every trace prune writes reads back. A run at
/// the recording limit (`run::MAX_EVENTS`, 20 M events) is about 1.6 GB; a million-call run is
/// about a quarter of the limit.
pub const MAX_TRACE_BYTES: u64 = 1 << 31;

/// The top-level keys of a saved trace, in `Trace`'s order: a document is a trace by these,
/// whatever the order of its keys (a lesson has none of them).
pub const KEYS: [&str; 5] = ["header", "events", "moves", "children", "bonuses"];

impl Header {
    /// Whose node a turn is, for people: "MAX", "MIN", "CHANCE", or a player's own name.
    pub fn turn_name(&self, turn: crate::game::Side) -> String {
        match turn {
            crate::game::Side::Player(seat) => self.players.get(seat.index()).map_or_else(
                || format!("player {}", seat.index() + 1),
                |p| format!("player {p}"),
            ),
            turn => turn.name().to_string(),
        }
    }

    /// How this trace's values are written: in units of 1/scale, and
    /// for a max-n run as the payoff vectors they stand for.
    pub fn units(&self) -> crate::value::Units {
        let units = crate::value::Units::of(self.scale);
        let vectors = self.options.family().vectors().then(|| {
            self.catalog
                .iter()
                .filter(|s| !s.payoffs.is_empty())
                .map(|s| (s.id as i32, units.vector_text(&s.payoffs)))
                .collect()
        });
        crate::value::Units::with_vectors(self.scale, vectors)
    }

    /// What the run's game accepts: seed 000's contract for a graph, the game's own limits
    /// otherwise (a game that cannot be built is an error).
    pub fn limits(&self) -> Result<Limits, String> {
        match &self.game {
            // A graph's chance nodes are in the catalog (as MIN nodes when the run searched
            // them so); its players are the header's (a paranoid run's catalog has only
            // MAX and MIN nodes).
            None | Some(GameSpec::Graph) => Ok(Limits {
                chance: self.options.chance_as_min
                    || self.catalog.iter().any(|s| s.turn.is_chance()),
                players: self.players.len() as u8,
                ..Limits::SEED_000
            }),
            Some(spec) => spec.build(None).map(|m| m.limits()),
        }
    }
}

impl Trace {
    /// The whole trace as one JSON document.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a trace always serialises") + "\n"
    }
}
