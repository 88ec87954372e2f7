//! The search core: shared types for runs, results and counters.
//!
//! `alphabeta` is seed 000's algorithm exactly (bound-aware table, ordering, bounded
//! quiescence, node budget); `Algorithm::Minimax` runs the same model without pruning, for
//! comparison. `negamax` is seed 002's form of the same search (scores from the side to move,
//! fail-soft), with principal variation search as an option of its loop. `chance` is seed
//! 004's chance node inside `alphabeta`'s recursion (expectiminimax), `maxn` its search of a
//! game of several players. All of them share `engine` (admission, the table, candidates,
//! stores) and `driver` (iterative deepening and aspiration windows), and report every step
//! to an `Observer`. `mcts` is seed 004's Monte Carlo tree search: iterations over a tree of
//! its own (nodes, not calls), entered through the same `run_from`, reporting each phase. `family` says what each family's values mean to everything above the
//! core: `Algorithm::family` is the one place the algorithm is dispatched on outside it.

pub mod alphabeta;
pub mod candidates;
mod chance;
mod driver;
mod engine;
pub mod family;
mod maxn;
pub mod mcts;
mod negamax;
mod options;
mod result;
pub mod solver;
pub mod tt;

pub use crate::game::{Limits, Seat};
pub use crate::value::{AttemptOutcome, CutRule, Flag, INF};
pub use driver::{run, run_from, run_proving};
pub use family::{Convention, Family};
pub use options::*;
pub use result::*;
