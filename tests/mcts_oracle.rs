//! Monte Carlo tree search against an independent UCT written here (issue 22's acceptance).
//!
//! The oracle has its own tic-tac-toe (board, moves, winner), its own explicit graphs (made by
//! its own generator and handed to prune as lesson JSON), its own random generator for the
//! positions and graphs it makes, and its own selection, expansion and backup by seed 004's
//! rules: N and U per node in half-wins for the player who moved into the node (the root for
//! the player to move there, MAX at a chance root, a node below a chance node for whoever
//! chose the chance node), untried moves first in move order, one expansion per iteration, a
//! finished game backs up its known outcome, the most visited root child is played (first in
//! move order on a tie).
//!
//! A random playout's moves and a chance node's draws are prune's randomness, so the oracle
//! reads them from the events (after checking that every move is legal in its own game, that
//! every state prune names is the state its own game reaches, and that the game really ends
//! with the result prune reports) and does everything else itself, asserting prune's
//! `Select`, `Expand`, `Known`, `Playout` and `Backup` events and the final summary against its
//! own, iteration by iteration. With `--playout first` the oracle needs nothing from prune: it
//! plays its own playouts and its result is compared with an unrecorded run.

mod common;

use common::ttt::LINES;

use std::collections::HashMap;

use prune::event::{Event, Mcts};
use prune::game::model::{GameSpec, ScoresSpec};
use prune::lesson::{Lesson, Overrides};
use prune::observer::Observer;
use prune::search::mcts::{Playout, Real, Reward};
use prune::search::{Algorithm, RunResult};

// ---------------------------------------------------------------------------------------------
// The oracle's own random generator (xorshift64*), for the positions and graphs it makes.

struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        // Never zero, whatever the seed.
        let mut x = self.0 | 1;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

// ---------------------------------------------------------------------------------------------
// The oracle's own exact fractions (rewards, and U as their sum).

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// A non-negative fraction in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q {
    num: u64,
    den: u64,
}

impl Q {
    const ZERO: Q = Q { num: 0, den: 1 };

    fn new(num: u64, den: u64) -> Q {
        let g = gcd(num, den).max(1);
        Q {
            num: num / g,
            den: den / g,
        }
    }

    fn add(self, o: Q) -> Q {
        Q::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }

    /// 1 − self, for a reward of at most one win.
    fn rest(self) -> Q {
        assert!(self.num <= self.den, "a reward above one win: {self:?}");
        Q::new(self.den - self.num, self.den)
    }

    /// The count of 1/`per_win` units this is, which must be whole.
    fn units(self, per_win: u64) -> u64 {
        assert_eq!(
            (self.num * per_win) % self.den,
            0,
            "{self:?} is no whole number of 1/{per_win} wins"
        );
        self.num * per_win / self.den
    }
}

// ---------------------------------------------------------------------------------------------
// The games, as the oracle knows them.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    Max,
    Min,
    Chance,
}

trait Rules {
    type S: Copy + std::fmt::Debug;
    fn moves(&self, s: Self::S) -> usize;
    fn child(&self, s: Self::S, i: usize) -> Self::S;
    fn who(&self, s: Self::S) -> Who;
    /// A finished game's result for MAX in half-wins (2 a win, 1 a draw, 0 a loss).
    fn outcome(&self, s: Self::S) -> u8;
    /// A finished game's reward for MAX, exactly (a fraction of a win).
    fn reward(&self, s: Self::S) -> Q {
        Q::new(u64::from(self.outcome(s)), 2)
    }
    /// The unit prune must count rewards in: the least number of parts of a win that counts
    /// every reward of the game exactly, and a whole number of half-wins.
    fn per_win(&self) -> u64 {
        2
    }
    /// Whether a recorded result (MAX's half-wins) fits the finished game's value: by
    /// default the outcome rule (above 0 a win, 0 a draw, below 0 a loss).
    fn fits(&self, result: u8, value: i32) -> bool {
        (result == 2) == (value > 0) && (result == 0) == (value < 0)
    }
    /// Move `i`'s probability at a chance node.
    fn prob(&self, s: Self::S, i: usize) -> f64;
    /// The name prune gives the state (its documented id).
    fn id(&self, s: Self::S) -> u32;
}

type Cells = [u8; 9];
const X: u8 = 1;
const O: u8 = 2;

fn line_of(c: &Cells) -> u8 {
    for l in LINES {
        if c[l[0]] != 0 && c[l[0]] == c[l[1]] && c[l[1]] == c[l[2]] {
            return c[l[0]];
        }
    }
    0
}

fn mover(c: &Cells) -> u8 {
    let xs = c.iter().filter(|&&v| v == X).count();
    let os = c.iter().filter(|&&v| v == O).count();
    if xs == os { X } else { O }
}

fn over(c: &Cells) -> bool {
    line_of(c) != 0 || c.iter().all(|&v| v != 0)
}

fn board_text(c: &Cells) -> String {
    let mut t = String::new();
    for (i, &v) in c.iter().enumerate() {
        if i > 0 && i % 3 == 0 {
            t.push('/');
        }
        t.push(match v {
            X => 'X',
            O => 'O',
            _ => '.',
        });
    }
    t
}

struct Ttt;

impl Rules for Ttt {
    type S = Cells;
    fn moves(&self, s: Cells) -> usize {
        if over(&s) {
            0
        } else {
            s.iter().filter(|&&v| v == 0).count()
        }
    }
    fn child(&self, mut s: Cells, i: usize) -> Cells {
        // Move i marks the i-th empty square in reading order.
        let sq = (0..9).filter(|&q| s[q] == 0).nth(i).expect("a legal move");
        s[sq] = mover(&s);
        s
    }
    fn who(&self, s: Cells) -> Who {
        if mover(&s) == X { Who::Max } else { Who::Min }
    }
    fn outcome(&self, s: Cells) -> u8 {
        match line_of(&s) {
            X => 2,
            O => 0,
            _ => 1,
        }
    }
    fn prob(&self, _: Cells, _: usize) -> f64 {
        0.0
    }
    fn id(&self, s: Cells) -> u32 {
        // The base-3 code: square i counts 3^i, 1 for X and 2 for O.
        s.iter().rev().fold(0, |acc, &v| acc * 3 + v as u32)
    }
}

/// An explicit graph: node 0 the root, every move to a later node.
#[derive(Clone, Debug)]
struct GNode {
    who: Who,
    score: i32,
    /// A finished game's score as a fraction in [0, 1] (written "1/3" or 0.75), which then
    /// stands instead of `score`.
    frac: Option<Q>,
    /// (child, probability as numerator / denominator; 0/1 at a choice node).
    kids: Vec<(usize, u32, u32)>,
}

#[derive(Clone, Debug)]
struct OwnGraph {
    nodes: Vec<GNode>,
    /// Every finished game scores in [0, 1] and the score is MAX's reward (`--reward
    /// score`): 1 a win, 0 a loss, 0.75 three quarters of a win.
    score_reward: bool,
}

/// Writes `q` as a lesson file may: a decimal number when it ends (0.75, 0.3), else a
/// string fraction ("1/3").
fn frac_json(q: Q) -> serde_json::Value {
    let mut d = q.den;
    for p in [2, 5] {
        while d.is_multiple_of(p) {
            d /= p;
        }
    }
    if d == 1 {
        // Ten to the number of places the decimal needs, written by hand (no float).
        let mut places = 0;
        let mut scaled = q.num;
        let mut den = q.den;
        while den != 1 {
            places += 1;
            scaled *= 10;
            let g = gcd(scaled, den);
            scaled /= g;
            den /= g;
        }
        let digits = format!("{scaled:0>width$}", width = places + 1);
        let (int, frac) = digits.split_at(digits.len() - places);
        let text = if places == 0 {
            int.to_string()
        } else {
            format!("{int}.{frac}")
        };
        serde_json::from_str(&text).expect("a decimal")
    } else {
        serde_json::json!(format!("{}/{}", q.num, q.den))
    }
}

impl Rules for OwnGraph {
    type S = usize;
    fn moves(&self, s: usize) -> usize {
        self.nodes[s].kids.len()
    }
    fn child(&self, s: usize, i: usize) -> usize {
        self.nodes[s].kids[i].0
    }
    fn who(&self, s: usize) -> Who {
        self.nodes[s].who
    }
    fn outcome(&self, s: usize) -> u8 {
        match self.nodes[s].score.signum() {
            1 => 2,
            0 => 1,
            _ => 0,
        }
    }
    fn prob(&self, s: usize, i: usize) -> f64 {
        let (_, num, den) = self.nodes[s].kids[i];
        num as f64 / den as f64
    }
    fn id(&self, s: usize) -> u32 {
        s as u32
    }
    fn fits(&self, result: u8, value: i32) -> bool {
        if self.score_reward {
            // A score of 0 is no reward; any other (scaled by the graph's denominator) is
            // some, at most a win.
            return (result == 0) == (value == 0) && u64::from(result) <= self.per_win();
        }
        (result == 2) == (value > 0) && (result == 0) == (value < 0)
    }
    fn reward(&self, s: usize) -> Q {
        let n = &self.nodes[s];
        match (self.score_reward, n.frac) {
            (true, Some(q)) => q,
            (true, None) => Q::new(n.score as u64, 1),
            (false, _) => Q::new(u64::from(self.outcome(s)), 2),
        }
    }
    fn per_win(&self) -> u64 {
        // Every node is reached from the root: the least common multiple of 2 and every
        // finished game's reward denominator.
        (0..self.nodes.len())
            .filter(|&s| self.nodes[s].kids.is_empty())
            .map(|s| self.reward(s).den)
            .fold(2, |acc, d| acc / gcd(acc, d) * d)
    }
}

impl OwnGraph {
    fn json(&self) -> String {
        let nodes: Vec<serde_json::Value> = (self.nodes.iter())
            .map(|n| {
                let player = match n.who {
                    Who::Max => "MAX",
                    Who::Min => "MIN",
                    Who::Chance => "CHANCE",
                };
                if n.kids.is_empty() {
                    let score = n.frac.map_or_else(|| serde_json::json!(n.score), frac_json);
                    serde_json::json!({"player": player, "score": score})
                } else {
                    let moves: Vec<serde_json::Value> = (n.kids.iter())
                        .map(|&(c, num, den)| {
                            if n.who == Who::Chance {
                                serde_json::json!({"child": c, "p": format!("{num}/{den}")})
                            } else {
                                serde_json::json!({"child": c})
                            }
                        })
                        .collect();
                    serde_json::json!({"player": player, "moves": moves})
                }
            })
            .collect();
        serde_json::json!({ "nodes": nodes }).to_string()
    }
}

/// The chance distributions the generator uses, as numerators over a denominator.
const DISTRIBUTIONS: [(&[u32], u32); 4] =
    [(&[4, 1], 5), (&[1, 1], 2), (&[1, 3], 4), (&[2, 1, 1], 4)];

/// A random graph: a tree in preorder (so every move goes to a later node), then a few extra
/// moves from choice nodes to later nodes (a position reached two ways). Terminal scores of
/// both signs and 0.
fn gen_graph(rng: &mut Mix, chance: bool) -> OwnGraph {
    /// A side other than the parent's (a graph of two players alternates them below a choice).
    fn side(rng: &mut Mix, parent: Who, choices: &[Who]) -> Who {
        loop {
            let w = rng.pick(choices);
            if parent == Who::Chance || w != parent {
                return w;
            }
        }
    }
    fn grow(
        rng: &mut Mix,
        g: &mut OwnGraph,
        depth: u32,
        chance: bool,
        parent: Option<Who>,
    ) -> usize {
        let id = g.nodes.len();
        let up = parent.unwrap_or(Who::Chance);
        if parent.is_some() && (depth == 0 || g.nodes.len() > 40 || rng.below(4) == 0) {
            let score = rng.pick(&[-3, -1, 0, 0, 1, 2]);
            let who = side(rng, up, &[Who::Max, Who::Min]);
            g.nodes.push(GNode {
                who,
                score,
                frac: None,
                kids: vec![],
            });
            return id;
        }
        // A chance node anywhere but directly below another, the root included.
        let who = if chance && parent != Some(Who::Chance) && rng.below(3) == 0 {
            Who::Chance
        } else {
            side(rng, up, &[Who::Max, Who::Min])
        };
        g.nodes.push(GNode {
            who,
            score: 0,
            frac: None,
            kids: vec![],
        });
        let probs: Vec<(u32, u32)> = if who == Who::Chance {
            let (nums, den) = rng.pick(&DISTRIBUTIONS);
            nums.iter().map(|&n| (n, den)).collect()
        } else {
            vec![(0, 1); 1 + rng.below(3)]
        };
        for (num, den) in probs {
            let c = grow(rng, g, depth.saturating_sub(1), chance, Some(who));
            g.nodes[id].kids.push((c, num, den));
        }
        id
    }
    let mut g = OwnGraph {
        nodes: vec![],
        score_reward: false,
    };
    let depth = 2 + rng.below(4) as u32;
    grow(rng, &mut g, depth, chance, None);
    let len = g.nodes.len();
    for _ in 0..rng.below(3) {
        let a = rng.below(len);
        if g.nodes[a].who == Who::Chance || g.nodes[a].kids.is_empty() || a + 1 >= len {
            continue;
        }
        let b = a + 1 + rng.below(len - a - 1);
        if g.nodes[b].who != g.nodes[a].who {
            g.nodes[a].kids.push((b, 0, 1));
        }
    }
    g
}

// ---------------------------------------------------------------------------------------------
// prune's events, taken by an observer of the test's own.

#[derive(Default)]
struct Tap {
    events: Vec<Mcts>,
    moves: Vec<u16>,
    states: Vec<u32>,
    bonuses: Vec<f64>,
}

impl Observer for Tap {
    const ENABLED: bool = true;
    fn event(&mut self, event: Event) {
        if let Event::Mcts(m) = event {
            self.events.push(m);
        }
    }
    /// The tap names positions by the game's own key (a graph's node number, a board's
    /// base-3 code), which the oracle computes its own way.
    fn state<G: prune::game::Game>(&mut self, game: &G, s: G::State) -> u32 {
        game.key(s) as u32
    }
    fn order(&mut self, _: u32, _: &[u16], _: &[u32]) {}
    fn arena(&mut self, moves: &[u16], states: &[u32]) -> u32 {
        let start = self.moves.len() as u32;
        self.moves.extend_from_slice(moves);
        self.states.extend_from_slice(states);
        start
    }
    fn bonuses(&mut self, values: &[f64]) -> u32 {
        let start = self.bonuses.len() as u32;
        self.bonuses.extend_from_slice(values);
        start
    }
}

// ---------------------------------------------------------------------------------------------
// The oracle.

/// Whose wins a node's U counts. `Right` is seed 004's rule; the others are the classic bugs,
/// kept to show that the comparison catches them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Perspective {
    /// The player who moved into the node.
    Right,
    /// MAX's wins at every node.
    MaxEverywhere,
    /// The root player's wins at every node.
    RootPlayer,
}

struct ONode<S> {
    state: S,
    /// MAX or MIN: whose wins `u` counts.
    counts_for: Who,
    kids: Vec<Option<usize>>,
    n: u32,
    /// Wins, exactly.
    u: Q,
}

/// Where the oracle's randomness comes from.
enum Source<'a> {
    /// prune's recorded run: the oracle checks every event and takes the draws and random
    /// playouts from it.
    Trace(&'a Tap),
    /// Nothing of prune's: first-move playouts of the oracle's own (no chance nodes).
    Alone,
}

#[derive(Debug, PartialEq)]
struct Summary {
    /// Iterations run, and whether the node budget stopped the run before all of them.
    iterations: u32,
    interrupted: bool,
    root_n: u32,
    root_u: u32,
    /// Each root child that has a node: (move, node, n, u).
    kids: Vec<(usize, usize, u32, u32)>,
    /// The move played.
    best: Option<usize>,
}

/// Draws seen at chance nodes, keyed by (distribution's probabilities in thousandths, move):
/// (in the tree, in playouts).
type Draws = HashMap<(Vec<u32>, usize), (u64, u64)>;

struct Oracle<'a, G: Rules> {
    game: &'a G,
    c: f64,
    playout: Playout,
    perspective: Perspective,
    nodes: Vec<ONode<G::S>>,
    source: Source<'a>,
    at: usize,
    draws: Draws,
    /// The most tree nodes (`--budget`).
    budget: usize,
}

impl<'a, G: Rules> Oracle<'a, G> {
    fn new(game: &'a G, root: G::S, c: f64, playout: Playout, source: Source<'a>) -> Self {
        let counts_for = match game.who(root) {
            Who::Chance => Who::Max,
            w => w,
        };
        Oracle {
            game,
            c,
            playout,
            perspective: Perspective::Right,
            nodes: vec![ONode {
                state: root,
                counts_for,
                kids: vec![None; game.moves(root)],
                n: 0,
                u: Q::ZERO,
            }],
            source,
            at: 0,
            draws: Draws::new(),
            budget: usize::MAX,
        }
    }

    /// prune's next event, when the oracle reads a trace.
    fn next(&mut self) -> Result<Option<Mcts>, String> {
        match self.source {
            Source::Alone => Ok(None),
            Source::Trace(tap) => {
                let e = tap.events.get(self.at).copied();
                self.at += 1;
                e.map(Some)
                    .ok_or_else(|| format!("prune's events end at {}", self.at - 1))
            }
        }
    }

    fn expect(&mut self, want: Mcts) -> Result<(), String> {
        match self.next()? {
            None => Ok(()),
            Some(got) if got == want => Ok(()),
            Some(got) => Err(format!(
                "event {}: prune has {got:?}, the oracle {want:?}",
                self.at - 1
            )),
        }
    }

    fn tally(&mut self, s: G::S, pos: usize, in_tree: bool) -> Result<(), String> {
        let moves = self.game.moves(s);
        if pos >= moves || self.game.prob(s, pos) <= 0.0 {
            return Err(format!(
                "a draw at {s:?} took move {pos}, which has no probability"
            ));
        }
        let key: Vec<u32> = (0..moves)
            .map(|i| (self.game.prob(s, i) * 1000.0).round() as u32)
            .collect();
        let e = self.draws.entry((key, pos)).or_default();
        if in_tree {
            e.0 += 1
        } else {
            e.1 += 1
        }
        Ok(())
    }

    fn expand(&mut self, parent: usize, pos: usize) -> Result<usize, String> {
        let p = &self.nodes[parent];
        let state = self.game.child(p.state, pos);
        let counts_for = match self.game.who(p.state) {
            Who::Chance => p.counts_for,
            w => w,
        };
        let id = self.nodes.len();
        self.nodes[parent].kids[pos] = Some(id);
        self.nodes.push(ONode {
            state,
            counts_for,
            kids: vec![None; self.game.moves(state)],
            n: 0,
            u: Q::ZERO,
        });
        if let Some(Mcts::Expand {
            node,
            parent: from,
            at,
        }) = self.peek_expand()?
        {
            let (mv, st) = self.arena(at, 1)?;
            if (node as usize, from as usize, mv[0] as usize) != (id, parent, pos)
                || st[0] != self.game.id(state)
            {
                return Err(format!(
                    "event {}: prune expands node {node} under {from} by move {} to state {}, the oracle node {id} under {parent} by move {pos} to state {}",
                    self.at - 1,
                    mv[0],
                    st[0],
                    self.game.id(state)
                ));
            }
        }
        Ok(id)
    }

    /// The next event, which must be an `Expand` (None when reading nothing).
    fn peek_expand(&mut self) -> Result<Option<Mcts>, String> {
        match self.next()? {
            None => Ok(None),
            Some(e @ Mcts::Expand { .. }) => Ok(Some(e)),
            Some(e) => Err(format!(
                "event {}: prune has {e:?} where the oracle expands",
                self.at - 1
            )),
        }
    }

    fn arena(&self, start: u32, len: usize) -> Result<(Vec<u16>, Vec<u32>), String> {
        let Source::Trace(tap) = self.source else {
            return Ok((vec![], vec![]));
        };
        let r = start as usize..start as usize + len;
        match (tap.moves.get(r.clone()), tap.states.get(r)) {
            (Some(m), Some(s)) => Ok((m.to_vec(), s.to_vec())),
            _ => Err(format!("arena {start}+{len} is out of range")),
        }
    }

    /// UCB1 by seed 004: U/N as a rate of wins plus C·sqrt(ln N(parent) / N). The rate is
    /// the exact fraction U/N rounded once to the nearest double.
    fn ucb1(&self, parent_n: u32, n: u32, u: Q) -> (f64, f64) {
        let mean = u.num as f64 / (u.den as f64 * n as f64);
        let bonus = self.c * ((parent_n as f64).ln() / n as f64).sqrt();
        (mean, bonus)
    }

    fn select(&mut self, at: usize) -> Result<usize, String> {
        let parent_n = self.nodes[at].n;
        let mut best = (0, f64::NEG_INFINITY);
        let mut bonuses = Vec::new();
        for (pos, kid) in self.nodes[at].kids.iter().enumerate() {
            let k = &self.nodes[kid.expect("every move has a node")];
            let (mean, bonus) = self.ucb1(parent_n, k.n, k.u);
            bonuses.push(bonus);
            if mean + bonus > best.1 {
                best = (pos, mean + bonus);
            }
        }
        if let Some(e) = self.next()? {
            let Mcts::Select {
                node,
                start,
                len,
                pos,
            } = e
            else {
                return Err(format!(
                    "event {}: prune has {e:?}, the oracle selects at node {at}",
                    self.at - 1
                ));
            };
            if (node as usize, len as usize, pos as usize) != (at, bonuses.len(), best.0) {
                return Err(format!(
                    "event {}: prune selects move {pos} of {len} at node {node}, the oracle move {} of {} at node {at}",
                    self.at - 1,
                    best.0,
                    bonuses.len()
                ));
            }
            let Source::Trace(tap) = self.source else {
                unreachable!()
            };
            let theirs = &tap.bonuses[start as usize..start as usize + len as usize];
            for (a, b) in theirs.iter().zip(&bonuses) {
                if (a - b).abs() > 1e-12 * b.abs().max(1.0) {
                    return Err(format!(
                        "event {}: bonus {a} against the oracle's {b}",
                        self.at - 1
                    ));
                }
            }
        }
        Ok(best.0)
    }

    /// A finished game's reward for MAX in prune's unit.
    fn units(&self, q: Q) -> u8 {
        u8::try_from(q.units(self.game.per_win())).expect("a reward of at most 254 units")
    }

    /// A playout from `s`: prune's moves (checked) or the oracle's own first moves; MAX's
    /// reward.
    fn playout(&mut self, leaf: usize) -> Result<Q, String> {
        let mut s = self.nodes[leaf].state;
        let event = self.next()?;
        let own_first = matches!(self.source, Source::Alone) || self.playout == Playout::First;
        let mut mine: Vec<(u16, u32)> = Vec::new();
        let theirs = match event {
            Some(Mcts::Playout {
                node,
                start,
                len,
                result,
                value,
            }) => {
                if node as usize != leaf {
                    return Err(format!(
                        "event {}: playout from node {node}, the oracle's leaf is {leaf}",
                        self.at - 1
                    ));
                }
                if !self.game.fits(result, value) {
                    return Err(format!("playout result {result} for value {value}"));
                }
                let (m, st) = self.arena(start, len as usize)?;
                Some((m, st, result))
            }
            Some(e) => {
                return Err(format!(
                    "event {}: prune has {e:?}, the oracle plays out from node {leaf}",
                    self.at - 1
                ));
            }
            None => None,
        };
        let mut i = 0;
        while self.game.moves(s) > 0 {
            let mv = if own_first && self.game.who(s) != Who::Chance {
                0
            } else {
                let Some((m, _, _)) = &theirs else {
                    return Err("a chance node in a playout of the oracle's own".into());
                };
                *m.get(i).ok_or_else(|| {
                    format!("prune's playout from node {leaf} stops before the end")
                })? as usize
            };
            if mv >= self.game.moves(s) {
                return Err(format!("playout move {mv} is illegal at {s:?}"));
            }
            if self.game.who(s) == Who::Chance {
                self.tally(s, mv, false)?;
            }
            s = self.game.child(s, mv);
            mine.push((mv as u16, self.game.id(s)));
            i += 1;
        }
        let reward = self.game.reward(s);
        let result = self.units(reward);
        if let Some((m, st, r)) = theirs {
            let pairs: Vec<(u16, u32)> = m.into_iter().zip(st).collect();
            if pairs != mine || r != result {
                return Err(format!(
                    "playout from node {leaf}: prune {pairs:?} ending {r}, the oracle {mine:?} ending {result}"
                ));
            }
        }
        Ok(reward)
    }

    fn iteration(&mut self, number: u32) -> Result<(), String> {
        self.expect(Mcts::Iteration { number })?;
        let mut path = vec![0];
        let mut at = 0;
        let leaf = loop {
            let s = self.nodes[at].state;
            if self.game.moves(s) == 0 {
                break at;
            }
            let (pos, kid) = if self.game.who(s) == Who::Chance {
                let pos = match self.next()? {
                    Some(Mcts::Draw { node, pos }) if node as usize == at => pos as usize,
                    Some(e) => {
                        return Err(format!(
                            "event {}: prune has {e:?}, the oracle draws at node {at}",
                            self.at - 1
                        ));
                    }
                    None => return Err("a chance node in a run of the oracle's own".into()),
                };
                self.tally(s, pos, true)?;
                (pos, self.nodes[at].kids[pos])
            } else if let Some(pos) = self.nodes[at].kids.iter().position(Option::is_none) {
                (pos, None)
            } else {
                let pos = self.select(at)?;
                (pos, self.nodes[at].kids[pos])
            };
            match kid {
                Some(k) => {
                    path.push(k);
                    at = k;
                }
                None => {
                    let k = self.expand(at, pos)?;
                    path.push(k);
                    break k;
                }
            }
        };
        let s = self.nodes[leaf].state;
        let outcome = if self.game.moves(s) == 0 {
            let reward = self.game.reward(s);
            let result = self.units(reward);
            match self.next()? {
                None => {}
                Some(Mcts::Known {
                    node,
                    result: r,
                    value,
                }) if node as usize == leaf && r == result && self.game.fits(r, value) => {}
                Some(e) => {
                    return Err(format!(
                        "event {}: prune has {e:?}, the oracle knows node {leaf} ends {result}",
                        self.at - 1
                    ));
                }
            }
            reward
        } else {
            self.playout(leaf)?
        };
        let root_side = self.nodes[0].counts_for;
        for &id in path.iter().rev() {
            let side = match self.perspective {
                Perspective::Right => self.nodes[id].counts_for,
                Perspective::MaxEverywhere => Who::Max,
                Perspective::RootPlayer => root_side,
            };
            let reward = if side == Who::Min {
                outcome.rest()
            } else {
                outcome
            };
            let node = &mut self.nodes[id];
            node.n += 1;
            node.u = node.u.add(reward);
            let (n, u) = (node.n, node.u);
            let per_win = self.game.per_win();
            self.expect(Mcts::Backup {
                node: id as u32,
                n,
                u: u.units(per_win) as u32,
                reward: self.units(reward),
            })?;
        }
        Ok(())
    }

    fn run(&mut self, iterations: u32) -> Result<Summary, String> {
        let mut done = 0;
        for k in 1..=iterations {
            // The node budget: an iteration may add a node, so none starts once it is reached,
            // unless every move of every node already has its node (nothing can be added).
            let complete = (self.nodes.iter()).all(|n| n.kids.iter().all(Option::is_some));
            if self.nodes.len() >= self.budget && !complete {
                break;
            }
            self.iteration(k)
                .map_err(|e| format!("iteration {k}: {e}"))?;
            done = k;
        }
        if let Source::Trace(tap) = self.source
            && self.at != tap.events.len()
        {
            return Err(format!(
                "prune has {} events more",
                tap.events.len() - self.at
            ));
        }
        let root = &self.nodes[0];
        let per_win = self.game.per_win();
        let units = |q: Q| q.units(per_win) as u32;
        let kids: Vec<(usize, usize, u32, u32)> = (root.kids.iter().enumerate())
            .filter_map(|(mv, k)| k.map(|k| (mv, k, self.nodes[k].n, units(self.nodes[k].u))))
            .collect();
        // The most visited, the first in move order on a tie.
        let mut best: Option<(usize, u32)> = None;
        for &(mv, _, n, _) in &kids {
            if best.is_none_or(|(_, b)| n > b) {
                best = Some((mv, n));
            }
        }
        Ok(Summary {
            iterations: done,
            interrupted: done < iterations,
            root_n: root.n,
            root_u: units(root.u),
            kids,
            best: best.map(|b| b.0),
        })
    }
}

/// prune's run as a summary of the same shape, after checking its own consistency.
fn summary_of(r: &RunResult) -> Summary {
    let m = r.mcts.as_ref().expect("an mcts run has a summary");
    assert_eq!(m.interrupted, r.status == prune::search::Status::Partial);
    Summary {
        iterations: m.iterations,
        interrupted: m.interrupted,
        root_n: m.root_n,
        root_u: m.root_u,
        kids: (m.children.iter())
            .map(|c| (c.mv as usize, c.node as usize, c.n, c.u))
            .collect(),
        best: (r.mv >= 0).then_some(r.mv as usize),
    }
}

// ---------------------------------------------------------------------------------------------
// Running prune.

struct Run {
    c: f64,
    iterations: u32,
    seed: u64,
    playout: Playout,
}

fn overrides(run: &Run) -> Overrides {
    Overrides {
        algorithm: Some(Algorithm::Mcts),
        iterations: Some(run.iterations),
        c: Some(Real(run.c)),
        seed: Some(run.seed),
        playout: Some(run.playout),
        // A graph has no end of its own for a depth-first search; mcts ignores the depth.
        depth: Some(1),
        ..Overrides::default()
    }
}

fn ttt_lesson(c: &Cells) -> Lesson {
    Lesson::of_game(&GameSpec::Tictactoe {
        board: board_text(c),
        scores: ScoresSpec::Plain,
    })
    .expect("a tic-tac-toe lesson")
}

fn graph_lesson(g: &OwnGraph) -> Lesson {
    if g.score_reward {
        // The score reward comes from the preset, the command line's `--reward` unset.
        let json = format!(
            r#"{{"title": "generated", "graph": {}, "runs": [{{"name": "scores", "algorithm": "mcts", "depth": 1, "reward": "score"}}]}}"#,
            g.json()
        );
        return Lesson::parse("generated", &json).expect("a generated graph loads");
    }
    Lesson::parse("generated", &g.json()).expect("a generated graph loads")
}

/// prune's recorded run and its unrecorded run of the same settings (which must agree).
fn prune_runs(lesson: &Lesson, run: &Run) -> (Tap, RunResult) {
    let setup = lesson.setup(None, &overrides(run)).expect("settings");
    let mut tap = Tap::default();
    let recorded = prune::run::search(lesson, &setup, &mut tap).expect("a run");
    let plain = prune::run::plain(lesson, &setup).expect("a plain run");
    assert_eq!(
        format!("{:?}", recorded.mcts),
        format!("{:?}", plain.mcts),
        "recording changes nothing"
    );
    assert_eq!(recorded.mv, plain.mv);
    (tap, recorded)
}

/// The oracle against prune on one run; the draws it saw.
fn check<G: Rules>(game: &G, root: G::S, lesson: &Lesson, run: &Run, what: &str) -> Draws {
    let (tap, result) = prune_runs(lesson, run);
    let mut oracle = Oracle::new(game, root, run.c, run.playout, Source::Trace(&tap));
    let mine = oracle
        .run(run.iterations)
        .unwrap_or_else(|e| panic!("{what}, C {}, seed {}: {e}", run.c, run.seed));
    let theirs = summary_of(&result);
    assert_eq!(theirs, mine, "{what}, C {}, seed {}", run.c, run.seed);
    // The unit the counts are in: the least that counts every reward exactly.
    let per_win = result.mcts.as_ref().map(|m| u64::from(m.per_win));
    assert_eq!(per_win, Some(game.per_win()), "{what}: the reward unit");
    // The index (the fold checks every iteration) reads the same counts at the end.
    if run.seed.is_multiple_of(4) {
        let setup = lesson.setup(None, &overrides(run)).unwrap();
        let trace = prune::run::recorded(lesson, &setup).expect("a recorded run");
        let index = Index::build(&trace).unwrap_or_else(|e| panic!("{what}: the fold: {e}"));
        let end = trace.events.len();
        let kids: Vec<(usize, usize, u32, u32)> = (index.monte.children_at(0, end).into_iter())
            .map(|(mv, node)| {
                let c = index.monte.counts(node, end);
                (mv as usize, node as usize, c.n, c.u)
            })
            .collect();
        assert_eq!(kids, mine.kids, "{what}: the index's root children");
        let root = index.monte.counts(0, end);
        assert_eq!((root.n, root.u), (mine.root_n, mine.root_u), "{what}");
    }
    if run.playout == Playout::First {
        let mut alone = Oracle::new(game, root, run.c, run.playout, Source::Alone);
        let own = alone.run(run.iterations).expect("the oracle alone");
        assert_eq!(theirs, own, "{what}: first-move playouts, the oracle alone");
    }
    oracle.draws
}

const CS: [f64; 5] = [0.0, 0.5, 1.0, std::f64::consts::SQRT_2, 2.0];

/// A position `plies` random moves from the empty board that is not finished.
fn gen_position(rng: &mut Mix, plies: usize) -> Option<Cells> {
    let mut c = [0u8; 9];
    for _ in 0..plies {
        let empty: Vec<usize> = (0..9).filter(|&q| c[q] == 0).collect();
        if over(&c) || empty.is_empty() {
            return None;
        }
        c[rng.pick(&empty)] = mover(&c);
    }
    (!over(&c)).then_some(c)
}

// ---------------------------------------------------------------------------------------------
// The tests.

#[test]
fn the_oracle_tictactoe_matches_the_seed_rules_it_is_built_on() {
    // X O X / . O . / . . . has two marks each, so X is to move.
    let c: Cells = [X, O, X, 0, O, 0, 0, 0, 0];
    assert_eq!(Ttt.who(c), Who::Max);
    assert_eq!(Ttt.moves(c), 5);
    // Move 3 is the fourth empty square, 7.
    assert_eq!(Ttt.child(c, 3)[7], X);
    let won: Cells = [X, X, X, O, O, 0, 0, 0, 0];
    assert_eq!((Ttt.moves(won), Ttt.outcome(won)), (0, 2));
    // prune's key is the base-3 code: X on 0 and O on 1 is 1 + 2·3.
    assert_eq!(Ttt.id([X, O, 0, 0, 0, 0, 0, 0, 0]), 7);
}

#[test]
fn tictactoe_from_the_empty_board_every_c() {
    for (i, &c) in CS.iter().enumerate() {
        for seed in 1..=6u64 {
            let run = Run {
                c,
                iterations: [50, 400, 5000][seed as usize % 3],
                seed: seed * 31 + i as u64,
                playout: Playout::Random,
            };
            let root = [0; 9];
            check(&Ttt, root, &ttt_lesson(&root), &run, "empty board");
        }
    }
}

/// Positions with X to move and with O to move, for every C: the perspective from both sides.
#[test]
fn tictactoe_positions_for_both_sides_every_c() {
    let mut rng = Mix(0x5eed_0022);
    let mut sides = [0usize; 2];
    let mut runs = 0;
    while runs < 2000 {
        let plies = 1 + rng.below(7);
        let Some(root) = gen_position(&mut rng, plies) else {
            continue;
        };
        let run = Run {
            c: CS[runs % CS.len()],
            iterations: rng.pick(&[1, 2, 3, 10, 40, 150, 400]),
            seed: rng.next() % 1_000_000,
            playout: Playout::Random,
        };
        let what = format!("board {}", board_text(&root));
        check(&Ttt, root, &ttt_lesson(&root), &run, &what);
        sides[(mover(&root) == O) as usize] += 1;
        runs += 1;
    }
    assert!(sides[0] >= 700 && sides[1] >= 700, "{sides:?}");
}

#[test]
fn tictactoe_first_move_playouts_need_nothing_from_prune() {
    let mut rng = Mix(7);
    let mut runs = 0;
    while runs < 500 {
        let plies = rng.below(8);
        let Some(root) = gen_position(&mut rng, plies) else {
            continue;
        };
        let run = Run {
            c: CS[runs % CS.len()],
            iterations: rng.pick(&[1, 5, 30, 200, 800]),
            seed: 1,
            playout: Playout::First,
        };
        check(&Ttt, root, &ttt_lesson(&root), &run, "first-move playouts");
        runs += 1;
    }
}

#[test]
fn generated_graphs_without_chance() {
    let mut rng = Mix(0x9a7f);
    for k in 0..1500 {
        let g = gen_graph(&mut rng, false);
        let run = Run {
            c: CS[k % CS.len()],
            iterations: rng.pick(&[1, 4, 20, 100, 300]),
            seed: rng.next() % 10_000,
            playout: if k % 3 == 0 {
                Playout::First
            } else {
                Playout::Random
            },
        };
        check(
            &g,
            0,
            &graph_lesson(&g),
            &run,
            &format!("graph {}", g.json()),
        );
    }
}

/// `gen_graph`'s graphs with every finished game scored 0 or 1, read as the reward itself
/// (`"reward": "score"`): a 1 is a win for MAX, a 0 a loss (not a draw, as the outcome rule
/// would read it), iteration by iteration against the oracle, with and without chance nodes.
#[test]
fn generated_graphs_with_score_rewards() {
    let mut rng = Mix(0x5c0e);
    let mut zeros = 0;
    for k in 0..900 {
        let mut g = gen_graph(&mut rng, k % 3 == 0);
        g.score_reward = true;
        for n in g.nodes.iter_mut().filter(|n| n.kids.is_empty()) {
            n.score = rng.pick(&[0, 1, 1]);
            zeros += usize::from(n.score == 0);
        }
        let run = Run {
            c: CS[k % CS.len()],
            iterations: rng.pick(&[1, 4, 20, 100, 300]),
            seed: rng.next() % 10_000,
            playout: if k % 3 == 1 {
                Playout::First
            } else {
                Playout::Random
            },
        };
        check(
            &g,
            0,
            &graph_lesson(&g),
            &run,
            &format!("graph {}", g.json()),
        );
    }
    assert!(zeros > 500, "{zeros}");
}

/// Score rewards in quarters, thirds, tenths and a mix of them (0.75, "1/3", 0.3, …), with
/// and without chance nodes: prune counts every reward exactly in the least unit that holds
/// them all (a whole number of half-wins: quarters need 1/4, thirds 1/6, tenths 1/10, the mix
/// 1/60), and its N, U, rewards, selections and summary agree with the oracle's exact
/// fractions iteration by iteration.
#[test]
fn generated_graphs_with_fractional_score_rewards() {
    const QUARTERS: [(u64, u64); 5] = [(0, 1), (1, 4), (1, 2), (3, 4), (1, 1)];
    const THIRDS: [(u64, u64); 4] = [(0, 1), (1, 3), (2, 3), (1, 1)];
    const TENTHS: [(u64, u64); 5] = [(0, 1), (1, 10), (3, 10), (7, 10), (1, 1)];
    const MIXED: [(u64, u64); 6] = [(1, 4), (3, 4), (1, 3), (3, 10), (9, 10), (5, 6)];
    let families: [&[(u64, u64)]; 4] = [&QUARTERS, &THIRDS, &TENTHS, &MIXED];
    let mut rng = Mix(0xf4ac);
    let mut units = std::collections::BTreeMap::new();
    for k in 0..600 {
        let mut g = gen_graph(&mut rng, k % 3 == 0);
        g.score_reward = true;
        let family = families[k % families.len()];
        for n in g.nodes.iter_mut().filter(|n| n.kids.is_empty()) {
            let (num, den) = rng.pick(family);
            n.frac = Some(Q::new(num, den));
        }
        *units.entry(g.per_win()).or_insert(0) += 1;
        let run = Run {
            c: CS[k % CS.len()],
            iterations: rng.pick(&[1, 4, 20, 100, 300]),
            seed: rng.next() % 10_000,
            // First-move playouts need no draw of prune's: only without chance nodes.
            playout: if k % 3 == 1 && k % 2 == 0 {
                Playout::First
            } else {
                Playout::Random
            },
        };
        check(
            &g,
            0,
            &graph_lesson(&g),
            &run,
            &format!("graph {}", g.json()),
        );
    }
    // Each family's unit comes up, and the mix's finer ones (sixtieths when all appear).
    for unit in [4, 6, 10] {
        assert!(units.get(&unit).is_some_and(|&c| c > 20), "{units:?}");
    }
    assert!(units.get(&60).is_some_and(|&c| c > 10), "{units:?}");
}

/// Under the score reward a finished game scoring 0 is a loss: the same graph read as
/// outcomes makes it a draw, and the counts differ exactly by that.
#[test]
fn a_zero_score_is_a_loss_as_a_reward_and_a_draw_as_an_outcome() {
    let json = r#"{"nodes": [{"player": "MAX", "moves": [{"child": 1}, {"child": 2}]},
        {"player": "MIN", "score": 0}, {"player": "MIN", "score": 1}]}"#;
    let lesson = Lesson::parse("zero", json).unwrap();
    let counts = |reward| {
        let over = Overrides {
            reward: Some(reward),
            ..overrides(&Run {
                c: 1.0,
                iterations: 10,
                seed: 1,
                playout: Playout::Random,
            })
        };
        let setup = lesson.setup(None, &over).unwrap();
        let r = prune::run::plain(&lesson, &setup).unwrap();
        let m = r.mcts.unwrap();
        (
            m.children.iter().map(|c| (c.n, c.u)).collect::<Vec<_>>(),
            r.mv,
        )
    };
    let (outcome, _) = counts(Reward::Outcome);
    let (score, mv) = counts(Reward::Score);
    // The first child's game scores 0: a draw (one half-win per visit) as an outcome, a loss
    // (none) as a score; the second's scores 1, a win (two per visit) either way.
    assert_eq!(outcome[0].1, outcome[0].0);
    assert_eq!(score[0].1, 0);
    assert_eq!(score[1].1, 2 * score[1].0);
    assert_eq!(mv, 1);
}

/// A binomial bound: `hits` of `total` draws against probability `p`, within five standard
/// deviations (a false alarm about once in three million).
fn within_binomial(hits: u64, total: u64, p: f64) -> bool {
    let mean = total as f64 * p;
    let sd = (total as f64 * p * (1.0 - p)).sqrt();
    (hits as f64 - mean).abs() <= 5.0 * sd + 1.0
}

fn check_frequencies(draws: &Draws, min_total: u64) -> usize {
    let mut checked = 0;
    for place in [0, 1] {
        let mut totals: HashMap<Vec<u32>, u64> = HashMap::new();
        for ((key, _), counts) in draws {
            *totals.entry(key.clone()).or_default() += [counts.0, counts.1][place];
        }
        for ((key, pos), counts) in draws {
            let hits = [counts.0, counts.1][place];
            let total = totals[key];
            if total < min_total {
                continue;
            }
            let p = key[*pos] as f64 / key.iter().sum::<u32>() as f64;
            assert!(
                within_binomial(hits, total, p),
                "outcome {pos} of {key:?} drawn {hits} times in {total} ({})",
                ["tree", "playouts"][place]
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn generated_graphs_with_chance_nodes() {
    let mut rng = Mix(0xc4a7ce);
    let mut draws = Draws::new();
    for k in 0..1500 {
        let g = gen_graph(&mut rng, true);
        let run = Run {
            c: CS[k % CS.len()],
            iterations: rng.pick(&[1, 4, 20, 100, 300]),
            seed: rng.next() % 10_000,
            playout: Playout::Random,
        };
        let seen = check(
            &g,
            0,
            &graph_lesson(&g),
            &run,
            &format!("graph {}", g.json()),
        );
        for (k, v) in seen {
            let e = draws.entry(k).or_default();
            e.0 += v.0;
            e.1 += v.1;
        }
    }
    // Every outcome of every distribution, in the tree and in playouts.
    let checked = check_frequencies(&draws, 200);
    assert!(checked >= 18, "{checked} outcomes checked: {draws:?}");
}

/// Seed 004 §6.3: an outcome of probability 0.8 is drawn about four times as often as one of
/// 0.2, at a chance node of the tree.
#[test]
fn a_four_to_one_chance_node_is_drawn_four_to_one() {
    let g = OwnGraph {
        nodes: vec![
            GNode {
                who: Who::Max,
                score: 0,
                frac: None,
                kids: vec![(1, 0, 1), (4, 0, 1)],
            },
            GNode {
                who: Who::Chance,
                score: 0,
                frac: None,
                kids: vec![(2, 4, 5), (3, 1, 5)],
            },
            GNode {
                who: Who::Min,
                score: 1,
                frac: None,
                kids: vec![],
            },
            GNode {
                who: Who::Max,
                score: -1,
                frac: None,
                kids: vec![],
            },
            GNode {
                who: Who::Min,
                score: 0,
                frac: None,
                kids: vec![],
            },
        ],
        score_reward: false,
    };
    let run = Run {
        c: std::f64::consts::SQRT_2,
        iterations: 5000,
        seed: 3,
        playout: Playout::Random,
    };
    let draws = check(&g, 0, &graph_lesson(&g), &run, "0.8 / 0.2");
    let four = draws[&(vec![800, 200], 0)].0;
    let one = draws[&(vec![800, 200], 1)].0;
    assert!(four + one > 3000, "{four} {one}");
    assert!(
        within_binomial(four, four + one, 0.8),
        "{four} against {one}"
    );
}

/// The classic bug (seed 004 §6.2: counting one player's wins at every node) disagrees with
/// prune on runs with X to move and with O to move, so a prune with that bug fails the tests
/// above.
#[test]
fn a_wrong_perspective_in_the_oracle_disagrees_with_prune() {
    for board in ["X O X / . O . / . . .", "X . . / . . . / . . ."] {
        let root = cells(board);
        let lesson = ttt_lesson(&root);
        let run = Run {
            c: std::f64::consts::SQRT_2,
            iterations: 200,
            seed: 5,
            playout: Playout::Random,
        };
        let (tap, _) = prune_runs(&lesson, &run);
        for wrong in [Perspective::MaxEverywhere, Perspective::RootPlayer] {
            let mut o = Oracle::new(&Ttt, root, run.c, run.playout, Source::Trace(&tap));
            o.perspective = wrong;
            let err = o
                .run(run.iterations)
                .expect_err("a wrong perspective must disagree");
            assert!(err.contains("Backup"), "{board} {wrong:?}: {err}");
        }
        let mut right = Oracle::new(&Ttt, root, run.c, run.playout, Source::Trace(&tap));
        right
            .run(run.iterations)
            .expect("the right perspective agrees");
    }
}

fn cells(text: &str) -> Cells {
    let mut c = [0; 9];
    let marks = text.chars().filter(|ch| !ch.is_whitespace() && *ch != '/');
    for (i, ch) in marks.enumerate() {
        c[i] = match ch {
            'X' => X,
            'O' => O,
            _ => 0,
        };
    }
    c
}

// ---------------------------------------------------------------------------------------------
// Seed 004's worked figures, each run from a stated tree (a `Prior`) for one iteration.

use prune::game::model::Model;
use prune::index::Index;
use prune::index::monte::SelectRow;
use prune::observer::Recorder;
use prune::search::mcts::{GivenNode, Prior};
use prune::trace::Trace;

/// A graph whose MAX root has `k` moves, each to a MIN node with two moves to MAX nodes with
/// one move to a finished game: one iteration from a stated root selects there, expands one
/// move below and plays out (by script) from a position that is not over.
fn fan_graph(k: usize) -> String {
    let kids: Vec<serde_json::Value> = (1..=k).map(|c| serde_json::json!({"child": c})).collect();
    let mut nodes = vec![serde_json::json!({"player": "MAX", "moves": kids})];
    for _ in 0..k {
        nodes.push(
            serde_json::json!({"player": "MIN", "moves": [{"child": k + 1}, {"child": k + 2}]}),
        );
    }
    for _ in 0..2 {
        nodes.push(serde_json::json!({"player": "MAX", "moves": [{"child": k + 3}]}));
    }
    nodes.push(serde_json::json!({"player": "MIN", "score": 0}));
    serde_json::json!({ "nodes": nodes }).to_string()
}

fn given(path: &[u16], n: u32, u: u32) -> GivenNode {
    GivenNode {
        path: path.to_vec(),
        n,
        u,
    }
}

/// One scripted run of `iterations` from `prior` on the graph `json`: its trace (with a header,
/// as the tutor would have it) and prune's result.
fn stated_run(json: &str, prior: &Prior, c: f64, iterations: u32) -> Result<Trace, String> {
    let lesson = Lesson::parse("stated", json).map_err(|e| e.to_string())?;
    let run = Run {
        c,
        iterations,
        seed: 1,
        playout: Playout::Scripted,
    };
    let setup = lesson
        .setup(None, &overrides(&run))
        .map_err(|e| e.to_string())?;
    let Model::Graph(g) = &lesson.model else {
        unreachable!("a graph lesson")
    };
    let mut rec = Recorder::default();
    let result = prune::search::run_from(g, setup.start, &setup.options, prior, &mut rec)
        .map_err(|e| e.to_string())?;
    let catalog = prune::run::graph_catalog(&lesson, &setup).unwrap();
    Ok(Trace {
        header: prune::run::header(&lesson, &setup, catalog, result),
        events: rec.events,
        moves: rec.moves,
        children: rec.children,
        bonuses: rec.bonuses,
    })
}

/// The root's selection in a trace: the event's index, and its bonuses and chosen move.
fn root_select(trace: &Trace) -> (usize, Vec<f64>, u16) {
    fn select(e: impl std::borrow::Borrow<Event>) -> Option<(u32, u32, u16, u16)> {
        match *e.borrow() {
            Event::Mcts(Mcts::Select {
                node,
                start,
                len,
                pos,
            }) => Some((node, start, len, pos)),
            _ => None,
        }
    }
    let (step, (node, start, len, pos)) = (trace.events.iter().enumerate())
        .find_map(|(i, e)| select(e).map(|s| (i, s)))
        .expect("a selection");
    assert_eq!(node, 0, "the first selection is at the root");
    let bonuses = trace.bonuses[start as usize..(start + len as u32) as usize].to_vec();
    (step, bonuses, pos)
}

/// UCB1 by the formula, for `wins` of `visits` under a parent of `parent` visits.
fn formula(wins: f64, visits: f64, parent: f64, c: f64) -> f64 {
    wins / visits + c * (parent.ln() / visits).sqrt()
}

/// The first largest.
fn argmax(values: &[f64]) -> usize {
    let mut best = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] {
            best = i;
        }
    }
    best
}

/// One iteration from a root of `parent` visits whose children have (wins, visits) `kids`: the
/// selection prune records, as the index reads it, and the move played after it.
fn one_selection(parent: u32, kids: &[(u32, u32)], c: f64) -> (Vec<SelectRow>, usize, usize) {
    let mut nodes = vec![given(&[], parent, 0)];
    for (i, &(w, v)) in kids.iter().enumerate() {
        nodes.push(given(&[i as u16], v, 2 * w));
    }
    let prior = Prior {
        nodes,
        script: vec![1],
    };
    let trace = stated_run(&fan_graph(kids.len()), &prior, c, 1).expect("a stated run");
    let index = Index::build(&trace).expect("the fold accepts the run");
    let (step, bonuses, pos) = root_select(&trace);
    let rows = index.monte.selection(0, step, &bonuses, pos);
    assert_eq!(rows.len(), kids.len());
    for (row, &(w, v)) in rows.iter().zip(kids) {
        assert_eq!(
            (row.counts.n, row.counts.u),
            (v, 2 * w),
            "the stated counts"
        );
    }
    let chosen = rows.iter().position(|r| r.chosen).expect("a chosen row");
    let played = trace.header.result.mv as usize;
    (rows, chosen, played)
}

fn assert_3dp(got: &[f64], want: &[f64], what: &str) {
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 5e-4, "{what}: {got:?} against {want:?}");
    }
}

/// Seed 004 §6.2's table: a 50-visit parent, children 21/30, 7/12 and 3/8. The seed says
/// C = 2 but prints 1.211 / 1.391 / 1.364, which is C = √2 in its form of the formula (a
/// literal C = 2 gives 1.422 / 1.725 / 1.774 and selects the third child); its C = 0.5 row,
/// 0.881 / 0.869 / 0.725, is right as written.
#[test]
fn seed_ucb1_table_at_c_root_two_two_and_one_half() {
    let kids = [(21, 30), (7, 12), (3, 8)];
    let cases: [(f64, [f64; 3], usize); 3] = [
        (std::f64::consts::SQRT_2, [1.211, 1.391, 1.364], 1),
        (2.0, [1.422, 1.725, 1.774], 2),
        (0.5, [0.881, 0.869, 0.725], 0),
    ];
    for (c, printed, pick) in cases {
        let mine: Vec<f64> = (kids.iter())
            .map(|&(w, v)| formula(w as f64, v as f64, 50.0, c))
            .collect();
        // The figures as the seed and the issue print them are the formula's.
        assert_3dp(&mine, &printed, &format!("the formula at C = {c}"));
        assert_eq!(argmax(&mine), pick);
        let (rows, chosen, played) = one_selection(50, &kids, c);
        let theirs: Vec<f64> = rows.iter().map(|r| r.ucb1).collect();
        assert_3dp(&theirs, &mine, &format!("prune at C = {c}"));
        if c == std::f64::consts::SQRT_2 {
            // The seed's table: ln 50 ≈ 3.912, rates 0.700 / 0.583 / 0.375, bonuses 0.511 /
            // 0.807 / 0.989, each as prune split it.
            assert!((50f64.ln() - 3.912).abs() < 5e-4);
            let means: Vec<f64> = rows.iter().map(|r| r.mean).collect();
            let bonuses: Vec<f64> = rows.iter().map(|r| r.bonus).collect();
            assert_3dp(&means, &[0.700, 0.583, 0.375], "the rates");
            assert_3dp(&bonuses, &[0.511, 0.807, 0.989], "the bonuses");
        }
        assert_eq!(chosen, pick, "C = {c}");
        // The most visited child is played: 30 visits against at most 13.
        assert_eq!(played, 0);
    }
    // The seed's "C = 2" is not a literal 2 in this form.
    let literal = formula(21.0, 30.0, 50.0, 2.0);
    assert!((literal - 1.211).abs() > 0.1);
}

/// Seed 004's practice questions on selection against the final move (sets 2 to 4): the
/// next simulation goes to the UCB1 choice, the move played is the most visited child.
/// A selection question: parent visits, two children as (wins, visits), C, the child selected
/// and the child played.
type Question = (u32, [(u32, u32); 2], f64, usize, usize);

#[test]
fn seed_selection_questions() {
    // Seed 004's set 2 question 10, set 3 question 9 and set 4 question 9 (twice, for its two
    // values of C): the parent's visits, the children's (wins, visits), C, and the child the
    // formula selects and the child played (the most visited) as this test reads the seed's
    // choices; both are computed below from the formula and the counts as well.
    let questions: [Question; 4] = [
        (16, [(6, 12), (1, 4)], 1.0, 1, 0),
        (40, [(18, 30), (4, 10)], 2.0, 1, 0),
        (100, [(54, 90), (4, 10)], 1.0, 1, 0),
        (100, [(54, 90), (4, 10)], 0.2, 0, 0),
    ];
    for (parent, kids, c, selected, played) in questions {
        let mine: Vec<f64> = (kids.iter())
            .map(|&(w, v)| formula(w as f64, v as f64, parent as f64, c))
            .collect();
        assert_eq!(
            argmax(&mine),
            selected,
            "the formula, parent {parent}, C {c}"
        );
        let most = argmax(&kids.map(|k| k.1 as f64));
        assert_eq!(most, played, "the most visited, parent {parent}");
        // The natural logs the seed gives with each question.
        let seed_ln = [(16.0, 2.773), (40.0, 3.689), (100.0, 4.605)];
        let (_, ln) = seed_ln.iter().find(|l| l.0 == parent as f64).unwrap();
        assert!(((parent as f64).ln() - ln).abs() < 5e-4);
        let (rows, chosen, after) = one_selection(parent, &kids, c);
        let theirs: Vec<f64> = rows.iter().map(|r| r.ucb1).collect();
        assert_3dp(&theirs, &mine, &format!("parent {parent}, C {c}"));
        assert_eq!(
            chosen, selected,
            "prune's selection, parent {parent}, C {c}"
        );
        // One more visit to the selected child does not change the most visited one here.
        assert_eq!(after, played, "prune's move, parent {parent}, C {c}");
    }
}

/// Seed 004 §6.1's back-propagation (and set 4's question): root, White to move → a (White
/// moved) → b (Black moved) → c (White moved), counts a 12 / 8 wins, b 7 / 3, c 2 / 1. A Black
/// win adds a visit everywhere and a win at b only; a draw adds half a win at each. The graph
/// has one move at each node of the path, so selection follows it; c expands its one move d.
#[test]
fn seed_back_propagation_with_a_black_win_and_a_draw() {
    let chain = serde_json::json!({"nodes": [
        {"player": "MAX", "label": "root", "moves": [{"child": 1}]},
        {"player": "MIN", "label": "a", "moves": [{"child": 2}]},
        {"player": "MAX", "label": "b", "moves": [{"child": 3}]},
        {"player": "MIN", "label": "c", "moves": [{"child": 4}]},
        {"player": "MAX", "label": "d", "moves": [{"child": 5}]},
        {"player": "MIN", "label": "end", "score": 0},
    ]})
    .to_string();
    // White is MAX. Wins in half-wins: 8 wins are 16.
    let before = [(12, 16), (7, 6), (2, 2)];
    for (result, expected) in [
        // Black wins (a loss for MAX): a 13 / 8 wins, b 8 / 4, c 3 / 1; the root (White's
        // count) gains nothing; d, Black's move, gains a win.
        (0u8, [(1, 2), (3, 2), (8, 8), (13, 16), (13, 16)]),
        // A draw: half a win everywhere.
        (1u8, [(1, 1), (3, 3), (8, 7), (13, 17), (13, 17)]),
    ] {
        let prior = Prior {
            nodes: vec![
                given(&[], 12, 16),
                given(&[0], before[0].0, before[0].1),
                given(&[0, 0], before[1].0, before[1].1),
                given(&[0, 0, 0], before[2].0, before[2].1),
            ],
            script: vec![result],
        };
        let lesson = Lesson::parse("chain", &chain).unwrap();
        let run = Run {
            c: std::f64::consts::SQRT_2,
            iterations: 1,
            seed: 1,
            playout: Playout::Scripted,
        };
        let setup = lesson.setup(None, &overrides(&run)).unwrap();
        let Model::Graph(g) = &lesson.model else {
            unreachable!()
        };
        let mut tap = Tap::default();
        prune::search::run_from(g, setup.start, &setup.options, &prior, &mut tap).unwrap();
        let backups: Vec<(u32, u32, u32)> = (tap.events.iter())
            .filter_map(|e| match *e {
                Mcts::Backup { node, n, u, .. } => Some((node, n, u)),
                _ => None,
            })
            .collect();
        // Leaf first: d (node 4), c, b, a, root.
        let want: Vec<(u32, u32, u32)> = (0..5)
            .map(|i| (4 - i as u32, expected[i].0, expected[i].1))
            .collect();
        assert_eq!(backups, want, "result {result}");
        // The wins the seed counts (half-wins halved), against its answer.
        let wins: Vec<(u32, f64)> = expected[1..4]
            .iter()
            .rev()
            .map(|&(n, u)| (n, u as f64 / 2.0))
            .collect();
        let seed_answer = if result == 0 {
            [(13, 8.0), (8, 4.0), (3, 1.0)]
        } else {
            [(13, 8.5), (8, 3.5), (3, 1.5)]
        };
        assert_eq!(wins, seed_answer.to_vec());
    }
}

/// A game already over at the root: every iteration backs up its known outcome at the root,
/// and no move is played.
#[test]
fn a_finished_game_at_the_root() {
    let root = cells("X X X / O O . / . . .");
    for playout in [Playout::Random, Playout::First] {
        let run = Run {
            c: 1.0,
            iterations: 7,
            seed: 4,
            playout,
        };
        check(&Ttt, root, &ttt_lesson(&root), &run, "a won board");
    }
    let (_, result) = prune_runs(
        &ttt_lesson(&root),
        &Run {
            c: 1.0,
            iterations: 7,
            seed: 4,
            playout: Playout::Random,
        },
    );
    let m = result.mcts.unwrap();
    // O is to move (three X, two O) and the root counts O's wins: X's line gives none.
    assert_eq!((m.root_n, m.root_u, m.children.len()), (7, 0, 0));
    assert!(result.mv < 0);
}

/// A saved trace whose header plays another move than the most visited root child is refused
/// when it is read: the tutor would otherwise say the run plays a move it does not.
#[test]
fn the_fold_refuses_a_header_that_plays_a_less_visited_move() {
    let root = cells("X O X / . O . / . . .");
    let lesson = ttt_lesson(&root);
    let run = Run {
        c: std::f64::consts::SQRT_2,
        iterations: 300,
        seed: 2,
        playout: Playout::Random,
    };
    let setup = lesson.setup(None, &overrides(&run)).unwrap();
    let trace = prune::run::recorded(&lesson, &setup).unwrap();
    Index::build(&trace).expect("the run as recorded is accepted");
    let m = trace.header.result.mcts.as_ref().unwrap();
    let most = m.children.iter().map(|c| c.n).max().unwrap();
    for c in m.children.iter().filter(|c| c.n < most) {
        let mut doctored = trace.clone();
        doctored.header.result.mv = c.mv;
        let err = Index::build(&doctored).expect_err("a move that is not the most visited");
        assert!(err.to_string().contains("most visited"), "{err}");
    }
}

/// The node budget stops a run before an iteration once the tree has that many nodes; the run
/// is partial and plays the most visited root child so far.
#[test]
fn a_node_budget_interrupts_between_iterations() {
    let mut rng = Mix(0xb0d6e7);
    let mut interrupted = 0;
    for k in 0..200 {
        let plies = rng.below(6);
        let Some(root) = gen_position(&mut rng, plies) else {
            continue;
        };
        let lesson = ttt_lesson(&root);
        let budget = 1 + rng.below(60);
        let run = Run {
            c: CS[k % CS.len()],
            iterations: rng.pick(&[5, 50, 200]),
            seed: k as u64,
            playout: Playout::Random,
        };
        let over = Overrides {
            budget: Some(budget as u64),
            ..overrides(&run)
        };
        let setup = lesson.setup(None, &over).unwrap();
        let mut tap = Tap::default();
        let result = prune::run::search(&lesson, &setup, &mut tap).unwrap();
        let mut oracle = Oracle::new(&Ttt, root, run.c, run.playout, Source::Trace(&tap));
        oracle.budget = budget;
        let mine = oracle
            .run(run.iterations)
            .unwrap_or_else(|e| panic!("budget {budget}: {e}"));
        assert_eq!(summary_of(&result), mine, "budget {budget}");
        interrupted += mine.interrupted as usize;
    }
    assert!(interrupted > 50, "{interrupted} runs interrupted");
}

/// A tree that holds the whole game can add no node, so the node budget does not stop it: on
/// positions with two or three empty squares the tree completes within a few iterations, and
/// every asked iteration runs (backing up finished games), as the oracle says.
#[test]
fn a_complete_tree_is_not_stopped_by_the_node_budget() {
    let mut rng = Mix(0xc0_3b1e7e);
    let mut complete_runs = 0;
    for k in 0..300 {
        let plies = 6 + rng.below(2);
        let Some(root) = gen_position(&mut rng, plies) else {
            continue;
        };
        // The whole game from `root`, counted by the test: the budget is exactly that many.
        fn nodes(c: Cells) -> usize {
            1 + (0..Ttt.moves(c))
                .map(|i| nodes(Ttt.child(c, i)))
                .sum::<usize>()
        }
        let whole = nodes(root);
        let lesson = ttt_lesson(&root);
        let run = Run {
            c: CS[k % CS.len()],
            iterations: 60,
            seed: k as u64,
            playout: Playout::Random,
        };
        let over = Overrides {
            budget: Some(whole as u64),
            ..overrides(&run)
        };
        let setup = lesson.setup(None, &over).unwrap();
        let mut tap = Tap::default();
        let result = prune::run::search(&lesson, &setup, &mut tap).unwrap();
        let mut oracle = Oracle::new(&Ttt, root, run.c, run.playout, Source::Trace(&tap));
        oracle.budget = whole;
        let mine = oracle.run(run.iterations).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(summary_of(&result), mine);
        // At most 7 nodes from 3 empty squares' first level on: 60 iterations complete it.
        assert!(
            !mine.interrupted,
            "position {root:?}: stopped with the whole tree built"
        );
        complete_runs += 1;
    }
    assert!(complete_runs > 100, "{complete_runs} runs");
}
