//! The diff of a comparison's two runs, node by node, with a strip of counter deltas (`|`).
//! What it lists is the comparison's (`partner::DiffView`, kept with the second run); this
//! window scrolls it.

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;

use super::{Component, Outcome, PAGER_KEYS, Place};
use crate::tui::app::App;
use crate::tui::keys::KeyHelp;
use crate::tui::view::diff;
use crate::tui::view::scroll::Shown;

pub const TITLE: &str = "Diff of two runs (|)";
pub const KEYS: &[KeyHelp] = PAGER_KEYS;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Diff;

impl Component<App> for Diff {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    fn handle_key(&mut self, key: KeyEvent, app: &mut App) -> Outcome {
        let shown = app.laid.window_shown;
        let paged =
            (app.compare.as_mut()).is_some_and(|c| super::page(key, &mut c.diff.scroll, shown));
        if paged {
            Outcome::Stay
        } else {
            super::closing(key)
        }
    }

    fn draw(&self, app: &App, at: &Place, buf: &mut Buffer) -> Option<Shown> {
        let c = app.compare.as_ref()?;
        Some(diff::draw(c, app.theme, at.screen, buf))
    }
}
