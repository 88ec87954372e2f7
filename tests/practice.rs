//! Grading is tested both ways on generated sets. The expected answers come from an oracle
//! written here from the textbook definitions (reverse-topological minimax with the seed-000
//! quiescence rule, and a plain recursive fail-soft alpha-beta with the seed-000 table rule),
//! reading only the set's JSON: it shares no code with the core. Every oracle answer must be
//! accepted, and every perturbed answer rejected with the right node named.

use std::collections::{BTreeMap, HashMap};

use prune::practice::{Kind, Problem, make_set};
use serde_json::Value;

/// The Monte Carlo kinds' own oracle (seed 004 §6), shared with `tests/mcts_practice.rs`.
#[path = "common/mcts_practice_oracle.rs"]
mod mcts_oracle;

const INF: i64 = 1_000_000;

#[derive(Clone, Debug)]
struct Node {
    max: bool,
    score: Option<i64>,
    moves: Vec<(usize, bool)>,
    name: String,
}

#[derive(Clone, Debug)]
struct Run {
    depth: i64,
    qlimit: i64,
    table: bool,
    strict: bool,
    deepening: bool,
    budget: u64,
    start: usize,
    minimax: bool,
}

fn tree_of(p: &Problem) -> Vec<Node> {
    let v = serde_json::to_value(&p.item.graph).unwrap();
    v["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, n)| Node {
            max: n["player"] == "MAX",
            score: n.get("score").and_then(Value::as_i64),
            moves: n
                .get("moves")
                .and_then(Value::as_array)
                .map(|m| {
                    m.iter()
                        .map(|e| {
                            (
                                e["child"].as_u64().unwrap() as usize,
                                e.get("tactical").and_then(Value::as_bool).unwrap_or(false),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default(),
            name: n
                .get("label")
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| i.to_string()),
        })
        .collect()
}

fn run_of(p: &Problem, i: usize) -> Run {
    let r = serde_json::to_value(&p.item.runs[i]).unwrap();
    let flag = |k: &str, d: bool| r.get(k).and_then(Value::as_bool).unwrap_or(d);
    Run {
        depth: r["depth"].as_i64().unwrap(),
        qlimit: r.get("qlimit").and_then(Value::as_i64).unwrap_or(0),
        table: flag("table", true),
        strict: r.get("cut").and_then(Value::as_str) == Some("gt"),
        deepening: flag("deepening", true),
        budget: r.get("budget").and_then(Value::as_u64).unwrap_or(1_000_000),
        start: r.get("start").and_then(Value::as_u64).unwrap_or(0) as usize,
        minimax: r.get("algorithm").and_then(Value::as_str) == Some("minimax"),
    }
}

/// Depth-limited minimax with bounded quiescence (stand pat + tactical moves), by memoized
/// recursion over the DAG: a value per (node, depth, q).
fn minimax(
    t: &[Node],
    s: usize,
    d: i64,
    q: i64,
    memo: &mut HashMap<(usize, i64, i64), i64>,
) -> i64 {
    if let Some(&v) = memo.get(&(s, d, q)) {
        return v;
    }
    let n = &t[s];
    let v = if n.moves.is_empty() || (d == 0 && q == 0) {
        n.score.unwrap()
    } else {
        let mut vals = Vec::new();
        if d == 0 {
            vals.push(n.score.unwrap());
        }
        for &(c, tac) in &n.moves {
            if d > 0 {
                vals.push(minimax(t, c, d - 1, q, memo));
            } else if tac {
                vals.push(minimax(t, c, 0, q - 1, memo));
            }
        }
        if n.max {
            *vals.iter().max().unwrap()
        } else {
            *vals.iter().min().unwrap()
        }
    };
    memo.insert((s, d, q), v);
    v
}

/// The root's value and the first child (in move order) that attains it.
fn decision(t: &[Node], s: usize, d: i64) -> (i64, String) {
    let mut memo = HashMap::new();
    let v = minimax(t, s, d, 0, &mut memo);
    let choice = t[s]
        .moves
        .iter()
        .find(|&&(c, _)| minimax(t, c, d - 1, 0, &mut memo) == v)
        .map(|&(c, _)| t[c].name.clone())
        .unwrap_or_else(|| "-".into());
    (v, choice)
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Flag {
    Exact,
    Lower,
    Upper,
}

/// What the oracle's alpha-beta saw at a node's first call.
#[derive(Clone, Debug)]
struct Seen {
    window: (i64, i64),
    value: i64,
    /// None: the table answered; the entry's flag is in `entry`.
    stored: Option<Flag>,
    entry: Option<Flag>,
    parent: Option<usize>,
    next: String,
}

/// A textbook fail-soft alpha-beta (AIMA MAX-VALUE/MIN-VALUE in one function), plus the
/// seed-000 table rule: probe (node, depth) first; EXACT answers, LOWER answers when it
/// reaches β, UPPER when α reaches it; store what was proved against the original window.
struct AlphaBeta<'a> {
    t: &'a [Node],
    strict: bool,
    table: Option<HashMap<(usize, i64), (i64, Flag)>>,
    reads: Vec<usize>,
    skipped: Vec<usize>,
    calls: u64,
    first: HashMap<usize, Seen>,
}

impl AlphaBeta<'_> {
    fn closes(&self, lo: i64, hi: i64) -> bool {
        if self.strict { lo > hi } else { lo >= hi }
    }

    fn search(&mut self, s: usize, d: i64, mut a: i64, mut b: i64, parent: Option<usize>) -> i64 {
        self.calls += 1;
        let (a0, b0) = (a, b);
        let n = self.t[s].clone();
        let record = |me: &mut Self, value, stored, entry| {
            me.first.entry(s).or_insert(Seen {
                window: (a0, b0),
                value,
                stored,
                entry,
                parent,
                next: String::new(),
            });
        };
        if let Some(&(v, f)) = self.table.as_ref().and_then(|t| t.get(&(s, d))) {
            let usable = match f {
                Flag::Exact => true,
                Flag::Lower => self.closes(v, b),
                Flag::Upper => self.closes(a, v),
            };
            if usable {
                record(self, v, None, Some(f));
                return v;
            }
        }
        if n.moves.is_empty() || d == 0 {
            self.reads.push(s);
            let v = n.score.unwrap();
            if let Some(table) = &mut self.table {
                table.insert((s, d), (v, Flag::Exact));
            }
            record(self, v, Some(Flag::Exact), None);
            return v;
        }
        let mut best = if n.max { -INF } else { INF };
        // Placeholder so the node's first call is recorded before its children's.
        let fresh = !self.first.contains_key(&s);
        if fresh {
            record(self, 0, None, None);
        }
        let mut kids = Vec::new();
        for (i, &(c, _)) in n.moves.iter().enumerate() {
            let v = self.search(c, d - 1, a, b, Some(s));
            kids.push(c);
            if n.max && v > best || !n.max && v < best {
                best = v;
            }
            if n.max {
                a = a.max(best);
            } else {
                b = b.min(best);
            }
            let closed = self.closes(a, b);
            let next = if closed {
                "cut".to_string()
            } else if let Some(&(nc, _)) = n.moves.get(i + 1) {
                format!("enter {}", self.t[nc].name)
            } else {
                "return".to_string()
            };
            if let Some(seen) = self.first.get_mut(&c)
                && seen.parent == Some(s)
                && seen.next.is_empty()
            {
                seen.next = next;
            }
            if closed {
                self.skipped
                    .extend(n.moves[i + 1..].iter().map(|&(c, _)| c));
                break;
            }
        }
        let flag = if self.closes(a0, best) {
            Flag::Upper
        } else if self.closes(best, b0) {
            Flag::Lower
        } else {
            Flag::Exact
        };
        if let Some(table) = &mut self.table {
            table.insert((s, d), (best, flag));
        }
        if fresh {
            let seen = self.first.get_mut(&s).unwrap();
            seen.value = best;
            seen.stored = Some(flag);
        }
        best
    }
}

fn alphabeta<'a>(t: &'a [Node], run: &Run, d: i64) -> AlphaBeta<'a> {
    let mut ab = AlphaBeta {
        t,
        strict: run.strict,
        table: run.table.then(HashMap::new),
        reads: Vec::new(),
        skipped: Vec::new(),
        calls: 0,
        first: HashMap::new(),
    };
    ab.search(run.start, d, -INF, INF, None);
    ab
}

fn score(v: i64) -> String {
    match v {
        INF => "inf".into(),
        v if v == -INF => "-inf".into(),
        v => v.to_string(),
    }
}

fn flag_name(f: Flag) -> &'static str {
    match f {
        Flag::Exact => "EXACT",
        Flag::Lower => "LOWER",
        Flag::Upper => "UPPER",
    }
}

fn node_index(t: &[Node], name: &str) -> usize {
    t.iter().position(|n| n.name == name).unwrap()
}

/// The oracle's answer line for a problem.
fn oracle(p: &Problem) -> String {
    let t = tree_of(p);
    let run = run_of(p, 0);
    assert!(!run.minimax, "generated problems never use plain minimax");
    let asked = p.item.node.as_deref().map(|n| node_index(&t, n));
    match p.item.kind {
        Kind::MctsUcb1 | Kind::MctsSelect | Kind::MctsBackup | Kind::MctsPlayed => {
            mcts_oracle::answer(p)
        }
        Kind::Decision => {
            let (v, c) = decision(&t, run.start, run.depth);
            format!("{v} {c}")
        }
        Kind::Leaves => {
            let ab = alphabeta(&t, &run, run.depth);
            let mut skipped = ab.skipped.clone();
            skipped.sort_unstable();
            skipped.dedup();
            let names = |v: &[usize]| {
                v.iter()
                    .map(|&s| t[s].name.clone())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            format!("{} | {}", names(&ab.reads), names(&skipped))
        }
        Kind::Window | Kind::Value | Kind::Flag | Kind::Next => {
            let ab = alphabeta(&t, &run, run.depth);
            let seen = &ab.first[&asked.unwrap()];
            match p.item.kind {
                Kind::Window => format!("{} {}", score(seen.window.0), score(seen.window.1)),
                Kind::Value => {
                    let f = seen.stored.or(seen.entry).unwrap();
                    format!("{} {}", seen.value, flag_name(f).to_lowercase())
                }
                Kind::Flag => seen.stored.map_or("HIT", flag_name).to_string(),
                _ => seen.next.clone(),
            }
        }
        Kind::Interrupted => {
            assert!(run.deepening);
            let mut used = 0;
            let mut done = 0;
            for d in 1..=run.depth {
                // A fresh table per pass: in these level-by-level graphs a node always sits at
                // the same ply, so no key of one pass can recur in another.
                let need = alphabeta(&t, &run, d).calls;
                if used + need > run.budget {
                    break;
                }
                used += need;
                done = d;
            }
            if done == 0 {
                "NO_COMPLETED_DEPTH 0 0 -".into()
            } else {
                let (v, c) = decision(&t, run.start, done);
                let status = if done == run.depth {
                    "COMPLETE"
                } else {
                    "PARTIAL"
                };
                format!("{status} {done} {v} {c}")
            }
        }
        Kind::Quiescence => {
            let q = run_of(p, 1);
            let mut memo = HashMap::new();
            let fixed = minimax(&t, run.start, run.depth, 0, &mut memo);
            let quiet = minimax(&t, q.start, q.depth, q.qlimit, &mut memo);
            format!("{fixed} {quiet}")
        }
        Kind::Researched => {
            let mut n = Nega::new(&t, &run, true);
            n.search(run.start, run.depth, -INF, INF);
            let names: Vec<&str> = n.researched.iter().map(|&c| t[c].name.as_str()).collect();
            if names.is_empty() {
                "-".into()
            } else {
                names.join(" ")
            }
        }
        Kind::NegamaxWindow => {
            let pvs = algorithm_of(p) == "pvs";
            let mut n = Nega::new(&t, &run, pvs);
            n.search(run.start, run.depth, -INF, INF);
            let (a, b) = n.first[&asked.unwrap()];
            format!("{} {}", score(a), score(b))
        }
        Kind::Aspiration => aspiration_oracle(p, &t, &run)
            .iter()
            .map(|&(a, b)| format!("{} {}", score(a), score(b)))
            .collect::<Vec<_>>()
            .join("; "),
        Kind::ChanceValue | Kind::ChanceSkipped => chance_oracle::answer(p, run.strict),
    }
}

fn algorithm_of(p: &Problem) -> String {
    let r = serde_json::to_value(&p.item.runs[0]).unwrap();
    r.get("algorithm")
        .and_then(Value::as_str)
        .unwrap_or("alphabeta")
        .to_string()
}

/// Seed 002's negamax as its text states it: one maximising function, scores from the side
/// to move, a child searched with (-β, -α), fail-soft; with PVS every later move is first
/// searched with the null window (α, α+1) (or (α, α) under the α > β rule, where a window
/// with α = β is still open) and again with (α, β) when that says "better than α".
struct Nega<'a> {
    t: &'a [Node],
    strict: bool,
    pvs: bool,
    /// The window of each node's first call.
    first: HashMap<usize, (i64, i64)>,
    researched: Vec<usize>,
}

impl<'a> Nega<'a> {
    fn new(t: &'a [Node], run: &Run, pvs: bool) -> Nega<'a> {
        assert!(!run.table && run.qlimit == 0 && !run.deepening);
        Nega {
            t,
            strict: run.strict,
            pvs,
            first: HashMap::new(),
            researched: Vec::new(),
        }
    }

    fn closes(&self, a: i64, b: i64) -> bool {
        if self.strict { a > b } else { a >= b }
    }

    fn search(&mut self, s: usize, d: i64, a: i64, b: i64) -> i64 {
        self.first.entry(s).or_insert((a, b));
        let n = &self.t[s];
        if n.moves.is_empty() || d == 0 {
            let v = n.score.unwrap();
            return if n.max { v } else { -v };
        }
        let (mut alpha, mut best) = (a, -INF);
        for (i, &(c, _)) in n.moves.iter().enumerate() {
            let v = if self.pvs && i > 0 {
                let hi = if self.strict {
                    alpha
                } else {
                    (alpha + 1).min(INF)
                };
                let scout = -self.search(c, d - 1, -hi, -alpha);
                if scout > alpha && !self.closes(scout, b) {
                    self.researched.push(c);
                    -self.search(c, d - 1, -b, -alpha)
                } else {
                    scout
                }
            } else {
                -self.search(c, d - 1, -b, -alpha)
            };
            best = best.max(v);
            alpha = alpha.max(best);
            if self.closes(alpha, b) {
                break;
            }
        }
        best
    }
}

/// Seed 002's aspiration loop, from its code: start at guess ± δ, on a fail low lower α by
/// δ, on a fail high raise β by δ, double δ after each miss, clamp to ±INF. Returns every
/// window searched until the result lies inside one.
fn aspiration_oracle(p: &Problem, t: &[Node], run: &Run) -> Vec<(i64, i64)> {
    let r = serde_json::to_value(&p.item.runs[0]).unwrap();
    let asp = &r["aspiration"];
    let mut delta = asp["delta"].as_i64().unwrap();
    let guess = asp.get("guess").and_then(Value::as_i64).unwrap_or(0);
    assert!(
        !run.strict,
        "generated aspiration problems use seed 002's α ≥ β"
    );
    let clamp = |v: i64| v.clamp(-INF, INF);
    let (mut lo, mut hi) = (clamp(guess - delta), clamp(guess + delta));
    let pvs = algorithm_of(p) == "pvs";
    let mut windows = Vec::new();
    loop {
        windows.push((lo, hi));
        let s = if pvs {
            Nega::new(t, run, true).search(run.start, run.depth, lo, hi)
        } else {
            let mut ab = AlphaBeta {
                t,
                strict: false,
                table: None,
                reads: Vec::new(),
                skipped: Vec::new(),
                calls: 0,
                first: HashMap::new(),
            };
            ab.search(run.start, run.depth, lo, hi, None)
        };
        if s <= lo {
            lo = clamp(lo - delta);
        } else if s >= hi {
            hi = clamp(hi + delta);
        } else {
            return windows;
        }
        delta = (delta * 2).min(INF);
    }
}

fn set(seed: u64, count: usize) -> Vec<Problem> {
    make_set(seed, count, &[], false).unwrap()
}

#[test]
fn oracle_answers_are_all_accepted() {
    let mut by_kind: BTreeMap<&str, usize> = BTreeMap::new();
    for seed in 1..=30 {
        for p in set(seed, Kind::ALL.len()) {
            let line = oracle(&p);
            let v = p.grade(&line).unwrap();
            assert!(
                v.correct,
                "{} ({:?}): oracle says `{line}`, grader: {} (expected {})",
                p.item.id, p.item.kind, v.why, v.expected
            );
            *by_kind.entry(p.item.kind.name()).or_default() += 1;
        }
    }
    assert_eq!(
        by_kind.len(),
        Kind::ALL.len(),
        "every kind was generated: {by_kind:?}"
    );
}

/// Wrong answers derived from the oracle's, each with the node the grader must name.
fn perturbations(p: &Problem, t: &[Node]) -> Vec<(String, String)> {
    let run = run_of(p, 0);
    let root = t[run.start].name.clone();
    let right = oracle(p);
    let w: Vec<&str> = right.split_whitespace().collect();
    let bump = |s: &str| match s {
        "inf" | "-inf" => "0".to_string(),
        v => (v.parse::<i64>().unwrap() + 1).to_string(),
    };
    let asked = p.item.node.clone().unwrap_or_default();
    let mut out = Vec::new();
    match p.item.kind {
        Kind::MctsUcb1 | Kind::MctsSelect | Kind::MctsBackup | Kind::MctsPlayed => {
            out.extend(mcts_oracle::wrong(p));
        }
        Kind::Decision => {
            out.push((format!("{} {}", bump(w[0]), w[1]), root.clone()));
            let other = t[run.start]
                .moves
                .iter()
                .map(|&(c, _)| &t[c].name)
                .find(|n| n.as_str() != w[1]);
            if let Some(o) = other {
                out.push((format!("{} {o}", w[0]), o.clone()));
            }
        }
        Kind::Leaves => {
            let (reads, skipped) = right.split_once('|').unwrap();
            let reads: Vec<&str> = reads.split_whitespace().collect();
            let skipped: Vec<&str> = skipped.split_whitespace().collect();
            for k in [0, reads.len() / 2] {
                let mut r = reads.clone();
                let gone = r.remove(k);
                out.push((
                    format!("{} | {}", r.join(" "), skipped.join(" ")),
                    gone.to_string(),
                ));
            }
            let extra = reads[reads.len() - 1];
            out.push((
                format!("{} | {} {extra}", reads.join(" "), skipped.join(" ")),
                extra.to_string(),
            ));
            if let Some(first) = skipped.first() {
                out.push((
                    format!("{} | {}", reads.join(" "), skipped[1..].join(" ")),
                    first.to_string(),
                ));
            }
        }
        Kind::Window => {
            out.push((format!("{} {}", bump(w[0]), w[1]), asked.clone()));
            out.push((format!("{} {}", w[0], bump(w[1])), asked.clone()));
        }
        Kind::Value => {
            out.push((format!("{} {}", bump(w[0]), w[1]), asked.clone()));
            let other = if w[1] == "exact" { "upper" } else { "exact" };
            out.push((format!("{} {other}", w[0]), asked.clone()));
        }
        Kind::Flag => {
            for f in ["EXACT", "LOWER", "UPPER", "HIT"] {
                if f != w[0] {
                    out.push((f.to_string(), asked.clone()));
                }
            }
        }
        Kind::Interrupted => {
            out.push((
                format!("{} {} {} {}", w[0], bump(w[1]), w[2], w[3]),
                root.clone(),
            ));
            out.push((
                format!("{} {} {} {}", w[0], w[1], bump(w[2]), w[3]),
                root.clone(),
            ));
        }
        Kind::Quiescence => {
            out.push((format!("{} {}", bump(w[0]), w[1]), root.clone()));
            out.push((format!("{} {}", w[0], bump(w[1])), root.clone()));
        }
        Kind::Researched => {
            // Leaving out a re-searched child names it; adding the root names the root.
            let names: Vec<&str> = right.split_whitespace().filter(|&w| w != "-").collect();
            if let Some(first) = names.first() {
                let rest = names[1..].join(" ");
                out.push((
                    if rest.is_empty() { "-".into() } else { rest },
                    first.to_string(),
                ));
            }
            out.push((format!("{} {root}", names.join(" ")), root.clone()));
        }
        Kind::NegamaxWindow => {
            out.push((format!("{} {}", bump(w[0]), w[1]), asked.clone()));
            out.push((format!("{} {}", w[0], bump(w[1])), asked.clone()));
        }
        Kind::Aspiration => {
            let windows: Vec<&str> = right.split("; ").collect();
            let first: Vec<&str> = windows[0].split(' ').collect();
            let mut wrong = windows.clone();
            let bumped = format!("{} {}", bump(first[0]), first[1]);
            wrong[0] = &bumped;
            out.push((wrong.join("; "), root.clone()));
            if windows.len() > 1 {
                out.push((windows[..windows.len() - 1].join("; "), root.clone()));
            }
        }
        Kind::ChanceValue => {
            // One more than the right value, written as a fraction.
            out.push((chance_oracle::plus_one(&right), asked.clone()));
        }
        Kind::ChanceSkipped => {
            // Leaving out a skipped outcome names it; adding the root names the root.
            let names: Vec<&str> = right.split_whitespace().filter(|&w| w != "-").collect();
            if let Some(first) = names.first() {
                let rest = names[1..].join(" ");
                out.push((
                    if rest.is_empty() { "-".into() } else { rest },
                    first.to_string(),
                ));
            }
            out.push((format!("{} {root}", names.join(" ")), root.clone()));
        }
        Kind::Next => {
            let ab = alphabeta(t, &run, run.depth);
            let parent = t[ab.first[&node_index(t, &asked)].parent.unwrap()]
                .name
                .clone();
            for wrong in ["cut", "return", "enter R"] {
                if wrong != right {
                    out.push((wrong.to_string(), parent.clone()));
                }
            }
        }
    }
    out
}

#[test]
fn perturbed_answers_are_rejected_with_the_right_node() {
    let mut checked = 0;
    for seed in 1..=30 {
        for p in set(seed, 16) {
            let t = tree_of(&p);
            for (line, node) in perturbations(&p, &t) {
                let v = p.grade(&line).unwrap();
                assert!(
                    !v.correct,
                    "{} ({:?}): `{line}` was accepted",
                    p.item.id, p.item.kind
                );
                assert_eq!(
                    v.node.as_deref(),
                    Some(node.as_str()),
                    "{} ({:?}): `{line}` (right: {}): {}",
                    p.item.id,
                    p.item.kind,
                    v.expected,
                    v.why
                );
                assert!(!v.why.is_empty());
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} perturbations");
}

#[test]
fn the_same_seed_gives_the_same_set_and_another_seed_does_not() {
    let json =
        |s| serde_json::to_string(&set(s, 8).iter().map(|p| &p.item).collect::<Vec<_>>()).unwrap();
    assert_eq!(json(7), json(7));
    assert_ne!(json(7), json(8));
}

#[test]
fn a_cited_step_shows_the_right_value() {
    // For node questions the cited step is the asked node's row, whose window and value
    // are the right answer.
    for seed in 1..=10 {
        for p in make_set(seed, 6, &[Kind::Window, Kind::Value], false).unwrap() {
            let wrong = if p.item.kind == Kind::Window {
                "-999 999"
            } else {
                "-999 exact"
            };
            let v = p.grade(wrong).unwrap();
            let solved = p.solve_run(0).unwrap();
            let row = &solved.rows[v.step.unwrap() as usize - 1];
            assert_eq!(p.lesson.graph.name(row.state), p.item.node.clone().unwrap());
        }
    }
}

#[test]
fn every_problem_fits_an_80_by_24_terminal() {
    for seed in 1..=20 {
        let lessons = if seed == 1 {
            prune::practice::lesson_problems().unwrap()
        } else {
            Vec::new()
        };
        for p in set(seed, 8).into_iter().chain(lessons) {
            let text = p.describe();
            // Two more lines: the quiz's problem header and its `> ` prompt.
            assert!(
                text.lines().count() + 2 <= 24,
                "{}: {} lines\n{text}",
                p.item.id,
                text.lines().count()
            );
            for line in text.lines() {
                assert!(
                    line.chars().count() <= 80,
                    "{}: too wide: {line}",
                    p.item.id
                );
            }
        }
    }
}

#[test]
fn answers_in_wrong_forms_are_explained_not_fatal() {
    let p = &set(3, 1)[0];
    let v = p.grade("banana").unwrap();
    assert!(!v.correct);
    assert!(v.why.contains("could not read"), "{}", v.why);
}

#[test]
fn progress_is_saved_where_prune_data_dir_points() {
    let dir = std::env::temp_dir().join(format!("prune-practice-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let problems = set(5, 3);
    let key: Vec<String> = problems
        .iter()
        .map(|p| p.answer().unwrap().to_string())
        .collect();
    let input = format!("{}\nnonsense\n{}\n", key[0], key[2]);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(["practice", "quiz", "--seed", "5", "--count", "3"])
        .env("PRUNE_DATA_DIR", &dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(input.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("2 of 3 correct"), "{text}");
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("progress.json")).unwrap()).unwrap();
    assert_eq!(saved["attempts"], 3);
    assert_eq!(saved["correct"], 2);
    assert_eq!(saved["streak"], 1);
    assert_eq!(saved["best_streak"], 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_then_grade_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("prune-grade-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let prune = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_prune"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let set_path = dir.join("set.json");
    std::fs::write(
        &set_path,
        prune(&[
            "practice",
            "export",
            "--seed",
            "11",
            "--count",
            "8",
            "--lessons",
        ]),
    )
    .unwrap();
    let exported = std::fs::read_to_string(&set_path).unwrap();
    assert!(
        !exported.contains("\"answer\""),
        "a set must not carry answers"
    );
    // Answers from the oracle for generated items; lesson items are answered by the key.
    let problems = prune::practice::read_set(&set_path).unwrap();
    let mut answers = BTreeMap::new();
    for p in &problems {
        let line = if p.item.source.starts_with("generated") {
            oracle(p)
        } else {
            p.answer().unwrap().to_string()
        };
        answers.insert(p.item.id.clone(), line);
    }
    let first = problems
        .iter()
        .find(|p| p.item.source.starts_with("generated"))
        .unwrap()
        .item
        .id
        .clone();
    answers.insert(first.clone(), "garbage".into());
    let ans_path = dir.join("answers.json");
    std::fs::write(&ans_path, serde_json::to_string(&answers).unwrap()).unwrap();
    let report = prune(&[
        "practice",
        "grade",
        set_path.to_str().unwrap(),
        ans_path.to_str().unwrap(),
    ]);
    let n = problems.len();
    assert!(
        report.contains(&format!("total: {}/{n}", n - 1)),
        "{report}"
    );
    assert!(report.contains(&format!("{first}: wrong")), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generator_settings_are_respected_and_graded_the_same_way() {
    use prune::game::Side;
    use prune::practice::{Params, make_set_with};
    let params = Params {
        depth: Some(4),
        branching: Some((2, 2)),
        values: Some((-3, 3)),
        root: Some(Side::Min),
        transpositions: Some(true),
        max_nodes: Some(31),
        ..Params::default()
    };
    for seed in 1..=6 {
        for p in make_set_with(seed, 16, &[], false, &params).unwrap() {
            let t = tree_of(&p);
            let mut names: Vec<&str> = t.iter().map(|n| n.name.as_str()).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), t.len(), "{}: node names repeat", p.item.id);
            assert!(!t[0].max, "{}: the root should be MIN", p.item.id);
            assert!(t.len() <= 31);
            for n in t.iter().filter(|n| n.moves.is_empty()) {
                assert!(
                    (-3..=3).contains(&n.score.unwrap()),
                    "{}: score out of range",
                    p.item.id
                );
            }
            let line = oracle(&p);
            let v = p.grade(&line).unwrap();
            assert!(
                v.correct,
                "{} ({:?}): oracle `{line}`, grader: {}",
                p.item.id, p.item.kind, v.why
            );
        }
    }
}

/// Seed 004's expectiminimax for the chance kinds, from the set's JSON in exact fractions of
/// this test's own: a chance node averages its outcomes (each searched with the full window)
/// and, with chance pruning, stops once [sum + unseen·lo, sum + unseen·hi] is outside its
/// window; MAX and MIN are fail-soft alpha-beta.
mod chance_oracle {
    use prune::practice::{Kind, Problem};
    use serde_json::Value;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Q(i128, i128);

    fn gcd(a: i128, b: i128) -> i128 {
        if b == 0 { a.abs() } else { gcd(b, a % b) }
    }

    impl Q {
        fn new(n: i128, d: i128) -> Q {
            let g = gcd(n, d).max(1) * d.signum();
            Q(n / g, d / g)
        }
        fn int(n: i128) -> Q {
            Q(n, 1)
        }
        fn add(self, o: Q) -> Q {
            Q::new(self.0 * o.1 + o.0 * self.1, self.1 * o.1)
        }
        fn sub(self, o: Q) -> Q {
            self.add(Q(-o.0, o.1))
        }
        fn mul(self, o: Q) -> Q {
            Q::new(self.0 * o.0, self.1 * o.1)
        }
        fn cmp(self, o: Q) -> std::cmp::Ordering {
            (self.0 * o.1).cmp(&(o.0 * self.1))
        }
        pub fn parse(text: &str) -> Q {
            if let Some((n, d)) = text.split_once('/') {
                let d = Q::parse(d);
                return Q::parse(n).mul(Q::new(d.1, d.0));
            }
            let neg = text.starts_with('-');
            let digits = text.trim_start_matches('-');
            let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
            let n: i128 = format!("{whole}{frac}").parse().unwrap();
            Q::new(if neg { -n } else { n }, 10i128.pow(frac.len() as u32))
        }
        fn text(self) -> String {
            if self.1 == 1 {
                self.0.to_string()
            } else {
                format!("{}/{}", self.0, self.1)
            }
        }
    }

    /// `None` stands for ±infinity at the ends of a window.
    type Bound = Option<Q>;

    struct Search<'a> {
        nodes: &'a [Value],
        bounds: Option<(Q, Q)>,
        strict: bool,
        /// Outcomes skipped by chance cutoffs.
        skipped: Vec<usize>,
        /// The first value each node returned.
        first: std::collections::HashMap<usize, Q>,
    }

    impl Search<'_> {
        /// Is `low` past `high` (a cutoff) under the run's rule? An open end (α = -∞ or
        /// β = +∞) is past nothing.
        fn closes(&self, low: Bound, high: Bound) -> bool {
            match (low, high) {
                (Some(a), Some(b)) => match a.cmp(b) {
                    std::cmp::Ordering::Greater => true,
                    std::cmp::Ordering::Equal => !self.strict,
                    std::cmp::Ordering::Less => false,
                },
                _ => false,
            }
        }

        fn search(&mut self, s: usize, alpha: Bound, beta: Bound) -> Q {
            let node = &self.nodes[s];
            let moves: Vec<(usize, Option<Q>)> = node["moves"]
                .as_array()
                .map(|m| {
                    m.iter()
                        .map(|e| {
                            let p = match &e["p"] {
                                Value::Number(n) => Some(Q::parse(&n.to_string())),
                                Value::String(t) => Some(Q::parse(t)),
                                _ => None,
                            };
                            (e["child"].as_u64().unwrap() as usize, p)
                        })
                        .collect()
                })
                .unwrap_or_default();
            let v = if moves.is_empty() {
                Q::int(node["score"].as_i64().unwrap() as i128)
            } else {
                match node["player"].as_str().unwrap() {
                    "CHANCE" => self.chance(&moves, alpha, beta),
                    side => {
                        let max = side == "MAX";
                        let (mut a, mut b) = (alpha, beta);
                        let mut best: Option<Q> = None;
                        for &(c, _) in &moves {
                            let v = self.search(c, a, b);
                            let better = best.is_none_or(|x| {
                                if max {
                                    v.cmp(x).is_gt()
                                } else {
                                    v.cmp(x).is_lt()
                                }
                            });
                            if better {
                                best = Some(v);
                            }
                            if max && a.is_none_or(|x| v.cmp(x).is_gt()) {
                                a = Some(v);
                            }
                            if !max && b.is_none_or(|x| v.cmp(x).is_lt()) {
                                b = Some(v);
                            }
                            if self.closes(a, b) {
                                break;
                            }
                        }
                        best.unwrap()
                    }
                }
            };
            self.first.entry(s).or_insert(v);
            v
        }

        fn chance(&mut self, moves: &[(usize, Option<Q>)], alpha: Bound, beta: Bound) -> Q {
            let mut sum = Q::int(0);
            let mut unseen = Q::int(1);
            for (k, &(c, p)) in moves.iter().enumerate() {
                let p = p.unwrap();
                let v = self.search(c, None, None);
                sum = sum.add(p.mul(v));
                unseen = unseen.sub(p);
                let Some((lo_u, hi_u)) = self.bounds else {
                    continue;
                };
                if k + 1 == moves.len() {
                    continue;
                }
                let lo = sum.add(unseen.mul(lo_u));
                let hi = sum.add(unseen.mul(hi_u));
                let proof = if self.closes(alpha, Some(hi)) {
                    Some(hi)
                } else if self.closes(Some(lo), beta) {
                    Some(lo)
                } else {
                    None
                };
                if let Some(v) = proof {
                    self.skipped.extend(moves[k + 1..].iter().map(|&(c, _)| c));
                    return v;
                }
            }
            sum
        }
    }

    /// The answer line the chance kinds expect.
    pub fn answer(p: &Problem, strict: bool) -> String {
        let graph = serde_json::to_value(&p.item.graph).unwrap();
        let nodes = graph["nodes"].as_array().unwrap();
        let run = serde_json::to_value(&p.item.runs[0]).unwrap();
        let pruning = run.get("chance_pruning").and_then(Value::as_bool) == Some(true);
        let range = |i: usize| Q::int(graph["utility_range"][i].as_i64().unwrap() as i128);
        let mut s = Search {
            nodes,
            bounds: pruning.then(|| (range(0), range(1))),
            strict,
            skipped: Vec::new(),
            first: Default::default(),
        };
        let start = run.get("start").and_then(Value::as_u64).unwrap_or(0) as usize;
        s.search(start, None, None);
        let name = |i: usize| {
            nodes[i]["label"]
                .as_str()
                .map_or(i.to_string(), str::to_string)
        };
        match p.item.kind {
            Kind::ChanceValue => {
                let asked = p.item.node.as_deref().unwrap();
                let i = (0..nodes.len()).find(|&i| name(i) == asked).unwrap();
                s.first[&i].text()
            }
            _ => {
                s.skipped.sort_unstable();
                s.skipped.dedup();
                if s.skipped.is_empty() {
                    "-".into()
                } else {
                    s.skipped
                        .iter()
                        .map(|&i| name(i))
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            }
        }
    }

    /// `v + 1` for an exact answer `v`, as a fraction.
    pub fn plus_one(v: &str) -> String {
        Q::parse(v).add(Q::int(1)).text()
    }
}

/// `prune practice show` names a generated problem's source in the options that made it,
/// never as a Rust debug dump, and those options give the same set again.
#[test]
fn practice_show_names_the_generator_options() {
    let bin = env!("CARGO_BIN_EXE_prune");
    let export = |args: &[&str]| {
        let out = std::process::Command::new(bin)
            .args(["practice", "export", "--seed", "7", "--count", "3"])
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let asked = [
        "--depth",
        "3",
        "--branching",
        "2,3",
        "--values=-9,9",
        "--root",
        "min",
        "--cut",
        "gt",
    ];
    let set = export(&asked);
    let dir = std::env::temp_dir().join(format!("prune-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("set.json");
    std::fs::write(&file, &set).unwrap();
    let out = std::process::Command::new(bin)
        .args(["practice", "show", file.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        !text.contains("Params") && !text.contains("Some("),
        "{text}"
    );
    let heading = text.lines().find(|l| l.starts_with("── 7-1 ")).unwrap();
    let options = "--depth 3 --branching 2,3 --values=-9,9 --root min --cut gt";
    assert!(
        heading.contains(&format!("problem 1, {options})")),
        "{heading}"
    );
    // The options as shown, typed again, give the same problems.
    let words: Vec<&str> = options.split(' ').collect();
    assert_eq!(export(&words), set);
    std::fs::remove_dir_all(dir).ok();
}
