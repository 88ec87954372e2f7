//! prune: a terminal tutor for game-tree search.
//!
//! The modules in layers, lowest first. A module imports only modules on lines above its own,
//! never one on its own line or below (`tests/module_graph.rs` reads this list and checks it
//! against every import, and checks that no two files import each other in a circle):
//!
//! - `exact`, `rng`, `size`, `stats`, `text`, `chart`: leaves that import nothing of the
//!   project: exact fractions for chance values; the one seeded generator; exact tree-size
//!   arithmetic (b^d, Knuth–Moore, Pearl, iterative deepening, dice); a mean and its 95 %
//!   interval; the one printable-text rule for all output (control characters shown escaped);
//!   series of counts against depth drawn as text, CSV or SVG (log scale).
//! - `value`: scores, bound flags and cut rules, and the units a run's values are written in.
//! - `game`: the `Game` trait; the explicit lesson graph and its input contract (seed 000's
//!   rules live there only), the uniform trees and tic-tac-toe.
//! - `event`: the events the core reports, small fixed-size values: a skeleton every search
//!   family shares and one detail enum per family.
//! - `observer`: what the core reports to: `NoTrace` (compiled away) and the `Recorder`.
//! - `search`: seed 000's alpha-beta driver (and plain minimax), negamax and PVS,
//!   expectiminimax, max-n, Monte Carlo tree search (UCT, over a tree of its own), the
//!   table, candidates, counters; `search::family` holds the
//!   family trait every layer above asks instead of testing the algorithm, and the one
//!   dispatch from an algorithm to its family.
//! - `trace`: the recorded run as a self-describing, versioned artifact (header with the
//!   options, the score convention, the catalog of state names and turns, the result; the
//!   events and their arenas).
//! - `error`: the one error type; it wraps the search's and the trace's errors and the
//!   graph contract's problems, so it sits above them.
//! - `input`, `save`: every input file and stdin read through a bounded reader; every file
//!   written through one temporary-file, flush and rename path.
//! - `lesson`: the lesson/graph file format, validation, built-in lessons, run presets, and
//!   the fact and practice specs as plain data.
//! - `run`: a lesson's run, recorded into a `Trace` or not.
//! - `index`: the one fold over a trace (searched tree, call rows, jump marks, per-node
//!   histories such as the table's), run the same way live as the search goes, and saved-trace
//!   files; every view above reads it.
//! - `replay`, `report`, `diff`: the view of an indexed run at any step, from keyframes, and
//!   its narration; text renderings (seed 000's lines, table, tsv, jsonl, json); two recorded
//!   runs compared node by node (nodes matched by their moves from the root): nodes only one
//!   run searched, cutoffs that moved, results that changed, the deltas of their counters.
//! - `practice`, `export`, `check`: problems and their graders; DOT/Markdown/s-expressions
//!   and import; a student's own engine output (JSON lines) checked against a run.
//! - `course`: the lessons in the order a student follows them, in chapters with objectives
//!   and the checks that show each learnt; what is done, read from the progress file's marks.
//! - `tui`: the stepping tutor: one terminal session, plain app state, one file per screen
//!   region, the practice round as a component.
//! - `cli`: the command line (every clap type in `cli/args.rs`).

pub mod chart;
pub mod check;
pub mod cli;
pub mod course;
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
