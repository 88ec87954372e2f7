//! The table's history: every kept store per key (a `History` of entries), so a view can ask
//! what the table held at any step without replaying.

use super::history::History;
use crate::value::{Entry, Key};

/// Every kept store, per key, in event order; answers "what was in the table at step k".
#[derive(Default, Debug, Clone)]
pub struct TableLog(History<Key, Entry>);

/// One row of the table as of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRow {
    pub key: Key,
    pub entry: Entry,
    /// When this version was stored.
    pub event: u32,
}

impl TableLog {
    pub(super) fn record(&mut self, event: u32, key: Key, entry: Entry) {
        self.0.record(event, key, entry);
    }

    /// The table after `step` events, in first-store order.
    pub fn at(&self, step: usize) -> Vec<TableRow> {
        (self.0.at(step))
            .map(|(key, event, entry)| TableRow { key, entry, event })
            .collect()
    }

    /// The entry for one key after `step` events.
    pub fn get(&self, key: Key, step: usize) -> Option<Entry> {
        self.0.get(key, step).map(|(_, entry)| entry)
    }

    /// Distinct keys the table kept over the whole run.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
