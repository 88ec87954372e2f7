//! The transposition table: proven values keyed by (state, remaining depth, remaining q).
//!
//! A flag says what was proved. Encoded as bits so EXACT = LOWER | UPPER: an exact value is
//! both a lower and an upper bound.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::CutRule;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Flag {
    /// The true value is at least the stored one (the node failed high).
    #[serde(rename = "LOWER")]
    Lower = 0b01,
    /// The true value is at most the stored one (the node failed low).
    #[serde(rename = "UPPER")]
    Upper = 0b10,
    #[serde(rename = "EXACT")]
    Exact = 0b11,
}

impl Flag {
    pub fn name(self) -> &'static str {
        match self {
            Flag::Lower => "LOWER",
            Flag::Upper => "UPPER",
            Flag::Exact => "EXACT",
        }
    }

    /// What a searched node's value proves, given the window it was called with.
    #[inline]
    pub fn classify(value: i32, alpha0: i32, beta0: i32, cut: CutRule) -> Flag {
        if cut.closes(alpha0, value) {
            Flag::Upper
        } else if cut.closes(value, beta0) {
            Flag::Lower
        } else {
            Flag::Exact
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub value: i32,
    pub mv: i16,
    pub flag: Flag,
}

impl Entry {
    /// Seed 000's rule: an entry answers a call only when it settles it outright. EXACT always;
    /// LOWER when it already reaches β; UPPER when it already reaches α.
    #[inline]
    pub fn usable(&self, alpha: i32, beta: i32, cut: CutRule) -> bool {
        match self.flag {
            Flag::Exact => true,
            Flag::Lower => cut.closes(self.value, beta),
            Flag::Upper => cut.closes(alpha, self.value),
        }
    }
}

const _: () = assert!(std::mem::size_of::<Option<Entry>>() == 8);

/// The key of a table entry: a state at one exact horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Key {
    pub state: u32,
    pub depth: u8,
    pub qleft: u8,
}

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

    #[inline]
    pub fn get(&self, key: Key) -> Option<Entry> {
        match self {
            Table::Dense { slots, depths, qs } => {
                slots[(key.state as usize * depths + key.depth as usize) * qs + key.qleft as usize]
            }
            Table::Hashed(map) => map.get(&key).copied(),
        }
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
                Hints::Dense(vec![super::NO_MOVE; n as usize])
            }
            _ => Hints::Hashed(HashMap::new()),
        }
    }

    #[inline]
    pub fn get(&self, state: u32) -> i16 {
        match self {
            Hints::Dense(v) => v[state as usize],
            Hints::Hashed(m) => m.get(&state).copied().unwrap_or(super::NO_MOVE),
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
