//! An open prediction's question (`tui::predict`): the top layer while it is asked, and it
//! takes every key (a letter is part of the answer, so `n`, `q` and `?` are typed, not acted
//! on). Enter answers, Esc skips, PgDn PgUp page the explanation, Ctrl-C quits. It draws
//! nothing of its own: the footer asks the question (`view::predict`), and every pane holds
//! back what would answer it.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;

use super::{Component, Outcome, Place};
use crate::tui::app::App;
use crate::tui::keys::KeyHelp;
use crate::tui::predict::{Asking, KEYS, TITLE};
use crate::tui::view::scroll::Shown;

impl Component<App> for Asking {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    /// The key goes to the question; the layer closes once no question is open (answered or
    /// skipped), unless another question of the same step opened in its place.
    fn handle_key(&mut self, key: KeyEvent, app: &mut App) -> Outcome {
        app.predict_key(key);
        if app.held().is_some() && !app.layers.has::<Asking>() {
            Outcome::Stay
        } else {
            Outcome::Close
        }
    }

    fn draw(&self, _app: &App, _at: &Place, _buf: &mut Buffer) -> Option<Shown> {
        None
    }

    /// The question is in the footer: the screen under it stays in reach of the mouse.
    fn covers(&self) -> bool {
        false
    }
}
