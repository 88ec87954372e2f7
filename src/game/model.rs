//! Which game a lesson plays: the spec a lesson file or the command line gives, and the
//! built game. `Model::visit` hands the concrete game to code generic over `Game` (the search
//! and its observers), so nothing outside `game` matches on the kind to run it.

use serde::{Deserialize, Serialize};

use super::graph::Graph;
use super::tictactoe::{Board, Scoring, TicTacToe};
use super::uniform::{Leaves, Uniform};
use super::{Game, Limits, Side};

/// The `"game"` object of a lesson: `{"kind": "graph"}` (the lesson's `graph`, the default),
/// `{"kind": "tictactoe", "board": "XOX.O....", "scores": "plain"}` or
/// `{"kind": "uniform", "branching": 3, "depth": 4, "leaves": "best", "seed": 1}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum GameSpec {
    Graph,
    Tictactoe {
        /// 9 squares row-major; empty or omitted is the empty board.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        board: String,
        #[serde(default)]
        scores: ScoresSpec,
    },
    Uniform {
        branching: u64,
        depth: u64,
        leaves: LeavesSpec,
        #[serde(default)]
        seed: u64,
    },
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoresSpec {
    #[default]
    Plain,
    Depth,
    /// Seed 002's mate scores: a win `p` plies after the root is MATE − p.
    Mate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LeavesSpec {
    Best,
    Worst,
    Random,
    Distinct,
}

impl ScoresSpec {
    pub fn name(self) -> &'static str {
        match self {
            ScoresSpec::Plain => "plain",
            ScoresSpec::Depth => "depth",
            ScoresSpec::Mate => "mate",
        }
    }
}

impl LeavesSpec {
    pub fn name(self) -> &'static str {
        match self {
            LeavesSpec::Best => "best",
            LeavesSpec::Worst => "worst",
            LeavesSpec::Random => "random",
            LeavesSpec::Distinct => "distinct",
        }
    }
}

impl GameSpec {
    pub fn is_graph(&self) -> bool {
        *self == GameSpec::Graph
    }

    /// A one-word name that `GameSpec::from_name` reads back, so a run of a game named on the
    /// command line can be opened again from its trace: `tictactoe:XOX/.O./...:plain`,
    /// `uniform:3:4:best:1`. `None` for a graph (its lesson has a name of its own).
    pub fn name(&self) -> Option<String> {
        match self {
            GameSpec::Graph => None,
            GameSpec::Tictactoe { board, scores } => {
                let board = if board.trim().is_empty() {
                    Board::EMPTY.text()
                } else {
                    Board::parse(board).map_or_else(|_| board.clone(), |b| b.text())
                };
                Some(format!("tictactoe:{board}:{}", scores.name()))
            }
            GameSpec::Uniform {
                branching,
                depth,
                leaves,
                seed,
            } => Some(format!(
                "uniform:{branching}:{depth}:{}:{seed}",
                leaves.name()
            )),
        }
    }

    /// Reads a name written by `GameSpec::name` (`None` when `name` is not one).
    pub fn from_name(name: &str) -> Option<GameSpec> {
        let parts: Vec<&str> = name.split(':').collect();
        match parts.as_slice() {
            ["tictactoe", board, scores] => Some(GameSpec::Tictactoe {
                board: board.to_string(),
                scores: match *scores {
                    "plain" => ScoresSpec::Plain,
                    "depth" => ScoresSpec::Depth,
                    "mate" => ScoresSpec::Mate,
                    _ => return None,
                },
            }),
            ["uniform", b, d, leaves, seed] => Some(GameSpec::Uniform {
                branching: b.parse().ok()?,
                depth: d.parse().ok()?,
                leaves: match *leaves {
                    "best" => LeavesSpec::Best,
                    "worst" => LeavesSpec::Worst,
                    "random" => LeavesSpec::Random,
                    "distinct" => LeavesSpec::Distinct,
                    _ => return None,
                },
                seed: seed.parse().ok()?,
            }),
            _ => None,
        }
    }

    /// A title for a lesson that is nothing but this game.
    pub fn title(&self) -> String {
        match self {
            GameSpec::Graph => "A game graph".into(),
            GameSpec::Tictactoe { board, scores } => {
                let board = if board.trim().is_empty() {
                    "the empty board".to_string()
                } else {
                    Board::parse(board).map_or_else(|_| board.clone(), |b| b.text())
                };
                format!("Tic-tac-toe from {board} ({} scores)", scores.name())
            }
            GameSpec::Uniform {
                branching,
                depth,
                leaves,
                seed,
            } => {
                let seed = if matches!(leaves, LeavesSpec::Random | LeavesSpec::Distinct) {
                    format!(", seed {seed}")
                } else {
                    String::new()
                };
                format!(
                    "A uniform tree: branching {branching}, depth {depth}, {} leaves{seed}",
                    leaves.name()
                )
            }
        }
    }

    /// Whether finished games score by seed 002's mate convention, so that scores in the
    /// mate band are reported as mates (`value::mate_report`).
    pub fn mate_scores(&self) -> bool {
        matches!(
            self,
            GameSpec::Tictactoe {
                scores: ScoresSpec::Mate,
                ..
            }
        )
    }

    /// Builds the game (a graph lesson passes its checked graph).
    pub fn build(&self, graph: Option<Graph>) -> Result<Model, String> {
        Ok(match self {
            GameSpec::Graph => Model::Graph(graph.ok_or("a graph game needs a graph")?),
            GameSpec::Tictactoe { board, scores } => {
                let root = if board.trim().is_empty() {
                    Board::EMPTY
                } else {
                    Board::parse(board)?
                };
                let scoring = match scores {
                    ScoresSpec::Plain => Scoring::Plain,
                    ScoresSpec::Depth => Scoring::Depth,
                    ScoresSpec::Mate => Scoring::Mate,
                };
                Model::TicTacToe(TicTacToe::new(root, scoring))
            }
            GameSpec::Uniform {
                branching,
                depth,
                leaves,
                seed,
            } => {
                let leaves = match leaves {
                    LeavesSpec::Best => Leaves::Best,
                    LeavesSpec::Worst => Leaves::Worst,
                    LeavesSpec::Random => Leaves::Random,
                    LeavesSpec::Distinct => Leaves::Distinct,
                };
                Model::Uniform(Uniform::new(*branching, *depth, leaves, *seed)?)
            }
        })
    }
}

/// A built game.
// A graph keeps its exact scores and features beside the scaled ones; a lesson holds one
// model, never an array of them, so the size difference costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Model {
    Graph(Graph),
    TicTacToe(TicTacToe),
    Uniform(Uniform),
}

/// Code generic over the game, run by `Model::visit` on the concrete one.
pub trait Visit {
    type Out;
    fn visit<G: Game>(self, game: &G, start: G::State) -> Self::Out;
}

impl Model {
    /// Runs `v` on the game from `start` (a graph's start node; the other games start at
    /// their own root, whatever `start` says).
    pub fn visit<V: Visit>(&self, start: u32, v: V) -> V::Out {
        match self {
            Model::Graph(g) => v.visit(g, start),
            Model::TicTacToe(t) => v.visit(t, t.root),
            Model::Uniform(u) => v.visit(u, u.root()),
        }
    }

    /// "graph", "tic-tac-toe" or "uniform tree", for messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Model::Graph(_) => "graph",
            Model::TicTacToe(_) => "tic-tac-toe",
            Model::Uniform(_) => "uniform tree",
        }
    }

    /// Every value of the game counts units of 1/scale (`exact`).
    pub fn scale(&self) -> i32 {
        match self {
            Model::Graph(g) => g.scale(),
            _ => 1,
        }
    }

    pub fn limits(&self) -> Limits {
        match self {
            Model::Graph(g) => g.limits(),
            Model::TicTacToe(t) => t.limits(),
            Model::Uniform(u) => u.limits(),
        }
    }

    /// A uniform tree's branching factor (other games have no single one).
    pub fn uniform_branching(&self) -> Option<u32> {
        match self {
            Model::Uniform(u) => Some(u32::from(u.branching)),
            _ => None,
        }
    }

    /// How deep a search must go to reach the end of every line from the game's own root:
    /// the empty squares of a tic-tac-toe board, a uniform tree's depth. A graph has no such
    /// default (its lessons give a depth).
    pub fn full_depth(&self) -> Option<u8> {
        match self {
            Model::Graph(_) => None,
            Model::TicTacToe(t) => Some((9 - t.root.marks() as u8).max(1)),
            Model::Uniform(u) => Some(u.depth),
        }
    }

    /// The id of the game's own root, for games that have one (a graph's start is chosen).
    pub fn root_id(&self) -> Option<u32> {
        match self {
            Model::Graph(_) => None,
            Model::TicTacToe(t) => Some(t.id(t.root)),
            Model::Uniform(_) => Some(0),
        }
    }

    pub fn id_bound(&self) -> Option<u32> {
        match self {
            Model::Graph(g) => g.id_bound(),
            Model::TicTacToe(t) => t.id_bound(),
            Model::Uniform(u) => u.id_bound(),
        }
    }

    /// What the catalog records of the state with id `id`: its label, whose turn, its score
    /// and its tactical moves (`None` for an id the game does not have).
    pub fn describe(&self, id: u32) -> Option<Described> {
        match self {
            Model::Graph(g) => (id < g.len() as u32).then(|| Described {
                label: g.label(id).map(str::to_string),
                turn: g.side(id),
                score: g.score(id),
                tactical: (0..g.move_count(id))
                    .filter(|&i| g.is_tactical(id, i))
                    .map(|i| i as u16)
                    .collect(),
                chances: (0..g.move_count(id))
                    .map_while(|i| g.probability(id, i).map(|p| p.to_string()))
                    .collect(),
                payoffs: g.vector(id).map(<[i32]>::to_vec).unwrap_or_default(),
                moves: Vec::new(),
                label_only: false,
                terms: g.terms(id).to_vec(),
            }),
            Model::TicTacToe(t) => Board::from_code(id).map(|b| Described {
                label: Some(b.text()),
                turn: b.to_move(),
                score: t.score(b),
                tactical: Vec::new(),
                chances: Vec::new(),
                payoffs: Vec::new(),
                // A move is the square it marks, as the board and the lessons number them.
                moves: (0..t.move_count(b))
                    .map(|i| TicTacToe::move_name(b, i))
                    .collect(),
                label_only: true,
                terms: Vec::new(),
            }),
            Model::Uniform(u) => u.node(id as u64).map(|n| Described {
                label: Some(u.path_name(n.number)),
                turn: u.side(n),
                score: u.score(n),
                tactical: Vec::new(),
                chances: Vec::new(),
                payoffs: Vec::new(),
                moves: Vec::new(),
                label_only: false,
                terms: Vec::new(),
            }),
        }
    }

    /// The name of move `mv` of state `id`: a tic-tac-toe square number, a graph child's label
    /// (its number when it has none), the move index on a uniform tree.
    pub fn move_name(&self, id: u32, mv: i16) -> Option<String> {
        if mv < 0 {
            return None;
        }
        let mv = mv as usize;
        match self {
            Model::Graph(g) => {
                (id < g.len() as u32 && mv < g.move_count(id)).then(|| g.name(g.child(id, mv)))
            }
            Model::TicTacToe(_) => Board::from_code(id)
                .filter(|b| mv < 9 - b.marks() as usize)
                .map(|b| TicTacToe::move_name(b, mv)),
            Model::Uniform(u) => (mv < u.branching as usize).then(|| mv.to_string()),
        }
    }

    /// What the terminal positions of a run are counted as, in the order
    /// (MAX's side ahead, MIN's side ahead, level): tic-tac-toe names its players.
    pub fn outcome_names(&self) -> [&'static str; 3] {
        match self {
            Model::TicTacToe(_) => ["X wins", "O wins", "draws"],
            _ => ["MAX ahead (> 0)", "MIN ahead (< 0)", "level (0)"],
        }
    }

    /// How many moves the state with id `id` has (`None` for an id the game does not have).
    pub fn move_count(&self, id: u32) -> Option<usize> {
        match self {
            Model::Graph(g) => (id < g.len() as u32).then(|| g.move_count(id)),
            Model::TicTacToe(t) => Board::from_code(id).map(|b| t.move_count(b)),
            Model::Uniform(u) => u.node(id as u64).map(|n| u.move_count(n)),
        }
    }

    /// The id of the state move `mv` of state `id` leads to (`None` when there is no such move).
    pub fn child_id(&self, id: u32, mv: usize) -> Option<u32> {
        (mv < self.move_count(id)?).then(|| match self {
            Model::Graph(g) => g.child(id, mv),
            Model::TicTacToe(t) => {
                let b = Board::from_code(id).expect("a known id");
                t.id(t.child(b, mv))
            }
            Model::Uniform(u) => {
                let n = u.node(id as u64).expect("a known id");
                u.id(u.child(n, mv))
            }
        })
    }

    /// Whose turn the state with id `id` is (`describe`'s turn, without the rest of it: a run
    /// folded as it goes asks it of every call).
    pub fn side(&self, id: u32) -> Option<Side> {
        match self {
            Model::Graph(g) => (id < g.len() as u32).then(|| g.side(id)),
            Model::TicTacToe(_) => Board::from_code(id).map(|b| b.to_move()),
            Model::Uniform(u) => u.node(id as u64).map(|n| u.side(n)),
        }
    }
}

/// A state as the catalog records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Described {
    pub label: Option<String>,
    pub turn: Side,
    pub score: Option<i32>,
    pub tactical: Vec<u16>,
    pub chances: Vec<String>,
    pub payoffs: Vec<i32>,
    /// The game's own names of the state's moves (empty: moves are their numbers).
    pub moves: Vec<String>,
    /// The label names the state by itself; the id is an internal code.
    pub label_only: bool,
    /// The score as a weighted sum of features, term by term (empty otherwise).
    pub terms: Vec<super::features::Term>,
}
