//! prune: a terminal tutor for game-tree search.
//!
//! Data flows one way: a lesson (`lesson`) gives a `game`; the `search` core runs on it and
//! reports every step to an `observer`; a `Recorder` keeps the `trace` of events, which the
//! headless `cli` prints and the practice checker and the TUI replay. Nothing computes a
//! search result a second way.
//!
//! - `game`: the `Game` trait and the explicit lesson graph with its input contract.
//! - `search`: seed 000's alpha-beta driver (and plain minimax), table, counters, results.
//! - `observer`, `trace`: events, the recorder, and the per-call fold of a trace.
//! - `lesson`: the lesson/graph file format, validation, built-in lessons, run presets.
//! - `run`: starting a lesson's run with or without recording.
//! - `cli`: the headless commands.
//! - `replay`: the view of a recorded trace at any step (frames, table, counters, tree,
//!   narration), rebuilt event by event from keyframes.
//! - `tui`: the stepping tutor, a replay of a recorded trace.
//! - `practice`: problems whose answers the same core computes, and their graders.
//! - `export`: DOT, Markdown, JSON lines and s-expression renderings; s-expression import.
//! - `rng`: the one seeded generator (practice sets, generated graphs, tests).

pub mod cli;
pub mod error;
pub mod event;
pub mod export;
pub mod game;
pub mod index;
pub mod lesson;
pub mod observer;
pub mod practice;
pub mod replay;
pub mod report;
pub mod rng;
pub mod run;
pub mod search;
pub mod trace;
pub mod tui;
pub mod value;
