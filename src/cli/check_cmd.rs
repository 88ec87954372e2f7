//! `prune check`: a student's engine output against a lesson's run (exit code 0 when every
//! line keeps alpha-beta's promises, or with `--strict` when the file is prune's run; 1 when
//! not; 2 for input that breaks the schema), or prune's own run printed in the schema
//! (`--print`).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use super::args::{CheckArgs, CheckFormat};
use crate::check::{self, Against, Verdict};
use crate::error::Result;
use crate::lesson::Lesson;

pub fn command(args: &CheckArgs, out: &mut dyn Write) -> Result<ExitCode> {
    if let Some(lesson) = &args.print {
        let against = Against::new(Lesson::open(lesson)?, args.run.as_deref())?;
        out.write_all(against.print().as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    // Built once before any run, so a game the options refuse is said at once.
    super::source::check_game(args)?;
    let open = || match super::source::check_game(args)? {
        Some(lesson) => Ok(lesson),
        None => Lesson::open(args.against.as_deref().unwrap_or_default()),
    };
    if let Some(cmd) = &args.watch {
        return super::check_watch::command(args, cmd, &open, out);
    }
    // clap requires FILE without --print or --watch.
    let Some(file) = &args.file else {
        return Err(crate::error::Error::Options(
            "prune check needs FILE and --against LESSON (or --print LESSON)".into(),
        ));
    };
    let text = crate::input::read_text(file, check::read::LIMIT)?;
    let origin = file.display().to_string();
    let (against, given) = super::source::check_read(args, &open, &origin, &text)?;
    let verdict = check::check(&against, given);
    let report = match args.format {
        CheckFormat::Text => {
            check::report(&against, &origin, &verdict) + &offer_tree(&against, file, &verdict)?
        }
        CheckFormat::Json => {
            check::json::report(&against, &origin, &verdict, args.strict).to_string() + "\n"
        }
        CheckFormat::Gradescope => {
            format!(
                "{:#}\n",
                check::gradescope::report(&against, &origin, &verdict)
            )
        }
    };
    if let Some(step) = verdict.step().filter(|_| args.open) {
        let said = check::difference(&against, &origin, &verdict);
        let Against { lesson, setup, .. } = against;
        crate::tui::open_at(lesson, setup, step, said)?;
    }
    out.write_all(report.as_bytes())?;
    Ok(if verdict.passes(args.strict) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Where no named variant explains the file line for line, a generated tree on which the
/// closest one parts from the right search early, written beside the file (`mine.jsonl`
/// gets `mine.alpha-not-passed.tree.json`), and the sentence that offers it.
fn offer_tree(against: &Against, file: &Path, v: &Verdict) -> Result<String> {
    if v.clean() || v.explained.is_some_and(|x| x.full) {
        return Ok(String::new());
    }
    let Some(suspect) = v.explained.or(v.closest) else {
        return Ok(String::new());
    };
    let pitfall = suspect.pitfall;
    let preset = against.preset.as_deref();
    let Some(tree) = check::distinguish::tree(&against.lesson, preset, pitfall) else {
        return Ok(String::new());
    };
    let stem = file
        .file_stem()
        .map_or("check".into(), |s| s.to_string_lossy().into_owned());
    let path = file.with_file_name(format!("{stem}.{}.tree.json", pitfall.name()));
    crate::save::replace(&path, tree.lesson.as_bytes())?;
    let shown = path.display().to_string();
    Ok(format!(
        "No named misconception explains your file line for line; the closest is {} (an engine where {}). On a tree of {} nodes that variant parts from the right search at line {}: run your engine on it and check it with\n  prune check YOUR-FILE --against {}\n",
        pitfall.name(),
        check::when(pitfall),
        tree.nodes,
        tree.parts_at,
        crate::text::one_line(&shown)
    ))
}
