//! The true value of any position a student's file names, within the horizon the file gives
//! it: plain minimax over the game seam (the lesson's game, as the run plays it: a leaf map
//! applied), remembered by (position key, depth, quiescence plies left), so that every line of
//! a long file is checked against values computed once. The check's soundness fold
//! (`sound`) asks through `Truth`, which hides the game's type.
//!
//! The value follows prune's own search step for step: a finished game is its utility, the
//! depth horizon (no depth and no quiescence left) its evaluation, quiescence the better for
//! the mover of standing pat and its tactical moves; any other position the best child for
//! its mover at one ply less.

use std::collections::HashMap;

use crate::game::model::{Model, Visit};
use crate::game::{Game, Side};
use crate::trace::Catalog;

/// How many positions the truth may evaluate before it gives up (a game too large to solve
/// at the file's horizon): the check then says the soundness verdict is unknown.
pub const BUDGET: u64 = 20_000_000;

/// What the soundness fold asks of the game; every value is from MAX's side. `None`: the
/// position is not one the game can play (or the budget ran out).
pub trait Truth {
    /// Whose turn the position is.
    fn side(&mut self, id: u32) -> Option<Side>;
    /// The position's value searched `depth` plies deep with `q` quiescence plies after.
    fn value(&mut self, id: u32, depth: u8, q: u8) -> Option<i32>;
    /// The value of the position move `mv` of `id` leads to, at the horizon a search of `id`
    /// at (`depth`, `q`) gives that child.
    fn after(&mut self, id: u32, mv: usize, depth: u8, q: u8) -> Option<i32>;
    /// Whether `child` is one move from `parent` (`None`: either is unknown).
    fn is_child(&mut self, parent: u32, child: u32) -> Option<bool>;
    /// The numbers the game writes the position's moves as (a tic-tac-toe square, a
    /// Connect Four column), in move order; `None` when moves are written as their index.
    fn move_numbers(&mut self, id: u32) -> Option<Vec<i64>>;
    /// Whether the budget ran out.
    fn exhausted(&self) -> bool;
}

/// Runs `f` with the truth of `model`'s game, reading positions by their names in `catalog`.
pub fn with<R>(model: &Model, catalog: &Catalog, f: impl FnOnce(&mut dyn Truth) -> R) -> R {
    struct With<'c, F>(&'c Catalog, F);
    impl<R, F: FnOnce(&mut dyn Truth) -> R> Visit for With<'_, F> {
        type Out = R;
        fn visit<G: Game>(self, game: &G, _: G::State) -> R {
            let mut memo = Memo {
                game,
                catalog: self.0,
                states: HashMap::new(),
                values: HashMap::new(),
                spent: 0,
                children: Vec::new(),
            };
            (self.1)(&mut memo)
        }
    }
    model.visit(0, With(catalog, f))
}

/// The child's horizon: one ply less, or in quiescence one quiescence ply less.
pub fn below(depth: u8, q: u8) -> (u8, u8) {
    if depth > 0 {
        (depth - 1, q)
    } else {
        (0, q.saturating_sub(1))
    }
}

struct Memo<'a, G: Game> {
    game: &'a G,
    catalog: &'a Catalog,
    /// Catalog number → the game's position (`None`: not one the game reads).
    states: HashMap<u32, Option<G::State>>,
    values: HashMap<(u64, u8, u8), i32>,
    spent: u64,
    children: Vec<G::State>,
}

impl<G: Game> Memo<'_, G> {
    /// The position catalog number `id` names: its label read back by the game; a game that
    /// numbers its positions (a graph) by that number when the label reads as another.
    fn state(&mut self, id: u32) -> Option<G::State> {
        if let Some(s) = self.states.get(&id) {
            return *s;
        }
        let name = self
            .catalog
            .label(id)
            .map_or_else(|| id.to_string(), str::to_string);
        let mut s = self.game.parse(&name).ok();
        if s.is_some_and(|s| self.game.number(s).is_some_and(|n| n != id)) {
            s = self.game.parse(&id.to_string()).ok();
        }
        self.states.insert(id, s);
        s
    }

    /// Minimax of `s` at (`depth`, `q`), MAX's side.
    fn solve(&mut self, s: G::State, depth: u8, q: u8) -> Option<i32> {
        let key = (self.game.key(s), depth, q);
        if let Some(&v) = self.values.get(&key) {
            return Some(v);
        }
        self.spent += 1;
        if self.spent > BUDGET {
            return None;
        }
        let count = self.game.move_count(s);
        let value = if count == 0 {
            self.game.utility(s)?
        } else if depth == 0 && q == 0 {
            self.game.evaluate(s)?
        } else {
            let max = self.game.side(s).is_max();
            let quiescence = depth == 0;
            let mut best = if quiescence {
                self.game.evaluate(s)?
            } else if max {
                i32::MIN
            } else {
                i32::MAX
            };
            let (cd, cq) = below(depth, q);
            let base = self.children.len();
            self.game.children(s, &mut self.children);
            for i in 0..count {
                if quiescence && !self.game.is_tactical(s, i) {
                    continue;
                }
                let child = self.children[base + i];
                let v = self.solve(child, cd, cq);
                let Some(v) = v else {
                    self.children.truncate(base);
                    return None;
                };
                best = if max { best.max(v) } else { best.min(v) };
            }
            self.children.truncate(base);
            best
        };
        self.values.insert(key, value);
        Some(value)
    }
}

impl<G: Game> Truth for Memo<'_, G> {
    fn side(&mut self, id: u32) -> Option<Side> {
        let s = self.state(id)?;
        Some(self.game.side(s))
    }

    fn value(&mut self, id: u32, depth: u8, q: u8) -> Option<i32> {
        let s = self.state(id)?;
        self.solve(s, depth, q)
    }

    fn after(&mut self, id: u32, mv: usize, depth: u8, q: u8) -> Option<i32> {
        let s = self.state(id)?;
        if mv >= self.game.move_count(s) {
            return None;
        }
        let (cd, cq) = below(depth, q);
        self.solve(self.game.child(s, mv), cd, cq)
    }

    fn is_child(&mut self, parent: u32, child: u32) -> Option<bool> {
        let (p, c) = (self.state(parent)?, self.state(child)?);
        let key = self.game.key(c);
        let count = self.game.move_count(p);
        Some((0..count).any(|i| self.game.key(self.game.child(p, i)) == key))
    }

    fn move_numbers(&mut self, id: u32) -> Option<Vec<i64>> {
        let s = self.state(id)?;
        let count = self.game.move_count(s);
        (0..count).map(|i| self.game.move_number(s, i)).collect()
    }

    fn exhausted(&self) -> bool {
        self.spent > BUDGET
    }
}
