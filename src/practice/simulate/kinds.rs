//! The exercise's plain values: its settings, the steps of the run as the student must make
//! them, what is asked, what the student typed and the verdicts.

use crate::practice::generate::MAX_GENERATED;
use crate::search::Algorithm;

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
    /// A faded exercise (`--fade`): prune carries out the search and the student fills in
    /// only the steps of this stage's kind, moving on after `STREAK` right in a row.
    pub fade: Option<Stage>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            seed: 1,
            branching: 2,
            depth: 3,
            method: Method::AlphaBeta,
            feedback: Feedback::Step,
            fade: None,
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
        if let Some(why) = self.fade.and_then(|stage| self.fade_problem(stage)) {
            return Some(why);
        }
        let nodes = self.nodes();
        (nodes > MAX_GENERATED as u64).then(|| {
            format!(
                "branching {} and depth {} make a tree of {nodes} nodes, more than the {MAX_GENERATED} the exercise names with one letter each; lower one of them",
                self.branching, self.depth
            )
        })
    }

    /// Why a faded exercise cannot start at `stage` with these settings, in one line.
    fn fade_problem(&self, stage: Stage) -> Option<String> {
        if self.feedback == Feedback::End {
            return Some(
                "--fade moves on after three right in a row, so it tells each step at once; it cannot take --feedback end".into(),
            );
        }
        if !Stage::order(self.method).contains(&stage) {
            let names: Vec<&str> = Stage::order(self.method).iter().map(|s| s.name()).collect();
            return Some(format!(
                "{} has no {} to fill in (it keeps no α or β and never cuts); its faded stages are {}",
                self.method.name(),
                stage.name(),
                names.join(", ")
            ));
        }
        (stage == Stage::Windows && self.depth < 2).then(|| {
            format!(
                "a tree of depth {} has no window to fill in (every child of the root is a leaf); use --depth 2 or more, or --fade cuts",
                self.depth
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
        ) + match self.feedback {
            Feedback::Step => "",
            Feedback::End => " --feedback end",
        } + &self
            .fade
            .map(|s| format!(" --fade {}", s.name()))
            .unwrap_or_default()
    }
}

/// Right answers in a row of the stage's kind that move a faded exercise on.
pub const STREAK: u8 = 3;

/// A stage of a faded exercise: the kind of step the student fills in (prune carries out
/// the rest and shows it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The window each inner child is entered with.
    Windows,
    /// After each child returns: does the frame's window close (`cut`) or not (`on`)?
    Cuts,
    /// The value each inner call returns.
    Returns,
    /// Every step, as the plain exercise asks them.
    All,
}

impl Stage {
    /// The stages a method fades through, in order: minimax has no windows and no cutoffs.
    pub fn order(method: Method) -> &'static [Stage] {
        match method {
            Method::AlphaBeta => &[Stage::Windows, Stage::Cuts, Stage::Returns, Stage::All],
            Method::Minimax => &[Stage::Returns, Stage::All],
        }
    }

    /// The stage a faded exercise of `method` starts at.
    pub fn first(method: Method) -> Stage {
        Stage::order(method)[0]
    }

    /// The stage after this one for `method` (`All` stays).
    pub fn next(self, method: Method) -> Stage {
        let order = Stage::order(method);
        let at = order.iter().position(|&s| s == self).unwrap_or(0);
        order.get(at + 1).copied().unwrap_or(Stage::All)
    }

    pub fn name(self) -> &'static str {
        match self {
            Stage::Windows => "windows",
            Stage::Cuts => "cuts",
            Stage::Returns => "returns",
            Stage::All => "all",
        }
    }
}

/// Where a faded exercise stands: the stage and the right answers in a row at it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fade {
    pub stage: Stage,
    pub streak: u8,
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
    /// The value the frame returns (after its cutoff, or in a faded exercise's returns).
    Value { frame: u32 },
    /// A faded exercise's cutoff question: has the frame's window closed now that `after`
    /// returned (`cut`), or does it go on (`on`)?
    Cut { frame: u32, after: u32 },
}

/// One graded step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graded {
    pub step: usize,
    /// What the student typed, as read.
    pub given: Action,
    pub right: bool,
    /// What the student was asked; `None`: prune carried the step out (a faded exercise).
    pub ask: Option<Ask>,
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

/// One step as the student typed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Visit the child with this state.
    Visit(u32),
    Window(i32, i32),
    Cut,
    Return(i32),
    /// The frame's window stays open: it goes on (a faded exercise's cutoff question).
    On,
}
