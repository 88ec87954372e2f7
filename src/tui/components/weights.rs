//! What new evaluation weights changed (`*`): the report of the last change, kept with the
//! live weights (`weights::Live`); this window scrolls it.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;

use super::{Component, Outcome, PAGER_KEYS, Place};
use crate::tui::app::App;
use crate::tui::keys::KeyHelp;
use crate::tui::view::scroll::Shown;

pub const TITLE: &str = "What changed (* V)";
pub const KEYS: &[KeyHelp] = PAGER_KEYS;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weights;

impl Component<App> for Weights {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    fn handle_key(&mut self, key: KeyEvent, app: &mut App) -> Outcome {
        let paged = (app.weights.as_deref_mut()).is_some_and(|l| {
            let shown = l.shown.get();
            super::page(key, &mut l.scroll, shown)
        });
        if paged {
            Outcome::Stay
        } else {
            super::closing(key)
        }
    }

    fn draw(&self, app: &App, at: &Place, buf: &mut Buffer) -> Option<Shown> {
        crate::tui::view::weights::draw(app, at.screen, buf);
        None
    }
}
