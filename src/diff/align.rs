//! Nodes of two searched trees matched by path: the same moves from the root reach the same
//! position, whatever order the candidates were tried in or which call number they got.
//!
//! The walk goes down both trees at once and pairs children by their move index, so it costs
//! one visit per node of either tree, with no map of paths held for a whole run.
//!
//! A PVS re-search visits a move twice (the null-window scout, then the full window): visits
//! of one move are paired by their number, so a scout lines up with the other run's only
//! visit of that move and the re-search is a visit of its own, which the other run may lack.

use crate::index::{NONE, Tree};

/// One step of a path: the move, and which visit of it (0 the first; 1 a PVS re-search).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Step {
    pub mv: u16,
    pub visit: u8,
}

/// Called with a node's path and its id in each tree (`None` where that tree has no node).
pub type Visit<'v> = dyn FnMut(&[Step], Option<u32>, Option<u32>) + 'v;

/// Each node of either tree once, in pre-order (the first tree's trying order, then the
/// children only the second tree has, in its order), with its path and its id in each tree.
pub fn walk(a: (Tree<'_>, u32), b: (Tree<'_>, u32), visit: &mut Visit<'_>) {
    let some = |id: u32| (id != NONE).then_some(id);
    let mut path = Vec::new();
    pair(a.0, b.0, some(a.1), some(b.1), &mut path, visit);
}

/// The moves of a path, without the visit numbers.
pub fn moves(path: &[Step]) -> Vec<u16> {
    path.iter().map(|s| s.mv).collect()
}

fn pair(
    ta: Tree<'_>,
    tb: Tree<'_>,
    a: Option<u32>,
    b: Option<u32>,
    path: &mut Vec<Step>,
    visit: &mut Visit<'_>,
) {
    if a.is_none() && b.is_none() {
        return;
    }
    visit(path, a, b);
    // Each child with its step: the move and how many visits of that move came before it.
    let steps = |t: Tree<'_>, id: Option<u32>| -> Vec<(Step, u32)> {
        id.map_or_else(Vec::new, |id| {
            let mut out: Vec<(Step, u32)> = Vec::new();
            for c in t.children(id) {
                let mv = t.get(c).mv as u16;
                let visit = out.iter().filter(|(s, _)| s.mv == mv).count() as u8;
                out.push((Step { mv, visit }, c));
            }
            out
        })
    };
    let (ka, kb) = (steps(ta, a), steps(tb, b));
    // Steps are distinct among one node's children, so a sorted copy finds a partner.
    let mut sorted_b = kb.clone();
    sorted_b.sort_unstable();
    let find = |sorted: &[(Step, u32)], step: Step| {
        sorted
            .binary_search_by_key(&step, |&(s, _)| s)
            .ok()
            .map(|i| sorted[i].1)
    };
    for &(step, ca) in &ka {
        path.push(step);
        pair(ta, tb, Some(ca), find(&sorted_b, step), path, visit);
        path.pop();
    }
    let mut sorted_a = ka;
    sorted_a.sort_unstable();
    for &(step, cb) in &kb {
        if find(&sorted_a, step).is_none() {
            path.push(step);
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
