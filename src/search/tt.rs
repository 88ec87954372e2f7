//! The transposition table: proven values keyed by (position, remaining depth, remaining q).
//!
//! A flag says what was proved. Encoded as bits so EXACT = LOWER | UPPER: an exact value is
//! both a lower and an upper bound. The position is the game's own key, never the number a
//! trace gives it: an unrecorded run numbers nothing, and a game of any size keys its table.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::observer::interner::KeyHasher;
pub use crate::value::{Entry, Flag};

/// A table key: the game's key of the position at one exact horizon, and the number the
/// trace gives the position (0 in an unrecorded run), which events carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub position: u64,
    pub state: u32,
    pub depth: u8,
    pub qleft: u8,
}

/// What the hashed table is keyed by: the position and its horizon, not the trace's number.
type Slot = (u64, u8, u8);

type Hash = BuildHasherDefault<KeyHasher>;

/// Flat arrays when the game keys its positions densely (every lesson graph, tic-tac-toe),
/// a hash map otherwise (implicit trees of millions of positions).
pub enum Table {
    Dense {
        slots: Vec<Option<Entry>>,
        depths: usize,
        qs: usize,
    },
    Hashed(HashMap<Slot, Entry, Hash>),
}

/// Dense tables stay below this many slots; larger games hash.
const DENSE_LIMIT: usize = 1 << 22;

impl Table {
    pub fn new(key_bound: Option<u64>, max_depth: u8, qlimit: u8) -> Table {
        let (depths, qs) = (max_depth as usize + 1, qlimit as usize + 1);
        match key_bound {
            Some(n) if n <= DENSE_LIMIT as u64 && (n as usize) * depths * qs <= DENSE_LIMIT => {
                Table::Dense {
                    slots: vec![None; n as usize * depths * qs],
                    depths,
                    qs,
                }
            }
            _ => Table::Hashed(HashMap::default()),
        }
    }

    #[inline(always)]
    pub fn get(&self, key: Key) -> Option<Entry> {
        match self {
            Table::Dense { slots, depths, qs } => {
                slots[(key.position as usize * depths + key.depth as usize) * qs
                    + key.qleft as usize]
            }
            Table::Hashed(map) => Self::hashed_get(map, key),
        }
    }

    /// The hash-map probe out of line: inlined, its code kept `get` from being inlined into
    /// the three recursions that share the engine (10 % slower on the heavy graph).
    #[inline(never)]
    fn hashed_get(map: &HashMap<Slot, Entry, Hash>, key: Key) -> Option<Entry> {
        map.get(&(key.position, key.depth, key.qleft)).copied()
    }

    #[inline]
    pub fn put(&mut self, key: Key, entry: Entry) {
        match self {
            Table::Dense { slots, depths, qs } => {
                slots[(key.position as usize * *depths + key.depth as usize) * *qs
                    + key.qleft as usize] = Some(entry)
            }
            Table::Hashed(map) => {
                map.insert((key.position, key.depth, key.qleft), entry);
            }
        }
    }
}

/// The last move recorded for each position, by its key: an ordering hint that crosses
/// horizons.
pub enum Hints {
    Dense(Vec<i16>),
    Hashed(HashMap<u64, i16, Hash>),
}

impl Hints {
    pub fn new(key_bound: Option<u64>) -> Hints {
        match key_bound {
            Some(n) if n <= DENSE_LIMIT as u64 => {
                Hints::Dense(vec![super::options::NO_MOVE; n as usize])
            }
            _ => Hints::Hashed(HashMap::default()),
        }
    }

    #[inline]
    pub fn get(&self, position: u64) -> i16 {
        match self {
            Hints::Dense(v) => v[position as usize],
            Hints::Hashed(m) => m.get(&position).copied().unwrap_or(super::options::NO_MOVE),
        }
    }

    #[inline]
    pub fn set(&mut self, position: u64, mv: i16) {
        match self {
            Hints::Dense(v) => v[position as usize] = mv,
            Hints::Hashed(m) => {
                m.insert(position, mv);
            }
        }
    }
}
