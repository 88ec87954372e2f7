//! The tests' own tic-tac-toe lines (not the project's), for the oracles that play the game
//! themselves.

/// The eight lines of three squares, squares numbered 0..9 row by row.
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];
