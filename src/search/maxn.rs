#![cfg_attr(
    feature = "no-events",
    allow(unused_variables, unused_imports, dead_code)
)]
//! Seed 004's max-n, over the shared engine: at a node of player P, compare P's entry of the
//! children's payoff vectors and back up the whole vector of the best child (never a mix of
//! entries). There are no windows (interests are not opposed, so alpha-beta's cutoffs do not
//! transfer), no table and no ordering. Ties on P's entry go to the run's rule (`Ties`).
//!
//! A backed-up vector is always some terminal's (or horizon node's), so the value every
//! event carries is that node's number (the game's own: max-n runs on graphs, which number
//! their nodes, so a recorded and an unrecorded run agree): values stay one `i32` and events
//! small, and the catalog's payoffs turn a number into its vector.

use super::engine::{Search, Stop, emit};
use super::options::NO_MOVE;
use super::result::SearchError;
use super::tt::{Flag, Key};
use crate::event::Event;
use crate::event::{Bound, Vector};
use crate::game::{Game, Side};
use crate::observer::Observer;
use crate::value::INF;

/// What a max-n call backs up: the id of the node whose vector it carries, its best move,
/// and that node itself (so its vector can be read again without a lookup by id).
type Backed<S> = Result<(i32, i16, S), Stop>;

impl<'a, G: Game, O: Observer> Search<'a, G, O> {
    /// One max-n search of the root; the committed vector is kept for the result.
    pub(super) fn maxn_root(&mut self, start: G::State, depth: u8) -> Result<(i32, i16), Stop> {
        let (value, mv, leaf) = self.maxn(start, depth)?;
        self.vector = self.payoffs(leaf, "a terminal node")?.to_vec();
        Ok((value, mv))
    }

    fn maxn(&mut self, state: G::State, depth: u8) -> Backed<G::State> {
        let id = self.enter(state, depth, 0, (-INF, INF))?;
        let key = Key {
            position: self.game.key(state),
            state: id,
            depth,
            qleft: 0,
        };
        let moves = self.game.move_count(state);
        if moves == 0 || depth == 0 {
            self.stats.evals += 1;
            let terminal = moves == 0;
            let why = if terminal {
                "a terminal node"
            } else {
                "the depth horizon"
            };
            self.payoffs(state, why)?;
            let value = self.game.number(state).unwrap_or(id) as i32;
            emit!(
                self,
                Event::Bound(Bound::Read {
                    state: id,
                    value,
                    terminal,
                })
            );
            let (value, mv) = self.save(key, value, NO_MOVE, Flag::Exact);
            return Ok((value, mv, state));
        }
        // Every node of a game of several players is a seat's (the graph checks it).
        let seat = match self.game.side(state) {
            Side::Player(seat) => seat.index(),
            _ => 0,
        };
        let base = self.push_candidates(state, id, false)?;
        let tried = self.maxn_moves(state, id, base, depth, seat);
        self.order.truncate(base);
        let (value, mv, leaf) = tried?;
        let (value, mv) = self.save(key, value, mv, Flag::Exact);
        Ok((value, mv, leaf))
    }

    /// The mover's loop: every child in order; a larger entry for the mover takes the choice,
    /// an equal one is a tie the rule settles (counted and reported either way).
    fn maxn_moves(
        &mut self,
        state: G::State,
        id: u32,
        base: usize,
        depth: u8,
        seat: usize,
    ) -> Backed<G::State> {
        let mut best: Option<(i32, i16, G::State)> = None;
        let count = self.order.len() - base;
        for pos in 0..count {
            let (child, i) = self.push_child(state, base, pos);
            let outcome = self.maxn(child, depth - 1);
            let leaf = outcome.as_ref().ok().map(|&(_, _, leaf)| leaf);
            let value = self.pop_child(id, child, outcome.map(|(v, m, _)| (v, m)))?;
            let leaf = leaf.expect("a child that returned has a leaf");
            let takes = match best {
                None => true,
                Some((_, _, held)) => {
                    let new = self.payoffs(leaf, "a terminal node")?;
                    let old = self.payoffs(held, "a terminal node")?;
                    if new[seat] != old[seat] {
                        new[seat] > old[seat]
                    } else {
                        let takes = self.opts.ties.prefers(new, old);
                        self.counters.ties += 1;
                        emit!(
                            self,
                            Event::Vector(Vector::Tie {
                                state: id,
                                pos: pos as u16,
                                kept: !takes,
                            })
                        );
                        takes
                    }
                }
            };
            if takes {
                best = Some((value, i as i16, leaf));
                emit!(
                    self,
                    Event::Bound(Bound::Best {
                        state: id,
                        value,
                        mv: i as i16,
                    })
                );
            }
        }
        Ok(best.unwrap_or((self.game.number(state).unwrap_or(id) as i32, NO_MOVE, state)))
    }

    /// The node's payoff vector, or the run fails naming it (a textbook tree's inner node at
    /// the horizon has none).
    fn payoffs(&self, state: G::State, why: &'static str) -> Result<&'a [i32], Stop> {
        let game: &'a G = self.game;
        game.payoffs(state).ok_or_else(|| {
            Stop::Missing(Box::new(SearchError::MissingScore {
                state: game.called(state),
                why,
            }))
        })
    }
}
