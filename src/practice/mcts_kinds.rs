//! Monte Carlo tree search practice (seed 004 §6): a child's UCB1, which child selection
//! takes, what one iteration's backup changes (incoming-mover convention) and which move is
//! played if the search stops. Every problem is a real run of the core from a stated tree
//! (`search::mcts::Prior`) with a scripted playout result, one iteration long; its answer is
//! read off that run's index and its explanation from the run's own numbers. The problems
//! themselves (seed 004's items, generated ones) are made in `mcts_items`.

use super::item::Verdict;
use crate::error::{Error, Result};
use crate::event::Mcts;
use crate::game::Side;
use crate::game::graph::{Graph, GraphSpec};
use crate::index::Recorded;
use crate::index::monte::{Counts, wins_text};
use crate::lesson::{Lesson, LessonSpec, Overrides, RunSpec};
use crate::search::Algorithm;
use crate::search::mcts::{Playout, Prior, Real, c_text};
use crate::trace::{Event, Trace};

/// What a Monte Carlo practice problem asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MctsKind {
    /// One root child's UCB1, to three decimals.
    Ucb1,
    /// The child the next iteration's selection takes at the root.
    Select,
    /// The N and U of the path's nodes after one iteration.
    Backup,
    /// The move played if the search stops now: the most visited root child.
    Played,
}

impl MctsKind {
    pub const ALL: [MctsKind; 4] = [
        MctsKind::Ucb1,
        MctsKind::Select,
        MctsKind::Backup,
        MctsKind::Played,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MctsKind::Ucb1 => "mcts-ucb1",
            MctsKind::Select => "mcts-select",
            MctsKind::Backup => "mcts-backup",
            MctsKind::Played => "mcts-played",
        }
    }

    pub fn parse(text: &str) -> Option<MctsKind> {
        MctsKind::ALL.into_iter().find(|k| k.name() == text.trim())
    }

    /// How an answer of this kind is written.
    pub fn answer_format(self) -> &'static str {
        match self {
            MctsKind::Ucb1 => "a number to 3 decimals, e.g. 0.123",
            MctsKind::Select | MctsKind::Played => "a child's name, e.g. Q",
            MctsKind::Backup => {
                "each asked node's name, N and U after the iteration, in the order asked, U in wins (a draw is 0.5), e.g. p 4 2.5, q 3 1"
            }
        }
    }
}

/// A Monte Carlo practice problem: the tree, the stated counts, C, the scripted result of
/// the one iteration, and what is asked.
#[derive(Clone, Debug)]
pub struct MctsProblem {
    pub id: String,
    pub kind: MctsKind,
    pub source: String,
    pub question: String,
    pub answer_format: String,
    pub graph: GraphSpec,
    pub prior: Prior,
    pub c: f64,
    /// The labels asked about: the child (UCB1), the path's nodes (backup); empty otherwise.
    pub ask: Vec<String>,
    /// What the question calls MAX and MIN ("White", "Black").
    pub players: (String, String),
}

/// A right answer.
#[derive(Clone, Debug, PartialEq)]
pub enum MctsAnswer {
    /// A UCB1, exact as the run scored it.
    Number(f64),
    /// A child's label.
    Child(String),
    /// (label, N, U in half-wins) for each asked node, in the order asked.
    Counts(Vec<(String, u32, u32)>),
}

impl MctsAnswer {
    pub fn written(&self) -> String {
        match self {
            MctsAnswer::Number(x) => format!("{x:.3}"),
            MctsAnswer::Child(c) => c.clone(),
            MctsAnswer::Counts(rows) => (rows.iter())
                .map(|(l, n, u)| format!("{l} {n} {}", wins_text(*u)))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// The run of a problem, recorded and indexed, with the facts its answers are read from.
pub struct Solved {
    pub rec: Recorded,
    pub graph: Graph,
    /// The event of iteration 1.
    pub first: usize,
}

impl Solved {
    fn monte(&self) -> &crate::index::monte::Monte {
        &self.rec.index.monte
    }

    /// The tree node standing for graph node `label` (every problem tree is a tree, so one).
    fn node_of(&self, label: &str) -> Option<u32> {
        let state = (0..self.graph.len() as u32).find(|&s| self.graph.name(s) == label)?;
        let m = self.monte();
        (0..m.len() as u32).find(|&id| m.node(id).is_some_and(|n| n.state == state))
    }

    fn label(&self, node: u32) -> String {
        self.monte()
            .node(node)
            .map_or("?".into(), |n| self.graph.name(n.state))
    }

    /// The root's decision in iteration 1: the selection (its event and the child it
    /// took), or the child it expanded because it had no node yet.
    fn root_decision(&self) -> Option<(usize, Mcts)> {
        (self.rec.trace.events.iter().enumerate().skip(self.first))
            .map(|(i, e)| (i, e.to_owned()))
            .find_map(|(i, e)| match e {
                Event::Mcts(d @ Mcts::Select { node: 0, .. }) => Some((i, d)),
                Event::Mcts(d @ Mcts::Expand { parent: 0, .. }) => Some((i, d)),
                _ => None,
            })
    }

    /// The root's children as the selection at event `at` scored them.
    fn selection(&self, (at, d): (usize, Mcts)) -> Vec<crate::index::monte::SelectRow> {
        match d {
            Mcts::Select {
                node,
                start,
                len,
                pos,
            } => {
                let bonuses = self.rec.trace.bonuses(start, len).unwrap_or(&[]);
                self.monte().selection(node, at, bonuses, pos)
            }
            _ => Vec::new(),
        }
    }

    /// The root's children (label, counts) before iteration 1, in move order.
    fn root_children_before(&self) -> Vec<(String, Counts)> {
        let m = self.monte();
        (m.children_at(0, self.first).into_iter())
            .map(|(_, id)| (self.label(id), m.counts(id, self.first)))
            .collect()
    }

    /// Every backup of iteration 1: (node, reward, counts before, counts after), leaf first.
    fn backups(&self) -> Vec<(u32, u8, Counts, Counts)> {
        (self.rec.trace.events.iter().skip(self.first))
            .filter_map(|e| match e.to_owned() {
                Event::Mcts(Mcts::Backup { node, n, u, reward }) => Some((
                    node,
                    reward,
                    Counts {
                        n: n - 1,
                        u: u - reward as u32,
                    },
                    Counts { n, u },
                )),
                _ => None,
            })
            .collect()
    }
}

fn half(u: u32) -> String {
    wins_text(u)
}

impl MctsProblem {
    fn lesson(&self) -> Result<(Lesson, Graph)> {
        let graph = Graph::from_spec(&self.graph).map_err(|problem| Error::Invalid {
            path: format!("practice item {}", self.id),
            problem,
        })?;
        let run = RunSpec {
            name: "practice".into(),
            depth: Some(1),
            algorithm: Some(Algorithm::Mcts),
            iterations: Some(1),
            c: Some(Real(self.c)),
            playout: Some(Playout::Scripted),
            ..RunSpec::default()
        };
        let lesson = Lesson {
            name: format!("practice item {}", self.id),
            spec: LessonSpec {
                title: self.id.clone(),
                source: self.source.clone(),
                intro: Vec::new(),
                graph: self.graph.clone(),
                runs: vec![run],
                notes: Vec::new(),
                facts: Vec::new(),
                size_facts: Vec::new(),
                practice: Vec::new(),
                demos: Vec::new(),
                game: crate::game::model::GameSpec::Graph,
            },
            model: crate::game::model::Model::Graph(graph.clone()),
            graph: graph.clone(),
        };
        Ok((lesson, graph))
    }

    /// The problem's one iteration, run by the core from the stated tree and recorded.
    pub fn solve(&self) -> Result<Solved> {
        let (lesson, graph) = self.lesson()?;
        let setup = lesson.setup(Some("practice"), &Overrides::default())?;
        let mut rec = crate::observer::Recorder::default();
        let result =
            crate::search::run_from(&graph, setup.start, &setup.options, &self.prior, &mut rec)
                .map_err(|e| crate::run::named(&lesson, e))?;
        let catalog = crate::run::graph_catalog(&lesson, &setup).unwrap_or_default();
        let trace = Trace {
            header: crate::run::header(&lesson, &setup, catalog, result),
            events: rec.events,
            moves: rec.moves,
            children: rec.children,
            bonuses: rec.bonuses,
        };
        let rec = Recorded::from_trace(&lesson.name, trace)?;
        let first = rec.index.monte.iterations().first().copied().unwrap_or(0) as usize;
        Ok(Solved { rec, graph, first })
    }

    /// The right answer, read off the run.
    pub fn answer(&self) -> Result<MctsAnswer> {
        let s = self.solve()?;
        self.answer_of(&s)
    }

    fn answer_of(&self, s: &Solved) -> Result<MctsAnswer> {
        let bad = |why: &str| Error::Options(format!("practice item {}: {why}", self.id));
        Ok(match self.kind {
            MctsKind::Ucb1 => {
                let decision = s.root_decision().ok_or_else(|| bad("no iteration"))?;
                let asked = self.ask.first().ok_or_else(|| bad("no child asked"))?;
                let row = (s.selection(decision).into_iter())
                    .find(|r| s.label(r.node) == *asked)
                    .ok_or_else(|| bad("the asked child is not scored by UCB1 in this run"))?;
                MctsAnswer::Number(row.ucb1)
            }
            MctsKind::Select => match s.root_decision() {
                Some((_, Mcts::Select { node, pos, .. })) => {
                    let child = s.monte().child(node, pos).ok_or_else(|| bad("no child"))?;
                    MctsAnswer::Child(s.label(child))
                }
                Some((_, Mcts::Expand { node, .. })) => MctsAnswer::Child(s.label(node)),
                _ => return Err(bad("the root makes no choice")),
            },
            MctsKind::Played => {
                let kids = s.root_children_before();
                // The most visited, the first in move order on a tie.
                let best = (kids.iter()).fold(None::<&(String, Counts)>, |b, k| match b {
                    Some(b) if b.1.n >= k.1.n => Some(b),
                    _ => Some(k),
                });
                MctsAnswer::Child(best.ok_or_else(|| bad("the root has no child"))?.0.clone())
            }
            MctsKind::Backup => {
                let end = s.rec.trace.events.len();
                let rows = (self.ask.iter())
                    .map(|l| {
                        let node = s
                            .node_of(l)
                            .ok_or_else(|| bad("an asked node has no node"))?;
                        let c = s.monte().counts(node, end);
                        Ok((l.clone(), c.n, c.u))
                    })
                    .collect::<Result<Vec<_>>>()?;
                MctsAnswer::Counts(rows)
            }
        })
    }

    /// Reads an answer line in the kind's form.
    pub fn read(&self, text: &str) -> std::result::Result<MctsAnswer, String> {
        let t = text.trim();
        match self.kind {
            MctsKind::Ucb1 => t
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .map(MctsAnswer::Number)
                .ok_or_else(|| format!("'{}' is not a number", crate::text::cut(t))),
            MctsKind::Select | MctsKind::Played => {
                let name = t.trim_matches(|c: char| c == '"' || c == '\'');
                if name.is_empty() || name.contains(char::is_whitespace) {
                    return Err("write one child's name".into());
                }
                Ok(MctsAnswer::Child(name.to_string()))
            }
            MctsKind::Backup => self.read_counts(t),
        }
    }

    /// `a 13 8, b 8 4` (names optional: then the numbers go in the order asked).
    fn read_counts(&self, t: &str) -> std::result::Result<MctsAnswer, String> {
        let words: Vec<&str> = t
            .split(|c: char| c.is_whitespace() || ",;:/=()".contains(c))
            .filter(|w| !w.is_empty())
            // "N = 13, U = 8" names the counts; unless a node is called N or U.
            .filter(|w| {
                let count_name = w.eq_ignore_ascii_case("n") || w.eq_ignore_ascii_case("u");
                !count_name || self.ask.iter().any(|l| l.eq_ignore_ascii_case(w))
            })
            .collect();
        let halves = |w: &str| -> std::result::Result<u32, String> {
            let x: f64 = w
                .parse()
                .map_err(|_| format!("'{}' is not a count of wins", crate::text::cut(w)))?;
            let h = x * 2.0;
            if h < 0.0 || h.fract() != 0.0 {
                return Err(format!("{w} wins is not a whole or half number of wins"));
            }
            Ok(h as u32)
        };
        let visits = |w: &str| {
            w.parse::<u32>()
                .map_err(|_| format!("'{}' is not a count of visits", crate::text::cut(w)))
        };
        let k = self.ask.len();
        let mut rows = Vec::new();
        if words.len() == 3 * k && words.iter().step_by(3).all(|w| w.parse::<f64>().is_err()) {
            for chunk in words.chunks(3) {
                rows.push((chunk[0].to_string(), visits(chunk[1])?, halves(chunk[2])?));
            }
            // In the asked order, whatever order they were written in.
            let mut ordered = Vec::new();
            for l in &self.ask {
                let i = (rows.iter())
                    .position(|r| r.0.eq_ignore_ascii_case(l))
                    .ok_or_else(|| format!("no counts for {l}"))?;
                let mut r = rows[i].clone();
                r.0 = l.clone();
                ordered.push(r);
            }
            return Ok(MctsAnswer::Counts(ordered));
        }
        if words.len() == 2 * k {
            for (l, pair) in self.ask.iter().zip(words.chunks(2)) {
                rows.push((l.clone(), visits(pair[0])?, halves(pair[1])?));
            }
            return Ok(MctsAnswer::Counts(rows));
        }
        Err(format!(
            "write N and U for each of {} ({})",
            self.ask.join(", "),
            self.kind.answer_format()
        ))
    }

    /// Whether `given` is the right answer: a UCB1 within 0.0005 of the run's, the same
    /// child, the same counts.
    fn accepts(expected: &MctsAnswer, given: &MctsAnswer) -> bool {
        match (expected, given) {
            (MctsAnswer::Number(a), MctsAnswer::Number(b)) => (a - b).abs() <= 0.0005 + 1e-9,
            (MctsAnswer::Child(a), MctsAnswer::Child(b)) => a.eq_ignore_ascii_case(b),
            (a, b) => a == b,
        }
    }

    /// Grades one answer line.
    pub fn grade(&self, text: &str) -> Result<Verdict> {
        let s = self.solve()?;
        let expected = self.answer_of(&s)?;
        let mut verdict = Verdict {
            id: self.id.clone(),
            correct: false,
            node: None,
            step: Some(1),
            run: "practice".into(),
            why: String::new(),
            expected: expected.written(),
        };
        let given = match self.read(text) {
            Ok(g) => g,
            Err(e) => {
                verdict.why = format!("could not read the answer: {e}");
                return Ok(verdict);
            }
        };
        if MctsProblem::accepts(&expected, &given) {
            verdict.correct = true;
            verdict.why = "correct".into();
            return Ok(verdict);
        }
        let (node, why) = self.explain(&s, &expected, &given);
        verdict.node = node;
        verdict.why = why;
        Ok(verdict)
    }

    /// How the run reaches the right answer, in its own numbers (an answer key's reasons).
    pub fn reasons(&self) -> Result<String> {
        let s = self.solve()?;
        let expected = self.answer_of(&s)?;
        Ok(self.explain(&s, &expected, &expected).1)
    }

    /// (node, explanation) of a wrong answer, from the run's own numbers.
    fn explain(
        &self,
        s: &Solved,
        expected: &MctsAnswer,
        given: &MctsAnswer,
    ) -> (Option<String>, String) {
        match self.kind {
            MctsKind::Ucb1 => {
                let asked = self.ask.first().cloned().unwrap_or_default();
                let why = s
                    .root_decision()
                    .map(|d| s.selection(d))
                    .and_then(|rows| rows.into_iter().find(|r| s.label(r.node) == asked))
                    .map_or_else(
                        || "the run did not score this child".into(),
                        |r| self.ucb1_sum(s, &asked, &r),
                    );
                (Some(asked), why)
            }
            MctsKind::Select => (self.expected_child(expected), self.why_select(s)),
            MctsKind::Played => (self.expected_child(expected), self.why_played(s, given)),
            MctsKind::Backup => (None, self.why_backup(s, expected, given)),
        }
    }

    fn expected_child(&self, expected: &MctsAnswer) -> Option<String> {
        match expected {
            MctsAnswer::Child(c) => Some(c.clone()),
            _ => None,
        }
    }

    /// "B: mean 1/4 = 0.250, bonus 1 × sqrt(ln 16 / 4) = 0.833, UCB1 = 1.083".
    fn ucb1_sum(&self, s: &Solved, label: &str, r: &crate::index::monte::SelectRow) -> String {
        let parent = s.monte().counts(0, s.first).n;
        format!(
            "{label} has N = {}, U = {} wins under a parent with N = {parent}: mean {}/{} = {:.3}, bonus {} × sqrt(ln {parent} / {}) = {} × sqrt({:.3} / {}) = {:.3}, so UCB1 = {:.3} + {:.3} = {:.3} (natural log; the mean counts wins, so a draw's half-win is 0.5)",
            r.counts.n,
            half(r.counts.u),
            half(r.counts.u),
            r.counts.n,
            r.mean,
            c_text(self.c),
            r.counts.n,
            c_text(self.c),
            (parent as f64).ln(),
            r.counts.n,
            r.bonus,
            r.mean,
            r.bonus,
            r.ucb1
        )
    }

    fn why_select(&self, s: &Solved) -> String {
        match s.root_decision() {
            Some((at, d @ Mcts::Select { pos, .. })) => {
                let rows = s.selection((at, d));
                let parts: Vec<String> = (rows.iter())
                    .map(|r| format!("{} {:.3}", s.label(r.node), r.ucb1))
                    .collect();
                let chosen = (rows.iter()).find(|r| r.mv == pos);
                let mut why = format!(
                    "every child has been visited, so selection takes the largest UCB1 (the first in move order on a tie): {}",
                    parts.join(", ")
                );
                if let Some(c) = chosen {
                    why.push_str(&format!(
                        "; {} wins with {:.3} = mean {:.3} + bonus {:.3}",
                        s.label(c.node),
                        c.ucb1,
                        c.mean,
                        c.bonus
                    ));
                }
                let most = (rows.iter()).max_by_key(|r| r.counts.n);
                if let (Some(m), Some(c)) = (most, chosen)
                    && m.node != c.node
                {
                    why.push_str(&format!(
                        " (the most visited child, {}, is the move played at the end, not the one explored next)",
                        s.label(m.node)
                    ));
                }
                why
            }
            Some((_, Mcts::Expand { node, .. })) => format!(
                "{} has never been visited: an unvisited child is tried before any UCB1 is compared (its priority is infinite, the first such child in move order)",
                s.label(node)
            ),
            _ => "the root makes no choice".into(),
        }
    }

    fn why_played(&self, s: &Solved, given: &MctsAnswer) -> String {
        let kids = s.root_children_before();
        let parts: Vec<String> = (kids.iter())
            .map(|(l, c)| format!("{l} N = {}", c.n))
            .collect();
        let mut why = format!(
            "the move played is the root child with the most visits (the first in move order on a tie), not the highest UCB1 or mean: {}",
            parts.join(", ")
        );
        if let MctsAnswer::Child(g) = given
            && let Some((_, c)) = kids.iter().find(|(l, _)| l.eq_ignore_ascii_case(g))
        {
            why.push_str(&format!(
                "; {g} has mean {}/{} = {:.3}",
                half(c.u),
                c.n,
                c.u as f64 / (2.0 * c.n.max(1) as f64)
            ));
        }
        why
    }

    fn why_backup(&self, s: &Solved, expected: &MctsAnswer, given: &MctsAnswer) -> String {
        let backups = s.backups();
        let monte = s.monte();
        let parts: Vec<String> = (backups.iter().rev())
            .filter(|b| b.0 != 0)
            .map(|&(node, reward, before, after)| {
                let mover = monte.node(node).map_or("?", |n| {
                    if n.counts_for == Side::Min {
                        self.players.1.as_str()
                    } else {
                        self.players.0.as_str()
                    }
                });
                format!(
                    "{} ({mover} moved into it) {}/{} → {}/{} (+1 visit, +{} wins)",
                    s.label(node),
                    before.n,
                    half(before.u),
                    after.n,
                    half(after.u),
                    half(reward as u32)
                )
            })
            .collect();
        let mut why = format!(
            "every node on the path gets one visit; U grows by the result for the player who moved into the node (a win 1, a draw 0.5 for both, a loss 0): {}",
            parts.join(", ")
        );
        if let (MctsAnswer::Counts(right), MctsAnswer::Counts(got)) = (expected, given)
            && let Some(((l, n, u), (_, n2, u2))) = right
                .iter()
                .zip(got)
                .find(|(a, b)| (a.1, a.2) != (b.1, b.2))
        {
            why = format!(
                "{l} should be N = {n}, U = {} (you wrote N = {n2}, U = {}); {why}",
                half(*u),
                half(*u2)
            );
        }
        why
    }
}

impl MctsProblem {
    /// Whether the run shows what the kind is about: selection not simply the most visited
    /// or best-mean child, the move played not the next selection, a UCB1 whose bonus counts.
    pub(super) fn teaches(&self, s: &Solved) -> bool {
        let kids = s.root_children_before();
        let most = (kids.iter()).fold(None::<&(String, Counts)>, |b, k| match b {
            Some(b) if b.1.n >= k.1.n => Some(b),
            _ => Some(k),
        });
        if self.answer_of(s).is_err() {
            return false;
        }
        match self.kind {
            MctsKind::Ucb1 => matches!(s.root_decision(), Some((_, Mcts::Select { .. }))),
            MctsKind::Select | MctsKind::Played => {
                let selected = match s.root_decision() {
                    Some((_, Mcts::Select { node, pos, .. })) => {
                        s.monte().child(node, pos).map(|c| s.label(c))
                    }
                    Some((_, Mcts::Expand { node, .. })) => Some(s.label(node)),
                    _ => None,
                };
                let played = most.map(|m| m.0.clone());
                // The interesting case: the child explored next is not the one played.
                selected.is_some() && selected != played
            }
            MctsKind::Backup => true,
        }
    }
}
