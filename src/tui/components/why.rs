//! The "why" pane (`Y`): the chains of trace steps that explain a node (`inspect::WhyPane`
//! holds them), drawn in the pane the main screen gives it. ↑↓ choose a step, Enter shows
//! the run at it (the pane stays as it was opened), Esc closes it.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;

use super::{Component, Outcome, Place, Request};
use crate::tui::app::App;
use crate::tui::inspect::WhyPane;
use crate::tui::keys::{self, Action, KeyHelp, key};
use crate::tui::view::scroll::Shown;

pub const TITLE: &str = "Why pane (Y)";
pub const KEYS: &[KeyHelp] = &[
    key("↓ j ↑ k", "the next / previous step of the chain"),
    key("PgDn PgUp", "five steps on / back"),
    key("Enter", "show the run at the chosen step"),
    key("Esc Y q", "close the pane"),
];

impl Component<App> for WhyPane {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    fn handle_key(&mut self, key: KeyEvent, _app: &mut App) -> Outcome {
        let count = self.links().count();
        let last = count.saturating_sub(1);
        match key.code {
            KeyCode::Esc | KeyCode::Char('Y') | KeyCode::Char('q') => return Outcome::Close,
            KeyCode::Down | KeyCode::Char('j') => self.cursor = (self.cursor + 1).min(last),
            KeyCode::Up | KeyCode::Char('k') => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::PageDown => self.cursor = (self.cursor + 5).min(last),
            KeyCode::PageUp => self.cursor = self.cursor.saturating_sub(5),
            // An event at index e is on screen after e + 1 events.
            KeyCode::Enter => {
                if let Some(l) = self.links().nth(self.cursor) {
                    return Outcome::Then(Request::Seek(l.step as usize + 1));
                }
            }
            // The help opens over the pane, which lists its keys there.
            _ if keys::action_for(key) == Some(Action::Help) => return Outcome::Pass,
            _ => {}
        }
        // The pane takes every other key while open: the run stays where the chain is read.
        Outcome::Stay
    }

    /// A pane beside the tree: the mouse still reaches the main screen.
    fn covers(&self) -> bool {
        false
    }

    fn draw(&self, app: &App, at: &Place, buf: &mut Buffer) -> Option<Shown> {
        crate::tui::view::why::draw(app, self, at.pane, buf);
        None
    }
}
