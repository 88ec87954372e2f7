//! Monte Carlo tree search's detail events (seed 004 §6): each iteration's selection,
//! expansion, playout and backup. A Monte Carlo node is the same node across iterations: it
//! is named by its id in the search's own tree (the root is 0, each `Expand` adds the next),
//! not by a call. Counts are exact: a reward is counted in the run's unit, 1/`per_win` of a
//! win (`MctsSummary::per_win`; half-wins, a win 2, a draw 1, a loss 0, unless a score reward
//! needs a finer one), for the player who moved into the node.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Mcts {
    /// Before the first iteration: node `node` is stated to have `n` visits and `u`
    /// rewards (a lesson's given position of the tree; its `Expand` comes first).
    Given { node: u32, n: u32, u: u32 },
    /// Iteration `number` (from 1) starts at the root.
    Iteration { number: u32 },
    /// Selection at choice node `node`: every child's exploration bonus at this moment is at
    /// `start..start + len` in the trace's `bonuses` arena, in the node's child order, and
    /// the child at `pos` has the largest UCB1 (mean + bonus), the first in order on a tie.
    Select {
        node: u32,
        start: u32,
        len: u16,
        pos: u16,
    },
    /// Selection at chance node `node`: the outcome at `pos` (its move index) was drawn by its
    /// probability. An `Expand` follows when that outcome has no node yet.
    Draw { node: u32, pos: u16 },
    /// Node `node` is added under `parent`: the move and the state it reaches are entry `at`
    /// of the trace's `moves` and `children` arenas.
    Expand { node: u32, parent: u32, at: u32 },
    /// A playout from `node`'s position: the moves it played and the states they reached are
    /// `start..start + len` of the arenas (never nodes of the tree), ending in a finished
    /// game worth `value` (MAX's side), a `result` for MAX in the run's unit. A scripted playout
    /// plays no moves.
    Playout {
        node: u32,
        start: u32,
        len: u16,
        result: u8,
        value: i32,
    },
    /// The iteration ended at `node`, a finished game: its known outcome is backed up with no
    /// playout.
    Known { node: u32, result: u8, value: i32 },
    /// Back-propagation: `node` now has `n` visits and `u` rewards, after adding one visit
    /// and `reward` (both in the run's unit).
    Backup {
        node: u32,
        n: u32,
        u: u32,
        reward: u8,
    },
}
