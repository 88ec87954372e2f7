//! What the index answers about chance nodes besides the tree's calls: the intervals chance
//! pruning announced in a call's own frame, kept by the fold (`Calls::intervals`).

use super::tree::Tree;

impl Tree<'_> {
    /// The intervals `(lo, hi)` chance pruning announced in call `node`'s own frame, in
    /// order.
    pub fn intervals(&self, node: u32) -> Vec<(i32, i32)> {
        (self.calls.intervals.changes(node).iter())
            .map(|&(_, interval)| interval)
            .collect()
    }
}
