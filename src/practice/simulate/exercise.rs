//! The exercise: the generated tree, prune's recorded run of it, the steps read off the run's
//! index, and the student's graded steps.

use super::kinds::{Action, Ask, Correction, Expect, Fade, Feedback, Graded, Reply, Settings};
use crate::error::{Error, Result};
use crate::game::Side;
use crate::game::graph::Graph;
use crate::game::model::{GameSpec, Model};
use crate::index::{After, NodeKind, Recorded, Tree};
use crate::lesson::{Lesson, LessonSpec, Overrides, RunSpec};
use crate::practice::generate::{self, MAX_GENERATED, Shape};
use crate::rng::Rng;
use crate::value::{CutRule, Units};

/// The exercise: a generated tree, prune's recorded run of it, the steps that run took and
/// how the student has done so far.
pub struct Exercise {
    pub settings: Settings,
    pub(super) rec: Recorded,
    pub(super) graph: Graph,
    pub(super) steps: Vec<Expect>,
    /// For each step, the child whose return its frame has taken in once the step is made
    /// (the first decision after a child returns).
    pub(super) settles: Vec<Option<u32>>,
    pub(super) graded: Vec<Graded>,
    pub(super) units: Units,
    /// A faded exercise's stage and count (`fade`).
    pub(super) fade: Option<Fade>,
}

impl Exercise {
    /// A new exercise on the tree the settings' seed generates.
    pub fn new(settings: Settings) -> Result<Exercise> {
        if let Some(why) = settings.problem() {
            return Err(Error::Options(why));
        }
        let spec = generate::tree(&mut Rng::new(settings.seed), &shape(&settings));
        let graph = Graph::from_spec(&spec).map_err(|problem| Error::Invalid {
            path: format!("simulate seed {}", settings.seed),
            problem,
        })?;
        let lesson = lesson(&settings, spec, graph.clone());
        let setup = lesson.setup(Some(RUN), &Overrides::default())?;
        let rec = crate::index::record(&lesson, &setup)?;
        let (steps, settles) = steps_of(&rec)?;
        let mut ex = Exercise {
            settings,
            rec,
            units: Units::of(graph.scale()),
            graph,
            steps,
            settles,
            graded: Vec::new(),
            fade: settings.fade.map(|stage| Fade { stage, streak: 0 }),
        };
        ex.carry();
        Ok(ex)
    }

    /// The generated tree (the exercise's input, as the student sees it with values shown).
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The recorded run the steps come from.
    pub fn recorded(&self) -> &Recorded {
        &self.rec
    }

    fn tree(&self) -> Tree<'_> {
        self.rec.tree()
    }

    /// Every step of the run, in order.
    pub fn steps(&self) -> &[Expect] {
        &self.steps
    }

    /// The steps made so far.
    pub fn done(&self) -> usize {
        self.graded.len()
    }

    pub fn graded(&self) -> &[Graded] {
        &self.graded
    }

    pub fn finished(&self) -> bool {
        self.done() == self.steps.len()
    }

    /// Whether the run narrows windows (alpha-beta): then windows and cutoffs are asked.
    pub fn prunes(&self) -> bool {
        let o = self.rec.options();
        o.family().prunes(o)
    }

    pub fn cut_rule(&self) -> CutRule {
        self.rec.options().cut
    }

    /// (steps right first time, steps the student made): a faded exercise's steps carried
    /// out by prune are not the student's.
    pub fn score(&self) -> (usize, usize) {
        let theirs = || self.graded.iter().filter(|g| g.ask.is_some());
        (theirs().filter(|g| g.right).count(), theirs().count())
    }

    /// The score as a percentage of the steps graded, rounded to the nearest whole (half
    /// up: 7 of 9 is 77.8 %, shown 78 %; 100 before any).
    pub fn percent(&self) -> u64 {
        let (right, all) = self.score();
        if all == 0 {
            return 100;
        }
        (right as u64 * 200 + all as u64) / (2 * all as u64)
    }

    /// What is asked now (`None` once every step is made).
    pub fn ask(&self) -> Option<Ask> {
        match self.fade {
            Some(f) => self.faded_ask(self.done(), f.stage),
            None => self.plain_ask(self.done()),
        }
    }

    /// What the plain exercise asks at step `i`.
    pub(super) fn plain_ask(&self, i: usize) -> Option<Ask> {
        Some(match *self.steps.get(i)? {
            Expect::Window { child, .. } => Ask::Window { child },
            Expect::Return { frame, .. }
                if i > 0 && matches!(self.steps[i - 1], Expect::Cut { .. }) =>
            {
                Ask::Value { frame }
            }
            Expect::Visit { frame, .. }
            | Expect::Cut { frame, .. }
            | Expect::Return { frame, .. } => Ask::Decide { frame },
        })
    }

    /// Grades one typed line against the next step of the run.
    pub fn answer(&mut self, line: &str) -> Reply {
        let Some(ask) = self.ask() else {
            return Reply::Hint("the exercise is over".into());
        };
        let given = match self.read(line, ask) {
            Ok(a) => a,
            Err(hint) => return Reply::Hint(hint),
        };
        let step = self.done();
        let expected = self.steps[step];
        let right = self.matches(&given, expected);
        self.graded.push(Graded {
            step,
            given,
            right,
            ask: Some(ask),
        });
        self.count(right);
        let reply = match (self.settings.feedback, right) {
            (Feedback::End, _) => Reply::Noted,
            (Feedback::Step, true) => Reply::Right {
                why: self.why(step),
            },
            (Feedback::Step, false) => Reply::Wrong {
                correction: self.correction_to(step, Some(ask)),
            },
        };
        self.carry();
        reply
    }

    fn matches(&self, given: &Action, expected: Expect) -> bool {
        match (given, expected) {
            (Action::Visit(s), Expect::Visit { child, .. }) => *s == self.state(child),
            (Action::Window(a, b), Expect::Window { alpha, beta, .. }) => (*a, *b) == (alpha, beta),
            (Action::Cut, Expect::Cut { .. }) => true,
            (Action::Return(v), Expect::Return { value, .. }) => *v == value,
            // A faded cutoff question: the frame goes on with a visit or its return.
            (Action::On, Expect::Visit { .. } | Expect::Return { .. }) => true,
            _ => false,
        }
    }

    /// The right step `step` as the student would type it, and why.
    pub fn correction(&self, step: usize) -> Correction {
        self.correction_to(step, None)
    }

    /// The right answer to `ask` at step `step` (a cutoff question is answered `cut` or
    /// `on`), and why.
    pub fn correction_to(&self, step: usize, ask: Option<Ask>) -> Correction {
        Correction {
            step,
            expected: self.answer_to(step, ask),
            why: self.why(step),
        }
    }

    /// The right answer to what was asked at step `step`, as it would be typed.
    pub fn answer_to(&self, step: usize, ask: Option<Ask>) -> String {
        match (ask, self.steps[step]) {
            (Some(Ask::Cut { .. }), Expect::Cut { .. }) => "cut".into(),
            (Some(Ask::Cut { .. }), _) => "on".into(),
            _ => self.entry(step),
        }
    }

    /// Step `step` as it would be typed: `visit C`, `3 inf`, `cut`, `return 5`.
    pub fn entry(&self, step: usize) -> String {
        match self.steps[step] {
            Expect::Visit { child, .. } => format!("visit {}", self.name(child)),
            Expect::Window { alpha, beta, .. } => {
                format!("{} {}", self.units.fmt(alpha), self.units.fmt(beta))
            }
            Expect::Cut { .. } => "cut".into(),
            Expect::Return { value, .. } => format!("return {}", self.units.fmt(value)),
        }
    }

    /// The wrong steps so far, each with its correction (the end-of-exercise review).
    pub fn mistakes(&self) -> Vec<(Graded, Correction)> {
        self.graded
            .iter()
            .filter(|g| !g.right)
            .map(|g| (g.clone(), self.correction_to(g.step, g.ask)))
            .collect()
    }

    /// A call's state.
    pub(crate) fn state(&self, node: u32) -> u32 {
        self.tree().get(node).state
    }

    /// A call's name, as the tree labels its state.
    pub fn name(&self, node: u32) -> String {
        self.graph.name(self.state(node))
    }

    pub fn units(&self) -> &Units {
        &self.units
    }

    /// The children of a call in trying order (calls and skipped stubs).
    pub(crate) fn children(&self, node: u32) -> Vec<u32> {
        self.tree().children(node).collect()
    }

    /// The names of a call's children in trying order (what Tab offers to visit).
    pub fn child_names(&self, node: u32) -> Vec<String> {
        self.children(node)
            .into_iter()
            .map(|c| self.name(c))
            .collect()
    }

    pub(crate) fn side(&self, node: u32) -> Side {
        self.tree().get(node).turn
    }
}

const RUN: &str = "simulate";

/// A full tree of the settings' shape with scores 0..=9 at the leaves.
fn shape(s: &Settings) -> Shape {
    Shape {
        depth: s.depth,
        min_branch: s.branching,
        max_branch: s.branching,
        lo: 0,
        hi: 9,
        root: Side::Max,
        irregular: false,
        transpositions: false,
        inner_scores: false,
        tactical: false,
        max_nodes: MAX_GENERATED,
    }
}

/// The generated tree as a lesson with one run: the method, left to right, seed 000's cut
/// rule, no table, one pass to the leaves.
fn lesson(s: &Settings, spec: crate::game::graph::GraphSpec, graph: Graph) -> Lesson {
    let run = RunSpec {
        name: RUN.to_string(),
        algorithm: Some(s.method.algorithm()),
        depth: Some(s.depth),
        table: Some(false),
        ordering: Some(false),
        deepening: Some(false),
        cut: Some(CutRule::AtLeast),
        ..RunSpec::default()
    };
    Lesson {
        name: format!("simulate seed {}", s.seed),
        spec: LessonSpec {
            title: format!("simulate seed {}", s.seed),
            source: format!("generated: seed {}", s.seed),
            intro: Vec::new(),
            graph: spec,
            runs: vec![run],
            notes: Vec::new(),
            facts: Vec::new(),
            size_facts: Vec::new(),
            practice: Vec::new(),
            demos: Vec::new(),
            game: GameSpec::Graph,
        },
        model: Model::Graph(graph.clone()),
        graph,
    }
}

/// The run's steps, read off its index: a pre-order walk of the one pass's calls.
fn steps_of(rec: &Recorded) -> Result<(Vec<Expect>, Vec<Option<u32>>)> {
    let tree = rec.tree();
    let root = tree
        .passes()
        .first()
        .map(|p| p.root)
        .filter(|&r| r != crate::index::NONE)
        .ok_or_else(|| Error::Options("the run searched nothing".into()))?;
    let o = rec.options();
    let windows = o.family().prunes(o);
    let mut walk = Walk {
        tree,
        windows,
        steps: Vec::new(),
        settles: Vec::new(),
        pending: None,
    };
    walk.frame(root);
    Ok((walk.steps, walk.settles))
}

struct Walk<'a> {
    tree: Tree<'a>,
    windows: bool,
    steps: Vec<Expect>,
    settles: Vec<Option<u32>>,
    /// A child whose return its frame takes in with the next step made in that frame.
    pending: Option<u32>,
}

impl Walk<'_> {
    fn push(&mut self, step: Expect) {
        self.steps.push(step);
        self.settles.push(None);
    }

    /// A decision in a frame: it takes in the child that returned last, if any.
    fn decide(&mut self, step: Expect) {
        let settled = self.pending.take();
        self.steps.push(step);
        self.settles.push(settled);
    }

    fn frame(&mut self, node: u32) {
        let calls: Vec<u32> = self
            .tree
            .children(node)
            .filter(|&c| self.tree.get(c).kind == NodeKind::Call)
            .collect();
        for child in calls {
            self.decide(Expect::Visit { frame: node, child });
            let c = self.tree.get(child);
            if c.read.is_none() {
                if self.windows {
                    self.push(Expect::Window {
                        child,
                        alpha: c.alpha,
                        beta: c.beta,
                    });
                }
                self.frame(child);
            }
            self.pending = Some(child);
            if self.tree.after(child) == Some(After::Cut) {
                self.decide(Expect::Cut {
                    frame: node,
                    after: child,
                });
            }
        }
        let value = self.tree.get(node).value;
        self.decide(Expect::Return { frame: node, value });
        self.pending = None;
    }
}
