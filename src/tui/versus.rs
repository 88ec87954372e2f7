//! `prune play connect4`: the student plays Connect Four against prune in the terminal, and
//! after any prune move opens the tutor on the search that chose it. The game is plain state
//! (the columns played); prune's replies come from `run::reply` (the solver tutorial's
//! strongest stage, capped); `view::versus` draws the screen, the board through the tutor's
//! own board pane.
//!
//! Keys: `1`…`9` drop a stone in that column; ← → choose a column and Enter (or ↓, Space)
//! drops it; `t` opens the tutor on prune's last search (`q` there comes back); `n` a new
//! game; `q`, Esc or Ctrl-C leave.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::error::{Error, Result};
use crate::game::Game;
use crate::game::connect4::{ConnectFour, Rules};
use crate::lesson::{Lesson, RunSetup};
use crate::run::reply::{self, Reach, Reply};

/// The most positions the tutor records of one reply's search: a larger search is shown as
/// the longest look-ahead of the same stage that stays under it, and said so.
pub const RECORD_CAP: u64 = 100_000;

/// How a game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub width: u8,
    pub height: u8,
    /// The columns played before the game starts, 1-based.
    pub start: String,
    /// Whether prune plays the first move of the game from `start`.
    pub prune_first: bool,
    /// The most positions one of prune's searches explores.
    pub cap: u64,
}

/// What a key did to the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Continue,
    /// Open the tutor on prune's last search.
    Tutor,
    Quit,
}

/// Prune's last move: the position it answered and how.
#[derive(Clone, Debug, PartialEq)]
pub struct Last {
    /// The columns played before prune's move.
    pub before: String,
    pub reply: Reply,
    pub seconds: f64,
}

pub struct Versus {
    pub settings: Settings,
    /// Every column played, 1-based, from the empty board.
    pub moves: String,
    /// The column the arrows have chosen, 0-based.
    pub cursor: u8,
    /// Prune is to move and has not yet answered (the loop draws, then calls `think`).
    pub thinking: bool,
    pub last: Option<Last>,
    /// What the last key or move did, for the line under the board.
    pub message: String,
    /// Whether the student plays X (the side to move at an even number of stones).
    pub student_x: bool,
}

impl Versus {
    /// A game as `settings` say; the start is checked (a one-line error otherwise).
    pub fn new(settings: Settings) -> Result<Versus> {
        let game = position(&settings, &settings.start)?;
        let x_to_move = game.root.first_to_move();
        let mut v = Versus {
            cursor: settings.width / 2,
            moves: settings.start.trim().to_string(),
            thinking: false,
            last: None,
            message: String::new(),
            student_x: x_to_move != settings.prune_first,
            settings,
        };
        v.thinking = v.prune_to_move();
        v.message = if v.thinking {
            "prune is thinking…".into()
        } else {
            format!(
                "you play {}: a column's number, or ← → and Enter",
                if v.student_x { "X" } else { "O" }
            )
        };
        Ok(v)
    }

    /// The position now, under the game's own rules.
    pub fn game(&self) -> ConnectFour {
        position(&self.settings, &self.moves).expect("every move played was checked")
    }

    pub fn over(&self) -> bool {
        let g = self.game();
        g.move_count(g.root) == 0
    }

    fn prune_to_move(&self) -> bool {
        !self.over() && self.game().root.first_to_move() != self.student_x
    }

    pub fn handle_key(&mut self, key: KeyEvent) -> Outcome {
        if key.kind != KeyEventKind::Press {
            return Outcome::Continue;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let width = self.settings.width;
        match key.code {
            KeyCode::Char('c') if ctrl => return Outcome::Quit,
            KeyCode::Esc | KeyCode::Char('q') => return Outcome::Quit,
            KeyCode::Char('t') if self.last.is_some() => return Outcome::Tutor,
            KeyCode::Char('t') => {
                self.message = "prune has not moved yet: no search to open".into()
            }
            KeyCode::Char('n') => self.restart(),
            KeyCode::Left => self.cursor = self.cursor.checked_sub(1).unwrap_or(width - 1),
            KeyCode::Right => self.cursor = (self.cursor + 1) % width,
            KeyCode::Enter | KeyCode::Down | KeyCode::Char(' ') => self.drop_in(self.cursor),
            KeyCode::Char(d @ '1'..='9') => {
                let c = d as u8 - b'1';
                if c < width {
                    self.cursor = c;
                    self.drop_in(c);
                } else {
                    self.message = format!("the columns are 1 to {width}");
                }
            }
            _ => {}
        }
        Outcome::Continue
    }

    /// The student's stone in column `c` (0-based), when it is their turn and there is room.
    fn drop_in(&mut self, c: u8) {
        if self.over() {
            self.message = "the game is over: n for a new game, q to quit".into();
            return;
        }
        if self.thinking {
            return;
        }
        let tried = format!("{}{}", self.moves, c + 1);
        match position(&self.settings, &tried) {
            Ok(_) => {
                self.moves = tried;
                self.message = format!("you played column {}", c + 1);
                self.thinking = self.prune_to_move();
                if self.over() {
                    self.message = self.result();
                }
            }
            Err(_) => self.message = format!("column {} is full", c + 1),
        }
    }

    /// Prune's move, when it is prune's turn: its strongest stage, capped.
    pub fn think(&mut self) {
        if !self.thinking {
            return;
        }
        self.thinking = false;
        let s = &self.settings;
        let clock = Instant::now();
        match reply::choose(s.width, s.height, &self.moves, s.cap) {
            Ok(Some(r)) => {
                let before = self.moves.clone();
                self.moves.push(char::from(b'1' + r.column));
                self.cursor = r.column;
                self.last = Some(Last {
                    before,
                    reply: r,
                    seconds: clock.elapsed().as_secs_f64(),
                });
                self.message = if self.over() {
                    self.result()
                } else {
                    "your move".into()
                };
            }
            Ok(None) => self.message = self.result(),
            Err(e) => self.message = format!("prune could not move: {e}"),
        }
    }

    /// How the game ended, from the student's side.
    pub fn result(&self) -> String {
        let g = self.game();
        let s = g.root;
        if !s.last_mover_won(&g.shape) {
            return "a draw: the board is full. n for a new game, q to quit".into();
        }
        // The last mover was X when an odd number of stones is down.
        let x_won = !s.first_to_move();
        if x_won == self.student_x {
            "you win: four in a row! n for a new game, q to quit".into()
        } else {
            "prune wins: four in a row. n for a new game, q to quit".into()
        }
    }

    fn restart(&mut self) {
        if let Ok(v) = Versus::new(self.settings.clone()) {
            *self = v;
        }
    }

    /// The tutor's lesson on prune's last search, and the line its footer opens with: the
    /// search itself when it is small enough to record, else the longest look-ahead of the
    /// same stage that is, and said so.
    pub fn tutor(&self) -> Result<(Lesson, RunSetup, String)> {
        let Some(last) = &self.last else {
            return Err(Error::Options("prune has not moved yet".into()));
        };
        let s = &self.settings;
        let r = &last.reply;
        let col = r.column + 1;
        let shown = reply::recordable(s.width, s.height, &last.before, r, RECORD_CAP)?;
        let Some((reach, explored)) = shown else {
            return Err(Error::Options(format!(
                "the search that chose column {col} is too big to record, and so is a look-ahead of one move"
            )));
        };
        let mut said = vec![format!(
            "prune chose column {col} with stage {}: it {}, score {} from prune's side, {} positions explored.",
            reply::strongest().part,
            r.reach.says(),
            r.score,
            crate::size::group_digits(&r.explored.to_string())
        )];
        let note = if reach == r.reach {
            format!(
                "the search that chose column {col} ({}); the checks of each column that found it are not shown",
                short(reach)
            )
        } else {
            said.push(format!(
                "That search explored more than the tutor records ({RECORD_CAP} positions); shown instead: the same stage looking {} moves ahead ({} positions), not the search that chose the move.",
                reach.horizon().unwrap_or(0),
                crate::size::group_digits(&explored.to_string())
            ));
            format!(
                "not the search that chose column {col} (too big to record): the same stage {}",
                short(reach)
            )
        };
        let (lesson, setup) = reply::lesson(s.width, s.height, &last.before, reach, &said)?;
        Ok((lesson, setup, note))
    }
}

/// How far a shown search looked, in a few words.
fn short(reach: Reach) -> String {
    match reach {
        Reach::Solved => "solved to the end".into(),
        Reach::Ahead(n) => format!(
            "looking {n} moves ahead, positions there counted as 0 unless won or lost at once"
        ),
    }
}

/// The position `moves` reaches on the settings' board, every rule checked.
fn position(settings: &Settings, moves: &str) -> Result<ConnectFour> {
    ConnectFour::new(settings.width, settings.height, moves, Rules::PLAIN)
        .map_err(|why| Error::Options(format!("Connect Four: {why}")))
}

/// `prune play connect4`: games until the student leaves. Returns the moves of the game on
/// screen when they left, so it can be taken up again with `--position`.
pub fn run(settings: Settings) -> Result<String> {
    super::need_terminal("prune play needs a terminal (it is a game on screen); run it in one")?;
    let mut v = Versus::new(settings)?;
    super::session(|terminal| play_loop(terminal, &mut v))?;
    let moves = if v.moves.is_empty() { "-" } else { &v.moves };
    Ok(format!("the game's moves: {moves}\n"))
}

fn play_loop(terminal: &mut super::Term, v: &mut Versus) -> std::io::Result<()> {
    loop {
        if super::term::signalled().is_some() {
            return Ok(());
        }
        super::redraw_after_stop(terminal)?;
        draw(terminal, v)?;
        if v.thinking {
            v.think();
            continue;
        }
        let Some(crossterm::event::Event::Key(key)) =
            super::next_event(std::time::Duration::from_millis(250))?
        else {
            continue;
        };
        match v.handle_key(key) {
            Outcome::Quit => return Ok(()),
            Outcome::Tutor => open_tutor(terminal, v)?,
            Outcome::Continue => {}
        }
    }
}

fn draw(terminal: &mut super::Term, v: &Versus) -> std::io::Result<()> {
    terminal.draw(|frame| {
        frame.render_widget(v, frame.area());
        super::view::printable_cells(frame.buffer_mut());
    })?;
    Ok(())
}

/// The tutor on prune's last search, in the same terminal; its `q` comes back to the game.
fn open_tutor(terminal: &mut super::Term, v: &mut Versus) -> std::io::Result<()> {
    let before = std::mem::replace(
        &mut v.message,
        "recording prune's search for the tutor…".into(),
    );
    draw(terminal, v)?;
    let app = v.tutor().and_then(|(lesson, setup, note)| {
        let mut app = super::app::App::new(vec![lesson.clone()], lesson, setup)?;
        app.message = Some(note);
        Ok(app)
    });
    v.message = match app {
        Ok(mut app) => {
            app.background = true;
            super::event_loop(terminal, &mut app)?;
            terminal.clear()?;
            before
        }
        Err(e) => format!("the tutor cannot open: {e}"),
    };
    Ok(())
}
