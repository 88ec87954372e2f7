//! The transposition table: proven values keyed by (state, remaining depth, remaining q).
//!
//! A flag says what was proved. Encoded as bits so EXACT = LOWER | UPPER: an exact value is
//! both a lower and an upper bound.

use std::collections::HashMap;

pub use crate::value::{Entry, Flag, Key};

/// Flat arrays when the game numbers its states densely (every lesson graph), a hash map
/// otherwise (implicit trees of millions of positions).
pub enum Table {
    Dense {
        slots: Vec<Option<Entry>>,
        depths: usize,
        qs: usize,
    },
    Hashed(HashMap<Key, Entry>),
}

/// Dense tables stay below this many slots; larger games hash.
const DENSE_LIMIT: usize = 1 << 22;

impl Table {
    pub fn new(id_bound: Option<u32>, max_depth: u8, qlimit: u8) -> Table {
        let (depths, qs) = (max_depth as usize + 1, qlimit as usize + 1);
        match id_bound {
            Some(n) if (n as usize) * depths * qs <= DENSE_LIMIT => Table::Dense {
                slots: vec![None; n as usize * depths * qs],
                depths,
                qs,
            },
            _ => Table::Hashed(HashMap::new()),
        }
    }

    #[inline(always)]
    pub fn get(&self, key: Key) -> Option<Entry> {
        match self {
            Table::Dense { slots, depths, qs } => {
                slots[(key.state as usize * depths + key.depth as usize) * qs + key.qleft as usize]
            }
            Table::Hashed(map) => Self::hashed_get(map, key),
        }
    }

    /// The hash-map probe out of line: inlined, its code kept `get` from being inlined into
    /// the three recursions that share the engine (10 % slower on the heavy graph).
    #[inline(never)]
    fn hashed_get(map: &HashMap<Key, Entry>, key: Key) -> Option<Entry> {
        map.get(&key).copied()
    }

    #[inline]
    pub fn put(&mut self, key: Key, entry: Entry) {
        match self {
            Table::Dense { slots, depths, qs } => {
                slots[(key.state as usize * *depths + key.depth as usize) * *qs
                    + key.qleft as usize] = Some(entry)
            }
            Table::Hashed(map) => {
                map.insert(key, entry);
            }
        }
    }
}

/// The last move recorded for each state: an ordering hint that crosses horizons.
pub enum Hints {
    Dense(Vec<i16>),
    Hashed(HashMap<u32, i16>),
}

impl Hints {
    pub fn new(id_bound: Option<u32>) -> Hints {
        match id_bound {
            Some(n) if (n as usize) <= DENSE_LIMIT => {
                Hints::Dense(vec![super::options::NO_MOVE; n as usize])
            }
            _ => Hints::Hashed(HashMap::new()),
        }
    }

    #[inline]
    pub fn get(&self, state: u32) -> i16 {
        match self {
            Hints::Dense(v) => v[state as usize],
            Hints::Hashed(m) => m.get(&state).copied().unwrap_or(super::options::NO_MOVE),
        }
    }

    #[inline]
    pub fn set(&mut self, state: u32, mv: i16) {
        match self {
            Hints::Dense(v) => v[state as usize] = mv,
            Hints::Hashed(m) => {
                m.insert(state, mv);
            }
        }
    }
}
