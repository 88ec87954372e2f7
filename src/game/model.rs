//! Which game a lesson plays: the spec a lesson file or the command line gives, and the
//! built game. `Model::visit` hands the concrete game to code generic over `Game` (the search
//! and its observers), so nothing outside `game` matches on the kind to run it.

use serde::{Deserialize, Serialize};

pub use super::Described;
use super::connect4::{ConnectFour, Order, Rules};
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
    /// `{"kind": "connect4", "width": 7, "height": 6, "moves": "4453", "rules": {...}}`.
    Connect4 {
        #[serde(default = "seven")]
        width: u8,
        #[serde(default = "six")]
        height: u8,
        /// The columns played from the empty board, 1-based; empty: the empty board.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        moves: String,
        #[serde(default = "plain_rules")]
        rules: Rules,
    },
}

fn seven() -> u8 {
    7
}

fn six() -> u8 {
    6
}

fn plain_rules() -> Rules {
    Rules::PLAIN
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
            GameSpec::Connect4 {
                width,
                height,
                moves,
                rules,
            } => Some(format!(
                "connect4:{width}x{height}:{}:{}:{}",
                if moves.trim().is_empty() {
                    "-"
                } else {
                    moves.trim()
                },
                rules_name(rules),
                rules.order.name()
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
            ["connect4", size, moves, rules, order] => {
                let (w, h) = size.split_once('x')?;
                let (win_next, anticipate) = match *rules {
                    "plain" => (false, false),
                    "win-next" => (true, false),
                    "anticipate" => (true, true),
                    _ => return None,
                };
                let order = [Order::Columns, Order::Centre, Order::Threats]
                    .into_iter()
                    .find(|o| o.name() == *order)?;
                Some(GameSpec::Connect4 {
                    width: w.parse().ok()?,
                    height: h.parse().ok()?,
                    moves: if *moves == "-" {
                        String::new()
                    } else {
                        moves.to_string()
                    },
                    rules: Rules {
                        win_next,
                        anticipate,
                        order,
                    },
                })
            }
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
            GameSpec::Connect4 {
                width,
                height,
                moves,
                ..
            } => {
                let from = if moves.trim().is_empty() {
                    "the empty board".to_string()
                } else {
                    format!("{} (columns played)", crate::text::cut(moves.trim()))
                };
                format!("Connect Four {width}×{height} from {from}")
            }
        }
    }

    /// How the game orders a position's moves, for a sentence, when it orders them by a
    /// rule of its own rather than as listed.
    pub fn order_note(&self) -> Option<&'static str> {
        match self {
            GameSpec::Connect4 { rules, .. } => Some(rules.order.describes()),
            GameSpec::Graph | GameSpec::Tictactoe { .. } | GameSpec::Uniform { .. } => None,
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

    /// A uniform tree of `branching` moves down to `depth`, its leaves in the best order for
    /// alpha-beta or in the worst (the trees `prune size` counts): what the size lessons'
    /// practice asks about.
    pub fn ordered_tree(branching: u64, depth: u64, best: bool) -> GameSpec {
        GameSpec::Uniform {
            branching,
            depth,
            leaves: if best {
                LeavesSpec::Best
            } else {
                LeavesSpec::Worst
            },
            seed: 0,
        }
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
            GameSpec::Connect4 {
                width,
                height,
                moves,
                rules,
            } => Model::ConnectFour(ConnectFour::new(*width, *height, moves, *rules)?),
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
    ConnectFour(ConnectFour),
}

/// The rules' word in a game's one-word name (`GameSpec::name`).
fn rules_name(rules: &Rules) -> &'static str {
    match (rules.win_next, rules.anticipate) {
        (_, true) => "anticipate",
        (true, false) => "win-next",
        (false, false) => "plain",
    }
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
            Model::ConnectFour(c) => v.visit(c, c.root),
        }
    }

    /// "graph", "tic-tac-toe" or "uniform tree", for messages.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Model::Graph(_) => "graph",
            Model::TicTacToe(_) => "tic-tac-toe",
            Model::Uniform(_) => "uniform tree",
            Model::ConnectFour(_) => "Connect Four",
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
            Model::ConnectFour(c) => c.limits(),
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
            Model::ConnectFour(c) => Some(c.moves_left()),
        }
    }

    /// Every key of the game is below this bound, when it has one (`Game::key_bound`).
    pub fn key_bound(&self) -> Option<u64> {
        struct Bound;
        impl Visit for Bound {
            type Out = Option<u64>;
            fn visit<G: Game>(self, game: &G, _: G::State) -> Self::Out {
                game.key_bound()
            }
        }
        self.visit(0, Bound)
    }

    /// Whether the game starts at a root of its own (a board, a tree), rather than at a
    /// node a lesson chooses (a graph). A recorded trace numbers such a root 0.
    pub fn has_own_root(&self) -> bool {
        !matches!(self, Model::Graph(_))
    }

    /// What the catalog would record of the position the moves `path` reach from `start`
    /// (`None` when a move is not there).
    pub fn describe_at(&self, start: u32, path: &[u16]) -> Option<Described> {
        struct At<'a>(&'a [u16]);
        impl Visit for At<'_> {
            type Out = Option<Described>;
            fn visit<G: Game>(self, game: &G, start: G::State) -> Self::Out {
                walk(game, start, self.0).map(|s| game.describe(s))
            }
        }
        self.visit(start, At(path))
    }

    /// The game's name of move `mv` of the position `path` reaches from `start`: a square, a
    /// graph child's label (its number when it has none), the move index on a uniform tree.
    pub fn move_name_at(&self, start: u32, path: &[u16], mv: i16) -> Option<String> {
        struct At<'a>(&'a [u16], usize);
        impl Visit for At<'_> {
            type Out = Option<String>;
            fn visit<G: Game>(self, game: &G, start: G::State) -> Self::Out {
                let s = walk(game, start, self.0)?;
                (self.1 < game.move_count(s))
                    .then(|| game.move_name(s, self.1).unwrap_or(self.1.to_string()))
            }
        }
        self.visit(start, At(path, usize::try_from(mv).ok()?))
    }

    /// The game's name of move `mv` of the start position.
    pub fn move_name(&self, start: u32, mv: i16) -> Option<String> {
        self.move_name_at(start, &[], mv)
    }

    /// Whose turn the start position is.
    pub fn side_at_start(&self, start: u32) -> Side {
        self.describe_at(start, &[]).map_or(Side::Max, |d| d.turn)
    }

    /// The position a person's name for it reads as, in the game's notation: the graph's own
    /// number when the game numbers its positions, and what the catalog would record of it.
    /// The error says what the game expected, with an example.
    pub fn find(&self, name: &str) -> Result<(Option<u32>, Described), String> {
        struct Find<'a>(&'a str);
        impl Visit for Find<'_> {
            type Out = Result<(Option<u32>, Described), String>;
            fn visit<G: Game>(self, game: &G, _: G::State) -> Self::Out {
                let s = game.parse(self.0).map_err(|why| {
                    format!("{why} (a position is written as {})", game.notation())
                })?;
                Ok((game.number(s), game.describe(s)))
            }
        }
        self.visit(0, Find(name))
    }

    /// The game's score of a win `plies` plies after its root (`Game::win_after`).
    pub fn win_after(&self, plies: u32) -> Option<i32> {
        struct Win(u32);
        impl Visit for Win {
            type Out = Option<i32>;
            fn visit<G: Game>(self, game: &G, _: G::State) -> Self::Out {
                game.win_after(self.0)
            }
        }
        self.visit(0, Win(plies))
    }

    /// Why `name`, written in the game's notation, names a position the rules never reach
    /// (`Game::cannot_arise`).
    pub fn cannot_arise(&self, name: &str) -> Option<String> {
        struct Why<'a>(&'a str);
        impl Visit for Why<'_> {
            type Out = Option<String>;
            fn visit<G: Game>(self, game: &G, _: G::State) -> Self::Out {
                game.cannot_arise(self.0)
            }
        }
        self.visit(0, Why(name))
    }

    /// How the game's finished positions are counted and named.
    pub fn outcomes(&self) -> super::Outcomes {
        struct Names;
        impl Visit for Names {
            type Out = super::Outcomes;
            fn visit<G: Game>(self, game: &G, _: G::State) -> Self::Out {
                game.outcomes()
            }
        }
        self.visit(0, Names)
    }

    /// The number move `mv` of the start position is written as in JSON: the game's own
    /// (a square) when it numbers moves its way, else the index.
    pub fn move_number(&self, start: u32, mv: i16) -> i64 {
        struct Number(usize);
        impl Visit for Number {
            type Out = Option<i64>;
            fn visit<G: Game>(self, game: &G, s: G::State) -> Self::Out {
                game.move_number(s, self.0)
            }
        }
        let index = usize::try_from(mv).unwrap_or(usize::MAX);
        self.visit(start, Number(index)).unwrap_or(i64::from(mv))
    }
}

/// The position the moves `path` reach from `start` (`None` when a move is not there).
fn walk<G: Game>(game: &G, mut at: G::State, path: &[u16]) -> Option<G::State> {
    for &mv in path {
        if mv as usize >= game.move_count(at) {
            return None;
        }
        at = game.child(at, mv as usize);
    }
    Some(at)
}
