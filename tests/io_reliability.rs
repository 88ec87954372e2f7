//! What prune writes and reads, whatever the input and wherever the output goes:
//!
//! - no control character from a file (C0 other than newline and tab, DEL, C1) reaches stdout
//!   or stderr; JSON output keeps them as `\u` escapes; an error is one line;
//! - inputs are read through a bounded reader: devices, FIFOs, symlinks to them, files that lie
//!   about their size and endless stdin are refused at once;
//! - a full stdout or an unwritable stderr is exit code 2 (a closed stdout pipe is a quiet 0);
//! - a built-in lesson name means the built-in, whatever the working directory holds;
//! - messages: the stdin limit, a byte order mark, long values cut, singular nouns, TERM=dumb.

mod common;

use std::fs::File;
use std::io::Write;
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{prune, repo};

const ESC_TITLE: &str = "\u{1b}]0;pwned\u{7}";
const ESC_CLIPBOARD: &str = "\u{1b}]52;c;aGk=\u{7}";
const CSI_C1: &str = "\u{9b}31m";

/// A fresh directory for one test, removed when the test ends.
struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn scratch(tag: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("prune-io-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A lesson whose title, intro, labels and preset name carry terminal escapes.
fn hostile_lesson(dir: &Path) -> PathBuf {
    let lesson = serde_json::json!({
        "title": format!("T{ESC_TITLE}"),
        "intro": [format!("i{ESC_CLIPBOARD}\u{7f}")],
        "graph": {"nodes": [
            {"player": "MAX", "moves": [{"child": 1}, {"child": 2}], "label": format!("root{ESC_TITLE}")},
            {"player": "MIN", "score": 3, "label": format!("a{ESC_CLIPBOARD}{CSI_C1}")},
            {"player": "MIN", "score": 5, "label": "b\nnext\rline\u{0}"},
        ]},
        "runs": [{"name": format!("r{ESC_TITLE}"), "depth": 2}],
    });
    let path = dir.join("hostile.json");
    std::fs::write(&path, lesson.to_string()).unwrap();
    path
}

/// The first control character of `text` that a terminal would act on, if any.
fn first_control(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        (c < ' ' && c != '\n' && c != '\t') || c == '\u{7f}' || ('\u{80}'..='\u{9f}').contains(&c)
    })
}

fn assert_printable(bytes: &[u8], what: &str) {
    let text = String::from_utf8_lossy(bytes);
    if let Some(c) = first_control(&text) {
        panic!("{what}: control character {c:?} in {text:?}");
    }
}

/// Stdout and stderr of one run, both checked.
fn assert_output_printable(out: &Output, what: &str) {
    assert_printable(&out.stdout, &format!("{what} (stdout)"));
    assert_printable(&out.stderr, &format!("{what} (stderr)"));
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    prune()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("prune runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A one-line error with exit code 2.
fn assert_one_line_error(out: &Output, what: &str) {
    let stderr = text(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{what}: exit code 2; {stderr:?}"
    );
    assert!(
        stderr.starts_with("prune: ")
            && stderr.ends_with('\n')
            && stderr.matches('\n').count() == 1,
        "{what}: one line on stderr, got {stderr:?}"
    );
    assert!(!stderr.contains("panicked"), "{what}: {stderr:?}");
}

// ---- 3. terminal escapes ------------------------------------------------------------------

#[test]
fn a_hostile_lesson_reaches_no_terminal_raw() {
    let dir = scratch("hostile");
    let lesson = hostile_lesson(&dir);
    let lesson = lesson.to_str().unwrap();
    let commands: [&[&str]; 11] = [
        &["trace", lesson],
        &["trace", lesson, "--format", "tsv"],
        &["trace", lesson, "--format", "jsonl"],
        &["trace", lesson, "--format", "json"],
        &["export", lesson, "--format", "md"],
        &["export", lesson, "--format", "dot"],
        &["export", lesson, "--format", "dot", "--passes", "all"],
        &["export", lesson, "--format", "jsonl"],
        &["export", lesson, "--format", "sexp"],
        &["run", lesson],
        &["run", lesson, "--json"],
    ];
    for args in commands {
        let out = run_in(&dir, args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert_output_printable(&out, &format!("{args:?}"));
    }
    // The escaped label keeps its table row one line: 2 passes of 3 calls, a header and the
    // three result lines.
    let table = run_in(&dir, &["trace", lesson]);
    assert_eq!(text(&table.stdout).lines().count(), 1 + 2 * 3 + 3);
}

#[test]
fn json_outputs_keep_control_characters_as_json_escapes() {
    let dir = scratch("json");
    let lesson = hostile_lesson(&dir);
    let out = run_in(
        &dir,
        &["trace", lesson.to_str().unwrap(), "--format", "json"],
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\\u001b]0;pwned\\u0007"), "{stdout}");
    let trace: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let labels: Vec<&str> = trace["header"]["catalog"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["label"].as_str())
        .collect();
    // The labels read back exactly as the lesson wrote them (not escaped twice).
    assert_eq!(
        labels,
        [
            format!("root{ESC_TITLE}"),
            format!("a{ESC_CLIPBOARD}{CSI_C1}"),
            "b\nnext\rline\u{0}".to_string()
        ]
    );
}

#[test]
fn error_messages_are_one_printable_line() {
    let dir = scratch("errors");
    let lesson = hostile_lesson(&dir);
    let lesson = lesson.to_str().unwrap();
    let bad_name = format!("bad\nname{ESC_TITLE}");
    let bad_preset = format!("x{ESC_CLIPBOARD}");
    let broken = format!("broken{ESC_TITLE}\n.json");
    std::fs::write(dir.join(&broken), "{\"nodes\": [}").unwrap();
    let cases: [Vec<&str>; 4] = [
        vec!["run", &bad_name],
        vec!["run", lesson, "--run", &bad_preset],
        vec!["run", &broken],
        vec!["trace", lesson, "--window", &bad_preset],
    ];
    for args in cases {
        let out = run_in(&dir, &args);
        assert_one_line_error(&out, &format!("{args:?}"));
        assert_output_printable(&out, &format!("{args:?}"));
    }
    // The escaped name is still recognisable.
    let out = run_in(&dir, &["run", &bad_name]);
    assert!(
        text(&out.stderr).contains("bad\\nname\\u001b]0;pwned\\u0007"),
        "{}",
        text(&out.stderr)
    );
}

/// A set of one problem, with escapes in its source, question and a label, and answer files.
fn hostile_set(dir: &Path) -> (PathBuf, PathBuf) {
    let out = run_in(dir, &["practice", "export", "--count", "1", "--seed", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut set: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let item = &mut set["items"][0];
    let id = item["id"].as_str().unwrap().to_string();
    item["source"] = format!("src{ESC_TITLE}").into();
    item["question"] = format!("q{ESC_CLIPBOARD}{CSI_C1}").into();
    item["graph"]["nodes"][1]["label"] = "A\u{1b}[31m".into();
    let set_path = dir.join("set.json");
    std::fs::write(&set_path, set.to_string()).unwrap();
    let answers = serde_json::json!({ id: format!("12 A{ESC_TITLE}\u{85}") });
    let answers_path = dir.join("answers.json");
    std::fs::write(&answers_path, answers.to_string()).unwrap();
    (set_path, answers_path)
}

#[test]
fn practice_show_and_grade_reach_no_terminal_raw() {
    let dir = scratch("practice");
    let (set, answers) = hostile_set(&dir);
    let (set, answers) = (set.to_str().unwrap(), answers.to_str().unwrap());
    let commands: [&[&str]; 4] = [
        &["practice", "show", set],
        &["practice", "grade", set, answers],
        &["practice", "grade", set, answers, "--json"],
        &["practice", "key", set],
    ];
    for args in commands {
        let out = run_in(&dir, args);
        assert_output_printable(&out, &format!("{args:?}"));
    }
}

#[test]
fn markdown_code_fence_holds_whatever_the_lesson_is_named() {
    let dir = scratch("fence");
    let name = "a\n```\nb.json";
    std::fs::copy(repo().join("lessons/000-worked-tree.json"), dir.join(name)).unwrap();
    let out = run_in(&dir, &["export", name, "--format", "md"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let md = text(&out.stdout);
    let lines: Vec<&str> = md.lines().collect();
    let open = lines.iter().position(|l| l.starts_with("```")).unwrap();
    let fence = &lines[open][..lines[open].find("text").unwrap()];
    let close = lines.len() - 1;
    assert_eq!(
        lines[close], fence,
        "the block ends with its own fence\n{md}"
    );
    // Three result lines inside, none of which could close the fence.
    assert_eq!(close - open - 1, 3, "{md}");
    assert!(
        lines[open + 1..close]
            .iter()
            .all(|l| !l.trim_start().starts_with("```"))
    );
}

// ---- 4. bounded reads ---------------------------------------------------------------------

/// Runs with a memory ceiling so that an unbounded read fails instead of eating the machine,
/// and a wall-clock ceiling of `limit`.
fn run_bounded(dir: &Path, args: &[&str], stdin: Stdio, limit: Duration) -> (Output, Duration) {
    let script = "ulimit -v 1500000; exec \"$0\" \"$@\"";
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_prune"))
        .args(args)
        .current_dir(dir)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let took = start.elapsed();
    (child.wait_with_output().unwrap(), took)
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

#[test]
fn devices_fifos_and_lying_files_are_refused_at_once() {
    let dir = scratch("devices");
    mkfifo(&dir.join("fifo.json"));
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.json")).unwrap();
    let inputs = ["/dev/zero", "fifo.json", "zero.json", "/proc/self/pagemap"];
    for input in inputs {
        let commands: [&[&str]; 4] = [
            &["run", input, "--depth", "1"],
            &["trace", input, "--depth", "1"],
            &["export", input, "--depth", "1"],
            &["import", input],
        ];
        for args in commands {
            let (out, took) = run_bounded(&dir, args, Stdio::null(), Duration::from_secs(5));
            assert!(took < Duration::from_secs(1), "{args:?} took {took:?}");
            assert_one_line_error(&out, &format!("{args:?}"));
            let stderr = text(&out.stderr);
            assert!(stderr.contains(input), "{args:?}: names the file: {stderr}");
            // pagemap refuses reads that are not whole entries: the kernel's word then.
            let why = [
                "not a regular file",
                "more than 4194304 bytes",
                "Invalid argument",
            ];
            assert!(
                why.iter().any(|w| stderr.contains(w)),
                "{args:?}: says why: {stderr}"
            );
        }
    }
}

#[test]
fn a_file_longer_than_it_says_is_refused_at_the_limit() {
    // /proc files report a length of 0 and hold more.
    let status = Path::new("/proc/self/status");
    let err = prune::lesson::read_text_within(status, 64).unwrap_err();
    assert_eq!(
        err.to_string(),
        "/proc/self/status: more than 64 bytes; this kind of file is limited to 64 bytes"
    );
}

#[test]
fn endless_stdin_is_refused_at_the_limit_with_the_limit_named() {
    let dir = scratch("stdin");
    let zero = File::open("/dev/zero").unwrap();
    let (out, took) = run_bounded(&dir, &["import", "-"], zero.into(), Duration::from_secs(5));
    assert!(took < Duration::from_secs(1), "took {took:?}");
    assert_one_line_error(&out, "import - < /dev/zero");
    assert_eq!(
        text(&out.stderr),
        "prune: error: <stdin>: more than 4194304 bytes; this kind of file is limited to 4194304 bytes\n"
    );
}

// ---- 6. write errors ----------------------------------------------------------------------

fn dev_full() -> File {
    File::options().write(true).open("/dev/full").unwrap()
}

/// A pipe whose read end is already closed: every write to it fails with EPIPE.
fn closed_pipe() -> File {
    let mut fds = [0; 2];
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    drop(unsafe { OwnedFd::from_raw_fd(fds[0]) });
    File::from(unsafe { OwnedFd::from_raw_fd(fds[1]) })
}

/// Every headless command that writes to stdout.
fn writing_commands(dir: &Path) -> Vec<Vec<String>> {
    let sexp = dir.join("tree.sexp");
    std::fs::write(&sexp, "((3)(4))").unwrap();
    let set = dir.join("set.json");
    let export = run_in(dir, &["practice", "export", "--count", "2"]);
    std::fs::write(&set, &export.stdout).unwrap();
    let (sexp, set) = (sexp.display().to_string(), set.display().to_string());
    let all: [&[&str]; 17] = [
        &["run", "000-worked-tree"],
        &["run", "000-worked-tree", "--json"],
        &["trace", "000-worked-tree"],
        &["trace", "000-worked-tree", "--format", "tsv"],
        &["trace", "000-worked-tree", "--format", "jsonl"],
        &["trace", "000-worked-tree", "--format", "json"],
        &["export", "000-worked-tree", "--format", "md"],
        &["export", "000-worked-tree", "--format", "dot"],
        &["lessons"],
        &["fixtures"],
        &["completions", "bash"],
        &["import", &sexp],
        &["practice", "export"],
        &["practice", "show", &set],
        &["bench", "000-worked-tree", "--runs", "1"],
        &["--help"],
        &["--version"],
    ];
    all.iter()
        .map(|a| a.iter().map(|s| s.to_string()).collect())
        .collect()
}

#[test]
fn a_full_stdout_is_exit_code_2_with_a_message() {
    let dir = scratch("full");
    for args in writing_commands(&dir) {
        let out = prune()
            .args(&args)
            .stdout(dev_full())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_one_line_error(&out, &format!("{args:?} > /dev/full"));
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("<stdout>") && stderr.contains("No space left on device"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_closed_stdout_pipe_ends_quietly() {
    let dir = scratch("epipe");
    for args in writing_commands(&dir) {
        let out = prune()
            .args(&args)
            .stdout(closed_pipe())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stderr.is_empty(), "{args:?}: {}", text(&out.stderr));
    }
}

// ---- 10. unwritable stderr ----------------------------------------------------------------

#[test]
fn an_unwritable_stderr_still_gives_exit_code_2() {
    let error = ["run", "no-such-lesson"];
    for (what, stderr) in [
        ("/dev/full", Stdio::from(dev_full())),
        ("a closed pipe", Stdio::from(closed_pipe())),
    ] {
        let out = prune().args(error).stderr(stderr).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "stderr to {what}");
        assert!(out.stdout.is_empty());
    }
    let closed = Command::new("sh")
        .arg("-c")
        .arg("\"$0\" run no-such-lesson 2>&-")
        .arg(env!("CARGO_BIN_EXE_prune"))
        .status()
        .unwrap();
    assert_eq!(closed.code(), Some(2), "2>&-");
    let usage = prune().arg("--bogus").stderr(dev_full()).status().unwrap();
    assert_eq!(usage.code(), Some(2), "a usage error with stderr full");
}

// ---- 12. built-in names -------------------------------------------------------------------

#[test]
fn a_built_in_name_means_the_built_in_whatever_the_directory_holds() {
    let dir = scratch("shadow");
    // A file and a directory named like built-in lessons.
    let one_node = r#"{"nodes": [{"player": "MAX", "score": 7}]}"#;
    std::fs::write(dir.join("000-worked-tree"), one_node).unwrap();
    std::fs::create_dir(dir.join("000-tactical")).unwrap();
    let trace = run_in(&dir, &["trace", "000-transposition", "--format", "json"]);
    std::fs::write(dir.join("000-transposition"), &trace.stdout).unwrap();

    // Seed 000's worked run: COMPLETE at depth 2, score 3, move 0, 12 calls.
    let out = run_in(&dir, &["run", "000-worked-tree", "--run", "worked"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("worked: COMPLETE, depth=2, score=3, move=0\nnodes=12,"));
    // The file is still reachable as a path: a lone MAX leaf worth 7.
    let out = run_in(&dir, &["run", "./000-worked-tree", "--depth", "1"]);
    assert!(
        text(&out.stdout).starts_with("./000-worked-tree: COMPLETE, depth=1, score=7, move=-1"),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    // A directory of a built-in's name does not hide it.
    let out = run_in(&dir, &["run", "000-tactical", "--run", "quiescence"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Nor does a saved trace: the name runs the built-in with the options given.
    let out = run_in(
        &dir,
        &[
            "trace",
            "000-transposition",
            "--depth",
            "1",
            "--format",
            "tsv",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

// ---- 14. messages -------------------------------------------------------------------------

const BOM: &[u8] = b"\xef\xbb\xbf";

fn with_bom(bytes: &[u8]) -> Vec<u8> {
    [BOM, bytes].concat()
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = scratch("bom");
    let lesson = std::fs::read(repo().join("lessons/000-worked-tree.json")).unwrap();
    std::fs::write(dir.join("bom.json"), with_bom(&lesson)).unwrap();
    std::fs::write(dir.join("plain.json"), &lesson).unwrap();
    let tsv = |name: &str| {
        let out = run_in(&dir, &["trace", name, "--format", "tsv"]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
        out.stdout
    };
    assert_eq!(tsv("bom.json"), tsv("plain.json"));

    let trace = run_in(
        &dir,
        &["trace", "plain.json", "--run", "worked", "--format", "json"],
    );
    std::fs::write(dir.join("trace-bom.json"), with_bom(&trace.stdout)).unwrap();
    std::fs::write(dir.join("trace.json"), &trace.stdout).unwrap();
    assert_eq!(tsv("trace-bom.json"), tsv("trace.json"));

    let mut child = prune()
        .args(["import", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&with_bom(b"((3)(4))"))
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    std::fs::write(dir.join("tree.sexp"), with_bom(b"((3)(4))")).unwrap();
    let out = run_in(&dir, &["import", "tree.sexp"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn long_values_are_cut_in_messages() {
    let dir = scratch("long");
    let digits = "9".repeat(100_000);
    std::fs::write(dir.join("big.sexp"), format!("(({digits}))")).unwrap();
    let window = format!("{digits},1");
    let long_name = "x".repeat(100_000);
    let cases: [Vec<&str>; 4] = [
        vec!["import", "big.sexp"],
        vec!["run", "000-worked-tree", "--window", &window],
        vec!["run", "000-worked-tree", "--run", &digits],
        vec!["run", &long_name],
    ];
    for args in cases {
        let out = run_in(&dir, &args);
        assert_one_line_error(&out, &args[..2].join(" "));
        let stderr = text(&out.stderr);
        // The cut value stays short; an unknown lesson's message also lists every built-in,
        // which grows with the lessons (about 22 bytes each): 300 bytes and 24 per lesson.
        let limit = 300 + 24 * prune::lesson::builtin_names().len();
        assert!(
            stderr.len() < limit,
            "{}: {} bytes",
            args[..2].join(" "),
            stderr.len()
        );
        assert!(
            stderr.contains("9999…") || stderr.contains("xxxx…"),
            "{stderr}"
        );
    }
}

/// `prune import -` of `tree`: the lesson it writes.
fn imported(tree: &str) -> serde_json::Value {
    let mut child = prune()
        .args(["import", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(tree.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn counts_of_one_are_singular() {
    let tail = "MAX moves at the root, the players alternate level by level, and only the \
                leaves carry scores.";
    let lesson = imported("((3))");
    assert_eq!(
        lesson["intro"][0].as_str().unwrap(),
        format!("A tree of 2 nodes and 1 leaf, 1 level deep. {tail}")
    );
    let lesson = imported("(3)");
    assert_eq!(
        lesson["intro"][0].as_str().unwrap(),
        format!("A tree of 1 node and 1 leaf, 0 levels deep. {tail}")
    );
    assert!(
        lesson["runs"][0]["about"]
            .as_str()
            .unwrap()
            .starts_with("Alpha-beta over the whole tree (1 ply), "),
        "{lesson}"
    );
    // One call and no cutoff: the root of 000-terminal-root has no moves; one pass at depth 1.
    let (code, dot, _) = common::run_prune(&[
        "export",
        "000-terminal-root",
        "--depth",
        "1",
        "--format",
        "dot",
    ]);
    assert_eq!(code, Some(0));
    assert!(dot.contains("; 1 call, 0 cutoffs\\n"), "{dot}");
}

#[test]
fn a_dumb_terminal_gets_a_message_instead_of_the_tutor() {
    for args in [&[][..], &["open", "000-worked-tree"], &["practice", "tui"]] {
        let out = prune()
            .args(args)
            .env("TERM", "dumb")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_one_line_error(&out, &format!("{args:?}"));
        assert!(
            text(&out.stderr).contains("TERM=dumb"),
            "{}",
            text(&out.stderr)
        );
    }
}

// ── Issue 35, item 4: a burst of input over 1,024 bytes is read to its end, without spinning

/// A pseudo-terminal of 80×24: (master, slave).
#[cfg(target_os = "linux")]
fn pty() -> (OwnedFd, OwnedFd) {
    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize {
        ws_row: 24,
        ws_col: 80,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: two out-parameters, no name buffer, default modes, a valid winsize.
    let r = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(r, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened and are owned here alone.
    unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

/// CPU time (user and system) the process `pid` has used so far, from /proc.
#[cfg(target_os = "linux")]
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (in parentheses, which may hold spaces).
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks: u64 = fields[11].parse::<u64>().ok()? + fields[12].parse::<u64>().ok()?;
    // SAFETY: sysconf only reads a constant.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Some(Duration::from_millis(ticks * 1000 / hz))
}

/// The tutor on a pseudo-terminal of its own (its controlling terminal, in a new session),
/// with everything it draws read and kept.
#[cfg(target_os = "linux")]
fn tutor_on_pty() -> (
    std::process::Child,
    File,
    std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
) {
    tutor_on_pty_with(&[])
}

/// `tutor_on_pty` with more environment variables.
#[cfg(target_os = "linux")]
fn tutor_on_pty_with(
    env: &[(&str, &str)],
) -> (
    std::process::Child,
    File,
    std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
) {
    use std::io::Read;
    use std::os::unix::process::CommandExt;
    let (master, slave) = pty();
    let fd = |f: &OwnedFd| Stdio::from(f.try_clone().unwrap());
    let mut command = prune();
    command
        .args(["open", "000-worked-tree"])
        .env("TERM", "xterm-256color")
        .envs(env.iter().copied())
        .stdin(fd(&slave))
        .stdout(fd(&slave))
        .stderr(fd(&slave));
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        command.pre_exec(|| {
            if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let child = command.spawn().unwrap();
    drop(slave);
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut reader = File::from(master.try_clone().unwrap());
    let mut answer = File::from(master.try_clone().unwrap());
    let sink = seen.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            // The terminal's answer to a cursor position request (as a terminal gives it).
            if buf[..n].windows(4).any(|w| w == b"\x1b[6n") {
                let _ = answer.write_all(b"\x1b[1;1R");
            }
            sink.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });
    (child, File::from(master), seen)
}

#[cfg(target_os = "linux")]
#[test]
fn a_burst_of_input_is_read_to_its_end_without_spinning() {
    let (mut child, mut master, seen) = tutor_on_pty();
    // The first frame: the alternate screen is entered and something is drawn.
    let start = Instant::now();
    while seen.lock().unwrap().len() < 2000 {
        assert!(start.elapsed() < Duration::from_secs(30), "no first frame");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    // 1,100 key presses in one write (a paste): more than the 1,024 bytes crossterm reads at
    // a time. `9` is no key of the main screen.
    let burst = vec![b'9'; 1100];
    master.write_all(&burst).unwrap();
    let pid = child.id();
    let before = cpu_time(pid).expect("the tutor runs");
    std::thread::sleep(Duration::from_secs(5));
    let after = cpu_time(pid).expect("the tutor runs");
    let used = after - before;
    if used >= Duration::from_secs(1) {
        let _ = child.kill();
        let _ = child.wait();
        panic!("the tutor used {used:?} of CPU in the 5 s after a 1,100-byte burst");
    }
    // A burst that ends with q: the q is read, and the tutor quits, with no byte after it.
    let mut last = burst.clone();
    last.push(b'q');
    master.write_all(&last).unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{status:?}");
            break;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            let seen = seen.lock().unwrap();
            let tail =
                String::from_utf8_lossy(&seen[seen.len().saturating_sub(3000)..]).into_owned();
            panic!("the q at the end of a 1,101-byte burst was not read: {tail:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

// ── tests/e2e/signals.sh once saw the cursor hidden after SIGTSTP, with the alternate screen
// and mouse reporting off: a frame written after the modes were put back.

/// Where `needle` starts in `hay` at or after `from`.
fn find_from(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|i| i + from)
}

/// SIGTSTP puts the terminal's modes back (leaving the alternate screen, showing the cursor)
/// and then stops; nothing the tutor draws may reach the terminal between the two, however
/// long the stop takes to come (PRUNE_TEST_SUSPEND_PAUSE holds it 300 ms, three of the idle
/// tutor's redraws). The tutor's process here leads its own session, so the stop itself is
/// discarded (an orphaned process group) and the modes come back at once, which the test
/// reads as the end of the window: the tutor's mouse modes written again.
#[cfg(target_os = "linux")]
#[test]
fn no_frame_reaches_the_terminal_between_giving_it_back_and_stopping() {
    let (mut child, mut master, seen) = tutor_on_pty_with(&[("PRUNE_TEST_SUSPEND_PAUSE", "300")]);
    let start = Instant::now();
    while seen.lock().unwrap().len() < 2000 {
        assert!(start.elapsed() < Duration::from_secs(30), "no first frame");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    const PUT_BACK: &[u8] = b"\x1b[?1049l\x1b[?25h";
    const MOUSE_ON: &[u8] = b"\x1b[?1000h";
    for round in 0..3 {
        let from = seen.lock().unwrap().len();
        // SAFETY: kill only sends a signal to the child this test started.
        assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGTSTP) }, 0);
        let start = Instant::now();
        let (back, modes) = loop {
            let bytes = seen.lock().unwrap().clone();
            if let Some(back) = find_from(&bytes, PUT_BACK, from)
                && let Some(modes) = find_from(&bytes, MOUSE_ON, back)
            {
                break (back, modes);
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "round {round}: the modes were not put back and taken again"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        let bytes = seen.lock().unwrap().clone();
        // The put-back ends with the cursor shown; then only the alternate screen again, each
        // write of the modes starting with CAN.
        let between = &bytes[back + PUT_BACK.len()..modes];
        assert!(
            between == b"\x18\x1b[?1049h\x18",
            "round {round}: {} bytes were drawn on the shell's screen after the modes came back: {:?}",
            between.len(),
            String::from_utf8_lossy(&between[..between.len().min(200)])
        );
        std::thread::sleep(Duration::from_millis(300));
    }
    master.write_all(b"q").unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("q did not quit the tutor");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
