//! The evaluation lessons' practice: a root with two or three replies, each a position with
//! two features (material and mobility), scored by the weighted sum the graph's `weights`
//! give. Asked as the exact value of one reply, or of the root one ply deep; the answer is
//! the run's, which reads each reply's score from its features (no sum is taken here).

use serde_json::Number;

use super::generate::name_of;
use super::item::{Item, Problem};
use crate::error::Result;
use crate::game::Side;
use crate::game::features::{Amount, Features};
use crate::game::graph::{GraphSpec, MoveSpec, NodeSpec};
use crate::lesson::RunSpec;
use crate::lesson::facts::Kind;
use crate::rng::Rng;
use crate::search::Algorithm;

/// The weights of mobility the problems draw from (material weighs 1, 2 or 3).
const MOBILITY: [f64; 3] = [0.1, 0.25, 0.5];

/// Generated problem `index` of the set from `seed`.
pub fn problem(seed: u64, index: u64) -> Result<Problem> {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407));
    let material = rng.range(1, 3);
    let mobility = MOBILITY[rng.range(0, MOBILITY.len() as i64 - 1) as usize];
    let replies = rng.range(2, 3) as usize;
    let amount = |v: f64| Amount::Number(Number::from_f64(v).unwrap_or(Number::from(0)));
    let mut nodes = vec![NodeSpec {
        player: Side::Max.into(),
        score: None,
        moves: (1..=replies)
            .map(|c| MoveSpec {
                p: None,
                child: Number::from(c as u64),
                tactical: false,
            })
            .collect(),
        label: Some(name_of(0)),
        dice: None,
        distinct: false,
        features: Features::default(),
    }];
    let mut shown = Vec::new();
    for c in 1..=replies {
        let (m, k) = (rng.range(-3, 3), rng.range(-8, 8));
        shown.push(format!("{} (material {m}, mobility {k})", name_of(c)));
        nodes.push(NodeSpec {
            player: Side::Min.into(),
            score: None,
            moves: Vec::new(),
            label: Some(name_of(c)),
            dice: None,
            distinct: false,
            features: Features(vec![
                ("material".into(), amount(m as f64)),
                ("mobility".into(), amount(k as f64)),
            ]),
        });
    }
    let graph = GraphSpec {
        nodes,
        weights: Features(vec![
            ("material".into(), amount(material as f64)),
            ("mobility".into(), amount(mobility)),
        ]),
        ..GraphSpec::default()
    };
    let run = RunSpec {
        name: "one ply".into(),
        depth: Some(1),
        algorithm: Some(Algorithm::Minimax),
        table: Some(false),
        deepening: Some(false),
        ..RunSpec::default()
    };
    let mut item = Item::generated(
        &format!("eval-{seed}-{}", index + 1),
        Kind::ChanceValue,
        format!("generated (seed {seed}): an evaluation of two features"),
        vec![run],
        graph,
    );
    let head = format!(
        "A position scores {material}·material + {mobility}·mobility. The replies: {}.",
        shown.join(", ")
    );
    // Even problems ask one reply's score, odd ones what MAX gets from the best reply.
    let (node, ask) = if index.is_multiple_of(2) {
        let c = rng.range(1, replies as i64) as usize;
        (
            name_of(c),
            format!("What does the evaluation give {}?", name_of(c)),
        )
    } else {
        (
            name_of(0),
            "Searched one ply deep, MAX takes the reply it scores highest. What is R worth?"
                .to_string(),
        )
    };
    item.node = Some(node);
    item.question = format!("{head} {ask}");
    Problem::new(item)
}
