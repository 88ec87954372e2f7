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
        ) + match self.feedback {
            Feedback::Step => "",
            Feedback::End => " --feedback end",
        }
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

/// One step as the student typed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Visit the child with this state.
    Visit(u32),
    Window(i32, i32),
    Cut,
    Return(i32),
}
