//! Step 5's candidate lists, computed once per state and run.
//!
//! A game never changes during a run, so the moves a state offers at normal depth (all of
//! them) or in quiescence (the tactical ones), and their ranking by child score, are the same
//! every time the state is searched. Only the hint moves between visits, and it only moves
//! one candidate to the front. So the lists are built once and then copied, instead of being
//! rescanned and resorted at every visit (on a dense 64-node graph that scan and sort were most
//! of the search's time).
//!
//! Games with small dense ids keep the lists in flat arrays; others (implicit trees of
//! millions of positions, rarely revisited) build them at every visit with the same code.

use super::SearchError;
use crate::game::Game;

/// States beyond this many ids are not cached (the span array is allocated per run).
const CACHE_LIMIT: u32 = 1 << 16;

/// Where a state's list lives in the arena; `UNKNOWN` until first built.
#[derive(Clone, Copy)]
struct Span {
    start: u32,
    len: u32,
}

impl Span {
    const UNKNOWN: Span = Span {
        start: u32::MAX,
        len: 0,
    };
}

pub struct Candidates {
    /// Sort by child score (the ordering option) or keep move-index order.
    ranked: bool,
    /// Two spans per state: normal depth, then quiescence. Empty when not caching.
    spans: Vec<Span>,
    arena: Vec<u16>,
    /// Scratch space for sorting one list.
    keys: Vec<u64>,
}

impl Candidates {
    pub fn new(id_bound: Option<u32>, ranked: bool) -> Candidates {
        let spans = match id_bound {
            Some(n) if n <= CACHE_LIMIT => vec![Span::UNKNOWN; 2 * n as usize],
            _ => Vec::new(),
        };
        Candidates {
            ranked,
            spans,
            arena: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// Appends the candidates of `state` to `out`: every move at normal depth, the tactical
    /// ones in quiescence; ranked best-for-the-mover first (ties by move index) when ordering.
    /// The hint is not applied here: it depends on the visit, not on the state.
    #[inline]
    pub fn push<G: Game>(
        &mut self,
        game: &G,
        state: G::State,
        quiescence: bool,
        out: &mut Vec<u16>,
    ) -> Result<(), SearchError> {
        if self.spans.is_empty() {
            return self.build(game, state, quiescence, out);
        }
        let slot = 2 * game.id(state) as usize + quiescence as usize;
        let mut span = self.spans[slot];
        if span.start == u32::MAX {
            let start = self.arena.len();
            let mut arena = std::mem::take(&mut self.arena);
            let built = self.build(game, state, quiescence, &mut arena);
            self.arena = arena;
            built?;
            span = Span {
                start: start as u32,
                len: (self.arena.len() - start) as u32,
            };
            self.spans[slot] = span;
        }
        let start = span.start as usize;
        out.extend_from_slice(&self.arena[start..start + span.len as usize]);
        Ok(())
    }

    /// Scans the moves and, when ranking, sorts them by (oriented child score, index).
    fn build<G: Game>(
        &mut self,
        game: &G,
        state: G::State,
        quiescence: bool,
        out: &mut Vec<u16>,
    ) -> Result<(), SearchError> {
        let base = out.len();
        let moves = game.move_count(state);
        if quiescence {
            out.extend((0..moves as u16).filter(|&i| game.is_tactical(state, i as usize)));
        } else {
            out.extend(0..moves as u16);
        }
        if !self.ranked {
            return Ok(());
        }
        let max = game.side(state).is_max();
        self.keys.clear();
        for &i in &out[base..] {
            let child = game.child(state, i as usize);
            let Some(score) = game.score(child) else {
                out.truncate(base);
                return Err(SearchError::MissingScore {
                    state: game.id(child),
                    why: "move ordering sorts by child scores",
                });
            };
            // Best for the mover first: MAX wants high scores, so it sorts by -score. The
            // shift to 0..2^33 keeps any i32 score non-negative; the index breaks ties.
            let oriented = if max { -(score as i64) } else { score as i64 };
            self.keys
                .push((((oriented + (1 << 32)) as u64) << 16) | i as u64);
        }
        self.keys.sort_unstable();
        for (slot, key) in out[base..].iter_mut().zip(&self.keys) {
            *slot = *key as u16;
        }
        Ok(())
    }
}
