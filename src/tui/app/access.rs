//! What the app shows to the outside (the binary and the tests) besides its public fields:
//! read-only views of the state the tutor's own modules share, and the few settings a caller
//! sets before the first frame.

use super::{App, Then};
use crate::tui::demo_run::DemoRun;
use crate::tui::job::Job;
use crate::tui::model::Laid;
use crate::tui::play::Until;
use crate::tui::predict::Predict;
use crate::tui::present::Presenter;
use crate::tui::weights::Live;

impl App {
    /// The node the cursor (or a click) selected.
    pub fn selected(&self) -> Option<u32> {
        self.selected
    }

    /// Selects `node` (as a click would, without opening the inspector).
    pub fn select(&mut self, node: Option<u32>) {
        self.selected = node;
    }

    /// Whether the node cursor is on.
    pub fn inspecting(&self) -> bool {
        self.inspecting
    }

    /// Whether the tree is always drawn as an outline.
    pub fn outline(&self) -> bool {
        self.outline
    }

    pub fn set_outline(&mut self, on: bool) {
        self.outline = on;
    }

    /// Whether changed runs are recorded in a thread of their own (the terminal loop's).
    pub fn set_background(&mut self, on: bool) {
        self.background = on;
    }

    pub fn playing(&self) -> bool {
        self.playing
    }

    /// Where `Space` plays to.
    pub fn play_until(&self) -> Until {
        self.play_until
    }

    /// Presenter mode's state.
    pub fn present(&self) -> &Presenter {
        &self.present
    }

    pub fn set_presenter(&mut self, p: Presenter) {
        self.present = p;
    }

    /// The lesson's demo being shown, and how far it has gone.
    /// The course and the student's marks, when the tutor follows it.
    pub fn course(&self) -> Option<&crate::tui::course::CourseView> {
        self.course.as_ref()
    }

    pub fn demo(&self) -> Option<&DemoRun> {
        self.demo.as_ref()
    }

    /// Predict mode, when it is on.
    pub fn predict(&self) -> Option<&Predict> {
        self.predict.as_deref()
    }

    /// The changed run being recorded, and what it will become.
    pub fn pending(&self) -> Option<&(Job, Then)> {
        self.pending.as_ref()
    }

    /// The live weights and the report of their last change.
    pub fn weights(&self) -> Option<&Live> {
        self.weights.as_deref()
    }

    /// Why the run cannot be changed (a saved trace opened without its lesson).
    pub fn detached(&self) -> Option<&str> {
        self.detached.as_deref()
    }

    /// The seed of `#`'s random trees and how many it has opened.
    pub fn random_trees(&self) -> Option<(u64, u64)> {
        self.random_trees
    }

    /// What the last frame showed of the scrolled panes, and where (kept by the loop).
    pub fn scrolls(&self) -> &Laid {
        &self.laid
    }

    /// Rows of the picker the last frame showed.
    pub fn picker_page(&self) -> usize {
        crate::tui::view::picker::page(self)
    }
}
