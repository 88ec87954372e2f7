//! Monte Carlo tree search practice (seed 004 §6), graded like every other kind: a child's
//! UCB1, which child selection takes, what one iteration's backup changes (incoming-mover
//! convention) and which move is played if the search stops now. A problem is a recorded run
//! of the core (usually from a stated tree with a scripted playout, one iteration long); its
//! answer is read off the run's index in the run's first iteration, and its explanation from
//! that iteration's own numbers. The problems themselves are made in `mcts_items`.

use super::answer::Answer;
use super::item::{Explained, Problem, Solved};
use super::query;
use crate::error::{Error, Result};
use crate::event::{Event, Mcts};
use crate::game::Side;
use crate::index::monte::{Counts, Monte, SelectRow};
use crate::lesson::facts::Kind;
use crate::search::Options;
use crate::search::mcts::c_text;

/// Half-wins as wins: these kinds ask about runs counting half-wins (`Run::new` refuses a run
/// whose score reward counts in a finer unit), as their answers are written.
fn wins_text(half_wins: u32) -> String {
    crate::index::monte::wins_text(half_wins, 2)
}

/// How far (in millionths) a UCB1 may lie from the run's and still be right: half of the
/// last of the three decimals asked for.
const UCB1_SLACK: i64 = 500;

/// Why a problem of `kind` cannot be asked about a run of `o`: the Monte Carlo kinds need a
/// Monte Carlo run, and the other kinds ask about calls a Monte Carlo run does not make.
pub fn askable(kind: Kind, o: &Options) -> Option<String> {
    let samples = o.family().samples();
    match (kind.is_mcts(), samples) {
        (true, false) => Some(format!(
            "a {} problem asks about a Monte Carlo run, and this run is not one (set \"algorithm\": \"mcts\")",
            kind.name()
        )),
        (false, true) => Some(format!(
            "a {} problem asks about the calls of a search, and a Monte Carlo run makes none",
            kind.name()
        )),
        _ => None,
    }
}

/// The settings line of a Monte Carlo problem.
pub fn settings(o: &Options) -> String {
    let m = &o.mcts;
    format!(
        "Monte Carlo tree search (UCT), C = {}, {}, {} playout",
        c_text(m.c.0),
        crate::text::counted(u64::from(m.iterations), "iteration", "iterations"),
        m.playout.name()
    )
}

/// The first iteration of a recorded Monte Carlo run, as these kinds read it.
struct Run<'a> {
    p: &'a Problem,
    s: &'a Solved,
    /// The events of iteration 1.
    first: usize,
    end: usize,
}

impl<'a> Run<'a> {
    fn new(p: &'a Problem, s: &'a Solved) -> Result<Run<'a>> {
        let starts = s.rec.index.monte.iterations();
        let first = *starts.first().ok_or_else(|| {
            Error::Options(format!(
                "practice item {}: the run completes no Monte Carlo iteration",
                p.item.id
            ))
        })? as usize;
        let per_win = s.rec.index.monte.per_win();
        if per_win != 2 {
            return Err(Error::Options(format!(
                "practice item {}: the run counts rewards in {}, and Monte Carlo practice is asked in half-wins: use the outcome reward or scores of 0, 1/2 and 1",
                p.item.id,
                crate::search::mcts::unit_words(per_win)
            )));
        }
        let end = starts
            .get(1)
            .map_or(s.rec.trace.events.len(), |&e| e as usize);
        Ok(Run { p, s, first, end })
    }

    fn monte(&self) -> &Monte {
        &self.s.rec.index.monte
    }

    fn fail(&self, why: &str) -> Error {
        Error::Options(format!("practice item {}: {why}", self.p.item.id))
    }

    fn label(&self, node: u32) -> String {
        self.monte()
            .node(node)
            .map_or("?".into(), |n| self.p.name(n.state))
    }

    fn state(&self, node: u32) -> Option<u32> {
        self.monte().node(node).map(|n| n.state)
    }

    /// The tree node of the graph node called `name` (the first one, on a graph where a
    /// position has several).
    fn node_of(&self, name: &str) -> Option<u32> {
        let state = query::find_node(&self.p.lesson.graph, name)?;
        let m = self.monte();
        (0..m.len() as u32).find(|&id| m.node(id).is_some_and(|n| n.state == state))
    }

    /// Iteration 1's events, with their indices.
    fn events(&self) -> impl Iterator<Item = (usize, Mcts)> + '_ {
        (self.s.rec.trace.events.iter().enumerate())
            .skip(self.first)
            .take(self.end - self.first)
            .filter_map(|(i, e)| match e.to_owned() {
                Event::Mcts(d) => Some((i, d)),
                _ => None,
            })
    }

    /// `parent`'s decision in iteration 1: a selection by UCB1, or the expansion of an
    /// untried move.
    fn decision(&self, parent: u32) -> Option<(usize, Mcts)> {
        self.events().find(|(_, d)| match *d {
            Mcts::Select { node, .. } => node == parent,
            Mcts::Expand { parent: p, .. } => p == parent,
            _ => false,
        })
    }

    /// The children as the selection at event `at` scored them (none for an expansion).
    fn selection(&self, (at, d): (usize, Mcts)) -> Vec<SelectRow> {
        match d {
            Mcts::Select {
                node,
                start,
                len,
                pos,
            } => {
                let bonuses = self.s.rec.trace.bonuses(start, len).unwrap_or(&[]);
                self.monte().selection(node, at, bonuses, pos)
            }
            _ => Vec::new(),
        }
    }

    /// The child `decision` takes.
    fn taken(&self, decision: (usize, Mcts)) -> Option<u32> {
        match decision.1 {
            Mcts::Select { node, pos, .. } => self.monte().child(node, pos),
            Mcts::Expand { node, .. } => Some(node),
            _ => None,
        }
    }

    /// The root's children (node, counts) before iteration 1, in move order.
    fn root_children_before(&self) -> Vec<(u32, Counts)> {
        let m = self.monte();
        let mut kids = m.children_at(0, self.first);
        kids.sort_by_key(|k| k.0);
        (kids.into_iter())
            .map(|(_, id)| (id, m.counts(id, self.first)))
            .collect()
    }

    /// The most visited of them, the first in move order on a tie.
    fn most_visited(&self) -> Option<(u32, Counts)> {
        (self.root_children_before().into_iter())
            .filter(|k| k.1.n > 0)
            .fold(None, |best: Option<(u32, Counts)>, k| match best {
                Some(b) if b.1.n >= k.1.n => Some(b),
                _ => Some(k),
            })
    }

    /// Iteration 1's backups, root first: (node, reward, counts before, counts after).
    fn backups(&self) -> Vec<(u32, u8, Counts, Counts)> {
        let mut out: Vec<_> = self
            .events()
            .filter_map(|(_, d)| match d {
                Mcts::Backup { node, n, u, reward } => Some((
                    node,
                    reward,
                    Counts {
                        n: n - 1,
                        u: u - u32::from(reward),
                    },
                    Counts { n, u },
                )),
                _ => None,
            })
            .collect();
        out.reverse();
        out
    }

    /// The nodes the selection of iteration 1 passed below the root: its path's nodes that
    /// were in the tree before it (not the one it expanded).
    fn path(&self) -> Vec<u32> {
        (self.backups().into_iter())
            .map(|b| b.0)
            .filter(|&id| id != 0)
            .filter(|&id| {
                self.monte()
                    .node(id)
                    .is_some_and(|n| (n.created as usize) < self.first)
            })
            .collect()
    }
}

/// The right answer of a Monte Carlo kind, read off the run's first iteration.
pub fn answer(p: &Problem, s: &Solved) -> Result<Answer> {
    let r = Run::new(p, s)?;
    Ok(match p.item.kind {
        Kind::MctsUcb1 => {
            let asked = p
                .item
                .node
                .as_deref()
                .ok_or_else(|| r.fail("no child asked"))?;
            let node = r
                .node_of(asked)
                .ok_or_else(|| r.fail(&format!("{asked} is not a node of the run's tree")))?;
            let row = scored(&r, node).ok_or_else(|| {
                r.fail(&format!(
                    "{asked} is not scored by UCB1 in the run's first iteration"
                ))
            })?;
            Answer::Ucb1((row.ucb1 * 1e6).round() as i64)
        }
        Kind::MctsSelect => {
            let child = (r.decision(0))
                .and_then(|d| r.taken(d))
                .ok_or_else(|| r.fail("the root makes no choice in the first iteration"))?;
            Answer::Child(r.label(child))
        }
        Kind::MctsPlayed => {
            let (best, _) = r.most_visited().ok_or_else(|| {
                r.fail("no root child has a visit before the first iteration: state the tree (\"given\")")
            })?;
            Answer::Child(r.label(best))
        }
        _ => {
            let path = r.path();
            if path.is_empty() {
                return Err(r.fail("the first iteration passes no node below the root that was in the tree before it"));
            }
            Answer::Counts(
                (path.into_iter())
                    .map(|id| {
                        let c = r.monte().counts(id, r.end);
                        (r.label(id), c.n, c.u)
                    })
                    .collect(),
            )
        }
    })
}

/// `node` as its parent's selection in iteration 1 scored it.
fn scored(r: &Run, node: u32) -> Option<SelectRow> {
    let parent = r.monte().node(node)?.parent;
    let decision = r.decision(parent)?;
    (r.selection(decision).into_iter()).find(|row| row.node == node)
}

/// `given` as the grader compares it with the key: a child's name spelled as the tree
/// labels it, counts in the order asked (names matched in any case, or numbers alone taken
/// in that order), a UCB1 within half a thousandth of the run's taken as the run's.
pub fn normalized(p: &Problem, given: Answer) -> Answer {
    let graph = &p.lesson.graph;
    let expected = p.solve_run(0).and_then(|s| answer(p, &s));
    match (given, expected) {
        (Answer::Child(c), _) => Answer::Child(query::canonical_name(graph, &c)),
        (Answer::Ucb1(x), Ok(Answer::Ucb1(want))) if (x - want).abs() <= UCB1_SLACK => {
            Answer::Ucb1(want)
        }
        (Answer::Counts(rows), Ok(Answer::Counts(asked))) => Answer::Counts(ordered(rows, &asked)),
        (given, _) => given,
    }
}

/// Counts given for the asked nodes, in the asked order.
fn ordered(rows: Vec<(String, u32, u32)>, asked: &[(String, u32, u32)]) -> Vec<(String, u32, u32)> {
    if rows.len() == asked.len() && rows.iter().all(|r| r.0.is_empty()) {
        return (asked.iter().zip(rows))
            .map(|(a, (_, n, u))| (a.0.clone(), n, u))
            .collect();
    }
    let named = |l: &str| rows.iter().find(|r| r.0.eq_ignore_ascii_case(l));
    if rows.len() == asked.len() && asked.iter().all(|a| named(&a.0).is_some()) {
        return (asked.iter())
            .filter_map(|a| named(&a.0).map(|r| (a.0.clone(), r.1, r.2)))
            .collect();
    }
    rows
}

/// (node, step, explanation) of an answer, from the run's own numbers: the step is the
/// first iteration's row of the run's trace.
pub fn explain(p: &Problem, s: &Solved, expected: &Answer, given: &Answer) -> Explained {
    let Ok(r) = Run::new(p, s) else {
        return (None, None, "the run completes no iteration".into());
    };
    let child = |a: &Answer| match a {
        Answer::Child(c) => query::find_node(&p.lesson.graph, c),
        _ => None,
    };
    let (node, why) = match p.item.kind {
        Kind::MctsUcb1 => {
            let asked = p.item.node.clone().unwrap_or_default();
            let why = (r.node_of(&asked)).and_then(|n| scored(&r, n)).map_or_else(
                || "the run did not score this child".into(),
                |row| ucb1_sum(&r, &asked, &row),
            );
            (query::find_node(&p.lesson.graph, &asked), why)
        }
        Kind::MctsSelect => (child(expected), why_select(&r)),
        Kind::MctsPlayed => (child(expected), why_played(&r, given)),
        _ => (
            r.path().first().and_then(|&n| r.state(n)),
            why_backup(&r, expected, given),
        ),
    };
    (node, Some(1), why)
}

/// "B has N = 4, U = 1 …: mean 1/4 = 0.250, bonus 1 × sqrt(ln 16 / 4) = 0.833, so UCB1 = …".
fn ucb1_sum(r: &Run, label: &str, row: &SelectRow) -> String {
    let parent_node = r.monte().node(row.node).map_or(0, |n| n.parent);
    let parent = r.monte().counts(parent_node, r.first).n;
    let c = c_text(r.s.rec.trace.header.options.mcts.c.0);
    let (n, u) = (row.counts.n, wins_text(row.counts.u));
    format!(
        "{label} has N = {n}, U = {u} wins under a parent with N = {parent}: mean {u}/{n} = {:.3}, bonus {c} × sqrt(ln {parent} / {n}) = {c} × sqrt({:.3} / {n}) = {:.3}, so UCB1 = {:.3} + {:.3} = {:.3} (natural log; the mean counts wins, so a draw's half-win is 0.5)",
        row.mean,
        (parent as f64).ln(),
        row.bonus,
        row.mean,
        row.bonus,
        row.ucb1
    )
}

fn why_select(r: &Run) -> String {
    let Some(decision) = r.decision(0) else {
        return "the root makes no choice in the first iteration".into();
    };
    if let Mcts::Expand { node, .. } = decision.1 {
        return format!(
            "{} has never been visited: an unvisited child is tried before any UCB1 is compared (its priority is infinite; the first such child in move order)",
            r.label(node)
        );
    }
    let rows = r.selection(decision);
    let parts: Vec<String> = (rows.iter())
        .map(|row| format!("{} {:.3}", r.label(row.node), row.ucb1))
        .collect();
    let mut why = format!(
        "every child has been visited, so selection takes the largest UCB1 = mean + bonus (the first in move order on a tie): {}",
        parts.join(", ")
    );
    let chosen = rows.iter().find(|row| row.chosen);
    if let Some(c) = chosen {
        why.push_str(&format!(
            "; {} wins with {:.3} = mean {:.3} + bonus {:.3}",
            r.label(c.node),
            c.ucb1,
            c.mean,
            c.bonus
        ));
    }
    if let (Some((most, _)), Some(c)) = (r.most_visited(), chosen)
        && most != c.node
    {
        why.push_str(&format!(
            " (the most visited child, {}, is the move played if the search stops, not the one explored next)",
            r.label(most)
        ));
    }
    why
}

fn why_played(r: &Run, given: &Answer) -> String {
    let kids = r.root_children_before();
    let parts: Vec<String> = (kids.iter())
        .map(|(id, c)| format!("{} N = {}", r.label(*id), c.n))
        .collect();
    let mut why = format!(
        "the move played is the root child with the most visits (the first in move order on a tie), not the highest UCB1 or mean: {}",
        parts.join(", ")
    );
    if let Answer::Child(g) = given
        && let Some((_, c)) = kids.iter().find(|(id, _)| r.label(*id) == *g)
    {
        why.push_str(&format!(
            "; {g} has mean {}/{} = {:.3} but fewer visits",
            wins_text(c.u),
            c.n,
            f64::from(c.u) / (2.0 * f64::from(c.n.max(1)))
        ));
    }
    why
}

fn why_backup(r: &Run, expected: &Answer, given: &Answer) -> String {
    let parts: Vec<String> = (r.backups().into_iter())
        .filter(|b| b.0 != 0)
        .map(|(node, reward, before, after)| {
            let mover = r.monte().node(node).map_or("?", |n| match n.counts_for {
                Side::Min => "MIN",
                _ => "MAX",
            });
            format!(
                "{} ({mover} moved into it) {}/{} → {}/{} (+1 visit, +{} wins)",
                r.label(node),
                before.n,
                wins_text(before.u),
                after.n,
                wins_text(after.u),
                wins_text(u32::from(reward))
            )
        })
        .collect();
    let mut why = format!(
        "every node on the path gets one visit; U grows by the result for the player who moved into the node (a win 1, a draw 0.5 for both, a loss 0), N/U before → after: {}",
        parts.join(", ")
    );
    if let (Answer::Counts(right), Answer::Counts(got)) = (expected, given)
        && let Some(((l, n, u), (_, n2, u2))) =
            (right.iter().zip(got)).find(|(a, b)| (a.1, a.2) != (b.1, b.2))
    {
        why = format!(
            "{l} should be N = {n}, U = {} (you wrote N = {n2}, U = {}); {why}",
            wins_text(*u),
            wins_text(*u2)
        );
    }
    why
}

/// Whether a generated problem's run shows what its kind is about: a UCB1 that a selection
/// computes, and a child explored next that is not the one played.
pub fn teaches(p: &Problem, s: &Solved) -> bool {
    let Ok(r) = Run::new(p, s) else {
        return false;
    };
    if answer(p, s).is_err() {
        return false;
    }
    match p.item.kind {
        Kind::MctsUcb1 => matches!(r.decision(0), Some((_, Mcts::Select { .. }))),
        Kind::MctsSelect | Kind::MctsPlayed => {
            let selected = r.decision(0).and_then(|d| r.taken(d));
            let played = r.most_visited().map(|m| m.0);
            selected.is_some() && selected != played
        }
        _ => true,
    }
}
