//! `prune check`: a student's engine output against a lesson's run (exit code 0 when they
//! agree, 1 when they part, 2 for input that breaks the schema), or prune's own run printed in
//! the schema (`--print`).

use std::io::Write;
use std::process::ExitCode;

use super::args::CheckArgs;
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
    let mut against = Against::new(Lesson::open(lesson)?, args.run.as_deref())?;
    let given = against.read(file)?;
    let verdict = check::check(&against, given);
    let origin = file.display().to_string();
    let report = check::report(&against, &origin, &verdict);
    if let Some(step) = verdict.step().filter(|_| args.open) {
        let Against { lesson, setup, .. } = against;
        crate::tui::open_at(lesson, setup, step)?;
    }
    out.write_all(report.as_bytes())?;
    Ok(if verdict.clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
