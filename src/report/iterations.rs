//! `prune trace` on a Monte Carlo run: one row per iteration (the path selection took, the
//! move it expanded, the playout's result and length, every node's counts before and after
//! the backup), read off the recorded events and the index's Monte Carlo tree.

use std::fmt::Write as _;

use crate::event::Mcts;
use crate::index::Recorded;
use crate::index::monte::wins_text;
use crate::text::{Chunked, one_line};
use crate::trace::Event;

/// One iteration as the table and the tsv write it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IterationRow {
    pub number: u32,
    /// The moves from the root to the node the iteration ended at, as the game names them
    /// (the expanded move last, when there is one).
    pub path: Vec<String>,
    /// The expanded move, or `None` when the iteration expanded nothing.
    pub expanded: Option<String>,
    /// Why nothing was expanded (a finished game was reached).
    pub why_none: Option<&'static str>,
    /// The result for MAX in the run's unit (half-wins: 2 a win, 1 a draw, 0 a loss).
    pub result: u8,
    /// The run's reward unit: a win counts `per_win` (0 read as half-wins).
    pub per_win: u8,
    /// Whether the result is a finished game's score as MAX's reward (`--reward score`).
    pub score: bool,
    /// Moves the playout played (`None`: a finished game's known outcome, no playout).
    pub playout_len: Option<u16>,
    /// Whether the result was stated by the run's script rather than played.
    pub scripted: bool,
    /// (node, N before, U before, N after, U after), root first.
    pub updates: Vec<(u32, u32, u32, u32, u32)>,
}

impl IterationRow {
    pub fn path_text(&self) -> String {
        if self.path.is_empty() {
            "(root)".into()
        } else {
            self.path.join(" ")
        }
    }

    pub fn expanded_text(&self) -> String {
        match (&self.expanded, self.why_none) {
            (Some(m), _) => m.clone(),
            (None, Some(why)) => format!("— ({why})"),
            (None, None) => "—".into(),
        }
    }

    pub fn result_text(&self) -> String {
        let per_win = self.unit();
        let reward;
        let result = match self.result {
            // A score is a reward, not a win, a draw or a loss.
            r if self.score => {
                reward = format!("reward {} for MAX", wins_text(r.into(), per_win));
                reward.as_str()
            }
            2 => "MAX wins",
            1 => "draw",
            _ => "MIN wins",
        };
        match (self.playout_len, self.scripted) {
            (_, true) => format!("{result} (scripted)"),
            (Some(1), false) => format!("{result} (1 move)"),
            (Some(len), false) => format!("{result} ({len} moves)"),
            (None, false) => format!("{result} (known)"),
        }
    }

    fn unit(&self) -> u32 {
        match self.per_win {
            0 => 2,
            p => p.into(),
        }
    }

    /// `N/U→N/U` per node, root first, U in wins.
    pub fn updates_text(&self) -> String {
        let per_win = self.unit();
        let parts: Vec<String> = (self.updates.iter())
            .map(|&(_, n0, u0, n1, u1)| {
                let (u0, u1) = (wins_text(u0, per_win), wins_text(u1, per_win));
                format!("{n0}/{u0}→{n1}/{u1}")
            })
            .collect();
        parts.join(" · ")
    }
}

/// A move of the Monte Carlo node `parent` to the child `child`, as the game names it: a
/// tic-tac-toe square, a graph child's label.
fn move_text(rec: &Recorded, parent: u32, child: u32) -> String {
    let monte = &rec.index.monte;
    let (Some(p), Some(c)) = (monte.node(parent), monte.node(child)) else {
        return "?".into();
    };
    let named = rec.trace.header.catalog.get(p.state).and_then(|info| {
        (!info.moves.is_empty()).then(|| info.moves.get(c.pos as usize).cloned())?
    });
    one_line(&named.unwrap_or_else(|| rec.name(c.state))).into_owned()
}

/// Every iteration of a recorded Monte Carlo run, in order.
pub fn rows(rec: &Recorded) -> Vec<IterationRow> {
    let monte = &rec.index.monte;
    let scripted = rec.options().mcts.playout == crate::search::mcts::Playout::Scripted;
    let mut out: Vec<IterationRow> = Vec::new();
    for event in rec.trace.events.iter() {
        let event: Event = event.to_owned();
        let Event::Mcts(d) = event else { continue };
        if let Mcts::Iteration { number } = d {
            out.push(IterationRow {
                number,
                per_win: monte.per_win() as u8,
                score: rec.options().mcts.reward == crate::search::mcts::Reward::Score,
                ..IterationRow::default()
            });
            continue;
        }
        let Some(row) = out.last_mut() else { continue };
        match d {
            Mcts::Expand { node, parent, .. } => {
                row.expanded = Some(move_text(rec, parent, node));
            }
            Mcts::Playout { len, result, .. } => {
                row.result = result;
                row.playout_len = Some(len);
                row.scripted = scripted;
            }
            Mcts::Known { node, result, .. } => {
                row.result = result;
                row.why_none = (row.expanded.is_none()).then_some(if monte.node(node).is_some() {
                    "a finished game"
                } else {
                    "?"
                });
            }
            Mcts::Backup { node, n, u, reward } => {
                let before = (n.saturating_sub(1), u.saturating_sub(reward as u32));
                row.updates.insert(0, (node, before.0, before.1, n, u));
            }
            Mcts::Given { .. }
            | Mcts::Iteration { .. }
            | Mcts::Select { .. }
            | Mcts::Draw { .. } => {}
        }
    }
    for row in &mut out {
        let nodes: Vec<u32> = row.updates.iter().map(|u| u.0).collect();
        row.path = (nodes.windows(2))
            .map(|w| move_text(rec, w[0], w[1]))
            .collect();
    }
    out
}

pub const TSV_HEADER: &str = "iteration\tpath\texpanded\tresult\tplayout_moves\tupdates";

pub fn write_tsv(rec: &Recorded, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut w = Chunked::new(out);
    w.buf.push_str(TSV_HEADER);
    w.buf.push('\n');
    for row in rows(rec) {
        let result = match row.result {
            2 => "max",
            1 => "draw",
            _ => "min",
        };
        let _ = writeln!(
            w.buf,
            "{}\t{}\t{}\t{result}\t{}\t{}",
            row.number,
            row.path_text(),
            row.expanded.as_deref().unwrap_or("-"),
            row.playout_len.map_or("-".into(), |l| l.to_string()),
            row.updates_text()
        );
        w.row_done()?;
    }
    w.finish()
}

const HEADER: [&str; 5] = [
    "iter",
    "path",
    "expanded",
    "result",
    "updates (root first, N/U → N/U)",
];

/// The iterations as a table for people, then what the run found.
pub fn write_table(rec: &Recorded, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let rows = rows(rec);
    let cells: Vec<[String; 5]> = (rows.iter())
        .map(|r| {
            [
                r.number.to_string(),
                r.path_text(),
                r.expanded_text(),
                r.result_text(),
                r.updates_text(),
            ]
        })
        .collect();
    let mut widths = HEADER.map(crate::text::width);
    for row in &cells {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(crate::text::width(c));
        }
    }
    let mut w = Chunked::new(out);
    let given = (rec.trace.events.iter())
        .filter(|e| matches!(e.to_owned(), Event::Mcts(Mcts::Given { .. })))
        .count();
    if given > 0 {
        let _ = writeln!(
            w.buf,
            "the run starts from a stated tree: {given} nodes given their N and U"
        );
    }
    line(&mut w.buf, &HEADER.map(String::from), &widths);
    for row in &cells {
        line(&mut w.buf, row, &widths);
        w.row_done()?;
    }
    w.buf.push_str(&summary(rec));
    w.finish()
}

fn line(out: &mut String, cells: &[String; 5], widths: &[usize; 5]) {
    let start = out.len();
    for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
        if i > 0 {
            out.push_str("  ");
        }
        let pad = " ".repeat(w.saturating_sub(crate::text::width(cell)));
        if i == 0 {
            out.push_str(&pad);
            out.push_str(cell);
        } else {
            out.push_str(cell);
            out.push_str(&pad);
        }
    }
    let end = out[start..].trim_end().len() + start;
    out.truncate(end);
    out.push('\n');
}

/// What the run found, from its header's result: the move played and each root child's
/// counts.
fn summary(rec: &Recorded) -> String {
    let r = rec.result();
    let Some(m) = r.mcts.as_deref() else {
        return String::new();
    };
    let name = |node: u32| move_text(rec, 0, node);
    let played = (m.children.iter())
        .find(|c| c.mv == r.mv)
        .map_or("none".into(), |c| name(c.node));
    if m.children.is_empty() {
        return format!(
            "{}: {}, mcts, {} iterations, move=none (the root is a finished game)\n",
            one_line(&rec.trace.header.lesson),
            r.status.name(),
            m.iterations
        );
    }
    let kids: Vec<String> = (m.children.iter())
        .map(|c| {
            let u = wins_text(c.u, m.per_win.into());
            format!("{} N={} U={u}", name(c.node), c.n)
        })
        .collect();
    let interrupted = if m.interrupted {
        format!(
            ", interrupted after {} of {} by the node budget",
            m.iterations,
            rec.options().mcts.iterations
        )
    } else {
        String::new()
    };
    format!(
        "{}: {}, mcts, {} iterations{interrupted}, move={played} (the most visited root child)\nroot children: {}\n",
        one_line(&rec.trace.header.lesson),
        r.status.name(),
        m.iterations,
        kids.join(", ")
    )
}
