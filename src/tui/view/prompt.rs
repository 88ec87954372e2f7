//! The prompt line over the bottom row: go to a step or call, set the root window, or open a
//! file, with the line being edited and its cursor; while Tab completes a name in the `O`
//! prompt, the row above lists the candidates, the one on the line marked.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Widget};

use crate::tui::app::PromptKind;
use crate::tui::complete::Completion;
use crate::tui::line_edit::LineEdit;
use crate::tui::theme::Theme;

pub fn label(kind: PromptKind) -> &'static str {
    match kind {
        PromptKind::GoTo => "Go to step N, or call cN: ",
        PromptKind::Window => "Root window α β (e.g. -inf 5): ",
        PromptKind::Open => "Open (lesson name or JSON file): ",
        PromptKind::Weights => "Weights (name=number; lesson restores): ",
        PromptKind::Leaf(_) => "Leaf value (number; undo; lesson restores): ",
    }
}

fn keys(kind: PromptKind) -> &'static str {
    match kind {
        PromptKind::Open => "  Tab completes · Enter · Esc",
        _ => "  Enter · Esc",
    }
}

fn width(text: &str) -> usize {
    Span::raw(text).width()
}

pub fn draw(
    kind: PromptKind,
    edit: &LineEdit,
    completion: Option<&Completion>,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    if area.height == 0 {
        return;
    }
    let y = area.bottom() - 1;
    let line = Rect::new(area.x, y, area.width, 1);
    Clear.render(line, buf);
    let prefix = format!(" {}", label(kind));
    let total = area.width as usize;
    // The key reminder goes when the line needs its room: what is typed matters more.
    let keys = keys(kind);
    let needed = width(&prefix) + width(&edit.text()) + 1;
    let keys = if needed + width(keys) <= total {
        keys
    } else {
        ""
    };
    let room = total.saturating_sub(width(&prefix) + width(keys)).max(1);
    let (shown, col) = edit.view(room);
    let pad = room.saturating_sub(width(&shown));
    Line::from(vec![
        Span::styled(prefix.clone(), theme.highlight()),
        Span::raw(shown),
        Span::raw(" ".repeat(pad)),
        Span::styled(keys, theme.faint()),
    ])
    .render(line, buf);
    // The cursor, drawn into the buffer so it shows in every capture of the screen too.
    let x = area.x as usize + width(&prefix) + col;
    if x < area.right() as usize
        && let Some(cell) = buf.cell_mut(Position::new(x as u16, y))
    {
        cell.set_style(Style::new().add_modifier(Modifier::REVERSED));
    }
    if let Some(c) = completion
        && area.height >= 2
    {
        let row = Rect::new(area.x, y - 1, area.width, 1);
        Clear.render(row, buf);
        candidates_line(c, theme, total).render(row, buf);
    }
}

/// The candidates as far as they fit, the one on the line reversed and marked `›`, and how
/// many more there are.
fn candidates_line(c: &Completion, theme: Theme, total: usize) -> Line<'static> {
    if c.candidates.is_empty() {
        let typed = crate::text::cut(&c.typed).into_owned();
        return Line::from(Span::styled(
            format!(" Tab: no built-in lesson, .json file or directory starts with '{typed}'"),
            theme.warn(),
        ));
    }
    let mut spans = vec![Span::styled(" Tab:", theme.title())];
    let mut used = 5;
    let n = c.candidates.len();
    // Start the list where the chosen candidate still shows.
    let chosen = c.chosen.unwrap_or(0);
    let names: Vec<String> = c
        .candidates
        .iter()
        .map(|s| crate::text::one_line(Completion::shown(s)).into_owned())
        .collect();
    let mut first = 0;
    while first < chosen && !fits_from(&names, first, chosen, total) {
        first += 1;
    }
    if first > 0 {
        spans.push(Span::raw(format!(" … {first} before")));
        used += width(&format!(" … {first} before"));
    }
    let mut shown = first;
    for (i, name) in names.iter().enumerate().skip(first) {
        let cell = if Some(i) == c.chosen {
            format!("›{name}")
        } else {
            format!(" {name}")
        };
        let more = n - i - 1;
        let tail = if more > 0 {
            width(&format!("  … {more} more"))
        } else {
            0
        };
        if used + 1 + width(&cell) + tail > total && i > first {
            break;
        }
        spans.push(Span::raw(" "));
        spans.push(if Some(i) == c.chosen {
            Span::styled(cell.clone(), theme.current())
        } else {
            Span::raw(cell.clone())
        });
        used += 1 + width(&cell);
        shown = i + 1;
    }
    if shown < n {
        spans.push(Span::styled(
            format!("  … {} more", n - shown),
            theme.faint(),
        ));
    }
    Line::from(spans)
}

/// Whether the names from `first` through `chosen` fit on one row.
fn fits_from(names: &[String], first: usize, chosen: usize, total: usize) -> bool {
    let cells: usize = names[first..=chosen].iter().map(|n| width(n) + 2).sum();
    5 + 12 + cells + 14 <= total
}
