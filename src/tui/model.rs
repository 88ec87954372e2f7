//! What the app and the views both read, as plain functions of the replay state: the node the
//! search is at, the tree view's settings, the lesson's notes for a step, and the short names
//! of the run's settings. Nothing here draws or changes state.

use std::collections::HashSet;
use std::sync::LazyLock;

use crate::index::NONE;
use crate::lesson::Lesson;
use crate::replay::{Replay, ReplayState};
use crate::search::{Algorithm, CutRule};

use super::theme::Theme;

/// What the tree reads: one run's replay at one step, and the view settings. Node names come
/// from the replay's catalog, so a saved trace with no graph reads the same.
pub struct TreeCtx<'a> {
    pub replay: &'a Replay,
    pub st: &'a ReplayState,
    pub selected: Option<u32>,
    pub collapsed: &'a HashSet<u32>,
    pub outline: bool,
    pub theme: Theme,
}

static NO_FOLDS: LazyLock<HashSet<u32>> = LazyLock::new(HashSet::new);

impl<'a> TreeCtx<'a> {
    /// A run with no selection or folds of its own (the second run of a comparison).
    pub fn plain(replay: &'a Replay, st: &'a ReplayState, outline: bool, theme: Theme) -> Self {
        TreeCtx {
            replay,
            st,
            selected: None,
            collapsed: &NO_FOLDS,
            outline,
            theme,
        }
    }

    pub fn current(&self) -> Option<u32> {
        current_node(self.replay, self.st)
    }

    /// The node the view centres on: the selected one, else the current one.
    pub fn focus(&self) -> Option<u32> {
        self.selected.or_else(|| self.current())
    }
}

/// The node the search is at: the top frame, else the last one finished, else the pass root.
pub fn current_node(replay: &Replay, st: &ReplayState) -> Option<u32> {
    st.top().map(|f| f.node).or(st.last_done).or_else(|| {
        replay
            .tree()
            .pass_at(st.step)
            .map(|p| p.root)
            .filter(|&r| r != NONE)
    })
}

/// Notes `lesson` attaches to the current call of run preset `preset`.
pub fn notes<'a>(lesson: &'a Lesson, preset: Option<&str>, st: &ReplayState) -> Vec<&'a str> {
    let Some(p) = preset else {
        return Vec::new();
    };
    if st.step == 0 {
        return Vec::new();
    }
    lesson
        .spec
        .notes
        .iter()
        .filter(|n| n.run == p && n.step == st.stats.nodes)
        .map(|n| n.text.as_str())
        .collect()
}

pub fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

pub fn cut_name(c: CutRule) -> &'static str {
    match c {
        CutRule::AtLeast => "α≥β",
        CutRule::Strict => "α>β",
    }
}

pub fn algorithm_name(a: Algorithm) -> &'static str {
    match a {
        Algorithm::AlphaBeta => "αβ",
        Algorithm::Minimax => "minimax",
    }
}
