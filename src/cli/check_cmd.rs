//! `prune check`: a student's engine output against a lesson's run (exit code 0 when every
//! line keeps alpha-beta's promises, or with `--strict` when the file is prune's run; 1 when
//! not; 2 for input that breaks the schema), or prune's own run printed in the schema
//! (`--print`).

use std::io::Write;
use std::process::ExitCode;

use super::args::{CheckArgs, CheckFormat};
use crate::check::{self, Against};
use crate::error::Result;
use crate::lesson::Lesson;

pub fn command(args: &CheckArgs, out: &mut dyn Write) -> Result<ExitCode> {
    if let Some(lesson) = &args.print {
        let against = Against::new(Lesson::open(lesson)?, args.run.as_deref())?;
        out.write_all(against.print().as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    // clap requires both without --print.
    let (Some(file), Some(lesson)) = (&args.file, &args.against) else {
        return Err(crate::error::Error::Options(
            "prune check needs FILE and --against LESSON (or --print LESSON)".into(),
        ));
    };
    let text = crate::input::read_text(file, check::read::LIMIT)?;
    let origin = file.display().to_string();
    let open = || Lesson::open(lesson);
    let (against, given) =
        check::read_against(&open, args.run.as_deref(), args.window, &origin, &text)?;
    let verdict = check::check(&against, given);
    let report = match args.format {
        CheckFormat::Text => check::report(&against, &origin, &verdict),
        CheckFormat::Json => {
            check::json::report(&against, &origin, &verdict, args.strict).to_string() + "\n"
        }
    };
    if let Some(step) = verdict.step().filter(|_| args.open) {
        let Against { lesson, setup, .. } = against;
        crate::tui::open_at(lesson, setup, step)?;
    }
    out.write_all(report.as_bytes())?;
    Ok(if verdict.passes(args.strict) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
