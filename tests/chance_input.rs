//! Bad chance input (seed 004, issue 13's Acceptance): each one a single line on stderr that
//! names the node or move and the rule, exit code 2, nothing on stdout, never a panic.

mod common;

use std::path::PathBuf;

use serde_json::{Value, json};

/// Writes `graph` to a file of its own and returns its path.
fn file(name: &str, graph: &Value) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("prune-chance-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.json"));
    std::fs::write(&path, graph.to_string()).unwrap();
    path
}

/// `prune run FILE --depth 2 --id off ARGS...` is refused with one line holding `fragments`.
fn refused(name: &str, graph: &Value, args: &[&str], fragments: &[&str]) {
    let path = file(name, graph);
    let mut full = vec!["run", path.to_str().unwrap(), "--depth", "2", "--id", "off"];
    full.extend_from_slice(args);
    let (code, stdout, stderr) = common::run_prune(&full);
    let shown = format!("{name}: prune {}\nstderr: {stderr:?}", full.join(" "));
    assert_eq!(code, Some(2), "exit code 2\n{shown}");
    assert!(stdout.is_empty(), "nothing on stdout\n{shown}\n{stdout}");
    assert!(
        stderr.ends_with('\n') && stderr.matches('\n').count() == 1,
        "exactly one line\n{shown}"
    );
    assert!(stderr.starts_with("prune: error: "), "{shown}");
    assert!(!stderr.contains("panicked"), "{shown}");
    for f in fragments {
        assert!(stderr.contains(f), "stderr should contain {f:?}\n{shown}");
    }
}

/// MAX at the root, a chance node (node 1) with the given outcomes over leaves 2 and 3.
fn with_outcomes(moves: Value) -> Value {
    json!({"nodes": [
        {"player": "MAX", "moves": [{"child": 1}, {"child": 4}]},
        {"player": "CHANCE", "moves": moves},
        {"player": "MIN", "score": 3},
        {"player": "MIN", "score": 7},
        {"player": "MIN", "score": 5}
    ]})
}

/// A valid chance graph with utilities 3, 5, 7.
fn good() -> Value {
    with_outcomes(json!([{"child": 2, "p": 0.5}, {"child": 3, "p": "1/2"}]))
}

#[test]
fn a_valid_chance_graph_runs() {
    let path = file("good", &good());
    let (code, out, err) =
        common::run_prune(&["run", path.to_str().unwrap(), "--depth", "2", "--id", "off"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!out.is_empty());
}

#[test]
fn probabilities_that_do_not_sum_to_one() {
    let g = json!({"nodes": [
        {"player": "CHANCE", "moves": [{"child": 1, "p": 0.3}, {"child": 2, "p": 0.3}, {"child": 3, "p": 0.3}]},
        {"player": "MIN", "score": 1}, {"player": "MIN", "score": 2}, {"player": "MIN", "score": 3}
    ]});
    refused("sum-0.9", &g, &[], &["node 0", "sum to 0.9,", "not 1"]);
    // Exact arithmetic: a sum a hair above 1 is caught too.
    let over = with_outcomes(json!([{"child": 2, "p": "1/3"}, {"child": 3, "p": 0.6667}]));
    refused("sum-above", &over, &[], &["node 1", "not 1"]);
}

#[test]
fn a_negative_or_zero_probability() {
    let negative = with_outcomes(json!([{"child": 2, "p": -0.5}, {"child": 3, "p": 1.5}]));
    refused("negative", &negative, &[], &["node 1", "move 0"]);
    let zero = with_outcomes(json!([{"child": 2, "p": 0}, {"child": 3, "p": 1}]));
    refused("zero", &zero, &[], &["node 1", "move 0"]);
    let zero_text = with_outcomes(json!([{"child": 2, "p": 1}, {"child": 3, "p": "0/5"}]));
    refused("zero-text", &zero_text, &[], &["node 1", "move 1"]);
}

#[test]
fn a_probability_on_a_max_move() {
    let g = json!({"nodes": [
        {"player": "MAX", "moves": [{"child": 1, "p": 0.5}, {"child": 2, "p": 0.5}]},
        {"player": "MIN", "score": 1}, {"player": "MIN", "score": 2}
    ]});
    refused("p-on-max", &g, &[], &["node 0", "move 0", "MAX"]);
}

#[test]
fn a_chance_node_without_moves() {
    let g = json!({"nodes": [
        {"player": "MAX", "moves": [{"child": 1}]},
        {"player": "CHANCE", "score": 4}
    ]});
    refused("no-outcomes", &g, &[], &["node 1", "CHANCE", "outcome"]);
    let bare = json!({"nodes": [
        {"player": "MAX", "moves": [{"child": 1}]},
        {"player": "CHANCE", "moves": []}
    ]});
    refused(
        "no-outcomes-bare",
        &bare,
        &[],
        &["node 1", "CHANCE", "outcome"],
    );
}

#[test]
fn a_probability_that_is_not_a_number() {
    let g = with_outcomes(json!([{"child": 2, "p": "abc"}, {"child": 3, "p": 0.5}]));
    refused("abc", &g, &[], &["node 1", "move 0", "abc"]);
    let bool_p = with_outcomes(json!([{"child": 2, "p": true}, {"child": 3, "p": 0.5}]));
    refused("bool", &bool_p, &[], &["p"]);
    let over_zero = with_outcomes(json!([{"child": 2, "p": "1/0"}, {"child": 3, "p": 0.5}]));
    refused("one-over-zero", &over_zero, &[], &["node 1", "move 0"]);
}

#[test]
fn a_chance_move_without_a_probability() {
    let g = with_outcomes(json!([{"child": 2, "p": 0.5}, {"child": 3}]));
    refused("missing-p", &g, &[], &["node 1", "move 1"]);
}

#[test]
fn bounds_that_the_utilities_violate() {
    // Leaf 3 (node 3, worth 7) lies above 6.
    refused(
        "bounds-cli",
        &good(),
        &["--chance-pruning", "on", "--bounds", "0,6"],
        &["node 3", "7"],
    );
    // Node 2 (worth 3) lies below 4.
    refused(
        "bounds-low",
        &good(),
        &["--chance-pruning", "on", "--bounds", "4,10"],
        &["node 2", "3"],
    );
    let mut in_file = good();
    in_file["utility_range"] = json!([0, 5]);
    refused("range-in-file", &in_file, &[], &["node 3", "7"]);
    refused(
        "bounds-reversed",
        &good(),
        &["--chance-pruning", "on", "--bounds", "9,1"],
        &["bounds"],
    );
}

#[test]
fn chance_pruning_without_bounds() {
    refused(
        "no-bounds",
        &good(),
        &["--chance-pruning", "on"],
        &["--bounds", "utility_range"],
    );
}

#[test]
fn searches_without_a_rule_for_chance_nodes() {
    for algorithm in ["alphabeta", "negamax", "pvs"] {
        refused(
            &format!("alg-{algorithm}"),
            &good(),
            &["--algorithm", algorithm],
            &["CHANCE", algorithm, "expectiminimax"],
        );
    }
    refused(
        "minimax-pruning",
        &good(),
        &[
            "--algorithm",
            "minimax",
            "--chance-pruning",
            "on",
            "--bounds",
            "0,10",
        ],
        &["minimax"],
    );
}

#[test]
fn quiescence_on_a_chance_graph() {
    refused(
        "qlimit",
        &good(),
        &["--qlimit", "1"],
        &["--qlimit", "CHANCE"],
    );
}

#[test]
fn chance_options_on_a_graph_without_chance_nodes() {
    let plain = json!({"nodes": [
        {"player": "MAX", "moves": [{"child": 1}, {"child": 2}]},
        {"player": "MIN", "score": 1}, {"player": "MIN", "score": 2}
    ]});
    refused("as-min-plain", &plain, &["--chance-as", "min"], &["CHANCE"]);
    refused(
        "pruning-plain",
        &plain,
        &["--chance-pruning", "on", "--bounds", "0,10"],
        &["CHANCE"],
    );
}

/// Eight chance nodes in a row, each going on with 1/7 and stopping with 6/7: every value is
/// a multiple of 1/7^8 (5,764,801 units), past what a search holds.
#[test]
fn a_scale_too_fine() {
    let levels = 8;
    // Chance node i is at 2i, its stopping leaf at 2i + 1, the next chance node at 2i + 2;
    // a final leaf closes the chain.
    let mut fixed = Vec::new();
    for i in 0..levels {
        fixed.push(json!({"player": "CHANCE", "moves": [
            {"child": 2 * i + 1, "p": "6/7"},
            {"child": 2 * i + 2, "p": "1/7"}
        ]}));
        fixed.push(json!({"player": "MAX", "score": 1}));
    }
    fixed.push(json!({"player": "MAX", "score": 2}));
    let g = json!({ "nodes": fixed });
    refused("scale", &g, &[], &["1/5764801", "smaller denominators"]);
    // Seven levels (823,543 units) with scores of at most 1 still fit.
    let mut fits = Vec::new();
    for i in 0..7 {
        fits.push(json!({"player": "CHANCE", "moves": [
            {"child": 2 * i + 1, "p": "6/7"},
            {"child": 2 * i + 2, "p": "1/7"}
        ]}));
        fits.push(json!({"player": "MAX", "score": 1}));
    }
    fits.push(json!({"player": "MAX", "score": 0}));
    let path = file("scale-fits", &json!({ "nodes": fits }));
    let (code, out, err) = common::run_prune(&[
        "run",
        path.to_str().unwrap(),
        "--depth",
        "12",
        "--id",
        "off",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    // 1 − (1/7)^7 = 823542/823543.
    assert_eq!(v["score_exact"].as_str(), Some("823542/823543"), "{out}");
}
