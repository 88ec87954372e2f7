//! The headless commands. Each one loads a lesson, runs the core once (or N times for
//! `bench`) and prints what the core reported.

pub mod args;
pub mod bench;
mod chart_cmd;
mod check_cmd;
mod check_watch;
pub mod count;
mod diff_cmd;
mod estimate;
pub mod lesson_check;
mod practice_cmd;
mod simulate_cmd;
mod size_cmd;
mod source;

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command, PracticeCommand, TraceFormat};

use crate::error::{Error, Result};
use crate::report;
use crate::text::{self, Printable};

/// Parses the command line and runs; errors become one line on stderr and exit code 2.
///
/// All of a command's text goes to stdout through one buffered writer that escapes control
/// characters (`crate::text::Printable`), so nothing from a lesson, set or answer file can
/// drive the terminal. A write error ends the command: a closed pipe (`| head`) quietly with
/// exit code 0, any other (a full disk) with exit code 2 and the reason.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let done = match out_file(&cli) {
        Some(path) => dispatch_to_file(cli, &path),
        None => {
            // Not a held lock: the tutor runs inside `dispatch`, and nothing in it may wait on
            // stdout.
            let mut out = Printable::new(BufWriter::with_capacity(1 << 16, std::io::stdout()));
            dispatch(cli, &mut out).and_then(|code| {
                let mut inner = out.into_inner()?;
                inner.flush()?;
                Ok(code)
            })
        }
    };
    match done {
        Ok(code) => code,
        Err(e) if e.is_closed_stdout() => ExitCode::SUCCESS,
        Err(e) => fail(&format!("error: {e}")),
    }
}

/// The file a command writes with `--out`, if it was given one.
fn out_file(cli: &Cli) -> Option<PathBuf> {
    match &cli.command {
        Some(Command::Import(args)) => args.out.clone(),
        Some(Command::Export(args)) => args.out.clone(),
        Some(Command::Trace { out, .. }) => out.clone(),
        Some(Command::Chart(args)) => args.out.clone(),
        Some(Command::Practice(args)) => match &args.command {
            Some(PracticeCommand::Export { out, .. } | PracticeCommand::Key { out, .. }) => {
                out.clone()
            }
            _ => None,
        },
        _ => None,
    }
}

/// Runs a command whose text goes to the file `path` instead of stdout, through
/// `crate::save`: the file is replaced only once the whole text is on disk, so a failed
/// command or a full disk leaves the old file as it was. The text is what stdout would get
/// (control characters escaped); stdout then says where it went.
fn dispatch_to_file(cli: Cli, path: &Path) -> Result<ExitCode> {
    // Before any work: a FIFO, a device or a directory at `path` is refused by name.
    let mut saver = crate::save::Saver::create(path)?;
    let done = {
        let mut out = Printable::new(BufWriter::with_capacity(1 << 16, &mut saver));
        dispatch(cli, &mut out).and_then(|code| {
            let mut inner = out.into_inner()?;
            inner.flush()?;
            Ok(code)
        })
    };
    let code = done.map_err(|e| match e {
        // A failed write of the command's text is a failed write of the file.
        Error::Io { path, source } if path.as_os_str() == crate::error::STDOUT => {
            saver.write_error(source)
        }
        e => e,
    })?;
    saver.commit()?;
    let mut stdout = Printable::new(std::io::stdout().lock());
    writeln!(stdout, "wrote {}", path.display())?;
    stdout.flush()?;
    Ok(code)
}

/// Writes one line to stderr and gives exit code 2. When even stderr cannot be written
/// (`2>/dev/full`, a closed pipe) the exit code is all that is left to say it.
fn fail(message: &str) -> ExitCode {
    let line = format!("prune: {}\n", text::cut_words(&text::one_line(message)));
    let _ = std::io::stderr().write_all(line.as_bytes());
    ExitCode::from(2)
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
        return match e.print() {
            Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => {
                fail(&format!("error: {}", Error::from(err)))
            }
            _ => ExitCode::SUCCESS,
        };
    }
    // Rendering drops escape sequences and control characters from the values it quotes
    // (`invalid value '' for '--depth'`); shown escaped instead, the user sees what was typed.
    let text = with_values_escaped(e).render().to_string();
    let message: Vec<&str> = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    fail(&format!("{} (see prune --help)", message.join(" ")))
}

/// `e` with every quoted value that holds a control character replaced by its escaped form
/// (the printable-text rule), so that the message keeps it visible.
fn with_values_escaped(mut e: clap::Error) -> clap::Error {
    use clap::error::ContextValue;
    let has_control = |s: &str| s.chars().any(char::is_control);
    let escaped: Vec<_> = e
        .context()
        .filter_map(|(kind, value)| match value {
            ContextValue::String(s) if has_control(s) => {
                Some((kind, ContextValue::String(text::one_line(s).into_owned())))
            }
            ContextValue::Strings(v) if v.iter().any(|s| has_control(s)) => Some((
                kind,
                ContextValue::Strings(v.iter().map(|s| text::one_line(s).into_owned()).collect()),
            )),
            _ => None,
        })
        .collect();
    for (kind, value) in escaped {
        e.insert(kind, value);
    }
    e
}

/// Runs one command, writing what it prints to `out` (tutors draw on the terminal themselves).
fn dispatch(cli: Cli, out: &mut dyn Write) -> Result<ExitCode> {
    let Some(command) = cli.command else {
        tutor_terminal()?;
        crate::tui::start()?;
        return Ok(ExitCode::SUCCESS);
    };
    let text = match command {
        Command::Open {
            run,
            present,
            predict,
            why,
        } => return open(&run, present, predict.as_deref(), why),
        Command::Practice(args) => return practice(&args, out),
        Command::Export(args) => {
            let (lesson, recorded) = args.run.recorded()?;
            let (format, passes) = (args.format.into(), args.passes.into());
            crate::export::write(lesson.as_ref(), &recorded, format, passes, out)?;
            return Ok(ExitCode::SUCCESS);
        }
        Command::Import(args) => crate::export::import(&args.file, args.title.as_deref())?,
        Command::Completions { shell } => completions(shell),
        Command::Run { run, json } if run.solves_connect4()? => {
            count::solve::report(&run, None, None, json)?
        }
        Command::Run { run, json } => run_report(&run, json)?,
        Command::Fixtures => {
            let (text, pass) = report::fixtures()?;
            out.write_all(text.as_bytes())?;
            return Ok(if pass {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            });
        }
        Command::Trace { run, format, .. } => return trace(&run, format, out),
        Command::Count {
            run,
            json,
            stage,
            positions,
            ..
        } if stage.is_some() || positions.is_some() => {
            count::solve::report(&run, stage, positions.as_deref(), json)?
        }
        Command::Count {
            run,
            json,
            seeds: Some(k),
            ..
        } => {
            // K runs together may take minutes: said before the first (the seed does not
            // change a run's size).
            if let Ok((lesson, setup)) = run.load()
                && let Some(note) = estimate::seeds_note(&lesson, &setup, k)
            {
                let line = format!("prune: {}\n", text::one_line(&note));
                let _ = std::io::stderr().write_all(line.as_bytes());
            }
            count::over_seeds(&run, k, json)?
        }
        Command::Count { run, json, .. } => {
            let (lesson, setup) = run.load()?;
            announce(&lesson, &setup);
            count::report(&lesson, &setup, json)?
        }
        Command::Bench { run, runs, json } => {
            let (lesson, setup) = run.load()?;
            announce(&lesson, &setup);
            bench::report(&lesson, &setup, runs, json)?
        }
        Command::Lessons { check: Some(path) } => {
            let (text, held) = lesson_check::command(&path)?;
            out.write_all(text.as_bytes())?;
            return Ok(if held {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            });
        }
        Command::Lessons { check: None } => report::lessons()?,
        Command::Course { file } => course_outline(file.as_deref())?,
        Command::Size(args) => size_cmd::command(&args)?,
        Command::Chart(args) => chart_cmd::command(&args)?,
        Command::Diff(args) => diff_cmd::command(&args)?,
        Command::Simulate(args) => simulate(&args)?,
        Command::Play(args) => play(&args)?,
        Command::Check(args) => {
            if args.open {
                tutor_terminal()?;
            }
            return check_cmd::command(&args, out);
        }
    };
    out.write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `prune simulate`: the exercise's settings checked, then the screen.
fn simulate(args: &args::SimulateArgs) -> Result<String> {
    let settings = simulate_cmd::settings(args)?;
    tutor_terminal()?;
    crate::tui::simulate::run(settings)
}

/// `prune play`: the game's settings checked, then the screen.
fn play(args: &args::PlayArgs) -> Result<String> {
    let settings = play_settings(args)?;
    tutor_terminal()?;
    crate::tui::versus::run(settings)
}

/// `prune play`'s game, checked before the screen opens (a bad position or board size is
/// one line and exit code 2).
fn play_settings(args: &args::PlayArgs) -> Result<crate::tui::versus::Settings> {
    let args::PlayGame::Connect4 = args.game;
    let (width, height) = args.size.unwrap_or((7, 6));
    let settings = crate::tui::versus::Settings {
        width,
        height,
        start: args.position.clone().unwrap_or_default(),
        prune_first: args.prune_first,
        cap: args.cap,
    };
    let game = crate::tui::versus::Versus::new(settings.clone())?;
    if game.over() {
        return Err(Error::Options(format!(
            "--position {}: the game is already over",
            text::cut(&settings.start)
        )));
    }
    Ok(settings)
}

/// `prune course`: the course (the built-in one, or FILE) with the student's marks from the
/// progress file, and the next step.
fn course_outline(file: Option<&Path>) -> Result<String> {
    let course = match file {
        Some(path) => {
            let text = crate::lesson::read_text(path)?;
            crate::course::Course::parse(&path.display().to_string(), &text)?
        }
        None => crate::course::Course::builtin()?,
    };
    let progress = crate::practice::store::Progress::load()?;
    let title = |name: &str| crate::lesson::Lesson::open(name).ok().map(|l| l.spec.title);
    Ok(crate::course::outline::text(
        &course,
        &progress.course,
        &title,
    ))
}

/// `prune open`: the tutor on a lesson's run, or on a saved trace.
fn open(run: &args::RunArgs, present: bool, predict: Option<&str>, why: bool) -> Result<ExitCode> {
    let predict = predict
        .map(crate::tui::predict::Ask::parse)
        .transpose()
        .map_err(crate::error::Error::Options)?;
    tutor_terminal()?;
    let start = crate::tui::Start {
        present,
        predict,
        why,
    };
    if run.file.as_deref().is_some_and(source::saved_trace) {
        let (_, recorded) = run.recorded()?;
        crate::tui::open_saved(recorded, start)?;
    } else {
        let (lesson, setup) = run.load()?;
        crate::tui::open(lesson, setup, start)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `prune practice …`: its text, then on stderr every answer file that could not be read
/// (and exit code 1).
fn practice(args: &args::PracticeArgs, out: &mut dyn Write) -> Result<ExitCode> {
    if matches!(args.command, Some(PracticeCommand::Tui { .. })) {
        tutor_terminal()?;
    }
    let (text, failed) = practice_cmd::command(args)?;
    out.write_all(text.as_bytes())?;
    if failed.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    out.flush()?;
    // After the report, so a reader of both sees the grades first.
    for line in &failed {
        let _ = std::io::stderr()
            .write_all(format!("prune: error: {}\n", text::one_line(line)).as_bytes());
    }
    Ok(ExitCode::FAILURE)
}

/// `prune completions SHELL`: the completion script clap writes for the whole command line.
fn completions(shell: clap_complete::Shell) -> String {
    use clap::CommandFactory;
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "prune", &mut buf);
    String::from_utf8_lossy(&buf).into_owned()
}

/// `prune run`: the result as three lines (and what each search adds below), or one JSON
/// object.
fn run_report(run: &args::RunArgs, json: bool) -> Result<String> {
    let (lesson, setup) = run.load()?;
    announce(&lesson, &setup);
    let name = run.run.clone().unwrap_or_else(|| lesson.name.clone());
    if setup.options.family().samples() {
        return sampled_report(&lesson, &setup, &name, json);
    }
    let (result, bound) = crate::index::result_with_bound(&lesson, &setup)?;
    let players = lesson.graph.players();
    let words = report::Wording::of_run(&lesson, &setup, &result);
    Ok(if json {
        let text = report::json_in(&result, bound, &words);
        let text = report::players::json(
            &text,
            &lesson.graph,
            &setup.options,
            &result,
            players,
            words.score_for(),
            words.units(),
        );
        with_move_name(&text, &lesson, &setup, result.mv)
    } else {
        report::three_lines_in(&name, &result, bound, &words)
            + &report::seed_002_lines(&setup.options, &result, words.units())
            + &report::seed_004_lines(&setup.options, &result)
            + &report::leaf_map_line(&lesson, &setup.options)
            + &report::players::lines(
                &setup.options,
                &result,
                players,
                words.score_for(),
                words.units(),
            )
            + &report::players::sums_line(&lesson.graph)
            + &report::mate_line(&lesson.spec.game, &result)
    })
}

/// `prune run` on a sampling search (Monte Carlo tree search): what its iterations found,
/// not the three lines of a search that proves a value. On a game with chance nodes the run
/// counts how often each outcome was drawn as it goes.
fn sampled_report(
    lesson: &crate::lesson::Lesson,
    setup: &crate::lesson::RunSetup,
    name: &str,
    json: bool,
) -> Result<String> {
    let game = crate::run::game(lesson, &setup.options);
    let chance = matches!(&*game, crate::game::model::Model::Graph(g) if g.has_chance());
    let mut draws = report::Draws::new(setup.start);
    let result = if chance {
        crate::run::search(lesson, setup, &mut draws)
    } else {
        crate::run::search(lesson, setup, &mut crate::observer::NoTrace)
    }
    .map_err(|e| crate::run::named(lesson, e))?;
    let view = report::RunView {
        result: &result,
        options: &setup.options,
        model: &game,
        start: setup.start,
        draws: chance.then_some(&draws),
    };
    Ok(if json {
        with_move_name(&view.json(), lesson, setup, result.mv)
    } else {
        view.text(name)
    })
}

/// `prune trace`: one row per call (a table, TSV), every event (JSON lines), or the saved
/// trace.
fn trace(run: &args::RunArgs, format: TraceFormat, out: &mut dyn Write) -> Result<ExitCode> {
    match format {
        TraceFormat::Table | TraceFormat::Tsv => {
            use source::TraceRows;
            match (run.trace_rows()?, format) {
                (TraceRows::Iterations(rec), TraceFormat::Tsv) => {
                    report::iterations::write_tsv(&rec, out)?
                }
                (TraceRows::Iterations(rec), _) => report::iterations::write_table(&rec, out)?,
                (TraceRows::Calls(rows), TraceFormat::Tsv) => report::write_trace_tsv(&*rows, out)?,
                (TraceRows::Calls(rows), _) => report::write_trace_table(&*rows, out)?,
            }
        }
        TraceFormat::Jsonl => report::write_trace_jsonl(&run.recorded()?.1, out)?,
        TraceFormat::Json => {
            let rec = run.recorded()?.1;
            let bytes = crate::index::saved::json_len(&rec.trace);
            crate::index::saved::check_size(&rec.trace.header.lesson, bytes)?;
            report::write_trace_json(&rec, out)?
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Says on stderr, before it starts, that a run may take minutes, with its figures.
fn announce(lesson: &crate::lesson::Lesson, setup: &crate::lesson::RunSetup) {
    if let Some(note) = estimate::note(lesson, setup) {
        let _ =
            std::io::stderr().write_all(format!("prune: {}\n", text::one_line(&note)).as_bytes());
    }
}

/// `prune run --json` names the move too: the square of a tic-tac-toe move, a graph
/// child's label (its number when it has none), null when there is no move.
fn with_move_name(
    text: &str,
    lesson: &crate::lesson::Lesson,
    setup: &crate::lesson::RunSetup,
    mv: i16,
) -> String {
    let Ok(serde_json::Value::Object(mut fields)) = serde_json::from_str(text) else {
        return text.to_string();
    };
    let name = lesson.model.move_name(setup.start, mv);
    fields.insert("move_name".into(), serde_json::json!(name));
    serde_json::Value::Object(fields).to_string() + "\n"
}

/// The tutors draw with cursor movement, which `TERM=dumb` (an editor's shell buffer, a
/// plain serial line) says the terminal cannot do.
fn tutor_terminal() -> Result<()> {
    if std::env::var_os("TERM").is_some_and(|t| t == "dumb") {
        return Err(Error::Options(
            "TERM=dumb: the tutor needs a terminal that can move the cursor; for plain text use \
             prune run, prune trace or prune practice quiz"
                .into(),
        ));
    }
    Ok(())
}
