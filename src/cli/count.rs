//! `prune count`: what a run does, counted from the core's own events as it runs (the
//! `Counter` observer), never recorded: calls, leaves, terminal positions by outcome, distinct
//! positions and calls per ply. Seed 004's tic-tac-toe figures come out of this command. A
//! Monte Carlo run has iterations instead of calls: `monte` counts those.

mod monte;
pub mod solve;

use serde_json::json;

use crate::error::Result;
use crate::lesson::{Lesson, RunSetup};
use crate::observer::Counter;
use crate::search::RunResult;

/// 1234567 as "1,234,567".
pub fn thousands(n: u64) -> String {
    crate::size::group_digits(&n.to_string())
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
    let outcomes = lesson.model.outcomes();
    let names = outcomes.by_sign;
    let terminal: u64 = c.terminal.iter().sum();
    let games = if outcomes.games {
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
    let words = crate::report::Wording::of_run(lesson, setup, r);
    let named = words.mv(r.mv);
    let mv = if r.mv >= 0 && named != r.mv.to_string() {
        named
    } else {
        let name = (lesson.model.move_name(setup.start, r.mv)).unwrap_or_else(|| "none".into());
        format!("{} ({name})", r.mv)
    };
    format!(
        "{}: {}\ncalls: {}\nleaves: {} ({} terminal, {} at the depth horizon)\n{games}: {} ({} {}, {} {}, {} {})\ndistinct positions: {distinct}\ncalls per ply: {}\n{}result: {} at depth {}, score {}, move {mv}\n",
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
        passes_text(setup, r),
        r.status.name(),
        r.depth,
        words.score(r.score),
    )
}

/// Iterative deepening's passes, one line each: its depth, calls, leaves read and cutoffs
/// (the pass's own counter deltas, as the core reports them). Empty for one pass.
fn passes_text(setup: &RunSetup, r: &RunResult) -> String {
    if !setup.options.deepening {
        return String::new();
    }
    let mut out = String::from("calls per pass:");
    for p in &r.history {
        out += &format!(
            " {}: {}{};",
            p.depth,
            thousands(p.delta[0]),
            if p.done { "" } else { " (stopped)" }
        );
    }
    out.pop();
    out.push('\n');
    let last = r.history.iter().rev().find(|p| p.done);
    if let Some(last) = last.filter(|_| r.history.len() > 1) {
        let earlier: u64 = (r.history.iter())
            .filter(|p| p.depth < last.depth)
            .map(|p| p.delta[0])
            .sum();
        out += &format!(
            "earlier passes: {} calls, {} of the last complete pass's {}\n",
            thousands(earlier),
            share(earlier, last.delta[0]),
            thousands(last.delta[0]),
        );
    }
    out
}

/// `part / whole` as a percentage to one decimal.
fn share(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "no share".into();
    }
    format!("{:.1} %", 100.0 * part as f64 / whole as f64)
}

/// The passes as JSON: depth, whether it completed, its counter deltas and its result.
fn passes_json(r: &RunResult, words: &crate::report::Wording) -> serde_json::Value {
    let passes: Vec<serde_json::Value> = (r.history.iter())
        .map(|p| {
            json!({
                "depth": p.depth,
                "done": p.done,
                "calls": p.delta[0],
                "leaves": p.delta[1],
                "cutoffs": p.delta[2],
                "tt_hits": p.delta[3],
                "qnodes": p.delta[4],
                "score": if p.done { words.score_json(p.score) } else { serde_json::Value::Null },
                "move": if p.done { words.mv_json(p.mv) } else { serde_json::Value::Null },
            })
        })
        .collect();
    json!(passes)
}

fn json_report(lesson: &Lesson, setup: &RunSetup, r: &RunResult, c: &Counter) -> String {
    let words = crate::report::Wording::of_run(lesson, setup, r);
    let keys = lesson.model.outcomes().sign_keys;
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
        "passes": passes_json(r, &words),
        "stats": r.stats,
        "status": r.status.name(),
        "depth": r.depth,
        "score": words.score_json(r.score),
        "move": words.mv_json(r.mv),
        "move_name": lesson.model.move_name(setup.start, r.mv),
    });
    value.to_string() + "\n"
}

/// The figures of K runs of one uniform tree shape, one entry per seed.
struct Samples {
    calls: Vec<f64>,
    leaves: Vec<f64>,
    /// `passes[j]`: the calls of pass j + 1 of each run (empty without deepening).
    passes: Vec<Vec<f64>>,
    /// The leaves of each run's last pass (all its leaves without deepening): what the
    /// effective branching factor of depth d is read from.
    last_leaves: Vec<f64>,
}

/// A sample's mean, 95 % interval, least and greatest value, as JSON.
fn figure_json(xs: &[f64]) -> serde_json::Value {
    let (mean, ci) = crate::stats::mean_interval(xs);
    json!({
        "mean": mean,
        "low": ci.map(|c| c.0),
        "high": ci.map(|c| c.1),
        "min": xs.iter().copied().fold(f64::INFINITY, f64::min),
        "max": xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    })
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
    if first.checked_add(u64::from(k) - 1).is_none() {
        return Err(Error::Options(format!(
            "--seed {first} --seeds {k}: the seeds would run past {}, the largest seed",
            u64::MAX
        )));
    }
    let mut s = Samples {
        calls: Vec::with_capacity(k as usize),
        leaves: Vec::with_capacity(k as usize),
        passes: Vec::new(),
        last_leaves: Vec::with_capacity(k as usize),
    };
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
        let (r, c) = crate::run::count(&lesson, &setup)?;
        if setup.options.deepening {
            for (j, p) in r.history.iter().enumerate() {
                if s.passes.len() <= j {
                    s.passes.push(Vec::new());
                }
                s.passes[j].push(p.delta[0] as f64);
            }
        }
        s.last_leaves
            .push(r.history.last().map_or(0, |p| p.delta[1]) as f64);
        s.calls.push(c.calls as f64);
        s.leaves.push(c.leaves as f64);
        last = Some(setup);
    }
    let setup = last.expect("k is at least 1");
    Ok(if as_json {
        seeds_json(run, &setup, k, first, &s)
    } else {
        seeds_text(run, &setup, k, first, &s)
    })
}

/// The branching factor a full tree of this depth would need to have the mean leaves of the
/// last pass (earlier passes of deepening read other, shallower trees).
fn effective_branching(setup: &RunSetup, s: &Samples) -> f64 {
    let (leaves_mean, _) = crate::stats::mean_interval(&s.last_leaves);
    leaves_mean.powf(1.0 / f64::from(setup.options.depth))
}

fn seeds_json(
    run: &super::args::RunArgs,
    setup: &RunSetup,
    k: u32,
    first: u64,
    s: &Samples,
) -> String {
    let per_pass: Vec<serde_json::Value> = (s.passes.iter().enumerate())
        .map(|(j, xs)| json!({ "depth": j + 1, "calls": figure_json(xs) }))
        .collect();
    json!({
        "options": setup.options,
        "branching": run.branching,
        "depth": setup.options.depth,
        "leaf_rule": run.leaves.map(|l| format!("{l:?}").to_lowercase()),
        "seeds": k,
        "first_seed": first,
        "calls": figure_json(&s.calls),
        "leaves": figure_json(&s.leaves),
        "last_pass_leaves": figure_json(&s.last_leaves),
        "passes": per_pass,
        "effective_branching": effective_branching(setup, s),
    })
    .to_string()
        + "\n"
}

fn seeds_text(
    run: &super::args::RunArgs,
    setup: &RunSetup,
    k: u32,
    first: u64,
    s: &Samples,
) -> String {
    let line = |what: &str, xs: &[f64]| match crate::stats::mean_interval(xs) {
        (mean, Some((lo, hi))) => {
            format!("{what}: mean {mean:.1}, 95 % interval [{lo:.1}, {hi:.1}]\n")
        }
        (mean, None) => format!("{what}: {mean:.0} (one seed: no interval)\n"),
    };
    let per_pass: Vec<String> = (s.passes.iter().enumerate())
        .map(|(j, xs)| format!("{}: {:.1}", j + 1, crate::stats::mean_interval(xs).0))
        .collect();
    let per_pass = if per_pass.is_empty() {
        String::new()
    } else {
        format!("calls per pass (mean): {}\n", per_pass.join(", "))
    };
    format!(
        "{}\nseeds: {k} ({first}..={})\n{}{}{per_pass}effective branching factor: {:.3} (mean leaves{}^(1/{}); the tree's is {})\n",
        options_line(setup),
        first + u64::from(k) - 1,
        line("calls", &s.calls),
        line("leaves", &s.leaves),
        effective_branching(setup, s),
        if setup.options.deepening {
            " of the last pass"
        } else {
            ""
        },
        setup.options.depth,
        run.branching.map_or("?".into(), |b| b.to_string()),
    )
}
