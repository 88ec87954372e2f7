//! The one fold over a trace. `Index::build` reads the events once, checks that they fit
//! their header, and keeps what every view asks about: the searched tree (one node per call,
//! stubs for what was skipped, refused or never reached), the jump marks and the per-key table
//! history. The tutor, `prune trace`, the exports, the practice grader and the lesson facts all
//! read this index; none of them walks the events again.
//!
//! - `fold`: the fold itself; every match over `Event` there is exhaustive, so a new event
//!   kind does not compile until the index has decided what it means.
//! - `tree`: the stored calls and the tree view (stubs read off the order arena).
//! - `history`: values that persist across the run per node (`History`), read at any step;
//!   `table`: the per-key table history built on it; `query`: the questions views ask of the
//!   tree.
//! - `why`: "why?" on a node, as chains of trace steps (skips, flags, windows, choices,
//!   probes; a Monte Carlo selection and the move played).
//! - `question`: predict-then-reveal questions due at a step, with their answers read off
//!   the trace and what the views hold back while one is open.
//! - `saved`: saved trace files, a game's checked against the game it names (`game_check`);
//!   `stream`: the fold run as the search goes (call rows only), `rows` what the row views
//!   read, `spill` where a streamed run keeps its rows.

mod chance;
mod fold;
mod folded;
mod game_check;
mod growth;
pub mod history;
mod marks;
pub mod monte;
mod query;
pub mod question;
mod recorded;
mod rows;
pub mod saved;
mod spill;
mod stream;
mod table;
pub mod tree;
pub mod why;

pub use folded::Index;
pub use growth::PassCalls;
pub use marks::Marks;
pub use query::{After, Skip};
pub use recorded::{Recorded, record};
pub use rows::{CallRows, Row};
pub use saved::parse;
/// Bytes of temporary disk a call's row takes when a large run's rows go to a file.
pub use spill::ROW as ROW_BYTES;
pub use stream::{Streamed, calls_only, result_with_bound};
pub use table::{TableLog, TableRow};
pub use tree::{AttemptInfo, NONE, NodeKind, Outcome, PassInfo, Tree, TreeNode};
