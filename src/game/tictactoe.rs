//! Tic-tac-toe as seed 004 states it: a 3×3 board and the side to move, X first; an action
//! marks an empty square; a line of three ends the game at once and a full board without
//! one is a draw.
//!
//! - Squares are numbered 0..8 row-major; the moves of a position are its empty squares in
//!   that order, so move `i` is the `i`-th empty square and its name is the square's number.
//! - X is MAX. Scores are from X's side: `plain` is +1 / 0 / −1 (seed 004), `depth` scores a
//!   win reached `d` plies after the root as 100 − d and a loss as −100 + d (seed 004's
//!   faster-win rule). `d` is the number of marks added since the root, so it is a property
//!   of the position and the table may keep it.
//! - The static evaluation at a depth horizon is the open-line difference: the lines (rows,
//!   columns, diagonals) with no O, minus the lines with no X. It lies in −8..=8, so under
//!   `depth` scores it always sits strictly between a loss (≤ −91) and a win (≥ 91); under
//!   `plain` scores it does not (a horizon can outscore a win), which the lesson says.
//! - A position's key is its base-3 code (square i counts 3^i: 1 for X, 2 for O), below
//!   3^9 = 19,683, so tables stay flat arrays.

use super::{Game, Limits, Side};

/// The 8 lines of three, as square masks.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Whether the squares of `mask` (bit i for square i) hold a line of three.
pub fn has_line(mask: u16) -> bool {
    WINS[(mask & FULL) as usize]
}

const FULL: u16 = 0b111_111_111;
pub const ID_BOUND: u32 = 19_683;

/// `WINS[mask]`: whether the squares in `mask` hold a line of three.
static WINS: [bool; 512] = {
    let mut t = [false; 512];
    let mut m = 0;
    while m < 512 {
        let mut l = 0;
        while l < 8 {
            if m as u16 & LINES[l] == LINES[l] {
                t[m] = true;
            }
            l += 1;
        }
        m += 1;
    }
    t
};

/// `ONES[mask]`: how many squares `mask` holds. The default target has no population-count
/// instruction, and a Monte Carlo playout counted marks five times a move (about 15
/// instructions each); a table read is one.
static ONES: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u16).count_ones() as u8;
        m += 1;
    }
    t
};

/// The squares in `mask`: `mask.count_ones()`, from the table for a mask of the board's.
#[inline]
fn ones(mask: u16) -> u32 {
    match ONES.get(mask as usize) {
        Some(&n) => n.into(),
        None => mask.count_ones(),
    }
}

/// `TERNARY[mask]`: the sum of 3^i over the squares in `mask`.
static TERNARY: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let (mut sum, mut pow, mut i) = (0u16, 1u16, 0);
        while i < 9 {
            if m & (1 << i) != 0 {
                sum += pow;
            }
            pow *= 3;
            i += 1;
        }
        t[m] = sum;
        m += 1;
    }
    t
};

/// A position: which squares hold X and which hold O (bit i is square i).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub x: u16,
    pub o: u16,
}

impl Board {
    pub const EMPTY: Board = Board { x: 0, o: 0 };

    /// Reads 9 squares row-major from `X`, `O` and `.`; whitespace and `/` are ignored.
    /// The counts must fit X moving first, and no one plays after a win.
    pub fn parse(text: &str) -> Result<Board, String> {
        Board::squares(text)?.legal()
    }

    /// The 9 squares of `text`, whether or not the rules reach that board.
    pub fn squares(text: &str) -> Result<Board, String> {
        let mut board = Board::EMPTY;
        let mut squares = 0usize;
        for c in text.chars() {
            if c.is_whitespace() || c == '/' {
                continue;
            }
            let bit = if squares < 9 { 1 << squares } else { 0 };
            match c {
                'X' => board.x |= bit,
                'O' => board.o |= bit,
                '.' => {}
                other => {
                    return Err(format!(
                        "board: '{}' is not a square (write X, O or . for each of the 9 squares, row by row; spaces and / are ignored)",
                        other.escape_debug()
                    ));
                }
            }
            squares += 1;
        }
        if squares != 9 {
            return Err(format!(
                "board: a board has 9 squares, this one has {squares} (write X, O or . row by row, e.g. \"XOX/.O./...\")"
            ));
        }
        Ok(board)
    }

    /// The board, if the rules reach it: the counts fit X moving first, and no one played
    /// after a win.
    pub fn legal(self) -> Result<Board, String> {
        let board = self;
        let (xs, os) = (board.x.count_ones(), board.o.count_ones());
        if xs != os && xs != os + 1 {
            return Err(format!(
                "board: X has {xs} mark{} and O has {os}; X moves first, so X has as many marks as O or one more",
                if xs == 1 { "" } else { "s" }
            ));
        }
        let (x_won, o_won) = (WINS[board.x as usize], WINS[board.o as usize]);
        if x_won && o_won {
            return Err(
                "board: both X and O have a line of three, but play stops at the first".into(),
            );
        }
        if x_won && xs != os + 1 {
            return Err(
                "board: X has a line of three, so X moved last, yet O has played after it".into(),
            );
        }
        if o_won && xs != os {
            return Err(
                "board: O has a line of three, so O moved last, yet X has played after it".into(),
            );
        }
        Ok(board)
    }

    /// The board as 9 characters in rows of 3: "XOX/.O./...".
    /// The board's three rows of cells and whose turn it is, or how the game ended: what
    /// the catalog keeps for the tutor's board pane.
    pub fn rows(&self) -> (Vec<String>, String) {
        let rows = (0..3)
            .map(|r| (0..3).map(|c| self.cell(r * 3 + c)).collect())
            .collect();
        let note = if self.x_won() {
            "X won"
        } else if self.o_won() {
            "O won"
        } else if self.marks() == 9 {
            "draw"
        } else if self.to_move() == Side::Max {
            "X to move"
        } else {
            "O to move"
        };
        (rows, note.to_string())
    }

    pub fn text(&self) -> String {
        let mut s = String::with_capacity(11);
        for sq in 0..9usize {
            if sq > 0 && sq.is_multiple_of(3) {
                s.push('/');
            }
            s.push(self.cell(sq));
        }
        s
    }

    /// 'X', 'O' or '.' for square `sq`.
    pub fn cell(&self, sq: usize) -> char {
        if self.x >> sq & 1 == 1 {
            'X'
        } else if self.o >> sq & 1 == 1 {
            'O'
        } else {
            '.'
        }
    }

    #[inline]
    pub fn marks(&self) -> u32 {
        ones(self.x | self.o)
    }

    /// X moves when the counts are equal.
    #[inline]
    pub fn to_move(&self) -> Side {
        if ones(self.x) == ones(self.o) {
            Side::Max
        } else {
            Side::Min
        }
    }

    pub fn x_won(&self) -> bool {
        WINS[self.x as usize]
    }

    pub fn o_won(&self) -> bool {
        WINS[self.o as usize]
    }

    /// A line of three, or a full board.
    pub fn finished(&self) -> bool {
        self.x_won() || self.o_won() || self.x | self.o == FULL
    }

    /// The base-3 code (see the module comment).
    #[inline]
    pub fn code(&self) -> u32 {
        TERNARY[self.x as usize] as u32 + 2 * TERNARY[self.o as usize] as u32
    }

    /// The board of a base-3 code (`None` beyond 3^9).
    pub fn from_code(mut code: u32) -> Option<Board> {
        if code >= ID_BOUND {
            return None;
        }
        let mut b = Board::EMPTY;
        for sq in 0..9 {
            match code % 3 {
                1 => b.x |= 1 << sq,
                2 => b.o |= 1 << sq,
                _ => {}
            }
            code /= 3;
        }
        Some(b)
    }

    /// The square of the `index`-th empty square (in square order).
    #[inline]
    pub fn empty_square(&self, index: usize) -> usize {
        let mut empty = !(self.x | self.o) & FULL;
        for _ in 0..index {
            empty &= empty - 1;
        }
        empty.trailing_zeros() as usize
    }

    /// Lines with no O minus lines with no X.
    pub fn open_lines(&self) -> i32 {
        let open_x = LINES.iter().filter(|&&l| l & self.o == 0).count() as i32;
        let open_o = LINES.iter().filter(|&&l| l & self.x == 0).count() as i32;
        open_x - open_o
    }
}

/// How finished games are scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// +1 / 0 / −1 from X's side.
    Plain,
    /// 100 − d for a win d plies after the root, −100 + d for a loss, 0 for a draw.
    Depth,
    /// Seed 002's convention: MATE − d for a win d plies after the root, −MATE + d for a
    /// loss, 0 for a draw (a stalemate's score); see `value::mate_report`.
    Mate,
}

impl Scoring {
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Plain => "plain",
            Scoring::Depth => "depth",
            Scoring::Mate => "mate",
        }
    }
}

#[derive(Clone, Debug)]
pub struct TicTacToe {
    pub root: Board,
    pub scoring: Scoring,
}

impl TicTacToe {
    pub fn new(root: Board, scoring: Scoring) -> TicTacToe {
        TicTacToe { root, scoring }
    }

    /// The name of move `index` of `board`: the square it marks.
    pub fn move_name(board: Board, index: usize) -> String {
        board.empty_square(index).to_string()
    }

    /// Where square `sq` is, in words ("bottom-middle").
    pub fn square_words(sq: usize) -> &'static str {
        [
            "top-left",
            "top-middle",
            "top-right",
            "middle-left",
            "center",
            "middle-right",
            "bottom-left",
            "bottom-middle",
            "bottom-right",
        ][sq.min(8)]
    }
}

impl Game for TicTacToe {
    type State = Board;

    #[inline]
    fn key(&self, s: Board) -> u64 {
        u64::from(s.code())
    }

    fn key_bound(&self) -> Option<u64> {
        Some(u64::from(ID_BOUND))
    }

    fn name(&self, s: Board) -> String {
        s.text()
    }

    fn move_name(&self, s: Board, index: usize) -> Option<String> {
        (index < self.move_count(s)).then(|| TicTacToe::move_name(s, index))
    }

    fn parse(&self, name: &str) -> Result<Board, String> {
        Board::parse(name)
    }

    fn cannot_arise(&self, name: &str) -> Option<String> {
        Board::squares(name).ok()?.legal().err()
    }

    fn outcomes(&self) -> crate::game::Outcomes {
        crate::game::Outcomes {
            by_sign: ["X wins", "O wins", "draws"],
            sign_keys: ["x_wins", "o_wins", "draws"],
            results: ["X wins", "O wins", "draws"],
            result_keys: ["x_wins", "o_wins", "draws"],
            games: true,
        }
    }

    fn board(&self, s: Board) -> Option<(Vec<String>, String)> {
        Some(s.rows())
    }

    /// A move is written as the square it marks.
    fn move_number(&self, s: Board, index: usize) -> Option<i64> {
        (index < self.move_count(s)).then(|| s.empty_square(index) as i64)
    }

    fn notation(&self) -> &'static str {
        "a board row by row, X, O or . per square, rows split by /: XO./.X./..."
    }

    #[inline]
    fn side(&self, s: Board) -> Side {
        s.to_move()
    }

    fn score(&self, s: Board) -> Option<i32> {
        if s.finished() {
            self.utility(s)
        } else {
            self.evaluate(s)
        }
    }

    #[inline]
    fn utility(&self, s: Board) -> Option<i32> {
        let sign = if s.x_won() {
            1
        } else if s.o_won() {
            -1
        } else {
            return Some(0);
        };
        Some(match self.scoring {
            Scoring::Plain => sign,
            Scoring::Depth => sign * (100 - (s.marks() - self.root.marks()) as i32),
            Scoring::Mate => sign * (crate::value::MATE - (s.marks() - self.root.marks()) as i32),
        })
    }

    fn win_after(&self, plies: u32) -> Option<i32> {
        Some(match self.scoring {
            Scoring::Plain => 1,
            Scoring::Depth => 100 - plies as i32,
            Scoring::Mate => crate::value::MATE - plies as i32,
        })
    }

    #[inline]
    fn evaluate(&self, s: Board) -> Option<i32> {
        Some(s.open_lines())
    }

    #[inline]
    fn move_count(&self, s: Board) -> usize {
        if s.x_won() || s.o_won() {
            0
        } else {
            9 - s.marks() as usize
        }
    }

    #[inline]
    fn child(&self, s: Board, index: usize) -> Board {
        let bit = 1 << s.empty_square(index);
        if s.to_move() == Side::Max {
            Board {
                x: s.x | bit,
                o: s.o,
            }
        } else {
            Board {
                x: s.x,
                o: s.o | bit,
            }
        }
    }

    fn is_tactical(&self, _: Board, _: usize) -> bool {
        false
    }

    fn limits(&self) -> Limits {
        Limits {
            max_depth: 9,
            // Iterative deepening from the empty board runs nine passes of up to 549,946 calls.
            max_budget: 10_000_000,
            max_qlimit: 0,
            no_quiescence: "tic-tac-toe has no tactical moves for quiescence to follow",
            start_hint: " (give the position with --board)",
            ..Limits::SEED_000
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_read_and_print() {
        let b = Board::parse("X O X / . O . / . . .").unwrap();
        assert_eq!(b.text(), "XOX/.O./...");
        assert_eq!(b.to_move(), Side::Max);
        assert_eq!(Board::from_code(b.code()), Some(b));
        assert_eq!(b.empty_square(0), 3);
        assert_eq!(b.empty_square(3), 7);
    }

    #[test]
    fn bad_boards_say_why() {
        for (text, words) in [
            ("XOX.O...", "has 8"),
            ("XOX.O....X", "has 10"),
            ("XOZ.O....", "'Z' is not a square"),
            ("XX.......", "X has 2 marks and O has 0"),
            ("XXXOO.O..", "X has a line of three"),
            ("OOOXX.XX.", "O has a line of three"),
            ("XXXOOO...", "both X and O"),
        ] {
            let e = Board::parse(text).unwrap_err();
            assert!(e.contains(words), "{text}: {e}");
        }
    }

    #[test]
    fn scores_follow_the_rules() {
        let g = TicTacToe::new(Board::EMPTY, Scoring::Depth);
        let won = Board::parse("XXX/OO./...").unwrap();
        assert_eq!(g.move_count(won), 0);
        assert_eq!(g.utility(won), Some(95));
        let plain = TicTacToe::new(Board::EMPTY, Scoring::Plain);
        assert_eq!(plain.utility(won), Some(1));
        assert_eq!(Board::EMPTY.open_lines(), 0);
    }
}
