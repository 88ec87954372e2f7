//! What the app and the views both read, as plain functions of the replay state: the node the
//! search is at, the tree view's settings, the lesson's notes for a step, the short names of
//! the run's settings and which of them differ from the preset, and how far each scrolled pane
//! is scrolled. Nothing here draws or changes state.

use std::collections::HashSet;
use std::sync::LazyLock;

use ratatui::layout::Rect;

use crate::event::Bound;
use crate::index::NONE;
use crate::lesson::{Lesson, NoteAnchor, NoteSpec, Overrides};
use crate::replay::{Replay, ReplayState};
use crate::search::{Algorithm, CutRule, Flag, INF, MAX_BUDGET, Options};
use crate::trace::Event;
use crate::value::Units;

use super::layout::scroll::Shown;
use super::theme::Theme;
use crate::tui::look::Look;

/// What the tree reads: one run's replay at one step, and the view settings. Node names come
/// from the replay's catalog, so a saved trace with no graph reads the same.
pub struct TreeCtx<'a> {
    pub replay: &'a Replay,
    /// How the run's values are written.
    pub units: &'a Units,
    pub st: &'a ReplayState,
    pub selected: Option<u32>,
    pub collapsed: &'a HashSet<u32>,
    pub outline: bool,
    /// Rows the outline is moved by from its place around the focus (PgUp/PgDn, the wheel).
    pub scroll: i32,
    pub theme: Theme,
    /// Negamax runs: values from MAX's side rather than the side to move.
    pub max_side: bool,
    /// What an open prediction holds back (`tui::predict`).
    pub held: Option<crate::index::question::Held>,
}

static NO_FOLDS: LazyLock<HashSet<u32>> = LazyLock::new(HashSet::new);

impl<'a> TreeCtx<'a> {
    /// A run with no selection or folds of its own (the second run of a comparison).
    pub fn plain(
        replay: &'a Replay,
        units: &'a Units,
        st: &'a ReplayState,
        outline: bool,
        theme: Theme,
    ) -> Self {
        TreeCtx {
            replay,
            units,
            st,
            selected: None,
            collapsed: &NO_FOLDS,
            outline,
            scroll: 0,
            theme,
            max_side: false,
            held: None,
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

/// Whether the move that led to tree node `n` is one quiescence follows (a tactical move).
pub fn reached_by_tactical(replay: &Replay, n: &crate::index::TreeNode) -> bool {
    n.parent != NONE
        && n.mv >= 0
        && replay
            .catalog()
            .tactical(replay.tree().get(n.parent).state)
            .contains(&(n.mv as u16))
}

/// The node the search is at: the top frame, else the last one finished, else the pass root.
pub fn current_node(replay: &Replay, st: &ReplayState) -> Option<u32> {
    st.top().map(|f| f.node).or(st.last_done).or_else(|| {
        let tree = replay.tree();
        tree.root_at(st.step)
            .or_else(|| tree.pass_at(st.step).map(|p| p.root).filter(|&r| r != NONE))
    })
}

/// How far the scrolled panes are scrolled (the student's keys and the wheel move them).
/// Stepping resets the offsets, so the pane follows the search again.
#[derive(Clone, Copy, Debug, Default)]
pub struct Scrolls {
    /// First wrapped row of the "What happened" text.
    pub narration: usize,
    /// Rows the tree outline is moved by.
    pub tree: i32,
    /// First table row, when the student scrolled it (else the probed entry is kept in view).
    pub table: Option<usize>,
}

/// What the last frame laid out: drawing reads the app and gives this back, and the loop
/// keeps it (`App::laid`) for the keys and the mouse to act on what was on screen (the app
/// pages by what was shown; a click finds the node under it; the wheel scrolls the pane under
/// the pointer). A pane the frame did not draw keeps what the frame before it said.
#[derive(Clone, Copy, Debug, Default)]
pub struct Laid {
    /// The whole screen.
    pub screen: Rect,
    /// Where the main tree went (empty where a click selects nothing).
    pub tree_area: Rect,
    pub narration_shown: Shown,
    /// What the top window (the introduction, the diff) showed of its text.
    pub window_shown: Shown,
    pub table_shown: Shown,
    pub narration_area: Rect,
    pub table_area: Rect,
}

/// The options preset `preset` of `lesson` runs with (`None` for no preset or a stand-in).
pub fn preset_options(lesson: &Lesson, preset: Option<&str>) -> Option<Options> {
    let p = preset?;
    lesson
        .setup(Some(p), &Overrides::default())
        .ok()
        .map(|s| s.options)
}

/// Notes `lesson` attaches to the current call of run preset `preset`. They were written for
/// the preset's run, so a run whose options differ from it shows none: a note about the
/// preset's tree would be false about another one.
pub fn notes<'a>(
    lesson: &'a Lesson,
    replay: &Replay,
    units: &Units,
    preset: Option<&str>,
    options: &Options,
    st: &ReplayState,
) -> Vec<&'a str> {
    let Some(p) = preset else {
        return Vec::new();
    };
    if st.step == 0
        || !differs_from_preset(preset_options(lesson, preset).as_ref(), options, units).is_empty()
    {
        return Vec::new();
    }
    lesson
        .spec
        .notes
        .iter()
        .filter(|n| n.run == p)
        .filter(|n| note_span(replay, n).is_some_and(|span| span.contains(&(st.step - 1))))
        .map(|n| n.text.as_str())
        .collect()
}

/// The events during which `note` shows: from its anchor event in its call (the call's
/// entry, cutoff, store or return) up to the next call's entry or the next pass. `None` when the call never
/// reaches the anchor (a note the run cannot make true is never shown).
pub fn note_span(replay: &Replay, note: &NoteSpec) -> Option<std::ops::Range<usize>> {
    let tree = replay.tree();
    let id = u32::try_from(note.step.checked_sub(1)?).ok()?;
    if id >= tree.calls() {
        return None;
    }
    let call = tree.get(id);
    let events = replay.events();
    let known = |e: u32| (e != NONE).then_some(e as usize);
    let from = match note.after {
        NoteAnchor::Enter => known(call.enter)?,
        NoteAnchor::Cutoff => known(call.cut_event)?,
        NoteAnchor::Return => {
            known(call.exit).filter(|&e| matches!(events.at(e), Event::Return { .. }))?
        }
        NoteAnchor::PassEnd => (call.enter as usize..events.len())
            .find(|&e| matches!(events.at(e), Event::PassEnd { .. }))?,
        // The call's own store is the last event before its return (a child's store is
        // followed by the child's return).
        NoteAnchor::Store => {
            let exit = known(call.exit)?;
            (call.enter as usize..exit)
                .rev()
                .take_while(|&e| !matches!(events.at(e), Event::Return { .. }))
                .find(|&e| matches!(events.at(e), Event::Bound(Bound::Store { .. })))?
        }
    };
    // A note speaks of its pass: the next pass's start ends it as the next call does.
    let to = (from + 1..events.len())
        .find(|&e| matches!(events.at(e), Event::Enter { .. } | Event::PassStart { .. }))
        .unwrap_or(events.len());
    Some(from..to)
}

pub fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

pub fn cut_name(c: CutRule) -> &'static str {
    c.spelled(crate::value::Spelling::Compact)
}

pub fn algorithm_name(a: Algorithm) -> &'static str {
    match a {
        Algorithm::AlphaBeta => "αβ",
        Algorithm::Minimax => "minimax",
        Algorithm::Negamax => "negamax",
        Algorithm::Pvs => "pvs",
        Algorithm::Expectiminimax => "expectiminimax",
        Algorithm::Maxn => "max-n",
        Algorithm::Paranoid => "paranoid",
        Algorithm::Mcts => "mcts",
    }
}

/// How the screen shows a frame's numbers: as the search has them, or, for a negamax run
/// asked to (`M`), from MAX's side, which negates them at MIN's frames. Every pane that shows a
/// frame's window or value goes through this, and says in its title which side it counts from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Convention {
    /// Whether the frame's recorded numbers are negated (a MIN frame of a negamax run, shown
    /// from MAX's side).
    negate: bool,
    /// Whether the game's own (MAX-side) numbers are negated (a MIN frame of a negamax run,
    /// shown from the side to move).
    negate_game: bool,
}

impl Convention {
    pub fn of(r: &Replay, max_side: bool, turn: crate::game::Side) -> Convention {
        let min_frame = Look::of_run(r).side_to_move && !turn.is_max();
        Convention {
            negate: max_side && min_frame,
            negate_game: !max_side && min_frame,
        }
    }

    /// A score the game gives (a static score, MAX's side) as this frame shows numbers.
    pub fn game_value(self, v: i32) -> i32 {
        if self.negate_game { -v } else { v }
    }

    pub fn value(self, v: i32) -> i32 {
        if self.negate { -v } else { v }
    }

    pub fn window(self, (a, b): (i32, i32)) -> (i32, i32) {
        if self.negate { (-b, -a) } else { (a, b) }
    }

    pub fn flag(self, f: Flag) -> Flag {
        if self.negate { f.flipped() } else { f }
    }
}

/// What a pane's title says about whose side its numbers count from ("" for MAX/MIN runs,
/// whose numbers are always MAX's).
pub fn side_note(r: &Replay, max_side: bool) -> &'static str {
    match (Look::of_run(r).side_to_move, max_side) {
        (false, _) => "",
        (true, false) => " · side to move",
        (true, true) => " · MAX's side",
    }
}

/// One setting of a run as the header shows it: which one, and its short text (`tt:off`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub name: &'static str,
    pub text: String,
}

/// The settings a run actually runs with, in the header's order. Plain minimax keeps the full
/// window, never cuts and never uses the table, so it shows `tt:off` and no cut rule or root
/// window whatever the options say. Budget, root window and one-pass runs show only when they
/// are not the defaults.
pub fn effective_settings(o: &Options, units: &Units) -> Vec<Setting> {
    settings_as(o, units, o)
}

/// The settings of `o` spelled as a run like `like` has them: a sampling run's (iterations, C)
/// or a calling one's (depth, table). A run is compared with its preset, or with seed 000's
/// defaults, in its own terms: switching to Monte Carlo tree search changes the algorithm,
/// not every setting.
pub fn settings_as(o: &Options, units: &Units, like: &Options) -> Vec<Setting> {
    if Look::of(like).sampled() {
        return sampling_settings(o);
    }
    // Max-n, like plain minimax, has no window to cut with and keeps no table.
    let minimax = !Look::of(o).prunes;
    let mut out = Vec::new();
    let mut push = |name, text: String| out.push(Setting { name, text });
    push("depth", format!("d{}", o.depth));
    push("q", format!("q{}", o.qlimit));
    push("tt", format!("tt:{}", on_off(o.table && !minimax)));
    push("ord", format!("ord:{}", on_off(o.ordering)));
    if !minimax {
        push("cut", cut_name(o.cut).to_string());
    }
    push("algorithm", algorithm_name(o.algorithm).to_string());
    if o.budget < MAX_BUDGET {
        push("budget", format!("budget {}", o.budget));
    }
    if !minimax && o.window != (-INF, INF) {
        push(
            "window",
            format!(
                "window ({}, {})",
                units.sc(o.window.0),
                units.sc(o.window.1)
            ),
        );
    }
    if !o.deepening {
        push("id", "id:off".to_string());
    }
    if let Some(a) = o.aspiration {
        let guess = if a.guess != 0 {
            format!(" guess {}", a.guess)
        } else {
            String::new()
        };
        push(
            "aspiration",
            format!("asp δ{} from d{}{guess}", a.delta, a.from),
        );
    }
    if let Some(p) = o.pitfall {
        push("pitfall", format!("pitfall:{}", p.name()));
    }
    if let Some((lo, hi)) = o.chance_pruning {
        push("chance", format!("chance cut [{lo},{hi}]"));
    }
    if o.chance_as_min {
        push("chance_as", "chance as MIN".to_string());
    }
    if let Some(m) = o.leaf_map {
        push("leaf_map", format!("leaves {}", m.text()));
    }
    out
}

/// A sampling run's settings (Monte Carlo): its own, and none of the depth, table, ordering
/// or window a call-based search has. The node budget shows when it is not the default.
fn sampling_settings(o: &Options) -> Vec<Setting> {
    let m = &o.mcts;
    let mut out = vec![
        Setting {
            name: "algorithm",
            text: algorithm_name(o.algorithm).to_string(),
        },
        Setting {
            name: "iterations",
            text: format!("{} iterations", m.iterations),
        },
        Setting {
            name: "c",
            text: format!("C {}", m.c_text()),
        },
        Setting {
            name: "seed",
            text: format!("seed {}", m.seed),
        },
        Setting {
            name: "playout",
            text: format!("playout {}", m.playout.name()),
        },
    ];
    if o.budget < MAX_BUDGET {
        out.push(Setting {
            name: "budget",
            text: format!("budget {}", o.budget),
        });
    }
    out
}

/// The run's effective settings that differ from the preset's (all of them when there is no
/// preset to compare with). A setting the run does not have (minimax has no cut rule) is not a
/// difference; the one that took it away (`minimax`) is. Settings back at their defaults that
/// the preset set otherwise are named too (`budget max`, `window full`, `id:on`).
pub fn differs_from_preset(preset: Option<&Options>, run: &Options, units: &Units) -> Vec<Setting> {
    let mine = effective_settings(run, units);
    let Some(p) = preset else {
        return mine;
    };
    let theirs = settings_as(p, units, run);
    let mut out: Vec<Setting> = mine
        .iter()
        .filter(|s| !theirs.contains(s))
        .cloned()
        .collect();
    let minimax = !Look::of(run).prunes;
    for t in &theirs {
        let gone = !mine.iter().any(|m| m.name == t.name);
        let text = match t.name {
            "budget" => "budget max",
            "window" if !minimax => "window full",
            "id" => "id:on",
            "aspiration" => "asp:off",
            "pitfall" => "pitfall:none",
            "chance" => "chance cut:off",
            "chance_as" => "chance as average",
            "leaf_map" => "leaves as given",
            _ => continue,
        };
        if gone {
            out.push(Setting {
                name: t.name,
                text: text.to_string(),
            });
        }
    }
    out
}
