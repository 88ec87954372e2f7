//! The stepping TUI (issue 3): a replay of the recorded trace of a run, one event at a time.
//! It never searches on its own; live option changes re-run the core through `run::recorded`.
//!
//! - `app`: plain state and how keys reach it (it draws nothing and imports no view).
//! - `actions`: what each action of the main screen's key table does.
//! - `rerun`: changing the run on screen (live settings, another search, a comparison, another
//!   lesson), recorded in the background and put on screen at the closest step.
//! - `model`: what the app and the views both read (the current node, the tree's settings,
//!   the lesson's notes, setting names), as functions of the replay state.
//! - `layout`: the screen's regions, and where each tree node sits (drawing and clicks).
//! - `view`: one module per screen region, reading the replay state and the app.
//! - `components`: the screens and windows over the main screen, as a stack of layers that
//!   take keys top first, list their keys for the help, and draw from the app read-only.
//! - `open`: where each key that opens a component pushes it onto the layers.
//! - `partner`: the second run of a comparison, lined up by node, and the two runs' diff.
//! - `monte`: a Monte Carlo run's phase, iteration and path at a step, and its jumps.
//! - `job`: a changed run recorded off the main thread, so input stays live meanwhile.
//! - `demo`: a lesson's demo script carried out step by step with the tutor's own actions.
//! - `bookmarks`: marked steps of each run, to jump between.
//! - `open_tree`: trees from the practice side: a random one (`#`), a graded problem (`o`).
//! - `keys`: the binding table (keys and the `?` help both come from it).
//! - `play`: what `Space` plays to (every event, or the next call, cutoff, hit, store, pass).
//! - `versus`: `prune play connect4`, a game against prune's solver, with the tutor on any
//!   of prune's searches.
//! - `present`: presenter mode's state (on, palette, the pane over the tree).
//! - `line_edit`: the one-line editor of every typed line (prompts, picker filter, answers).
//! - `complete`: Tab completion of lesson names and paths in the `O` prompt.
//! - `term`: terminal modes, restored on quit, panic and termination signals.
//! - `theme`: styles; `NO_COLOR` respected, meaning never by colour alone.
//!
//! Every terminal session (the tutor, or a practice round on its own) goes through `session`
//! here and waits for input through `next_event`.

pub mod actions;
pub mod app;
pub mod bookmarks;
pub mod complete;
pub mod components;
pub mod course;
pub mod cursor;
pub mod demo;
pub mod demo_run;
pub mod inspect;
pub mod job;
pub mod keys;
pub mod layout;
pub mod legend;
pub mod line_edit;
pub mod look;
pub mod model;
pub mod monte;
pub mod open;
pub mod open_tree;
pub mod partner;
pub mod play;
pub mod predict;
pub mod present;
pub mod rerun;
pub mod simulate;
pub mod term;
pub mod theme;
pub mod versus;
pub mod view;
pub mod weights;

use std::io::{self, IsTerminal};
use std::path::PathBuf;
use std::time::Duration;

use crossterm::event::{self, Event as TermEvent, KeyEventKind};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use crate::error::{Error, Result};
use crate::lesson::{Lesson, RunSetup};
use crate::practice::Problem;
use app::App;
use components::practice::{Outcome, PracticeScreen};

type Term = Terminal<CrosstermBackend<term::Screen>>;

/// How `prune open` starts the tutor: in presenter mode, in predict mode.
#[derive(Clone, Debug, Default)]
pub struct Start {
    pub present: bool,
    pub predict: Option<predict::Ask>,
    /// In predict mode, ask why after each answer (a choice between chains).
    pub why: bool,
}

/// Opens the tutor on a lesson with a resolved run, started as `start` says.
pub fn open(lesson: Lesson, setup: RunSetup, start: Start) -> Result<()> {
    let mut lessons = Vec::new();
    if !crate::lesson::builtin_names().contains(&lesson.name.as_str()) {
        lessons.push(lesson.clone());
    }
    lessons.extend(Lesson::builtins()?);
    let mut app = App::new(lessons, lesson, setup)?.presenting(start.present);
    app.follow_course();
    run(app.predicting(start.predict, true).asking_why(start.why))
}

/// Opens the tutor on a lesson's run at `step` (`prune check --open`: prune's step where a
/// student's engine parts from the run, shown taken).
/// `said`, where given, is the first thing the footer shows there (what `prune check` found
/// different at that step).
pub fn open_at(lesson: Lesson, setup: RunSetup, step: usize, said: Option<String>) -> Result<()> {
    let mut lessons = Vec::new();
    if !crate::lesson::builtin_names().contains(&lesson.name.as_str()) {
        lessons.push(lesson.clone());
    }
    lessons.extend(Lesson::builtins()?);
    let mut app = App::new(lessons, lesson, setup)?;
    app.seek(step);
    app.message = said;
    run(app)
}

/// Opens the tutor on a saved trace, replayed as recorded, started as `start` says.
pub fn open_saved(rec: crate::index::Recorded, start: Start) -> Result<()> {
    let app = App::from_saved(rec)?.presenting(start.present);
    run(app.predicting(start.predict, true).asking_why(start.why))
}

/// Opens the tutor on the built-in lessons (what `prune` with no arguments does).
pub fn start() -> Result<()> {
    // The course in its order, at the lesson the student was on; without a readable progress
    // file, the lessons as before, and why.
    match course::CourseView::load() {
        Ok(view) => run(App::with_course(view)?),
        Err(e) => {
            let mut app = App::with_picker()?;
            app.message = Some(format!("the course's progress is not read: {e}"));
            run(app)
        }
    }
}

fn io_error(source: io::Error) -> Error {
    Error::Io {
        path: PathBuf::from("terminal"),
        source,
    }
}

/// A practice round on its own (`prune practice tui`), until the learner quits or answers
/// everything; the progress file gets every graded answer as it happens. Returns (right,
/// answered, what became of answers that could not be saved).
pub fn practice_round(problems: Vec<Problem>) -> Result<(usize, usize, Option<String>)> {
    need_terminal(
        "prune practice tui needs a terminal; for piped input use `prune practice quiz`",
    )?;
    let progress = app::load_progress()?;
    let mut round = PracticeScreen::new(problems, progress).saving(true);
    session(|terminal| round_loop(terminal, &mut round))?;
    let (right, asked) = round.score();
    Ok((right, asked, round.unsaved_note()))
}

fn need_terminal(why: &str) -> Result<()> {
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(Error::Options(why.into()));
    }
    Ok(())
}

/// Runs `body` with the terminal in the tutor's modes, restored however it ends; after a
/// termination signal the process leaves with the conventional 128 + signal status.
fn session(body: impl FnOnce(&mut Term) -> io::Result<()>) -> Result<()> {
    let session = term::enter().map_err(io_error)?;
    let result =
        Terminal::new(CrosstermBackend::new(term::Screen::default())).and_then(|mut terminal| {
            terminal.clear()?;
            body(&mut terminal)
        });
    drop(session);
    if let Some(sig) = term::signalled() {
        std::process::exit(128 + sig);
    }
    result.map_err(io_error)
}

fn gone() -> io::Error {
    io::Error::new(io::ErrorKind::BrokenPipe, "the terminal went away")
}

/// The next terminal event, or `None` after `wait` with none. A closed terminal reads as
/// endless end-of-file, which crossterm's poll and read spin on; this checks for it (an
/// error) and waits with its own poll (crossterm's buffer first).
///
/// Input the terminal holds is always read: crossterm stops after 1,024 bytes of a burst (a
/// paste, a stream of mouse motion) and waits for an edge that does not come, so when the
/// terminal is readable and crossterm has nothing, its reader is woken (`term::wake_reader`).
/// No call returns at once without an event: if crossterm still has nothing, this waits out
/// a short pause, so no loop spins.
fn next_event(wait: Duration) -> io::Result<Option<TermEvent>> {
    if term::terminal_gone() {
        return Err(gone());
    }
    let mut ready = event::poll(Duration::ZERO)?
        || (term::wait_for_input(wait) && !term::terminal_gone() && event::poll(Duration::ZERO)?);
    if !ready && term::wait_for_input(Duration::ZERO) && !term::terminal_gone() {
        term::wake_reader();
        ready = event::poll(Duration::ZERO)?;
        if !ready {
            std::thread::sleep(wait.min(STALLED_INPUT_PAUSE));
        }
    }
    if !ready {
        return Ok(None);
    }
    // Readable can mean hung up; crossterm's read would then loop on EOF forever.
    if term::terminal_gone() {
        return Err(gone());
    }
    event::read().map(Some)
}

/// How long `next_event` pauses when the terminal has input that crossterm does not read.
const STALLED_INPUT_PAUSE: Duration = Duration::from_millis(20);

/// For the end-to-end tests of restoring a terminal whose main thread is stuck: with
/// PRUNE_TEST_BLOCK_ON=PATH the loops open PATH after their first frame (a FIFO that nobody
/// writes to holds the thread in open(2) for good, as an unchecked open of one would).
fn test_block_on() -> Option<std::ffi::OsString> {
    std::env::var_os("PRUNE_TEST_BLOCK_ON")
}

/// After the process was stopped and continued, the screen was the shell's: the next frame is
/// drawn whole, not as the difference from the last one.
fn redraw_after_stop(terminal: &mut Term) -> io::Result<()> {
    if term::take_redraw() {
        terminal.clear()?;
    }
    Ok(())
}

fn round_loop(terminal: &mut Term, round: &mut PracticeScreen) -> io::Result<()> {
    let mut block_on = test_block_on();
    loop {
        if term::signalled().is_some() {
            return Ok(());
        }
        redraw_after_stop(terminal)?;
        terminal.draw(|frame| {
            let area = frame.area();
            frame.render_widget(&*round, area);
            view::printable_cells(frame.buffer_mut());
            if let Some(p) = round.cursor_position(area) {
                frame.set_cursor_position(p);
            }
        })?;
        if let Some(path) = block_on.take() {
            let _ = std::fs::File::open(path);
        }
        // A resize (or any other event) just redraws.
        if let Some(TermEvent::Key(key)) = next_event(Duration::from_millis(250))?
            && round.handle_key(key) == Outcome::Quit
        {
            return Ok(());
        }
    }
}

fn run(mut app: App) -> Result<()> {
    need_terminal("the tutor needs a terminal; for plain text use `prune run` or `prune trace`")?;
    app.background = true;
    session(|terminal| event_loop(terminal, &mut app))
}

fn event_loop(terminal: &mut Term, app: &mut App) -> io::Result<()> {
    // For the end-to-end test of terminal restoration after a panic.
    let test_panic = std::env::var_os("PRUNE_TEST_PANIC").is_some();
    let mut block_on = test_block_on();
    loop {
        if term::signalled().is_some() {
            return Ok(());
        }
        redraw_after_stop(terminal)?;
        app.poll_job();
        terminal.draw(|f| view::draw(f, app))?;
        if test_panic {
            panic!("PRUNE_TEST_PANIC is set: panicking on purpose to test terminal restoration");
        }
        if let Some(path) = block_on.take() {
            let _ = std::fs::File::open(path);
        }
        let wait = if app.pending.is_some() {
            // Redraw the job's progress, and take its result soon after it is ready.
            Duration::from_millis(40)
        } else if app.playing {
            Duration::from_millis(app.speed_ms)
        } else {
            Duration::from_millis(100)
        };
        let Some(mut event) = next_event(wait)? else {
            app.tick();
            if app.quit {
                return Ok(());
            }
            continue;
        };
        // Every event crossterm already holds is taken before the next frame (a paste, a
        // stream of mouse motion): one frame per burst, not one per byte.
        for _ in 0..BURST_EVENTS {
            match event {
                TermEvent::Key(k) if k.kind == KeyEventKind::Press => app.on_key(k),
                TermEvent::Mouse(m) => app.on_mouse(m),
                // A resize just redraws on the next pass.
                _ => {}
            }
            if app.quit {
                return Ok(());
            }
            match ready_event()? {
                Some(next) => event = next,
                None => break,
            }
        }
    }
}

/// The most events taken between two frames: a long stream still shows as it goes.
const BURST_EVENTS: usize = 512;

/// An event crossterm holds already, without waiting (`None` when it holds none).
fn ready_event() -> io::Result<Option<TermEvent>> {
    if term::signalled().is_some() || !event::poll(Duration::ZERO)? || term::terminal_gone() {
        return Ok(None);
    }
    event::read().map(Some)
}
