//! A diff where one run or both sample (Monte Carlo tree search): there are no calls to
//! match, so the runs are put side by side at the root (seed 004 §6.3). A search of calls
//! gives its value and move and each root move's value, as its final pass's root call's
//! children returned them; a Monte Carlo run gives each root move's visits N and mean U/N
//! after its iterations and the move it plays (the most visited). The two agree or not on
//! the move.

use serde_json::{Value, json};

use crate::index::monte::{wins_number, wins_text};
use crate::index::{NodeKind, Recorded};
use crate::value::Flag;

/// U/N as a rate of wins, U counting 1/`per_win` of a win (no visit: 0).
fn mean(n: u32, u: u32, per_win: u32) -> f64 {
    crate::search::mcts::ucb1_parts(n.max(1), u, per_win, 0.0, 0.0).0
}

/// What one run says of one root move.
#[derive(Clone, Debug, PartialEq)]
pub enum Said {
    /// A search of calls: the value the move's call returned, and what it proves.
    Value { value: i32, flag: Option<Flag> },
    /// The call was never searched to a result (cut off, refused, unreached).
    NotSearched(&'static str),
    /// A Monte Carlo run: the child's visits and rewards, in units of 1/`per_win` of a win.
    Counts { n: u32, u: u32, per_win: u32 },
    /// A Monte Carlo run that never added the move's node.
    NoNode,
}

impl Said {
    fn counts(n: u32, u: u32, per_win: u32) -> Said {
        Said::Counts { n, u, per_win }
    }
}

/// One run at its root.
#[derive(Clone, Debug)]
pub struct Root {
    /// "alphabeta, depth 3" or "mcts, 1000 iterations, C = √2".
    pub about: String,
    pub samples: bool,
    /// The run's move (index), `None` when it has none.
    pub mv: Option<i16>,
    /// A search of calls: its value at the root.
    pub value: Option<i32>,
    /// Each root move the run says something of: (move index, what it says).
    pub moves: Vec<(u16, Said)>,
}

/// Where a run is read: at its end (its recorded result), or, for a Monte Carlo run, after
/// its first `iterations` iterations, whose last backup ends at event step `step` (the tutor
/// steps through them; `prune diff` reads the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    End,
    After { iterations: usize, step: usize },
}

/// The two runs side by side.
pub struct Beside {
    pub a: Root,
    pub b: Root,
    /// Every root move either run says something of, by move index, with its name.
    pub names: Vec<(u16, String)>,
    units: crate::value::Units,
}

/// A root move's name: the square a tic-tac-toe move marks, a graph child's label.
fn move_name(rec: &Recorded, pos: u16, child_state: u32) -> String {
    let start = rec.trace.header.start;
    let named = rec.trace.header.catalog.get(start).and_then(|info| {
        (!info.moves.is_empty()).then(|| info.moves.get(pos as usize).cloned())?
    });
    crate::text::one_line(&named.unwrap_or_else(|| rec.name(child_state))).into_owned()
}

fn root_of(rec: &Recorded, at: Moment, names: &mut Vec<(u16, String)>) -> Result<Root, String> {
    let (o, r) = (&rec.trace.header.options, &rec.trace.header.result);
    let mut note = |pos: u16, state: u32| {
        if !names.iter().any(|(p, _)| *p == pos) {
            names.push((pos, move_name(rec, pos, state)));
        }
    };
    // A Monte Carlo run's root is its counts; a search of calls', its value and move.
    let sampled = o.family().samples();
    if let (true, Moment::After { iterations, step }) = (sampled, at) {
        // The counts as the index holds them after that step, and the move the run would
        // play were it stopped there.
        let monte = &rec.index.monte;
        let moves = (monte.children_at(0, step).into_iter())
            .map(|(mv, c)| {
                note(mv, monte.node(c).map_or(0, |n| n.state));
                let k = monte.counts(c, step);
                (mv, Said::counts(k.n, k.u, monte.per_win()))
            })
            .collect();
        let of = monte.iterations().len();
        return Ok(Root {
            about: format!(
                "mcts after {iterations} of {of} iterations, C = {}, playout {}, seed {}",
                o.mcts.c_text(),
                o.mcts.playout.name(),
                o.mcts.seed
            ),
            samples: true,
            mv: monte.most_visited(0, step).map(|(mv, ..)| mv as i16),
            value: None,
            moves,
        });
    }
    if sampled {
        let monte = &rec.index.monte;
        let m = r.mcts.as_deref();
        let moves = (m.into_iter().flat_map(|m| m.children.iter()))
            .map(|c| {
                let state = monte.node(c.node).map_or(0, |n| n.state);
                note(c.mv as u16, state);
                (c.mv as u16, Said::counts(c.n, c.u, monte.per_win()))
            })
            .collect();
        let iterations = m.map_or(0, |m| m.iterations);
        let interrupted = if m.is_some_and(|m| m.interrupted) {
            format!(
                " (interrupted by the node budget, of {})",
                o.mcts.iterations
            )
        } else {
            String::new()
        };
        return Ok(Root {
            about: format!(
                "mcts, {iterations} iterations{interrupted}, C = {}, playout {}, seed {}",
                o.mcts.c_text(),
                o.mcts.playout.name(),
                o.mcts.seed
            ),
            samples: true,
            mv: (r.mv >= 0).then_some(r.mv),
            value: None,
            moves,
        });
    }
    let tree = rec.tree();
    let passes = tree.passes();
    let pass = (passes.iter().rev())
        .find(|p| p.done)
        .ok_or("the search of calls completed no pass, so it has no value at the root")?;
    let mut moves = Vec::new();
    if pass.root != crate::index::NONE {
        for id in tree.children(pass.root) {
            let c = tree.get(id);
            let Ok(pos) = u16::try_from(c.mv) else {
                continue;
            };
            note(pos, c.state);
            let said = match (c.kind, c.returned()) {
                (NodeKind::Call, Some((value, _))) => Said::Value {
                    value,
                    flag: c.bound(),
                },
                (NodeKind::Call, None) => Said::NotSearched("never returned"),
                (NodeKind::Skipped, _) => Said::NotSearched("cut off"),
                (NodeKind::Refused, _) => Said::NotSearched("refused by the budget"),
                (NodeKind::Unreached, _) => Said::NotSearched("not reached"),
            };
            moves.push((pos, said));
        }
    }
    Ok(Root {
        about: format!("{}, depth {}", o.algorithm.name(), pass.depth),
        samples: false,
        mv: (pass.mv >= 0).then_some(pass.mv),
        value: Some(pass.score),
        moves,
    })
}

impl Beside {
    /// The two runs at their root; both must start from the same position of the same game.
    pub fn of(a: &Recorded, b: &Recorded) -> Result<Beside, String> {
        Beside::at((a, Moment::End), (b, Moment::End))
    }

    /// The two runs at their root, each read at its moment (a search of calls: its end).
    pub fn at(
        (a, at_a): (&Recorded, Moment),
        (b, at_b): (&Recorded, Moment),
    ) -> Result<Beside, String> {
        let (ha, hb) = (&a.trace.header, &b.trace.header);
        if ha.start != hb.start || ha.game != hb.game {
            return Err(
                "the two runs start from different positions: compare runs of the same position"
                    .into(),
            );
        }
        let mut names = Vec::new();
        let ra = root_of(a, at_a, &mut names).map_err(|e| format!("run A: {e}"))?;
        let rb = root_of(b, at_b, &mut names).map_err(|e| format!("run B: {e}"))?;
        names.sort_unstable();
        Ok(Beside {
            a: ra,
            b: rb,
            names,
            units: ha.units(),
        })
    }

    /// Move `pos` as the runs name it ("5", "quiet"); its index when neither named it.
    pub fn name(&self, pos: i16) -> String {
        (self.names.iter())
            .find(|(p, _)| i32::from(*p) == i32::from(pos))
            .map_or_else(|| pos.to_string(), |(_, n)| n.clone())
    }

    /// A value of the runs' game as people read it ("0", "3.5").
    pub fn value_text(&self, v: i32) -> String {
        self.units.result_text(v)
    }

    /// Whether both runs play the same move.
    pub fn agree(&self) -> bool {
        self.a.mv == self.b.mv
    }

    /// What `root` says of move `pos`, if anything.
    pub fn said(root: &Root, pos: u16) -> Option<&Said> {
        root.moves.iter().find(|(p, _)| *p == pos).map(|(_, s)| s)
    }

    /// `root`'s cells for move `pos`: a value (with its bound), or N and U/N.
    pub fn cells(&self, root: &Root, pos: u16) -> Vec<String> {
        match Beside::said(root, pos) {
            Some(Said::Value { value, flag }) => {
                let v = self.units.result_text(*value);
                vec![match flag {
                    Some(Flag::Lower) => format!("≥{v}"),
                    Some(Flag::Upper) => format!("≤{v}"),
                    _ => v,
                }]
            }
            Some(Said::NotSearched(why)) => vec![format!("— ({why})")],
            Some(&Said::Counts { n, u, per_win }) => {
                vec![n.to_string(), format!("{:.3}", mean(n, u, per_win))]
            }
            Some(Said::NoNode) | None if root.samples => vec!["0".into(), "—".into()],
            Some(Said::NoNode) | None => vec!["—".into()],
        }
    }

    /// The column heads of `root`'s cells, each after `side` ("A N", "B value").
    pub fn headers(root: &Root, side: &str) -> Vec<String> {
        if root.samples {
            vec![format!("{side} N"), format!("{side} U/N")]
        } else {
            vec![format!("{side} value")]
        }
    }

    /// The comparison for people.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (side, root) in [("A", &self.a), ("B", &self.b)] {
            let mv = root.mv.map_or("none".into(), |m| self.name(m));
            let found = match root.value {
                Some(v) => format!("value {}, move {mv}", self.units.result_text(v)),
                None => format!("move {mv} (most visited)"),
            };
            out.push_str(&format!(
                "{side}: {}: {found}\n",
                crate::text::one_line(&root.about)
            ));
        }
        let mut header = vec!["move".to_string()];
        header.extend(Beside::headers(&self.a, "A"));
        header.extend(Beside::headers(&self.b, "B"));
        let mut rows = vec![header];
        for (pos, name) in &self.names {
            let mut row = vec![name.clone()];
            row.extend(self.cells(&self.a, *pos));
            row.extend(self.cells(&self.b, *pos));
            rows.push(row);
        }
        let cols = rows[0].len();
        let widths: Vec<usize> = (0..cols)
            .map(|i| {
                (rows.iter())
                    .map(|r| crate::text::width(&r[i]))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for row in &rows {
            let mut line = String::new();
            for (i, (cell, w)) in row.iter().zip(&widths).enumerate() {
                if i > 0 {
                    line.push_str("  ");
                }
                let pad = " ".repeat(w.saturating_sub(crate::text::width(cell)));
                if i == 0 {
                    line.push_str(cell);
                    line.push_str(&pad);
                } else {
                    line.push_str(&pad);
                    line.push_str(cell);
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let (a, b) = (
            self.a.mv.map_or("none".into(), |m| self.name(m)),
            self.b.mv.map_or("none".into(), |m| self.name(m)),
        );
        out.push_str(&if self.agree() {
            format!("the two runs agree on the move: {a}\n")
        } else {
            format!("the two runs disagree on the move: A plays {a}, B plays {b}\n")
        });
        if self.a.samples || self.b.samples {
            out.push_str(
                "(U/N: mean result for the player to move at the root; values: MAX's side)\n",
            );
        }
        out
    }

    fn root_json(&self, root: &Root) -> Value {
        let moves: Vec<Value> = (root.moves.iter())
            .map(|(pos, said)| {
                let mut v = json!({"index": pos, "move": self.name(*pos as i16)});
                match said {
                    Said::Value { value, flag } => {
                        v["value"] = self.units.result_json(*value);
                        v["bound"] = json!(flag.map(Flag::bound_name));
                    }
                    Said::NotSearched(why) => v["not_searched"] = json!(why),
                    &Said::Counts { n, u, per_win } => {
                        v["n"] = json!(n);
                        v["u"] = json!(wins_number(u, per_win));
                        if per_win == 2 {
                            v["u_halves"] = json!(u);
                        } else {
                            v["u_units"] = json!(u);
                            v["per_win"] = json!(per_win);
                        }
                        v["u_text"] = json!(wins_text(u, per_win));
                        v["mean"] = json!((mean(n, u, per_win) * 1e6).round() / 1e6);
                    }
                    Said::NoNode => v["n"] = json!(0),
                }
                v
            })
            .collect();
        json!({
            "about": root.about,
            "samples": root.samples,
            "move": root.mv.map(|m| self.name(m)),
            "value": root.value.map(|v| self.units.result_json(v)),
            "moves": moves,
        })
    }

    pub fn to_json(&self) -> String {
        format!(
            "{}\n",
            json!({"a": self.root_json(&self.a), "b": self.root_json(&self.b), "agree": self.agree()})
        )
    }
}
