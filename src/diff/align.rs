//! Nodes of two searched trees matched by path: the same moves from the root reach the same
//! position, whatever order the candidates were tried in or which call number they got.
//!
//! The walk goes down both trees at once and pairs children by their move index, so it costs
//! one visit per node of either tree, with no map of paths held for a whole run.

use crate::index::{NONE, Tree};

/// Called with a node's path and its id in each tree (`None` where that tree has no node).
pub type Visit<'v> = dyn FnMut(&[u16], Option<u32>, Option<u32>) + 'v;

/// Each node of either tree once, in pre-order (the first tree's trying order, then the
/// children only the second tree has, in its order), with its path and its id in each tree.
pub fn walk(a: (Tree<'_>, u32), b: (Tree<'_>, u32), visit: &mut Visit<'_>) {
    let some = |id: u32| (id != NONE).then_some(id);
    let mut path = Vec::new();
    pair(a.0, b.0, some(a.1), some(b.1), &mut path, visit);
}

fn pair(
    ta: Tree<'_>,
    tb: Tree<'_>,
    a: Option<u32>,
    b: Option<u32>,
    path: &mut Vec<u16>,
    visit: &mut Visit<'_>,
) {
    if a.is_none() && b.is_none() {
        return;
    }
    visit(path, a, b);
    // A PVS re-search visits a move twice: its last visit, whose value the parent took,
    // stands for the node.
    let moves = |t: Tree<'_>, id: Option<u32>| -> Vec<(u16, u32)> {
        id.map_or_else(Vec::new, |id| {
            let all: Vec<(u16, u32)> = t.children(id).map(|c| (t.get(c).mv as u16, c)).collect();
            let last = |i: usize| !all[i + 1..].iter().any(|&(m, _)| m == all[i].0);
            (0..all.len())
                .filter(|&i| last(i))
                .map(|i| all[i])
                .collect()
        })
    };
    let (ka, kb) = (moves(ta, a), moves(tb, b));
    // Moves are distinct among one node's candidates, so a sorted copy finds a partner.
    let mut sorted_b = kb.clone();
    sorted_b.sort_unstable();
    let find = |sorted: &[(u16, u32)], mv: u16| {
        sorted
            .binary_search_by_key(&mv, |&(m, _)| m)
            .ok()
            .map(|i| sorted[i].1)
    };
    for &(mv, ca) in &ka {
        path.push(mv);
        pair(ta, tb, Some(ca), find(&sorted_b, mv), path, visit);
        path.pop();
    }
    let mut sorted_a = ka;
    sorted_a.sort_unstable();
    for &(mv, cb) in &kb {
        if find(&sorted_a, mv).is_none() {
            path.push(mv);
            pair(ta, tb, None, Some(cb), path, visit);
            path.pop();
        }
    }
}

/// The moves from its pass root to node `id`.
pub fn path_of(tree: Tree<'_>, id: u32) -> Vec<u16> {
    let mut path = Vec::new();
    let mut n = tree.get(id);
    while n.parent != NONE {
        path.push(n.mv as u16);
        n = tree.get(n.parent);
    }
    path.reverse();
    path
}

/// The node `path` reaches from `root` (a call or a stub), if the tree has one there.
pub fn find_path(tree: Tree<'_>, root: u32, path: &[u16]) -> Option<u32> {
    if root == NONE {
        return None;
    }
    let mut at = root;
    for &mv in path {
        at = tree
            .children(at)
            .filter(|&c| tree.get(c).mv == mv as i16)
            .last()?;
    }
    Some(at)
}
