//! `prune size` against arithmetic of the test's own: a decimal big integer (base 10^9 limbs)
//! for every exact count, Newton's method (the program bisects) for Pearl's ratio, and the
//! textbook and seed figures written out by hand.

mod common;

use common::{assert_one_line_error, run_prune};
use serde_json::Value;

#[path = "size/big.rs"]
mod big;

use big::{Big, pow};

fn size_json(args: &[&str]) -> Value {
    let mut full = vec!["size"];
    full.extend_from_slice(args);
    full.push("--json");
    let (code, out, err) = run_prune(&full);
    assert_eq!(code, Some(0), "prune {full:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

fn exact(v: &Value, key: &str) -> String {
    v["tree"][key]["exact"].as_str().unwrap().to_string()
}

#[test]
fn exact_counts_match_the_oracle() {
    for (b, d) in [
        (1, 0),
        (1, 7),
        (2, 3),
        (2, 20),
        (3, 5),
        (4, 8),
        (10, 5),
        (35, 80),
        (250, 150),
        (361, 2),
        (7, 41),
    ] {
        let v = size_json(&["--branching", &b.to_string(), "--depth", &d.to_string()]);
        let mut nodes = Big::small(1);
        let mut one_pass = Big::small(0);
        let mut deepening = Big::small(0);
        for i in 1..=d {
            let level = pow(b, i);
            nodes = nodes.add(&level);
            one_pass = one_pass.add(&level);
            deepening = deepening.add(&level.times(u64::from(d - i + 1)));
        }
        let km = pow(b, d.div_ceil(2)).add(&pow(b, d / 2)).minus_one();
        let ctx = format!("b={b} d={d}");
        assert_eq!(exact(&v, "leaves"), pow(b, d).decimal(), "{ctx}");
        assert_eq!(exact(&v, "positions"), nodes.decimal(), "{ctx}");
        assert_eq!(exact(&v, "knuth_moore"), km.decimal(), "{ctx}");
        assert_eq!(exact(&v, "one_pass"), one_pass.decimal(), "{ctx}");
        assert_eq!(exact(&v, "deepening"), deepening.decimal(), "{ctx}");
        // Deepening's earlier passes: every depth 1..d−1, unpruned and in perfect order.
        let (mut earlier, mut earlier_km) = (Big::small(0), Big::small(0));
        for k in 1..d {
            earlier = earlier.add(&pow(b, k));
            earlier_km = earlier_km.add(&pow(b, k.div_ceil(2)).add(&pow(b, k / 2)).minus_one());
        }
        assert_eq!(exact(&v, "earlier_leaves"), earlier.decimal(), "{ctx}");
        assert_eq!(
            exact(&v, "earlier_knuth_moore"),
            earlier_km.decimal(),
            "{ctx}"
        );
        // log10 from the digits: the leading digits and the digit count.
        let digits = pow(b, d).decimal();
        let head: f64 = digits[..digits.len().min(15)].parse().unwrap();
        let log10 = (digits.len() - digits.len().min(15)) as f64 + head.log10();
        let got = v["tree"]["leaves"]["log10"].as_f64().unwrap();
        assert!(
            (got - log10).abs() < 1e-9,
            "{ctx}: log10 {got} against {log10}"
        );
    }
}

#[test]
fn textbook_figures() {
    // Iterative deepening at b = 10, d = 5: 123,450 positions against 111,110 for one search
    // (the figure every textbook quotes): 11 % more.
    let v = size_json(&["--branching", "10", "--depth", "5"]);
    assert_eq!(exact(&v, "deepening"), "123450");
    assert_eq!(exact(&v, "one_pass"), "111110");
    assert_eq!(v["tree"]["deepening_ratio"]["exact"], "12345/11111");
    assert_eq!(v["tree"]["deepening_limit"]["exact"], "10/9");
    // Seed 004: four moves a position, 64 leaves at depth 3 and 256 at depth 4.
    assert_eq!(
        exact(&size_json(&["--branching", "4", "--depth", "3"]), "leaves"),
        "64"
    );
    assert_eq!(
        exact(&size_json(&["--branching", "4", "--depth", "4"]), "leaves"),
        "256"
    );
    // Seed 003's 2^0 + … + 2^10 = 2,047 positions to depth 10.
    assert_eq!(
        exact(
            &size_json(&["--branching", "2", "--depth", "10"]),
            "positions"
        ),
        "2047"
    );
}

#[test]
fn the_seeds_power_of_ten_for_chess_is_corrected() {
    // Seed 003 writes 35^80 ≈ 10^40; 80 · log10(35) = 123.525…, so the right figure is 10^123.5.
    let (code, out, _) = run_prune(&["size", "--branching", "35", "--depth", "80"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("≈ 10^123.5, exactly (124 digits)"), "{out}");
    // Go: 250^150 ≈ 10^359.7, and chess over 100 plies: 35^100 ≈ 10^154.4.
    let go = size_json(&["--branching", "250", "--depth", "150"]);
    assert!((go["tree"]["leaves"]["log10"].as_f64().unwrap() - 359.691).abs() < 1e-3);
    let chess = size_json(&["--branching", "35", "--depth", "100"]);
    assert!((chess["tree"]["leaves"]["log10"].as_f64().unwrap() - 154.4068).abs() < 1e-3);
}

/// Newton's method on x^b + x − 1 from x = 1 (the program bisects; the two must agree).
fn pearl_oracle(b: u32) -> f64 {
    let mut x = 1.0f64;
    for _ in 0..100 {
        let f = x.powi(b as i32) + x - 1.0;
        let df = f64::from(b) * x.powi(b as i32 - 1) + 1.0;
        x -= f / df;
    }
    x / (1.0 - x)
}

#[test]
fn pearl_ratio_to_four_decimals() {
    for (b, r) in [(2, "1.6180"), (3, "2.1479"), (35, "12.8302")] {
        let v = size_json(&["--branching", &b.to_string(), "--depth", "1"]);
        assert_eq!(
            format!("{:.4}", v["tree"]["pearl_ratio"].as_f64().unwrap()),
            r,
            "R_{b}"
        );
    }
    for b in 2..=40u32 {
        let v = size_json(&["--branching", &b.to_string(), "--depth", "1"]);
        let got = v["tree"]["pearl_ratio"].as_f64().unwrap();
        assert_eq!(
            format!("{got:.4}"),
            format!("{:.4}", pearl_oracle(b)),
            "R_{b}"
        );
    }
}

#[test]
fn time_at_a_rate() {
    // 10^6 leaves at 1,000 a second: 1,000 s.
    let (_, out, _) = run_prune(&[
        "size",
        "--branching",
        "10",
        "--depth",
        "6",
        "--rate",
        "1000",
    ]);
    assert!(out.contains("1000 s"), "{out}");
    // 35^80 at 10^12 a second: 10^111.5 s, over 3.156 × 10^7 s a year: 10^104.0 years.
    let (_, out, _) = run_prune(&[
        "size",
        "--branching",
        "35",
        "--depth",
        "80",
        "--rate",
        "1000000000000",
    ]);
    assert!(out.contains("10^104.0 years"), "{out}");
}

#[test]
fn several_players() {
    let v = size_json(&["--turns", "MAX,MIN,MIN", "--rounds", "2"]);
    assert_eq!(v["rounds"]["plies_per_round"], 3);
    assert_eq!(v["rounds"]["plies"], 6);
    let v = size_json(&["--players", "4", "--rounds", "10"]);
    assert_eq!(v["rounds"]["plies"], 40);
}

#[test]
fn dice_groups_and_their_sum() {
    // The test's own enumeration of two dice: 36 ordered pairs, grouped by the multiset.
    let mut ways = std::collections::BTreeMap::new();
    for a in 1..=6 {
        for b in 1..=6 {
            *ways.entry((a.min(b), a.max(b))).or_insert(0u32) += 1;
        }
    }
    let doubles = ways.values().filter(|&&w| w == 1).count();
    let others = ways.values().filter(|&&w| w == 2).count();
    assert_eq!((doubles, others, ways.len()), (6, 15, 21));
    let v = size_json(&["--dice", "2d6"]);
    assert_eq!(v["dice"]["probability_sum"], "1");
    let groups = &v["dice"]["groups"];
    assert_eq!(groups[0]["orders"], 1);
    assert_eq!(groups[0]["rolls"], doubles);
    assert_eq!(groups[0]["p"], "1/36");
    assert_eq!(groups[1]["orders"], 2);
    assert_eq!(groups[1]["rolls"], others);
    assert_eq!(groups[1]["p"], "1/18");
}

#[test]
fn dice() {
    // Seed 004: 36 ordered outcomes, 21 distinct rolls, six doubles at 1/36 and fifteen
    // others at 1/18, and (21 × 20)^2 = 176,400 paths over two stages of twenty actions.
    let v = size_json(&["--dice", "2d6", "--actions", "20", "--stages", "2"]);
    let d = &v["dice"];
    assert_eq!(d["ordered"], "36");
    assert_eq!(d["distinct"], 21);
    assert_eq!(d["paths"], "176400");
    let rolls = d["rolls"].as_array().unwrap();
    let doubles: Vec<_> = rolls
        .iter()
        .filter(|r| r["faces"][0] == r["faces"][1])
        .collect();
    assert_eq!(doubles.len(), 6);
    assert!(doubles.iter().all(|r| r["p"] == "1/36"));
    assert!(
        rolls
            .iter()
            .filter(|r| r["faces"][0] != r["faces"][1])
            .all(|r| r["p"] == "1/18")
    );
    assert_eq!(rolls[0]["faces"], serde_json::json!([1, 1]));
    assert_eq!(rolls[1]["faces"], serde_json::json!([1, 2]));
    // Three dice: 216 orders, C(8, 3) = 56 distinct rolls; probabilities sum to 1.
    let v = size_json(&["--dice", "3d6"]);
    assert_eq!(v["dice"]["distinct"], 56);
    let sum: u64 = v["dice"]["rolls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["orders"].as_u64().unwrap())
        .sum();
    assert_eq!(sum, 216);
}

#[test]
fn every_line_fits_80_columns() {
    for args in [
        vec![
            "size",
            "--branching",
            "35",
            "--depth",
            "80",
            "--rate",
            "1000000000000",
        ],
        vec![
            "size",
            "--branching",
            "1000",
            "--depth",
            "1000",
            "--rate",
            "1",
        ],
        vec!["size", "--dice", "2d6", "--actions", "20", "--stages", "2"],
        vec!["size", "--turns", "MAX,MIN,MIN", "--rounds", "3"],
    ] {
        let (code, out, _) = run_prune(&args);
        assert_eq!(code, Some(0));
        for line in out.lines() {
            assert!(line.chars().count() <= 80, "{args:?}: {line}");
        }
    }
}

#[test]
fn bad_input_is_one_line() {
    assert_one_line_error(&["size", "--dice", "2x6"], "expected NdM");
    assert_one_line_error(&["size", "--dice", "0d6"], "at least one die");
    assert_one_line_error(&["size", "--dice", "40d40"], "distinct rolls");
    assert_one_line_error(&["size", "--depth", "3"], "--branching");
    assert_one_line_error(&["size", "--branching", "0", "--depth", "3"], "--branching");
    assert_one_line_error(
        &["size", "--turns", "MAX,,MIN", "--rounds", "1"],
        "entry 2 is empty",
    );
    assert_one_line_error(&["size", "--rounds", "3"], "--players");
}

/// A graph whose root is a chance node over `rolls` outcomes, each leading to a terminal of
/// the given score; `dice` fields are added to the root as given.
fn dice_graph(scores: &[i64], root_extra: Value) -> Value {
    let mut root = serde_json::json!({
        "player": "CHANCE",
        "moves": (1..=scores.len()).map(|c| serde_json::json!({"child": c})).collect::<Vec<_>>(),
    });
    for (k, v) in root_extra.as_object().unwrap() {
        root[k] = v.clone();
    }
    let mut nodes = vec![root];
    nodes.extend(
        scores
            .iter()
            .map(|s| serde_json::json!({"player": "MAX", "score": s})),
    );
    serde_json::json!({ "nodes": nodes })
}

fn run_graph(graph: &Value, name: &str) -> (Option<i32>, String, String) {
    let dir = std::env::temp_dir().join(format!("prune-size-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("graph.json");
    std::fs::write(&path, graph.to_string()).unwrap();
    let out = run_prune(&["run", path.to_str().unwrap(), "--depth", "1", "--json"]);
    std::fs::remove_dir_all(&dir).unwrap();
    out
}

/// The run's exact score: `score_exact` when it is a fraction, else the integer `score`.
fn exact_score(out: &str) -> String {
    let v: Value = serde_json::from_str(out).unwrap();
    match v["score_exact"].as_str() {
        Some(s) => s.to_string(),
        None => v["score"]
            .as_i64()
            .map(|s| s.to_string())
            .unwrap_or_default(),
    }
}

/// n/d in lowest terms as "n/d" (or "n" when d divides n).
fn fraction(n: i64, d: i64) -> String {
    fn gcd(a: i64, b: i64) -> i64 {
        if b == 0 { a.abs() } else { gcd(b, a % b) }
    }
    let g = gcd(n, d);
    if d / g == 1 {
        format!("{}", n / g)
    } else {
        format!("{}/{}", n / g, d / g)
    }
}

#[test]
fn dice_fill_in_a_chance_nodes_probabilities() {
    // Distinct 2d6 rolls in the order 1-1, 1-2, …, 6-6, each scoring the sum of its faces.
    let mut rolls = Vec::new();
    for a in 1..=6 {
        for b in a..=6 {
            rolls.push((a, b));
        }
    }
    let scores: Vec<i64> = rolls.iter().map(|&(a, b)| a + b).collect();
    // The oracle: a double has 1 order of 36, any other roll 2; the mean of two dice is 7.
    let total: i64 = rolls
        .iter()
        .map(|&(a, b)| (a + b) * if a == b { 1 } else { 2 })
        .sum();
    assert_eq!(fraction(total, 36), "7");
    let (code, out, err) = run_graph(
        &dice_graph(
            &scores,
            serde_json::json!({"dice": "2d6", "distinct": true}),
        ),
        "d",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(exact_score(&out), "7", "{out}");
    // The same rolls treated as equally likely (1/21 each) give 147/21 = 7 too, so weight
    // the leaves by the first face to tell the two apart: 1-1 scores 1, …
    let first: Vec<i64> = rolls.iter().map(|&(a, _)| a).collect();
    let weighted: i64 = rolls
        .iter()
        .map(|&(a, b)| a * if a == b { 1 } else { 2 })
        .sum();
    let (_, out, _) = run_graph(
        &dice_graph(&first, serde_json::json!({"dice": "2d6", "distinct": true})),
        "f",
    );
    assert_eq!(exact_score(&out), fraction(weighted, 36), "{out}");
    // Ordered outcomes: 36 moves of 1/36, the ordered pair (a, b) scoring 10a + b.
    let ordered: Vec<i64> = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| 10 * a + b))
        .collect();
    let sum: i64 = ordered.iter().sum();
    let (code, out, err) = run_graph(
        &dice_graph(&ordered, serde_json::json!({"dice": "2d6"})),
        "o",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(exact_score(&out), fraction(sum, 36), "{out}");
}

#[test]
fn dice_rules_are_one_line_errors() {
    let sums: Vec<i64> = (0..21).collect();
    let check = |graph: Value, words: &str| {
        let (code, _, err) = run_graph(&graph, &words.len().to_string());
        assert_eq!(code, Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(words), "{words}: {err}");
    };
    check(
        dice_graph(&sums, serde_json::json!({"dice": "2d6"})),
        "36 ordered outcomes, so the node needs 36 moves",
    );
    check(
        dice_graph(
            &sums[..20],
            serde_json::json!({"dice": "2d6", "distinct": true}),
        ),
        "21 distinct rolls",
    );
    check(
        dice_graph(&sums, serde_json::json!({"dice": "2x6", "distinct": true})),
        "expected NdM",
    );
    check(
        dice_graph(&sums, serde_json::json!({"distinct": true})),
        "\"distinct\" belongs with \"dice\"",
    );
    let mut with_p = dice_graph(&sums, serde_json::json!({"dice": "2d6", "distinct": true}));
    with_p["nodes"][0]["moves"][3]["p"] = serde_json::json!("1/18");
    check(with_p, "move 3 gives \"p\"");
    let mut on_max = dice_graph(&sums, serde_json::json!({"dice": "2d6", "distinct": true}));
    on_max["nodes"][0]["player"] = serde_json::json!("MAX");
    for n in 1..=21 {
        on_max["nodes"][n]["player"] = serde_json::json!("MIN");
    }
    check(on_max, "belongs only on a CHANCE node");
}

/// Issue 35, item 8: 64 two-sided dice. The test's oracle is Pascal's triangle in u128: the
/// roll with k ones comes in C(64, k) orders, and the orders add up to 2^64, so the exact
/// probabilities sum to 1 (they summed to 0.28 when the counts wrapped in a u64).
#[test]
fn many_dice_count_every_order() {
    let mut row = vec![1u128];
    for _ in 0..64 {
        let mut next = vec![1u128; row.len() + 1];
        for k in 1..row.len() {
            next[k] = row[k - 1] + row[k];
        }
        row = next;
    }
    assert_eq!(row.iter().sum::<u128>(), 1u128 << 64);
    let v = size_json(&["--dice", "64d2"]);
    assert_eq!(v["dice"]["probability_sum"], "1");
    assert_eq!(v["dice"]["ordered"], (1u128 << 64).to_string());
    let rolls = v["dice"]["rolls"].as_array().unwrap();
    assert_eq!(rolls.len(), 65);
    for roll in rolls {
        let faces = roll["faces"].as_array().unwrap();
        let ones = faces.iter().filter(|f| f.as_u64() == Some(1)).count();
        assert_eq!(
            u128::from(roll["orders"].as_u64().unwrap()),
            row[ones],
            "{ones} ones"
        );
    }
    // Past a u64 (C(100, 50) ≈ 1.01e29 orders for one roll) the spec is refused, not wrapped.
    assert_one_line_error(&["size", "--dice", "100d2"], "more orders than");
}

/// Issue 35, item 3: dice counts and faces far past what can be listed are refused at once,
/// as a spec of the command line and as a lesson's "dice" (they wrapped to "0 rolls" and
/// enumerated without end).
#[test]
fn huge_dice_are_refused_at_once() {
    for spec in [
        "2d4294967295",
        "4294967295d1",
        "4294967295d2",
        "100001d1",
        "1d100001",
        "99999999999999999999999d6",
    ] {
        let start = std::time::Instant::now();
        let (code, _, err) = run_prune(&["size", "--dice", spec]);
        assert_eq!(code, Some(2), "{spec}: {err}");
        assert_eq!(err.lines().count(), 1, "{spec}: {err}");
        assert!(
            err.contains("too large") || err.contains("distinct rolls"),
            "{spec}: {err}"
        );
        assert!(
            start.elapsed().as_secs_f64() < 2.0,
            "{spec}: {:?}",
            start.elapsed()
        );
    }
    // The largest spec allowed: one die of 100,000 faces, and 100,000 dice of one face.
    let v = size_json(&["--dice", "1d100000"]);
    assert_eq!(v["dice"]["distinct"], 100_000);
    let v = size_json(&["--dice", "100000d1"]);
    assert_eq!(v["dice"]["distinct"], 1);
    assert_eq!(v["dice"]["probability_sum"], "1");
    // In a lesson: a 2-move chance node that claims 2d4294967295.
    let sums: Vec<i64> = vec![1, 2];
    let start = std::time::Instant::now();
    let (code, _, err) = run_graph(
        &dice_graph(
            &sums,
            serde_json::json!({"dice": "2d4294967295", "distinct": true}),
        ),
        "huge-dice",
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("too large"), "{err}");
    assert!(start.elapsed().as_secs_f64() < 2.0, "{:?}", start.elapsed());
}

/// Issue 34, the last figures of the seeds: seed 003's years for the full chess tree as a
/// number, not only its power of ten. The seed writes 35^80 ≈ 10^40 leaves and "over 10^20
/// years" at 10^12 a second; 35^80 is 10^123.5, so the right figure is about 10^104 years:
/// ⌈35^80 / 10^12⌉ seconds over 31,557,600 s a year, every digit (the test's own big integer).
#[test]
fn the_years_for_the_chess_tree_are_printed_whole() {
    let mut seconds = pow(35, 80);
    seconds.add_small(1_000_000_000_000 - 1);
    let years = seconds.div_small(1_000_000_000_000).div_small(31_557_600);
    let digits = years.decimal();
    assert_eq!(digits.len(), 105, "10^104 years");
    let v = size_json(&[
        "--branching",
        "35",
        "--depth",
        "80",
        "--rate",
        "1000000000000",
    ]);
    assert_eq!(exact(&v, "years"), digits);
    let (_, out, _) = run_prune(&[
        "size",
        "--branching",
        "35",
        "--depth",
        "80",
        "--rate",
        "1000000000000",
    ]);
    assert!(
        out.contains("… in whole years") && out.contains("exactly (105 digits)"),
        "{out}"
    );
    let lead = format!("{}.{} × 10^104 years", &digits[..1], &digits[1..3]);
    assert!(out.contains(&lead), "{lead} in {out}");
    // The digits themselves, as printed (wrapped, so joined back).
    let printed: String = out
        .lines()
        .skip_while(|l| !l.contains("… in whole years"))
        .skip(2)
        .take_while(|l| l.starts_with("    ") && l.trim().chars().all(|c| c.is_ascii_digit()))
        .map(str::trim)
        .collect();
    assert_eq!(printed, digits);
}

/// Issue 34, the last figures of the seeds: the depth a budget of positions reaches with the
/// best move first, and how many times more leaves twice the depth takes. Seed 004: with
/// b = 35, perfect-order depth 8 reads 3,001,249 leaves against depth-4 minimax's 1,500,625,
/// 2.0000 times as many. Seed 003 says a budget that takes minimax 4 plies deep takes
/// alpha-beta 8 plies deep; with exactly the same budget the best order reaches depth 6 only:
/// depth 7 already takes 35^4 + 35^3 − 1 = 1,543,499 > 1,500,625 leaves, and depth 8 twice the
/// budget ("twice as deep" holds for about twice the leaves, which is what is printed).
#[test]
fn a_budget_of_leaves_reaches_its_depth_in_the_best_order() {
    let b4 = pow(35, 4);
    assert_eq!(b4.decimal(), "1500625");
    let km = |d: u32| pow(35, d.div_ceil(2)).add(&pow(35, d / 2)).minus_one();
    assert_eq!(km(8).decimal(), "3001249");
    assert_eq!(km(6).decimal(), "85749");
    assert_eq!(km(7).decimal(), "1543499");
    assert!(km(7).to_u128().unwrap() > b4.to_u128().unwrap());
    let v = size_json(&["--branching", "35", "--depth", "4"]);
    assert_eq!(v["tree"]["same_budget_depth"], 6);
    assert_eq!(exact(&v, "same_budget_leaves"), "85749");
    assert_eq!(exact(&v, "twice_depth_leaves"), "3001249");
    let (_, out, _) = run_prune(&["size", "--branching", "35", "--depth", "4"]);
    assert!(out.contains("b^d leaves, best order   depth 6"), "{out}");
    assert!(
        out.contains("its minimum, 85,749 leaves, fits in b^d"),
        "{out}"
    );
    assert!(
        out.contains("its minimum, 3,001,249 leaves, ÷ b^d"),
        "{out}"
    );
    // 3,001,249 / 1,500,625 = 1.99999933…
    assert!(
        out.contains("depth 2d = 8, best order 2.0000 times b^d"),
        "{out}"
    );
    // Seed 004's four moves a position: depth 3 has 64 leaves, depth 4 256; in the best order
    // a budget of 256 reaches depth 6 (2·4^3 − 1 = 127; depth 7, 4^4 + 4^3 − 1 = 319, does not).
    let v = size_json(&["--branching", "4", "--depth", "4"]);
    assert_eq!(v["tree"]["same_budget_depth"], 6);
    assert_eq!(exact(&v, "same_budget_leaves"), "127");
}
