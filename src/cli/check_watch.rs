//! `prune check --watch CMD`: runs the student's command (through `sh -c`), checks what it
//! prints on standard output, and runs it again on every save of the files it names (each
//! word of CMD that is an existing file), showing only the first failure each time: the
//! command's own failure, a line that breaks the schema, the first unsound line, or where a
//! sound file parts from prune's run. Ctrl-C (or SIGTERM) ends it between two looks at the
//! files, with a last line saying so.
//!
//! Files are watched by polling their modification time and length every `POLL`: a handful
//! of files needs no notification API (and no crate for one), works the same on every
//! filesystem (network mounts and containers included, where notifications are unreliable),
//! and a change is seen within a fifth of a second. The loop (`watch`) takes the clock, the
//! files' stamps and the run as arguments, so a test drives it without waiting or a terminal.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime};

use super::args::CheckArgs;
use crate::check;
use crate::error::{Error, Result};
use crate::lesson::Lesson;

/// How often the files are looked at.
const POLL: Duration = Duration::from_millis(200);

/// What the check of one run of the command showed.
struct Shown {
    text: String,
    passed: bool,
}

pub fn command(
    args: &CheckArgs,
    cmd: &str,
    open: &dyn Fn() -> Result<Lesson>,
    out: &mut dyn Write,
) -> Result<ExitCode> {
    let files = named_files(cmd);
    if files.is_empty() {
        return Err(Error::Options(format!(
            "--watch: \"{}\" names no file that exists, so no save could be seen; name your engine's source in it (python3 engine.py)",
            crate::text::cut(cmd)
        )));
    }
    // Refused before the first run: a lesson or option the check cannot take.
    open()?;
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    writeln!(
        out,
        "watching {}: each save runs `{cmd}` and checks its output (Ctrl-C ends)",
        names.join(", ")
    )?;
    out.flush()?;
    let stop = interrupted();
    let mut passed = true;
    let mut failed_write = None;
    let runs = watch(
        || stamps(&files),
        || std::thread::sleep(POLL),
        || stop.load(Ordering::SeqCst),
        args.watch_runs,
        |run| {
            let shown = run_and_check(args, cmd, open);
            passed = shown.passed;
            let written = writeln!(out, "run {run}: {}", shown.text).and_then(|()| out.flush());
            if let Err(e) = written {
                failed_write = Some(e);
                stop.store(true, Ordering::SeqCst);
            }
        },
    );
    if let Some(e) = failed_write {
        return Err(e.into());
    }
    if stop.load(Ordering::SeqCst) {
        writeln!(out, "stopped watching after {}", runs_text(runs))?;
        return Ok(ExitCode::SUCCESS);
    }
    Ok(if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn runs_text(runs: u32) -> String {
    crate::text::counted(u64::from(runs), "run", "runs")
}

/// A flag set by Ctrl-C (SIGINT) or SIGTERM, which then no longer end the process at once:
/// the loop sees the flag within one look at the files and ends cleanly.
fn interrupted() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        // Without the handler the signal ends the process as it always does.
        let _ = signal_hook::flag::register(signal, Arc::clone(&flag));
    }
    flag
}

/// The files `cmd` names: each of its words (quotes taken off, and the part after `=` of
/// an option such as `--engine=a.py`) that is an existing regular file, each once.
pub fn named_files(cmd: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for word in cmd.split_whitespace() {
        let word = word.trim_matches(['"', '\'']);
        let word = word.rsplit_once('=').map_or(word, |(_, v)| v);
        let path = PathBuf::from(word);
        if !word.is_empty() && path.is_file() && !out.contains(&path) {
            out.push(path);
        }
    }
    out
}

/// What a watched file looked like: its modification time and length (`None`: gone).
type Stamp = Option<(SystemTime, u64)>;

fn stamps(files: &[PathBuf]) -> Vec<Stamp> {
    files
        .iter()
        .map(|f| {
            let m = std::fs::metadata(f).ok()?;
            Some((m.modified().ok()?, m.len()))
        })
        .collect()
}

/// The watch loop: `run(n)` for the first run at once, then again after every change of
/// `stamp()` (looked at after each `wait()`, and taken once it holds still for one more
/// look, so a save written in several steps runs once), until `stop()` or `max_runs` runs.
/// Returns how many runs there were.
pub fn watch<S: PartialEq>(
    mut stamp: impl FnMut() -> S,
    mut wait: impl FnMut(),
    stop: impl Fn() -> bool,
    max_runs: Option<u32>,
    mut run: impl FnMut(u32),
) -> u32 {
    let mut runs = 0;
    let mut last = stamp();
    while !stop() {
        runs += 1;
        run(runs);
        if max_runs.is_some_and(|m| runs >= m) {
            break;
        }
        // Until the files change and then hold still.
        let mut changed = false;
        loop {
            if stop() {
                return runs;
            }
            wait();
            let now = stamp();
            if now == last && changed {
                break;
            }
            changed |= now != last;
            last = now;
        }
    }
    runs
}

/// One run of the command and the first failure of its output, on one line or two.
fn run_and_check(args: &CheckArgs, cmd: &str, open: &dyn Fn() -> Result<Lesson>) -> Shown {
    let failed = |text: String| Shown {
        text,
        passed: false,
    };
    let output = match std::process::Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .stdin(std::process::Stdio::null())
        .output()
    {
        Ok(o) => o,
        Err(e) => return failed(format!("your command could not be started: {e}")),
    };
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let last = stderr.lines().rev().find(|l| !l.trim().is_empty());
        return failed(format!(
            "your command failed ({}){}",
            output.status,
            last.map_or(String::new(), |l| format!(": {}", crate::text::one_line(l)))
        ));
    }
    if output.stdout.len() as u64 > check::read::LIMIT {
        return failed(format!(
            "your command printed more than {} bytes",
            check::read::LIMIT
        ));
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let origin = "the output";
    let (against, given) = match super::source::check_read(args, open, origin, &text) {
        Ok(read) => read,
        Err(e) => return failed(crate::text::one_line(&e.to_string()).into_owned()),
    };
    let v = check::check_with(&against, given, false);
    first_failure(&against, origin, &v, args.strict)
}

/// The first failure of a checked output: its first unsound line, else (with `--strict`, or
/// as a note) where it parts from prune's run.
fn first_failure(
    against: &check::Against,
    origin: &str,
    v: &check::Verdict,
    strict: bool,
) -> Shown {
    let passed = v.passes(strict);
    if let Some(u) = &v.soundness.first {
        let said = check::sound::describe(u, against.catalog());
        return Shown {
            text: format!("unsound: {}", crate::text::one_line(&said)),
            passed,
        };
    }
    let head = if v.soundness.unknown {
        "soundness unknown (the game is too large to solve at your horizon)".to_string()
    } else {
        format!(
            "sound ({} checked)",
            crate::text::counted(v.soundness.checked as u64, "claim", "claims")
        )
    };
    let text = match check::difference(against, origin, v) {
        None => format!("{head}; line by line the same as prune's run"),
        Some(part) => format!("{head}; line by line: {part}"),
    };
    Shown { text, passed }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::watch;

    /// The loop runs once at once, once per change that held still, and stops when told:
    /// driven by a scripted sequence of stamps, with no clock and no files.
    #[test]
    fn runs_once_per_settled_change_and_stops_when_told() {
        // The stamps each look sees: a change (1) that holds, a save in two steps (2, 3),
        // then nothing until the stop.
        let looks = [0, 0, 1, 1, 1, 2, 3, 3, 3, 3, 3, 3];
        let at = Cell::new(0usize);
        let waits = Cell::new(0usize);
        let mut ran = Vec::new();
        let runs = watch(
            || {
                let s = looks[at.get().min(looks.len() - 1)];
                at.set(at.get() + 1);
                s
            },
            || waits.set(waits.get() + 1),
            || waits.get() >= 10,
            None,
            |n| ran.push((n, at.get())),
        );
        assert_eq!(runs, 3);
        // Run 1 at once (after the first look), run 2 once stamp 1 held for a look, run 3
        // once stamp 3 held.
        assert_eq!(ran, vec![(1, 1), (2, 4), (3, 8)]);
        // A limit on the runs ends it without a stop.
        let runs = watch(|| 0, || {}, || false, Some(1), |_| {});
        assert_eq!(runs, 1);
    }
}
