//! The explicit game graph of seed 000: at most 64 numbered nodes, moves that go forward and
//! alternate players, MAX-side integer scores, and tactical marks for quiescence. Seed 004
//! adds chance nodes (moves with exact probabilities) and games of several players (utility
//! vectors); both are checked here, in exact arithmetic, before any search starts.

use serde::{Deserialize, Serialize};
use serde_json::Number;

use super::contract::Problem;
use super::features::{self, Amount, Features, Term};
use super::{Game, Seat, Side};
use crate::exact::{Ratio, lcm};
use crate::value::INF;

pub const MAX_NODES: usize = 64;
pub const MAX_EDGES: usize = 4096;
pub const SCORE_LIMIT: i64 = 1000;

/// The JSON form of a graph, exactly as a user writes it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GraphSpec {
    pub nodes: Vec<NodeSpec>,
    /// The players of a game of several, in the order of every score vector.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// Bounds every utility lies within, which chance pruning needs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub utility_range: Option<[Number; 2]>,
    /// The weight of each evaluation feature: a node with `features` scores Σ w·f.
    #[serde(default, skip_serializing_if = "Features::is_empty")]
    pub weights: Features,
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
    pub player: Player,
    /// Omitted on inner nodes of textbook trees, which score only their leaves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Score>,
    #[serde(default)]
    pub moves: Vec<MoveSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// A chance node's dice, as NdM (`"2d6"`): its moves are the rolls in the order
    /// `crate::size::Dice` lists them, and their probabilities are filled in exactly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<String>,
    /// With `dice`: one move per distinct roll (order ignored: backgammon's 21 for 2d6)
    /// instead of one per ordered outcome (36).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub distinct: bool,
    /// Named measurements of the position (`{"material": 2, "mobility": 6}`): the node's
    /// score is their sum weighted by the graph's `weights`, in place of a `score`.
    #[serde(default, skip_serializing_if = "Features::is_empty")]
    pub features: Features,
}

/// Who a node belongs to, as written: `"MAX"`, `"MIN"`, `"CHANCE"` or one of `players`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Player {
    Side(Side),
    Named(String),
}

impl Player {
    /// As written: "MAX", "MIN", "CHANCE" or the player's name.
    pub fn name(&self) -> &str {
        match self {
            Player::Side(s) => s.name(),
            Player::Named(n) => n,
        }
    }
}

impl Score {
    /// A single integer score (not a vector, not a fraction).
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Score::One(n) => n.as_i64(),
            Score::Text(_) | Score::Vector(_) => None,
        }
    }

    /// One exact score as a file writes it: a number, or a string fraction for one that is
    /// not a short decimal (`"19/3"`).
    pub fn exact(r: Ratio) -> Score {
        match Amount::of(r) {
            Amount::Number(n) => Score::One(n),
            Amount::Text(t) => Score::Text(t),
        }
    }
}

impl From<Side> for Player {
    fn from(s: Side) -> Player {
        Player::Side(s)
    }
}

impl Serialize for Player {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Player::Side(side) => s.serialize_str(side.name()),
            Player::Named(name) => s.serialize_str(name),
        }
    }
}

/// serde_json's own message for a non-string enum is a bare "expected value"; name the rule.
impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        match value.as_str() {
            Some("MAX") => Ok(Player::Side(Side::Max)),
            Some("MIN") => Ok(Player::Side(Side::Min)),
            Some("CHANCE") => Ok(Player::Side(Side::Chance)),
            Some(name) if !name.trim().is_empty() => Ok(Player::Named(name.to_string())),
            _ => Err(serde::de::Error::custom(format!(
                "player must be \"MAX\", \"MIN\", \"CHANCE\" or one of the graph's \"players\", not {value}"
            ))),
        }
    }
}

/// A node's score as written: one number (MAX's side; `3`, `0.5`), a string fraction
/// (`"7/2"`), or one payoff per player (each a number or a string fraction).
#[derive(Debug, Clone, PartialEq)]
pub enum Score {
    One(Number),
    Text(String),
    Vector(Vec<Amount>),
}

impl From<i32> for Score {
    fn from(v: i32) -> Score {
        Score::One(Number::from(v))
    }
}

impl Serialize for Score {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Score::One(n) => n.serialize(s),
            Score::Text(t) => s.serialize_str(t),
            Score::Vector(v) => v.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Score {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Score, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        let bad = || {
            serde::de::Error::custom(format!(
                "a score is a number such as 3 or 0.5, a fraction such as \"7/2\", or a list of them (one payoff per player), not {value}"
            ))
        };
        // A string is read here, so that one that is no number is refused at its line and
        // column ("1/0", "seven"); a JSON number always reads (its range is checked later).
        let amount = |v: &serde_json::Value| match v {
            serde_json::Value::Number(n) => Some(Amount::Number(n.clone())),
            serde_json::Value::String(t) if Ratio::parse(t).is_some() => {
                Some(Amount::Text(t.clone()))
            }
            _ => None,
        };
        match &value {
            serde_json::Value::Number(n) => Ok(Score::One(n.clone())),
            serde_json::Value::String(t) if Ratio::parse(t).is_some() => Ok(Score::Text(t.clone())),
            serde_json::Value::Array(items) => items
                .iter()
                .map(|i| amount(i).ok_or_else(bad))
                .collect::<Result<_, _>>()
                .map(Score::Vector),
            _ => Err(bad()),
        }
    }
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
    /// The outcome's probability at a chance node: `0.25` or `"1/36"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p: Option<Probability>,
}

/// A probability as written (a JSON number or a string such as `"1/36"`), read exactly by
/// `Ratio::parse` when the graph is checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probability(pub String);

impl Serialize for Probability {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.parse::<Number>() {
            Ok(n) if !self.0.contains('/') => n.serialize(s),
            _ => s.serialize_str(&self.0),
        }
    }
}

impl<'de> Deserialize<'de> for Probability {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Probability, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        match &value {
            serde_json::Value::Number(n) => Ok(Probability(n.to_string())),
            serde_json::Value::String(t) => Ok(Probability(t.clone())),
            _ => Err(serde::de::Error::custom(format!(
                "a probability is a number such as 0.25 or a fraction such as \"1/36\", not {value}"
            ))),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub child: u32,
    pub tactical: bool,
}

#[derive(Debug, Clone, Copy)]
struct NodeData {
    side: Side,
    /// Scaled: the score × the graph's scale.
    score: Option<i32>,
    first: u32,
    count: u32,
}

/// A validated graph in compressed rows: node `s` owns `edges[first..first + count]`.
///
/// Scores are kept twice: exactly as written (`exact`, fractions allowed) and as the whole
/// number of 1/scale units the search reads (`NodeData::score`). `settle` derives the
/// second from the first, so a transformation changes the exact scores and settles again.
#[derive(Debug, Clone)]
pub struct Graph {
    nodes: Vec<NodeData>,
    edges: Vec<Edge>,
    labels: Vec<Option<String>>,
    /// The probability of each edge, beside `edges` (empty when no node is a chance node).
    probs: Vec<Ratio>,
    /// Every value is counted in units of 1/scale (1 for integer scores without chance).
    scale: i32,
    players: Vec<String>,
    /// Each node's score exactly, as written or weighed from its features.
    exact: Vec<Option<Ratio>>,
    /// Each node's payoff vector exactly, in a game of several players (empty otherwise).
    exact_vectors: Vec<Option<Vec<Ratio>>>,
    /// The same vectors in units of 1/scale, as the search compares them.
    vectors: Vec<Option<Vec<i32>>>,
    /// Each node's evaluation features, exact (empty for a node without them).
    features: Vec<Vec<(String, Ratio)>>,
    /// The graph's weight of each feature, in the order the file writes them.
    weights: Vec<(String, Ratio)>,
    /// A weighed node's sum term by term (what the catalog records for the views).
    terms: Vec<Vec<Term>>,
    utility_range: Option<(i32, i32)>,
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
        let players = check_players(&spec.players)?;
        let sides = spec
            .nodes
            .iter()
            .enumerate()
            .map(|(node, n)| resolve_player(node, &n.player, &players))
            .collect::<Result<Vec<Side>, Problem>>()?;
        let has_chance = sides.iter().any(|s| s.is_chance());
        let reader = Reader {
            sides: &sides,
            players: &players,
            has_chance,
        };
        let weights = read_weights(&spec.weights)?;
        let mut nodes = Vec::with_capacity(count);
        let mut edges = Vec::with_capacity(total);
        let mut probs = Vec::new();
        let (mut exact, mut vectors, mut features) = (Vec::new(), Vec::new(), Vec::new());
        for (node, spec_node) in spec.nodes.iter().enumerate() {
            let side = sides[node];
            let (score, vector) = parse_node_score(node, spec_node.score.as_ref(), &players)?;
            let measured = read_features(node, spec_node, score.is_some() || vector.is_some())?;
            // The chance rule first: a chance node without moves is no terminal missing a score.
            if side.is_chance() && spec_node.moves.is_empty() {
                return Err(Problem::ChanceWithoutOutcomes { node });
            }
            if spec_node.moves.is_empty()
                && score.is_none()
                && vector.is_none()
                && measured.is_empty()
            {
                return Err(Problem::TerminalWithoutScore { node });
            }
            exact.push(score);
            vectors.push(vector);
            features.push(measured);
            let first = edges.len() as u32;
            reader.read_moves(node, spec_node, &mut edges, &mut probs)?;
            nodes.push(NodeData {
                side,
                score: None,
                first,
                count: spec_node.moves.len() as u32,
            });
        }
        let utility_range = spec
            .utility_range
            .as_ref()
            .map(|[lo, hi]| parse_range(lo, hi))
            .transpose()?;
        let labels = spec.nodes.iter().map(|n| n.label.clone()).collect();
        let mut graph = Graph {
            nodes,
            edges,
            labels,
            probs,
            scale: 1,
            exact_vectors: if players.is_empty() {
                Vec::new()
            } else {
                vectors
            },
            players,
            exact,
            vectors: Vec::new(),
            terms: vec![Vec::new(); count],
            features,
            weights: Vec::new(),
            utility_range,
        };
        graph.weigh(weights)?;
        graph.settle(1)?;
        if let Some(range) = utility_range {
            graph.check_bounds(range)?;
        }
        Ok(graph)
    }

    /// Gives every node with features the score `weights` make of them (Σ w·f, exact), or
    /// names the node, feature or weight that breaks the rule. Does not settle the scale.
    fn weigh(&mut self, weights: Vec<(String, Ratio)>) -> Result<(), Problem> {
        for node in 0..self.len() {
            if self.features[node].is_empty() {
                continue;
            }
            let (total, terms) = features::weigh(&self.features[node], &weights)
                .map_err(|rule| Problem::Feature { node, rule })?;
            if total.abs_above(SCORE_LIMIT) {
                return Err(Problem::ScoreRange {
                    node,
                    value: format!("{total} (its features weighed)"),
                });
            }
            self.exact[node] = Some(total);
            self.terms[node] = terms;
        }
        if let Some((name, _)) = weights
            .iter()
            .find(|(name, _)| !self.features.iter().flatten().any(|(f, _)| f == name))
        {
            return Err(Problem::Weights(format!(
                "weights: \"{}\" has a weight but no node has that feature (a node lists its measurements in \"features\")",
                crate::text::one_line(name)
            )));
        }
        self.weights = weights;
        Ok(())
    }

    /// The same graph with other weights: every weighed node's score changes, the rest stay
    /// (the tutor's live weight editing). Refused as a file with those weights would be.
    pub fn reweighed(&self, weights: &Features) -> Result<Graph, Problem> {
        let mut g = self.clone();
        g.weigh(read_weights(weights)?)?;
        g.settle(1)?;
        if let Some(range) = g.utility_range {
            g.check_bounds(range)?;
        }
        Ok(g)
    }

    /// The graph's weights (empty without evaluation features), exact.
    pub fn weights(&self) -> &[(String, Ratio)] {
        &self.weights
    }

    /// The terms of node `s`'s weighted sum (empty unless its score is weighed features).
    pub fn terms(&self, s: u32) -> &[Term] {
        &self.terms[s as usize]
    }

    /// The smallest denominator `S`, a multiple of `floor`, such that every value a search
    /// of this graph meets is a whole multiple of 1/S, and the scores in those units. A
    /// node's values are multiples of 1/d(node): a scored node's d starts at its score's
    /// (and its payoffs') denominator, a choice node's is the lcm with its children's (it
    /// selects one), and a chance node's the lcm of p's denominator × the child's over its
    /// outcomes, which covers every partial sum and every bound chance pruning forms (the
    /// unseen mass 1 − P times an integer bound has a denominator dividing the outcomes'
    /// lcm). Integer scores without chance give S = 1: seed 000's units.
    fn settle(&mut self, floor: i64) -> Result<(), Problem> {
        let mut den = vec![1i64; self.len()];
        let mut scale = floor;
        for s in (0..self.len()).rev() {
            let overflow = || Problem::ScaleOverflow { node: s };
            let n = self.nodes[s];
            let own = (self.exact[s].iter())
                .chain(self.exact_vectors.get(s).into_iter().flatten().flatten());
            let mut d = 1i64;
            for r in own {
                d = lcm(d, r.den()).ok_or_else(overflow)?;
            }
            for i in 0..n.count as usize {
                let e = n.first as usize + i;
                let child = den[self.edges[e].child as usize];
                let part = if n.side.is_chance() {
                    self.probs[e]
                        .den()
                        .checked_mul(child)
                        .ok_or_else(overflow)?
                } else {
                    child
                };
                d = lcm(d, part).ok_or_else(overflow)?;
            }
            den[s] = d;
            scale = lcm(scale, d).ok_or_else(overflow)?;
        }
        let range = self.utility_range.map_or([0, 0], |(lo, hi)| [lo, hi]);
        let largest = (self.exact.iter().flatten())
            .chain(self.exact_vectors.iter().flatten().flatten())
            .copied()
            .chain(range.map(|v| Ratio::int(i64::from(v))))
            .max_by_key(|r| r.abs())
            .unwrap_or(Ratio::ZERO);
        if units(largest, scale).is_none() {
            return Err(Problem::ScaleTooFine {
                scale: scale.to_string(),
                largest: largest.abs().to_string(),
            });
        }
        self.scale = scale as i32;
        for (n, r) in self.nodes.iter_mut().zip(&self.exact) {
            n.score = r.and_then(|r| units(r, scale));
        }
        self.vectors = (self.exact_vectors.iter())
            .map(|v| {
                v.as_ref()
                    .map(|v| v.iter().map(|&r| units(r, scale).unwrap_or(0)).collect())
            })
            .collect();
        Ok(())
    }

    /// Every score lies within `(lo, hi)` (unscaled), or the first node that does not.
    pub fn check_bounds(&self, (lo, hi): (i32, i32)) -> Result<(), Problem> {
        let (low, high) = (Ratio::int(i64::from(lo)), Ratio::int(i64::from(hi)));
        for (node, v) in self.exact.iter().enumerate() {
            if let Some(v) = v
                && !(low..=high).contains(v)
            {
                return Err(Problem::OutsideBounds {
                    node,
                    value: v.to_string(),
                    lo,
                    hi,
                });
            }
        }
        Ok(())
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

    /// Every value of this graph counts units of 1/scale (1 unless it has chance nodes).
    pub fn scale(&self) -> i32 {
        self.scale
    }

    pub fn has_chance(&self) -> bool {
        !self.probs.is_empty()
    }

    /// The probability of move `index` of a chance node `s`.
    pub fn probability(&self, s: u32, index: usize) -> Option<Ratio> {
        if !self.nodes[s as usize].side.is_chance() {
            return None;
        }
        let p = *self
            .probs
            .get(self.nodes[s as usize].first as usize + index)?;
        (p != Ratio::ZERO).then_some(p)
    }

    /// The players of a game of several (empty for MAX against MIN).
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// A node's payoff vector, in a game of several players.
    pub fn vector(&self, s: u32) -> Option<&[i32]> {
        self.vectors.get(s as usize)?.as_deref()
    }

    /// The bounds the graph states its utilities lie within (`"utility_range"`).
    pub fn utility_range(&self) -> Option<(i32, i32)> {
        self.utility_range
    }

    /// A node's score as written, exactly (`3`, `7/2`): a weighed node's sum.
    pub fn written_score(&self, s: u32) -> Option<Ratio> {
        self.exact[s as usize]
    }

    /// A node's payoff vector as written, exactly, in a game of several players.
    pub fn written_vector(&self, s: u32) -> Option<&[Ratio]> {
        self.exact_vectors.get(s as usize)?.as_deref()
    }

    /// The same graph with node `s` given side `change(s, side)`; the scores, and the scale,
    /// stay (`--chance-as min`), so its runs count values as the original's do.
    pub fn with_sides(&self, change: impl Fn(u32, Side) -> Side) -> Graph {
        let mut g = self.clone();
        for (s, n) in g.nodes.iter_mut().enumerate() {
            n.side = change(s as u32, n.side);
        }
        g
    }

    /// The same graph with every score `r` replaced by `change(s, r)`, exactly (a leaf
    /// map). The scale becomes a multiple of the original's, finer when the new scores need
    /// it (x^2 of 1/2 is 1/4), or the rule that refuses the new scores.
    pub fn with_scores(
        &self,
        change: impl Fn(u32, Ratio) -> Option<Ratio>,
    ) -> Result<Graph, Problem> {
        let mut g = self.clone();
        for (s, r) in g.exact.iter_mut().enumerate() {
            if let Some(v) = *r {
                let mapped = change(s as u32, v).ok_or_else(|| Problem::ScoreRange {
                    node: s,
                    value: format!("{v} mapped (past 2^63)"),
                })?;
                *r = Some(mapped);
            }
        }
        g.settle(i64::from(self.scale))?;
        Ok(g)
    }

    /// Seed 004's paranoid reduction: `seat` becomes MAX, every other seat MIN (so MIN layers
    /// may follow one another, which the alternation rule of a written graph forbids), and
    /// every scored node's score is that player's payoff. The players and vectors stay, so
    /// the run is still known to be of a game of several players and views can show them.
    pub fn paranoid(&self, seat: Seat) -> Graph {
        let mut g = self.clone();
        for (s, n) in g.nodes.iter_mut().enumerate() {
            if let Side::Player(mover) = n.side {
                n.side = if mover == seat { Side::Max } else { Side::Min };
            }
            if let Some(Some(v)) = self.vectors.get(s) {
                n.score = Some(v[seat.index()]);
                g.exact[s] = self.exact_vectors[s].as_ref().map(|v| v[seat.index()]);
            }
        }
        g
    }

    /// Back to the JSON form (used by exports and generated practice sets).
    pub fn to_spec(&self) -> GraphSpec {
        let nodes = (0..self.len() as u32)
            .map(|s| NodeSpec {
                player: match self.side(s) {
                    Side::Player(seat) => Player::Named(self.players[seat.index()].clone()),
                    side => Player::Side(side),
                },
                score: match self.written_vector(s) {
                    Some(v) => Some(Score::Vector(v.iter().map(|&x| Amount::of(x)).collect())),
                    // A weighed node writes its features, not their sum.
                    None if !self.features[s as usize].is_empty() => None,
                    None => self.written_score(s).map(Score::exact),
                },
                moves: self
                    .edges_of(s)
                    .iter()
                    .enumerate()
                    .map(|(i, e)| MoveSpec {
                        child: Number::from(e.child),
                        tactical: e.tactical,
                        p: self.probability(s, i).map(|p| Probability(p.to_string())),
                    })
                    .collect(),
                label: self.labels[s as usize].clone(),
                // The probabilities are written out, so the dice are not needed to read it back.
                dice: None,
                distinct: false,
                features: Features(
                    (self.features[s as usize].iter())
                        .map(|(name, r)| (name.clone(), Amount::of(*r)))
                        .collect(),
                ),
            })
            .collect();
        GraphSpec {
            nodes,
            players: self.players.clone(),
            utility_range: self
                .utility_range
                .map(|(lo, hi)| [Number::from(lo), Number::from(hi)]),
            weights: Features(
                (self.weights.iter())
                    .map(|(name, r)| (name.clone(), Amount::of(*r)))
                    .collect(),
            ),
        }
    }
}

/// What `Graph::from_spec` checks a node's moves against: every node's side, the players,
/// and whether the graph has chance nodes (then every edge has a probability, 0 off chance).
struct Reader<'a> {
    sides: &'a [Side],
    players: &'a [String],
    has_chance: bool,
}

impl Reader<'_> {
    /// Node `node`'s moves, checked and appended to `edges` (and their probabilities to
    /// `probs`); a chance node's must sum to 1.
    fn read_moves(
        &self,
        node: usize,
        spec_node: &NodeSpec,
        edges: &mut Vec<Edge>,
        probs: &mut Vec<Ratio>,
    ) -> Result<(), Problem> {
        let side = self.sides[node];
        let rolled = dice_probabilities(node, spec_node, side)?;
        let mut total_p = Ratio::ZERO;
        for (index, mv) in spec_node.moves.iter().enumerate() {
            let child = self.check_child(node, index, mv)?;
            match (&mv.p, side.is_chance()) {
                (Some(_), true) if rolled.is_some() => {
                    return Err(Problem::Dice {
                        node,
                        rule: format!(
                            "move {index} gives \"p\", but the dice fill in every probability; remove it"
                        ),
                    });
                }
                (None, true) if rolled.is_some() => {
                    let p = rolled.as_ref().map_or(Ratio::ZERO, |r| r[index]);
                    total_p = total_p.checked_add(p).unwrap_or(Ratio::ZERO);
                    probs.push(p);
                }
                (Some(_), false) => {
                    return Err(Problem::ProbabilityOffChance {
                        node,
                        index,
                        side: side_name(side, self.players),
                    });
                }
                (None, true) => return Err(Problem::ProbabilityMissing { node, index }),
                (Some(p), true) => {
                    let p = parse_probability(node, index, p)?;
                    total_p = total_p.checked_add(p).ok_or(Problem::ProbabilityText {
                        node,
                        index,
                        text: mv.p.as_ref().map_or(String::new(), |p| p.0.clone()),
                    })?;
                    probs.push(p);
                }
                (None, false) if self.has_chance => probs.push(Ratio::ZERO),
                (None, false) => {}
            }
            edges.push(Edge {
                child: child as u32,
                tactical: mv.tactical,
            });
        }
        if side.is_chance() && total_p != Ratio::ONE {
            return Err(Problem::ProbabilitySum {
                node,
                outcomes: spec_node.moves.len(),
                sum: total_p.pretty(),
            });
        }
        Ok(())
    }

    /// Move `index` of `node`: a later node, and (two players) the other side's.
    fn check_child(&self, node: usize, index: usize, mv: &MoveSpec) -> Result<usize, Problem> {
        let child = parse_child(node, index, &mv.child, self.sides.len())?;
        let (side, child_side) = (self.sides[node], self.sides[child]);
        if child == node {
            return Err(Problem::SelfEdge { node, index });
        }
        if child < node {
            return Err(Problem::BackEdge { node, index, child });
        }
        if self.players.is_empty() && !side.is_chance() && child_side == side {
            return Err(Problem::SamePlayer {
                node,
                index,
                child,
                side: child_side.name(),
            });
        }
        Ok(child)
    }
}

fn check_players(players: &[String]) -> Result<Vec<String>, Problem> {
    if players.is_empty() {
        return Ok(Vec::new());
    }
    if !(2..=Seat::MAX_PLAYERS).contains(&players.len()) {
        return Err(Problem::Players(format!(
            "a game of several players lists 2 to {} of them, this one {}",
            Seat::MAX_PLAYERS,
            players.len()
        )));
    }
    for (i, name) in players.iter().enumerate() {
        if name.trim().is_empty() || ["MAX", "MIN", "CHANCE"].contains(&name.as_str()) {
            return Err(Problem::Players(format!(
                "player {i} is named {name:?}; names must be non-empty and not MAX, MIN or CHANCE"
            )));
        }
        if players[..i].contains(name) {
            return Err(Problem::Players(format!("player {name:?} is listed twice")));
        }
    }
    Ok(players.to_vec())
}

fn resolve_player(node: usize, player: &Player, players: &[String]) -> Result<Side, Problem> {
    match (player, players.is_empty()) {
        (Player::Side(Side::Chance), false) => Err(Problem::Players(format!(
            "node {node}: chance nodes in a game of several players are not supported"
        ))),
        (Player::Side(side), true) => Ok(*side),
        (Player::Side(side), false) => Err(Problem::UnknownPlayer {
            node,
            name: side.name().to_string(),
            players: players.join(", "),
        }),
        (Player::Named(name), true) => Err(Problem::Players(format!(
            "node {node}: player {name:?} is not MAX, MIN or CHANCE (a game of several players lists its players in \"players\")"
        ))),
        (Player::Named(name), false) => players
            .iter()
            .position(|p| p == name)
            .and_then(Seat::new)
            .map(Side::Player)
            .ok_or_else(|| Problem::UnknownPlayer {
                node,
                name: name.clone(),
                players: players.join(", "),
            }),
    }
}

fn side_name(side: Side, players: &[String]) -> String {
    match side {
        Side::Player(seat) => players[seat.index()].clone(),
        side => side.name().to_string(),
    }
}

type NodeScore = (Option<Ratio>, Option<Vec<Ratio>>);

fn parse_node_score(
    node: usize,
    score: Option<&Score>,
    players: &[String],
) -> Result<NodeScore, Problem> {
    match (score, players.is_empty()) {
        (None, _) => Ok((None, None)),
        (Some(Score::One(n)), true) => {
            Ok((Some(parse_score(node, &Amount::Number(n.clone()))?), None))
        }
        (Some(Score::Text(t)), true) => {
            Ok((Some(parse_score(node, &Amount::Text(t.clone()))?), None))
        }
        (Some(one @ (Score::One(_) | Score::Text(_))), false) => Err(Problem::VectorLength {
            node,
            found: format!(
                "{} is one number",
                match one {
                    Score::One(n) => n.to_string(),
                    Score::Text(t) => format!("{t:?}"),
                    Score::Vector(_) => String::new(),
                }
            ),
            players: players.join(", "),
            count: players.len(),
        }),
        (Some(Score::Vector(_)), true) => Err(Problem::Players(format!(
            "node {node}: a score with one payoff per player needs the graph's \"players\""
        ))),
        (Some(Score::Vector(v)), false) => {
            if v.len() != players.len() {
                return Err(Problem::VectorLength {
                    node,
                    found: format!(
                        "[{}] has {} entr{}",
                        v.iter().map(Amount::text).collect::<Vec<_>>().join(", "),
                        v.len(),
                        if v.len() == 1 { "y" } else { "ies" }
                    ),
                    players: players.join(", "),
                    count: players.len(),
                });
            }
            let payoffs = v
                .iter()
                .map(|n| parse_score(node, n))
                .collect::<Result<Vec<_>, _>>()?;
            Ok((None, Some(payoffs)))
        }
    }
}

/// Why a weight or feature's text has no exact value: a number out of range, or no number.
fn not_exact(text: &str) -> &'static str {
    if crate::exact::written_value(text).is_some() {
        "a number out of range: an exact value has at most 18 digits and 30 decimal places"
    } else {
        "not a number such as 2, 0.25 or \"7/2\""
    }
}

/// The graph's `weights`, exact, or the first that is not a number.
fn read_weights(weights: &Features) -> Result<Vec<(String, Ratio)>, Problem> {
    weights.exact().map_err(|(name, text)| {
        Problem::Weights(format!(
            "weights: the weight of \"{}\" is {}, {}",
            crate::text::one_line(&name),
            crate::text::one_line(&text),
            not_exact(&text)
        ))
    })
}

/// Node `node`'s features, exact; refused beside a score (a node's score is written or
/// weighed, not both) or when one is not a number.
fn read_features(
    node: usize,
    spec: &NodeSpec,
    scored: bool,
) -> Result<Vec<(String, Ratio)>, Problem> {
    if spec.features.is_empty() {
        return Ok(Vec::new());
    }
    if scored {
        return Err(Problem::Feature {
            node,
            rule: "gives both a \"score\" and \"features\"; a node's score is written or weighed from its features, not both (remove one)".into(),
        });
    }
    spec.features
        .exact()
        .map_err(|(name, text)| Problem::Feature {
            node,
            rule: format!(
                "feature \"{}\" is {}, {}",
                crate::text::one_line(&name),
                crate::text::one_line(&text),
                not_exact(&text)
            ),
        })
}

/// `r` in units of 1/scale, when that is a whole number a search can hold (below INF).
fn units(r: Ratio, scale: i64) -> Option<i32> {
    let v = i128::from(r.num()) * i128::from(scale) / i128::from(r.den());
    (v.abs() < i128::from(INF)
        && v * i128::from(r.den()) == i128::from(r.num()) * i128::from(scale))
    .then_some(v as i32)
}

/// The probabilities a node's `dice` give its moves, one per move, or `None` without dice.
fn dice_probabilities(
    node: usize,
    spec: &NodeSpec,
    side: Side,
) -> Result<Option<Vec<Ratio>>, Problem> {
    let Some(text) = &spec.dice else {
        if spec.distinct {
            return Err(Problem::Dice {
                node,
                rule: "\"distinct\" belongs with \"dice\", such as \"dice\": \"2d6\"".into(),
            });
        }
        return Ok(None);
    };
    if !side.is_chance() {
        return Err(Problem::Dice {
            node,
            rule: format!(
                "\"dice\" belongs only on a CHANCE node, and node {node} is {}",
                side.name()
            ),
        });
    }
    let dice = crate::size::Dice::parse(text).map_err(|rule| Problem::Dice { node, rule })?;
    let ordered = dice.ordered();
    let (expected, what) = if spec.distinct {
        (dice.distinct.len().to_string(), "distinct rolls")
    } else {
        (ordered.to_string(), "ordered outcomes")
    };
    if spec.moves.len().to_string() != expected {
        return Err(Problem::Dice {
            node,
            rule: format!(
                "{text} has {expected} {what}, so the node needs {expected} moves, one per roll in the order 1-1, 1-2, …; it has {}",
                spec.moves.len()
            ),
        });
    }
    // Probabilities are fractions of i64: more orders than that are refused, not rounded.
    let Ok(orders) = i64::try_from(&ordered) else {
        return Err(Problem::Dice {
            node,
            rule: format!(
                "{text} has {expected} {what} of {ordered} orders, more than a probability's denominator may be (at most {})",
                i64::MAX
            ),
        });
    };
    let p = |ways: u64| Ratio::new(ways as i64, orders).unwrap_or(Ratio::ZERO);
    Ok(Some(if spec.distinct {
        dice.distinct.iter().map(|(_, ways)| p(*ways)).collect()
    } else {
        vec![p(1); spec.moves.len()]
    }))
}

fn parse_probability(node: usize, index: usize, p: &Probability) -> Result<Ratio, Problem> {
    // A number out of (0, 1] is out of range even when no exact fraction holds it ("1e30").
    let outside = crate::exact::written_value(&p.0).is_some_and(|v| !(v > 0.0 && v <= 1.0));
    let r = Ratio::parse(&p.0).ok_or_else(|| {
        let (node, index, text) = (node, index, p.0.clone());
        if outside {
            Problem::ProbabilityRange { node, index, text }
        } else {
            Problem::ProbabilityText { node, index, text }
        }
    })?;
    if r <= Ratio::ZERO || r > Ratio::ONE {
        return Err(Problem::ProbabilityRange {
            node,
            index,
            text: p.0.clone(),
        });
    }
    Ok(r)
}

fn parse_range(lo: &Number, hi: &Number) -> Result<(i32, i32), Problem> {
    let read = |n: &Number| {
        n.as_i64()
            .filter(|v| (-SCORE_LIMIT..=SCORE_LIMIT).contains(v))
            .map(|v| v as i32)
            .ok_or_else(|| {
                Problem::Range(format!(
                    "utility_range: {n} is not an integer in [-1000, 1000]"
                ))
            })
    };
    let (lo, hi) = (read(lo)?, read(hi)?);
    if lo >= hi {
        return Err(Problem::Range(format!(
            "utility_range: [{lo}, {hi}] needs its low end below its high end"
        )));
    }
    Ok((lo, hi))
}

/// A score (or payoff) exactly: a number or fraction within [-1000, 1000].
fn parse_score(node: usize, a: &Amount) -> Result<Ratio, Problem> {
    let text = a.text();
    // Integers beyond i64 arrive as floats ("1e20"): they are out of range, not unreadable.
    let huge = matches!(a, Amount::Number(n) if n.as_f64().is_some_and(|f| f.abs() > SCORE_LIMIT as f64))
        || crate::exact::written_value(&text).is_some_and(|f| f.abs() > SCORE_LIMIT as f64);
    match Ratio::parse(&text) {
        Some(r) if !r.abs_above(SCORE_LIMIT) => Ok(r),
        Some(_) => Err(Problem::ScoreRange { node, value: text }),
        None if huge || matches!(a, Amount::Number(n) if n.is_u64()) => {
            Err(Problem::ScoreRange { node, value: text })
        }
        None => Err(Problem::ScoreText {
            node,
            value: crate::text::one_line(&text).into_owned(),
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
    fn key(&self, s: u32) -> u64 {
        u64::from(s)
    }

    fn key_bound(&self) -> Option<u64> {
        Some(self.nodes.len() as u64)
    }

    /// Lessons, notes, facts and practice items name a graph's nodes by number, so a trace
    /// keeps the graph's own numbers.
    #[inline]
    fn number(&self, s: u32) -> Option<u32> {
        Some(s)
    }

    fn name(&self, s: u32) -> String {
        Graph::name(self, s)
    }

    /// A move is named by the node it leads to.
    fn move_name(&self, s: u32, index: usize) -> Option<String> {
        (index < self.move_count(s)).then(|| Graph::name(self, self.child(s, index)))
    }

    /// A node's label, or its number when no label is that text.
    fn parse(&self, name: &str) -> Result<u32, String> {
        let name = name.trim();
        let by_label = (0..self.len() as u32).find(|&s| self.label(s) == Some(name));
        by_label
            .or_else(|| name.parse::<u32>().ok().filter(|&s| s < self.len() as u32))
            .ok_or_else(|| {
                format!(
                    "no node of the graph is labelled or numbered {:?}",
                    crate::text::one_line(name)
                )
            })
    }

    fn notation(&self) -> &'static str {
        "a node's label (B) or its number (2)"
    }

    fn describe(&self, s: u32) -> super::Described {
        let count = self.move_count(s);
        super::Described {
            label: self.label(s).map(str::to_string),
            turn: self.side(s),
            score: self.score(s),
            tactical: (0..count)
                .filter(|&i| self.is_tactical(s, i))
                .map(|i| i as u16)
                .collect(),
            chances: (0..count)
                .map_while(|i| Graph::probability(self, s, i).map(|p| p.to_string()))
                .collect(),
            payoffs: self.vector(s).map(<[i32]>::to_vec).unwrap_or_default(),
            moves: Vec::new(),
            move_word: "",
            label_only: false,
            terms: self.terms(s).to_vec(),
            // With a scale of 1 the score in units is the score itself.
            exact: (self.scale > 1)
                .then(|| self.exact[s as usize])
                .flatten()
                .map(|r| r.to_string()),
            board: Vec::new(),
            board_note: String::new(),
        }
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

    fn scale(&self) -> i32 {
        self.scale
    }

    fn limits(&self) -> super::Limits {
        super::Limits {
            chance: self.has_chance(),
            players: self.players.len() as u8,
            ..super::Limits::SEED_000
        }
    }

    #[inline]
    fn probability(&self, s: u32, index: usize) -> Option<Ratio> {
        Graph::probability(self, s, index)
    }

    #[inline]
    fn payoffs(&self, s: u32) -> Option<&[i32]> {
        self.vector(s)
    }
}
