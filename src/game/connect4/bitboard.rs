//! A Connect Four position as two bitboards, the representation every fast Connect Four
//! program uses: one bit per cell, column by column from the bottom, each column followed by
//! one spare bit so that a shift never carries a stone from the top of one column into the
//! bottom of the next. A line of four is then four shifts and three ANDs.
//!
//! `mine` holds the stones of the side to move, `all` every stone; the opponent's are
//! `mine ^ all`. Playing a stone is `mine ^= all; all |= cell` (the mover changes), and
//! `mine + all` is a unique number for the position (the table's key): adding the column's
//! bottom bit to the stones below the lowest empty cell turns them into one marker bit.

/// `$body` with the const `$H` the board's height (4 to 8, `MIN_SIDE..=MAX_HEIGHT`), so that
/// the bit operations under it shift by constants: one dispatch on the height for a whole
/// position's tests instead of one per test.
macro_rules! by_height {
    ($height:expr, $H:ident => $body:expr) => {
        match $height {
            4 => {
                const $H: u32 = 4;
                $body
            }
            5 => {
                const $H: u32 = 5;
                $body
            }
            6 => {
                const $H: u32 = 6;
                $body
            }
            7 => {
                const $H: u32 = 7;
                $body
            }
            _ => {
                const $H: u32 = 8;
                $body
            }
        }
    };
}
pub(crate) use by_height;

/// The board's shape and the masks every operation needs, computed once per game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub width: u8,
    pub height: u8,
    /// The bottom cell of every column.
    bottom: u64,
    /// Every playable cell.
    cells: u64,
    /// The columns from the centre outwards (`centre_first`), computed once: the move
    /// generator walks them at every position.
    order: [u8; MAX_WIDTH as usize],
    /// The cells of each column, computed once for the same reason.
    columns: [u64; MAX_WIDTH as usize],
}

/// The smallest and largest boards the game accepts. Four in a row needs room for four, and
/// a column and its spare bit for every column must fit in 64 bits.
pub const MIN_SIDE: u8 = 4;
pub const MAX_WIDTH: u8 = 9;
pub const MAX_HEIGHT: u8 = 8;

impl Shape {
    pub fn new(width: u8, height: u8) -> Result<Shape, String> {
        let fits = (MIN_SIDE..=MAX_WIDTH).contains(&width)
            && (MIN_SIDE..=MAX_HEIGHT).contains(&height)
            && u32::from(width) * (u32::from(height) + 1) <= 64;
        if !fits {
            return Err(format!(
                "a board of {width}×{height} is out of range: width {MIN_SIDE}..={MAX_WIDTH}, height {MIN_SIDE}..={MAX_HEIGHT}, and width × (height + 1) at most 64"
            ));
        }
        let mut bottom = 0u64;
        for c in 0..width {
            bottom |= 1 << (u32::from(c) * (u32::from(height) + 1));
        }
        let w = i32::from(width);
        let mut order = [0u8; MAX_WIDTH as usize];
        for (i, slot) in order.iter_mut().enumerate().take(width as usize) {
            let i = i as i32;
            let side = if i % 2 == 0 { 1 } else { -1 };
            *slot = (w / 2 + side * (i + 1) / 2) as u8;
        }
        let mut columns = [0u64; MAX_WIDTH as usize];
        for (c, mask) in columns.iter_mut().enumerate().take(width as usize) {
            *mask = ((1u64 << height) - 1) << (c as u32 * (u32::from(height) + 1));
        }
        Ok(Shape {
            width,
            height,
            bottom,
            cells: bottom * ((1 << height) - 1),
            order,
            columns,
        })
    }

    pub fn area(&self) -> u32 {
        u32::from(self.width) * u32::from(self.height)
    }

    /// The bits of column `c`'s cells.
    #[inline]
    pub fn column(&self, c: u8) -> u64 {
        self.columns[c as usize]
    }

    /// The top cell of column `c`.
    #[inline]
    fn top(&self, c: u8) -> u64 {
        1u64 << (u32::from(self.height) - 1 + u32::from(c) * (u32::from(self.height) + 1))
    }

    /// The columns from the centre outwards, left before right at equal distance: where a
    /// stone takes part in the most lines, so where good moves usually are.
    pub fn centre_first(&self) -> impl Iterator<Item = u8> + '_ {
        self.order[..self.width as usize].iter().copied()
    }

    /// The cells where `stones` would complete a line of four, among the empty cells of
    /// `all` (filled or not yet playable).
    #[inline(always)]
    pub fn threats(&self, stones: u64, all: u64) -> u64 {
        by_height!(self.height, H => self.threats_in::<H>(stones, all))
    }

    /// `threats` on a board `H` cells high (`H` is `height`): every shift is by a constant,
    /// where a shift by a register costs more, and the solver asks this several times per
    /// position. Its caller dispatches on the height once for all of them (`by_height`).
    // Always inlined: left to the compiler it stayed a call, a third of a solve's
    // instructions.
    #[inline(always)]
    pub fn threats_in<const H: u32>(&self, stones: u64, all: u64) -> u64 {
        threats_of::<H>(stones) & (self.cells ^ all)
    }

    /// Whether `stones` hold a line of four.
    #[inline(always)]
    pub fn has_four(&self, stones: u64) -> bool {
        by_height!(self.height, H => has_four_of::<H>(stones))
    }
}

/// `Shape::threats` on a board `H` cells high, before the empty-cell mask.
#[inline(always)]
fn threats_of<const H: u32>(stones: u64) -> u64 {
    // Vertical: three stones below.
    let mut r = (stones << 1) & (stones << 2) & (stones << 3);
    // Horizontal and both diagonals: a step of H + 1, H and H + 2 bits.
    for step in [H + 1, H, H + 2] {
        let pair_left = (stones << step) & (stones << (2 * step));
        r |= pair_left & (stones << (3 * step));
        r |= pair_left & (stones >> step);
        let pair_right = (stones >> step) & (stones >> (2 * step));
        r |= pair_right & (stones << step);
        r |= pair_right & (stones >> (3 * step));
    }
    r
}

/// `Shape::has_four` on a board `H` cells high.
#[inline(always)]
fn has_four_of<const H: u32>(stones: u64) -> bool {
    [1, H + 1, H, H + 2].into_iter().any(|step| {
        let pairs = stones & (stones >> step);
        pairs & (pairs >> (2 * step)) != 0
    })
}

/// A position: the side to move's stones, all stones, and how many have been played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub mine: u64,
    pub all: u64,
    pub played: u8,
}

impl Position {
    pub const EMPTY: Position = Position {
        mine: 0,
        all: 0,
        played: 0,
    };

    /// Whether the first player (X) is to move: an even number of stones is down.
    #[inline]
    pub fn first_to_move(&self) -> bool {
        self.played.is_multiple_of(2)
    }

    /// The table's key: unique per position (see the module comment).
    #[inline]
    pub fn key(&self) -> u64 {
        self.mine + self.all
    }

    /// The lowest empty cell of every column that is not full.
    #[inline]
    pub fn playable(&self, shape: &Shape) -> u64 {
        (self.all + shape.bottom) & shape.cells
    }

    #[inline]
    pub fn can_play(&self, shape: &Shape, column: u8) -> bool {
        self.all & shape.top(column) == 0
    }

    /// The position after the side to move drops a stone on `cell` (one playable cell).
    #[inline]
    pub fn play(&self, cell: u64) -> Position {
        Position {
            mine: self.mine ^ self.all,
            all: self.all | cell,
            played: self.played + 1,
        }
    }

    /// The cell a stone dropped in `column` lands on.
    #[inline]
    pub fn cell_in(&self, shape: &Shape, column: u8) -> u64 {
        (self.all + shape.bottom) & shape.column(column)
    }

    /// Whether the side to move completes four with its next stone, on a board `H` high.
    #[inline(always)]
    pub fn wins_now_in<const H: u32>(&self, shape: &Shape) -> bool {
        shape.threats_in::<H>(self.mine, self.all) & self.playable(shape) != 0
    }

    /// Whether the player who moved last has four in a row.
    #[inline]
    pub fn last_mover_won(&self, shape: &Shape) -> bool {
        shape.has_four(self.mine ^ self.all)
    }

    /// `last_mover_won` on a board `H` high.
    #[inline(always)]
    pub fn last_mover_won_in<const H: u32>(&self) -> bool {
        has_four_of::<H>(self.mine ^ self.all)
    }

    /// The playable cells that do not hand the opponent a win on its next stone, on a board
    /// `H` high: a stone under one of the opponent's threats is refused, and when the
    /// opponent threatens to win at once, the only candidates are the cells that block it
    /// (none when it threatens twice). Assumes the side to move cannot win at once.
    #[inline(always)]
    pub fn safe_cells_in<const H: u32>(&self, shape: &Shape) -> u64 {
        let mut open = self.playable(shape);
        let theirs = shape.threats_in::<H>(self.mine ^ self.all, self.all);
        let forced = open & theirs;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            open = forced;
        }
        open & !(theirs >> 1)
    }

    /// How many threats the side to move has after a stone on `cell`, on a board `H` high:
    /// the tutorial's measure of how promising a move is.
    #[inline(always)]
    pub fn threats_after_in<const H: u32>(&self, shape: &Shape, cell: u64) -> u32 {
        shape
            .threats_in::<H>(self.mine | cell, self.all)
            .count_ones()
    }

    /// The stone of (column, row) from the first player's side: 1 first player, 2 second, 0
    /// empty.
    pub fn owner(&self, shape: &Shape, column: u8, row: u8) -> u8 {
        let bit = 1u64 << (u32::from(column) * (u32::from(shape.height) + 1) + u32::from(row));
        if self.all & bit == 0 {
            return 0;
        }
        let mover_is_first = self.first_to_move();
        let mover_has = self.mine & bit != 0;
        if mover_has == mover_is_first { 1 } else { 2 }
    }
}
