//! A run recorded off the main thread. A live change of a million-call run takes a good part
//! of a second to search, index and replay again; meanwhile the tutor keeps drawing (with the
//! progress of the job), and q, Esc and signals keep working.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::index::Recorded;
use crate::lesson::{Lesson, RunSetup};
use crate::replay::Replay;

/// One recording in progress.
pub struct Job {
    /// What is being run again, for the footer ("ordering on").
    pub what: String,
    pub started: Instant,
    calls: Arc<AtomicU64>,
    indexing: Arc<AtomicBool>,
    done: Receiver<Result<Replay>>,
}

impl Job {
    /// Records `setup` on `lesson` in a thread of its own.
    pub fn start(lesson: Lesson, setup: RunSetup, what: String) -> Job {
        let calls = Arc::new(AtomicU64::new(0));
        let indexing = Arc::new(AtomicBool::new(false));
        let (tx, done) = mpsc::channel();
        let (c, ix) = (calls.clone(), indexing.clone());
        // A thread that cannot start drops its sender, and the job reports that it stopped.
        let _ = std::thread::Builder::new()
            .name(super::term::JOB_THREAD.into())
            .spawn(move || {
                let replay =
                    crate::run::recorded_counting(&lesson, &setup, Some(c)).and_then(|t| {
                        ix.store(true, Ordering::Relaxed);
                        Ok(Replay::new(Recorded::from_trace(&lesson.name, t)?))
                    });
                // The tutor may have cancelled the job or quit: nobody waits for the result then.
                let _ = tx.send(replay);
            });
        Job {
            what,
            started: Instant::now(),
            calls,
            indexing,
            done,
        }
    }

    /// The finished replay, or `None` while the job runs.
    pub fn poll(&self) -> Option<Result<Replay>> {
        match self.done.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(Error::Options(
                "the search stopped without a result".into(),
            ))),
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// "412,000 calls searched" while searching, then "indexing 1,000,000 calls".
    pub fn progress(&self) -> String {
        let calls = grouped(self.calls.load(Ordering::Relaxed));
        if self.indexing.load(Ordering::Relaxed) {
            format!("indexing {calls} calls")
        } else {
            format!("{calls} calls searched")
        }
    }
}

/// 1234567 as "1,234,567".
fn grouped(n: u64) -> String {
    crate::size::group_digits(&n.to_string())
}

#[cfg(test)]
mod tests {
    #[test]
    fn groups_thousands() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(999), "999");
        assert_eq!(super::grouped(1000), "1,000");
        assert_eq!(super::grouped(1_000_000), "1,000,000");
    }
}
