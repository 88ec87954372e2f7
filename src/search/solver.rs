//! A solver: negamax to the end of the game, with the refinements a perfect Connect Four
//! player is built from, each an option so that a lesson can add them one at a time and
//! count what each one saves (the stages of the best-known solver tutorial are presets of
//! these options and of the game's rules, `lesson::stages`).
//!
//! - `prune`: alpha-beta. A frame returns its score when it reaches β, and α otherwise: a
//!   value at or below the window is reported as α itself, not as the best child found (the
//!   tutorial's convention, fail-soft above the window and fail-hard below it).
//! - `narrow`: before searching, the window is narrowed to what the position can still
//!   reach (`Game::reach`): a game scored by how soon it is won cannot be won sooner than
//!   the next move. A window that closes answers the call at once.
//! - `table`: a position-keyed table of bounds (`table`): the upper bound a frame proved
//!   when no child reached β (and, with `Both`, the lower bound a cutting child proved),
//!   read back to narrow the window of the next visit.
//! - `dichotomy`: the root is searched with null windows (α, α + 1) only, each probe halving
//!   the interval the value can still be in, biased towards the smaller magnitudes, where
//!   most positions' values are and where probes are cheapest.
//! - `weak`: only win, draw or loss is asked (the root's interval is (−1, 1)).
//!
//! Scores are from the side to move, as the solver tutorial gives them; the count of
//! `explored` positions is one per call, the tutorial's measure.
//!
//! A recorded solve reports every step to an `Observer` as the other searches do (`record`):
//! the skeleton's calls, orders, pushes and returns, and the detail of the ideas a solver
//! adds (a window narrowed before any move, the root's interval split by null-window probes,
//! the game's rules settling a position or leaving moves out). With `NoTrace` every event
//! site compiles away.

mod counts;
pub mod record;
pub mod table;

use table::{Kept, Table};

use super::result::SearchError;
use crate::event::Narrowing;
use crate::game::{Game, Open, Side};
use crate::observer::{NoTrace, Observer};
use crate::value::INF;

/// Which sides of the window the game's bounds narrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Narrow {
    Off,
    /// β down to the best score still reachable.
    Upper,
    /// β down, and α up to the worst score still possible.
    Both,
}

/// What the table keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Keeps {
    Off,
    /// Upper bounds only: a visit's table bound replaces the game's best reachable score.
    Upper,
    /// Upper and lower bounds, each narrowing its side of the window after the game's.
    Both,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SolveOptions {
    pub prune: bool,
    pub narrow: Narrow,
    pub table: Keeps,
    /// The table keeps 32-bit keys where that stays exact.
    pub compact: bool,
    pub dichotomy: bool,
    pub weak: bool,
    /// A root its mover wins at once (finished, with the best score its range allows) is
    /// answered before any call, so it costs no explored position.
    pub answer_won_root: bool,
    /// The solver tutorial's part these options are (0: none). Parts 5 and 6 search alike
    /// (6 changes only the board's representation, which prune's game always has), so the
    /// part is what tells their presets apart: a tutor opened on part 5 names part 5.
    #[serde(default)]
    pub part: u8,
}

/// A solved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The value from the side to move (within (−1, 1) for a weak solve).
    pub score: i32,
    /// Calls of the recursive search.
    pub explored: u64,
    /// Null-window searches of the root (1 without `dichotomy`).
    pub probes: u32,
}

pub struct Solver<'g, G: Game, O: Observer = NoTrace> {
    game: &'g G,
    opts: SolveOptions,
    table: Option<Table>,
    explored: u64,
    /// The most positions a solve may explore before it gives up (`capped`).
    cap: u64,
    /// The children of every active frame, stacked; a frame owns the tail it pushed.
    stack: Vec<G::State>,
    obs: &'g mut O,
    /// Why the search under way stopped before its value (`Stopped`).
    stopped: Option<SearchError>,
    /// What a recorded solve counts besides `explored` (untouched unless `O::ENABLED`).
    rec: counts::Counts,
}

/// A search stopped before its value; the solver keeps why (`Solver::stopped`), so that a
/// frame's result is one word (a frame returning the error itself spent a tenth of its
/// instructions moving the error's bytes on every return).
struct Stopped;

/// +1 when the side to move is MAX (the game's scores are MAX's), −1 when MIN.
#[inline]
fn pov(side: Side) -> i32 {
    if side == Side::Min { -1 } else { 1 }
}

impl<'g, G: Game> Solver<'g, G> {
    pub fn new(game: &'g G, opts: SolveOptions) -> Solver<'g, G> {
        // `NoTrace` is zero-sized: the leaked box allocates nothing.
        Solver::observed(game, opts, Box::leak(Box::new(NoTrace)))
    }
}

impl<'g, G: Game, O: Observer> Solver<'g, G, O> {
    /// A solver that reports every step of its searches to `obs`.
    pub fn observed(game: &'g G, opts: SolveOptions, obs: &'g mut O) -> Solver<'g, G, O> {
        let table = (opts.table != Keeps::Off).then(|| {
            let slots = if opts.compact {
                table::COMPACT_SLOTS
            } else {
                table::SLOTS
            };
            Table::new(slots, opts.compact, game.key_bound())
        });
        Solver {
            game,
            opts,
            table,
            explored: 0,
            cap: u64::MAX,
            stack: Vec::with_capacity(512),
            obs,
            stopped: None,
            rec: counts::Counts::default(),
        }
    }

    /// A solver that gives up (`SearchError::Capped`) once a solve, or a null-window
    /// question after it, has explored more than `cap` positions: what `prune play` asks
    /// so that its reply comes within a bound time.
    pub fn capped(mut self, cap: u64) -> Self {
        self.cap = cap;
        self
    }

    /// Positions explored since the last `solve` began (its null-window questions included).
    pub fn explored(&self) -> u64 {
        self.explored
    }

    pub fn options(&self) -> SolveOptions {
        self.opts
    }

    /// Solves `s` with an empty table.
    pub fn solve(&mut self, s: G::State) -> Result<Solved, SearchError> {
        self.explored = 0;
        // A capped solve leaves the frames it gave up in.
        self.stack.clear();
        if let Some(t) = &mut self.table {
            t.clear();
        }
        let me = pov(self.game.side(s));
        if self.opts.answer_won_root && self.game.move_count(s) == 0 {
            let score = me * self.utility(s)?;
            if Some(score) == self.game.reach(s).map(|r| self.movers(s, r.range).1) {
                return Ok(Solved {
                    score,
                    explored: 0,
                    probes: 0,
                });
            }
        }
        let (lo, hi) = if self.opts.weak {
            (-1, 1)
        } else {
            self.range(s)?
        };
        if !self.opts.dichotomy {
            let score = self.negamax(s, lo, hi)?;
            return Ok(Solved {
                score,
                explored: self.explored,
                probes: 1,
            });
        }
        self.probe_root(s, lo, hi)
    }

    /// Whether `s`'s value, from its mover's side, is at least `score`: one null-window
    /// search that keeps the table of the last solve, so that asking it of each child of a
    /// position just solved is cheap.
    pub fn at_least(&mut self, s: G::State, score: i32) -> Result<bool, SearchError> {
        // A root call: it finds the stack empty (`frame`), even after a capped solve.
        self.stack.clear();
        Ok(self.negamax(s, score - 1, score)? >= score)
    }

    /// Null-window probes of the root until the value's interval [lo, hi] closes.
    fn probe_root(&mut self, s: G::State, mut lo: i32, mut hi: i32) -> Result<Solved, SearchError> {
        let mut probes = 0;
        while lo < hi {
            let mut mid = lo + (hi - lo) / 2;
            if mid <= 0 && lo / 2 < mid {
                mid = lo / 2;
            } else if mid >= 0 && hi / 2 > mid {
                mid = hi / 2;
            }
            probes += 1;
            self.split((lo, hi), mid);
            let r = self.negamax(s, mid, mid + 1)?;
            self.probed((mid, mid + 1), r);
            if r <= mid {
                hi = r;
            } else {
                lo = r;
            }
        }
        Ok(Solved {
            score: lo,
            explored: self.explored,
            probes,
        })
    }

    /// Every result the root can end in, from its mover's side; without the game's word,
    /// any value.
    fn range(&self, s: G::State) -> Result<(i32, i32), SearchError> {
        match self.game.reach(s) {
            Some(r) => Ok(self.movers(s, r.range)),
            None if !self.opts.dichotomy => Ok((-INF, INF)),
            None => Err(SearchError::Options(
                "null-window probes of the root need a game that bounds its values".into(),
            )),
        }
    }

    /// Bounds from MAX's side as the side to move sees them.
    #[inline]
    fn movers(&self, s: G::State, (lo, hi): (i32, i32)) -> (i32, i32) {
        if pov(self.game.side(s)) == 1 {
            (lo, hi)
        } else {
            (-hi, -lo)
        }
    }

    fn utility(&self, s: G::State) -> Result<i32, SearchError> {
        self.game
            .utility(s)
            .ok_or_else(|| SearchError::MissingScore {
                state: self.game.called(s),
                why: "a terminal node",
            })
    }

    /// A terminal position's utility as `Game::look` gave it, or the error naming it.
    #[inline]
    fn scored(&mut self, s: G::State, utility: Option<i32>) -> Result<i32, Stopped> {
        utility.ok_or_else(|| {
            self.stop(SearchError::MissingScore {
                state: self.game.called(s),
                why: "a terminal node",
            })
        })
    }

    #[cold]
    fn stop(&mut self, why: SearchError) -> Stopped {
        self.stopped = Some(why);
        Stopped
    }

    /// A search of `s` from the root of a solve or question: its value, or why it stopped.
    fn negamax(&mut self, s: G::State, alpha: i32, beta: i32) -> Result<i32, SearchError> {
        self.frame(s, alpha, beta).map_err(|Stopped| {
            let cap = self.cap;
            self.stopped.take().unwrap_or(SearchError::Capped { cap })
        })
    }

    /// One call of the recursive search.
    fn frame(&mut self, s: G::State, alpha: i32, beta: i32) -> Result<i32, Stopped> {
        self.explored += 1;
        if self.explored > self.cap {
            let cap = self.cap;
            return Err(self.stop(SearchError::Capped { cap }));
        }
        let id = self.enter(s, (alpha, beta));
        let base = self.stack.len();
        // One look at the position: its score when it has no moves. A frame's children stay
        // on the stack while it searches them, so only the root finds the stack empty; every
        // other position is a child the game listed.
        let look = self.game.look(s, base > 0);
        let value = match look {
            Err(utility) => {
                let value = pov(self.game.side(s)) * self.scored(s, utility)?;
                self.read(s, id, value);
                Ok(value)
            }
            Ok(open) => self.search(s, id, open, alpha, beta),
        };
        self.stack.truncate(base);
        if let Ok(v) = value {
            self.returns(id, v, (alpha, beta), look.is_err());
        }
        value
    }

    /// The window narrowed by the game's bounds and the table's; `Err` with the value when it
    /// closes (α when α rose to meet β, β when β fell to meet α).
    #[inline]
    fn narrowed(
        &mut self,
        s: G::State,
        id: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<(i32, i32), i32> {
        let (lo, hi) = match (self.opts.narrow, self.game.reach(s)) {
            (Narrow::Off, _) | (_, None) => (-INF, INF),
            (_, Some(r)) => self.movers(s, r.bounds),
        };
        if self.opts.narrow == Narrow::Both && alpha < lo {
            alpha = lo;
            self.narrowing(id, (alpha, beta), Narrowing::Floor);
            if alpha >= beta {
                return Err(alpha);
            }
        }
        let kept = self.table.as_ref().and_then(|t| t.get(self.game.key(s)));
        let mut top = (hi, Narrowing::Reach);
        if self.opts.table == Keeps::Upper {
            // The kept bound is never above the game's (it was proved inside a window the
            // game had narrowed), so it simply replaces it.
            if let Some(Kept::Upper(v)) = kept {
                top = (v, Narrowing::KeptUpper);
            }
        }
        if beta > top.0 {
            beta = top.0;
            self.narrowing(id, (alpha, beta), top.1);
            if alpha >= beta {
                return Err(beta);
            }
        }
        if self.opts.table == Keeps::Both {
            match kept {
                Some(Kept::Lower(v)) if alpha < v => {
                    alpha = v;
                    self.narrowing(id, (alpha, beta), Narrowing::KeptLower);
                    if alpha >= beta {
                        return Err(alpha);
                    }
                }
                Some(Kept::Upper(v)) if beta > v => {
                    beta = v;
                    self.narrowing(id, (alpha, beta), Narrowing::KeptUpper);
                    if alpha >= beta {
                        return Err(beta);
                    }
                }
                _ => {}
            }
        }
        Ok((alpha, beta))
    }

    /// The move loop of an unfinished position: its children are listed only once the
    /// window is known to be open (a closed one answers without them).
    fn search(
        &mut self,
        s: G::State,
        id: u32,
        open: Open,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stopped> {
        let (mut alpha, beta) = match self.narrowed(s, id, alpha, beta) {
            Ok(w) => w,
            Err(v) => return Ok(v),
        };
        let base = self.stack.len();
        self.game.list(s, open, &mut self.stack);
        let end = self.stack.len();
        self.order(s, id, base, end);
        for i in base..end {
            let child = self.stack[i];
            self.push(child, i - base);
            let score = if self.opts.prune {
                -self.frame(child, -beta, -alpha)?
            } else {
                -self.frame(child, -INF, INF)?
            };
            self.pop(child, -score);
            if self.opts.prune && score >= beta {
                self.cut(id, i - base, score, beta);
                if self.opts.table == Keeps::Both {
                    self.keep(s, id, Kept::Lower(score));
                }
                return Ok(score);
            }
            if score > alpha {
                alpha = score;
                self.raised(id, i - base, alpha, beta);
            }
        }
        if self.opts.table != Keeps::Off {
            self.keep(s, id, Kept::Upper(alpha));
        }
        Ok(alpha)
    }

    #[inline(always)]
    fn keep(&mut self, s: G::State, id: u32, kept: Kept) {
        let key = self.game.key(s);
        if let Some(t) = &mut self.table {
            t.put(key, kept);
        }
        self.stored(id, kept);
    }
}
