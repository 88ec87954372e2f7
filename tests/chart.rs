//! `prune chart`: the measured columns are `prune count` runs (compared with the count command
//! itself), the formula columns are checked against arithmetic of the test's own, the random
//! means hold the published reference figures, and each format is what it claims to be.

mod common;

use common::{assert_one_line_error, run_prune};

/// The chart's CSV as a header and rows of cells.
fn chart_csv(args: &[&str]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut full = vec!["chart"];
    full.extend_from_slice(args);
    full.extend(["--format", "csv"]);
    let (code, out, err) = run_prune(&full);
    assert_eq!(code, Some(0), "{full:?}: {err}");
    let mut reader = csv::Reader::from_reader(out.as_bytes());
    let header = reader.headers().unwrap().iter().map(String::from).collect();
    let rows = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    (header, rows)
}

fn column(header: &[String], starts: &str) -> usize {
    header
        .iter()
        .position(|h| h.starts_with(starts))
        .unwrap_or_else(|| panic!("{starts}: {header:?}"))
}

/// `prune count --json` leaves (or calls) of one uniform-tree run, one pass, nothing else on.
fn counted(b: u32, d: u32, leaves: &str, seed: u64, algorithm: &str, what: &str) -> u64 {
    let (b, d, seed) = (b.to_string(), d.to_string(), seed.to_string());
    let (code, out, err) = run_prune(&[
        "count",
        "--game",
        "uniform",
        "--branching",
        &b,
        "--depth",
        &d,
        "--leaves",
        leaves,
        "--seed",
        &seed,
        "--algorithm",
        algorithm,
        "--id",
        "off",
        "--tt",
        "off",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v[what].as_u64().unwrap()
}

#[test]
fn measured_columns_are_count_runs_and_formulas_are_exact() {
    let (header, rows) = chart_csv(&[
        "leaves",
        "--branching",
        "3",
        "--depth",
        "1..6",
        "--seeds",
        "5",
    ]);
    let (mm, worst, random, best) = (
        column(&header, "minimax"),
        column(&header, "alpha-beta, worst"),
        column(&header, "alpha-beta, random"),
        column(&header, "alpha-beta, best"),
    );
    let (power, km) = (column(&header, "b^d"), column(&header, "Knuth"));
    assert_eq!(rows.len(), 6);
    for row in &rows {
        let d: u32 = row[0].parse().unwrap();
        let n = |i: usize| row[i].parse::<f64>().unwrap();
        // The formulas, by the test's own arithmetic.
        assert_eq!(n(power), 3f64.powi(d as i32), "d={d}");
        let km_leaves = 3u64.pow(d.div_ceil(2)) + 3u64.pow(d / 2) - 1;
        assert_eq!(n(km) as u64, km_leaves, "d={d}");
        // The measurements, by the count command.
        assert_eq!(
            n(mm) as u64,
            counted(3, d, "best", 0, "minimax", "leaves"),
            "d={d}"
        );
        assert_eq!(
            n(worst) as u64,
            counted(3, d, "worst", 0, "alphabeta", "leaves"),
            "d={d}"
        );
        assert_eq!(
            n(best) as u64,
            counted(3, d, "best", 0, "alphabeta", "leaves"),
            "d={d}"
        );
        // Knuth and Moore: with the best move first alpha-beta reads exactly the minimal tree;
        // with the worst first it reads every leaf.
        assert_eq!(n(best) as u64, km_leaves, "d={d}");
        assert_eq!(n(worst), n(power), "d={d}");
        // Seeds 0..=4: a chart's seeds start where `count`'s do, at 0, unless --seed says.
        let samples: Vec<f64> = (0..5)
            .map(|seed| counted(3, d, "distinct", seed, "alphabeta", "leaves") as f64)
            .collect();
        let mean = samples.iter().sum::<f64>() / 5.0;
        assert!(
            (n(random) - mean).abs() < 1e-3,
            "d={d}: {} against {mean}",
            n(random)
        );
        // Student's t for 4 degrees of freedom, 2.776.
        let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 4.0;
        let half = 2.776 * (var / 5.0).sqrt();
        assert!((n(random + 1) - (mean - half)).abs() < 1e-3, "d={d}: low");
        assert!((n(random + 2) - (mean + half)).abs() < 1e-3, "d={d}: high");
    }
}

#[test]
fn random_means_hold_the_reference_figures() {
    // With distinct leaf values in random order, alpha-beta reads about 7,145 leaves of a
    // b = 4, d = 8 tree and about 890 of a b = 2, d = 12 tree (the figures of the classic
    // analyses of random ordering); each must lie within the chart's 95 % interval.
    for (b, d, reference) in [("4", "8", 7145.0), ("2", "12", 890.0)] {
        let (header, rows) = chart_csv(&[
            "leaves",
            "--branching",
            b,
            "--depth",
            &format!("{d}..{d}"),
            "--seeds",
            "200",
        ]);
        let r = column(&header, "alpha-beta, random");
        let (lo, hi): (f64, f64) = (
            rows[0][r + 1].parse().unwrap(),
            rows[0][r + 2].parse().unwrap(),
        );
        assert!(
            lo <= reference && reference <= hi,
            "b={b} d={d}: [{lo}, {hi}]"
        );
    }
}

#[test]
fn calls_chart_counts_calls() {
    let (header, rows) = chart_csv(&["calls", "--branching", "2", "--depth", "4", "--seeds", "3"]);
    let (mm, all) = (column(&header, "minimax"), column(&header, "b^0"));
    for row in &rows {
        let d: u32 = row[0].parse().unwrap();
        // Minimax calls every position: 2^(d+1) − 1.
        assert_eq!(row[mm], ((1u64 << (d + 1)) - 1).to_string());
        assert_eq!(row[all], row[mm]);
        assert_eq!(
            row[mm].parse::<u64>().unwrap(),
            counted(2, d, "best", 0, "minimax", "calls")
        );
    }
}

#[test]
fn the_text_chart_fits_80_by_24_with_honest_axes() {
    let (code, out, _) = run_prune(&[
        "chart",
        "leaves",
        "--branching",
        "4",
        "--depth",
        "1..8",
        "--seeds",
        "5",
    ]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() <= 24, "{} lines", lines.len());
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{out}");
    // Leaves run from 4 (d = 1) to 4^8 = 65,536: the axis must label 10^0 up to 10^5.
    for decade in 0..=5 {
        assert!(
            out.contains(&format!("10^{decade} ┤")),
            "10^{decade}: {out}"
        );
    }
    assert!(!out.contains("10^6"), "{out}");
    // Every series is named in the legend with its letter.
    for entry in [
        "M minimax",
        "W alpha-beta, worst order",
        "B alpha-beta, best order",
        "k Knuth–Moore",
        "p Pearl R_4^d, R_4 = 2.6297",
    ] {
        assert!(out.contains(entry), "{entry}: {out}");
    }
}

#[test]
fn the_svg_is_well_formed_and_holds_every_series() {
    let (code, out, _) = run_prune(&[
        "chart",
        "leaves",
        "--branching",
        "3",
        "--depth",
        "1..5",
        "--seeds",
        "4",
        "--format",
        "svg",
    ]);
    assert_eq!(code, Some(0));
    let doc = roxmltree::Document::parse(&out).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    for name in ["minimax", "alpha-beta, best order", "b^d"] {
        assert!(texts.iter().any(|t| t.contains(name)), "{name}");
    }
    // One polyline per series: four measured, three formulas.
    let lines = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .count();
    assert_eq!(lines, 7);
}

#[test]
fn bad_ranges_are_one_line_errors() {
    for (branching, depth, words) in [
        ("3", "0..4", "from depth 1"),
        ("3", "5..2", "from depth 1"),
        ("3", "a..b", "expected a range"),
        ("30", "1..9", "more than the"),
        ("1", "3", "--branching"),
        // Issue 35: depths past the chart's range are refused by that range, at once.
        ("64", "4294967295", "from 1 to 30"),
        ("64", "1..1000000", "from 1 to 30"),
        ("2", "1..99999999999999999999999", "from 1 to 30"),
        ("2", "31", "from 1 to 30"),
    ] {
        let args = [
            "chart",
            "leaves",
            "--branching",
            branching,
            "--depth",
            depth,
        ];
        assert_one_line_error(&args, words);
    }
}

#[test]
fn count_over_seeds_summarises_the_single_runs() {
    let (code, out, err) = run_prune(&[
        "count",
        "--game",
        "uniform",
        "--branching",
        "3",
        "--depth",
        "5",
        "--leaves",
        "distinct",
        "--seed",
        "10",
        "--seeds",
        "6",
        "--id",
        "off",
        "--tt",
        "off",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let leaves: Vec<f64> = (10..16)
        .map(|s| counted(3, 5, "distinct", s, "alphabeta", "leaves") as f64)
        .collect();
    let calls: Vec<f64> = (10..16)
        .map(|s| counted(3, 5, "distinct", s, "alphabeta", "calls") as f64)
        .collect();
    let mean = |xs: &[f64]| xs.iter().sum::<f64>() / xs.len() as f64;
    assert!((v["leaves"]["mean"].as_f64().unwrap() - mean(&leaves)).abs() < 1e-9);
    assert!((v["calls"]["mean"].as_f64().unwrap() - mean(&calls)).abs() < 1e-9);
    let max = leaves.iter().copied().fold(0.0, f64::max);
    assert_eq!(v["leaves"]["max"].as_f64().unwrap(), max);
    // Student's t for 5 degrees of freedom, 2.571.
    let m = mean(&leaves);
    let half = 2.571 * (leaves.iter().map(|x| (x - m).powi(2)).sum::<f64>() / 5.0 / 6.0).sqrt();
    assert!((v["leaves"]["high"].as_f64().unwrap() - (m + half)).abs() < 1e-6);
    assert!((v["effective_branching"].as_f64().unwrap() - m.powf(0.2)).abs() < 1e-9);
    assert_one_line_error(
        &[
            "count",
            "--game",
            "uniform",
            "--branching",
            "3",
            "--depth",
            "5",
            "--leaves",
            "best",
            "--seeds",
            "3",
        ],
        "--seeds runs uniform trees",
    );
}

#[test]
fn deep_binary_trees_are_counted() {
    // b = 2, d = 20: minimax calls every one of the 2^21 − 1 positions.
    assert_eq!(
        counted(2, 20, "random", 0, "minimax", "calls"),
        (1 << 21) - 1
    );
    assert_eq!(counted(2, 20, "random", 0, "minimax", "leaves"), 1 << 20);
}

#[test]
fn out_writes_the_svg_to_a_file() {
    let dir = std::env::temp_dir().join(format!("prune-chart-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("leaves.svg");
    let p = path.to_str().unwrap();
    let args = [
        "chart",
        "leaves",
        "--branching",
        "2",
        "--depth",
        "1..4",
        "--seeds",
        "2",
    ];
    let (code, out, err) = run_prune(&[&args[..], &["--format", "svg", "--out", p]].concat());
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), format!("wrote {p}"));
    let (_, stdout, _) = run_prune(&[&args[..], &["--format", "svg"]].concat());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 35: a depth of four billion, or a range to a million, is refused within a second
/// (it hung, or took a minute, building b^d before the check).
#[test]
fn huge_depths_are_refused_at_once() {
    for depth in ["4294967295", "1..1000000"] {
        let start = std::time::Instant::now();
        let (code, _, err) = run_prune(&["chart", "leaves", "--branching", "64", "--depth", depth]);
        assert_eq!(code, Some(2), "{err}");
        assert!(
            start.elapsed().as_secs_f64() < 2.0,
            "{depth}: {:?}",
            start.elapsed()
        );
    }
}

/// Issue 35: the refusal counts every run a chart makes (the random order once per seed),
/// not only the minimax run: 10,000 seeds of b = 8, d = 1..6 is refused at once. Each run
/// reads at most the whole tree: Σ (8^(d+1) − 1)/7 for d = 1..6 = 9 + 73 + 585 + 4,681 +
/// 37,449 + 299,593 = 342,390 calls, times 10,003 runs, is 3,424,927,170, over the
/// 2,000,000,000 a chart makes.
#[test]
fn many_seeds_are_refused_before_running() {
    let nodes: u64 = (1..=6u32).map(|d| (8u64.pow(d + 1) - 1) / 7).sum();
    assert_eq!(nodes, 342_390);
    assert_eq!(nodes * 10_003, 3_424_927_170);
    let start = std::time::Instant::now();
    let (code, _, err) = run_prune(&[
        "chart",
        "leaves",
        "--branching",
        "8",
        "--depth",
        "1..6",
        "--seeds",
        "10000",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("3,424,927,170"), "{err}");
    assert!(err.contains("--seeds"), "{err}");
    assert!(start.elapsed().as_secs_f64() < 2.0, "{:?}", start.elapsed());
    // A seed range that would wrap past the largest seed is refused, not wrapped.
    assert_one_line_error(
        &[
            "chart",
            "leaves",
            "--branching",
            "2",
            "--depth",
            "2",
            "--seed",
            "18446744073709551614",
            "--seeds",
            "5",
        ],
        "largest seed",
    );
}

/// Issue 34, item 14: `chart` and `count --seeds` give the same mean for the same seeds,
/// and the chart names them. The oracle is `count` run once per seed.
#[test]
fn chart_and_count_agree_on_the_same_seeds() {
    let (header, rows) = chart_csv(&[
        "leaves",
        "--branching",
        "3",
        "--depth",
        "4..4",
        "--seeds",
        "4",
        "--seed",
        "7",
    ]);
    let r = column(&header, "alpha-beta, random");
    assert_eq!(header[r], "alpha-beta, random order, mean of seeds 7..=10");
    let samples: Vec<f64> = (7..=10)
        .map(|seed| counted(3, 4, "distinct", seed, "alphabeta", "leaves") as f64)
        .collect();
    let mean = samples.iter().sum::<f64>() / 4.0;
    let chart_mean: f64 = rows[0][r].parse().unwrap();
    assert!(
        (chart_mean - mean).abs() < 1e-3,
        "{chart_mean} against {mean}"
    );
    let (code, out, err) = run_prune(&[
        "count",
        "--game",
        "uniform",
        "--branching",
        "3",
        "--depth",
        "4",
        "--leaves",
        "distinct",
        "--seed",
        "7",
        "--seeds",
        "4",
        "--id",
        "off",
        "--tt",
        "off",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!((v["leaves"]["mean"].as_f64().unwrap() - chart_mean).abs() < 1e-3);
}

/// Issue 35 (low): with two seeds Student's t is 12.706, and mean − t·s/√2 can fall below
/// zero; a count is never negative, and neither is the interval's low end. A seed range
/// past the largest seed is refused, not wrapped.
#[test]
fn count_over_two_seeds_has_no_negative_bound() {
    let leaves: Vec<f64> = (0..2)
        .map(|s| counted(3, 4, "random", s, "alphabeta", "leaves") as f64)
        .collect();
    let mean = (leaves[0] + leaves[1]) / 2.0;
    let s = ((leaves[0] - mean).powi(2) + (leaves[1] - mean).powi(2)).sqrt();
    let raw_low = mean - 12.706 * s / 2f64.sqrt();
    let (code, out, err) = run_prune(&[
        "count",
        "--game",
        "uniform",
        "--branching",
        "3",
        "--depth",
        "4",
        "--leaves",
        "random",
        "--seeds",
        "2",
        "--id",
        "off",
        "--tt",
        "off",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let low = v["leaves"]["low"].as_f64().unwrap();
    assert!(
        (low - raw_low.max(0.0)).abs() < 1e-6,
        "{low} against {raw_low}"
    );
    assert!(low >= 0.0);
    assert_one_line_error(
        &[
            "count",
            "--game",
            "uniform",
            "--branching",
            "2",
            "--depth",
            "2",
            "--leaves",
            "random",
            "--seed",
            "18446744073709551614",
            "--seeds",
            "5",
        ],
        "largest seed",
    );
}
