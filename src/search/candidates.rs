//! Step 5's candidate lists, computed once per state and run.
//!
//! A game never changes during a run, so the moves a state offers at normal depth (all of
//! them) or in quiescence (the tactical ones), and their ranking by child score, are the same
//! every time the state is searched. Only the hint moves between visits, and it only moves
//! one candidate to the front. So the lists are built once and then copied, instead of being
//! rescanned and resorted at every visit (on a dense 64-node graph that scan and sort were most
//! of the search's time).
//!
//! Games with small dense keys keep the lists in flat arrays; others (implicit trees of
//! millions of positions, rarely revisited) build them at every visit with the same code.

use super::result::SearchError;
use crate::game::Game;

/// Games with more keys than this are not cached (the span array is allocated per run).
const CACHE_LIMIT: u64 = 1 << 16;

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
    /// Every list last to first (the right-to-left pitfall).
    reversed: bool,
    /// Two spans per state: normal depth, then quiescence. Empty when not caching.
    spans: Vec<Span>,
    arena: Vec<u16>,
    /// Scratch space for sorting one list.
    keys: Vec<u64>,
}

impl Candidates {
    pub fn new(key_bound: Option<u64>, ranked: bool) -> Candidates {
        let spans = match key_bound {
            Some(n) if n <= CACHE_LIMIT => vec![Span::UNKNOWN; 2 * n as usize],
            _ => Vec::new(),
        };
        Candidates {
            ranked,
            reversed: false,
            spans,
            arena: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// The same lists, each last to first (the right-to-left pitfall). Reversed when built,
    /// so a cached list costs nothing more to copy.
    pub fn reversed(mut self, yes: bool) -> Candidates {
        self.reversed = yes;
        self
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
        let slot = 2 * game.key(state) as usize + quiescence as usize;
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

    /// `rank`'s list, last to first when the lists are reversed.
    fn build<G: Game>(
        &mut self,
        game: &G,
        state: G::State,
        quiescence: bool,
        out: &mut Vec<u16>,
    ) -> Result<(), SearchError> {
        let base = out.len();
        self.rank(game, state, quiescence, out)?;
        if self.reversed {
            out[base..].reverse();
        }
        Ok(())
    }

    /// Scans the moves and, when ranking, sorts them by (oriented child score, index).
    fn rank<G: Game>(
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
        // A chance node is nobody's choice: its outcomes keep the graph's order.
        if !self.ranked || game.side(state).is_chance() {
            return Ok(());
        }
        let max = game.side(state).is_max();
        self.keys.clear();
        for &i in &out[base..] {
            let child = game.child(state, i as usize);
            let Some(score) = game.score(child) else {
                out.truncate(base);
                return Err(SearchError::MissingScore {
                    state: game.called(child),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::graph::{Graph, GraphSpec};

    /// Node 0 (MAX) moves to MIN nodes 2-5 and node 1 (MIN) to MAX nodes 6-9; both sets are
    /// scored 3, 7, 7, -1, and moves 0, 2 and 3 are tactical. Node 10's child has no score.
    fn graph() -> Graph {
        let moves = |first: u32| {
            format!(
                r#"[{{"child": {}, "tactical": true}}, {{"child": {}}}, {{"child": {}, "tactical": true}}, {{"child": {}, "tactical": true}}]"#,
                first,
                first + 1,
                first + 2,
                first + 3
            )
        };
        let leaves = |player: &str| {
            [3, 7, 7, -1]
                .map(|v| format!(r#"{{"player": "{player}", "score": {v}}}"#))
                .join(",")
        };
        let text = format!(
            r#"{{"nodes": [
                {{"player": "MAX", "score": 0, "moves": {}}},
                {{"player": "MIN", "score": 0, "moves": {}}},
                {}, {},
                {{"player": "MAX", "score": 0, "moves": [{{"child": 11}}]}},
                {{"player": "MIN", "moves": [{{"child": 12}}]}},
                {{"player": "MAX", "score": 1}}
            ]}}"#,
            moves(2),
            moves(6),
            leaves("MIN"),
            leaves("MAX")
        );
        let spec: GraphSpec = serde_json::from_str(&text).unwrap();
        Graph::from_spec(&spec).unwrap()
    }

    fn list(c: &mut Candidates, g: &Graph, state: u32, quiescence: bool) -> Vec<u16> {
        let mut out = vec![99]; // lists are appended after what the stack already holds
        c.push(g, state, quiescence, &mut out).unwrap();
        out.split_off(1)
    }

    #[test]
    fn lists_follow_step_5_cached_or_not() {
        let g = graph();
        for bound in [g.key_bound(), None] {
            let mut plain = Candidates::new(bound, false);
            let mut ranked = Candidates::new(bound, true);
            // Twice each: the second answer comes from the cache when there is one.
            for _ in 0..2 {
                assert_eq!(list(&mut plain, &g, 0, false), [0, 1, 2, 3]);
                assert_eq!(list(&mut plain, &g, 0, true), [0, 2, 3]);
                // MAX: 7 (move 1), 7 (move 2, tie by index), 3, -1.
                assert_eq!(list(&mut ranked, &g, 0, false), [1, 2, 0, 3]);
                assert_eq!(list(&mut ranked, &g, 0, true), [2, 0, 3]);
                // MIN: -1, 3, 7 (move 1), 7 (move 2).
                assert_eq!(list(&mut ranked, &g, 1, false), [3, 0, 1, 2]);
                assert_eq!(list(&mut ranked, &g, 1, true), [3, 0, 2]);
            }
        }
    }

    #[test]
    fn ranking_needs_child_scores() {
        let g = graph();
        for bound in [g.key_bound(), None] {
            let mut ranked = Candidates::new(bound, true);
            let mut out = Vec::new();
            let err = ranked.push(&g, 10, false, &mut out).unwrap_err();
            assert!(matches!(err, SearchError::MissingScore { ref state, .. } if state == "11"));
            assert!(out.is_empty());
            // Without ranking no child score is read.
            let mut plain = Candidates::new(bound, false);
            assert_eq!(list(&mut plain, &g, 10, false), [0]);
        }
    }
}
