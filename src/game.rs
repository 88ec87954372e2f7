//! The `Game` trait: everything the search core may know about a game.
//!
//! The core never sees a graph, a board or a file. It asks a `Game` whose turn it is, what a
//! position is worth, which moves leave it and which of those are tactical. Explicit lesson
//! graphs are one implementation (`graph`); boards and implicit trees plug in the same way.

pub mod contract;
pub mod graph;

use serde::{Deserialize, Serialize};

/// Whose choice a node is. Scores are always from MAX's side (seed 000's convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    #[serde(rename = "MAX")]
    Max,
    #[serde(rename = "MIN")]
    Min,
}

impl Side {
    pub fn is_max(self) -> bool {
        self == Side::Max
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Max => "MAX",
            Side::Min => "MIN",
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Max => Side::Min,
            Side::Min => Side::Max,
        }
    }
}

/// A deterministic, alternating, two-player, zero-sum game as the search core sees it.
///
/// Contract: `id` is unique per position (it keys the transposition table and the move hints),
/// a position has at most `i16::MAX` moves, and move `i` of `s` always leads to `child(s, i)`.
pub trait Game {
    type State: Copy + Eq + std::fmt::Debug;

    /// A unique, stable number for the position.
    fn id(&self, s: Self::State) -> u32;
    /// When every id is below this bound the core keeps its tables in flat arrays.
    fn id_bound(&self) -> Option<u32>;
    fn side(&self, s: Self::State) -> Side;
    /// Terminal utility or static evaluation, from MAX's side. `None` when the game gives no
    /// score here (textbook trees score only their leaves); reading it then fails the run.
    fn score(&self, s: Self::State) -> Option<i32>;
    fn move_count(&self, s: Self::State) -> usize;
    fn child(&self, s: Self::State, index: usize) -> Self::State;
    /// Tactical moves are the only ones quiescence follows.
    fn is_tactical(&self, s: Self::State, index: usize) -> bool;
}
