//! `prune simulate`: the settings of a simulate exercise from the command line, checked
//! before the screen opens (a tree too large for the exercise is one line and exit code 2).

use super::args::{SimulateAlgorithm, SimulateArgs, SimulateFade, SimulateFeedback};
use crate::error::{Error, Result};
use crate::practice::simulate::{Feedback, Method, Settings, Stage};

/// The exercise the options ask for; without `--seed`, a seed from the clock.
pub fn settings(args: &SimulateArgs) -> Result<Settings> {
    let method = match args.method {
        SimulateAlgorithm::Alphabeta => Method::AlphaBeta,
        SimulateAlgorithm::Minimax => Method::Minimax,
    };
    let settings = Settings {
        seed: args.seed.unwrap_or_else(crate::practice::clock_seed),
        branching: args.branching,
        depth: args.depth,
        method,
        // `--fade` alone starts at the algorithm's first stage.
        fade: args.fade.map(|stage| match stage {
            None => Stage::first(method),
            Some(SimulateFade::Windows) => Stage::Windows,
            Some(SimulateFade::Cuts) => Stage::Cuts,
            Some(SimulateFade::Returns) => Stage::Returns,
            Some(SimulateFade::All) => Stage::All,
        }),
        feedback: match args.feedback {
            SimulateFeedback::Step => Feedback::Step,
            SimulateFeedback::End => Feedback::End,
        },
    };
    match settings.problem() {
        Some(why) => Err(Error::Options(why)),
        None => Ok(settings),
    }
}
