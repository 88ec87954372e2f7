//! The simulate exercise on screen (`prune simulate`): the student types each step in the
//! footer's one-line editor and reads the verdict; the exercise itself (steps, grading,
//! corrections, score) is `practice::simulate`, headless. A faded exercise (`--fade`) is the
//! same screen: prune makes the steps its stage does not ask, and `n` goes on at the stage
//! reached.
//!
//! Keys: typing edits the line (`line_edit`); Enter submits it; Tab and ↓ / ↑ move a node
//! cursor on the tree over what can be picked now (issue 39, "touch the tree"): the current
//! frame's children (`visit B`) and, where the method cuts, the frame itself (`cut`); a faded
//! cutoff question offers the frame (`cut`) and the child it would go on to (`on`). The step
//! picked is put into the line and Enter submits it, so a picked step is graded by the same
//! grader as a typed one. `n` on the finished exercise starts a new tree (the next seed); Esc
//! or Ctrl-C leaves.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::practice::simulate::{Ask, Exercise, Reply, Stage};
use crate::practice::store;
use crate::tui::line_edit::{Edit, LineEdit};

/// A place the node cursor can stand on the tree, and the step it picks there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    /// The tree row's node, by name.
    pub row: String,
    /// The step as it would be typed (`visit B`, `cut`, `on`).
    pub line: String,
    /// What the row's cue says ("visit", "cut: skip the rest").
    pub what: &'static str,
}

/// What a key did to the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Continue,
    Quit,
}

/// One exercise, its input line, the last verdict and where the score is saved.
pub struct SimulateScreen {
    pub exercise: Exercise,
    pub edit: LineEdit,
    /// The answer to the last line typed, and the line.
    pub last: Option<(String, Reply)>,
    /// Where a finished exercise's score goes (`None`: nowhere, as in tests).
    place: Option<store::Place>,
    /// What became of the last finished exercise's score ("saved", or why not).
    pub saved: Option<String>,
    /// Where the node cursor stands: an index into `picks`, until the line is edited.
    choice: Option<usize>,
    /// Finished exercises of this session: (right first time, steps).
    pub history: Vec<(usize, usize)>,
    /// The stage a faded exercise moved on to with the last line typed.
    pub moved_on: Option<Stage>,
}

impl SimulateScreen {
    pub fn new(exercise: Exercise) -> SimulateScreen {
        SimulateScreen {
            exercise,
            edit: LineEdit::new(),
            last: None,
            place: None,
            saved: None,
            choice: None,
            history: Vec::new(),
            moved_on: None,
        }
    }

    /// Saves each finished exercise's score to the progress file at `place`.
    pub fn saving(mut self, place: store::Place) -> SimulateScreen {
        self.place = Some(place);
        self
    }

    pub fn handle_key(&mut self, key: KeyEvent) -> Outcome {
        if key.kind != KeyEventKind::Press {
            return Outcome::Continue;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Esc => return Outcome::Quit,
            KeyCode::Char('c') if ctrl => return Outcome::Quit,
            KeyCode::Char('n') if self.exercise.finished() && !ctrl => self.next_tree(),
            KeyCode::Enter => self.submit(),
            KeyCode::Tab | KeyCode::Down => self.cycle(1),
            KeyCode::BackTab | KeyCode::Up => self.cycle(-1),
            _ => {
                if self.edit.handle(key) == Edit::Changed {
                    self.choice = None;
                }
            }
        }
        Outcome::Continue
    }

    fn submit(&mut self) {
        if self.exercise.finished() {
            return;
        }
        let line = self.edit.text();
        let before = self.exercise.fade().map(|f| f.stage);
        let reply = self.exercise.answer(&line);
        let after = self.exercise.fade().map(|f| f.stage);
        self.moved_on = after.filter(|_| after != before);
        if !matches!(reply, Reply::Hint(_)) {
            self.edit.clear();
            self.choice = None;
        }
        self.last = Some((line, reply));
        if self.exercise.finished() {
            self.finish();
        }
    }

    /// The finished exercise's score, to the progress file.
    fn finish(&mut self) {
        let (right, steps) = self.exercise.score();
        self.history.push((right, steps));
        let last = format!(
            "{}: {right} of {steps} right first time",
            self.exercise.settings.command()
        );
        self.saved = match &self.place {
            None | Some(store::Place::Memory) => None,
            Some(store::Place::Nowhere(why)) => Some(format!("score not saved: {why}")),
            Some(store::Place::File(path)) => Some(
                match store::add_simulation(path, steps as u64, right as u64, last) {
                    Ok(_) => self
                        .course_score(right, steps)
                        .unwrap_or_else(|| format!("score saved in {}", path.display())),
                    Err(e) => format!("score not saved: {e}"),
                },
            ),
        };
    }

    /// The course's check on this method takes the exercise's score too; a faded exercise
    /// counts once it has faded to every step (a stage of one kind shows no whole search).
    fn course_score(&self, right: usize, steps: usize) -> Option<String> {
        let method = self.exercise.settings.method.name();
        match self.exercise.fade() {
            None => {
                super::course::save_score(&format!("simulate {method}"), right as u64, steps as u64)
            }
            Some(f) if f.stage == Stage::All => super::course::save_score(
                &format!("simulate {method} --fade"),
                right as u64,
                steps as u64,
            ),
            Some(f) => Some(format!(
                "saved; the course counts a faded exercise once it asks every step (now: {})",
                f.stage.name()
            )),
        }
    }

    /// A new tree: the next seed, the same shape and settings (a faded exercise goes on at
    /// the stage it reached).
    fn next_tree(&mut self) {
        if let Ok(ex) = self.exercise.next_tree() {
            self.exercise = ex;
            self.moved_on = None;
            self.last = None;
            self.saved = None;
            self.edit.clear();
            self.choice = None;
        }
    }

    /// Moves the node cursor to the next (or previous) pick and puts its step into the line.
    fn cycle(&mut self, by: isize) {
        let picks = self.picks();
        if picks.is_empty() {
            return;
        }
        let n = picks.len() as isize;
        let next = match self.choice {
            Some(i) => (i as isize + by).rem_euclid(n),
            None if by > 0 => 0,
            None => n - 1,
        } as usize;
        self.choice = Some(next);
        self.edit.set(&picks[next].line);
    }

    /// What the node cursor can stand on now, in the order ↓ and Tab go: the frame's
    /// children in trying order (`visit B`), then the frame itself where the method cuts
    /// (`cut`); at a faded cutoff question, the child the frame would go on to (`on`; the
    /// child that just returned when none is left), then the frame (`cut`). Nothing while a
    /// window or a value is asked: those are typed.
    pub fn picks(&self) -> Vec<Pick> {
        let ex = &self.exercise;
        let pick = |node: u32, line: &str, what: &'static str| Pick {
            row: ex.name(node),
            line: line.to_string(),
            what,
        };
        match ex.ask() {
            Some(Ask::Decide { frame }) => {
                let mut out: Vec<Pick> = ex
                    .child_names(frame)
                    .into_iter()
                    .map(|c| Pick {
                        line: format!("visit {c}"),
                        row: c,
                        what: "visit",
                    })
                    .collect();
                // A method that cuts has a cutoffs stage (`Stage::order`).
                if Stage::order(ex.settings.method).contains(&Stage::Cuts) {
                    out.push(pick(frame, "cut", "cut: skip the rest"));
                }
                out
            }
            Some(Ask::Cut { frame, after }) => {
                let names = ex.child_names(frame);
                let next = (names.iter().position(|c| *c == ex.name(after)))
                    .and_then(|k| names.get(k + 1).cloned())
                    .unwrap_or_else(|| ex.name(after));
                vec![
                    Pick {
                        row: next,
                        line: "on".into(),
                        what: "on: the window stays open",
                    },
                    pick(frame, "cut", "cut: skip the rest"),
                ]
            }
            _ => Vec::new(),
        }
    }

    /// The pick the node cursor stands on, while the line still holds its step.
    pub fn cursor(&self) -> Option<Pick> {
        let pick = self.picks().into_iter().nth(self.choice?)?;
        (pick.line == self.edit.text()).then_some(pick)
    }

    /// (right first time, steps graded) of the exercises finished in this session.
    pub fn totals(&self) -> (usize, usize) {
        self.history
            .iter()
            .fold((0, 0), |(r, s), &(r2, s2)| (r + r2, s + s2))
    }
}

/// `prune simulate`: exercises until the student leaves; each finished one's score goes to
/// the progress file. Returns what the session did, as lines for the shell.
pub fn run(settings: crate::practice::simulate::Settings) -> crate::error::Result<String> {
    super::need_terminal(
        "prune simulate needs a terminal (it is an exercise on screen); run it in one",
    )?;
    let exercise = Exercise::new(settings)?;
    let mut screen = SimulateScreen::new(exercise).saving(store::Place::located());
    super::session(|terminal| screen_loop(terminal, &mut screen))?;
    let (right, steps) = screen.exercise.score();
    let mut out = format!(
        "simulate seed {}: {right} of {steps} steps right first time{}\n",
        screen.exercise.settings.seed,
        if screen.exercise.finished() {
            String::new()
        } else {
            format!(
                " (left after {} of {})",
                screen.exercise.done(),
                screen.exercise.steps().len()
            )
        }
    );
    if let Some(note) = &screen.saved {
        out.push_str(&format!("{note}\n"));
    }
    out.push_str(&format!("Again: {}\n", screen.exercise.settings.command()));
    Ok(out)
}

fn screen_loop(terminal: &mut super::Term, screen: &mut SimulateScreen) -> std::io::Result<()> {
    loop {
        if super::term::signalled().is_some() {
            return Ok(());
        }
        super::redraw_after_stop(terminal)?;
        terminal.draw(|frame| {
            let area = frame.area();
            frame.render_widget(&*screen, area);
            super::view::printable_cells(frame.buffer_mut());
        })?;
        if let Some(crossterm::event::Event::Key(key)) =
            super::next_event(std::time::Duration::from_millis(250))?
            && screen.handle_key(key) == Outcome::Quit
        {
            return Ok(());
        }
    }
}
