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
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{prune, repo};

/// A fresh directory for one test.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prune-io-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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

// ---- 10. unwritable stderr ----------------------------------------------------------------

// ---- 12. built-in names -------------------------------------------------------------------

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
