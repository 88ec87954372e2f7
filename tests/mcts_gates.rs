//! Statistical gates on Monte Carlo tree search (issue 22): tic-tac-toe, C = √2, random
//! playouts, many seeds. The winning and blocking squares come from the test's own board code
//! (a `[u8; 9]` and its own line test), never from prune; prune's move index is turned into a
//! square by the documented rule (move i is the i-th empty square in reading order).

mod common;

use common::ttt::LINES;

use prune::game::model::{GameSpec, ScoresSpec};
use prune::lesson::{Lesson, Overrides};
use prune::search::Algorithm;
use prune::search::mcts::{Playout, Real};

type Cells = [u8; 9];
const X: u8 = 1;
const O: u8 = 2;

fn cells(text: &str) -> Cells {
    let mut c = [0; 9];
    let marks = text.chars().filter(|ch| !ch.is_whitespace() && *ch != '/');
    for (i, ch) in marks.enumerate() {
        c[i] = match ch {
            'X' => X,
            'O' => O,
            _ => 0,
        };
    }
    c
}

fn has_line(c: &Cells, p: u8) -> bool {
    LINES.iter().any(|l| l.iter().all(|&q| c[q] == p))
}

fn to_move(c: &Cells) -> u8 {
    let xs = c.iter().filter(|&&v| v == X).count();
    let os = c.iter().filter(|&&v| v == O).count();
    if xs == os { X } else { O }
}

fn empty(c: &Cells) -> Vec<usize> {
    (0..9).filter(|&q| c[q] == 0).collect()
}

/// The squares where `p` completes a line at once.
fn winning_squares(c: &Cells, p: u8) -> Vec<usize> {
    empty(c)
        .into_iter()
        .filter(|&q| {
            let mut d = *c;
            d[q] = p;
            has_line(&d, p)
        })
        .collect()
}

fn other(p: u8) -> u8 {
    if p == X { O } else { X }
}

/// prune's most visited root move, as a square, after `iterations` with `seed`; and whether
/// the summary's own counts agree that it is the most visited (the first on a tie).
fn played_square(board: &str, iterations: u32, seed: u64) -> usize {
    let lesson = Lesson::of_game(&GameSpec::Tictactoe {
        board: board.into(),
        scores: ScoresSpec::Plain,
    })
    .unwrap();
    let over = Overrides {
        algorithm: Some(Algorithm::Mcts),
        iterations: Some(iterations),
        c: Some(Real(std::f64::consts::SQRT_2)),
        seed: Some(seed),
        playout: Some(Playout::Random),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &over).unwrap();
    let r = prune::run::plain(&lesson, &setup).unwrap();
    let m = r.mcts.as_ref().unwrap();
    let most = m.children.iter().map(|c| c.n).max().unwrap();
    let first = m.children.iter().find(|c| c.n == most).unwrap();
    assert_eq!(r.mv, first.mv, "{board} seed {seed}: the move played");
    empty(&cells(board))[r.mv as usize]
}

const SEEDS: u64 = 100;

/// Positions where the side to move wins at once (and where the opponent also threatens a
/// line, so that a move elsewhere is not just slower but loses).
const WINS: [&str; 6] = [
    "X X . / O O . / . . .",
    "X . . / O X . / O . .",
    "X O . / . X O / . . .",
    "X X . / O O . / X . .",
    "X O X / X O . / . . .",
    "X X O / . O . / . . X",
];

#[test]
fn an_immediate_win_is_played_after_200_iterations_in_every_seed() {
    let mut sides = [0; 2];
    for board in WINS {
        let c = cells(board);
        let me = to_move(&c);
        let wins = winning_squares(&c, me);
        assert!(!wins.is_empty(), "{board}: the test's position has a win");
        sides[(me == O) as usize] += 1;
        for seed in 1..=SEEDS {
            let sq = played_square(board, 200, seed);
            assert!(
                wins.contains(&sq),
                "{board} seed {seed}: played {sq}, wins are {wins:?}"
            );
        }
    }
    assert!(
        sides[0] >= 2 && sides[1] >= 2,
        "both X and O to move: {sides:?}"
    );
}

/// Positions where the side to move has no win and the opponent threatens exactly one line:
/// the one move that does not lose at once is the block. Four or five empty squares, X and O
/// to move. The first is seed 004's own block position (its only one: "X O X / . O . / . . .",
/// X to move, O threatening the middle column, the block at square 7, bottom-middle; the block
/// lesson's position); the other four are ours. The 100-iteration gate covers exactly these
/// five; the six-empty positions below are held to 400.
const BLOCKS: [&str; 5] = [
    "X O X / . O . / . . .",
    "X . . / O O . / . . X",
    "O X . / . O . / X . .",
    "X X . / O . . / X O .",
    "X O . / X . . / O . X",
];

/// The same with six empty squares (O to move after three marks): 100 iterations are too few
/// here (over 200 seeds, "O X . / . X . / . . ." blocked in 88 and "O . . / X X . / . . ." in
/// 79 after 100 iterations, in every seed after 400), so these are held to 400.
const WIDE_BLOCKS: [&str; 4] = [
    "O X . / . X . / . . .",
    "O . . / X X . / . . .",
    "X X . / . O . / . . .",
    "X . O / . . . / . . X",
];

/// The one square that does not lose at once, by the test's own line test.
fn block_square(board: &str) -> (u8, usize) {
    let c = cells(board);
    let me = to_move(&c);
    assert!(
        winning_squares(&c, me).is_empty(),
        "{board}: no win of its own"
    );
    let threats = winning_squares(&c, other(me));
    assert_eq!(threats.len(), 1, "{board}: one threat to block");
    (me, threats[0])
}

#[test]
fn a_forced_block_is_played_after_100_iterations_in_every_seed() {
    let mut sides = [0; 2];
    for board in BLOCKS {
        let (me, block) = block_square(board);
        sides[(me == O) as usize] += 1;
        for seed in 1..=SEEDS {
            assert_eq!(
                played_square(board, 100, seed),
                block,
                "{board} seed {seed}"
            );
        }
    }
    assert!(
        sides[0] >= 2 && sides[1] >= 2,
        "both X and O to move: {sides:?}"
    );
}

#[test]
fn a_forced_block_with_six_empty_squares_is_played_after_400_iterations_in_every_seed() {
    for board in WIDE_BLOCKS {
        let (_, block) = block_square(board);
        for seed in 1..=SEEDS {
            assert_eq!(
                played_square(board, 400, seed),
                block,
                "{board} seed {seed}"
            );
        }
    }
}

#[test]
fn the_centre_is_the_most_visited_first_move_in_95_percent_of_seeds() {
    let board = ". . . / . . . / . . .";
    let centre = (1..=SEEDS)
        .filter(|&seed| played_square(board, 10_000, seed) == 4)
        .count();
    assert!(
        centre * 100 >= 95 * SEEDS as usize,
        "the centre in {centre} of {SEEDS} seeds"
    );
}
