//! Simulate the algorithm (issue 24, item 4): the student carries out the search on a tree
//! whose values are hidden, one step at a time, and each step is graded against prune's
//! recorded run of the same tree.
//!
//! The steps come from the run's index, never from a second search: the calls of its one
//! pass in admission order give the children visited (`Expect::Visit`), the window each inner
//! child is entered with (`Expect::Window`), where a frame's window closed (`Expect::Cut`, the
//! index's `After::Cut`) and what each inner call returned (`Expect::Return`). A leaf's value
//! shows once the student visits it; a leaf's window is not asked, since nothing it returns
//! depends on it.
//!
//! - `parse`: what the student types, forgiving on spacing and case, strict on meaning.
//! - `explain`: the sentence that says why a step is what it is, read off the run.
//! - `board`: what the screen shows after the steps done so far (the tree with what is
//!   revealed, the frame, the stack).
//!
//! Headless: `Exercise::new(settings)`, then `answer(line)` for each typed line; `board()`
//! for what to show; `score()` for the steps right first time.

mod board;
mod explain;
mod parse;

use crate::error::{Error, Result};
use crate::game::Side;
use crate::game::graph::Graph;
use crate::game::model::{GameSpec, Model};
use crate::index::{After, NodeKind, Recorded, Tree};
use crate::lesson::{Lesson, LessonSpec, Overrides, RunSpec};
use crate::rng::Rng;
use crate::search::Algorithm;
use crate::value::{CutRule, Units};

pub use board::{Board, Frame, Mark, NodeRow};
pub use parse::Action;

use super::generate::{self, MAX_GENERATED, Shape};

/// Moves per inner node the exercise offers.
pub const BRANCHING: std::ops::RangeInclusive<u8> = 2..=6;
/// Plies from the root to the leaves the exercise offers.
pub const DEPTH: std::ops::RangeInclusive<u8> = 1..=5;

/// Which search the student carries out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    AlphaBeta,
    Minimax,
}

impl Method {
    pub fn algorithm(self) -> Algorithm {
        match self {
            Method::AlphaBeta => Algorithm::AlphaBeta,
            Method::Minimax => Algorithm::Minimax,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Method::AlphaBeta => "alphabeta",
            Method::Minimax => "minimax",
        }
    }
}

/// When the student learns whether a step was right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feedback {
    /// After every step, with the right step in place of a wrong one.
    Step,
    /// Only at the end; meanwhile the board follows the run and shows the student's entries.
    End,
}

impl Feedback {
    pub fn name(self) -> &'static str {
        match self {
            Feedback::Step => "step",
            Feedback::End => "end",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The generator's seed: the same seed, branching and depth give the same tree.
    pub seed: u64,
    pub branching: u8,
    pub depth: u8,
    pub method: Method,
    pub feedback: Feedback,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            seed: 1,
            branching: 2,
            depth: 3,
            method: Method::AlphaBeta,
            feedback: Feedback::Step,
        }
    }
}

impl Settings {
    /// Nodes of the full tree: 1 + b + … + b^d.
    pub fn nodes(&self) -> u64 {
        (0..=self.depth as u32)
            .map(|k| (self.branching as u64).pow(k))
            .sum()
    }

    /// Why these settings cannot make an exercise, in one line.
    pub fn problem(&self) -> Option<String> {
        if !BRANCHING.contains(&self.branching) {
            return Some(format!(
                "branching {} is outside {}..={}",
                self.branching,
                BRANCHING.start(),
                BRANCHING.end()
            ));
        }
        if !DEPTH.contains(&self.depth) {
            return Some(format!(
                "depth {} is outside {}..={}",
                self.depth,
                DEPTH.start(),
                DEPTH.end()
            ));
        }
        let nodes = self.nodes();
        (nodes > MAX_GENERATED as u64).then(|| {
            format!(
                "branching {} and depth {} make a tree of {nodes} nodes, more than the {MAX_GENERATED} the exercise names with one letter each; lower one of them",
                self.branching, self.depth
            )
        })
    }

    /// The command that gives this exercise again (for a teacher to hand out).
    pub fn command(&self) -> String {
        format!(
            "prune simulate --seed {} --branching {} --depth {} --algorithm {}",
            self.seed,
            self.branching,
            self.depth,
            self.method.name()
        )
    }
}

/// One step of the run as the student must make it (node ids are the index's calls).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The frame `frame` tries its child `child` next.
    Visit { frame: u32, child: u32 },
    /// The inner child `child` is entered with this window.
    Window { child: u32, alpha: i32, beta: i32 },
    /// The frame's window closed after `after` returned: the rest of its children are skipped.
    Cut { frame: u32, after: u32 },
    /// The inner call `frame` returns `value`.
    Return { frame: u32, value: i32 },
}

/// What the student is asked for now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// The frame's next move: a child to visit, the cutoff, or its return value.
    Decide { frame: u32 },
    /// The window the child just visited gets.
    Window { child: u32 },
    /// The value the frame returns after its cutoff.
    Value { frame: u32 },
}

/// One graded step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graded {
    pub step: usize,
    /// What the student typed, as read.
    pub given: Action,
    pub right: bool,
}

/// The answer to one typed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The line does not say a step of the kind asked: a hint; nothing is graded.
    Hint(String),
    /// Graded right (feedback at each step).
    Right { why: String },
    /// Graded wrong (feedback at each step): the right step, which is taken instead.
    Wrong { correction: Correction },
    /// Graded, told at the end.
    Noted,
}

/// A wrong step's right one: the entry as it would be typed, and why, from the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Correction {
    pub step: usize,
    pub expected: String,
    pub why: String,
}

/// The exercise: a generated tree, prune's recorded run of it, the steps that run took and
/// how the student has done so far.
pub struct Exercise {
    pub settings: Settings,
    rec: Recorded,
    graph: Graph,
    steps: Vec<Expect>,
    /// For each step, the child whose return its frame has taken in once the step is made
    /// (the first decision after a child returns).
    settles: Vec<Option<u32>>,
    graded: Vec<Graded>,
    units: Units,
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
        Ok(Exercise {
            settings,
            rec,
            units: Units::of(graph.scale()),
            graph,
            steps,
            settles,
            graded: Vec::new(),
        })
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

    /// (steps right first time, steps graded).
    pub fn score(&self) -> (usize, usize) {
        (
            self.graded.iter().filter(|g| g.right).count(),
            self.graded.len(),
        )
    }

    /// The score as a whole percentage of the steps graded (100 before any).
    pub fn percent(&self) -> u64 {
        let (right, all) = self.score();
        if all == 0 {
            return 100;
        }
        (right as u64 * 100) / all as u64
    }

    /// What is asked now (`None` once every step is made).
    pub fn ask(&self) -> Option<Ask> {
        let i = self.done();
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
        let given = match parse::read(line, ask, self) {
            Ok(a) => a,
            Err(hint) => return Reply::Hint(hint),
        };
        let step = self.done();
        let expected = self.steps[step];
        let right = self.matches(&given, expected);
        self.graded.push(Graded { step, given, right });
        match (self.settings.feedback, right) {
            (Feedback::End, _) => Reply::Noted,
            (Feedback::Step, true) => Reply::Right {
                why: self.why(step),
            },
            (Feedback::Step, false) => Reply::Wrong {
                correction: self.correction(step),
            },
        }
    }

    fn matches(&self, given: &Action, expected: Expect) -> bool {
        match (given, expected) {
            (Action::Visit(s), Expect::Visit { child, .. }) => *s == self.state(child),
            (Action::Window(a, b), Expect::Window { alpha, beta, .. }) => (*a, *b) == (alpha, beta),
            (Action::Cut, Expect::Cut { .. }) => true,
            (Action::Return(v), Expect::Return { value, .. }) => *v == value,
            _ => false,
        }
    }

    /// The right step `step` as the student would type it, and why.
    pub fn correction(&self, step: usize) -> Correction {
        Correction {
            step,
            expected: self.entry(step),
            why: self.why(step),
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
            .map(|g| (g.clone(), self.correction(g.step)))
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
