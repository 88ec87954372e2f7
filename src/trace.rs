//! The recorded run as one self-describing, versioned artifact: a `Header` (what was searched,
//! how, with which names, and what came out) and the events with their arenas.
//!
//! Each event is a small fixed-size delta (at most 24 bytes) that moves a view of the search
//! one step forward. Events carry everything a view needs (whose turn a call is, where in the
//! trying order a pushed candidate stands, the child state of every ordered candidate), so a
//! trace replays without the game it came from. New algorithms (chance nodes, utility vectors,
//! PVS re-searches, MCTS) add variants; existing ones keep their meaning.

pub mod catalog;

use serde::{Deserialize, Serialize};

pub use catalog::{Catalog, StateInfo};

use crate::game::Side;
use crate::search::tt::{Entry, Flag, Key};
use crate::search::{Options, RunResult};

/// The `format` field of every saved trace.
pub const FORMAT: &str = "prune-trace";
/// The newest format version this build reads and the one it writes.
pub const VERSION: u32 = 1;

/// How a call produced its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReturnKind {
    /// It searched its candidates (or stood pat) and stored this flag.
    #[serde(rename = "searched")]
    Searched(Flag),
    /// A usable table entry answered it.
    #[serde(rename = "tt-hit")]
    TableHit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// An iteration of the driver begins with the full root window.
    PassStart { depth: u8 },
    /// It ended: DONE with its root result, or ABORT (score 0, move -1).
    PassEnd {
        depth: u8,
        done: bool,
        score: i32,
        mv: i16,
    },
    /// A call was admitted against the budget; `turn` is whose choice the state is.
    Enter {
        state: u32,
        turn: Side,
        ply: u16,
        depth: u8,
        qleft: u8,
        alpha: i32,
        beta: i32,
    },
    /// The budget was spent: this call is refused and the search unwinds.
    Refused { state: u32, ply: u16 },
    /// The table was consulted for the call's key.
    Probe {
        state: u32,
        found: Option<Entry>,
        usable: bool,
    },
    /// A terminal utility or a static evaluation at the horizon (stored EXACT).
    Read {
        state: u32,
        value: i32,
        terminal: bool,
    },
    /// Quiescence: the side to move may stop here with its static score.
    StandPat {
        state: u32,
        value: i32,
        cutoff: bool,
    },
    /// Candidates in trying order: `len` move indices at `start` in the `moves` arena, and
    /// the state each leads to at the same place in the `children` arena.
    Order { state: u32, start: u32, len: u16 },
    /// Move `mv`, the candidate at `pos` in the frame's order, is applied: `state` is the
    /// child now on the active path.
    Push { state: u32, mv: i16, pos: u16 },
    /// The child returned `value` and left the active path.
    Pop { state: u32, value: i32 },
    /// Strict improvement of the frame's best.
    Best { state: u32, value: i32, mv: i16 },
    /// The frame's window narrowed.
    Window { state: u32, alpha: i32, beta: i32 },
    /// The window closed after the candidate at `pos` in the order; the rest are skipped.
    Cutoff {
        state: u32,
        pos: u16,
        alpha: i32,
        beta: i32,
    },
    /// A proven value for a key; `kept` is false when the table is off (the flag it would have).
    Store {
        key: Key,
        value: i32,
        mv: i16,
        flag: Flag,
        kept: bool,
    },
    /// The call returns.
    Return {
        state: u32,
        value: i32,
        mv: i16,
        how: ReturnKind,
    },
    /// The call is abandoned by an interruption, stores nothing, and leaves the path.
    Unwind { state: u32 },
}

const _: () = assert!(std::mem::size_of::<Event>() <= 24);

/// Which side a score is counted from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scores {
    /// Every score is from MAX's side, at every node (seed 000's core).
    MaxSide,
}

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
    pub options: Options,
    pub scores: Scores,
    /// Every state the events mention, with its name and whose turn it is.
    pub catalog: Catalog,
    pub result: RunResult,
}

/// One recorded run: the header, the events, and the arenas events point into.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trace {
    pub header: Header,
    pub events: Vec<Event>,
    /// Candidate move indices of every `Order`, concatenated.
    pub moves: Vec<u16>,
    /// The child state of each entry of `moves`.
    pub children: Vec<u32>,
}

impl Trace {
    /// Candidates and their child states of an `Order` event.
    pub fn order(&self, start: u32, len: u16) -> (&[u16], &[u32]) {
        let range = start as usize..start as usize + len as usize;
        (&self.moves[range.clone()], &self.children[range])
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

/// Saved traces larger than this are refused before parsing (a million-call run is about
/// half of it).
pub const MAX_TRACE_BYTES: u64 = 1 << 30;

/// Whether JSON text is a saved trace (its top level names the trace format) rather than a
/// lesson or a graph.
pub fn is_trace(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Peek {
        header: Option<PeekHeader>,
    }
    #[derive(Deserialize)]
    struct PeekHeader {
        format: Option<String>,
    }
    serde_json::from_str::<Peek>(text)
        .ok()
        .and_then(|p| p.header?.format)
        .is_some_and(|f| f == FORMAT)
}

impl Trace {
    /// Reads a saved trace; `origin` names it in errors. The format and version are checked
    /// before the rest, so a newer trace says so instead of failing on a field it added.
    pub fn parse(origin: &str, text: &str) -> crate::error::Result<Trace> {
        #[derive(Deserialize)]
        struct Peek {
            header: PeekHeader,
        }
        #[derive(Deserialize)]
        struct PeekHeader {
            format: String,
            version: u32,
        }
        let named = |source| crate::error::Error::Trace {
            path: origin.to_string(),
            source,
        };
        let peek: Peek =
            serde_json::from_str(text).map_err(|e| crate::error::json_error(origin, &e))?;
        if peek.header.format != FORMAT {
            return Err(named(TraceError::Format {
                found: peek.header.format,
            }));
        }
        if peek.header.version > VERSION {
            return Err(named(TraceError::Version {
                found: peek.header.version,
            }));
        }
        serde_json::from_str(text).map_err(|e| crate::error::json_error(origin, &e))
    }

    /// The whole trace as one JSON document.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a trace always serialises") + "\n"
    }
}
