//! Values that persist across a run and change at known events, per node of some identity:
//! the table's entry per key today, and the next family's per-node statistics (a Monte Carlo
//! node's visits and wins, keyed by its node id, not by a call). A view asks what a node held
//! after step k and gets it by binary search, without replaying.

use std::collections::HashMap;
use std::hash::Hash;

/// Every change of every node's value, per node in event order, nodes in the order of their
/// first change.
#[derive(Debug, Clone)]
pub struct History<K, V> {
    keys: Vec<K>,
    changes: Vec<Vec<(u32, V)>>,
    slots: HashMap<K, u32>,
}

impl<K, V> Default for History<K, V> {
    fn default() -> Self {
        History {
            keys: Vec::new(),
            changes: Vec::new(),
            slots: HashMap::new(),
        }
    }
}

impl<K: Copy + Eq + Hash, V: Copy> History<K, V> {
    /// Node `key` holds `value` from event `event` on. Events arrive in order.
    pub fn record(&mut self, event: u32, key: K, value: V) {
        let slot = *self.slots.entry(key).or_insert_with(|| {
            self.keys.push(key);
            self.changes.push(Vec::new());
            (self.keys.len() - 1) as u32
        });
        self.changes[slot as usize].push((event, value));
    }

    /// What node `key` held after `step` events (the events before index `step`), and the
    /// event that set it.
    pub fn get(&self, key: K, step: usize) -> Option<(u32, V)> {
        let changes = &self.changes[*self.slots.get(&key)? as usize];
        let n = changes.partition_point(|(e, _)| (*e as usize) < step);
        n.checked_sub(1).map(|k| changes[k])
    }

    /// Every node that held a value after `step` events, with it and the event that set it,
    /// in the order nodes first changed.
    pub fn at(&self, step: usize) -> impl Iterator<Item = (K, u32, V)> + '_ {
        self.keys
            .iter()
            .zip(&self.changes)
            // Nodes are in first-change order, so the first one changed at or after `step`
            // ends the list.
            .take_while(move |(_, changes)| (changes[0].0 as usize) < step)
            .map(move |(&key, changes)| {
                let n = changes.partition_point(|(e, _)| (*e as usize) < step);
                let (event, value) = changes[n - 1];
                (key, event, value)
            })
    }

    /// Every change of node `key`, in event order.
    pub fn changes(&self, key: K) -> &[(u32, V)] {
        self.slots
            .get(&key)
            .map_or(&[], |&slot| &self.changes[slot as usize])
    }

    /// Nodes that ever held a value.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::History;

    /// Against a replay written here: after every step, each node holds its last change
    /// before that step, and nodes appear in the order they first changed.
    #[test]
    fn a_node_holds_its_last_change_before_the_step() {
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..200 {
            let mut history = History::default();
            let mut log = Vec::new();
            let mut event = 0u32;
            for _ in 0..rng.below(40) {
                event += 1 + rng.below(3) as u32;
                let (key, value) = (rng.below(6) as u8, rng.below(100) as i32);
                history.record(event, key, value);
                log.push((event, key, value));
            }
            for step in 0..=event as usize + 1 {
                let mut want: Vec<(u8, u32, i32)> = Vec::new();
                for &(e, k, v) in log.iter().filter(|c| (c.0 as usize) < step) {
                    match want.iter_mut().find(|w| w.0 == k) {
                        Some(w) => (w.1, w.2) = (e, v),
                        None => want.push((k, e, v)),
                    }
                }
                assert_eq!(history.at(step).collect::<Vec<_>>(), want);
                for k in 0..6u8 {
                    let got = history.get(k, step);
                    let expect = want.iter().find(|w| w.0 == k).map(|w| (w.1, w.2));
                    assert_eq!(got, expect);
                }
            }
            for k in 0..6u8 {
                let mine: Vec<(u32, i32)> = log
                    .iter()
                    .filter(|c| c.1 == k)
                    .map(|c| (c.0, c.2))
                    .collect();
                assert_eq!(history.changes(k), mine.as_slice());
            }
        }
    }
}
