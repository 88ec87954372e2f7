//! Bad input never panics: `prune run` answers exit code 2, nothing on stdout and exactly one
//! line on stderr that names the place (file, node, move, JSON line and column, option) and the
//! rule. The small files live in tests/data/invalid/; huge, binary and deeply nested ones are
//! written to a temporary directory by the tests.

mod common;

use std::path::{Path, PathBuf};

use common::{repo, run_prune};
use proptest::prelude::*;

/// Runs `prune run ARGS...` and checks the one-line rejection and each expected fragment.
fn rejected(args: &[&str], fragments: &[&str]) {
    let mut full = vec!["run"];
    full.extend_from_slice(args);
    let (code, stdout, stderr) = run_prune(&full);
    let shown = format!("prune {}\nstderr: {stderr:?}", full.join(" "));
    assert_eq!(code, Some(2), "exit code 2\n{shown}");
    assert!(
        stdout.is_empty(),
        "nothing on stdout\n{shown}\nstdout: {stdout:?}"
    );
    assert!(
        stderr.ends_with('\n') && stderr.matches('\n').count() == 1,
        "exactly one line on stderr\n{shown}"
    );
    assert!(
        stderr.starts_with("prune: "),
        "the line names the program\n{shown}"
    );
    for f in fragments {
        assert!(stderr.contains(f), "stderr should contain {f:?}\n{shown}");
    }
    assert!(!stderr.contains("panicked"), "{shown}");
}

fn data(name: &str) -> String {
    repo()
        .join("tests/data/invalid")
        .join(name)
        .display()
        .to_string()
}

/// A file from tests/data/invalid run at depth 2; the message must name the file too.
fn bad_file(name: &str, fragments: &[&str]) {
    let path = data(name);
    let mut all = vec![path.as_str()];
    all.extend_from_slice(fragments);
    rejected(&[&path, "--depth", "2"], &all);
}

/// A valid lesson with one bad command-line value.
fn bad_option(args: &[&str], fragments: &[&str]) {
    let lesson = repo().join("lessons/000-worked-tree.json");
    let lesson = lesson.display().to_string();
    let mut full = vec![lesson.as_str()];
    full.extend_from_slice(args);
    rejected(&full, fragments);
}

/// A scratch directory of this test process, for generated files.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prune-invalid-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

#[test]
fn json_syntax_errors_give_line_and_column() {
    bad_file(
        "syntax-missing-comma.json",
        &["line 3, column 3", "expected `,` or `]`"],
    );
    bad_file(
        "syntax-trailing-comma.json",
        &["line 1, column 42", "trailing comma"],
    );
    bad_file(
        "syntax-unclosed.json",
        &["line 2", "the file ends inside a list"],
    );
    bad_file(
        "syntax-trailing-garbage.json",
        &["line 1, column 44", "trailing characters"],
    );
}

#[test]
fn wrong_types_give_line_column_and_expectation() {
    bad_file(
        "player-wrong-type.json",
        &[
            "line 1, column 23",
            "player must be \"MAX\", \"MIN\", \"CHANCE\" or one of the graph's \"players\", not 1",
        ],
    );
    bad_file(
        "player-unknown.json",
        &["node 1", "player \"DICE\" is not MAX, MIN or CHANCE"],
    );
    bad_file(
        "score-string.json",
        &["line 1, column 46", "a score is a number", "not \"seven\""],
    );
    bad_file(
        "tactical-wrong-type.json",
        &["line 2, column 72", "string \"yes\"", "expected a boolean"],
    );
    bad_file(
        "moves-not-array.json",
        &["line 1, column 51", "invalid type: integer `1`"],
    );
    bad_file(
        "nodes-not-array.json",
        &["line 1, column 10", "invalid type: map"],
    );
    bad_file(
        "node-null.json",
        &["line 1, column 71", "invalid type: null", "a node object"],
    );
    bad_file("not-an-object.json", &["expected a JSON object"]);
    bad_file("not-an-object-number.json", &["expected a JSON object"]);
}

#[test]
fn missing_and_unknown_keys_are_named() {
    bad_file(
        "player-missing.json",
        &["line 1, column 23", "missing field `player`"],
    );
    bad_file(
        "child-key-missing.json",
        &["line 2", "missing field `child`"],
    );
    bad_file(
        "unknown-node-key.json",
        &["line 1, column 48", "unknown field `value`", "`player`"],
    );
    bad_file(
        "unknown-move-key.json",
        &["line 2, column 63", "unknown field `weight`", "`child`"],
    );
    bad_file(
        "unknown-top-key.json",
        &["line 1, column 50", "unknown field `edges`", "`nodes`"],
    );
    bad_file("lesson-missing-title.json", &["missing field `title`"]);
    bad_file("lesson-missing-graph.json", &["missing field `graph`"]);
}

#[test]
fn scores_must_be_numbers_in_range() {
    // A score may be a fraction (issue 23), but not one with a zero denominator.
    bad_file(
        "score-zero-denominator.json",
        &["line 3, column 35", "a score is a number", "not \"1/0\""],
    );
    bad_file(
        "score-out-of-range.json",
        &["node 1: score 1001 is outside [-1000, 1000]"],
    );
    bad_file(
        "score-negative-out-of-range.json",
        &["node 0: score -1001 is outside [-1000, 1000]"],
    );
    // Beyond u64 serde_json only has a float; it is still an integer out of range.
    bad_file(
        "score-huge.json",
        &["node 0: score", "is outside [-1000, 1000]"],
    );
    bad_file(
        "score-u64.json",
        &["node 0: score 18446744073709551615 is outside [-1000, 1000]"],
    );
    bad_file(
        "terminal-without-score.json",
        &["node 1: a terminal node (no moves) needs a score"],
    );
}

#[test]
fn moves_must_name_existing_later_nodes_of_the_other_player() {
    bad_file(
        "child-float.json",
        &["node 0, move 0: child 1.0 is not a node index"],
    );
    bad_file(
        "child-negative.json",
        &["node 0, move 0: child -1 is not a node index"],
    );
    bad_file(
        "child-huge.json",
        &["node 0, move 0: child", "is not a node index"],
    );
    bad_file(
        "child-missing-node.json",
        &["node 0, move 1: child 5 does not exist (the graph has 2 nodes)"],
    );
    bad_file(
        "back-edge.json",
        &["node 2, move 0: child 1 comes before node 2", "forward"],
    );
    bad_file(
        "self-edge.json",
        &["node 1, move 0: a node cannot move to itself"],
    );
    bad_file(
        "same-player.json",
        &["node 0, move 1: MAX node 0 moves to MAX node 2; players must alternate"],
    );
}

#[test]
fn graph_sizes_follow_the_contract() {
    bad_file(
        "zero-nodes.json",
        &["a graph needs 1 to 64 nodes, this one has 0"],
    );
    bad_file(
        "65-nodes.json",
        &["a graph needs 1 to 64 nodes, this one has 65"],
    );
    bad_file(
        "4097-edges.json",
        &["at most 4096 moves in total, this one has 4097"],
    );
}

#[test]
fn lesson_presets_are_validated_on_load() {
    bad_file(
        "lesson-preset-without-depth.json",
        &["run 'main': a preset must set depth"],
    );
    bad_file(
        "lesson-preset-bad-depth.json",
        &["run 'deep': depth 20 is outside 1..=12"],
    );
    bad_file(
        "lesson-duplicate-preset.json",
        &["run 'a': the name is used by an earlier preset"],
    );
    bad_file(
        "lesson-bad-window.json",
        &[
            "line 2",
            "a window bound is an integer, \"-inf\" or \"inf\"",
        ],
    );
    bad_file(
        "lesson-note-unknown-run.json",
        &["a note refers to run 'b', which is not a preset"],
    );
    bad_file(
        "lesson-preset-start-missing.json",
        &["run 'a': start node 3 does not exist"],
    );
    bad_file(
        "lesson-preset-budget-zero.json",
        &["run 'a': budget 0 is outside 1..=1000000"],
    );
    // Numbers that do not even fit the field's type still name the field and its range.
    bad_file(
        "lesson-preset-depth-overflow.json",
        &[
            "line 2, column 37",
            "depth must be an integer in 1..=12, not 300",
        ],
    );
    bad_file(
        "lesson-preset-negative-start.json",
        &["line 2, column 48", "start must be a node number", "not -1"],
    );
    bad_file(
        "lesson-preset-qlimit-string.json",
        &[
            "line 2, column 50",
            "qlimit must be an integer in 0..=6, not \"x\"",
        ],
    );
}

#[test]
fn a_run_that_reads_a_missing_score_says_which_node_and_why() {
    let path = data("inner-without-score.json");
    // Inner nodes 0 and 1 have no score: pass 1 reads MIN 1 at the horizon.
    rejected(
        &[&path, "--depth", "2"],
        &["node 1 has no score", "depth horizon"],
    );
    rejected(
        &[&path, "--depth", "1", "--ordering", "on"],
        &["node 1 has no score", "move ordering"],
    );
    rejected(
        &[&path, "--depth", "1", "--qlimit", "1"],
        &["node 1 has no score", "stand pat"],
    );
}

#[test]
fn empty_missing_directory_binary_huge_and_deep_files() {
    bad_file("empty.json", &["the file is empty"]);
    bad_file("whitespace.json", &["the file is empty"]);

    let dir = scratch("files");
    rejected(
        &[&dir.display().to_string(), "--depth", "2"],
        &["not a file (it is a directory)"],
    );
    let missing = dir.join("missing.json").display().to_string();
    rejected(&[&missing, "--depth", "2"], &[&missing, "No such file"]);
    rejected(
        &["no-such-lesson", "--depth", "2"],
        &[
            "no lesson or file named 'no-such-lesson'",
            "000-worked-tree",
        ],
    );
    // Issue 34, item 15: a misspelt name is answered with the nearest built-in, not the 51.
    rejected(
        &["000-worked-tre", "--depth", "2"],
        &[
            "no lesson or file named '000-worked-tre'",
            "did you mean 000-worked-tree?",
        ],
    );
    let (_, _, err) = run_prune(&["run", "000-worked-tre"]);
    assert!(!err.contains("000-transposition"), "{err}");

    let binary = write(
        &dir,
        "binary.json",
        b"{\"nodes\": [{\"player\": \"MAX\", \"score\": 0, \"label\": \"\xff\xfe\"}]}",
    );
    rejected(
        &[&binary, "--depth", "2"],
        &[&binary, "not UTF-8", "offset 51"],
    );

    let deep = write(&dir, "deep.json", &[b'['; 100_000]);
    rejected(
        &[&deep, "--depth", "2"],
        &[&deep, "line 1, column 128", "nested more than 128 levels"],
    );
    let mut nested = b"{\"nodes\": ".to_vec();
    nested.extend(std::iter::repeat_n(b'[', 100_000));
    let nested = write(&dir, "deep-nodes.json", &nested);
    rejected(
        &[&nested, "--depth", "2"],
        &[&nested, "nested more than 128 levels"],
    );

    // Over the size limit: refused before parsing, with both sizes.
    let mut huge = b"{\"nodes\": [{\"player\": \"MAX\", \"score\": 0, \"label\": \"".to_vec();
    huge.extend(std::iter::repeat_n(b'x', 5_000_000));
    huge.extend_from_slice(b"\"}]}");
    let size = huge.len().to_string();
    let huge = write(&dir, "huge.json", &huge);
    rejected(
        &[&huge, "--depth", "2"],
        &[&huge, &size, "bytes", "4194304"],
    );

    // Under the limit but megabytes long: the error still has its exact column.
    let mut padded = vec![b' '; 3_000_000];
    padded.extend_from_slice(b"{\"nodes\": 5}");
    let padded = write(&dir, "padded.json", &padded);
    rejected(
        &[&padded, "--depth", "2"],
        &[
            &padded,
            "line 1, column 3000011",
            "invalid type: integer `5`",
        ],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_presets_and_start_nodes() {
    bad_option(
        &["--run", "bogus"],
        &[
            "000-worked-tree.json",
            "no run preset named 'bogus'",
            "worked, ordered",
        ],
    );
    bad_option(
        &["--depth", "2", "--start", "99"],
        &["start node 99 does not exist (the graph has 10 nodes)"],
    );
}

#[test]
fn bad_command_line_values_name_the_option_and_range() {
    bad_option(&["--depth", "0"], &["'--depth <D>'", "0 is not in 1..=12"]);
    bad_option(
        &["--depth", "13"],
        &["'--depth <D>'", "13 is not in 1..=12"],
    );
    bad_option(&["--depth", "two"], &["'two'", "'--depth <D>'"]);
    bad_option(
        &["--depth", "2", "--qlimit", "7"],
        &["'--qlimit <Q>'", "7 is not in 0..=6"],
    );
    bad_option(
        &["--depth", "2", "--budget", "0"],
        &["'--budget <N>'", "0 is not in 1..=1000000"],
    );
    bad_option(
        &["--depth", "2", "--budget", "1000001"],
        &["'--budget <N>'", "1000001 is not in 1..=1000000"],
    );
    bad_option(
        &["--depth", "2", "--tt", "maybe"],
        &["'maybe'", "--tt", "possible values: on, off"],
    );
    bad_option(
        &["--depth", "2", "--ordering", "yes"],
        &["'yes'", "--ordering", "possible values: on, off"],
    );
    bad_option(
        &["--depth", "2", "--cut", "gte"],
        &["'gte'", "--cut", "possible values: ge, gt"],
    );
    bad_option(
        &["--depth", "2", "--window", "5,2"],
        &["'5,2'", "--window", "LO < HI"],
    );
    bad_option(
        &["--depth", "2", "--window", "5"],
        &["'5'", "--window", "LO,HI"],
    );
    bad_option(
        &["--depth", "2", "--window=a,3"],
        &["'a' is not a score (an integer, -inf or inf)"],
    );
    bad_option(
        &["--depth", "2", "--frobnicate"],
        &["unexpected argument '--frobnicate'"],
    );
}

/// A two-leaf graph weighing one feature by `name` (`features` of both leaves), in a
/// temporary file; its path.
fn weighted_graph(tag: &str, name: &str) -> PathBuf {
    let graph = serde_json::json!({"title": "weighted", "graph": {
        "weights": {name: 2},
        "nodes": [
            {"player": "MAX", "moves": [{"child": 1}, {"child": 2}]},
            {"player": "MIN", "features": {name: 1}},
            {"player": "MIN", "features": {name: -1}},
        ]
    }});
    let dir = std::env::temp_dir().join(format!("prune-invalid-{}-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("weighted.json");
    std::fs::write(&path, graph.to_string()).unwrap();
    path
}

/// Issue 35 (low): a feature name the weights editor cannot type (`f=g`, ` f`, `f;`) is
/// refused when the graph is read, and one with an escape is called what it is (it was
/// called "not empty").
#[test]
fn feature_names_the_editor_cannot_type_are_refused() {
    let good = weighted_graph("good", "mobility");
    let (code, _, err) = run_prune(&["run", good.to_str().unwrap(), "--depth", "1"]);
    assert_eq!(code, Some(0), "{err}");
    for (tag, name) in [
        ("eq", "f=g"),
        ("space", " f"),
        ("semi", "f;"),
        ("quote", "\"f"),
    ] {
        let path = weighted_graph(tag, name);
        rejected(
            &[path.to_str().unwrap(), "--depth", "1"],
            &["cannot be typed as name=number"],
        );
    }
    let path = weighted_graph("esc", "f\u{1b}[2J");
    rejected(
        &[path.to_str().unwrap(), "--depth", "1"],
        &["control character"],
    );
}

// ── Issue 35, acceptance: every number that reaches an allocation or a loop bound ──────────

/// How a bounded run ended: its exit code (`None`: killed by a signal, or still running at the
/// deadline and killed then), how long it took, and its stderr.
struct Bounded {
    code: Option<i32>,
    timed_out: bool,
    took: std::time::Duration,
    stderr: String,
}

/// The address space a child may use: 1 GB. An unbounded allocation fails under it (and
/// Rust aborts, a signal) instead of taking the machine.
const ADDRESS_SPACE: u64 = 1 << 30;

/// Runs `prune args` under the address-space limit, stopped after `deadline`.
#[cfg(target_os = "linux")]
fn bounded(args: &[String], deadline: std::time::Duration) -> Bounded {
    use std::os::unix::process::CommandExt;
    use std::process::Stdio;
    let mut command = common::prune();
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // SAFETY: only setrlimit, async-signal-safe, between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let rl = libc::rlimit {
                rlim_cur: ADDRESS_SPACE as libc::rlim_t,
                rlim_max: ADDRESS_SPACE as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &rl) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let start = std::time::Instant::now();
    let mut child = command.spawn().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut text);
        text
    });
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > deadline {
            timed_out = true;
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    Bounded {
        code: status.code(),
        timed_out,
        took: start.elapsed(),
        stderr: reader.join().unwrap(),
    }
}

/// A number as a command line may write it: from the edges of every type (0, 1, 2^31, 2^32,
/// 2^64 and one past each), a long run of digits, a sign, or any u64.
fn numeral() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "0",
            "1",
            "2",
            "30",
            "31",
            "64",
            "65",
            "100000",
            "100001",
            "10000000",
            "10000001",
            "2147483647",
            "2147483648",
            "4294967295",
            "4294967296",
            "18446744073709551615",
            "18446744073709551616",
            "99999999999999999999999999999999",
            "-1",
            "1e9",
            "",
        ])
        .prop_map(str::to_string),
        any::<u64>().prop_map(|n| n.to_string()),
        (0u64..200).prop_map(|n| n.to_string()),
    ]
}

/// One command line with the number `n` in a field that bounds an allocation or a loop; the
/// field's name.
fn field_case(field: usize, n: &str) -> (&'static str, Vec<String>) {
    let owned = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<String>>();
    match field {
        0 => (
            "size --depth",
            owned(&["size", "--branching", "2", "--depth", n]),
        ),
        1 => (
            "size --dice N",
            owned(&["size", "--dice", &format!("{n}d6")]),
        ),
        2 => (
            "size --dice M",
            owned(&["size", "--dice", &format!("2d{n}")]),
        ),
        3 => (
            "chart --depth",
            owned(&[
                "chart",
                "leaves",
                "--branching",
                "64",
                "--depth",
                &format!("1..{n}"),
            ]),
        ),
        4 => (
            "chart --seeds",
            owned(&[
                "chart",
                "calls",
                "--branching",
                "2",
                "--depth",
                "3",
                "--seeds",
                n,
            ]),
        ),
        5 => (
            "count --seeds",
            owned(&[
                "count",
                "--game",
                "uniform",
                "--branching",
                "2",
                "--depth",
                "2",
                "--leaves",
                "random",
                "--seeds",
                n,
            ]),
        ),
        6 => (
            "run --iterations",
            owned(&["run", "004-mcts-trap", "--iterations", n]),
        ),
        _ => (
            "run --depth",
            owned(&["run", "000-worked-tree", "--depth", n]),
        ),
    }
}

/// A lesson whose Monte Carlo preset states the root's visits as `n` (and as many wins), or
/// whose chance node rolls `dice`: the lesson's own numbers.
fn lesson_case(dir: &Path, kind: usize, n: &str) -> Vec<String> {
    let path = dir.join(format!("lesson-{kind}.json"));
    let n_json: serde_json::Value = serde_json::from_str(n).unwrap_or(serde_json::json!(n));
    let lesson = if kind == 0 {
        serde_json::json!({
            "title": "stated", "graph": {"nodes": [
                {"player": "MAX", "label": "root", "moves": [{"child": 1, "label": "A"}, {"child": 2, "label": "B"}]},
                {"player": "MIN", "score": 1},
                {"player": "MIN", "score": -1}
            ]},
            "runs": [{"name": "m", "depth": 1, "algorithm": "mcts", "iterations": 3,
                      "given": [{"path": [], "n": n_json, "u": n_json}]}]
        })
    } else {
        serde_json::json!({"graph": {"nodes": [
            {"player": "CHANCE", "dice": format!("{n}d{n}"), "distinct": true,
             "moves": [{"child": 1}, {"child": 2}]},
            {"player": "MAX", "score": 1},
            {"player": "MAX", "score": 2}
        ]}})
    };
    std::fs::write(&path, lesson.to_string()).unwrap();
    let mut args = vec!["run".to_string(), path.display().to_string()];
    if kind == 1 {
        args.extend(["--depth".to_string(), "1".to_string()]);
    }
    args
}

/// What every case must come to: an answer (0) or a refusal (2), never a signal (an abort on
/// a failed allocation) or any other code, within `limit`; a refusal is one line.
fn assert_bounded(what: &str, n: &str, b: &Bounded, limit: std::time::Duration) {
    assert!(
        !b.timed_out && b.took <= limit,
        "{what} {n:?}: still running after {:?}",
        b.took
    );
    assert!(
        matches!(b.code, Some(0 | 2)),
        "{what} {n:?}: ended with {:?} after {:?}: {}",
        b.code,
        b.took,
        b.stderr
    );
    if b.code == Some(2) {
        assert_eq!(b.stderr.lines().count(), 1, "{what} {n:?}: {}", b.stderr);
    }
}

#[cfg(target_os = "linux")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every numeric field of the command line that sizes an allocation or a loop, at the
    /// edges of its type and anywhere between: refused at once, or run within its bound (the
    /// largest valid values take seconds, none takes 20), in 1 GB of address space.
    #[test]
    fn numbers_on_the_command_line_are_bounded(field in 0usize..8, n in numeral()) {
        let (what, args) = field_case(field, &n);
        let b = bounded(&args, std::time::Duration::from_secs(40));
        assert_bounded(what, &n, &b, std::time::Duration::from_secs(20));
    }

    /// The numbers a lesson states: a Monte Carlo preset's visits, a chance node's dice.
    #[test]
    fn numbers_in_a_lesson_are_bounded(kind in 0usize..2, n in numeral()) {
        let dir = std::env::temp_dir()
            .join(format!("prune-invalid-bounded-{}-{kind}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let args = lesson_case(&dir, kind, &n);
        let b = bounded(&args, std::time::Duration::from_secs(40));
        assert_bounded(if kind == 0 { "given n" } else { "dice" }, &n, &b, std::time::Duration::from_secs(5));
    }
}

/// Issue 35 (low): numbers that are only out of range are called out of range, not "not a
/// number": a probability of 1e30, a feature of 2^64, a weight of 1e308.
#[test]
fn numbers_out_of_range_are_not_called_not_a_number() {
    let dir = std::env::temp_dir().join(format!("prune-invalid-range-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, graph: serde_json::Value| {
        let path = dir.join(name);
        std::fs::write(
            &path,
            serde_json::json!({"title": "t", "graph": graph}).to_string(),
        )
        .unwrap();
        path.display().to_string()
    };
    let chance = write(
        "chance.json",
        serde_json::json!({"nodes": [
            {"player": "CHANCE", "moves": [{"child": 1, "p": "1e30"}, {"child": 2, "p": "0.5"}]},
            {"player": "MAX", "score": 1},
            {"player": "MAX", "score": 2}
        ]}),
    );
    rejected(
        &[&chance, "--depth", "1"],
        &["probability 1e30 must be above 0 and at most 1"],
    );
    for (name, weight, feature, words) in [
        (
            "feature.json",
            "2",
            "18446744073709551616",
            "\"18446744073709551616\" is a number out of range",
        ),
        (
            "weight.json",
            "1e308",
            "1",
            "\"1e308\" is a number out of range",
        ),
    ] {
        let path = write(
            name,
            serde_json::json!({"weights": {"f": weight}, "nodes": [
                {"player": "MAX", "moves": [{"child": 1}, {"child": 2}]},
                {"player": "MIN", "features": {"f": feature}},
                {"player": "MIN", "features": {"f": "1"}}
            ]}),
        );
        rejected(&[&path, "--depth", "1"], &[words]);
    }
    // As a JSON number, 2^64 arrives as a float past any exact value.
    let number = write(
        "number.json",
        serde_json::json!({"weights": {"f": 2}, "nodes": [
            {"player": "MAX", "moves": [{"child": 1}, {"child": 2}]},
            {"player": "MIN", "features": {"f": 18446744073709551616.0}},
            {"player": "MIN", "features": {"f": 1}}
        ]}),
    );
    rejected(
        &[&number, "--depth", "1"],
        &["feature \"f\"", "a number out of range"],
    );
    let _ = std::fs::remove_dir_all(&dir);
}
