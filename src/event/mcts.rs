//! The slot Monte Carlo tree search will fill: its iterations, selections, expansions,
//! playouts and backups. It has no events yet, so no trace carries one, and every match
//! over `Event` already has the arm a new kind will need.

use serde::{Serialize, Serializer};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mcts {}

impl Serialize for Mcts {
    fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        match *self {}
    }
}
