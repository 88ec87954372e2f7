//! "Why?" on a Monte Carlo run: why a selection took its child (every child's UCB1 terms at
//! that moment, each child's counts set by a backup step), and why the run played its move
//! (the root's children by visits, the most visited first in move order on a tie).

use super::chain::{Answer, Link, Question};
use crate::event::Mcts;
use crate::index::Index;
use crate::trace::{Event, Trace};

/// A UCB1 term for people: three decimals, or ∞ for a child never visited.
fn term(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.3}")
    } else {
        "∞".into()
    }
}

fn move_name(trace: &Trace, index: &Index, node: u32) -> String {
    let monte = &index.monte;
    let Some(n) = monte.node(node) else {
        return format!("node {node}");
    };
    let catalog = &trace.header.catalog;
    let to = catalog.called(n.state);
    match monte.node(n.parent) {
        Some(p) => format!("{} → {to}", catalog.move_short(p.state, n.pos as i16)),
        None => to,
    }
}

/// Why the selection at event `step` (a `Select`) took its child.
pub fn why_selected(index: &Index, trace: &Trace, step: u32) -> Option<Answer> {
    let Event::Mcts(Mcts::Select {
        node,
        start,
        len,
        pos,
    }) = trace.events.get(step as usize)?
    else {
        return None;
    };
    let monte = &index.monte;
    let rows = monte.selection(node, step as usize, trace.bonuses(start, len)?, pos);
    let chosen = rows.iter().find(|r| r.chosen)?;
    let here = trace.header.catalog.called(monte.node(node)?.state);
    let mut links = vec![Link {
        step,
        text: format!(
            "At {here}, selection scores each child by UCB1 = mean + bonus and takes the largest (the first in move order on a tie): {} with {}.",
            move_name(trace, index, chosen.node),
            term(chosen.ucb1)
        ),
    }];
    for r in &rows {
        let Some((set, counts)) = monte.counts.get(r.node, step as usize) else {
            continue;
        };
        let verdict = if r.chosen { "chosen" } else { "not larger" };
        links.push(Link {
            step: set,
            text: format!(
                "{} had {} visits and {} wins, as this backup left them: mean {} + bonus {} = {}, {verdict}.",
                move_name(trace, index, r.node),
                counts.n,
                monte.wins(counts.u),
                term(r.mean),
                term(r.bonus),
                term(r.ucb1)
            ),
        });
    }
    Some(Answer {
        question: Question::Selected,
        title: format!(
            "Why did selection at {here} take {}?",
            move_name(trace, index, chosen.node)
        ),
        at: step,
        links,
    })
}

/// Why the run played its move: the root's children by their visits at the end.
pub fn why_played(index: &Index, trace: &Trace) -> Option<Answer> {
    let monte = &index.monte;
    let end = trace.events.len();
    let kids = monte.children_at(0, end);
    let counted: Vec<(u32, u32, u32)> = kids
        .iter()
        .filter_map(|&(_, c)| monte.counts.get(c, end).map(|(e, k)| (c, e, k.n)))
        .collect();
    // The most visits, the first in move order on a tie (children come by move).
    let &(best, _, most) = counted
        .iter()
        .fold(None, |b: Option<&(u32, u32, u32)>, c| match b {
            Some(b) if b.2 >= c.2 => Some(b),
            _ => Some(c),
        })?;
    let mut links = Vec::new();
    for &(c, set, n) in &counted {
        let verdict = if c == best {
            "the most: played".to_string()
        } else if n < most {
            format!("fewer than {most}")
        } else {
            format!("as many as {most}, but later in move order")
        };
        links.push(Link {
            step: set,
            text: format!(
                "{} ends with {n} visits, {verdict}.",
                move_name(trace, index, c)
            ),
        });
    }
    Some(Answer {
        question: Question::Played,
        title: format!("Why was {} played?", move_name(trace, index, best)),
        at: end.saturating_sub(1) as u32,
        links,
    })
}
