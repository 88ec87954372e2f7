//! What a recorded solve counts besides the positions explored, kept apart from the search
//! that fills it (`record`) so that the solver's own file names no module that names it.

use crate::search::result::{Attempt, Stats};
use crate::value::Flag;

/// What a recorded solve counts as it goes.
#[derive(Debug, Default)]
pub(super) struct Counts {
    pub stats: Stats,
    /// Calls open around the one searching now.
    pub ply: u16,
    /// The root's depth: the moves left to the end of the game, as the run states it.
    pub root_depth: u8,
    /// Each open call's best move so far (its position in the call's order).
    pub best: Vec<i16>,
    /// The root's move proved best by its last search that reached above its window's α.
    pub root_move: i16,
    /// The entry the call finishing now stored (its id and flag): the flag its return
    /// carries, which is the table's policy (upper bounds only before stage 12), not the
    /// window's rule.
    pub stored: Option<(u32, Flag)>,
    pub attempts: Vec<Attempt>,
    pub moves: Vec<u16>,
    pub ids: Vec<u32>,
}
