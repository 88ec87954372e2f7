//! The tutor's side of live weight editing: `*` opens the editor, Enter records the run
//! again with the graph reweighed, and the window says what changed.

use super::parse::{self, Asked};
use super::{Changes, Edited, Live, Report};
use crate::exact::Ratio;
use crate::game::features::{Amount, Features};
use crate::game::graph::Graph;
use crate::game::model::Model;
use crate::lesson::{Lesson, RunSetup};
use crate::replay::Replay;
use crate::search::INF;
use crate::tui::app::{App, Then};
use crate::tui::components::PromptKind;
use crate::tui::line_edit::LineEdit;
use crate::tui::look::Look;
use crate::value::Units;

impl App {
    /// The weights the run on screen weighs its features with (empty: none).
    pub fn weights_now(&self) -> &[(String, Ratio)] {
        match &self.lesson.model {
            Model::Graph(g) => g.weights(),
            _ => &[],
        }
    }

    /// Whether the run weighs its features otherwise than its lesson does.
    pub fn weights_changed(&self) -> bool {
        self.weights
            .as_ref()
            .is_some_and(|l| l.lesson_weights != self.weights_now())
    }

    /// The title line's piece for weights edited live: "weights f=3 g=0.25".
    pub fn weights_title(&self) -> String {
        format!("weights {}", parse::text(self.weights_now()))
    }

    /// What the narration says before the first step in place of the lesson's introduction,
    /// whose figures are its own weights': which weights it spoke of, and which this run has
    /// (or which leaves this run scores otherwise).
    pub fn weights_intro_note(&self) -> String {
        if !self.weights_changed() {
            return format!(
                "This run's tree has leaves edited ({}); the lesson's introduction (i) speaks of its own scores. Step on to see the new run, or press V on a leaf and type lesson to restore them.",
                self.leaves_edited().join(" ")
            );
        }
        let lesson = (self.weights.as_ref())
            .map(|l| parse::text(&l.lesson_weights))
            .unwrap_or_default();
        format!(
            "This run weighs its features {}; the lesson's introduction (i) speaks of its own weights, {lesson}. Step on to see the new scores, or press * and type lesson to restore them.",
            parse::text(self.weights_now())
        )
    }

    /// Why `d` shows no demo while the weights differ from the lesson's, in one line.
    pub fn weights_demo_refusal(&self) -> String {
        if !self.weights_changed() {
            return "the demo speaks of the lesson's scores: V on a leaf, then lesson, restores them"
                .into();
        }
        let lesson = (self.weights.as_ref())
            .map(|l| parse::text(&l.lesson_weights))
            .unwrap_or_default();
        format!("the demo speaks of the lesson's weights ({lesson}): * then lesson restores them")
    }

    /// Why the weights of this run cannot be edited, if they cannot.
    fn weighable(&self) -> Result<(), String> {
        if let Some(why) = &self.detached {
            return Err(why.clone());
        }
        if self.weights_now().is_empty() {
            return Err(
                "this game has no evaluation weights (the 004-eval lessons have them)".into(),
            );
        }
        if Look::of_run(&self.replay).sampled() {
            return Err(
                "weights re-run a search of calls: press a to leave Monte Carlo first".into(),
            );
        }
        Ok(())
    }

    /// `*`: the footer's editor on the run's weights, or the one line why there are none.
    pub fn open_weights(&mut self) {
        if let Err(why) = self.weighable() {
            self.message = Some(why);
            return;
        }
        let mut edit = LineEdit::new();
        edit.set(&parse::text(self.weights_now()));
        self.open_prompt(PromptKind::Weights, edit);
    }

    /// The window on the last change (`*` then Esc shows it again from the editor's line).
    pub fn show_weights_report(&mut self) {
        if let Some(l) = self.weights.as_mut().filter(|l| l.report.is_some()) {
            l.scroll = 0;
            self.open_weights_report();
        }
    }

    /// Enter in the weights editor: records the run with the weights typed (or the lesson's),
    /// or says in one line what is wrong with them, the run unchanged.
    pub fn submit_weights(&mut self, line: &str) {
        if let Err(why) = self.weighable() {
            self.message = Some(why);
            return;
        }
        let now = self.weights_now().to_vec();
        let lesson =
            (self.weights.as_ref()).map_or_else(|| now.clone(), |l| l.lesson_weights.clone());
        let new = match parse::parse(line, &now) {
            Ok(Asked::Lesson) => lesson.clone(),
            Ok(Asked::Weights(w)) => w,
            Err(e) => {
                self.message = Some(format!("weights: {e}"));
                return;
            }
        };
        if new == now {
            self.message = Some(format!(
                "weights unchanged ({}): the run stays",
                parse::text(&now)
            ));
            return;
        }
        match self.reweighed_lesson(&new) {
            Ok((lesson_now, setup)) => {
                self.weights.get_or_insert_with(|| {
                    Box::new(Live {
                        lesson_weights: lesson,
                        ..Live::default()
                    })
                });
                let what = format!("weights {}", parse::text(&new));
                let then = Then::Reweigh(Box::new(lesson_now), setup, what, Edited::Weights);
                self.run_job(setup, then);
            }
            Err(e) => self.message = Some(format!("weights {}: {e}", parse::text(&new))),
        }
    }

    /// The lesson with its graph weighed by `new`, and the run's setup in the new graph's
    /// units (a root window keeps its meaning when the new weights need other units).
    fn reweighed_lesson(&self, new: &[(String, Ratio)]) -> Result<(Lesson, RunSetup), String> {
        let Model::Graph(graph) = &self.lesson.model else {
            return Err("only a graph weighs features".into());
        };
        let features = Features(
            new.iter()
                .map(|(n, r)| (n.clone(), Amount::of(*r)))
                .collect(),
        );
        let g = graph.reweighed(&features).map_err(|p| p.to_string())?;
        self.with_graph(g)
    }

    /// The lesson with its graph replaced by `g` (reweighed, or a leaf's score edited), and
    /// the run's setup in `g`'s units (a root window keeps its meaning when `g` needs other
    /// units).
    pub(super) fn with_graph(&self, g: Graph) -> Result<(Lesson, RunSetup), String> {
        let mut setup = self.setup;
        let o = &mut setup.options;
        if g.scale() != self.units.scale() {
            let units = &self.units;
            let bound = |v: i32| rescaled(v, units, g.scale());
            o.window = match (bound(o.window.0), bound(o.window.1)) {
                (Some(a), Some(b)) => (a, b),
                _ => {
                    return Err("the root window cannot be written in the new units".into());
                }
            };
            if o.aspiration.is_some() {
                return Err(
                    "this change needs other units than the aspiration window's δ: turn aspiration off first"
                        .into(),
                );
            }
        }
        let mut lesson = self.lesson.clone();
        lesson.graph = g.clone();
        lesson.model = Model::Graph(g);
        Ok((lesson, setup))
    }

    /// A finished re-run with new weights or leaf scores (`edited`): the run on screen at
    /// the closest step, and the window on what changed.
    pub(crate) fn reweighed(
        &mut self,
        (lesson, setup): (Lesson, RunSetup),
        what: String,
        edited: Edited,
        replay: Replay,
    ) {
        let from = parse::text(self.weights_now());
        let changes = Changes::of(&self.replay.rec, &replay.rec);
        // The node cursor stays on its node (the same moves from the root).
        let selected =
            (self.selected.filter(|_| self.inspecting)).and_then(|n| self.same_node(n, &replay));
        self.lesson = lesson;
        self.replace_run(setup, what, replay);
        if selected.is_some() {
            self.selected = selected;
        }
        // A demo's sentence spoke of the old weights' run.
        if let Some(d) = self.demo.as_mut() {
            d.said = None;
        }
        let (from, to) = match edited {
            Edited::Weights => (from, parse::text(self.weights_now())),
            Edited::Leaves(..) => (String::new(), String::new()),
        };
        let report = Report {
            from,
            to,
            edited,
            changes,
            counters: self.message.take().map(|m| {
                m.split_once(": ")
                    .map_or(m.clone(), |(_, counters)| counters.to_string())
            }),
        };
        self.message = Some(report.summary());
        let live = self.weights.get_or_insert_with(Box::default);
        if let Edited::Leaves(changed, how) = &report.edited {
            live.keep(changed, *how);
        }
        live.report = Some(report);
        live.scroll = 0;
        self.open_weights_report();
    }
}

/// `v` (a bound in `units`) in units of `scale`, when it is a whole number of them.
fn rescaled(v: i32, units: &Units, scale: i32) -> Option<i32> {
    if v.abs() == INF {
        return Some(v);
    }
    let r = units.exact(v)?.checked_mul(Ratio::int(i64::from(scale)))?;
    (r.is_integer() && r.num().abs() < i64::from(INF)).then(|| r.num() as i32)
}
