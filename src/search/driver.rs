#![cfg_attr(
    feature = "no-events",
    allow(unused_variables, unused_imports, dead_code)
)]
//! The driver every search shares: seed 000's iterative deepening (commit only a completed
//! pass), and seed 002's aspiration windows inside a pass (search a narrow window around the
//! previous score; on a miss widen the failed side by δ, double δ, clamp to ±INF, try again).

use super::engine::{Search, Stop, emit};
use super::options::{Algorithm, NO_MOVE, Options, Pitfall};
use super::result::{Attempt, Pass, RunResult, SearchError, Status};
use super::tt::Flag;
use crate::event::Event;
use crate::game::{Game, Side};
use crate::observer::Observer;
use crate::value::{AttemptOutcome, INF};

/// Runs the options' search from `start` and reports every step to `obs`.
pub fn run<G: Game, O: Observer>(
    game: &G,
    start: G::State,
    opts: &Options,
    obs: &mut O,
) -> Result<RunResult, SearchError> {
    run_from(game, start, opts, &super::mcts::Prior::default(), obs)
}

/// `run`, for Monte Carlo tree search from a stated position of its tree (`prior`; every
/// other search has no such position and ignores it).
pub fn run_from<G: Game, O: Observer>(
    game: &G,
    start: G::State,
    opts: &Options,
    prior: &super::mcts::Prior,
    obs: &mut O,
) -> Result<RunResult, SearchError> {
    run_proving(game, start, opts, prior, obs).map(|(result, _)| result)
}

/// `run_from`, with what the committed answer proves from MAX's side: the flag the last
/// completed pass's root returned (stored, or its table hit's), the opposite bound for a
/// negamax root of MIN's, none when no pass completed or the search samples. It is what the
/// index reads off the recorded run (`Tree::committed_bound`; tests/root_bound.rs checks the
/// two agree), known here without recording or folding a single event. Only an observer
/// that `PROVES` (`observer::Proves`) has the search keep the flag; any other gets `None`.
pub fn run_proving<G: Game, O: Observer>(
    game: &G,
    start: G::State,
    opts: &Options,
    prior: &super::mcts::Prior,
    obs: &mut O,
) -> Result<(RunResult, Option<Flag>), SearchError> {
    opts.validate_for(&game.limits())
        .map_err(SearchError::Options)?;
    // The start is the first position a recorded run meets: number 0, unless the game
    // numbers its positions itself.
    #[cfg(not(feature = "no-events"))]
    if O::ENABLED {
        obs.state(game, start);
    }
    if opts.algorithm == Algorithm::Mcts {
        return super::mcts::run(game, start, opts, prior, obs).map(|r| (r, None));
    }
    if let Some(solve) = opts.solver {
        return super::solver::record::run(game, start, opts.depth, solve, obs).map(|r| (r, None));
    }
    let mut search = Search::new(game, opts, obs);
    let result = search.drive(start)?;
    if !O::PROVES {
        return Ok((result, None));
    }
    let flip = opts.algorithm.side_to_move() && !game.side(start).is_max();
    let bound = search
        .committed
        .map(|flag| if flip { flag.flipped() } else { flag });
    Ok((result, bound))
}

/// What one search of the root gave: its value and move, in the search's convention.
type Root = Result<(i32, i16), Stop>;

impl<G: Game, O: Observer> Search<'_, G, O> {
    fn drive(&mut self, start: G::State) -> Result<RunResult, SearchError> {
        let mut history = Vec::new();
        let (mut completed, mut score, mut mv) = (0u8, 0i32, NO_MOVE);
        // Negamax scores are from the side to move; results are reported from MAX's side.
        let pov = match (self.opts.algorithm.side_to_move(), self.game.side(start)) {
            (true, Side::Min) => -1,
            _ => 1,
        };
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
            let centre = (completed > 0).then_some(pov * score);
            let (outcome, attempts) = self.pass(start, depth, centre, pov);
            let (done, value, best) = match outcome {
                Ok((v, m)) => (true, pov * v, m),
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
                attempts,
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
            // The root's own return was the pass's last: its flag is what the pass proves.
            self.committed = Some(self.proved);
        }
        Ok(self.result(Status::Complete, completed, score, mv, history))
    }

    /// One pass: a single search with the run's root window, or seed 002's aspiration loop
    /// from its first depth on. `centre` is the last completed pass's score in the search's
    /// convention at the root (none before a pass has completed). The run's root window is
    /// MAX's, whatever the search: a negamax root of MIN's (`pov` −1) gets it negated.
    fn pass(
        &mut self,
        start: G::State,
        depth: u8,
        centre: Option<i32>,
        pov: i32,
    ) -> (Root, Vec<Attempt>) {
        let asp = self.opts.aspiration.filter(|a| depth >= a.from);
        let Some(asp) = asp else {
            let (lo, hi) = self.opts.window;
            let window = match (self.opts.algorithm.prunes(), pov) {
                (false, _) => (-INF, INF),
                (true, 1) => (lo, hi),
                (true, _) => (-hi, -lo),
            };
            return (self.root(start, depth, window), Vec::new());
        };
        let centre = centre.unwrap_or(asp.guess);
        let mut delta = asp.delta as i64;
        let clamp = |v: i64| v.clamp(-INF as i64, INF as i64) as i32;
        let (mut lo, mut hi) = (clamp(centre as i64 - delta), clamp(centre as i64 + delta));
        let mut attempts = Vec::new();
        loop {
            let got = self.root(start, depth, (lo, hi));
            if matches!(got, Err(Stop::Missing(_))) {
                return (got, attempts);
            }
            let (value, outcome) = match &got {
                Err(_) => (0, AttemptOutcome::Abort),
                Ok((v, _)) => (
                    *v,
                    match Flag::classify(*v, lo, hi, self.opts.cut) {
                        Flag::Upper => AttemptOutcome::FailLow,
                        Flag::Lower => AttemptOutcome::FailHigh,
                        Flag::Exact => AttemptOutcome::Exact,
                    },
                ),
            };
            emit!(
                self,
                Event::Aspiration {
                    depth,
                    alpha: lo,
                    beta: hi,
                    outcome,
                }
            );
            attempts.push(Attempt {
                alpha: lo,
                beta: hi,
                value,
                outcome,
            });
            match outcome {
                AttemptOutcome::FailLow => lo = clamp(lo as i64 - delta),
                AttemptOutcome::FailHigh => hi = clamp(hi as i64 + delta),
                AttemptOutcome::Exact | AttemptOutcome::Abort => return (got, attempts),
            }
            self.counters.aspiration_misses += 1;
            delta = (delta * 2).min(INF as i64);
        }
    }

    /// One search of the root with `window`, by the run's recursion.
    fn root(&mut self, start: G::State, depth: u8, (alpha, beta): (i32, i32)) -> Root {
        self.path.push(start);
        // depth-plus-one and depth-minus-one search a ply more or less than the pass says.
        let depth = match self.opts.pitfall {
            Some(Pitfall::DepthPlusOne) => depth + 1,
            Some(Pitfall::DepthMinusOne) => depth.saturating_sub(1),
            _ => depth,
        };
        let qleft = self.opts.qlimit;
        let got = match self.opts.algorithm {
            // Paranoid is alpha-beta itself: the game it gets is already reduced (run::game).
            Algorithm::AlphaBeta
            | Algorithm::Minimax
            | Algorithm::Expectiminimax
            | Algorithm::Paranoid => self.search(start, depth, qleft, alpha, beta),
            Algorithm::Maxn => self.maxn_root(start, depth),
            Algorithm::Negamax => self.negamax::<false>(start, depth, qleft, alpha, beta),
            Algorithm::Pvs => self.negamax::<true>(start, depth, qleft, alpha, beta),
            Algorithm::Mcts => unreachable!("run_from hands Monte Carlo runs to mcts::run"),
        };
        self.path.pop();
        got
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
            counters: self.counters,
            history,
            restored: self.path.is_empty(),
            // The vector of the last completed pass: an aborted pass never reaches it.
            vector: if depth > 0 {
                self.vector.clone()
            } else {
                Vec::new()
            },
            mcts: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::game::tictactoe::{Board, Scoring, TicTacToe};
    use crate::game::uniform::{Leaves, Uniform};
    use crate::observer::Interner;

    /// A game whose keys are random 64-bit numbers (a hash of the wrapped game's key):
    /// nothing about its positions fits 32 bits.
    struct Hashed<G>(G);

    impl<G: Game> Game for Hashed<G> {
        type State = G::State;
        fn key(&self, s: Self::State) -> u64 {
            crate::rng::Rng::new(self.0.key(s) ^ 0xA076_1D64_78BD_642F).next_u64()
        }
        fn key_bound(&self) -> Option<u64> {
            None
        }
        fn name(&self, s: Self::State) -> String {
            self.0.name(s)
        }
        fn parse(&self, name: &str) -> Result<Self::State, String> {
            self.0.parse(name)
        }
        fn notation(&self) -> &'static str {
            self.0.notation()
        }
        fn side(&self, s: Self::State) -> crate::game::Side {
            self.0.side(s)
        }
        fn score(&self, s: Self::State) -> Option<i32> {
            self.0.score(s)
        }
        fn utility(&self, s: Self::State) -> Option<i32> {
            self.0.utility(s)
        }
        fn evaluate(&self, s: Self::State) -> Option<i32> {
            self.0.evaluate(s)
        }
        fn move_count(&self, s: Self::State) -> usize {
            self.0.move_count(s)
        }
        fn child(&self, s: Self::State, index: usize) -> Self::State {
            self.0.child(s, index)
        }
        fn is_tactical(&self, _: Self::State, _: usize) -> bool {
            false
        }
        fn limits(&self) -> crate::game::Limits {
            self.0.limits()
        }
    }

    /// A recorded run of `options` on `game` keyed by random 64-bit numbers: the same result
    /// and counters as the unrecorded run keyed by the game's own keys (the table and hints
    /// work by either), numbers 0, 1, 2, … in the order met, the start first, and every
    /// entered position named as the game names it, one number per name.
    fn records_hashed<G: Game + Clone>(
        game: &G,
        start: G::State,
        options: &crate::search::options::Options,
    ) -> crate::search::result::RunResult {
        use crate::event::Event;
        use crate::observer::{NoTrace, Recorder};
        let prior = crate::search::mcts::Prior::default();
        let want = super::run_from(game, start, options, &prior, &mut NoTrace).unwrap();
        let mut rec = Recorder {
            positions: Interner::describing(),
            ..Recorder::default()
        };
        let hashed = Hashed(game.clone());
        let got = super::run_from(&hashed, start, options, &prior, &mut rec).unwrap();
        assert_eq!(
            (got.score, got.mv, got.stats),
            (want.score, want.mv, want.stats)
        );
        let met = rec.positions.met.len();
        let ids: Vec<u32> = rec.positions.met.iter().map(|m| m.0).collect();
        assert_eq!(ids, (0..met as u32).collect::<Vec<_>>());
        assert_eq!(rec.positions.met[0].1.label, Some(game.name(start)));
        for e in rec.events.iter() {
            if let Event::Enter { state, turn, .. } = e {
                let (_, d) = &rec.positions.met[state as usize];
                let s = game.parse(d.label.as_deref().unwrap()).unwrap();
                assert_eq!(turn, game.side(s));
            }
        }
        let names: std::collections::BTreeSet<_> = rec
            .positions
            .met
            .iter()
            .map(|m| m.1.label.clone())
            .collect();
        assert_eq!(names.len(), met, "one number per position");
        got
    }

    /// On a uniform tree and on tic-tac-toe (whose transpositions the table answers from the
    /// hashed keys as it does from the boards' own codes).
    #[test]
    fn a_game_keyed_by_random_64_bit_numbers_records() {
        let tree = Uniform::new(4, 5, Leaves::Random, 7).unwrap();
        let options = crate::search::options::Options {
            depth: 5,
            ordering: true,
            ..crate::search::options::Options::default()
        };
        records_hashed(&tree, tree.root(), &options);
        let t = TicTacToe::new(Board::EMPTY, Scoring::Plain);
        let options = crate::search::options::Options {
            depth: 9,
            ..options
        };
        let r = records_hashed(&t, Board::EMPTY, &options);
        assert!(
            r.stats.tt_hits > 0,
            "transpositions answered from the table"
        );
    }
}
