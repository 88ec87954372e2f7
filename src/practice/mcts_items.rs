//! Monte Carlo practice problems as they are made: seed 004's items with the seed's own
//! figures, and generated ones drawn from a seed. Each is a stated tree (a graph and the
//! counts of its nodes) with one scripted iteration; `mcts_kinds` solves and grades them.

use serde_json::Number;

use super::mcts_kinds::{MctsKind, MctsProblem};
use crate::error::{Error, Result};
use crate::game::Side;
use crate::game::graph::{GraphSpec, MoveSpec, NodeSpec, Score};
use crate::index::monte::wins_text;
use crate::rng::Rng;
use crate::search::mcts::{GivenNode, Prior, c_text};

fn half(u: u32) -> String {
    wins_text(u)
}

/// A node of a problem's tree as it is built: label, side, a score when it is a finished
/// game, children by index.
#[derive(Clone, Debug)]
struct Built {
    label: String,
    side: Side,
    score: Option<i32>,
    kids: Vec<usize>,
}

/// A stated root child for the selection kinds: label, N, U in half-wins (`None`: no node).
type Stated = (String, Option<(u32, u32)>);

/// A root (MAX) with the stated children (each a MIN node over two finished games, so a
/// playout has moves to make), the root's N the children's sum.
fn selection_problem(
    id: &str,
    kind: MctsKind,
    source: &str,
    kids: &[Stated],
    c: f64,
    ask: Option<&str>,
    result: u8,
) -> MctsProblem {
    let mut nodes = vec![Built {
        label: "R".into(),
        side: Side::Max,
        score: None,
        kids: Vec::new(),
    }];
    let mut prior = Prior::default();
    let mut root_n = 0;
    let mut root_u = 0;
    for (i, (label, counts)) in kids.iter().enumerate() {
        let child = nodes.len();
        nodes[0].kids.push(child);
        nodes.push(Built {
            label: label.clone(),
            side: Side::Min,
            score: None,
            kids: vec![child + 1, child + 2],
        });
        for (j, score) in [(1, 1), (2, -1)] {
            nodes.push(Built {
                label: format!("{label}{j}"),
                side: Side::Max,
                score: Some(score),
                kids: Vec::new(),
            });
        }
        if let Some((n, u)) = *counts {
            prior.nodes.push(GivenNode {
                path: vec![i as u16],
                n,
                u,
            });
            root_n += n;
            root_u += u;
        }
    }
    prior.nodes.insert(
        0,
        GivenNode {
            path: Vec::new(),
            n: root_n,
            u: root_u,
        },
    );
    prior.script = vec![result];
    let stated: Vec<String> = (kids.iter())
        .map(|(l, c)| match c {
            Some((n, u)) => format!("{l} with N = {n}, U = {}", half(*u)),
            None => format!("{l} never visited"),
        })
        .collect();
    let head = format!(
        "A UCT root R (MAX to move) has N = {root_n} visits. Its children, in move order: {}. C = {} and the log is natural; UCB1 = U/N + C·sqrt(ln N(parent) / N), U counting wins (a draw is half a win).",
        stated.join("; "),
        c_text(c)
    );
    let q = match kind {
        MctsKind::Ucb1 => format!(
            "{head} What is {}'s UCB1, to 3 decimals?",
            ask.unwrap_or("?")
        ),
        MctsKind::Select => format!("{head} Which child does the next iteration's selection take?"),
        _ => format!("{head} If the search stops now, which move is played?"),
    };
    MctsProblem {
        id: id.into(),
        kind,
        source: source.into(),
        question: q,
        answer_format: kind.answer_format().into(),
        graph: graph_spec(&nodes),
        prior,
        c,
        ask: ask.map(|a| vec![a.to_string()]).unwrap_or_default(),
        players: ("MAX".into(), "MIN".into()),
    }
}

/// A path below the root: each step (label, side that moves INTO it, counts), then how the
/// iteration ends: `Some(result)` a scripted playout from a new child of the last node,
/// `None` the last node being a finished game worth `end_score`.
struct PathSpec<'a> {
    /// MAX's and MIN's names ("White", "Black").
    players: (&'a str, &'a str),
    root_n: u32,
    root_u: u32,
    steps: Vec<(String, u32, u32)>,
    playout: Option<u8>,
    end_score: i32,
}

fn backup_problem(id: &str, source: &str, p: &PathSpec) -> MctsProblem {
    let (nodes, prior) = backup_tree(p);
    let (max, min) = p.players;
    MctsProblem {
        id: id.into(),
        kind: MctsKind::Backup,
        source: source.into(),
        question: backup_question(p),
        answer_format: MctsKind::Backup.answer_format().into(),
        graph: graph_spec(&nodes),
        prior,
        c: std::f64::consts::SQRT_2,
        ask: p.steps.iter().map(|s| s.0.clone()).collect(),
        players: (max.to_string(), min.to_string()),
    }
}

/// The path as a tree (the last node a finished game, or with one move to expand and a
/// playout below it) and its stated counts with the scripted result.
fn backup_tree(p: &PathSpec) -> (Vec<Built>, Prior) {
    let mut nodes = vec![Built {
        label: "R".into(),
        side: Side::Max,
        score: None,
        kids: Vec::new(),
    }];
    let mut prior = Prior {
        nodes: vec![GivenNode {
            path: Vec::new(),
            n: p.root_n,
            u: p.root_u,
        }],
        script: Vec::new(),
    };
    let last = p.steps.len() - 1;
    for (i, (label, n, u)) in p.steps.iter().enumerate() {
        let at = nodes.len();
        nodes[at - 1].kids.push(at);
        let side = nodes[at - 1].side.other();
        let finished = i == last && p.playout.is_none();
        nodes.push(Built {
            label: label.clone(),
            side,
            score: finished.then_some(p.end_score),
            kids: Vec::new(),
        });
        prior.nodes.push(GivenNode {
            path: vec![0; i + 1],
            n: *n,
            u: *u,
        });
    }
    if let Some(result) = p.playout {
        // The last stated node expands its one move; the playout goes on from there.
        let at = nodes.len();
        let side = nodes[at - 1].side.other();
        nodes[at - 1].kids.push(at);
        nodes.push(Built {
            label: "new".into(),
            side,
            score: None,
            kids: vec![at + 1],
        });
        nodes.push(Built {
            label: "end".into(),
            side: side.other(),
            score: Some(0),
            kids: Vec::new(),
        });
        prior.script = vec![result];
    } else {
        prior.script = vec![1];
    }
    (nodes, prior)
}

/// The question of a path problem, with every count it states.
fn backup_question(p: &PathSpec) -> String {
    let last = p.steps.len() - 1;
    let (max, min) = p.players;
    let who = |s: Side| if s == Side::Min { min } else { max };
    let mut side = Side::Max;
    let steps: Vec<String> = (p.steps.iter())
        .map(|(l, n, u)| {
            let mover = who(side);
            side = side.other();
            format!("{l} (after {mover} moves; N = {n}, U = {})", half(*u))
        })
        .collect();
    let ending = match p.playout {
        Some(r) => format!(
            "{} is expanded with its one move and the playout from there ends in {}.",
            p.steps[last].0,
            match r {
                2 => format!("a {max} win"),
                1 => "a draw".into(),
                _ => format!("a {min} win"),
            }
        ),
        None => format!(
            "{} is a finished game ({}), so nothing is expanded and its result is backed up.",
            p.steps[last].0,
            match p.end_score {
                v if v > 0 => format!("{max} has won"),
                0 => "a draw".into(),
                _ => format!("{min} has won"),
            }
        ),
    };
    let names: Vec<String> = p.steps.iter().map(|s| s.0.clone()).collect();
    format!(
        "{max} is to move at the root R (N = {}, U = {}). An iteration selects R → {}. {ending} U counts wins for the player who moved into the node (a draw is half a win). What are {}'s N and U after the iteration?",
        p.root_n,
        half(p.root_u),
        steps.join(" → "),
        names.join(", ")
    )
}

fn graph_spec(nodes: &[Built]) -> GraphSpec {
    GraphSpec {
        nodes: (nodes.iter())
            .map(|n| NodeSpec {
                player: n.side.into(),
                score: n.score.map(|v| Score::One(Number::from(v))),
                moves: (n.kids.iter())
                    .map(|&k| MoveSpec {
                        p: None,
                        child: Number::from(k as u64),
                        tactical: false,
                    })
                    .collect(),
                label: Some(n.label.clone()),
                dice: None,
                distinct: false,
                features: Default::default(),
            })
            .collect(),
        ..GraphSpec::default()
    }
}

/// Seed 004's Monte Carlo questions as problems, with the seed's figures (wins doubled into
/// half-wins). Where the seed gives no figures the counts are ours.
pub fn seed_items() -> Vec<MctsProblem> {
    let mut out = selection_items();
    out.extend(backup_items());
    out
}

fn src(line: u32) -> String {
    format!("seed 004, line {line}")
}

/// The seed's selection questions: UCB1, the child selected, the move played.
fn selection_items() -> Vec<MctsProblem> {
    let s = |l: &str, n: u32, wins: u32| (l.to_string(), Some((n, 2 * wins)));
    let mut out = Vec::new();
    // Parent 16; A 6 wins in 12, B 1 in 4; C = 1.
    let ab = [s("A", 12, 6), s("B", 4, 1)];
    for kind in [MctsKind::Ucb1, MctsKind::Select, MctsKind::Played] {
        out.push(selection_problem(
            &format!("seed-004-1266-{}", kind.name()),
            kind,
            &src(1266),
            &ab,
            1.0,
            (kind == MctsKind::Ucb1).then_some("B"),
            1,
        ));
    }
    // Root 40; X 18 wins in 30, Y 4 in 10; C = 2.
    let xy = [s("X", 30, 18), s("Y", 10, 4)];
    for kind in [MctsKind::Select, MctsKind::Played] {
        out.push(selection_problem(
            &format!("seed-004-1367-{}", kind.name()),
            kind,
            &src(1367),
            &xy,
            2.0,
            None,
            1,
        ));
    }
    out.push(selection_problem(
        "seed-004-1367-mcts-ucb1",
        MctsKind::Ucb1,
        &src(1367),
        &xy,
        2.0,
        Some("X"),
        1,
    ));
    // Root 100; A 54 wins in 90, B 4 in 10; selection at C = 1 and at C = 0.2.
    let a_b = [s("A", 90, 54), s("B", 10, 4)];
    for (tag, c) in [("c1", 1.0), ("c02", 0.2)] {
        out.push(selection_problem(
            &format!("seed-004-1588-{tag}"),
            MctsKind::Select,
            &src(1588),
            &a_b,
            c,
            None,
            1,
        ));
    }
    out.push(selection_problem(
        "seed-004-1588-mcts-played",
        MctsKind::Played,
        &src(1588),
        &a_b,
        1.0,
        None,
        1,
    ));
    // An unvisited child beside visited ones (the seed gives no counts; these are ours).
    out.push(selection_problem(
        "seed-004-1148",
        MctsKind::Select,
        &src(1148),
        &[s("A", 6, 4), s("B", 4, 1), ("C".into(), None)],
        std::f64::consts::SQRT_2,
        None,
        1,
    ));
    out
}

/// The seed's back-propagation questions, under the incoming-mover convention.
fn backup_items() -> Vec<MctsProblem> {
    vec![
        // White moves into a and c, Black into b; Black wins. a 12/8, b 7/3, c 2/1.
        backup_problem(
            "seed-004-1577",
            &src(1577),
            &PathSpec {
                players: ("White", "Black"),
                root_n: 12,
                root_u: 16,
                steps: vec![("a".into(), 12, 16), ("b".into(), 7, 6), ("c".into(), 2, 2)],
                playout: Some(0),
                end_score: 0,
            },
        ),
        // Red moves into n1 and n3, Blue into n2; a draw (our counts).
        backup_problem(
            "seed-004-1137",
            &src(1137),
            &PathSpec {
                players: ("Red", "Blue"),
                root_n: 9,
                root_u: 10,
                steps: vec![
                    ("n1".into(), 9, 10),
                    ("n2".into(), 5, 4),
                    ("n3".into(), 2, 1),
                ],
                playout: Some(1),
                end_score: 0,
            },
        ),
        // Green moves into u and w, Gold into v; Gold wins (our counts).
        backup_problem(
            "seed-004-1356",
            &src(1356),
            &PathSpec {
                players: ("Green", "Gold"),
                root_n: 10,
                root_u: 9,
                steps: vec![("u".into(), 10, 9), ("v".into(), 6, 7), ("w".into(), 3, 2)],
                playout: Some(0),
                end_score: 0,
            },
        ),
        // Selection reaches a finished game: its known result is backed up (our counts).
        backup_problem(
            "seed-004-1255",
            &src(1255),
            &PathSpec {
                players: ("MAX", "MIN"),
                root_n: 6,
                root_u: 8,
                steps: vec![("p".into(), 6, 8), ("q".into(), 3, 2)],
                playout: None,
                end_score: -1,
            },
        ),
    ]
}

/// Exploration constants a generated problem draws from.
const CS: [f64; 4] = [0.5, 1.0, std::f64::consts::SQRT_2, 2.0];

/// Problem `index` of the Monte Carlo set generated from `seed`: the same numbers give the
/// same problem.
pub fn generate(seed: u64, index: u64, kind: MctsKind) -> Result<MctsProblem> {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x4D43_5453);
    let id = format!("{seed}-{}-{}", kind.name(), index + 1);
    let source = format!("generated from seed {seed}, problem {}", index + 1);
    let mut last = None;
    for _ in 0..64 {
        let p = match kind {
            MctsKind::Backup => generated_backup(&mut rng, &id, &source),
            _ => generated_selection(&mut rng, &id, &source, kind),
        };
        let s = p.solve()?;
        let interesting = p.teaches(&s);
        if interesting {
            return Ok(p);
        }
        last = Some(p);
    }
    last.ok_or_else(|| Error::Options("no problem could be generated".into()))
}

fn generated_selection(rng: &mut Rng, id: &str, source: &str, kind: MctsKind) -> MctsProblem {
    let k = rng.range(2, 4) as usize;
    let unvisited = kind == MctsKind::Select && rng.chance(1, 4);
    let kids: Vec<Stated> = (0..k)
        .map(|i| {
            let label = ["A", "B", "C", "D"][i].to_string();
            if unvisited && i == k - 1 {
                return (label, None);
            }
            let n = rng.range(1, 30) as u32;
            let u = rng.range(0, 2 * n as i64) as u32;
            (label, Some((n, u)))
        })
        .collect();
    let c = *rng.pick(&CS).unwrap_or(&1.0);
    let ask = (kind == MctsKind::Ucb1).then(|| kids[rng.below(k)].0.clone());
    selection_problem(
        id,
        kind,
        source,
        &kids,
        c,
        ask.as_deref(),
        rng.range(0, 2) as u8,
    )
}

fn generated_backup(rng: &mut Rng, id: &str, source: &str) -> MctsProblem {
    let len = rng.range(2, 4) as usize;
    let mut n = rng.range(6, 30) as u32;
    let root_n = n;
    let mut steps = Vec::new();
    for (i, label) in ["p", "q", "s", "t"].iter().take(len).enumerate() {
        if i > 0 {
            n = rng.range(1, n as i64) as u32;
        }
        let u = rng.range(0, 2 * n as i64) as u32;
        steps.push((label.to_string(), n, u));
    }
    let root_u = steps[0].2;
    let finished = rng.chance(1, 4);
    let result = rng.range(0, 2) as u8;
    backup_problem(
        id,
        source,
        &PathSpec {
            players: ("MAX", "MIN"),
            root_n,
            root_u,
            steps,
            playout: (!finished).then_some(result),
            end_score: result as i32 - 1,
        },
    )
}
