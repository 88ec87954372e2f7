//! Where the tutor's windows and screens open: each key that opens a component pushes it
//! onto the app's layers here (`components`), so a new window is its own file there plus one
//! line here. The app itself never names a component.

use super::app::{App, load_progress};
use super::components::PromptKind;
use super::components::diff::Diff;
use super::components::growth::Growth;
use super::components::help::Help;
use super::components::intro::Intro;
use super::components::picker::Picker;
use super::components::practice::PracticeScreen;
use super::components::prompt::Prompt;
use super::components::weights::Weights;
use super::keys::Action;
use super::line_edit::LineEdit;
use crate::practice;

impl App {
    /// Windows over the screen, and the modes that take the keys (the cursor, practice).
    pub(super) fn open_window(&mut self, action: Action) -> bool {
        match action {
            Action::Quit => {
                self.ask_quit();
            }
            Action::Close => {
                self.close();
            }
            Action::Help => self.layers.push(Box::new(Help::default())),
            Action::Growth => self.layers.push(Box::new(Growth::default())),
            Action::Intro => self.layers.push(Box::new(Intro::default())),
            Action::Inspect => {
                self.toggle_inspector();
            }
            Action::Predict => {
                let (p, said) = super::predict::cycle(self.predict.take(), self.background);
                self.predict = p;
                self.message = Some(said);
                if let Some(p) = self.predict.as_deref_mut() {
                    p.ask_here(&self.replay.tree(), self.st.step);
                }
            }
            Action::Why => {
                let node = self.selected.or_else(|| self.current());
                let step = self.st.step;
                let answers = self.screen().why(&self.replay, &self.units, node, step);
                let pane = super::inspect::WhyPane::new(node, step, answers);
                self.layers.push(Box::new(pane));
            }
            Action::Practice => {
                self.start_practice();
            }
            Action::CourseNext => self.course_next(),
            Action::Lessons => {
                let here = self.lessons.iter().position(|l| l.name == self.lesson.name);
                let cursor = self
                    .picker_items()
                    .iter()
                    .position(|(i, n)| Some(*i) == here && Some(n) == self.preset.as_ref())
                    .unwrap_or(0);
                self.layers.push(Box::new(Picker::at(cursor)));
            }
            Action::GoTo => self.layers.push(Box::new(Prompt::new(PromptKind::GoTo))),
            Action::DiffView => match &mut self.compare {
                Some(c) => {
                    c.diff.get(&self.replay, &c.replay);
                    c.diff.scroll = 0;
                    self.layers.push(Box::new(Diff));
                }
                None => {
                    self.message =
                        Some("| lists the diff of two runs: compare them first (c)".into())
                }
            },
            Action::OpenFile => self.layers.push(Box::new(Prompt::new(PromptKind::Open))),
            Action::SetWindow => self.layers.push(Box::new(Prompt::new(PromptKind::Window))),
            Action::Weights => {
                self.open_weights();
            }
            Action::EditLeaf => self.open_leaf_edit(),
            _ => return false,
        }
        true
    }

    /// Opens a practice round: the lesson's own problems, or generated ones when it has none.
    pub fn start_practice(&mut self) {
        let problems = practice::lesson_round(&self.lesson, practice::clock_seed());
        let round = problems.and_then(|p| Ok((p, load_progress()?)));
        match round {
            Ok((problems, progress)) => {
                let course = (self.course.as_ref())
                    .and_then(|c| c.course.chapter_of(&self.lesson.name))
                    .map(|_| format!("practice {}", self.lesson.name));
                self.layers.push(Box::new(
                    PracticeScreen::new(problems, progress)
                        .saving(true)
                        .from_tutor()
                        .for_course(course),
                ))
            }
            Err(e) => self.message = Some(format!("practice: {e}")),
        }
    }

    /// The lesson picker on row `cursor` (an index into `picker_items`).
    pub fn open_picker(&mut self, cursor: usize) {
        self.layers.push(Box::new(Picker::at(cursor)));
    }

    /// A typed line of `kind` holding `edit`.
    pub(super) fn open_prompt(&mut self, kind: PromptKind, edit: LineEdit) {
        self.layers.push(Box::new(Prompt::with(kind, edit)));
    }

    /// The window on the last change of the weights.
    pub(super) fn open_weights_report(&mut self) {
        self.layers.push(Box::new(Weights));
    }
}
