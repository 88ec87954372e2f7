//! Seed 002's options on the command line: every combination that cannot work or means
//! nothing is one clear line with exit code 2, and `prune run` reports the new counters and
//! attempts in text and JSON with the values worked out here by hand.

mod common;

use common::{assert_one_line_error, run_prune};

#[test]
fn invalid_combinations_are_one_line_errors() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--algorithm", "minimax", "--aspiration", "5"],
            "not minimax",
        ),
        (&["--aspiration", "0"], "aspiration delta 0"),
        (&["--aspiration", "-3"], "aspiration delta -3"),
        (
            &["--aspiration", "5", "--window", "1,3"],
            "leave out --window",
        ),
        (&["--pitfall", "wrong-window"], "variant of negamax or pvs"),
        (&["--guess", "3"], "--aspiration"),
        (&["--aspiration-from", "2"], "--aspiration"),
        (
            &["--aspiration", "5", "--aspiration-from", "0"],
            "at least 1",
        ),
        (
            &["--aspiration", "5", "--aspiration-from", "3"],
            "only to depth 2",
        ),
        (
            &[
                "--aspiration",
                "5",
                "--aspiration-from",
                "1",
                "--guess",
                "1000000",
            ],
            "strictly between",
        ),
        (&["--algorithm", "mtdf"], "mtdf"),
    ];
    for (extra, says) in cases {
        let mut args = vec!["run", "000-worked-tree"];
        args.extend_from_slice(extra);
        assert_one_line_error(&args, says);
    }
}

/// Seed 004's A/B/C tree (A = 4, 9, 6; B = 2, 15, 13; C = 5, 8, 10), one pass of depth 2 with no
/// table. PVS at the root: A with the full window returns 4 (A1 = 4; A2 and A3 are scouted with
/// MIN's null window (−4, −3) and are no better for MIN); B is scouted with the root's null
/// window (4, 5) and B1 = 2 proves B no better than 4; C is scouted, comes back with 5 > 4, and
/// is searched again with the full window: one re-search, root value 5 by C.
///
/// Null windows by hand: at the root, B and C (2). Inside A (full window, MIN): A2 and A3 (2).
/// Inside the B scout: B1 cuts at once (2 ≤ 4), nothing more. Inside the C scout: C1 = 5 does
/// not cut for MIN against 4 (5 > 4) but C2 and C3 are scouted (2). Inside C's re-search: C2 and
/// C3 again (2). Total 8 null windows, 1 re-search.
#[test]
fn pvs_on_the_abc_tree_reports_its_null_windows_and_re_search() {
    let (code, out, _) = run_prune(&["run", "004-abc-tree", "--algorithm", "pvs", "--json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["score"], 5);
    assert_eq!(v["move_name"], "C");
    assert_eq!(v["counters"]["researches"], 1);
    assert_eq!(v["counters"]["null_windows"], 8);
    assert_eq!(v["counters"]["aspiration_misses"], 0);
    // Seed 000's six counters keep their place and names.
    for k in ["nodes", "evals", "cutoffs", "tt_hits", "qnodes", "peak"] {
        assert!(v["stats"][k].is_u64(), "{k}");
    }
}

/// Aspiration from depth 1 around a guess of −30 with δ = 1 on the A/B/C tree (value 5): the
/// windows are (−31, −29), then β widens by 1, 2, 4, 8, 16, 32: −28, −26, −22, −14, 2, 34; the
/// first window that holds 5 is (−31, 34). Six fail highs, then exact.
#[test]
fn aspiration_attempts_are_listed_in_text_and_json() {
    let args = [
        "run",
        "004-abc-tree",
        "--aspiration",
        "1",
        "--aspiration-from",
        "1",
        "--guess",
        "-30",
    ];
    let (code, text, _) = run_prune(&args);
    assert_eq!(code, Some(0));
    let betas = [-29, -28, -26, -22, -14, 2];
    let mut want: Vec<String> = betas
        .iter()
        .map(|b| format!("2:-31:{b}:fail-high:"))
        .collect();
    want.push("2:-31:34:exact:5".into());
    for w in &want {
        assert!(text.contains(w), "{w} in\n{text}");
    }
    assert!(text.contains("aspiration_misses=6"), "{text}");
    let mut json_args = args.to_vec();
    json_args.push("--json");
    let v: serde_json::Value = serde_json::from_str(&run_prune(&json_args).1).unwrap();
    let attempts = v["history"][0]["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 7);
    assert_eq!(attempts[6]["outcome"], "exact");
    assert_eq!(attempts[6]["beta"], 34);
    assert_eq!(attempts[0]["outcome"], "fail-high");
    assert_eq!(v["score"], 5);
}

/// Issue 34, the last figures of the seeds: seed 002's mate band, printed where the mate is.
/// The seed sets MATE = 31,000 and MAX_PLY = 128, so every |score| above 31,000 − 128 = 30,872
/// is a forced mate; a mate p plies from the root scores MATE − p. 002-mate-scores' root is
/// worth 30,997 = 31,000 − 3: X mates on the third ply, its second move ("mate in 2").
#[test]
fn prune_run_prints_the_mate_band_and_where_the_score_sits_in_it() {
    let (mate, max_ply) = (31_000, 128);
    let band = mate - max_ply;
    assert_eq!(band, 30_872);
    let (code, out, err) = run_prune(&["run", "002-mate-scores"]);
    assert_eq!(code, Some(0), "{err}");
    let score: i32 = out
        .split("score=")
        .nth(1)
        .and_then(|s| s.split(',').next())
        .and_then(|s| s.parse().ok())
        .expect("a score");
    let plies = mate - score;
    assert_eq!(plies, 3);
    assert!(out.contains("mate=mate in 2"), "{out}");
    assert!(
        out.contains(&format!(
            "mate_band=|score| > {band} = {mate} − {max_ply}: {score} = {mate} − {plies}, {plies} plies from the root"
        )),
        "{out}"
    );
}
