//! Monte Carlo tree search practice (seed 004 §6): a child's UCB1, which child selection
//! takes, what one iteration's backup changes (incoming-mover convention) and which move is
//! played if the search stops. Every problem is a real run of the core from a stated tree
//! (`search::mcts::Prior`) with a scripted playout result, one iteration long; its answer is
//! read off that run's index and its explanation from the run's own numbers.

use serde_json::Number;

use super::item::Verdict;
use crate::error::{Error, Result};
use crate::event::Mcts;
use crate::game::Side;
use crate::game::graph::{Graph, GraphSpec, MoveSpec, NodeSpec, Score};
use crate::index::Recorded;
use crate::index::monte::{Counts, wins_text};
use crate::lesson::{Lesson, LessonSpec, Overrides, RunSpec};
use crate::rng::Rng;
use crate::search::Algorithm;
use crate::search::mcts::{GivenNode, Playout, Prior, Real, c_text};
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

    fn answer_format(self) -> &'static str {
        match self {
            MctsKind::Ucb1 => "a number to 3 decimals, e.g. 0.123",
            MctsKind::Select | MctsKind::Played => "a child's name, e.g. Q",
            MctsKind::Backup => {
                "each asked node's name, N and U after the iteration, in the order asked, U in wins (a draw is 0.5), e.g. p 4 2.5, q 3 1"
            }
        }
    }
}

/// A node of a problem's tree as it is built: label, side, a score when it is a finished
/// game, children by index.
#[derive(Clone, Debug)]
struct Built {
    label: String,
    side: Side,
    score: Option<i32>,
    kids: Vec<usize>,
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

/// A stated root child for the selection kinds: label, N, U in half-wins (`None`: no node).
type Stated = (String, Option<(u32, u32)>);

/// A root (MAX) with the stated children (each a MIN node over two finished games, so a
/// playout has moves to make), the root's N the children's sum.
fn selection_problem(
    id: &str,
    kind: MctsKind,
    source: &str,
    kids: &[Stated],
    c: f64,
    ask: Option<&str>,
    result: u8,
) -> MctsProblem {
    let mut nodes = vec![Built {
        label: "R".into(),
        side: Side::Max,
        score: None,
        kids: Vec::new(),
    }];
    let mut prior = Prior::default();
    let mut root_n = 0;
    let mut root_u = 0;
    for (i, (label, counts)) in kids.iter().enumerate() {
        let child = nodes.len();
        nodes[0].kids.push(child);
        nodes.push(Built {
            label: label.clone(),
            side: Side::Min,
            score: None,
            kids: vec![child + 1, child + 2],
        });
        for (j, score) in [(1, 1), (2, -1)] {
            nodes.push(Built {
                label: format!("{label}{j}"),
                side: Side::Max,
                score: Some(score),
                kids: Vec::new(),
            });
        }
        if let Some((n, u)) = *counts {
            prior.nodes.push(GivenNode {
                path: vec![i as u16],
                n,
                u,
            });
            root_n += n;
            root_u += u;
        }
    }
    prior.nodes.insert(
        0,
        GivenNode {
            path: Vec::new(),
            n: root_n,
            u: root_u,
        },
    );
    prior.script = vec![result];
    let stated: Vec<String> = (kids.iter())
        .map(|(l, c)| match c {
            Some((n, u)) => format!("{l} with N = {n}, U = {}", half(*u)),
            None => format!("{l} never visited"),
        })
        .collect();
    let head = format!(
        "A UCT root R (MAX to move) has N = {root_n} visits. Its children, in move order: {}. C = {} and the log is natural; UCB1 = U/N + C·sqrt(ln N(parent) / N), U counting wins (a draw is half a win).",
        stated.join("; "),
        c_text(c)
    );
    let q = match kind {
        MctsKind::Ucb1 => format!(
            "{head} What is {}'s UCB1, to 3 decimals?",
            ask.unwrap_or("?")
        ),
        MctsKind::Select => format!("{head} Which child does the next iteration's selection take?"),
        _ => format!("{head} If the search stops now, which move is played?"),
    };
    MctsProblem {
        id: id.into(),
        kind,
        source: source.into(),
        question: q,
        answer_format: kind.answer_format().into(),
        graph: graph_spec(&nodes),
        prior,
        c,
        ask: ask.map(|a| vec![a.to_string()]).unwrap_or_default(),
        players: ("MAX".into(), "MIN".into()),
    }
}

/// A path below the root: each step (label, side that moves INTO it, counts), then how the
/// iteration ends: `Some(result)` a scripted playout from a new child of the last node,
/// `None` the last node being a finished game worth `end_score`.
struct PathSpec<'a> {
    /// MAX's and MIN's names ("White", "Black").
    players: (&'a str, &'a str),
    root_n: u32,
    root_u: u32,
    steps: Vec<(String, u32, u32)>,
    playout: Option<u8>,
    end_score: i32,
}

fn backup_problem(id: &str, source: &str, p: &PathSpec) -> MctsProblem {
    let mut nodes = vec![Built {
        label: "R".into(),
        side: Side::Max,
        score: None,
        kids: Vec::new(),
    }];
    let mut prior = Prior {
        nodes: vec![GivenNode {
            path: Vec::new(),
            n: p.root_n,
            u: p.root_u,
        }],
        script: Vec::new(),
    };
    let last = p.steps.len() - 1;
    for (i, (label, n, u)) in p.steps.iter().enumerate() {
        let at = nodes.len();
        nodes[at - 1].kids.push(at);
        let side = nodes[at - 1].side.other();
        let finished = i == last && p.playout.is_none();
        nodes.push(Built {
            label: label.clone(),
            side,
            score: finished.then_some(p.end_score),
            kids: Vec::new(),
        });
        prior.nodes.push(GivenNode {
            path: vec![0; i + 1],
            n: *n,
            u: *u,
        });
    }
    if let Some(result) = p.playout {
        // The last stated node expands its one move; the playout goes on from there.
        let at = nodes.len();
        let side = nodes[at - 1].side.other();
        nodes[at - 1].kids.push(at);
        nodes.push(Built {
            label: "new".into(),
            side,
            score: None,
            kids: vec![at + 1],
        });
        nodes.push(Built {
            label: "end".into(),
            side: side.other(),
            score: Some(0),
            kids: Vec::new(),
        });
        prior.script = vec![result];
    } else {
        prior.script = vec![1];
    }
    let (max, min) = p.players;
    let who = |s: Side| if s == Side::Min { min } else { max };
    let mut side = Side::Max;
    let steps: Vec<String> = (p.steps.iter())
        .map(|(l, n, u)| {
            let mover = who(side);
            side = side.other();
            format!("{l} (after {mover} moves; N = {n}, U = {})", half(*u))
        })
        .collect();
    let ending = match p.playout {
        Some(r) => format!(
            "{} is expanded with its one move and the playout from there ends in {}.",
            p.steps[last].0,
            match r {
                2 => format!("a {max} win"),
                1 => "a draw".into(),
                _ => format!("a {min} win"),
            }
        ),
        None => format!(
            "{} is a finished game ({}), so nothing is expanded and its result is backed up.",
            p.steps[last].0,
            match p.end_score {
                v if v > 0 => format!("{max} has won"),
                0 => "a draw".into(),
                _ => format!("{min} has won"),
            }
        ),
    };
    let names: Vec<String> = p.steps.iter().map(|s| s.0.clone()).collect();
    let question = format!(
        "{max} is to move at the root R (N = {}, U = {}). An iteration selects R → {}. {ending} U counts wins for the player who moved into the node (a draw is half a win). What are {}'s N and U after the iteration?",
        p.root_n,
        half(p.root_u),
        steps.join(" → "),
        names.join(", ")
    );
    MctsProblem {
        id: id.into(),
        kind: MctsKind::Backup,
        source: source.into(),
        question,
        answer_format: MctsKind::Backup.answer_format().into(),
        graph: graph_spec(&nodes),
        prior,
        c: std::f64::consts::SQRT_2,
        ask: names,
        players: (max.to_string(), min.to_string()),
    }
}

fn graph_spec(nodes: &[Built]) -> GraphSpec {
    GraphSpec {
        nodes: (nodes.iter())
            .map(|n| NodeSpec {
                player: n.side.into(),
                score: n.score.map(|v| Score::One(Number::from(v))),
                moves: (n.kids.iter())
                    .map(|&k| MoveSpec {
                        p: None,
                        child: Number::from(k as u64),
                        tactical: false,
                    })
                    .collect(),
                label: Some(n.label.clone()),
                dice: None,
                distinct: false,
            })
            .collect(),
        ..GraphSpec::default()
    }
}

/// Seed 004's Monte Carlo questions as problems, with the seed's figures (wins doubled into
/// half-wins). Where the seed gives no figures the counts are ours.
pub fn seed_items() -> Vec<MctsProblem> {
    let src = |line: u32| format!("seed 004, line {line}");
    let s = |l: &str, n: u32, wins: u32| (l.to_string(), Some((n, 2 * wins)));
    let mut out = Vec::new();
    // Parent 16; A 6 wins in 12, B 1 in 4; C = 1.
    let ab = [s("A", 12, 6), s("B", 4, 1)];
    for kind in [MctsKind::Ucb1, MctsKind::Select, MctsKind::Played] {
        out.push(selection_problem(
            &format!("seed-004-1266-{}", kind.name()),
            kind,
            &src(1266),
            &ab,
            1.0,
            (kind == MctsKind::Ucb1).then_some("B"),
            1,
        ));
    }
    // Root 40; X 18 wins in 30, Y 4 in 10; C = 2.
    let xy = [s("X", 30, 18), s("Y", 10, 4)];
    for kind in [MctsKind::Select, MctsKind::Played] {
        out.push(selection_problem(
            &format!("seed-004-1367-{}", kind.name()),
            kind,
            &src(1367),
            &xy,
            2.0,
            None,
            1,
        ));
    }
    out.push(selection_problem(
        "seed-004-1367-mcts-ucb1",
        MctsKind::Ucb1,
        &src(1367),
        &xy,
        2.0,
        Some("X"),
        1,
    ));
    // Root 100; A 54 wins in 90, B 4 in 10; selection at C = 1 and at C = 0.2.
    let a_b = [s("A", 90, 54), s("B", 10, 4)];
    for (tag, c) in [("c1", 1.0), ("c02", 0.2)] {
        out.push(selection_problem(
            &format!("seed-004-1588-{tag}"),
            MctsKind::Select,
            &src(1588),
            &a_b,
            c,
            None,
            1,
        ));
    }
    out.push(selection_problem(
        "seed-004-1588-mcts-played",
        MctsKind::Played,
        &src(1588),
        &a_b,
        1.0,
        None,
        1,
    ));
    // An unvisited child beside visited ones (the seed gives no counts; these are ours).
    out.push(selection_problem(
        "seed-004-1148",
        MctsKind::Select,
        &src(1148),
        &[s("A", 6, 4), s("B", 4, 1), ("C".into(), None)],
        std::f64::consts::SQRT_2,
        None,
        1,
    ));
    // White moves into a and c, Black into b; Black wins. a 12/8, b 7/3, c 2/1.
    out.push(backup_problem(
        "seed-004-1577",
        &src(1577),
        &PathSpec {
            players: ("White", "Black"),
            root_n: 12,
            root_u: 16,
            steps: vec![("a".into(), 12, 16), ("b".into(), 7, 6), ("c".into(), 2, 2)],
            playout: Some(0),
            end_score: 0,
        },
    ));
    // Red moves into n1 and n3, Blue into n2; a draw (our counts).
    out.push(backup_problem(
        "seed-004-1137",
        &src(1137),
        &PathSpec {
            players: ("Red", "Blue"),
            root_n: 9,
            root_u: 10,
            steps: vec![
                ("n1".into(), 9, 10),
                ("n2".into(), 5, 4),
                ("n3".into(), 2, 1),
            ],
            playout: Some(1),
            end_score: 0,
        },
    ));
    // Green moves into u and w, Gold into v; Gold wins (our counts).
    out.push(backup_problem(
        "seed-004-1356",
        &src(1356),
        &PathSpec {
            players: ("Green", "Gold"),
            root_n: 10,
            root_u: 9,
            steps: vec![("u".into(), 10, 9), ("v".into(), 6, 7), ("w".into(), 3, 2)],
            playout: Some(0),
            end_score: 0,
        },
    ));
    // Selection reaches a finished game: its known result is backed up (our counts).
    out.push(backup_problem(
        "seed-004-1255",
        &src(1255),
        &PathSpec {
            players: ("MAX", "MIN"),
            root_n: 6,
            root_u: 8,
            steps: vec![("p".into(), 6, 8), ("q".into(), 3, 2)],
            playout: None,
            end_score: -1,
        },
    ));
    out
}

/// Exploration constants a generated problem draws from.
const CS: [f64; 4] = [0.5, 1.0, std::f64::consts::SQRT_2, 2.0];

/// Problem `index` of the Monte Carlo set generated from `seed`: the same numbers give the
/// same problem.
pub fn generate(seed: u64, index: u64, kind: MctsKind) -> Result<MctsProblem> {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x4D43_5453);
    let id = format!("{seed}-{}-{}", kind.name(), index + 1);
    let source = format!("generated from seed {seed}, problem {}", index + 1);
    let mut last = None;
    for _ in 0..64 {
        let p = match kind {
            MctsKind::Backup => generated_backup(&mut rng, &id, &source),
            _ => generated_selection(&mut rng, &id, &source, kind),
        };
        let s = p.solve()?;
        let interesting = p.teaches(&s);
        if interesting {
            return Ok(p);
        }
        last = Some(p);
    }
    last.ok_or_else(|| Error::Options("no problem could be generated".into()))
}

impl MctsProblem {
    /// Whether the run shows what the kind is about: selection not simply the most visited
    /// or best-mean child, the move played not the next selection, a UCB1 whose bonus counts.
    fn teaches(&self, s: &Solved) -> bool {
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

fn generated_selection(rng: &mut Rng, id: &str, source: &str, kind: MctsKind) -> MctsProblem {
    let k = rng.range(2, 4) as usize;
    let unvisited = kind == MctsKind::Select && rng.chance(1, 4);
    let kids: Vec<Stated> = (0..k)
        .map(|i| {
            let label = ["A", "B", "C", "D"][i].to_string();
            if unvisited && i == k - 1 {
                return (label, None);
            }
            let n = rng.range(1, 30) as u32;
            let u = rng.range(0, 2 * n as i64) as u32;
            (label, Some((n, u)))
        })
        .collect();
    let c = *rng.pick(&CS).unwrap_or(&1.0);
    let ask = (kind == MctsKind::Ucb1).then(|| kids[rng.below(k)].0.clone());
    selection_problem(
        id,
        kind,
        source,
        &kids,
        c,
        ask.as_deref(),
        rng.range(0, 2) as u8,
    )
}

fn generated_backup(rng: &mut Rng, id: &str, source: &str) -> MctsProblem {
    let len = rng.range(2, 4) as usize;
    let mut n = rng.range(6, 30) as u32;
    let root_n = n;
    let mut steps = Vec::new();
    for (i, label) in ["p", "q", "s", "t"].iter().take(len).enumerate() {
        if i > 0 {
            n = rng.range(1, n as i64) as u32;
        }
        let u = rng.range(0, 2 * n as i64) as u32;
        steps.push((label.to_string(), n, u));
    }
    let root_u = steps[0].2;
    let finished = rng.chance(1, 4);
    let result = rng.range(0, 2) as u8;
    backup_problem(
        id,
        source,
        &PathSpec {
            players: ("MAX", "MIN"),
            root_n,
            root_u,
            steps,
            playout: (!finished).then_some(result),
            end_score: result as i32 - 1,
        },
    )
}
