//! Monte Carlo events in the jsonl rendering: each read off the index at its step.

use serde::Serialize;
use serde_json::{Value, json};

use crate::index::Recorded;
use crate::index::monte::{wins_number, wins_text};
use crate::trace::Event;

/// A Monte Carlo event as scripts read it: a selection with every child's counts, mean,
/// bonus and UCB1 at that moment; an expansion with its move and state; a playout with its
/// moves; a backup with the counts before and after. The fields of each form are declared in
/// the order JSON writes them (by name), so a line reads the same whichever way it is written.
#[derive(Serialize)]
#[serde(untagged)]
enum MctsJson<'a> {
    Select {
        children: Vec<ChildJson>,
        event: &'static str,
        node: u32,
        pos: u16,
    },
    Expand {
        event: &'static str,
        mv: u16,
        node: u32,
        parent: u32,
        state: u32,
    },
    Playout {
        event: &'static str,
        moves: &'a [u16],
        node: u32,
        result: u8,
        states: &'a [u32],
        value: i32,
    },
    Backup {
        event: &'static str,
        n: u32,
        n_before: u32,
        node: u32,
        reward: u8,
        u: f64,
        u_before: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        u_halves: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        u_units: Option<u32>,
    },
    /// The kinds written as the trace writes them.
    Plain(Event),
}

/// One child's row of a selection.
#[derive(Serialize)]
struct ChildJson {
    bonus: Option<f64>,
    mean: Option<f64>,
    mv: u16,
    n: u32,
    node: u32,
    u: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    u_halves: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    u_units: Option<u32>,
    ucb1: Option<f64>,
}

/// An exact count of the run's reward unit as JSON names it: `u_halves` in half-wins,
/// otherwise `u_units` (the unit is stated once, by the `reward_unit` line or `per_win`).
fn counted(u: u32, per_win: u32) -> (Option<u32>, Option<u32>) {
    if per_win == 2 {
        (Some(u), None)
    } else {
        (None, Some(u))
    }
}

/// The jsonl rendering's first line for a run counting rewards in a unit other than
/// half-wins: what `u_units`, `reward` and `result` count.
pub(super) fn unit_line(rec: &Recorded) -> Option<String> {
    let per_win = rec.index.monte.per_win();
    (!rec.index.monte.is_empty() && per_win != 2).then(|| {
        json!({"event": "reward_unit", "per_win": per_win,
               "meaning": format!("every u_units, reward and result counts 1/{per_win} of a win ({})",
                                  crate::search::mcts::unit_words(per_win))})
        .to_string()
    })
}

/// A real number to six decimals, as JSON writes UCB1 (infinite as null).
fn round6(x: f64) -> Option<f64> {
    x.is_finite().then(|| (x * 1e6).round() / 1e6)
}

/// Event `i` (Monte Carlo detail `d`) read off the index at its step.
fn mcts_json(rec: &Recorded, i: usize, d: crate::event::Mcts) -> MctsJson<'_> {
    use crate::event::Mcts;
    match d {
        Mcts::Select {
            node,
            start,
            len,
            pos,
        } => {
            let bonuses = rec.trace.bonuses(start, len).unwrap_or(&[]);
            let per_win = rec.index.monte.per_win();
            let children = (rec.index.monte.selection(node, i, bonuses, pos).iter())
                .map(|r| {
                    let (u_halves, u_units) = counted(r.counts.u, per_win);
                    ChildJson {
                        bonus: round6(r.bonus),
                        mean: round6(r.mean),
                        mv: r.mv,
                        n: r.counts.n,
                        node: r.node,
                        u: wins_number(r.counts.u, per_win),
                        u_halves,
                        u_units,
                        ucb1: round6(r.ucb1),
                    }
                })
                .collect();
            MctsJson::Select {
                children,
                event: "select",
                node,
                pos,
            }
        }
        Mcts::Expand { node, parent, at } => {
            let (moves, states) = rec.trace.order(at, 1);
            MctsJson::Expand {
                event: "expand",
                mv: moves[0],
                node,
                parent,
                state: states[0],
            }
        }
        Mcts::Playout {
            node,
            start,
            len,
            result,
            value,
        } => {
            let (moves, states) = rec.trace.order(start, len);
            MctsJson::Playout {
                event: "playout",
                moves,
                node,
                result,
                states,
                value,
            }
        }
        Mcts::Backup { node, n, u, reward } => {
            let per_win = rec.index.monte.per_win();
            let (u_halves, u_units) = counted(u, per_win);
            MctsJson::Backup {
                event: "backup",
                n,
                n_before: n - 1,
                node,
                reward,
                u: wins_number(u, per_win),
                u_before: wins_number(u - u32::from(reward), per_win),
                u_halves,
                u_units,
            }
        }
        Mcts::Given { .. } | Mcts::Iteration { .. } | Mcts::Draw { .. } | Mcts::Known { .. } => {
            MctsJson::Plain(Event::Mcts(d))
        }
    }
}

/// Event `i` as a JSON value (for renderings that edit the value).
pub(super) fn event_json(rec: &Recorded, i: usize, d: crate::event::Mcts) -> Value {
    serde_json::to_value(mcts_json(rec, i, d)).unwrap_or_default()
}

/// Event `i` as one line of the jsonl rendering, written without a JSON value in between.
pub(super) fn write_event_json(rec: &Recorded, i: usize, d: crate::event::Mcts, buf: &mut String) {
    match mcts_json(rec, i, d) {
        // A plain event's fields are declared in another order than JSON sorts them.
        MctsJson::Plain(event) => {
            let value = serde_json::to_value(event).unwrap_or_default();
            buf.push_str(&value.to_string());
        }
        form => buf.push_str(&serde_json::to_string(&form).unwrap_or_default()),
    }
    buf.push('\n');
}

/// How often each outcome of each chance node was drawn in one Monte Carlo run, counted from
/// the run's own `Draw` events as it goes (`prune run` records nothing else). A node is named
/// by the state it stands for, which its `Expand` event gives.
#[derive(Debug, Default, Clone)]
pub struct Draws {
    /// Every node's (parent, move from it, state), by node id; the root's parent is `u32::MAX`.
    nodes: Vec<(u32, u16, u32)>,
    /// The move and state of the last expansion's arena entry (an `Expand` follows it).
    last: (u16, u32),
    /// Per chance node that drew: the count of each outcome, by move index.
    drawn: std::collections::BTreeMap<u32, Vec<u32>>,
    numbers: crate::observer::Interner,
}

impl Draws {
    /// A tally for a run from `start`.
    pub fn new(start: u32) -> Draws {
        Draws {
            nodes: vec![(u32::MAX, 0, start)],
            ..Draws::default()
        }
    }

    /// Each chance node that drew: (node, its state, its moves from the root, the count of
    /// each outcome by move index), in node order.
    pub fn chance_nodes(&self) -> Vec<(u32, u32, Vec<u16>, &[u32])> {
        (self.drawn.iter())
            .map(|(&node, counts)| {
                let state = self.nodes.get(node as usize).map_or(0, |n| n.2);
                (node, state, self.path(node), counts.as_slice())
            })
            .collect()
    }

    fn path(&self, mut node: u32) -> Vec<u16> {
        let mut path = Vec::new();
        while let Some(&(parent, pos, _)) = self.nodes.get(node as usize) {
            if parent == u32::MAX {
                break;
            }
            path.push(pos);
            node = parent;
        }
        path.reverse();
        path
    }
}

impl crate::observer::Observer for Draws {
    const ENABLED: bool = true;

    fn event(&mut self, event: Event) {
        use crate::event::Mcts;
        match event {
            Event::Mcts(Mcts::Expand { node, parent, .. }) => {
                let at = node as usize;
                if self.nodes.len() <= at {
                    self.nodes.resize(at + 1, (u32::MAX, 0, 0));
                }
                self.nodes[at] = (parent, self.last.0, self.last.1);
            }
            Event::Mcts(Mcts::Draw { node, pos }) => {
                let counts = self.drawn.entry(node).or_default();
                if counts.len() <= pos as usize {
                    counts.resize(pos as usize + 1, 0);
                }
                counts[pos as usize] += 1;
            }
            _ => {}
        }
    }

    /// Numbered as a recorded trace numbers them, so `state` in the JSON is the trace's.
    fn state<G: crate::game::Game>(&mut self, game: &G, s: G::State) -> u32 {
        self.numbers.id(game, s)
    }

    fn order(&mut self, _: u32, _: &[u16], _: &[u32]) {}

    fn arena(&mut self, moves: &[u16], states: &[u32]) -> u32 {
        if let (Some(&m), Some(&s)) = (moves.first(), states.first()) {
            self.last = (m, s);
        }
        0
    }
}

/// What `prune run` says of a Monte Carlo run, read from its result (and its draw counts).
pub struct RunView<'a> {
    pub result: &'a crate::search::RunResult,
    pub options: &'a crate::search::Options,
    pub model: &'a crate::game::model::Model,
    /// The state the run starts from.
    pub start: u32,
    /// Present when the run's game has chance nodes.
    pub draws: Option<&'a Draws>,
}

impl RunView<'_> {
    fn summary(&self) -> Option<&crate::search::MctsSummary> {
        self.result.mcts.as_deref()
    }

    /// What the game says of the position `path` reaches from the start.
    fn at(&self, path: &[u16]) -> Option<crate::game::Described> {
        self.model.describe_at(self.start, path)
    }

    /// The position's name as the game gives it (a graph's label, a board).
    fn state_name(&self, state: u32, path: &[u16]) -> String {
        (self.at(path).and_then(|d| d.label)).unwrap_or_else(|| state.to_string())
    }

    /// A root move as the game names it (a square, a graph child's label).
    fn root_move(&self, mv: i16) -> String {
        let name = self.model.move_name(self.start, mv);
        crate::text::one_line(&name.unwrap_or_else(|| mv.to_string())).into_owned()
    }

    /// A root move as a JSON number: the square a tic-tac-toe move marks, else its index
    /// (as `prune run --json` writes every search's move).
    fn root_move_json(&self, mv: i16) -> Value {
        self.model.move_number(self.start, mv).into()
    }

    fn outcome_name(&self, path: &[u16], pos: usize) -> String {
        (self.model.move_name_at(self.start, path, pos as i16)).unwrap_or_else(|| pos.to_string())
    }

    fn probability(&self, path: &[u16], pos: usize) -> String {
        (self.at(path))
            .and_then(|d| d.chances.get(pos).cloned())
            .unwrap_or_else(|| "?".into())
    }

    /// How many outcomes the chance position `path` reaches has.
    fn outcomes(&self, path: &[u16]) -> usize {
        self.at(path).map_or(0, |d| d.chances.len())
    }

    /// Seed 000's first line's place: status, iterations (and the interruption), C, the
    /// playout policy, and the move played; then the tree's counters, the root's counts, one
    /// line per root child and the chance draws.
    pub fn text(&self, name: &str) -> String {
        use std::fmt::Write as _;
        let Some(m) = self.summary() else {
            return String::new();
        };
        let mc = &self.options.mcts;
        let iterations = if m.interrupted {
            format!("{} of {} iterations", m.iterations, mc.iterations)
        } else {
            format!("{} iterations", m.iterations)
        };
        let chance_root = self.chance_root();
        let played = match self.result.mv {
            mv if mv >= 0 && chance_root => format!("most visited outcome={}", self.root_move(mv)),
            mv if mv >= 0 => format!("move={}", self.root_move(mv)),
            _ => "move=none".into(),
        };
        // Short lines: each fits 80 columns unless the run's name is long.
        let mut out = format!(
            "{}: {}, mcts, {iterations}, {played}\n",
            crate::text::one_line(name),
            self.result.status.name(),
        );
        if m.interrupted {
            let _ = writeln!(
                out,
                "interrupted after {} of {} iterations by the node budget ({} nodes)",
                m.iterations, mc.iterations, self.options.budget
            );
        }
        if chance_root {
            out.push_str("the root is a chance node: its outcomes are drawn, no move is chosen\n");
        }
        let _ = writeln!(
            out,
            "C={}, playout={}, seed={}",
            mc.c_text(),
            mc.playout.name(),
            mc.seed
        );
        let s = &self.result.stats;
        let _ = writeln!(
            out,
            "nodes={} in the tree, evals={} (playouts and finished games), peak={}",
            s.nodes, s.evals, s.peak
        );
        let root_side = self.model.side_at_start(self.start);
        let whose = if chance_root {
            "wins of MAX".to_string()
        } else {
            format!("wins of {}, to move at the root", root_side.name())
        };
        let rule = match mc.reward {
            crate::search::mcts::Reward::Outcome => "a draw is half a win",
            crate::search::mcts::Reward::Score => "a finished game's score is MAX's reward",
        };
        let _ = writeln!(
            out,
            "root: N={}, U={} ({whose}; {rule})",
            m.root_n,
            wins_text(m.root_u, m.per_win.into()),
        );
        if m.children.is_empty() {
            out.push_str("the root is a finished game: no move to play\n");
        } else {
            out.push_str(&self.children_table(m));
        }
        out.push_str(&self.draws_text());
        out
    }

    /// Whether the run's root is a chance node.
    fn chance_root(&self) -> bool {
        self.model.side_at_start(self.start).is_chance()
    }

    /// One row per root child with a node: move, N, U, U/N and UCB1 under the root's final N.
    fn children_table(&self, m: &crate::search::MctsSummary) -> String {
        let chance_root = self.chance_root();
        let header = ["move", "N", "U", "mean", "UCB1", ""];
        let rows: Vec<[String; 6]> = (m.children.iter())
            .map(|c| {
                let (mean, ucb1) = child_figures(c, m.per_win);
                [
                    self.root_move(c.mv),
                    c.n.to_string(),
                    wins_text(c.u, m.per_win.into()),
                    format!("{mean:.3}"),
                    // A chance node draws its outcomes: no UCB1 chooses among them.
                    match ucb1 {
                        _ if chance_root => "—".into(),
                        Some(v) => format!("{v:.3}"),
                        None => "∞".into(),
                    },
                    if c.mv == self.result.mv && chance_root {
                        "← most visited".into()
                    } else if c.mv == self.result.mv {
                        "← played".into()
                    } else {
                        String::new()
                    },
                ]
            })
            .collect();
        let mut widths = header.map(crate::text::width);
        for row in &rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(crate::text::width(cell));
            }
        }
        let line = |cells: [&str; 6]| {
            let mut l = String::new();
            for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
                let pad = " ".repeat(w.saturating_sub(crate::text::width(cell)));
                if i > 0 {
                    l.push_str("  ");
                }
                if i == 0 || i == 5 {
                    l.push_str(cell);
                    l.push_str(&pad);
                } else {
                    l.push_str(&pad);
                    l.push_str(cell);
                }
            }
            l.trim_end().to_string() + "\n"
        };
        // Under reward-reversed the children count for the player to move there, not for
        // the rule's player.
        let reversed = self.options.pitfall == Some(crate::search::Pitfall::RewardReversed);
        let mut out = String::from(match (chance_root, reversed) {
            (true, false) => "root outcomes (U: wins of MAX):\n",
            (true, true) => "root outcomes (U: wins of MIN, as reward-reversed counts them):\n",
            (false, false) => {
                "root children (the move played is the most visited; U: wins of its mover):\n"
            }
            (false, true) => {
                "root children (the move played is the most visited; U: wins of the mover's opponent, as reward-reversed counts them):\n"
            }
        });
        if !chance_root {
            out.push_str(&format!("UCB1 = U/N + C·sqrt(ln {} / N)\n", m.root_n));
        }
        out.push_str(&line(header));
        for row in &rows {
            out.push_str(&line(row.each_ref().map(String::as_str)));
        }
        out
    }

    /// One line per chance node that drew: how often each outcome was drawn.
    fn draws_text(&self) -> String {
        let Some(d) = self.draws else {
            return String::new();
        };
        let mut out = String::new();
        for (node, state, path, counts) in d.chance_nodes() {
            let total: u32 = counts.iter().sum();
            let outcomes: Vec<String> = (0..self.outcomes(&path))
                .map(|pos| {
                    format!(
                        "{} (p={}) {}",
                        crate::text::one_line(&self.outcome_name(&path, pos)),
                        self.probability(&path, pos),
                        counts.get(pos).copied().unwrap_or(0)
                    )
                })
                .collect();
            out.push_str(&format!(
                "drawn at chance node {} (node {node}, {}), {total} draws:\n",
                crate::text::one_line(&self.state_name(state, &path)),
                path_words(&path),
            ));
            out.push_str(&wrapped("  ", &outcomes, 78));
        }
        out
    }

    /// The run as one JSON object: the move played, the iterations, each root child's
    /// counts and figures, and the chance draws.
    pub fn json(&self) -> String {
        let Some(m) = self.summary() else {
            return "{}\n".into();
        };
        let mc = &self.options.mcts;
        let per_win = u32::from(m.per_win);
        let children: Vec<Value> = (m.children.iter())
            .map(|c| {
                let (mean, ucb1) = child_figures(c, m.per_win);
                let mut child = json!({"move": self.root_move_json(c.mv), "move_name": self.root_move(c.mv), "index": c.mv, "node": c.node,
                       "n": c.n,
                       "mean": round6(mean),
                       "ucb1": ucb1.filter(|_| !self.chance_root()).and_then(round6)});
                u_fields(&mut child, c.u, per_win);
                child
            })
            .collect();
        let s = &self.result.stats;
        let mut value = json!({
            "status": self.result.status.name(),
            "algorithm": self.options.algorithm.name(),
            "move": if self.result.mv >= 0 { self.root_move_json(self.result.mv) } else { Value::Null },
            "iterations": m.iterations,
            "iterations_asked": mc.iterations,
            "interrupted": m.interrupted,
            "c": round6(mc.c.0),
            "c_text": mc.c_text(),
            "playout": mc.playout.name(),
            "seed": mc.seed,
            "root": {"n": m.root_n},
            "children": children,
            "stats": {"nodes": s.nodes, "evals": s.evals, "peak": s.peak},
        });
        u_fields(&mut value["root"], m.root_u, per_win);
        if per_win != 2 {
            value["per_win"] = per_win.into();
            value["u_unit"] = crate::search::mcts::unit_words(per_win).into();
        }
        if let Some(d) = self.draws {
            let draws: Vec<Value> = (d.chance_nodes().into_iter())
                .map(|(node, state, path, counts)| {
                    let outcomes: Vec<Value> = (0..self.outcomes(&path))
                        .map(|pos| {
                            json!({"index": pos, "name": self.outcome_name(&path, pos),
                                   "p": self.probability(&path, pos),
                                   "drawn": counts.get(pos).copied().unwrap_or(0)})
                        })
                        .collect();
                    json!({"node": node, "state": state, "name": self.state_name(state, &path),
                           "path": path, "outcomes": outcomes})
                })
                .collect();
            value["draws"] = draws.into();
        }
        format!("{value}\n")
    }
}

/// A root child's mean (U/N as a rate of wins) and UCB1 (`None`: unvisited, infinite).
fn child_figures(c: &crate::search::MctsChild, per_win: u8) -> (f64, Option<f64>) {
    let mean = crate::search::mcts::ucb1_parts(c.n, c.u, per_win.into(), 0.0, 0.0).0;
    (mean, c.ucb1.0.is_finite().then_some(c.ucb1.0))
}

/// `u` as wins and as its exact count, into the JSON object `into`: `u` (10.5) and
/// `u_halves` (21) in half-wins, else `u` (2.75, six decimals at most) and `u_units` (11).
fn u_fields(into: &mut Value, u: u32, per_win: u32) {
    into["u"] = wins_number(u, per_win).into();
    let name = if per_win == 2 { "u_halves" } else { "u_units" };
    into[name] = u.into();
}

/// `items` after `lead`, comma-separated, broken between items so that no line passes
/// `width` columns (an item longer than a line keeps its own line).
fn wrapped(lead: &str, items: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = String::from(lead);
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            item.clone()
        };
        let fresh = line.len() == lead.len();
        if !fresh && crate::text::width(&line) + 1 + crate::text::width(&piece) > width {
            out.push_str(&line);
            out.push('\n');
            line = String::from(lead);
        }
        if line.len() > lead.len() {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Moves from the root as people read them: "moves 0, 2" or "the root".
pub(crate) fn path_words(path: &[u16]) -> String {
    if path.is_empty() {
        "the root".into()
    } else {
        let moves: Vec<String> = path.iter().map(u16::to_string).collect();
        format!("moves {} from the root", moves.join(", "))
    }
}
