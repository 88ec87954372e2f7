#![cfg_attr(
    feature = "no-events",
    allow(unused_variables, unused_imports, dead_code)
)]
//! Seed 000's recursion, step for step: a MAX/MIN alpha-beta with scores from MAX's side
//! (plain minimax when the algorithm does not prune), over the shared engine.
//!
//! The `// Step N.` blocks follow the numbered steps of the lesson and the narration the TUI
//! shows for each event.

use super::engine::{Admitted, Search, Stop, emit};
use super::options::NO_MOVE;
use super::tt::Flag;
use crate::event::Bound;
use crate::event::Event;
use crate::game::{Game, Side};
use crate::observer::Observer;
use crate::value::INF;

impl<G: Game, O: Observer> Search<'_, G, O> {
    pub(super) fn search(
        &mut self,
        state: G::State,
        depth: u8,
        qleft: u8,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<(i32, i16), Stop> {
        // Steps 3-4. Admission, probe, terminal and horizon reads.
        let (key, id) = match self.admit(state, depth, qleft, (alpha, beta), 1)? {
            Admitted::Answered(done) => return Ok(done),
            Admitted::Open { key, id } => (key, id),
        };
        let (alpha0, beta0) = (alpha, beta);
        let cut = self.hooks.cut;

        let side = self.side(state);
        if side.is_chance() {
            return self.chance(state, id, key, depth, (alpha, beta));
        }
        let mut best = if side.is_max() { -INF } else { INF };

        // Step 4 (cont.). Quiescence: standing pat is an explicit option and may already cut.
        if depth == 0 {
            self.stats.evals += 1;
            best = self.read(state, id, false, "stand pat in quiescence")?;
            let cuts = self.pruning()
                && if side.is_max() {
                    cut.closes(best, beta)
                } else {
                    cut.closes(alpha, best)
                };
            emit!(
                self,
                Event::Bound(Bound::StandPat {
                    state: id,
                    value: best,
                    cutoff: cuts,
                })
            );
            if cuts {
                self.stats.cutoffs += 1;
                let flag = if side.is_max() {
                    Flag::Lower
                } else {
                    Flag::Upper
                };
                let best = self.hooks.returned(best, (alpha0, beta0));
                return Ok(self.save(key, best, NO_MOVE, flag));
            }
            self.narrow(id, side, best, &mut alpha, &mut beta);
        }

        // Step 5. Candidates: every move at normal depth, tactical ones in quiescence; with
        // ordering, the hint move first, then best child score for the mover, then move index.
        let base = self.push_candidates(state, id, depth == 0)?;

        // Steps 6-7, in a loop compiled once per side to move.
        let tried = if side.is_max() {
            self.try_moves::<true>(state, id, base, depth, qleft, (alpha, beta), best)
        } else {
            self.try_moves::<false>(state, id, base, depth, qleft, (alpha, beta), best)
        };
        self.order.truncate(base);
        let (best, best_move) = tried?;
        let best = self.hooks.returned(best, (alpha0, beta0));

        // Step 8. Store what was proved against the caller's original window.
        let flag = Flag::classify(best, alpha0, beta0, self.opts.cut);
        Ok(self.save(key, best, best_move, flag))
    }

    /// Steps 6-7 over the frame's candidates `order[base..]`: apply, recurse, undo (also when
    /// unwinding); back up each value and test the window. The side to move is the constant
    /// `MAX`, so each side's loop is compiled without asking whose turn it is at every child.
    /// This also makes the loop compile the same with and without the event sites: in one
    /// shared loop, the `Best` report alone cost the no-op observer 4% more instructions.
    #[allow(clippy::too_many_arguments)]
    fn try_moves<const MAX: bool>(
        &mut self,
        state: G::State,
        id: u32,
        base: usize,
        depth: u8,
        qleft: u8,
        (mut alpha, mut beta): (i32, i32),
        mut best: i32,
    ) -> Result<(i32, i16), Stop> {
        let side = if MAX { Side::Max } else { Side::Min };
        let cut = self.hooks.cut;
        let window0 = (alpha, beta);
        let mut best_move = NO_MOVE;
        let (child_depth, child_q) = if depth > 0 {
            (depth - 1, qleft)
        } else {
            (0, qleft - 1)
        };
        let count = self.order.len() - base;
        for pos in 0..count {
            let (child, i) = self.push_child(state, base, pos);
            let (a, b) = self.hooks.passed((alpha, beta), window0);
            let outcome = self.search(child, child_depth, child_q, a, b);
            let value = self.pop_child(id, child, outcome)?;
            let improves = if MAX { value > best } else { value < best };
            if improves {
                best = value;
                best_move = i as i16;
                emit!(
                    self,
                    Event::Bound(Bound::Best {
                        state: id,
                        value,
                        mv: best_move,
                    })
                );
            }
            self.narrow(id, side, best, &mut alpha, &mut beta);
            if self.pruning() && cut.closes(alpha, beta) {
                self.cut_off(id, pos, (alpha, beta));
                break;
            }
        }
        Ok((best, best_move))
    }

    /// Plain minimax keeps the full window, never cuts and never uses the table.
    #[inline]
    fn pruning(&self) -> bool {
        self.opts.algorithm.prunes()
    }

    /// MAX raises α to its best, MIN lowers β.
    #[inline]
    fn narrow(&mut self, id: u32, side: Side, best: i32, alpha: &mut i32, beta: &mut i32) {
        if !self.pruning() {
            return;
        }
        let changed = if side.is_max() && best > *alpha {
            *alpha = best;
            true
        } else if !side.is_max() && best < *beta {
            *beta = best;
            true
        } else {
            false
        };
        if changed {
            emit!(
                self,
                Event::Bound(Bound::Window {
                    state: id,
                    alpha: *alpha,
                    beta: *beta,
                })
            );
        }
    }
}
