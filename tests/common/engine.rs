//! A student's engine, written here and not taken from prune: seed 000's alpha-beta (and
//! minimax, and seed 002's fail-soft negamax) over a lesson's graph as its JSON file states
//! it, printing the check schema (`prune check`) one line per event. Each `Mistake` is one
//! slip a student makes, for the tests that check prune names it.

#![allow(dead_code)]

use std::collections::HashMap;

use serde_json::Value;

pub const INF: i32 = 1_000_000;

/// The one slip an engine makes (or none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    None,
    /// Cuts only when α > β (where the run's rule is α ≥ β).
    CutStrict,
    /// Cuts at α ≥ β where the run's rule is α > β.
    CutLoose,
    /// Returns its value clamped into its entry window.
    FailHard,
    /// Every child gets the parent's entry window, not the improved one.
    AlphaNotPassed,
    /// MAX and MIN swapped below the root.
    SidesSwapped,
    DepthPlusOne,
    DepthMinusOne,
    RightToLeft,
    /// Stores every entry as EXACT.
    StoreExact,
    /// Takes a LOWER or UPPER entry as if exact.
    ProbeExact,
    /// Negamax: children get (α, β) unchanged.
    NotNegated,
    /// Negamax: children get (−α, −β).
    WrongWindow,
}

pub struct Node {
    pub max: bool,
    pub score: i32,
    pub moves: Vec<(usize, bool)>,
    pub label: Option<String>,
}

/// A run preset as the lesson file writes it.
#[derive(Clone, Debug)]
pub struct Preset {
    pub start: usize,
    pub depth: i32,
    pub qlimit: i32,
    pub table: bool,
    pub deepening: bool,
    pub negamax: bool,
    pub minimax: bool,
    pub strict: bool,
    pub window: (i32, i32),
    /// What this engine cannot run (ordering, PVS, aspiration, …).
    pub unsupported: Option<String>,
}

pub struct Graph {
    pub nodes: Vec<Node>,
}

fn bound(v: &Value) -> i32 {
    match v {
        Value::String(s) if s.contains("inf") => {
            if s.starts_with('-') {
                -INF
            } else {
                INF
            }
        }
        v => v.as_i64().unwrap() as i32,
    }
}

impl Graph {
    pub fn of_lesson(lesson: &Value) -> Option<Graph> {
        let nodes = lesson.get("graph")?.get("nodes")?.as_array()?;
        // The engine reads seed 000's integer scores: a graph scored by features or with
        // fractional scores is one it cannot run.
        let integer = |n: &Value| n.get("score").is_none_or(|s| s.as_i64().is_some());
        if nodes
            .iter()
            .any(|n| n.get("features").is_some() || !integer(n))
        {
            return None;
        }
        let nodes = nodes
            .iter()
            .map(|n| Node {
                max: n["player"] == "MAX",
                score: n.get("score").and_then(Value::as_i64).unwrap_or(0) as i32,
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
                label: n.get("label").and_then(Value::as_str).map(String::from),
            })
            .collect();
        Some(Graph { nodes })
    }

    /// The node as this engine prints it: its label, else its number.
    pub fn name(&self, s: usize) -> String {
        match &self.nodes[s].label {
            Some(l) => Value::String(l.clone()).to_string(),
            None => s.to_string(),
        }
    }
}

impl Preset {
    pub fn of(run: &Value) -> Preset {
        let algorithm = run
            .get("algorithm")
            .and_then(Value::as_str)
            .unwrap_or("alphabeta");
        let mut unsupported = None;
        for key in [
            "ordering",
            "aspiration",
            "pitfall",
            "chance_as",
            "leaf_map",
            "for",
            "ties",
        ] {
            if run.get(key).is_some_and(|v| v != &Value::Bool(false)) {
                unsupported = Some(key.to_string());
            }
        }
        if !["alphabeta", "minimax", "negamax"].contains(&algorithm) {
            unsupported = Some(algorithm.to_string());
        }
        let negamax = algorithm == "negamax";
        let table = run.get("table").and_then(Value::as_bool).unwrap_or(true);
        if negamax && table {
            unsupported = Some("negamax with a table".into());
        }
        Preset {
            start: run.get("start").and_then(Value::as_u64).unwrap_or(0) as usize,
            depth: run["depth"].as_i64().unwrap() as i32,
            qlimit: run.get("qlimit").and_then(Value::as_i64).unwrap_or(0) as i32,
            table: table && algorithm != "minimax",
            deepening: run
                .get("deepening")
                .and_then(Value::as_bool)
                .unwrap_or(true),
            negamax,
            minimax: algorithm == "minimax",
            strict: run.get("cut").and_then(Value::as_str) == Some("gt"),
            window: run
                .get("window")
                .and_then(Value::as_array)
                .map_or((-INF, INF), |w| (bound(&w[0]), bound(&w[1]))),
            unsupported,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Flag {
    Exact,
    Lower,
    Upper,
}

impl Flag {
    fn name(self) -> &'static str {
        match self {
            Flag::Exact => "EXACT",
            Flag::Lower => "LOWER",
            Flag::Upper => "UPPER",
        }
    }
}

fn b(v: i32) -> String {
    if v >= INF {
        "\"inf\"".into()
    } else if v <= -INF {
        "\"-inf\"".into()
    } else {
        v.to_string()
    }
}

fn mv(m: i32) -> String {
    if m < 0 { "null".into() } else { m.to_string() }
}

/// The engine: prints as it searches.
pub struct Engine<'a> {
    g: &'a Graph,
    p: Preset,
    mistake: Mistake,
    table: HashMap<(usize, i32, i32), (i32, i32, Flag)>,
    pub out: Vec<String>,
}

impl<'a> Engine<'a> {
    pub fn new(g: &'a Graph, p: Preset, mistake: Mistake) -> Engine<'a> {
        Engine {
            g,
            p,
            mistake,
            table: HashMap::new(),
            out: Vec::new(),
        }
    }

    /// The whole run (every pass), its lines joined.
    pub fn run(mut self) -> String {
        let first = if self.p.deepening { 1 } else { self.p.depth };
        for d in first..=self.p.depth {
            let d = match self.mistake {
                Mistake::DepthPlusOne => d + 1,
                Mistake::DepthMinusOne => d - 1,
                _ => d,
            };
            let (lo, hi) = self.p.window;
            if self.p.negamax {
                let (lo, hi) = if self.g.nodes[self.p.start].max {
                    (lo, hi)
                } else {
                    (-hi, -lo)
                };
                self.negamax(self.p.start, d, lo, hi);
            } else {
                self.alphabeta(self.p.start, d, self.p.qlimit, lo, hi, true);
            }
        }
        self.out.join("\n") + "\n"
    }

    fn say(&mut self, line: String) {
        self.out.push(line);
    }

    fn closed(&self, alpha: i32, beta: i32) -> bool {
        let strict = match self.mistake {
            Mistake::CutStrict => true,
            Mistake::CutLoose => false,
            _ => self.p.strict,
        };
        if strict { alpha > beta } else { alpha >= beta }
    }

    /// Seed 000's alpha-beta, scores from MAX's side.
    fn alphabeta(
        &mut self,
        s: usize,
        depth: i32,
        q: i32,
        alpha: i32,
        beta: i32,
        root: bool,
    ) -> (i32, i32) {
        let (mut alpha, mut beta) = (alpha, beta);
        let node = &self.g.nodes[s];
        let max = node.max ^ (self.mistake == Mistake::SidesSwapped && !root);
        let name = self.g.name(s);
        let ql = if self.p.qlimit > 0 {
            format!(",\"q\":{q}")
        } else {
            String::new()
        };
        let (win_a, win_b) = if self.p.minimax {
            (-INF, INF)
        } else {
            (alpha, beta)
        };
        self.say(format!(
            r#"{{"event":"enter","node":{name},"depth":{depth}{ql},"alpha":{},"beta":{}}}"#,
            b(win_a),
            b(win_b)
        ));
        let (a0, b0) = (alpha, beta);
        let key = (s, depth, q);
        if self.p.table {
            let found = self.table.get(&key).copied();
            let hit = found.is_some_and(|(v, _, f)| {
                f == Flag::Exact
                    || self.mistake == Mistake::ProbeExact
                    || (f == Flag::Lower && v >= beta)
                    || (f == Flag::Upper && v <= alpha)
            });
            let extra = found.map_or(String::new(), |(v, _, f)| {
                format!(r#","value":{},"flag":"{}""#, b(v), f.name())
            });
            self.say(format!(
                r#"{{"event":"probe","node":{name},"depth":{depth}{ql},"hit":{hit}{extra}}}"#
            ));
            if let Some((v, m, _)) = found.filter(|_| hit) {
                self.say(format!(
                    r#"{{"event":"return","node":{name},"value":{},"move":{}}}"#,
                    b(v),
                    mv(m)
                ));
                return (v, m);
            }
        }
        if node.moves.is_empty() || (depth <= 0 && q == 0) {
            return self.finish(s, depth, q, node.score, -1, Flag::Exact);
        }
        let mut best = if max { -INF } else { INF };
        let mut best_move = -1;
        if depth <= 0 {
            best = node.score;
            if (max && best >= beta) || (!max && best <= alpha) {
                self.say(format!(
                    r#"{{"event":"cutoff","node":{name},"alpha":{},"beta":{},"move":null}}"#,
                    b(alpha),
                    b(beta)
                ));
                let flag = if max { Flag::Lower } else { Flag::Upper };
                return self.finish(s, depth, q, best, -1, flag);
            }
            self.narrow(s, max, best, &mut alpha, &mut beta);
        }
        let mut order: Vec<usize> = (0..node.moves.len())
            .filter(|&i| depth > 0 || node.moves[i].1)
            .collect();
        if self.mistake == Mistake::RightToLeft {
            order.reverse();
        }
        for i in order {
            let child = node.moves[i].0;
            let (ca, cb) = match self.mistake {
                Mistake::AlphaNotPassed => (a0, b0),
                _ if self.p.minimax => (-INF, INF),
                _ => (alpha, beta),
            };
            let (cd, cq) = if depth > 0 {
                (depth - 1, q)
            } else {
                (0, q - 1)
            };
            let (v, _) = self.alphabeta(child, cd, cq, ca, cb, false);
            if (max && v > best) || (!max && v < best) {
                best = v;
                best_move = i as i32;
            }
            if self.p.minimax {
                continue;
            }
            self.narrow(s, max, best, &mut alpha, &mut beta);
            if self.closed(alpha, beta) {
                self.say(format!(
                    r#"{{"event":"cutoff","node":{name},"alpha":{},"beta":{},"move":{i}}}"#,
                    b(alpha),
                    b(beta)
                ));
                break;
            }
        }
        let flag = if best <= a0 {
            Flag::Upper
        } else if best >= b0 {
            Flag::Lower
        } else {
            Flag::Exact
        };
        if self.mistake == Mistake::FailHard {
            best = best.clamp(a0, b0);
        }
        self.finish(s, depth, q, best, best_move, flag)
    }

    /// Raises α (MAX) or lowers β (MIN) to `best`, printing the window when it moves.
    fn narrow(&mut self, s: usize, max: bool, best: i32, alpha: &mut i32, beta: &mut i32) {
        let moved = if max && best > *alpha {
            *alpha = best;
            true
        } else if !max && best < *beta {
            *beta = best;
            true
        } else {
            false
        };
        if moved {
            let name = self.g.name(s);
            self.say(format!(
                r#"{{"event":"window","node":{name},"alpha":{},"beta":{}}}"#,
                b(*alpha),
                b(*beta)
            ));
        }
    }

    /// Stores (with the table on) and returns.
    fn finish(&mut self, s: usize, depth: i32, q: i32, v: i32, m: i32, flag: Flag) -> (i32, i32) {
        let name = self.g.name(s);
        let flag = if self.mistake == Mistake::StoreExact {
            Flag::Exact
        } else {
            flag
        };
        if self.p.table {
            let ql = if self.p.qlimit > 0 {
                format!(",\"q\":{q}")
            } else {
                String::new()
            };
            self.table.insert((s, depth, q), (v, m, flag));
            self.say(format!(
                r#"{{"event":"store","node":{name},"depth":{depth}{ql},"value":{},"flag":"{}","move":{}}}"#,
                b(v),
                flag.name(),
                mv(m)
            ));
        }
        self.say(format!(
            r#"{{"event":"return","node":{name},"value":{},"move":{}}}"#,
            b(v),
            mv(m)
        ));
        (v, m)
    }

    /// Seed 002's fail-soft negamax, scores from the side to move, no table.
    fn negamax(&mut self, s: usize, depth: i32, alpha: i32, beta: i32) -> i32 {
        let mut alpha = alpha;
        let node = &self.g.nodes[s];
        let name = self.g.name(s);
        self.say(format!(
            r#"{{"event":"enter","node":{name},"depth":{depth},"alpha":{},"beta":{}}}"#,
            b(alpha),
            b(beta)
        ));
        if node.moves.is_empty() || depth <= 0 {
            let v = if node.max { node.score } else { -node.score };
            self.say(format!(
                r#"{{"event":"return","node":{name},"value":{},"move":null}}"#,
                b(v)
            ));
            return v;
        }
        let (mut best, mut best_move) = (-INF, -1);
        for (i, &(child, _)) in node.moves.iter().enumerate() {
            let (ca, cb) = match self.mistake {
                Mistake::NotNegated => (alpha, beta),
                Mistake::WrongWindow => (-alpha, -beta),
                _ => (-beta, -alpha),
            };
            let v = -self.negamax(child, depth - 1, ca, cb);
            if v > best {
                best = v;
                best_move = i as i32;
            }
            if best > alpha {
                alpha = best;
                self.say(format!(
                    r#"{{"event":"window","node":{name},"alpha":{},"beta":{}}}"#,
                    b(alpha),
                    b(beta)
                ));
            }
            if self.closed(alpha, beta) {
                self.say(format!(
                    r#"{{"event":"cutoff","node":{name},"alpha":{},"beta":{},"move":{i}}}"#,
                    b(alpha),
                    b(beta)
                ));
                break;
            }
        }
        self.say(format!(
            r#"{{"event":"return","node":{name},"value":{},"move":{}}}"#,
            b(best),
            mv(best_move)
        ));
        best
    }
}

/// Where two printed runs part, as the tests reason it: the index of the first line that
/// differs (or where one ends), and the call that line belongs to in `right` (1-based: the
/// number of enters up to it, or of the innermost call open there).
pub fn parting(right: &str, wrong: &str) -> Option<(usize, usize)> {
    let (r, w): (Vec<&str>, Vec<&str>) = (right.lines().collect(), wrong.lines().collect());
    let i = (0..r.len().max(w.len())).find(|&i| r.get(i) != w.get(i))?;
    // The call a non-enter line belongs to is the innermost open one.
    let mut open = Vec::new();
    let mut n = 0;
    for (k, line) in r.iter().enumerate() {
        if k == i {
            break;
        }
        if line.contains(r#""event":"enter""#) {
            n += 1;
            open.push(n);
        } else if line.contains(r#""event":"return""#) {
            open.pop();
        }
    }
    let call = if r.get(i).is_some_and(|l| l.contains(r#""event":"enter""#)) {
        n + 1
    } else {
        *open.last().unwrap_or(&n)
    };
    Some((i, call))
}
