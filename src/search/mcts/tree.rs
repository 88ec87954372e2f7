//! The search's own tree: a node per position reached by a path of moves from the root (a
//! position reached two ways is two nodes), with its visit count and reward count (in the
//! run's unit, 1/`per_win` of a win). A node's
//! children live in a block of slots, one per move, empty until that move is expanded.
//!
//! Selection reads every child of a node, so each slot also holds a copy of its child's
//! visits and win rate: the children's figures lie side by side in one block instead of in
//! nodes scattered through the tree, and a rate is divided out once per visit of the child
//! rather than once per look at it. The node's own `n` and `u` stay the record; `visit`
//! writes both, and `sync` copies them after the stated tree of a prior is written.
//!
//! Visit counts climb one at a time, so the figures of a count that selection and backup
//! need again and again (C·sqrt(ln N), 1/sqrt(n)) are computed once per count and kept in
//! `ByVisits`, exactly as the expression gives them: a logarithm per selection step was the
//! largest single cost of an unrecorded iteration.

use crate::game::{Game, Side};

/// An empty slot, and the root's parent.
pub const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
pub struct Node<S> {
    pub state: S,
    pub parent: u32,
    /// The move from the parent that reaches this node.
    pub pos: u16,
    pub moves: u16,
    pub side: Side,
    /// The player whose wins `u` counts: the one who moved into this node (at the root, the
    /// player to move; below a chance node, the player whose choice led to it).
    pub counts_for: Side,
    /// Where this node's child slots start (unset until the node is first expanded from).
    slots: u32,
    /// This node's own slot in its parent's block (`NONE` at the root), so a backup writes
    /// it without reading the parent.
    slot: u32,
    /// The first move in move order without a node (`moves` when every move has one).
    untried: u16,
    /// Visits, and rewards in the run's unit for `counts_for`.
    pub n: u32,
    pub u: u32,
}

/// A child slot: the child (or `NONE`) and a copy of its visits and win rate.
#[derive(Clone, Copy, Debug)]
struct Slot {
    child: u32,
    n: u32,
    /// `mean_of(n, u, per_win)`, exactly as UCB1 uses it.
    mean: f64,
    /// 1/sqrt(n) (infinite while unvisited): a selection scores a child with one
    /// multiply-add, `mean + C·sqrt(ln N)·rsqrt`.
    rsqrt: f64,
}

impl Slot {
    fn of(child: u32, n: u32, mean: f64) -> Slot {
        Slot {
            child,
            n,
            mean,
            rsqrt: 1.0 / (n as f64).sqrt(),
        }
    }
}

const EMPTY: Slot = Slot {
    child: NONE,
    n: 0,
    mean: 0.0,
    rsqrt: f64::INFINITY,
};

pub struct Tree<S> {
    nodes: Vec<Node<S>>,
    slots: Vec<Slot>,
    /// Moves of the tree's nodes that have no node yet: once none is left the tree is the
    /// whole game and an iteration can add nothing.
    open: u64,
    /// The reward unit: a win counts `per_win`.
    per_win: f64,
    by_visits: ByVisits,
}

/// The figures of a visit count, each computed once, by count, the first time it is asked:
/// C·sqrt(ln N) of a parent (selection) and 1/sqrt(n) of a child (backup). A count past
/// `TABLED` is computed every time, so a run's stated counts cannot make the tables large.
struct ByVisits {
    c: f64,
    /// Whether C·sqrt(ln N) is positive and finite for every N from 2 (it grows with N, so
    /// N = 2 and the largest count decide): UCB1 may then be scored the fast way.
    fast: bool,
    k: Vec<f64>,
    rsqrt: Vec<f64>,
}

/// The counts kept: 8 MiB a table at the most.
const TABLED: usize = 1 << 20;

impl ByVisits {
    fn new(c: f64) -> ByVisits {
        ByVisits {
            c,
            fast: k_of(2, c) > 0.0 && k_of(u32::MAX, c) < f64::INFINITY,
            k: Vec::new(),
            rsqrt: Vec::new(),
        }
    }

    /// C·sqrt(ln N) for a parent of `n` visits.
    #[inline]
    fn k(&mut self, n: u32) -> f64 {
        let c = self.c;
        tabled(&mut self.k, n, |n| k_of(n, c))
    }

    /// 1/sqrt(n) for a child of `n` visits.
    #[inline]
    fn rsqrt(&mut self, n: u32) -> f64 {
        tabled(&mut self.rsqrt, n, rsqrt_of)
    }
}

fn k_of(n: u32, c: f64) -> f64 {
    c * (n as f64).ln().sqrt()
}

fn rsqrt_of(n: u32) -> f64 {
    1.0 / (n as f64).sqrt()
}

/// `figure(n)`, from `table` (which holds it for every count below its length), growing the
/// table a little past `n` when it is short.
#[inline]
fn tabled(table: &mut Vec<f64>, n: u32, figure: impl Fn(u32) -> f64) -> f64 {
    match table.get(n as usize) {
        Some(&x) => x,
        None => grow(table, n, figure),
    }
}

#[cold]
#[inline(never)]
fn grow(table: &mut Vec<f64>, n: u32, figure: impl Fn(u32) -> f64) -> f64 {
    // A count climbs by one at each visit: a few at a time spares a call per count, without
    // computing counts no node reaches.
    let want = (n as usize).saturating_add(64).min(TABLED);
    for m in table.len()..want {
        table.push(figure(m as u32));
    }
    table.get(n as usize).copied().unwrap_or_else(|| figure(n))
}

/// U(n)/N(n) as a rate of wins (U counts 1/`per_win` of a win); 0 for an unvisited node. One
/// division of two exact integers (`per_win`·N stays far below 2^53), so equal rates are
/// equal to the bit, whatever unit they are counted in.
#[inline]
pub fn mean_of(n: u32, u: u32, per_win: f64) -> f64 {
    if n == 0 {
        return 0.0;
    }
    u as f64 / (per_win * n as f64)
}

/// UCB1's exploration bonus C·sqrt(ln N(parent) / n); infinite for an unvisited node.
#[inline]
pub fn bonus_of(n: u32, ln_parent: f64, c: f64) -> f64 {
    if n == 0 {
        return f64::INFINITY;
    }
    c * (ln_parent / n as f64).sqrt()
}

/// A finished game worth `value` (MAX's side) as an outcome for MAX in half-wins.
pub fn outcome_of(value: i32) -> u8 {
    match value.signum() {
        1 => 2,
        0 => 1,
        _ => 0,
    }
}

impl<S: Copy> Tree<S> {
    /// The root alone, for a run counting rewards in 1/`per_win` of a win, selecting by UCB1
    /// with C = `c`.
    pub fn new<G: Game<State = S>>(
        game: &G,
        root: S,
        per_win: u8,
        c: f64,
    ) -> Result<Tree<S>, String> {
        let side = game.side(root);
        let counts_for = if side.is_chance() { Side::Max } else { side };
        let moves = moves_of(game, root)?;
        let tree = Tree {
            open: u64::from(moves),
            nodes: vec![Node {
                state: root,
                parent: NONE,
                pos: 0,
                moves,
                side,
                counts_for,
                slots: NONE,
                slot: NONE,
                untried: 0,
                n: 0,
                u: 0,
            }],
            slots: Vec::new(),
            per_win: f64::from(per_win),
            by_visits: ByVisits::new(c),
        };
        Ok(tree)
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Every move of every node has its node: the tree holds the whole game from its root.
    pub fn complete(&self) -> bool {
        self.open == 0
    }

    #[inline]
    pub fn node(&self, id: u32) -> &Node<S> {
        &self.nodes[id as usize]
    }

    #[inline]
    pub fn node_mut(&mut self, id: u32) -> &mut Node<S> {
        &mut self.nodes[id as usize]
    }

    /// The child of `id` by its move `pos`, or `NONE`.
    #[inline]
    pub fn slot(&self, id: u32, pos: usize) -> u32 {
        let first = self.nodes[id as usize].slots;
        if first == NONE {
            NONE
        } else {
            self.slots[first as usize + pos].child
        }
    }

    /// The first move of choice node `id` in move order that has no node yet.
    #[inline]
    pub fn untried(&self, id: u32) -> Option<usize> {
        let node = &self.nodes[id as usize];
        (node.untried < node.moves).then_some(node.untried as usize)
    }

    /// The child of `id` with the largest UCB1 (the first in move order on a tie) under the
    /// tree's C: its position and its node. Every move of `id` has a node. Always inlined:
    /// called, it spent about 20 of its 150 instructions a selection on the call itself.
    #[inline(always)]
    pub fn best_child(&mut self, id: u32) -> (usize, u32) {
        let node = &self.nodes[id as usize];
        let (first, moves, n) = (node.slots as usize, node.moves as usize, node.n);
        let c = self.by_visits.c;
        let ln = || (n as f64).ln();
        // C = 0, or N = 0 or 1 (ln N ≤ 0), make 0·∞ or NaN: the exact form decides. (Asked
        // of k itself, `k > 0 && k.is_finite()` cost thirty instructions a selection.)
        let best = if n >= 2 && self.by_visits.fast {
            let k = self.by_visits.k(n);
            fast_best(&self.slots[first..first + moves], k, ln, c)
        } else {
            exact_best(&self.slots[first..first + moves], ln(), c, |_| true)
        };
        (best, self.slots[first + best].child)
    }

    /// `best_child`'s position for a recorded run, computed the exact way from the parent's
    /// ln N = `ln` and C = `c`, pushing each child's bonus in move order onto `bonuses`.
    pub fn best_child_recorded(&self, id: u32, ln: f64, c: f64, bonuses: &mut Vec<f64>) -> usize {
        let node = &self.nodes[id as usize];
        let first = node.slots as usize;
        let block = &self.slots[first..first + node.moves as usize];
        let (mut best, mut best_score) = (0, f64::NEG_INFINITY);
        for (pos, slot) in block.iter().enumerate() {
            let bonus = bonus_of(slot.n, ln, c);
            bonuses.push(bonus);
            let score = slot.mean + bonus;
            if score > best_score {
                (best, best_score) = (pos, score);
            }
        }
        best
    }

    /// One visit more on node `id` with `reward` units; its visits and rewards after.
    #[inline]
    pub fn visit(&mut self, id: u32, reward: u32) -> (u32, u32) {
        let node = &mut self.nodes[id as usize];
        node.n += 1;
        node.u += reward;
        let (n, u, slot) = (node.n, node.u, node.slot);
        if slot != NONE {
            // `Slot::of`, with 1/sqrt(n) from the table.
            self.slots[slot as usize] = Slot {
                child: id,
                n,
                mean: mean_of(n, u, self.per_win),
                rsqrt: self.by_visits.rsqrt(n),
            };
        }
        (n, u)
    }

    /// Copies every node's visits and rewards into its parent's slot, after they were
    /// written directly (a prior's stated counts).
    pub fn sync(&mut self) {
        for id in 1..self.nodes.len() {
            let node = self.nodes[id];
            self.slots[node.slot as usize] =
                Slot::of(id as u32, node.n, mean_of(node.n, node.u, self.per_win));
        }
    }

    /// Adds the child of `id` by move `pos` and returns its id.
    pub fn expand<G: Game<State = S>>(&mut self, game: &G, id: u32, pos: usize) -> u32 {
        let parent = self.nodes[id as usize];
        if parent.slots == NONE {
            self.nodes[id as usize].slots = self.slots.len() as u32;
            self.slots
                .extend(std::iter::repeat_n(EMPTY, parent.moves as usize));
        }
        let state = game.child(parent.state, pos);
        let child = self.nodes.len() as u32;
        let first = self.nodes[id as usize].slots as usize;
        // A position's move count was checked against u16 when its parent was read; a game's
        // contract bounds it by i16::MAX.
        let moves = game.move_count(state).min(u16::MAX as usize) as u16;
        self.open = self.open - 1 + u64::from(moves);
        self.nodes.push(Node {
            state,
            parent: id,
            pos: pos as u16,
            moves,
            side: game.side(state),
            counts_for: if parent.side.is_chance() {
                parent.counts_for
            } else {
                parent.side
            },
            slots: NONE,
            slot: (first + pos) as u32,
            untried: 0,
            n: 0,
            u: 0,
        });
        self.slots[first + pos] = Slot { child, ..EMPTY };
        // Expansion takes the first untried move, but a prior's path or a chance draw may
        // fill any slot: step past every filled one.
        let block = &self.slots[first..first + parent.moves as usize];
        let mut next = self.nodes[id as usize].untried as usize;
        while next < block.len() && block[next].child != NONE {
            next += 1;
        }
        self.nodes[id as usize].untried = next as u16;
        child
    }
}

/// UCB1's choice exactly as `mean + bonus_of(n, ln N, c)` makes it (the first largest in move
/// order) for a parent with ln N = `ln()`, scoring each child with one multiply-add:
/// `mean + k·rsqrt` with k = C·sqrt(ln N) > 0 and finite, once per node. The two forms round differently, by
/// at most a few units in the last place of the score, so a child within `tolerance` of the
/// best fast score may be the exact best: when a second child comes that close (a near tie),
/// those children are scored again the exact way. Otherwise the fast best is the exact best:
/// every other child's exact score is more than twice the rounding below its own.
fn fast_best(block: &[Slot], k: f64, ln: impl Fn() -> f64, c: f64) -> usize {
    let (mut best, mut top, mut second) = (0, f64::NEG_INFINITY, f64::NEG_INFINITY);
    // By index: an iterator over the 24-byte slots had its trip count divided out of the
    // pointers at every selection.
    let mut pos = 0;
    while pos < block.len() {
        let score = block[pos].mean + k * block[pos].rsqrt;
        if score > top {
            (best, second, top) = (pos, top, score);
        } else if score > second {
            second = score;
        }
        pos += 1;
    }
    // An unvisited child (1/sqrt(0) = ∞) scores ∞: the exact form decides.
    if top >= f64::INFINITY {
        return exact_best(block, ln(), c, |_| true);
    }
    // Scores are at least 0 (a mean and a bonus): 1e-12 of one is thousands of units in its
    // last place, far past what either form's few roundings can differ by.
    let tolerance = (top + 1.0) * 1e-12;
    if second < top - tolerance {
        return best;
    }
    exact_best(block, ln(), c, |slot| {
        slot.mean + k * slot.rsqrt >= top - tolerance
    })
}

/// The first child in move order with the largest exact UCB1 among those `near` keeps.
fn exact_best(block: &[Slot], ln: f64, c: f64, near: impl Fn(&Slot) -> bool) -> usize {
    let (mut best, mut best_score) = (0, f64::NEG_INFINITY);
    for (pos, slot) in block.iter().enumerate() {
        if !near(slot) {
            continue;
        }
        let score = slot.mean + bonus_of(slot.n, ln, c);
        if score > best_score {
            (best, best_score) = (pos, score);
        }
    }
    best
}

fn moves_of<G: Game>(game: &G, s: G::State) -> Result<u16, String> {
    u16::try_from(game.move_count(s)).map_err(|_| {
        format!(
            "node {} has more moves than mcts can number",
            game.called(s)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::{ByVisits, NONE, TABLED, Tree, bonus_of, mean_of};
    use crate::game::tictactoe::{Board, Scoring, TicTacToe};
    use crate::rng::Rng;

    /// Expansions in any order (as a prior's paths make them) and visits at random: the first
    /// untried move is the first empty slot, and the best child is the first argmax of UCB1
    /// computed from the nodes' own counts.
    #[test]
    fn slots_agree_with_the_nodes_they_copy() {
        let game = TicTacToe::new(Board::EMPTY, Scoring::Plain);
        let mut rng = Rng::new(3);
        for _ in 0..50 {
            let mut tree = Tree::new(&game, Board::EMPTY, 2, 1.3).unwrap();
            for _ in 0..60 {
                let at = rng.below(tree.len()) as u32;
                let moves = tree.node(at).moves as usize;
                if moves == 0 {
                    continue;
                }
                let pos = rng.below(moves);
                if tree.slot(at, pos) == NONE {
                    tree.expand(&game, at, pos);
                }
                let id = rng.below(tree.len()) as u32;
                if rng.below(4) == 0 {
                    // Counts written directly, as a prior states them, then copied.
                    let node = tree.node_mut(id);
                    node.n += 3;
                    node.u += rng.below(7) as u32;
                    tree.sync();
                } else {
                    tree.visit(id, rng.below(3) as u32);
                }
            }
            for id in 0..tree.len() as u32 {
                let moves = tree.node(id).moves as usize;
                let kids: Vec<u32> = (0..moves).map(|p| tree.slot(id, p)).collect();
                assert_eq!(tree.untried(id), kids.iter().position(|&k| k == NONE));
                // A parent without visits has children without visits (a prior's counts
                // ensure it, and a search visits a parent with its child): none is selected
                // from here.
                if moves == 0 || kids.contains(&NONE) || tree.node(id).n == 0 {
                    continue;
                }
                let ln = (tree.node(id).n as f64).ln();
                let mut want = (0, f64::NEG_INFINITY);
                for (p, &k) in kids.iter().enumerate() {
                    let node = tree.node(k);
                    let score = mean_of(node.n, node.u, 2.0) + bonus_of(node.n, ln, 1.3);
                    if score > want.1 {
                        want = (p, score);
                    }
                }
                let mut bonuses = Vec::new();
                assert_eq!(tree.best_child(id), (want.0, kids[want.0]));
                assert_eq!(tree.best_child_recorded(id, ln, 1.3, &mut bonuses), want.0);
                assert_eq!(bonuses.len(), moves);
            }
        }
    }

    /// The tables give each count's figures to the bit as the expressions do, whatever order
    /// the counts are asked in, past the end of the table and past `TABLED`.
    #[test]
    fn tabled_figures_are_the_expressions() {
        let c = std::f64::consts::SQRT_2;
        let mut by = ByVisits::new(c);
        for n in [
            5,
            0,
            1,
            2,
            64,
            63,
            70,
            69,
            200,
            3,
            4096,
            TABLED as u32 + 5,
            u32::MAX,
        ] {
            let x = n as f64;
            assert_eq!(by.k(n).to_bits(), (c * x.ln().sqrt()).to_bits(), "k({n})");
            assert_eq!(
                by.rsqrt(n).to_bits(),
                (1.0 / x.sqrt()).to_bits(),
                "rsqrt({n})"
            );
        }
        assert!(by.fast && !ByVisits::new(0.0).fast);
    }
}
