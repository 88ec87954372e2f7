//! Presenter mode's state: whether it is on, its palette, and which pane (table, stack,
//! counters) is shown over the tree. The screen is `view::present`, its regions and node
//! boxes `layout::present`; nothing here draws.

use super::keys::Action;
use super::theme::Palette;

/// A pane of the main screen that presenter mode shows over the tree, on its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pane {
    Table,
    Stack,
    Counters,
}

impl Pane {
    /// The key that shows it.
    pub fn key(self) -> char {
        match self {
            Pane::Table => '1',
            Pane::Stack => '2',
            Pane::Counters => '3',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Pane::Table => "table",
            Pane::Stack => "stack",
            Pane::Counters => "counters",
        }
    }
}

/// Presenter mode's layer (`components::present`): on the stack while the mode is on.
pub struct Presenting;

#[derive(Clone, Copy, Debug, Default)]
pub struct Presenter {
    pub on: bool,
    pub palette: Palette,
    pub pane: Option<Pane>,
}

impl Presenter {
    /// Presenter mode from the start (`prune open --present`).
    pub fn on() -> Presenter {
        Presenter {
            on: true,
            ..Presenter::default()
        }
    }

    /// Handles one of the presenter's keys; returns what the footer should say.
    pub fn act(&mut self, action: Action) -> Option<String> {
        let pane = match action {
            Action::Present => {
                self.on = !self.on;
                self.pane = None;
                return Some(if self.on {
                    "presenter mode: F leaves, 1 2 3 show the table, stack, counters".into()
                } else {
                    "presenter mode off".into()
                });
            }
            Action::Palette => {
                self.palette = self.palette.next();
                let note = if self.on {
                    ""
                } else {
                    " (shown in presenter mode, F)"
                };
                return Some(format!("palette: {}{note}", self.palette.name()));
            }
            Action::PaneTable => Pane::Table,
            Action::PaneStack => Pane::Stack,
            Action::PaneCounters => Pane::Counters,
            _ => return None,
        };
        if !self.on {
            return Some(format!(
                "the {} pane is presenter mode's (F): there 1 2 3 show the table, stack, counters",
                pane.name()
            ));
        }
        // The same key again hides it.
        self.pane = if self.pane == Some(pane) {
            None
        } else {
            Some(pane)
        };
        None
    }
}
