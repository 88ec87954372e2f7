#![cfg_attr(
    feature = "no-events",
    allow(unused_variables, unused_imports, dead_code)
)]
//! Seed 004's chance nodes inside the MAX/MIN recursion of `alphabeta` (expectiminimax): the
//! probability-weighted average of the outcomes, and chance pruning with the run's bounds on
//! every utility.

use super::engine::{Search, Stop, emit};
use super::options::NO_MOVE;
use super::tt::{Flag, Key};
use crate::event::{Chance, Event};
use crate::game::Game;
use crate::observer::Observer;
use crate::value::INF;

impl<G: Game, O: Observer> Search<'_, G, O> {
    /// Seed 004's chance node: every outcome is searched with the full window (so each value
    /// is exact) and weighed by its probability; the node's value is the sum, EXACT. With
    /// chance pruning the unseen outcomes are bounded by the run's utility bounds, so after
    /// each outcome the value lies in [lo, hi]; when that interval lies outside the window
    /// the rest are skipped and the node returns the bound that proves it (hi, UPPER, when
    /// it cannot reach α; lo, LOWER, when it must reach β). Every partial sum and bound is a
    /// whole number of the game's units (`exact`), so the divisions here have no remainder.
    pub(super) fn chance(
        &mut self,
        state: G::State,
        id: u32,
        key: Key,
        depth: u8,
        (alpha, beta): (i32, i32),
    ) -> Result<(i32, i16), Stop> {
        let base = self.push_candidates(state, id, false)?;
        let cut = self.opts.cut;
        // The probability not yet seen, in the game's units: it starts at 1 (the scale) and
        // each outcome takes its p·scale, a whole number since the scale is a multiple of
        // every denominator. Times a bound as written it is that bound's share, in units.
        let scale = i64::from(self.game.scale());
        let bounds = self
            .opts
            .chance_pruning
            .map(|(lo, hi)| (i64::from(lo), i64::from(hi)));
        let count = self.order.len() - base;
        let mut sum = 0i64;
        let mut unseen = scale;
        let mut result = None;
        for pos in 0..count {
            let (child, i) = self.push_child(state, base, pos);
            let outcome = self.search(child, depth.saturating_sub(1), 0, -INF, INF);
            let value = match self.pop_child(id, child, outcome) {
                Ok(v) => v,
                Err(stop) => {
                    self.order.truncate(base);
                    return Err(stop);
                }
            };
            let p = self
                .game
                .probability(state, i as usize)
                .expect("a chance move has a probability");
            sum += p.num() * i64::from(value) / p.den();
            unseen -= p.num() * scale / p.den();
            emit!(
                self,
                Event::Chance(Chance::Average {
                    state: id,
                    pos: pos as u16,
                    sum: sum as i32,
                })
            );
            let Some((lo_u, hi_u)) = bounds else { continue };
            if pos + 1 == count {
                continue;
            }
            let lo = (sum + unseen * lo_u) as i32;
            let hi = (sum + unseen * hi_u) as i32;
            emit!(self, Event::Chance(Chance::Interval { state: id, lo, hi }));
            let proof = if cut.closes(alpha, hi) {
                Some((hi, Flag::Upper))
            } else if cut.closes(lo, beta) {
                Some((lo, Flag::Lower))
            } else {
                None
            };
            if let Some(proof) = proof {
                self.counters.chance_cutoffs += 1;
                self.cut_off(id, pos, (alpha, beta));
                result = Some(proof);
                break;
            }
        }
        self.order.truncate(base);
        let (value, flag) = result.unwrap_or((sum as i32, Flag::Exact));
        Ok(self.save(key, value, NO_MOVE, flag))
    }
}
