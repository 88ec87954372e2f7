//! The size lessons' practice: alpha-beta on small uniform trees whose leaves lie in the best
//! or the worst order for it (the trees `prune size` counts and `prune chart` draws), asked
//! as a leaves problem. The tree is the uniform game's own, walked level by level with its
//! own leaf values and written out as a graph, so that an answer can name every node and the
//! grader is the leaves kind's.

use serde_json::Number;

use super::generate::name_of;
use super::item::{self, Item, Problem};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::game::graph::{GraphSpec, MoveSpec, NodeSpec, Score};
use crate::game::model::{GameSpec, Visit};
use crate::lesson::RunSpec;
use crate::lesson::facts::Kind;
use crate::rng::Rng;
use crate::value::CutRule;

/// (branching, depth) of the trees asked: each node named by one letter, the tree an outline
/// that fits 80×24 with the question.
pub const SHAPES: [(u64, u64); 2] = [(2, 3), (3, 2)];

/// Generated problem `index` of the set from `seed`: a uniform tree of one of `SHAPES`, its
/// leaves in the best or the worst order, searched by alpha-beta to its leaves.
pub fn problem(seed: u64, index: u64) -> Result<Problem> {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (b, d) = SHAPES[rng.range(0, SHAPES.len() as i64 - 1) as usize];
    // Alternate best and worst from the seed's first, so a round shows both orders.
    let best = index.wrapping_add(seed).is_multiple_of(2);
    let game = GameSpec::ordered_tree(b, d, best);
    let run = RunSpec {
        name: "alpha-beta".into(),
        depth: Some(d as u8),
        table: Some(false),
        ordering: Some(false),
        deepening: Some(false),
        cut: Some(CutRule::AtLeast),
        ..RunSpec::default()
    };
    let mut item = Item::generated(
        &format!("size-{seed}-{}", index + 1),
        Kind::Leaves,
        format!("generated (seed {seed}): a uniform tree, b = {b}, d = {d}"),
        vec![run],
        graph_of(&game)?,
    );
    item.question = format!(
        "A uniform tree: every position has {b} moves, down to depth {d}, and its leaves lie in the {} order for alpha-beta. {}",
        if best { "best" } else { "worst" },
        item::question(Kind::Leaves, "R", None, "")
    );
    Problem::new(item)
}

/// The uniform game `game` as a graph: nodes in level order, named R, A, B, …, the leaves
/// scored as the game scores them.
pub fn graph_of(game: &GameSpec) -> Result<GraphSpec> {
    let model = game.build(None).map_err(Error::Options)?;
    Ok(model.visit(0, Walk))
}

struct Walk;

impl Visit for Walk {
    type Out = GraphSpec;
    fn visit<G: Game>(self, game: &G, start: G::State) -> GraphSpec {
        let mut states = vec![start];
        let mut nodes = Vec::new();
        let mut at = 0;
        while at < states.len() {
            let s = states[at];
            let count = game.move_count(s);
            let mut moves = Vec::new();
            for m in 0..count {
                moves.push(MoveSpec {
                    p: None,
                    child: Number::from(states.len() as u64),
                    tactical: false,
                });
                states.push(game.child(s, m));
            }
            // Only the leaves are scored: the run never reads an inner node's score.
            let score = if count == 0 { game.score(s) } else { None };
            nodes.push(NodeSpec {
                player: game.side(s).into(),
                score: score.map(|v| Score::One(Number::from(v))),
                moves,
                label: Some(name_of(at)),
                dice: None,
                distinct: false,
                features: Default::default(),
            });
            at += 1;
        }
        GraphSpec {
            nodes,
            ..GraphSpec::default()
        }
    }
}
