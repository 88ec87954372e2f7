//! `prune play connect4`: prune's replies against an independent solver written here (its own
//! board of cells, its own plain negamax with a memo, an optional look-ahead horizon), the
//! screen at 80×24 and 200×50 (snapshots paired with the values they must show), the tutor's
//! run on a reply, and the command line's one-line errors. Small boards only (4×4, 5×4), and
//! on 7×6 only searches capped at a few thousand positions, so the module stays cheap.

mod common;

use common::tutor::drawn;

use std::collections::HashMap;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::run::reply::{self, Reach};
use prune::tui::versus::{Outcome, Settings, Versus};

/// A board of cells, column by column from the bottom: 0 empty, 1 the first player, 2 the second.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Board {
    w: usize,
    h: usize,
    cells: Vec<u8>,
    played: usize,
}

impl Board {
    fn new(w: usize, h: usize, moves: &str) -> Board {
        let mut b = Board {
            w,
            h,
            cells: vec![0; w * h],
            played: 0,
        };
        for c in moves.chars() {
            b.drop_in(c.to_digit(10).unwrap() as usize - 1);
        }
        b
    }

    fn at(&self, c: usize, r: usize) -> u8 {
        self.cells[c * self.h + r]
    }

    fn height_of(&self, c: usize) -> usize {
        (0..self.h).take_while(|&r| self.at(c, r) != 0).count()
    }

    fn after(&self, c: usize) -> Board {
        let mut child = self.clone();
        child.drop_in(c);
        child
    }

    fn drop_in(&mut self, c: usize) {
        let r = self.height_of(c);
        self.cells[c * self.h + r] = 1 + (self.played % 2) as u8;
        self.played += 1;
    }

    /// Whether `who` has four in a line anywhere.
    fn four(&self, who: u8) -> bool {
        let (w, h) = (self.w as i32, self.h as i32);
        let dirs = [(1, 0), (0, 1), (1, 1), (1, -1)];
        for c in 0..w {
            for r in 0..h {
                for (dc, dr) in dirs {
                    let line = (0..4).all(|k| {
                        let (x, y) = (c + k * dc, r + k * dr);
                        x >= 0 && x < w && y >= 0 && y < h && self.at(x as usize, y as usize) == who
                    });
                    if line {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// The value of `b` from the side to move: the tutorial's score (cells / 2 + 1 minus the
/// winner's stones), 0 for a draw. `ahead` moves below where the search began, a position
/// not finished is scored as the look-ahead scores it (`horizon`). Plain negamax over every
/// column, with a memo.
fn value(b: &Board, ahead: usize, memo: &mut HashMap<(Board, usize), i32>) -> i32 {
    if let Some(&v) = memo.get(&(b.clone(), ahead)) {
        return v;
    }
    let half = (b.w * b.h / 2) as i32;
    // The player who moved last (1 after an odd number of stones) and their stones.
    let last = 2 - (b.played % 2) as u8;
    let v = if b.played > 0 && b.four(last) {
        -(half + 1 - b.played.div_ceil(2) as i32)
    } else if b.played == b.w * b.h {
        0
    } else if ahead == 0 {
        horizon(b)
    } else {
        (0..b.w)
            .filter(|&c| b.height_of(c) < b.h)
            .map(|c| -value(&b.after(c), ahead - 1, memo))
            .max()
            .unwrap()
    };
    memo.insert((b.clone(), ahead), v);
    v
}

/// An unfinished position at the look-ahead's horizon: a win when its mover completes four
/// with the next stone, a loss when every move lets the opponent do so at once, else 0.
fn horizon(b: &Board) -> i32 {
    let half = (b.w * b.h / 2) as i32;
    let mover = 1 + (b.played % 2) as u8;
    let open: Vec<usize> = (0..b.w).filter(|&c| b.height_of(c) < b.h).collect();
    if open.iter().any(|&c| b.after(c).four(mover)) {
        return half + 1 - (b.played / 2 + 1) as i32;
    }
    let loses = |c: usize| {
        let child = b.after(c);
        (0..b.w).any(|d| child.height_of(d) < b.h && child.after(d).four(3 - mover))
    };
    if open.iter().all(|&c| loses(c)) {
        return -(half + 1 - (b.played.div_ceil(2) + 1) as i32);
    }
    0
}

/// Every playable column's value for the side to move (`ahead` moves deep).
fn column_values(w: usize, h: usize, moves: &str, ahead: usize) -> Vec<(u8, i32)> {
    let b = Board::new(w, h, moves);
    let mut memo = HashMap::new();
    (0..w)
        .filter(|&c| b.height_of(c) < h)
        .map(|c| (c as u8, -value(&b.after(c), ahead - 1, &mut memo)))
        .collect()
}

/// Openings of a few moves made by a fixed little generator, none already won.
fn openings(w: usize, h: usize, n: usize, len: usize) -> Vec<String> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut out = Vec::new();
    while out.len() < n {
        let mut moves = String::new();
        let mut b = Board::new(w, h, "");
        for _ in 0..len {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let c = (seed % w as u64) as usize;
            if b.height_of(c) == h {
                continue;
            }
            b.drop_in(c);
            moves.push(char::from(b'1' + c as u8));
        }
        if !b.four(1) && !b.four(2) {
            out.push(moves);
        }
    }
    out
}

#[test]
fn prunes_reply_is_a_best_column_of_an_independent_negamax() {
    for (w, h, len) in [(4, 4, 0), (4, 4, 3), (5, 4, 4), (5, 4, 6)] {
        for moves in openings(w, h, 4, len) {
            let values = column_values(w, h, &moves, w * h);
            let best = values.iter().map(|v| v.1).max().unwrap();
            let r = reply::choose(w as u8, h as u8, &moves, 10_000_000)
                .unwrap()
                .expect("the game is not over");
            assert_eq!(r.reach, Reach::Solved, "{w}x{h} {moves}");
            assert_eq!(r.score, best, "{w}x{h} {moves}: {values:?}");
            let chosen = values.iter().find(|v| v.0 == r.column).unwrap();
            assert_eq!(
                chosen.1,
                best,
                "{w}x{h} {moves}: column {} {values:?}",
                r.column + 1
            );
        }
    }
}

#[test]
fn a_look_ahead_scores_as_the_independent_negamax_with_the_same_horizon() {
    for moves in openings(5, 4, 3, 2) {
        for ahead in [1u8, 2, 3, 5] {
            let values = column_values(5, 4, &moves, usize::from(ahead));
            let best = values.iter().map(|v| v.1).max().unwrap();
            let g = reply::game(5, 4, &moves, Some(ahead)).unwrap();
            let solved = prune::search::solver::Solver::new(&g, reply::strongest().solve)
                .solve(g.root)
                .unwrap();
            assert_eq!(solved.score, best, "5x4 {moves}, {ahead} ahead: {values:?}");
        }
    }
}

#[test]
fn a_capped_reply_on_the_full_board_looks_ahead_and_says_so() {
    let r = reply::choose(7, 6, "44", 1_000).unwrap().unwrap();
    let Reach::Ahead(n) = r.reach else {
        panic!("an opening of 7x6 is not solved in 1,000 positions: {r:?}");
    };
    assert!(n >= 2 && r.in_all <= 1_000, "{r:?}");
    assert!(r.reach.says().contains(&format!("looked {n} moves ahead")));
    // The move is the look-ahead's best: the same horizon's values, from the oracle.
    let values = column_values(7, 6, "44", usize::from(n));
    let best = values.iter().map(|v| v.1).max().unwrap();
    assert_eq!(r.score, best);
    assert!(values.contains(&(r.column, best)), "{values:?} {r:?}");
    // The tutor's lesson on it says it is a look-ahead, not a solve.
    let (lesson, setup) = reply::lesson(7, 6, "44", r.reach, &[]).unwrap();
    assert!(
        lesson.spec.title.contains("not a full solve"),
        "{}",
        lesson.spec.title
    );
    assert_eq!(setup.options.depth, n);
}

fn key(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

/// A 5×4 game from 33 after the student drops in column 2 and prune answers.
fn played() -> Versus {
    let mut v = Versus::new(Settings {
        width: 5,
        height: 4,
        start: "33".into(),
        prune_first: false,
        cap: 10_000_000,
    })
    .unwrap();
    assert_eq!(v.handle_key(key(KeyCode::Char('2'))), Outcome::Continue);
    assert!(v.thinking);
    v.think();
    // The time varies run to run; the snapshot shows it as 0.
    if let Some(last) = &mut v.last {
        last.seconds = 0.0;
    }
    v
}

#[test]
fn the_screen_shows_prunes_reply_the_oracle_rates_best() {
    let v = played();
    let r = v.last.as_ref().unwrap().reply;
    let values = column_values(5, 4, "332", 17);
    let best = values.iter().map(|v| v.1).max().unwrap();
    assert_eq!((r.score, r.reach), (best, Reach::Solved));
    assert!(values.contains(&(r.column, best)), "{values:?}: {r:?}");
    assert_eq!(v.moves, format!("332{}", r.column + 1));
    for (w, h) in [(80, 24), (200, 50)] {
        let text = drawn(&v, w, h);
        assert!(
            text.contains(&format!("prune played column {}", r.column + 1)),
            "{text}"
        );
        assert!(
            text.contains(&format!("Score {best} from prune's side")),
            "{text}"
        );
        assert!(text.contains("it solved to the end of the game"), "{text}");
        insta::assert_snapshot!(format!("play_5x4_332_{w}x{h}"), text);
    }
}

#[test]
fn keys_choose_a_column_and_a_full_one_is_refused() {
    let mut v = Versus::new(Settings {
        width: 4,
        height: 4,
        start: "1111".into(),
        prune_first: false,
        cap: 1_000_000,
    })
    .unwrap();
    // The cursor starts in the centre (column 3); two steps left is column 1, which is full.
    v.handle_key(key(KeyCode::Left));
    v.handle_key(key(KeyCode::Left));
    v.handle_key(key(KeyCode::Enter));
    assert_eq!(v.message, "column 1 is full");
    assert_eq!(v.moves, "1111");
    assert_eq!(v.handle_key(key(KeyCode::Char('t'))), Outcome::Continue);
    v.handle_key(key(KeyCode::Right));
    v.handle_key(key(KeyCode::Enter));
    assert_eq!(v.moves, "11112");
    v.think();
    assert_eq!(v.moves.len(), 6);
    assert_eq!(v.handle_key(key(KeyCode::Char('t'))), Outcome::Tutor);
    assert_eq!(v.handle_key(key(KeyCode::Char('q'))), Outcome::Quit);
}

#[test]
fn the_tutor_records_the_search_that_chose_the_reply() {
    let v = played();
    let r = v.last.as_ref().unwrap().reply;
    let (lesson, setup, note) = v.tutor().unwrap();
    assert!(
        note.starts_with(&format!("the search that chose column {}", r.column + 1)),
        "{note}"
    );
    let trace = prune::run::recorded(&lesson, &setup).unwrap();
    // The recorded solve is the one that chose the move: its count, and its score (MAX's
    // side: prune is O here, the second player, so MAX's score is the negative of prune's).
    assert_eq!(trace.header.result.stats.nodes, r.explored);
    assert_eq!(trace.header.result.score, -r.score);
}

#[test]
fn bad_options_are_one_line_and_exit_code_2() {
    common::assert_one_line_error(&["play", "connect4", "--size", "3x3"], "out of range");
    common::assert_one_line_error(&["play", "connect4", "--size", "5x5"], "odd number");
    common::assert_one_line_error(&["play", "connect4", "--position", "48"], "move 2");
    common::assert_one_line_error(
        &["play", "connect4", "--size", "4x4", "--position", "11111"],
        "full column",
    );
    common::assert_one_line_error(&["play", "chess"], "connect4");
    common::assert_one_line_error(&["play", "connect4", "--cap", "5"], "--cap");
    common::assert_one_line_error(
        &[
            "play",
            "connect4",
            "--size",
            "4x4",
            "--position",
            "12131412",
        ],
        "move 8",
    );
    common::assert_one_line_error(
        &["play", "connect4", "--size", "4x4", "--position", "1213141"],
        "already over",
    );
}

/// `move=` in `prune run`'s lines for Connect Four is the column, 1-based, as the game names
/// its moves: on a stage whose order is by threats (not left to right) too.
#[test]
fn run_prints_the_column_of_the_best_move() {
    let (code, out, err) = common::run_prune(&[
        "run",
        "--game",
        "connect4",
        "--size",
        "4x4",
        "--position",
        "112233",
        "--depth",
        "10",
    ]);
    assert_eq!(code, Some(0), "{err}");
    // X completes the bottom row in column 4, the only winning column.
    let values = column_values(4, 4, "112233", 10);
    let best: Vec<u8> = values
        .iter()
        .filter(|v| v.1 == values.iter().map(|v| v.1).max().unwrap())
        .map(|v| v.0 + 1)
        .collect();
    assert_eq!(best, [4]);
    assert!(out.contains("move=4\n"), "{out}");
    assert!(out.contains("passes=[10:DONE:5:4:"), "{out}");

    let moves = "625146577347714455424655226776";
    let (code, out, err) = common::run_prune(&["run", "036-connect4-stage-10", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let column = v["move"].as_u64().unwrap() as u8;
    assert_eq!(v["move_name"], column.to_string());
    let values = column_values(7, 6, moves, 12);
    let best = values.iter().map(|v| v.1).max().unwrap();
    assert_eq!(v["score"], best);
    assert!(
        values.contains(&(column - 1, best)),
        "{values:?}: move {column}"
    );
}
