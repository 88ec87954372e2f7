//! The main screen, chosen once from the run's family, as the narration chooses its voice
//! (`replay::narrate::tell`): a search of calls has its tree, stack, table and counters (in
//! presenter mode, large boxes); a Monte Carlo run its tree of counts and its phase pane. No
//! view below asks which kind of run it is: each screen answers for itself here, and a
//! family with a new convention fails to compile in `tui::look` until it has a screen.
//!
//! What a main screen answers: how it is laid out and drawn (and the pane it gives windows
//! beside the tree), the keys its footer reminds of, and which of the key table's actions
//! mean nothing on it (with the one line that says so).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::index::why::Answer;
use crate::replay::Replay;
use crate::search::Options;
use crate::tui::app::{App, CompareWith};
use crate::tui::keys::Action;
use crate::tui::layout::Regions;
use crate::tui::look::{Look, Screen};
use crate::tui::model::Laid;
use crate::tui::play::Until;
use crate::value::Units;

/// A run's main screen.
pub trait MainScreen: Sync {
    /// Draws the run into `area`, noting in `laid` what it laid out; gives back the pane for
    /// windows beside the tree.
    fn draw(&self, app: &App, area: Rect, laid: &mut Laid, buf: &mut Buffer) -> Rect;
    /// The screen's regions in `area`.
    fn regions(&self, app: &App, area: Rect) -> Regions;
    /// The keys the footer reminds of, before the play key.
    fn footer_keys(&self) -> &'static [Action];
    /// Why `action` means nothing on this screen (presenter mode on if `presenting`), in one
    /// line; `None` when it applies.
    fn refuses(&self, action: Action, presenting: bool) -> Option<&'static str>;
    /// The title row's step counter, longest first.
    fn counters(&self, app: &App) -> [String; 3];
    /// Presenter mode's indicator: its numbers as label and value ("STEP", "75/98").
    fn indicator(&self, app: &App) -> Vec<(&'static str, String)>;
    /// What `Space` plays to after `now` (`y`), among the stops this run has.
    fn next_play_stop(&self, now: Until) -> Until;
    /// The comparison after `now` (`c`; `None`: none), `mcts` saying whether Monte Carlo
    /// tree search runs on this game.
    fn next_compare(&self, now: Option<CompareWith>, mcts: bool) -> Option<CompareWith>;
    /// The why pane's answers about `node` at `step`.
    fn why(&self, r: &Replay, u: &Units, node: Option<u32>, step: usize) -> Vec<Answer>;
}

/// A search of calls: minimax, alpha-beta, negamax and PVS, expectiminimax, max-n.
pub struct Calls;
/// Monte Carlo tree search: iterations and phases, not calls.
pub struct Monte;

/// The main screen of a run with `options`: the one place a screen is registered (its family
/// chose which, in `tui::look`).
pub fn of(options: &Options) -> &'static dyn MainScreen {
    match Look::of(options).screen {
        Screen::Monte => &Monte,
        Screen::Calls => &Calls,
    }
}

impl App {
    /// The main screen of the run on screen.
    pub fn screen(&self) -> &'static dyn MainScreen {
        of(self.replay.options())
    }
}

/// The keys a search of calls' footer lists, in order.
const CALL_KEYS: [Action; 5] = [
    Action::StepForward,
    Action::CallForward,
    Action::StepOut,
    Action::NextCutoff,
    Action::NextHit,
];

/// A Monte Carlo run's keys: it has iterations and phases, not calls or cutoffs.
const MONTE_KEYS: [Action; 3] = [
    Action::StepForward,
    Action::NextIteration,
    Action::NextPhase,
];

impl MainScreen for Calls {
    fn draw(&self, app: &App, area: Rect, laid: &mut Laid, buf: &mut Buffer) -> Rect {
        if app.present.on {
            super::present::render(app, area, laid, buf)
        } else {
            super::render_calls(app, area, laid, buf)
        }
    }

    fn regions(&self, app: &App, area: Rect) -> Regions {
        super::calls_regions(app, area)
    }

    fn footer_keys(&self) -> &'static [Action] {
        &CALL_KEYS
    }

    fn refuses(&self, action: Action, presenting: bool) -> Option<&'static str> {
        match action {
            Action::Why if presenting => {
                Some("the why pane is on the main screen: F leaves presenter mode")
            }
            Action::CycleC => Some("C is Monte Carlo tree search's: press a for mcts"),
            _ => None,
        }
    }
    fn counters(&self, app: &App) -> [String; 3] {
        super::title::call_counters(app)
    }

    fn indicator(&self, app: &App) -> Vec<(&'static str, String)> {
        super::present::call_indicator_items(app)
    }

    fn next_play_stop(&self, now: Until) -> Until {
        now.next_for(false)
    }

    /// The partner search, then ordering and the table toggled, then Monte Carlo tree search
    /// where it applies.
    fn next_compare(&self, now: Option<CompareWith>, mcts: bool) -> Option<CompareWith> {
        match now {
            None => Some(CompareWith::Algorithm),
            Some(CompareWith::Algorithm) => Some(CompareWith::Ordering),
            Some(CompareWith::Ordering) => Some(CompareWith::Table),
            Some(CompareWith::Table) => mcts.then_some(CompareWith::Mcts),
            Some(CompareWith::Mcts) => None,
        }
    }

    /// The chains of steps that decided the node.
    fn why(&self, r: &Replay, u: &Units, node: Option<u32>, _step: usize) -> Vec<Answer> {
        node.map_or_else(Vec::new, |id| r.tree().why(u, id))
    }
}

impl MainScreen for Monte {
    /// Panes of its own, in presenter mode as well (under the presenter's indicator); the
    /// phase pane is where windows beside the tree go (the why pane: the selection it
    /// explains is the one that pane shows, and the tree stays in view).
    fn draw(&self, app: &App, area: Rect, laid: &mut Laid, buf: &mut Buffer) -> Rect {
        super::render_monte(app, area, laid, buf)
    }

    fn regions(&self, app: &App, area: Rect) -> Regions {
        Regions::monte(area).with_footer(super::footer::rows_wanted(app, area.width))
    }

    fn footer_keys(&self) -> &'static [Action] {
        &MONTE_KEYS
    }

    fn refuses(&self, action: Action, _presenting: bool) -> Option<&'static str> {
        Some(match action {
            Action::CallForward | Action::CallBack | Action::StepOut => {
                "a Monte Carlo run makes no calls: ) ( go by iteration, f A by phase"
            }
            Action::Growth => {
                "the chart counts calls per pass and ply; a Monte Carlo run makes none: its tree is the left pane"
            }
            Action::Inspect => {
                "the node cursor walks calls; a Monte Carlo run's nodes are stepped with ) ( f A"
            }
            // A setting the run does not read would change nothing on screen but the title.
            Action::DepthDown
            | Action::DepthUp
            | Action::QDown
            | Action::QUp
            | Action::ToggleTable
            | Action::ToggleOrdering
            | Action::ToggleCutRule => {
                "a Monte Carlo run has no depth, table, ordering or cut rule: E sets C, a the search"
            }
            _ => return None,
        })
    }

    fn counters(&self, app: &App) -> [String; 3] {
        super::title::monte_counters(app)
    }

    fn indicator(&self, app: &App) -> Vec<(&'static str, String)> {
        super::present::monte_indicator_items(app)
    }

    fn next_play_stop(&self, now: Until) -> Until {
        now.next_for(true)
    }

    /// One comparison: alpha-beta beside the run (seed 004 §6.3).
    fn next_compare(&self, now: Option<CompareWith>, _mcts: bool) -> Option<CompareWith> {
        now.is_none().then_some(CompareWith::Algorithm)
    }

    /// The selection the run is in and, at its end, why the move played was.
    fn why(&self, r: &Replay, _u: &Units, _node: Option<u32>, step: usize) -> Vec<Answer> {
        crate::tui::inspect::monte_answers(r, step)
    }
}
