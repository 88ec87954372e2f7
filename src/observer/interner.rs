//! The trace's numbers for positions: the n-th position a recorded run meets is number n,
//! unless the game numbers its positions itself (an explicit graph), whose numbers are then
//! kept. The game's key says when two mentions are the same position; the number is the
//! trace's alone, so a game of any size records (its keys are 64-bit, its numbers count only
//! what the run met).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::game::{Described, Game};

/// Keys below this bound are looked up in a flat array (16 MiB at most) instead of hashed.
const DENSE_LIMIT: u64 = 1 << 22;

/// Positions by key, numbered as met; with `describing`, what the game says of each, for
/// the trace's catalog.
#[derive(Debug, Clone, Default)]
pub struct Interner {
    /// `dense[key]`: the number + 1, 0 for a key not met (keys under `DENSE_LIMIT`).
    dense: Vec<u32>,
    hashed: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    next: u32,
    describing: bool,
    /// Each met position's number and description, in the order met.
    pub met: Vec<(u32, Described)>,
}

impl Interner {
    /// An interner that keeps what the game says of each position it numbers.
    pub fn describing() -> Interner {
        Interner {
            describing: true,
            ..Interner::default()
        }
    }

    /// An interner that only numbers.
    pub fn numbering() -> Interner {
        Interner::default()
    }

    /// The number of position `s`: its number from an earlier mention, else the game's own
    /// number or the next free one.
    #[inline]
    pub fn id<G: Game>(&mut self, game: &G, s: G::State) -> u32 {
        let key = game.key(s);
        if let Some(slot) = self.dense_slot(game, key) {
            let known = self.dense[slot];
            if known != 0 {
                return known - 1;
            }
            let id = self.fresh(game, s);
            self.dense[slot] = id + 1;
            return id;
        }
        if let Some(&id) = self.hashed.get(&key) {
            return id;
        }
        let id = self.fresh(game, s);
        self.hashed.insert(key, id);
        id
    }

    /// Distinct positions met.
    pub fn len(&self) -> usize {
        self.next as usize
    }

    pub fn is_empty(&self) -> bool {
        self.next == 0
    }

    /// The flat array's slot for `key`, sized on first use from the game's key bound.
    #[inline]
    fn dense_slot<G: Game>(&mut self, game: &G, key: u64) -> Option<usize> {
        if self.dense.is_empty() {
            match game.key_bound() {
                Some(bound) if bound <= DENSE_LIMIT => self.dense = vec![0; bound as usize],
                _ => return None,
            }
        }
        (key < self.dense.len() as u64).then_some(key as usize)
    }

    #[cold]
    fn fresh<G: Game>(&mut self, game: &G, s: G::State) -> u32 {
        let id = game.number(s).unwrap_or(self.next);
        self.next += 1;
        if self.describing {
            self.met.push((id, game.describe(s)));
        }
        id
    }
}

/// A multiplicative hash of a 64-bit key: keys are numbers or hashes already, so SipHash's
/// protection against chosen keys buys nothing here and costs most of a lookup.
#[derive(Default, Clone, Copy)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, k: u64) {
        let x = (self.0 ^ k).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = x ^ (x >> 32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tictactoe::{Board, Scoring, TicTacToe};
    use crate::game::uniform::{Leaves, Uniform};

    /// Numbers follow the order positions are met, the same position keeps its number, and
    /// the description is the game's.
    #[test]
    fn positions_are_numbered_as_met() {
        let t = TicTacToe::new(Board::EMPTY, Scoring::Plain);
        let mut i = Interner::describing();
        let a = t.child(Board::EMPTY, 4);
        let b = t.child(Board::EMPTY, 0);
        assert_eq!(i.id(&t, Board::EMPTY), 0);
        assert_eq!(i.id(&t, a), 1);
        assert_eq!(i.id(&t, b), 2);
        assert_eq!(i.id(&t, a), 1);
        assert_eq!(i.len(), 3);
        assert_eq!(i.met[1].1.label.as_deref(), Some(".../.X./..."));
    }

    /// A tree far past 2^32 positions numbers the ones a run meets from 0, by their 64-bit
    /// keys (a hashed map: the keys are past the flat array's bound).
    #[test]
    fn a_huge_tree_numbers_what_it_meets() {
        let u = Uniform::new(35, 10, Leaves::Best, 0).unwrap();
        assert!(u.key_bound().unwrap() > 1 << 32);
        let mut i = Interner::numbering();
        let mut s = u.root();
        for k in 0..10 {
            s = u.child(s, 34);
            assert_eq!(i.id(&u, s), k);
        }
        assert!(u.key(s) > 1 << 32);
        assert_eq!(i.id(&u, u.child(u.root(), 34)), 0);
    }
}
