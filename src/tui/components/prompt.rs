//! A typed line over the bottom row: a step or a call (`:`), a root window (`w`), a lesson
//! or graph file (`O`, Tab completing its name), the graph's evaluation weights (`*`).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;

use super::PromptKind;
use super::{Component, Outcome, Place, Request};
use crate::tui::app::App;
use crate::tui::complete::Completion;
use crate::tui::keys::{KeyHelp, key};
use crate::tui::line_edit::{Edit, LineEdit};
use crate::tui::view::scroll::Shown;

pub const TITLE: &str = "Typed lines (: w O * V)";
pub const KEYS: &[KeyHelp] = &[
    key("Enter", "run the line"),
    key("Esc", "close it unrun"),
    key("Tab", "O: complete a file or lesson name"),
    key("←→ Home End", "move along the line"),
    key("Backspace Del", "delete a character"),
    key("^A ^E", "the start / end of the line"),
    key("^U ^K ^W", "delete to the start / to the end / a word"),
    key("^C", "quit"),
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    pub kind: PromptKind,
    pub edit: LineEdit,
    /// Tab's candidates while `O` completes a name.
    pub completion: Option<Completion>,
}

impl Prompt {
    /// An empty line of `kind`.
    pub fn new(kind: PromptKind) -> Prompt {
        Prompt::with(kind, LineEdit::new())
    }

    /// A line of `kind` holding `edit`.
    pub fn with(kind: PromptKind, edit: LineEdit) -> Prompt {
        Prompt {
            kind,
            edit,
            completion: None,
        }
    }
}

impl Component<App> for Prompt {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    fn handle_key(&mut self, key: KeyEvent, _app: &mut App) -> Outcome {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Esc => return Outcome::Close,
            KeyCode::Char('c') if ctrl => return Outcome::Then(Request::Quit),
            KeyCode::Enter => {
                return Outcome::CloseThen(Request::Submit(self.kind, self.edit.text()));
            }
            KeyCode::Tab | KeyCode::BackTab if self.kind == PromptKind::Open => {
                let (line, c) = Completion::tab(
                    self.completion.take(),
                    &self.edit.text(),
                    key.code == KeyCode::Tab,
                );
                self.edit.set(&line);
                self.completion = Some(c);
            }
            _ => {
                if self.edit.handle(key) == Edit::Changed {
                    self.completion = None;
                }
            }
        }
        Outcome::Stay
    }

    fn draw(&self, app: &App, at: &Place, buf: &mut Buffer) -> Option<Shown> {
        crate::tui::view::prompt::draw(
            self.kind,
            &self.edit,
            self.completion.as_ref(),
            app.theme,
            at.screen,
            buf,
        );
        None
    }
}
