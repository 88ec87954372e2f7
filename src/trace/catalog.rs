//! The states a trace mentions, with their names and whose turn each is: how every view names
//! a state without asking the game (a graph's labels today; board text or square names later).

use serde::{Deserialize, Serialize};

use crate::game::Side;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateInfo {
    pub id: u32,
    /// The lesson's name for the state, when it gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub turn: Side,
    /// The game's own score of the state (terminal utility, or the static evaluation the
    /// horizon and stand pat read), when it gives one: quiescence lessons turn on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// The move numbers quiescence follows (tactical moves), when there are any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tactical: Vec<u16>,
    /// A chance state's probability of each move, exact (`1/36`, `0.25`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chances: Vec<String>,
    /// The state's payoff vector in a game of several players, one entry per player of the
    /// header's `players`: what a max-n value (a terminal's id) stands for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub payoffs: Vec<i32>,
    /// The game's name of each move of the state, when the game names them itself (a
    /// tic-tac-toe move is the square it marks, "7"); empty when moves are their numbers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// What those names name: squares (tic-tac-toe, and every trace kept before other games
    /// named their moves) unless it says columns (Connect Four).
    #[serde(default, skip_serializing_if = "MoveWord::is_square")]
    pub move_word: MoveWord,
    /// The label names the state by itself (a tic-tac-toe board): its id is the game's
    /// internal code, which no view shows.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub label_only: bool,
    /// The state's score as a weighted sum of its evaluation features, term by term (empty
    /// when its score is written as a number).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<crate::game::features::Term>,
    /// The state's score exactly as the game gives it ("7/2"), when the trace's values are
    /// fractions (a scale above 1): a scale that is not the run's would print every value
    /// wrong while the events stay consistent, and this says which scale the score was
    /// written in (`score` = exact × scale).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<String>,
    /// The state's board, row by row, one character a cell, when the game has one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub board: Vec<String>,
    /// Whose turn it is on the board, or how the game ended ("X to move").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub board_note: String,
}

/// What a game's move names name. One byte, so a catalog of millions of states pays
/// nothing for it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveWord {
    #[default]
    Square,
    Column,
}

impl MoveWord {
    fn is_square(&self) -> bool {
        *self == MoveWord::Square
    }

    /// In prose and in a narrow column.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            MoveWord::Square => ("square", "sq"),
            MoveWord::Column => ("column", "col"),
        }
    }
}

impl StateInfo {
    /// What the game says of state `id`, as the catalog records it.
    pub fn described(id: u32, d: crate::game::Described) -> StateInfo {
        StateInfo {
            id,
            label: d.label,
            turn: d.turn,
            score: d.score,
            tactical: d.tactical,
            chances: d.chances,
            payoffs: d.payoffs,
            moves: d.moves,
            move_word: if d.move_word == "column" {
                MoveWord::Column
            } else {
                MoveWord::Square
            },
            label_only: d.label_only,
            terms: d.terms,
            exact: d.exact,
            board: d.board,
            board_note: d.board_note,
        }
    }

    /// The state as a run with `options` plays it from `start`: under the sides-swapped
    /// misconception every state below the start is searched for the other side, and the
    /// catalog says so, as the run's enter events do, so no view labels it as the game does.
    pub fn as_run_sees(mut self, options: &crate::search::Options, start: u32) -> StateInfo {
        self.turn = options.plays(self.turn, self.id, start);
        self
    }
}

/// States sorted by id, each once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Catalog {
    states: Vec<StateInfo>,
}

impl Catalog {
    /// A catalog of `states` (any order, duplicates allowed: the first one wins).
    pub fn new(mut states: Vec<StateInfo>) -> Catalog {
        states.sort_by_key(|s| s.id);
        states.dedup_by_key(|s| s.id);
        Catalog { states }
    }

    /// Whether the ids are strictly increasing (true of every catalog built by `new`; a
    /// saved file may break it).
    pub fn is_sorted(&self) -> bool {
        self.states.windows(2).all(|w| w[0].id < w[1].id)
    }

    pub fn get(&self, id: u32) -> Option<&StateInfo> {
        self.states
            .binary_search_by_key(&id, |s| s.id)
            .ok()
            .map(|i| &self.states[i])
    }

    /// A number no state of the catalog has (one past the largest).
    pub fn next_id(&self) -> u32 {
        self.states.last().map_or(0, |s| s.id + 1)
    }

    /// Lists `info` (in its place by number; a number already listed keeps its first entry).
    pub fn insert(&mut self, info: StateInfo) {
        if let Err(at) = self.states.binary_search_by_key(&info.id, |s| s.id) {
            self.states.insert(at, info);
        }
    }

    pub fn contains(&self, id: u32) -> bool {
        self.get(id).is_some()
    }

    pub fn label(&self, id: u32) -> Option<&str> {
        self.get(id)?.label.as_deref()
    }

    /// The label when there is one, the state number otherwise; as it is shown, control text
    /// escaped (`crate::text`), so a label cannot break a line or reorder the screen.
    pub fn name(&self, id: u32) -> String {
        match self.label(id) {
            Some(l) => crate::text::one_line(l).into_owned(),
            None => id.to_string(),
        }
    }

    /// The game's score of the state, when the trace records one.
    pub fn score(&self, id: u32) -> Option<i32> {
        self.get(id)?.score
    }

    /// The terms of the state's weighted sum of features (empty unless its score is one).
    pub fn terms(&self, id: u32) -> &[crate::game::features::Term] {
        self.get(id).map_or(&[], |s| s.terms.as_slice())
    }

    /// The state's tactical move numbers (empty when none, or unknown).
    pub fn tactical(&self, id: u32) -> &[u16] {
        self.get(id).map_or(&[], |s| s.tactical.as_slice())
    }

    /// How a state is called in sentences and on the stack: its label with the number after
    /// it ("B (2)"), or "node 2" for a state without a label (or labelled by its number). A
    /// state whose label names it by itself is its label alone (a board, never its code).
    pub fn called(&self, id: u32) -> String {
        match self.get(id) {
            Some(StateInfo {
                label: Some(l),
                label_only: true,
                ..
            }) => crate::text::one_line(l).into_owned(),
            _ => match self.label(id) {
                Some(l) if l != id.to_string() => format!("{} ({id})", crate::text::one_line(l)),
                _ => format!("node {id}"),
            },
        }
    }

    /// The game's own name of move `mv` of state `id` ("7", the square), when it has one.
    pub fn move_name(&self, id: u32, mv: i16) -> Option<&str> {
        let info = self.get(id)?;
        info.moves
            .get(usize::try_from(mv).ok()?)
            .map(String::as_str)
    }

    /// What the game's names of state `id`'s moves name, in prose and in a narrow column:
    /// ("square", "sq") unless the game said otherwise ("column", "col").
    pub fn move_words(&self, id: u32) -> (&'static str, &'static str) {
        self.get(id)
            .map_or(MoveWord::Square, |s| s.move_word)
            .words()
    }

    /// A move in a narrow column: the game's name after its short word ("sq7" for a square
    /// of the board's own numbering, "col4" for a column), else the move number as "m2".
    pub fn move_short(&self, id: u32, mv: i16) -> String {
        match self.move_name(id, mv) {
            Some(name) => format!("{}{name}", self.move_words(id).1),
            None => format!("m{mv}"),
        }
    }

    /// A move where a number column is expected (the trace's `move`, `prune run`'s
    /// `move=`): the game's name when it has one ("7"), else the move number.
    pub fn move_number(&self, id: u32, mv: i16) -> String {
        match self.move_name(id, mv) {
            Some(name) => name.to_string(),
            None => mv.to_string(),
        }
    }

    /// The probability of move `mv` of a chance state.
    pub fn probability(&self, id: u32, mv: i16) -> Option<crate::exact::Ratio> {
        let text = self.get(id)?.chances.get(usize::try_from(mv).ok()?)?;
        crate::exact::Ratio::parse(text)
    }

    /// The state's payoff vector (empty when it has none, or in a game of two players).
    pub fn payoffs(&self, id: u32) -> &[i32] {
        self.get(id).map_or(&[], |s| s.payoffs.as_slice())
    }

    /// Whose turn the state is (MAX for a state the catalog does not list).
    pub fn turn(&self, id: u32) -> Side {
        self.get(id).map_or(Side::Max, |s| s.turn)
    }

    /// A state by label, or by number when no label matches.
    pub fn find(&self, name: &str) -> Option<u32> {
        let name = name.trim();
        self.states
            .iter()
            .find(|s| s.label.as_deref() == Some(name))
            .map(|s| s.id)
            .or_else(|| name.parse::<u32>().ok().filter(|&id| self.contains(id)))
    }

    pub fn iter(&self) -> impl Iterator<Item = &StateInfo> {
        self.states.iter()
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }
}
