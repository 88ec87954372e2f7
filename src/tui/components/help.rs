//! The help window (`?`): the key bindings of the main screen and of every window, and the
//! legend of the screen's marks, on two pages (Tab).

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;

use super::{Component, Outcome, Place, Request};
use crate::tui::app::App;
use crate::tui::keys::{self, Action, KeyHelp, key};
use crate::tui::view::help::{self as view, Page};
use crate::tui::view::scroll::Shown;
use crate::tui::{cursor, predict};

pub const TITLE: &str = "Help (?)";
pub const KEYS: &[KeyHelp] = &[
    key("Tab ←→", "keys / legend of the marks"),
    key("↓ j ↑ k", "scroll a line"),
    key("PgDn PgUp", "scroll a page"),
    key("? Esc Enter", "close the help"),
];

/// The tools outside the tutor, named where a learner looks for keys (they were named
/// nowhere in the tutor): each is a `prune` subcommand.
pub const COMMANDS_TITLE: &str = "From the command line: prune …";
pub const COMMANDS: &[KeyHelp] = &[
    key("simulate", "do a search yourself, graded"),
    key("check", "check your engine's trace"),
    key("size chart", "how big game trees grow"),
    key("practice", "review rounds and quizzes"),
];

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Help {
    pub page: Page,
    pub scroll: usize,
}

impl Component<App> for Help {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    fn handle_key(&mut self, key: KeyEvent, app: &mut App) -> Outcome {
        match key.code {
            KeyCode::Tab | KeyCode::BackTab | KeyCode::Left | KeyCode::Right => {
                self.page = self.page.other();
                self.scroll = 0;
                return Outcome::Stay;
            }
            KeyCode::Down | KeyCode::Char('j') => self.scroll += 1,
            KeyCode::PageDown => self.scroll += 8,
            KeyCode::Up | KeyCode::Char('k') => self.scroll = self.scroll.saturating_sub(1),
            KeyCode::PageUp => self.scroll = self.scroll.saturating_sub(8),
            _ => {}
        }
        // Never further than the page is long, so scrolling back is never slow.
        let len = view::page_len(self.page, &sections(app), &tools(app));
        self.scroll = self.scroll.min(len);
        match keys::action_for(key) {
            Some(Action::Quit) if !keys::is_ctrl_c(key) => Outcome::CloseThen(Request::AskQuit),
            Some(Action::Quit | Action::Help | Action::Close) => Outcome::Close,
            _ if key.code == KeyCode::Enter => Outcome::Close,
            _ => Outcome::Stay,
        }
    }

    fn draw(&self, app: &App, at: &Place, buf: &mut Buffer) -> Option<Shown> {
        view::draw(
            app.theme,
            self.page,
            &sections(app),
            &tools(app),
            self.scroll,
            at.screen,
            buf,
        );
        None
    }
}

/// The key lists of the layers on screen, the help's own first (it is out of the layers
/// while it takes a key).
fn sections(app: &App) -> Vec<(&'static str, &'static [KeyHelp])> {
    let mut out = vec![(TITLE, KEYS)];
    out.extend(app.layers.keys().into_iter().filter(|(t, _)| *t != TITLE));
    // The node cursor is a mode of the main screen: its keys while it is on.
    if app.inspecting {
        out.push((cursor::TITLE, cursor::KEYS));
    }
    // Predict mode's keys whenever it is on (its question is a layer only while asked, and
    // then it takes every key, `?` included).
    let listed = |out: &[(&str, &[KeyHelp])]| out.iter().any(|(t, _)| *t == predict::TITLE);
    if app.predict.is_some() && !listed(&out) {
        out.push((predict::TITLE, predict::KEYS));
    }
    out.push((COMMANDS_TITLE, COMMANDS));
    out
}

/// The heading of the command lines that go with the lesson on screen.
pub const TOOLS_TITLE: &str = "With this lesson: prune …";

/// The command lines the course gives the lesson on screen (the course the tutor was opened
/// with, else the built-in one), under their heading: a row per tool, its subcommand in the
/// key column and its arguments beside it, as the command list above writes them. None for
/// a lesson outside the course.
pub fn tools(app: &App) -> Vec<(String, String)> {
    let builtin;
    let course = match app.course() {
        Some(view) => &view.course,
        None => match crate::course::Course::builtin() {
            Ok(c) => {
                builtin = c;
                &builtin
            }
            Err(_) => return Vec::new(),
        },
    };
    let lines = course.tools_of(&app.lesson.name);
    if lines.is_empty() {
        return Vec::new();
    }
    let mut out = vec![(String::new(), format!("── {TOOLS_TITLE} ──"))];
    out.extend(lines.iter().map(|line| {
        let mut words = line.split_whitespace().skip(1);
        let command = words.next().unwrap_or_default().to_string();
        (command, words.collect::<Vec<_>>().join(" "))
    }));
    out
}
