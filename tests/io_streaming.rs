//! Text output is written as it is made, not built whole first: while `prune trace` of the
//! million-call run waits on a reader that took only the first line, it holds the recorded run
//! and its index, not the 81 MB table as well. (Its own file: one child process, the heaviest
//! run of the suite.)

mod common;

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::Duration;

/// The peak resident memory (VmHWM) of a live process, in kilobytes.
fn peak_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn the_million_call_table_is_written_as_it_is_made() {
    let heavy = common::repo().join("assets/heavy-64.json");
    let mut child = common::prune()
        .arg("trace")
        .arg(&heavy)
        .args([
            "--depth",
            "12",
            "--qlimit",
            "6",
            "--tt",
            "off",
            "--ordering",
            "off",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut rows = BufReader::new(child.stdout.take().unwrap());
    let mut header = String::new();
    rows.read_line(&mut header).unwrap();
    assert!(
        header.trim_start().starts_with("call  pass  ply"),
        "{header}"
    );
    // The pipe fills and the writer blocks; what it holds then is what it needed to start.
    std::thread::sleep(Duration::from_millis(300));
    let peak = peak_kb(child.id());
    // The trace and index of 1,000,000 calls take about 250 MB; the whole table as text and its
    // cells took 900 MB more.
    assert!(peak < 450_000, "peak resident memory {peak} kB");
    // A reader that leaves is a closed pipe: a quiet exit 0.
    drop(rows);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
