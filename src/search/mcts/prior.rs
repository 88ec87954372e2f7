//! A stated position of the Monte Carlo tree to start from, as seed 004's exercises give one:
//! nodes named by their moves from the root with their visits and half-wins, and the result
//! of each scripted playout.

use serde::{Deserialize, Serialize};

use super::tree::{NONE, Tree};
use crate::game::Game;

/// A node of the stated tree: the moves (indices) from the root, its visits `n` and its
/// rewards `u` in half-wins for the player who moved into it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GivenNode {
    pub path: Vec<u16>,
    pub n: u32,
    pub u: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prior {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nodes: Vec<GivenNode>,
    /// Each iteration's playout result for MAX in half-wins (2 a win, 1 a draw, 0 a loss),
    /// for `--playout scripted`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub script: Vec<u8>,
}

impl Prior {
    /// Adds the stated nodes to `tree` (and every node on their paths), then checks that
    /// the counts can be true: each node is stated once, no child has more visits than its
    /// parent, the children of a node have no more visits together than it has, and no node
    /// has more half-wins than two per visit.
    /// The stated counts are half-wins; a run counting in a finer unit (`per_win` parts of a
    /// win, always a whole number of halves) gets them in its own.
    pub(super) fn build<G: Game>(
        &self,
        game: &G,
        tree: &mut Tree<G::State>,
        per_win: u8,
    ) -> Result<(), String> {
        if let Some(bad) = self.script.iter().find(|&&o| o > 2) {
            return Err(format!(
                "a scripted result is counted in half-wins for MAX (0 a loss, 1 a draw, 2 a win), not {bad}"
            ));
        }
        for (i, given) in self.nodes.iter().enumerate() {
            if self.nodes[..i].iter().any(|g| g.path == given.path) {
                return Err(format!(
                    "the stated node {} is given twice",
                    path_text(&given.path)
                ));
            }
            let mut at = 0u32;
            for (depth, &mv) in given.path.iter().enumerate() {
                let node = tree.node(at);
                if mv >= node.moves {
                    return Err(format!(
                        "the stated node at moves {} has no move {mv} at its step {} (that position has {} moves)",
                        path_text(&given.path),
                        depth + 1,
                        node.moves
                    ));
                }
                let child = tree.slot(at, mv as usize);
                at = if child == NONE {
                    tree.expand(game, at, mv as usize)
                } else {
                    child
                };
            }
            let node = tree.node_mut(at);
            node.n = given.n;
            node.u = given.u;
        }
        check(tree)?;
        let times = u32::from(per_win / 2);
        for id in 0..tree.len() as u32 {
            let node = tree.node_mut(id);
            node.u = node.u.checked_mul(times).ok_or_else(|| {
                format!(
                    "the stated counts are too large to count in {}",
                    super::config::unit_words(per_win.into())
                )
            })?;
        }
        Ok(())
    }
}

/// The most visits a stated node may have: the run's iterations add to them (up to
/// `MAX_ITERATIONS`), and N·`MAX_PER_WIN` must stay below 2^32 after the last, so U counts
/// exactly in any reward unit.
pub const MAX_STATED_VISITS: u32 = 1_000_000;

const _: () = assert!(
    (MAX_STATED_VISITS as u64 + super::config::MAX_ITERATIONS as u64)
        * super::config::MAX_PER_WIN as u64
        <= u32::MAX as u64
);

fn check<S: Copy>(tree: &Tree<S>) -> Result<(), String> {
    for id in 0..tree.len() as u32 {
        let node = tree.node(id);
        if node.n > MAX_STATED_VISITS {
            return Err(format!(
                "the stated node {} has {} visits: too large, at most {} (room is kept for the run's iterations)",
                name(tree, id),
                node.n,
                crate::size::group_digits(&MAX_STATED_VISITS.to_string())
            ));
        }
        if u64::from(node.u) > 2 * u64::from(node.n) {
            return Err(format!(
                "the stated node {} has {} visits but {} half-wins: at most two per visit",
                name(tree, id),
                node.n,
                node.u
            ));
        }
        let below: u64 = (0..node.moves as usize)
            .map(|pos| tree.slot(id, pos))
            .filter(|&c| c != NONE)
            .map(|c| {
                let n = tree.node(c).n;
                if n > node.n {
                    Err(format!(
                        "the stated node {} has {n} visits, more than its parent's {}",
                        name(tree, c),
                        node.n
                    ))
                } else {
                    Ok(n as u64)
                }
            })
            .sum::<Result<u64, String>>()?;
        if below > node.n as u64 {
            return Err(format!(
                "the children of the stated node {} have {below} visits together, more than its {}",
                name(tree, id),
                node.n
            ));
        }
    }
    Ok(())
}

/// A node of the tree by its moves from the root.
fn name<S: Copy>(tree: &Tree<S>, mut id: u32) -> String {
    let mut path = Vec::new();
    while id != 0 {
        path.push(tree.node(id).pos);
        id = tree.node(id).parent;
    }
    path.reverse();
    path_text(&path)
}

fn path_text(path: &[u16]) -> String {
    if path.is_empty() {
        "root".into()
    } else {
        let moves: Vec<String> = path.iter().map(u16::to_string).collect();
        format!("[{}]", moves.join(", "))
    }
}
