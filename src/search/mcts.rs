//! Monte Carlo tree search with UCB1 (UCT), seed 004 §6, reporting every phase of every
//! iteration to the observer.
//!
//! The rules, exactly as the seed states them:
//! - Every node keeps N (visits) and U (rewards) for the player who made the move into it, in
//!   the run's reward unit, 1/`per_win` of a win, so that they stay exact: half-wins under
//!   the outcome rule (a win 2, a draw 1, a loss 0), and under the score rule the least unit
//!   that counts every finished game's score (quarter-wins for 0.75). The root counts every
//!   iteration, its U for the player to move there. A node below a chance node counts for the
//!   player whose choice led to the chance node.
//! - Selection follows UCB1(n) = U(n)/N(n) + C·sqrt(ln N(parent) / N(n)) (natural log; U/N as
//!   a rate of wins, so the unit count is divided by `per_win`) through nodes whose moves all have nodes,
//!   taking the first child in move order on a tie. At a chance node the outcome is drawn by
//!   its probability instead.
//! - A node with a move that has no node yet expands one: its first such move in move order
//!   (at a chance node, the drawn outcome). That child is never scored by UCB1 before, which is
//!   the seed's "an unvisited child has infinite priority".
//! - A playout from the new child plays to the end of the game and is not stored; selection
//!   that reaches a finished game skips expansion and playout and backs up its known outcome.
//! - The move played is the root child with the most visits, the first in move order on a tie.
//! - A finished game's score is MAX's reward as an outcome (above 0 a win, 0 a draw, below 0
//!   a loss), or with `Reward::Score` the score itself, which must lie in [0, 1].

pub mod config;
mod prior;
mod tree;

pub use config::{
    MAX_ITERATIONS, MAX_PER_WIN, MctsOptions, Playout, Real, Reward, Unfit, c_text, checked_c,
    finer_unit, parse_c, score_rewards_refused, score_unit, unit_words,
};
pub use prior::{GivenNode, MAX_STATED_VISITS, Prior};
pub use tree::outcome_of;

use super::options::{NO_MOVE, Options};
use super::result::{MctsChild, MctsSummary, RunResult, SearchError, Stats, Status};
use crate::event::{Event, Mcts};
use crate::game::{Game, Side};
use crate::observer::Observer;
use crate::rng::Rng;
use tree::{NONE, Tree};

macro_rules! emit {
    ($search:ident, $event:expr) => {
        #[cfg(not(feature = "no-events"))]
        if O::ENABLED {
            $search.obs.event(Event::Mcts($event));
        }
    };
}

/// Runs `opts.mcts.iterations` iterations from `start`, from the stated position `prior`.
pub fn run<G: Game, O: Observer>(
    game: &G,
    start: G::State,
    opts: &Options,
    prior: &Prior,
    obs: &mut O,
) -> Result<RunResult, SearchError> {
    let mc = opts.mcts;
    mc.validate().map_err(SearchError::Options)?;
    if game.limits().players > 0 {
        return Err(SearchError::Options(
            "mcts counts wins for one of two players; this game has several: use --algorithm maxn or paranoid".into(),
        ));
    }
    if mc.playout == Playout::Scripted && prior.script.len() < mc.iterations as usize {
        return Err(SearchError::Options(format!(
            "a scripted playout needs a result for every iteration: {} given for {} iterations",
            prior.script.len(),
            mc.iterations
        )));
    }
    let per_win = reward_unit(game, start, mc.reward).map_err(SearchError::Options)?;
    let mut tree = Tree::new(game, start, per_win, mc.c.0).map_err(SearchError::Options)?;
    prior
        .build(game, &mut tree, per_win)
        .map_err(SearchError::Options)?;
    tree.sync();
    let mut search = Search {
        game,
        tree,
        rng: Rng::new(mc.seed),
        per_win,
        opts: *opts,
        prior,
        obs,
        path: Vec::new(),
        played: Vec::new(),
        reached: Vec::new(),
        bonus: Vec::new(),
        stats: Stats::default(),
    };
    search.announce_prior();
    search.iterate()
}

struct Search<'a, G: Game, O: Observer> {
    game: &'a G,
    tree: Tree<G::State>,
    rng: Rng,
    /// The run's reward unit: a win counts `per_win` (2 under the outcome rule).
    per_win: u8,
    opts: Options,
    prior: &'a Prior,
    obs: &'a mut O,
    /// The nodes of the iteration's path, root first.
    path: Vec<u32>,
    /// A recorded playout's moves and the states they reached.
    played: Vec<u16>,
    reached: Vec<u32>,
    /// The exploration bonus of each child at a selection (recorded runs only).
    bonus: Vec<f64>,
    stats: Stats,
}

impl<G: Game, O: Observer> Search<'_, G, O> {
    /// The stated nodes of the prior, as if each were expanded and then given its counts.
    fn announce_prior(&mut self) {
        if !O::ENABLED {
            return;
        }
        for id in 0..self.tree.len() as u32 {
            if id > 0 {
                self.announce_expand(id);
            }
            let node = self.tree.node(id);
            if node.n > 0 || node.u > 0 {
                emit!(
                    self,
                    Mcts::Given {
                        node: id,
                        n: node.n,
                        u: node.u,
                    }
                );
            }
        }
    }

    fn iterate(&mut self) -> Result<RunResult, SearchError> {
        let wanted = self.opts.mcts.iterations;
        let mut done = 0;
        while done < wanted {
            // The node budget: an iteration may add one node. A complete tree adds none, so
            // its iterations (which back up finished games) go on.
            if self.tree.len() as u64 >= self.opts.budget && !self.tree.complete() {
                break;
            }
            emit!(self, Mcts::Iteration { number: done + 1 });
            self.iteration(done as usize)?;
            done += 1;
        }
        Ok(self.result(done))
    }

    fn iteration(&mut self, number: usize) -> Result<(), SearchError> {
        self.path.clear();
        self.path.push(0);
        let mut at = 0u32;
        let leaf = loop {
            if self.tree.node(at).moves == 0 {
                break at;
            }
            let (pos, child) = if self.tree.node(at).side.is_chance() {
                let pos = self.draw(at)?;
                emit!(
                    self,
                    Mcts::Draw {
                        node: at,
                        pos: pos as u16
                    }
                );
                (pos, self.tree.slot(at, pos))
            } else if let Some(pos) = self.tree.untried(at) {
                (pos, NONE)
            } else {
                self.select(at)
            };
            if child == NONE {
                let child = self.expand(at, pos);
                self.path.push(child);
                break child;
            }
            self.path.push(child);
            at = child;
        };
        self.stats.peak = self.stats.peak.max(self.path.len() as u64 - 1);
        let outcome = self.finish(leaf, number)?;
        self.backup(outcome);
        Ok(())
    }

    /// UCB1 over the children of `at`, all of which have nodes: the position of the best and
    /// its node.
    fn select(&mut self, at: u32) -> (usize, u32) {
        if !O::ENABLED {
            return self.tree.best_child(at);
        }
        let c = self.opts.mcts.c.0;
        let ln = (self.tree.node(at).n as f64).ln();
        self.bonus.clear();
        let best = self.tree.best_child_recorded(at, ln, c, &mut self.bonus);
        let start = self.obs.bonuses(&self.bonus);
        emit!(
            self,
            Mcts::Select {
                node: at,
                start,
                len: self.bonus.len() as u16,
                pos: best as u16,
            }
        );
        (best, self.tree.slot(at, best))
    }

    /// A chance node's outcome, drawn by its probability.
    fn draw(&mut self, at: u32) -> Result<usize, SearchError> {
        draw_outcome(self.game, self.tree.node(at).state, &mut self.rng).ok_or(
            SearchError::Options(format!(
                "chance node {} has no outcome with a probability",
                self.game.called(self.tree.node(at).state)
            )),
        )
    }

    fn expand(&mut self, at: u32, pos: usize) -> u32 {
        let child = self.tree.expand(self.game, at, pos);
        if O::ENABLED {
            self.announce_expand(child);
        }
        child
    }

    fn announce_expand(&mut self, id: u32) {
        let node = *self.tree.node(id);
        let state = self.obs.state(self.game, node.state);
        let at = self.obs.arena(&[node.pos], &[state]);
        emit!(
            self,
            Mcts::Expand {
                node: id,
                parent: node.parent,
                at,
            }
        );
    }

    /// The outcome of the iteration ending at `leaf`: its known result when the game is over
    /// there, otherwise a playout's.
    fn finish(&mut self, leaf: u32, number: usize) -> Result<u8, SearchError> {
        let state = self.tree.node(leaf).state;
        self.stats.evals += 1;
        if self.tree.node(leaf).moves == 0 {
            let value = self.utility(state)?;
            let outcome = self.reward(state, value)?;
            emit!(
                self,
                Mcts::Known {
                    node: leaf,
                    result: outcome,
                    value,
                }
            );
            return Ok(outcome);
        }
        let (outcome, value) = match self.opts.mcts.playout {
            Playout::Scripted => {
                self.played.clear();
                self.reached.clear();
                let outcome = self.prior.script[number];
                (outcome, (outcome as i32 - 1) * self.game.scale())
            }
            Playout::Random | Playout::First => {
                let end = self.playout(state)?;
                let value = self.utility(end)?;
                (self.reward(end, value)?, value)
            }
        };
        if O::ENABLED {
            let start = self.obs.arena(&self.played, &self.reached);
            emit!(
                self,
                Mcts::Playout {
                    node: leaf,
                    start,
                    len: self.played.len() as u16,
                    result: outcome,
                    value,
                }
            );
        }
        Ok(outcome)
    }

    /// Plays from `state` to the end of the game by the run's policy; a recorded run keeps
    /// the moves in `played` and `reached`.
    fn playout(&mut self, mut state: G::State) -> Result<G::State, SearchError> {
        self.played.clear();
        self.reached.clear();
        let first = self.opts.mcts.playout == Playout::First;
        loop {
            let count = self.game.move_count(state);
            if count == 0 {
                return Ok(state);
            }
            let mv = if self.game.side(state).is_chance() {
                draw_outcome(self.game, state, &mut self.rng).ok_or_else(|| {
                    SearchError::Options(format!(
                        "chance node {} has no outcome with a probability",
                        self.game.called(state)
                    ))
                })?
            } else if first {
                0
            } else {
                self.rng.below(count)
            };
            state = self.game.child(state, mv);
            if O::ENABLED {
                self.played.push(mv as u16);
                self.reached.push(self.obs.state(self.game, state));
            }
        }
    }

    fn utility(&self, state: G::State) -> Result<i32, SearchError> {
        self.game
            .utility(state)
            .ok_or_else(|| SearchError::MissingScore {
                state: self.game.called(state),
                why: "mcts reads every finished game's score as its outcome",
            })
    }

    /// MAX's reward in the run's unit for the finished game `state` worth `value`, by the
    /// run's reward rule.
    #[inline]
    fn reward(&self, state: G::State, value: i32) -> Result<u8, SearchError> {
        let rule = self.opts.mcts.reward;
        let scale = self.game.scale();
        rule.units(value, scale, self.per_win).ok_or_else(|| {
            let why = match finer_unit(self.per_win.into(), value, scale) {
                Err(why) => why,
                Ok(needs) => Unfit::TooFine {
                    needs: needs.into(),
                },
            };
            let name = self.game.called(state);
            SearchError::Options(rule.refusal(&name, value, scale, why))
        })
    }

    /// One visit more on every node of the path, and each node's reward for the player who
    /// moved into it.
    fn backup(&mut self, outcome: u8) {
        // The reward-reversed pitfall counts every node below the root for the other player
        // (the one to move there); the root already counts for its player to move.
        let reversed = self.opts.pitfall == Some(super::options::Pitfall::RewardReversed);
        let win = self.per_win;
        for i in (0..self.path.len()).rev() {
            let id = self.path[i];
            let reward = match self.tree.node(id).counts_for {
                Side::Min => win - outcome,
                _ => outcome,
            };
            let reward = if reversed && i > 0 {
                win - reward
            } else {
                reward
            };
            let (n, u) = self.tree.visit(id, reward as u32);
            emit!(
                self,
                Mcts::Backup {
                    node: id,
                    n,
                    u,
                    reward,
                }
            );
        }
    }

    fn result(&self, done: u32) -> RunResult {
        let root = self.tree.node(0);
        let ln = (root.n as f64).ln();
        let c = self.opts.mcts.c.0;
        let children: Vec<MctsChild> = (0..root.moves as usize)
            .filter_map(|pos| {
                let id = self.tree.slot(0, pos);
                (id != NONE).then(|| {
                    let node = self.tree.node(id);
                    let (mean, bonus) = ucb1_parts(node.n, node.u, self.per_win.into(), ln, c);
                    MctsChild {
                        mv: pos as i16,
                        node: id,
                        n: node.n,
                        u: node.u,
                        ucb1: Real(mean + bonus),
                    }
                })
            })
            .collect();
        // The most visited child, the first in move order on a tie.
        let best = children
            .iter()
            .fold(None::<&MctsChild>, |best, c| match best {
                Some(b) if b.n >= c.n => Some(b),
                _ => Some(c),
            });
        let interrupted = done < self.opts.mcts.iterations;
        let mut stats = self.stats;
        stats.nodes = self.tree.len() as u64;
        RunResult {
            status: if interrupted {
                Status::Partial
            } else {
                Status::Complete
            },
            depth: 0,
            score: 0,
            mv: best.map_or(NO_MOVE, |b| b.mv),
            stats,
            counters: Default::default(),
            history: Vec::new(),
            restored: true,
            vector: Vec::new(),
            mcts: Some(Box::new(MctsSummary {
                iterations: done,
                interrupted,
                root_n: root.n,
                root_u: root.u,
                per_win: self.per_win,
                children,
            })),
        }
    }
}

/// UCB1's two terms for a child with `n` visits and `u` rewards in units of 1/`per_win` of a
/// win under a parent whose visit count has the natural log `ln_parent`: the mean reward
/// (wins per visit) and the bonus C·sqrt(ln N(parent) / n). An unvisited child's bonus is
/// infinite.
pub fn ucb1_parts(n: u32, u: u32, per_win: u32, ln_parent: f64, c: f64) -> (f64, f64) {
    (
        tree::mean_of(n, u, f64::from(per_win)),
        tree::bonus_of(n, ln_parent, c),
    )
}

/// The reward unit of a run from `start` under `rule`: half-wins for outcomes; for scores the
/// least unit that counts the score of every finished game reachable from `start` exactly (a
/// game too large to walk: the unit its scale makes). The line that refuses the run when a
/// reachable score is outside [0, 1] or needs a unit finer than `MAX_PER_WIN`.
fn reward_unit<G: Game>(game: &G, start: G::State, rule: Reward) -> Result<u8, String> {
    let scale = game.scale();
    let refuse = |s: G::State, v: i32, why| rule.refusal(&game.called(s), v, scale, why);
    let walkable = game.key_bound().filter(|&b| b <= 1 << 22);
    let Some(bound) = walkable.filter(|_| rule == Reward::Score) else {
        return rule.coarse_unit(scale).map_err(|why| refuse(start, 1, why));
    };
    let mut seen = vec![false; bound as usize];
    let mut stack = vec![start];
    let mut per_win = 2;
    while let Some(s) = stack.pop() {
        let count = game.move_count(s);
        if count == 0 {
            if let Some(v) = game.utility(s) {
                per_win = finer_unit(per_win, v, scale).map_err(|why| refuse(s, v, why))?;
            }
            continue;
        }
        for i in 0..count {
            let child = game.child(s, i);
            if let Some(mark) = seen.get_mut(game.key(child) as usize)
                && !*mark
            {
                *mark = true;
                stack.push(child);
            }
        }
    }
    Ok(per_win as u8)
}

/// An outcome of the chance node `state`, drawn by the probabilities of its moves (exact:
/// every probability is a fraction, scaled to their common denominator). `None` when no move
/// has a probability.
pub fn draw_outcome<G: Game>(game: &G, state: G::State, rng: &mut Rng) -> Option<usize> {
    let count = game.move_count(state);
    let mut den: i64 = 1;
    for i in 0..count {
        if let Some(p) = game.probability(state, i) {
            den = crate::exact::lcm(den, p.den())?;
        }
    }
    let weight = |i: usize| {
        game.probability(state, i)
            .map_or(0, |p| p.num() * (den / p.den()))
    };
    let total: i64 = (0..count).map(weight).sum();
    if total <= 0 {
        return None;
    }
    let mut r = (rng.next_u64() % total as u64) as i64;
    for i in 0..count {
        let w = weight(i);
        if r < w {
            return Some(i);
        }
        r -= w;
    }
    None
}
