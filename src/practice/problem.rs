//! One practice problem: a tree, the runs that answer it, the question, and its grader.
//!
//! The expected answer and every piece of feedback are read off recorded runs of the core
//! through their one index (`index::record`); nothing here searches a tree a second way.

use super::Kind;
use super::answer::Answer;
use super::query::{self, Call, Skip};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::game::graph::Graph;
use crate::game::model::GameSpec;
use crate::index::{Outcome, Recorded, record};
use crate::lesson::{Lesson, LessonSpec, Overrides};
use crate::search::fmt_score;

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
        if super::answer::examples_in(&self.item.answer_format)
            .into_iter()
            .any(accepted)
        {
            self.item.answer_format = super::answer::format_hint_avoiding(self.item.kind, accepted);
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
        if let Some(why) =
            super::windows::askable(self.item.kind, o.algorithm, o.aspiration.is_some())
        {
            return refuse(why);
        }
        if let Some(why) =
            super::chance_kinds::askable(self.item.kind, o, self.lesson.graph.scale())
        {
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
                    return refuse(format!(
                        "run '{}' proves only {} for the root (its window ({}, {}) excludes the value), and a {} problem asks for the value",
                        solved.run,
                        b.worth(solved.rec.result().score),
                        fmt_score(a),
                        fmt_score(z),
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
        let graph = Graph::from_spec(&item.graph).map_err(|problem| Error::Invalid {
            path: format!("practice item {}", item.id),
            problem,
        })?;
        check_names(&item.id, &graph)?;
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
                practice: Vec::new(),
                demos: Vec::new(),
                game: GameSpec::Graph,
            },
            model: crate::game::model::Model::Graph(graph.clone()),
            graph,
        };
        let problem = Problem { item, lesson };
        if let Some(name) = &problem.item.node {
            problem.node_id(name)?;
        }
        problem.solve_run(0)?;
        Ok(problem)
    }

    fn node_id(&self, name: &str) -> Result<u32> {
        query::find_node(&self.lesson.graph, name).ok_or_else(|| {
            Error::Options(format!(
                "practice item {}: no node named '{name}'",
                self.item.id
            ))
        })
    }

    fn name(&self, s: u32) -> String {
        self.lesson.graph.name(s)
    }

    pub fn solve_run(&self, index: usize) -> Result<Solved> {
        let run = &self.item.runs[index].name;
        let setup = self.lesson.setup(Some(run), &Overrides::default())?;
        let rec = record(&self.lesson, &setup)?;
        let rows = query::rows(&rec);
        Ok(Solved {
            run: run.clone(),
            rec,
            rows,
        })
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
        let mut parts = vec![match o.algorithm {
            crate::search::Algorithm::AlphaBeta => "fail-soft alpha-beta".to_string(),
            crate::search::Algorithm::Minimax => "plain minimax".to_string(),
            crate::search::Algorithm::Negamax => "fail-soft negamax".to_string(),
            crate::search::Algorithm::Pvs => "fail-soft principal variation search".to_string(),
            crate::search::Algorithm::Expectiminimax => "expectiminimax".to_string(),
            crate::search::Algorithm::Maxn => "max-n".to_string(),
            crate::search::Algorithm::Paranoid => "paranoid alpha-beta".to_string(),
        }];
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
        if o.algorithm.side_to_move() {
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
            parts.push(format!(
                "root window ({}, {})",
                fmt_score(o.window.0),
                fmt_score(o.window.1)
            ));
        }
        parts.join(", ")
    }

    /// The right answer, computed by the core.
    pub fn answer(&self) -> Result<Answer> {
        let main = self.solve_run(0)?;
        let graph = &self.lesson.graph;
        let start = main.rec.trace.header.start;
        let choice = |mv: i16| match query::choice_name(graph, start, mv) {
            serde_json::Value::String(s) => s,
            _ => "-".to_string(),
        };
        Ok(match self.item.kind {
            Kind::Decision => Answer::Decision {
                value: main.rec.result().score,
                choice: choice(main.rec.result().mv),
            },
            Kind::Leaves => {
                let evaluated = query::reads(&main.rec, None)
                    .iter()
                    .map(|&(_, s)| self.name(s))
                    .collect();
                let mut skipped: Vec<u32> = query::skips(&main.rec, None)
                    .iter()
                    .map(|k| k.child)
                    .collect();
                skipped.sort_unstable();
                skipped.dedup();
                Answer::Leaves {
                    evaluated,
                    skipped: skipped.iter().map(|&s| self.name(s)).collect(),
                }
            }
            Kind::Window => {
                let c = &main.rows[self.target(&main)?];
                Answer::Window {
                    alpha: c.alpha,
                    beta: c.beta,
                }
            }
            Kind::Value => {
                let t = self.target(&main)?;
                let c = &main.rows[t];
                Answer::Value {
                    value: c.value.unwrap_or(0),
                    bound: query::bound_of(&main.rec, t).unwrap_or("exact").to_string(),
                }
            }
            Kind::Flag => {
                let c = &main.rows[self.target(&main)?];
                Answer::Flag(match c.outcome {
                    Some(Outcome::Stored(f)) => f.name().to_string(),
                    _ => "HIT".to_string(),
                })
            }
            Kind::Interrupted => Answer::Interrupted {
                status: main.rec.result().status.name().to_string(),
                depth: main.rec.result().depth,
                value: main.rec.result().score,
                choice: choice(main.rec.result().mv),
            },
            Kind::Quiescence => {
                let quiet = self.solve_run(1)?;
                Answer::Quiescence {
                    fixed: main.rec.result().score,
                    quiet: quiet.rec.result().score,
                }
            }
            Kind::Next => Answer::Next(
                query::next_after(&main.rec, self.target(&main)?)
                    .unwrap_or_else(|| "return".into()),
            ),
            Kind::Researched | Kind::Aspiration => super::windows::answer(self, &main, None),
            Kind::NegamaxWindow => {
                let t = self.target(&main)?;
                super::windows::answer(self, &main, Some(t))
            }
            Kind::ChanceValue => {
                let t = self.target(&main)?;
                super::chance_kinds::answer(self, &main, Some(t))?
            }
            Kind::ChanceSkipped => super::chance_kinds::answer(self, &main, None)?,
        })
    }

    /// The first call of the asked node in the last pass.
    fn target(&self, solved: &Solved) -> Result<usize> {
        let name = self.item.node.as_deref().ok_or_else(|| {
            Error::Options(format!(
                "practice item {}: a {} problem needs a node",
                self.item.id,
                self.item.kind.name()
            ))
        })?;
        let s = self.node_id(name)?;
        query::call_of(&solved.rec, None, s, 1).ok_or_else(|| {
            Error::Options(format!(
                "practice item {}: node {name} is never searched in this run",
                self.item.id
            ))
        })
    }

    /// Grades one answer line: which node is wrong, why, and the step that shows it.
    pub fn grade(&self, text: &str) -> Result<Verdict> {
        // Explanations write values in the tree's units (a chance graph's fractions).
        let _units = crate::value::Units::of(self.lesson.graph.scale()).scope();
        let expected = self.answer()?;
        let main = self.solve_run(0)?;
        let mut verdict = Verdict {
            id: self.item.id.clone(),
            correct: false,
            node: None,
            step: None,
            run: main.run.clone(),
            why: String::new(),
            expected: expected.to_string(),
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
        let (node, step, why) = self.explain(&main, &expected, &given)?;
        verdict.node = node.map(|s| self.name(s));
        verdict.step = step;
        // Which parts are wrong comes first; the node's explanation follows.
        verdict.why = match super::diagnose::parts(&expected, &given) {
            Some(parts) => format!("{parts}; {why}"),
            None => why,
        };
        if self.item.kind == Kind::Quiescence
            && matches!((&expected, &given), (Answer::Quiescence { fixed: a, .. }, Answer::Quiescence { fixed: b, .. }) if a == b)
        {
            verdict.run = self.item.runs[1].name.clone();
        }
        Ok(verdict)
    }

    /// An answer line as the grader compares it with the key: names spelled as labelled, a
    /// set of skipped children in node order.
    fn read(&self, text: &str) -> std::result::Result<Answer, String> {
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
            Answer::Outcomes(o) => Answer::Outcomes(super::chance_kinds::spelled(self, o)),
            Answer::Next(next) => match next.strip_prefix("enter ") {
                Some(n) => Answer::Next(format!("enter {}", name(n.to_string()))),
                None => Answer::Next(next),
            },
            other => other,
        }
    }

    fn root_call(&self, solved: &Solved) -> Option<usize> {
        query::pass_rows(&solved.rec, None).first().copied()
    }

    fn describe_call(&self, c: &Call, rec: &Recorded) -> String {
        let value = c.value.map_or("nothing".to_string(), fmt_score);
        let what = match c.outcome {
            Some(Outcome::TableHit) => "from the table".to_string(),
            Some(Outcome::Stored(crate::search::Flag::Exact)) => "exactly".to_string(),
            _ => match query::bound_of(rec, c.step as usize - 1) {
                Some("upper") => "as an upper bound (the true value is at most this)".to_string(),
                Some("lower") => "as a lower bound (the true value is at least this)".to_string(),
                _ => String::new(),
            },
        };
        format!(
            "{} returns {value} {what} (call {})",
            self.name(c.state),
            c.step
        )
    }

    /// (node, step, explanation) for a wrong answer.
    fn explain(
        &self,
        main: &Solved,
        expected: &Answer,
        given: &Answer,
    ) -> Result<(Option<u32>, Option<u64>, String)> {
        if self.item.kind.is_seed_002() {
            let target = match self.item.kind {
                Kind::NegamaxWindow => Some(self.target(main)?),
                _ => None,
            };
            return Ok(super::windows::explain(self, main, target, expected, given));
        }
        if self.item.kind.is_chance() {
            let target = match self.item.kind {
                Kind::ChanceValue => Some(self.target(main)?),
                _ => None,
            };
            return Ok(super::chance_kinds::explain(
                self, main, target, expected, given,
            ));
        }
        let graph = &self.lesson.graph;
        let rows = &main.rows;
        let start = main.rec.trace.header.start;
        Ok(match (expected, given) {
            (
                Answer::Decision { value, choice },
                Answer::Decision {
                    value: v2,
                    choice: c2,
                },
            ) => {
                let root = self.root_call(main);
                let root_step = root.map(|r| rows[r].step);
                let children: Vec<&Call> = root
                    .map(|r| rows.iter().filter(|c| c.parent == Some(r)).collect())
                    .unwrap_or_default();
                let summary = children
                    .iter()
                    .map(|c| self.describe_call(c, &main.rec))
                    .collect::<Vec<_>>()
                    .join("; ");
                if c2 != choice {
                    let picked = query::find_node(graph, c2)
                        .filter(|&s| graph_children(graph, start).contains(&s));
                    match picked {
                        None => (
                            Some(start),
                            root_step,
                            format!(
                                "{c2} is not a move of {}; its children are {}",
                                self.name(start),
                                graph_children(graph, start)
                                    .iter()
                                    .map(|&s| self.name(s))
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        ),
                        Some(s) => {
                            let call = children.iter().find(|c| c.state == s);
                            let best = query::find_node(graph, choice)
                                .and_then(|b| children.iter().find(|c| c.state == b));
                            let mut why = match call {
                                Some(c) => self.describe_call(c, &main.rec),
                                None => format!("{} is never searched", self.name(s)),
                            };
                            if let Some(b) = best {
                                why.push_str(&format!(
                                    ", but {}; {} keeps the first child that strictly improves its best",
                                    self.describe_call(b, &main.rec),
                                    self.name(start)
                                ));
                            }
                            (Some(s), call.map(|c| c.step).or(root_step), why)
                        }
                    }
                } else {
                    (
                        Some(start),
                        root_step,
                        format!(
                            "{} is worth {}, not {}: {summary}",
                            self.name(start),
                            fmt_score(*value),
                            fmt_score(*v2)
                        ),
                    )
                }
            }
            (
                Answer::Leaves { evaluated, skipped },
                Answer::Leaves {
                    evaluated: e2,
                    skipped: s2,
                },
            ) => {
                let read_list = query::reads(&main.rec, None);
                let skip_list = query::skips(&main.rec, None);
                if evaluated != e2 {
                    let i = evaluated
                        .iter()
                        .zip(e2)
                        .position(|(a, b)| a != b)
                        .unwrap_or(evaluated.len().min(e2.len()));
                    if i < evaluated.len() {
                        let (call, s) = read_list[i];
                        let after = if i == 0 {
                            "the first leaf read".to_string()
                        } else {
                            format!("after {}, the next leaf read", evaluated[i - 1])
                        };
                        let extra = e2
                            .get(i)
                            .and_then(|g| query::find_node(graph, g))
                            .map(|g| self.why_not_read(g, &skip_list, rows, read_list.as_slice()))
                            .unwrap_or_default();
                        (
                            Some(s),
                            Some(rows[call].step),
                            format!(
                                "{after} is {} (call {}){extra}",
                                self.name(s),
                                rows[call].step
                            ),
                        )
                    } else {
                        let g = query::find_node(graph, &e2[i]);
                        let why = g
                            .map(|g| self.why_not_read(g, &skip_list, rows, &read_list))
                            .unwrap_or_default();
                        (
                            g,
                            None,
                            format!(
                                "only {} read; {} is not{why}",
                                crate::text::counted(
                                    evaluated.len() as u64,
                                    "leaf is",
                                    "leaves are"
                                ),
                                e2[i]
                            ),
                        )
                    }
                } else {
                    let missing = skipped.iter().find(|s| !s2.contains(s));
                    let extra = s2.iter().find(|s| !skipped.contains(s));
                    match (missing, extra) {
                        (Some(m), _) => {
                            let s = query::find_node(graph, m);
                            let k = skip_list.iter().find(|k| Some(k.child) == s);
                            let (step, why) = self.skip_reason(k, rows);
                            (s, step, format!("{m} is skipped: {why}"))
                        }
                        (None, Some(x)) => {
                            let s = query::find_node(graph, x);
                            let searched = s.and_then(|s| query::call_of(&main.rec, None, s, 1));
                            match searched {
                                Some(c) => (
                                    s,
                                    Some(rows[c].step),
                                    format!(
                                        "{x} is not skipped: it is searched at call {}",
                                        rows[c].step
                                    ),
                                ),
                                None => (
                                    s,
                                    None,
                                    format!(
                                        "{x} is never searched, but it lies inside a pruned subtree: name only the child where the cut happens"
                                    ),
                                ),
                            }
                        }
                        (None, None) => (None, None, "the skipped list has repeats".to_string()),
                    }
                }
            }
            (
                Answer::Window { alpha, beta },
                Answer::Window {
                    alpha: a2,
                    beta: b2,
                },
            ) => {
                let t = self.target(main)?;
                let c = &rows[t];
                let mut why = format!(
                    "{} is entered at call {} with (α, β) = ({}, {})",
                    self.name(c.state),
                    c.step,
                    fmt_score(*alpha),
                    fmt_score(*beta)
                );
                if alpha != a2 {
                    why.push_str(&format!("; α: {}", self.origin(main, t, true)));
                }
                if beta != b2 {
                    why.push_str(&format!("; β: {}", self.origin(main, t, false)));
                }
                (Some(c.state), Some(c.step), why)
            }
            (Answer::Value { .. }, _) | (Answer::Flag(_), _) => {
                let t = self.target(main)?;
                let c = &rows[t];
                (Some(c.state), Some(c.step), self.why_value(main, t))
            }
            (Answer::Interrupted { status, depth, .. }, _) => {
                let o = *main.rec.options();
                let aborted = main.rec.result().history.iter().find(|p| !p.done);
                let why = match aborted {
                    Some(p) => format!(
                        "the budget admits {} in all; pass {} needs more, so call {} is refused and that pass is abandoned. {}",
                        crate::text::counted(o.budget, "call", "calls"),
                        p.depth,
                        o.budget + 1,
                        if *depth > 0 {
                            format!(
                                "The run returns {status} with the last completed pass, depth {depth}"
                            )
                        } else {
                            "No pass completed: NO_COMPLETED_DEPTH, score 0 and no move (neither is meaningful)".to_string()
                        }
                    ),
                    None => format!(
                        "every pass finishes within the budget of {}",
                        crate::text::counted(o.budget, "call", "calls")
                    ),
                };
                let step = if aborted.is_some() {
                    Some(o.budget)
                } else {
                    rows.last().map(|c| c.step)
                };
                (Some(start), step, why)
            }
            (Answer::Quiescence { fixed, quiet }, Answer::Quiescence { fixed: f2, .. }) => {
                let q = self.solve_run(1)?;
                let (run, value) = if fixed != f2 {
                    (main, *fixed)
                } else {
                    (&q, *quiet)
                };
                let root = self.root_call(run);
                let summary = root
                    .map(|r| {
                        run.rows
                            .iter()
                            .filter(|c| c.parent == Some(r))
                            .map(|c| self.describe_call(c, &run.rec))
                            .collect::<Vec<_>>()
                            .join("; ")
                    })
                    .unwrap_or_default();
                let label = if fixed != f2 {
                    "without quiescence the static scores at the horizon are believed"
                } else {
                    "with quiescence, tactical moves are followed past the horizon and each side may stand pat"
                };
                (
                    Some(start),
                    root.map(|r| run.rows[r].step),
                    format!(
                        "{label}: {} is worth {}; {summary}",
                        self.name(start),
                        fmt_score(value)
                    ),
                )
            }
            (Answer::Next(next), _) => {
                let t = self.target(main)?;
                let c = &rows[t];
                let parent = c.parent.map(|p| &rows[p]);
                let pstate = parent.map(|p| p.state).unwrap_or(start);
                // The parent's window once it has taken in this child's value.
                let (wa, wb) = parent.map_or((c.alpha, c.beta), |_| {
                    main.rec
                        .tree()
                        .get(t as u32)
                        .window_after
                        .unwrap_or((c.alpha, c.beta))
                });
                let returned = format!(
                    "{} returned {} (call {}) and {}'s window is now ({}, {})",
                    self.name(c.state),
                    c.value.map_or("-".into(), fmt_score),
                    c.step,
                    self.name(pstate),
                    fmt_score(wa),
                    fmt_score(wb)
                );
                let why = match next.as_str() {
                    "cut" => format!(
                        "{returned}: closed, so {} stops scanning its moves",
                        self.name(pstate)
                    ),
                    "return" => format!(
                        "{returned}: still open, but that was its last move, so it stores its result and returns"
                    ),
                    other => {
                        format!("{returned}: still open, so it goes on with its next move: {other}")
                    }
                };
                let step = match next.strip_prefix("enter ") {
                    Some(name) => query::find_node(graph, name)
                        .and_then(|s| {
                            rows.iter()
                                .find(|r| r.state == s && r.parent == c.parent && r.step > c.step)
                        })
                        .map(|r| r.step),
                    None => parent.map(|p| p.step),
                };
                (Some(pstate), step, why)
            }
            _ => (None, None, "the answer has the wrong form".to_string()),
        })
    }

    fn why_not_read(
        &self,
        g: u32,
        skips: &[Skip],
        rows: &[Call],
        reads: &[(usize, u32)],
    ) -> String {
        if self.lesson.graph.move_count(g) > 0 && !reads.iter().any(|&(_, s)| s == g) {
            return format!(" ({} is not a leaf here: it has moves)", self.name(g));
        }
        if let Some(&(c, _)) = reads.iter().find(|&&(_, s)| s == g) {
            return format!(
                " ({} is read later, at call {})",
                self.name(g),
                rows[c].step
            );
        }
        let graph = &self.lesson.graph;
        for k in skips {
            if k.child == g || descends(graph, k.child, g) {
                let (_, why) = self.skip_reason(Some(k), rows);
                return format!(" ({} is never read: {why})", self.name(g));
            }
        }
        format!(" ({} is never read)", self.name(g))
    }

    fn skip_reason(&self, k: Option<&Skip>, rows: &[Call]) -> (Option<u64>, String) {
        let Some(k) = k else {
            return (None, "a cutoff skips it".into());
        };
        let p = &rows[k.parent];
        match k.closer.map(|c| &rows[c]) {
            Some(c) => (
                Some(c.step),
                format!(
                    "at {} the window closed when {} returned {} (call {}), so {} is never tried",
                    self.name(p.state),
                    self.name(c.state),
                    c.value.map_or("-".into(), fmt_score),
                    c.step,
                    self.name(k.child)
                ),
            ),
            None => (
                Some(p.step),
                format!("{} cut off (call {})", self.name(p.state), p.step),
            ),
        }
    }

    /// Where the α (or β) a call received was set: the nearest ancestor whose window took
    /// that bound from a child's value (or its own stand-pat score) before the path went on.
    fn origin(&self, main: &Solved, t: usize, alpha: bool) -> String {
        let rows = &main.rows;
        let tree = &main.rec.tree();
        let target = if alpha { rows[t].alpha } else { rows[t].beta };
        let side = if alpha { "MAX" } else { "MIN" };
        let bound = |w: (i32, i32)| if alpha { w.0 } else { w.1 };
        let (mut below, mut a) = (t, rows[t].parent);
        while let Some(i) = a {
            let frame = &rows[i];
            let entry = bound((frame.alpha, frame.beta));
            let sets =
                |w: Option<(i32, i32)>| w.is_some_and(|w| bound(w) == target && entry != bound(w));
            // Children of this frame that returned before the path child, latest first.
            let before: Vec<u32> = tree
                .children(i as u32)
                .take_while(|&c| c as usize != below)
                .filter(|&c| (c as usize) < rows.len())
                .collect();
            if let Some(&c) = before
                .iter()
                .rev()
                .find(|&&c| sets(tree.get(c).window_after))
            {
                let c = &rows[c as usize];
                return format!(
                    "{} was set at {side} node {} when its child {} returned {} (call {})",
                    fmt_score(target),
                    self.name(frame.state),
                    self.name(c.state),
                    c.value.map_or("-".into(), fmt_score),
                    c.step
                );
            }
            if sets(tree.get(i as u32).stand_pat_window) {
                return format!(
                    "{} was set by {side} node {}'s stand-pat score (call {})",
                    fmt_score(target),
                    self.name(frame.state),
                    frame.step
                );
            }
            (below, a) = (i, frame.parent);
        }
        format!(
            "{} comes unchanged from the root window: no {} ancestor had a result yet",
            fmt_score(target),
            if alpha { "MAX" } else { "MIN" }
        )
    }

    fn why_value(&self, main: &Solved, t: usize) -> String {
        let rows = &main.rows;
        let c = &rows[t];
        let mut why = self.describe_call(c, &main.rec);
        let cutter = rows.iter().find(|r| r.parent == Some(t) && r.caused_cutoff);
        match (c.outcome, query::bound_of(&main.rec, c.step as usize - 1)) {
            (Some(Outcome::TableHit), Some(b)) => why.push_str(&format!(
                "; an earlier search of the same position stored a {} entry that settles this window, so nothing is stored now (HIT)",
                b.to_uppercase()
            )),
            (_, Some("exact")) => why.push_str(&format!(
                "; its value lies strictly inside the window ({}, {}) it received, so it is exact: EXACT",
                fmt_score(c.alpha),
                fmt_score(c.beta)
            )),
            (_, Some(b)) => {
                let flag = b.to_uppercase();
                match cutter {
                    Some(k) => why.push_str(&format!(
                        "; it stopped once {} returned {} (call {}), which closed the window ({}, {}) it had received, so the skipped moves could only make it {}: {flag}",
                        self.name(k.state),
                        k.value.map_or("-".into(), fmt_score),
                        k.step,
                        fmt_score(c.alpha),
                        fmt_score(c.beta),
                        if b == "upper" { "smaller" } else { "larger" }
                    )),
                    None => why.push_str(&format!(
                        "; its value is outside the window ({}, {}) it received, so it only proves a bound: {flag}",
                        fmt_score(c.alpha),
                        fmt_score(c.beta)
                    )),
                }
            }
            _ => {}
        }
        why
    }

    /// The question with the tree's settings and the answer format, for a terminal.
    pub fn describe(&self) -> String {
        format!(
            "{}\n{}",
            super::render::outline(&self.lesson.graph, self.start()),
            self.prompt(78)
        )
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
        .map(|para| super::render::wrap(para, width))
        .collect::<Vec<_>>()
        .join("\n")
    }

    pub fn start(&self) -> u32 {
        self.item.runs[0].start.unwrap_or(0)
    }
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

fn graph_children(graph: &Graph, s: u32) -> Vec<u32> {
    (0..graph.move_count(s))
        .map(|i| graph.child(s, i))
        .collect()
}

fn descends(graph: &Graph, from: u32, target: u32) -> bool {
    graph_children(graph, from)
        .into_iter()
        .any(|c| c == target || descends(graph, c, target))
}
