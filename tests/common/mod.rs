//! Helpers shared by the integration tests. Each test crate uses only part of them.
#![allow(dead_code)]

pub mod model;
pub mod predict;
pub mod quiz;
pub mod ttt;
pub mod tutor;

use std::path::Path;
use std::process::{Command, Output};

/// The built `prune` binary.
pub fn prune() -> Command {
    Command::new(env!("CARGO_BIN_EXE_prune"))
}

/// Runs `prune` with `args` and returns (exit code, stdout, stderr).
pub fn run_prune(args: &[&str]) -> (Option<i32>, String, String) {
    let out: Output = prune().args(args).output().expect("the prune binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Asserts that `prune args` fails with exit code 2 and one line on stderr that holds `words`.
pub fn assert_one_line_error(args: &[&str], words: &str) {
    let (code, _, err) = run_prune(args);
    assert_eq!(code, Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(words), "{args:?}: {err}");
}

/// The repository root (for tests/data and tests/fixtures).
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}
