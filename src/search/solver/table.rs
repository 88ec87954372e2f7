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
    /// ⌈2^128 / slots⌉, with which `slot` finds a remainder without dividing.
    inverse: u128,
    keys: Keys,
    /// 0 for an empty slot; else the bound's kind in the top bit and its value + 64 below.
    values: Vec<u8>,
    /// Slots written since the last clear, so a clear touches only them (a full clear of
    /// 8 M slots per position would cost more than solving an end game).
    written: Vec<u32>,
}

/// ⌈2^128 / `n`⌉ (`n` > 1), `remainder`'s multiplier.
fn inverse(n: u64) -> u128 {
    u128::MAX / u128::from(n) + 1
}

/// `key` modulo `n`, given `inverse(n)`, without a division: a division costs tens of cycles
/// at every probe and store, and matching on the size so as to divide by constants does not
/// help (the compiler merges the arms back into one division by the size). `inverse` · `key`
/// modulo 2^128, read as a fraction of 2^128, is the fractional part of `key` / `n` to 128
/// bits; times `n`, its whole part is the remainder, exactly for every 64-bit key and size
/// (128 bits are twice the key's).
#[inline(always)]
fn remainder(key: u64, n: u64, inverse: u128) -> u64 {
    let fraction = inverse.wrapping_mul(u128::from(key));
    let n = u128::from(n);
    let low = (u128::from(fraction as u64) * n) >> 64;
    let high = (fraction >> 64) * n;
    ((high + low) >> 64) as u64
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
        assert!(slots > 1, "a table of {slots} slots");
        Table {
            inverse: inverse(slots as u64),
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

    #[inline(always)]
    fn slot(&self, key: u64) -> usize {
        remainder(key, self.values.len() as u64, self.inverse) as usize
    }

    #[inline(always)]
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slot_is_the_key_modulo_the_size() {
        let mut keys = vec![0, 1, u64::MAX, u64::MAX - 1, 1 << 49, (1 << 49) - 1];
        // A fixed pseudo-random walk over the key space (an LCG: no seed to keep).
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..10_000 {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            keys.push(x);
            keys.push(x >> 15);
        }
        for n in [
            SLOTS as u64,
            COMPACT_SLOTS as u64,
            2,
            3,
            7,
            1 << 20,
            (1 << 32) + 15,
            u64::MAX,
        ] {
            let inv = inverse(n);
            for &k in &keys {
                assert_eq!(remainder(k, n, inv), k % n, "{k} % {n}");
            }
        }
    }
}
