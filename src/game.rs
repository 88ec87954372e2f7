//! The `Game` trait: everything the search core may know about a game.
//!
//! The core never sees a graph, a board or a file. It asks a `Game` whose turn it is, what a
//! position is worth, which moves leave it and which of those are tactical. Explicit lesson
//! graphs are one implementation (`graph`); boards and implicit trees plug in the same way.

pub mod connect4;
pub mod contract;
pub mod features;
pub mod graph;
pub mod leaf_map;
pub mod model;
pub mod tictactoe;
pub mod uniform;

use serde::{Deserialize, Serialize};

/// Whose choice a node is. Scores are always from MAX's side (seed 000's convention). A
/// chance node is nobody's choice: it averages its outcomes by their probabilities. A seat is
/// one player of a game of several, whose values are utility vectors (seed 004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    #[serde(rename = "MAX")]
    Max,
    #[serde(rename = "MIN")]
    Min,
    #[serde(rename = "CHANCE")]
    Chance,
    #[serde(rename = "player")]
    Player(Seat),
}

/// One of at most eight players, numbered in the order the graph lists them. An enum rather
/// than a number so that `Side` stays one byte (and every event 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
#[repr(u8)]
pub enum Seat {
    P0,
    P1,
    P2,
    P3,
    P4,
    P5,
    P6,
    P7,
}

impl Seat {
    pub const MAX_PLAYERS: usize = 8;
    const ALL: [Seat; 8] = [
        Seat::P0,
        Seat::P1,
        Seat::P2,
        Seat::P3,
        Seat::P4,
        Seat::P5,
        Seat::P6,
        Seat::P7,
    ];

    pub fn new(index: usize) -> Option<Seat> {
        Seat::ALL.get(index).copied()
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> u8 {
        s as u8
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;
    fn try_from(v: u8) -> Result<Seat, String> {
        Seat::new(v as usize).ok_or_else(|| format!("player {v} is past the eighth"))
    }
}

const _: () = assert!(std::mem::size_of::<Side>() == 1);

impl Side {
    pub fn is_max(self) -> bool {
        self == Side::Max
    }

    pub fn is_chance(self) -> bool {
        self == Side::Chance
    }

    /// "MAX", "MIN", "CHANCE"; a seat's own name is the graph's (`Graph::player_name`).
    pub fn name(self) -> &'static str {
        match self {
            Side::Max => "MAX",
            Side::Min => "MIN",
            Side::Chance => "CHANCE",
            Side::Player(_) => "player",
        }
    }

    /// The mark every view draws before a node of this side (the tutor's legend explains it).
    pub fn glyph(self) -> &'static str {
        match self {
            Side::Max => "▲",
            Side::Min => "▼",
            Side::Chance => "Σ",
            Side::Player(_) => "●",
        }
    }

    /// The opponent in a two-player game; chance and seats have none and stay as they are.
    pub fn other(self) -> Side {
        match self {
            Side::Max => Side::Min,
            Side::Min => Side::Max,
            s => s,
        }
    }
}

/// A deterministic, alternating, two-player, zero-sum game as the search core sees it.
///
/// The position is the game's: it keys its own positions (`key`), names them and their moves
/// for people (`name`, `move_name`, `describe`) and reads a name back (`parse`). The number a
/// trace gives a position is the trace's (`observer::Interner`): the n-th position a recorded
/// run met, unless the game numbers its positions itself (`number`, an explicit graph's nodes,
/// which every lesson, note and fact names). Contract: equal positions have equal keys and
/// unequal ones unequal keys (a 64-bit hash counts as unequal), a position has at most
/// `i16::MAX` moves, and move `i` of `s` always leads to `child(s, i)`.
pub trait Game {
    type State: Copy + Eq + std::fmt::Debug;

    /// The game's own key for the position: what the transposition table and the move hints
    /// are keyed by. A graph's node number, a board's code, a tree's level-order number, or a
    /// 64-bit hash of a large game's position.
    fn key(&self, s: Self::State) -> u64;
    /// When every key is below this bound the core keeps its tables in flat arrays.
    fn key_bound(&self) -> Option<u64>;
    /// The game's own small number for the position, when its lessons name positions by
    /// number (an explicit graph): a recorded trace then keeps that number as the id.
    #[inline]
    fn number(&self, _s: Self::State) -> Option<u32> {
        None
    }
    /// The position as people write it: a graph node's label (its number when it has none),
    /// a tic-tac-toe board `XO./.X./...`, a uniform tree's path of move indices.
    fn name(&self, s: Self::State) -> String;
    /// Whether a name reads as the position's alone (a board). A name that could be taken for
    /// a number (a tree's path, "2") is written with the trace's number beside it instead.
    fn names_alone(&self) -> bool {
        true
    }
    /// How messages point at a position: the game's own number when it numbers its
    /// positions (as lessons write them), else its name.
    fn called(&self, s: Self::State) -> String {
        self.number(s)
            .map_or_else(|| self.name(s), |n| n.to_string())
    }
    /// The game's own name of move `index` of `s` (a tic-tac-toe square), when it names moves
    /// other than by their index.
    fn move_name(&self, _s: Self::State, _index: usize) -> Option<String> {
        None
    }
    /// Reads a position back from its name (`name`'s form, or any other the game accepts);
    /// the error says what the game expected.
    fn parse(&self, name: &str) -> Result<Self::State, String>;
    /// Why a name written in the game's notation names a position its rules never reach (a
    /// board played on after a win), when it does: a check reads such a name as that position
    /// and reports it, rather than refusing the name as unreadable.
    fn cannot_arise(&self, _name: &str) -> Option<String> {
        None
    }
    /// An example of the game's notation for a position, for messages.
    fn notation(&self) -> &'static str;
    /// The position's board, when the game has one: its rows of cells, one character a cell,
    /// and a line on whose turn it is or how the game ended ("X to move", "O won").
    fn board(&self, _s: Self::State) -> Option<(Vec<String>, String)> {
        None
    }
    /// What the game's move names name, when it names moves: "column" for Connect Four. A
    /// game that names its moves and says nothing here names squares (tic-tac-toe), as every
    /// trace before this word was kept did.
    fn move_word(&self) -> &'static str {
        ""
    }
    /// The number a move is written as in JSON output, when the game numbers its moves its
    /// own way (a tic-tac-toe square); `None`: the move's index.
    fn move_number(&self, _s: Self::State, _index: usize) -> Option<i64> {
        None
    }
    /// How finished games are counted and named: a game with named players says who won.
    fn outcomes(&self) -> Outcomes {
        Outcomes::MAX_MIN
    }
    /// Everything the catalog of a recorded trace keeps of a position, so that every view
    /// names and reads it without the game.
    fn describe(&self, s: Self::State) -> Described {
        let count = self.move_count(s);
        let (board, board_note) = self.board(s).unwrap_or_default();
        Described {
            exact: None,
            board,
            board_note,
            label: Some(self.name(s)),
            turn: self.side(s),
            score: self.score(s),
            tactical: (0..count)
                .filter(|&i| self.is_tactical(s, i))
                .map(|i| i as u16)
                .collect(),
            chances: (0..count)
                .map_while(|i| self.probability(s, i).map(|p| p.to_string()))
                .collect(),
            payoffs: self.payoffs(s).map(<[i32]>::to_vec).unwrap_or_default(),
            moves: (0..count).map_while(|i| self.move_name(s, i)).collect(),
            move_word: self.move_word(),
            label_only: self.names_alone(),
            terms: Vec::new(),
        }
    }
    fn side(&self, s: Self::State) -> Side;
    /// The game's own score of a position, from MAX's side: the utility of a finished one,
    /// the static evaluation of any other. What move ordering ranks children by and what the
    /// catalog records. `None` when the game gives no score here (textbook trees score only
    /// their leaves); reading it then fails the run.
    fn score(&self, s: Self::State) -> Option<i32>;
    /// The outcome of a finished game (no moves), from MAX's side. Asked only of terminal
    /// positions: the core tests for the end of the game before anything else.
    #[inline]
    fn utility(&self, s: Self::State) -> Option<i32> {
        self.score(s)
    }
    /// The static evaluation of an unfinished position (a depth horizon, stand pat), from
    /// MAX's side.
    #[inline]
    fn evaluate(&self, s: Self::State) -> Option<i32> {
        self.score(s)
    }
    fn move_count(&self, s: Self::State) -> usize;
    fn child(&self, s: Self::State, index: usize) -> Self::State;
    /// Every child of `s` in move order, appended to `out`: `child(s, i)` for each move, for
    /// a game that finds its moves once per position rather than once per move.
    #[inline]
    fn children(&self, s: Self::State, out: &mut Vec<Self::State>) {
        out.extend((0..self.move_count(s)).map(|i| self.child(s, i)));
    }
    /// One look at a position for a solver: `Err` with its utility when it has no moves,
    /// else `Ok` with what the game needs to list them (`list`), which a solver asks only
    /// when its window is still open after the game's bounds and its table. A game whose
    /// rules settle a position and find its moves together (Connect Four's) answers both
    /// from one look. `after_move`: `s` is a child that `list` gave, so the tests the game's
    /// rules made of its parent may answer some of its own; the answer is the same.
    #[inline]
    fn look(&self, s: Self::State, _after_move: bool) -> Result<Open, Option<i32>> {
        if self.move_count(s) == 0 {
            Err(self.utility(s))
        } else {
            Ok(Open(0))
        }
    }
    /// The children of a position `look` left open, in move order, appended to `out`.
    #[inline]
    fn list(&self, s: Self::State, _open: Open, out: &mut Vec<Self::State>) {
        self.children(s, out);
    }
    /// What the game knows of a position's value before any search, when it knows something
    /// (a game scored by how soon it is won: no result can come sooner than the next move).
    fn reach(&self, _s: Self::State) -> Option<Reach> {
        None
    }
    /// The score (from the winner's side) of a game won `plies` plies after the game's root,
    /// when the game's scores tell how soon a game is won or say nothing of it (`None`: a
    /// game whose finished positions score otherwise, such as a graph's leaves). What reads
    /// an engine's "W − plies" win scores (`prune check --scores depth`) on the game's scale.
    fn win_after(&self, _plies: u32) -> Option<i32> {
        None
    }
    /// Which of the game's own rules finished `s` before any search, when one did rather
    /// than the end of the game (asked only by a recorded run, to say so).
    fn settled_by(&self, _s: Self::State) -> Option<Rule> {
        None
    }
    /// How many moves the game's rules leave out of `s` (moves that lose at once), asked
    /// only by a recorded run.
    fn left_out(&self, _s: Self::State) -> u8 {
        0
    }
    /// Tactical moves are the only ones quiescence follows.
    fn is_tactical(&self, s: Self::State, index: usize) -> bool;
    /// Every value of the game counts units of 1/scale: 1 for integer games, the graph's
    /// common denominator when chance averages make fractions (`exact`).
    fn scale(&self) -> i32 {
        1
    }
    /// The payoff vector of a node of a game of several players, one entry per seat
    /// (`None` for MAX against MIN, or a node the game gives none).
    fn payoffs(&self, _s: Self::State) -> Option<&[i32]> {
        None
    }
    /// The probability of move `index` of a chance node (`None` at a choice node).
    fn probability(&self, _s: Self::State, _index: usize) -> Option<crate::exact::Ratio> {
        None
    }
    /// What a run on this game may ask for (seed 000's contract unless the game says more).
    fn limits(&self) -> Limits {
        Limits::SEED_000
    }
}

/// What a game's `look` found of an unfinished position that its `list` reads back (Connect
/// Four: the cells its moves fill); 0 for a game that finds its moves when it lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Open(pub u64);

/// A rule by which a game settles a position before its last move is played: the ideas a
/// perfect player's game brings to the search (`Game::settled_by`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// The side to move completes a line with its next move (the immediate-win test).
    WinsNow,
    /// Every move of the side to move lets the opponent win at once.
    LosesNext,
    /// Too few cells are left for either side to still win.
    DrawAhead,
    /// A look-ahead's horizon: the position is not searched, and counts as 0 (not a proved
    /// draw).
    Horizon,
}

impl Rule {
    /// What the rule says of the position, for a sentence.
    pub fn says(self) -> &'static str {
        match self {
            Rule::WinsNow => "the side to move wins with its next move (the immediate-win test)",
            Rule::LosesNext => {
                "every move of the side to move lets the opponent win at once (the non-losing-move filter leaves none)"
            }
            Rule::DrawAhead => "too few cells are left for either side to line up four",
            Rule::Horizon => {
                "the look-ahead's horizon: not searched further, counted as 0 (not a proved draw)"
            }
        }
    }
}

/// The run options a game accepts. Seed 000's input contract (depth 1..=12, budget up to a
/// million calls, quiescence up to 6) is the explicit graph's; a game with more room, or with
/// no tactical moves, says so here and the run is checked against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub max_depth: u8,
    pub max_budget: u64,
    /// 0 when the game has no tactical moves (quiescence would never move).
    pub max_qlimit: u8,
    /// Why `--qlimit` does not apply, when `max_qlimit` is 0.
    pub no_quiescence: &'static str,
    /// Whether some node is a chance node (seed 004).
    pub chance: bool,
    /// Whether a run keeps a table and deepens unless told otherwise: a tree without
    /// transpositions whose textbook figures are of one pass says no.
    pub table_and_deepening: bool,
    /// What to say to a `--start` the game does not take (it starts at its own root).
    pub start_hint: &'static str,
    /// The number of players of a game of several (0 for MAX against MIN).
    pub players: u8,
}

impl Limits {
    pub const SEED_000: Limits = Limits {
        max_depth: 12,
        max_budget: 1_000_000,
        max_qlimit: 6,
        no_quiescence: "",
        chance: false,
        table_and_deepening: true,
        start_hint: "",
        players: 0,
    };
}

/// Bounds on a position's value from MAX's side, known from the position alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Every result the game can still end in from this position's ply.
    pub range: (i32, i32),
    /// The results still possible given that the game's rules left this position
    /// unfinished (a position that could be won at once would have been scored as that win).
    pub bounds: (i32, i32),
}

/// How a game's finished positions are counted, each in the order (MAX's side ahead, MIN's
/// side ahead, level).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcomes {
    /// By the sign of the value (`prune count`), as text and as JSON keys.
    pub by_sign: [&'static str; 3],
    pub sign_keys: [&'static str; 3],
    /// As wins, losses and draws (a Monte Carlo run's results), as text and as JSON keys.
    pub results: [&'static str; 3],
    pub result_keys: [&'static str; 3],
    /// Whether each finished position is a game played to its end (a board game), so that
    /// counting them counts games.
    pub games: bool,
}

impl Outcomes {
    pub const MAX_MIN: Outcomes = Outcomes {
        by_sign: ["MAX ahead (> 0)", "MIN ahead (< 0)", "level (0)"],
        sign_keys: ["max_ahead", "min_ahead", "level"],
        results: ["MAX wins", "MIN wins", "draws"],
        result_keys: ["max_wins", "min_wins", "draws"],
        games: false,
    };
}

/// A position as the catalog of a recorded trace keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Described {
    pub label: Option<String>,
    pub turn: Side,
    pub score: Option<i32>,
    pub tactical: Vec<u16>,
    pub chances: Vec<String>,
    pub payoffs: Vec<i32>,
    /// The game's own names of the position's moves (empty: moves are their numbers).
    pub moves: Vec<String>,
    /// What those names name (`Game::move_word`).
    pub move_word: &'static str,
    /// The label names the position by itself; the trace's number is not shown beside it.
    pub label_only: bool,
    /// The score as a weighted sum of features, term by term (empty otherwise).
    pub terms: Vec<features::Term>,
    /// The score exactly as the game gives it, when its values are fractions (a scale above
    /// 1): what a saved trace's scale is checked against.
    pub exact: Option<String>,
    /// The board's rows, one character a cell (empty: the game has no board).
    pub board: Vec<String>,
    /// Whose turn it is on the board, or how the game ended.
    pub board_note: String,
}
