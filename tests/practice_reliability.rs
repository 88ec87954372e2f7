//! Practice progress is never lost and practice inputs are checked (issue 11): one case per
//! defect, each driving the real binary where the defect shows there.
//!
//! Expected figures are counted here from what each test feeds in (answers typed, problems
//! posed), never copied from the program's output. Every quiz gets its own data directory
//! through `HOME`/`XDG_DATA_HOME` (or `PRUNE_DATA_DIR`), so the learner's real progress is
//! never touched.

mod common;

use common::quiz::{key_lines, problems, quiz_args, text, wait_at_most};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use prune::practice::Kind;
use serde_json::{Value, json};

/// A fresh directory under the system temp dir, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!(
            "prune-reliability-{}-{name}-{n}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    /// Where a quiz run with `home` as HOME keeps its progress (XDG_DATA_HOME wins over HOME).
    fn progress(&self) -> PathBuf {
        self.0.join("xdg/prune/progress.json")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn prune() -> Command {
    Command::new(env!("CARGO_BIN_EXE_prune"))
}

/// `prune` with its data directory located through HOME and XDG_DATA_HOME under `home`.
fn prune_at(home: &Scratch) -> Command {
    let mut c = prune();
    c.env_remove("PRUNE_DATA_DIR")
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("xdg"));
    c
}

/// Runs `command` with `input` on stdin, to the end.
fn feed(mut command: Command, input: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // Written from a thread so a quiz that stops reading early cannot block the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}: {text}", path.display()))
}

/// Runs `command` (stdin closed) for at most 20 s: (exit code, stderr); `None` if it hung.
fn run_bounded(mut command: Command) -> Option<(Option<i32>, String)> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_at_most(&mut child, Duration::from_secs(20))?;
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    Some((status.code(), err))
}

/// A one-line error (exit 2, one line on stderr) that mentions every piece of `names`.
fn assert_one_line_error(code: Option<i32>, stderr: &str, names: &[&str]) {
    assert_eq!(code, Some(2), "stderr: {stderr}");
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "not one line: {stderr}"
    );
    for n in names {
        assert!(stderr.contains(n), "`{n}` missing from: {stderr}");
    }
}

// ── 2. Progress is never lost ────────────────────────────────────────────────────────────

#[test]
fn two_hundred_quizzes_eight_at_a_time_keep_every_attempt() {
    const QUIZZES: usize = 200;
    const PARALLEL: usize = 8;
    let home = Scratch::new("parallel");
    let set = problems(5, 3);
    let key = key_lines(&set);
    // Right, unreadable (graded wrong), right: 3 attempts and 2 correct per quiz.
    let input = format!("{}\nnonsense\n{}\n", key[0], key[2]);
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..PARALLEL {
            s.spawn(|| {
                while next.fetch_add(1, Ordering::Relaxed) < QUIZZES {
                    let mut c = prune_at(&home);
                    c.args(quiz_args(5, 3));
                    let out = feed(c, &input);
                    if !out.status.success() {
                        failures.lock().unwrap().push(format!(
                            "{:?}: {}",
                            out.status,
                            text(&out.stderr)
                        ));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {QUIZZES} quizzes failed, e.g. {}",
        failures.len(),
        failures[0]
    );
    let saved = read_json(&home.progress());
    assert_eq!(saved["attempts"], json!(3 * QUIZZES));
    assert_eq!(saved["correct"], json!(2 * QUIZZES));
    for (i, p) in set.iter().enumerate() {
        let tally = &saved["by_kind"][p.item.kind.name()];
        assert_eq!(tally["attempts"], json!(QUIZZES), "{}", p.item.kind.name());
        let right = if i == 1 { 0 } else { QUIZZES };
        assert_eq!(tally["correct"], json!(right), "{}", p.item.kind.name());
    }
}

#[test]
fn ctrl_c_after_the_second_answer_keeps_both() {
    let home = Scratch::new("sigint");
    let key = key_lines(&problems(5, 3));
    let mut child = prune_at(&home)
        .args(quiz_args(5, 3))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    write!(stdin, "{}\nnonsense\n", key[0]).unwrap();
    stdin.flush().unwrap();
    // Wait until both answers are on disk (or give up after a while), then interrupt.
    let path = home.progress();
    let start = Instant::now();
    let saved = |p: &Path| {
        std::fs::read_to_string(p)
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .and_then(|v| v["attempts"].as_u64())
    };
    while saved(&path) != Some(2) && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: kill(2) on our own child's pid.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let status = wait_at_most(&mut child, Duration::from_secs(10)).expect("SIGINT ends the quiz");
    drop(stdin);
    assert!(!status.success(), "{status:?}");
    let saved = read_json(&path);
    assert_eq!(saved["attempts"], json!(2));
    assert_eq!(saved["correct"], json!(1));
}

// ── 7. The progress file is read strictly and kept as it is ─────────────────────────────

#[test]
fn a_progress_file_of_the_wrong_shape_is_refused_and_left_alone() {
    let cases = [
        "[1, 2, 3]",
        "\"3 of 2\"",
        r#"{"attempts": 2, "correct": 3}"#,
        r#"{"attempts": 4, "correct": 4, "by_kind": {"leaves": [1, 2]}}"#,
        r#"{"attempts": 4, "correct": 4, "by_kind": {"leaves": {"attempts": 1, "correct": 2}}}"#,
        r#"{"attempts": 4, "correct": 2, "streak": 3, "best_streak": 3}"#,
        "",
    ];
    let key = key_lines(&problems(5, 1));
    for case in cases {
        let home = Scratch::new("shape");
        let path = home.progress();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, case).unwrap();
        let mut c = prune_at(&home);
        c.args(["practice", "progress"]);
        let (code, err) = run_bounded(c).unwrap();
        assert_one_line_error(code, &err, &[&path.display().to_string()]);
        let mut c = prune_at(&home);
        c.args(quiz_args(5, 1));
        let out = feed(c, &format!("{}\n", key[0]));
        assert_eq!(out.status.code(), Some(2), "{case}: {}", text(&out.stderr));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), case, "rewritten");
    }
}

#[test]
fn unknown_keys_of_the_progress_file_are_kept() {
    let home = Scratch::new("unknown");
    let set = problems(5, 1);
    let kind = set[0].item.kind.name();
    let path = home.progress();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let before = json!({
        "attempts": 1, "correct": 1, "streak": 1, "best_streak": 1,
        "by_kind": {kind: {"attempts": 1, "correct": 1, "last_seen": "2024-05-01"}},
        "badges": ["first answer"],
    });
    std::fs::write(&path, before.to_string()).unwrap();
    let mut c = prune_at(&home);
    c.args(quiz_args(5, 1));
    let out = feed(c, &format!("{}\n", key_lines(&set)[0]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let after = read_json(&path);
    assert_eq!(after["attempts"], json!(2));
    assert_eq!(after["badges"], before["badges"]);
    assert_eq!(after["by_kind"][kind]["last_seen"], json!("2024-05-01"));
    assert_eq!(after["by_kind"][kind]["attempts"], json!(2));
}

#[test]
fn counters_at_their_largest_value_do_not_wrap() {
    let home = Scratch::new("wrap");
    let set = problems(5, 1);
    let kind = set[0].item.kind.name();
    let path = home.progress();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let max = u64::MAX;
    let full = json!({
        "attempts": max, "correct": max, "streak": max, "best_streak": max,
        "by_kind": {kind: {"attempts": max, "correct": max}},
    });
    std::fs::write(&path, full.to_string()).unwrap();
    let mut c = prune_at(&home);
    c.args(quiz_args(5, 1));
    let out = feed(c, &format!("{}\n", key_lines(&set)[0]));
    assert!(
        out.status.success(),
        "{:?}: {}",
        out.status,
        text(&out.stderr)
    );
    assert_eq!(read_json(&path), full);
}

#[cfg(unix)]
#[test]
fn a_symlinked_progress_file_is_written_through_its_link() {
    let home = Scratch::new("symlink");
    let set = problems(5, 1);
    let link = home.progress();
    std::fs::create_dir_all(link.parent().unwrap()).unwrap();
    let real_dir = home.path().join("synced");
    std::fs::create_dir_all(&real_dir).unwrap();
    let real = real_dir.join("progress.json");
    std::fs::write(&real, r#"{"attempts": 5, "correct": 0}"#).unwrap();
    std::os::unix::fs::symlink("../../synced/progress.json", &link).unwrap();
    let mut c = prune_at(&home);
    c.args(quiz_args(5, 1));
    let out = feed(c, &format!("{}\n", key_lines(&set)[0]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink(),
        "the link was replaced by a file"
    );
    let saved = read_json(&real);
    assert_eq!(saved["attempts"], json!(6));
    assert_eq!(saved["correct"], json!(1));
}

// ── 8. Sets an answer cannot be written for are refused ─────────────────────────────────

/// A one-problem decision set, as `prune practice export` writes it.
fn decision_set() -> Value {
    let out = prune()
        .args([
            "practice", "export", "--seed", "5", "--count", "1", "--kinds", "decision",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn labels_an_answer_cannot_name_are_refused() {
    let base = decision_set();
    let other = base["items"][0]["graph"]["nodes"][2]["label"]
        .as_str()
        .unwrap()
        .to_string();
    for label in ["", "left side", "A|B", "A,B", other.as_str(), "tab\there"] {
        let dir = Scratch::new("labels");
        let mut set = base.clone();
        set["items"][0]["graph"]["nodes"][1]["label"] = json!(label);
        let path = dir.path().join("set.json");
        std::fs::write(&path, set.to_string()).unwrap();
        for command in ["key", "show"] {
            let mut c = prune();
            c.args(["practice", command]).arg(&path);
            let (code, err) = run_bounded(c).unwrap();
            assert_one_line_error(code, &err, &[&path.display().to_string(), "label"]);
        }
    }
}

#[test]
fn duplicate_item_ids_are_refused() {
    let dir = Scratch::new("ids");
    let mut set = decision_set();
    let item = set["items"][0].clone();
    let id = item["id"].as_str().unwrap().to_string();
    set["items"].as_array_mut().unwrap().push(item);
    let path = dir.path().join("set.json");
    std::fs::write(&path, set.to_string()).unwrap();
    let mut c = prune();
    c.args(["practice", "show"]).arg(&path);
    let (code, err) = run_bounded(c).unwrap();
    assert_one_line_error(code, &err, &[&path.display().to_string(), &id]);
}

#[test]
fn duplicate_answer_keys_are_refused() {
    let dir = Scratch::new("answers");
    let set = decision_set();
    let set_path = dir.path().join("set.json");
    std::fs::write(&set_path, set.to_string()).unwrap();
    let id = set["items"][0]["id"].as_str().unwrap();
    let answers = dir.path().join("answers.json");
    std::fs::write(
        &answers,
        format!("{{\"{id}\": \"0 -\", \"{id}\": \"1 -\"}}"),
    )
    .unwrap();
    let mut c = prune();
    c.args(["practice", "grade"]).arg(&set_path).arg(&answers);
    let (code, err) = run_bounded(c).unwrap();
    assert_one_line_error(code, &err, &[&answers.display().to_string(), id]);
}

// ── 9. A save that fails is reported at once, under the right name ──────────────────────

#[test]
fn without_a_data_directory_the_quiz_says_nothing_was_saved() {
    let key = key_lines(&problems(5, 1));
    let mut c = prune();
    c.env_remove("PRUNE_DATA_DIR")
        .env_remove("XDG_DATA_HOME")
        .env_remove("HOME")
        .args(quiz_args(5, 1));
    let out = feed(c, &format!("{}\n", key[0]));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert!(stdout.contains("not saved"), "{stdout}");
    assert_one_line_error(out.status.code(), &stderr, &["not saved", "HOME"]);
}

#[test]
fn a_failed_save_is_reported_after_that_answer_naming_the_directory() {
    let home = Scratch::new("unsaved");
    // The data directory cannot be created: its parent is a regular file.
    let blocker = home.path().join("file");
    std::fs::write(&blocker, "").unwrap();
    let data = blocker.join("prune");
    let key = key_lines(&problems(5, 3));
    let mut c = prune();
    c.env("PRUNE_DATA_DIR", &data).args(quiz_args(5, 3));
    let out = feed(c, &format!("{}\n{}\n{}\n", key[0], key[1], key[2]));
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let warned = stdout
        .find("not saved")
        .unwrap_or_else(|| panic!("{stdout}"));
    let second = stdout.find("problem 2 of 3").unwrap();
    assert!(warned < second, "reported only later: {stdout}");
    let dir_named = format!("{}: ", data.display());
    let file_named = format!("{}: ", data.join("progress.json").display());
    // The quiz wraps its sentences between words: read them with line breaks as spaces.
    let wrapped = stdout[warned..second]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for said in [&wrapped, &stderr] {
        assert!(said.contains(&dir_named), "{said}");
        assert!(!said.contains(&file_named), "{said}");
    }
    assert_one_line_error(out.status.code(), &stderr, &["not saved"]);
}

// ── 11. A lesson's broken practice item is reported, not replaced ───────────────────────

#[test]
fn a_broken_practice_item_in_a_lesson_is_reported_to_its_author() {
    use prune::lesson::{Lesson, Overrides};
    use prune::tui::app::App;
    let mut lesson = Lesson::open("004-max-cutoff").unwrap();
    assert!(!lesson.spec.practice.is_empty());
    lesson.spec.practice[0].node = Some("nowhere".into());
    let setup = lesson
        .setup(Some("alpha-beta"), &Overrides::default())
        .unwrap();
    let mut app = App::new(vec![lesson.clone()], lesson, setup).unwrap();
    app.start_practice();
    assert!(
        !app.layers
            .has::<prune::tui::components::practice::PracticeScreen>(),
        "a generated round replaced the lesson's items"
    );
    let message = app.message.clone().unwrap_or_default();
    for part in ["004-max-cutoff", "nowhere"] {
        assert!(message.contains(part), "`{part}` missing from: {message}");
    }
}

// ── 13. Node names are read whatever their case ─────────────────────────────────────────

#[test]
fn answers_are_graded_whatever_the_case_of_node_names() {
    let set = problems(7, 24);
    let mut named = 0;
    for (p, key) in set.iter().zip(key_lines(&set)) {
        for line in [key.to_lowercase(), key.to_uppercase()] {
            let v = p.grade(&line).unwrap();
            assert!(
                v.correct,
                "{} ({:?}): `{line}`: {}",
                p.item.id, p.item.kind, v.why
            );
        }
        named += usize::from(matches!(
            p.item.kind,
            Kind::Decision | Kind::Leaves | Kind::Interrupted | Kind::Next | Kind::Researched
        ));
    }
    assert!(named >= 8, "too few answers that name nodes: {named}");
}

#[test]
fn labels_that_differ_only_by_case_still_need_their_own_case() {
    // 000-bound-not-exact has both G and g: the exact label is the one meant.
    let lesson = prune::lesson::Lesson::open("000-bound-not-exact").unwrap();
    let graph = &lesson.graph;
    let by_label = |l: &str| (0..graph.len() as u32).find(|&s| graph.label(s) == Some(l));
    assert!(by_label("G").is_some() && by_label("g").is_some());
    for p in prune::practice::problems_of(&lesson).unwrap() {
        let key = p.answer().unwrap().to_string();
        assert!(p.grade(&key).unwrap().correct, "{}: {key}", p.item.id);
    }
}

// ── 4. Practice files and answer lines are bounded ───────────────────────────────────────

/// `json` followed by spaces up to `size` bytes: valid JSON, only too large.
fn padded(path: &Path, json: &str, size: usize) {
    let mut bytes = json.as_bytes().to_vec();
    bytes.resize(size, b' ');
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn oversized_sets_answers_and_progress_files_are_refused() {
    let dir = Scratch::new("sizes");
    let set = decision_set().to_string();
    let set_path = dir.path().join("set.json");
    let answers = dir.path().join("answers.json");
    padded(&set_path, &set, 17 << 20);
    std::fs::write(&answers, "{}").unwrap();
    let mut c = prune();
    c.args(["practice", "show"]).arg(&set_path);
    let (code, err) = run_bounded(c).unwrap();
    assert_one_line_error(code, &err, &[&set_path.display().to_string(), "limited to"]);

    std::fs::write(&set_path, &set).unwrap();
    padded(&answers, "{}", 17 << 20);
    let mut c = prune();
    c.args(["practice", "grade"]).arg(&set_path).arg(&answers);
    let (code, err) = run_bounded(c).unwrap();
    assert_one_line_error(code, &err, &[&answers.display().to_string(), "limited to"]);

    let home = Scratch::new("progress-size");
    let progress = home.progress();
    std::fs::create_dir_all(progress.parent().unwrap()).unwrap();
    padded(
        &progress,
        "{}",
        prune::practice::store::MAX_PROGRESS_BYTES as usize + 1,
    );
    let mut c = prune_at(&home);
    c.args(["practice", "progress"]);
    let (code, err) = run_bounded(c).unwrap();
    assert_one_line_error(code, &err, &[&progress.display().to_string(), "limited to"]);
}

#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_a_practice_file_is_refused_not_waited_on() {
    let home = Scratch::new("fifo");
    let progress = home.progress();
    std::fs::create_dir_all(progress.parent().unwrap()).unwrap();
    let fifo = |p: &Path| {
        let c = std::ffi::CString::new(p.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    };
    fifo(&progress);
    let mut c = prune_at(&home);
    c.args(["practice", "progress"]);
    let (code, err) = run_bounded(c).expect("a FIFO progress file hangs the command");
    assert_one_line_error(
        code,
        &err,
        &[&progress.display().to_string(), "regular file"],
    );

    let set = home.path().join("set.json");
    fifo(&set);
    let mut c = prune();
    c.args(["practice", "show"]).arg(&set);
    let (code, err) = run_bounded(c).expect("a FIFO set hangs the command");
    assert_one_line_error(code, &err, &[&set.display().to_string(), "regular file"]);
}

#[test]
fn an_endless_answer_line_is_an_error_not_a_crash() {
    let home = Scratch::new("endless");
    let mut child = prune_at(&home)
        .args(quiz_args(5, 1))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // No newline ever comes; stop once the quiz stops reading (or after 64 MiB).
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'x'; 64 << 10];
        for _ in 0..1024 {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
    });
    let status = wait_at_most(&mut child, Duration::from_secs(30)).expect("the quiz ends");
    writer.join().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_one_line_error(status.code(), &err, &["stdin", "4096 bytes"]);
    assert!(!home.progress().exists(), "an unread answer was counted");
}

/// The XDG rule: a relative XDG_DATA_HOME is ignored, so progress goes under HOME instead of
/// a directory relative to wherever the command happens to run.
#[test]
fn a_relative_xdg_data_home_is_ignored() {
    let home = tempfile_dir("xdg-relative");
    let work = home.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(["practice", "quiz", "--seed", "5", "--count", "1"])
        .current_dir(&work)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", &home)
        .env("XDG_DATA_HOME", "relative/data")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            // A readable answer (an unreadable one is asked again and saves nothing).
            child.stdin.take().unwrap().write_all(b"0 A\n")?;
            child.wait()
        })
        .unwrap();
    let _ = out;
    assert!(
        !work.join("relative").exists(),
        "a relative XDG_DATA_HOME was used"
    );
    assert!(home.join(".local/share/prune/progress.json").exists());
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("prune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
