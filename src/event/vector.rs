//! Max-n's detail events (seed 004). In a max-n run every value (`Read`, `Pop`, `Best`,
//! `Store`, `Return`, `PassEnd`) is the id of the terminal whose payoff vector the node
//! carries (a backed-up vector is always some terminal's); the catalog's `payoffs` of that
//! state is the vector.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Vector {
    /// The candidate at `pos` gives the mover the same payoff as the frame's best, so the
    /// run's tie rule chose: `kept` when the earlier best stays, otherwise a `Best` for the
    /// candidate follows.
    Tie { state: u32, pos: u16, kept: bool },
}
