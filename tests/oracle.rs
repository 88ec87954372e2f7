//! The search core against an independent oracle (seed 000, "Practice Problems").
//!
//! Every generated input is a graph, a start node, a depth, a q limit and an iterative-deepening
//! switch. For each one the core runs with the table on/off, ordering on/off and both cut rules,
//! uninterrupted and under a budget that interrupts, plus plain minimax and custom root windows.
//! The recorded events are replayed against the dynamic-programming oracle in
//! `common::model`: every stored bound, every table answer and every returned value must be
//! justified by the true value of its key, and the counters must add up.
//!
//! The generator is deterministic; set `PRUNE_ORACLE_SEED` to explore other inputs and
//! `PRUNE_ORACLE_SCALE` (a percentage) to run more or fewer of them.

mod common;

use common::model::{Family, Model, Oracle, generate};
use prune::event::{Bound, Chance, Scout, Vector};
use prune::game::graph::Graph;
use prune::game::{Game, Side};
use prune::lesson::{Lesson, Overrides};
use prune::observer::{NoTrace, Recorder};
use prune::rng::Rng;
use prune::search::tt::Entry;
use prune::search::{self, Algorithm, CutRule, Flag, INF, Options, RunResult, Status};
use prune::trace::{Event, ReturnKind};

/// One generated input.
struct Case {
    model: Model,
    graph: Graph,
    start: usize,
    depth: u8,
    qlimit: u8,
    deepening: bool,
    oracle: Oracle,
}

impl Case {
    fn truth(&self, s: usize, d: u8, q: u8) -> i32 {
        self.oracle.value(s, d as usize, q as usize)
    }

    /// The depths the driver searches.
    fn passes(&self) -> std::ops::RangeInclusive<u8> {
        if self.deepening {
            1..=self.depth
        } else {
            self.depth..=self.depth
        }
    }

    fn minimax_calls(&self) -> u64 {
        self.passes()
            .map(|d| {
                self.oracle
                    .calls(self.start, d as usize, self.qlimit as usize)
            })
            // Full trees of dense graphs outgrow u64; saturate like the oracle does.
            .fold(0u64, u64::saturating_add)
    }

    fn options(&self) -> Options {
        Options {
            depth: self.depth,
            qlimit: self.qlimit,
            deepening: self.deepening,
            ..Options::default()
        }
    }

    fn describe(&self, opts: &Options) -> String {
        format!(
            "start={} depth={} q={} id={} table={} ordering={} cut={:?} alg={:?} window={:?} budget={}\nmodel={:?}",
            self.start,
            self.depth,
            self.qlimit,
            self.deepening,
            opts.table,
            opts.ordering,
            opts.cut,
            opts.algorithm,
            opts.window,
            opts.budget,
            self.model
        )
    }
}

/// Full-tree calls a case may cost per run; keeps the whole suite at a few seconds.
const CALL_CAP: u64 = 2_500;

fn make_case(rng: &mut Rng, family: Family) -> Case {
    let model = generate(rng, family);
    let n = model.len();
    let start = if rng.chance(80, 100) { 0 } else { rng.below(n) };
    let mut depth = match family {
        Family::Chain => rng.range(1, 12) as u8,
        _ => match rng.below(20) {
            0..=11 => rng.range(1, 3) as u8,
            12..=17 => rng.range(4, 6) as u8,
            _ => rng.range(7, 12) as u8,
        },
    };
    let mut qlimit = match rng.below(10) {
        0..=3 => 0,
        4..=7 => rng.range(1, 2) as u8,
        _ => rng.range(3, 6) as u8,
    };
    let deepening = rng.chance(80, 100);
    let graph = model.graph();
    loop {
        let oracle = Oracle::new(&model, depth as usize, qlimit as usize);
        let case = Case {
            model: model.clone(),
            graph: graph.clone(),
            start,
            depth,
            qlimit,
            deepening,
            oracle,
        };
        if case.minimax_calls() <= CALL_CAP || (depth == 1 && qlimit == 0) {
            return case;
        }
        // Too big to run many times: shorten the horizon, q first every other time.
        if qlimit > 0 && (depth == 1 || rng.chance(50, 100)) {
            qlimit -= 1;
        } else {
            depth -= 1;
        }
    }
}

/// What a flag claims about a value, checked against the truth.
fn claim_holds(flag: Flag, value: i32, truth: i32) -> bool {
    match flag {
        Flag::Lower => value <= truth,
        Flag::Upper => value >= truth,
        Flag::Exact => value == truth,
    }
}

fn closes(cut: CutRule, low: i32, high: i32) -> bool {
    match cut {
        CutRule::AtLeast => low >= high,
        CutRule::Strict => low > high,
    }
}

/// What a value returned to a window (α0, β0) proves: fail-low is an upper bound, fail-high a
/// lower bound, anything in between is exact. With the strict rule the edges count as inside.
fn window_claim(value: i32, alpha0: i32, beta0: i32, cut: CutRule) -> Flag {
    if closes(cut, alpha0, value) {
        Flag::Upper
    } else if closes(cut, value, beta0) {
        Flag::Lower
    } else {
        Flag::Exact
    }
}

/// Whether a table entry answers a call by seed 000's rule (written here independently).
fn entry_usable(e: &Entry, alpha: i32, beta: i32, cut: CutRule) -> bool {
    match e.flag {
        Flag::Exact => true,
        Flag::Lower => closes(cut, e.value, beta),
        Flag::Upper => closes(cut, alpha, e.value),
    }
}

/// Runs with the recorder and with `NoTrace`; both must give the identical result.
fn run_both(case: &Case, opts: &Options) -> (RunResult, Recorder) {
    let mut rec = Recorder::default();
    let traced = search::run(&case.graph, case.start as u32, opts, &mut rec)
        .unwrap_or_else(|e| panic!("run failed: {e}\n{}", case.describe(opts)));
    let plain = search::run(&case.graph, case.start as u32, opts, &mut NoTrace).unwrap();
    assert_eq!(
        traced,
        plain,
        "recording changed the result\n{}",
        case.describe(opts)
    );
    (traced, rec)
}

struct Frame {
    state: usize,
    d: u8,
    q: u8,
    alpha0: i32,
    beta0: i32,
    alpha: i32,
    beta: i32,
    order: Vec<u16>,
    pushed: usize,
    answer: Option<Entry>,
    /// Whether the table was consulted (it must be, first, whenever it is on).
    probed: bool,
    /// The frame's best so far (stand pat or a strictly improving child) and its move.
    best: Option<(i32, i16)>,
    /// A terminal or static read settled the call.
    read: bool,
    /// The window closed (a move-loop or stand-pat cutoff): nothing more is tried.
    cut: bool,
}

/// What a replayed trace tells about each pass: its depth, DONE?, score, move and the root's
/// candidate order.
struct PassSeen {
    depth: u8,
    done: bool,
    score: i32,
    mv: i16,
    root_order: Vec<u16>,
}

/// Tallies of the checks made, reported by the test.
#[derive(Default)]
struct Tally {
    inputs: u64,
    runs: u64,
    stores: u64,
    returns: u64,
    table_answers: u64,
    interrupted: u64,
    /// Inputs by requested depth and by q limit.
    depths: [u64; 13],
    qs: [u64; 7],
}

/// Replays every event against the oracle and the counters. Returns the passes seen.
fn replay(
    case: &Case,
    opts: &Options,
    r: &RunResult,
    rec: &Recorder,
    t: &mut Tally,
) -> Vec<PassSeen> {
    let ctx = || case.describe(opts);
    let m = &case.model;
    let pruning = opts.algorithm == Algorithm::AlphaBeta;
    let cut = opts.cut;
    let root_window = if pruning { opts.window } else { (-INF, INF) };
    let mut stack: Vec<Frame> = Vec::new();
    let mut hints = vec![-1i16; m.len()];
    let (mut enters, mut reads, mut cutoffs, mut hits, mut qnodes, mut peak) =
        (0u64, 0, 0, 0, 0, 0);
    let mut refused = 0;
    let mut pass = 0u8;
    let mut pushed_child: Option<usize> = None;
    let mut last_return: Option<(i32, i16, Vec<u16>)> = None;
    let mut seen: Vec<PassSeen> = Vec::new();
    for event in &rec.events {
        match event {
            Event::PassStart { depth } => {
                assert!(stack.is_empty(), "pass started with frames open\n{}", ctx());
                pass = depth;
                last_return = None;
            }
            Event::Enter {
                state,
                depth,
                qleft,
                alpha,
                beta,
                ..
            } => {
                let s = state as usize;
                enters += 1;
                // The ply of a call is the path length - 1: the frames open around it.
                let ply = stack.len();
                peak = peak.max(ply as u64);
                if depth == 0 {
                    qnodes += 1;
                }
                match stack.last() {
                    Some(p) => {
                        let want = if p.d > 0 {
                            (p.d - 1, p.q)
                        } else {
                            (0, p.q - 1)
                        };
                        assert_eq!((depth, qleft), want, "child horizon\n{}", ctx());
                        assert_eq!((alpha, beta), (p.alpha, p.beta), "child window\n{}", ctx());
                        assert_eq!(
                            pushed_child.take(),
                            Some(s),
                            "entered the pushed child\n{}",
                            ctx()
                        );
                    }
                    None => {
                        assert_eq!(s, case.start, "root state\n{}", ctx());
                        assert_eq!(
                            (depth, qleft),
                            (pass, case.qlimit),
                            "root horizon\n{}",
                            ctx()
                        );
                        assert_eq!((alpha, beta), root_window, "root window\n{}", ctx());
                    }
                }
                stack.push(Frame {
                    state: s,
                    d: depth,
                    q: qleft,
                    alpha0: alpha,
                    beta0: beta,
                    alpha,
                    beta,
                    order: Vec::new(),
                    pushed: 0,
                    answer: None,
                    probed: false,
                    best: None,
                    read: false,
                    cut: false,
                });
            }
            Event::Refused { ply, .. } => {
                refused += 1;
                assert_eq!(ply as usize, stack.len(), "refused ply\n{}", ctx());
                assert_eq!(
                    enters,
                    opts.budget,
                    "refused before the budget was spent\n{}",
                    ctx()
                );
            }
            Event::Bound(Bound::Probe { found, usable, .. }) => {
                let f = stack.last_mut().expect("probe inside a call");
                f.probed = true;
                assert!(
                    opts.table && pruning,
                    "probed with the table off\n{}",
                    ctx()
                );
                match found {
                    Some(e) => {
                        let truth = case.truth(f.state, f.d, f.q);
                        assert!(
                            claim_holds(e.flag, e.value, truth),
                            "table entry {e:?} for ({}, {}, {}) but true value {truth}\n{}",
                            f.state,
                            f.d,
                            f.q,
                            ctx()
                        );
                        assert_eq!(
                            usable,
                            entry_usable(&e, f.alpha, f.beta, cut),
                            "usable\n{}",
                            ctx()
                        );
                        if usable {
                            f.answer = Some(e);
                        }
                    }
                    None => assert!(!usable, "a missing entry is not usable\n{}", ctx()),
                }
            }
            Event::Bound(Bound::Read {
                state,
                value,
                terminal,
            }) => {
                reads += 1;
                let f = stack.last_mut().expect("read inside a call");
                assert!(
                    f.probed || !(opts.table && pruning),
                    "probe first\n{}",
                    ctx()
                );
                f.read = true;
                let s = state as usize;
                assert_eq!(s, f.state);
                assert_eq!(value, m.score[s], "read value\n{}", ctx());
                assert_eq!(terminal, m.moves[s].is_empty(), "terminal flag\n{}", ctx());
                assert!(
                    terminal || (f.d == 0 && f.q == 0),
                    "static read above the horizon\n{}",
                    ctx()
                );
            }
            Event::Bound(Bound::StandPat {
                state,
                value,
                cutoff,
            }) => {
                reads += 1;
                let f = stack.last_mut().expect("stand pat inside a call");
                assert!(
                    f.probed || !(opts.table && pruning),
                    "probe first\n{}",
                    ctx()
                );
                f.best = Some((value, -1));
                f.cut = cutoff;
                let s = state as usize;
                assert!(
                    f.d == 0 && f.q > 0 && s == f.state,
                    "stand pat only in quiescence\n{}",
                    ctx()
                );
                assert_eq!(value, m.score[s], "stand-pat value\n{}", ctx());
                let want = pruning
                    && if m.max[s] {
                        closes(cut, value, f.beta)
                    } else {
                        closes(cut, f.alpha, value)
                    };
                assert_eq!(cutoff, want, "stand-pat cutoff\n{}", ctx());
                if cutoff {
                    cutoffs += 1;
                }
            }
            Event::Order { state, start, len } => {
                let f = stack.last_mut().expect("order inside a call");
                assert!(
                    f.probed || !(opts.table && pruning),
                    "probe first\n{}",
                    ctx()
                );
                let s = state as usize;
                assert_eq!(s, f.state);
                f.order = rec.moves[start as usize..start as usize + len as usize].to_vec();
                let mut want: Vec<u16> = (0..m.moves[s].len() as u16)
                    .filter(|&i| f.d > 0 || m.moves[s][i as usize].1)
                    .collect();
                if opts.ordering {
                    let hint = hints[s];
                    want.sort_by_key(|&i| {
                        let child = m.score[m.moves[s][i as usize].0];
                        (i as i16 != hint, if m.max[s] { -child } else { child }, i)
                    });
                }
                assert_eq!(f.order, want, "candidate order at {s}\n{}", ctx());
            }
            Event::Push { state, mv, .. } => {
                let f = stack.last_mut().expect("push inside a call");
                assert!(!f.cut, "nothing is tried after a cutoff\n{}", ctx());
                assert!(
                    !(pruning && closes(cut, f.alpha, f.beta)),
                    "a closed window must cut\n{}",
                    ctx()
                );
                assert_eq!(
                    Some(&(mv as u16)),
                    f.order.get(f.pushed),
                    "push follows the order\n{}",
                    ctx()
                );
                assert_eq!(
                    state as usize,
                    m.moves[f.state][mv as usize].0,
                    "pushed child\n{}",
                    ctx()
                );
                f.pushed += 1;
                pushed_child = Some(state as usize);
            }
            Event::Pop { value, .. } => {
                let (v, _, _) = last_return.as_ref().expect("pop after a return");
                assert_eq!(value, *v, "pop carries the child's value\n{}", ctx());
            }
            Event::Bound(Bound::Best { value, mv, .. }) => {
                let f = stack.last_mut().expect("best inside a call");
                let max = m.max[f.state];
                if let Some((b, _)) = f.best {
                    let better = if max { value > b } else { value < b };
                    assert!(better, "best changes only on strict improvement\n{}", ctx());
                }
                let (child_value, _, _) = last_return.as_ref().expect("best after a child");
                assert_eq!(
                    value,
                    *child_value,
                    "the best is the child's value\n{}",
                    ctx()
                );
                assert_eq!(
                    Some(&(mv as u16)),
                    f.order.get(f.pushed.wrapping_sub(1)),
                    "the best move is the child just searched\n{}",
                    ctx()
                );
                f.best = Some((value, mv));
            }
            Event::Bound(Bound::Window { alpha, beta, .. }) => {
                let f = stack.last_mut().expect("window inside a call");
                assert!(pruning, "minimax keeps the full window\n{}", ctx());
                let (b, _) = f.best.expect("the window follows a best");
                let want = if m.max[f.state] {
                    (b, f.beta)
                } else {
                    (f.alpha, b)
                };
                assert_eq!(
                    (alpha, beta),
                    want,
                    "MAX raises alpha, MIN lowers beta\n{}",
                    ctx()
                );
                assert!(
                    alpha > f.alpha || beta < f.beta,
                    "a window event narrows\n{}",
                    ctx()
                );
                (f.alpha, f.beta) = (alpha, beta);
            }
            Event::Bound(Bound::Cutoff {
                pos, alpha, beta, ..
            }) => {
                assert!(pruning, "minimax never cuts\n{}", ctx());
                cutoffs += 1;
                let f = stack.last_mut().expect("cutoff inside a call");
                assert_eq!(
                    pos as usize + 1,
                    f.pushed,
                    "cut after the last child\n{}",
                    ctx()
                );
                assert_eq!((alpha, beta), (f.alpha, f.beta), "cutoff window\n{}", ctx());
                assert!(
                    closes(cut, alpha, beta),
                    "cut only a closed window\n{}",
                    ctx()
                );
                f.cut = true;
            }
            Event::Bound(Bound::Store {
                state,
                depth,
                qleft,
                value,
                mv,
                flag,
                kept,
            }) => {
                let key = prune::value::Key {
                    state,
                    depth,
                    qleft,
                };
                t.stores += 1;
                let f = stack.last().expect("store inside a call");
                assert_eq!(
                    (key.state as usize, key.depth, key.qleft),
                    (f.state, f.d, f.q),
                    "store key\n{}",
                    ctx()
                );
                let truth = case.truth(f.state, f.d, f.q);
                assert!(
                    claim_holds(flag, value, truth),
                    "stored {flag:?} {value} for ({}, {}, {}) but the true value is {truth}\n{}",
                    f.state,
                    f.d,
                    f.q,
                    ctx()
                );
                assert_eq!(kept, opts.table && pruning, "kept\n{}", ctx());
                if !pruning {
                    assert_eq!(flag, Flag::Exact, "minimax proves exact values\n{}", ctx());
                }
                if mv >= 0 {
                    hints[f.state] = mv;
                }
            }
            Event::Return {
                state,
                value,
                mv,
                how,
            } => {
                t.returns += 1;
                let f = stack.pop().expect("return closes a call");
                assert_eq!(state as usize, f.state);
                let truth = case.truth(f.state, f.d, f.q);
                let claim = window_claim(value, f.alpha0, f.beta0, cut);
                assert!(
                    claim_holds(claim, value, truth),
                    "({}, {}, {}) returned {value} to ({}, {}): claims {claim:?}, true {truth}\n{}",
                    f.state,
                    f.d,
                    f.q,
                    f.alpha0,
                    f.beta0,
                    ctx()
                );
                assert!(
                    mv < m.moves[f.state].len() as i16,
                    "move index in range\n{}",
                    ctx()
                );
                match how {
                    ReturnKind::TableHit => {
                        hits += 1;
                        t.table_answers += 1;
                        let e = f.answer.expect("a table return follows a usable probe");
                        assert_eq!((value, mv), (e.value, e.mv), "table return\n{}", ctx());
                    }
                    ReturnKind::Searched(flag) => {
                        assert!(
                            f.answer.is_none(),
                            "searched after a usable probe\n{}",
                            ctx()
                        );
                        if f.read {
                            assert_eq!((value, mv), (m.score[f.state], -1), "read\n{}", ctx());
                            assert_eq!(flag, Flag::Exact, "reads are exact\n{}", ctx());
                        } else {
                            assert_eq!(Some((value, mv)), f.best, "returns its best\n{}", ctx());
                            assert!(
                                f.cut || f.pushed == f.order.len(),
                                "without a cutoff every candidate is tried\n{}",
                                ctx()
                            );
                            assert!(
                                f.cut || !(pruning && closes(cut, f.alpha, f.beta)),
                                "a closed window must cut\n{}",
                                ctx()
                            );
                        }
                        assert!(claim_holds(flag, value, truth), "returned flag\n{}", ctx());
                    }
                }
                last_return = Some((value, mv, f.order));
            }
            Event::Unwind { state } => {
                let f = stack.pop().expect("unwind closes a call");
                assert_eq!(state as usize, f.state);
                assert_eq!(refused, 1, "unwinding without a refusal\n{}", ctx());
            }
            // Seed 002's searches; this suite runs seed 000's (tests/negamax.rs has them).
            Event::Scout(Scout::NullWindow { .. })
            | Event::Scout(Scout::Research { .. })
            | Event::Aspiration { .. } => {
                panic!("a seed-002 event in a seed-000 run\n{}", ctx())
            }
            Event::Chance(Chance::Average { .. })
            | Event::Chance(Chance::Interval { .. })
            | Event::Vector(Vector::Tie { .. }) => {
                panic!("a seed-004 event in a seed-000 run\n{}", ctx())
            }
            Event::Mcts(_) => panic!("a Monte Carlo event in a seed-000 run\n{}", ctx()),
            Event::Bound(
                Bound::Narrow { .. }
                | Bound::Split { .. }
                | Bound::Settled { .. }
                | Bound::Filtered { .. },
            ) => panic!("a solver's event in a seed-000 run\n{}", ctx()),
            Event::PassEnd {
                depth,
                done,
                score,
                mv,
            } => {
                assert!(stack.is_empty(), "pass ended with frames open\n{}", ctx());
                assert_eq!(depth, pass);
                let root_order = match (&last_return, done) {
                    (Some((v, m, order)), true) => {
                        assert_eq!(
                            (*v, *m),
                            (score, mv),
                            "pass result is the root's return\n{}",
                            ctx()
                        );
                        order.clone()
                    }
                    (_, false) => {
                        assert_eq!(
                            (score, mv),
                            (0, -1),
                            "aborted pass has dummy 0/-1\n{}",
                            ctx()
                        );
                        Vec::new()
                    }
                    (None, true) => panic!("a pass finished without a root return\n{}", ctx()),
                };
                seen.push(PassSeen {
                    depth,
                    done,
                    score,
                    mv,
                    root_order,
                });
            }
        }
    }
    assert!(stack.is_empty(), "frames left open at the end\n{}", ctx());
    // Counter identities: each counter is a count of one kind of event.
    let s = &r.stats;
    assert_eq!(s.nodes, enters, "nodes == Enter events\n{}", ctx());
    assert_eq!(s.evals, reads, "evals == reads + stand-pats\n{}", ctx());
    assert_eq!(s.cutoffs, cutoffs, "cutoffs\n{}", ctx());
    assert_eq!(s.tt_hits, hits, "tt_hits == table returns\n{}", ctx());
    assert_eq!(s.qnodes, qnodes, "qnodes == depth-0 calls\n{}", ctx());
    assert_eq!(s.peak, peak, "peak == deepest ply\n{}", ctx());
    assert!(s.nodes <= opts.budget, "nodes within budget\n{}", ctx());
    assert_eq!(
        refused,
        (r.status != Status::Complete) as u32,
        "one refusal per interrupted run\n{}",
        ctx()
    );
    // History: one row per pass seen, DONE rows then at most one ABORT; deltas add up.
    assert_eq!(r.history.len(), seen.len(), "history rows\n{}", ctx());
    let mut sums = [0u64; 5];
    for (i, (row, p)) in r.history.iter().zip(&seen).enumerate() {
        assert_eq!(
            (row.depth, row.done, row.score, row.mv),
            (p.depth, p.done, p.score, p.mv),
            "history row\n{}",
            ctx()
        );
        assert!(
            row.done || i + 1 == r.history.len(),
            "only the last row may abort\n{}",
            ctx()
        );
        for (sum, d) in sums.iter_mut().zip(row.delta) {
            *sum += d;
        }
    }
    assert_eq!(
        sums,
        r.stats.delta(&Default::default()),
        "history deltas sum to the counters\n{}",
        ctx()
    );
    assert!(
        r.restored,
        "the active path is empty after the run\n{}",
        ctx()
    );
    t.runs += 1;
    seen
}

/// A completed full-window pass: the oracle's value, and the first optimal root move in the
/// order searched (strict improvement keeps the first of equals).
fn check_full_window_pass(case: &Case, opts: &Options, p: &PassSeen) {
    let ctx = || case.describe(opts);
    let (s, q) = (case.start, case.qlimit);
    assert!(p.done);
    assert_eq!(
        p.score,
        case.truth(s, p.depth, q),
        "root score at depth {}\n{}",
        p.depth,
        ctx()
    );
    if case.model.moves[s].is_empty() {
        assert_eq!(p.mv, -1, "a terminal root has move -1\n{}", ctx());
        return;
    }
    assert!(p.mv >= 0, "a nonterminal root returns a move\n{}", ctx());
    let child_value = |i: u16| case.truth(case.model.moves[s][i as usize].0, p.depth - 1, q);
    assert_eq!(
        child_value(p.mv as u16),
        p.score,
        "root move is optimal\n{}",
        ctx()
    );
    let first = p
        .root_order
        .iter()
        .copied()
        .find(|&i| child_value(i) == p.score);
    assert_eq!(
        first,
        Some(p.mv as u16),
        "ties keep the first searched optimal move\n{}",
        ctx()
    );
}

/// The statuses and commits seed 000 prescribes for a run whose budget ends early, derived
/// from an uninterrupted run of the same options.
fn check_interrupted(case: &Case, opts: &Options, full: &RunResult, cut_short: &RunResult) {
    let ctx = || case.describe(opts);
    let b = opts.budget;
    let mut spent = 0;
    let mut completed: Option<&search::Pass> = None;
    let mut rows = 0;
    for row in &full.history {
        rows += 1;
        if spent + row.delta[0] > b {
            break;
        }
        spent += row.delta[0];
        completed = Some(row);
        if rows == full.history.len() {
            // Every pass fits: the run is the uninterrupted one.
            assert_eq!(cut_short, full, "budget {b} suffices\n{}", ctx());
            return;
        }
    }
    let r = cut_short;
    assert_eq!(
        r.stats.nodes,
        b,
        "an interrupted run spends its whole budget\n{}",
        ctx()
    );
    let done = r.history.iter().filter(|p| p.done).count();
    assert_eq!(
        r.history.len(),
        done + 1,
        "completed rows then one ABORT\n{}",
        ctx()
    );
    assert_eq!(
        &r.history[..done],
        &full.history[..done],
        "completed passes are unchanged\n{}",
        ctx()
    );
    let last = r.history.last().unwrap();
    assert!(
        !last.done && last.score == 0 && last.mv == -1,
        "ABORT row has 0/-1\n{}",
        ctx()
    );
    assert_eq!(
        last.delta[0],
        b - spent,
        "the aborted pass used the rest of the budget\n{}",
        ctx()
    );
    match completed {
        Some(p) => {
            assert_eq!(done, rows - 1);
            assert_eq!(r.status, Status::Partial, "{}", ctx());
            assert_eq!(
                (r.depth, r.score, r.mv),
                (p.depth, p.score, p.mv),
                "PARTIAL keeps the last completed pass\n{}",
                ctx()
            );
        }
        None => {
            assert_eq!(r.status, Status::NoCompletedDepth, "{}", ctx());
            assert_eq!(
                (r.depth, r.score, r.mv),
                (0, 0, -1),
                "NO_COMPLETED_DEPTH has 0/0/-1\n{}",
                ctx()
            );
        }
    }
}

/// The same graph seen as a game without dense keys: the core then keeps its table and hints
/// in hash maps. `spread` spaces the keys far apart (past 2^32) to catch any dense-key or
/// 32-bit assumption; the trace keeps the graph's own numbers, so the events are the same.
struct Sparse<'a> {
    graph: &'a Graph,
    spread: u32,
    offset: u32,
}

impl Game for Sparse<'_> {
    type State = u32;
    fn key(&self, s: u32) -> u64 {
        u64::from(s) * (u64::from(self.spread) << 32) + u64::from(self.offset)
    }
    fn key_bound(&self) -> Option<u64> {
        None
    }
    fn number(&self, s: u32) -> Option<u32> {
        Some(s)
    }
    fn name(&self, s: u32) -> String {
        Game::name(self.graph, s)
    }
    fn parse(&self, name: &str) -> Result<u32, String> {
        self.graph.parse(name)
    }
    fn notation(&self) -> &'static str {
        self.graph.notation()
    }
    fn side(&self, s: u32) -> Side {
        self.graph.side(s)
    }
    fn score(&self, s: u32) -> Option<i32> {
        self.graph.score(s)
    }
    fn move_count(&self, s: u32) -> usize {
        self.graph.move_count(s)
    }
    fn child(&self, s: u32, index: usize) -> u32 {
        self.graph.child(s, index)
    }
    fn is_tactical(&self, s: u32, index: usize) -> bool {
        self.graph.is_tactical(s, index)
    }
}

/// Hashed storage must behave exactly like the flat arrays: same result, and with ids kept
/// the same, the identical event stream.
fn check_sparse(case: &Case, opts: &Options, dense: &RunResult, dense_rec: &Recorder) {
    let start = case.start as u32;
    let same_ids = Sparse {
        graph: &case.graph,
        spread: 1,
        offset: 0,
    };
    let mut rec = Recorder::default();
    let r = search::run(&same_ids, start, opts, &mut rec).unwrap();
    assert_eq!(&r, dense, "hashed table result\n{}", case.describe(opts));
    assert_eq!(
        rec.events,
        dense_rec.events,
        "hashed table events\n{}",
        case.describe(opts)
    );
    assert_eq!(
        rec.moves,
        dense_rec.moves,
        "hashed table orders\n{}",
        case.describe(opts)
    );
    let far = Sparse {
        graph: &case.graph,
        spread: 1_000_003,
        offset: 7,
    };
    let r = search::run(&far, start, opts, &mut NoTrace).unwrap();
    assert_eq!(&r, dense, "far-apart ids\n{}", case.describe(opts));
}

/// All checks for one input.
fn check_case(case: &Case, rng: &mut Rng, t: &mut Tally) {
    t.inputs += 1;
    t.depths[case.depth as usize] += 1;
    t.qs[case.qlimit as usize] += 1;
    let base = case.options();
    let mut ab_plain_nodes = None;
    for table in [true, false] {
        for ordering in [true, false] {
            for cut in [CutRule::AtLeast, CutRule::Strict] {
                let opts = Options {
                    table,
                    ordering,
                    cut,
                    ..base
                };
                let (full, rec) = run_both(case, &opts);
                let ctx = || case.describe(&opts);
                assert_eq!(full.status, Status::Complete, "{}", ctx());
                assert_eq!(full.depth, case.depth, "{}", ctx());
                assert_eq!(
                    (full.score, full.mv),
                    (
                        full.history.last().unwrap().score,
                        full.history.last().unwrap().mv
                    )
                );
                for p in replay(case, &opts, &full, &rec, t) {
                    check_full_window_pass(case, &opts, &p);
                }
                if rng.chance(10, 100) {
                    check_sparse(case, &opts, &full, &rec);
                }
                if !table && !ordering && cut == CutRule::AtLeast {
                    ab_plain_nodes = Some(full.stats.nodes);
                }
                // Interrupt somewhere inside the run (or exactly at its end now and then).
                let budget = if rng.chance(10, 100) {
                    full.stats.nodes
                } else {
                    rng.range(1, full.stats.nodes as i64) as u64
                };
                let short = Options { budget, ..opts };
                let (r, rec) = run_both(case, &short);
                replay(case, &short, &r, &rec, t);
                check_interrupted(case, &short, &full, &r);
                t.interrupted += (r.status != Status::Complete) as u64;
            }
        }
    }

    // Plain minimax: the same values with no cutoffs, no table answers, the full tree.
    let opts = Options {
        algorithm: Algorithm::Minimax,
        table: rng.chance(50, 100),
        ordering: rng.chance(50, 100),
        ..base
    };
    let (r, rec) = run_both(case, &opts);
    let ctx = || case.describe(&opts);
    for p in replay(case, &opts, &r, &rec, t) {
        check_full_window_pass(case, &opts, &p);
    }
    let (s, q) = (case.start, case.qlimit as usize);
    let sum = |f: &dyn Fn(usize) -> u64| case.passes().map(|d| f(d as usize)).sum::<u64>();
    assert_eq!(r.stats.cutoffs, 0, "minimax never cuts\n{}", ctx());
    assert_eq!(
        r.stats.tt_hits,
        0,
        "minimax never answers from the table\n{}",
        ctx()
    );
    assert_eq!(
        r.stats.nodes,
        case.minimax_calls(),
        "minimax visits the full tree\n{}",
        ctx()
    );
    assert_eq!(
        r.stats.evals,
        sum(&|d| case.oracle.reads(s, d, q)),
        "minimax reads\n{}",
        ctx()
    );
    assert_eq!(
        r.stats.qnodes,
        sum(&|d| case.oracle.qcalls(s, d, q)),
        "minimax qnodes\n{}",
        ctx()
    );
    // Pruning without table or ordering searches a subtree of the same tree.
    assert!(
        ab_plain_nodes.unwrap() <= r.stats.nodes,
        "alpha-beta did more work than minimax\n{}",
        ctx()
    );

    // Custom root windows: inside is exact, at or beyond an edge is a bound.
    for cut in [CutRule::AtLeast, CutRule::Strict] {
        let truth = case.truth(s, case.depth, case.qlimit);
        let lo = match rng.below(8) {
            0 => -INF,
            1 => truth,
            2 => truth - 1,
            _ => truth + rng.range(-4, 3) as i32,
        };
        let hi = if rng.chance(10, 100) {
            INF
        } else {
            lo + rng.range(1, 5) as i32
        };
        let opts = Options {
            table: rng.chance(60, 100),
            ordering: rng.chance(50, 100),
            cut,
            window: (lo, hi),
            ..base
        };
        let (r, rec) = run_both(case, &opts);
        let ctx = || case.describe(&opts);
        assert_eq!(r.status, Status::Complete);
        for p in replay(case, &opts, &r, &rec, t) {
            let truth = case.truth(s, p.depth, case.qlimit);
            let claim = window_claim(p.score, lo, hi, cut);
            assert!(
                claim_holds(claim, p.score, truth),
                "window ({lo}, {hi}) returned {} at depth {}: claims {claim:?}, true {truth}\n{}",
                p.score,
                p.depth,
                ctx()
            );
        }
    }
}

fn scale() -> u64 {
    std::env::var("PRUNE_ORACLE_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100)
}

fn seed() -> u64 {
    std::env::var("PRUNE_ORACLE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_0000)
}

/// Runs `count` generated inputs of one family and returns the tally.
fn family_suite(family: Family, count: u64, salt: u64) -> Tally {
    let count = count * scale() / 100;
    let mut rng = Rng::new(seed() ^ salt.wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut t = Tally::default();
    for _ in 0..count {
        let case = make_case(&mut rng, family);
        check_case(&case, &mut rng, &mut t);
    }
    eprintln!(
        "{family:?}: {} inputs, {} runs, {} stores, {} returns, {} table answers, {} interrupted runs checked",
        t.inputs, t.runs, t.stores, t.returns, t.table_answers, t.interrupted
    );
    eprintln!(
        "{family:?}: inputs by depth 0..=12 {:?}, by q 0..=6 {:?}",
        t.depths, t.qs
    );
    assert_eq!(t.inputs, count);
    t
}

// The six families add up to 15,200 generated inputs per `cargo test`; with the 4,320
// exhaustive three-node inputs and the 60 heavy graphs below, 19,580 inputs in all.

#[test]
fn oracle_tiny_graphs() {
    family_suite(Family::Tiny, 5_000, 1);
}

#[test]
fn oracle_irregular_dags() {
    family_suite(Family::Dag, 3_600, 2);
}

#[test]
fn oracle_layered_transpositions() {
    family_suite(Family::Layered, 2_400, 3);
}

#[test]
fn oracle_trees() {
    family_suite(Family::Tree, 2_000, 4);
}

#[test]
fn oracle_deep_chains() {
    family_suite(Family::Chain, 1_600, 5);
}

#[test]
fn oracle_dense_64_node_graphs() {
    family_suite(Family::Dense, 600, 6);
}

/// Every three-node graph shape (moves 0->1, 0->2, 1->2, tactical or not, a duplicate move)
/// with every score from {-1, 0, 1}: the exhaustive corner.
#[test]
fn oracle_exhaustive_small_graphs() {
    let mut t = Tally::default();
    let mut rng = Rng::new(seed());
    // Three nodes: root MAX, 1 MIN, 2 MAX or MIN; the possible moves are 0->1, 1->2 or 0->2.
    for side2 in [true, false] {
        for shape in 0..16u32 {
            for scores in 0..27u32 {
                let score: Vec<i32> = (0..3)
                    .map(|i| (scores / 3u32.pow(i) % 3) as i32 - 1)
                    .collect();
                let max = vec![true, false, side2];
                let mut moves = vec![Vec::new(); 3];
                let legal = |a: usize, b: usize| max[a] != max[b];
                if shape & 1 != 0 {
                    moves[0].push((1, shape & 4 != 0));
                }
                if shape & 2 != 0 && legal(0, 2) {
                    moves[0].push((2, shape & 8 != 0));
                }
                if shape & 2 != 0 && legal(1, 2) {
                    moves[1].push((2, shape & 8 != 0));
                }
                if shape & 1 != 0 && shape & 4 != 0 {
                    // A duplicate of the first move.
                    moves[0].push((1, false));
                }
                let model = Model {
                    max: max.clone(),
                    score,
                    moves,
                };
                for (depth, qlimit) in [(1, 0), (1, 1), (2, 0), (2, 2), (3, 1)] {
                    let case = Case {
                        graph: model.graph(),
                        oracle: Oracle::new(&model, depth, qlimit),
                        model: model.clone(),
                        start: 0,
                        depth: depth as u8,
                        qlimit: qlimit as u8,
                        deepening: true,
                    };
                    check_case(&case, &mut rng, &mut t);
                }
            }
        }
    }
    eprintln!(
        "exhaustive: {} inputs, {} runs, {} stores, {} returns, {} table answers, {} interrupted runs checked",
        t.inputs, t.runs, t.stores, t.returns, t.table_answers, t.interrupted
    );
}

/// Seed 000's fixtures: the counters and histories it prints, and the worked tree's table.
#[test]
fn seed_fixture_counters() {
    // (lesson, preset, status, depth, score, move, [nodes, evals, cutoffs, tt_hits, qnodes, peak],
    //  passes as (depth, done, score, move, nodes delta)).
    type Row = (
        &'static str,
        &'static str,
        Status,
        u8,
        i32,
        i16,
        [u64; 6],
        &'static [(u8, bool, i32, i16, u64)],
    );
    let rows: [Row; 8] = [
        (
            "000-worked-tree",
            "worked",
            Status::Complete,
            2,
            3,
            0,
            [12, 7, 2, 0, 7, 2],
            &[(1, true, 4, 2, 4), (2, true, 3, 0, 8)],
        ),
        (
            "000-worked-tree",
            "ordered",
            Status::Complete,
            2,
            3,
            0,
            [13, 8, 1, 0, 8, 2],
            &[(1, true, 4, 2, 4), (2, true, 3, 0, 9)],
        ),
        (
            "000-transposition",
            "transposition",
            Status::Complete,
            3,
            4,
            0,
            [19, 9, 2, 2, 8, 3],
            &[(1, true, 4, 0, 3), (2, true, 4, 0, 7), (3, true, 4, 0, 9)],
        ),
        (
            "000-tactical",
            "static horizon",
            Status::Complete,
            1,
            8,
            0,
            [3, 2, 0, 0, 2, 1],
            &[(1, true, 8, 0, 3)],
        ),
        (
            "000-tactical",
            "quiescence",
            Status::Complete,
            1,
            2,
            1,
            [5, 4, 0, 0, 4, 2],
            &[(1, true, 2, 1, 5)],
        ),
        (
            "000-worked-tree",
            "interrupted",
            Status::Partial,
            1,
            4,
            2,
            [7, 4, 0, 0, 4, 2],
            &[(1, true, 4, 2, 4), (2, false, 0, -1, 3)],
        ),
        (
            "000-worked-tree",
            "no completed pass",
            Status::NoCompletedDepth,
            0,
            0,
            -1,
            [1, 0, 0, 0, 0, 0],
            &[(1, false, 0, -1, 1)],
        ),
        (
            "000-terminal-root",
            "terminal root",
            Status::Complete,
            2,
            -7,
            -1,
            [2, 2, 0, 0, 0, 0],
            &[(1, true, -7, -1, 1), (2, true, -7, -1, 1)],
        ),
    ];
    for (stem, preset, status, depth, score, mv, stats, passes) in rows {
        let lesson = Lesson::open(stem).unwrap();
        let setup = lesson.setup(Some(preset), &Overrides::default()).unwrap();
        let mut rec = Recorder::default();
        let r = search::run(&lesson.graph, setup.start, &setup.options, &mut rec).unwrap();
        assert_eq!(
            (r.status, r.depth, r.score, r.mv),
            (status, depth, score, mv),
            "{preset}"
        );
        assert_eq!(r.stats.as_array(), stats, "{preset}");
        let got: Vec<_> = r
            .history
            .iter()
            .map(|p| (p.depth, p.done, p.score, p.mv, p.delta[0]))
            .collect();
        assert_eq!(got, passes.to_vec(), "{preset}");
        assert!(r.restored, "{preset}");
        if preset == "worked" {
            // "The table contains 12 distinct horizon entries", and MIN 2 keeps only UPPER 2.
            let mut keys: Vec<_> = rec
                .events
                .iter()
                .filter_map(|e| match e {
                    Event::Bound(Bound::Store {
                        state,
                        depth,
                        qleft,
                        kept: true,
                        ..
                    }) => Some((state, depth, qleft)),
                    _ => None,
                })
                .collect();
            keys.sort();
            keys.dedup();
            assert_eq!(keys.len(), 12, "distinct table entries in the worked tree");
            let min2 = rec.events.iter().find_map(|e| match e {
                Event::Bound(Bound::Store {
                    state,
                    depth,
                    value,
                    flag,
                    ..
                }) if (state, depth) == (2, 1) => Some((value, flag)),
                _ => None,
            });
            assert_eq!(
                min2,
                Some((2, Flag::Upper)),
                "MIN 2 proves only an upper bound"
            );
        }
    }
}

/// Budgets at both ends of the contract behave as the seed says on the worked tree.
#[test]
fn budget_exactly_spent_keeps_the_finished_pass() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    // Depth 2 costs 4 + 8 calls: a budget of exactly 12 completes, 11 does not.
    for (budget, status) in [
        (12, Status::Complete),
        (11, Status::Partial),
        (4, Status::Partial),
        (3, Status::NoCompletedDepth),
    ] {
        let opts = Options {
            depth: 2,
            budget,
            ..Options::default()
        };
        let r = search::run(&lesson.graph, 0, &opts, &mut NoTrace).unwrap();
        assert_eq!(r.status, status, "budget {budget}");
        assert!(r.stats.nodes <= budget && r.restored);
    }
    // A budget that ends exactly after pass 2 of 3: pass 3 is refused at its root.
    let opts = Options {
        depth: 3,
        budget: 12,
        ..Options::default()
    };
    let r = search::run(&lesson.graph, 0, &opts, &mut NoTrace).unwrap();
    assert_eq!(
        (r.status, r.depth, r.score, r.mv),
        (Status::Partial, 2, 3, 0)
    );
    assert_eq!(
        r.history.last().map(|p| (p.done, p.delta[0])),
        Some((false, 0))
    );
}

/// The heavy end of the contract (64 nodes, thousands of moves, depth 12, q 6) with the table
/// on and mostly ordering on, as the benchmarks run it: too big for minimax or the table off, but every
/// completed pass and every event is still checked against the oracle.
#[test]
fn oracle_heavy_dense_graphs_at_full_depth() {
    let mut rng = Rng::new(seed() ^ 0x4ea7);
    let mut t = Tally::default();
    let count = (60 * scale() / 100).max(1);
    let mut calls = 0;
    for _ in 0..count {
        let model = generate(&mut rng, Family::Dense);
        let case = Case {
            graph: model.graph(),
            oracle: Oracle::new(&model, 12, 6),
            model,
            start: 0,
            depth: 12,
            qlimit: 6,
            deepening: true,
        };
        let opts = Options {
            ordering: rng.chance(70, 100),
            cut: if rng.chance(50, 100) {
                CutRule::AtLeast
            } else {
                CutRule::Strict
            },
            ..case.options()
        };
        let (r, rec) = run_both(&case, &opts);
        calls += r.stats.nodes;
        for p in replay(&case, &opts, &r, &rec, &mut t) {
            if p.done {
                check_full_window_pass(&case, &opts, &p);
            }
        }
    }
    eprintln!(
        "heavy: {count} inputs, {calls} calls, {} stores, {} table answers checked",
        t.stores, t.table_answers
    );
}
