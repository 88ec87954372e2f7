//! The answers of the Monte Carlo practice kinds, worked out from a problem's JSON alone by
//! this file's own reading of seed 004 §6 (it shares no code with the core): UCB1 = U/N +
//! C·sqrt(ln N(parent) / N) with the natural log, an unvisited child first, the largest UCB1
//! (the first in move order on a tie) otherwise, the most visited root child played, and a
//! tiny UCT step for the backup: select down the stated tree, expand one untried move (or stop
//! at a finished game), and add one visit and the result for the player who moved into each
//! node. Counts are in half-wins (a win 2, a draw 1).

#![allow(dead_code)]

use prune::practice::{Kind, Problem};
use serde_json::Value;

pub struct Node {
    pub max: bool,
    pub score: Option<i64>,
    pub kids: Vec<usize>,
    pub name: String,
}

pub fn tree(p: &Problem) -> Vec<Node> {
    let v = serde_json::to_value(&p.item.graph).unwrap();
    (v["nodes"].as_array().unwrap().iter())
        .map(|n| Node {
            max: n["player"] == "MAX",
            score: n.get("score").and_then(Value::as_i64),
            kids: (n.get("moves").and_then(Value::as_array))
                .map(|m| {
                    m.iter()
                        .map(|e| e["child"].as_u64().unwrap() as usize)
                        .collect()
                })
                .unwrap_or_default(),
            name: n["label"].as_str().unwrap().to_string(),
        })
        .collect()
}

/// The problem's stated tree and run: C, each stated node's (path of labels, N, half-wins)
/// and the scripted result for MAX in half-wins.
pub struct Stated {
    pub c: f64,
    pub given: Vec<(Vec<String>, u32, u32)>,
    pub result: u32,
}

pub fn stated(p: &Problem) -> Stated {
    let r = serde_json::to_value(&p.item.runs[0]).unwrap();
    let c = match &r["c"] {
        Value::String(s) if s == "sqrt2" => 2f64.sqrt(),
        v => v.as_f64().unwrap(),
    };
    let given = (r["given"].as_array().unwrap().iter())
        .map(|g| {
            let path = (g["path"].as_array().unwrap().iter())
                .map(|s| s.as_str().unwrap().to_string())
                .collect();
            let u = g["u"].as_f64().unwrap() * 2.0;
            (path, g["n"].as_u64().unwrap() as u32, u as u32)
        })
        .collect();
    let result = match r["script"][0].as_str().unwrap() {
        "MAX" => 2,
        "draw" => 1,
        _ => 0,
    };
    Stated { c, given, result }
}

impl Stated {
    pub fn counts(&self, path: &[String]) -> Option<(u32, u32)> {
        (self.given.iter())
            .find(|g| g.0 == path)
            .map(|g| (g.1, g.2))
    }
}

pub fn ucb1(n: u32, halves: u32, parent: u32, c: f64) -> f64 {
    (halves as f64 / 2.0) / n as f64 + c * ((parent as f64).ln() / n as f64).sqrt()
}

/// The child index selection takes at the node reached by `path` (`None`: an untried one,
/// with its index).
fn select(t: &[Node], s: &Stated, at: usize, path: &[String]) -> (usize, bool) {
    let (parent, _) = s.counts(path).unwrap();
    let mut best: Option<(usize, f64)> = None;
    for (i, &k) in t[at].kids.iter().enumerate() {
        let mut p = path.to_vec();
        p.push(t[k].name.clone());
        let Some((n, u)) = s.counts(&p) else {
            return (i, true);
        };
        let v = ucb1(n, u, parent, s.c);
        if best.is_none_or(|b| v > b.1) {
            best = Some((i, v));
        }
    }
    (best.unwrap().0, false)
}

/// The root's children in move order with their stated counts.
pub fn root_children(t: &[Node], s: &Stated) -> Vec<(String, Option<(u32, u32)>)> {
    (t[0].kids.iter())
        .map(|&k| (t[k].name.clone(), s.counts(&[t[k].name.clone()])))
        .collect()
}

pub fn selected(t: &[Node], s: &Stated) -> String {
    let (i, _) = select(t, s, 0, &[]);
    t[t[0].kids[i]].name.clone()
}

pub fn most_visited(t: &[Node], s: &Stated) -> String {
    let mut best: Option<(String, u32)> = None;
    for (l, c) in root_children(t, s) {
        let n = c.map_or(0, |c| c.0);
        if best.as_ref().is_none_or(|b| n > b.1) {
            best = Some((l, n));
        }
    }
    best.unwrap().0
}

/// The child with the largest UCB1 among the visited ones (the usual wrong "played" answer).
pub fn highest_ucb1(t: &[Node], s: &Stated) -> String {
    let parent = s.counts(&[]).unwrap().0;
    let mut best: Option<(String, f64)> = None;
    for (l, c) in root_children(t, s) {
        let Some((n, u)) = c else { continue };
        let v = ucb1(n, u, parent, s.c);
        if best.as_ref().is_none_or(|b| v > b.1) {
            best = Some((l, v));
        }
    }
    best.unwrap().0
}

/// One UCT iteration on the stated tree: (label, N, half-wins) after it of each stated node
/// the selection passes below the root; `bug` rewards MAX's result at every node instead (the
/// classic mistake).
pub fn backed_up(t: &[Node], s: &Stated, bug: bool) -> Vec<(String, u32, u32)> {
    let mut at = 0;
    let mut path: Vec<String> = Vec::new();
    let mut nodes = Vec::new();
    let result;
    loop {
        if t[at].kids.is_empty() {
            result = match t[at].score.unwrap() {
                v if v > 0 => 2,
                0 => 1,
                _ => 0,
            };
            break;
        }
        let (i, untried) = select(t, s, at, &path);
        if untried {
            result = s.result;
            break;
        }
        let mover_max = t[at].max;
        at = t[at].kids[i];
        path.push(t[at].name.clone());
        nodes.push((path.clone(), mover_max));
    }
    (nodes.into_iter())
        .map(|(p, mover_max)| {
            let (n, u) = s.counts(&p).unwrap();
            let reward = if mover_max || bug { result } else { 2 - result };
            (p.last().unwrap().clone(), n + 1, u + reward)
        })
        .collect()
}

pub fn counts_text(rows: &[(String, u32, u32)]) -> String {
    rows.iter()
        .map(|(l, n, u)| format!("{l} {n} {}", *u as f64 / 2.0))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The asked child's UCB1 (its parent is the root, or the stated node above it).
pub fn asked_ucb1(p: &Problem, s: &Stated) -> f64 {
    let asked = p.item.node.clone().unwrap();
    let (n, u) = s.counts(std::slice::from_ref(&asked)).unwrap();
    ucb1(n, u, s.counts(&[]).unwrap().0, s.c)
}

/// The right answer line of a Monte Carlo problem.
pub fn answer(p: &Problem) -> String {
    let t = tree(p);
    let s = stated(p);
    match p.item.kind {
        Kind::MctsUcb1 => format!("{:.3}", asked_ucb1(p, &s)),
        Kind::MctsSelect => selected(&t, &s),
        Kind::MctsPlayed => most_visited(&t, &s),
        _ => counts_text(&backed_up(&t, &s, false)),
    }
}

/// Wrong answers and the node the grader must name for each.
pub fn wrong(p: &Problem) -> Vec<(String, String)> {
    let t = tree(p);
    let s = stated(p);
    let mut out = Vec::new();
    match p.item.kind {
        Kind::MctsUcb1 => {
            let v = asked_ucb1(p, &s);
            let asked = p.item.node.clone().unwrap();
            out.push((format!("{:.3}", v + 0.01), asked.clone()));
            out.push((format!("{:.3}", v - 0.002), asked));
        }
        Kind::MctsSelect | Kind::MctsPlayed => {
            let right = answer(p);
            for (l, _) in root_children(&t, &s) {
                if l != right {
                    out.push((l, right.clone()));
                }
            }
        }
        _ => {
            let mut rows = backed_up(&t, &s, false);
            let first = rows[0].0.clone();
            rows[0].2 += 1;
            out.push((counts_text(&rows), first.clone()));
            rows[0].2 -= 1;
            rows[0].1 -= 1;
            out.push((counts_text(&rows), first));
        }
    }
    out
}
