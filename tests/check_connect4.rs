//! `prune check` on Connect Four (`--game connect4 --position MOVES --size WxH`) and on
//! scores of another scale (`--scores depth`, `--scores ax+b`), against engines written here.
//!
//! The engine plays its own Connect Four (and tic-tac-toe) board, searches with fail-soft
//! negamax alpha-beta and prints its lines from the first player's side (alpha-beta) or from
//! the side to move (negamax), on prune's scale or its own (100·x, or W − plies for a win).
//! The test's own minimax (`Oracle`), on the engine's own scale, finds the first line whose
//! claim the position's true value contradicts, or the first position the rules never let
//! arise; prune must name that same line.

mod common;

use std::collections::HashMap;

use prune::check::{self, scores::Scores};
use prune::lesson::{Lesson, Overrides};

const INF: i32 = 1_000_000;

/// A position of the tests' own games.
#[derive(Clone, Debug)]
enum Pos {
    /// Connect Four: the board's shape, the columns played (1-based), each column's stones
    /// from the bottom (true: the first player's); `broken`: a move the rules refuse was
    /// played (into a full column, after a win).
    C4 {
        w: usize,
        h: usize,
        seq: String,
        cols: Vec<Vec<bool>>,
        broken: bool,
    },
    /// Tic-tac-toe: squares 0..9 row by row, `Some(true)` for X.
    Ttt { cells: [Option<bool>; 9] },
}

const TTT_LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Pos {
    fn c4(w: usize, h: usize, moves: &str) -> Pos {
        let mut p = Pos::C4 {
            w,
            h,
            seq: String::new(),
            cols: vec![Vec::new(); w],
            broken: false,
        };
        for c in moves.chars() {
            p = p.play(c.to_digit(10).unwrap() as usize);
        }
        p
    }

    fn plies(&self) -> usize {
        match self {
            Pos::C4 { seq, .. } => seq.len(),
            Pos::Ttt { cells } => cells.iter().flatten().count(),
        }
    }

    /// The first player (MAX) is to move.
    fn max(&self) -> bool {
        self.plies().is_multiple_of(2)
    }

    /// Whether the player who moved last has a line (four, or three).
    fn won(&self) -> bool {
        let last = !self.max();
        match self {
            Pos::C4 { w, h, cols, .. } => {
                let at = |c: i32, r: i32| {
                    (c >= 0 && r >= 0 && (c as usize) < *w && (r as usize) < *h)
                        && cols[c as usize].get(r as usize) == Some(&last)
                };
                (0..*w as i32).any(|c| {
                    (0..*h as i32).any(|r| {
                        [(1, 0), (0, 1), (1, 1), (1, -1)]
                            .iter()
                            .any(|&(dc, dr)| (0..4).all(|k| at(c + k * dc, r + k * dr)))
                    })
                })
            }
            Pos::Ttt { cells } => TTT_LINES
                .iter()
                .any(|l| l.iter().all(|&i| cells[i] == Some(last))),
        }
    }

    fn full(&self) -> bool {
        match self {
            Pos::C4 { w, h, .. } => self.plies() == w * h,
            Pos::Ttt { .. } => self.plies() == 9,
        }
    }

    /// The moves as the game writes them (a column from 1, a square): every legal one, and
    /// with `slip` the ones the rules refuse (a full column, a move after a win).
    fn moves(&self, slip: Bug) -> Vec<usize> {
        if let Pos::C4 { broken: true, .. } = self {
            return Vec::new();
        }
        if self.won() && slip != Bug::WinNotEnd || self.full() {
            return Vec::new();
        }
        match self {
            Pos::C4 { w, h, cols, .. } => (1..=*w)
                .filter(|&c| slip == Bug::FullColumn || cols[c - 1].len() < *h)
                .collect(),
            Pos::Ttt { cells } => (0..9).filter(|&i| cells[i].is_none()).collect(),
        }
    }

    fn play(&self, m: usize) -> Pos {
        let mover = self.max();
        let mut next = self.clone();
        let was_won = self.won();
        match &mut next {
            Pos::C4 {
                h,
                seq,
                cols,
                broken,
                ..
            } => {
                seq.push(char::from(b'0' + m as u8));
                if cols[m - 1].len() < *h && !*broken {
                    cols[m - 1].push(mover);
                } else {
                    *broken = true;
                }
                *broken |= was_won;
            }
            Pos::Ttt { cells } => cells[m] = Some(mover),
        }
        next
    }

    /// The same for the same board however it was reached (the oracle's memo key).
    fn key(&self) -> String {
        match self {
            Pos::C4 { cols, broken, .. } => format!("{cols:?}{broken}"),
            Pos::Ttt { .. } => self.name(),
        }
    }

    fn name(&self) -> String {
        match self {
            Pos::C4 { seq, .. } => seq.clone(),
            Pos::Ttt { cells } => {
                let c = |i: usize| match cells[i] {
                    Some(true) => 'X',
                    Some(false) => 'O',
                    None => '.',
                };
                let rows: Vec<String> = (0..3)
                    .map(|r| (0..3).map(|i| c(r * 3 + i)).collect())
                    .collect();
                rows.join("/")
            }
        }
    }

    /// A finished position's score from MAX's side on prune's scale: Connect Four's solver
    /// scores (one more than half the cells, less the winner's stones), tic-tac-toe's ±1.
    fn prune_score(&self) -> i32 {
        if !self.won() {
            return 0;
        }
        let sign = if self.max() { -1 } else { 1 };
        match self {
            Pos::C4 { w, h, .. } => {
                sign * ((w * h / 2 + 1) as i32 - self.plies().div_ceil(2) as i32)
            }
            Pos::Ttt { .. } => sign,
        }
    }
}

/// The scale an engine scores on.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Scale {
    Prune,
    Affine(i32, i32),
    /// A win p plies after the root scores W − p.
    Depth(i32),
}

/// One slip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bug {
    None,
    /// A finished game's score read from the loser's side.
    WrongSide,
    /// The root returns the last move it tried as its best.
    LastMoveBest,
    /// A line of four does not end the game.
    WinNotEnd,
    /// Full columns are offered as moves.
    FullColumn,
}

/// What one printed line claims.
#[derive(Clone, Debug)]
enum Claim {
    Nothing,
    Enter {
        legal: bool,
    },
    /// A return: the position, the window (from the printing side), the value, the root's
    /// move's child.
    Return {
        pos: Pos,
        window: (i32, i32),
        value: i32,
        root_move: Option<Pos>,
    },
}

struct Engine {
    scale: Scale,
    /// Lines from the side to move (negamax) rather than MAX's.
    negamax: bool,
    /// Window lines printed when α or β changes (else a cut is tested before the update).
    windows: bool,
    bug: Bug,
    root_plies: usize,
    lines: Vec<String>,
    claims: Vec<Claim>,
}

fn num(v: i32) -> String {
    match v {
        v if v >= INF => "\"inf\"".into(),
        v if v <= -INF => "\"-inf\"".into(),
        v => v.to_string(),
    }
}

impl Engine {
    fn new(scale: Scale, negamax: bool, windows: bool, bug: Bug) -> Engine {
        Engine {
            scale,
            negamax,
            windows,
            bug,
            root_plies: 0,
            lines: Vec::new(),
            claims: Vec::new(),
        }
    }

    /// A finished position's score from MAX's side on the engine's scale.
    fn score(&self, p: &Pos) -> i32 {
        let s = p.prune_score();
        match self.scale {
            Scale::Prune => s,
            Scale::Affine(a, b) => a * s + b,
            Scale::Depth(w) => s.signum() * (w - (p.plies() - self.root_plies) as i32),
        }
    }

    /// From the negamax side (`sign` 1: MAX to move) to the printing side.
    fn shown(&self, sign: i32, (a, b): (i32, i32)) -> (i32, i32) {
        if self.negamax || sign == 1 {
            (a, b)
        } else {
            (-b, -a)
        }
    }

    fn say(&mut self, line: String, claim: Claim) {
        self.lines.push(line);
        self.claims.push(claim);
    }

    fn run(&mut self, root: &Pos) -> (String, Vec<Claim>) {
        self.root_plies = root.plies();
        self.search(root, (-INF, INF), true);
        let claims = std::mem::take(&mut self.claims);
        (std::mem::take(&mut self.lines).join("\n") + "\n", claims)
    }

    /// Fail-soft negamax: the value from the side to move.
    fn search(&mut self, p: &Pos, (mut a, b): (i32, i32), root: bool) -> i32 {
        let sign = if p.max() { 1 } else { -1 };
        let node = format!("\"{}\"", p.name());
        let (sa, sb) = self.shown(sign, (a, b));
        let legal = !(matches!(p, Pos::C4 { broken: true, .. }) || root && p.won());
        self.say(
            format!(
                "{{\"event\":\"enter\",\"node\":{node},\"alpha\":{},\"beta\":{}}}",
                num(sa),
                num(sb)
            ),
            Claim::Enter { legal },
        );
        let window = (a, b);
        let moves = p.moves(self.bug);
        let mut best = -INF;
        let mut best_move: Option<(usize, usize)> = None;
        if moves.is_empty() {
            let mut s = sign * self.score(p);
            if self.bug == Bug::WrongSide {
                s = -s;
            }
            best = s;
        }
        for (i, &m) in moves.iter().enumerate() {
            let child = p.play(m);
            let v = -self.search(&child, (-b, -a), false);
            let last = i + 1 == moves.len();
            if v > best || (root && self.bug == Bug::LastMoveBest && last) {
                best = v;
                best_move = Some((m, i));
            }
            if self.windows && best > a && best < b {
                a = best;
                let (sa, sb) = self.shown(sign, (a, b));
                self.say(
                    format!(
                        "{{\"event\":\"window\",\"node\":{node},\"alpha\":{},\"beta\":{}}}",
                        num(sa),
                        num(sb)
                    ),
                    Claim::Nothing,
                );
            }
            a = a.max(best);
            if best >= b {
                let (sa, sb) = self.shown(sign, (a, b));
                self.say(
                    format!(
                        "{{\"event\":\"cutoff\",\"node\":{node},\"alpha\":{},\"beta\":{},\"move\":{m}}}",
                        num(sa),
                        num(sb)
                    ),
                    Claim::Nothing,
                );
                break;
            }
        }
        let shown_value = if self.negamax { best } else { sign * best };
        let mv = best_move.map_or("null".into(), |(m, _)| m.to_string());
        self.say(
            format!(
                "{{\"event\":\"return\",\"node\":{node},\"value\":{},\"move\":{mv}}}",
                num(shown_value)
            ),
            Claim::Return {
                pos: p.clone(),
                window: self.shown(sign, window),
                value: shown_value,
                root_move: best_move.filter(|_| root).map(|(m, _)| p.play(m)),
            },
        );
        best
    }
}

/// The test's own minimax on the engine's scale, right rules, from the printing side.
struct Oracle<'a> {
    engine: &'a Engine,
    memo: HashMap<String, i32>,
}

impl Oracle<'_> {
    /// From MAX's side.
    fn value(&mut self, p: &Pos) -> i32 {
        if let Some(&v) = self.memo.get(&p.key()) {
            return v;
        }
        let moves = p.moves(Bug::None);
        let v = if moves.is_empty() {
            self.engine.score(p)
        } else {
            let vs = moves.iter().map(|&m| self.value(&p.play(m)));
            if p.max() {
                vs.max().unwrap()
            } else {
                vs.min().unwrap()
            }
        };
        self.memo.insert(p.key(), v);
        v
    }

    fn seen(&mut self, p: &Pos) -> i32 {
        let v = self.value(p);
        if self.engine.negamax && !p.max() {
            -v
        } else {
            v
        }
    }

    /// The first line (1-based) whose claim is false.
    fn first_violation(&mut self, claims: &[Claim]) -> Option<usize> {
        claims
            .iter()
            .position(|c| match c {
                Claim::Nothing => false,
                Claim::Enter { legal } => !legal,
                Claim::Return {
                    pos,
                    window: (a, b),
                    value,
                    root_move,
                } => {
                    let t = self.seen(pos);
                    let holds = if a > b {
                        true
                    } else if value <= a {
                        t <= *value
                    } else if value >= b {
                        t >= *value
                    } else {
                        t == *value
                    };
                    let exact = a < value && value < b;
                    let wrong_move = root_move
                        .as_ref()
                        .is_some_and(|c| exact && self.seen_after(pos, c) != t);
                    !holds || wrong_move
                }
            })
            .map(|i| i + 1)
    }

    /// The root's child's value from the root's printing side.
    fn seen_after(&mut self, root: &Pos, child: &Pos) -> i32 {
        let v = self.value(child);
        if self.engine.negamax && !root.max() {
            -v
        } else {
            v
        }
    }
}

struct Checked {
    verdict: check::Verdict,
    oracle: Option<usize>,
    report: String,
    lines: usize,
}

/// The engine's file from `root`, checked by prune against the game `open` gives with the
/// scores read through `map`; and the oracle's first false line.
fn check_engine(
    open: &dyn Fn() -> prune::error::Result<Lesson>,
    root: &Pos,
    mut engine: Engine,
    map: Option<Scores>,
) -> Checked {
    let (text, claims) = engine.run(root);
    let oracle = Oracle {
        engine: &engine,
        memo: HashMap::new(),
    }
    .first_violation(&claims);
    let over = Overrides {
        algorithm: engine.negamax.then_some(prune::search::Algorithm::Negamax),
        ..Overrides::default()
    };
    let (against, given) = check::read_scaled(open, None, &over, map, "engine.jsonl", &text)
        .unwrap_or_else(|e| panic!("{e}"));
    let verdict = check::check_with(&against, given, false);
    let report = check::report(&against, "engine.jsonl", &verdict);
    Checked {
        verdict,
        oracle,
        report,
        lines: claims.len(),
    }
}

/// Connect Four on a `w`×`h` board from `moves`, as `prune check --game connect4` names it.
fn connect4(w: usize, h: usize, moves: &str) -> impl Fn() -> prune::error::Result<Lesson> + use<> {
    let name = format!(
        "connect4:{w}x{h}:{}:plain:columns",
        if moves.is_empty() { "-" } else { moves }
    );
    move || Lesson::open(&name)
}

/// The 7×6 end games of the reference positions with at most `empty` cells left.
fn end_games(empty: usize) -> Vec<String> {
    let path = common::repo().join("tests/data/connect4/positions.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["class"] == "end")
        .map(|v| v["moves"].as_str().unwrap().to_string())
        .filter(|m| 42 - m.len() <= empty)
        .collect()
}

/// The boards: 4×4 and 5×4 after a few moves, and a 7×6 end game.
/// What gives the lesson a file is checked against.
type Open = Box<dyn Fn() -> prune::error::Result<Lesson>>;

fn boards() -> Vec<(Pos, Open)> {
    let end = end_games(12).into_iter().next().expect("a 7x6 end game");
    vec![
        (Pos::c4(4, 4, "2332"), Box::new(connect4(4, 4, "2332"))),
        (
            Pos::c4(5, 4, "332441552"),
            Box::new(connect4(5, 4, "332441552")),
        ),
        (Pos::c4(7, 6, &end), Box::new(connect4(7, 6, &end))),
    ]
}

#[test]
fn correct_engines_are_sound_on_connect_four() {
    for (root, open) in boards() {
        for (negamax, windows) in [(false, true), (false, false), (true, true)] {
            let what = format!("{} negamax {negamax} windows {windows}", root.name());
            let engine = Engine::new(Scale::Prune, negamax, windows, Bug::None);
            let c = check_engine(&*open, &root, engine, None);
            assert_eq!(c.oracle, None, "{what}");
            assert!(c.verdict.sound(), "{what}\n{}", c.report);
            assert!(!c.verdict.soundness.unknown, "{what}");
            assert!(c.verdict.soundness.checked > 0, "{what}");
            assert!(
                c.report.contains("moves written as columns"),
                "{what}\n{}",
                c.report
            );
            assert!(c.lines < 100_000, "{what}: {} lines", c.lines);
        }
    }
}

#[test]
fn buggy_engines_are_unsound_at_the_oracles_line() {
    let mut caught: HashMap<String, usize> = HashMap::new();
    for (root, open) in boards() {
        for bug in [
            Bug::WrongSide,
            Bug::LastMoveBest,
            Bug::WinNotEnd,
            Bug::FullColumn,
        ] {
            let what = format!("{} {bug:?}", root.name());
            let engine = Engine::new(Scale::Prune, false, true, bug);
            let c = check_engine(&*open, &root, engine, None);
            let Some(line) = c.oracle else {
                // A slip this position never shows (no full column reached, say).
                assert!(c.verdict.sound(), "{what}\n{}", c.report);
                continue;
            };
            let prune_line = c.verdict.soundness.first.as_ref().map(|u| u.at);
            assert_eq!(prune_line, Some(line), "{what}\n{}", c.report);
            *caught.entry(format!("{bug:?}")).or_default() += 1;
            assert!(
                c.report.contains(&format!("is unsound: line {line}:")),
                "{}",
                c.report
            );
            if matches!(bug, Bug::WinNotEnd | Bug::FullColumn) {
                assert!(
                    c.report.contains("a position that cannot arise"),
                    "{what}\n{}",
                    c.report
                );
            }
        }
    }
    // Every slip shows, and is caught, on some board.
    assert_eq!(caught.len(), 4, "{caught:?}");
}

/// The slips the rules refuse are named as the game names them.
#[test]
fn positions_that_cannot_arise_say_why() {
    let (root, open) = (Pos::c4(4, 4, "2332"), connect4(4, 4, "2332"));
    let full = check_engine(
        &open,
        &root,
        Engine::new(Scale::Prune, false, true, Bug::FullColumn),
        None,
    );
    assert!(
        full.report.contains("is played in a full column"),
        "{}",
        full.report
    );
    let won = check_engine(
        &open,
        &root,
        Engine::new(Scale::Prune, false, true, Bug::WinNotEnd),
        None,
    );
    assert!(
        won.report.contains("comes after the game ended"),
        "{}",
        won.report
    );
    // A child that is not one move from its caller.
    let text = "{\"event\":\"enter\",\"node\":\"2332\"}\n{\"event\":\"enter\",\"node\":\"233211\"}\n{\"event\":\"return\",\"node\":\"233211\",\"value\":0}\n{\"event\":\"return\",\"node\":\"2332\",\"value\":0}\n";
    let (against, given) =
        check::read_scaled(&open, None, &Overrides::default(), None, "f.jsonl", text).unwrap();
    let v = check::check_with(&against, given, false);
    let u = v.soundness.first.as_ref().expect("unsound");
    assert_eq!(u.at, 2);
    let report = check::report(&against, "f.jsonl", &v);
    assert!(report.contains("is not one move from it"), "{report}");
    // A column off the board.
    let text = "{\"event\":\"enter\",\"node\":\"23325\"}\n{\"event\":\"return\",\"node\":\"23325\",\"value\":0}\n";
    let (against, given) =
        check::read_scaled(&open, None, &Overrides::default(), None, "f.jsonl", text).unwrap();
    let v = check::check_with(&against, given, false);
    let report = check::report(&against, "f.jsonl", &v);
    assert!(
        report.contains("line 1: enters 23325, a position that cannot arise"),
        "{report}"
    );
    assert!(report.contains("the columns are 1 to 4"), "{report}");
}

#[test]
fn claims_short_of_the_games_end_are_named_not_passed_over() {
    // 4×4 after 2332: X (to move) plays column 1, O column 1, and the file stops there at
    // depth 0 with a guess of 0; Connect Four scores only finished games, so neither the
    // guess nor the root's 0 built on it has a true value to be checked against.
    let open = connect4(4, 4, "2332");
    let stop = Pos::c4(4, 4, "233211");
    assert!(!stop.won() && !stop.full());
    let lines = [
        r#"{"event":"enter","node":"2332","depth":2}"#,
        r#"{"event":"enter","node":"23321"}"#,
        r#"{"event":"enter","node":"233211"}"#,
        r#"{"event":"return","node":"233211","value":0}"#,
        r#"{"event":"return","node":"23321","value":0}"#,
        r#"{"event":"return","node":"2332","value":0}"#,
    ];
    let text = lines.join("\n") + "\n";
    let (against, given) =
        check::read_scaled(&open, None, &Overrides::default(), None, "f.jsonl", &text).unwrap();
    let v = check::check_with(&against, given, false);
    assert!(v.soundness.first.is_none(), "{:?}", v.soundness.first);
    assert_eq!(v.soundness.unvalued, 3);
    assert_eq!(v.soundness.checked, 0);
    let report = check::report(&against, "f.jsonl", &v);
    assert!(
        report.contains("not checked: 3 claims at positions short of the game's end"),
        "{report}"
    );
}

#[test]
fn scaled_scores_are_sound_with_their_map_and_unsound_without() {
    let boards = boards();
    let (root, open) = &boards[0];
    for (scale, map) in [
        (Scale::Affine(100, 0), "100x+0"),
        (Scale::Affine(3, 7), "3x+7"),
        (Scale::Depth(100), "depth"),
        (Scale::Depth(1000), "depth:1000"),
    ] {
        for negamax in [false, true] {
            if negamax && map == "3x+7" {
                // Not odd: a score from the side to move has no one b (refused below).
                continue;
            }
            let what = format!("{map} negamax {negamax}");
            let map = Scores::parse(map).unwrap();
            let engine = || Engine::new(scale, negamax, true, Bug::None);
            let c = check_engine(&**open, root, engine(), Some(map));
            assert_eq!(c.oracle, None, "{what}");
            assert!(c.verdict.sound(), "{what}\n{}", c.report);
            assert!(
                c.report.contains("read with: scores on the scale"),
                "{what}\n{}",
                c.report
            );
            if !c.verdict.clean() {
                assert!(
                    c.report
                        .contains("this is a convention, not an error: your scores' scale"),
                    "{what}\n{}",
                    c.report
                );
            }
            let without = check_engine(&**open, root, engine(), None);
            assert!(!without.verdict.sound(), "{what}\n{}", without.report);
            assert!(
                without.report.contains("name the map with --scores"),
                "{what}\n{}",
                without.report
            );
        }
    }
    // A buggy engine on its own scale is still caught at the oracle's line.
    let map = Scores::parse("depth").unwrap();
    let c = check_engine(
        &**open,
        root,
        Engine::new(Scale::Depth(100), false, true, Bug::WrongSide),
        Some(map),
    );
    let line = c.oracle.expect("the slip shows");
    assert_eq!(
        c.verdict.soundness.first.as_ref().map(|u| u.at),
        Some(line),
        "{}",
        c.report
    );
}

/// Tic-tac-toe scored W − plies by the engine, checked against the plain-scored lesson: the
/// finer scale cuts where prune's does not, so the line-by-line verdict parts while the
/// file is sound, and the report names the scale as the convention.
#[test]
fn a_depth_scaled_tic_tac_toe_engine_parts_by_convention() {
    let open = || Lesson::open("004-tictactoe-games");
    let root = Pos::Ttt { cells: [None; 9] };
    let map = Scores::parse("depth:10").unwrap();
    let c = check_engine(
        &open,
        &root,
        Engine::new(Scale::Depth(10), false, true, Bug::None),
        Some(map),
    );
    assert_eq!(c.oracle, None);
    assert!(c.verdict.sound(), "{}", c.report);
    assert!(!c.verdict.clean(), "{}", c.report);
    assert!(
        c.report
            .contains("this is a convention, not an error: your scores' scale (depth:10)"),
        "{}",
        c.report
    );
}

#[test]
fn maps_that_do_not_fit_are_refused() {
    let open = connect4(4, 4, "2332");
    let text = "{\"event\":\"enter\",\"node\":\"2332\"}\n{\"event\":\"return\",\"node\":\"2332\",\"value\":0}\n";
    let depth = Scores::parse("depth:5").unwrap();
    let err = check::read_scaled(&open, None, &Overrides::default(), Some(depth), "f", text)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("W must be above the most plies"), "{err}");
    let graph = || Lesson::open("000-worked-tree");
    let err = check::read_scaled(
        &graph,
        None,
        &Overrides::default(),
        Some(Scores::parse("depth").unwrap()),
        "f",
        text,
    )
    .err()
    .unwrap()
    .to_string();
    assert!(
        err.contains("--scores depth applies to games won at a ply"),
        "{err}"
    );
    let negamax = Overrides {
        algorithm: Some(prune::search::Algorithm::Negamax),
        ..Overrides::default()
    };
    let shifted = Scores::parse("3x+7").unwrap();
    let err = check::read_scaled(&open, None, &negamax, Some(shifted), "f", text)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("from the side to move"), "{err}");
}
