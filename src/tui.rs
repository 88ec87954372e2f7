//! The stepping TUI (issue 3): a replay of the recorded trace of a run, one event at a time.
//! It never searches on its own; live option changes re-run the core through `run::recorded`.
//!
//! - `app`: plain state and how actions change it (it draws nothing and imports no view).
//! - `model`: what the app and the views both read (the current node, the tree's settings,
//!   the lesson's notes, setting names), as functions of the replay state.
//! - `layout`: the screen's regions, and where each tree node sits (drawing and clicks).
//! - `view`: one module per screen region, reading the replay state and the app.
//! - `keys`: the binding table (keys and the `?` help both come from it).
//! - `term`: terminal modes, restored on quit, panic and termination signals.
//! - `theme`: styles; `NO_COLOR` respected, meaning never by colour alone.

pub mod app;
pub mod keys;
pub mod layout;
pub mod model;
pub mod term;
pub mod theme;
pub mod view;

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Duration;

use crossterm::event::{self, Event as TermEvent, KeyEventKind};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use crate::error::{Error, Result};
use crate::lesson::{Lesson, RunSetup};
use app::App;

/// Opens the tutor on a lesson with a resolved run.
pub fn open(lesson: Lesson, setup: RunSetup) -> Result<()> {
    let mut lessons = Vec::new();
    if !crate::lesson::builtin_names().contains(&lesson.name.as_str()) {
        lessons.push(lesson.clone());
    }
    lessons.extend(Lesson::builtins()?);
    run(App::new(lessons, lesson, setup)?)
}

/// Opens the tutor on the built-in lessons (what `prune` with no arguments does).
pub fn start() -> Result<()> {
    run(App::with_picker()?)
}

fn io_error(source: io::Error) -> Error {
    Error::Io {
        path: PathBuf::from("terminal"),
        source,
    }
}

fn run(mut app: App) -> Result<()> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(Error::Options(
            "the tutor needs a terminal; for plain text use `prune run` or `prune trace`".into(),
        ));
    }
    let session = term::enter().map_err(io_error)?;
    let result = event_loop(&mut app);
    drop(session);
    if let Some(sig) = term::signalled() {
        std::process::exit(128 + sig);
    }
    result.map_err(io_error)
}

fn event_loop(app: &mut App) -> io::Result<()> {
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    terminal.clear()?;
    // For the end-to-end test of terminal restoration after a panic.
    let test_panic = std::env::var_os("PRUNE_TEST_PANIC").is_some();
    loop {
        if term::signalled().is_some() {
            return Ok(());
        }
        terminal.draw(|f| view::draw(f, app))?;
        if test_panic {
            panic!("PRUNE_TEST_PANIC is set: panicking on purpose to test terminal restoration");
        }
        let wait = if app.playing {
            Duration::from_millis(app.speed_ms)
        } else {
            Duration::from_millis(100)
        };
        // A closed terminal reads as endless end-of-file, which crossterm's poll and read spin
        // on; check for it, and wait for input with our own poll (crossterm's buffer first).
        if term::terminal_gone() {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the terminal went away",
            ));
        }
        let ready = event::poll(Duration::ZERO)?
            || (term::wait_for_input(wait)
                && !term::terminal_gone()
                && event::poll(Duration::ZERO)?);
        if ready {
            match event::read()? {
                TermEvent::Key(k) if k.kind == KeyEventKind::Press => app.on_key(k),
                TermEvent::Mouse(m) => app.on_mouse(m),
                // A resize just redraws on the next pass.
                _ => {}
            }
        } else {
            app.tick();
        }
        if app.quit {
            return Ok(());
        }
    }
}
