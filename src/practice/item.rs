//! A practice problem's parts: the item as a set file stores it, the loaded problem, a solved
//! run, a verdict, and the default wording of each kind's question. The kinds' own modules
//! (`windows`, `chance_kinds`) build and grade problems from these without depending on the
//! general grader in `problem`.

use serde::{Deserialize, Serialize};

use super::answer::format_hint;
use super::query::{self, Call};
use crate::error::{Error, Result};
use crate::game::graph::GraphSpec;
use crate::game::model::GameSpec;
use crate::index::{Recorded, record};
use crate::lesson::facts::Kind;
use crate::lesson::{Lesson, Overrides, RunSpec};
use crate::value::Units;

/// A problem as a set file stores it: everything needed to recompute the answer, no answer.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    pub id: String,
    pub kind: Kind,
    /// Where it comes from: a lesson item, or the generator seed and index.
    pub source: String,
    pub question: String,
    /// How to write the answer.
    pub answer_format: String,
    /// The node the question is about, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// The main run first; the quiescence kind adds the run with quiescence.
    pub runs: Vec<RunSpec>,
    /// The tree the runs search; empty when they search `game`.
    #[serde(default, skip_serializing_if = "GraphSpec::is_empty")]
    pub graph: GraphSpec,
    /// The game the runs search when it is not the graph: a lesson's tic-tac-toe position or
    /// uniform tree, so that a lesson on a game is practised on that game (only a decision is
    /// asked there: the other kinds name the nodes of a graph).
    #[serde(default = "graph_game", skip_serializing_if = "GameSpec::is_graph")]
    pub game: GameSpec,
}

fn graph_game() -> GameSpec {
    GameSpec::Graph
}

impl Item {
    /// A generated problem before its question is chosen: the kind's answer format, no node
    /// yet, and the runs it is graded on.
    pub fn generated(
        id: &str,
        kind: Kind,
        source: String,
        runs: Vec<RunSpec>,
        graph: GraphSpec,
    ) -> Item {
        Item {
            id: id.to_string(),
            kind,
            source,
            question: String::new(),
            answer_format: hint(kind),
            node: None,
            runs,
            graph,
            game: GameSpec::Graph,
        }
    }
}

/// The grade of one answer.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Verdict {
    pub id: String,
    pub correct: bool,
    /// The node the mistake is about.
    pub node: Option<String>,
    /// The `step` of `prune practice trace` (= `prune trace`) whose row shows the right answer.
    pub step: Option<u64>,
    /// Which run that step belongs to.
    pub run: String,
    pub why: String,
    pub expected: String,
}

/// A loaded problem, ready to solve and grade.
#[derive(Debug, Clone)]
pub struct Problem {
    pub item: Item,
    pub lesson: Lesson,
}

impl Problem {
    /// A node's name as answers spell it.
    pub fn name(&self, s: u32) -> String {
        // A game's positions are the trace's numbers, not nodes of the stand-in graph.
        if (s as usize) < self.lesson.graph.len() {
            self.lesson.graph.name(s)
        } else {
            s.to_string()
        }
    }

    /// Whether the runs search a game other than the item's graph (`Item::game`).
    pub fn on_game(&self) -> bool {
        !self.item.game.is_graph()
    }

    /// The root the runs start from.
    pub fn start(&self) -> u32 {
        self.item.runs[0].start.unwrap_or(0)
    }

    /// The units the tree's values are written in (a chance graph's fractions).
    pub fn units(&self) -> Units {
        Units::of(self.lesson.graph.scale())
    }

    /// Run `index` of the item, recorded and indexed.
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

    pub(crate) fn node_id(&self, name: &str) -> Result<u32> {
        query::find_node(&self.lesson.graph, name).ok_or_else(|| {
            Error::Options(format!(
                "practice item {}: no node named '{name}'",
                self.item.id
            ))
        })
    }

    /// The first call of the asked node in the last pass.
    pub(crate) fn target(&self, solved: &Solved) -> Result<usize> {
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

    /// The root call of the run's last pass.
    pub(crate) fn root_call(&self, solved: &Solved) -> Option<usize> {
        query::pass_rows(&solved.rec, None).first().copied()
    }
}

/// (node, step, why): what a wrong answer's explanation names, the trace step that shows
/// the right answer, and the explanation.
pub type Explained = (Option<u32>, Option<u64>, String);

/// One recorded run with its call rows.
pub struct Solved {
    pub run: String,
    pub rec: Recorded,
    pub rows: Vec<Call>,
}

/// The default question sentence of a kind.
pub fn question(kind: Kind, root: &str, node: Option<&str>, extra: &str) -> String {
    let node = node.unwrap_or("?");
    match kind {
        Kind::Decision => format!("What is the value of {root}, and which move does it choose?"),
        Kind::Leaves => "Which leaves does alpha-beta read, in order, and which children do its cutoffs skip (name each pruned child, not what lies below it)?".to_string(),
        Kind::Window => format!("Which window (α, β) does node {node} receive when the search enters it{extra}?"),
        Kind::Value => format!("What value does node {node} return{extra}, and is it exact or only a lower or upper bound?"),
        Kind::Flag => format!("Which flag is stored for node {node}{extra}?"),
        Kind::Interrupted => format!("The search is interrupted by its budget. What does the run return{extra}?"),
        Kind::Quiescence => format!("What is {root}'s value without quiescence, and with it{extra}? Only tactical moves (marked *) are followed past the horizon, and the side to move may stand pat on its static score."),
        Kind::Next => format!("The search has just returned from node {node} to its parent{extra}. What happens next?"),
        Kind::Researched => format!("Principal variation search tries every move after the first with a null window, and searches it again with the full window when it says \"better than α\". Which children are re-searched{extra}, in order?"),
        Kind::NegamaxWindow => format!("In negamax terms, with every score and window from the side to move, which window (α, β) does node {node} receive when the search first enters it{extra}?"),
        Kind::ChanceValue => format!("What is the exact value of node {node}{extra}? A chance node averages its outcomes, each weighed by its probability."),
        Kind::ChanceSkipped => format!("Chance pruning stops at a chance node once the interval its value can still lie in is outside its window. Which outcomes does it skip{extra}?"),
        Kind::MctsUcb1 => format!("In the run's first iteration, what is {node}'s UCB1 when its parent's selection scores it, to 3 decimals?"),
        Kind::MctsSelect => format!("Which child of {root} does the run's first iteration select?"),
        Kind::MctsBackup => "What are the N and U of each node the first iteration's selection passes below the root, after that iteration?".to_string(),
        Kind::MctsPlayed => format!("If the search stops before its first iteration, which move does {root} play?"),
        Kind::Aspiration => format!("The search of {root} starts with the window (guess - δ, guess + δ){extra}. On a fail low α moves down by δ, on a fail high β moves up by δ, and δ doubles after each miss. Which windows does it search, in order, until the result is exact?"),
    }
}

/// What a verdict's `step` counts in a run of the kind: the run's calls, or the iterations
/// of a Monte Carlo run (the rows of its trace).
pub fn step_word(kind: Kind) -> &'static str {
    if kind.is_mcts() { "iteration" } else { "call" }
}

pub fn hint(kind: Kind) -> String {
    format_hint(kind)
}
