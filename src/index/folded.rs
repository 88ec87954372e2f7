//! What the one fold keeps of a trace: its calls, landmarks and table history.

use super::marks::Marks;
use super::monte::Monte;
use super::table::TableLog;
use super::tree::Calls;

#[derive(Debug, Clone, Default)]
pub struct Index {
    pub(super) calls: Calls,
    pub marks: Marks,
    pub table: TableLog,
    /// The most candidates held by the open frames at one moment (the stack's memory).
    pub peak_references: u64,
    /// A Monte Carlo run's tree and counts (empty for every other run).
    pub monte: Monte,
}
