//! Random practice trees, level by level so that every edge goes forward and players alternate.

use serde_json::Number;

use crate::game::Side;
use crate::game::graph::{GraphSpec, MoveSpec, NodeSpec, Score};
use crate::rng::Rng;

/// Generated trees stay small enough to read at 80×24 and to name with one letter each.
pub const MAX_GENERATED: usize = 52;

/// The shape and scores of a generated tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Plies from the root to the deepest leaves.
    pub depth: u8,
    pub min_branch: u8,
    pub max_branch: u8,
    pub lo: i32,
    pub hi: i32,
    pub root: Side,
    /// Some inner nodes (below the root) end early as leaves.
    pub irregular: bool,
    /// Some children are shared with an earlier node of the same level.
    pub transpositions: bool,
    /// Inner nodes carry static scores (needed for deepening and quiescence).
    pub inner_scores: bool,
    /// Some edges are marked tactical (followed by quiescence).
    pub tactical: bool,
    pub max_nodes: usize,
}

impl Default for Shape {
    fn default() -> Shape {
        Shape {
            depth: 2,
            min_branch: 2,
            max_branch: 3,
            lo: 0,
            hi: 9,
            root: Side::Max,
            irregular: false,
            transpositions: false,
            inner_scores: false,
            tactical: false,
            max_nodes: 25,
        }
    }
}

/// Names: R for the root, then A–Z (without R) and a–z in node order.
pub fn name_of(index: usize) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    match index {
        0 => "R".into(),
        i => (LETTERS[(i - 1) % LETTERS.len()] as char).to_string(),
    }
}

pub fn tree(rng: &mut Rng, shape: &Shape) -> GraphSpec {
    let cap = shape.max_nodes.clamp(1, MAX_GENERATED);
    let mut sides = vec![shape.root];
    let mut moves: Vec<Vec<MoveSpec>> = vec![Vec::new()];
    let mut level = vec![0usize];
    let mut edges = 0usize;
    for ply in 0..shape.depth {
        let mut next: Vec<usize> = Vec::new();
        for &parent in &level {
            let ends_early = shape.irregular && ply > 0 && rng.chance(1, 5);
            if ends_early {
                continue;
            }
            let count = rng.range(shape.min_branch as i64, shape.max_branch as i64) as usize;
            for _ in 0..count {
                // The outline prints one line per edge (plus the root): cap the edges so a
                // tree with transpositions is no taller on screen than a plain one.
                if edges + 1 >= cap {
                    break;
                }
                edges += 1;
                let reuse = shape.transpositions && !next.is_empty() && rng.chance(1, 5);
                let child = match reuse.then(|| rng.pick(&next).copied()).flatten() {
                    Some(c)
                        if !moves[parent]
                            .iter()
                            .any(|m| m.child.as_u64() == Some(c as u64)) =>
                    {
                        c
                    }
                    _ => {
                        sides.push(sides[parent].other());
                        moves.push(Vec::new());
                        next.push(sides.len() - 1);
                        sides.len() - 1
                    }
                };
                let tactical = shape.tactical && rng.chance(1, 2);
                moves[parent].push(MoveSpec {
                    p: None,
                    child: Number::from(child as u64),
                    tactical,
                });
            }
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
    let nodes = sides
        .iter()
        .zip(moves)
        .enumerate()
        .map(|(i, (&player, moves))| {
            let leaf = moves.is_empty();
            let score = (leaf || shape.inner_scores)
                .then(|| Number::from(rng.range(shape.lo as i64, shape.hi as i64)));
            NodeSpec {
                player: player.into(),
                score: score.map(Score::One),
                moves,
                label: Some(name_of(i)),
                dice: None,
                distinct: false,
                features: Default::default(),
            }
        })
        .collect();
    GraphSpec {
        nodes,
        ..GraphSpec::default()
    }
}
