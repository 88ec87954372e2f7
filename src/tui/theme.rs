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

/// Presenter mode's palettes (`C` cycles them). Both draw on their own black background, so a
/// projector's washed-out grey or a light terminal theme cannot swallow the text; both carry
/// every meaning in a glyph, a border or a text attribute too, so with `NO_COLOR` (or a
/// colour-blind reader) nothing is lost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    /// White on black, saturated bright accents.
    #[default]
    HighContrast,
    /// Okabe and Ito's colours (256-colour approximations): no red against green, and the
    /// accents differ in lightness as well as hue.
    ColourBlind,
}

impl Palette {
    pub const ALL: [Palette; 2] = [Palette::HighContrast, Palette::ColourBlind];

    pub fn name(self) -> &'static str {
        match self {
            Palette::HighContrast => "high contrast",
            Palette::ColourBlind => "colour-blind safe",
        }
    }

    pub fn next(self) -> Palette {
        let i = Palette::ALL.iter().position(|&p| p == self).unwrap_or(0);
        Palette::ALL[(i + 1) % Palette::ALL.len()]
    }
}

/// The presenter's styles: a palette, with colour or (under `NO_COLOR`) without. Nothing is
/// dim: windows, values and unvisited nodes are in normal weight.
#[derive(Clone, Copy, Debug)]
pub struct Stage {
    pub palette: Palette,
    pub color: bool,
}

/// The accents: (high contrast, colour-blind safe).
const PATH: (Color, Color) = (Color::LightYellow, Color::Indexed(74));
const CUT: (Color, Color) = (Color::LightRed, Color::Indexed(214));
const HIT: (Color, Color) = (Color::LightMagenta, Color::Indexed(175));
const FRAME: (Color, Color) = (Color::LightCyan, Color::Indexed(36));
const WARN: (Color, Color) = (Color::LightRed, Color::Indexed(166));

impl Stage {
    pub fn new(palette: Palette, theme: Theme) -> Stage {
        Stage {
            palette,
            color: theme.color,
        }
    }

    fn pick(&self, (hc, cb): (Color, Color)) -> Style {
        if !self.color {
            return Style::new();
        }
        let c = match self.palette {
            Palette::HighContrast => hc,
            Palette::ColourBlind => cb,
        };
        Style::new().fg(c).bg(Color::Black)
    }

    /// The whole screen's ground: white on black.
    pub fn base(&self) -> Style {
        if self.color {
            Style::new().fg(Color::White).bg(Color::Black)
        } else {
            Style::new()
        }
    }
    /// A node's window and value, the narration: normal weight on the ground.
    pub fn text(&self) -> Style {
        self.base()
    }
    /// What matters most on a line (a node's name, the narration): bold.
    pub fn strong(&self) -> Style {
        self.base().add_modifier(Modifier::BOLD)
    }
    pub fn path(&self) -> Style {
        self.pick(PATH).add_modifier(Modifier::BOLD)
    }
    pub fn current(&self) -> Style {
        self.base()
            .add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
    pub fn cut(&self) -> Style {
        self.pick(CUT).add_modifier(Modifier::BOLD)
    }
    pub fn hit(&self) -> Style {
        self.pick(HIT).add_modifier(Modifier::BOLD)
    }
    pub fn warn(&self) -> Style {
        self.pick(WARN).add_modifier(Modifier::BOLD)
    }
    /// A candidate the search skipped: struck through (its ⊘ says so too).
    pub fn skipped(&self) -> Style {
        self.base().add_modifier(Modifier::CROSSED_OUT)
    }
    /// Rules, titles and the indicator's digits.
    pub fn frame(&self) -> Style {
        self.pick(FRAME).add_modifier(Modifier::BOLD)
    }
}
