//! `prune count` on a Monte Carlo run: what its iterations did, counted from the core's own
//! events as it runs (the `Tally` observer): iterations, tree nodes, how each iteration's
//! game ended (a playout, or a finished game already in the tree), the results by winner,
//! and the deepest node.

use serde_json::json;

use crate::error::Result;
use crate::event::{Event, Mcts};
use crate::game::model::Model;
use crate::lesson::{Lesson, RunSetup};
use crate::observer::Observer;
use crate::search::RunResult;

/// 1234567 as "1,234,567", as the rest of `prune count` writes it.
fn thousands(n: u64) -> String {
    crate::size::group_digits(&n.to_string())
}

/// A Monte Carlo run's counts, from its events.
#[derive(Debug, Clone)]
pub struct Tally {
    pub iterations: u64,
    /// The root and every expanded node (a stated tree's nodes among them).
    pub nodes: u64,
    /// Iterations that ended in a playout, and the moves those playouts made together.
    pub playouts: u64,
    pub playout_moves: u64,
    /// Iterations whose selection reached a finished game already in the tree.
    pub known: u64,
    /// Results for MAX: wins, losses and draws (X wins, O wins, draws in tic-tac-toe); under
    /// a score reward counting in a unit finer than half-wins, the third is every reward
    /// between a loss and a win. Set from `by_result` once the run's unit is known.
    pub results: [u64; 3],
    /// How many finished games gave MAX each reward, in the run's unit.
    by_result: Vec<u64>,
    /// Moves from the root to the deepest node.
    pub deepest: u32,
    /// Each node's depth, by id (the root's is 0).
    depths: Vec<u32>,
    /// Each node's position (the game's own number, a graph's node), by id; the root's is
    /// set by the report (the run's start).
    positions: Vec<u32>,
    /// The move arena's length so far, and the position each expansion's entry reaches,
    /// by where it starts (an `Expand` names its entry; playouts' entries are only counted).
    arena: u32,
    expanded: std::collections::HashMap<u32, u32>,
    /// How often each outcome of each chance position was drawn: (position, move) → draws.
    pub draws: std::collections::BTreeMap<(u32, u16), u64>,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            iterations: 0,
            nodes: 1,
            playouts: 0,
            playout_moves: 0,
            known: 0,
            results: [0; 3],
            by_result: vec![0; 256],
            deepest: 0,
            depths: vec![0],
            positions: vec![0],
            arena: 0,
            expanded: std::collections::HashMap::new(),
            draws: std::collections::BTreeMap::new(),
        }
    }
}

impl Tally {
    fn result(&mut self, reward: u8) {
        self.by_result[usize::from(reward)] += 1;
    }

    /// Wins, losses and the rest, for a run where a win counts `per_win`.
    fn settle(&mut self, per_win: u8) {
        let total: u64 = self.by_result.iter().sum();
        let (win, loss) = (self.by_result[usize::from(per_win)], self.by_result[0]);
        self.results = [win, loss, total - win - loss];
    }
}

impl Observer for Tally {
    const ENABLED: bool = true;

    fn event(&mut self, event: Event) {
        let Event::Mcts(event) = event else {
            return;
        };
        match event {
            Mcts::Iteration { .. } => self.iterations += 1,
            Mcts::Expand { parent, at, .. } => {
                let depth = self.depths.get(parent as usize).map_or(0, |d| d + 1);
                self.depths.push(depth);
                let position = self.expanded.get(&at).copied().unwrap_or(0);
                self.positions.push(position);
                self.deepest = self.deepest.max(depth);
                self.nodes += 1;
            }
            Mcts::Playout { len, result, .. } => {
                self.playouts += 1;
                self.playout_moves += u64::from(len);
                self.result(result);
            }
            Mcts::Known { result, .. } => {
                self.known += 1;
                self.result(result);
            }
            Mcts::Draw { node, pos } => {
                let position = self.positions.get(node as usize).copied().unwrap_or(0);
                *self.draws.entry((position, pos)).or_insert(0) += 1;
            }
            Mcts::Given { .. } | Mcts::Select { .. } | Mcts::Backup { .. } => {}
        }
    }

    /// A position is named by the game's own number when it has one (a graph's node, where
    /// chance outcomes are drawn), else 0: the tally names no other positions.
    fn state<G: crate::game::Game>(&mut self, game: &G, s: G::State) -> u32 {
        game.number(s).unwrap_or(0)
    }

    fn order(&mut self, _: u32, _: &[u16], _: &[u32]) {}

    fn arena(&mut self, _: &[u16], states: &[u32]) -> u32 {
        let start = self.arena;
        if let [one] = states {
            self.expanded.insert(start, *one);
        }
        self.arena += states.len() as u32;
        start
    }
}

/// Each chance position's outcomes as the run sampled them: how often each was drawn, its
/// share of the draws, and the ratio of the most drawn to each other beside the same ratio
/// of their probabilities (seed 004: an outcome of 0.8 comes about four times as often as
/// one of 0.2).
fn frequencies_text(lesson: &Lesson, t: &Tally) -> String {
    let mut out = String::new();
    let mut positions: Vec<u32> = t.draws.keys().map(|&(p, _)| p).collect();
    positions.dedup();
    for p in positions {
        let Some(d) = lesson.model.describe_at(p, &[]) else {
            continue;
        };
        let drawn: Vec<(u16, u64)> = (t.draws.range((p, 0)..=(p, u16::MAX)))
            .map(|(&(_, m), &n)| (m, n))
            .collect();
        let total: u64 = drawn.iter().map(|&(_, n)| n).sum();
        let name = d.label.unwrap_or_else(|| p.to_string());
        out += &format!("draws at chance node {name}: {} in all\n", thousands(total));
        let prob = |m: u16| {
            d.chances
                .get(usize::from(m))
                .and_then(|c| crate::exact::Ratio::parse(c))
        };
        let Some(&(most, most_n)) = drawn
            .iter()
            .max_by_key(|&&(m, n)| (n, std::cmp::Reverse(m)))
        else {
            continue;
        };
        for &(m, n) in &drawn {
            let p_text = d.chances.get(usize::from(m)).cloned().unwrap_or_default();
            let mut line = format!(
                "  outcome {m} (p = {p_text}): drawn {} times, {:.3} of the draws",
                thousands(n),
                n as f64 / total.max(1) as f64
            );
            if m != most && n > 0 {
                let expected = prob(most)
                    .zip(prob(m))
                    .filter(|(_, q)| q.num() != 0)
                    .map(|(a, b)| a.to_f64() / b.to_f64());
                line += &format!(
                    "; outcome {most} came {:.2} times as often{}",
                    most_n as f64 / n as f64,
                    expected.map_or(String::new(), |e| format!(
                        " (the probabilities say {e:.2})"
                    ))
                );
            }
            out += &line;
            out.push('\n');
        }
    }
    out
}

/// The names of MAX's wins, MIN's wins and draws, as text and as JSON keys.
fn result_names(model: &Model, r: &RunResult) -> ([&'static str; 3], [&'static str; 3]) {
    if r.mcts.as_ref().is_some_and(|m| m.per_win != 2) {
        return (
            ["MAX wins", "MIN wins", "partial rewards"],
            ["max_wins", "min_wins", "partial_rewards"],
        );
    }
    let outcomes = model.outcomes();
    (outcomes.results, outcomes.result_keys)
}

/// The run's Monte Carlo options in one line.
pub fn options_line(setup: &RunSetup) -> String {
    let o = &setup.options;
    let m = &o.mcts;
    format!(
        "{}, {} iterations, C = {}, seed {}, {} playouts",
        o.algorithm.title(),
        thousands(u64::from(m.iterations)),
        m.c_text(),
        m.seed,
        m.playout.name(),
    )
}

pub fn report(lesson: &Lesson, setup: &RunSetup, as_json: bool) -> Result<String> {
    let mut tally = Tally::default();
    tally.positions[0] = setup.start;
    let result =
        crate::run::search(lesson, setup, &mut tally).map_err(|e| crate::run::named(lesson, e))?;
    tally.settle(result.mcts.as_ref().map_or(2, |m| m.per_win));
    Ok(if as_json {
        json_report(lesson, setup, &result, &tally)
    } else {
        text_report(lesson, setup, &result, &tally)
    })
}

/// The played move's visits, and the root's.
fn visits(r: &RunResult) -> (u32, u32) {
    r.mcts.as_ref().map_or((0, 0), |m| {
        let chosen = m.children.iter().find(|c| c.mv == r.mv);
        (chosen.map_or(0, |c| c.n), m.root_n)
    })
}

fn text_report(lesson: &Lesson, setup: &RunSetup, r: &RunResult, t: &Tally) -> String {
    let (names, _) = result_names(&lesson.model, r);
    let words = crate::report::Wording::of_run(lesson, setup, r);
    let (chosen, root) = visits(r);
    let mv = if r.mv >= 0 {
        format!(
            "move {}, the most visited ({} of the root's {} visits)",
            words.mv(r.mv),
            thousands(chosen.into()),
            thousands(root.into())
        )
    } else {
        "no move".into()
    };
    let status = if r.mcts.as_ref().is_some_and(|m| m.interrupted) {
        "stopped early: the node budget was reached"
    } else {
        "complete"
    };
    let average = if t.playouts > 0 {
        format!(
            ", {:.1} moves on average",
            t.playout_moves as f64 / t.playouts as f64
        )
    } else {
        String::new()
    };
    format!(
        "{}: {}\niterations: {}\ntree nodes: {} (the root and {} expanded)\nfinished games: {} ({} played out{average}; {} already over at their tree node)\nresults: {} {}, {} {}, {} {}\ndeepest node: {} moves below the root\nresult: {status}, {mv}\n",
        lesson.name,
        options_line(setup),
        thousands(t.iterations),
        thousands(t.nodes),
        thousands(t.nodes - 1),
        thousands(t.playouts + t.known),
        thousands(t.playouts),
        thousands(t.known),
        thousands(t.results[0]),
        names[0],
        thousands(t.results[1]),
        names[1],
        thousands(t.results[2]),
        names[2],
        t.deepest,
    ) + &frequencies_text(lesson, t)
}

fn json_report(lesson: &Lesson, setup: &RunSetup, r: &RunResult, t: &Tally) -> String {
    let (_, keys) = result_names(&lesson.model, r);
    let words = crate::report::Wording::of_run(lesson, setup, r);
    let mut results = serde_json::Map::new();
    results.insert("total".into(), json!(t.results.iter().sum::<u64>()));
    for (k, v) in keys.iter().zip(t.results) {
        results.insert((*k).into(), json!(v));
    }
    let (chosen, root) = visits(r);
    json!({
        "lesson": lesson.name,
        "options": setup.options,
        "iterations": t.iterations,
        "nodes": t.nodes,
        "playouts": t.playouts,
        "playout_moves": t.playout_moves,
        "known": t.known,
        "results": results,
        "deepest": t.deepest,
        "status": r.status.name(),
        "interrupted": r.mcts.as_ref().is_some_and(|m| m.interrupted),
        "move": words.mv_json(r.mv),
        "move_name": lesson.model.move_name(setup.start, r.mv),
        "move_visits": chosen,
        "root_visits": root,
    })
    .to_string()
        + "\n"
}
