//! The lessons and their presets (`L`, and at start-up): the page keys move among the rows
//! the filter keeps, Enter opens one, Esc clears the filter and then closes; the rest edits
//! the filter (so every letter filters, q included; Ctrl-C still quits).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::buffer::Buffer;

use super::{Component, Outcome, Place, Request};
use crate::tui::app::App;
use crate::tui::keys::{KeyHelp, key};
use crate::tui::line_edit::{Edit, LineEdit};
use crate::tui::view::scroll::Shown;

pub const TITLE: &str = "Lessons (L)";
pub const KEYS: &[KeyHelp] = &[
    key("↑↓", "the row above / below"),
    key("PgUp PgDn", "a page up / down"),
    key("Home End", "the first / last row"),
    key("Enter", "open the lesson on this preset"),
    key("letters", "filter by lesson, title or preset"),
    key("Esc", "clear the filter, then close"),
    key("^C", "quit"),
];

/// The row the cursor is on (an index into `App::picker_items`) and the filter typed so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picker {
    pub cursor: usize,
    pub filter: LineEdit,
}

impl Picker {
    /// The picker on row `cursor`, with no filter.
    pub fn at(cursor: usize) -> Picker {
        Picker {
            cursor,
            filter: LineEdit::new(),
        }
    }

    /// The row a key moves the cursor to (`None`: it did not move), or what else it does.
    fn target(&mut self, key: KeyEvent, app: &App) -> Result<Option<usize>, Outcome> {
        let cursor = self.cursor;
        let matches = app.picker_matches(&self.filter.text());
        let at = matches.iter().position(|&i| i == cursor);
        let page = crate::tui::view::picker::page(app).max(2) - 1;
        let last = matches.len().saturating_sub(1);
        let moved = |to: usize| matches.get(to.min(last)).copied();
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let paged = |down: bool| {
            moved(at.map_or(0, |a| {
                page_from(&app.picker_items(), &matches, a, page, down)
            }))
        };
        Ok(match key.code {
            KeyCode::Char('c') if ctrl => return Err(Outcome::Then(Request::Quit)),
            KeyCode::Esc if self.filter.is_empty() => return Err(Outcome::Close),
            KeyCode::Esc => {
                self.filter.clear();
                Some(cursor)
            }
            KeyCode::Enter if at.is_some() => return Err(Outcome::Then(Request::Pick(cursor))),
            KeyCode::Enter => {
                return Err(Outcome::Then(Request::Say(
                    "no lesson matches the filter; Esc clears it".into(),
                )));
            }
            KeyCode::Up => moved(at.map_or(0, |a| a.saturating_sub(1))),
            KeyCode::Down => moved(at.map_or(0, |a| a + 1)),
            KeyCode::PageUp => paged(false),
            KeyCode::PageDown => paged(true),
            KeyCode::Home if !ctrl => moved(0),
            KeyCode::End if !ctrl => moved(last),
            _ => match self.filter.handle(key) {
                // The cursor stays on its row while the row still matches, else goes to the
                // first that does.
                Edit::Changed => {
                    let kept = app.picker_matches(&self.filter.text());
                    Some(if kept.contains(&cursor) {
                        cursor
                    } else {
                        kept.first().copied().unwrap_or(cursor)
                    })
                }
                Edit::Moved | Edit::Ignored => Some(cursor),
            },
        })
    }
}

impl Component<App> for Picker {
    fn title(&self) -> &'static str {
        TITLE
    }

    fn keys(&self) -> &'static [KeyHelp] {
        KEYS
    }

    fn handle_key(&mut self, key: KeyEvent, app: &mut App) -> Outcome {
        match self.target(key, app) {
            Ok(to) => {
                self.cursor = to.unwrap_or(self.cursor);
                Outcome::Stay
            }
            Err(outcome) => outcome,
        }
    }

    fn draw(&self, app: &App, at: &Place, buf: &mut Buffer) -> Option<Shown> {
        crate::tui::view::picker::draw(app, self.cursor, &self.filter, at.screen, buf);
        None
    }
}

/// The kept run a page away from `matches[at]`: as far as `page` rows reach, counting the
/// lesson headings between them (the window shows them too), and at least one run.
fn page_from(
    items: &[(usize, String)],
    matches: &[usize],
    at: usize,
    page: usize,
    down: bool,
) -> usize {
    // The row of each kept run in the window's list: runs and headings before it.
    let mut rows = Vec::with_capacity(matches.len());
    let mut row = 0usize;
    for (k, &i) in matches.iter().enumerate() {
        if k == 0 || items[matches[k - 1]].0 != items[i].0 {
            row += 1;
        }
        rows.push(row);
        row += 1;
    }
    let reach = |k: usize| rows[k].abs_diff(rows[at]) <= page;
    if down {
        let mut k = (at + 1).min(matches.len() - 1);
        while k + 1 < matches.len() && reach(k + 1) {
            k += 1;
        }
        k
    } else {
        let mut k = at.saturating_sub(1);
        while k > 0 && reach(k - 1) {
            k -= 1;
        }
        k
    }
}
