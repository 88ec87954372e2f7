//! The simulate exercise (`prune simulate`) as a component over the whole screen: the student
//! types each step in its one-line editor (`tui::simulate` holds the exercise and the line,
//! `view::simulate` draws it). `prune simulate` drives the same screen in a loop of its own,
//! as it has no run to show under it.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::widgets::Widget;

use super::{Component, Outcome, Place};
use crate::tui::app::App;
use crate::tui::keys::{KeyHelp, key};
use crate::tui::simulate::{Outcome as Simulated, SimulateScreen};
use crate::tui::view::scroll::Shown;

pub const TITLE: &str = "Simulate (prune simulate)";
pub const KEYS: &[KeyHelp] = &[
    key(
        "Enter",
        "submit the step typed (visit B, -inf 4, return 3, cut; faded: cut or on)",
    ),
    key(
        "Tab ↓",
        "node cursor: the next pick on the tree (a child to visit, the frame to cut; faded: on or cut), into the line",
    ),
    key("Shift-Tab ↑", "node cursor: the previous pick"),
    key("n", "a new tree once the exercise is finished"),
    key("Esc Ctrl-C", "leave the exercise"),
];

impl Component<App> for SimulateScreen {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    fn handle_key(&mut self, key: KeyEvent, _app: &mut App) -> Outcome {
        match SimulateScreen::handle_key(self, key) {
            Simulated::Continue => Outcome::Stay,
            Simulated::Quit => Outcome::Close,
        }
    }

    fn draw(&self, _app: &App, at: &Place, buf: &mut Buffer) -> Option<Shown> {
        Widget::render(self, at.screen, buf);
        None
    }

    fn whole_screen(&self) -> bool {
        true
    }
}
