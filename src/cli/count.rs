//! `prune count`: what a run does, counted from the core's own events as it runs (the
//! `Counter` observer), never recorded: calls, leaves, terminal positions by outcome, distinct
//! positions and calls per ply. Seed 004's tic-tac-toe figures come out of this command. A
//! Monte Carlo run has iterations instead of calls: `monte` counts those.

mod monte;

use serde_json::json;

use crate::error::Result;
use crate::game::model::Model;
use crate::lesson::{Lesson, RunSetup};
use crate::observer::Counter;
use crate::search::RunResult;

/// 1234567 as "1,234,567".
pub fn thousands(n: u64) -> String {
    crate::size::group_digits(&n.to_string())
}

/// The JSON keys of the three terminal outcomes, in `Model::outcome_names` order.
fn outcome_keys(model: &Model) -> [&'static str; 3] {
    match model {
        Model::TicTacToe(_) => ["x_wins", "o_wins", "draws"],
        _ => ["max_ahead", "min_ahead", "level"],
    }
}

/// One line naming the run's options, so the figures are never read without them.
fn options_line(setup: &RunSetup) -> String {
    let o = &setup.options;
    let onoff = |b: bool| if b { "on" } else { "off" };
    format!(
        "{}, depth {}, {}, table {}, ordering {}",
        o.algorithm.title(),
        o.depth,
        if o.deepening {
            "iterative deepening"
        } else {
            "one pass"
        },
        onoff(o.keeps_table()),
        onoff(o.ordering),
    )
}

pub fn report(lesson: &Lesson, setup: &RunSetup, as_json: bool) -> Result<String> {
    if setup.options.family().samples() {
        return monte::report(lesson, setup, as_json);
    }
    let (result, c) = crate::run::count(lesson, setup)?;
    Ok(if as_json {
        json_report(lesson, setup, &result, &c)
    } else {
        text_report(lesson, setup, &result, &c)
    })
}

fn text_report(lesson: &Lesson, setup: &RunSetup, r: &RunResult, c: &Counter) -> String {
    let names = lesson.model.outcome_names();
    let terminal: u64 = c.terminal.iter().sum();
    let games = if matches!(lesson.model, Model::TicTacToe(_)) {
        "games (terminal positions reached)"
    } else {
        "terminal positions reached"
    };
    let distinct = if c.counts_distinct() {
        thousands(c.distinct)
    } else {
        "not counted (the game's ids are too many for the bitset)".into()
    };
    let plies: Vec<String> = (c.per_ply.iter().enumerate())
        .map(|(p, n)| format!("{p}: {}", thousands(*n)))
        .collect();
    // A move the game names itself is written by that name alone (a tic-tac-toe square); a
    // max-n score is the root mover's payoff.
    let words = crate::report::Wording::of_model(&lesson.model, setup.start, &setup.options, r);
    let named = words.mv(r.mv);
    let mv = if r.mv >= 0 && named != r.mv.to_string() {
        named
    } else {
        let name = (lesson.model.move_name(setup.start, r.mv)).unwrap_or_else(|| "none".into());
        format!("{} ({name})", r.mv)
    };
    format!(
        "{}: {}\ncalls: {}\nleaves: {} ({} terminal, {} at the depth horizon)\n{games}: {} ({} {}, {} {}, {} {})\ndistinct positions: {distinct}\ncalls per ply: {}\nresult: {} at depth {}, score {}, move {mv}\n",
        lesson.name,
        options_line(setup),
        thousands(c.calls),
        thousands(c.leaves),
        thousands(terminal),
        thousands(c.horizon),
        thousands(terminal),
        thousands(c.terminal[0]),
        names[0],
        thousands(c.terminal[1]),
        names[1],
        thousands(c.terminal[2]),
        names[2],
        plies.join(", "),
        r.status.name(),
        r.depth,
        words.score(r.score),
    )
}

fn json_report(lesson: &Lesson, setup: &RunSetup, r: &RunResult, c: &Counter) -> String {
    let words = crate::report::Wording::of_model(&lesson.model, setup.start, &setup.options, r);
    let keys = outcome_keys(&lesson.model);
    let mut terminal = serde_json::Map::new();
    terminal.insert("total".into(), json!(c.terminal.iter().sum::<u64>()));
    for (k, v) in keys.iter().zip(c.terminal) {
        terminal.insert((*k).into(), json!(v));
    }
    let value = json!({
        "lesson": lesson.name,
        "options": setup.options,
        "calls": c.calls,
        "leaves": c.leaves,
        "horizon_leaves": c.horizon,
        "terminal": terminal,
        "distinct": c.counts_distinct().then_some(c.distinct),
        "per_ply": c.per_ply,
        "status": r.status.name(),
        "depth": r.depth,
        "score": words.score_json(r.score),
        "move": words.mv_json(r.mv),
        "move_name": lesson.model.move_name(setup.start, r.mv),
    });
    value.to_string() + "\n"
}

/// `prune count --seeds K`: the same uniform tree with K leaf seeds, summarised.
pub fn over_seeds(run: &super::args::RunArgs, k: u32, as_json: bool) -> Result<String> {
    use super::args::{GameArg, LeavesArg};
    use crate::error::Error;
    let random = matches!(run.leaves, Some(LeavesArg::Random | LeavesArg::Distinct));
    if run.game != Some(GameArg::Uniform) || !random {
        return Err(Error::Options(
            "--seeds runs uniform trees whose leaves vary with the seed: give --game uniform --leaves random or distinct".into(),
        ));
    }
    let first = run.seed.unwrap_or(0);
    let mut calls = Vec::with_capacity(k as usize);
    let mut leaves = Vec::with_capacity(k as usize);
    let mut last = None;
    for i in 0..u64::from(k) {
        let mut one = run.clone();
        one.seed = Some(first + i);
        let (lesson, setup) = one.load()?;
        if setup.options.family().samples() {
            return Err(Error::Options(
                "--seeds counts the calls of uniform trees with varied leaves; a Monte Carlo run has no calls to count: run prune count once per --seed".into(),
            ));
        }
        let (_, c) = crate::run::count(&lesson, &setup)?;
        calls.push(c.calls as f64);
        leaves.push(c.leaves as f64);
        last = Some(setup);
    }
    let setup = last.expect("k is at least 1");
    let depth = f64::from(setup.options.depth);
    let (calls_mean, calls_ci) = crate::stats::mean_interval(&calls);
    let (leaves_mean, leaves_ci) = crate::stats::mean_interval(&leaves);
    // The branching factor a full tree of this depth would need to have this many leaves.
    let ebf = leaves_mean.powf(1.0 / depth);
    let seeds = format!("{first}..={}", first + u64::from(k) - 1);
    if as_json {
        let figure = |mean: f64, ci: Option<(f64, f64)>, xs: &[f64]| {
            json!({
                "mean": mean,
                "low": ci.map(|c| c.0),
                "high": ci.map(|c| c.1),
                "min": xs.iter().copied().fold(f64::INFINITY, f64::min),
                "max": xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            })
        };
        return Ok(json!({
            "options": setup.options,
            "seeds": k,
            "first_seed": first,
            "calls": figure(calls_mean, calls_ci, &calls),
            "leaves": figure(leaves_mean, leaves_ci, &leaves),
            "effective_branching": ebf,
        })
        .to_string()
            + "\n");
    }
    let line = |what: &str, mean: f64, ci: Option<(f64, f64)>| match ci {
        Some((lo, hi)) => format!("{what}: mean {mean:.1}, 95 % interval [{lo:.1}, {hi:.1}]\n"),
        None => format!("{what}: {mean:.0} (one seed: no interval)\n"),
    };
    Ok(format!(
        "{}\nseeds: {k} ({seeds})\n{}{}effective branching factor: {ebf:.3} (mean leaves^(1/{}); the tree's is {})\n",
        options_line(&setup),
        line("calls", calls_mean, calls_ci),
        line("leaves", leaves_mean, leaves_ci),
        setup.options.depth,
        run.branching.map_or("?".into(), |b| b.to_string()),
    ))
}
