#![cfg_attr(
    feature = "no-events",
    allow(unused_variables, unused_imports, dead_code)
)]
//! What every search of one run shares, whatever its recursion: the table, the move hints,
//! the candidate lists, the active path, the counters and the observer, and the steps every
//! call begins and ends with (admission against the budget, the probe, the score reads, the
//! store). Seed 000's MAX/MIN recursion (`alphabeta`) and seed 002's negamax (`negamax`) are
//! recursions over this one engine, so they agree on everything but how a frame backs up.

use super::candidates::Candidates;
use super::options::{NO_MOVE, Options, Pitfall};
use super::result::{Counters, SearchError, Stats};
use super::tt::{Entry, Flag, Hints, Key, Table};
use crate::event::Bound;
use crate::event::{Event, ReturnKind};
use crate::game::Game;
use crate::observer::Observer;
use crate::value::CutRule;

/// What a named misconception (`Options::pitfall`) changes in the recursions, read off the
/// options once when the search starts. Each hook is a plain value the search reads at a
/// place where it already decides (the cut test, the child's window, the flag it stores),
/// so the right search pays for a load, not for a match on the pitfall at every call.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hooks {
    /// The rule the move loops and stand pat cut by: the run's, or the other one for
    /// cut-strict and cut-loose. Flags are still classified by the run's own rule.
    pub cut: CutRule,
    /// fail-hard: a searched frame returns its best clamped into its window.
    pub fail_hard: bool,
    /// alpha-not-passed: every child gets its frame's original window.
    pub not_passed: bool,
    /// sides-swapped: every node below the root plays for the other side.
    pub swapped: bool,
    /// bound-stored-exact: every store is flagged EXACT.
    pub stored_exact: bool,
    /// bound-probe-exact: any entry at the key answers a probe.
    pub probe_exact: bool,
}

impl Hooks {
    pub fn of(opts: &Options) -> Hooks {
        let p = opts.pitfall;
        let is = |q: Pitfall| p == Some(q);
        let cut = match (p, opts.cut) {
            (Some(Pitfall::CutStrict), _) => CutRule::Strict,
            (Some(Pitfall::CutLoose), _) => CutRule::AtLeast,
            (_, rule) => rule,
        };
        Hooks {
            cut,
            fail_hard: is(Pitfall::FailHard),
            not_passed: is(Pitfall::AlphaNotPassed),
            swapped: is(Pitfall::SidesSwapped),
            stored_exact: is(Pitfall::BoundStoredExact),
            probe_exact: is(Pitfall::BoundProbeExact),
        }
    }

    /// A searched frame's value as it returns: fail-soft as it is, fail-hard clamped into
    /// the frame's original window (written without `clamp`, which panics on an empty one).
    #[inline(always)]
    pub fn returned(&self, best: i32, (alpha0, beta0): (i32, i32)) -> i32 {
        if self.fail_hard {
            best.max(alpha0).min(beta0)
        } else {
            best
        }
    }

    /// The window a child is searched with: the frame's current one, or (alpha-not-passed)
    /// the one the frame was entered with.
    #[inline(always)]
    pub fn passed(&self, now: (i32, i32), original: (i32, i32)) -> (i32, i32) {
        if self.not_passed { original } else { now }
    }
}

/// Why a search call did not return a value.
pub(super) enum Stop {
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
pub(super) use emit;

pub(super) struct Search<'a, G: Game, O: Observer> {
    pub game: &'a G,
    pub opts: Options,
    pub table: Table,
    pub hints: Hints,
    pub stats: Stats,
    pub counters: Counters,
    pub path: Vec<G::State>,
    /// Candidate indices of every active frame, stacked; a frame owns the tail it pushed.
    pub order: Vec<u16>,
    /// Scratch space for the trace's numbers of a frame's children (recorded runs only).
    pub children: Vec<u32>,
    /// Each state's candidate list (ranked when ordering), built on its first visit.
    pub candidates: Candidates,
    /// Max-n: the payoff vector the last completed root search backed up.
    pub vector: Vec<i32>,
    pub obs: &'a mut O,
    /// What the run's pitfall changes, if it has one.
    pub hooks: Hooks,
    /// The flag of the last call to return (kept only when `O::PROVES`): its stored flag, or
    /// its table hit's entry's.
    /// Read after a root search returns, when the last call to return was the root's own, it
    /// is what the root's value proves, without an observer watching the run.
    pub proved: Flag,
    /// What the last completed pass's root proved (`proved` as that root returned).
    pub committed: Option<Flag>,
}

/// How admission ended: the call is answered already, or it goes on to search its moves.
pub(super) enum Admitted {
    Answered((i32, i16)),
    Open { key: Key, id: u32 },
}

impl<'a, G: Game, O: Observer> Search<'a, G, O> {
    pub fn new(game: &'a G, opts: &Options, obs: &'a mut O) -> Self {
        // depth-plus-one searches a ply past the run's depth, whose keys the table must hold.
        let deepest = opts.depth + (opts.pitfall == Some(Pitfall::DepthPlusOne)) as u8;
        Search {
            game,
            opts: *opts,
            table: Table::new(game.key_bound(), deepest, opts.qlimit),
            hints: Hints::new(game.key_bound()),
            stats: Stats::default(),
            counters: Counters::default(),
            path: Vec::with_capacity(opts.depth as usize + opts.qlimit as usize + 2),
            order: Vec::new(),
            children: Vec::new(),
            candidates: Candidates::new(game.key_bound(), opts.ordering)
                .reversed(opts.pitfall == Some(Pitfall::RightToLeft)),
            vector: Vec::new(),
            obs,
            hooks: Hooks::of(opts),
            proved: Flag::Exact,
            committed: None,
        }
    }

    /// Step 3 of seed 000, for every recursion: admission against the global budget, the
    /// counters, the `Enter` report, the probe (only an entry that settles the call is used),
    /// then step 4's reads: a terminal's utility, or the static score at the horizon with no
    /// quiescence left. Scores are multiplied by `pov` (1 from MAX's side; −1 for a negamax
    /// frame of MIN), so the window and the table are in the caller's convention.
    #[inline(always)]
    pub fn admit(
        &mut self,
        state: G::State,
        depth: u8,
        qleft: u8,
        (alpha, beta): (i32, i32),
        pov: i32,
    ) -> Result<Admitted, Stop> {
        let id = self.enter(state, depth, qleft, (alpha, beta))?;
        let key = Key {
            position: self.game.key(state),
            state: id,
            depth,
            qleft,
        };
        if self.opts.keeps_table() {
            let found = self.table.get(key);
            let usable = found
                .is_some_and(|e| e.usable(alpha, beta, self.opts.cut) || self.hooks.probe_exact);
            emit!(
                self,
                Event::Bound(Bound::Probe {
                    state: id,
                    found,
                    usable,
                })
            );
            if let (Some(e), true) = (found, usable) {
                self.stats.tt_hits += 1;
                if O::PROVES {
                    self.proved = e.flag;
                }
                emit!(
                    self,
                    Event::Return {
                        state: id,
                        value: e.value,
                        mv: e.mv,
                        how: ReturnKind::TableHit,
                    }
                );
                return Ok(Admitted::Answered((e.value, e.mv)));
            }
        }
        let moves = self.game.move_count(state);
        if moves == 0 || (depth == 0 && qleft == 0) {
            self.stats.evals += 1;
            let terminal = moves == 0;
            let why = if terminal {
                "a terminal node"
            } else {
                "the depth horizon"
            };
            let value = pov * self.read(state, id, terminal, why)?;
            emit!(
                self,
                Event::Bound(Bound::Read {
                    state: id,
                    value,
                    terminal,
                })
            );
            return Ok(Admitted::Answered(self.save(
                key,
                value,
                NO_MOVE,
                Flag::Exact,
            )));
        }
        Ok(Admitted::Open { key, id })
    }

    /// Admission against the global budget, the counters and the `Enter` report: how every
    /// call of every recursion begins (max-n too, which has no table to probe after it).
    #[inline(always)]
    pub fn enter(
        &mut self,
        state: G::State,
        depth: u8,
        qleft: u8,
        (alpha, beta): (i32, i32),
    ) -> Result<u32, Stop> {
        let id = self.id_of(state);
        let ply = self.path.len() as u64 - 1;
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
                // The side the search treats the node as: under sides-swapped that is not the
                // game's, and the trace must say what the run did.
                turn: self.side(state),
                depth,
                qleft,
                alpha,
                beta,
            }
        );
        Ok(id)
    }

    /// Step 5: the frame's candidates onto the order stack at `base` (every move at normal
    /// depth, tactical ones in quiescence; with ordering, the hint move first, then the best
    /// child score for the mover, then move index), reported to the observer.
    #[inline(always)]
    pub fn push_candidates(
        &mut self,
        state: G::State,
        id: u32,
        quiescence: bool,
    ) -> Result<usize, Stop> {
        let base = self.order.len();
        self.candidates
            .push(self.game, state, quiescence, &mut self.order)
            .map_err(|e| Stop::Missing(Box::new(e)))?;
        if self.opts.ordering {
            self.hint_first(self.game.key(state), base);
        }
        #[cfg(not(feature = "no-events"))]
        if O::ENABLED && O::NUMBERS_CHILDREN {
            let game = self.game;
            let mut children = std::mem::take(&mut self.children);
            children.clear();
            for &m in &self.order[base..] {
                children.push(self.obs.state(game, game.child(state, m as usize)));
            }
            self.obs.order(id, &self.order[base..], &children);
            self.children = children;
        }
        Ok(base)
    }

    /// The number the trace gives position `s` (0 when nothing records the run).
    #[inline(always)]
    pub fn id_of(&mut self, s: G::State) -> u32 {
        #[cfg(not(feature = "no-events"))]
        if O::ENABLED {
            return self.obs.state(self.game, s);
        }
        let _ = s;
        0
    }

    /// The side a node is searched for: the game's, or the other one below the root when
    /// the run's pitfall swaps the sides.
    #[inline(always)]
    pub fn side(&self, state: G::State) -> crate::game::Side {
        let side = self.game.side(state);
        if self.hooks.swapped && self.path.len() > 1 {
            side.other()
        } else {
            side
        }
    }

    /// A finished game's utility, or an unfinished position's static evaluation (MAX's side).
    #[inline]
    pub fn read(
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
        let _ = id;
        score.ok_or_else(|| {
            Stop::Missing(Box::new(SearchError::MissingScore {
                state: self.game.called(state),
                why,
            }))
        })
    }

    /// Moves the hint (the last move recorded for the state) to the front of the frame's
    /// ranked candidates; the others keep their order. This equals sorting by the key
    /// (not the hint, oriented child score, move index).
    #[inline]
    fn hint_first(&mut self, position: u64, base: usize) {
        let hint = self.hints.get(position);
        let frame = &mut self.order[base..];
        if let Some(pos) = frame.iter().position(|&i| i as i16 == hint) {
            frame[..=pos].rotate_right(1);
        }
    }

    /// The frame's window closed after the candidate at `pos`: counted, and reported with
    /// the window that closed. The rest of its candidates are skipped by the caller.
    #[inline]
    pub fn cut_off(&mut self, id: u32, pos: usize, (alpha, beta): (i32, i32)) {
        self.stats.cutoffs += 1;
        emit!(
            self,
            Event::Bound(Bound::Cutoff {
                state: id,
                pos: pos as u16,
                alpha,
                beta,
            })
        );
    }

    /// Records a finished call's value. The hint is kept even with the table off (seed 000).
    /// Inlined: it ends every searched call, and a call of its own was a tenth of the time.
    #[inline(always)]
    pub fn save(&mut self, key: Key, value: i32, mv: i16, flag: Flag) -> (i32, i16) {
        let kept = self.opts.keeps_table();
        let flag = if self.hooks.stored_exact {
            Flag::Exact
        } else {
            flag
        };
        if O::PROVES {
            self.proved = flag;
        }
        if kept {
            self.table.put(key, Entry { value, mv, flag });
        }
        // Hints are read only by ordering; without it they are never seen, and an implicit
        // tree of millions of positions would fill a hash map for nothing.
        if mv >= 0 && self.opts.ordering {
            self.hints.set(key.position, mv);
        }
        emit!(
            self,
            Event::Bound(Bound::Store {
                state: key.state,
                depth: key.depth,
                qleft: key.qleft,
                value,
                mv,
                flag,
                kept,
            })
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

    /// The frame's child at `pos` of its order: pushed on the path and reported.
    #[inline(always)]
    pub fn push_child(&mut self, state: G::State, base: usize, pos: usize) -> (G::State, u16) {
        let i = self.order[base + pos];
        let child = self.game.child(state, i as usize);
        self.path.push(child);
        let child_id = self.id_of(child);
        emit!(
            self,
            Event::Push {
                state: child_id,
                mv: i as i16,
                pos: pos as u16,
            }
        );
        (child, i)
    }

    /// The child's call ended: off the path, and its value reported, or the frame unwinds.
    #[inline(always)]
    pub fn pop_child(
        &mut self,
        id: u32,
        child: G::State,
        outcome: Result<(i32, i16), Stop>,
    ) -> Result<i32, Stop> {
        self.path.pop();
        match outcome {
            Ok((value, _)) => {
                let child_id = self.id_of(child);
                emit!(
                    self,
                    Event::Pop {
                        state: child_id,
                        value,
                    }
                );
                Ok(value)
            }
            Err(stop) => {
                emit!(self, Event::Unwind { state: id });
                Err(stop)
            }
        }
    }
}
