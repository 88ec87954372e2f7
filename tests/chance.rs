//! Chance nodes (seed 004) against an independent oracle written here.
//!
//! The generator writes random graphs as JSON (MAX, MIN and CHANCE nodes mixed, a chance node
//! before or after anything, probabilities as decimals and as fractions of small
//! denominators, transpositions, integer leaves in a range). The oracle reads that JSON back
//! with its own fraction type (`Q`, i128) and its own decimal reader, and backs values up by
//! plain recursion: MAX takes the largest, MIN the smallest, CHANCE the exact weighted sum
//! (or the smallest, for `--chance-as min`). Nothing of prune's arithmetic is used to find
//! the expected value: prune's run is compared with it at the end, its score divided by the
//! graph's scale only in the comparison (`score == value × scale`, both integers).
//!
//! `PRUNE_CHANCE_CASES` sets how many graphs to generate (default 3,000), `PRUNE_CHANCE_SEED`
//! the generator's seed.

mod common;

use std::cmp::Ordering;
use std::collections::HashMap;

use prune::event::Chance;
use prune::event::Event;
use prune::lesson::{ChanceAs, Lesson, Overrides};
use prune::run;
use prune::search::{Algorithm, CutRule, RunResult, Status};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------
// Exact fractions, independent of `prune::exact`.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q {
    n: i128,
    d: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Q {
    fn new(n: i128, d: i128) -> Q {
        assert!(d != 0, "zero denominator");
        let g = gcd(n, d).max(1);
        let s = if d < 0 { -1 } else { 1 };
        Q {
            n: s * n / g,
            d: s * d / g,
        }
    }

    fn int(v: i128) -> Q {
        Q { n: v, d: 1 }
    }

    fn add(self, o: Q) -> Q {
        Q::new(self.n * o.d + o.n * self.d, self.d * o.d)
    }

    fn mul(self, o: Q) -> Q {
        Q::new(self.n * o.n, self.d * o.d)
    }

    /// `3`, `-2`, `0.25`, `1/36`, `2/4`: the forms the generator writes.
    fn parse(text: &str) -> Q {
        if let Some((a, b)) = text.split_once('/') {
            return Q::parse(a).mul(Q::parse(b).recip());
        }
        let (neg, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
        let mut n: i128 = 0;
        for c in whole.chars().chain(frac.chars()) {
            n = n * 10 + c.to_digit(10).expect("a digit") as i128;
        }
        let q = Q::new(n, 10i128.pow(frac.len() as u32));
        if neg { Q::new(-q.n, q.d) } else { q }
    }

    fn recip(self) -> Q {
        Q::new(self.d, self.n)
    }

    /// `self × scale` as an integer, which it must be.
    fn scaled(self, scale: i32) -> i128 {
        let v = self.n * scale as i128;
        assert_eq!(v % self.d, 0, "{self:?} × {scale} is not whole");
        v / self.d
    }
}

impl PartialOrd for Q {
    fn partial_cmp(&self, o: &Q) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Q {
    fn cmp(&self, o: &Q) -> Ordering {
        (self.n * o.d).cmp(&(o.n * self.d))
    }
}

// ---------------------------------------------------------------------------------------
// The oracle: it reads the JSON graph, not prune's `Graph`.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Who {
    Max,
    Min,
    Chance,
}

struct Node {
    who: Who,
    score: Option<i128>,
    moves: Vec<(usize, Option<Q>)>,
}

struct Oracle {
    nodes: Vec<Node>,
    /// Chance nodes backed up as MIN nodes.
    as_min: bool,
    memo: HashMap<(usize, u8), Q>,
}

fn read_p(v: &Value) -> Q {
    match v {
        Value::Number(n) => Q::parse(&n.to_string()),
        Value::String(s) => Q::parse(s),
        other => panic!("p {other}"),
    }
}

impl Oracle {
    fn new(graph: &Value, as_min: bool) -> Oracle {
        let nodes = graph["nodes"]
            .as_array()
            .expect("nodes")
            .iter()
            .map(|n| Node {
                who: match n["player"].as_str() {
                    Some("MAX") => Who::Max,
                    Some("MIN") => Who::Min,
                    Some("CHANCE") => Who::Chance,
                    other => panic!("player {other:?}"),
                },
                score: n
                    .get("score")
                    .map(|s| s.as_i64().expect("integer score") as i128),
                moves: n
                    .get("moves")
                    .and_then(Value::as_array)
                    .map(|ms| {
                        ms.iter()
                            .map(|m| {
                                let child = m["child"].as_u64().expect("child") as usize;
                                (child, m.get("p").map(read_p))
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
            })
            .collect();
        Oracle {
            nodes,
            as_min,
            memo: HashMap::new(),
        }
    }

    /// The value of node `s` searched `d` plies deep: a terminal's score, the static score
    /// at the horizon, otherwise backed up from the children one ply deeper.
    fn value(&mut self, s: usize, d: u8) -> Q {
        if let Some(&v) = self.memo.get(&(s, d)) {
            return v;
        }
        let n = &self.nodes[s];
        let v = if n.moves.is_empty() || d == 0 {
            Q::int(n.score.expect("a read node has a score"))
        } else {
            let who = n.who;
            let moves = n.moves.clone();
            let values: Vec<(Q, Option<Q>)> = moves
                .iter()
                .map(|&(c, p)| (self.value(c, d - 1), p))
                .collect();
            match who {
                Who::Chance if !self.as_min => values
                    .iter()
                    .fold(Q::int(0), |acc, &(v, p)| acc.add(v.mul(p.expect("p")))),
                Who::Max => values.iter().map(|v| v.0).max().unwrap(),
                Who::Min | Who::Chance => values.iter().map(|v| v.0).min().unwrap(),
            }
        };
        self.memo.insert((s, d), v);
        v
    }

    /// The first move of `s` whose child has the value of `s` (no move at a chance node).
    fn first_best(&mut self, s: usize, d: u8) -> i16 {
        if self.nodes[s].who == Who::Chance && !self.as_min {
            return -1;
        }
        let v = self.value(s, d);
        let children: Vec<usize> = self.nodes[s].moves.iter().map(|m| m.0).collect();
        children
            .iter()
            .position(|&c| self.value(c, d - 1) == v)
            .expect("some child has the value") as i16
    }

    fn move_is_best(&mut self, s: usize, d: u8, mv: i16) -> bool {
        let v = self.value(s, d);
        let c = self.nodes[s].moves[mv as usize].0;
        self.value(c, d - 1) == v
    }
}

// ---------------------------------------------------------------------------------------
// The generator.

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

struct Case {
    json: Value,
    depth: u8,
    /// Every inner node has a static score (which shallow passes and move ordering read).
    statics: bool,
    deepening: bool,
    /// The smallest and largest score of the graph (every node's).
    lo: i64,
    hi: i64,
}

/// `k` positive probabilities summing to 1, written as a JSON number when the reduced
/// fraction is a short decimal (sometimes) and as a string "a/b" otherwise.
fn probabilities(rng: &mut Rng, k: usize) -> Vec<Value> {
    let dens: Vec<u64> = [2u64, 3, 4, 5, 6]
        .into_iter()
        .filter(|&d| d as usize >= k)
        .collect();
    let den = if dens.is_empty() {
        k as u64
    } else {
        dens[rng.below(dens.len() as u64) as usize]
    };
    // k − 1 distinct cut points in 1..den.
    let mut cuts: Vec<u64> = Vec::new();
    while cuts.len() + 1 < k {
        let c = 1 + rng.below(den - 1);
        if !cuts.contains(&c) {
            cuts.push(c);
        }
    }
    cuts.sort_unstable();
    cuts.insert(0, 0);
    cuts.push(den);
    cuts.windows(2)
        .map(|w| {
            let part = w[1] - w[0];
            let g = gcd(part as i128, den as i128) as u64;
            let (n, d) = (part / g, den / g);
            let short = [1, 2, 4, 5].contains(&d);
            if short && rng.chance(60) {
                // 0.5, 0.25, 0.75, 0.2, 0.4, 1
                if d == 1 {
                    json!(1)
                } else {
                    json!(n as f64 / d as f64)
                }
            } else if rng.chance(20) {
                // Unreduced, as people write them: "2/4".
                json!(format!("{part}/{den}"))
            } else {
                json!(format!("{n}/{d}"))
            }
        })
        .collect()
}

fn generate(rng: &mut Rng) -> Case {
    let height = rng.range(1, 6) as usize;
    let statics = rng.chance(30);
    let (lo, width) = (rng.range(-20, 10), rng.range(0, 25));
    // Level sizes: one root, a few inner nodes per level, more leaves at the bottom.
    let mut levels: Vec<Vec<usize>> = Vec::new();
    let mut next = 0usize;
    for l in 0..=height {
        let size = if l == 0 {
            1
        } else if l == height {
            rng.range(2, 6) as usize
        } else {
            rng.range(1, 5) as usize
        };
        levels.push((next..next + size).collect());
        next += size;
    }
    let count = next;
    let level_of: Vec<usize> = (0..count)
        .map(|s| levels.iter().position(|l| l.contains(&s)).unwrap())
        .collect();
    let mut who: Vec<&str> = (0..count)
        .map(|s| {
            if level_of[s] == height {
                if rng.chance(50) { "MAX" } else { "MIN" }
            } else {
                match rng.below(10) {
                    0..=3 => "MAX",
                    4..=6 => "MIN",
                    _ => "CHANCE",
                }
            }
        })
        .collect();
    // At least one chance node, anywhere above the leaves.
    if !who.contains(&"CHANCE") {
        let inner = levels[height][0];
        who[rng.below(inner as u64) as usize] = "CHANCE";
    }
    let mut nodes = Vec::with_capacity(count);
    let mut scores: Vec<Option<i64>> = vec![None; count];
    for s in 0..count {
        let l = level_of[s];
        if l == height {
            scores[s] = Some(lo + rng.range(0, width));
            nodes.push(json!({"player": who[s], "score": scores[s]}));
            continue;
        }
        // Mostly the next level, sometimes any later one (shorter paths, more sharing).
        let pool: Vec<usize> = if rng.chance(75) {
            levels[l + 1].clone()
        } else {
            (levels[l + 1][0]..count).collect()
        };
        let mut allowed: Vec<usize> = pool
            .iter()
            .copied()
            .filter(|&c| who[s] == "CHANCE" || who[c] != who[s])
            .collect();
        if allowed.is_empty() {
            // A chance node may precede anything.
            who[s] = "CHANCE";
            allowed = pool;
        }
        // Mostly two or more moves, so that something can be cut; now and then just one.
        let k = match (who[s], rng.chance(10)) {
            (_, true) => 1,
            ("CHANCE", false) => rng.range(2, 4) as usize,
            _ => rng.range(2, 4) as usize,
        };
        let mut children = Vec::new();
        for _ in 0..k {
            let c = allowed[rng.below(allowed.len() as u64) as usize];
            // A choice node's moves lead to distinct children; two outcomes may coincide.
            if who[s] == "CHANCE" || !children.contains(&c) {
                children.push(c);
            }
        }
        let moves: Vec<Value> = if who[s] == "CHANCE" {
            let ps = probabilities(rng, children.len());
            children
                .iter()
                .zip(ps)
                .map(|(c, p)| json!({"child": c, "p": p}))
                .collect()
        } else {
            children.iter().map(|c| json!({"child": c})).collect()
        };
        let mut node = json!({"player": who[s], "moves": moves});
        if statics {
            scores[s] = Some(lo + rng.range(0, width));
            node["score"] = json!(scores[s]);
        }
        nodes.push(node);
    }
    let (min, max) = scores
        .iter()
        .flatten()
        .fold((i64::MAX, i64::MIN), |(a, b), &v| (a.min(v), b.max(v)));
    let mut json = json!({ "nodes": nodes });
    // (A range needs its low end below its high end.)
    if min < max && rng.chance(25) {
        json["utility_range"] = json!([min, max]);
    }
    let depth = if statics {
        rng.range(1, height as i64) as u8
    } else {
        height as u8
    };
    Case {
        json,
        depth,
        statics,
        deepening: statics && rng.chance(50),
        lo: min,
        hi: max,
    }
}

// ---------------------------------------------------------------------------------------
// Running prune.

fn over(case: &Case) -> Overrides {
    Overrides {
        depth: Some(case.depth),
        deepening: Some(case.deepening),
        ..Overrides::default()
    }
}

fn run_with(lesson: &Lesson, over: &Overrides) -> RunResult {
    let setup = lesson
        .setup(None, over)
        .unwrap_or_else(|e| panic!("setup {over:?}: {e}"));
    let result = run::plain(lesson, &setup).unwrap_or_else(|e| panic!("run {over:?}: {e}"));
    assert_eq!(result.status, Status::Complete, "{over:?}");
    result
}

#[derive(Default, Debug)]
struct Tally {
    graphs: u64,
    refused_scale: u64,
    runs: u64,
    chance_cutoffs: u64,
    evals_saved: u64,
    fractional_roots: u64,
    pruned_graphs: u64,
    transposed_graphs: u64,
    intervals: u64,
}

fn cases() -> u64 {
    std::env::var("PRUNE_CHANCE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

fn seed() -> u64 {
    std::env::var("PRUNE_CHANCE_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x5EED_0004)
}

/// Checks one generated graph against the oracle under every setting.
fn check(case: &Case, tally: &mut Tally) {
    let text = case.json.to_string();
    let lesson = match Lesson::parse("generated", &text) {
        Ok(l) => l,
        Err(e) => {
            // Only the scale may refuse a generated graph: the rest follows the contract.
            let m = e.to_string();
            assert!(m.contains("a multiple of 1/"), "{m}\n{text}");
            tally.refused_scale += 1;
            return;
        }
    };
    tally.graphs += 1;
    let scale = lesson.model.scale();
    let d = case.depth;
    let mut exp = Oracle::new(&case.json, false);
    let mut as_min = Oracle::new(&case.json, true);
    let truth = exp.value(0, d).scaled(scale);
    let truth_min = as_min.value(0, d).scaled(scale);
    if exp.value(0, d).d != 1 {
        tally.fractional_roots += 1;
    }
    let best = exp.first_best(0, d);
    let best_min = as_min.first_best(0, d);
    let parents = {
        let mut seen = vec![0u32; exp.nodes.len()];
        for n in &exp.nodes {
            for m in &n.moves {
                seen[m.0] += 1;
            }
        }
        seen
    };
    if parents.iter().any(|&p| p > 1) {
        tally.transposed_graphs += 1;
    }
    let why = |what: &str| format!("{what}: depth {d} id {}\n{text}", case.deepening);

    // Minimax prunes nowhere and averages at chance nodes.
    let r = run_with(
        &lesson,
        &Overrides {
            algorithm: Some(Algorithm::Minimax),
            ..over(case)
        },
    );
    tally.runs += 1;
    assert_eq!(r.score as i128, truth, "{}", why("minimax"));
    assert_eq!(r.mv, best, "{}", why("minimax move"));

    let mut pruned_here = false;
    for table in [true, false] {
        for cut in [CutRule::AtLeast, CutRule::Strict] {
            let base = Overrides {
                table: Some(table),
                cut: Some(cut),
                ..over(case)
            };
            let what = |w: &str| why(&format!("{w}, table {table}, cut {cut:?}"));
            let plain = run_with(&lesson, &base);
            tally.runs += 1;
            assert_eq!(plain.score as i128, truth, "{}", what("expectiminimax"));
            assert_eq!(plain.mv, best, "{}", what("expectiminimax move"));
            assert_eq!(plain.counters.chance_cutoffs, 0, "{}", what("no pruning"));

            // Ordering (by the children's static scores) changes which of equal moves comes
            // first, never the value.
            if case.statics {
                let ordered = run_with(
                    &lesson,
                    &Overrides {
                        ordering: Some(true),
                        ..base.clone()
                    },
                );
                tally.runs += 1;
                assert_eq!(ordered.score as i128, truth, "{}", what("ordering"));
                if best >= 0 {
                    assert!(
                        exp.move_is_best(0, d, ordered.mv),
                        "{}",
                        what("ordering move")
                    );
                }
            }

            // Chance pruning with bounds that hold: exact ones, given twice over (in the file
            // or on the command line), and wider ones.
            for bounds in [
                (case.lo, case.hi),
                (case.lo - 3, case.hi + 1),
                (case.lo - 1000, case.hi + 1000),
            ] {
                if bounds.0 >= bounds.1 {
                    continue;
                }
                let bounds = (bounds.0 as i32, bounds.1 as i32);
                let p = run_with(
                    &lesson,
                    &Overrides {
                        chance_pruning: Some(true),
                        bounds: Some(bounds),
                        ..base.clone()
                    },
                );
                tally.runs += 1;
                let w = what(&format!("chance pruning {bounds:?}"));
                assert_eq!(p.score as i128, truth, "{w}");
                assert_eq!(p.mv, plain.mv, "{w}: the move");
                assert!(
                    p.stats.evals <= plain.stats.evals,
                    "{w}: {} leaves read against {} without pruning",
                    p.stats.evals,
                    plain.stats.evals
                );
                tally.chance_cutoffs += p.counters.chance_cutoffs;
                tally.evals_saved += plain.stats.evals - p.stats.evals;
                pruned_here |= p.counters.chance_cutoffs > 0;
            }

            // Chance nodes as MIN nodes: alpha-beta on the transformed graph.
            let m = run_with(
                &lesson,
                &Overrides {
                    chance_as: Some(ChanceAs::Min),
                    ..base.clone()
                },
            );
            tally.runs += 1;
            assert_eq!(m.score as i128, truth_min, "{}", what("chance as min"));
            assert_eq!(m.mv, best_min, "{}", what("chance as min, move"));
        }
    }
    if pruned_here {
        tally.pruned_graphs += 1;
    }

    // Every interval a chance node reports holds its true value. Without static scores every
    // node is searched to its leaves (a node k edges down has depth − k plies left, at least
    // its height), so its value at any depth is its value over the whole subtree.
    if !case.statics && pruned_here {
        let setup = lesson
            .setup(
                None,
                &Overrides {
                    chance_pruning: Some(true),
                    bounds: Some((case.lo as i32, case.hi as i32)),
                    ..over(case)
                },
            )
            .unwrap();
        let trace = run::recorded(&lesson, &setup).unwrap();
        for e in &trace.events {
            if let Event::Chance(Chance::Interval { state, lo, hi }) = e {
                let v = exp.value(state as usize, d).scaled(scale);
                assert!(
                    lo as i128 <= v && v <= hi as i128,
                    "{}",
                    why(&format!("node {state} worth {v} reported in [{lo}, {hi}]"))
                );
                tally.intervals += 1;
            }
        }
    }

    // Bounds that a score violates are refused before the run starts, naming the node.
    {
        for bounds in [(case.lo + 1, case.hi + 5), (case.lo - 5, case.hi - 1)] {
            let bad = Overrides {
                chance_pruning: Some(true),
                bounds: Some((bounds.0 as i32, bounds.1 as i32)),
                ..over(case)
            };
            let err = lesson
                .setup(None, &bad)
                .expect_err(&why(&format!("bounds {bounds:?} must be refused")))
                .to_string();
            assert!(err.contains("node"), "{err}");
        }
    }
}

#[test]
fn generated_chance_graphs_match_the_oracle() {
    let mut rng = Rng(seed());
    let mut tally = Tally::default();
    for _ in 0..cases() {
        let case = generate(&mut rng);
        check(&case, &mut tally);
    }
    eprintln!("{tally:?}");
    let n = cases();
    // The generator must exercise what it claims to: most graphs run, many have fractional
    // roots and transpositions, and pruning cuts somewhere.
    assert!(tally.refused_scale * 20 <= n, "{tally:?}");
    assert!(tally.fractional_roots * 5 >= tally.graphs, "{tally:?}");
    assert!(tally.transposed_graphs * 5 >= tally.graphs, "{tally:?}");
    assert!(tally.pruned_graphs * 20 >= tally.graphs, "{tally:?}");
    assert!(tally.evals_saved > 0, "{tally:?}");
    assert!(tally.intervals > 0, "{tally:?}");
}

/// `prune run --json` prints the oracle's value: `score` rounded to 6 decimals and, when it
/// is not an integer, `score_exact` as the fraction.
#[test]
fn the_cli_prints_the_oracles_value() {
    let dir = std::env::temp_dir().join(format!("prune-chance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(seed() ^ 0xC11);
    let (mut checked, mut fractions) = (0, 0);
    while checked < 40 {
        let case = generate(&mut rng);
        if Lesson::parse("generated", &case.json.to_string()).is_err() {
            continue;
        }
        let path = dir.join(format!("g{checked}.json"));
        std::fs::write(&path, case.json.to_string()).unwrap();
        let want = Oracle::new(&case.json, false).value(0, case.depth);
        let depth = case.depth.to_string();
        let (code, out, err) = common::run_prune(&[
            "run",
            path.to_str().unwrap(),
            "--depth",
            &depth,
            "--id",
            "off",
            "--json",
        ]);
        assert_eq!(code, Some(0), "{err}\n{}", case.json);
        let v: Value = serde_json::from_str(&out).expect("JSON");
        let score = v["score"].as_f64().expect("score is a number");
        match v.get("score_exact") {
            Some(exact) => {
                fractions += 1;
                assert_ne!(want.d, 1, "score_exact only for a fraction: {out}");
                assert_eq!(Q::parse(exact.as_str().unwrap()), want, "{out}");
            }
            None => {
                assert_eq!(want.d, 1, "a fraction needs score_exact: {out}");
                assert_eq!(v["score"].as_i64(), Some(want.n as i64), "{out}");
            }
        }
        let float = want.n as f64 / want.d as f64;
        assert!((score - float).abs() <= 5e-7, "{score} against {want:?}");
        checked += 1;
    }
    assert!(fractions >= 5, "only {fractions} fractional roots");
    std::fs::remove_dir_all(&dir).ok();
}

// ---------------------------------------------------------------------------------------
// Seed 004's worked examples.

fn parse(json: &Value) -> Lesson {
    Lesson::parse("seed-004", &json.to_string()).expect("a valid graph")
}

fn at(lesson: &Lesson, start: u32, depth: u8, extra: Overrides) -> RunResult {
    run_with(
        lesson,
        &Overrides {
            start: Some(start),
            depth: Some(depth),
            deepening: Some(false),
            ..extra
        },
    )
}

fn value(lesson: &Lesson, r: &RunResult) -> Q {
    Q::new(r.score as i128, lesson.model.scale() as i128)
}

fn coin_tree() -> Value {
    json!({"utility_range": [0, 10], "nodes": [
        {"player": "MAX", "label": "root", "moves": [{"child": 1}, {"child": 2}]},
        {"player": "CHANCE", "label": "L", "moves": [{"child": 3, "p": 0.5}, {"child": 4, "p": "1/2"}]},
        {"player": "CHANCE", "label": "R", "moves": [{"child": 5, "p": 0.25}, {"child": 6, "p": 0.75}]},
        {"player": "MIN", "moves": [{"child": 7}, {"child": 8}]},
        {"player": "MIN", "moves": [{"child": 9}, {"child": 10}]},
        {"player": "MIN", "moves": [{"child": 11}, {"child": 12}]},
        {"player": "MIN", "moves": [{"child": 13}, {"child": 14}]},
        {"player": "MAX", "score": 3}, {"player": "MAX", "score": 7},
        {"player": "MAX", "score": 8}, {"player": "MAX", "score": 4},
        {"player": "MAX", "score": 10}, {"player": "MAX", "score": 1},
        {"player": "MAX", "score": 6}, {"player": "MAX", "score": 5}
    ]})
}

#[test]
fn the_coin_tree_prefers_r() {
    let graph = coin_tree();
    let lesson = parse(&graph);
    let root = at(&lesson, 0, 3, Overrides::default());
    assert_eq!(value(&lesson, &root), Q::int(4));
    assert_eq!(root.mv, 1, "MAX plays R");
    let l = at(&lesson, 1, 2, Overrides::default());
    assert_eq!(value(&lesson, &l), Q::new(7, 2), "L = 0.5×3 + 0.5×4");
    let r = at(&lesson, 2, 2, Overrides::default());
    assert_eq!(value(&lesson, &r), Q::int(4), "R = 0.25×1 + 0.75×5");
    assert_eq!(Oracle::new(&graph, false).value(1, 2), Q::new(7, 2));
    // Chance pruning with the graph's utility_range changes nothing here.
    let p = at(
        &lesson,
        0,
        3,
        Overrides {
            chance_pruning: Some(true),
            ..Overrides::default()
        },
    );
    assert_eq!((value(&lesson, &p), p.mv), (Q::int(4), 1));

    // The same on the command line: L's value as a decimal and its fraction.
    let path = std::env::temp_dir().join(format!("prune-coin-{}.json", std::process::id()));
    std::fs::write(&path, graph.to_string()).unwrap();
    let file = path.to_str().unwrap();
    let (code, out, err) =
        common::run_prune(&["run", file, "--depth", "3", "--id", "off", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["score"].as_i64(), v["move_name"].as_str()),
        (Some(4), Some("R"))
    );
    let (code, out, err) = common::run_prune(&[
        "run", file, "--start", "1", "--depth", "2", "--id", "off", "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["score"].as_f64(), Some(3.5));
    assert_eq!(Q::parse(v["score_exact"].as_str().unwrap()), Q::new(7, 2));
    std::fs::remove_file(&path).ok();
}

/// A = (4, 9, 6), B = (2, 15, 13), C = (5, 8, 10), each a uniform chance node over three
/// leaves: expectimax plays B (10), minimax (chance as MIN) plays C (5).
fn abc() -> Value {
    let leaves = [[4, 9, 6], [2, 15, 13], [5, 8, 10]];
    let mut nodes = vec![json!({"player": "MAX", "label": "root",
        "moves": [{"child": 1}, {"child": 2}, {"child": 3}]})];
    for (i, name) in ["A", "B", "C"].iter().enumerate() {
        let first = 4 + 3 * i;
        nodes.push(json!({"player": "CHANCE", "label": name, "moves": [
            {"child": first, "p": "1/3"}, {"child": first + 1, "p": "1/3"},
            {"child": first + 2, "p": "1/3"}]}));
    }
    for row in leaves {
        for v in row {
            nodes.push(json!({"player": "MIN", "score": v}));
        }
    }
    json!({ "nodes": nodes })
}

#[test]
fn expectimax_plays_b_and_minimax_plays_c() {
    let graph = abc();
    let lesson = parse(&graph);
    let wants = [Q::new(19, 3), Q::int(10), Q::new(23, 3)];
    for (i, want) in wants.iter().enumerate() {
        let r = at(&lesson, 1 + i as u32, 1, Overrides::default());
        assert_eq!(value(&lesson, &r), *want, "chance node {i}");
        assert_eq!(Oracle::new(&graph, false).value(1 + i, 1), *want);
    }
    let root = at(&lesson, 0, 2, Overrides::default());
    assert_eq!(
        (value(&lesson, &root), root.mv),
        (Q::int(10), 1),
        "expectimax plays B"
    );
    let min = at(
        &lesson,
        0,
        2,
        Overrides {
            chance_as: Some(ChanceAs::Min),
            ..Overrides::default()
        },
    );
    assert_eq!(
        (value(&lesson, &min), min.mv),
        (Q::int(5), 2),
        "minimax plays C"
    );
}

/// Utilities in [0, 10]; MAX already has a move worth 7; the chance node's first of two
/// equal outcomes is worth 2, so it lies in [1, 6] and its second outcome is never searched.
#[test]
fn the_chance_cutoff_skips_the_second_outcome() {
    let graph = json!({"utility_range": [0, 10], "nodes": [
        {"player": "MAX", "moves": [{"child": 1}, {"child": 2}]},
        {"player": "MIN", "score": 7},
        {"player": "CHANCE", "moves": [{"child": 3, "p": 0.5}, {"child": 4, "p": 0.5}]},
        {"player": "MIN", "score": 2},
        {"player": "MIN", "score": 10}
    ]});
    let lesson = parse(&graph);
    let scale = lesson.model.scale();
    let on = Overrides {
        start: Some(0),
        depth: Some(2),
        deepening: Some(false),
        chance_pruning: Some(true),
        ..Overrides::default()
    };
    let setup = lesson.setup(None, &on).unwrap();
    let trace = run::recorded(&lesson, &setup).unwrap();
    let r = &trace.header.result;
    assert_eq!((value(&lesson, r), r.mv), (Q::int(7), 0));
    assert_eq!(r.counters.chance_cutoffs, 1);
    assert_eq!(r.stats.evals, 2, "7 and 2 read, the outcome worth 10 never");
    let intervals: Vec<(i32, i32)> = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Chance(Chance::Interval { state: 2, lo, hi }) => Some((lo, hi)),
            _ => None,
        })
        .collect();
    assert_eq!(
        intervals,
        [(scale, 6 * scale)],
        "[1, 6] after the first outcome"
    );
    let entered_4 = trace
        .events
        .iter()
        .any(|e| matches!(e, Event::Enter { state: 4, .. }));
    assert!(!entered_4, "the second outcome is never searched");
    // Without pruning the same value, one more leaf.
    let off = at(&lesson, 0, 2, Overrides::default());
    assert_eq!(
        (value(&lesson, &off), off.mv, off.stats.evals),
        (Q::int(7), 0, 3)
    );
    // Its exact value (6) is what the oracle backs up.
    assert_eq!(Oracle::new(&graph, false).value(2, 1), Q::int(6));
}

/// Backgammon's 21 distinct rolls: six doubles of 1/36 and fifteen others of 1/18 sum to 1.
#[test]
fn twenty_one_backgammon_rolls_are_accepted() {
    let mut moves = Vec::new();
    let mut nodes = vec![Value::Null];
    for a in 1..=6 {
        for b in a..=6 {
            let p = if a == b { "1/36" } else { "1/18" };
            moves.push(json!({"child": nodes.len(), "p": p, "label": format!("{a}-{b}")}));
            // A roll's utility: its pips.
            nodes.push(json!({"player": "MAX", "score": if a == b { 4 * a } else { a + b }}));
        }
    }
    assert_eq!(moves.len(), 21);
    for m in &mut moves {
        m.as_object_mut().unwrap().remove("label");
    }
    nodes[0] = json!({"player": "CHANCE", "label": "roll", "moves": moves});
    let graph = json!({ "nodes": nodes });
    let lesson = parse(&graph);
    let r = at(&lesson, 0, 1, Overrides::default());
    let want = Oracle::new(&graph, false).value(0, 1);
    // Doubles: 4·(1+…+6)/36 = 84/36; others: Σ(a+b)/18 over a<b = 105/18.
    assert_eq!(want, Q::new(84, 36).add(Q::new(105, 18)));
    assert_eq!(value(&lesson, &r), want);
    // 1/21 for every roll also sums to 1, so it parses: the model is wrong, not the input.
    let mut uniform = graph.clone();
    for m in uniform["nodes"][0]["moves"].as_array_mut().unwrap() {
        m["p"] = json!("1/21");
    }
    let u = parse(&uniform);
    let r = at(&u, 0, 1, Overrides::default());
    assert_eq!(value(&u, &r), Oracle::new(&uniform, false).value(0, 1));
    assert_ne!(value(&u, &r), want);
}
