//! Exports of a searched tree for teaching material, and s-expression import (issue 5).

use clap::Args;

use crate::error::{Error, Result};

/// `prune export …`
#[derive(Args, Debug, Clone)]
pub struct ExportArgs {}

/// `prune import …`
#[derive(Args, Debug, Clone)]
pub struct ImportArgs {}

pub fn export(_args: &ExportArgs) -> Result<String> {
    Err(Error::Options("export is not built yet".into()))
}

pub fn import(_args: &ImportArgs) -> Result<String> {
    Err(Error::Options("import is not built yet".into()))
}
