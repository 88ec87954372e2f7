//! An independent model of seed 000's evaluation tree, for checking the search core.
//!
//! Nothing here calls `prune::search`: values come from the reverse-topological dynamic
//! program over (state, d, q) that seed 000 describes ("Practice Problems"), using neither
//! windows nor move order. Edges only go forward, so filling states from the last to the
//! first sees every child before its parent.

use prune::game::graph::{Graph, GraphSpec};
use prune::rng::Rng;
use serde_json::json;

/// A generated game graph in plain vectors (the test's own representation).
#[derive(Clone, Debug)]
pub struct Model {
    pub max: Vec<bool>,
    pub score: Vec<i32>,
    /// (child, tactical) per move, in move-index order.
    pub moves: Vec<Vec<(usize, bool)>>,
}

impl Model {
    /// A graph read straight from its JSON by the test (not through the crate's parser);
    /// `None` when a node has no integer score.
    pub fn from_json(graph: &serde_json::Value) -> Option<Model> {
        let nodes = graph["nodes"].as_array()?;
        let mut m = Model {
            max: Vec::new(),
            score: Vec::new(),
            moves: Vec::new(),
        };
        for n in nodes {
            m.max.push(n["player"] == "MAX");
            m.score.push(n["score"].as_i64()? as i32);
            let moves = n["moves"].as_array().map_or(&[][..], |v| v.as_slice());
            m.moves.push(
                moves
                    .iter()
                    .map(|mv| {
                        let child = mv["child"].as_u64().unwrap() as usize;
                        (child, mv["tactical"].as_bool().unwrap_or(false))
                    })
                    .collect(),
            );
        }
        Some(m)
    }

    pub fn len(&self) -> usize {
        self.max.len()
    }

    /// The same graph as a lesson file holds it (a bare graph), through the crate's parser.
    pub fn lesson(&self) -> prune::lesson::Lesson {
        prune::lesson::Lesson::parse("generated", &self.json().to_string())
            .expect("generated graphs satisfy the input contract")
    }

    /// The same graph through the crate's own input path (JSON spec, validation).
    pub fn graph(&self) -> Graph {
        let spec: GraphSpec = serde_json::from_value(self.json()).unwrap();
        Graph::from_spec(&spec).expect("generated graphs satisfy the input contract")
    }

    /// The graph as JSON, in the input format.
    pub fn json(&self) -> serde_json::Value {
        let nodes: Vec<_> = (0..self.len())
            .map(|s| {
                let moves: Vec<_> = self.moves[s]
                    .iter()
                    .map(|&(c, t)| json!({"child": c, "tactical": t}))
                    .collect();
                json!({
                    "player": if self.max[s] { "MAX" } else { "MIN" },
                    "score": self.score[s],
                    "moves": moves,
                })
            })
            .collect();
        json!({ "nodes": nodes })
    }
}

/// True values V(s, d, q) and full-minimax call counts for every horizon up to (D, Q).
pub struct Oracle {
    depths: usize,
    qs: usize,
    value: Vec<i32>,
    /// Calls a full-window search without table makes from (s, d, q), itself included.
    calls: Vec<u64>,
    /// Of those, the calls that read a score (terminal, static or stand-pat).
    reads: Vec<u64>,
    /// Of those, the calls with normal depth zero.
    qcalls: Vec<u64>,
}

impl Oracle {
    pub fn new(m: &Model, max_depth: usize, qlimit: usize) -> Oracle {
        let (depths, qs) = (max_depth + 1, qlimit + 1);
        let size = m.len() * depths * qs;
        let mut o = Oracle {
            depths,
            qs,
            value: vec![0; size],
            calls: vec![0; size],
            reads: vec![0; size],
            qcalls: vec![0; size],
        };
        for s in (0..m.len()).rev() {
            for d in 0..depths {
                for q in 0..qs {
                    o.fill(m, s, d, q);
                }
            }
        }
        o
    }

    fn idx(&self, s: usize, d: usize, q: usize) -> usize {
        (s * self.depths + d) * self.qs + q
    }

    fn fill(&mut self, m: &Model, s: usize, d: usize, q: usize) {
        let i = self.idx(s, d, q);
        let here_q = (d == 0) as u64;
        // Terminal utility first; a horizon with no tactical budget reads the estimate.
        if m.moves[s].is_empty() || (d == 0 && q == 0) {
            self.value[i] = m.score[s];
            self.calls[i] = 1;
            self.reads[i] = 1;
            self.qcalls[i] = here_q;
            return;
        }
        let opt = |a: i32, b: i32| if m.max[s] { a.max(b) } else { a.min(b) };
        // At the horizon the mover may stand pat: E(s) is one of the options.
        let (mut best, mut calls, mut reads, mut qcalls) = if d == 0 {
            (Some(m.score[s]), 1u64, 1u64, 1u64)
        } else {
            (None, 1, 0, 0)
        };
        for &(c, tactical) in &m.moves[s] {
            if d == 0 && !tactical {
                continue;
            }
            let j = if d > 0 {
                self.idx(c, d - 1, q)
            } else {
                self.idx(c, 0, q - 1)
            };
            best = Some(best.map_or(self.value[j], |b| opt(b, self.value[j])));
            calls = calls.saturating_add(self.calls[j]);
            reads = reads.saturating_add(self.reads[j]);
            qcalls = qcalls.saturating_add(self.qcalls[j]);
        }
        self.value[i] = best.expect("a searched node has a move or stands pat");
        self.calls[i] = calls;
        self.reads[i] = reads;
        self.qcalls[i] = qcalls;
    }

    pub fn value(&self, s: usize, d: usize, q: usize) -> i32 {
        self.value[self.idx(s, d, q)]
    }

    pub fn calls(&self, s: usize, d: usize, q: usize) -> u64 {
        self.calls[self.idx(s, d, q)]
    }

    pub fn reads(&self, s: usize, d: usize, q: usize) -> u64 {
        self.reads[self.idx(s, d, q)]
    }

    pub fn qcalls(&self, s: usize, d: usize, q: usize) -> u64 {
        self.qcalls[self.idx(s, d, q)]
    }
}

/// The shapes of graph the oracle tests draw from.
#[derive(Clone, Copy, Debug)]
pub enum Family {
    /// 1-6 nodes, tiny score range: ties everywhere, every shape of small DAG.
    Tiny,
    /// Irregular DAGs of up to 64 nodes with duplicate moves and shared children.
    Dag,
    /// Few nodes per layer, many edges between layers: heavy transposition.
    Layered,
    /// Every node has exactly one parent: no transpositions at all.
    Tree,
    /// Long thin graphs for deep horizons (depth up to 12).
    Chain,
    /// 64 nodes, many moves each, half tactical: the heavy end of the contract.
    Dense,
}

pub const FAMILIES: [Family; 6] = [
    Family::Tiny,
    Family::Dag,
    Family::Layered,
    Family::Tree,
    Family::Chain,
    Family::Dense,
];

fn score(rng: &mut Rng, spread: i64) -> i32 {
    match rng.below(10) {
        // The contract's extremes and wide values, negative ones included.
        0 => *[-1000, 1000, 0].get(rng.below(3)).unwrap(),
        1 => rng.range(-1000, 1000) as i32,
        _ => rng.range(-spread, spread) as i32,
    }
}

/// Later nodes of the opposite side: the legal children of `s`.
fn targets(max: &[bool], s: usize) -> Vec<usize> {
    (s + 1..max.len()).filter(|&t| max[t] != max[s]).collect()
}

pub fn generate(rng: &mut Rng, family: Family) -> Model {
    let spread = *[2i64, 5, 20, 1000].get(rng.below(4)).unwrap();
    let tactical_pct = *[0u64, 20, 50, 90].get(rng.below(4)).unwrap();
    let (n, max) = match family {
        Family::Tiny => {
            let n = rng.range(1, 6) as usize;
            (n, (0..n).map(|_| rng.chance(50, 100)).collect::<Vec<_>>())
        }
        Family::Dag => {
            let n = rng.range(2, 64) as usize;
            (n, (0..n).map(|_| rng.chance(50, 100)).collect())
        }
        Family::Layered | Family::Tree | Family::Chain => {
            // Sides alternate by layer; layer sizes differ by family.
            let n = match family {
                Family::Chain => rng.range(4, 40) as usize,
                _ => rng.range(3, 64) as usize,
            };
            let width = match family {
                Family::Chain => rng.range(1, 2) as usize,
                Family::Layered => rng.range(1, 4) as usize,
                _ => 1,
            };
            let first = rng.chance(50, 100);
            let max = (0..n).map(|i| (i / width) % 2 == 0).map(|b| b == first);
            (n, max.collect())
        }
        Family::Dense => {
            let first = rng.chance(50, 100);
            (64, (0..64).map(|i| (i % 2 == 0) == first).collect())
        }
    };
    let mut moves = vec![Vec::new(); n];
    match family {
        Family::Tree => {
            // Each node after the root picks one earlier parent of the other side.
            for c in 1..n {
                let parents: Vec<usize> = (0..c).filter(|&p| max[p] != max[c]).collect();
                if !parents.is_empty() && !rng.chance(5, 100) {
                    let p = parents[rng.below(parents.len())];
                    moves[p].push((c, rng.chance(tactical_pct, 100)));
                }
            }
        }
        _ => {
            let (terminal_pct, max_degree) = match family {
                Family::Tiny => (25, 4),
                Family::Dag => (20, 5),
                Family::Layered => (10, 4),
                Family::Chain => (10, 2),
                _ => (3, 64),
            };
            for (s, out) in moves.iter_mut().enumerate() {
                let t = targets(&max, s);
                if t.is_empty() || (s > 0 && rng.chance(terminal_pct, 100)) {
                    continue;
                }
                let degree = match family {
                    Family::Dense => rng.range(20, 64) as usize,
                    _ => rng.range(1, max_degree) as usize,
                };
                for _ in 0..degree {
                    // Near children are favoured so paths get long; repeats give duplicate
                    // moves and shared children give transpositions.
                    let pick = if rng.chance(60, 100) {
                        t[rng.below(t.len().min(3))]
                    } else {
                        t[rng.below(t.len())]
                    };
                    out.push((pick, rng.chance(tactical_pct, 100)));
                }
            }
        }
    }
    let score = (0..n).map(|_| score(rng, spread)).collect();
    Model { max, score, moves }
}
