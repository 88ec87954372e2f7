//! What the index answers about chance nodes besides the tree's calls: the intervals chance
//! pruning announced in a call's own frame.

use super::tree::Tree;
use crate::trace::Event;

impl Tree<'_> {
    /// The intervals `(lo, hi)` chance pruning announced in call `node`'s own frame, in
    /// order: the events between its entry and its exit. A graph is acyclic, so no call
    /// nested inside this one has the same state.
    pub fn intervals(&self, node: u32) -> Vec<(i32, i32)> {
        let n = self.get(node);
        let events = &self.trace.events;
        let end = (n.exit as usize).min(events.len().saturating_sub(1));
        let start = n.enter as usize;
        if start > end {
            return Vec::new();
        }
        events[start..=end]
            .iter()
            .filter_map(|e| match *e {
                Event::Interval { state, lo, hi } if state == n.state => Some((lo, hi)),
                _ => None,
            })
            .collect()
    }
}
