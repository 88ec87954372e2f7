//! Monte Carlo practice problems as they are made: seed 004's items with the seed's own
//! figures, and generated ones drawn from a seed. Each is a stated tree (a graph and the
//! counts of its nodes, a run preset's `given`) with one iteration whose playout result is
//! scripted; `mcts_kinds` reads the answers off the core's run of it.

use serde_json::Number;

use super::item::{Item, Problem, hint};
use super::mcts_kinds::teaches;
use super::params::Params;
use crate::error::Result;
use crate::game::Side;
use crate::game::graph::{GraphSpec, MoveSpec, NodeSpec, Score};
use crate::lesson::RunSpec;
use crate::lesson::facts::Kind;
use crate::lesson::given::GivenSpec;
use crate::rng::Rng;
use crate::search::Algorithm;
use crate::search::mcts::{Playout, Real, c_text};

/// Half-wins as wins (a stated tree and a script count half-wins).
fn wins_text(half_wins: u32) -> String {
    crate::index::monte::wins_text(half_wins, 2)
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

impl Built {
    fn new(label: &str, side: Side, score: Option<i32>) -> Built {
        Built {
            label: label.to_string(),
            side,
            score,
            kids: Vec::new(),
        }
    }
}

/// A stated root child for the selection kinds: label, N, U in half-wins (`None`: no node).
type Stated = (String, Option<(u32, u32)>);

/// A playout result for MAX in half-wins as a script writes it.
fn result_word(result: u8) -> String {
    match result {
        2 => "MAX",
        1 => "draw",
        _ => "MIN",
    }
    .into()
}

fn given(path: &[String], n: u32, half_wins: u32) -> GivenSpec {
    GivenSpec {
        path: path.to_vec(),
        n,
        u: f64::from(half_wins) / 2.0,
    }
}

/// The one-iteration run of a problem from its stated tree.
fn run(c: f64, given: Vec<GivenSpec>, result: u8) -> RunSpec {
    RunSpec {
        name: "practice".into(),
        depth: Some(1),
        algorithm: Some(Algorithm::Mcts),
        iterations: Some(1),
        c: Some(Real(c)),
        playout: Some(Playout::Scripted),
        given,
        script: vec![result_word(result)],
        ..RunSpec::default()
    }
}

/// What a selection problem states and asks.
struct Selection<'a> {
    kind: Kind,
    kids: &'a [Stated],
    c: f64,
    /// The child asked about (UCB1).
    ask: Option<&'a str>,
    /// The scripted playout result of the iteration.
    result: u8,
    /// Who moves at the root.
    root: Side,
}

/// A root with the stated children (each a node of the other side over two finished games,
/// so a playout has moves to make), the root's N the children's sum.
fn selection_item(id: &str, source: &str, s: &Selection) -> Item {
    let mut nodes = vec![Built::new("R", s.root, None)];
    let mut stated = Vec::new();
    let (mut root_n, mut root_u) = (0, 0);
    for (label, counts) in s.kids {
        let child = nodes.len();
        nodes[0].kids.push(child);
        let mut node = Built::new(label, s.root.other(), None);
        node.kids = vec![child + 1, child + 2];
        nodes.push(node);
        for (j, score) in [(1, 1), (2, -1)] {
            nodes.push(Built::new(&format!("{label}{j}"), s.root, Some(score)));
        }
        if let Some((n, u)) = *counts {
            stated.push(given(std::slice::from_ref(label), n, u));
            root_n += n;
            root_u += u;
        }
    }
    stated.insert(0, given(&[], root_n, root_u));
    let told: Vec<String> = (s.kids.iter())
        .map(|(l, c)| match c {
            Some((n, u)) => format!("{l} with N = {n}, U = {}", wins_text(*u)),
            None => format!("{l} never visited"),
        })
        .collect();
    let head = format!(
        "A UCT root R ({} to move) has N = {root_n} visits. Its children, in move order: {}. C = {} and the log is natural; UCB1 = U/N + C·sqrt(ln N(parent) / N), U counting {}'s wins (a draw is half a win).",
        s.root.name(),
        told.join("; "),
        c_text(s.c),
        s.root.name()
    );
    let question = match s.kind {
        Kind::MctsUcb1 => format!(
            "{head} What is {}'s UCB1 when the next selection scores it, to 3 decimals?",
            s.ask.unwrap_or("?")
        ),
        Kind::MctsSelect => format!("{head} Which child does the next iteration's selection take?"),
        _ => format!("{head} If the search stops now, which move is played?"),
    };
    Item {
        id: id.into(),
        kind: s.kind,
        source: source.into(),
        question,
        answer_format: hint(s.kind),
        node: s.ask.map(str::to_string),
        runs: vec![run(s.c, stated, s.result)],
        graph: graph_spec(&nodes),
        game: crate::game::model::GameSpec::Graph,
    }
}

/// A path below the root: each step (label, N, U in half-wins), then how the iteration ends:
/// `Some(result)` a scripted playout from a new child of the last node, `None` the last node
/// being a finished game worth `end_score`.
struct PathSpec<'a> {
    /// MAX's and MIN's names in the question ("White", "Black").
    players: (&'a str, &'a str),
    /// Who moves at the root.
    root: Side,
    root_n: u32,
    root_u: u32,
    steps: Vec<(String, u32, u32)>,
    playout: Option<u8>,
    end_score: i32,
}

fn backup_item(id: &str, source: &str, p: &PathSpec) -> Item {
    let (nodes, stated) = backup_tree(p);
    Item {
        id: id.into(),
        kind: Kind::MctsBackup,
        source: source.into(),
        question: backup_question(p),
        answer_format: hint(Kind::MctsBackup),
        node: None,
        runs: vec![run(
            std::f64::consts::SQRT_2,
            stated,
            p.playout.unwrap_or(1),
        )],
        graph: graph_spec(&nodes),
        game: crate::game::model::GameSpec::Graph,
    }
}

/// The path as a tree (the last node a finished game, or with one move to expand and a
/// playout below it) and its stated counts.
fn backup_tree(p: &PathSpec) -> (Vec<Built>, Vec<GivenSpec>) {
    let mut nodes = vec![Built::new("R", p.root, None)];
    let mut stated = vec![given(&[], p.root_n, p.root_u)];
    let mut path = Vec::new();
    let last = p.steps.len() - 1;
    for (i, (label, n, u)) in p.steps.iter().enumerate() {
        let at = nodes.len();
        nodes[at - 1].kids.push(at);
        let side = nodes[at - 1].side.other();
        let finished = i == last && p.playout.is_none();
        nodes.push(Built::new(label, side, finished.then_some(p.end_score)));
        path.push(label.clone());
        stated.push(given(&path, *n, *u));
    }
    if p.playout.is_some() {
        // The last stated node expands its one move; the playout goes on from there.
        let at = nodes.len();
        let side = nodes[at - 1].side.other();
        nodes[at - 1].kids.push(at);
        let mut new = Built::new("new", side, None);
        new.kids = vec![at + 1];
        nodes.push(new);
        nodes.push(Built::new("end", side.other(), Some(0)));
    }
    (nodes, stated)
}

/// The question of a path problem, with every count it states.
fn backup_question(p: &PathSpec) -> String {
    let last = p.steps.len() - 1;
    let (max, min) = p.players;
    let named = |who: &str, side: &str| {
        if who == side {
            who.to_string()
        } else {
            format!("{who} ({side})")
        }
    };
    let mut side = p.root;
    let steps: Vec<String> = (p.steps.iter())
        .map(|(l, n, u)| {
            let mover = if side == Side::Min { min } else { max };
            side = side.other();
            format!("{l} (after {mover} moves; N = {n}, U = {})", wins_text(*u))
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
    let (first, second) = match p.root {
        Side::Min => (named(min, "MIN"), named(max, "MAX")),
        _ => (named(max, "MAX"), named(min, "MIN")),
    };
    format!(
        "{first} is to move at the root R (N = {}, U = {}) against {second}. An iteration selects R → {}. {ending} U counts wins for the player who moved into the node (a draw is half a win). What are {}'s N and U after the iteration?",
        p.root_n,
        wins_text(p.root_u),
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
/// half-wins). Where the seed gives no figures the counts are ours, and the source says so.
pub fn seed_items() -> Result<Vec<Problem>> {
    (selection_items().into_iter())
        .chain(backup_items())
        .map(Problem::new)
        .collect()
}

fn src(line: u32) -> String {
    format!("seed 004, line {line}")
}

/// A seed question on a stated root: its id, the seed's line, the kind, the children, C, and
/// the child whose UCB1 is asked.
type Asked<'a> = (&'a str, u32, Kind, &'a [Stated], f64, Option<&'a str>);

fn stated(l: &str, n: u32, wins: u32) -> Stated {
    (l.to_string(), Some((n, 2 * wins)))
}

fn selection_items_of(asked: &[Asked]) -> Vec<Item> {
    (asked.iter())
        .map(|&(id, line, kind, kids, c, ask)| {
            let sel = Selection {
                kind,
                kids,
                c,
                ask,
                result: 1,
                root: Side::Max,
            };
            selection_item(id, &src(line), &sel)
        })
        .collect()
}

/// The seed's selection questions: UCB1, the child selected, the move played.
fn selection_items() -> Vec<Item> {
    let s = stated;
    let sqrt2 = std::f64::consts::SQRT_2;
    // Line 708: parent 50; 21 wins in 30, 7 in 12, 3 in 8. The seed writes C = 2, but its
    // totals (1.211, 1.391, 1.364) are C = √2 in this form of UCB1; line 717: C = 0.5.
    let table = [s("First", 30, 21), s("Second", 12, 7), s("Third", 8, 3)];
    let mut out = selection_items_of(&[
        (
            "seed-004-708-ucb1",
            708,
            Kind::MctsUcb1,
            &table,
            sqrt2,
            Some("Second"),
        ),
        (
            "seed-004-708-select",
            708,
            Kind::MctsSelect,
            &table,
            sqrt2,
            None,
        ),
        (
            "seed-004-717-ucb1",
            717,
            Kind::MctsUcb1,
            &table,
            0.5,
            Some("Third"),
        ),
        (
            "seed-004-717-select",
            717,
            Kind::MctsSelect,
            &table,
            0.5,
            None,
        ),
    ]);
    out.extend(question_items());
    out
}

/// The seed's practice questions on two children: parents of 16, 40 and 100 visits, and an
/// unvisited child.
fn question_items() -> Vec<Item> {
    let s = stated;
    // Line 1266: parent 16; A 6 wins in 12, B 1 in 4; C = 1.
    let ab = [s("A", 12, 6), s("B", 4, 1)];
    // Line 1367: root 40; X 18 wins in 30, Y 4 in 10; C = 2.
    let xy = [s("X", 30, 18), s("Y", 10, 4)];
    // Line 1588: root 100; A 54 wins in 90, B 4 in 10; selection at C = 1 and at C = 0.2.
    let a_b = [s("A", 90, 54), s("B", 10, 4)];
    // Line 1148: an unvisited child beside visited ones (the seed gives no counts; ours).
    // The child is D, not C: the question names the exploration constant C in the same line.
    let unvisited = [s("A", 6, 4), s("B", 4, 1), ("D".into(), None)];
    let sqrt2 = std::f64::consts::SQRT_2;
    selection_items_of(&[
        (
            "seed-004-1266-mcts-ucb1",
            1266,
            Kind::MctsUcb1,
            &ab,
            1.0,
            Some("B"),
        ),
        (
            "seed-004-1266-mcts-select",
            1266,
            Kind::MctsSelect,
            &ab,
            1.0,
            None,
        ),
        (
            "seed-004-1266-mcts-played",
            1266,
            Kind::MctsPlayed,
            &ab,
            1.0,
            None,
        ),
        (
            "seed-004-1367-mcts-ucb1",
            1367,
            Kind::MctsUcb1,
            &xy,
            2.0,
            Some("X"),
        ),
        (
            "seed-004-1367-mcts-select",
            1367,
            Kind::MctsSelect,
            &xy,
            2.0,
            None,
        ),
        (
            "seed-004-1367-mcts-played",
            1367,
            Kind::MctsPlayed,
            &xy,
            2.0,
            None,
        ),
        ("seed-004-1588-c1", 1588, Kind::MctsSelect, &a_b, 1.0, None),
        ("seed-004-1588-c02", 1588, Kind::MctsSelect, &a_b, 0.2, None),
        (
            "seed-004-1588-mcts-played",
            1588,
            Kind::MctsPlayed,
            &a_b,
            1.0,
            None,
        ),
        (
            "seed-004-1148",
            1148,
            Kind::MctsSelect,
            &unvisited,
            sqrt2,
            None,
        ),
    ])
}

/// The seed's back-propagation questions, under the incoming-mover convention.
fn backup_items() -> Vec<Item> {
    let steps = |rows: &[(&str, u32, u32)]| -> Vec<(String, u32, u32)> {
        rows.iter()
            .map(|&(l, n, u)| (l.to_string(), n, u))
            .collect()
    };
    vec![
        // White moves into a and c, Black into b; Black wins. a 12/8, b 7/3, c 2/1.
        backup_item(
            "seed-004-1577",
            &src(1577),
            &PathSpec {
                players: ("White", "Black"),
                root: Side::Max,
                root_n: 12,
                root_u: 16,
                steps: steps(&[("a", 12, 16), ("b", 7, 6), ("c", 2, 2)]),
                playout: Some(0),
                end_score: 0,
            },
        ),
        // Red moves into n1 and n3, Blue into n2; a draw (our counts).
        backup_item(
            "seed-004-1137",
            &format!("{} (the counts are ours)", src(1137)),
            &PathSpec {
                players: ("Red", "Blue"),
                root: Side::Max,
                root_n: 9,
                root_u: 10,
                steps: steps(&[("n1", 9, 10), ("n2", 5, 4), ("n3", 2, 1)]),
                playout: Some(1),
                end_score: 0,
            },
        ),
        // Green moves into u and w, Gold into v; Gold wins (our counts).
        backup_item(
            "seed-004-1356",
            &format!("{} (the counts are ours)", src(1356)),
            &PathSpec {
                players: ("Green", "Gold"),
                root: Side::Max,
                root_n: 10,
                root_u: 9,
                steps: steps(&[("u", 10, 9), ("v", 6, 7), ("w", 3, 2)]),
                playout: Some(0),
                end_score: 0,
            },
        ),
        // Selection reaches a finished game: its known result is backed up (our counts).
        backup_item(
            "seed-004-1255",
            &format!("{} (the counts are ours)", src(1255)),
            &PathSpec {
                players: ("MAX", "MIN"),
                root: Side::Max,
                root_n: 6,
                root_u: 8,
                steps: steps(&[("p", 6, 8), ("q", 3, 2)]),
                playout: None,
                end_score: -1,
            },
        ),
    ]
}

/// Exploration constants a generated problem draws from.
const CS: [f64; 4] = [0.5, 1.0, std::f64::consts::SQRT_2, 2.0];

/// One generated candidate of a Monte Carlo kind, and whether it shows what the kind
/// teaches (`make::generate_with` draws again when it does not).
pub fn build(
    rng: &mut Rng,
    id: &str,
    kind: Kind,
    source: String,
    params: &Params,
) -> Result<(Problem, bool)> {
    // Of the generator's settings only the side to move at the root applies: the tree is
    // the stated one, its size set by the kind.
    let root = params.root.unwrap_or(Side::Max);
    let item = match kind {
        Kind::MctsBackup => generated_backup(rng, id, &source, root),
        _ => generated_selection(rng, id, &source, kind, root),
    };
    let p = Problem::unchecked(item)?;
    let s = p.solve_run(0)?;
    let interesting = teaches(&p, &s);
    let p = if interesting {
        Problem::new(p.item)?
    } else {
        p
    };
    Ok((p, interesting))
}

fn generated_selection(rng: &mut Rng, id: &str, source: &str, kind: Kind, root: Side) -> Item {
    let k = rng.range(2, 4) as usize;
    let unvisited = kind == Kind::MctsSelect && rng.chance(1, 4);
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
    let ask = (kind == Kind::MctsUcb1).then(|| kids[rng.below(k)].0.clone());
    let sel = Selection {
        kind,
        kids: &kids,
        c,
        ask: ask.as_deref(),
        result: rng.range(0, 2) as u8,
        root,
    };
    selection_item(id, source, &sel)
}

fn generated_backup(rng: &mut Rng, id: &str, source: &str, root: Side) -> Item {
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
    backup_item(
        id,
        source,
        &PathSpec {
            players: ("MAX", "MIN"),
            root,
            root_n,
            root_u,
            steps,
            playout: (!finished).then_some(result),
            end_score: result as i32 - 1,
        },
    )
}
