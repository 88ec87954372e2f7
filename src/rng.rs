//! SplitMix64, the crate's one seeded generator: the same seed gives the same numbers on every
//! platform, so a seed number always gives the same practice set, generated graph or test case.

#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi` (the tiny modulo bias is irrelevant for practice trees).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        debug_assert!(lo <= hi);
        lo + (self.next_u64() % ((hi - lo) as u64 + 1)) as i64
    }

    /// Uniform in `0..n`, an index into something of length `n` (0 when `n` is 0).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.range(0, items.len() as i64 - 1) as usize])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn matches_the_reference_splitmix64_sequence() {
        // First outputs of SplitMix64 seeded with 0 (Vigna's reference implementation).
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_range_and_pick_draw_the_same_index() {
        let (mut a, mut b, mut c) = (Rng::new(5), Rng::new(5), Rng::new(5));
        let items = [10, 11, 12, 13, 14, 15, 16];
        for _ in 0..100 {
            let i = a.below(items.len());
            assert_eq!(i as i64, b.range(0, items.len() as i64 - 1));
            assert_eq!(c.pick(&items), Some(&items[i]));
        }
        assert_eq!(Rng::new(1).below(0), 0);
    }
}
