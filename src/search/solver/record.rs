//! What a solve reports to its observer, one method per event site of the search. Each
//! begins with `if !O::ENABLED { return }`, so with `NoTrace` the search compiles as if it
//! had none; `run` is a recorded solve as a run of the core (one pass, its probes of the
//! root as the pass's attempts), so the index folds it as it folds every other search.

use super::table::Kept;
use super::{SolveOptions, Solver, pov};
use crate::event::{Bound, Event, Narrowing, ReturnKind};
use crate::game::Game;
use crate::observer::Observer;
use crate::search::options::NO_MOVE;
use crate::search::result::{Attempt, Counters, Pass, RunResult, SearchError, Stats, Status};
use crate::value::{AttemptOutcome, CutRule, Flag};

/// Solves `start` with `opts`, reporting every step to `obs`, as one pass of depth `depth`
/// (the moves left to the end of the game).
pub fn run<G: Game, O: Observer>(
    game: &G,
    start: G::State,
    depth: u8,
    opts: SolveOptions,
    obs: &mut O,
) -> Result<RunResult, SearchError> {
    // Unrecorded, the run still counts what a recorded one reports, so that both give the
    // same result (`Proves` records nothing and keeps the counters).
    if !O::ENABLED && !O::PROVES {
        return run_counting(game, start, depth, opts, &mut crate::observer::Proves);
    }
    run_counting(game, start, depth, opts, obs)
}

fn run_counting<G: Game, O: Observer>(
    game: &G,
    start: G::State,
    depth: u8,
    opts: SolveOptions,
    obs: &mut O,
) -> Result<RunResult, SearchError> {
    let mut solver = Solver::observed(game, opts, obs);
    solver.rec.root_depth = depth;
    solver.rec.root_move = NO_MOVE;
    solver.emit(Event::PassStart { depth });
    let solved = solver.solve(start)?;
    let score = pov(game.side(start)) * solved.score;
    let mv = solver.rec.root_move;
    solver.emit(Event::PassEnd {
        depth,
        done: true,
        score,
        mv,
    });
    let mut stats = solver.rec.stats;
    stats.nodes = solved.explored;
    let attempts = std::mem::take(&mut solver.rec.attempts);
    let counters = Counters {
        aspiration_misses: attempts.iter().filter(|a| a.outcome.missed()).count() as u64,
        ..Counters::default()
    };
    Ok(RunResult {
        status: Status::Complete,
        depth,
        score,
        mv,
        stats,
        counters,
        history: vec![Pass {
            depth,
            done: true,
            score,
            mv,
            delta: stats.delta(&Stats::default()),
            attempts,
        }],
        restored: true,
        vector: Vec::new(),
        mcts: None,
    })
}

/// Whether the solve keeps its counters and each call's best move: when recorded, and for
/// `prune run`'s observer, which records nothing but reports them (`Observer::PROVES`).
const fn counts<O: Observer>() -> bool {
    O::ENABLED || O::PROVES
}

impl<G: Game, O: Observer> Solver<'_, G, O> {
    #[inline(always)]
    pub(super) fn emit(&mut self, event: Event) {
        if O::ENABLED {
            self.obs.event(event);
        }
    }

    /// The call's remaining depth: the root's less the plies above it.
    fn depth(&self) -> u8 {
        self.rec.root_depth.saturating_sub(self.rec.ply as u8)
    }

    /// A call begins: its number in the trace (0 when nothing records).
    #[inline(always)]
    pub(super) fn enter(&mut self, s: G::State, (alpha, beta): (i32, i32)) -> u32 {
        if !counts::<O>() {
            return 0;
        }
        let depth = self.depth();
        let st = &mut self.rec.stats;
        st.nodes += 1;
        st.peak = st.peak.max(u64::from(self.rec.ply));
        st.qnodes += u64::from(depth == 0);
        self.rec.best.push(NO_MOVE);
        if !O::ENABLED {
            return 0;
        }
        let id = self.obs.state(self.game, s);
        let turn = self.game.side(s);
        self.emit(Event::Enter {
            state: id,
            turn,
            depth,
            qleft: 0,
            alpha,
            beta,
        });
        id
    }

    /// A finished position's score, read: after the rule that finished it, if one did.
    #[inline(always)]
    pub(super) fn read(&mut self, s: G::State, id: u32, value: i32) {
        if !counts::<O>() {
            return;
        }
        self.rec.stats.evals += 1;
        if !O::ENABLED {
            return;
        }
        if let Some(rule) = self.game.settled_by(s) {
            self.emit(Event::Bound(Bound::Settled { state: id, rule }));
        }
        self.emit(Event::Bound(Bound::Read {
            state: id,
            value,
            terminal: true,
        }));
    }

    /// The call returns `value`; `window` is the one it was called with.
    #[inline(always)]
    pub(super) fn returns(&mut self, id: u32, value: i32, (alpha, beta): (i32, i32), leaf: bool) {
        if !counts::<O>() {
            return;
        }
        let mv = self.rec.best.pop().unwrap_or(NO_MOVE);
        let stored = self.rec.stored.take().filter(|&(at, _)| at == id);
        let flag = match stored {
            Some((_, flag)) => flag,
            None if leaf => Flag::Exact,
            None => Flag::classify(value, alpha, beta, CutRule::AtLeast),
        };
        if self.rec.ply == 0 && value > alpha && mv != NO_MOVE {
            self.rec.root_move = mv;
        }
        self.emit(Event::Return {
            state: id,
            value,
            mv,
            how: ReturnKind::Searched(flag),
        });
    }

    #[inline(always)]
    pub(super) fn narrowing(&mut self, id: u32, (alpha, beta): (i32, i32), by: Narrowing) {
        self.emit(Event::Bound(Bound::Narrow {
            state: id,
            alpha,
            beta,
            by,
        }));
    }

    /// The call's candidates, `stack[base..end]` in the game's order: every move it offers.
    #[inline(always)]
    pub(super) fn order(&mut self, s: G::State, id: u32, base: usize, end: usize) {
        if !O::ENABLED {
            return;
        }
        let dropped = self.game.left_out(s);
        if dropped > 0 {
            self.emit(Event::Bound(Bound::Filtered { state: id, dropped }));
        }
        if !O::NUMBERS_CHILDREN {
            return;
        }
        let (mut moves, mut ids) = (
            std::mem::take(&mut self.rec.moves),
            std::mem::take(&mut self.rec.ids),
        );
        moves.clear();
        ids.clear();
        for i in base..end {
            moves.push((i - base) as u16);
            ids.push(self.obs.state(self.game, self.stack[i]));
        }
        self.obs.order(id, &moves, &ids);
        (self.rec.moves, self.rec.ids) = (moves, ids);
    }

    #[inline(always)]
    pub(super) fn push(&mut self, child: G::State, pos: usize) {
        if !counts::<O>() {
            return;
        }
        self.rec.ply += 1;
        if !O::ENABLED {
            return;
        }
        let state = self.obs.state(self.game, child);
        self.emit(Event::Push {
            state,
            mv: pos as i16,
            pos: pos as u16,
        });
    }

    /// The child's call ended with `value` (the child's own side).
    #[inline(always)]
    pub(super) fn pop(&mut self, child: G::State, value: i32) {
        if !counts::<O>() {
            return;
        }
        self.rec.ply -= 1;
        if !O::ENABLED {
            return;
        }
        let state = self.obs.state(self.game, child);
        self.emit(Event::Pop { state, value });
    }

    /// The candidate at `pos` scored `score` ≥ β: the rest are skipped.
    #[inline(always)]
    pub(super) fn cut(&mut self, id: u32, pos: usize, score: i32, beta: i32) {
        if !counts::<O>() {
            return;
        }
        self.rec.stats.cutoffs += 1;
        if let Some(b) = self.rec.best.last_mut() {
            *b = pos as i16;
        }
        self.emit(Event::Bound(Bound::Best {
            state: id,
            value: score,
            mv: pos as i16,
        }));
        self.emit(Event::Bound(Bound::Cutoff {
            state: id,
            pos: pos as u16,
            alpha: score,
            beta,
        }));
    }

    /// The candidate at `pos` raised α to `alpha`.
    #[inline(always)]
    pub(super) fn raised(&mut self, id: u32, pos: usize, alpha: i32, beta: i32) {
        if !counts::<O>() {
            return;
        }
        if let Some(b) = self.rec.best.last_mut() {
            *b = pos as i16;
        }
        self.emit(Event::Bound(Bound::Best {
            state: id,
            value: alpha,
            mv: pos as i16,
        }));
        self.emit(Event::Bound(Bound::Window {
            state: id,
            alpha,
            beta,
        }));
    }

    #[inline(always)]
    pub(super) fn stored(&mut self, id: u32, kept: Kept) {
        if !O::ENABLED {
            return;
        }
        let (value, flag) = match kept {
            Kept::Upper(v) => (v, Flag::Upper),
            Kept::Lower(v) => (v, Flag::Lower),
        };
        self.rec.stored = Some((id, flag));
        let depth = self.depth();
        self.emit(Event::Bound(Bound::Store {
            state: id,
            depth,
            qleft: 0,
            value,
            mv: NO_MOVE,
            flag,
            kept: true,
        }));
    }

    /// Before a probe of the root: its value lies in `interval`, and the probe asks above
    /// `probe`.
    #[inline(always)]
    pub(super) fn split(&mut self, (lo, hi): (i32, i32), probe: i32) {
        self.emit(Event::Bound(Bound::Split { lo, hi, probe }));
    }

    /// A probe of the root with the null window `window` came back with `value`.
    #[inline(always)]
    pub(super) fn probed(&mut self, (alpha, beta): (i32, i32), value: i32) {
        if !counts::<O>() {
            return;
        }
        let outcome = if value <= alpha {
            AttemptOutcome::FailLow
        } else {
            AttemptOutcome::FailHigh
        };
        self.rec.attempts.push(Attempt {
            alpha,
            beta,
            value,
            outcome,
        });
        let depth = self.rec.root_depth;
        self.emit(Event::Aspiration {
            depth,
            alpha,
            beta,
            outcome,
        });
    }
}
