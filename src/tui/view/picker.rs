//! The lesson picker window: the lessons as headings (name and title) with their run presets
//! below, narrowed by the filter typed at its top. The cursor's row is marked `›` and kept in
//! view with its lesson's heading; a row too long for the window ends in "…" at a word break,
//! and the bottom edge says how many rows lie above and below.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use crate::tui::app::App;
use crate::tui::layout::centered;
use crate::tui::line_edit::LineEdit;
use crate::tui::theme::Theme;

/// One row of the list: a lesson's heading, or one of its presets (an index into
/// `App::picker_items`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Heading(usize),
    Preset(usize),
}

/// The rows the filter keeps, each preset under its lesson's heading.
pub fn rows(app: &App, filter: &str) -> Vec<Row> {
    let items = app.picker_items();
    let mut out = Vec::new();
    let mut lesson = None;
    for i in app.picker_matches(filter) {
        let li = items[i].0;
        if lesson != Some(li) {
            lesson = Some(li);
            out.push(Row::Heading(li));
        }
        out.push(Row::Preset(i));
    }
    out
}

/// The text of a row, in full (a lesson file's text with any control character escaped).
pub fn row_text(app: &App, row: Row, cursor: usize) -> String {
    let text = match row {
        Row::Heading(li) => {
            let l = &app.lessons[li];
            // In the course: its chapter and the student's mark first.
            match app.course.as_ref().and_then(|c| c.heading(&l.name)) {
                Some(place) => format!("{place} {} · {}", l.name, l.spec.title),
                None => format!("{} · {}", l.name, l.spec.title),
            }
        }
        Row::Preset(i) => {
            let (li, name) = &app.picker_items()[i];
            let about = app.lessons[*li]
                .spec
                .runs
                .iter()
                .find(|r| &r.name == name)
                .map_or("", |r| r.about.as_str());
            let mark = if i == cursor { "›" } else { " " };
            if about.is_empty() {
                format!("  {mark} {name}")
            } else {
                format!("  {mark} {name} — {about}")
            }
        }
    };
    crate::text::one_line(&text).into_owned()
}

fn width(text: &str) -> usize {
    Span::raw(text).width()
}

/// `text` cut to `max` cells: at the last word break that leaves room for "…", or within a
/// word (still with "…") when a single word is wider than the row.
pub fn fit(text: &str, max: usize) -> String {
    if width(text) <= max {
        return text.to_string();
    }
    if max == 0 {
        return String::new();
    }
    let mut kept = String::new();
    for c in text.chars() {
        if width(&kept) + width(&c.to_string()) + 1 > max {
            break;
        }
        kept.push(c);
    }
    // Back to the end of the last whole word, if there is one past the row's indent.
    let indent = kept.len() - kept.trim_start().len();
    if let Some(i) = kept.trim_end().rfind(' ').filter(|&i| i > indent) {
        kept.truncate(i);
    }
    let kept = kept.trim_end();
    format!("{kept}…")
}

/// The window's rows on the screen `area`: the list's, the filter row and a blank one above
/// the list, and the borders.
fn height(app: &App, area: Rect) -> u16 {
    area.height
        .saturating_sub(2)
        .min(rows(app, "").len() as u16 + 4)
}

/// The rows of runs and headings the window shows at once on the screen `area`.
pub fn page_rows(app: &App, area: Rect) -> usize {
    (height(app, area).saturating_sub(4) as usize).max(1)
}

/// The rows the window showed on the last frame's screen (10 before any frame): what PgUp
/// and PgDn move by.
pub fn page(app: &App) -> usize {
    match app.laid.screen {
        s if s.is_empty() => 10,
        s => page_rows(app, s),
    }
}

pub fn draw(app: &App, cursor: usize, filter: &LineEdit, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let text = filter.text();
    let list = rows(app, &text);
    let total = app.picker_items().len();
    let kept = list.iter().filter(|r| matches!(r, Row::Preset(_))).count();
    // As wide as the longest row needs, within the screen: nothing is cut that could fit.
    let longest = rows(app, "")
        .iter()
        .map(|&r| width(&row_text(app, r, usize::MAX)))
        .max()
        .unwrap_or(0);
    let w = area.width.saturating_sub(4).min(longest as u16 + 3).max(40);
    let w = w.min(area.width);
    let h = height(app, area);
    let popup = centered(area, w, h);
    Clear.render(popup, buf);
    let inner_rows = h.saturating_sub(4) as usize;

    let first = first_row(&list, cursor, inner_rows);
    // What lies outside the window, counted in runs (the headings are not choices).
    let runs = |rows: &[Row]| rows.iter().filter(|r| matches!(r, Row::Preset(_))).count();
    let end = (first + inner_rows).min(list.len());
    let (above, below) = (runs(&list[..first]), runs(&list[end..]));
    let mut bottom = String::from(" ↑↓ PgUp PgDn Home End · Enter open · Esc ");
    bottom.push_str(if text.is_empty() { "close " } else { "clears " });
    let more = match (above, below) {
        (0, 0) => String::new(),
        (0, b) => format!(" ↓ {b} more "),
        (a, 0) => format!(" ↑ {a} more "),
        (a, b) => format!(" ↑ {a} · ↓ {b} more "),
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Lessons ")
        .title_bottom(Line::from(bottom).left_aligned())
        .title_bottom(Line::from(more).right_aligned())
        .border_style(theme.block())
        .title_style(theme.title());
    let inner = block.inner(popup);
    block.render(popup, buf);
    if inner.height == 0 || inner.width == 0 {
        return;
    }
    let iw = inner.width as usize;

    filter_line(filter, format!("{kept} of {total} runs"), theme, inner, buf);
    // The course's progress on the row between the filter and the list (✓ learnt, • opened).
    if let Some(course) = &app.course
        && inner.height > 1
    {
        let line = fit(&course.progress_line(), iw);
        buf.set_stringn(inner.x, inner.y + 1, line, iw, theme.done());
    }

    if list.is_empty() {
        let none = fit(
            &format!(
                "Nothing holds '{}': Backspace edits the filter, Esc clears it.",
                crate::text::cut(&text)
            ),
            iw,
        );
        buf.set_stringn(inner.x, inner.y + 2, none, iw, theme.warn());
        return;
    }
    for (n, &row) in list.iter().enumerate().skip(first).take(inner_rows) {
        let style: Style = match row {
            Row::Heading(_) => theme.header().patch(theme.title()),
            Row::Preset(i) if i == cursor => theme.current(),
            Row::Preset(_) => theme.done(),
        };
        let line = fit(&row_text(app, row, cursor), iw);
        buf.set_stringn(inner.x, inner.y + 2 + (n - first) as u16, line, iw, style);
    }
}

/// The list's first row on screen: the cursor kept in view, and its lesson's heading with it
/// when they fit together.
fn first_row(list: &[Row], cursor: usize, inner_rows: usize) -> usize {
    let at = list.iter().position(|r| *r == Row::Preset(cursor));
    let mut first = at.map_or(0, |a| (a + 1).saturating_sub(inner_rows));
    if let Some(a) = at {
        let heading = list[..a]
            .iter()
            .rposition(|r| matches!(r, Row::Heading(_)))
            .unwrap_or(0);
        if a - heading < inner_rows {
            first = first.min(heading);
        }
    }
    first
}

/// The filter line on the window's first row, with its cursor, and `count`, how many presets
/// it keeps.
fn filter_line(filter: &LineEdit, count: String, theme: Theme, inner: Rect, buf: &mut Buffer) {
    let text = filter.text();
    let iw = inner.width as usize;
    let label = "Filter: ";
    let room = iw.saturating_sub(width(label) + width(&count) + 2).max(1);
    let (shown, col) = filter.view(room);
    let hint = if text.is_empty() && room > 30 {
        "type to narrow (name, title, preset)"
    } else {
        ""
    };
    let used = width(label) + width(&shown).max(col + 1);
    let mut spans = vec![Span::styled(label, theme.title()), Span::raw(shown)];
    if !hint.is_empty() {
        spans.push(Span::styled(format!(" {hint}"), theme.faint()));
    }
    let spare = iw.saturating_sub(used + width(hint) + usize::from(!hint.is_empty()));
    let pad = spare.saturating_sub(width(&count));
    spans.push(Span::raw(" ".repeat(pad)));
    spans.push(Span::styled(count, theme.faint()));
    Line::from(spans).render(Rect { height: 1, ..inner }, buf);
    let cursor_x = inner.x as usize + width(label) + col;
    if cursor_x < inner.right() as usize
        && let Some(cell) = buf.cell_mut((cursor_x as u16, inner.y))
    {
        cell.set_style(theme.current());
    }
}
