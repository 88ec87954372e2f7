//! The tutor's plain state and how actions change it. Nothing here draws; nothing here
//! searches except through `run::recorded` when the student changes the run.

mod access;
mod modes;
mod mouse;
mod quit;
mod start;

use std::collections::HashSet;

use crossterm::event::KeyEvent;

use super::bookmarks::Bookmarks;
pub use super::components::PromptKind;
use super::components::{Outcome, Request};
use super::cursor;
use super::demo_run::DemoRun;
use super::inspect::WhyPane;
use super::job::Job;
use super::keys::{self, Action};
use super::model::{self, Laid, Scrolls, TreeCtx};
use super::partner;
use super::play::Until;
use super::present::Presenter;
use super::theme::Theme;
use crate::error::Result;
use crate::lesson::{Lesson, Overrides, RunSetup};
use crate::practice::store::Progress;
use crate::replay::{Replay, ReplayState};
use crate::search::Stats;
use crate::value::Units;

/// What the second run of a comparison changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareWith {
    /// The partner search (minimax for alpha-beta, …; alpha-beta for a Monte Carlo run).
    Algorithm,
    Ordering,
    Table,
    /// Monte Carlo tree search beside a search of calls, on a game where it applies.
    Mcts,
}

pub struct Compare {
    pub with: CompareWith,
    pub label: String,
    pub replay: Replay,
    /// How the second run's values are written (`Replay::units`, built once per run).
    pub units: Units,
    pub st: ReplayState,
    /// The main run's current node, when this run never searched it (`partner`).
    pub missing: Option<partner::Missing>,
    /// The diff of the two runs (`|`).
    pub diff: partner::DiffView,
}

/// The final counters before the last live change, shown as "12 → 13".
#[derive(Clone, Debug)]
pub struct Change {
    pub before: Stats,
    pub what: String,
}

/// The layers over the main screen (`components`), the top one taking keys first.
pub type Layers = super::components::Layers<App>;

pub struct App {
    /// The lessons the picker lists (the built-ins, plus an opened file first).
    pub lessons: Vec<Lesson>,
    pub lesson: Lesson,
    pub preset: Option<String>,
    pub setup: RunSetup,
    pub replay: Replay,
    /// How the run's values are written (`Replay::units`): built when the run changes, read
    /// by every view of it.
    pub units: Units,
    pub st: ReplayState,
    pub(crate) selected: Option<u32>,
    /// The node cursor is on: arrows move `selected` and the inspector describes it.
    pub(crate) inspecting: bool,
    /// How far the inspector's text is scrolled.
    pub(crate) inspect_scroll: u16,
    /// Always use the outline, even when the box drawing would fit.
    pub(crate) outline: bool,
    /// Negamax runs: the stack and tree show values from MAX's side instead of the side to
    /// move (the search's own convention).
    pub(crate) max_side: bool,
    pub(crate) collapsed: HashSet<u32>,
    /// The windows and screens over the main screen, the top one taking keys first.
    pub layers: Layers,
    pub(crate) playing: bool,
    /// Milliseconds between events while playing.
    pub(crate) speed_ms: u64,
    /// Where `Space` plays to (`y` cycles it).
    pub(crate) play_until: Until,
    /// Presenter mode (`F`, `--present`): its palette and the pane shown over the tree.
    pub(crate) present: Presenter,
    pub compare: Option<Compare>,
    pub(crate) change: Option<Change>,
    pub message: Option<String>,
    pub quit: bool,
    /// `q` was pressed with marks or live changes to lose: the next key quits if it is `q`
    /// again and is otherwise only the answer "stay".
    pub(crate) quit_asked: bool,
    pub theme: Theme,
    /// Why the run on screen cannot be changed: a saved trace opened without its lesson.
    pub(crate) detached: Option<String>,
    /// Record changed runs in a thread of their own (the terminal loop sets it; tests and
    /// other callers get the result at once).
    pub(crate) background: bool,
    /// A changed run being recorded, and what to do with it.
    pub(crate) pending: Option<(Job, Then)>,
    /// The scrolled panes' offsets.
    pub(crate) scrolls: Scrolls,
    /// What the last frame laid out, kept by the loop after drawing.
    pub(crate) laid: Laid,
    /// The lesson's demo being shown (`d`, `D`), and how far it has gone.
    pub(crate) demo: Option<DemoRun>,
    /// Marked steps of each run (`b`, `'`, `"`).
    pub(crate) bookmarks: Bookmarks,
    /// The course and the student's marks, when the tutor was started on it (`prune`,
    /// `prune open`); a tutor built otherwise (tests) keeps and saves none.
    pub(crate) course: Option<super::course::CourseView>,
    /// The seed of `#`'s random trees and how many it has opened.
    pub(crate) random_trees: Option<(u64, u64)>,
    /// Live weight editing: the lesson's own weights and the last change (`*`).
    pub(crate) weights: Option<Box<super::weights::Live>>,
    /// Predict mode (`Q`, `--predict`): its setting, the open question and the score.
    pub(crate) predict: Option<Box<super::predict::Predict>>,
}

/// What a finished job's replay becomes.
#[derive(Clone, Debug)]
pub enum Then {
    /// The run on screen, changed as the text says.
    Rerun(RunSetup, String),
    /// The second run of a comparison.
    Compare(CompareWith, String),
    /// Another lesson (or graph) opened on one of its presets (`None`: a bare graph's
    /// defaults), replacing the run on screen.
    Open(Box<Lesson>, Option<String>, RunSetup),
    /// The run on screen with the lesson's graph reweighed (`*`) or a leaf's score edited
    /// (`V`), as the text says.
    Reweigh(Box<Lesson>, RunSetup, String, super::weights::Edited),
}

pub(super) fn record(lesson: &Lesson, setup: &RunSetup) -> Result<Replay> {
    Ok(Replay::new(crate::index::record(lesson, setup)?))
}

/// The saved practice progress. Its path is checked as the lesson loader checks a file (a
/// regular file, by metadata, before opening): a pipe or device there would block the
/// terminal loop for good. A missing file is still a fresh start.
pub fn load_progress() -> Result<Progress> {
    if let Some(path) = crate::practice::store::progress_path()
        && path.exists()
    {
        crate::lesson::check_file(&path, u64::MAX)?;
    }
    Progress::load()
}

impl App {
    /// Opens `lesson` with a resolved run; `lessons` feeds the picker.
    pub fn new(lessons: Vec<Lesson>, lesson: Lesson, setup: RunSetup) -> Result<App> {
        // Name the preset this setup came from, so notes attached to it can be shown.
        let preset = lesson
            .spec
            .runs
            .iter()
            .find(|r| {
                lesson
                    .setup(Some(&r.name), &Overrides::default())
                    .is_ok_and(|s| s == setup)
            })
            .map(|r| r.name.clone());
        let replay = record(&lesson, &setup)?;
        let mut app = App::with_replay(lessons, lesson, setup, replay);
        app.preset = preset;
        Ok(app)
    }

    pub(super) fn with_replay(
        lessons: Vec<Lesson>,
        lesson: Lesson,
        setup: RunSetup,
        replay: Replay,
    ) -> App {
        App {
            lessons,
            lesson,
            preset: None,
            setup,
            units: replay.units(),
            replay,
            st: ReplayState::default(),
            selected: None,
            inspecting: false,
            inspect_scroll: 0,
            outline: false,
            max_side: false,
            collapsed: HashSet::new(),
            layers: Layers::default(),
            playing: false,
            speed_ms: 400,
            play_until: Until::default(),
            present: Presenter::default(),
            compare: None,
            change: None,
            message: None,
            quit: false,
            quit_asked: false,
            theme: Theme::from_env(),
            detached: None,
            background: false,
            pending: None,
            scrolls: Scrolls::default(),
            laid: Laid::default(),
            demo: None,
            bookmarks: Bookmarks::default(),
            course: None,
            random_trees: None,
            weights: None,
            predict: None,
        }
    }

    /// The same app, in presenter mode if `on` (`prune open --present`).
    pub fn presenting(mut self, on: bool) -> App {
        if on {
            self.present = Presenter::on();
        }
        self
    }

    /// Records a changed run of the lesson on screen (refused for a detached saved trace).
    pub(super) fn record_live(&self, setup: &RunSetup) -> Result<Replay> {
        match &self.detached {
            Some(why) => Err(crate::error::Error::Options(why.clone())),
            None => record(&self.lesson, setup),
        }
    }

    pub fn seek(&mut self, step: usize) {
        // Predict mode stops a forward move at the first question due on the way.
        let step = self.predict_stop(step);
        // A new step has new text and a new active path: show them from the top.
        self.scrolls.narration = 0;
        self.scrolls.tree = 0;
        self.scrolls.table = None;
        self.replay.seek_into(step, &mut self.st);
        if let Some(c) = &mut self.compare {
            // The partner follows by node (same moves from the root), not by call number.
            let to = partner::partner(&self.replay, &self.st, &c.replay);
            c.replay.seek_into(to.step, &mut c.st);
            c.missing = to.missing;
        }
    }

    /// The node the view centres on: the selected one, else the top frame, else the last done.
    pub fn focus(&self) -> Option<u32> {
        self.selected.or_else(|| self.current())
    }

    /// Puts `replay` on screen with the units its values are written in.
    pub(super) fn set_replay(&mut self, replay: Replay) {
        self.layers.close::<WhyPane>();
        if let Some(p) = &mut self.predict {
            p.reset();
        }
        self.units = replay.units();
        self.replay = replay;
    }

    /// Where a forward move to `to` stops in predict mode (playback stops there too).
    pub(super) fn predict_stop(&mut self, to: usize) -> usize {
        let Some(p) = self.predict.as_deref_mut() else {
            return to;
        };
        let at = p.stop(&self.replay.tree(), self.st.step, to);
        if at < to {
            self.playing = false;
        }
        at
    }

    /// A key while a prediction is asked: typed, answered (graded, then the step shown),
    /// skipped, or quit.
    pub(crate) fn predict_key(&mut self, key: KeyEvent) {
        let Some(p) = self.predict.as_deref_mut() else {
            return;
        };
        let given = match p.key(key, &self.units, &self.replay) {
            super::predict::Keyed::Stay => return,
            super::predict::Keyed::Quit => {
                self.quit = true;
                return;
            }
            super::predict::Keyed::Skip => None,
            super::predict::Keyed::Answer(t) => Some(t),
            super::predict::Keyed::Chose(pick) => {
                let run = super::predict::Run {
                    replay: &self.replay,
                    units: &self.units,
                    lesson: &self.lesson,
                    setup: &self.setup,
                    preset: self.preset.as_deref(),
                    detached: self.detached.is_some(),
                };
                if let Some(step) = p.choose(run, pick).seek {
                    self.seek(step);
                }
                return;
            }
            super::predict::Keyed::Page(down) => {
                let page = if down {
                    Action::MoreText
                } else {
                    Action::LessText
                };
                self.scroll_pane(page);
                return;
            }
        };
        let run = super::predict::Run {
            replay: &self.replay,
            units: &self.units,
            lesson: &self.lesson,
            setup: &self.setup,
            preset: self.preset.as_deref(),
            detached: self.detached.is_some(),
        };
        let settled = p.settle(run, given);
        // The why pane would show the chain the why choice asks for.
        if p.why.is_some() {
            self.layers.close::<WhyPane>();
        }
        if settled.message.is_some() {
            self.message = settled.message;
        }
        if let Some(step) = settled.seek {
            self.seek(step);
        }
    }

    /// What the views hold back while a prediction is asked (`tui::predict`).
    pub fn held(&self) -> Option<crate::index::question::Held> {
        self.predict.as_ref().and_then(|p| p.held())
    }

    /// The same app in predict mode, asking `ask` (`prune open --predict`), saving each
    /// prediction to the progress file if `save`.
    pub fn predicting(mut self, ask: Option<super::predict::Ask>, save: bool) -> App {
        if let Some(ask) = ask {
            let mut p = super::predict::Predict::new(ask);
            p.save = save;
            self.predict = Some(Box::new(p));
        }
        self
    }

    /// Predict mode asks, after each answer with a chain, why it is so (`--why`).
    pub fn asking_why(mut self, on: bool) -> App {
        if let Some(p) = self.predict.as_deref_mut() {
            p.asks_why = on;
        }
        self
    }

    /// The node the search is at.
    pub fn current(&self) -> Option<u32> {
        model::current_node(&self.replay, &self.st)
    }

    /// What the tree of this run reads: its replay, step, selection, folds and mode.
    pub fn tree_ctx(&self) -> TreeCtx<'_> {
        TreeCtx {
            replay: &self.replay,
            units: &self.units,
            st: &self.st,
            selected: self.selected,
            collapsed: &self.collapsed,
            outline: self.outline,
            scroll: self.scrolls.tree,
            theme: self.theme,
            max_side: self.max_side,
            held: self.held(),
        }
    }

    /// What the tree of the comparison's second run reads (no selection or folds of its own).
    pub fn partner_ctx<'a>(&'a self, c: &'a Compare) -> TreeCtx<'a> {
        let mut ctx = TreeCtx::plain(&c.replay, &c.units, &c.st, self.outline, self.theme);
        ctx.scroll = self.scrolls.tree;
        ctx
    }

    /// A key: the quit question and a job's Esc first, then an open prediction, then the
    /// layers top first, the node cursor, and the main screen's key table.
    pub fn on_key(&mut self, key: KeyEvent) {
        if std::mem::take(&mut self.quit_asked) {
            self.quit = keys::answers_quit(key);
            self.message = None;
            return;
        }
        if self.pending.is_some() && keys::action_for(key) == Some(Action::Close) {
            self.cancel_job();
            return;
        }
        // The modes' layers as the modes stand now: an open question on top takes the key.
        self.sync_modes();
        // Ctrl-C quits at once, whatever is open (a practice round quits itself on it).
        if keys::is_ctrl_c(key) && !self.layers.whole_screen() {
            self.quit = true;
            return;
        }
        if self.layer_key(key) {
            return;
        }
        if self.inspecting && self.cursor_key(key) {
            return;
        }
        if let Some(action) = keys::action_for(key) {
            self.message = None;
            self.act(action);
        }
    }

    /// A key for the layers, top first: false when none took it. The layer is out of the
    /// stack while it handles the key (it may read and change the app), and back in before
    /// the app acts on what it asked.
    pub(super) fn layer_key(&mut self, key: KeyEvent) -> bool {
        let Some(mut top) = self.layers.pop() else {
            return false;
        };
        let (keep, request) = match top.handle_key(key, self) {
            Outcome::Pass => {
                let at = self.layers.len();
                let taken = self.layer_key(key);
                self.layers.insert(at, top);
                return taken;
            }
            Outcome::Stay => (true, None),
            Outcome::Close => (false, None),
            Outcome::Then(r) => (true, Some(r)),
            Outcome::CloseThen(r) => (false, Some(r)),
        };
        if keep {
            self.layers.push(top);
        }
        if let Some(r) = request {
            self.request(r);
        }
        true
    }

    /// Does what a layer asked.
    pub(super) fn request(&mut self, r: Request) {
        match r {
            Request::Seek(step) => self.seek(step),
            Request::Quit => self.quit = true,
            Request::AskQuit => self.ask_quit(),
            Request::Pick(row) => self.pick(row),
            Request::Submit(kind, text) => self.submit(kind, &text),
            Request::Say(m) => self.message = Some(m),
            Request::Key(k) => self.on_key(k),
            Request::OpenCited(cited) => self.open_cited(*cited),
        }
    }

    /// Esc on the main screen: closes the comparison (the cursor closes itself in
    /// `cursor_key`); with nothing open it does nothing, so it never quits by accident.
    pub(super) fn close(&mut self) {
        if self.compare.take().is_some() {
            self.message = Some("comparison closed".into());
        }
    }

    /// The keys the node cursor takes while it is on (`cursor::Key`); false for every
    /// other key.
    pub(super) fn cursor_key(&mut self, key: KeyEvent) -> bool {
        let way = match cursor::key(key) {
            Some(cursor::Key::Move(way)) => way,
            Some(cursor::Key::Scroll(by)) => {
                self.inspect_scroll = self.inspect_scroll.saturating_add_signed(by);
                return true;
            }
            Some(cursor::Key::Close) => {
                self.inspecting = false;
                self.selected = None;
                return true;
            }
            None => return false,
        };
        let from = self.selected.or_else(|| self.current());
        match from.and_then(|id| cursor::step(&self.replay.tree(), id, way, &self.collapsed)) {
            Some(to) => {
                self.selected = Some(to);
                self.inspect_scroll = 0;
            }
            None => self.message = Some("no node in that direction".into()),
        }
        true
    }

    /// Turns the node cursor on at the selected node (else the current one), or off.
    pub(super) fn toggle_inspector(&mut self) {
        self.inspecting = !self.inspecting;
        self.inspect_scroll = 0;
        if self.inspecting {
            let pass = self.replay.tree().pass_at(self.st.step).map(|p| p.depth);
            let in_pass = |id: u32| Some(self.replay.tree().get(id).pass) == pass;
            self.selected = self
                .selected
                .filter(|&s| in_pass(s))
                .or_else(|| self.current());
        } else {
            self.selected = None;
        }
    }

    /// Notes the lesson attaches to the current call of this preset.
    pub fn notes(&self) -> Vec<&str> {
        // The lesson's notes speak of its own weights and scores.
        if self.scores_changed() {
            return Vec::new();
        }
        model::notes(
            &self.lesson,
            &self.replay,
            &self.units,
            self.preset.as_deref(),
            &self.setup.options,
            &self.st,
        )
    }
}
