//! Where a command's run comes from: a saved trace read as it is, or a lesson run now.

use std::path::Path;

use super::args::{CheckArgs, GameArg, LeavesArg, RunArgs, ScoresArg};
use crate::error::{Error, Result};
use crate::game::model::{GameSpec, LeavesSpec, ScoresSpec};
use crate::index::{CallRows, Recorded};
use crate::lesson::{Lesson, RunSetup};

impl RunArgs {
    /// FILE, or "" when a game is given instead (clap requires one of them).
    fn file(&self) -> &str {
        self.file.as_deref().unwrap_or("")
    }

    /// Whether FILE names a saved trace.
    fn is_saved(&self) -> bool {
        self.file.as_deref().is_some_and(saved_trace)
    }

    /// Loads the lesson and resolves preset plus overrides.
    pub fn load(&self) -> Result<(Lesson, RunSetup)> {
        if self.is_saved() {
            return Err(Error::Options(format!(
                "{}: this is a saved trace; this command needs the lesson it came from ({})",
                self.file(),
                "prune trace, export, open and practice trace read saved traces"
            )));
        }
        let lesson = match self.game_spec()? {
            Some(game) => Lesson::of_game(&game)?,
            None => {
                self.refuse_game_options("a lesson file")?;
                Lesson::open(self.file())?
            }
        };
        self.check_ranges(&lesson)?;
        let setup = lesson.setup(self.run.as_deref(), &self.overrides())?;
        let uniform = matches!(self.game, Some(GameArg::Uniform));
        let samples = setup.options.family().samples();
        if samples {
            // A Monte Carlo run has no table, no move ordering, no deepening and no depth to
            // stop at (it plays each game to its end); a uniform tree's --depth is its shape.
            self.refuse(
                &[
                    ("--depth", self.depth.is_some() && !uniform),
                    ("--tt", self.tt.is_some()),
                    ("--ordering", self.ordering.is_some()),
                    ("--id", self.id.is_some()),
                ],
                "a Monte Carlo run (it keeps no table, orders no moves, does not deepen and plays every game to its end; --iterations sets its length)",
            )?;
        }
        // `--seed` seeds a uniform tree's leaves or a Monte Carlo run's draws, nothing else.
        if self.seed.is_some() && !uniform && !samples {
            return Err(Error::Options(
                "--seed applies to a uniform tree (--game uniform) or a Monte Carlo run (--algorithm mcts)"
                    .into(),
            ));
        }
        Ok((lesson, setup))
    }

    /// The game `--game` and its options name (`None` without `--game`).
    pub(super) fn game_spec(&self) -> Result<Option<GameSpec>> {
        let Some(game) = self.game else {
            return Ok(None);
        };
        Ok(Some(match game {
            GameArg::Connect4 => {
                self.refuse(
                    &[
                        ("--board", self.board.is_some()),
                        ("--scores", self.scores.is_some()),
                        ("--branching", self.branching.is_some()),
                        ("--leaves", self.leaves.is_some()),
                    ],
                    "Connect Four",
                )?;
                let (width, height) = self.size.unwrap_or((7, 6));
                GameSpec::Connect4 {
                    width,
                    height,
                    moves: self.position.clone().unwrap_or_default(),
                    rules: crate::game::connect4::Rules::PLAIN,
                }
            }
            GameArg::Tictactoe => {
                self.refuse(
                    &[
                        ("--branching", self.branching.is_some()),
                        ("--leaves", self.leaves.is_some()),
                        ("--position", self.position.is_some()),
                        ("--size", self.size.is_some()),
                    ],
                    "tic-tac-toe",
                )?;
                GameSpec::Tictactoe {
                    board: self.board.clone().unwrap_or_default(),
                    scores: match self.scores {
                        Some(ScoresArg::Depth) => ScoresSpec::Depth,
                        Some(ScoresArg::Mate) => ScoresSpec::Mate,
                        Some(ScoresArg::Plain) | None => ScoresSpec::Plain,
                    },
                }
            }
            GameArg::Uniform => {
                self.refuse(
                    &[
                        ("--board", self.board.is_some()),
                        ("--scores", self.scores.is_some()),
                        ("--position", self.position.is_some()),
                        ("--size", self.size.is_some()),
                    ],
                    "a uniform tree",
                )?;
                let missing = |what: &str| Error::Options(format!("--game uniform needs {what}"));
                GameSpec::Uniform {
                    branching: self.branching.ok_or_else(|| missing("--branching B"))?,
                    depth: self.depth.ok_or_else(|| missing("--depth D"))? as u64,
                    leaves: match self
                        .leaves
                        .ok_or_else(|| missing("--leaves best|worst|random|distinct"))?
                    {
                        LeavesArg::Best => LeavesSpec::Best,
                        LeavesArg::Worst => LeavesSpec::Worst,
                        LeavesArg::Random => LeavesSpec::Random,
                        LeavesArg::Distinct => LeavesSpec::Distinct,
                    },
                    seed: self.seed.unwrap_or(0),
                }
            }
        }))
    }

    /// The Connect Four game the command line names, with the rules of a solver stage
    /// (`--stage` and `--positions` are Connect Four's alone).
    pub(super) fn connect4_with(
        &self,
        rules: crate::game::connect4::Rules,
    ) -> Result<crate::game::connect4::ConnectFour> {
        let Some(GameSpec::Connect4 {
            width,
            height,
            moves,
            ..
        }) = self.game_spec()?
        else {
            return Err(Error::Options(
                "--stage and --positions apply to Connect Four (--game connect4)".into(),
            ));
        };
        crate::game::connect4::ConnectFour::new(width, height, &moves, rules)
            .map_err(|why| Error::Options(format!("Connect Four: {why}")))
    }

    /// Whether `prune run` asks for a Connect Four position's value: no depth or budget
    /// bounds the search, so the solver's strongest stage answers (prune's engine would
    /// search to the end of the game for hours). Engine switches given without `--depth` are
    /// refused: they would not be the solver's.
    pub(super) fn solves_connect4(&self) -> Result<bool> {
        if self.game != Some(GameArg::Connect4) || self.depth.is_some() || self.budget.is_some() {
            return Ok(false);
        }
        self.refuse(
            &[
                ("--algorithm", self.algorithm.is_some()),
                ("--tt", self.tt.is_some()),
                ("--ordering", self.ordering.is_some()),
                ("--id", self.id.is_some()),
                ("--cut", self.cut.is_some()),
                ("--window", self.window.is_some()),
                ("--aspiration", self.aspiration.is_some()),
                ("--qlimit", self.qlimit.is_some()),
            ],
            "a Connect Four run without --depth, which the solver answers (prune's own search engine runs with --depth, as many as the empty cells)",
        )?;
        Ok(true)
    }

    /// Game options given where they do not apply are errors, not silently ignored.
    fn refuse(&self, given: &[(&str, bool)], to: &str) -> Result<()> {
        let named: Vec<&str> = given.iter().filter(|g| g.1).map(|g| g.0).collect();
        if named.is_empty() {
            return Ok(());
        }
        Err(Error::Options(format!(
            "{} do{} not apply to {to}",
            named.join(", "),
            if named.len() == 1 { "es" } else { "" }
        )))
    }

    fn refuse_game_options(&self, to: &str) -> Result<()> {
        self.refuse(
            &[
                ("--board", self.board.is_some()),
                ("--scores", self.scores.is_some()),
                ("--branching", self.branching.is_some()),
                ("--leaves", self.leaves.is_some()),
                ("--position", self.position.is_some()),
                ("--size", self.size.is_some()),
            ],
            &format!("{to} (they go with --game)"),
        )
    }

    /// `--depth` and `--budget` against the game's own limits, worded as clap words a range
    /// (the ranges depend on the game, so clap cannot check them).
    fn check_ranges(&self, lesson: &Lesson) -> Result<()> {
        let limits = lesson.model.limits();
        let out_of = |option: &str, value: u64, lo: u64, hi: u64| {
            Error::Options(format!(
                "invalid value '{value}' for '{option}': {value} is not in {lo}..={hi} (see prune --help)"
            ))
        };
        if let Some(d) = self.depth
            && !(1..=limits.max_depth).contains(&d)
        {
            return Err(out_of("--depth <D>", d as u64, 1, limits.max_depth as u64));
        }
        if let Some(b) = self.budget
            && !(1..=limits.max_budget).contains(&b)
        {
            return Err(out_of("--budget <N>", b, 1, limits.max_budget));
        }
        Ok(())
    }

    /// The recorded run FILE names: a saved trace read as it is, or a lesson run now with
    /// the preset and options given. The lesson comes along when there is one.
    pub fn recorded(&self) -> Result<(Option<Lesson>, Recorded)> {
        if self.is_saved() {
            self.refuse_run_options()?;
            return Ok((None, Recorded::load(Path::new(self.file()))?));
        }
        let (lesson, setup) = self.load()?;
        let mut rec = crate::index::record(&lesson, &setup)?;
        rec.trace.header.preset =
            (self.run.clone()).or_else(|| lesson.spec.runs.first().map(|r| r.name.clone()));
        Ok((Some(lesson), rec))
    }

    /// The call rows FILE names, for the views that show nothing else (the trace table and
    /// tsv): a saved trace read as it is, or a lesson indexed as it runs, without recording
    /// its events or keeping its calls (any run then needs the memory of its open frames).
    pub fn call_rows(&self) -> Result<Box<dyn CallRows>> {
        if self.is_saved() {
            return Ok(Box::new(self.recorded()?.1));
        }
        let (lesson, setup) = self.load()?;
        if lesson.model.has_own_root() {
            // A game's positions are named by the recorded run's catalog.
            return Ok(Box::new(self.recorded()?.1));
        }
        Ok(Box::new(crate::index::calls_only(&lesson, &setup)?))
    }

    /// What `prune trace` writes as a table or tsv: a search's call rows (`call_rows`), or a
    /// sampling search's recorded run, whose rows are its iterations (they are read off the
    /// index's Monte Carlo tree, which only a recorded run has).
    pub fn trace_rows(&self) -> Result<TraceRows> {
        if self.is_saved() {
            let rec = self.recorded()?.1;
            return Ok(if rec.options().family().samples() {
                TraceRows::Iterations(Box::new(rec))
            } else {
                TraceRows::Calls(Box::new(rec))
            });
        }
        let (lesson, setup) = self.load()?;
        if setup.options.family().samples() {
            return Ok(TraceRows::Iterations(Box::new(self.recorded()?.1)));
        }
        if lesson.model.has_own_root() {
            // A game's positions are named by the recorded run's catalog.
            return Ok(TraceRows::Calls(Box::new(self.recorded()?.1)));
        }
        if let Some(note) = super::estimate::trace_note(&lesson, &setup) {
            use std::io::Write as _;
            let line = format!("prune: {}\n", crate::text::one_line(&note));
            let _ = std::io::stderr().write_all(line.as_bytes());
        }
        Ok(TraceRows::Calls(Box::new(crate::index::calls_only(
            &lesson, &setup,
        )?)))
    }

    /// A saved trace is replayed as recorded: options that would change the run are errors.
    fn refuse_run_options(&self) -> Result<()> {
        let given = [
            ("--run", self.run.is_some()),
            ("--start", self.start.is_some()),
            ("--depth", self.depth.is_some()),
            ("--qlimit", self.qlimit.is_some()),
            ("--budget", self.budget.is_some()),
            ("--tt", self.tt.is_some()),
            ("--ordering", self.ordering.is_some()),
            ("--id", self.id.is_some()),
            ("--cut", self.cut.is_some()),
            ("--window", self.window.is_some()),
            ("--algorithm", self.algorithm.is_some()),
            ("--aspiration", self.aspiration.is_some()),
            ("--pitfall", self.pitfall.is_some()),
            ("--board", self.board.is_some()),
            ("--scores", self.scores.is_some()),
            ("--branching", self.branching.is_some()),
            ("--leaves", self.leaves.is_some()),
            ("--seed", self.seed.is_some()),
        ];
        let named: Vec<&str> = given.iter().filter(|g| g.1).map(|g| g.0).collect();
        if named.is_empty() {
            return Ok(());
        }
        Err(Error::Options(format!(
            "{}: a saved trace replays the run it recorded; {} would change the run (give the lesson file instead)",
            self.file(),
            named.join(", ")
        )))
    }
}

/// The rows of `prune trace`'s table and tsv.
pub enum TraceRows {
    Calls(Box<dyn CallRows>),
    Iterations(Box<Recorded>),
}

/// Whether FILE is a saved trace: not a built-in lesson's name (which always means the
/// built-in), and a regular file whose JSON is shaped as a trace (`saved::trace_shaped`: its
/// first key). Only the first bytes are read, so a lesson is still read once, by the lesson
/// loader, and a FIFO or device is never opened here.
pub fn saved_trace(file: &str) -> bool {
    if Lesson::is_builtin(file) {
        return false;
    }
    match crate::input::open_text(Path::new(file), u64::MAX, 4096) {
        Ok(reader) => crate::index::saved::trace_shaped(reader),
        Err(_) => false,
    }
}

/// The game `prune check --game` names, as a lesson of nothing but that game (`None`
/// without `--game`): Connect Four from `--position` on a `--size` (or `--width` and
/// `--height`) board, under the rules people play by.
pub(super) fn check_game(args: &CheckArgs) -> Result<Option<Lesson>> {
    let Some(game) = args.game else {
        return Ok(None);
    };
    if game != GameArg::Connect4 {
        return Err(Error::Options(
            "prune check --game takes connect4; tic-tac-toe is checked against a lesson (--against 004-tictactoe-games)".into(),
        ));
    }
    let (width, height) = match (args.size, args.width, args.height) {
        (Some(size), _, _) => size,
        (None, Some(w), Some(h)) => (w, h),
        _ => (7, 6),
    };
    let moves = args.position.clone().unwrap_or_default();
    let rules = crate::game::connect4::Rules::PLAIN;
    // Built once here for its message: a board or position the game refuses, said as the
    // game says it.
    crate::game::connect4::ConnectFour::new(width, height, &moves, rules)
        .map_err(|why| Error::Options(format!("Connect Four: {why}")))?;
    let spec = GameSpec::Connect4 {
        width,
        height,
        moves,
        rules,
    };
    Lesson::of_game(&spec).map(Some)
}

/// Reads `text` (named `origin`) against the run the options name: the lesson's preset or
/// the game, the root window, the search (for a game) and the scale of the scores.
pub(super) fn check_read(
    args: &CheckArgs,
    open: &dyn Fn() -> Result<Lesson>,
    origin: &str,
    text: &str,
) -> Result<(crate::check::Against, Vec<crate::check::read::Given>)> {
    let over = crate::lesson::Overrides {
        window: args.window,
        algorithm: args.algorithm,
        ..crate::lesson::Overrides::default()
    };
    crate::check::read_scaled(open, args.run.as_deref(), &over, args.scores, origin, text)
}
