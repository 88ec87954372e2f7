//! Connect Four: a board `width` columns wide and `height` rows high (7×6 by default), two
//! players dropping stones in turn, the first to line up four (across, down or diagonally)
//! wins, a full board without four is a draw.
//!
//! - The first player (X) is MAX. A position is named as most Connect Four tools name it:
//!   the columns played from the empty board, 1-based (`4453`), the shortest-to-read sequence
//!   that reaches it (`name` rebuilds one from the stones, so a position has one name however
//!   the search reached it). A move is named by its column.
//! - Scores are the solver tutorial's: 0 for a draw; a win scores one more than half the
//!   cells minus the stones the winner has played when it lines up four (22 minus them on
//!   7×6: a win with one's 18th stone scores 4), a loss the negative. So a quicker win scores
//!   more. Unfinished positions have no static score: a run searches to the end of the game.
//! - `Rules` are the game's part of the tutorial's stages: which positions count as
//!   finished (a position whose mover can win at once, under `win_next`; one whose mover can
//!   only lose or whose last two cells cannot change the result, under `anticipate`), which
//!   moves a position offers (every column, or the ones that do not lose at once) and in
//!   which order (left to right, centre first, or by the threats a move makes).

pub mod bitboard;
mod naming;

use bitboard::{Position, Shape, by_height};

use super::{Game, Limits, Open, Outcomes, Reach, Side};

/// The order a position's moves are tried in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// Left to right.
    Columns,
    /// From the centre outwards (the centre columns take part in the most lines).
    Centre,
    /// Most threats made first (cells where the mover would then complete four), ties
    /// centre first.
    Threats,
}

impl Order {
    /// The order as a sentence says it.
    pub fn describes(self) -> &'static str {
        match self {
            Order::Columns => "in the game's own order: columns left to right",
            Order::Centre => "in the game's own order: columns from the centre outwards",
            Order::Threats => {
                "in the game's own order: most threats made first, then from the centre outwards"
            }
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Order::Columns => "columns",
            Order::Centre => "centre",
            Order::Threats => "threats",
        }
    }
}

/// What the game itself settles before any search: see the module comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    /// A position whose mover completes four with its next stone is finished (scored as
    /// that win) instead of searched.
    pub win_next: bool,
    /// Moves that let the opponent win at once are not offered; a position with no other
    /// move is finished (a loss on the opponent's next stone), and so is one with two empty
    /// cells left (a draw: neither side can still line up four).
    pub anticipate: bool,
    pub order: Order,
}

impl Rules {
    /// The game as people play it: a position is finished only when someone has four or the
    /// board is full; every column, left to right.
    pub const PLAIN: Rules = Rules {
        win_next: false,
        anticipate: false,
        order: Order::Columns,
    };
}

const MAX: usize = bitboard::MAX_WIDTH as usize;

/// The moves of a position in the order they are tried: the column and the cell it fills.
#[derive(Clone, Copy, Debug)]
pub struct Moves {
    len: u8,
    columns: [u8; bitboard::MAX_WIDTH as usize],
    cells: [u64; bitboard::MAX_WIDTH as usize],
}

impl Moves {
    const EMPTY: Moves = Moves {
        len: 0,
        columns: [0; bitboard::MAX_WIDTH as usize],
        cells: [0; bitboard::MAX_WIDTH as usize],
    };

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn column(&self, i: usize) -> u8 {
        self.columns[i]
    }

    pub fn cell(&self, i: usize) -> u64 {
        self.cells[i]
    }

    #[inline(always)]
    fn push(&mut self, column: u8, cell: u64) {
        self.columns[self.len as usize] = column;
        self.cells[self.len as usize] = cell;
        self.len += 1;
    }

    /// Adds a move after every move whose score is at least `score`: inserted as they come,
    /// the moves end sorted by score, most first, equal scores in the order they came.
    #[inline(always)]
    fn insert(&mut self, column: u8, cell: u64, score: u32, scores: &mut [u32; MAX]) {
        let mut j = self.len as usize;
        while j > 0 && scores[j - 1] < score {
            self.columns[j] = self.columns[j - 1];
            self.cells[j] = self.cells[j - 1];
            scores[j] = scores[j - 1];
            j -= 1;
        }
        self.columns[j] = column;
        self.cells[j] = cell;
        scores[j] = score;
        self.len += 1;
    }
}

/// How a position is finished, if it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The player who moved last has four.
    Lost,
    /// The board is full, or (under `anticipate`) two cells are left and the mover has a
    /// safe move.
    Drawn,
    /// (`win_next`) the mover completes four with its next stone.
    WinsNow,
    /// (`anticipate`) every move lets the opponent win at once.
    LosesNext,
    /// The look-ahead's horizon (`with_horizon`): not searched further, counted as 0.
    Horizon,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    pub shape: Shape,
    pub root: Position,
    /// The columns that reached the root, as given (every position below it is named by
    /// them first).
    root_moves: String,
    pub rules: Rules,
    /// The stones on the board at which an unfinished position counts as 0 instead of being
    /// searched (after the rules' own tests: one won or lost at once under `win_next` and
    /// `anticipate` is still scored as such) (`u8::MAX`: never, the game as played). Only `prune play` sets it, when a
    /// position is too big to solve within its cap: a look-ahead, said as such.
    pub horizon: u8,
}

impl ConnectFour {
    /// The game on a `width`×`height` board from the position `moves` reaches (columns,
    /// 1-based, from the empty board).
    pub fn new(width: u8, height: u8, moves: &str, rules: Rules) -> Result<ConnectFour, String> {
        let shape = Shape::new(width, height)?;
        if shape.area() % 2 != 0 {
            return Err(format!(
                "a board of {width}×{height} has an odd number of cells; Connect Four's scores need an even number"
            ));
        }
        let root = naming::play(&shape, moves)?;
        let root_moves = if root.played == 0 {
            String::new()
        } else {
            moves.trim().to_string()
        };
        Ok(ConnectFour {
            shape,
            root,
            root_moves,
            rules,
            horizon: u8::MAX,
        })
    }

    /// The same game looking `moves` moves ahead of its start: a position that many moves
    /// below the start, unless finished, counts as 0 (not a proved draw).
    pub fn with_horizon(&self, moves: u8) -> ConnectFour {
        ConnectFour {
            horizon: self.root.played.saturating_add(moves),
            ..self.clone()
        }
    }

    /// The moves from the start to the end of the game, or to the horizon.
    pub fn moves_left(&self) -> u8 {
        let end = (self.shape.area() as u8).min(self.horizon);
        end.saturating_sub(self.root.played).max(1)
    }

    /// The same game and start under other rules.
    pub fn with_rules(&self, rules: Rules) -> ConnectFour {
        ConnectFour {
            rules,
            ..self.clone()
        }
    }

    fn half(&self) -> i32 {
        (self.shape.area() / 2) as i32
    }

    /// Stones the side to move has played, and the opponent.
    fn stones(s: Position) -> (i32, i32) {
        let p = i32::from(s.played);
        (p / 2, p - p / 2)
    }

    fn end(&self, s: Position) -> Option<End> {
        self.settle(s).err()
    }

    /// How a position is finished, or the cells its moves fill (found together: the
    /// opponent's threats decide both under `anticipate`).
    #[inline]
    fn settle(&self, s: Position) -> Result<u64, End> {
        by_height!(self.shape.height, H => self.settle_in::<H>(s, false))
    }

    /// `settle` on a board `H` high (`H` is `height`). `after_move`: `s` is a child of a
    /// position these rules left unfinished, so the tests they made of the parent answer
    /// some of the child's: with the immediate-win test, the parent's mover could not line
    /// up four, so the child's last mover has not; with the non-losing-move filter too, the
    /// parent offered no move after which the child's mover wins at once. The answer is
    /// `settle`'s; the solver asks it this way at every position below its root.
    #[inline(always)]
    fn settle_in<const H: u32>(&self, s: Position, after_move: bool) -> Result<u64, End> {
        let shape = &self.shape;
        let now_won = self.rules.win_next || self.rules.anticipate;
        if !(after_move && now_won) && s.last_mover_won_in::<H>() {
            return Err(End::Lost);
        }
        if u32::from(s.played) == shape.area() {
            return Err(End::Drawn);
        }
        if now_won && !(after_move && self.rules.anticipate) && s.wins_now_in::<H>(shape) {
            return Err(End::WinsNow);
        }
        if !self.rules.anticipate {
            if s.played >= self.horizon {
                return Err(End::Horizon);
            }
            return Ok(s.playable(shape));
        }
        let safe = s.safe_cells_in::<H>(shape);
        if safe == 0 {
            return Err(End::LosesNext);
        }
        if u32::from(s.played) + 2 >= shape.area() {
            return Err(End::Drawn);
        }
        // After the game's own rules: a win or loss at once is still seen at the horizon.
        if s.played >= self.horizon {
            return Err(End::Horizon);
        }
        Ok(safe)
    }

    /// A finished position's score from the side to move.
    fn end_score(&self, s: Position, end: End) -> i32 {
        let (mine, theirs) = Self::stones(s);
        let win_with = |stones: i32| self.half() + 1 - stones;
        match end {
            End::Lost => -win_with(theirs),
            End::Drawn | End::Horizon => 0,
            End::WinsNow => win_with(mine + 1),
            End::LosesNext => -win_with(theirs + 1),
        }
    }

    /// The moves of `s` in the rules' order (none when the position is finished).
    pub fn moves(&self, s: Position) -> Moves {
        let mut out = Moves::EMPTY;
        let Ok(open) = self.settle(s) else {
            return out;
        };
        by_height!(self.shape.height, H => self.ordered_in::<H>(s, open, &mut out));
        out
    }

    /// The moves to the cells of `open` (one playable cell per column at most) in the
    /// rules' order, into `out` (empty), on a board `H` high.
    #[inline(always)]
    fn ordered_in<const H: u32>(&self, s: Position, open: u64, out: &mut Moves) {
        let shape = &self.shape;
        let add = |c: u8| {
            let cell = open & shape.column(c);
            if cell != 0 {
                out.push(c, cell);
            }
        };
        if self.rules.order == Order::Columns {
            return (0..shape.width).for_each(add);
        }
        // A single move needs no score: its order is the only one.
        if self.rules.order == Order::Centre || open & open.wrapping_sub(1) == 0 {
            return shape.centre_first().for_each(add);
        }
        // Most threats first, ties centre first: each move inserted as it comes (a stable
        // insertion sort of at most nine moves, cheaper than anything general).
        let mut scores = [0u32; MAX];
        for c in shape.centre_first() {
            let cell = open & shape.column(c);
            if cell != 0 {
                out.insert(c, cell, s.threats_after_in::<H>(shape, cell), &mut scores);
            }
        }
    }

    /// On whose turn it is, or how the game ended, for the board pane (at most 12
    /// characters, the pane's narrowest; the score is the run's to show).
    fn note(&self, s: Position) -> String {
        let (mover, other) = if s.first_to_move() {
            ("X", "O")
        } else {
            ("O", "X")
        };
        let Some(end) = self.end(s) else {
            return format!("{mover} to move");
        };
        match end {
            End::Lost => format!("{other} won"),
            End::Drawn if u32::from(s.played) == self.shape.area() => "draw".into(),
            End::Drawn => "draw ahead".into(),
            End::WinsNow => format!("{mover} wins now"),
            End::LosesNext => format!("{mover} loses next"),
            End::Horizon => "not searched".into(),
        }
    }

    /// Whose turn `s` is from the side to move's point of view: 1 for MAX, −1 for MIN.
    fn pov(s: Position) -> i32 {
        if s.first_to_move() { 1 } else { -1 }
    }
}

impl Game for ConnectFour {
    type State = Position;

    #[inline]
    fn key(&self, s: Position) -> u64 {
        s.key()
    }

    fn key_bound(&self) -> Option<u64> {
        let bits = u32::from(self.shape.width) * (u32::from(self.shape.height) + 1);
        1u64.checked_shl(bits)
    }

    fn name(&self, s: Position) -> String {
        naming::name(&self.shape, s, self.root, &self.root_moves)
    }

    /// A sequence of columns reads like a number: the trace's number goes beside it.
    fn names_alone(&self) -> bool {
        false
    }

    fn move_name(&self, s: Position, index: usize) -> Option<String> {
        let moves = self.moves(s);
        (index < moves.len()).then(|| (moves.column(index) + 1).to_string())
    }

    fn move_word(&self) -> &'static str {
        "column"
    }

    fn move_number(&self, s: Position, index: usize) -> Option<i64> {
        let moves = self.moves(s);
        (index < moves.len()).then(|| i64::from(moves.column(index)) + 1)
    }

    fn parse(&self, name: &str) -> Result<Position, String> {
        naming::play(&self.shape, name)
    }

    fn notation(&self) -> &'static str {
        "the columns played from the empty board, 1-based, e.g. 4453"
    }

    /// Columns the rules never let be played in that order: a full column, a column off the
    /// board, a move after someone has four.
    fn cannot_arise(&self, name: &str) -> Option<String> {
        let t = name.trim();
        if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        naming::play(&self.shape, t).err()
    }

    fn board(&self, s: Position) -> Option<(Vec<String>, String)> {
        Some((naming::rows(&self.shape, s), self.note(s)))
    }

    fn outcomes(&self) -> Outcomes {
        Outcomes {
            by_sign: ["X wins", "O wins", "draws"],
            sign_keys: ["x_wins", "o_wins", "draws"],
            results: ["X wins", "O wins", "draws"],
            result_keys: ["x_wins", "o_wins", "draws"],
            games: true,
        }
    }

    #[inline]
    fn side(&self, s: Position) -> Side {
        if s.first_to_move() {
            Side::Max
        } else {
            Side::Min
        }
    }

    fn score(&self, s: Position) -> Option<i32> {
        self.end(s).map(|e| Self::pov(s) * self.end_score(s, e))
    }

    /// The winner's stones at the end: half the stones played, rounded up.
    fn win_after(&self, plies: u32) -> Option<i32> {
        let played = u32::from(self.root.played) + plies;
        Some(self.half() + 1 - played.div_ceil(2) as i32)
    }

    fn move_count(&self, s: Position) -> usize {
        self.moves(s).len()
    }

    fn child(&self, s: Position, index: usize) -> Position {
        s.play(self.moves(s).cell(index))
    }

    #[inline]
    fn children(&self, s: Position, out: &mut Vec<Position>) {
        let moves = self.moves(s);
        out.extend((0..moves.len()).map(|i| s.play(moves.cell(i))));
    }

    /// The position settled once: its score when it is finished, else the cells its moves
    /// fill (`list` orders them only if the solver's window is still open).
    #[inline]
    fn look(&self, s: Position, after_move: bool) -> Result<Open, Option<i32>> {
        by_height!(self.shape.height, H => self.settle_in::<H>(s, after_move))
            .map(Open)
            .map_err(|end| Some(Self::pov(s) * self.end_score(s, end)))
    }

    #[inline]
    fn list(&self, s: Position, open: Open, out: &mut Vec<Position>) {
        let mut moves = Moves::EMPTY;
        by_height!(self.shape.height, H => self.ordered_in::<H>(s, open.0, &mut moves));
        out.extend(moves.cells[..moves.len()].iter().map(|&cell| s.play(cell)));
    }

    fn settled_by(&self, s: Position) -> Option<super::Rule> {
        match self.end(s)? {
            End::WinsNow => Some(super::Rule::WinsNow),
            End::LosesNext => Some(super::Rule::LosesNext),
            End::Drawn if u32::from(s.played) < self.shape.area() => Some(super::Rule::DrawAhead),
            End::Horizon => Some(super::Rule::Horizon),
            End::Lost | End::Drawn => None,
        }
    }

    /// The playable columns the non-losing-move filter took out.
    fn left_out(&self, s: Position) -> u8 {
        if !self.rules.anticipate || self.end(s).is_some() {
            return 0;
        }
        let shape = &self.shape;
        let playable = (0..shape.width)
            .filter(|&c| s.playable(shape) & shape.column(c) != 0)
            .count();
        (playable - self.moves(s).len()) as u8
    }

    fn is_tactical(&self, _: Position, _: usize) -> bool {
        false
    }

    /// From losing on the opponent's next stone to winning with one's own; a position the
    /// rules leave unfinished cannot be won at once (under `win_next`) or lost at once
    /// (under `anticipate`).
    fn reach(&self, s: Position) -> Option<Reach> {
        let (mine, theirs) = Self::stones(s);
        let win_with = |stones: i32| self.half() + 1 - stones;
        let range = (-win_with(theirs + 1), win_with(mine + 1));
        let now_won = self.rules.win_next || self.rules.anticipate;
        let bounds = (
            range.0 + i32::from(self.rules.anticipate),
            range.1 - i32::from(now_won),
        );
        let pov = Self::pov(s);
        let max_side = |(lo, hi): (i32, i32)| if pov == 1 { (lo, hi) } else { (-hi, -lo) };
        Some(Reach {
            range: max_side(range),
            bounds: max_side(bounds),
        })
    }

    fn limits(&self) -> Limits {
        let area = self.shape.area() as u8;
        Limits {
            max_depth: area,
            max_budget: 10_000_000_000,
            max_qlimit: 0,
            no_quiescence: "Connect Four has no tactical moves for quiescence to follow",
            table_and_deepening: false,
            start_hint: " (give the position with --position)",
            ..Limits::SEED_000
        }
    }
}

#[cfg(test)]
mod tests;
