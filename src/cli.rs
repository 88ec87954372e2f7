//! The headless commands. Each one loads a lesson, runs the core once (or N times for
//! `bench`) and prints what the core reported.

pub mod bench;

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use std::path::Path;

use crate::error::{Error, Result};
use crate::index::Recorded;
use crate::lesson::{Lesson, Overrides, RunSetup, parse_bound};
use crate::report;
use crate::search::{Algorithm, CutRule, MAX_BUDGET};

#[derive(Parser, Debug)]
#[command(
    name = "prune",
    version,
    about = "A terminal tutor for game-tree search: minimax and alpha-beta, call by call",
    long_about = "prune runs seed 000's search (iterative deepening, alpha-beta, a bound-aware \
transposition table, move ordering, bounded quiescence and a node budget) on lesson graphs and \
shows every step. FILE is a lesson or graph JSON file, or the name of a built-in lesson \
(see `prune lessons`)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Search a lesson or graph and print the result, counters and pass history.
    Run {
        #[command(flatten)]
        run: RunArgs,
        /// Print one JSON object instead of the three text lines.
        #[arg(long)]
        json: bool,
    },
    /// Print the eight fixture runs of seed 000 from the built-in lessons.
    Fixtures,
    /// Print one row per admitted call, in admission order.
    Trace {
        #[command(flatten)]
        run: RunArgs,
        /// table: aligned for people; tsv: for scripts; jsonl: every event; json: the saved trace.
        #[arg(long, value_enum, default_value_t = TraceFormat::Table)]
        format: TraceFormat,
    },
    /// Measure calls per second with and without recording, and bytes per event.
    Bench {
        #[command(flatten)]
        run: RunArgs,
        /// Repetitions per measurement; the median is reported.
        #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        runs: u32,
    },
    /// List the built-in lessons and their run presets.
    Lessons,
    /// Open the stepping tutor on a lesson or graph file.
    Open {
        #[command(flatten)]
        run: RunArgs,
    },
    /// Practice problems: solve them in the terminal, or export and grade sets.
    Practice(crate::practice::PracticeArgs),
    /// Write the searched tree as Graphviz DOT, a Markdown trace, JSON lines or an s-expression.
    Export(crate::export::ExportArgs),
    /// Turn an s-expression tree such as (((3)(12)(8))((2)(4)(6))) into a lesson file.
    Import(crate::export::ImportArgs),
    /// Print a shell completion script.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    Table,
    Tsv,
    Jsonl,
    /// The whole recorded run as one JSON document (a saved trace every command can read).
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Switch {
    On,
    Off,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CutArg {
    /// Cut when α ≥ β (seed 000).
    Ge,
    /// Cut only when α > β (CS188).
    Gt,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    Alphabeta,
    Minimax,
}

/// The run options every command accepts.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// A lesson or graph JSON file, or a built-in lesson name.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// A run preset of the lesson (default: its first preset).
    #[arg(long, value_name = "NAME")]
    pub run: Option<String>,
    /// Start node [default: 0].
    #[arg(long, value_name = "S")]
    pub start: Option<u32>,
    /// Maximum depth, 1..=12 (required unless a preset sets it).
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u8).range(1..=12))]
    pub depth: Option<u8>,
    /// Quiescence plies after the horizon, 0..=6 [default: 0].
    #[arg(long, value_name = "Q", value_parser = clap::value_parser!(u8).range(0..=6))]
    pub qlimit: Option<u8>,
    /// Global budget of admitted calls, 1..=1000000 [default: 1000000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_BUDGET))]
    pub budget: Option<u64>,
    /// Transposition table [default: on].
    #[arg(long, value_enum, value_name = "on|off")]
    pub tt: Option<Switch>,
    /// Move ordering by hint and child score [default: off].
    #[arg(long, value_enum, value_name = "on|off")]
    pub ordering: Option<Switch>,
    /// Iterative deepening 1..D; off searches only depth D [default: on].
    #[arg(long, value_enum, value_name = "on|off")]
    pub id: Option<Switch>,
    /// Cut rule [default: ge].
    #[arg(long, value_enum)]
    pub cut: Option<CutArg>,
    /// Root window, e.g. `--window=-inf,inf` or `--window 2,5` [default: -inf,inf].
    #[arg(long, value_name = "LO,HI", allow_hyphen_values = true, value_parser = parse_window)]
    pub window: Option<(i32, i32)>,
    /// alphabeta, or minimax (no pruning, for comparison) [default: alphabeta].
    #[arg(long, value_enum)]
    pub algorithm: Option<AlgorithmArg>,
}

fn parse_window(text: &str) -> std::result::Result<(i32, i32), String> {
    let (lo, hi) = text
        .split_once(',')
        .ok_or_else(|| format!("'{text}' is not a window; write LO,HI such as -inf,inf or 2,5"))?;
    let (lo, hi) = (parse_bound(lo)?, parse_bound(hi)?);
    if lo >= hi {
        return Err(format!("the window needs LO < HI, got {text}"));
    }
    Ok((lo, hi))
}

impl RunArgs {
    pub fn overrides(&self) -> Overrides {
        let on = |s: Option<Switch>| s.map(|s| s == Switch::On);
        Overrides {
            start: self.start,
            depth: self.depth,
            qlimit: self.qlimit,
            budget: self.budget,
            table: on(self.tt),
            ordering: on(self.ordering),
            deepening: on(self.id),
            cut: self.cut.map(|c| match c {
                CutArg::Ge => CutRule::AtLeast,
                CutArg::Gt => CutRule::Strict,
            }),
            window: self.window,
            algorithm: self.algorithm.map(|a| match a {
                AlgorithmArg::Alphabeta => Algorithm::AlphaBeta,
                AlgorithmArg::Minimax => Algorithm::Minimax,
            }),
        }
    }

    /// Loads the lesson and resolves preset plus overrides.
    pub fn load(&self) -> Result<(Lesson, RunSetup)> {
        if saved_trace(&self.file) {
            return Err(Error::Options(format!(
                "{}: this is a saved trace; this command needs the lesson it came from ({})",
                self.file, "prune trace, export, open and practice trace read saved traces"
            )));
        }
        let lesson = Lesson::open(&self.file)?;
        let setup = lesson.setup(self.run.as_deref(), &self.overrides())?;
        Ok((lesson, setup))
    }
}

impl RunArgs {
    /// The recorded run FILE names: a saved trace read as it is, or a lesson run now with
    /// the preset and options given. The lesson comes along when there is one.
    pub fn recorded(&self) -> Result<(Option<Lesson>, Recorded)> {
        if saved_trace(&self.file) {
            self.refuse_run_options()?;
            return Ok((None, Recorded::load(Path::new(&self.file))?));
        }
        let (lesson, setup) = self.load()?;
        let mut rec = crate::index::record(&lesson, &setup)?;
        rec.trace.header.preset =
            (self.run.clone()).or_else(|| lesson.spec.runs.first().map(|r| r.name.clone()));
        Ok((Some(lesson), rec))
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
        ];
        let named: Vec<&str> = given.iter().filter(|g| g.1).map(|g| g.0).collect();
        if named.is_empty() {
            return Ok(());
        }
        Err(Error::Options(format!(
            "{}: a saved trace replays the run it recorded; {} would change the run (give the lesson file instead)",
            self.file,
            named.join(", ")
        )))
    }
}

/// Whether FILE is a saved trace: a regular file whose opening names the trace format.
/// Only the first bytes are read, so a lesson is still read once, by the lesson loader.
pub fn saved_trace(file: &str) -> bool {
    use std::io::Read;
    let path = Path::new(file);
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let mut head = Vec::with_capacity(4096);
    let read = std::fs::File::open(path).and_then(|f| f.take(4096).read_to_end(&mut head));
    read.is_ok() && {
        let text = String::from_utf8_lossy(&head);
        let text: String = text.split_whitespace().collect();
        text.contains(&format!("\"format\":\"{}\"", crate::trace::FORMAT))
    }
}

/// Parses the command line and runs; errors become one line on stderr and exit code 2.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    match dispatch(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("prune: error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Help and version print as usual; a bad command line gets the same one-line treatment as
/// bad input (clap's own message, without its multi-line usage footer).
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    let text = e.render().to_string();
    let message: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    eprintln!("prune: {} (see prune --help)", message.join(" "));
    ExitCode::from(2)
}

fn dispatch(cli: Cli) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    let text = match cli.command {
        None => {
            crate::tui::start()?;
            return Ok(ExitCode::SUCCESS);
        }
        Some(Command::Open { run }) => {
            let (lesson, setup) = run.load()?;
            crate::tui::open(lesson, setup)?;
            return Ok(ExitCode::SUCCESS);
        }
        Some(Command::Practice(args)) => {
            crate::practice::command(&args, crate::tui::practice_round)?
        }
        Some(Command::Export(args)) => crate::export::export(&args)?,
        Some(Command::Import(args)) => crate::export::import(&args)?,
        Some(Command::Completions { shell }) => {
            use clap::CommandFactory;
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "prune", &mut buf);
            String::from_utf8_lossy(&buf).into_owned()
        }
        Some(Command::Run { run, json }) => {
            let (lesson, setup) = run.load()?;
            let result = crate::run::plain(&lesson, &setup)?;
            let name = run.run.clone().unwrap_or_else(|| lesson.name.clone());
            if json {
                report::json(&result)
            } else {
                report::three_lines(&name, &result)
            }
        }
        Some(Command::Fixtures) => {
            let (text, pass) = report::fixtures()?;
            write_out(&mut out, &text);
            return Ok(if pass {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            });
        }
        Some(Command::Trace { run, format }) => {
            let (_, recorded) = run.recorded()?;
            match format {
                TraceFormat::Table => report::trace_table(&recorded),
                TraceFormat::Tsv => report::trace_tsv(&recorded),
                TraceFormat::Jsonl => report::trace_jsonl(&recorded),
                TraceFormat::Json => recorded.trace.to_json(),
            }
        }
        Some(Command::Bench { run, runs }) => {
            let (lesson, setup) = run.load()?;
            bench::report(&lesson, &setup, runs)?
        }
        Some(Command::Lessons) => report::lessons()?,
    };
    write_out(&mut out, &text);
    Ok(ExitCode::SUCCESS)
}

/// A closed pipe (`prune trace … | head`) is not an error worth a panic.
fn write_out(out: &mut impl Write, text: &str) {
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}

impl From<std::io::Error> for Error {
    fn from(source: std::io::Error) -> Error {
        Error::Io {
            path: "<stdout>".into(),
            source,
        }
    }
}
