#![cfg_attr(
    feature = "no-events",
    allow(unused_variables, unused_imports, dead_code)
)]
//! Seed 000's search, step for step: an iterative-deepening driver around a MAX/MIN
//! alpha-beta with a bound-aware table, ordering, bounded quiescence and a node budget.
//!
//! The `// Step N.` blocks follow the numbered steps of the lesson and the narration the TUI
//! shows for each event.

use super::candidates::Candidates;
use super::tt::{Entry, Flag, Hints, Key, Table};
use super::{Algorithm, INF, NO_MOVE, Options, Pass, RunResult, SearchError, Stats, Status};
use crate::event::{Event, ReturnKind};
use crate::game::{Game, Side};
use crate::observer::Observer;

/// Why a search call did not return a value.
enum Stop {
    /// The node budget refused an admission: unwind and keep the last completed pass.
    Budget,
    /// The run needs a score the game does not give; the whole run fails. Boxed so that a
    /// call's result stays small enough to return in registers.
    Missing(Box<SearchError>),
}

/// Reports an event unless the observer is disabled; with the `no-events` feature the event
/// sites are removed from the source altogether (to measure that `NoTrace` costs nothing).
macro_rules! emit {
    ($search:ident, $event:expr) => {
        #[cfg(not(feature = "no-events"))]
        if O::ENABLED {
            $search.obs.event($event);
        }
    };
}

struct Search<'a, G: Game, O: Observer> {
    game: &'a G,
    opts: Options,
    table: Table,
    hints: Hints,
    stats: Stats,
    path: Vec<G::State>,
    /// Candidate indices of every active frame, stacked; a frame owns the tail it pushed.
    order: Vec<u16>,
    /// Each state's candidate list (ranked when ordering), built on its first visit.
    candidates: Candidates,
    obs: &'a mut O,
}

/// Runs seed 000's driver from `start` and reports every step to `obs`.
pub fn run<G: Game, O: Observer>(
    game: &G,
    start: G::State,
    opts: &Options,
    obs: &mut O,
) -> Result<RunResult, SearchError> {
    opts.validate_for(&game.limits())
        .map_err(SearchError::Options)?;
    let mut search = Search {
        game,
        opts: *opts,
        table: Table::new(game.id_bound(), opts.depth, opts.qlimit),
        hints: Hints::new(game.id_bound()),
        stats: Stats::default(),
        path: Vec::with_capacity(opts.depth as usize + opts.qlimit as usize + 2),
        order: Vec::new(),
        candidates: Candidates::new(game.id_bound(), opts.ordering),
        obs,
    };
    search.drive(start)
}

impl<G: Game, O: Observer> Search<'_, G, O> {
    fn drive(&mut self, start: G::State) -> Result<RunResult, SearchError> {
        let mut history = Vec::new();
        let (mut completed, mut score, mut mv) = (0u8, 0i32, NO_MOVE);
        let first = if self.opts.deepening {
            1
        } else {
            self.opts.depth
        };
        for depth in first..=self.opts.depth {
            // Step 2. Every pass starts from an empty path with the root window; the table
            // and the move hints persist across passes.
            let before = self.stats;
            emit!(self, Event::PassStart { depth });
            let (alpha, beta) = if self.pruning() {
                self.opts.window
            } else {
                (-INF, INF)
            };
            self.path.push(start);
            let outcome = self.search(start, depth, self.opts.qlimit, alpha, beta);
            self.path.pop();
            let (done, value, best) = match outcome {
                Ok((v, m)) => (true, v, m),
                Err(Stop::Budget) => (false, 0, NO_MOVE),
                Err(Stop::Missing(e)) => return Err(*e),
            };
            emit!(
                self,
                Event::PassEnd {
                    depth,
                    done,
                    score: value,
                    mv: best,
                }
            );
            history.push(Pass {
                depth,
                done,
                score: value,
                mv: best,
                delta: self.stats.delta(&before),
            });
            // Step 9. Commit only a completed pass; an aborted one returns the last commit.
            if !done {
                let status = if completed > 0 {
                    Status::Partial
                } else {
                    Status::NoCompletedDepth
                };
                return Ok(self.result(status, completed, score, mv, history));
            }
            (completed, score, mv) = (depth, value, best);
        }
        Ok(self.result(Status::Complete, completed, score, mv, history))
    }

    fn result(
        &self,
        status: Status,
        depth: u8,
        score: i32,
        mv: i16,
        history: Vec<Pass>,
    ) -> RunResult {
        RunResult {
            status,
            depth,
            score,
            mv,
            stats: self.stats,
            history,
            restored: self.path.is_empty(),
        }
    }

    fn search(
        &mut self,
        state: G::State,
        depth: u8,
        qleft: u8,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<(i32, i16), Stop> {
        let id = self.game.id(state);
        let ply = self.path.len() as u64 - 1;

        // Step 3. Admission against the global budget, then the counters.
        if self.stats.nodes >= self.opts.budget {
            emit!(
                self,
                Event::Refused {
                    state: id,
                    ply: ply as u16,
                }
            );
            return Err(Stop::Budget);
        }
        self.stats.nodes += 1;
        self.stats.peak = self.stats.peak.max(ply);
        if depth == 0 {
            self.stats.qnodes += 1;
        }
        emit!(
            self,
            Event::Enter {
                state: id,
                turn: self.game.side(state),
                depth,
                qleft,
                alpha,
                beta,
            }
        );
        let key = Key {
            state: id,
            depth,
            qleft,
        };
        let (alpha0, beta0) = (alpha, beta);
        let cut = self.opts.cut;

        // Step 3 (cont.). Probe: only an entry that settles the call outright is used.
        if self.opts.keeps_table() {
            let found = self.table.get(key);
            let usable = found.is_some_and(|e| e.usable(alpha, beta, cut));
            emit!(
                self,
                Event::Probe {
                    state: id,
                    found,
                    usable,
                }
            );
            if let (Some(e), true) = (found, usable) {
                self.stats.tt_hits += 1;
                emit!(
                    self,
                    Event::Return {
                        state: id,
                        value: e.value,
                        mv: e.mv,
                        how: ReturnKind::TableHit,
                    }
                );
                return Ok((e.value, e.mv));
            }
        }

        // Step 4. Terminal utility first; at the horizon with no q budget, the static score.
        let moves = self.game.move_count(state);
        if moves == 0 || (depth == 0 && qleft == 0) {
            self.stats.evals += 1;
            let why = if moves == 0 {
                "a terminal node"
            } else {
                "the depth horizon"
            };
            let value = self.read(state, id, moves == 0, why)?;
            emit!(
                self,
                Event::Read {
                    state: id,
                    value,
                    terminal: moves == 0,
                }
            );
            return Ok(self.save(key, value, NO_MOVE, Flag::Exact));
        }

        let side = self.game.side(state);
        let mut best = if side.is_max() { -INF } else { INF };

        // Step 4 (cont.). Quiescence: standing pat is an explicit option and may already cut.
        if depth == 0 {
            self.stats.evals += 1;
            best = self.read(state, id, false, "stand pat in quiescence")?;
            let cuts = self.pruning()
                && match side {
                    Side::Max => cut.closes(best, beta),
                    Side::Min => cut.closes(alpha, best),
                };
            emit!(
                self,
                Event::StandPat {
                    state: id,
                    value: best,
                    cutoff: cuts,
                }
            );
            if cuts {
                self.stats.cutoffs += 1;
                let flag = if side.is_max() {
                    Flag::Lower
                } else {
                    Flag::Upper
                };
                return Ok(self.save(key, best, NO_MOVE, flag));
            }
            self.narrow(id, side, best, &mut alpha, &mut beta);
        }

        // Step 5. Candidates: every move at normal depth, tactical ones in quiescence; with
        // ordering, the hint move first, then best child score for the mover, then move index.
        let base = self.order.len();
        self.candidates
            .push(self.game, state, depth == 0, &mut self.order)
            .map_err(|e| Stop::Missing(Box::new(e)))?;
        if self.opts.ordering {
            self.hint_first(id, base);
        }
        #[cfg(not(feature = "no-events"))]
        if O::ENABLED {
            let game = self.game;
            self.obs.order(id, &self.order[base..], |m| {
                game.id(game.child(state, m as usize))
            });
        }

        // Steps 6-7, in a loop compiled once per side to move.
        let tried = if side.is_max() {
            self.try_moves::<true>(state, id, base, depth, qleft, (alpha, beta), best)
        } else {
            self.try_moves::<false>(state, id, base, depth, qleft, (alpha, beta), best)
        };
        self.order.truncate(base);
        let (best, best_move) = tried?;

        // Step 8. Store what was proved against the caller's original window.
        let flag = Flag::classify(best, alpha0, beta0, cut);
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
        let cut = self.opts.cut;
        let mut best_move = NO_MOVE;
        let (child_depth, child_q) = if depth > 0 {
            (depth - 1, qleft)
        } else {
            (0, qleft - 1)
        };
        let count = self.order.len() - base;
        for pos in 0..count {
            let i = self.order[base + pos];
            let child = self.game.child(state, i as usize);
            self.path.push(child);
            emit!(
                self,
                Event::Push {
                    state: self.game.id(child),
                    mv: i as i16,
                    pos: pos as u16,
                }
            );
            let outcome = self.search(child, child_depth, child_q, alpha, beta);
            self.path.pop();
            let value = match outcome {
                Ok((v, _)) => v,
                Err(stop) => {
                    emit!(self, Event::Unwind { state: id });
                    return Err(stop);
                }
            };
            emit!(
                self,
                Event::Pop {
                    state: self.game.id(child),
                    value,
                }
            );
            let improves = if MAX { value > best } else { value < best };
            if improves {
                best = value;
                best_move = i as i16;
                emit!(
                    self,
                    Event::Best {
                        state: id,
                        value,
                        mv: best_move,
                    }
                );
            }
            self.narrow(id, side, best, &mut alpha, &mut beta);
            if self.pruning() && cut.closes(alpha, beta) {
                self.stats.cutoffs += 1;
                emit!(
                    self,
                    Event::Cutoff {
                        state: id,
                        pos: pos as u16,
                        alpha,
                        beta,
                    }
                );
                break;
            }
        }
        Ok((best, best_move))
    }

    /// Plain minimax keeps the full window, never cuts and never uses the table.
    #[inline]
    fn pruning(&self) -> bool {
        self.opts.algorithm == Algorithm::AlphaBeta
    }

    /// MAX raises α to its best, MIN lowers β.
    #[inline]
    fn narrow(&mut self, id: u32, side: Side, best: i32, alpha: &mut i32, beta: &mut i32) {
        if !self.pruning() {
            return;
        }
        let changed = match side {
            Side::Max if best > *alpha => {
                *alpha = best;
                true
            }
            Side::Min if best < *beta => {
                *beta = best;
                true
            }
            _ => false,
        };
        if changed {
            emit!(
                self,
                Event::Window {
                    state: id,
                    alpha: *alpha,
                    beta: *beta,
                }
            );
        }
    }

    /// A finished game's utility, or an unfinished position's static evaluation.
    #[inline]
    fn read(
        &self,
        state: G::State,
        id: u32,
        terminal: bool,
        why: &'static str,
    ) -> Result<i32, Stop> {
        let score = if terminal {
            self.game.utility(state)
        } else {
            self.game.evaluate(state)
        };
        score.ok_or_else(|| Stop::Missing(Box::new(SearchError::MissingScore { state: id, why })))
    }

    /// Moves the hint (the last move recorded for the state) to the front of the frame's
    /// ranked candidates; the others keep their order. This equals sorting by the key
    /// (not the hint, oriented child score, move index).
    #[inline]
    fn hint_first(&mut self, id: u32, base: usize) {
        let hint = self.hints.get(id);
        let frame = &mut self.order[base..];
        if let Some(pos) = frame.iter().position(|&i| i as i16 == hint) {
            frame[..=pos].rotate_right(1);
        }
    }

    /// Records a finished call's value. The hint is kept even with the table off (seed 000).
    /// Inlined: it ends every searched call, and a call of its own was a tenth of the time.
    #[inline(always)]
    fn save(&mut self, key: Key, value: i32, mv: i16, flag: Flag) -> (i32, i16) {
        let kept = self.opts.keeps_table();
        if kept {
            self.table.put(key, Entry { value, mv, flag });
        }
        // Hints are read only by ordering; without it they are never seen, and an implicit
        // tree of millions of positions would fill a hash map for nothing.
        if mv >= 0 && self.opts.ordering {
            self.hints.set(key.state, mv);
        }
        emit!(
            self,
            Event::Store {
                state: key.state,
                depth: key.depth,
                qleft: key.qleft,
                value,
                mv,
                flag,
                kept,
            }
        );
        emit!(
            self,
            Event::Return {
                state: key.state,
                value,
                mv,
                how: ReturnKind::Searched(flag),
            }
        );
        (value, mv)
    }
}
