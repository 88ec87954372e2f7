//! `prune count --game connect4 --stage N [--positions FILE]`: positions solved to the end of
//! the game by one stage of the solver tutorial, with the positions each explored, the score
//! checked against the one a test file gives, and the time taken.

use std::path::Path;
use std::time::Instant;

use serde_json::json;

use super::thousands;
use crate::cli::args::RunArgs;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::game::connect4::{ConnectFour, Rules};
use crate::lesson::stages::{self, Stage};
use crate::search::solver::{Solved, Solver};

/// The most bytes a positions file may have (a million lines of a full game each).
const FILE_LIMIT: u64 = 64 << 20;

/// One position of a test file: its line, its moves and the score the file gives.
struct Line {
    number: usize,
    moves: String,
    expected: Option<i32>,
}

/// One position solved.
struct Outcome {
    line: Line,
    solved: Solved,
    micros: f64,
}

pub fn report(
    run: &RunArgs,
    stage: Option<u8>,
    positions: Option<&str>,
    json: bool,
) -> Result<String> {
    let stage = stages::stage(stage.unwrap_or(12))
        .ok_or_else(|| Error::Options("--stage is a part of the tutorial, 3 to 12".into()))?;
    let game = run.connect4_with(stage.rules)?;
    match positions {
        Some(file) => {
            if run.position.is_some() {
                return Err(Error::Options(
                    "--position and --positions do not go together: the file gives the positions"
                        .into(),
                ));
            }
            let lines = read_lines(file)?;
            let outcomes = solve_all(&game, &stage, lines, file)?;
            Ok(if json {
                json_report(&stage, file, &outcomes)
            } else {
                text_report(&stage, file, &outcomes)
            })
        }
        None => solve_one(&game, &stage, json),
    }
}

/// The lines of a positions file: `MOVES [SCORE]`, blank lines skipped.
fn read_lines(file: &str) -> Result<Vec<Line>> {
    let text = crate::input::read_text(Path::new(file), FILE_LIMIT)?;
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let words: Vec<&str> = raw.split_whitespace().collect();
        let bad = |why: String| Error::Options(format!("{file}:{number}: {why}"));
        let expected = match words.as_slice() {
            [] => continue,
            [_] => None,
            [_, score] => Some(score.parse::<i32>().map_err(|_| {
                bad(format!(
                    "'{}' is not a score (a whole number)",
                    crate::text::cut(score)
                ))
            })?),
            _ => {
                return Err(bad(format!(
                    "'{}' is not `MOVES [SCORE]`",
                    crate::text::cut(raw.trim())
                )));
            }
        };
        lines.push(Line {
            number,
            moves: words[0].to_string(),
            expected,
        });
    }
    Ok(lines)
}

/// Every position of the file solved by one solver, its table emptied between positions.
/// Every line is read before the first is solved: a bad line stops the run at once.
fn solve_all(
    game: &ConnectFour,
    stage: &Stage,
    lines: Vec<Line>,
    file: &str,
) -> Result<Vec<Outcome>> {
    let mut starts = Vec::with_capacity(lines.len());
    for line in &lines {
        let s = game
            .parse(&line.moves)
            .map_err(|why| Error::Options(format!("{file}:{}: {why}", line.number)))?;
        starts.push(s);
    }
    let mut solver = Solver::new(game, stage.solve);
    let mut out = Vec::with_capacity(starts.len());
    for (line, s) in lines.into_iter().zip(starts) {
        let clock = Instant::now();
        let solved = solver.solve(s)?;
        let micros = clock.elapsed().as_secs_f64() * 1e6;
        out.push(Outcome {
            line,
            solved,
            micros,
        });
    }
    Ok(out)
}

fn stage_line(stage: &Stage) -> String {
    format!("stage {} ({}): {}", stage.part, stage.name, stage.adds)
}

fn text_report(stage: &Stage, file: &str, outcomes: &[Outcome]) -> String {
    let mut out = format!(
        "{}\npositions of {}\n",
        stage_line(stage),
        crate::text::cut(file)
    );
    let width = outcomes
        .iter()
        .map(|o| o.line.moves.len())
        .max()
        .unwrap_or(0)
        .max(5);
    for o in outcomes {
        let verdict = match o.line.expected {
            Some(e) if e == o.solved.score => "right".to_string(),
            Some(e) => format!("WRONG, the file says {e}"),
            None => "no score given".to_string(),
        };
        out += &format!(
            "{:>5}  {:<width$}  score {:>3}  explored {:>13}  {:>10.1} µs  {verdict}\n",
            o.line.number,
            o.line.moves,
            o.solved.score,
            thousands(o.solved.explored),
            o.micros,
        );
    }
    let s = summary(outcomes);
    out += &format!(
        "right: {} of {} with a score given\nmean explored: {:.1} a position\nmean time: {:.1} µs a position; {:.3} s in all; {:.2} M positions explored a second\n",
        s.right,
        s.given,
        s.mean_explored,
        s.mean_micros,
        s.total_micros / 1e6,
        s.rate / 1e6,
    );
    out
}

struct Summary {
    right: usize,
    given: usize,
    mean_explored: f64,
    mean_micros: f64,
    total_micros: f64,
    rate: f64,
}

fn summary(outcomes: &[Outcome]) -> Summary {
    let n = outcomes.len().max(1) as f64;
    let explored: u64 = outcomes.iter().map(|o| o.solved.explored).sum();
    let total_micros: f64 = outcomes.iter().map(|o| o.micros).sum();
    Summary {
        right: (outcomes.iter())
            .filter(|o| o.line.expected == Some(o.solved.score))
            .count(),
        given: outcomes
            .iter()
            .filter(|o| o.line.expected.is_some())
            .count(),
        mean_explored: explored as f64 / n,
        mean_micros: total_micros / n,
        total_micros,
        rate: explored as f64 / (total_micros / 1e6).max(1e-9),
    }
}

fn json_report(stage: &Stage, file: &str, outcomes: &[Outcome]) -> String {
    let s = summary(outcomes);
    let lines: Vec<_> = outcomes
        .iter()
        .map(|o| {
            json!({
                "line": o.line.number,
                "moves": o.line.moves,
                "score": o.solved.score,
                "expected": o.line.expected,
                "right": o.line.expected.map(|e| e == o.solved.score),
                "explored": o.solved.explored,
                "micros": o.micros,
            })
        })
        .collect();
    let doc = json!({
        "stage": stage.part,
        "stage_name": stage.name,
        "file": file,
        "positions": lines,
        "right": s.right,
        "given": s.given,
        "mean_explored": s.mean_explored,
        "mean_micros": s.mean_micros,
        "total_seconds": s.total_micros / 1e6,
        "explored_per_second": s.rate,
    });
    format!("{doc:#}\n")
}

/// One position: its score, the positions explored, and its best column: every column's
/// score from the same solver (a column that wins at once scores that win), the first best
/// from the left.
fn solve_one(game: &ConnectFour, stage: &Stage, json: bool) -> Result<String> {
    let mut solver = Solver::new(game, stage.solve);
    let root = game.root;
    let clock = Instant::now();
    let solved = solver.solve(root)?;
    let micros = clock.elapsed().as_secs_f64() * 1e6;
    // The first column, centre first, whose value is the root's: one null-window probe of
    // each child with the root's table still filled. The columns are the plain game's: under
    // the stage's rules a position won at once has no moves left to compare.
    let plain = game.with_rules(Rules {
        order: crate::game::connect4::Order::Centre,
        ..Rules::PLAIN
    });
    let mut column = None;
    for i in 0..plain.move_count(root) {
        // The child's value from its mover's side is at most −score exactly when this
        // column keeps the root's value.
        if !solver.at_least(plain.child(root, i), 1 - solved.score)? {
            column = plain.move_name(root, i);
            break;
        }
    }
    let name = game.name(root);
    if json {
        let doc = json!({
            "stage": stage.part,
            "position": name,
            "score": solved.score,
            "explored": solved.explored,
            "probes": solved.probes,
            "best_column": column,
            "micros": micros,
        });
        return Ok(format!("{doc:#}\n"));
    }
    Ok(format!(
        "{}\nposition: {}\nscore: {} (from the side to move)\nexplored: {} positions in {}\nbest column: {}\n",
        stage_line(stage),
        name,
        solved.score,
        thousands(solved.explored),
        took(micros),
        column.unwrap_or_else(|| "none (the game is over)".into()),
    ))
}

/// A time as a reader takes it in: µs, ms or s with three significant figures or so.
fn took(micros: f64) -> String {
    if micros < 1e3 {
        format!("{micros:.1} µs")
    } else if micros < 1e6 {
        format!("{:.1} ms", micros / 1e3)
    } else {
        format!("{:.2} s", micros / 1e6)
    }
}
