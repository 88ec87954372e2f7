//! prune: a terminal tutor for game-tree search.
//!
//! Data flows one way, from the bottom of this list to the top; no module imports one above
//! it (`tests/module_graph.rs` checks that there is no cycle):
//!
//! - `size`: exact tree-size arithmetic (b^d, Knuth–Moore, Pearl, iterative deepening, dice);
//!   it imports nothing of the project; `stats`: a mean and its 95 % interval.
//! - `value`, `rng`, `error`: scores and bound flags with the one score formatter; the one
//!   seeded generator; the error type.
//! - `text`, `input`, `save`: the one printable-text rule for all output (control characters
//!   shown escaped); every input file and stdin read through a bounded reader; every file
//!   written through one temporary-file, flush and rename path.
//! - `game`: the `Game` trait; the explicit lesson graph and its input contract (seed 000's
//!   rules live there only).
//! - `event`, `observer`: the events the core reports; `NoTrace` (compiled away) and the
//!   `Recorder`.
//! - `search`: seed 000's alpha-beta driver (and plain minimax), table, candidates, counters.
//! - `trace`: the recorded run as a self-describing, versioned artifact (header with the
//!   options, the score convention, the catalog of state names and turns, the result; the
//!   events and their arenas).
//! - `lesson`: the lesson/graph file format, validation, built-in lessons, run presets, and
//!   the fact and practice specs as plain data.
//! - `run`: a lesson's run, recorded into a `Trace` or not.
//! - `index`: the one fold over a trace (searched tree, call rows, jump marks, table history),
//!   and saved-trace files; every view below reads it.
//! - `replay`: the view of an indexed run at any step, from keyframes, and its narration.
//! - `report`, `export`, `practice`: text renderings (seed 000's lines, table, tsv, jsonl,
//!   json), DOT/Markdown/s-expressions and import, problems and their graders.
//! - `chart`: series of counts against depth drawn as text, CSV or SVG (log scale).
//! - `diff`: two recorded runs compared node by node (nodes matched by their moves from the
//!   root): nodes only one run searched, cutoffs that moved, results that changed, and the
//!   deltas of the runs' own counters.
//! - `tui`: the stepping tutor: one terminal session, plain app state, one file per screen
//!   region, the practice round as a component.
//! - `cli`: the command line (every clap type in `cli/args.rs`).

pub mod chart;
pub mod cli;
pub mod diff;
pub mod error;
pub mod event;
pub mod exact;
pub mod export;
pub mod game;
pub mod index;
pub mod input;
pub mod lesson;
pub mod observer;
pub mod practice;
pub mod replay;
pub mod report;
pub mod rng;
pub mod run;
pub mod save;
pub mod search;
pub mod size;
pub mod stats;
pub mod text;
pub mod trace;
pub mod tui;
pub mod value;
