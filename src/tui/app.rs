//! The tutor's plain state and how actions change it. Nothing here draws; nothing here
//! searches except through `run::recorded` when the student changes the run.

use std::cell::Cell;
use std::collections::HashSet;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

use super::bookmarks::Bookmarks;
use super::complete::Completion;
use super::components::practice::{Outcome as PracticeOutcome, PracticeScreen};
use super::cursor;
use super::demo_run::DemoRun;
use super::job::Job;
use super::keys::{self, Action};
use super::layout;
use super::line_edit::{Edit, LineEdit};
use super::model::{self, Scrolls, TreeCtx, algorithm_name, cut_name, on_off};
use super::partner;
use super::play::Until;
use super::present::Presenter;
use super::theme::Theme;
use super::view::help::Page as HelpPage;
use crate::error::Result;
use crate::index::{NONE, Recorded};
use crate::lesson::{Lesson, Overrides, RunSetup, parse_bound};
use crate::practice::{self, store::Progress};
use crate::replay::{Replay, ReplayState};
use crate::search::family::Detail;
use crate::search::{CutRule, MAX_BUDGET, MAX_DEPTH, MAX_QLIMIT, Stats};
use crate::value::Units;

/// A window drawn over the main screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    None,
    Help,
    /// The lesson's title, source and introduction.
    Intro,
    /// The lesson picker: the row the cursor is on (an index into `App::picker_items`) and
    /// the filter typed so far.
    Picker {
        cursor: usize,
        filter: LineEdit,
    },
    /// The diff of the two runs of a comparison (`|`), scrolled by `Compare::diff`.
    Diff,
    /// The chart of the run so far (`K`), on one of its pages.
    Growth(super::view::growth::Page),
    /// What new weights changed (`*`, `weights::Live::report`).
    Weights,
    /// A typed line over the bottom row, with Tab's candidates while `O` completes a name.
    Prompt {
        kind: PromptKind,
        edit: LineEdit,
        completion: Option<Completion>,
    },
}

impl Overlay {
    /// The picker on row `cursor`, with no filter.
    pub fn picker(cursor: usize) -> Overlay {
        Overlay::Picker {
            cursor,
            filter: LineEdit::new(),
        }
    }

    /// An empty prompt line of `kind`.
    pub fn prompt(kind: PromptKind) -> Overlay {
        Overlay::Prompt {
            kind,
            edit: LineEdit::new(),
            completion: None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptKind {
    GoTo,
    Window,
    Open,
    /// The graph's evaluation weights (`*`).
    Weights,
}

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
    pub selected: Option<u32>,
    /// The node cursor is on: arrows move `selected` and the inspector describes it.
    pub inspecting: bool,
    /// How far the inspector's text is scrolled.
    pub inspect_scroll: u16,
    /// The "why" pane (`Y`), over the inspector; it takes the keys while open.
    pub why: Option<Box<super::inspect::WhyPane>>,
    /// The help window's open page, and how far the legend is scrolled.
    pub help_page: HelpPage,
    pub help_scroll: usize,
    /// Always use the outline, even when the box drawing would fit.
    pub outline: bool,
    /// Negamax runs: the stack and tree show values from MAX's side instead of the side to
    /// move (the search's own convention).
    pub max_side: bool,
    pub collapsed: HashSet<u32>,
    pub overlay: Overlay,
    pub playing: bool,
    /// Milliseconds between events while playing.
    pub speed_ms: u64,
    /// Where `Space` plays to (`y` cycles it).
    pub play_until: Until,
    /// Presenter mode (`F`, `--present`): its palette and the pane shown over the tree.
    pub present: Presenter,
    pub compare: Option<Compare>,
    pub change: Option<Change>,
    pub message: Option<String>,
    pub quit: bool,
    /// `q` was pressed with marks or live changes to lose: the next key quits if it is `q`
    /// again and is otherwise only the answer "stay".
    pub quit_asked: bool,
    pub theme: Theme,
    /// Where the tree was last drawn, for mouse clicks.
    pub tree_area: Rect,
    /// A practice round over the whole screen; it takes every key until it is closed.
    pub practice: Option<Box<PracticeScreen>>,
    /// Why the run on screen cannot be changed: a saved trace opened without its lesson.
    pub detached: Option<String>,
    /// Record changed runs in a thread of their own (the terminal loop sets it; tests and
    /// other callers get the result at once).
    pub background: bool,
    /// A changed run being recorded, and what to do with it.
    pub pending: Option<(Job, Then)>,
    /// Rows of the picker shown at the last draw, so PgUp/PgDn move by a page (drawing
    /// takes the app by reference).
    pub picker_page: Cell<usize>,
    /// The scrolled panes' offsets and what the last frame showed of them.
    pub scrolls: Scrolls,
    /// The lesson's demo being shown (`d`, `D`), and how far it has gone.
    pub demo: Option<DemoRun>,
    /// Marked steps of each run (`b`, `'`, `"`).
    pub bookmarks: Bookmarks,
    /// The seed of `#`'s random trees and how many it has opened.
    pub random_trees: Option<(u64, u64)>,
    /// Live weight editing: the lesson's own weights and the last change (`*`).
    pub weights: Option<Box<super::weights::Live>>,
    /// Predict mode (`Q`, `--predict`): its setting, the open question and the score.
    pub predict: Option<Box<super::predict::Predict>>,
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
    /// The run on screen with the lesson's graph reweighed (`*`), as the text says.
    Reweigh(Box<Lesson>, RunSetup, String),
}

fn record(lesson: &Lesson, setup: &RunSetup) -> Result<Replay> {
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

    fn with_replay(lessons: Vec<Lesson>, lesson: Lesson, setup: RunSetup, replay: Replay) -> App {
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
            why: None,
            help_page: HelpPage::Keys,
            help_scroll: 0,
            outline: false,
            max_side: false,
            collapsed: HashSet::new(),
            overlay: Overlay::None,
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
            tree_area: Rect::default(),
            practice: None,
            detached: None,
            background: false,
            pending: None,
            picker_page: Cell::new(10),
            scrolls: Scrolls::default(),
            demo: None,
            bookmarks: Bookmarks::default(),
            random_trees: None,
            weights: None,
            predict: None,
        }
    }

    /// Opens a saved trace as recorded. The lesson its header names comes along when it can
    /// be opened and still has the states the trace names; live changes then re-run from it.
    /// Otherwise the run replays on its own and changing it says what is missing.
    pub fn from_saved(rec: Recorded) -> Result<App> {
        let header = rec.trace.header.clone();
        let mut setup = RunSetup {
            start: header.start,
            options: header.options,
            // The stated tree its run started from, when its lesson comes along (below).
            given: None,
        };
        let found = Lesson::open(&header.lesson).map_err(|e| match e {
            crate::error::Error::UnknownLesson { .. } | crate::error::Error::Io { .. } => {
                "it is not found".to_string()
            }
            other => other.to_string(),
        });
        let (lesson, detached) = match found {
            Ok(lesson) => match lesson.fits(&header.catalog, &header.options) {
                Ok(()) => (lesson, None),
                Err(why) => (Lesson::stand_in(&header.title)?, Some(why)),
            },
            Err(why) => (Lesson::stand_in(&header.title)?, Some(why)),
        };
        if detached.is_none() {
            // A live change re-runs from the same stated tree as the recorded run.
            setup.given = lesson.stated_by(header.preset.as_deref(), &header.options, header.start);
        }
        let mut lessons = Vec::new();
        if detached.is_none() && !crate::lesson::builtin_names().contains(&lesson.name.as_str()) {
            lessons.push(lesson.clone());
        }
        lessons.extend(Lesson::builtins()?);
        let mut app = App::with_replay(lessons, lesson, setup, Replay::new(rec));
        app.preset = header.preset.clone();
        app.detached = detached
            .map(|why| format!("changing the run needs the lesson {}: {why}", header.lesson));
        Ok(app)
    }

    /// The same app, in presenter mode if `on` (`prune open --present`).
    pub fn presenting(mut self, on: bool) -> App {
        if on {
            self.present = Presenter::on();
        }
        self
    }

    /// Records a changed run of the lesson on screen (refused for a detached saved trace).
    fn record_live(&self, setup: &RunSetup) -> Result<Replay> {
        match &self.detached {
            Some(why) => Err(crate::error::Error::Options(why.clone())),
            None => record(&self.lesson, setup),
        }
    }

    /// The built-in lessons with the picker open on the first one.
    pub fn with_picker() -> Result<App> {
        let lessons = Lesson::builtins()?;
        // Start on seed 000's worked example when it is there: the tour begins with it.
        let li = lessons
            .iter()
            .position(|l| l.name == "000-worked-tree")
            .unwrap_or(0);
        let first = lessons[li].clone();
        let setup = first.setup(None, &Overrides::default())?;
        let mut app = App::new(lessons, first, setup)?;
        let cursor = app
            .picker_items()
            .iter()
            .position(|(i, _)| *i == li)
            .unwrap_or(0);
        app.overlay = Overlay::picker(cursor);
        Ok(app)
    }

    /// Every (lesson, preset) pair the picker offers.
    pub fn picker_items(&self) -> Vec<(usize, String)> {
        let mut items = Vec::new();
        for (i, l) in self.lessons.iter().enumerate() {
            for r in &l.spec.runs {
                items.push((i, r.name.clone()));
            }
        }
        items
    }

    /// The picker rows `filter` keeps (indices into `picker_items`): those whose lesson name,
    /// lesson title or preset name holds it, ignoring case.
    pub fn picker_matches(&self, filter: &str) -> Vec<usize> {
        let needle = filter.trim().to_lowercase();
        self.picker_items()
            .iter()
            .enumerate()
            .filter(|(_, (li, preset))| {
                let l = &self.lessons[*li];
                needle.is_empty()
                    || [l.name.as_str(), l.spec.title.as_str(), preset.as_str()]
                        .iter()
                        .any(|t| t.to_lowercase().contains(&needle))
            })
            .map(|(i, _)| i)
            .collect()
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

    /// Opens a practice round: the lesson's own problems, or generated ones when it has none.
    pub fn start_practice(&mut self) {
        let problems = practice::lesson_round(&self.lesson, practice::clock_seed());
        let round = problems.and_then(|p| Ok((p, load_progress()?)));
        match round {
            Ok((problems, progress)) => {
                self.practice = Some(Box::new(
                    PracticeScreen::new(problems, progress)
                        .saving(true)
                        .from_tutor(),
                ))
            }
            Err(e) => self.message = Some(format!("practice: {e}")),
        }
    }

    /// Puts `replay` on screen with the units its values are written in.
    fn set_replay(&mut self, replay: Replay) {
        self.why = None;
        if let Some(p) = &mut self.predict {
            p.reset();
        }
        self.units = replay.units();
        self.replay = replay;
    }

    /// Where a forward move to `to` stops in predict mode (playback stops there too).
    fn predict_stop(&mut self, to: usize) -> usize {
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
    fn predict_key(&mut self, key: KeyEvent) {
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
        };
        let run = super::predict::Run {
            replay: &self.replay,
            units: &self.units,
            lesson: &self.lesson,
            setup: &self.setup,
            detached: self.detached.is_some(),
        };
        let settled = p.settle(run, given);
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

    pub fn on_key(&mut self, key: KeyEvent) {
        if std::mem::take(&mut self.quit_asked) {
            let ctrl_c =
                key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c');
            self.quit = key.code == KeyCode::Char('q') || ctrl_c;
            self.message = None;
            return;
        }
        if self.pending.is_some() && key.code == KeyCode::Esc {
            self.cancel_job();
            return;
        }
        if self.held().is_some() {
            self.predict_key(key);
            return;
        }
        if let Some(round) = &mut self.practice {
            match round.handle_key(key) {
                PracticeOutcome::Quit => self.practice = None,
                PracticeOutcome::OpenInTutor => self.open_cited(),
                PracticeOutcome::Continue => {}
            }
            return;
        }
        // Ctrl-C quits at once, whatever is open: it never asks.
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if self.overlay_key(key) {
            return;
        }
        if let Some(pane) = &mut self.why {
            match pane.handle_key(key) {
                super::inspect::WhyKey::Close => self.why = None,
                super::inspect::WhyKey::Jump(step) => self.seek(step),
                super::inspect::WhyKey::Stay => {}
            }
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

    /// A key for the window open over the screen (windows take keys first); false when none
    /// is open.
    fn overlay_key(&mut self, key: KeyEvent) -> bool {
        match self.overlay {
            Overlay::Diff => self.diff_key(key),
            Overlay::Intro => self.intro_key(key),
            Overlay::Growth(_) => self.growth_key(key),
            Overlay::Help => self.help_key(key),
            Overlay::Picker { .. } => self.picker_key(key),
            Overlay::Prompt { .. } => self.prompt_key(key),
            Overlay::Weights => self.weights_key(key),
            Overlay::None => return false,
        }
        true
    }

    /// A key while the diff window is open: it scrolls, or closes it (q still quits).
    fn diff_key(&mut self, key: KeyEvent) {
        let close = self.compare.as_mut().is_none_or(|c| c.diff.key(key.code));
        if close {
            self.overlay = Overlay::None;
            if key.code == KeyCode::Char('q') {
                self.ask_quit();
            }
        }
    }

    /// A key while the weights window is open: it scrolls, or closes it (q still quits).
    fn weights_key(&mut self, key: KeyEvent) {
        if self.weights.as_mut().is_none_or(|l| l.key(key.code)) {
            self.overlay = Overlay::None;
            if key.code == KeyCode::Char('q') {
                self.ask_quit();
            }
        }
    }

    /// A key while the introduction is open: the scroll keys page through it; any other key
    /// closes it, q still quits.
    fn intro_key(&mut self, key: KeyEvent) {
        // The scroll keys page through it; any other key closes it, q still quits.
        let sc = &mut self.scrolls;
        let page = sc.intro_shown.rows.max(1);
        match key.code {
            KeyCode::Down | KeyCode::Char('j') => sc.intro += 1,
            KeyCode::Up | KeyCode::Char('k') => sc.intro = sc.intro.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char(' ') if sc.intro_shown.below() > 0 => {
                sc.intro = sc.intro_shown.first + page
            }
            KeyCode::PageDown => {}
            KeyCode::PageUp => sc.intro = sc.intro_shown.first.saturating_sub(page),
            KeyCode::End | KeyCode::Char('G') => sc.intro = sc.intro_shown.max_offset(),
            KeyCode::Home | KeyCode::Char('g') => sc.intro = 0,
            code => {
                self.overlay = Overlay::None;
                if code == KeyCode::Char('q') {
                    self.ask_quit();
                }
                return;
            }
        }
        // Never past the last page, so a key back up moves at once.
        sc.intro = sc
            .intro
            .min(sc.intro_shown.max_offset().max(sc.intro_shown.first));
    }

    /// A key while the growth chart is open: Tab and the arrows turn its page.
    fn growth_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Tab | KeyCode::BackTab | KeyCode::Left | KeyCode::Right => {
                if let Overlay::Growth(page) = &mut self.overlay {
                    *page = page.other();
                }
            }
            KeyCode::Esc | KeyCode::Enter => self.overlay = Overlay::None,
            _ => match keys::action_for(key) {
                Some(Action::Growth) => self.overlay = Overlay::None,
                Some(Action::Quit) => {
                    self.overlay = Overlay::None;
                    self.on_key(key);
                }
                _ => {}
            },
        }
    }

    /// A key while the help window is open: Tab turns its page, the arrows scroll it.
    fn help_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Tab | KeyCode::BackTab | KeyCode::Left | KeyCode::Right => {
                self.help_page = self.help_page.other();
                self.help_scroll = 0;
                return;
            }
            KeyCode::Down | KeyCode::Char('j') => self.help_scroll += 1,
            KeyCode::PageDown => self.help_scroll += 8,
            KeyCode::Up | KeyCode::Char('k') => {
                self.help_scroll = self.help_scroll.saturating_sub(1)
            }
            KeyCode::PageUp => self.help_scroll = self.help_scroll.saturating_sub(8),
            _ => {}
        }
        // Never further than the page is long, so scrolling back is never slow.
        let long = match self.help_page {
            HelpPage::Keys => keys::help_lines().len(),
            HelpPage::Legend => super::legend::rows().len(),
        };
        self.help_scroll = self.help_scroll.min(long);
        if matches!(
            keys::action_for(key),
            Some(Action::Quit) | Some(Action::Help) | Some(Action::Close)
        ) || key.code == KeyCode::Enter
        {
            self.overlay = Overlay::None;
            if key.code == KeyCode::Char('q') {
                self.ask_quit();
            }
        }
    }

    /// `q`: quits at once when nothing would be lost, else asks once (the footer's message
    /// line says what `q` again does).
    fn ask_quit(&mut self) {
        self.quit_asked = true;
        self.settle_quit();
    }

    /// With the question asked: quits when nothing would be lost now, else (re)states what
    /// would be. A job that lands after `q` (a re-run back to the preset, or away from it)
    /// changes the answer, and its own message would otherwise hide the question.
    fn settle_quit(&mut self) {
        let lose = self.would_lose();
        if lose.is_empty() {
            (self.quit, self.quit_asked) = (true, false);
            return;
        }
        self.message = Some(format!(
            "quit? {lose} will be lost: q again / any key to stay"
        ));
    }

    /// What quitting now would lose, in words ("" when nothing): marked steps, and a run
    /// changed live away from the preset it was opened on (a re-run still recording counts
    /// as the run it will be).
    pub fn would_lose(&self) -> String {
        let marks = !self.bookmarks.is_empty();
        // A re-run recording now counts as landed: one back to the preset loses nothing.
        let setup = match &self.pending {
            Some((_, Then::Rerun(setup, _))) => setup,
            _ => &self.setup,
        };
        let changed = self.weights_changed()
            || matches!(self.pending, Some((_, Then::Reweigh(..))))
            || self.change.is_some()
                && self.preset.as_ref().is_none_or(|p| {
                    self.lesson
                        .setup(Some(p), &Overrides::default())
                        .is_ok_and(|s| s != *setup)
                });
        match (marks, changed) {
            (true, true) => "marks and live changes".into(),
            (true, false) => "marks".into(),
            (false, true) => "live changes".into(),
            (false, false) => String::new(),
        }
    }

    /// Esc on the main screen: closes the comparison (the cursor closes itself in
    /// `cursor_key`); with nothing open it does nothing, so it never quits by accident.
    fn close(&mut self) {
        if self.compare.take().is_some() {
            self.message = Some("comparison closed".into());
        }
    }

    /// The keys the node cursor takes while it is on; false for every other key.
    fn cursor_key(&mut self, key: KeyEvent) -> bool {
        let way = match key.code {
            KeyCode::Up | KeyCode::Char('k') => cursor::Move::Parent,
            KeyCode::Down | KeyCode::Char('j') => cursor::Move::FirstChild,
            KeyCode::Left | KeyCode::Char('h') => cursor::Move::PrevSibling,
            KeyCode::Right | KeyCode::Char('l') => cursor::Move::NextSibling,
            KeyCode::PageDown => {
                self.inspect_scroll = self.inspect_scroll.saturating_add(4);
                return true;
            }
            KeyCode::PageUp => {
                self.inspect_scroll = self.inspect_scroll.saturating_sub(4);
                return true;
            }
            KeyCode::Esc => {
                self.inspecting = false;
                self.selected = None;
                return true;
            }
            _ => return false,
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
    fn toggle_inspector(&mut self) {
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

    /// A key while the picker is open: the page keys move among the rows the filter keeps,
    /// Enter opens one, Esc clears the filter and then closes; the rest edits the filter
    /// (so every letter filters, q included; Ctrl-C still quits).
    fn picker_key(&mut self, key: KeyEvent) {
        let Overlay::Picker { cursor, filter } = &self.overlay else {
            return;
        };
        let (cursor, mut filter) = (*cursor, filter.clone());
        let matches = self.picker_matches(&filter.text());
        let at = matches.iter().position(|&i| i == cursor);
        let page = self.picker_page.get().max(2) - 1;
        let last = matches.len().saturating_sub(1);
        let moved = |to: usize| matches.get(to.min(last)).copied();
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let target = match key.code {
            KeyCode::Char('c') if ctrl => {
                self.quit = true;
                return;
            }
            KeyCode::Esc if filter.is_empty() => {
                self.overlay = Overlay::None;
                return;
            }
            KeyCode::Esc => {
                filter.clear();
                Some(cursor)
            }
            KeyCode::Enter => {
                if at.is_some() {
                    self.pick(cursor);
                } else {
                    self.message = Some("no lesson matches the filter; Esc clears it".into());
                }
                return;
            }
            KeyCode::Up => moved(at.map_or(0, |a| a.saturating_sub(1))),
            KeyCode::Down => moved(at.map_or(0, |a| a + 1)),
            KeyCode::PageUp => {
                moved(at.map_or(0, |a| self.picker_page_from(&matches, a, page, false)))
            }
            KeyCode::PageDown => {
                moved(at.map_or(0, |a| self.picker_page_from(&matches, a, page, true)))
            }
            KeyCode::Home if !ctrl => moved(0),
            KeyCode::End if !ctrl => moved(last),
            _ => match filter.handle(key) {
                // The cursor stays on its row while the row still matches, else goes to the
                // first that does.
                Edit::Changed => {
                    let kept = self.picker_matches(&filter.text());
                    Some(if kept.contains(&cursor) {
                        cursor
                    } else {
                        kept.first().copied().unwrap_or(cursor)
                    })
                }
                Edit::Moved | Edit::Ignored => Some(cursor),
            },
        };
        self.overlay = Overlay::Picker {
            cursor: target.unwrap_or(cursor),
            filter,
        };
    }

    /// The kept run a page away from `matches[at]`: as far as `page` rows reach, counting
    /// the lesson headings between them (the window shows them too), and at least one run.
    fn picker_page_from(&self, matches: &[usize], at: usize, page: usize, down: bool) -> usize {
        let items = self.picker_items();
        // The row of each kept run in the window's list: runs and headings before it.
        let mut rows = Vec::with_capacity(matches.len());
        let mut row = 0usize;
        for (k, &i) in matches.iter().enumerate() {
            if k == 0 || items[matches[k - 1]].0 != items[i].0 {
                row += 1;
            }
            rows.push(row);
            row += 1;
        }
        let reach = |k: usize| rows[k].abs_diff(rows[at]) <= page;
        if down {
            let mut k = (at + 1).min(matches.len() - 1);
            while k + 1 < matches.len() && reach(k + 1) {
                k += 1;
            }
            k
        } else {
            let mut k = at.saturating_sub(1);
            while k > 0 && reach(k - 1) {
                k -= 1;
            }
            k
        }
    }

    /// A key while a prompt is open: Enter submits, Esc closes, Tab completes a name in the
    /// `O` prompt, the rest goes to the line editor.
    fn prompt_key(&mut self, key: KeyEvent) {
        let Overlay::Prompt {
            kind,
            edit,
            completion,
        } = &mut self.overlay
        else {
            return;
        };
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Esc => self.overlay = Overlay::None,
            KeyCode::Char('c') if ctrl => self.quit = true,
            KeyCode::Enter => {
                let (kind, text) = (*kind, edit.text());
                self.overlay = Overlay::None;
                self.submit(kind, &text);
            }
            KeyCode::Tab | KeyCode::BackTab if *kind == PromptKind::Open => {
                let (line, c) =
                    Completion::tab(completion.take(), &edit.text(), key.code == KeyCode::Tab);
                edit.set(&line);
                *completion = Some(c);
            }
            _ => {
                if edit.handle(key) == Edit::Changed {
                    *completion = None;
                }
            }
        }
    }

    pub fn on_mouse(&mut self, m: MouseEvent) {
        if self.practice.is_some() {
            return;
        }
        if matches!(
            m.kind,
            MouseEventKind::ScrollDown | MouseEventKind::ScrollUp
        ) {
            self.on_wheel(m);
            return;
        }
        if m.kind != MouseEventKind::Down(MouseButton::Left) || self.overlay != Overlay::None {
            return;
        }
        let area = self.tree_area;
        if m.column < area.x
            || m.row < area.y
            || m.column >= area.x + area.width
            || m.row >= area.y + area.height
        {
            return;
        }
        self.selected = layout::tree::hit(&self.tree_ctx(), area, m.column, m.row);
        // A click opens the inspector on the node (and a click beside the tree closes it).
        self.inspecting = self.selected.is_some();
        self.inspect_scroll = 0;
    }

    /// The wheel scrolls the pane under the pointer by three rows (the introduction, when
    /// it is open).
    fn on_wheel(&mut self, m: MouseEvent) {
        let by: i32 = if m.kind == MouseEventKind::ScrollDown {
            3
        } else {
            -3
        };
        let inside =
            |r: Rect| m.column >= r.x && m.row >= r.y && m.column < r.right() && m.row < r.bottom();
        let add = |v: usize, max: usize| (v as i64 + by as i64).clamp(0, max as i64) as usize;
        let sc = &mut self.scrolls;
        match self.overlay {
            Overlay::Intro => sc.intro = add(sc.intro_shown.first, sc.intro_shown.max_offset()),
            Overlay::None if inside(sc.narration_area) => {
                sc.narration = add(sc.narration_shown.first, sc.narration_shown.max_offset())
            }
            Overlay::None if inside(sc.table_area) => {
                sc.table = Some(add(sc.table_shown.first, sc.table_shown.max_offset()))
            }
            Overlay::None if inside(self.tree_area) => self.scroll_tree(by),
            _ => {}
        }
    }

    /// Moves the tree outline by `by` rows (it stops at either end when drawn).
    fn scroll_tree(&mut self, by: i32) {
        self.scrolls.tree = self
            .scrolls
            .tree
            .saturating_add(by)
            .clamp(-100_000, 100_000);
    }

    /// One step of playback.
    pub fn tick(&mut self) {
        if self.playing {
            if self.st.step >= self.replay.len() {
                self.playing = false;
            } else {
                let stop = self.play_until.next_stop(&self.replay, &self.st);
                self.seek(self.st.step + 1);
                if stop == Some(self.st.step) {
                    self.playing = false;
                    self.message = Some(format!("stopped at the next {}", self.play_until.name()));
                }
            }
        }
    }

    pub fn act(&mut self, action: Action) {
        let target = match self.motion(action) {
            Some(target) => target,
            None => {
                self.act_in_place(action);
                None
            }
        };
        if let Some(t) = target {
            // The inspector follows its node through the steps; otherwise stepping deselects.
            if !self.inspecting {
                self.selected = None;
            }
            self.seek(t.min(self.replay.len()));
        }
    }

    /// An action that stays at this step: a window, a pane's scrolling, playback, a view
    /// setting, another run, or else a change to this run.
    fn act_in_place(&mut self, action: Action) {
        let done = self.open_window(action)
            || self.scroll_pane(action)
            || self.playback(action)
            || self.view_setting(action)
            || self.other_run(action);
        if !done {
            self.change_run(action);
        }
    }

    /// The step a moving action goes to (`Some(None)`: it found nowhere to go); `None` for
    /// an action that does not move.
    fn motion(&mut self, action: Action) -> Option<Option<usize>> {
        let step = self.st.step;
        let r = &self.replay;
        let by_call = matches!(
            action,
            Action::CallForward | Action::CallBack | Action::StepOut
        );
        if by_call && r.options().family().samples() {
            // No calls to step: ↓ ↑ scroll the phase pane when it is cut.
            if !self.scroll_phase(action) {
                self.message = Some(
                    "a Monte Carlo run makes no calls: ) ( go by iteration, f A by phase".into(),
                );
            }
            return Some(None);
        }
        let target = match action {
            Action::StepForward => Some(step + 1),
            Action::StepBack => Some(step.saturating_sub(1)),
            Action::CallForward => {
                Some(r.call_step(self.st.stats.nodes as usize).unwrap_or(r.len()))
            }
            Action::CallBack => {
                let c = self.st.stats.nodes as usize;
                // Back to the previous call's admission, or to the start.
                let here = c.checked_sub(1).and_then(|i| r.call_step(i));
                match here {
                    Some(s) if s < step => Some(s),
                    _ => Some(c.checked_sub(2).and_then(|i| r.call_step(i)).unwrap_or(0)),
                }
            }
            Action::StepOut => match self.st.top() {
                Some(f) => {
                    let exit = r.tree().get(f.node).exit;
                    Some(if exit == NONE {
                        r.len()
                    } else {
                        exit as usize + 1
                    })
                }
                None => Some(step + 1),
            },
            Action::NextCutoff => self.jump(Replay::next_mark(&r.marks().cutoffs, step), "cutoff"),
            Action::PrevCutoff => self.jump(Replay::prev_mark(&r.marks().cutoffs, step), "cutoff"),
            Action::NextHit => self.jump(Replay::next_mark(&r.marks().hits, step), "table hit"),
            Action::PrevHit => self.jump(Replay::prev_mark(&r.marks().hits, step), "table hit"),
            Action::NextStore => self.jump(Replay::next_mark(&r.marks().stores, step), "store"),
            Action::PrevStore => self.jump(Replay::prev_mark(&r.marks().stores, step), "store"),
            Action::NextPass => self.jump(Replay::next_mark(&r.marks().passes, step), "pass"),
            Action::PrevPass => self.jump(Replay::prev_mark(&r.marks().passes, step), "pass"),
            Action::NextResearch => {
                let to = Replay::next_mark(&r.marks().researches, step);
                self.jump(to, "re-search (PVS runs have them)")
            }
            Action::PrevResearch => {
                let to = Replay::prev_mark(&r.marks().researches, step);
                self.jump(to, "re-search (PVS runs have them)")
            }
            Action::NextAttempt => {
                let to = Replay::next_mark(&r.marks().attempts, step);
                self.jump(to, "aspiration attempt (runs with --aspiration have them)")
            }
            Action::NextIteration => {
                let to = crate::tui::monte::next_iteration(r, step);
                self.jump(to, "iteration (MCTS runs have them)")
            }
            Action::PrevIteration => {
                let to = crate::tui::monte::prev_iteration(r, step);
                self.jump(to, "iteration (MCTS runs have them)")
            }
            Action::NextPhase => {
                let to = crate::tui::monte::next_phase(r, step);
                self.jump(to, "phase (MCTS runs have them)")
            }
            Action::PrevPhase => {
                let to = crate::tui::monte::prev_phase(r, step);
                self.jump(to, "phase (MCTS runs have them)")
            }
            Action::Start => Some(0),
            Action::End => Some(r.len()),
            Action::NextMark => {
                let to = self.bookmarks.next(&self.lesson.name, &self.setup, step);
                self.jump(to, "mark")
            }
            Action::PrevMark => {
                let to = self.bookmarks.prev(&self.lesson.name, &self.setup, step);
                self.jump(to, "mark")
            }
            _ => return None,
        };
        Some(target)
    }

    /// ↓ or ↑ on a Monte Carlo run: the phase pane a row down or up, when the last frame
    /// showed it cut (else false: there is nothing to scroll).
    fn scroll_phase(&mut self, action: Action) -> bool {
        let shown = self.scrolls.table_shown;
        let to = match action {
            Action::CallForward if shown.below() > 0 => shown.first + 1,
            Action::CallBack if shown.above() > 0 => shown.first - 1,
            _ => return false,
        };
        self.scrolls.table = Some(to);
        true
    }

    /// Windows over the screen, and the modes that take the keys (the cursor, practice).
    fn open_window(&mut self, action: Action) -> bool {
        match action {
            Action::Quit => {
                self.ask_quit();
            }
            Action::Close => {
                self.close();
            }
            Action::Help => {
                self.overlay = Overlay::Help;
            }
            Action::Growth if self.replay.options().family().samples() => {
                self.message = Some(
                    "the chart counts calls per pass and ply; a Monte Carlo run makes none: its tree is the left pane"
                        .into(),
                );
            }
            Action::Growth => {
                self.overlay = Overlay::Growth(Default::default());
            }
            Action::Intro => {
                self.overlay = Overlay::Intro;
                self.scrolls.intro = 0;
            }
            Action::Inspect if self.replay.options().family().samples() => {
                self.message = Some(
                    "the node cursor walks calls; a Monte Carlo run's nodes are stepped with ) ( f A"
                        .into(),
                );
            }
            Action::Inspect => {
                self.toggle_inspector();
            }
            // A Monte Carlo run's presenter screen is its main screen's panes: the pane is
            // drawn there.
            Action::Why if self.present.on && !self.replay.options().family().samples() => {
                self.message =
                    Some("the why pane is on the main screen: F leaves presenter mode".into());
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
                let pane =
                    super::inspect::WhyPane::open(&self.replay, &self.units, node, self.st.step);
                self.why = Some(Box::new(pane));
            }
            Action::Practice => {
                self.start_practice();
            }
            Action::Lessons => {
                let here = self.lessons.iter().position(|l| l.name == self.lesson.name);
                let cursor = self
                    .picker_items()
                    .iter()
                    .position(|(i, n)| Some(*i) == here && Some(n) == self.preset.as_ref())
                    .unwrap_or(0);
                self.overlay = Overlay::picker(cursor);
            }
            Action::GoTo => {
                self.overlay = Overlay::prompt(PromptKind::GoTo);
            }
            Action::DiffView => match &mut self.compare {
                Some(c) => {
                    c.diff.get(&self.replay, &c.replay);
                    c.diff.scroll = 0;
                    self.overlay = Overlay::Diff;
                }
                None => {
                    self.message =
                        Some("| lists the diff of two runs: compare them first (c)".into())
                }
            },
            Action::OpenFile => {
                self.overlay = Overlay::prompt(PromptKind::Open);
            }
            Action::SetWindow => {
                self.overlay = Overlay::prompt(PromptKind::Window);
            }
            Action::Weights => {
                self.open_weights();
            }
            _ => return false,
        }
        true
    }

    /// Paging the explanation and the tree.
    fn scroll_pane(&mut self, action: Action) -> bool {
        match action {
            Action::MoreText => {
                // Page on through the explanation; after its last page, back to its start.
                let sc = &mut self.scrolls;
                let shown = sc.narration_shown;
                sc.narration = if shown.below() > 0 {
                    shown.first + shown.rows.max(1)
                } else {
                    0
                };
            }
            Action::LessText => {
                let sc = &mut self.scrolls;
                let shown = sc.narration_shown;
                sc.narration = shown.first.saturating_sub(shown.rows.max(1));
            }
            Action::TreePageDown | Action::TreePageUp => {
                let page = (self.tree_area.height as i32 - 2).max(1);
                let by = if action == Action::TreePageDown {
                    page
                } else {
                    -page
                };
                self.scroll_tree(by);
            }
            _ => return false,
        }
        true
    }

    /// Playing the run, and how fast and how far.
    fn playback(&mut self, action: Action) -> bool {
        match action {
            Action::PlayPause => {
                self.playing = !self.playing;
                if self.playing && self.play_until.next_stop(&self.replay, &self.st).is_none() {
                    let what = self.play_until.name();
                    if what != Until::default().name() {
                        self.message = Some(format!("no further {what}: playing to the end"));
                    }
                }
            }
            Action::PlayUntil => {
                let samples = self.replay.options().family().samples();
                self.play_until = self.play_until.next_for(samples);
                self.message = Some(self.play_until.label());
            }
            Action::Faster => {
                self.speed_ms = (self.speed_ms / 2).max(25);
            }
            Action::Slower => {
                self.speed_ms = (self.speed_ms * 2).min(3200);
            }
            _ => return false,
        }
        true
    }

    /// How the run is shown: presenter mode, the tree's mode and folds, the side values are counted from, a comparison.
    fn view_setting(&mut self, action: Action) -> bool {
        match action {
            Action::MaxSide => {
                if self.replay.options().family().side_to_move() {
                    self.max_side = !self.max_side;
                    self.message = Some(if self.max_side {
                        "stack and tree: values from MAX's side (M: back to the side to move)"
                            .into()
                    } else {
                        "stack and tree: values from the side to move, as negamax has them".into()
                    });
                } else {
                    self.message = Some(
                    "this run's values are already from MAX's side (M is for negamax and PVS runs)"
                        .into(),
                );
                }
            }
            Action::Present
            | Action::Palette
            | Action::PaneTable
            | Action::PaneStack
            | Action::PaneCounters => {
                self.message = self.present.act(action);
            }
            Action::TreeMode => {
                self.outline = !self.outline;
            }
            Action::Collapse => {
                if let Some(n) = self.focus() {
                    if !self.collapsed.remove(&n) {
                        self.collapsed.insert(n);
                    }
                    self.outline = true;
                }
            }
            Action::Compare => {
                self.cycle_compare();
            }
            _ => return false,
        }
        true
    }

    /// Another preset, the demo, a random tree, and marking this step.
    fn other_run(&mut self, action: Action) -> bool {
        let step = self.st.step;
        match action {
            Action::NextPreset => {
                let runs = &self.lesson.spec.runs;
                if !runs.is_empty() {
                    let i = self
                        .preset
                        .as_ref()
                        .and_then(|p| runs.iter().position(|r| &r.name == p))
                        .map_or(0, |i| (i + 1) % runs.len());
                    let name = runs[i].name.clone();
                    self.use_preset(&name);
                }
            }
            // A demo's sentences speak of the lesson's weights.
            Action::DemoNext | Action::DemoChoose if self.weights_changed() => {
                self.message = Some(self.weights_demo_refusal());
            }
            Action::DemoNext => {
                self.demo_next();
            }
            Action::DemoChoose => {
                self.demo_choose();
            }
            Action::RandomTree => {
                self.open_random_tree();
            }
            Action::Mark => {
                let on = self.bookmarks.toggle(&self.lesson.name, &self.setup, step);
                let done = if on { "marked" } else { "unmarked" };
                self.message = Some(format!("step {step} {done}"));
            }
            _ => return false,
        }
        true
    }

    /// Runs the lesson's preset `name` (false if the lesson cannot set it up).
    pub fn use_preset(&mut self, name: &str) -> bool {
        match self.lesson.setup(Some(name), &Overrides::default()) {
            Ok(setup) => {
                self.preset = Some(name.to_string());
                self.rerun(setup, format!("preset '{name}'"));
                true
            }
            Err(e) => {
                self.message = Some(e.to_string());
                false
            }
        }
    }

    fn jump(&mut self, to: Option<usize>, what: &str) -> Option<usize> {
        if to.is_none() {
            self.message = Some(format!("no further {what} in that direction"));
        }
        to
    }

    fn change_run(&mut self, action: Action) {
        let mut s = self.setup;
        let o = &mut s.options;
        let calls_only = matches!(
            action,
            Action::DepthDown
                | Action::DepthUp
                | Action::QDown
                | Action::QUp
                | Action::ToggleTable
                | Action::ToggleOrdering
                | Action::ToggleCutRule
        );
        if calls_only && o.family().samples() {
            // A setting the run does not read would change nothing on screen but the title.
            self.message = Some(
                "a Monte Carlo run has no depth, table, ordering or cut rule: E sets C, a the search"
                    .into(),
            );
            return;
        }
        let what = match action {
            Action::DepthDown if o.depth > 1 => {
                o.depth -= 1;
                format!("depth {}", o.depth)
            }
            Action::DepthUp if o.depth < MAX_DEPTH => {
                o.depth += 1;
                format!("depth {}", o.depth)
            }
            Action::QDown if o.qlimit > 0 => {
                o.qlimit -= 1;
                format!("q limit {}", o.qlimit)
            }
            Action::QUp if o.qlimit < MAX_QLIMIT => {
                o.qlimit += 1;
                format!("q limit {}", o.qlimit)
            }
            Action::BudgetDown => {
                let used = self.replay.result().stats.nodes.max(1);
                o.budget = (o.budget.min(used) - 1).max(1);
                format!("budget {}", o.budget)
            }
            Action::BudgetUp if o.budget < MAX_BUDGET => {
                o.budget += 1;
                format!("budget {}", o.budget)
            }
            Action::BudgetFull => {
                o.budget = MAX_BUDGET;
                format!("budget {}", o.budget)
            }
            Action::ToggleTable => {
                o.table = !o.table;
                format!("table {}", on_off(o.table))
            }
            Action::ToggleOrdering => {
                o.ordering = !o.ordering;
                format!("ordering {}", on_off(o.ordering))
            }
            Action::ToggleCutRule => {
                o.cut = match o.cut {
                    CutRule::AtLeast => CutRule::Strict,
                    CutRule::Strict => CutRule::AtLeast,
                };
                format!("cut rule {}", cut_name(o.cut))
            }
            Action::CycleC if o.family().samples() => {
                o.mcts.c = crate::search::mcts::Real(crate::tui::monte::next_c(o.mcts.c.0));
                format!("C {}", o.mcts.c_text())
            }
            Action::CycleC => {
                self.message = Some("C is Monte Carlo tree search's: press a for mcts".into());
                return;
            }
            Action::ToggleAlgorithm => match self.next_algorithm(o) {
                Some(what) => what,
                None => return,
            },
            _ => {
                self.message = Some("that setting is already at its limit".into());
                return;
            }
        };
        self.rerun(s, what);
    }

    /// Switches `o` to the next search this game can run, and says which; `None` (with the
    /// message) when no other applies.
    fn next_algorithm(&mut self, o: &mut crate::search::Options) -> Option<String> {
        // Only the searches this game can run: a chance graph skips the two-player
        // ones, and expectiminimax is offered only where there is chance.
        let limits = self.lesson.model.limits();
        let chance = limits.chance && !o.chance_as_min;
        let base = *o;
        let root_seat = match self.lesson.model.side(self.setup.start) {
            Some(crate::game::Side::Player(seat)) => Some(seat),
            _ => None,
        };
        let with = |a: crate::search::Algorithm| switched(base, a, root_seat);
        let runs = |a: crate::search::Algorithm| {
            let fits = !a.family().needs_chance() || chance;
            fits && with(a).validate_for(&limits).is_ok()
        };
        // The cycle (`Algorithm::ALL`) may not hold the current search (max-n), so it
        // is walked once at most.
        // A game of several players has its own two models, each the other's partner
        // (max-n and paranoid); the two-player searches cycle through `ALL`.
        let step = |a: crate::search::Algorithm| {
            if limits.players > 0 {
                a.partner()
            } else {
                cycled(a)
            }
        };
        let mut next = step(o.algorithm);
        let mut tried = 0;
        while next != o.algorithm && !runs(next) && tried < CYCLE.len() {
            next = step(next);
            tried += 1;
        }
        if next == o.algorithm || !runs(next) {
            self.message = Some(format!(
                "no other search applies to this game: it stays {}",
                algorithm_name(o.algorithm)
            ));
            return None;
        }
        *o = with(next);
        // Only the paranoid model names a player it searches for.
        Some(match o.paranoid_for {
            Some(seat) => format!(
                "{} for {}",
                algorithm_name(o.algorithm),
                self.lesson
                    .graph
                    .players()
                    .get(seat.index())
                    .map_or("?", String::as_str)
            ),
            None => algorithm_name(o.algorithm).to_string(),
        })
    }

    pub(super) fn submit(&mut self, kind: PromptKind, text: &str) {
        match kind {
            PromptKind::GoTo => {
                let t = text.trim();
                let parsed = match t.strip_prefix('c') {
                    Some(call) => call
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| n.checked_sub(1))
                        .and_then(|n| self.replay.call_step(n)),
                    None => t.parse::<usize>().ok(),
                };
                match parsed {
                    Some(s) => {
                        self.selected = None;
                        self.seek(s.min(self.replay.len()));
                    }
                    None => self.message = Some(format!("'{t}' is not a step (N) or a call (cN)")),
                }
            }
            PromptKind::Open => self.open_file(text.trim()),
            PromptKind::Weights => self.submit_weights(text),
            PromptKind::Window => {
                let parts: Vec<&str> = text.split([' ', ',']).filter(|p| !p.is_empty()).collect();
                let parsed = match parts.as_slice() {
                    [a, b] => parse_bound(a).and_then(|a| parse_bound(b).map(|b| (a, b))),
                    _ => Err("type two bounds, e.g. '-inf 5' or '2 4'".into()),
                };
                match parsed {
                    Ok(w) => {
                        let mut s = self.setup;
                        s.options.window = w;
                        self.rerun(
                            s,
                            format!("window ({}, {})", self.units.sc(w.0), self.units.sc(w.1)),
                        );
                    }
                    Err(e) => self.message = Some(e),
                }
            }
        }
    }

    /// Runs the core again with `setup` and keeps the closest step (same call, same offset).
    pub fn rerun(&mut self, setup: RunSetup, what: String) {
        if let Err(e) = setup.options.validate_for(&self.lesson.model.limits()) {
            self.message = Some(e);
            return;
        }
        self.run_job(setup, Then::Rerun(setup, what));
    }

    /// Records `setup` and hands the replay to `then`: in a thread when `background`, else
    /// right away. A newer job replaces one still running.
    pub(super) fn run_job(&mut self, setup: RunSetup, then: Then) {
        // Opening another lesson is how a detached trace is left, so only changes are refused.
        if let (Some(why), Then::Rerun(..) | Then::Compare(..) | Then::Reweigh(..)) =
            (&self.detached, &then)
        {
            self.message = Some(why.clone());
            return;
        }
        if self.background {
            let (lesson, what) = match &then {
                Then::Rerun(_, what) => (&self.lesson, format!("running again with {what}")),
                Then::Compare(_, label) => {
                    (&self.lesson, format!("running {label} to compare with"))
                }
                Then::Open(lesson, ..) => (&**lesson, format!("opening {}", lesson.name)),
                Then::Reweigh(lesson, _, what) => (&**lesson, format!("running again with {what}")),
            };
            self.pending = Some((Job::start(lesson.clone(), setup, what), then));
            return;
        }
        let result = match &then {
            Then::Open(lesson, ..) | Then::Reweigh(lesson, ..) => record(lesson, &setup),
            _ => self.record_live(&setup),
        };
        self.finish(then, result);
    }

    /// Takes a finished job's replay, if there is one.
    pub fn poll_job(&mut self) {
        let Some(result) = self.pending.as_ref().and_then(|(job, _)| job.poll()) else {
            return;
        };
        if let Some((_, then)) = self.pending.take() {
            self.finish(then, result);
            if self.quit_asked {
                self.settle_quit();
            }
        }
    }

    /// Stops waiting for the job in progress (its thread finishes on its own, unseen).
    pub fn cancel_job(&mut self) {
        if let Some((job, _)) = self.pending.take() {
            self.message = Some(format!(
                "stopped {}; the run on screen is unchanged",
                job.what
            ));
        }
    }

    pub(super) fn finish(&mut self, then: Then, result: Result<Replay>) {
        match (then, result) {
            (Then::Rerun(setup, what), Ok(replay)) => self.replace_run(setup, what, replay),
            (Then::Rerun(_, what), Err(e)) => self.message = Some(format!("{what}: {e}")),
            (Then::Compare(with, label), Ok(replay)) => {
                let mut st = ReplayState::default();
                let to = partner::partner(&self.replay, &self.st, &replay);
                replay.seek_into(to.step, &mut st);
                self.compare = Some(Compare {
                    with,
                    label,
                    units: replay.units(),
                    replay,
                    st,
                    missing: to.missing,
                    diff: partner::DiffView::default(),
                });
            }
            (Then::Compare(_, label), Err(e)) => {
                self.message = Some(format!("cannot compare with {label}: {e}"))
            }
            (Then::Open(lesson, preset, setup), Ok(replay)) => {
                // A preset comes from the picker (or from opening a lesson file), which closes
                // and starts the new run still; a bare graph leaves the screen as it was.
                if preset.is_some() {
                    self.overlay = Overlay::None;
                    self.playing = false;
                }
                self.lesson = *lesson;
                self.weights = None;
                self.detached = None;
                self.preset = preset;
                self.setup = setup;
                self.set_replay(replay);
                self.st = ReplayState::default();
                self.compare = None;
                self.change = None;
                self.selected = None;
                self.collapsed.clear();
            }
            (Then::Open(..), Err(e)) => self.message = Some(e.to_string()),
            (Then::Reweigh(lesson, setup, what), Ok(replay)) => {
                self.reweighed(*lesson, setup, what, replay)
            }
            (Then::Reweigh(_, _, what), Err(e)) => self.message = Some(format!("{what}: {e}")),
        }
    }

    /// Puts a changed run on screen at the closest step (same call, same offset).
    pub(super) fn replace_run(&mut self, setup: RunSetup, what: String, replay: Replay) {
        let target = aligned_step(&self.replay, &self.st, &replay);
        let sampling = |r: &Replay| r.options().family().samples();
        if sampling(&self.replay) || sampling(&replay) {
            // A Monte Carlo run's counters (tree nodes, playouts) are not a call search's:
            // no "before → after" between the two kinds.
            self.message = Some(fresh_counts(&what, &replay));
            self.change = None;
            // A comparison stays on a change of C (the same kind of run, another partner
            // run); between kinds it closes.
            let keep = (self.compare.as_ref())
                .filter(|_| sampling(&self.replay) && sampling(&replay))
                .map(|c| c.with);
            self.compare = None;
            self.setup = setup;
            self.set_replay(replay);
            self.st = ReplayState::default();
            self.selected = None;
            self.collapsed.clear();
            self.seek(target.min(self.replay.len()));
            if let Some(with) = keep {
                self.set_compare(with);
            }
            return;
        }
        self.change = Some(Change {
            before: self.replay.result().stats,
            what: what.clone(),
        });
        // Which final counters the change moved, as "nodes 12 → 13".
        let (old, new) = (self.replay.result().stats, replay.result().stats);
        let moved: Vec<String> = Stats::LABELS
            .iter()
            .zip(old.as_array().into_iter().zip(new.as_array()))
            .filter(|(_, (a, b))| a != b)
            .map(|(l, (a, b))| format!("{l} {a} → {b}"))
            .collect();
        self.message = Some(if moved.is_empty() {
            format!("run again with {what}: same counters")
        } else {
            format!("run again with {what}: {}", moved.join(", "))
        });
        self.setup = setup;
        self.set_replay(replay);
        self.st = ReplayState::default();
        self.selected = None;
        self.collapsed.clear();
        self.seek(target);
        if let Some(c) = self.compare.as_ref().map(|c| c.with) {
            self.compare = None;
            self.set_compare(c);
        }
    }

    fn cycle_compare(&mut self) {
        let now = self.compare.as_ref().map(|c| c.with);
        // A Monte Carlo run has one comparison: alpha-beta beside it (seed 004 §6.3). A
        // search of calls ends its cycle with Monte Carlo, where it applies.
        let next = if self.setup.options.family().samples() {
            now.is_none().then_some(CompareWith::Algorithm)
        } else {
            match now {
                None => Some(CompareWith::Algorithm),
                Some(CompareWith::Algorithm) => Some(CompareWith::Ordering),
                Some(CompareWith::Ordering) => Some(CompareWith::Table),
                Some(CompareWith::Table) => self.mcts_applies().then_some(CompareWith::Mcts),
                Some(CompareWith::Mcts) => None,
            }
        };
        self.compare = None;
        if let Some(w) = next {
            self.set_compare(w);
        }
    }

    pub(super) fn set_compare(&mut self, with: CompareWith) {
        let mut s = self.setup;
        let o = &mut s.options;
        let label = match with {
            CompareWith::Algorithm if o.family().samples() => {
                let (calls, label) = partner::calling_partner(*o, &self.lesson.model, s.start);
                *o = calls;
                label
            }
            CompareWith::Mcts => {
                let (sampling, label) = partner::sampling_partner(*o);
                *o = sampling;
                label
            }
            // A pitfall is compared with the right search; otherwise the partner algorithm,
            // without what it cannot take (minimax has no aspiration windows).
            CompareWith::Algorithm if o.pitfall.is_some() => {
                o.pitfall = None;
                format!("{} without the pitfall", algorithm_name(o.algorithm))
            }
            CompareWith::Algorithm => {
                o.algorithm = o.algorithm.partner();
                if !o.family().prunes(o) {
                    o.aspiration = None;
                }
                algorithm_name(o.algorithm).to_string()
            }
            CompareWith::Ordering => {
                o.ordering = !o.ordering;
                format!("ordering {}", on_off(o.ordering))
            }
            CompareWith::Table => {
                o.table = !o.table;
                format!("table {}", on_off(o.table))
            }
        };
        self.run_job(s, Then::Compare(with, label));
    }

    /// Whether Monte Carlo tree search runs on this game from this position (two players;
    /// the run's own checks say where it does not).
    fn mcts_applies(&self) -> bool {
        let limits = self.lesson.model.limits();
        let (o, _) = partner::sampling_partner(self.setup.options);
        limits.players == 0 && o.validate_for(&limits).is_ok()
    }

    /// Loads a lesson or graph file (or a built-in by name) with its first preset.
    fn open_file(&mut self, path: &str) {
        let loaded = Lesson::open(path).and_then(|l| {
            // A bare graph sets no depth: start it at depth 2, changeable with [ and ].
            let setup = l.setup(None, &Overrides::default()).or_else(|_| {
                l.setup(
                    None,
                    &Overrides {
                        depth: Some(2),
                        ..Overrides::default()
                    },
                )
            })?;
            Ok((l, setup))
        });
        match loaded {
            Ok((lesson, setup)) => {
                let existing = self.lessons.iter().position(|l| l.name == lesson.name);
                let li = existing.unwrap_or_else(|| {
                    self.lessons.insert(0, lesson);
                    0
                });
                let name = self.lessons[li].spec.runs.first().map(|r| r.name.clone());
                match name {
                    Some(name) => {
                        let index = self
                            .picker_items()
                            .iter()
                            .position(|(i, n)| *i == li && *n == name);
                        if let Some(index) = index {
                            self.pick(index);
                        }
                    }
                    // A bare graph has no preset: open it with the resolved defaults.
                    None => {
                        let lesson = Box::new(self.lessons[li].clone());
                        self.run_job(setup, Then::Open(lesson, None, setup));
                    }
                }
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    fn pick(&mut self, index: usize) {
        let items = self.picker_items();
        let Some((li, name)) = items.get(index).cloned() else {
            return;
        };
        let lesson = &self.lessons[li];
        match lesson.setup(Some(&name), &Overrides::default()) {
            // In the background like a live change: a heavy preset keeps q, Esc and signals
            // working while it is recorded.
            Ok(setup) => {
                let lesson = Box::new(lesson.clone());
                self.run_job(setup, Then::Open(lesson, Some(name), setup));
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// Notes the lesson attaches to the current call of this preset.
    pub fn notes(&self) -> Vec<&str> {
        // The lesson's notes speak of its own weights.
        if self.weights_changed() {
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

/// The step of `to` closest to `st` in `from`: the same call number and offset into it.
pub fn aligned_step(from: &Replay, st: &ReplayState, to: &Replay) -> usize {
    // At the end of the run is at the end of the new one too, whatever its last call's tail
    // (the passes after it) holds.
    if st.step >= from.len() {
        return to.len();
    }
    let call = st.stats.nodes as usize;
    let calls = to.tree().calls() as usize;
    if call == 0 || calls == 0 {
        return st.step.min(to.len());
    }
    let offset = from
        .call_step(call - 1)
        .map_or(0, |s| st.step.saturating_sub(s));
    let i = (call - 1).min(calls - 1);
    let base = to.call_step(i).unwrap_or(0);
    let limit = to.call_step(i + 1).map_or(to.len(), |s| s - 1);
    (base + offset).min(limit)
}

/// The options with search `a`: the paranoid model needs its root player (the one it had,
/// else the root's mover), and only max-n has a root player's seat to drop or ties to settle.
/// What a live change says when a Monte Carlo run is on either side of it: the new run's own
/// counts, in its own words.
fn fresh_counts(what: &str, r: &Replay) -> String {
    let st = r.result().stats;
    if r.options().family().samples() {
        format!(
            "run again with {what}: {} iterations, {} nodes in the tree, {} playouts or known outcomes",
            r.index().monte.iterations().len(),
            st.nodes,
            st.evals
        )
    } else {
        format!(
            "run again with {what}: nodes {}, evals {}, cutoffs {}",
            st.nodes, st.evals, st.cutoffs
        )
    }
}

/// The searches `a` cycles through on a two-player game: the core's own list, then Monte
/// Carlo tree search (which runs wherever the game has terminal outcomes; the run's
/// validation says where it does not).
const CYCLE: [crate::search::Algorithm; 6] = [
    crate::search::Algorithm::ALL[0],
    crate::search::Algorithm::ALL[1],
    crate::search::Algorithm::ALL[2],
    crate::search::Algorithm::ALL[3],
    crate::search::Algorithm::ALL[4],
    crate::search::Algorithm::Mcts,
];

/// The search after `a` in `CYCLE` (the first when `a` is not in it).
fn cycled(a: crate::search::Algorithm) -> crate::search::Algorithm {
    let at = CYCLE.iter().position(|&x| x == a);
    CYCLE[at.map_or(0, |i| (i + 1) % CYCLE.len())]
}

fn switched(
    base: crate::search::Options,
    a: crate::search::Algorithm,
    root_seat: Option<crate::game::Seat>,
) -> crate::search::Options {
    use crate::search::{Algorithm, Ties};
    crate::search::Options {
        algorithm: a,
        paranoid_for: match a {
            Algorithm::Paranoid => base.paranoid_for.or(root_seat),
            _ => None,
        },
        ties: if a.family().carries(Detail::Tie) {
            base.ties
        } else {
            Ties::First
        },
        ..base
    }
}
