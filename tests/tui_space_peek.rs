use prune::lesson::{Lesson, Overrides};
use prune::tui::app::App;
use prune::tui::theme::Theme;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn app(lesson: &str, run: &str) -> App {
    let l = Lesson::open(lesson).unwrap();
    let setup = l.setup(Some(run), &Overrides::default()).unwrap();
    let mut app = App::new(vec![l.clone()], l, setup).unwrap();
    app.theme = Theme { color: false };
    app
}
fn screen(app: &mut App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view::draw(f, app)).unwrap();
    terminal.backend().to_string()
}
fn key(a: &mut App, s: &str) { for c in s.chars() { a.on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)); } }

#[test]
fn peek() {
    let spec = std::env::var("PEEK").unwrap();
    // lesson|run|keys|WxH
    let p: Vec<&str> = spec.split('|').collect();
    let mut a = app(p[0], p[1]);
    let (w, h) = p[3].split_once('x').map(|(a, b)| (a.parse().unwrap(), b.parse().unwrap())).unwrap();
    screen(&mut a, w, h);
    for k in p[2].split(',').filter(|k| !k.is_empty()) {
        match k {
            "PgDn" => a.on_key(KeyEvent::new(KeyCode::PageDown, KeyModifiers::NONE)),
            "Down" => a.on_key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE)),
            k => key(&mut a, k),
        }
        screen(&mut a, w, h);
    }
    println!("{}", screen(&mut a, w, h));
}
