//! Tic-tac-toe against an enumerator written here, with its own board code (a `[u8; 9]`
//! of 0 / 1 / 2, its own line test), never the project's: seed 004's counts (255,168 games,
//! 131,184 / 77,904 / 46,080, 5,478 positions), the calls of full minimax and of alpha-beta
//! from the empty board, and the `X O X / . O . / . . .` position move by move.

mod common;

use std::collections::HashSet;
use std::process::Command;

use prune::game::model::{GameSpec, ScoresSpec};
use prune::lesson::{Lesson, Overrides};
use prune::search::Algorithm;

type Cells = [u8; 9];

const X: u8 = 1;
const O: u8 = 2;

fn winner(c: &Cells) -> u8 {
    const L: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    for l in L {
        if c[l[0]] != 0 && c[l[0]] == c[l[1]] && c[l[1]] == c[l[2]] {
            return c[l[0]];
        }
    }
    0
}

fn to_move(c: &Cells) -> u8 {
    let xs = c.iter().filter(|&&v| v == X).count();
    let os = c.iter().filter(|&&v| v == O).count();
    if xs == os { X } else { O }
}

fn finished(c: &Cells) -> Option<i32> {
    match winner(c) {
        X => Some(1),
        O => Some(-1),
        _ if c.iter().all(|&v| v != 0) => Some(0),
        _ => None,
    }
}

fn cells(text: &str) -> Cells {
    let mut c = [0; 9];
    let squares: Vec<char> = text
        .chars()
        .filter(|ch| !ch.is_whitespace() && *ch != '/')
        .collect();
    for (i, ch) in squares.iter().enumerate() {
        c[i] = match ch {
            'X' => X,
            'O' => O,
            _ => 0,
        };
    }
    c
}

fn text(c: &Cells) -> String {
    c.iter()
        .map(|&v| match v {
            X => 'X',
            O => 'O',
            _ => '.',
        })
        .collect()
}

#[derive(Default)]
struct Tally {
    calls: u64,
    games: [u64; 3],
    seen: HashSet<Cells>,
}

/// Every game to its end, counting each position visited (a call of full minimax).
fn enumerate(c: &mut Cells, t: &mut Tally) -> i32 {
    t.calls += 1;
    t.seen.insert(*c);
    if let Some(v) = finished(c) {
        t.games[match v {
            1 => 0,
            -1 => 1,
            _ => 2,
        }] += 1;
        return v;
    }
    let me = to_move(c);
    let mut best = if me == X { i32::MIN } else { i32::MAX };
    for sq in 0..9 {
        if c[sq] == 0 {
            c[sq] = me;
            let v = enumerate(c, t);
            c[sq] = 0;
            best = if me == X { best.max(v) } else { best.min(v) };
        }
    }
    best
}

/// Alpha-beta with squares in order and a cut as soon as α ≥ β, counting calls.
fn alphabeta(c: &mut Cells, mut alpha: i32, mut beta: i32, calls: &mut u64) -> i32 {
    *calls += 1;
    if let Some(v) = finished(c) {
        return v;
    }
    let me = to_move(c);
    let mut best = if me == X { -1000 } else { 1000 };
    for sq in 0..9 {
        if c[sq] != 0 {
            continue;
        }
        c[sq] = me;
        let v = alphabeta(c, alpha, beta, calls);
        c[sq] = 0;
        if me == X {
            best = best.max(v);
            alpha = alpha.max(best);
        } else {
            best = best.min(v);
            beta = beta.min(best);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

fn lesson(board: &str) -> Lesson {
    Lesson::of_game(&GameSpec::Tictactoe {
        board: board.into(),
        scores: ScoresSpec::Plain,
    })
    .unwrap()
}

fn full_run(algorithm: Algorithm) -> Overrides {
    Overrides {
        depth: Some(9),
        algorithm: Some(algorithm),
        deepening: Some(false),
        table: Some(false),
        ordering: Some(false),
        ..Overrides::default()
    }
}

#[test]
fn the_enumerator_gives_the_seed_counts() {
    let mut t = Tally::default();
    let v = enumerate(&mut [0; 9], &mut t);
    assert_eq!(v, 0);
    assert_eq!(t.games.iter().sum::<u64>(), 255_168);
    assert_eq!(t.games, [131_184, 77_904, 46_080]);
    assert_eq!(t.seen.len(), 5_478);
}

#[test]
fn count_equals_the_enumerator() {
    let mut t = Tally::default();
    enumerate(&mut [0; 9], &mut t);
    let l = lesson("");
    let setup = l.setup(None, &full_run(Algorithm::Minimax)).unwrap();
    let (result, c) = prune::run::count(&l, &setup).unwrap();
    assert_eq!(c.calls, t.calls);
    assert_eq!(result.stats.nodes, t.calls);
    assert_eq!(c.leaves, t.games.iter().sum::<u64>());
    assert_eq!(c.terminal, t.games);
    assert_eq!(c.distinct, t.seen.len() as u64);
    assert_eq!(result.score, 0);
}

#[test]
fn alphabeta_calls_equal_the_enumerator() {
    let mut calls = 0;
    let v = alphabeta(&mut [0; 9], -1000, 1000, &mut calls);
    let l = lesson("");
    let setup = l.setup(None, &full_run(Algorithm::AlphaBeta)).unwrap();
    let r = prune::run::plain(&l, &setup).unwrap();
    assert_eq!((r.stats.nodes, r.score), (calls, v));
}

/// `prune count` on full minimax from the empty board: one pass, no table.
const FULL_GAME_COUNT: [&str; 11] = [
    "count",
    "--game",
    "tictactoe",
    "--algorithm",
    "minimax",
    "--depth",
    "9",
    "--id",
    "off",
    "--tt",
    "off",
];

#[test]
fn count_command_prints_the_seed_figures() {
    let (code, text, err) = common::run_prune(&FULL_GAME_COUNT);
    assert_eq!(code, Some(0), "{err}");
    let mut t = Tally::default();
    enumerate(&mut [0; 9], &mut t);
    let sep = |n: u64| {
        let s = n.to_string();
        let mut o = String::new();
        for (i, ch) in s.chars().enumerate() {
            if i > 0 && (s.len() - i).is_multiple_of(3) {
                o.push(',');
            }
            o.push(ch);
        }
        o
    };
    let games = format!(
        "{} ({} X wins, {} O wins, {} draws)",
        sep(t.games.iter().sum()),
        sep(t.games[0]),
        sep(t.games[1]),
        sep(t.games[2])
    );
    assert!(text.contains(&games), "{text}");
    assert!(
        text.contains(&format!("distinct positions: {}", sep(t.seen.len() as u64))),
        "{text}"
    );
    // The JSON form carries the same figures.
    let json_args: Vec<&str> = FULL_GAME_COUNT.iter().copied().chain(["--json"]).collect();
    let (_, json, _) = common::run_prune(&json_args);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["terminal"]["x_wins"], t.games[0]);
    assert_eq!(v["terminal"]["o_wins"], t.games[1]);
    assert_eq!(v["terminal"]["draws"], t.games[2]);
    assert_eq!(v["distinct"], t.seen.len() as u64);
    assert_eq!(v["calls"], t.calls);
}

/// The value of `c` by the test's own full minimax.
fn value(c: &mut Cells) -> i32 {
    enumerate(c, &mut Tally::default())
}

#[test]
fn the_block_position_move_by_move() {
    let board = "X O X / . O . / . . .";
    let root = cells(board);
    // The test's own minimax: square 7 (bottom-middle) draws, every other move loses.
    let mut expected = Vec::new();
    for sq in (0..9).filter(|&s| root[s] == 0) {
        let mut c = root;
        c[sq] = X;
        expected.push((sq, value(&mut c)));
    }
    for &(sq, v) in &expected {
        assert_eq!(v, if sq == 7 { 0 } else { -1 }, "square {sq}");
    }
    // prune at the root: square 7, value 0, with and without the table and pruning.
    for algorithm in [Algorithm::Minimax, Algorithm::AlphaBeta] {
        for table in [false, true] {
            let l = lesson(board);
            let over = Overrides {
                table: Some(table),
                ..full_run(algorithm)
            };
            let setup = l.setup(None, &over).unwrap();
            let r = prune::run::plain(&l, &setup).unwrap();
            assert_eq!(r.score, 0);
            assert_eq!(
                l.model.move_name(setup.start, r.mv).as_deref(),
                Some("7"),
                "{algorithm:?} table {table}"
            );
        }
    }
    // prune on each position after X's move equals the test's value of that move.
    for &(sq, v) in &expected {
        let mut c = root;
        c[sq] = X;
        let l = lesson(&text(&c));
        let setup = l.setup(None, &full_run(Algorithm::AlphaBeta)).unwrap();
        let r = prune::run::plain(&l, &setup).unwrap();
        assert_eq!(r.score, v, "after square {sq}");
    }
}

#[test]
fn run_json_names_the_square() {
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args([
            "run",
            "--game",
            "tictactoe",
            "--board",
            "X O X / . O . / . . .",
            "--depth",
            "9",
            "--id",
            "off",
            "--tt",
            "off",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["move_name"], "7");
    assert_eq!(v["score"], 0);
}

/// Depth scores: a win d plies ahead is 100 − d (seed 004's faster-win rule), by the test's
/// own search of X X . / O O . / . . . (X wins at once on square 2).
#[test]
fn depth_scores_prefer_the_faster_win() {
    let l = Lesson::of_game(&GameSpec::Tictactoe {
        board: "XX./OO./...".into(),
        scores: ScoresSpec::Depth,
    })
    .unwrap();
    let setup = l.setup(None, &full_run(Algorithm::Minimax)).unwrap();
    let r = prune::run::plain(&l, &setup).unwrap();
    assert_eq!(r.score, 100 - 1);
    assert_eq!(l.model.move_name(setup.start, r.mv).as_deref(), Some("2"));
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["--board", "XOX.O..."], "has 8"),
        (&["--board", "XOZ.O...."], "'Z' is not a square"),
        (&["--board", "XX......."], "X has 2 marks and O has 0"),
        (&["--board", "XXX/OO./O.."], "X has a line of three"),
        (&["--board", "XXX/OOO/..."], "both X and O"),
        (&["--qlimit", "1"], "--qlimit does not apply"),
        (&["--start", "1"], "--start does not apply"),
        (&["--branching", "3"], "--branching does not apply"),
    ];
    for (extra, words) in cases {
        let mut args = vec!["run", "--game", "tictactoe", "--depth", "9"];
        args.extend_from_slice(extra);
        common::assert_one_line_error(&args, words);
    }
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(["run", "--game", "tictactoe", "--depth", "10"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("10 is not in 1..=9"));
}

/// The s-expression export unfolds a game too: X to move on XOX/.O./... has the five empty
/// squares as moves and O four replies to each, 1 + 5 + 20 nodes two plies deep (no move of
/// X wins at once, and a reply that wins for O is a leaf like any other at this depth).
#[test]
fn sexp_export_unfolds_a_game() {
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args([
            "export",
            "--game",
            "tictactoe",
            "--board",
            "XOX/.O./...",
            "--depth",
            "2",
            "--format",
            "sexp",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let tree = prune::export::sexp::parse("export", &text).unwrap();
    assert_eq!((tree.count(), tree.height()), (26, 2), "{text}");
}
