//! The `Game` trait: everything the search core may know about a game.
//!
//! The core never sees a graph, a board or a file. It asks a `Game` whose turn it is, what a
//! position is worth, which moves leave it and which of those are tactical. Explicit lesson
//! graphs are one implementation (`graph`); boards and implicit trees plug in the same way.

pub mod contract;
pub mod graph;
pub mod leaf_map;
pub mod model;
pub mod tictactoe;
pub mod uniform;

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
    /// The game's own score of a position, from MAX's side: the utility of a finished one,
    /// the static evaluation of any other. What move ordering ranks children by and what the
    /// catalog records. `None` when the game gives no score here (textbook trees score only
    /// their leaves); reading it then fails the run.
    fn score(&self, s: Self::State) -> Option<i32>;
    /// The outcome of a finished game (no moves), from MAX's side. Asked only of terminal
    /// positions: the core tests for the end of the game before anything else.
    #[inline]
    fn utility(&self, s: Self::State) -> Option<i32> {
        self.score(s)
    }
    /// The static evaluation of an unfinished position (a depth horizon, stand pat), from
    /// MAX's side.
    #[inline]
    fn evaluate(&self, s: Self::State) -> Option<i32> {
        self.score(s)
    }
    fn move_count(&self, s: Self::State) -> usize;
    fn child(&self, s: Self::State, index: usize) -> Self::State;
    /// Tactical moves are the only ones quiescence follows.
    fn is_tactical(&self, s: Self::State, index: usize) -> bool;
    /// What a run on this game may ask for (seed 000's contract unless the game says more).
    fn limits(&self) -> Limits {
        Limits::SEED_000
    }
}

/// The run options a game accepts. Seed 000's input contract (depth 1..=12, budget up to a
/// million calls, quiescence up to 6) is the explicit graph's; a game with more room, or with
/// no tactical moves, says so here and the run is checked against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub max_depth: u8,
    pub max_budget: u64,
    /// 0 when the game has no tactical moves (quiescence would never move).
    pub max_qlimit: u8,
    /// Whether the table, move hints and recording may key states by id: false for a tree
    /// with more positions than a u32 numbers (its ids wrap).
    pub ids_unique: bool,
    /// Why `--qlimit` does not apply, when `max_qlimit` is 0.
    pub no_quiescence: &'static str,
}

impl Limits {
    pub const SEED_000: Limits = Limits {
        max_depth: 12,
        max_budget: 1_000_000,
        max_qlimit: 6,
        ids_unique: true,
        no_quiescence: "",
    };
}
