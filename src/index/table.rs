//! The table's history: every kept store per key, so a view can ask what the table held at
//! any step without replaying.

use std::collections::HashMap;

use crate::value::{Entry, Key};

/// Every kept store, per key, in event order; answers "what was in the table at step k".
#[derive(Default, Debug, Clone)]
pub struct TableLog {
    /// Keys in the order they were first stored.
    pub keys: Vec<Key>,
    /// For each key (same index), its stores: (event index, entry).
    pub history: Vec<Vec<(u32, Entry)>>,
    slots: HashMap<Key, u32>,
}

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
        let slot = *self.slots.entry(key).or_insert_with(|| {
            self.keys.push(key);
            self.history.push(Vec::new());
            (self.keys.len() - 1) as u32
        });
        self.history[slot as usize].push((event, entry));
    }

    /// The table after `step` events, in first-store order.
    pub fn at(&self, step: usize) -> Vec<TableRow> {
        let mut rows = Vec::new();
        for (key, hist) in self.keys.iter().zip(&self.history) {
            // Keys are in first-store order, so the first key stored at or after `step` ends it.
            if hist[0].0 as usize >= step {
                break;
            }
            let n = hist.partition_point(|(e, _)| (*e as usize) < step);
            let (event, entry) = hist[n - 1];
            rows.push(TableRow {
                key: *key,
                entry,
                event,
            });
        }
        rows
    }

    /// The entry for one key after `step` events.
    pub fn get(&self, key: Key, step: usize) -> Option<Entry> {
        let hist = &self.history[*self.slots.get(&key)? as usize];
        let n = hist.partition_point(|(e, _)| (*e as usize) < step);
        (n > 0).then(|| hist[n - 1].1)
    }

    /// Distinct keys the table kept over the whole run.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}
