//! The explicit game graph of seed 000: at most 64 numbered nodes, moves that go forward and
//! alternate players, MAX-side integer scores, and tactical marks for quiescence.

use serde::{Deserialize, Serialize};
use serde_json::Number;

use super::contract::Problem;
use super::{Game, Side};

pub const MAX_NODES: usize = 64;
pub const MAX_EDGES: usize = 4096;
pub const SCORE_LIMIT: i64 = 1000;

/// The JSON form of a graph, exactly as a user writes it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraphSpec {
    pub nodes: Vec<NodeSpec>,
}

impl GraphSpec {
    /// No nodes: what a lesson of another game has (and what no graph game may have).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a node object such as {\"player\": \"MAX\", \"score\": 0, \"moves\": []}"
)]
pub struct NodeSpec {
    #[serde(deserialize_with = "player")]
    pub player: Side,
    /// Omitted on inner nodes of textbook trees, which score only their leaves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Number>,
    #[serde(default)]
    pub moves: Vec<MoveSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a move object such as {\"child\": 1, \"tactical\": false}"
)]
pub struct MoveSpec {
    pub child: Number,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tactical: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub child: u32,
    pub tactical: bool,
}

#[derive(Debug, Clone, Copy)]
struct NodeData {
    side: Side,
    score: Option<i32>,
    first: u32,
    count: u32,
}

/// A validated graph in compressed rows: node `s` owns `edges[first..first + count]`.
#[derive(Debug, Clone)]
pub struct Graph {
    nodes: Vec<NodeData>,
    edges: Vec<Edge>,
    labels: Vec<Option<String>>,
}

impl Graph {
    /// Checks the whole input contract and names the first node or move that breaks it.
    pub fn from_spec(spec: &GraphSpec) -> Result<Graph, Problem> {
        let count = spec.nodes.len();
        if !(1..=MAX_NODES).contains(&count) {
            return Err(Problem::NodeCount(count));
        }
        let total: usize = spec.nodes.iter().map(|n| n.moves.len()).sum();
        if total > MAX_EDGES {
            return Err(Problem::EdgeCount(total));
        }
        let mut nodes = Vec::with_capacity(count);
        let mut edges = Vec::with_capacity(total);
        for (node, spec_node) in spec.nodes.iter().enumerate() {
            let score = spec_node
                .score
                .as_ref()
                .map(|n| parse_score(node, n))
                .transpose()?;
            if spec_node.moves.is_empty() && score.is_none() {
                return Err(Problem::TerminalWithoutScore { node });
            }
            let first = edges.len() as u32;
            for (index, mv) in spec_node.moves.iter().enumerate() {
                let child = parse_child(node, index, &mv.child, count)?;
                let child_side = spec.nodes[child].player;
                if child == node {
                    return Err(Problem::SelfEdge { node, index });
                }
                if child < node {
                    return Err(Problem::BackEdge { node, index, child });
                }
                if child_side == spec_node.player {
                    return Err(Problem::SamePlayer {
                        node,
                        index,
                        child,
                        side: child_side.name(),
                    });
                }
                edges.push(Edge {
                    child: child as u32,
                    tactical: mv.tactical,
                });
            }
            nodes.push(NodeData {
                side: spec_node.player,
                score,
                first,
                count: spec_node.moves.len() as u32,
            });
        }
        let labels = spec.nodes.iter().map(|n| n.label.clone()).collect();
        Ok(Graph {
            nodes,
            edges,
            labels,
        })
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn edges_of(&self, s: u32) -> &[Edge] {
        let n = &self.nodes[s as usize];
        &self.edges[n.first as usize..(n.first + n.count) as usize]
    }

    pub fn label(&self, s: u32) -> Option<&str> {
        self.labels[s as usize].as_deref()
    }

    /// The label when there is one, the node number otherwise.
    pub fn name(&self, s: u32) -> String {
        match self.label(s) {
            Some(l) => l.to_string(),
            None => s.to_string(),
        }
    }

    pub fn total_edges(&self) -> usize {
        self.edges.len()
    }

    /// Back to the JSON form (used by exports and generated practice sets).
    pub fn to_spec(&self) -> GraphSpec {
        let nodes = (0..self.len() as u32)
            .map(|s| NodeSpec {
                player: self.side(s),
                score: self.score(s).map(Number::from),
                moves: self
                    .edges_of(s)
                    .iter()
                    .map(|e| MoveSpec {
                        child: Number::from(e.child),
                        tactical: e.tactical,
                    })
                    .collect(),
                label: self.labels[s as usize].clone(),
            })
            .collect();
        GraphSpec { nodes }
    }
}

/// serde_json's own message for a non-string enum is a bare "expected value"; name the rule.
fn player<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Side, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    match value.as_str() {
        Some("MAX") => Ok(Side::Max),
        Some("MIN") => Ok(Side::Min),
        _ => Err(serde::de::Error::custom(format!(
            "player must be \"MAX\" or \"MIN\", not {value}"
        ))),
    }
}

fn parse_score(node: usize, n: &Number) -> Result<i32, Problem> {
    match n.as_i64() {
        Some(v) if (-SCORE_LIMIT..=SCORE_LIMIT).contains(&v) => Ok(v as i32),
        Some(_) => Err(Problem::ScoreRange {
            node,
            value: n.to_string(),
        }),
        // serde_json reads the JSON integer `-0` as the float -0.0; it is the score 0.
        None if n.as_f64().is_some_and(|f| f == 0.0 && f.is_sign_negative()) => Ok(0),
        // Integers beyond u64 arrive as floats: they are out of range, not fractional.
        None if n.is_u64() || n.as_f64().is_some_and(|f| f.abs() > SCORE_LIMIT as f64) => {
            Err(Problem::ScoreRange {
                node,
                value: n.to_string(),
            })
        }
        None => Err(Problem::ScoreNotInteger {
            node,
            value: n.to_string(),
        }),
    }
}

fn parse_child(node: usize, index: usize, n: &Number, count: usize) -> Result<usize, Problem> {
    match n.as_u64() {
        Some(c) if (c as usize) < count && c < u32::MAX as u64 => Ok(c as usize),
        Some(child) => Err(Problem::ChildMissing {
            node,
            index,
            child,
            count,
        }),
        None => Err(Problem::ChildNotIndex {
            node,
            index,
            value: n.to_string(),
            count,
        }),
    }
}

impl Game for Graph {
    type State = u32;

    #[inline]
    fn id(&self, s: u32) -> u32 {
        s
    }

    fn id_bound(&self) -> Option<u32> {
        Some(self.nodes.len() as u32)
    }

    #[inline]
    fn side(&self, s: u32) -> Side {
        self.nodes[s as usize].side
    }

    /// A graph node has one score: its utility and its static evaluation (the defaults).
    #[inline]
    fn score(&self, s: u32) -> Option<i32> {
        self.nodes[s as usize].score
    }

    #[inline]
    fn move_count(&self, s: u32) -> usize {
        self.nodes[s as usize].count as usize
    }

    #[inline]
    fn child(&self, s: u32, index: usize) -> u32 {
        self.edges[self.nodes[s as usize].first as usize + index].child
    }

    #[inline]
    fn is_tactical(&self, s: u32, index: usize) -> bool {
        self.edges[self.nodes[s as usize].first as usize + index].tactical
    }
}
