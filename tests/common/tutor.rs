//! The tutor as the screen tests drive it: a lesson's preset opened in `App` with colour off
//! (so a screen holds exactly what a reader sees), and the screen as TestBackend text.

use prune::lesson::{Lesson, Overrides};
use prune::tui::app::App;
use prune::tui::theme::Theme;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// Built-in lesson `lesson` on its preset `run`, colour off.
pub fn app(lesson: &str, run: &str) -> App {
    let l = Lesson::open(lesson).unwrap();
    let setup = l.setup(Some(run), &Overrides::default()).unwrap();
    let mut app = App::new(vec![l.clone()], l, setup).unwrap();
    app.theme = Theme { color: false };
    app
}

/// The whole screen at `w`×`h`, as TestBackend prints it (one quoted line per row).
pub fn screen(app: &mut App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view::draw(f, app)).unwrap();
    terminal.backend().to_string()
}

/// A widget drawn alone at `w`×`h` as plain text: one line per row, trailing blanks cut.
pub fn drawn(widget: impl ratatui::widgets::Widget, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| f.render_widget(widget, f.area())).unwrap();
    let buf = t.backend().buffer();
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A lesson written out in the test (`text`), on its preset `run`, colour off.
#[allow(dead_code)]
pub fn app_of(text: &str, run: &str) -> App {
    let l = Lesson::parse("test", text).unwrap();
    let setup = l.setup(Some(run), &Overrides::default()).unwrap();
    let mut app = App::new(vec![l.clone()], l, setup).unwrap();
    app.theme = Theme { color: false };
    app
}

/// One key press, without modifiers.
#[allow(dead_code)]
pub fn key(app: &mut App, code: crossterm::event::KeyCode) {
    app.on_key(crossterm::event::KeyEvent::new(
        code,
        crossterm::event::KeyModifiers::NONE,
    ));
}

/// The screen's rows joined into one line (a wrapped sentence reads whole).
#[allow(dead_code)]
pub fn flat(s: &str) -> String {
    s.lines()
        .map(|l| l.trim_matches('"').trim())
        .collect::<Vec<_>>()
        .join(" ")
}
