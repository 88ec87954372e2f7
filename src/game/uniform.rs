//! Implicit uniform trees (seeds 002 and 004 on game-tree size): every inner node has `b`
//! moves, every leaf is `d` plies below the root, MAX moves at the root. States are computed
//! from their parent, never stored, so a tree of 35^10 leaves costs only the search stack.
//!
//! - A node's number is its place in level order (root 0, child `i` of node `n` is
//!   `n·b + 1 + i`), below 2^62: the node's key for the table and the move hints. People
//!   name a node by its path of move indices from the root ("0.2.1"); a recorded trace
//!   numbers the nodes it meets in the order it meets them, whatever the tree's size.
//! - Leaf values follow a rule:
//!   - `best`: every node's first child is strictly best for the mover (MAX's child `i` is
//!     worth its parent's value − i·s, MIN's + i·s), so alpha-beta meets the Knuth–Moore
//!     minimal tree, b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves.
//!   - `worst`: every later child strictly better for the mover. Mirroring `best` is not
//!     enough: a deep subtree's values would then reach a bound an ancestor already holds,
//!     and the tie cuts it. Here the step `s` at a node of height h exceeds how far its
//!     children's subtrees spread, `E(h−2)`, with `E(h) = b·E(h−2) + b − 1`, so no window ever
//!     closes before a node's last child and alpha-beta evaluates all b^d leaves.
//!   - `random`: a seeded value in −99..=99 per leaf (from the leaf's number and the seed).
//!   - `distinct`: the b^d leaves hold b^d different values, a seeded shuffle of an interval
//!     centred on 0: random order without ties, the model behind Knuth and Moore's and Pearl's
//!     figures for random ordering (ties let alpha-beta cut more). At most `MAX_DISTINCT`
//!     leaves, so every value stays a score.
//! - Every inner node has a static score, so that a shallower `--depth` and iterative
//!   deepening's early passes are real searches: the node's *random score*, −99 + (x mod 199)
//!   with x the first SplitMix64 output seeded with `seed ^ number·0x9E3779B97F4A7C15` (the
//!   value a `random` leaf of that number would have), whatever the leaf rule. It is a hash of
//!   the node, not an estimate of its subtree, on purpose: move ordering sorts children by
//!   their static scores, and a score that knew the subtree's value (`best` and `worst` build
//!   it top-down) would turn a worst-first tree into a best-first one the moment ordering is
//!   switched on. With a hash, ordering above the last ply is a seeded random order, and only
//!   the leaves' own values rank the last ply.

use super::{Game, Limits, Side};
use crate::rng::Rng;

pub const MAX_BRANCHING: u64 = 64;
/// Deep enough for b = 2 trees of a million leaves and more; the node count (below 2^62)
/// limits every other shape first.
pub const MAX_DEPTH: u64 = 40;
/// Leaves a `distinct` tree may have: each gets its own score within ±`SCORE_SPAN`.
pub const MAX_DISTINCT: u64 = 1 << 20;
/// Every score stays strictly inside seed 000's ±∞ sentinel (1,000,000).
const SCORE_SPAN: i64 = 999_999;
/// Calls a run on a uniform tree may be given (seed 002's b = 35, d = 10 needs about 10^8).
pub const MAX_BUDGET: u64 = 10_000_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaves {
    Best,
    Worst,
    Random,
    Distinct,
}

impl Leaves {
    pub fn name(self) -> &'static str {
        match self {
            Leaves::Best => "best",
            Leaves::Worst => "worst",
            Leaves::Random => "random",
            Leaves::Distinct => "distinct",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The level-order number.
    pub number: u64,
    pub ply: u8,
    /// The node's minimax value under `best` and `worst` (built top-down).
    pub value: i32,
}

#[derive(Clone, Debug)]
pub struct Uniform {
    pub branching: u16,
    pub depth: u8,
    pub leaves: Leaves,
    pub seed: u64,
    /// `steps[h]`: the value step between siblings below a node of height h.
    steps: Vec<i32>,
    /// Nodes in the whole tree.
    total: u64,
    /// Leaves (b^d), and the level-order number of the first of them.
    leaf_count: u64,
    first_leaf: u64,
}

impl Uniform {
    pub fn new(branching: u64, depth: u64, leaves: Leaves, seed: u64) -> Result<Uniform, String> {
        if !(1..=MAX_BRANCHING).contains(&branching) {
            return Err(format!(
                "branching {branching} is outside 1..={MAX_BRANCHING}"
            ));
        }
        if !(1..=MAX_DEPTH).contains(&depth) {
            return Err(format!("tree depth {depth} is outside 1..={MAX_DEPTH}"));
        }
        // Nodes in the tree: 1 + b + … + b^d, which must fit a u64 for the level-order numbers.
        let mut total: u64 = 1;
        let mut level: u64 = 1;
        for _ in 0..depth {
            level = level.checked_mul(branching).ok_or_else(too_big)?;
            total = total.checked_add(level).ok_or_else(too_big)?;
        }
        if total > 1 << 62 {
            return Err(too_big());
        }
        let b = branching as i64;
        let d = depth as usize;
        // spread[h]: how far a subtree of height h reaches beyond its root's value (E above).
        let mut spread = vec![0i64; d + 1];
        let mut steps = vec![0i32; d + 1];
        for h in 1..=d {
            let below = if h >= 2 { spread[h - 2] } else { 0 };
            let step = match leaves {
                Leaves::Best => 1,
                Leaves::Worst => below + 1,
                Leaves::Random | Leaves::Distinct => 0,
            };
            spread[h] = match leaves {
                Leaves::Best => spread[h - 1] + (b - 1),
                Leaves::Worst => b * below + b - 1,
                Leaves::Random | Leaves::Distinct => 0,
            };
            if spread[h] > SCORE_SPAN {
                return Err(format!(
                    "{} leaves on a tree with branching {branching} and depth {depth} need scores beyond ±{SCORE_SPAN}; use a smaller tree",
                    leaves.name()
                ));
            }
            steps[h] = step as i32;
        }
        if leaves == Leaves::Distinct && level > MAX_DISTINCT {
            return Err(format!(
                "distinct leaves on a tree with branching {branching} and depth {depth}: {level} leaves, more than the {MAX_DISTINCT} that get scores of their own; use random leaves or a smaller tree"
            ));
        }
        Ok(Uniform {
            branching: branching as u16,
            depth: depth as u8,
            leaves,
            seed,
            steps,
            total,
            leaf_count: level,
            first_leaf: total - level,
        })
    }

    pub fn root(&self) -> Node {
        Node {
            number: 0,
            ply: 0,
            value: 0,
        }
    }

    /// Nodes in the whole tree.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The calls of a search of every node down to `depth` (no cutoff), once per pass from
    /// depth 1 with iterative deepening: what a run without pruning makes, and an upper
    /// bound of any run of the tree. Saturates at `u128::MAX`.
    pub fn full_search_calls(&self, depth: u8, deepening: bool) -> u128 {
        let b = self.branching as u128;
        // Nodes down to depth d: 1 + b + ... + b^d.
        let nodes =
            |d: u8| (0..=d as u32).fold(0u128, |sum, k| sum.saturating_add(b.saturating_pow(k)));
        let first = if deepening { 1 } else { depth.max(1) };
        (first..=depth.max(1)).fold(0u128, |sum, d| sum.saturating_add(nodes(d)))
    }

    /// The node a path of move indices names ("0.2.1", or "root"), rebuilt from the root.
    pub fn parse_path(&self, name: &str) -> Result<Node, String> {
        let name = name.trim();
        let mut node = self.root();
        if name == "root" || name.is_empty() {
            return Ok(node);
        }
        for (k, part) in name.split('.').enumerate() {
            let index: usize = part.trim().parse().map_err(|_| {
                format!("step {} of the path, {part:?}, is not a move index", k + 1)
            })?;
            if node.ply >= self.depth {
                return Err(format!(
                    "the path goes past the leaves: the tree is {} plies deep",
                    self.depth
                ));
            }
            if index >= self.branching as usize {
                return Err(format!(
                    "move {index} at step {} is past the last move ({})",
                    k + 1,
                    self.branching - 1
                ));
            }
            node = self.child(node, index);
        }
        Ok(node)
    }

    /// The seeded score of the node numbered `number`: a `random` leaf's value, and every
    /// inner node's static score (see the module's note on why it is a hash).
    #[inline]
    pub fn random_score(&self, number: u64) -> i32 {
        Rng::new(self.seed ^ number.wrapping_mul(0x9E37_79B9_7F4A_7C15)).range(-99, 99) as i32
    }

    /// The move indices from the root to `number`, e.g. "0.2.1" (the root is "root").
    pub fn path_name(&self, number: u64) -> String {
        let b = self.branching as u64;
        let mut path = Vec::new();
        let mut n = number;
        while n > 0 {
            path.push(((n - 1) % b).to_string());
            n = (n - 1) / b;
        }
        if path.is_empty() {
            return "root".into();
        }
        path.reverse();
        path.join(".")
    }
}

/// A seeded permutation of 0..n: a four-round Feistel network over the smallest even number
/// of bits that covers n, walking the cycle until the image falls below n. A bijection on the
/// covering range restricted this way is a bijection on 0..n, and every step is computed, so
/// no table of b^d values is kept.
fn shuffle(index: u64, n: u64, seed: u64) -> u64 {
    let bits = (64 - (n.max(2) - 1).leading_zeros()).div_ceil(2).max(1);
    let mask = (1u64 << bits) - 1;
    let mut x = index;
    loop {
        let (mut left, mut right) = (x >> bits, x & mask);
        for round in 0..4u64 {
            let key = seed
                ^ round.wrapping_mul(0xD6E8_FEB8_6659_FD93)
                ^ right.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let f = Rng::new(key).next_u64() & mask;
            (left, right) = (right, left ^ f);
        }
        x = (left << bits) | right;
        if x < n {
            return x;
        }
    }
}

fn too_big() -> String {
    "the tree has more than 2^62 nodes; use a smaller branching or depth".into()
}

impl Game for Uniform {
    type State = Node;

    #[inline]
    fn key(&self, s: Node) -> u64 {
        s.number
    }

    fn key_bound(&self) -> Option<u64> {
        Some(self.total)
    }

    fn name(&self, s: Node) -> String {
        self.path_name(s.number)
    }

    fn parse(&self, name: &str) -> Result<Node, String> {
        self.parse_path(name)
    }

    fn names_alone(&self) -> bool {
        false
    }

    fn notation(&self) -> &'static str {
        "the move indices from the root, split by dots (0.2.1), or root"
    }

    #[inline]
    fn side(&self, s: Node) -> Side {
        if s.ply.is_multiple_of(2) {
            Side::Max
        } else {
            Side::Min
        }
    }

    #[inline]
    fn score(&self, s: Node) -> Option<i32> {
        if s.ply < self.depth {
            return Some(self.random_score(s.number));
        }
        Some(match self.leaves {
            Leaves::Best | Leaves::Worst => s.value,
            Leaves::Random => self.random_score(s.number),
            Leaves::Distinct => {
                let place = shuffle(s.number - self.first_leaf, self.leaf_count, self.seed);
                (place as i64 - (self.leaf_count / 2) as i64) as i32
            }
        })
    }

    #[inline]
    fn move_count(&self, s: Node) -> usize {
        if s.ply < self.depth {
            self.branching as usize
        } else {
            0
        }
    }

    #[inline]
    fn child(&self, s: Node, index: usize) -> Node {
        let height = (self.depth - s.ply) as usize;
        let step = self.steps[height];
        let max = s.ply.is_multiple_of(2);
        let rank = match self.leaves {
            Leaves::Best => index as i32,
            Leaves::Worst => (self.branching as usize - 1 - index) as i32,
            Leaves::Random | Leaves::Distinct => 0,
        };
        // A step away from the mover's interest: MAX's worse children are lower.
        let value = if max {
            s.value - rank * step
        } else {
            s.value + rank * step
        };
        Node {
            number: s.number * self.branching as u64 + 1 + index as u64,
            ply: s.ply + 1,
            value,
        }
    }

    fn is_tactical(&self, _: Node, _: usize) -> bool {
        false
    }

    fn limits(&self) -> Limits {
        Limits {
            max_depth: self.depth,
            max_budget: MAX_BUDGET,
            max_qlimit: 0,
            no_quiescence: "a uniform tree has no tactical moves for quiescence to follow",
            // No transpositions, and its textbook figures are of one pass.
            table_and_deepening: false,
            ..Limits::SEED_000
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_paths_agree() {
        let t = Uniform::new(3, 4, Leaves::Worst, 0).unwrap();
        let n = t.child(t.child(t.root(), 2), 1);
        assert_eq!(n.number, 3 * 3 + 1 + 1);
        assert_eq!(t.path_name(n.number), "2.1");
        assert_eq!(t.parse_path("2.1"), Ok(n));
        assert_eq!(t.parse_path("root"), Ok(t.root()));
        assert!(
            t.parse_path("2.3")
                .unwrap_err()
                .contains("past the last move (2)")
        );
        assert!(
            t.parse_path("0.0.0.0.0")
                .unwrap_err()
                .contains("past the leaves")
        );
        assert!(t.parse_path("1.x").unwrap_err().contains("step 2"));
        assert_eq!(t.total(), 1 + 3 + 9 + 27 + 81);
    }

    #[test]
    fn distinct_leaves_are_a_permutation() {
        for (b, d, seed) in [(2, 5, 0), (3, 4, 7), (4, 6, 1), (5, 3, 99), (1, 3, 2)] {
            let t = Uniform::new(b, d, Leaves::Distinct, seed).unwrap();
            let n = t.leaf_count;
            let mut seen = vec![false; n as usize];
            for number in t.first_leaf..t.total() {
                let node = t.parse_path(&t.path_name(number)).unwrap();
                let v = t.score(node).unwrap() as i64 + (n / 2) as i64;
                assert!((0..n as i64).contains(&v), "b={b} d={d}: {v}");
                assert!(
                    !std::mem::replace(&mut seen[v as usize], true),
                    "b={b} d={d}: {v} twice"
                );
            }
        }
    }

    #[test]
    fn a_full_search_counts_every_node_of_every_pass() {
        let t = Uniform::new(3, 4, Leaves::Random, 0).unwrap();
        // One pass: 1 + 3 + 9 + 27 + 81 nodes; by passes 1..=4: 4 + 13 + 40 + 121.
        assert_eq!(t.full_search_calls(4, false), 121);
        assert_eq!(t.full_search_calls(4, true), 4 + 13 + 40 + 121);
        let big = Uniform::new(64, 10, Leaves::Random, 0).unwrap();
        // 64^10 = 2^60 leaves alone.
        assert!(big.full_search_calls(10, false) > 1 << 60);
    }

    #[test]
    fn bad_shapes_say_why() {
        assert!(Uniform::new(0, 3, Leaves::Best, 0).is_err());
        assert!(Uniform::new(65, 3, Leaves::Best, 0).is_err());
        assert!(Uniform::new(3, 41, Leaves::Best, 0).is_err());
        assert!(Uniform::new(2, 20, Leaves::Distinct, 0).is_ok());
        assert!(Uniform::new(2, 21, Leaves::Distinct, 0).is_err());
        assert!(Uniform::new(64, 16, Leaves::Random, 0).is_err());
        assert!(Uniform::new(35, 10, Leaves::Best, 0).is_ok());
    }
}
