//! Styles, and the titled frames the regions share. Every meaning also has a symbol or a text
//! attribute, so colour only helps; with `NO_COLOR` set (any non-empty value) no colour is used
//! at all.

use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::{Block, Borders};

#[derive(Clone, Copy, Debug)]
pub struct Theme {
    pub color: bool,
}

impl Theme {
    /// Colour unless `NO_COLOR` is set to a non-empty value (no-color.org).
    pub fn from_env() -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { color: !no_color }
    }

    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    pub fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    pub fn block(&self) -> Style {
        self.fg(Color::Cyan)
    }
    pub fn current(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
    pub fn path(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    pub fn done(&self) -> Style {
        Style::new()
    }
    pub fn faint(&self) -> Style {
        self.fg(Color::DarkGray).add_modifier(Modifier::DIM)
    }
    pub fn skipped(&self) -> Style {
        self.fg(Color::DarkGray)
            .add_modifier(Modifier::DIM | Modifier::CROSSED_OUT)
    }
    pub fn cut(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
    pub fn hit(&self) -> Style {
        self.fg(Color::Magenta).add_modifier(Modifier::BOLD)
    }
    pub fn highlight(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::REVERSED)
    }
    pub fn header(&self) -> Style {
        Style::new().add_modifier(Modifier::UNDERLINED)
    }
    pub fn note(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::ITALIC)
    }
    pub fn warn(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
    pub fn changed(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// The frame of a full-width region: a titled rule along its top.
    pub fn top_block(&self, title: String) -> Block<'static> {
        Block::default()
            .borders(Borders::TOP)
            .title(title)
            .border_style(self.block())
            .title_style(self.title())
    }

    /// The frame of a region on the right: a titled rule along its top and left.
    pub fn side_block(&self, title: String) -> Block<'static> {
        Block::default()
            .borders(Borders::TOP | Borders::LEFT)
            .title(title)
            .border_style(self.block())
            .title_style(self.title())
    }
}
