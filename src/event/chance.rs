//! A chance node's detail events (seed 004): the running probability-weighted sum of its
//! outcomes and, with chance pruning, the interval its value is known to lie in.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Chance {
    /// The outcome at `pos` came back; the outcomes up to it add up to `sum` (each value
    /// times its probability, in the trace's scaled units).
    Average { state: u32, pos: u16, sum: i32 },
    /// Chance pruning: with every unseen outcome within the run's utility bounds, the chance
    /// node's value now lies in [lo, hi]. A cutoff follows when that lies outside its window.
    Interval { state: u32, lo: i32, hi: i32 },
}
