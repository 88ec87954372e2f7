//! A lesson's demo (`d`, `D`) as a layer under every window while it runs: it takes its
//! keys (the next step, the next demo) and passes the rest to the main screen, whose
//! narration and footer say the demo's sentence and where it is (`App::demo`).

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;

use super::{Component, Outcome, Place};
use crate::tui::app::App;
use crate::tui::demo_run::Demoing;
use crate::tui::keys::{self, Action, KeyHelp, key};
use crate::tui::view::scroll::Shown;

pub const TITLE: &str = "Demo (d)";
pub const KEYS: &[KeyHelp] = &[
    key(
        "d",
        "the demo's next step (a question first, then its answer)",
    ),
    key("D", "the next demo of the lesson"),
];

impl Component<App> for Demoing {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    fn handle_key(&mut self, key: KeyEvent, app: &mut App) -> Outcome {
        match keys::action_for(key) {
            Some(a @ (Action::DemoNext | Action::DemoChoose)) => {
                app.message = None;
                app.act(a);
                if app.demo().is_some() {
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
