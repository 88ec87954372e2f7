//! Observers receive the core's events. `NoTrace` compiles every event site away; `Recorder`
//! keeps them, and becomes a `Trace` once the run's header is known.

pub mod interner;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

pub use interner::Interner;

use crate::game::Game;

use crate::event::Event;
use crate::event::events::Events;
use crate::event::{Bound, Chance, Mcts, Scout, Vector};

pub trait Observer {
    /// Event sites are `if O::ENABLED { … }`, so a disabled observer costs nothing.
    const ENABLED: bool;
    /// Whether the search keeps the flag each call returns, so that the run can say what its
    /// committed answer proves (`search::run_proving`). Off, the store is compiled away: a
    /// byte stored at every call cost the plain core 11 instructions per call (callgrind).
    const PROVES: bool = false;
    /// Whether the observer reads the numbers of a frame's children (`order`). Off, the search
    /// skips numbering them: the counter, which only counts calls and leaves, paid about a
    /// third more instructions per call for numbers it never read.
    const NUMBERS_CHILDREN: bool = true;
    fn event(&mut self, event: Event);
    /// The number events give position `s` (asked only when `ENABLED`): the trace's, never
    /// the game's key.
    fn state<G: Game>(&mut self, game: &G, s: G::State) -> u32;
    /// The candidates of a frame in the order the search will try them, and the number of
    /// the position each leads to.
    fn order(&mut self, state: u32, candidates: &[u16], children: &[u32]);
    /// Moves and the states they reach, kept in the move arenas (a Monte Carlo expansion or
    /// playout); where they start.
    fn arena(&mut self, _moves: &[u16], _states: &[u32]) -> u32 {
        0
    }
    /// A Monte Carlo selection's exploration bonuses, one per child; where they start.
    fn bonuses(&mut self, _values: &[f64]) -> u32 {
        0
    }
}

/// Records nothing; the search compiles as if it had no events at all.
pub struct NoTrace;

impl Observer for NoTrace {
    const ENABLED: bool = false;
    #[inline(always)]
    fn event(&mut self, _: Event) {}
    #[inline(always)]
    fn state<G: Game>(&mut self, _: &G, _: G::State) -> u32 {
        0
    }
    #[inline(always)]
    fn order(&mut self, _: u32, _: &[u16], _: &[u32]) {}
}

/// Records nothing, as `NoTrace`, but has the search keep what its root returns proves
/// (`Observer::PROVES`): `prune run`'s observer.
pub struct Proves;

impl Observer for Proves {
    const ENABLED: bool = false;
    const PROVES: bool = true;
    #[inline(always)]
    fn event(&mut self, _: Event) {}
    #[inline(always)]
    fn state<G: Game>(&mut self, _: &G, _: G::State) -> u32 {
        0
    }
    #[inline(always)]
    fn order(&mut self, _: u32, _: &[u16], _: &[u32]) {}
}

/// Every event in order, most stored in 8 bytes (`Events`). Variable-length candidate lists live in two
/// shared arenas (`moves` and, at the same positions, `children`) so each event stays a small
/// fixed-size value.
#[derive(Default, Debug, Clone)]
pub struct Recorder {
    pub events: Events,
    pub moves: Vec<u16>,
    pub children: Vec<u32>,
    /// Every Monte Carlo selection's exploration bonuses, concatenated.
    pub bonuses: Vec<f64>,
    /// The positions the run met, numbered and described for the catalog.
    pub positions: Interner,
    /// Counts admitted calls as they happen, for a screen waiting on a long run.
    pub progress: Option<Arc<AtomicU64>>,
    /// The most events to keep; past it the recorder keeps nothing more and says so in
    /// `overflowed` (the run goes on, and its result is still exact).
    pub limit: Option<usize>,
    pub overflowed: bool,
}

impl Observer for Recorder {
    const ENABLED: bool = true;

    #[inline]
    fn event(&mut self, event: Event) {
        if let (Event::Enter { .. }, Some(calls)) = (&event, &self.progress) {
            calls.fetch_add(1, Ordering::Relaxed);
        }
        if self.full() {
            return;
        }
        self.events.push(event);
    }

    #[inline]
    fn state<G: Game>(&mut self, game: &G, s: G::State) -> u32 {
        self.positions.id(game, s)
    }

    #[inline]
    fn order(&mut self, state: u32, candidates: &[u16], children: &[u32]) {
        if self.full() {
            return;
        }
        let start = self.moves.len() as u32;
        self.moves.extend_from_slice(candidates);
        self.children.extend_from_slice(children);
        self.events.push(Event::Order {
            state,
            start,
            len: candidates.len() as u16,
        });
    }

    fn arena(&mut self, moves: &[u16], states: &[u32]) -> u32 {
        let start = self.moves.len() as u32;
        if !self.full() {
            self.moves.extend_from_slice(moves);
            self.children.extend_from_slice(states);
        }
        start
    }

    fn bonuses(&mut self, values: &[f64]) -> u32 {
        let start = self.bonuses.len() as u32;
        if !self.full() {
            self.bonuses.extend_from_slice(values);
        }
        start
    }
}

impl Recorder {
    /// Whether the event limit is reached; the first time, the recording is dropped.
    #[inline]
    fn full(&mut self) -> bool {
        if self.overflowed {
            return true;
        }
        if self.limit.is_some_and(|l| self.events.len() >= l) {
            self.overflowed = true;
            self.events = Events::default();
            self.moves = Vec::new();
            self.children = Vec::new();
            self.bonuses = Vec::new();
            return true;
        }
        false
    }

    /// Bytes held per recorded event, arenas included (the events as they are stored).
    pub fn bytes_per_event(&self) -> f64 {
        let bytes = self.events.bytes()
            + std::mem::size_of_val(self.moves.as_slice())
            + std::mem::size_of_val(self.children.as_slice())
            + std::mem::size_of_val(self.bonuses.as_slice());
        bytes as f64 / self.events.len().max(1) as f64
    }
}

/// Counts what seeds 002 and 004 count, from the core's own events (no second enumerator):
/// calls, leaves (terminal and horizon reads), terminal positions by the sign of their value,
/// distinct positions entered, and calls per ply.
#[derive(Debug, Clone, Default)]
pub struct Counter {
    pub calls: u64,
    /// Terminal reads plus horizon reads (stand pats are not leaves).
    pub leaves: u64,
    pub horizon: u64,
    /// Terminal reads with a value above 0, below 0 and of 0 (X wins, O wins and draws for
    /// tic-tac-toe, whose values are from X's side).
    pub terminal: [u64; 3],
    /// `per_ply[p]`: calls entered at ply p.
    pub per_ply: Vec<u64>,
    /// One bit per possible key, when the game's keys are dense enough to keep a bitset.
    seen: Option<Vec<u64>>,
    pub distinct: u64,
    ply: usize,
}

/// Distinct positions are counted in a bitset of at most this many keys (32 MiB).
pub const DISTINCT_LIMIT: u64 = 1 << 28;

impl Counter {
    /// A counter for a game whose keys are below `key_bound` (distinct positions are
    /// counted when the bound is small enough for a bitset).
    pub fn new(key_bound: Option<u64>) -> Counter {
        let seen = key_bound
            .filter(|&n| n <= DISTINCT_LIMIT)
            .map(|n| vec![0u64; (n as usize).div_ceil(64)]);
        Counter {
            seen,
            ..Counter::default()
        }
    }

    /// Whether `distinct` was counted (the game's keys fit the bitset).
    pub fn counts_distinct(&self) -> bool {
        self.seen.is_some()
    }
}

impl Observer for Counter {
    const ENABLED: bool = true;
    const NUMBERS_CHILDREN: bool = false;

    #[inline]
    fn event(&mut self, event: Event) {
        match event {
            Event::PassStart { .. } => self.ply = 0,
            Event::Enter { state, .. } => {
                self.calls += 1;
                if self.per_ply.len() <= self.ply {
                    self.per_ply.resize(self.ply + 1, 0);
                }
                self.per_ply[self.ply] += 1;
                if let Some(seen) = &mut self.seen {
                    let (word, bit) = (state as usize / 64, state % 64);
                    if let Some(w) = seen.get_mut(word)
                        && *w >> bit & 1 == 0
                    {
                        *w |= 1 << bit;
                        self.distinct += 1;
                    }
                }
            }
            Event::Bound(Bound::Read {
                value, terminal, ..
            }) => {
                self.leaves += 1;
                if terminal {
                    self.terminal[if value > 0 {
                        0
                    } else if value < 0 {
                        1
                    } else {
                        2
                    }] += 1;
                } else {
                    self.horizon += 1;
                }
            }
            // A pushed child is one ply deeper until it is popped, or unwound by its parent.
            Event::Push { .. } => self.ply += 1,
            Event::Pop { .. } | Event::Unwind { .. } => self.ply = self.ply.saturating_sub(1),
            Event::PassEnd { .. }
            | Event::Refused { .. }
            | Event::Bound(Bound::Probe { .. })
            | Event::Bound(Bound::StandPat { .. })
            | Event::Order { .. }
            | Event::Bound(Bound::Best { .. })
            | Event::Bound(Bound::Window { .. })
            | Event::Bound(Bound::Narrow { .. })
            | Event::Bound(Bound::Split { .. })
            | Event::Bound(Bound::Settled { .. })
            | Event::Bound(Bound::Filtered { .. })
            | Event::Bound(Bound::Cutoff { .. })
            | Event::Bound(Bound::Store { .. })
            | Event::Return { .. }
            | Event::Scout(Scout::NullWindow { .. })
            | Event::Scout(Scout::Research { .. })
            | Event::Aspiration { .. }
            | Event::Chance(Chance::Average { .. })
            | Event::Chance(Chance::Interval { .. })
            | Event::Vector(Vector::Tie { .. }) => {}
            // A Monte Carlo iteration ends in one finished game, played out or known.
            Event::Mcts(Mcts::Playout { result, .. } | Mcts::Known { result, .. }) => {
                self.leaves += 1;
                self.terminal[match result {
                    2 => 0,
                    0 => 1,
                    _ => 2,
                }] += 1;
            }
            Event::Mcts(
                Mcts::Given { .. }
                | Mcts::Iteration { .. }
                | Mcts::Select { .. }
                | Mcts::Draw { .. }
                | Mcts::Expand { .. }
                | Mcts::Backup { .. },
            ) => {}
        }
    }

    /// A counter's "number" is the game's key itself, cut to 32 bits: it only tells positions
    /// apart in the distinct-position bitset, which exists only when every key fits.
    #[inline]
    fn state<G: Game>(&mut self, game: &G, s: G::State) -> u32 {
        game.key(s) as u32
    }

    #[inline]
    fn order(&mut self, _: u32, _: &[u16], _: &[u32]) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a recording holds: each event in its stored form (8 bytes when its numbers fit
    /// its kind's word, 8 + 16 when it is kept whole), and per ordered candidate its move (2
    /// bytes) and child state (4 bytes).
    #[test]
    fn a_recording_counts_its_stored_events_and_its_arenas() {
        let mut rec = Recorder::default();
        rec.event(Event::PassStart { depth: 1 });
        rec.order(0, &[0, 1, 2], &[10, 11, 12]);
        rec.event(Event::Bound(Bound::Cutoff {
            state: 0,
            pos: 1,
            alpha: 3,
            beta: 3,
        }));
        // A pass's end has no word of its own.
        rec.event(Event::PassEnd {
            depth: 1,
            done: true,
            score: 3,
            mv: 1,
        });
        assert_eq!(rec.events.len(), 4);
        let bytes = 3 * 8 + (8 + 16) + 3 * 2 + 3 * 4;
        assert_eq!(rec.bytes_per_event(), bytes as f64 / 4.0);
    }
}
