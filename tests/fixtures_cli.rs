//! The built binary against seed 000's printed fixtures: `prune fixtures` byte for byte, and
//! `run --json`, `run`, `trace --format tsv|jsonl` telling the same story for every preset.

mod common;

use common::{repo, run_prune};
use serde_json::Value;

/// Seed 000's fixtures in print order: (built-in lesson, preset).
const FIXTURES: [(&str, &str); 8] = [
    ("000-worked-tree", "worked"),
    ("000-worked-tree", "ordered"),
    ("000-transposition", "transposition"),
    ("000-tactical", "static horizon"),
    ("000-tactical", "quiescence"),
    ("000-worked-tree", "interrupted"),
    ("000-worked-tree", "no completed pass"),
    ("000-terminal-root", "terminal root"),
];

/// The 24 lines of seed 000's expected output plus `checks = PASS`.
fn expected() -> String {
    std::fs::read_to_string(repo().join("tests/fixtures/seed000_expected.txt")).unwrap()
}

/// The seed's three lines for fixture `i`.
fn expected_lines(i: usize) -> Vec<String> {
    expected()
        .lines()
        .skip(3 * i)
        .take(3)
        .map(str::to_string)
        .collect()
}

fn ok(args: &[&str]) -> String {
    let (code, stdout, stderr) = run_prune(args);
    assert_eq!(code, Some(0), "prune {args:?} failed: {stderr}");
    assert!(
        stderr.is_empty(),
        "prune {args:?} wrote to stderr: {stderr}"
    );
    stdout
}

#[test]
fn fixtures_match_seed_000_byte_for_byte() {
    let want = expected();
    assert_eq!(want.lines().count(), 25);
    assert!(want.ends_with("checks = PASS\n"));
    assert_eq!(ok(&["fixtures"]), want);
}

#[test]
fn run_prints_the_three_lines_for_each_preset() {
    for (i, (lesson, preset)) in FIXTURES.iter().enumerate() {
        let out = ok(&["run", lesson, "--run", preset]);
        let want = expected_lines(i).join("\n") + "\n";
        assert_eq!(out, want, "{lesson} --run {preset}");
    }
}

/// `key=value` pairs of the seed's counter line.
fn counters(line: &str) -> Vec<(String, String)> {
    line.split(", ")
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            (k.to_string(), v.to_string())
        })
        .collect()
}

#[test]
fn run_json_matches_the_three_lines() {
    for (i, (lesson, preset)) in FIXTURES.iter().enumerate() {
        let lines = expected_lines(i);
        let out = ok(&["run", lesson, "--run", preset, "--json"]);
        assert_eq!(out.lines().count(), 1, "one JSON object on one line");
        let v: Value = serde_json::from_str(&out).unwrap();
        // Line 1: `NAME: STATUS, depth=D, score=S, move=M`.
        let head = format!(
            "{preset}: {}, depth={}, score={}, move={}",
            v["status"].as_str().unwrap(),
            v["depth"],
            v["score"],
            v["move"]
        );
        assert_eq!(head, lines[0], "{preset}");
        // Line 2: the six counters, in order, then restored=YES.
        let stats = &v["stats"];
        let mut pairs = counters(&lines[1]);
        assert_eq!(pairs.pop(), Some(("restored".into(), "YES".into())));
        assert_eq!(pairs.len(), 6);
        for (k, want) in &pairs {
            assert_eq!(stats[k].to_string(), *want, "{preset}: {k}");
        }
        assert_eq!(stats.as_object().unwrap().len(), 6);
        // Line 3: `passes=[d:CODE:score:move:nodes,...]`; the JSON has all five deltas.
        let history = v["history"].as_array().unwrap();
        let passes: Vec<String> = history
            .iter()
            .map(|p| {
                format!(
                    "{}:{}:{}:{}:{}",
                    p["depth"],
                    p["code"].as_str().unwrap(),
                    p["score"],
                    p["move"],
                    p["delta"][0]
                )
            })
            .collect();
        assert_eq!(format!("passes=[{}]", passes.join(",")), lines[2]);
        let names = ["nodes", "evals", "cutoffs", "tt_hits", "qnodes"];
        for (k, name) in names.iter().enumerate() {
            let sum: u64 = history
                .iter()
                .map(|p| p["delta"][k].as_u64().unwrap())
                .sum();
            assert_eq!(
                Some(sum),
                stats[name].as_u64(),
                "{preset}: deltas of {name}"
            );
        }
        for p in history {
            assert_eq!(p["delta"].as_array().unwrap().len(), 5);
        }
    }
}

const HEADER: &str = "step\tpass\tply\tstate\tdepth\tqleft\talpha\tbeta\tvalue\tmove\tresult";

fn score_cell(cell: &str) -> bool {
    cell == "inf" || cell == "-inf" || cell.parse::<i32>().is_ok()
}

#[test]
fn trace_tsv_has_one_row_per_admitted_call() {
    for (lesson, preset) in FIXTURES {
        let json: Value =
            serde_json::from_str(&ok(&["run", lesson, "--run", preset, "--json"])).unwrap();
        let nodes = json["stats"]["nodes"].as_u64().unwrap();
        let out = ok(&["trace", lesson, "--run", preset, "--format", "tsv"]);
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some(HEADER), "{preset}");
        let rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
        assert_eq!(rows.len() as u64, nodes, "{preset}: rows == nodes");
        let history = json["history"].as_array().unwrap();
        for (n, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), 11, "{preset}: {row:?}");
            assert_eq!(row[0], (n + 1).to_string(), "{preset}: step == row number");
            for cell in [row[2], row[3], row[4], row[5]] {
                cell.parse::<u32>().unwrap();
            }
            assert!(
                score_cell(row[6]) && score_cell(row[7]),
                "{preset}: {row:?}"
            );
            match row[10] {
                "abort" => assert_eq!((row[8], row[9]), ("-", "-"), "{preset}"),
                "EXACT" | "LOWER" | "UPPER" | "tt-hit" => {
                    row[8].parse::<i32>().unwrap();
                    row[9].parse::<i16>().unwrap();
                }
                other => panic!("{preset}: result {other}"),
            }
        }
        // Rows per pass are the pass's node delta; the root row of a DONE pass has its result.
        for p in history {
            let depth = p["depth"].to_string();
            let in_pass: Vec<_> = rows.iter().filter(|r| r[1] == depth).collect();
            assert_eq!(
                Some(in_pass.len() as u64),
                p["delta"][0].as_u64(),
                "{preset}"
            );
            if p["code"] == "DONE" {
                let root = in_pass[0];
                assert_eq!(root[2], "0", "{preset}: the pass starts at the root");
                assert_eq!(
                    (root[8], root[9]),
                    (
                        p["score"].to_string().as_str(),
                        p["move"].to_string().as_str()
                    ),
                    "{preset}"
                );
            }
        }
    }
}

#[test]
fn worked_tree_trace_shows_the_seed_story() {
    let out = ok(&[
        "trace",
        "000-worked-tree",
        "--run",
        "worked",
        "--format",
        "tsv",
    ]);
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    // "The entry for MIN 2 proves only that its value is at most 2."
    let min2 = rows
        .iter()
        .find(|r| r[1] == "2" && r[3] == "2")
        .expect("MIN 2 is searched in pass 2");
    assert_eq!((min2[8], min2[10]), ("2", "UPPER"));
    // "All calls use q=0" and the root's pass-2 value is 3 by move 0.
    assert!(rows.iter().all(|r| r[5] == "0"));
    let root2 = rows.iter().find(|r| r[1] == "2" && r[2] == "0").unwrap();
    assert_eq!(
        (root2[6], root2[7], root2[8], root2[9]),
        ("-inf", "inf", "3", "0")
    );
}

#[test]
fn trace_jsonl_lines_all_parse() {
    for (lesson, preset) in FIXTURES {
        let json: Value =
            serde_json::from_str(&ok(&["run", lesson, "--run", preset, "--json"])).unwrap();
        let out = ok(&["trace", lesson, "--run", preset, "--format", "jsonl"]);
        let mut enters = 0;
        let mut passes = 0;
        for line in out.lines() {
            let v: Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{preset}: {e}: {line}"));
            let kind = v["event"].as_str().expect("every line names its event");
            enters += (kind == "enter") as u64;
            passes += (kind == "pass_end") as usize;
        }
        assert_eq!(Some(enters), json["stats"]["nodes"].as_u64(), "{preset}");
        assert_eq!(
            passes,
            json["history"].as_array().unwrap().len(),
            "{preset}"
        );
    }
}

/// On generated graphs with budgets that interrupt: still one row per admitted call, and the
/// aborted rows are exactly the active path when the budget ran out (plies 0, 1, ..., k-1 of
/// the last pass, in order).
#[test]
fn trace_tsv_rows_under_interruption() {
    use common::model::{Family, generate};
    use prune::rng::Rng;
    let dir = std::env::temp_dir().join(format!("prune-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng::new(0x7ace);
    for i in 0..20 {
        let m = generate(&mut rng, [Family::Dag, Family::Layered][i % 2]);
        let nodes: Vec<Value> = (0..m.len())
            .map(|s| {
                let moves: Vec<Value> = m.moves[s]
                    .iter()
                    .map(|&(c, t)| serde_json::json!({"child": c, "tactical": t}))
                    .collect();
                serde_json::json!({"player": if m.max[s] {"MAX"} else {"MIN"}, "score": m.score[s], "moves": moves})
            })
            .collect();
        let path = dir.join(format!("g{i}.json"));
        std::fs::write(&path, serde_json::json!({ "nodes": nodes }).to_string()).unwrap();
        let file = path.display().to_string();
        let budget = rng.range(1, 40).to_string();
        let args = ["--depth", "4", "--qlimit", "2", "--budget", &budget];
        let mut run = vec!["run", &file];
        run.extend(args);
        run.push("--json");
        let json: Value = serde_json::from_str(&ok(&run)).unwrap();
        let mut trace = vec!["trace", &file];
        trace.extend(args);
        trace.extend(["--format", "tsv"]);
        let out = ok(&trace);
        let rows: Vec<Vec<&str>> = out
            .lines()
            .skip(1)
            .map(|l| l.split('\t').collect())
            .collect();
        assert_eq!(
            Some(rows.len() as u64),
            json["stats"]["nodes"].as_u64(),
            "{file} {budget}"
        );
        for (n, row) in rows.iter().enumerate() {
            assert_eq!(row[0], (n + 1).to_string());
        }
        let aborted: Vec<&Vec<&str>> = rows.iter().filter(|r| r[10] == "abort").collect();
        if json["status"] == "COMPLETE" {
            assert!(aborted.is_empty(), "{file} {budget}");
            continue;
        }
        let last_pass = json["history"].as_array().unwrap().last().unwrap()["depth"].to_string();
        for (k, row) in aborted.iter().enumerate() {
            assert_eq!(
                row[1], last_pass,
                "{file} {budget}: aborts are in the aborted pass"
            );
            assert_eq!(
                row[2],
                k.to_string(),
                "{file} {budget}: the aborted rows form the path"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
