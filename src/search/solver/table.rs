//! The solver's transposition table: one entry per slot (the slot is the key modulo a prime
//! size), the newest entry always replacing the old, each entry a bound on the position's
//! value from the side to move. Keyed by position alone: a solver searches to the end of the
//! game, so a position's value does not depend on a remaining depth.
//!
//! The compact form keeps only the key's low 32 bits: two keys with the same slot and the
//! same low bits differ by a multiple of size × 2^32, so when every key is below that
//! product (Connect Four 7×6: keys below 2^49, size × 2^32 above 2^55) the low bits still
//! tell them apart, at half the memory.

/// A bound kept for a position, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// The value is at most this.
    Upper(i32),
    /// The value is at least this.
    Lower(i32),
}

/// The prime nearest below 2^23 (8,388,608): 8 M slots, the tutorial's table size.
pub const SLOTS: usize = 8_388_593;
/// The compact table's size: the smallest prime above 2^23 (the tutorial's compact table
/// takes the first prime past a power of two).
pub const COMPACT_SLOTS: usize = 8_388_617;

enum Keys {
    Full(Vec<u64>),
    Low32(Vec<u32>),
}

pub struct Table {
    keys: Keys,
    /// 0 for an empty slot; else the bound's kind in the top bit and its value + 64 below.
    values: Vec<u8>,
    /// Slots written since the last clear, so a clear touches only them (a full clear of
    /// 8 M slots per position would cost more than solving an end game).
    written: Vec<u32>,
}

/// The largest magnitude a kept value may have (one byte holds it with its kind).
pub const MAX_VALUE: i32 = 63;

impl Table {
    /// A table of `slots` slots; compact (32-bit keys) when `compact` and every key of the
    /// game is below the bound that keeps that exact.
    pub fn new(slots: usize, compact: bool, key_bound: Option<u64>) -> Table {
        let exact_low_bits = key_bound.is_some_and(|b| (b as u128) <= (slots as u128) << 32);
        // `vec!` of zeros maps its pages lazily: an untouched table costs no memory.
        let keys = if compact && exact_low_bits {
            Keys::Low32(vec![0; slots])
        } else {
            Keys::Full(vec![0; slots])
        };
        Table {
            keys,
            values: vec![0; slots],
            written: Vec::new(),
        }
    }

    pub fn is_compact(&self) -> bool {
        matches!(self.keys, Keys::Low32(_))
    }

    /// Bytes the table holds when every slot is in use.
    pub fn bytes(&self) -> usize {
        let key = match self.keys {
            Keys::Full(_) => 8,
            Keys::Low32(_) => 4,
        };
        self.values.len() * (key + 1)
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // By a constant, the remainder is a multiply and shifts; by a variable, a division
        // that costs tens of cycles at every probe and store.
        let slot = match self.values.len() {
            SLOTS => key % SLOTS as u64,
            COMPACT_SLOTS => key % COMPACT_SLOTS as u64,
            n => key % n as u64,
        };
        slot as usize
    }

    #[inline]
    pub fn get(&self, key: u64) -> Option<Kept> {
        let i = self.slot(key);
        let v = self.values[i];
        let same = match &self.keys {
            Keys::Full(k) => k[i] == key,
            Keys::Low32(k) => k[i] == key as u32,
        };
        if v == 0 || !same {
            return None;
        }
        let value = i32::from(v & 0x7f) - 64;
        Some(if v & 0x80 != 0 {
            Kept::Lower(value)
        } else {
            Kept::Upper(value)
        })
    }

    // Always inlined: left to the compiler, the solver's recursion stopped inlining it once
    // its event sites were added, and a call per store cost 3 % more instructions.
    #[inline(always)]
    pub fn put(&mut self, key: u64, kept: Kept) {
        let i = self.slot(key);
        let (bit, value) = match kept {
            Kept::Upper(v) => (0, v),
            Kept::Lower(v) => (0x80, v),
        };
        debug_assert!(value.abs() <= MAX_VALUE);
        if self.values[i] == 0 {
            self.written.push(i as u32);
        }
        self.values[i] = bit | (value + 64) as u8;
        match &mut self.keys {
            Keys::Full(k) => k[i] = key,
            Keys::Low32(k) => k[i] = key as u32,
        }
    }

    /// Empties every slot written since the last clear.
    pub fn clear(&mut self) {
        for &i in &self.written {
            self.values[i as usize] = 0;
        }
        self.written.clear();
    }
}
