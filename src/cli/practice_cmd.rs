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

/// `prune practice` alone: says what is due for spaced review today and when the next review
/// is, then asks two problems of each kind due (seeded by the day, so a review repeated on
/// the same day asks the same problems) in the terminal; after it, the schedule as it now is.
fn review_round() -> Result<String> {
    use crate::practice::review::{self, Day};
    use clap::FromArgMatches;
    use std::io::Write as _;
    let today = Day::today()?;
    let due = review::due(&store::Progress::load()?.known_review(), today);
    let kinds: Vec<crate::practice::Kind> = (due.now.iter())
        .filter_map(|name| {
            crate::practice::Kind::ALL
                .into_iter()
                .find(|k| k.name() == name)
        })
        .collect();
    if kinds.is_empty() {
        return Ok(format!("{}\n", due.line()));
    }
    // Every other choice is the quiz's default.
    let matches = <Pick as clap::Args>::augment_args(clap::Command::new("review"))
        .get_matches_from(["review"]);
    let mut pick = Pick::from_arg_matches(&matches).map_err(|e| Error::Options(e.to_string()))?;
    pick.seed = today.0.unsigned_abs();
    pick.count = 2 * kinds.len() as u64;
    pick.kinds = kinds;
    let problems = pick.problems()?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", due.line()).map_err(|e| Error::Options(e.to_string()))?;
    drop(out);
    practice::quiz_in_terminal(&problems)?;
    let after = review::due(&store::Progress::load()?.known_review(), today);
    Ok(format!("Review: {}\n", after.line()))
}

/// What a practice command prints, and the lines of the inputs it could not use (only
/// `grade` has any: the answer files it could not grade).
pub fn command(args: &PracticeArgs) -> Result<(String, Vec<String>)> {
    let Some(command) = &args.command else {
        return Ok((review_round()?, Vec::new()));
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
