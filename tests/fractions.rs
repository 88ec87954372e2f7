//! Fractional utilities (issue 23): the oracle suite's generated graphs re-scored with halves,
//! quarters, tenths and thirds give, under every search and setting, the exact value an
//! independent rational minimax computes here with its own fraction type; chance graphs
//! with fractional leaves give the exact expectiminimax value; and what `prune run` writes
//! is that value, exact. Nothing here calls the crate's fractions (`prune::exact`).

mod common;

use std::cmp::Ordering;

use common::model::{FAMILIES, generate};
use prune::game::graph::{Graph, GraphSpec};
use prune::observer::NoTrace;
use prune::rng::Rng;
use prune::search::{self, Algorithm, CutRule, Options, Status};
use prune::value::Units;
use serde_json::{Value, json};

/// The test's own exact fraction: i128 numerator and positive denominator, lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q {
    n: i128,
    d: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl Q {
    fn new(n: i128, d: i128) -> Q {
        let g = gcd(n, d).max(1) * d.signum();
        Q { n: n / g, d: d / g }
    }
    fn int(n: i128) -> Q {
        Q { n, d: 1 }
    }
    fn add(self, o: Q) -> Q {
        Q::new(self.n * o.d + o.n * self.d, self.d * o.d)
    }
    fn mul(self, o: Q) -> Q {
        Q::new(self.n * o.n, self.d * o.d)
    }
    /// As a person writes it: `3`, `3.5`, `-0.25`, `19/3`.
    fn text(self) -> String {
        if self.d == 1 {
            return self.n.to_string();
        }
        let mut d = self.d;
        let mut places = 0;
        for p in [2, 5] {
            let mut k = 0;
            while d % p == 0 {
                d /= p;
                k += 1;
            }
            places = places.max(k);
        }
        if d != 1 {
            return format!("{}/{}", self.n, self.d);
        }
        let scaled = self.n * 10i128.pow(places) / self.d;
        let digits = format!("{:0>w$}", scaled.abs(), w = places as usize + 1);
        let (whole, frac) = digits.split_at(digits.len() - places as usize);
        format!("{}{whole}.{frac}", if scaled < 0 { "-" } else { "" })
    }
}

impl Ord for Q {
    fn cmp(&self, o: &Q) -> Ordering {
        (self.n * o.d).cmp(&(o.n * self.d))
    }
}

impl PartialOrd for Q {
    fn partial_cmp(&self, o: &Q) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// An offset for a generated integer score, in one of the written forms a file may use:
/// (the value, how the JSON writes score + offset).
const OFFSETS: [(i128, i128); 9] = [
    (0, 1),
    (1, 2),
    (-1, 2),
    (1, 4),
    (3, 4),
    (1, 10),
    (-3, 10),
    (1, 3),
    (-2, 3),
];

/// Score `v` + offset as JSON: a decimal number where one writes it exactly, else a string
/// fraction (and now and then a fraction string even for a decimal: `"7/2"`).
fn written(q: Q, rng: &mut Rng) -> Value {
    let text = q.text();
    if !text.contains('/') && !rng.chance(20, 100) {
        serde_json::from_str(&text).unwrap()
    } else {
        json!(format!("{}/{}", q.n, q.d))
    }
}

/// Seed 000's minimax without quiescence, in `Q`: V(s, d) filled for every d up to
/// `depth`, each level from the one below (so shared children are computed once).
fn minimax(max: &[bool], score: &[Q], moves: &[Vec<usize>], s: usize, depth: usize) -> Q {
    let mut level: Vec<Q> = score.to_vec();
    for _ in 0..depth {
        level = (0..score.len())
            .map(|t| {
                let values = moves[t].iter().map(|&c| level[c]);
                match (moves[t].is_empty(), max[t]) {
                    (true, _) => score[t],
                    (false, true) => values.max().unwrap(),
                    (false, false) => values.min().unwrap(),
                }
            })
            .collect();
    }
    level[s]
}

struct Rescored {
    json: Value,
    max: Vec<bool>,
    score: Vec<Q>,
    moves: Vec<Vec<usize>>,
}

fn rescored(rng: &mut Rng) -> Rescored {
    let family = FAMILIES[rng.below(FAMILIES.len())];
    let model = generate(rng, family);
    let mut json = model.json();
    let mut score = Vec::new();
    for (s, node) in json["nodes"].as_array_mut().unwrap().iter_mut().enumerate() {
        let (n, d) = OFFSETS[rng.below(OFFSETS.len())];
        let base = i128::from(model.score[s]);
        // Keep within [-1000, 1000]: at the edges the offset goes inwards.
        let offset = Q::new(n, d);
        let q = match base {
            1000 => Q::int(base).add(Q::new(-n.abs(), d)),
            -1000 => Q::int(base).add(Q::new(n.abs(), d)),
            _ => Q::int(base).add(offset),
        };
        node["score"] = written(q, rng);
        score.push(q);
    }
    let moves = model
        .moves
        .iter()
        .map(|m| m.iter().map(|&(c, _)| c).collect())
        .collect();
    Rescored {
        json,
        max: model.max.clone(),
        score,
        moves,
    }
}

fn graph_of(json: &Value) -> Graph {
    let spec: GraphSpec = serde_json::from_value(json.clone()).unwrap();
    Graph::from_spec(&spec).unwrap_or_else(|p| panic!("{p}\n{json}"))
}

/// A search's score as the exact fraction its units say (through `Units`, the one writer).
fn exact_of(units: &Units, v: i32) -> Q {
    let r = units.exact(v).expect("a finite score");
    Q::new(i128::from(r.num()), i128::from(r.den()))
}

fn cases() -> usize {
    std::env::var("PRUNE_FRACTION_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500)
}

#[test]
fn rescored_oracle_graphs_search_to_the_exact_rational_minimax() {
    let mut rng = Rng::new(0xF4AC_7105);
    let mut runs = 0u64;
    let mut skipped = 0u64;
    let mut fractional = 0u64;
    for _ in 0..cases() {
        let case = rescored(&mut rng);
        let graph = graph_of(&case.json);
        let units = Units::of(graph.scale());
        let start = 0usize;
        let depth = rng.range(1, 5) as u8;
        let want = minimax(&case.max, &case.score, &case.moves, start, depth as usize);
        if want.d != 1 {
            fractional += 1;
        }
        for algorithm in [
            Algorithm::AlphaBeta,
            Algorithm::Minimax,
            Algorithm::Negamax,
            Algorithm::Pvs,
        ] {
            let opts = Options {
                algorithm,
                depth,
                table: rng.chance(50, 100),
                ordering: rng.chance(50, 100),
                deepening: rng.chance(50, 100),
                cut: if rng.chance(50, 100) {
                    CutRule::AtLeast
                } else {
                    CutRule::Strict
                },
                budget: 1_000_000,
                ..Options::default()
            };
            let r = search::run(&graph, start as u32, &opts, &mut NoTrace).unwrap();
            // Plain minimax of a dense graph may outgrow the budget: not a value to check.
            if r.status != Status::Complete {
                skipped += 1;
                continue;
            }
            // Every family's result is written from MAX's side (negamax's too).
            assert_eq!(
                exact_of(&units, r.score),
                want,
                "{algorithm:?} depth {depth}\n{}",
                case.json
            );
            assert_eq!(units.fmt(r.score), want.text(), "{algorithm:?}");
            runs += 1;
        }
    }
    assert!(
        runs >= 3 * cases() as u64,
        "{runs} runs, {skipped} over budget"
    );
    // The re-scoring must actually exercise fractions, most of the time.
    assert!(
        fractional * 2 > cases() as u64,
        "{fractional} of {}",
        cases()
    );
}

/// A small tree with CHANCE nodes (probabilities halves, thirds, quarters, fifths), MAX and
/// MIN nodes and fractional leaves; and its exact expectiminimax in `Q`.
fn chance_case(rng: &mut Rng) -> (Value, Q) {
    let mut nodes = Vec::new();
    let value = chance_node(rng, &mut nodes, 5, "MAX", "MIN");
    (json!({ "nodes": nodes }), value)
}

/// Node `role` (its children alternate: a chance node's are `then`'s), `depth` plies left.
fn chance_node(rng: &mut Rng, nodes: &mut Vec<Value>, depth: u32, role: &str, then: &str) -> Q {
    let me = nodes.len();
    nodes.push(Value::Null);
    // At most 64 nodes: past 40 every new choice node is a leaf.
    let full = nodes.len() > 40;
    if role != "CHANCE" && (depth == 0 || full || (depth < 4 && rng.chance(25, 100))) {
        let q = Q::new(rng.range(-40, 40) as i128, [1, 2, 4, 10][rng.below(4)]);
        nodes[me] = json!({"player": role, "score": written(q, rng)});
        return q;
    }
    let probs: Vec<Q> = match rng.below(if full { 3 } else { 5 }) {
        0 => vec![Q::new(1, 2), Q::new(1, 2)],
        1 => vec![Q::new(1, 3), Q::new(2, 3)],
        2 => vec![Q::new(1, 4), Q::new(3, 4)],
        3 => vec![Q::new(1, 3), Q::new(1, 3), Q::new(1, 3)],
        _ => vec![Q::new(1, 5), Q::new(2, 5), Q::new(2, 5)],
    };
    let other = if role == "MAX" { "MIN" } else { "MAX" };
    let mut moves = Vec::new();
    let mut values = Vec::new();
    for p in &probs {
        let child = nodes.len();
        let v = match role {
            "CHANCE" => chance_node(rng, nodes, depth.saturating_sub(1), then, then),
            _ if depth > 1 && rng.chance(50, 100) => {
                chance_node(rng, nodes, depth - 1, "CHANCE", other)
            }
            _ => chance_node(rng, nodes, depth.saturating_sub(1), other, other),
        };
        values.push(v);
        moves.push(if role == "CHANCE" {
            json!({"child": child, "p": format!("{}/{}", p.n, p.d)})
        } else {
            json!({"child": child})
        });
    }
    let value = match role {
        "CHANCE" => (values.iter().zip(&probs)).fold(Q::int(0), |t, (v, p)| t.add(v.mul(*p))),
        "MAX" => *values.iter().max().unwrap(),
        _ => *values.iter().min().unwrap(),
    };
    nodes[me] = json!({"player": role, "moves": moves});
    value
}

#[test]
fn chance_graphs_with_fractional_leaves_average_exactly() {
    let mut rng = Rng::new(0xC4A7_C3E5);
    let (mut checked, mut refused) = (0, 0);
    for _ in 0..cases() {
        let (json, want) = chance_case(&mut rng);
        let spec: GraphSpec = serde_json::from_value(json.clone()).unwrap();
        let graph = match Graph::from_spec(&spec) {
            Ok(g) => g,
            // Only the scale may refuse a generated graph (too fine for the search's i32).
            Err(p) => {
                assert!(p.to_string().contains("a multiple of 1/"), "{p}\n{json}");
                refused += 1;
                continue;
            }
        };
        let units = Units::of(graph.scale());
        let opts = Options {
            algorithm: Algorithm::Expectiminimax,
            depth: 8,
            deepening: false,
            table: rng.chance(50, 100),
            // Ordering sorts by inner nodes' scores, which these trees do not give.
            ordering: false,
            ..Options::default()
        };
        let r =
            search::run(&graph, 0, &opts, &mut NoTrace).unwrap_or_else(|e| panic!("{e:?}\n{json}"));
        assert_eq!(exact_of(&units, r.score), want, "{json}");
        assert_eq!(units.fmt(r.score), want.text());
        checked += 1;
    }
    assert_eq!(checked + refused, cases());
    assert!(refused * 10 < cases(), "{refused} refused");
}
