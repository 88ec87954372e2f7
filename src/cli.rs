//! The headless commands. Each one loads a lesson, runs the core once (or N times for
//! `bench`) and prints what the core reported.

pub mod args;
pub mod bench;
mod practice_cmd;
mod source;

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command, TraceFormat};

use crate::error::{Error, Result};
use crate::report;

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
            if source::saved_trace(&run.file) {
                let (_, recorded) = run.recorded()?;
                crate::tui::open_saved(recorded)?;
            } else {
                let (lesson, setup) = run.load()?;
                crate::tui::open(lesson, setup)?;
            }
            return Ok(ExitCode::SUCCESS);
        }
        Some(Command::Practice(args)) => practice_cmd::command(&args)?,
        Some(Command::Export(args)) => {
            let (lesson, recorded) = args.run.recorded()?;
            crate::export::render(
                lesson.as_ref(),
                &recorded,
                args.format.into(),
                args.passes.into(),
            )?
        }
        Some(Command::Import(args)) => {
            crate::export::import(&args.file, args.title.as_deref(), args.out.as_deref())?
        }
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
