//! The lesson's title, source and introduction, and the whole run's settings (`i`).

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;

use super::{Component, Outcome, PAGER_KEYS, Place};
use crate::tui::app::App;
use crate::tui::keys::KeyHelp;
use crate::tui::view::scroll::Shown;
use crate::tui::view::{intro, title};

pub const TITLE: &str = "Introduction (i)";
pub const KEYS: &[KeyHelp] = PAGER_KEYS;

/// How far the introduction is scrolled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Intro {
    pub scroll: usize,
}

impl Component<App> for Intro {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    fn handle_key(&mut self, key: KeyEvent, app: &mut App) -> Outcome {
        if super::page(key, &mut self.scroll, app.laid.window_shown) {
            Outcome::Stay
        } else {
            super::closing(key)
        }
    }

    /// The wheel scrolls the introduction by `by` rows.
    fn wheel(&mut self, by: i32, shown: Shown) -> bool {
        let to = shown.first as i64 + by as i64;
        self.scroll = to.clamp(0, shown.max_offset() as i64) as usize;
        true
    }

    fn draw(&self, app: &App, at: &Place, buf: &mut Buffer) -> Option<Shown> {
        Some(intro::draw(
            &app.lesson.spec,
            &title::whole_run(app),
            self.scroll,
            app.theme,
            at.screen,
            buf,
        ))
    }
}
