//! The bound of a run's result against the truth: over generated graphs, random root windows,
//! both cut rules, the table and ordering on and off, with and without iterative deepening and
//! under budgets that interrupt, what the run says its answer proves (exact, at most, at
//! least) never contradicts the true minimax value of the dynamic-programming oracle in
//! `common::model`; under seed 000's rule (cut on α ≥ β) it is exact exactly when the value
//! lies strictly inside the root window (or the root is terminal: a read is exact whatever
//! the window). The unrecorded run (`prune run`) and the recorded one agree on it.

mod common;

use common::model::{FAMILIES, Oracle, generate};
use prune::index::{record, result_with_bound};
use prune::lesson::RunSetup;
use prune::rng::Rng;
use prune::search::{Algorithm, CutRule, Flag, INF, Options, Status};

/// A root edge drawn near `truth` (so that every side of it and its ties come up), or
/// anywhere, or a sentinel.
fn edge(rng: &mut Rng, truth: i32) -> i32 {
    match rng.below(6) {
        0 => -INF,
        1 => INF,
        2 => rng.range(-1001, 1001) as i32,
        _ => truth + rng.range(-2, 2) as i32,
    }
}

fn window(rng: &mut Rng, truth: i32) -> (i32, i32) {
    loop {
        let (a, b) = (edge(rng, truth), edge(rng, truth));
        if a < b {
            return (a, b);
        }
        if b < a {
            return (b, a);
        }
    }
}

/// What `bound` claims about `value`, against the true value.
fn holds(bound: Flag, value: i32, truth: i32) -> bool {
    match bound {
        Flag::Exact => value == truth,
        Flag::Upper => truth <= value,
        Flag::Lower => truth >= value,
    }
}

#[derive(Default)]
struct Tally {
    runs: u64,
    exact: u64,
    upper: u64,
    lower: u64,
    none: u64,
}

#[test]
fn the_result_bound_never_contradicts_the_true_value() {
    let mut rng = Rng::new(0xb0d_0000);
    let mut t = Tally::default();
    for case in 0..3_000u64 {
        let family = FAMILIES[(case as usize) % FAMILIES.len()];
        let model = generate(&mut rng, family);
        let lesson = model.lesson();
        let mut depth = rng.range(1, 4) as u8;
        let mut qlimit = rng.range(0, 2) as u8;
        // Keep each case small: full-tree size from the oracle's call counts.
        let oracle = loop {
            let o = Oracle::new(&model, depth as usize, qlimit as usize);
            if o.calls(0, depth as usize, qlimit as usize) <= 3_000 || (depth, qlimit) == (1, 0) {
                break o;
            }
            if qlimit > 0 {
                qlimit -= 1;
            } else {
                depth -= 1;
            }
        };
        let truth_at = |d: u8| oracle.value(0, d as usize, qlimit as usize);
        let terminal = model.moves[0].is_empty();
        for cut in [CutRule::AtLeast, CutRule::Strict] {
            let options = Options {
                algorithm: match rng.below(10) {
                    0 => Algorithm::Minimax,
                    1 | 2 => Algorithm::Negamax,
                    3 | 4 => Algorithm::Pvs,
                    _ => Algorithm::AlphaBeta,
                },
                depth,
                qlimit,
                budget: if rng.chance(15, 100) {
                    rng.range(1, 40) as u64
                } else {
                    1_000_000
                },
                table: rng.chance(50, 100),
                ordering: rng.chance(50, 100),
                deepening: rng.chance(70, 100),
                cut,
                window: window(&mut rng, truth_at(depth)),
                ..Options::default()
            };
            let setup = RunSetup {
                start: 0,
                options,
                given: None,
            };
            let ctx = || format!("case {case} {options:?}\nmodel={model:?}");
            let (result, bound) = result_with_bound(&lesson, &setup).unwrap();
            let rec = record(&lesson, &setup).unwrap();
            assert_eq!(
                rec.tree().committed_bound(),
                bound,
                "recorded and unrecorded runs disagree\n{}",
                ctx()
            );
            assert_eq!(rec.result(), &result, "{}", ctx());
            t.runs += 1;
            let Some(bound) = bound else {
                assert_eq!(result.status, Status::NoCompletedDepth, "{}", ctx());
                t.none += 1;
                continue;
            };
            assert_ne!(result.status, Status::NoCompletedDepth, "{}", ctx());
            let (v, truth) = (result.score, truth_at(result.depth));
            assert!(
                holds(bound, v, truth),
                "the run says its score {v} is {bound:?}, the true value is {truth}\n{}",
                ctx()
            );
            // Plain minimax searches the full window: its answer is always exact.
            // The run's root window is MAX's for every search (negamax negates it for a
            // root of MIN's, and its bound is reported from MAX's side again).
            let (a, b) = match options.algorithm {
                Algorithm::AlphaBeta
                | Algorithm::Negamax
                | Algorithm::Pvs
                | Algorithm::Expectiminimax
                | Algorithm::Paranoid => options.window,
                Algorithm::Minimax | Algorithm::Maxn | Algorithm::Mcts => (-INF, INF),
            };
            let inside = match cut {
                CutRule::AtLeast => a < v && v < b,
                // Cutting only on α > β, a value on an edge was still searched in full.
                CutRule::Strict => a <= v && v <= b,
            };
            assert_eq!(
                bound == Flag::Exact,
                inside || terminal,
                "score {v}, window ({a}, {b}), said {bound:?}\n{}",
                ctx()
            );
            match bound {
                Flag::Exact => t.exact += 1,
                Flag::Upper => t.upper += 1,
                Flag::Lower => t.lower += 1,
            }
        }
    }
    // The generator must reach every answer the test is about.
    assert!(t.runs >= 6_000);
    for (what, n) in [
        ("exact", t.exact),
        ("upper", t.upper),
        ("lower", t.lower),
        ("none", t.none),
    ] {
        assert!(n >= 100, "only {n} {what} results in {} runs", t.runs);
    }
}

/// Seed 000's worked tree is worth 3 (max(min(3,5), min(2,9), min(0,7))): the windows (4, 5)
/// and (-10, 1) put it outside, (0, 3) on the upper edge, (2, 4) inside.
#[test]
fn prune_run_prints_what_the_worked_tree_proves() {
    let cases = [
        ("4,5", "score<=3", "upper"),
        ("-10,1", "score>=3", "lower"),
        ("0,3", "score>=3", "lower"),
        ("2,4", "score=3", "exact"),
    ];
    for (w, text, json) in cases {
        let window = format!("--window={w}");
        let (code, out, err) =
            common::run_prune(&["run", "000-worked-tree", "--run", "worked", &window]);
        assert_eq!(code, Some(0), "{err}");
        let first = out.lines().next().unwrap();
        assert!(first.contains(&format!(", {text}, move=0")), "{w}: {first}");
        let (_, out, _) = common::run_prune(&[
            "run",
            "000-worked-tree",
            "--run",
            "worked",
            &window,
            "--json",
        ]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["bound"], json, "{w}");
        assert_eq!(v["score"], 3, "{w}");
    }
    // A full window prints seed 000's line, and JSON says the score is exact.
    let (_, out, _) = common::run_prune(&["run", "000-worked-tree", "--run", "worked", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["bound"].as_str(), v["score"].as_i64()),
        (Some("exact"), Some(3))
    );
    // No completed depth: the dummy score proves nothing.
    let (_, out, _) = common::run_prune(&[
        "run",
        "000-worked-tree",
        "--run",
        "no completed pass",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "NO_COMPLETED_DEPTH");
    assert!(v["bound"].is_null());
}
