//! Live changes record in a thread of their own when the tutor runs in a terminal: the footer
//! says what runs and how far it is, Esc stops waiting, and the finished run replaces the one
//! on screen exactly as a change made in place would.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::lesson::{Lesson, Overrides};
use prune::tui::app::App;
use prune::tui::theme::Theme;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn key(app: &mut App, c: KeyCode) {
    app.on_key(KeyEvent::new(c, KeyModifiers::NONE));
}

fn app(background: bool) -> App {
    let l = Lesson::open("000-worked-tree").unwrap();
    let setup = l.setup(Some("worked"), &Overrides::default()).unwrap();
    let mut app = App::new(vec![l.clone()], l, setup).unwrap();
    app.theme = Theme { color: false };
    app.set_background(background);
    app
}

fn last_line(app: &mut App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view::draw(f, app)).unwrap();
    let text = terminal.backend().to_string();
    let line = text.lines().last().unwrap_or_default();
    line.trim_matches('"').to_string()
}

#[test]
fn a_background_rerun_shows_its_progress_then_lands_as_an_inline_one_does() {
    let mut inline = app(false);
    key(&mut inline, KeyCode::Char('r'));
    assert!(inline.setup.options.ordering, "r turns ordering on");

    let mut a = app(true);
    key(&mut a, KeyCode::Char('r'));
    assert!(
        a.pending().is_some(),
        "the run is recorded in the background"
    );
    assert!(
        !a.setup.options.ordering,
        "the run on screen is unchanged meanwhile"
    );
    for (w, h) in [(80, 24), (200, 60)] {
        let footer = last_line(&mut a, w, h);
        assert!(footer.contains("Esc stops"), "{w}×{h}: {footer}");
        assert!(footer.trim_end().chars().count() <= w as usize);
    }
    let t = Instant::now();
    while a.pending().is_some() && t.elapsed() < Duration::from_secs(30) {
        a.poll_job();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(a.pending().is_none(), "the job finished");
    assert_eq!(a.setup, inline.setup);
    assert_eq!(a.replay.result(), inline.replay.result());
    assert_eq!(a.message, inline.message);
    assert_eq!(a.st, inline.st);
}

#[test]
fn esc_stops_waiting_and_keeps_the_run() {
    let mut a = app(true);
    let before = a.replay.result().clone();
    key(&mut a, KeyCode::Char('r'));
    key(&mut a, KeyCode::Esc);
    assert!(a.pending().is_none());
    let msg = a.message.clone().unwrap_or_default();
    assert!(msg.contains("the run on screen is unchanged"), "{msg}");
    std::thread::sleep(Duration::from_millis(50));
    a.poll_job();
    assert!(!a.setup.options.ordering);
    assert_eq!(*a.replay.result(), before);
}

/// The tutor on the worked tree with every built-in lesson in its picker, which is opened on
/// the transposition lesson's first preset.
fn picking(background: bool) -> App {
    let l = Lesson::open("000-worked-tree").unwrap();
    let setup = l.setup(Some("worked"), &Overrides::default()).unwrap();
    let mut app = App::new(Lesson::builtins().unwrap(), l, setup).unwrap();
    app.theme = Theme { color: false };
    app.set_background(background);
    let cursor = app
        .picker_items()
        .iter()
        .position(|(i, n)| app.lessons[*i].name == "000-transposition" && n == "transposition")
        .unwrap();
    app.open_picker(cursor);
    app
}

#[test]
fn a_lesson_picked_in_the_background_lands_as_one_picked_inline() {
    // Opening a lesson records its preset off the main thread too: a heavy one leaves q, Esc
    // and signals working meanwhile.
    let mut inline = picking(false);
    key(&mut inline, KeyCode::Enter);
    assert_eq!(inline.lesson.name, "000-transposition");
    assert!(inline.layers.is_empty());

    let mut a = picking(true);
    key(&mut a, KeyCode::Enter);
    assert!(
        a.pending().is_some(),
        "the preset is recorded in the background"
    );
    assert_eq!(
        a.lesson.name, "000-worked-tree",
        "the run on screen stays meanwhile"
    );
    let footer = last_line(&mut a, 100, 30);
    assert!(footer.contains("opening 000-transposition"), "{footer}");
    let t = Instant::now();
    while a.pending().is_some() && t.elapsed() < Duration::from_secs(30) {
        a.poll_job();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(a.pending().is_none(), "the job finished");
    assert_eq!(a.lesson.name, inline.lesson.name);
    assert_eq!(a.preset, inline.preset);
    assert_eq!(a.setup, inline.setup);
    assert_eq!(a.replay.result(), inline.replay.result());
    assert_eq!(a.st, inline.st);
    assert!(a.layers.is_empty());
}

#[test]
fn esc_stops_opening_a_lesson_and_keeps_the_run() {
    let mut a = picking(true);
    key(&mut a, KeyCode::Enter);
    key(&mut a, KeyCode::Esc);
    assert!(a.pending().is_none());
    let msg = a.message.clone().unwrap_or_default();
    assert!(msg.contains("stopped opening 000-transposition"), "{msg}");
    assert_eq!(a.lesson.name, "000-worked-tree");
}

/// q while a re-run records is settled by the run that re-run will be, and settled again when
/// it lands. Nothing is lost when it leaves the preset's run on screen or goes back to the
/// preset, so q quits at once. Away from the preset it asks; the footer shows the question,
/// not the job's progress, and the question is still on screen once the run has landed.
#[test]
fn q_during_a_rerun_shows_its_question_and_is_settled_when_the_run_lands() {
    let wait = |a: &mut App| {
        let t = Instant::now();
        while a.pending().is_some() && t.elapsed() < Duration::from_secs(30) {
            a.poll_job();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(a.pending().is_none(), "the job finished");
    };
    // On the preset: q is honoured at once.
    let mut a = app(true);
    key(&mut a, KeyCode::Char('r'));
    key(&mut a, KeyCode::Char('q'));
    assert!(a.quit, "nothing on screen would be lost");

    // Changed (ordering on), then the table toggled in the background: still changed.
    let mut a = app(true);
    key(&mut a, KeyCode::Char('r'));
    wait(&mut a);
    key(&mut a, KeyCode::Char('m'));
    assert!(a.pending().is_some());
    key(&mut a, KeyCode::Char('q'));
    assert!(!a.quit);
    let footer = last_line(&mut a, 80, 24);
    assert!(footer.contains("quit? live changes"), "{footer}");
    wait(&mut a);
    assert!(!a.setup.options.table, "the re-run landed");
    assert!(!a.quit);
    let footer = last_line(&mut a, 80, 24);
    assert!(footer.contains("quit? live changes"), "{footer}");
    key(&mut a, KeyCode::Char('q'));
    assert!(a.quit, "q again quits");

    // Changed, then back to the preset in the background: the run it will be loses nothing,
    // so q is honoured at once.
    let mut a = app(true);
    key(&mut a, KeyCode::Char('r'));
    wait(&mut a);
    key(&mut a, KeyCode::Char('r'));
    assert!(a.pending().is_some());
    key(&mut a, KeyCode::Char('q'));
    assert!(a.quit, "a re-run back to the preset loses nothing");
}
