//! Every named misconception (`--pitfall`) is a real run of the same core: each is checked
//! against its own wrong oracle written here, a plain recursive alpha-beta (or negamax, or a
//! small UCT) with that one mistake, on thousands of generated trees. The root value, the
//! leaves read in order, the number of cutoffs and every stored flag must be the oracle's;
//! without a pitfall the core must equal the same oracle with no mistake.
//!
//! The oracle has its own trees (levels of nodes with shared children, so that the table
//! answers), its own random generator and its own rules; it only borrows the names of the
//! variants and prune's `INF`.

use std::collections::HashMap;

use prune::event::{Bound, Event, Mcts};
use prune::game::graph::{Graph, GraphSpec};
use prune::observer::Observer;
use prune::search::mcts::{MctsOptions, Playout, Real};
use prune::search::{self, Algorithm, CutRule, Flag, INF, Options, Pitfall};

// ---------------------------------------------------------------------------------------------
// The oracle's own generator (xorshift64*) and trees.

struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        let mut x = self.0 | 1;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn range(&mut self, lo: i32, hi: i32) -> i32 {
        lo + self.below((hi - lo + 1) as u64) as i32
    }

    fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }
}

struct Node {
    max: bool,
    score: i32,
    kids: Vec<usize>,
}

struct Tree {
    nodes: Vec<Node>,
    depth: u8,
}

/// Levels of nodes, sides alternating by level, every node scored 0..=9 (inner nodes too, for
/// horizon reads), one in five children shared with an earlier node of the same level.
fn gen_tree(rng: &mut Mix) -> Tree {
    let depth = rng.range(2, 4) as u8;
    let root_max = rng.one_in(2);
    let mut nodes = vec![Node {
        max: root_max,
        score: rng.range(0, 9),
        kids: Vec::new(),
    }];
    let mut level = vec![0usize];
    for ply in 0..depth {
        let mut next: Vec<usize> = Vec::new();
        for &parent in &level {
            if ply > 0 && rng.one_in(6) {
                continue;
            }
            for _ in 0..rng.range(1, 3) {
                let shared = !next.is_empty() && rng.one_in(5);
                let reuse = if shared {
                    Some(next[rng.below(next.len() as u64) as usize])
                } else {
                    None
                };
                let child = match reuse {
                    Some(c) if !nodes[parent].kids.contains(&c) => c,
                    _ => {
                        nodes.push(Node {
                            max: (ply % 2 == 1) == root_max,
                            score: rng.range(0, 9),
                            kids: Vec::new(),
                        });
                        next.push(nodes.len() - 1);
                        nodes.len() - 1
                    }
                };
                nodes[parent].kids.push(child);
            }
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
    Tree { nodes, depth }
}

impl Tree {
    fn graph(&self) -> Graph {
        let nodes: Vec<serde_json::Value> = self
            .nodes
            .iter()
            .map(|n| {
                serde_json::json!({
                    "player": if n.max { "MAX" } else { "MIN" },
                    "score": n.score,
                    "moves": n.kids.iter().map(|&c| serde_json::json!({"child": c})).collect::<Vec<_>>(),
                })
            })
            .collect();
        let spec: GraphSpec =
            serde_json::from_value(serde_json::json!({ "nodes": nodes })).unwrap();
        Graph::from_spec(&spec).unwrap()
    }
}

// ---------------------------------------------------------------------------------------------
// What a run shows: read off prune's events, or computed by the oracle.

#[derive(Debug, Default, PartialEq, Eq)]
struct Seen {
    score: i32,
    reads: Vec<usize>,
    stores: Vec<(usize, Flag)>,
    cutoffs: u64,
}

#[derive(Default)]
struct Tap {
    seen: Seen,
    backups: Vec<(u32, u32, u32)>,
}

impl Observer for Tap {
    const ENABLED: bool = true;
    fn event(&mut self, event: Event) {
        match event {
            Event::Bound(Bound::Read { state, .. }) => self.seen.reads.push(state as usize),
            Event::Bound(Bound::Store { state, flag, .. }) => {
                self.seen.stores.push((state as usize, flag))
            }
            Event::Bound(Bound::Cutoff { .. }) => self.seen.cutoffs += 1,
            Event::Mcts(Mcts::Backup { node, n, u, .. }) => self.backups.push((node, n, u)),
            _ => {}
        }
    }
    /// The tap names positions by the game's own key (a graph's node number).
    fn state<G: prune::game::Game>(&mut self, game: &G, s: G::State) -> u32 {
        game.key(s) as u32
    }
    fn order(&mut self, _: u32, _: &[u16], _: &[u32]) {}
}

// ---------------------------------------------------------------------------------------------
// The wrong oracle: seed 000's alpha-beta and seed 002's negamax, written plainly, with one
// mistake switched on.

/// `lo` closes against `hi` under a rule: `lo ≥ hi`, or strictly `lo > hi`.
fn closes(strict: bool, lo: i32, hi: i32) -> bool {
    if strict { lo > hi } else { lo >= hi }
}

struct Oracle<'t> {
    t: &'t Tree,
    mistake: Option<Pitfall>,
    /// The run's own rule (flags and probes follow it whatever the mistake).
    strict: bool,
    table: Option<HashMap<(usize, u8), (i32, Flag)>>,
    seen: Seen,
}

impl Oracle<'_> {
    fn is(&self, p: Pitfall) -> bool {
        self.mistake == Some(p)
    }

    /// The rule a frame cuts by: the run's, or the other one under cut-strict / cut-loose.
    fn cuts(&self, a: i32, b: i32) -> bool {
        let strict = match self.mistake {
            Some(Pitfall::CutStrict) => true,
            Some(Pitfall::CutLoose) => false,
            _ => self.strict,
        };
        closes(strict, a, b)
    }

    fn kids(&self, n: usize) -> Vec<usize> {
        let mut kids = self.t.nodes[n].kids.clone();
        if self.is(Pitfall::RightToLeft) {
            kids.reverse();
        }
        kids
    }

    fn probe(&mut self, n: usize, depth: u8, a: i32, b: i32) -> Option<i32> {
        let &(v, f) = self.table.as_ref()?.get(&(n, depth))?;
        let usable = match f {
            Flag::Exact => true,
            Flag::Lower => closes(self.strict, v, b),
            Flag::Upper => closes(self.strict, a, v),
        };
        (usable || self.is(Pitfall::BoundProbeExact)).then_some(v)
    }

    fn store(&mut self, n: usize, depth: u8, v: i32, flag: Flag) {
        let flag = if self.is(Pitfall::BoundStoredExact) {
            Flag::Exact
        } else {
            flag
        };
        self.seen.stores.push((n, flag));
        if let Some(t) = self.table.as_mut() {
            t.insert((n, depth), (v, flag));
        }
    }

    fn classify(&self, v: i32, a0: i32, b0: i32) -> Flag {
        if closes(self.strict, a0, v) {
            Flag::Upper
        } else if closes(self.strict, v, b0) {
            Flag::Lower
        } else {
            Flag::Exact
        }
    }

    fn read(&mut self, n: usize, depth: u8, v: i32) -> i32 {
        self.seen.reads.push(n);
        self.store(n, depth, v, Flag::Exact);
        v
    }

    fn returned(&self, best: i32, a0: i32, b0: i32) -> i32 {
        if self.is(Pitfall::FailHard) {
            best.max(a0).min(b0)
        } else {
            best
        }
    }

    /// MAX/MIN alpha-beta, values from MAX's side.
    fn ab(&mut self, n: usize, depth: u8, mut a: i32, mut b: i32, ply: u32) -> i32 {
        if let Some(v) = self.probe(n, depth, a, b) {
            return v;
        }
        if self.t.nodes[n].kids.is_empty() || depth == 0 {
            return self.read(n, depth, self.t.nodes[n].score);
        }
        let mut max = self.t.nodes[n].max;
        if self.is(Pitfall::SidesSwapped) && ply > 0 {
            max = !max;
        }
        let (a0, b0) = (a, b);
        let mut best = if max { -INF } else { INF };
        for c in self.kids(n) {
            let (ca, cb) = if self.is(Pitfall::AlphaNotPassed) {
                (a0, b0)
            } else {
                (a, b)
            };
            let v = self.ab(c, depth - 1, ca, cb, ply + 1);
            if max {
                best = best.max(v);
                a = a.max(best);
            } else {
                best = best.min(v);
                b = b.min(best);
            }
            if self.cuts(a, b) {
                self.seen.cutoffs += 1;
                break;
            }
        }
        let best = self.returned(best, a0, b0);
        let flag = self.classify(best, a0, b0);
        self.store(n, depth, best, flag);
        best
    }

    /// Negamax, values from the side to move.
    fn nm(&mut self, n: usize, depth: u8, mut a: i32, b: i32, ply: u32) -> i32 {
        let mut pov = if self.t.nodes[n].max { 1 } else { -1 };
        if self.is(Pitfall::SidesSwapped) && ply > 0 {
            pov = -pov;
        }
        if let Some(v) = self.probe(n, depth, a, b) {
            return v;
        }
        if self.t.nodes[n].kids.is_empty() || depth == 0 {
            return self.read(n, depth, pov * self.t.nodes[n].score);
        }
        let (a0, b0) = (a, b);
        let mut best = -INF;
        for c in self.kids(n) {
            let (fa, fb) = if self.is(Pitfall::AlphaNotPassed) {
                (a0, b0)
            } else {
                (a, b)
            };
            let (ca, cb) = match self.mistake {
                Some(Pitfall::WrongWindow) => (-fa, -fb),
                Some(Pitfall::WindowNotNegated) => (fa, fb),
                _ => (-fb, -fa),
            };
            let v = -self.nm(c, depth - 1, ca, cb, ply + 1);
            best = best.max(v);
            a = a.max(best);
            if self.cuts(a, b) {
                self.seen.cutoffs += 1;
                break;
            }
        }
        let best = self.returned(best, a0, b0);
        let flag = self.classify(best, a0, b0);
        self.store(n, depth, best, flag);
        best
    }

    /// The driver: passes 1..=depth (or the last alone), each searching its depth (one more
    /// or one less under the depth mistakes), the table kept across passes.
    fn run(mut self, opts: &Options) -> Seen {
        let first = if opts.deepening { 1 } else { opts.depth };
        let (lo, hi) = opts.window;
        for d in first..=opts.depth {
            let d = match self.mistake {
                Some(Pitfall::DepthPlusOne) => d + 1,
                Some(Pitfall::DepthMinusOne) => d - 1,
                _ => d,
            };
            self.seen.score = if opts.algorithm == Algorithm::Negamax {
                if self.t.nodes[0].max {
                    self.nm(0, d, lo, hi, 0)
                } else {
                    -self.nm(0, d, -hi, -lo, 0)
                }
            } else {
                self.ab(0, d, lo, hi, 0)
            };
        }
        self.seen
    }
}

fn oracle(t: &Tree, opts: &Options) -> Seen {
    Oracle {
        t,
        mistake: opts.pitfall,
        strict: opts.cut == CutRule::Strict,
        table: opts.table.then(HashMap::new),
        seen: Seen::default(),
    }
    .run(opts)
}

fn prune_sees(graph: &Graph, opts: &Options) -> Seen {
    let mut tap = Tap::default();
    let result = search::run(graph, 0, opts, &mut tap).unwrap();
    tap.seen.score = result.score;
    tap.seen
}

fn gen_options(rng: &mut Mix, t: &Tree) -> Options {
    let window = if rng.one_in(3) {
        let lo = rng.range(-2, 8);
        (lo, lo + rng.range(1, 5))
    } else {
        (-INF, INF)
    };
    Options {
        algorithm: if rng.one_in(2) {
            Algorithm::AlphaBeta
        } else {
            Algorithm::Negamax
        },
        depth: rng.range(1, t.depth as i32) as u8,
        deepening: rng.one_in(2),
        table: !rng.one_in(4),
        ordering: false,
        cut: if rng.one_in(2) {
            CutRule::AtLeast
        } else {
            CutRule::Strict
        },
        window,
        ..Options::default()
    }
}

/// The core with each applicable pitfall, and without one, equals the oracle with the same
/// mistake (or none) on 3,000 generated trees; every variant that windows, cuts or stores
/// changes something on some of them, so none of them is a silent no-op.
#[test]
fn every_variant_is_its_wrong_oracle_on_generated_trees() {
    let mut rng = Mix(0x5eed_0024);
    let mut runs: HashMap<&str, (usize, usize)> = HashMap::new();
    for case in 0..3000 {
        let t = gen_tree(&mut rng);
        let graph = t.graph();
        let right = gen_options(&mut rng, &t);
        let truth = oracle(&t, &right);
        assert_eq!(
            prune_sees(&graph, &right),
            truth,
            "case {case}: the right search"
        );
        for p in Pitfall::ALL {
            let opts = Options {
                pitfall: Some(p),
                ..right
            };
            if p.refuses(&opts).is_some() {
                continue;
            }
            let want = oracle(&t, &opts);
            let got = prune_sees(&graph, &opts);
            assert_eq!(got, want, "case {case}: {} with {opts:?}", p.name());
            let tally = runs.entry(p.name()).or_default();
            tally.0 += 1;
            tally.1 += (want != truth) as usize;
        }
    }
    for p in Pitfall::ALL {
        if p == Pitfall::RewardReversed {
            continue;
        }
        let (ran, differed) = runs.get(p.name()).copied().unwrap_or_default();
        assert!(ran >= 300, "{} ran on only {ran} trees", p.name());
        // A bound probe used as exact needs a transposition whose entry is a bound: rare.
        assert!(
            differed >= 10,
            "{} changed the run on only {differed} of {ran} trees",
            p.name()
        );
    }
}

/// `validate` refuses a variant that does not apply to the run, in one line naming it.
#[test]
fn a_variant_that_does_not_apply_is_refused() {
    let base = Options {
        depth: 2,
        ..Options::default()
    };
    let refused = |p: Pitfall, opts: Options| {
        let opts = Options {
            pitfall: Some(p),
            ..opts
        };
        let why = opts.validate().expect_err(p.name());
        assert!(why.contains(p.name()) && !why.contains('\n'), "{why}");
    };
    refused(Pitfall::WrongWindow, base);
    refused(Pitfall::WindowNotNegated, base);
    refused(Pitfall::CutLoose, base);
    refused(
        Pitfall::CutStrict,
        Options {
            cut: CutRule::Strict,
            ..base
        },
    );
    refused(
        Pitfall::FailHard,
        Options {
            algorithm: Algorithm::Minimax,
            ..base
        },
    );
    refused(
        Pitfall::BoundStoredExact,
        Options {
            table: false,
            ..base
        },
    );
    refused(
        Pitfall::RightToLeft,
        Options {
            ordering: true,
            ..base
        },
    );
    refused(Pitfall::DepthMinusOne, Options { depth: 1, ..base });
    refused(Pitfall::RewardReversed, base);
    for p in Pitfall::ALL {
        let fits = Options {
            pitfall: Some(p),
            algorithm: match p {
                Pitfall::WrongWindow | Pitfall::WindowNotNegated => Algorithm::Negamax,
                Pitfall::RewardReversed => Algorithm::Mcts,
                _ => Algorithm::AlphaBeta,
            },
            cut: if p == Pitfall::CutLoose {
                CutRule::Strict
            } else {
                CutRule::AtLeast
            },
            ..base
        };
        assert_eq!(fits.validate(), Ok(()), "{}", p.name());
    }
}

// ---------------------------------------------------------------------------------------------
// reward-reversed: a small UCT of the oracle's own with first-move playouts.

struct Uct<'t> {
    t: &'t Tree,
    reversed: bool,
    c: f64,
    /// Per tree node of the oracle: (graph node, counts for MAX, children made, N, U).
    nodes: Vec<(usize, bool, Vec<usize>, u32, u32)>,
    backups: Vec<(u32, u32, u32)>,
}

impl Uct<'_> {
    fn iteration(&mut self) {
        let mut path = vec![0usize];
        let mut at = 0usize;
        loop {
            let g = self.nodes[at].0;
            let kids = &self.t.nodes[g].kids;
            if kids.is_empty() {
                break;
            }
            let made = self.nodes[at].2.len();
            if made < kids.len() {
                let child = kids[made];
                self.nodes
                    .push((child, self.t.nodes[g].max, Vec::new(), 0, 0));
                let id = self.nodes.len() - 1;
                self.nodes[at].2.push(id);
                path.push(id);
                break;
            }
            let ln = (self.nodes[at].3 as f64).ln();
            let (mut best, mut score) = (0, f64::NEG_INFINITY);
            for (pos, &k) in self.nodes[at].2.iter().enumerate() {
                let (n, u) = (self.nodes[k].3, self.nodes[k].4);
                let s = u as f64 / (2.0 * n as f64) + self.c * (ln / n as f64).sqrt();
                if s > score {
                    (best, score) = (pos, s);
                }
            }
            at = self.nodes[at].2[best];
            path.push(at);
        }
        // First-move playout to the end, the leaf's score as the result for MAX.
        let mut g = self.nodes[*path.last().unwrap()].0;
        while let Some(&first) = self.t.nodes[g].kids.first() {
            g = first;
        }
        let outcome = match self.t.nodes[g].score.signum() {
            1 => 2,
            0 => 1,
            _ => 0,
        };
        for (i, &id) in path.iter().enumerate().rev() {
            let for_max = self.nodes[id].1;
            let mut reward = if for_max { outcome } else { 2 - outcome };
            if self.reversed && i > 0 {
                reward = 2 - reward;
            }
            self.nodes[id].3 += 1;
            self.nodes[id].4 += reward;
            self.backups
                .push((id as u32, self.nodes[id].3, self.nodes[id].4));
        }
    }
}

/// reward-reversed and the right Monte Carlo search back up exactly the oracle's counts,
/// iteration by iteration, on generated trees whose leaves are wins, draws and losses.
#[test]
fn reward_reversed_is_its_wrong_oracle() {
    let mut rng = Mix(0x0dd_5eed);
    let mut differed = 0;
    for case in 0..300 {
        let mut t = gen_tree(&mut rng);
        for n in &mut t.nodes {
            n.score -= 4;
        }
        let graph = t.graph();
        let iterations = rng.range(5, 40) as u32;
        let mut seen = Vec::new();
        for reversed in [false, true] {
            let opts = Options {
                algorithm: Algorithm::Mcts,
                pitfall: reversed.then_some(Pitfall::RewardReversed),
                mcts: MctsOptions {
                    iterations,
                    c: Real(std::f64::consts::SQRT_2),
                    seed: 1,
                    playout: Playout::First,
                    ..MctsOptions::default()
                },
                ..Options::default()
            };
            let mut tap = Tap::default();
            search::run(&graph, 0, &opts, &mut tap).unwrap();
            let mut uct = Uct {
                t: &t,
                reversed,
                c: std::f64::consts::SQRT_2,
                nodes: vec![(0, t.nodes[0].max, Vec::new(), 0, 0)],
                backups: Vec::new(),
            };
            for _ in 0..iterations {
                uct.iteration();
            }
            assert_eq!(tap.backups, uct.backups, "case {case}, reversed {reversed}");
            seen.push(tap.backups);
        }
        differed += (seen[0] != seen[1]) as usize;
    }
    assert!(
        differed > 100,
        "reversed rewards changed only {differed} runs"
    );
}

// ---------------------------------------------------------------------------------------------
// A variant's run is recorded, read back through the index, and labelled as it was searched.

impl Tree {
    fn lesson(&self) -> prune::lesson::Lesson {
        let nodes: Vec<serde_json::Value> = (self.nodes.iter())
            .map(|n| {
                serde_json::json!({
                    "player": if n.max { "MAX" } else { "MIN" },
                    "score": n.score,
                    "moves": n.kids.iter().map(|&c| serde_json::json!({"child": c})).collect::<Vec<_>>(),
                })
            })
            .collect();
        let json = serde_json::json!({ "title": "generated", "graph": { "nodes": nodes } });
        prune::lesson::Lesson::parse("generated", &json.to_string()).unwrap()
    }
}

/// Every variant that applies to a generated tree records a trace the index reads back (the
/// fold checks each event by the run's own rules), and the two variants that change whose
/// side a node is label it as the wrong run treats it: sides-swapped searches every node
/// below the root for the other side than the tree gives it, and reward-reversed counts every
/// node below the root for the opponent of the player who moved into it.
#[test]
fn every_variant_reads_back_labelled_as_it_was_searched() {
    use prune::game::Side;
    let mut rng = Mix(0x1abe1);
    let (mut swapped, mut reversed) = (0, 0);
    for case in 0..200 {
        let t = gen_tree(&mut rng);
        let lesson = t.lesson();
        let side = |s: u32| {
            if t.nodes[s as usize].max {
                Side::Max
            } else {
                Side::Min
            }
        };
        for p in Pitfall::ALL {
            let algorithm = match p {
                Pitfall::WrongWindow | Pitfall::WindowNotNegated => Algorithm::Negamax,
                Pitfall::RewardReversed => Algorithm::Mcts,
                _ => Algorithm::AlphaBeta,
            };
            let over = prune::lesson::Overrides {
                pitfall: Some(p),
                algorithm: Some(algorithm),
                depth: Some(t.depth.max(2)),
                iterations: (algorithm == Algorithm::Mcts).then_some(30),
                ..prune::lesson::Overrides::default()
            };
            let Ok(setup) = lesson.setup(None, &over) else {
                continue;
            };
            let rec = match prune::index::record(&lesson, &setup) {
                Ok(rec) => rec,
                // A deeper variant may reach past the tree's leaves: refused, by name.
                Err(e) if p == Pitfall::DepthPlusOne => {
                    assert!(e.to_string().contains("generated"), "{e}");
                    continue;
                }
                Err(e) => panic!("case {case}, {}: {e}", p.name()),
            };
            match p {
                Pitfall::SidesSwapped => {
                    for node in rec.tree().call_nodes() {
                        let s = node.state;
                        let want = if s == 0 { side(s) } else { side(s).other() };
                        assert_eq!(node.turn, want, "case {case}: state {s}");
                        assert_eq!(rec.catalog().turn(s), want, "case {case}: state {s}");
                        swapped += 1;
                    }
                }
                Pitfall::RewardReversed => {
                    let monte = &rec.index.monte;
                    for id in 1..monte.len() as u32 {
                        let n = monte.node(id).unwrap();
                        let mover = side(monte.node(n.parent).unwrap().state);
                        assert_eq!(n.counts_for, mover.other(), "case {case}: node {id}");
                        reversed += 1;
                    }
                }
                _ => {}
            }
        }
    }
    assert!(swapped > 1000 && reversed > 1000, "{swapped} {reversed}");
}
