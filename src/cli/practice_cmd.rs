//! `prune practice …`: the parsed command line, handed to `practice` as plain data.

use super::args::{Pick, PracticeArgs, PracticeCommand};
use crate::error::{Error, Result};
use crate::practice::{self, store};

pub fn command(args: &PracticeArgs) -> Result<String> {
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
    match command {
        PracticeCommand::Quiz { pick } => {
            practice::quiz_in_terminal(&pick.problems()?)?;
            Ok(String::new())
        }
        PracticeCommand::Tui { pick } => {
            let (right, asked, unsaved) = crate::tui::practice_round(pick.problems()?)?;
            practice::round_closing(right, asked, unsaved)
        }
        PracticeCommand::Export { pick } => Ok(practice::set_json(pick.seed, pick.problems()?)),
        PracticeCommand::Grade { set, answers, json } => practice::grade_files(set, answers, *json),
        PracticeCommand::Key { set } => practice::key_json(set),
        PracticeCommand::Show { set } => practice::show_set(set),
        PracticeCommand::Trace { set, id, run } => practice::trace_item(set, id, run.as_deref()),
        PracticeCommand::Progress => Ok(store::Progress::load()?.summary()),
    }
}
