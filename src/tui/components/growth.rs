//! A chart of the run so far (`K`): calls per pass, positions per ply, on two pages.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;

use super::{Component, Outcome, Place, Request};
use crate::tui::app::App;
use crate::tui::keys::{self, Action, KeyHelp, key};
use crate::tui::view::growth::{self as view, Page};
use crate::tui::view::scroll::Shown;

pub const TITLE: &str = "Chart of the run (K)";
pub const KEYS: &[KeyHelp] = &[
    key("Tab ←→", "the other page"),
    key("K Esc Enter", "close the chart"),
    key("q", "quit"),
];

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Growth {
    pub page: Page,
}

impl Component<App> for Growth {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    fn handle_key(&mut self, key: KeyEvent, _app: &mut App) -> Outcome {
        match key.code {
            KeyCode::Tab | KeyCode::BackTab | KeyCode::Left | KeyCode::Right => {
                self.page = self.page.other();
                Outcome::Stay
            }
            KeyCode::Esc | KeyCode::Enter => Outcome::Close,
            _ => match keys::action_for(key) {
                Some(Action::Growth) => Outcome::Close,
                Some(Action::Quit) => Outcome::CloseThen(Request::Key(key)),
                _ => Outcome::Stay,
            },
        }
    }

    fn draw(&self, app: &App, at: &Place, buf: &mut Buffer) -> Option<Shown> {
        let src = view::Source {
            tree: app.replay.tree(),
            step: app.st.step as u32,
            branching: app.lesson.model.uniform_branching(),
        };
        let pass = app.replay.tree().pass_at(app.st.step).map(|p| p.depth);
        view::draw(app.theme, self.page, &src, pass, at.screen, buf);
        None
    }
}
