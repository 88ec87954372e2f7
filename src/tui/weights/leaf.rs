//! The tutor's side of a leaf's edit (issue 39, "touch the tree"): `V` on a leaf under the
//! node cursor opens the editor on its score; Enter records the run again on the graph with
//! that score changed (through the same path as every live change, so the index and every
//! pane read the new trace), and the weights' window says what changed. `undo` in the editor
//! takes the last edit back, `lesson` every one.
//!
//! Only a graph writes its leaves out: the other games compute their scores, so `V` says in
//! one line why it cannot edit them.

use super::parse;
use super::{Edited, How, LeafChange, Live};
use crate::diff::align;
use crate::exact::Ratio;
use crate::game::graph::{Graph, SCORE_LIMIT};
use crate::game::model::Model;
use crate::index::NONE;
use crate::replay::Replay;
use crate::tui::app::{App, Then};
use crate::tui::components::PromptKind;
use crate::tui::line_edit::LineEdit;
use crate::tui::look::Look;

/// What the leaf editor's line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Typed {
    Value(Ratio),
    Undo,
    Lesson,
}

impl App {
    /// The graph the run on screen searches, when its leaves are written out.
    fn graph_now(&self) -> Option<&Graph> {
        match &self.lesson.model {
            Model::Graph(g) => Some(g),
            _ => None,
        }
    }

    /// The leaves edited away from the lesson's scores now, as "c=9".
    pub fn leaves_edited(&self) -> Vec<String> {
        let (Some(live), Some(g)) = (self.weights.as_deref(), self.graph_now()) else {
            return Vec::new();
        };
        live.leaves_edited(|s| g.written_score(s))
    }

    /// Whether the run's scores are not the lesson's: weights or leaves edited live.
    pub fn scores_changed(&self) -> bool {
        self.weights_changed() || !self.leaves_edited().is_empty()
    }

    /// The title line's piece for edited leaves: "edited c=9 d=2", or "edited 4 leaves".
    pub fn leaves_title(&self) -> Option<String> {
        let edited = self.leaves_edited();
        match edited.len() {
            0 => None,
            1 | 2 => Some(format!("edited {}", edited.join(" "))),
            n => Some(format!("edited {n} leaves")),
        }
    }

    /// Why this run's leaves cannot be edited, if they cannot.
    fn leaves_editable(&self) -> Result<&Graph, String> {
        if let Some(why) = &self.detached {
            return Err(why.clone());
        }
        let Some(g) = self.graph_now() else {
            return Err(format!(
                "V edits a leaf a graph lesson writes out; a {} computes its own scores",
                self.lesson.model.kind_name()
            ));
        };
        if Look::of_run(&self.replay).sampled() {
            return Err(
                "a leaf's edit re-runs a search of calls: press a to leave Monte Carlo first"
                    .into(),
            );
        }
        if !g.players().is_empty() {
            return Err(
                "a leaf of a game of several players holds a payoff vector: V edits single scores"
                    .into(),
            );
        }
        if self.setup.options.leaf_map.is_some() {
            return Err(
                "the leaf map rewrites every score: V edits a graph run without --leaf-map".into(),
            );
        }
        Ok(g)
    }

    /// The leaf under the node cursor: its state, name and score, or why there is none.
    fn leaf_under_cursor(&self) -> Result<(u32, String, Ratio), String> {
        let g = self.leaves_editable()?;
        let node = self.selected.filter(|_| self.inspecting).ok_or(
            "V edits the leaf under the node cursor: press v, then move onto a leaf (↓ → ←)",
        )?;
        let state = self.replay.tree().get(node).state;
        let name = self.replay.catalog().called(state);
        if !g.edges_of(state).is_empty() {
            return Err(format!(
                "{name} is not a leaf: its value comes from its children (↓ goes down to them)"
            ));
        }
        if !g.terms(state).is_empty() {
            return Err(format!(
                "{name}'s score is its features weighed: * edits the weights"
            ));
        }
        let score = g
            .written_score(state)
            .ok_or_else(|| format!("{name} has no score to edit"))?;
        Ok((state, name, score))
    }

    /// `V`: the footer's editor on the score of the leaf under the node cursor, or the one
    /// line why there is none.
    pub fn open_leaf_edit(&mut self) {
        let undone = self.weights.as_deref().is_none_or(|l| l.undo.is_empty());
        let undoable =
            self.leaves_editable().is_ok() && (!undone || !self.leaves_edited().is_empty());
        match self.leaf_under_cursor() {
            Ok((state, name, score)) => {
                let lesson = (self.weights.as_deref())
                    .and_then(|l| l.leaf_lesson.iter().find(|c| c.state == state))
                    .map_or(score, |c| c.from);
                let mut edit = LineEdit::new();
                edit.set(&score.to_string());
                self.message = Some(format!(
                    // One footer row at 80 columns; the prompt below names undo and lesson.
                    "leaf {name}: {score} now, {lesson} in the lesson; type a value, undo or lesson"
                ));
                self.open_prompt(PromptKind::Leaf(Some(state)), edit);
            }
            // Away from a leaf, edits made can still be taken back.
            Err(why) if undoable => {
                self.message = Some(format!(
                    "{why}; or type undo (the last edit back) or lesson (every leaf)"
                ));
                self.open_prompt(PromptKind::Leaf(None), LineEdit::new());
            }
            Err(why) => self.message = Some(why),
        }
    }

    /// The node of `to` (a run of the same game) that the moves from the root to `node` of
    /// the run on screen reach, in the pass of the same depth: where the cursor goes when
    /// the run is recorded again.
    pub(super) fn same_node(&self, node: u32, to: &Replay) -> Option<u32> {
        let from = self.replay.tree();
        let path = align::path_of(from, node);
        let pass = from.get(node).pass;
        let tt = to.tree();
        let root = tt.passes().iter().find(|p| p.depth == pass)?.root;
        (root != NONE).then_some(())?;
        align::find_path(tt, root, &path)
    }

    /// Enter in the leaf editor: records the run with leaf `state` scored as typed (or the
    /// last edit undone, or every leaf back to the lesson's), or says in one line what is
    /// wrong, the run unchanged.
    pub fn submit_leaf(&mut self, state: Option<u32>, line: &str) {
        let g = match self.leaves_editable() {
            Ok(g) => g,
            Err(why) => {
                self.message = Some(why);
                return;
            }
        };
        let changes = match self.leaf_changes(g, state, line) {
            Ok(c) => c,
            Err(e) => {
                self.message = Some(e);
                return;
            }
        };
        let (changed, how) = changes;
        let new =
            g.with_scores(|s, r| Some(changed.iter().find(|c| c.state == s).map_or(r, |c| c.to)));
        let checked = new.map_err(|p| p.to_string()).and_then(|g| {
            if let Some(range) = g.utility_range() {
                g.check_bounds(range).map_err(|p| p.to_string())?;
            }
            Ok(g)
        });
        let what = match (how, changed.as_slice()) {
            (How::Lesson, _) => "the lesson's leaves".to_string(),
            (_, [c]) => format!("leaf {}={}", c.name, c.to),
            _ => "leaves edited".to_string(),
        };
        match checked.and_then(|g| self.with_graph(g)) {
            Ok((lesson, setup)) => {
                let now = self.weights_now().to_vec();
                self.weights.get_or_insert_with(|| {
                    Box::new(Live {
                        lesson_weights: now,
                        ..Live::default()
                    })
                });
                let edited = Edited::Leaves(changed, how);
                self.run_job(setup, Then::Reweigh(Box::new(lesson), setup, what, edited));
            }
            Err(e) => self.message = Some(format!("{what}: {e}")),
        }
    }

    /// The scores a line asks for: the leaves it changes (before → after) and how.
    fn leaf_changes(
        &self,
        g: &Graph,
        state: Option<u32>,
        line: &str,
    ) -> Result<(Vec<LeafChange>, How), String> {
        let live = self.weights.as_deref();
        let change = |state: u32, to: Ratio| {
            let from = g.written_score(state)?;
            let name = self.replay.catalog().called(state);
            (from != to).then_some(LeafChange {
                state,
                name,
                from,
                to,
            })
        };
        let name = state.map_or("under the cursor".into(), |s| {
            self.replay.catalog().called(s)
        });
        match typed(line, &name)? {
            Typed::Value(_) if state.is_none() => Err(
                "no leaf under the node cursor: type undo or lesson, or move onto a leaf".into(),
            ),
            Typed::Value(v) => match state.and_then(|s| change(s, v)) {
                Some(c) => Ok((vec![c], How::Typed)),
                None => Err(format!("leaf {name} is {v} already: the run stays")),
            },
            Typed::Undo => {
                let (s, before) = live
                    .and_then(|l| l.undo.last().copied())
                    .ok_or("no leaf edit to undo")?;
                let c = change(s, before).ok_or("no leaf edit to undo")?;
                Ok((vec![c], How::Undo))
            }
            Typed::Lesson => {
                let back: Vec<LeafChange> = live
                    .map(|l| &l.leaf_lesson[..])
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|l| change(l.state, l.from))
                    .collect();
                if back.is_empty() {
                    return Err("every leaf has the lesson's score: the run stays".into());
                }
                Ok((back, How::Lesson))
            }
        }
    }
}

/// The leaf editor's line: a score (`9`, `-2.5`, `7/2`, within ±1000 as in a lesson file),
/// `undo` or `lesson`; or one line on what is wrong with it.
fn typed(line: &str, name: &str) -> Result<Typed, String> {
    let t = line.trim();
    match t {
        "undo" => return Ok(Typed::Undo),
        "lesson" => return Ok(Typed::Lesson),
        "" => {
            return Err(format!(
                "leaf {name}: type a score such as 3, -0.5 or 7/2 (or undo, or lesson)"
            ));
        }
        _ => {}
    }
    // The weights' reader names its weight in quotes first: the leaf is named plainly.
    let v = parse::number_of(name, t).map_err(|e| {
        let why = e.split_once("\": ").map_or(e.as_str(), |(_, why)| why);
        format!("leaf {name}: {why}")
    })?;
    if v.abs_above(SCORE_LIMIT) {
        return Err(format!(
            "leaf {name}: {v} is past ±{SCORE_LIMIT}, the most a lesson's score may be"
        ));
    }
    Ok(Typed::Value(v))
}
