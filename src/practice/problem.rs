//! One practice problem: a tree, the runs that answer it, the question, and its grader.
//!
//! The expected answer and every piece of feedback are read off recorded runs of the core
//! through their one index (`index::record`); nothing here searches a tree a second way.

use super::answer::{self, Answer};
use super::item::Explained;
use super::{
    call_kinds, chance_kinds, diagnose, leaves, mcts_kinds, misconception, query, render,
    root_kinds, windows,
};
use crate::error::{Error, Result};
use crate::game::graph::Graph;
use crate::game::model::Model;
use crate::lesson::facts::Kind;
use crate::lesson::{Lesson, LessonSpec, Overrides};
use crate::search::Algorithm;
use crate::value::Units;

pub use super::item::{Item, Problem, Solved, Verdict, hint, question};

impl Problem {
    /// Loads and checks a problem: its answer must be computable.
    pub fn new(item: Item) -> Result<Problem> {
        let mut problem = Problem::unchecked(item)?;
        // Computing the answer checks everything a question needs (its node is searched, its
        // runs are valid) when the problem is loaded, not when it is graded.
        let expected = problem.answer()?;
        problem.askable()?;
        problem.hide_answer_from_format(&expected);
        Ok(problem)
    }

    /// An example in the answer format must never be the answer: when one of them (in any
    /// spelling the grader accepts) is, the format gets examples that are not.
    fn hide_answer_from_format(&mut self, expected: &Answer) {
        let accepted = |text: &str| self.read(text).is_ok_and(|a| a == *expected);
        if answer::examples_in(&self.item.answer_format)
            .into_iter()
            .any(accepted)
        {
            self.item.answer_format = answer::format_hint_avoiding(self.item.kind, accepted);
        }
    }

    /// A question must be true of its run: a flag is "stored" only in a run that keeps a
    /// table, and a question about the root's value needs a value the run proved exact (a
    /// root window the value falls outside of proves only a bound, which these questions
    /// do not ask about; a value problem does).
    fn askable(&self) -> Result<()> {
        let refuse = |why: String| {
            Err(Error::Options(format!(
                "practice item {}: {why}",
                self.item.id
            )))
        };
        let setup = self
            .lesson
            .setup(Some(&self.item.runs[0].name), &Overrides::default())?;
        let o = &setup.options;
        if let Some(why) = mcts_kinds::askable(self.item.kind, o) {
            return refuse(why);
        }
        if let Some(why) = windows::askable(self.item.kind, o) {
            return refuse(why);
        }
        if let Some(why) = chance_kinds::askable(self.item.kind, o, self.lesson.graph.scale()) {
            return refuse(why);
        }
        if self.item.kind == Kind::Flag && !setup.options.keeps_table() {
            return refuse(format!(
                "a flag problem needs a run that keeps a table, and run '{}' stores nothing",
                self.item.runs[0].name
            ));
        }
        if matches!(
            self.item.kind,
            Kind::Decision | Kind::Interrupted | Kind::Quiescence
        ) {
            for i in 0..self.item.runs.len().min(2) {
                let solved = self.solve_run(i)?;
                let bound = solved.rec.tree().committed_bound();
                if let Some(b) = bound.filter(|&b| b != crate::value::Flag::Exact) {
                    let (a, z) = setup.options.window;
                    let units = self.units();
                    return refuse(format!(
                        "run '{}' proves only {} for the root (its window ({}, {}) excludes the value), and a {} problem asks for the value",
                        solved.run,
                        b.worth(solved.rec.result().score, &units),
                        units.fmt(a),
                        units.fmt(z),
                        self.item.kind.name()
                    ));
                }
            }
        }
        Ok(())
    }

    /// The graph and runs only, for a problem still being built (its question may lack the
    /// node it will ask about).
    pub(crate) fn unchecked(item: Item) -> Result<Problem> {
        let (graph, model) = tree_of(&item)?;
        if item.runs.is_empty() || (item.kind == Kind::Quiescence && item.runs.len() < 2) {
            return Err(Error::Options(format!(
                "practice item {}: a {} problem needs {} run(s)",
                item.id,
                item.kind.name(),
                if item.kind == Kind::Quiescence { 2 } else { 1 }
            )));
        }
        let lesson = Lesson {
            name: format!("practice item {}", item.id),
            spec: LessonSpec {
                title: item.id.clone(),
                source: item.source.clone(),
                intro: Vec::new(),
                graph: item.graph.clone(),
                runs: item.runs.clone(),
                notes: Vec::new(),
                facts: Vec::new(),
                size_facts: Vec::new(),
                practice: Vec::new(),
                demos: Vec::new(),
                game: item.game.clone(),
            },
            model,
            graph,
        };
        let problem = Problem { item, lesson };
        if let Some(name) = &problem.item.node {
            problem.node_id(name)?;
        }
        problem.solve_run(0)?;
        Ok(problem)
    }

    /// The settings a learner needs besides the tree, in one or two lines.
    pub fn settings(&self) -> String {
        let Ok(setup) = self
            .lesson
            .setup(Some(&self.item.runs[0].name), &Overrides::default())
        else {
            return String::new();
        };
        let o = setup.options;
        if o.family().samples() {
            return mcts_kinds::settings(&o);
        }
        let mut parts = vec![Algorithm::settings_title(o.algorithm).to_string()];
        parts.push(if o.ordering {
            "ordered by hint and score".into()
        } else {
            "left to right".into()
        });
        parts.push(o.cut.spelled(crate::value::Spelling::Instruction).into());
        parts.push(if o.table { "table on" } else { "no table" }.into());
        if o.deepening {
            parts.push(format!("deepening 1..{}", o.depth));
        } else {
            parts.push(format!("depth {}", o.depth));
        }
        if o.budget < crate::search::MAX_BUDGET {
            parts.push(format!("budget {}", o.budget));
        }
        if o.family().side_to_move() {
            parts.push("scores and windows from the side to move".into());
        }
        if let Some(a) = o.aspiration {
            parts.push(format!(
                "aspiration windows from depth {}, δ {} doubling on each miss, centred on the last completed pass's score or, before one, the guess {}",
                a.from, a.delta, a.guess
            ));
        }
        if let Some((lo, hi)) = o.chance_pruning {
            parts.push(format!("chance pruning with every utility in [{lo}, {hi}]"));
        }
        if o.chance_as_min {
            parts.push("chance nodes searched as MIN nodes".into());
        }
        if o.window != (-crate::search::INF, crate::search::INF) {
            let units = self.units();
            parts.push(format!(
                "root window ({}, {})",
                units.fmt(o.window.0),
                units.fmt(o.window.1)
            ));
        }
        parts.join(", ")
    }

    /// The right answer, computed by the core: each kind family reads its own.
    pub fn answer(&self) -> Result<Answer> {
        let main = self.solve_run(0)?;
        let kind = self.item.kind;
        Ok(match kind {
            Kind::Decision => root_kinds::decision(self, &main),
            Kind::Interrupted => root_kinds::interrupted(self, &main),
            Kind::Quiescence => root_kinds::quiescence(self, &main)?,
            Kind::Leaves => leaves::answer(self, &main),
            Kind::Window | Kind::Value | Kind::Flag | Kind::Next => {
                call_kinds::answer(kind, &main, self.target(&main)?)
            }
            Kind::Researched | Kind::Aspiration => windows::answer(self, &main, None),
            Kind::NegamaxWindow => {
                let t = self.target(&main)?;
                windows::answer(self, &main, Some(t))
            }
            Kind::ChanceValue => {
                let t = self.target(&main)?;
                chance_kinds::answer(self, &main, Some(t))?
            }
            Kind::ChanceSkipped => chance_kinds::answer(self, &main, None)?,
            Kind::MctsUcb1 | Kind::MctsSelect | Kind::MctsBackup | Kind::MctsPlayed => {
                mcts_kinds::answer(self, &main)?
            }
        })
    }

    /// Grades one answer line: which node is wrong, why, and the step that shows it.
    pub fn grade(&self, text: &str) -> Result<Verdict> {
        // Explanations write values in the tree's units (a chance graph's fractions).
        let units = self.units();
        let expected = self.answer()?;
        let main = self.solve_run(0)?;
        let mut verdict = Verdict {
            id: self.item.id.clone(),
            correct: false,
            node: None,
            step: None,
            run: main.run.clone(),
            why: String::new(),
            expected: expected.written(&units),
        };
        let given = match self.read(text) {
            Ok(a) => a,
            Err(e) => {
                verdict.why = format!("could not read the answer: {e}");
                return Ok(verdict);
            }
        };
        if given == expected {
            verdict.correct = true;
            verdict.why = "correct".into();
            return Ok(verdict);
        }
        let (node, step, why) = self.explain(&main, &units, &expected, &given)?;
        verdict.node = node.map(|s| self.name(s));
        verdict.step = step;
        // Which parts are wrong comes first; the node's explanation follows.
        verdict.why = match diagnose::parts(&expected, &given, &units) {
            Some(parts) => format!("{parts}; {why}"),
            None => why,
        };
        // A named misconception whose run gives this very answer, where there is one.
        if let Some(named) = misconception::diagnose(self, &main, &given) {
            verdict.why = format!("{}; {}", verdict.why, named.sentence);
        }
        if self.item.kind == Kind::Quiescence
            && matches!((&expected, &given), (Answer::Quiescence { fixed: a, .. }, Answer::Quiescence { fixed: b, .. }) if a == b)
        {
            verdict.run = self.item.runs[1].name.clone();
        }
        Ok(verdict)
    }

    /// An answer line as the grader compares it with the key: names spelled as labelled, a
    /// set of skipped children in node order.
    pub(crate) fn read(&self, text: &str) -> std::result::Result<Answer, String> {
        if self.item.kind.is_mcts() {
            let given = Answer::parse(self.item.kind, text)?;
            return Ok(mcts_kinds::normalized(self, given));
        }
        Ok(match self.spelled(Answer::parse(self.item.kind, text)?) {
            Answer::Leaves {
                evaluated,
                mut skipped,
            } => {
                // Skipped children form a set: list them in node order, as the key does.
                let graph = &self.lesson.graph;
                skipped
                    .sort_by_key(|n| (query::find_node(graph, n).unwrap_or(u32::MAX), n.clone()));
                skipped.dedup();
                Answer::Leaves { evaluated, skipped }
            }
            a => a,
        })
    }

    /// `given` with every node name spelled as the tree labels it, so the case an answer
    /// is typed in does not matter (the README's promise).
    fn spelled(&self, given: Answer) -> Answer {
        let graph = &self.lesson.graph;
        let name = |n: String| query::canonical_name(graph, &n);
        match given {
            Answer::Decision { value, choice } => Answer::Decision {
                value,
                choice: name(choice),
            },
            Answer::Leaves { evaluated, skipped } => Answer::Leaves {
                evaluated: evaluated.into_iter().map(name).collect(),
                skipped: skipped.into_iter().map(name).collect(),
            },
            Answer::Interrupted {
                status,
                depth,
                value,
                choice,
            } => Answer::Interrupted {
                status,
                depth,
                value,
                choice: name(choice),
            },
            Answer::Researched(children) => {
                Answer::Researched(children.into_iter().map(name).collect())
            }
            Answer::Outcomes(o) => Answer::Outcomes(chance_kinds::spelled(self, o)),
            Answer::Next(next) => match next.strip_prefix("enter ") {
                Some(n) => Answer::Next(format!("enter {}", name(n.to_string()))),
                None => Answer::Next(next),
            },
            other => other,
        }
    }

    /// (node, step, explanation) for a wrong answer, from the kind's family.
    fn explain(
        &self,
        main: &Solved,
        units: &Units,
        expected: &Answer,
        given: &Answer,
    ) -> Result<Explained> {
        let kind = self.item.kind;
        if kind.is_mcts() {
            return Ok(mcts_kinds::explain(self, main, expected, given));
        }
        if kind.is_seed_002() {
            let target = match kind {
                Kind::NegamaxWindow => Some(self.target(main)?),
                _ => None,
            };
            return Ok(windows::explain(self, main, units, target, expected, given));
        }
        if kind.is_chance() {
            let target = match kind {
                Kind::ChanceValue => Some(self.target(main)?),
                _ => None,
            };
            return Ok(chance_kinds::explain(self, main, target, expected, given));
        }
        self.explain_classic(main, units, expected, given)
    }

    /// (node, step, explanation) for a wrong answer of one of seed 000's kinds.
    fn explain_classic(
        &self,
        main: &Solved,
        units: &Units,
        expected: &Answer,
        given: &Answer,
    ) -> Result<Explained> {
        use Answer as A;
        Ok(match (expected, given) {
            (
                A::Decision { value, choice },
                A::Decision {
                    value: v2,
                    choice: c2,
                },
            ) => root_kinds::explain_decision(self, main, units, (*value, choice), (*v2, c2)),
            (
                A::Leaves { evaluated, skipped },
                A::Leaves {
                    evaluated: e2,
                    skipped: s2,
                },
            ) => leaves::explain(self, main, units, (evaluated, skipped), (e2, s2)),
            (
                A::Window { alpha, beta },
                A::Window {
                    alpha: a2,
                    beta: b2,
                },
            ) => {
                let t = self.target(main)?;
                call_kinds::explain_window(self, main, units, t, (*alpha, *beta), (*a2, *b2))
            }
            (A::Value { .. }, _) | (A::Flag(_), _) => {
                call_kinds::explain_value(self, main, units, self.target(main)?)
            }
            (A::Interrupted { status, depth, .. }, _) => {
                root_kinds::explain_interrupted(main, status, *depth)
            }
            (A::Quiescence { fixed, quiet }, A::Quiescence { fixed: f2, .. }) => {
                root_kinds::explain_quiescence(self, main, units, (*fixed, *quiet), *f2)?
            }
            (A::Next(next), _) => {
                call_kinds::explain_next(self, main, units, self.target(main)?, next)
            }
            _ => (None, None, "the answer has the wrong form".to_string()),
        })
    }

    /// The question with the tree's settings and the answer format, for a terminal.
    pub fn describe(&self) -> String {
        format!("{}\n{}", self.tree_text(), self.prompt(78))
    }

    /// The tree as text: the graph's outline, or a game's name and starting board.
    pub fn tree_text(&self) -> String {
        if !self.on_game() {
            return render::outline(&self.lesson.graph, self.start());
        }
        let mut lines = vec![self.item.game.title()];
        if let Some(d) = self.lesson.model.describe_at(self.start(), &[]) {
            lines.extend(d.board.iter().map(|row| format!("  {row}")));
            if !d.board_note.is_empty() {
                lines.push(format!("  {}", d.board_note));
            }
        }
        lines.join("\n")
    }

    /// The question, the search settings and the answer format, wrapped to `width` columns
    /// (for a view that draws the tree itself).
    pub fn prompt(&self, width: usize) -> String {
        [
            self.item.question.clone(),
            format!("[{}]", self.settings()),
            format!("Answer: {}", self.item.answer_format),
        ]
        .iter()
        .map(|para| render::wrap(para, width))
        .collect::<Vec<_>>()
        .join("\n")
    }
}

/// The item's graph and the game its runs search: the graph itself, or a game (tic-tac-toe, a
/// uniform tree) beside the stand-in graph a lesson on a game holds. A game's positions are
/// not nodes an answer could name, so only the kinds that name the root's moves are asked on
/// one.
fn tree_of(item: &Item) -> Result<(Graph, Model)> {
    let refuse = |why: String| Error::Options(format!("practice item {}: {why}", item.id));
    if !item.game.is_graph() {
        if item.kind != Kind::Decision || !item.graph.is_empty() {
            return Err(refuse(format!(
                "a {} problem needs a graph: on {} only a decision (the root's value and move) is asked, with no graph",
                item.kind.name(),
                item.game.title()
            )));
        }
        let model = item.game.build(None).map_err(refuse)?;
        return Ok((crate::lesson::stand_in_graph(), model));
    }
    let graph = Graph::from_spec(&item.graph).map_err(|problem| Error::Invalid {
        path: format!("practice item {}", item.id),
        problem,
    })?;
    check_names(&item.id, &graph)?;
    Ok((graph.clone(), Model::Graph(graph)))
}

/// Every node must have a name an answer line can spell, or its key would grade wrong:
/// answers split words at spaces and commas and a leaves answer at `|`, and a name must pick
/// out one node. A node without a label is named by its number.
fn check_names(id: &str, graph: &Graph) -> Result<()> {
    let mut seen = std::collections::BTreeMap::new();
    for s in 0..graph.len() as u32 {
        let name = graph.name(s);
        let why = if name.is_empty() {
            Some("it is empty".to_string())
        } else if name.chars().any(char::is_whitespace) {
            Some("it contains a space".to_string())
        } else if name.contains('|') {
            Some("it contains '|'".to_string())
        } else if name.contains(',') {
            Some("it contains ','".to_string())
        } else {
            seen.insert(name.clone(), s)
                .map(|first| format!("node {first} has the same name"))
        };
        if let Some(why) = why {
            let what = match graph.label(s) {
                Some(_) => format!("the label '{name}' of node {s}"),
                None => format!("node {s} (unlabelled, so named '{name}')"),
            };
            return Err(Error::Options(format!(
                "practice item {id}: an answer cannot name {what}: {why}; a label must be non-empty, unique, and without spaces, '|' or ','"
            )));
        }
    }
    Ok(())
}
