//! `prune practice …`: the parsed command line, handed to `practice` as plain data.

use super::args::{Pick, PracticeArgs, PracticeCommand};
use crate::error::{Error, Result};
use crate::practice::{self, GradeFormat, store};
use std::path::{Path, PathBuf};

/// `prune practice grade`: the report, and the answer files that could not be graded (one
/// error line each, for stderr; the exit code is then 1).
fn grade(set: &Path, answers: &[PathBuf], json: bool, csv: bool) -> Result<(String, Vec<String>)> {
    let format = match (json, csv) {
        (_, true) => GradeFormat::Csv,
        (true, false) => GradeFormat::Json,
        (false, false) => GradeFormat::Text,
    };
    practice::grade_many(set, answers, format)
}

/// What a practice command prints, and the lines of the inputs it could not use (only
/// `grade` has any: the answer files it could not grade).
pub fn command(args: &PracticeArgs) -> Result<(String, Vec<String>)> {
    let quiz_default;
    let command = match &args.command {
        Some(c) => c,
        None => {
            use clap::FromArgMatches;
            // `prune practice` alone: a quiz with every default.
            let matches = <Pick as clap::Args>::augment_args(clap::Command::new("quiz"))
                .get_matches_from(["quiz"]);
            quiz_default = PracticeCommand::Quiz {
                pick: Pick::from_arg_matches(&matches)
                    .map_err(|e| Error::Options(e.to_string()))?,
            };
            &quiz_default
        }
    };
    let text = match command {
        PracticeCommand::Quiz { pick } => {
            practice::quiz_in_terminal(&pick.problems()?)?;
            String::new()
        }
        PracticeCommand::Tui { pick } => {
            let (right, asked, unsaved) = crate::tui::practice_round(pick.problems()?)?;
            practice::round_closing(right, asked, unsaved)?
        }
        PracticeCommand::Export { pick, .. } => practice::set_json(pick.seed, pick.problems()?),
        PracticeCommand::Grade {
            set,
            answers,
            json,
            csv,
        } => return grade(set, answers, *json, *csv),
        PracticeCommand::Key { set, .. } => practice::key_json(set)?,
        PracticeCommand::Show { set } => practice::show_set(set)?,
        PracticeCommand::Trace { set, id, run } => practice::trace_item(set, id, run.as_deref())?,
        PracticeCommand::Progress => store::Progress::load()?.summary(),
    };
    Ok((text, Vec::new()))
}
