//! The line quiz as the practice tests drive it: its arguments, the problems a seed poses and
//! their answers, a child process waited on with a limit.

use std::process::{Child, ExitStatus};
use std::time::{Duration, Instant};

use prune::practice::{Problem, make_set};

pub fn quiz_args(seed: u64, count: usize) -> Vec<String> {
    [
        "practice",
        "quiz",
        "--seed",
        &seed.to_string(),
        "--count",
        &count.to_string(),
    ]
    .map(str::to_string)
    .to_vec()
}

/// The problems `prune practice quiz --seed SEED --count COUNT` poses.
pub fn problems(seed: u64, count: usize) -> Vec<Problem> {
    make_set(seed, count, &[], false).unwrap()
}

pub fn key_lines(problems: &[Problem]) -> Vec<String> {
    problems
        .iter()
        .map(|p| p.answer().unwrap().to_string())
        .collect()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Waits for `child` at most `limit`; a child still running then is killed and `None`.
pub fn wait_at_most(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}
