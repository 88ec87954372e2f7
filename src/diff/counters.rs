//! Counter deltas of two runs, read from the runs' own results (the counters `prune run`
//! prints), never counted again from their trees, so the two can never disagree.

use serde::Serialize;

use crate::search::{RunResult, Stats};

/// One counter in both runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Delta {
    /// Seed 000's name of the counter (`nodes` counts admitted calls).
    pub counter: &'static str,
    pub a: u64,
    pub b: u64,
    /// `b - a`.
    pub change: i64,
    /// The change as a percentage of `a`, to one decimal (none when `a` is 0 and `b` is not).
    pub percent: Option<f64>,
}

impl Delta {
    fn new(counter: &'static str, a: u64, b: u64) -> Delta {
        let change = b as i64 - a as i64;
        Delta {
            counter,
            a,
            b,
            change,
            percent: tenths(change, a).map(|t| t as f64 / 10.0),
        }
    }

    /// The change for people: "+1 (+8.3 %)", "−1 (−50 %)", "0".
    pub fn change_text(&self) -> String {
        if self.change == 0 {
            return "0".into();
        }
        let sign = |v: i64| if v < 0 { "−" } else { "+" };
        let pct = match tenths(self.change, self.a) {
            Some(t) if t % 10 == 0 => format!(" ({}{} %)", sign(t), (t / 10).abs()),
            Some(t) => format!(" ({}{}.{} %)", sign(t), (t / 10).abs(), (t % 10).abs()),
            None => String::new(),
        };
        format!("{}{}{pct}", sign(self.change), self.change.abs())
    }
}

/// `change / base` in tenths of a percent, rounded half away from zero (exact integers, so
/// the same counters always print the same text).
fn tenths(change: i64, base: u64) -> Option<i64> {
    if base == 0 {
        return (change == 0).then_some(0);
    }
    let (num, den) = (change as i128 * 1000, base as i128);
    let q = (num.abs() + den / 2) / den;
    Some((if num < 0 { -q } else { q }) as i64)
}

/// The five counters a pass row also has, in seed 000's order (peak is global, not a delta).
fn five(a: [u64; 5], b: [u64; 5]) -> Vec<Delta> {
    (0..5)
        .map(|i| Delta::new(Stats::LABELS[i], a[i], b[i]))
        .collect()
}

/// The whole runs' counters.
pub fn whole(a: &RunResult, b: &RunResult) -> Vec<Delta> {
    let first5 = |s: &Stats| {
        let v = s.as_array();
        [v[0], v[1], v[2], v[3], v[4]]
    };
    five(first5(&a.stats), first5(&b.stats))
}

/// The counters of one pass of each run (its row of the pass history).
pub fn passes(a: &RunResult, b: &RunResult, depth_a: u8, depth_b: u8) -> Vec<Delta> {
    let row = |r: &RunResult, d: u8| {
        r.history
            .iter()
            .find(|p| p.depth == d)
            .map_or([0; 5], |p| p.delta)
    };
    five(row(a, depth_a), row(b, depth_b))
}
