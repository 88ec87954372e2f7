//! Practice problems and their graders (issue 4).

use clap::Args;

use crate::error::{Error, Result};

/// `prune practice …`
#[derive(Args, Debug, Clone)]
pub struct PracticeArgs {}

pub fn command(_args: &PracticeArgs) -> Result<String> {
    Err(Error::Options("practice is not built yet".into()))
}
