//! `prune diff` and `prune::diff`: two runs compared node by node.
//!
//! Expected nodes come from an independent walker written here (seed 000's alpha-beta in
//! miniature over the lesson's graph JSON: iterative deepening, the (state, depth) table, the
//! hint-then-static ordering, either cut rule), which lists each visited move path with its
//! cutoff and result; expected counters come from seed 000's printed fixtures.

mod common;

use std::collections::BTreeMap;

use common::model::Model;
use common::{assert_one_line_error, repo, run_prune};
use prune::diff::{Diff, PassChoice, Which};
use prune::index::{Recorded, record};
use prune::lesson::{Lesson, Overrides};
use serde_json::Value;

const INF: i32 = 1_000_000;

/// Run options the walker follows (no quiescence, no budget: the trees here need neither).
#[derive(Clone, Copy)]
struct Opts {
    depth: u8,
    table: bool,
    ordering: bool,
    deepening: bool,
    /// Seed 000's α ≥ β; `false` for CS188's α > β.
    ge: bool,
}

/// What the walker saw at one searched path of the last pass.
#[derive(Clone, Debug, PartialEq)]
struct Seen {
    state: usize,
    /// The move after which the window closed, and the moves never tried (sorted).
    cut: Option<(u16, Vec<u16>)>,
    /// "EXACT 3", "UPPER 0", "tt-hit 3".
    result: String,
}

struct Walker<'a> {
    m: &'a Model,
    o: Opts,
    tt: BTreeMap<(usize, u8), (i32, i16, &'static str)>,
    hint: Vec<i16>,
    seen: BTreeMap<Vec<u16>, Seen>,
}

impl Walker<'_> {
    fn closes(&self, low: i32, high: i32) -> bool {
        if self.o.ge { low >= high } else { low > high }
    }

    fn search(
        &mut self,
        s: usize,
        d: u8,
        mut alpha: i32,
        mut beta: i32,
        path: &mut Vec<u16>,
    ) -> i32 {
        let (alpha0, beta0) = (alpha, beta);
        if self.o.table
            && let Some(&(v, _, flag)) = self.tt.get(&(s, d))
        {
            let usable = match flag {
                "EXACT" => true,
                "LOWER" => self.closes(v, beta),
                _ => self.closes(alpha, v),
            };
            if usable {
                let result = format!("tt-hit {flag} {v}");
                self.seen.insert(
                    path.clone(),
                    Seen {
                        state: s,
                        cut: None,
                        result,
                    },
                );
                return v;
            }
        }
        let moves = self.m.moves[s].clone();
        if moves.is_empty() || d == 0 {
            let v = self.m.score[s];
            self.save(s, d, v, -1, "EXACT", path, None);
            return v;
        }
        let max = self.m.max[s];
        let mut order: Vec<usize> = (0..moves.len()).collect();
        if self.o.ordering {
            let score = |i: usize| self.m.score[moves[i].0];
            order.sort_by_key(|&i| {
                (
                    i as i16 != self.hint[s],
                    if max { -score(i) } else { score(i) },
                    i,
                )
            });
        }
        let (mut best, mut best_mv) = (if max { -INF } else { INF }, -1i16);
        let mut cut = None;
        for (k, &i) in order.iter().enumerate() {
            path.push(i as u16);
            let v = self.search(moves[i].0, d - 1, alpha, beta, path);
            path.pop();
            if (max && v > best) || (!max && v < best) {
                (best, best_mv) = (v, i as i16);
            }
            if max {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if self.closes(alpha, beta) {
                let mut skipped: Vec<u16> = order[k + 1..].iter().map(|&j| j as u16).collect();
                skipped.sort_unstable();
                cut = Some((i as u16, skipped));
                break;
            }
        }
        let flag = if self.closes(alpha0, best) {
            "UPPER"
        } else if self.closes(best, beta0) {
            "LOWER"
        } else {
            "EXACT"
        };
        self.save(s, d, best, best_mv, flag, path, cut);
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn save(
        &mut self,
        s: usize,
        d: u8,
        v: i32,
        mv: i16,
        flag: &'static str,
        path: &[u16],
        cut: Option<(u16, Vec<u16>)>,
    ) {
        if self.o.table {
            self.tt.insert((s, d), (v, mv, flag));
        }
        if mv >= 0 {
            self.hint[s] = mv;
        }
        let result = format!("{flag} {v}");
        self.seen.insert(
            path.to_vec(),
            Seen {
                state: s,
                cut,
                result,
            },
        );
    }
}

/// The searched paths of the last pass of a run of `o` from node 0.
fn walk(m: &Model, o: Opts) -> BTreeMap<Vec<u16>, Seen> {
    let mut w = Walker {
        m,
        o,
        tt: BTreeMap::new(),
        hint: vec![-1; m.len()],
        seen: BTreeMap::new(),
    };
    let first = if o.deepening { 1 } else { o.depth };
    for d in first..=o.depth {
        w.seen.clear();
        w.search(0, d, -INF, INF, &mut Vec::new());
    }
    w.seen
}

fn name(m: &Model, s: usize) -> String {
    format!("{} node {s}", if m.max[s] { "MAX" } else { "MIN" })
}

/// What the diff of `a` and `b` must list, from the walker: (only in A, only in B, cutoffs
/// moved, results changed), each as (path, name).
type Lists = [Vec<(Vec<u16>, String)>; 4];

fn expected(m: &Model, a: Opts, b: Opts) -> Lists {
    let (wa, wb) = (walk(m, a), walk(m, b));
    let mut out: Lists = Default::default();
    for (p, s) in &wa {
        match wb.get(p) {
            None => out[0].push((p.clone(), name(m, s.state))),
            Some(t) => {
                if s.cut != t.cut {
                    out[2].push((p.clone(), name(m, s.state)));
                }
                if s.result != t.result {
                    out[3].push((p.clone(), name(m, s.state)));
                }
            }
        }
    }
    for (p, s) in &wb {
        if !wa.contains_key(p) {
            out[1].push((p.clone(), name(m, s.state)));
        }
    }
    out
}

/// The same four lists read off a diff (sorted by path, as the walker's map is).
fn listed(d: &Diff) -> Lists {
    let sorted = |mut v: Vec<(Vec<u16>, String)>| {
        v.sort();
        v
    };
    [
        sorted(
            d.only_in(Which::A)
                .map(|o| (o.path.clone(), o.name.clone()))
                .collect(),
        ),
        sorted(
            d.only_in(Which::B)
                .map(|o| (o.path.clone(), o.name.clone()))
                .collect(),
        ),
        sorted(
            d.cutoffs
                .iter()
                .map(|c| (c.path.clone(), c.name.clone()))
                .collect(),
        ),
        sorted(
            d.results
                .iter()
                .map(|r| (r.path.clone(), r.name.clone()))
                .collect(),
        ),
    ]
}

fn lesson_json(name: &str) -> Value {
    let text =
        std::fs::read_to_string(repo().join("lessons").join(format!("{name}.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn recorded(lesson: &Lesson, preset: &str) -> Recorded {
    let setup = lesson.setup(Some(preset), &Overrides::default()).unwrap();
    record(lesson, &setup).unwrap()
}

/// Seed 000's counters of fixture `name` (nodes, evals, cutoffs, tt_hits, qnodes), from its
/// printed output.
fn seed_counters(name: &str) -> [u64; 5] {
    let text = std::fs::read_to_string(repo().join("tests/fixtures/seed000_expected.txt")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(&format!("{name}:")))
        .unwrap();
    let value = |key: &str| {
        lines[at + 1]
            .split(", ")
            .find_map(|kv| kv.strip_prefix(&format!("{key}=")))
            .unwrap()
            .parse::<u64>()
            .unwrap()
    };
    ["nodes", "evals", "cutoffs", "tt_hits", "qnodes"].map(value)
}

#[test]
fn every_builtin_run_diffed_with_itself_is_empty() {
    for lesson in Lesson::builtins().unwrap() {
        for run in &lesson.spec.runs {
            let a = recorded(&lesson, &run.name);
            // A node diff matches calls; a Monte Carlo run has none (its diff is another form).
            if a.options().family().samples() {
                continue;
            }
            for choice in [PassChoice::Final, PassChoice::Last] {
                let d = Diff::of(&a, &a, choice).unwrap();
                assert!(d.is_empty(), "{} / {}: {d:?}", lesson.name, run.name);
                assert!(d.aligned > 0 || a.tree().calls() == 0);
            }
        }
    }
}

#[test]
fn two_recordings_of_each_small_builtin_run_diff_empty() {
    // Recorded twice, so the diff also sees that a run is reproducible.
    for lesson in Lesson::builtins().unwrap() {
        for run in &lesson.spec.runs {
            let a = recorded(&lesson, &run.name);
            // A Monte Carlo run has no calls for the node diff to match.
            if a.tree().calls() > 20_000 || a.options().family().samples() {
                continue;
            }
            let b = recorded(&lesson, &run.name);
            assert!(Diff::of(&a, &b, PassChoice::Final).unwrap().is_empty());
        }
    }
}

#[test]
fn worked_against_ordered_names_the_walkers_nodes_and_seed_000s_counters() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let (a, b) = (recorded(&lesson, "worked"), recorded(&lesson, "ordered"));
    let d = Diff::of(&a, &b, PassChoice::Final).unwrap();

    // Counters: seed 000's fixtures (12 → 13 calls, 7 → 8 evals, 2 → 1 cutoffs) and each
    // run's own result.
    let (sa, sb) = (seed_counters("worked"), seed_counters("ordered"));
    assert_eq!((sa[0], sb[0]), (12, 13));
    assert_eq!((sa[1], sb[1]), (7, 8));
    assert_eq!((sa[2], sb[2]), (2, 1));
    for (i, c) in d.counters.iter().enumerate() {
        assert_eq!((c.a, c.b), (sa[i], sb[i]), "{}", c.counter);
        assert_eq!(
            (c.a, c.b),
            (
                a.result().stats.as_array()[i],
                b.result().stats.as_array()[i]
            )
        );
        assert_eq!(c.change, sb[i] as i64 - sa[i] as i64);
    }
    assert_eq!(d.counters[2].percent, Some(-50.0));

    // Nodes: the walker's, under each preset's options.
    let m = Model::from_json(&lesson_json("000-worked-tree")["graph"]).unwrap();
    let worked = Opts {
        depth: 2,
        table: true,
        ordering: false,
        deepening: true,
        ge: true,
    };
    let ordered = Opts {
        ordering: true,
        ..worked
    };
    let want = expected(&m, worked, ordered);
    assert_eq!(listed(&d), want);
    // The story of the lesson: node 9 is read only with ordering (its parent no longer cuts),
    // and node 3's result is no longer only a bound.
    assert_eq!(want[1], vec![(vec![2, 1], "MAX node 9".to_string())]);
    assert_eq!(want[2], vec![(vec![2], "MIN node 3".to_string())]);
    assert!(want[0].is_empty());
    assert_eq!(d.pass_counters[0].a, a.result().history[1].delta[0]);
}

/// A tied tree: the root's first reply gives α = 3, and MIN node 2's first reply is worth
/// exactly 3 too.
///
/// ```text
///        0 MAX
///       /     \
///    1 MIN    2 MIN
///    /  \     /   \
///   3    5   3     9      (nodes 3, 4, 5, 6)
/// ```
///
/// Node 1 reads 3 and 5 and returns 3, so the root enters node 2 with (3, +∞). Node 2 reads
/// node 5 (worth 3): β = 3. Under α ≥ β, 3 ≥ 3 closes the window and node 6 is skipped;
/// under α > β it is not closed, so node 6 (path: moves 1 1) is read. The node only one rule
/// cuts is MIN node 2 (path: move 1).
fn tied() -> Value {
    serde_json::json!({"nodes": [
        {"player": "MAX", "score": 0, "moves": [{"child": 1}, {"child": 2}]},
        {"player": "MIN", "score": 0, "moves": [{"child": 3}, {"child": 4}]},
        {"player": "MIN", "score": 0, "moves": [{"child": 5}, {"child": 6}]},
        {"player": "MAX", "score": 3},
        {"player": "MAX", "score": 5},
        {"player": "MAX", "score": 3},
        {"player": "MAX", "score": 9}
    ]})
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("prune-diff-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_two_cut_rules_on_a_tied_tree_name_the_node_only_one_cuts() {
    let dir = scratch("tied");
    let file = dir.join("tied.json");
    std::fs::write(&file, tied().to_string()).unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = run_prune(&[
        "diff",
        f,
        "--a",
        "depth=2 id=off tt=off cut=ge",
        "--b",
        "depth=2 id=off tt=off cut=gt",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let j: Value = serde_json::from_str(&out).unwrap();
    // By hand (above): only MIN node 2 cuts differently, and only α > β reads node 6.
    let cuts = j["cutoffs"].as_array().unwrap();
    assert_eq!(cuts.len(), 1);
    assert_eq!(cuts[0]["path"], serde_json::json!([1]));
    assert_eq!(cuts[0]["name"], "MIN node 2");
    assert_eq!(cuts[0]["a"]["after_move"], 0);
    assert_eq!(cuts[0]["a"]["skipped"], serde_json::json!([1]));
    assert!(cuts[0]["b"].is_null());
    let only = j["only"].as_array().unwrap();
    assert_eq!(only.len(), 1);
    assert_eq!(
        (only[0]["run"].as_str(), &only[0]["path"]),
        (Some("B"), &serde_json::json!([1, 1]))
    );
    assert_eq!(only[0]["other"], "skipped");
    // The counters are each run's own: one cutoff fewer, one call and one read more.
    let counters = j["counters"].as_array().unwrap();
    let change = |k: &str| counters.iter().find(|c| c["counter"] == k).unwrap()["change"].as_i64();
    assert_eq!(
        (change("nodes"), change("evals"), change("cutoffs")),
        (Some(1), Some(1), Some(-1))
    );

    // And the walker agrees on every list.
    let m = Model::from_json(&tied()).unwrap();
    let ge = Opts {
        depth: 2,
        table: false,
        ordering: false,
        deepening: false,
        ge: true,
    };
    let want = expected(&m, ge, Opts { ge: false, ..ge });
    let lesson = Lesson::open(f).unwrap();
    let side = |cut: &str| {
        let over = Overrides {
            depth: Some(2),
            table: Some(false),
            deepening: Some(false),
            cut: Some(if cut == "ge" {
                prune::search::CutRule::AtLeast
            } else {
                prune::search::CutRule::Strict
            }),
            ..Overrides::default()
        };
        record(&lesson, &lesson.setup(None, &over).unwrap()).unwrap()
    };
    let d = Diff::of(&side("ge"), &side("gt"), PassChoice::Final).unwrap();
    assert_eq!(listed(&d), want);
    assert_eq!(want[2], vec![(vec![1], "MIN node 2".to_string())]);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn text_names_the_nodes_and_says_which_pass() {
    let (code, out, err) = run_prune(&[
        "diff",
        "000-worked-tree",
        "--run",
        "worked",
        "--run",
        "ordered",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("pass 2 (its final completed pass) of A"),
        "{out}"
    );
    assert!(
        out.contains("options that differ: ordering off → on"),
        "{out}"
    );
    assert!(out.contains("nodes    12 → 13   +1 (+8.3 %)"), "{out}");
    assert!(out.contains("cutoffs   2 →  1   −1 (−50 %)"), "{out}");
    assert!(
        out.contains("searched only in B (1):\n  MAX node 9  moves 2 1"),
        "{out}"
    );
    assert!(
        out.contains("MIN node 3  moves 2: A UPPER 0 → B EXACT 0"),
        "{out}"
    );

    let (code, same, _) = run_prune(&["diff", "000-worked-tree", "--run", "worked"]);
    assert_eq!(code, Some(0));
    assert!(same.contains("no differences"), "{same}");
}

#[test]
fn saved_traces_diff_as_the_runs_they_recorded() {
    let dir = scratch("traces");
    let mut paths = Vec::new();
    for preset in ["worked", "ordered"] {
        let (code, out, err) = run_prune(&[
            "trace",
            "000-worked-tree",
            "--run",
            preset,
            "--format",
            "json",
        ]);
        assert_eq!(code, Some(0), "{err}");
        let p = dir.join(format!("{preset}.json"));
        std::fs::write(&p, out).unwrap();
        paths.push(p.to_str().unwrap().to_string());
    }
    let (_, from_traces, err) =
        run_prune(&["diff", "--trace", &paths[0], "--trace", &paths[1], "--json"]);
    assert!(err.is_empty(), "{err}");
    let (_, from_runs, _) = run_prune(&[
        "diff",
        "000-worked-tree",
        "--run",
        "worked",
        "--run",
        "ordered",
        "--json",
    ]);
    assert_eq!(from_traces, from_runs);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn interrupted_and_deeper_runs_say_which_pass_they_compare() {
    let (_, out, _) = run_prune(&[
        "diff",
        "000-worked-tree",
        "--run",
        "worked",
        "--run",
        "no completed pass",
    ]);
    assert!(
        out.contains("pass 1, interrupted (its last pass: no pass completed) of B"),
        "{out}"
    );
    assert!(
        out.contains("MAX node 0  root: A EXACT 3 → B abort"),
        "{out}"
    );
    let (_, out, _) = run_prune(&[
        "diff",
        "000-worked-tree",
        "--run",
        "worked",
        "--run",
        "interrupted",
        "--pass",
        "2",
    ]);
    assert!(
        out.contains("pass 2, interrupted (the pass asked for) of B"),
        "{out}"
    );
    // Depth 1 against depth 2: the replies are searched only at depth 2, below depth 1's
    // horizon.
    let (_, out, _) = run_prune(&[
        "diff",
        "000-worked-tree",
        "--a",
        "depth=1",
        "--b",
        "depth=2",
    ]);
    assert!(out.contains("searched only in B (4):"), "{out}");
    assert!(
        out.contains("in A: its parent was at the horizon and read its score"),
        "{out}"
    );
    // A budget of 4 calls is spent by pass 1 (4 calls), so pass 2's root itself is refused.
    let (_, out, _) = run_prune(&[
        "diff",
        "000-worked-tree",
        "--a",
        "depth=2 budget=4",
        "--b",
        "depth=2",
        "--pass",
        "2",
    ]);
    assert!(out.contains("(PARTIAL: completed depth 1 of 2)"), "{out}");
    assert!(
        out.contains("MAX node 0  root: EXACT 3; in A: refused by the budget"),
        "{out}"
    );
}

#[test]
fn the_tutors_short_lists_count_what_they_leave_out() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let (a, b) = (recorded(&lesson, "worked"), recorded(&lesson, "ordered"));
    let d = Diff::of(&a, &b, PassChoice::Final).unwrap();
    let short = prune::diff::text::nodes_within(&d, 0);
    assert_eq!(
        short
            .matches("… and 1 more (prune diff lists them all)")
            .count(),
        3,
        "{short}"
    );
    assert_eq!(
        prune::diff::text::nodes(&d),
        prune::diff::text::nodes_within(&d, 1)
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let w = "000-worked-tree";
    assert_one_line_error(
        &[
            "diff", w, "--run", "worked", "--run", "ordered", "--run", "minimax",
        ],
        "--run was given 3 times",
    );
    assert_one_line_error(&["diff", w, "--run", "nope"], "no run preset named 'nope'");
    assert_one_line_error(&["diff", w, "--a", "depth 3"], "key=value");
    assert_one_line_error(&["diff", w, "--a", "depth=99"], "'depth'");
    assert_one_line_error(&["diff", w, "--pass", "5"], "has no pass of depth 5");
    assert_one_line_error(&["diff", w, "--pass", "soon"], "not a pass");
    assert_one_line_error(&["diff", w, "--b", "start=1"], "different positions");
    assert_one_line_error(&["diff", "--trace", "only-one.json"], "give it twice");
    assert_one_line_error(&["diff"], "FILE");
    let dir = scratch("bad");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"header\": ").unwrap();
    let b = bad.to_str().unwrap();
    assert_one_line_error(&["diff", "--trace", b, "--trace", b], "bad.json");
    std::fs::remove_dir_all(dir).ok();
}

/// The user wrote `dept=2`: the message names the word they wrote and the key they meant, not
/// the `--dept` flag the words are turned into inside.
#[test]
fn a_mistyped_key_is_named_as_written() {
    let w = "000-worked-tree";
    let (code, _, err) = run_prune(&["diff", w, "--a", "dept=2"]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("'dept' is not a run option"), "{err}");
    assert!(err.contains("did you mean depth?"), "{err}");
    assert!(!err.contains("--dept"), "{err}");
    let (code, _, err) = run_prune(&["diff", w, "--b", "depth=x"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("'depth'") && !err.contains("--depth"), "{err}");
    let (code, _, err) = run_prune(&["diff", w, "--b", "colour=on"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("'colour' is not a run option (the keys are ") && err.contains(" depth, "),
        "{err}"
    );
    let (code, _, err) = run_prune(&["diff", w, "--a", "depth 3"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("'depth' is not a key=value word"), "{err}");
}

/// Seed 004's tree in `002-pvs-abc`, worked by hand from the lesson's leaves (A: 4 9 6,
/// B: 2 15 13, C: 5 8 10) with seed 002's PVS: alpha-beta reads A's three leaves (A = 4),
/// B's first (2 ≤ 4: B cuts) and C's three (C = 5), 11 calls. PVS does the same with null
/// windows on B and C, where C's scout (4, 5) comes back 5 ≥ 5, a lower bound, "better", so
/// C and its three leaves are searched again: 15 calls. The diff pairs C's scout with
/// alpha-beta's only visit of C (a changed result: exact 5 against the scout's bound) and
/// lists the re-search and its three leaves as searched by PVS alone: 4 calls, 15 − 11.
#[test]
fn a_pvs_re_search_is_a_visit_of_its_own() {
    let lesson = Lesson::open("002-pvs-abc").unwrap();
    let (pvs, ab) = (recorded(&lesson, "pvs"), recorded(&lesson, "alpha-beta"));
    assert_eq!(
        (pvs.result().stats.nodes, ab.result().stats.nodes),
        (15, 11)
    );
    let d = Diff::of(&pvs, &ab, PassChoice::Final).unwrap();
    assert!(!d.is_empty());
    assert_eq!(d.only_in(Which::B).count(), 0, "{d:?}");
    let only: Vec<(Vec<u16>, Vec<u8>)> = d
        .only_in(Which::A)
        .map(|o| (o.path.clone(), o.visits.clone()))
        .collect();
    // C is move 2 of the root; its re-search is the second visit of that move.
    assert_eq!(
        only,
        vec![
            (vec![2], vec![1]),
            (vec![2, 0], vec![1, 0]),
            (vec![2, 1], vec![1, 0]),
            (vec![2, 2], vec![1, 0]),
        ]
    );
    let first = d.only_in(Which::A).next().unwrap();
    assert_eq!(first.visit, prune::diff::Visit::ReSearch);
    assert_eq!(first.other, prune::diff::Absent::NotResearched);
    assert_eq!(
        first.ended.map(|e| e.text()).as_deref(),
        Some("EXACT 5"),
        "the re-search makes C exact"
    );
    assert_eq!(d.results.len(), 1, "{:?}", d.results);
    let c = &d.results[0];
    assert_eq!((c.path.clone(), c.visits.clone()), (vec![2], vec![0]));
    assert_eq!(c.a_visit, prune::diff::Visit::Scout);
    assert_eq!(
        (
            c.a.map(|e| e.text()).as_deref(),
            c.b.map(|e| e.text()).as_deref()
        ),
        (Some("LOWER 5"), Some("EXACT 5"))
    );
    assert!(d.cutoffs.is_empty(), "{:?}", d.cutoffs);

    // The command line says the same in words.
    let (code, out, err) =
        run_prune(&["diff", "002-pvs-abc", "--run", "pvs", "--run", "alpha-beta"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("searched only in A (4):"), "{out}");
    assert!(
        out.contains("moves 2 (re-search): EXACT 5; in B: searched once, not again"),
        "{out}"
    );
    assert!(out.contains("moves 2 (re-search) 0:"), "{out}");
    assert!(
        out.contains("move 2: A LOWER 5 (null-window scout) → B EXACT 5")
            || out.contains("moves 2: A LOWER 5 (null-window scout) → B EXACT 5"),
        "{out}"
    );
}

/// Each run's values are written in its own units: max-n's as payoff vectors, paranoid's as
/// the root player's payoff. At each of the tree's eight terminals the lesson file's vector is
/// what A writes, and its first entry (player A's, for whom paranoid searches) is what B writes.
#[test]
fn a_max_n_run_diffed_with_a_paranoid_one_writes_each_runs_values_its_own_way() {
    let lesson = Lesson::open("004-three-players").unwrap();
    let (a, b) = (recorded(&lesson, "max-n"), recorded(&lesson, "paranoid"));
    let d = Diff::of(&a, &b, PassChoice::Final).unwrap();
    let text = prune::diff::text::render(&d);
    let file = lesson_json("004-three-players");
    let scores: BTreeMap<String, Vec<i64>> = (file["graph"]["nodes"].as_array().unwrap())
        .iter()
        .filter_map(|n| {
            let score = n["score"].as_array()?.iter().map(|v| v.as_i64().unwrap());
            Some((n["label"].as_str()?.to_string(), score.collect()))
        })
        .collect();
    let mut terminals = 0;
    for line in text.lines().filter(|l| l.contains(": A EXACT ")) {
        let (_, values) = line.split_once(": A EXACT ").unwrap();
        let (vector, b_side) = values.split_once(" → B ").unwrap();
        // B's flag (EXACT, or the bound a paranoid MIN call proved), then its value.
        let b_value = b_side.split_whitespace().nth(1).unwrap();
        assert!(vector.starts_with('('), "A writes a payoff vector: {line}");
        assert!(
            b_value.trim().parse::<i64>().is_ok(),
            "B writes a number: {line}"
        );
        let label = line.split_whitespace().nth(2).unwrap();
        if let Some(score) = scores.get(label) {
            terminals += 1;
            let written: Vec<String> = score.iter().map(i64::to_string).collect();
            assert_eq!(vector, format!("({})", written.join(", ")), "{line}");
            assert_eq!(b_value.trim().parse::<i64>().unwrap(), score[0], "{line}");
        }
    }
    assert_eq!(terminals, 8, "the tree's eight terminals:\n{text}");
}
