#![cfg_attr(
    feature = "no-events",
    allow(unused_variables, unused_imports, dead_code)
)]
//! Seed 002's negamax over the shared engine: one maximising recursion whose scores are from
//! the side to move, `score(child) = −search(child, −β, −α)`, fail-soft (a frame returns its
//! best even outside the window). With `PVS`, every candidate after the first at normal depth
//! is tried with the null window first, and searched again with the full window when that
//! says "better than α" without closing the window.
//!
//! Everything else is seed 000's: the table (flags from the side to move, classified against
//! the caller's original window), ordering, quiescence with stand pat, the budget. So on every
//! input its calls are alpha-beta's, and its values are theirs seen from the side to move.

use super::engine::{Admitted, Search, Stop, emit};
use super::options::NO_MOVE;
use super::options::Pitfall;
use super::tt::Flag;
use crate::event::Event;
use crate::event::{Bound, Scout};
use crate::game::Game;
use crate::observer::Observer;
use crate::value::INF;

impl<G: Game, O: Observer> Search<'_, G, O> {
    pub(super) fn negamax<const PVS: bool>(
        &mut self,
        state: G::State,
        depth: u8,
        qleft: u8,
        mut alpha: i32,
        beta: i32,
    ) -> Result<(i32, i16), Stop> {
        let pov = if self.side(state).is_max() { 1 } else { -1 };
        let (key, id) = match self.admit(state, depth, qleft, (alpha, beta), pov)? {
            Admitted::Answered(done) => return Ok(done),
            Admitted::Open { key, id } => (key, id),
        };
        let (alpha0, beta0) = (alpha, beta);
        let cut = self.hooks.cut;
        let mut best = -INF;

        // Quiescence: the side to move may stand pat; its static score is a lower bound.
        if depth == 0 {
            self.stats.evals += 1;
            best = pov * self.read(state, id, false, "stand pat in quiescence")?;
            let cuts = cut.closes(best, beta);
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
                let best = self.hooks.returned(best, (alpha0, beta0));
                return Ok(self.save(key, best, NO_MOVE, Flag::Lower));
            }
            self.raise(id, best, &mut alpha, beta);
        }

        let base = self.push_candidates(state, id, depth == 0)?;
        let tried = self.negamax_moves::<PVS>(state, id, base, (depth, qleft), (alpha, beta), best);
        self.order.truncate(base);
        let (best, best_move) = tried?;
        let best = self.hooks.returned(best, (alpha0, beta0));
        let flag = Flag::classify(best, alpha0, beta0, self.opts.cut);
        Ok(self.save(key, best, best_move, flag))
    }

    /// The frame's candidates `order[base..]`: each child's negated value, the best kept,
    /// α raised, and the loop left when the window closes.
    fn negamax_moves<const PVS: bool>(
        &mut self,
        state: G::State,
        id: u32,
        base: usize,
        (depth, qleft): (u8, u8),
        (mut alpha, beta): (i32, i32),
        mut best: i32,
    ) -> Result<(i32, i16), Stop> {
        let cut = self.hooks.cut;
        let window0 = (alpha, beta);
        let mut best_move = NO_MOVE;
        let below = if depth > 0 {
            (depth - 1, qleft)
        } else {
            (0, qleft - 1)
        };
        let ply = self.path.len() as u16 - 1;
        let count = self.order.len() - base;
        for pos in 0..count {
            // PVS scouts at normal depth only: quiescence stays seed 000's plain search.
            let value = if PVS && pos > 0 && depth > 0 {
                let null = self.opts.null_window(alpha);
                emit!(
                    self,
                    Event::Scout(Scout::NullWindow {
                        state: id,
                        pos: pos as u16,
                        alpha: null.0,
                        beta: null.1,
                    })
                );
                self.counters.null_windows += 1;
                let s = self.negamax_child::<PVS>(state, id, base, pos, below, null)?;
                if s > alpha && !cut.closes(s, beta) {
                    emit!(
                        self,
                        Event::Scout(Scout::Research {
                            state: id,
                            pos: pos as u16,
                            ply,
                            value: s,
                        })
                    );
                    self.counters.researches += 1;
                    let full = self.hooks.passed((alpha, beta), window0);
                    self.negamax_child::<PVS>(state, id, base, pos, below, full)?
                } else {
                    s
                }
            } else {
                let full = self.hooks.passed((alpha, beta), window0);
                self.negamax_child::<PVS>(state, id, base, pos, below, full)?
            };
            if value > best {
                best = value;
                best_move = self.order[base + pos] as i16;
                emit!(
                    self,
                    Event::Bound(Bound::Best {
                        state: id,
                        value,
                        mv: best_move,
                    })
                );
            }
            self.raise(id, best, &mut alpha, beta);
            if cut.closes(alpha, beta) {
                self.cut_off(id, pos, (alpha, beta));
                break;
            }
        }
        Ok((best, best_move))
    }

    /// The candidate at `pos` searched with the frame's window `(alpha, beta)`: the child gets
    /// (−β, −α) (or a pitfall's (−α, −β) or (α, β)), and its value comes back negated.
    fn negamax_child<const PVS: bool>(
        &mut self,
        state: G::State,
        id: u32,
        base: usize,
        pos: usize,
        (depth, qleft): (u8, u8),
        (alpha, beta): (i32, i32),
    ) -> Result<i32, Stop> {
        let (child, _) = self.push_child(state, base, pos);
        let (lo, hi) = match self.opts.pitfall {
            Some(Pitfall::WrongWindow) => (-alpha, -beta),
            Some(Pitfall::WindowNotNegated) => (alpha, beta),
            _ => (-beta, -alpha),
        };
        let outcome = self.negamax::<PVS>(child, depth, qleft, lo, hi);
        Ok(-self.pop_child(id, child, outcome)?)
    }

    /// The frame raises α to its best (negamax has no β to lower).
    #[inline]
    fn raise(&mut self, id: u32, best: i32, alpha: &mut i32, beta: i32) {
        if best > *alpha {
            *alpha = best;
            emit!(
                self,
                Event::Bound(Bound::Window {
                    state: id,
                    alpha: *alpha,
                    beta,
                })
            );
        }
    }
}
