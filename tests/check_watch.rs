//! `prune check` from the command line: `--game connect4`, `--scores` refused by name, and
//! `--watch CMD`, which runs the command again when a file it names is saved (the loop
//! itself is unit-tested in `src/cli/check_watch.rs` with scripted stamps; here the binary
//! sees a real save, with a deadline so that the test can never hang).

mod common;

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, SystemTime};

use common::{assert_one_line_error, prune, run_prune};

const GAME: &str = "connect4:4x4:2332:plain:columns";

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("prune-check-watch-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// prune's own run of Connect Four on 4×4 after 2332, in the schema.
fn right_run() -> String {
    let (code, out, err) = run_prune(&["check", "--print", GAME]);
    assert_eq!(code, Some(0), "{err}");
    out
}

/// The run with the first leaf's return value off by one: unsound at that line.
fn one_wrong(right: &str) -> (String, usize) {
    let mut lines: Vec<String> = right.lines().map(str::to_string).collect();
    let at = lines
        .iter()
        .position(|l| l.contains("\"event\":\"return\""))
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(&lines[at]).unwrap();
    let value = v["value"].as_i64().unwrap();
    lines[at] = lines[at].replace(
        &format!("\"value\":{value}"),
        &format!("\"value\":{}", value + 1),
    );
    (lines.join("\n") + "\n", at + 1)
}

#[test]
fn connect_four_is_checked_by_game_and_position() {
    let dir = temp_dir("game");
    let file = dir.join("mine.jsonl");
    let right = right_run();
    std::fs::write(&file, &right).unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = run_prune(&[
        "check",
        f,
        "--game",
        "connect4",
        "--position",
        "2332",
        "--width",
        "4",
        "--height",
        "4",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("is sound"), "{out}");
    assert!(out.contains("checks clean"), "{out}");
    let (code, out, _) = run_prune(&[
        "check",
        f,
        "--game",
        "connect4",
        "--position",
        "2332",
        "--size",
        "4x4",
    ]);
    assert_eq!(code, Some(0), "{out}");
    let (wrong, line) = one_wrong(&right);
    std::fs::write(&file, wrong).unwrap();
    let (code, out, _) = run_prune(&[
        "check",
        f,
        "--game",
        "connect4",
        "--position",
        "2332",
        "--size",
        "4x4",
    ]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains(&format!("is unsound: line {line}:")), "{out}");
    // A position the rules refuse, and maps that are no maps, each on one line.
    assert_one_line_error(
        &[
            "check",
            f,
            "--game",
            "connect4",
            "--position",
            "11111",
            "--size",
            "4x4",
        ],
        "full column",
    );
    assert_one_line_error(
        &["check", f, "--game", "connect4", "--scores", "-1x+0"],
        "not order-preserving",
    );
    assert_one_line_error(
        &["check", f, "--game", "connect4", "--scores", "100y"],
        "not a scores map",
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn watch_reruns_the_command_on_a_save_and_shows_the_first_failure() {
    let dir = temp_dir("watch");
    let file = dir.join("mine.jsonl");
    let right = right_run();
    std::fs::write(&file, &right).unwrap();
    let cmd = format!("cat {}", file.display());
    let mut child = prune()
        .args([
            "check",
            "--watch",
            &cmd,
            "--game",
            "connect4",
            "--position",
            "2332",
        ])
        .args(["--size", "4x4", "--watch-runs", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap_or_default()).is_err() {
                break;
            }
        }
    });
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let mut seen = Vec::new();
    let mut next = |what: &str, seen: &mut Vec<String>| -> String {
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match rx.recv_timeout(left) {
                Ok(line) => {
                    seen.push(line.clone());
                    if line.starts_with(what) {
                        return line;
                    }
                }
                Err(_) => {
                    let _ = child.kill();
                    panic!("no line starting {what:?} in time: {seen:?}");
                }
            }
        }
    };
    let watching = next("watching", &mut seen);
    assert!(watching.contains("mine.jsonl"), "{watching}");
    let first = next("run 1:", &mut seen);
    assert!(first.contains("sound"), "{first}");
    assert!(first.contains("the same as prune's run"), "{first}");
    // The save: new content, and a modification time surely later than the first.
    let (wrong, line) = one_wrong(&right);
    std::fs::write(&file, wrong).unwrap();
    let later = SystemTime::now() + Duration::from_secs(5);
    std::fs::File::options()
        .write(true)
        .open(&file)
        .unwrap()
        .set_modified(later)
        .unwrap();
    let second = next("run 2:", &mut seen);
    assert!(
        second.starts_with(&format!("run 2: unsound: line {line}:")),
        "{second}"
    );
    // Only the first failure: one line for the run.
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("--watch-runs 2 did not end: {seen:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(1), "the last run failed");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn watch_needs_a_file_to_watch() {
    assert_one_line_error(
        &["check", "--watch", "true", "--against", "000-worked-tree"],
        "names no file that exists",
    );
}
