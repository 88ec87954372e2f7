//! What the fold keeps of a Monte Carlo run: its tree of nodes (a node is the same node in
//! every iteration, named by its id), every node's visits and rewards after any step, and
//! where each iteration starts. A view asks "the counts of node n after step k" and gets them
//! by binary search in the node's history, without replaying.
//!
//! Node ids are dense (0, 1, 2, … in the order of expansion), so a node's history is found
//! by its id, not hashed; and the fold, which asks every node's counts as they are now, finds
//! them at the end of that history without a search.

use std::borrow::Cow;

use crate::game::Side;

/// A node of the Monte Carlo tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonteNode {
    /// `u32::MAX` for the root.
    pub parent: u32,
    /// The move index from the parent (its position in the parent's moves).
    pub pos: u16,
    pub state: u32,
    /// Whose choice the node's position is.
    pub turn: Side,
    /// The player whose wins the node's rewards count.
    pub counts_for: Side,
    /// The event that added it (0 for the root).
    pub created: u32,
}

/// Visits, and rewards in the run's unit (1/`Monte::per_win` of a win).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub n: u32,
    pub u: u32,
}

#[derive(Debug, Clone, Default)]
pub struct Monte {
    pub(super) nodes: Vec<MonteNode>,
    /// Each node's children as (move, node), in the order they were added.
    pub(super) children: Vec<Vec<(u16, u32)>>,
    pub(super) counts: Visits,
    /// The event of each `Iteration`, in order.
    pub(super) iterations: Vec<u32>,
    /// The run's reward unit: a win counts `per_win` (0 until the fold sets it).
    pub(super) per_win: u8,
}

impl Monte {
    /// Whether the run was a Monte Carlo one (it has a root).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The run's reward unit: every U and reward counts 1/`per_win` of a win (2: half-wins).
    pub fn per_win(&self) -> u32 {
        match self.per_win {
            0 => 2,
            p => p.into(),
        }
    }

    /// A count of the run's reward unit as wins, exactly (see `wins_text`).
    pub fn wins(&self, u: u32) -> String {
        wins_text(u, self.per_win())
    }

    pub fn node(&self, id: u32) -> Option<&MonteNode> {
        self.nodes.get(id as usize)
    }

    /// The nodes that exist after `step` events, in the order they were added.
    pub fn nodes_at(&self, step: usize) -> impl Iterator<Item = (u32, &MonteNode)> + '_ {
        (self.nodes.iter().enumerate())
            .take_while(move |(id, n)| *id == 0 || (n.created as usize) < step)
            .map(|(id, n)| (id as u32, n))
    }

    /// Node `id`'s counts after `step` events (zero before any).
    pub fn counts(&self, id: u32, step: usize) -> Counts {
        self.counts.get(id, step).map_or(Counts::default(), |c| c.1)
    }

    /// Node `id`'s children that exist after `step` events, as (move, node), by move.
    pub fn children_at(&self, id: u32, step: usize) -> Vec<(u16, u32)> {
        self.children_by_move(id, step).into_owned()
    }

    /// `children_at` without a copy when the children were added in move order, as a search
    /// without a prior or chance nodes adds them: the fold asks at every selection, and a
    /// `Vec` copied and sorted each time was a tenth of its instructions.
    pub fn children_by_move(&self, id: u32, step: usize) -> Cow<'_, [(u16, u32)]> {
        let all = self
            .children
            .get(id as usize)
            .map_or(&[][..], Vec::as_slice);
        // Children are listed as they were added, so those added before `step` lead.
        let n = all.partition_point(|&(_, c)| (self.nodes[c as usize].created as usize) < step);
        let kids = &all[..n];
        if kids.is_sorted() {
            Cow::Borrowed(kids)
        } else {
            let mut kids = kids.to_vec();
            kids.sort_unstable();
            Cow::Owned(kids)
        }
    }

    /// The child of `id` by move `pos`, if it was ever added.
    pub fn child(&self, id: u32, pos: u16) -> Option<u32> {
        (self.children.get(id as usize)?.iter())
            .find(|&&(p, _)| p == pos)
            .map(|&(_, c)| c)
    }

    /// The child of `id` the run would play after `step` events, with its counts: the most
    /// visited, the first in move order on a tie (the rule the search's result follows); none
    /// while `id` has no child.
    pub fn most_visited(&self, id: u32, step: usize) -> Option<(u16, u32, Counts)> {
        (self.children_by_move(id, step).iter())
            .map(|&(mv, c)| (mv, c, self.counts(c, step)))
            .fold(None, |best, x| match best {
                Some(b) if b.2.n >= x.2.n => Some(b),
                _ => Some(x),
            })
    }

    /// The moves from the root to node `id`.
    pub fn path(&self, mut id: u32) -> Vec<u16> {
        let mut path = Vec::new();
        while let Some(n) = self.nodes.get(id as usize)
            && n.parent != u32::MAX
        {
            path.push(n.pos);
            id = n.parent;
        }
        path.reverse();
        path
    }

    /// How many iterations have started after `step` events, and the event each starts at.
    pub fn iterations(&self) -> &[u32] {
        &self.iterations
    }

    /// The iteration (from 1) that event `step` belongs to, 0 before the first.
    pub fn iteration_at(&self, step: usize) -> usize {
        self.iterations.partition_point(|&e| (e as usize) <= step)
    }
}

/// Every change of every node's counts, by node id, each node's in event order.
#[derive(Debug, Clone, Default)]
pub struct Visits {
    changes: Vec<Vec<(u32, Counts)>>,
}

impl Visits {
    /// Node `node` holds `counts` from event `event` on. Events arrive in order.
    pub fn record(&mut self, event: u32, node: u32, counts: Counts) {
        let node = node as usize;
        if self.changes.len() <= node {
            self.changes.resize_with(node + 1, Vec::new);
        }
        self.changes[node].push((event, counts));
    }

    /// What node `node` held after `step` events (the events before index `step`), and the
    /// event that set it.
    pub fn get(&self, node: u32, step: usize) -> Option<(u32, Counts)> {
        let changes = self.changes.get(node as usize)?;
        match changes.last() {
            Some(&last) if (last.0 as usize) < step => Some(last),
            _ => {
                let n = changes.partition_point(|(e, _)| (*e as usize) < step);
                n.checked_sub(1).map(|k| changes[k])
            }
        }
    }
}

/// One child at a selection, as the search scored it at that moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SelectRow {
    pub mv: u16,
    pub node: u32,
    pub counts: Counts,
    /// U / N as a rate of wins (the unit count divided by `per_win`).
    pub mean: f64,
    pub bonus: f64,
    pub ucb1: f64,
    pub chosen: bool,
}

impl Monte {
    /// The children of `node` as the selection at event `step` scored them: each child's
    /// counts before that event, its mean, the bonus the search recorded (`bonuses`, from the
    /// trace's arena) and their sum, the child at `chosen` marked.
    pub fn selection(
        &self,
        node: u32,
        step: usize,
        bonuses: &[f64],
        chosen: u16,
    ) -> Vec<SelectRow> {
        let kids = self.children_at(node, step);
        kids.iter()
            .zip(bonuses)
            .map(|(&(mv, child), &bonus)| {
                let counts = self.counts(child, step);
                let mean =
                    crate::search::mcts::ucb1_parts(counts.n, counts.u, self.per_win(), 0.0, 0.0).0;
                SelectRow {
                    mv,
                    node: child,
                    counts,
                    mean,
                    bonus,
                    ucb1: mean + bonus,
                    chosen: mv == chosen,
                }
            })
            .collect()
    }
}

/// `u` units of 1/`per_win` of a win as wins for people, exactly: an integer or a short
/// decimal where it ends (half-wins 21 → "10.5", quarter-wins 11 → "2.75"), else a fraction
/// in lowest terms (sixths 14 → "7/3").
pub fn wins_text(u: u32, per_win: u32) -> String {
    crate::exact::Ratio::new(i64::from(u), i64::from(per_win.max(1)))
        .map_or_else(|| u.to_string(), |r| r.to_string())
}

/// `wins_text` where a "/" follows it (the tree's "U/N"): a fraction is written as a mixed
/// number with a raised numerator ("2⅓"-like "2¹⁄₃"), so that "7/3/5" cannot be misread.
pub fn wins_compact(u: u32, per_win: u32) -> String {
    let per_win = per_win.max(1);
    let (whole, rest) = (u / per_win, u % per_win);
    let r = crate::exact::Ratio::new(i64::from(rest), i64::from(per_win));
    match r {
        Some(r) if rest > 0 && !r.is_short_decimal() => {
            let lead = if whole > 0 {
                whole.to_string()
            } else {
                String::new()
            };
            format!("{lead}{}⁄{}", raised(r.num(), SUPER), raised(r.den(), SUB))
        }
        _ => wins_text(u, per_win),
    }
}

/// `u` units of 1/`per_win` of a win as a JSON number of wins: exact in half-wins (21 →
/// 10.5), to six decimals in a finer unit (sixths 2 → 0.333333), the exact count beside it.
pub fn wins_number(u: u32, per_win: u32) -> f64 {
    if per_win == 2 {
        f64::from(u) / 2.0
    } else {
        (f64::from(u) / f64::from(per_win.max(1)) * 1e6).round() / 1e6
    }
}

const SUPER: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
const SUB: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];

fn raised(v: i64, digits: [char; 10]) -> String {
    (v.to_string().bytes())
        .map(|b| digits[usize::from(b - b'0')])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Counts, Visits, wins_compact, wins_text};

    #[test]
    fn wins_are_written_exactly_in_any_unit() {
        assert_eq!(wins_text(21, 2), "10.5");
        assert_eq!(wins_text(4, 2), "2");
        assert_eq!(wins_text(11, 4), "2.75");
        assert_eq!(wins_text(14, 6), "7/3");
        assert_eq!(wins_text(3, 10), "0.3");
        assert_eq!(wins_compact(14, 6), "2¹⁄₃");
        assert_eq!(wins_compact(2, 6), "¹⁄₃");
        assert_eq!(wins_compact(11, 4), "2.75");
        assert_eq!(wins_compact(12, 6), "2");
    }

    /// Against a replay written here: after every step, a node holds its last change before
    /// that step (none before its first).
    #[test]
    fn a_node_holds_its_last_change_before_the_step() {
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..200 {
            let mut visits = Visits::default();
            let mut log = Vec::new();
            let mut event = 0u32;
            for _ in 0..rng.below(40) {
                event += 1 + rng.below(3) as u32;
                let node = rng.below(6) as u32;
                let counts = Counts {
                    n: rng.below(50) as u32,
                    u: rng.below(100) as u32,
                };
                visits.record(event, node, counts);
                log.push((event, node, counts));
            }
            for step in 0..=event as usize + 1 {
                for node in 0..7u32 {
                    let want = (log.iter())
                        .rfind(|c| c.1 == node && (c.0 as usize) < step)
                        .map(|c| (c.0, c.2));
                    assert_eq!(visits.get(node, step), want, "node {node} at {step}");
                }
            }
        }
    }
}
