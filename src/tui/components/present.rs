//! Presenter mode (`F`, `--present`) as a layer under every window while it is on: it takes
//! its own keys (the palette and the panes 1 2 3 over the tree; F leaves) and passes the rest
//! to the main screen, which draws the run large while `App::present` is on.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;

use super::{Component, Outcome, Place};
use crate::tui::app::App;
use crate::tui::keys::{self, Action, KeyHelp, key};
use crate::tui::present::Presenting;
use crate::tui::view::scroll::Shown;

pub const TITLE: &str = "Presenter mode (F)";
pub const KEYS: &[KeyHelp] = &[
    key("1 2 3", "the table, the stack, the counters over the tree"),
    key("C", "the next palette (high contrast, colour-blind)"),
    key("F", "leave presenter mode"),
];

impl Component<App> for Presenting {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    fn handle_key(&mut self, key: KeyEvent, app: &mut App) -> Outcome {
        match keys::action_for(key) {
            Some(
                a @ (Action::Present
                | Action::Palette
                | Action::PaneTable
                | Action::PaneStack
                | Action::PaneCounters),
            ) => {
                app.message = None;
                app.act(a);
                if app.present().on {
                    Outcome::Stay
                } else {
                    Outcome::Close
                }
            }
            _ => Outcome::Pass,
        }
    }

    fn draw(&self, _app: &App, _at: &Place, _buf: &mut Buffer) -> Option<Shown> {
        None
    }

    fn covers(&self) -> bool {
        false
    }
}
