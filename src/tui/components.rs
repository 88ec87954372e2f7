//! The tutor as a stack of components (helix's compositor, gitui's components). Each screen
//! or window over the main screen is a `Component`: it takes keys (the top layer first; what
//! it passes goes to the layer below, and at the bottom to the main screen's key table),
//! lists the keys it takes (the help screen lists the keys of the layers on screen under the
//! main screen's), and draws itself from a read-only view of the run.
//!
//! A key's `Outcome` may ask the app to act (`Request`): seek, quit, open a lesson, run a
//! typed line. A new window is its own file here, plus the one line that opens it
//! (`tui::open`).
//!
//! This file knows nothing of the app (`Component<A>` is over the app type `A`), so the app
//! can keep its layers without importing the components themselves:
//!
//! - `help`: the key bindings and the legend (`?`).
//! - `intro`: the lesson's title, source and introduction (`i`).
//! - `growth`: a chart of the run so far (`K`).
//! - `diff`: the diff of a comparison's two runs (`|`).
//! - `weights`: what new evaluation weights changed (`*`).
//! - `picker`: the lessons and their presets (`L`, and at start-up).
//! - `prompt`: a typed line over the bottom row (`:`, `w`, `O`, `*`).
//! - `why`: the chains of steps that explain a node (`Y`).
//! - `practice`: a practice round over the whole screen (`e`, and `prune practice tui`).
//! - `simulate`: the simulate exercise over the whole screen (`prune simulate`).
//! - `predict`: an open prediction's question, on top while it is asked (`Q`, `--predict`).
//! - `present`: presenter mode, under every window while it is on (`F`, `--present`).
//! - `demo`: a lesson's demo, under every window while it runs (`d`, `D`).
//!
//! The last three stand for modes the app keeps (`App::sync_modes` puts them on the stack
//! and takes them off as the modes go on and off), so their keys are the layers' as every
//! window's are, and the help lists them while they are on.

pub mod demo;
pub mod diff;
pub mod growth;
pub mod help;
pub mod intro;
pub mod picker;
pub mod practice;
pub mod predict;
pub mod present;
pub mod prompt;
pub mod simulate;
pub mod weights;
pub mod why;

use std::any::Any;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::keys::{self, Action, KeyHelp};
use super::view::scroll::Shown;
use crate::practice::Problem;

/// What a component did with a key.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Not this component's key: the layer below gets it.
    Pass,
    /// Taken; the component stays open.
    Stay,
    /// Taken; the component closes.
    Close,
    /// Taken; the app does this and the component stays open.
    Then(Request),
    /// Taken; the component closes and the app does this.
    CloseThen(Request),
}

/// What a component asks the app to do.
#[derive(Clone, Debug)]
pub enum Request {
    /// Show the run after this many events.
    Seek(usize),
    /// Quit at once (Ctrl-C).
    Quit,
    /// `q`: quit, asking once when marks or live changes would be lost.
    AskQuit,
    /// Open the picker's row (an index into `App::picker_items`).
    Pick(usize),
    /// A typed line, for the prompt of this kind.
    Submit(PromptKind, String),
    /// Say this on the footer's message line.
    Say(String),
    /// The same key again, for the layers below (a window that closes on a key the main
    /// screen also takes).
    Key(KeyEvent),
    /// Open a graded practice problem's lesson at the step its verdict cites.
    OpenCited(Box<Cited>),
}

/// What a typed line is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromptKind {
    GoTo,
    Window,
    Open,
    /// The graph's evaluation weights (`*`).
    Weights,
    /// The score of this leaf (a graph state) under the node cursor (`V`); `None`: no leaf
    /// is under it, and only `undo` or `lesson` can be typed.
    Leaf(Option<u32>),
}

/// A graded practice problem, the run of it its verdict cites, and the call (or iteration).
#[derive(Clone, Debug)]
pub struct Cited {
    pub problem: Problem,
    pub run: usize,
    pub call: Option<u64>,
}

/// Where a component may draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The whole screen.
    pub screen: Rect,
    /// The pane the main screen gives a window beside the tree (over the stack and the
    /// narration; a Monte Carlo run's phase pane).
    pub pane: Rect,
}

/// A screen or a window of the tutor, over the app `A`.
pub trait Component<A>: Any {
    /// The help screen's heading for this component's keys ("Lessons (L)").
    fn title(&self) -> &'static str;
    /// Every key it takes, for the help screen.
    fn keys(&self) -> &'static [KeyHelp];
    /// A key, with the app to read (and to change what the app keeps for it: a scroll).
    fn handle_key(&mut self, key: KeyEvent, app: &mut A) -> Outcome;
    /// Draws itself over `at`, reading the app; a scrolled window says what of its text it
    /// showed.
    fn draw(&self, app: &A, at: &Place, buf: &mut Buffer) -> Option<Shown>;
    /// The mouse wheel over it: `by` rows, given what it last showed; false when it does
    /// not scroll so.
    fn wheel(&mut self, by: i32, shown: Shown) -> bool {
        let _ = (by, shown);
        false
    }
    /// Whether it covers the whole screen (nothing under it is drawn).
    fn whole_screen(&self) -> bool {
        false
    }
    /// Whether it is a window over the main screen, which the mouse does not reach through
    /// (a pane beside the tree is not).
    fn covers(&self) -> bool {
        true
    }
}

/// The layers over the main screen, bottom first.
pub struct Layers<A>(Vec<Box<dyn Component<A>>>);

impl<A> Default for Layers<A> {
    fn default() -> Self {
        Layers(Vec::new())
    }
}

impl<A: 'static> Layers<A> {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn push(&mut self, c: Box<dyn Component<A>>) {
        self.0.push(c);
    }

    pub fn pop(&mut self) -> Option<Box<dyn Component<A>>> {
        self.0.pop()
    }

    /// Puts back at `at` a layer that passed a key, under any the layers below it opened.
    pub fn insert(&mut self, at: usize, c: Box<dyn Component<A>>) {
        self.0.insert(at.min(self.0.len()), c);
    }

    /// The top layer.
    pub fn top_dyn_mut(&mut self) -> Option<&mut Box<dyn Component<A>>> {
        self.0.last_mut()
    }

    /// The top layer, if it is a `T`.
    pub fn top<T: Component<A>>(&self) -> Option<&T> {
        let top: &dyn Any = self.0.last()?.as_ref();
        top.downcast_ref()
    }

    /// The highest layer that is a `T`.
    pub fn find<T: Component<A>>(&self) -> Option<&T> {
        self.0.iter().rev().find_map(|c| {
            let any: &dyn Any = c.as_ref();
            any.downcast_ref()
        })
    }

    pub fn has<T: Component<A>>(&self) -> bool {
        self.find::<T>().is_some()
    }

    /// Closes every layer that is a `T`.
    pub fn close<T: Component<A>>(&mut self) {
        self.0.retain(|c| {
            let any: &dyn Any = c.as_ref();
            !any.is::<T>()
        });
    }

    /// Closes every layer.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Whether the top layer covers the whole screen (a practice round).
    pub fn whole_screen(&self) -> bool {
        self.0.last().is_some_and(|c| c.whole_screen())
    }

    /// Whether a window is over the main screen.
    pub fn covered(&self) -> bool {
        self.0.iter().any(|c| c.covers())
    }

    /// The layers bottom first.
    pub fn iter(&self) -> impl Iterator<Item = &dyn Component<A>> {
        self.0.iter().map(|c| c.as_ref())
    }

    /// The keys of the layers on screen, top first, under their headings.
    pub fn keys(&self) -> Vec<(&'static str, &'static [KeyHelp])> {
        self.0.iter().rev().map(|c| (c.title(), c.keys())).collect()
    }
}

/// The keys of a scrolled window (the introduction, the diff, the weights' report).
pub const PAGER_KEYS: &[KeyHelp] = &[
    keys::key("↓ j ↑ k", "a line down / up"),
    keys::key("PgDn Space PgUp", "a page down / up"),
    keys::key("End G Home g", "the end / the start"),
    keys::key("q", "quit (any other key closes)"),
];

/// A scroll key of a window showing `shown` of its text from `*scroll`: moves it and says
/// true; false for any other key (the window then closes).
pub fn page(key: KeyEvent, scroll: &mut usize, shown: Shown) -> bool {
    use crossterm::event::KeyCode;
    let page = shown.rows.max(1);
    match key.code {
        KeyCode::Down | KeyCode::Char('j') => *scroll += 1,
        KeyCode::Up | KeyCode::Char('k') => *scroll = scroll.saturating_sub(1),
        KeyCode::PageDown | KeyCode::Char(' ') if shown.below() > 0 => *scroll = shown.first + page,
        KeyCode::PageDown => {}
        KeyCode::PageUp => *scroll = shown.first.saturating_sub(page),
        KeyCode::End | KeyCode::Char('G') => *scroll = shown.max_offset(),
        KeyCode::Home | KeyCode::Char('g') => *scroll = 0,
        _ => return false,
    }
    // Never past the last page, so a key back up moves at once.
    *scroll = (*scroll).min(shown.max_offset().max(shown.first));
    true
}

/// What a window that closes on any key but its scroll keys does with `key`: `q` closes it
/// and asks to quit.
pub fn closing(key: KeyEvent) -> Outcome {
    if keys::action_for(key) == Some(Action::Quit) && !keys::is_ctrl_c(key) {
        Outcome::CloseThen(Request::AskQuit)
    } else {
        Outcome::Close
    }
}
