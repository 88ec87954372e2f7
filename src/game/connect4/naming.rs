//! How Connect Four positions are written: the columns played from the empty board, 1-based
//! (`4453`), read back with every rule checked, and rebuilt from the stones alone.

use std::collections::HashSet;

use super::bitboard::{Position, Shape};

/// The empty board's name (an empty sequence would be invisible in a message).
pub const EMPTY_NAME: &str = "empty";

/// The position `moves` reaches from the empty board. Every rule is checked: a column on
/// the board, a column with room, no move once someone has four.
pub fn play(shape: &Shape, moves: &str) -> Result<Position, String> {
    let text = moves.trim();
    let mut at = Position::EMPTY;
    if text.is_empty() || text == EMPTY_NAME || text == "-" {
        return Ok(at);
    }
    for (i, ch) in text.chars().enumerate() {
        let n = i + 1;
        let column = ch
            .to_digit(10)
            .filter(|&d| (1..=u32::from(shape.width)).contains(&d))
            .ok_or_else(|| {
                format!(
                    "move {n} ('{}') is not a column: the columns are 1 to {}",
                    crate::text::cut(&ch.to_string()),
                    shape.width
                )
            })? as u8
            - 1;
        if at.last_mover_won(shape) {
            return Err(format!(
                "move {n} (column {}) comes after the game ended: {} already has four",
                column + 1,
                if !at.first_to_move() { "X" } else { "O" }
            ));
        }
        if !at.can_play(shape, column) {
            return Err(format!(
                "move {n} (column {}) is played in a full column",
                column + 1
            ));
        }
        at = at.play(at.cell_in(shape, column));
    }
    Ok(at)
}

/// One sequence of columns that reaches `s` with nobody lining up four before its last
/// stone: the same for the same position, however it was reached. Rebuilt backwards, taking
/// the last mover's top stones from the leftmost column first. A position that holds every
/// stone of `root` (the game's start, reached by `root_moves`) is named by those moves and
/// then the moves from the root, so a search's positions all read as the start plus what
/// was played since.
pub fn name(shape: &Shape, s: Position, root: Position, root_moves: &str) -> String {
    let (floor, prefix) = if contains(s, root) {
        (root, root_moves)
    } else {
        (Position::EMPTY, "")
    };
    let mut reversed = Vec::with_capacity(s.played as usize);
    let mut dead_ends = HashSet::new();
    if !unplay(shape, s, floor, true, &mut reversed, &mut dead_ends) {
        return EMPTY_NAME.into();
    }
    let name: String = prefix
        .chars()
        .chain(reversed.iter().rev().map(|c| char::from(b'1' + c)))
        .collect();
    if name.is_empty() {
        EMPTY_NAME.into()
    } else {
        name
    }
}

/// The first player's stones.
fn firsts(p: Position) -> u64 {
    if p.first_to_move() {
        p.mine
    } else {
        p.mine ^ p.all
    }
}

/// Whether `s` holds every stone of `root`, each of the same colour.
fn contains(s: Position, root: Position) -> bool {
    s.played >= root.played && root.all & !s.all == 0 && firsts(root) & !firsts(s) == 0
}

/// Takes stones off `s` one at a time, last mover first, never one of `floor`'s, until only
/// `floor` is left; `last` is true for the final stone played, the only one that may
/// complete four.
fn unplay(
    shape: &Shape,
    s: Position,
    floor: Position,
    last: bool,
    out: &mut Vec<u8>,
    dead_ends: &mut HashSet<u64>,
) -> bool {
    if s.played == floor.played {
        return s == floor;
    }
    let theirs = s.mine ^ s.all;
    if !last && (shape.has_four(theirs) || shape.has_four(s.mine)) {
        return false;
    }
    if dead_ends.contains(&s.key()) {
        return false;
    }
    for c in 0..shape.width {
        let column = s.all & shape.column(c);
        if column == 0 {
            continue;
        }
        // The column's top stone: its highest set bit.
        let top = 1u64 << (63 - column.leading_zeros());
        if theirs & top == 0 || floor.all & top != 0 {
            continue;
        }
        let before = Position {
            mine: theirs ^ top,
            all: s.all ^ top,
            played: s.played - 1,
        };
        out.push(c);
        if unplay(shape, before, floor, false, out, dead_ends) {
            return true;
        }
        out.pop();
    }
    dead_ends.insert(s.key());
    false
}

/// The board's rows from the top, `X` for the first player's stones and `O` for the
/// second's.
pub fn rows(shape: &Shape, s: Position) -> Vec<String> {
    (0..shape.height)
        .rev()
        .map(|row| {
            (0..shape.width)
                .map(|c| match s.owner(shape, c, row) {
                    1 => 'X',
                    2 => 'O',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}
