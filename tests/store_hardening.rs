//! Issue 25, second hardening round, for what prune stores and echoes: no escape sequence
//! echoed by the line quiz, no hang on a lock file, no answer lost through links, no file
//! destroyed by a full disk, no progress file that outgrows its own limit, no temporary file
//! left forever, and command-line values shown escaped. Also issue 21's line quiz at 80×24.
//!
//! Every expected figure is counted here from what the test feeds in (answers typed, quizzes
//! run, bytes written before), never copied from the program's output. A full disk is a write
//! that fails half-way: the child runs under a file-size limit (`RLIMIT_FSIZE`, with SIGXFSZ
//! ignored, so a write past the limit fails with EFBIG as a full disk fails with ENOSPC).

mod common;

use common::quiz::{key_lines, problems, quiz_args, text, wait_at_most};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, SystemTime};

use prune::practice::{Problem, Screen, quiz_on, store};
use serde_json::{Value, json};

/// A fresh directory under the system temp dir, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("prune-store-{}-{name}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self) -> &Path {
        &self.0
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

/// `prune` keeping its progress in `data` (`PRUNE_DATA_DIR`).
fn prune_in(data: &Path) -> Command {
    let mut c = prune();
    c.env("PRUNE_DATA_DIR", data);
    c
}

/// Runs `command` with `input` on stdin, to the end, for at most 60 s (`None`: it hung).
fn feed(mut command: Command, input: &[u8]) -> Option<Output> {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written from a thread so a quiz that stops reading early cannot block the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = out.read_to_end(&mut bytes);
        bytes
    });
    let err_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = err.read_to_end(&mut bytes);
        bytes
    });
    let status = wait_at_most(&mut child, Duration::from_secs(60))?;
    writer.join().unwrap();
    Some(Output {
        status,
        stdout: reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
    })
}

/// A one-line error (exit 2, one line on stderr) that mentions every piece of `names`.
fn assert_one_line_error(out: &Output, names: &[&str]) {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "not one line: {stderr}"
    );
    for n in names {
        assert!(stderr.contains(n), "`{n}` missing from: {stderr}");
    }
}

/// The first control character of `text` that a terminal would act on, if any.
fn first_control(text: &str) -> Option<char> {
    text.chars()
        .find(|&c| c.is_control() && c != '\n' && c != '\t')
}

fn assert_printable(bytes: &[u8], what: &str) {
    let text = text(bytes);
    if let Some(c) = first_control(&text) {
        panic!("{what}: control character {c:?} in {text:?}");
    }
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

// ── 1. The line quiz echoes no control character ─────────────────────────────────────────

/// Answers a terminal would act on: a clipboard write (OSC 52), a screen clear (CSI 2J), a
/// C1 CSI, DEL and NUL.
const HOSTILE: [&str; 5] = [
    "\u{1b}]52;c;UFdORUQ=\u{7}",
    "\u{1b}[2J",
    "\u{9b}31m",
    "\u{7f}",
    "\u{0}",
];

#[test]
fn the_line_quiz_echoes_answers_escaped() {
    let home = Scratch::new("echo");
    let key = key_lines(&problems(1, 1));
    for hostile in HOSTILE {
        // Alone (not read: echoed in the message), and after the right words (read, graded
        // wrong or refused, echoed in the verdict).
        for line in [hostile.to_string(), format!("{} {hostile}", key[0])] {
            let mut c = prune_in(home.path());
            c.args(quiz_args(1, 1));
            let out = feed(c, format!("{line}\n").as_bytes()).expect("the quiz ends");
            let what = format!("answer {line:?}");
            assert_printable(&out.stdout, &format!("{what} (stdout)"));
            assert_printable(&out.stderr, &format!("{what} (stderr)"));
            // The escaped form is shown, so the learner sees what was typed.
            let shown = prune::text::one_line(hostile).into_owned();
            assert!(
                text(&out.stdout).contains(&shown),
                "{what}: `{shown}` not shown in {}",
                text(&out.stdout)
            );
        }
    }
}

#[test]
fn practice_grade_echoes_answers_escaped() {
    let dir = Scratch::new("grade");
    let set = prune()
        .args(["practice", "export", "--seed", "1", "--count", "1"])
        .output()
        .unwrap();
    assert!(set.status.success());
    let set_path = dir.path().join("set.json");
    std::fs::write(&set_path, &set.stdout).unwrap();
    let id = serde_json::from_slice::<Value>(&set.stdout).unwrap()["items"][0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    for hostile in HOSTILE {
        let answers = dir.path().join("answers.json");
        std::fs::write(
            &answers,
            json!({ &id: format!("3 A{hostile}") }).to_string(),
        )
        .unwrap();
        for extra in [&[][..], &["--json"], &["--csv"]] {
            let out = prune()
                .args(["practice", "grade"])
                .arg(&set_path)
                .arg(&answers)
                .args(extra)
                .output()
                .unwrap();
            let what = format!("grade {hostile:?} {extra:?}");
            assert_printable(&out.stdout, &what);
            assert_printable(&out.stderr, &what);
        }
    }
}

// ── 2. A FIFO at the lock file is refused, never waited on ───────────────────────────────

#[cfg(unix)]
#[test]
fn a_fifo_lock_file_is_refused_not_waited_on() {
    let data = Scratch::new("fifo-lock");
    let lock = data.path().join("progress.json.lock");
    mkfifo(&lock);
    let key = key_lines(&problems(5, 1));
    let mut c = prune_in(data.path());
    c.args(quiz_args(5, 1));
    let out = feed(c, format!("{}\n", key[0]).as_bytes()).expect("a FIFO lock hangs the quiz");
    assert_one_line_error(
        &out,
        &["not saved", &lock.display().to_string(), "regular file"],
    );
    assert!(
        text(&out.stdout).contains("regular file"),
        "said after the answer: {}",
        text(&out.stdout)
    );
    // The full-screen round and the tutor's `e` save through the same call.
    let path = data.path().join("progress.json");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(store::add(&path, prune::practice::Kind::Decision, true).map(|_| ()));
    });
    let result = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("a FIFO lock hangs a save");
    let err = result.unwrap_err().to_string();
    assert!(err.contains("progress.json.lock"), "{err}");
    assert!(!data.path().join("progress.json").exists());
}

// ── 3. No answer is lost through links ───────────────────────────────────────────────────

/// 200 quizzes of 6 answers, 8 at a time, reaching one progress file three ways: two data
/// directories whose progress.json links to it (one relative link, one absolute), and
/// PRUNE_DATA_DIR naming its own directory.
#[cfg(unix)]
#[test]
fn eight_sessions_through_links_and_the_target_keep_all_1200_answers() {
    const QUIZZES: usize = 200;
    const PARALLEL: usize = 8;
    const COUNT: usize = 6;
    let root = Scratch::new("links");
    let shared = root.path().join("shared");
    let (a, b) = (root.path().join("a"), root.path().join("b"));
    for d in [&shared, &a, &b] {
        std::fs::create_dir_all(d).unwrap();
    }
    let target = shared.join("progress.json");
    std::os::unix::fs::symlink("../shared/progress.json", a.join("progress.json")).unwrap();
    std::os::unix::fs::symlink(&target, b.join("progress.json")).unwrap();
    let routes = [&a, &b, &shared];
    let lines = key_lines(&problems(5, COUNT));
    let input = lines.join("\n") + "\n";
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..PARALLEL {
            s.spawn(|| {
                loop {
                    let n = next.fetch_add(1, Ordering::Relaxed);
                    if n >= QUIZZES {
                        break;
                    }
                    let mut c = prune_in(routes[n % routes.len()]);
                    c.args(quiz_args(5, COUNT));
                    match feed(c, input.as_bytes()) {
                        Some(out) if out.status.success() => {}
                        Some(out) => failures.lock().unwrap().push(format!(
                            "{:?}: {}",
                            out.status,
                            text(&out.stderr)
                        )),
                        None => failures.lock().unwrap().push("hung".into()),
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} quizzes failed, e.g. {}",
        failures.len(),
        failures[0]
    );
    let total = QUIZZES * COUNT;
    assert!(total >= 1000);
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&target).unwrap()).unwrap();
    assert_eq!(saved["attempts"], json!(total), "answers lost");
    assert_eq!(saved["correct"], json!(total));
    for link in [a.join("progress.json"), b.join("progress.json")] {
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{} was replaced by a file",
            link.display()
        );
    }
}

// ── 5. A failed write leaves the previous file byte for byte ─────────────────────────────

/// Runs `command` with writes to regular files limited to `limit` bytes: a write past it fails
/// (EFBIG) as on a full disk.
#[cfg(unix)]
fn with_file_size_limit(command: &mut Command, limit: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: only async-signal-safe calls (signal, setrlimit) between fork and exec.
    unsafe {
        command.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let rl = libc::rlimit {
                rlim_cur: limit as libc::rlim_t,
                rlim_max: limit as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &rl) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// Every command that writes a file with `--out`, as (name, arguments before `--out`).
fn out_commands(dir: &Path) -> Vec<(&'static str, Vec<String>)> {
    let tree = dir.join("tree.sexp");
    std::fs::write(&tree, "(((3)(12)(8))((2)(4)(6)))").unwrap();
    let set = dir.join("set.json");
    let export = prune()
        .args(["practice", "export", "--seed", "2", "--count", "2"])
        .output()
        .unwrap();
    std::fs::write(&set, &export.stdout).unwrap();
    let (tree, set) = (tree.display().to_string(), set.display().to_string());
    let all: [(&str, &[&str]); 7] = [
        ("lesson", &["import", &tree]),
        ("dot", &["export", "000-worked-tree", "--format", "dot"]),
        ("md", &["export", "000-worked-tree", "--format", "md"]),
        ("trace", &["trace", "000-worked-tree", "--format", "json"]),
        ("tsv", &["trace", "000-worked-tree", "--format", "tsv"]),
        (
            "set",
            &["practice", "export", "--seed", "3", "--count", "3"],
        ),
        ("key", &["practice", "key", &set]),
    ];
    all.iter()
        .map(|(n, a)| (*n, a.iter().map(|s| s.to_string()).collect()))
        .collect()
}

#[test]
fn every_out_file_holds_what_stdout_would() {
    let dir = Scratch::new("out");
    for (name, args) in out_commands(dir.path()) {
        let file = dir.path().join(format!("{name}.out"));
        let stdout = prune().args(&args).output().unwrap();
        assert!(
            stdout.status.success(),
            "{args:?}: {}",
            text(&stdout.stderr)
        );
        std::fs::write(&file, "an older file\n").unwrap();
        let out = prune()
            .args(&args)
            .arg("--out")
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert_eq!(
            text(&out.stdout),
            format!("wrote {}\n", file.display()),
            "{args:?}"
        );
        assert_eq!(
            std::fs::read(&file).unwrap(),
            stdout.stdout,
            "{args:?}: the file differs from stdout"
        );
        assert_no_temporary_files(dir.path(), &format!("{args:?}"));
    }
}

/// No `.NAME.PID.N.tmp` is left in `dir`.
fn assert_no_temporary_files(dir: &Path, what: &str) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            !(name.starts_with('.') && name.ends_with(".tmp")),
            "{what}: {name} left behind"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_full_disk_leaves_every_previous_file_byte_for_byte() {
    // Far smaller than anything the commands write, far larger than nothing.
    const LIMIT: u64 = 40;
    let dir = Scratch::new("full");
    // A previous file larger than the limit: it is never written again, so it must survive.
    let previous: Vec<u8> = (0..200u8).map(|i| b'a' + i % 26).collect();
    for (name, args) in out_commands(dir.path()) {
        let file = dir.path().join(format!("{name}.out"));
        std::fs::write(&file, &previous).unwrap();
        let mut c = prune();
        c.args(&args).arg("--out").arg(&file);
        with_file_size_limit(&mut c, LIMIT);
        let out = feed(c, b"").expect("the command ends");
        assert_eq!(
            std::fs::read(&file).unwrap(),
            previous,
            "{args:?}: the previous file was changed"
        );
        assert_one_line_error(&out, &[&file.display().to_string(), "unchanged"]);
        assert_no_temporary_files(dir.path(), &format!("{args:?}"));
    }

    // The progress file: the answer is not saved, the file stays as it was.
    let data = Scratch::new("full-progress");
    let progress = data.path().join("progress.json");
    let before = json!({
        "attempts": 7, "correct": 3, "streak": 0, "best_streak": 2, "by_kind": {},
        "note": "x".repeat(100),
    });
    let before = serde_json::to_vec_pretty(&before).unwrap();
    std::fs::write(&progress, &before).unwrap();
    let key = key_lines(&problems(5, 1));
    let mut c = prune_in(data.path());
    c.args(quiz_args(5, 1));
    with_file_size_limit(&mut c, LIMIT);
    let out = feed(c, format!("{}\n", key[0]).as_bytes()).expect("the quiz ends");
    assert_eq!(std::fs::read(&progress).unwrap(), before);
    assert_one_line_error(&out, &["not saved", "unchanged"]);
    assert_no_temporary_files(data.path(), "quiz");
}

// ── 10. The progress file never outgrows its own limit ───────────────────────────────────

/// A progress file of `attempts` answers with an unknown key holding `extra`.
fn progress_with(extra: Value) -> Value {
    json!({
        "attempts": 4, "correct": 4, "streak": 4, "best_streak": 4,
        "by_kind": {"decision": {"attempts": 4, "correct": 4}},
        "history": extra,
    })
}

#[test]
fn a_save_keeps_the_progress_file_readable() {
    let set = problems(5, 1);
    let key = key_lines(&set);
    // A compact file just under the old 1 MiB limit, and a 400 kB one whose list a pretty
    // layout would spread over one line per number.
    let near_limit = progress_with(json!("x".repeat((1 << 20) - 200)));
    let long_list = progress_with(json!(vec![0; 200_000]));
    for (what, before) in [("1 MiB", near_limit), ("400 kB list", long_list)] {
        let data = Scratch::new("size");
        let path = data.path().join("progress.json");
        std::fs::write(&path, before.to_string()).unwrap();
        let mut c = prune_in(data.path());
        c.args(quiz_args(5, 1));
        let out = feed(c, format!("{}\n", key[0]).as_bytes()).unwrap();
        assert!(out.status.success(), "{what}: {}", text(&out.stderr));
        let written = std::fs::metadata(&path).unwrap().len();
        assert!(
            written <= before.to_string().len() as u64 + 64,
            "{what}: grew from {} to {written} bytes",
            before.to_string().len()
        );
        let shown = prune_in(data.path())
            .args(["practice", "progress"])
            .output()
            .unwrap();
        assert!(
            shown.status.success(),
            "{what}: the saved file is refused: {}",
            text(&shown.stderr)
        );
        assert!(text(&shown.stdout).starts_with("5 of 5 correct"), "{what}");
        let after: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(after["history"], before["history"], "{what}");
    }
}

#[test]
fn a_file_too_large_to_save_is_left_readable_with_a_way_out() {
    // Numbers written in a short form that a save writes longer: the parsed file, written
    // compact by serde_json (the oracle), is over the limit.
    let list = vec![json!(1e15); 300_000];
    let before = progress_with(Value::Array(list));
    let text_before = before.to_string().replace("1000000000000000.0", "1e15");
    let limit = store::MAX_PROGRESS_BYTES as usize;
    assert!(text_before.len() < limit, "{}", text_before.len());
    let reparsed: Value = serde_json::from_str(&text_before).unwrap();
    assert!(serde_json::to_string(&reparsed).unwrap().len() > limit);
    let data = Scratch::new("too-large");
    let path = data.path().join("progress.json");
    std::fs::write(&path, &text_before).unwrap();
    let key = key_lines(&problems(5, 1));
    let mut c = prune_in(data.path());
    c.args(quiz_args(5, 1));
    let out = feed(c, format!("{}\n", key[0]).as_bytes()).unwrap();
    assert_one_line_error(
        &out,
        &["not saved", "over its limit", "PRUNE_DATA_DIR", "README"],
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text_before);
    // The history is still readable.
    let shown = prune_in(data.path())
        .args(["practice", "progress"])
        .output()
        .unwrap();
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    assert!(text(&shown.stdout).starts_with("4 of 4 correct"));
}

// ── 13. Temporary files of killed saves are removed once abandoned ───────────────────────

#[test]
fn abandoned_temporary_files_are_removed_and_live_ones_kept() {
    let data = Scratch::new("stale");
    let old = SystemTime::now() - Duration::from_secs(120);
    // A process id above the kernel's largest (2^22) belongs to no process; this test's own
    // process is alive.
    let gone = 1u32 << 23;
    let temp = |pid: u32, n: u32, modified: SystemTime| {
        let p = data.path().join(format!(".progress.json.{pid}.{n}.tmp"));
        let f = std::fs::File::create(&p).unwrap();
        f.set_modified(modified).unwrap();
        p
    };
    let abandoned = temp(gone, 0, old);
    let fresh = temp(gone, 1, SystemTime::now());
    let live = temp(std::process::id(), 0, old);
    let other = data.path().join(".other.json.1.0.tmp");
    std::fs::write(&other, "").unwrap();
    let key = key_lines(&problems(5, 1));
    let mut c = prune_in(data.path());
    c.args(quiz_args(5, 1));
    let out = feed(c, format!("{}\n", key[0]).as_bytes()).unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!abandoned.exists(), "an abandoned temporary file stays");
    for kept in [&fresh, &live, &other] {
        assert!(kept.exists(), "{} was removed", kept.display());
    }
}

// ── 14. Command-line values, FIFOs for --out, bench errors ───────────────────────────────

#[test]
fn control_characters_in_command_line_values_are_shown_escaped() {
    for (args, shown) in [
        (
            vec!["run", "000-worked-tree", "--depth", "\u{1b}[2J"],
            "'\\u001b[2J'",
        ),
        (
            vec!["run", "000-worked-tree", "--tt", "o\u{7}n"],
            "'o\\u0007n'",
        ),
        (vec!["run", "000-worked-tree", "--x\u{9b}y"], "--x\\u009by"),
        // A value parser's own message quotes it too.
        (
            vec!["run", "000-worked-tree", "--window", "\u{1b}[2J,3"],
            "'\\u001b[2J' is not a score",
        ),
        (
            vec!["practice", "export", "--values", "1,\u{1b}[2J"],
            "'\\u001b[2J' is not a score",
        ),
    ] {
        let out = prune().args(&args).output().unwrap();
        assert_one_line_error(&out, &[shown]);
        assert_printable(&out.stderr, &format!("{args:?}"));
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_named_by_out_is_refused_by_name() {
    let dir = Scratch::new("fifo-out");
    let fifo = dir.path().join("lesson.json");
    mkfifo(&fifo);
    let tree = dir.path().join("tree.sexp");
    std::fs::write(&tree, "((1)(2))").unwrap();
    let mut c = prune();
    c.arg("import").arg(&tree).arg("--out").arg(&fifo);
    let out = feed(c, b"").expect("import --out FIFO hangs");
    assert_one_line_error(&out, &[&fifo.display().to_string(), "not a regular file"]);
}

#[test]
fn a_bench_error_names_the_game() {
    // Seed 003's two-ply tree scores only its leaves, so a depth-1 run reads MIN node 1 at the
    // horizon without a score; the error names the lesson, as `prune run`'s does.
    let out = prune()
        .args(["bench", "003-two-ply", "--depth", "1", "--runs", "1"])
        .output()
        .unwrap();
    assert_one_line_error(&out, &["003-two-ply", "node 1 has no score"]);
}

// ── Issue 21, 16. The line quiz at 80×24 ─────────────────────────────────────────────────

/// For each problem, an answer it reads and grades wrong (the first that does of a few of
/// every kind's form, then the other problems' keys).
fn wrong_answers(problems: &[Problem]) -> Vec<String> {
    let forms = [
        "0 A", "0 exact", "-inf inf", "EXACT", "cut", "A | B", "A", "0 0", "1 2; 3 4", "1/3", "-",
        "0 0 0 -",
    ];
    let keys = key_lines(problems);
    problems
        .iter()
        .map(|p| {
            forms
                .iter()
                .map(|f| f.to_string())
                .chain(keys.iter().cloned())
                .find(|a| {
                    prune::practice::answer::Answer::parse(p.item.kind, a).is_ok()
                        && !p.grade(a).unwrap().correct
                })
                .unwrap_or_else(|| panic!("no wrong answer for {}", p.item.id))
        })
        .collect()
}

#[test]
fn the_line_quiz_wraps_between_words_at_80_columns() {
    let set = problems(7, 12);
    let answers = wrong_answers(&set);
    let data = Scratch::new("wrap");
    let mut c = prune_in(data.path());
    c.args(quiz_args(7, 12));
    let out = feed(c, (answers.join("\n") + "\n").as_bytes()).unwrap();
    let stdout = text(&out.stdout);
    assert!(stdout.contains("✗ wrong"), "{stdout}");
    for line in stdout.lines() {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line}",
            line.chars().count()
        );
    }
    // Wrapped between words: each verdict, its lines joined, is the whole sentence.
    let mut verdicts = 0;
    for (p, answer) in set.iter().zip(&answers) {
        let v = p.grade(answer).unwrap();
        if v.correct {
            continue;
        }
        verdicts += 1;
        let at = v
            .node
            .as_ref()
            .map(|n| format!(" at {n}"))
            .unwrap_or_default();
        let sentence = format!("✗ wrong{at}: {}", v.why);
        let joined = stdout
            .split('\n')
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            joined.contains(&sentence),
            "`{sentence}` is not whole in: {stdout}"
        );
    }
    assert_eq!(verdicts, set.len());
}

#[test]
fn a_typed_round_waits_after_each_verdict_within_24_rows() {
    let set = problems(7, 3);
    let answers = wrong_answers(&set);
    // Answer, Enter; answer, q: the second pause stops the round.
    let input = format!("{}\n\n{}\nq\n{}\n", answers[0], answers[1], answers[2]);
    let mut keeper = store::Keeper::new(Default::default(), store::Place::Memory);
    let mut out = Vec::new();
    let screen = Screen {
        width: 80,
        pause: true,
    };
    let (_, asked) = quiz_on(&set, &mut input.as_bytes(), &mut out, &mut keeper, screen).unwrap();
    assert_eq!(asked, 2, "q at the pause stops the round");
    let out = text(&out);
    let pause = "Enter: next problem";
    assert_eq!(out.matches(pause).count(), 2, "{out}");
    // From the verdict to the pause, everything fits on one 80×24 screen, so the verdict is
    // on screen while the round waits.
    for (i, at) in out.match_indices(pause).map(|(i, _)| i).enumerate() {
        let before = &out[..at];
        let verdict = before
            .rfind("✓ correct")
            .max(before.rfind("✗ wrong"))
            .expect("a verdict before the pause");
        let problem = before
            .rfind(&format!("problem {} of 3", i + 1))
            .expect("the problem");
        assert!(problem < verdict, "{out}");
        let rows: usize = before[verdict..]
            .split('\n')
            .map(|l| l.chars().count().div_ceil(80).max(1))
            .sum();
        assert!(
            rows <= 23,
            "the verdict takes {rows} rows: {}",
            &before[verdict..]
        );
    }
    let second = out.find("problem 2 of 3").unwrap();
    assert!(
        out.find(pause).unwrap() < second,
        "no pause before problem 2"
    );
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_not_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Scratch::new("read-only");
    let tree = dir.path().join("tree.sexp");
    std::fs::write(&tree, "((1)(2))").unwrap();
    let file = dir.path().join("lesson.json");
    std::fs::write(&file, "kept\n").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = prune()
        .arg("import")
        .arg(&tree)
        .arg("--out")
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "kept\n");
    assert_one_line_error(&out, &[&file.display().to_string(), "read-only"]);
}

// ── Issue 35, item 1: a review kind's name from the progress file never reaches the
// terminal raw, and a name prune does not know is neither asked nor shown ─────────────────

#[test]
fn a_hostile_review_kind_name_is_not_shown_raw() {
    let data = Scratch::new("review-name");
    let hostile = "\u{1b}]52;c;UFdORUQ=\u{7}";
    let progress = json!({
        "attempts": 1, "correct": 0, "streak": 0, "best_streak": 0,
        "by_kind": {"window": {"attempts": 1, "correct": 0}},
        "review": {
            hostile: {"box": 1, "due": "2026-01-01"},
            "window": {"box": 1, "due": "2026-01-02"},
        },
    });
    let path = data.path().join("progress.json");
    std::fs::write(&path, progress.to_string()).unwrap();
    let mut c = prune_in(data.path());
    c.env("PRUNE_TODAY", "2026-01-05").arg("practice");
    let out = feed(c, b"").expect("the review round ends");
    assert_printable(&out.stdout, "practice stdout");
    assert_printable(&out.stderr, "practice stderr");
    let stdout = text(&out.stdout);
    // Only the known kind is due: one kind, by its name; the unknown one is not listed.
    assert!(stdout.starts_with("1 kind due today: window;"), "{stdout}");
    assert!(!stdout.contains("52;c"), "{stdout}");
    let mut c = prune_in(data.path());
    c.env("PRUNE_TODAY", "2026-01-05")
        .args(["practice", "progress"]);
    let shown = feed(c, b"").unwrap();
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    assert_printable(&shown.stdout, "practice progress");
    assert!(!text(&shown.stdout).contains("52;c"));
}

// ── Issue 35, item 9: a failed write of a large trace's rows names the file ──────────────

/// Minimax's 2^22 − 1 calls (b = 2, d = 21, no deepening) make more events than a trace
/// records; a game's rows are its recorded run's, so `prune trace` refuses the run in one
/// line, pointing to `prune run`, and writes nothing to the temporary directory (under a 1 MB
/// file-size limit, which a spill would have run into).
#[cfg(unix)]
#[test]
fn a_game_run_past_the_recording_cap_spills_nothing() {
    let dir = Scratch::new("spill");
    let mut c = prune();
    c.env("TMPDIR", dir.path()).args([
        "trace",
        "--game",
        "uniform",
        "--branching",
        "2",
        "--depth",
        "21",
        "--leaves",
        "random",
        "--algorithm",
        "minimax",
        "--id",
        "off",
        "--tt",
        "off",
        "--format",
        "tsv",
    ]);
    with_file_size_limit(&mut c, 1 << 20);
    let out = feed(c, b"").expect("the trace ends");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("more than 20000000 events"), "{stderr}");
    assert!(stderr.contains("prune run"), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

/// Issue 35, item 10: a today whose reviews would fall after 9999-12-31 is refused in one
/// line, and the progress file is left as it was.
#[test]
fn a_today_too_late_for_its_reviews_is_refused() {
    let data = Scratch::new("late-today");
    let mut c = prune_in(data.path());
    c.env("PRUNE_TODAY", "9999-12-30").arg("practice");
    let out = feed(c, b"").expect("ends");
    assert_one_line_error(&out, &["PRUNE_TODAY", "too late", "9999-12-15"]);
    assert!(!data.path().join("progress.json").exists());
}

/// Issue 35 (low): a dangling link at `progress.json.lock` is refused by name; its target
/// is not created.
#[cfg(unix)]
#[test]
fn a_dangling_link_at_the_lock_creates_nothing() {
    let data = Scratch::new("lock-link");
    let target = data.path().join("elsewhere");
    std::os::unix::fs::symlink(&target, data.path().join("progress.json.lock")).unwrap();
    let set = problems(5, 1);
    let key = key_lines(&set);
    let mut c = prune_in(data.path());
    c.args(quiz_args(5, 1));
    let out = feed(c, format!("{}\n", key[0]).as_bytes()).expect("the quiz ends");
    assert!(!target.exists(), "the link's target was created");
    let stderr = text(&out.stderr);
    assert!(stderr.contains("symbolic link"), "{stderr}");
}
