//! Practice progress on disk: attempts, streaks and results by kind, as one JSON file.
//!
//! Location: `$PRUNE_DATA_DIR`, else `$XDG_DATA_HOME/prune`, else `~/.local/share/prune`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::Kind;
use crate::error::{Error, Result};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub attempts: u64,
    pub correct: u64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    pub attempts: u64,
    pub correct: u64,
    /// Correct answers in a row, up to the latest attempt.
    pub streak: u64,
    pub best_streak: u64,
    pub by_kind: BTreeMap<String, Tally>,
}

pub fn data_dir() -> Option<PathBuf> {
    let nonempty = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    nonempty("PRUNE_DATA_DIR")
        .or_else(|| nonempty("XDG_DATA_HOME").map(|d| d.join("prune")))
        .or_else(|| nonempty("HOME").map(|h| h.join(".local/share/prune")))
}

pub fn progress_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("progress.json"))
}

impl Progress {
    /// The saved progress; a missing file is a fresh start.
    pub fn load() -> Result<Progress> {
        let Some(path) = progress_path() else {
            return Ok(Progress::default());
        };
        match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text).map_err(|e| Error::Json {
                path: path.display().to_string(),
                line: e.line(),
                column: e.column(),
                message: e.to_string(),
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::default()),
            Err(source) => Err(Error::Io { path, source }),
        }
    }

    pub fn save(&self) -> Result<()> {
        let Some(path) = progress_path() else {
            return Ok(());
        };
        let io = |source| Error::Io {
            path: path.clone(),
            source,
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let text = serde_json::to_string_pretty(self).expect("progress serializes");
        // Write beside and rename, so an interrupted save never leaves half a file.
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, text + "\n").map_err(io)?;
        std::fs::rename(&tmp, &path).map_err(io)
    }

    pub fn record(&mut self, kind: Kind, correct: bool) {
        self.attempts += 1;
        let tally = self.by_kind.entry(kind.name().to_string()).or_default();
        tally.attempts += 1;
        if correct {
            self.correct += 1;
            tally.correct += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
    }

    pub fn summary(&self) -> String {
        let mut text = format!(
            "{} of {} correct, streak {}, best streak {}\n",
            self.correct, self.attempts, self.streak, self.best_streak
        );
        for (kind, t) in &self.by_kind {
            text.push_str(&format!("  {kind:<12} {} of {}\n", t.correct, t.attempts));
        }
        if let Some(p) = progress_path() {
            text.push_str(&format!("(saved in {})\n", p.display()));
        }
        text
    }
}
