//! Seed 002's searches against independent oracles, on generated graphs.
//!
//! - Negamax and PVS give alpha-beta's root value and move (and the oracle's value), with
//!   the table and ordering on and off, under both cut rules.
//! - Negamax makes exactly alpha-beta's calls: same states, same horizons, same counters.
//! - Every entry PVS or negamax stores holds against the oracle, seen from the side to move.
//! - Aspiration windows with any δ ≥ 1 and guess give the full-window result, and their
//!   attempts (windows and outcomes) equal those of the test's own model of seed 002's loop,
//!   which needs nothing but the oracle's true values.
//! - Interrupted runs keep the last completed pass, as in seed 000.
//! - Every recorded run indexes cleanly (the index checks the new events and counters).
//!
//! Expected values come from `common::model::Oracle` (a dynamic program over (state, d, q)
//! that uses no window) and from the loop model below, never from the project's output.

mod common;

use common::model::{FAMILIES, Family, Model, Oracle, generate};
use prune::game::graph::Graph;
use prune::index::Recorded;
use prune::lesson::{Lesson, RunSetup};
use prune::observer::NoTrace;
use prune::rng::Rng;
use prune::search::{
    self, Algorithm, Aspiration, AttemptOutcome, CutRule, Flag, INF, Options, RunResult, Status,
};
use prune::trace::{Event, Events};

struct Case {
    model: Model,
    graph: Graph,
    lesson: Lesson,
    start: usize,
    depth: u8,
    qlimit: u8,
    deepening: bool,
    oracle: Oracle,
}

/// Full-tree calls a case may cost per pass, so the suite stays at seconds.
const CALL_CAP: u64 = 3_000;

fn make_case(rng: &mut Rng, family: Family) -> Case {
    let model = generate(rng, family);
    let start = if rng.chance(85, 100) {
        0
    } else {
        rng.below(model.len())
    };
    let mut depth = rng.range(1, 7) as u8;
    let mut qlimit = if rng.chance(60, 100) {
        0
    } else {
        rng.range(1, 3) as u8
    };
    loop {
        let oracle = Oracle::new(&model, depth as usize, qlimit as usize);
        if oracle.calls(start, depth as usize, qlimit as usize) <= CALL_CAP
            || (depth == 1 && qlimit == 0)
        {
            let graph = model.graph();
            let lesson = model.lesson();
            return Case {
                model,
                graph,
                lesson,
                start,
                depth,
                qlimit,
                deepening: rng.chance(80, 100),
                oracle,
            };
        }
        if qlimit > 0 {
            qlimit -= 1;
        } else {
            depth -= 1;
        }
    }
}

impl Case {
    /// The true value of `s` at horizon (d, q), from MAX's side.
    fn truth(&self, s: usize, d: u8, q: u8) -> i32 {
        self.oracle.value(s, d as usize, q as usize)
    }

    fn pov(&self, s: usize) -> i32 {
        if self.model.max[s] { 1 } else { -1 }
    }

    fn options(&self, algorithm: Algorithm, table: bool, ordering: bool, cut: CutRule) -> Options {
        Options {
            algorithm,
            depth: self.depth,
            qlimit: self.qlimit,
            deepening: self.deepening,
            table,
            ordering,
            cut,
            ..Options::default()
        }
    }

    fn run(&self, opts: &Options) -> RunResult {
        search::run(&self.graph, self.start as u32, opts, &mut NoTrace)
            .unwrap_or_else(|e| panic!("run failed: {e}\n{}", self.describe(opts)))
    }

    /// The run recorded through the project's one entry point, and indexed (which checks it).
    fn recorded(&self, opts: &Options) -> Recorded {
        let setup = RunSetup {
            start: self.start as u32,
            options: *opts,
            given: None,
        };
        let trace = prune::run::recorded(&self.lesson, &setup)
            .unwrap_or_else(|e| panic!("recording failed: {e}\n{}", self.describe(opts)));
        Recorded::new(trace)
            .unwrap_or_else(|e| panic!("the trace does not index: {e}\n{}", self.describe(opts)))
    }

    fn describe(&self, opts: &Options) -> String {
        format!(
            "start={} depth={} q={} id={} opts={opts:?}\nmodel={:?}",
            self.start, self.depth, self.qlimit, self.deepening, self.model
        )
    }

    /// Whether the root's move `mv` leads to a child worth the root's value at depth `d`.
    fn move_is_best(&self, mv: i16, d: u8) -> bool {
        let s = self.start;
        let Some(&(child, _)) = self.model.moves[s].get(mv as usize) else {
            return self.model.moves[s].is_empty() && mv == -1;
        };
        self.truth(child, d - 1, self.qlimit) == self.truth(s, d, self.qlimit)
    }
}

fn cases(count: u64, salt: u64) -> Vec<Case> {
    let mut rng = Rng::new(0x5eed_0002 ^ salt);
    (0..count)
        .map(|i| make_case(&mut rng, FAMILIES[i as usize % FAMILIES.len()]))
        .collect()
}

const SETTINGS: [(bool, bool, CutRule); 8] = [
    (true, true, CutRule::AtLeast),
    (true, false, CutRule::AtLeast),
    (false, true, CutRule::AtLeast),
    (false, false, CutRule::AtLeast),
    (true, true, CutRule::Strict),
    (true, false, CutRule::Strict),
    (false, true, CutRule::Strict),
    (false, false, CutRule::Strict),
];

/// Root value and move: negamax and PVS against alpha-beta and the oracle.
#[test]
fn negamax_and_pvs_give_alpha_betas_root_value_and_move() {
    let mut runs = 0;
    for case in cases(1200, 1) {
        for (table, ordering, cut) in SETTINGS {
            let ab = case.run(&case.options(Algorithm::AlphaBeta, table, ordering, cut));
            let truth = case.truth(case.start, case.depth, case.qlimit);
            assert_eq!(ab.score, truth, "alpha-beta itself is wrong");
            for alg in [Algorithm::Negamax, Algorithm::Pvs] {
                let opts = case.options(alg, table, ordering, cut);
                let r = case.run(&opts);
                assert_eq!(r.status, Status::Complete);
                assert_eq!(r.score, truth, "value\n{}", case.describe(&opts));
                if alg == Algorithm::Negamax {
                    assert_eq!(r.mv, ab.mv, "move\n{}", case.describe(&opts));
                    assert_eq!(r.stats, ab.stats, "calls\n{}", case.describe(&opts));
                    assert_eq!(r.history, ab.history, "passes\n{}", case.describe(&opts));
                } else {
                    // PVS proves ties with other windows, so among equally good moves it
                    // may settle on another: its move must still be a best one.
                    assert!(
                        r.mv == ab.mv || case.move_is_best(r.mv, case.depth),
                        "PVS move {} is not best\n{}",
                        r.mv,
                        case.describe(&opts)
                    );
                }
                runs += 1;
            }
        }
    }
    assert!(runs >= 19_000, "{runs} runs");
}

/// Negamax's events are alpha-beta's: the same calls in the same order, and every value
/// the same number seen from the side to move.
#[test]
fn negamax_records_alpha_betas_calls_from_the_side_to_move() {
    for case in cases(300, 2) {
        for (table, ordering, cut) in SETTINGS {
            let ab = case.recorded(&case.options(Algorithm::AlphaBeta, table, ordering, cut));
            let nm = case.recorded(&case.options(Algorithm::Negamax, table, ordering, cut));
            let (a, b) = (&ab.trace.events, &nm.trace.events);
            let enters = |events: &Events| {
                events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Enter {
                            state,
                            depth,
                            qleft,
                            alpha,
                            beta,
                            ..
                        } => Some((state, depth, qleft, alpha, beta)),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            };
            let (ea, eb) = (enters(a), enters(b));
            assert_eq!(ea.len(), eb.len());
            for (x, y) in ea.iter().zip(&eb) {
                assert_eq!((x.0, x.1, x.2), (y.0, y.1, y.2));
                // MIN's window (α, β) is (−β, −α) from its own side.
                let (lo, hi) = if case.model.max[x.0 as usize] {
                    (x.3, x.4)
                } else {
                    (-x.4, -x.3)
                };
                assert_eq!((lo, hi), (y.3, y.4), "window of state {}", x.0);
            }
        }
    }
}

/// Every stored entry of negamax and PVS holds against the oracle, from the side to move.
#[test]
fn stored_entries_hold_from_the_side_to_move() {
    let mut stores = 0u64;
    for case in cases(500, 3) {
        for (table, ordering, cut) in SETTINGS {
            for alg in [Algorithm::Negamax, Algorithm::Pvs] {
                let opts = case.options(alg, table, ordering, cut);
                let rec = case.recorded(&opts);
                for e in &rec.trace.events {
                    let Some((key, entry, _)) = e.stored() else {
                        continue;
                    };
                    let s = key.state as usize;
                    let truth = case.pov(s) * case.truth(s, key.depth, key.qleft);
                    let holds = match entry.flag {
                        Flag::Exact => entry.value == truth,
                        Flag::Lower => truth >= entry.value,
                        Flag::Upper => truth <= entry.value,
                    };
                    assert!(
                        holds,
                        "{:?} {} at {key:?}, true value {truth}\n{}",
                        entry.flag,
                        entry.value,
                        case.describe(&opts)
                    );
                    stores += 1;
                }
            }
        }
    }
    assert!(stores > 50_000, "{stores} stores");
}

/// Each pass's depth and its aspiration attempts (window and outcome).
type PassAttempts = Vec<(u8, Vec<(i32, i32, AttemptOutcome)>)>;

/// The test's own model of seed 002's loop: the windows and outcomes a correct fail-soft
/// search must produce, from the root's true values alone (a fail-soft search fails low
/// exactly when the true value does not exceed α, high when it reaches β).
fn model_attempts(case: &Case, asp: Aspiration, cut: CutRule, pov: i32) -> PassAttempts {
    let first = if case.deepening { 1 } else { case.depth };
    let mut out = Vec::new();
    let mut last: Option<i32> = None;
    for d in first..=case.depth {
        let v = pov * case.truth(case.start, d, case.qlimit);
        let mut attempts = Vec::new();
        if d >= asp.from {
            let c = last.unwrap_or(asp.guess) as i64;
            let mut delta = asp.delta as i64;
            let clamp = |x: i64| x.max(-INF as i64).min(INF as i64) as i32;
            let (mut lo, mut hi) = (clamp(c - delta), clamp(c + delta));
            loop {
                let low = match cut {
                    CutRule::AtLeast => v <= lo,
                    CutRule::Strict => v < lo,
                };
                let high = match cut {
                    CutRule::AtLeast => v >= hi,
                    CutRule::Strict => v > hi,
                };
                if low {
                    attempts.push((lo, hi, AttemptOutcome::FailLow));
                    lo = clamp(lo as i64 - delta);
                } else if high {
                    attempts.push((lo, hi, AttemptOutcome::FailHigh));
                    hi = clamp(hi as i64 + delta);
                } else {
                    attempts.push((lo, hi, AttemptOutcome::Exact));
                    break;
                }
                delta = (delta * 2).min(INF as i64);
            }
        }
        out.push((d, attempts));
        last = Some(v);
    }
    out
}

#[test]
fn aspiration_gives_the_full_window_result_and_the_models_attempts() {
    let mut rng = Rng::new(77);
    let mut attempts_checked = 0;
    for case in cases(900, 4) {
        for alg in [Algorithm::AlphaBeta, Algorithm::Negamax, Algorithm::Pvs] {
            let (table, ordering, cut) = SETTINGS[rng.below(SETTINGS.len())];
            let mut opts = case.options(alg, table, ordering, cut);
            let full = case.run(&opts);
            let asp = Aspiration {
                delta: *rng.pick(&[1, 2, 5, 25, 300, 5000]).unwrap(),
                from: rng.range(1, case.depth.min(5) as i64) as u8,
                guess: rng.range(-1200, 1200) as i32,
            };
            opts.aspiration = Some(asp);
            let r = case.run(&opts);
            assert_eq!(
                (r.status, r.score),
                (full.status, full.score),
                "{}",
                case.describe(&opts)
            );
            let pov = if alg.side_to_move() {
                case.pov(case.start)
            } else {
                1
            };
            let want = model_attempts(&case, asp, cut, pov);
            let got: PassAttempts = r
                .history
                .iter()
                .map(|p| {
                    let a = p.attempts.iter().map(|a| (a.alpha, a.beta, a.outcome));
                    (p.depth, a.collect())
                })
                .collect();
            assert_eq!(got, want, "{}", case.describe(&opts));
            let misses: usize = want
                .iter()
                .map(|(_, a)| a.iter().filter(|x| x.2 != AttemptOutcome::Exact).count())
                .sum();
            assert_eq!(r.counters.aspiration_misses, misses as u64);
            attempts_checked += want.iter().map(|(_, a)| a.len()).sum::<usize>();
            // The recorded run agrees and indexes (one in five, to keep the suite fast).
            if rng.chance(20, 100) {
                let rec = case.recorded(&opts);
                assert_eq!(rec.result(), &r);
                let tree = rec.tree();
                assert_eq!(
                    tree.attempts()
                        .iter()
                        .filter(|a| a.outcome.is_some())
                        .count(),
                    want.iter().map(|(_, a)| a.len()).sum::<usize>()
                );
            }
        }
    }
    assert!(attempts_checked > 3_000, "{attempts_checked} attempts");
}

/// Under a budget that interrupts, every search keeps its last completed pass.
#[test]
fn interruption_keeps_the_last_completed_pass() {
    let mut rng = Rng::new(99);
    let mut interrupted = 0;
    for case in cases(600, 5) {
        for alg in [Algorithm::Negamax, Algorithm::Pvs] {
            let (table, ordering, cut) = SETTINGS[rng.below(SETTINGS.len())];
            let mut opts = case.options(alg, table, ordering, cut);
            if rng.chance(50, 100) {
                opts.aspiration = Some(Aspiration {
                    delta: rng.range(1, 40) as i32,
                    from: rng.range(1, case.depth.min(4) as i64) as u8,
                    guess: 0,
                });
            }
            let full = case.run(&opts);
            if full.stats.nodes < 2 {
                continue;
            }
            opts.budget = rng.range(1, full.stats.nodes as i64 - 1) as u64;
            let r = case.run(&opts);
            assert!(r.restored, "{}", case.describe(&opts));
            assert_ne!(r.status, Status::Complete, "{}", case.describe(&opts));
            let done: Vec<_> = r.history.iter().filter(|p| p.done).collect();
            match done.last() {
                Some(p) => {
                    assert_eq!(r.status, Status::Partial);
                    assert_eq!((r.depth, r.score), (p.depth, p.score));
                    assert_eq!(r.score, case.truth(case.start, p.depth, case.qlimit));
                }
                None => assert_eq!((r.status, r.depth), (Status::NoCompletedDepth, 0)),
            }
            assert!(!r.history.last().unwrap().done);
            let rec = case.recorded(&opts);
            assert_eq!(rec.result(), &r);
            interrupted += 1;
        }
    }
    assert!(interrupted > 800, "{interrupted}");
}

/// PVS's counters are what its trace shows, and a re-search is a second visit of the child
/// it follows.
#[test]
fn pvs_re_searches_are_second_visits_of_the_scouted_child() {
    let mut researches = 0u64;
    for case in cases(400, 6) {
        for (table, ordering, cut) in SETTINGS {
            let opts = case.options(Algorithm::Pvs, table, ordering, cut);
            let rec = case.recorded(&opts);
            let tree = rec.tree();
            let nodes: Vec<_> = tree.call_nodes().collect();
            let scouts = nodes.iter().filter(|n| n.scout).count() as u64;
            assert_eq!(scouts, rec.result().counters.null_windows);
            for (i, n) in nodes.iter().enumerate() {
                if !n.research {
                    continue;
                }
                researches += 1;
                // The scout it repeats is the sibling before it: same parent, same move.
                let scout = nodes[..i]
                    .iter()
                    .rev()
                    .find(|m| m.parent == n.parent && m.ply == n.ply)
                    .expect("a scout before the re-search");
                assert!(scout.scout && scout.researched);
                assert_eq!((scout.state, scout.mv), (n.state, n.mv));
                // The scout said "better than α" with the null window; the re-search gets
                // the parent's full window, which is wider.
                assert!(n.beta - n.alpha > scout.beta - scout.alpha);
            }
            assert_eq!(
                nodes.iter().filter(|n| n.research).count() as u64,
                rec.result().counters.researches
            );
        }
    }
    assert!(researches > 100, "{researches} re-searches");
}
