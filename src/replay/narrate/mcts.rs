//! The sentences of Monte Carlo tree search (seed 004 §6): one per phase of an iteration.
//! Every number is read from the index at the step told (counts, the selection's row of
//! children) or from the event itself; a node is named by its number in the search's tree
//! and by the position it holds.

use super::words::{Words, plural};
use crate::event::Mcts;
use crate::game::Side;
use crate::index::monte::MonteNode;
use crate::search::mcts::Reward;

/// The sentence for Monte Carlo event `d`, the `index`-th of the trace.
pub(super) fn tell(w: &Words, index: usize, d: Mcts) -> String {
    match d {
        Mcts::Given { node, n, u } => given(w, node, n, u),
        Mcts::Iteration { number } => iteration(w, index, number),
        Mcts::Select {
            node,
            start,
            len,
            pos,
        } => select(w, index, node, (start, len), pos),
        Mcts::Draw { node, pos } => draw(w, index, node, pos),
        Mcts::Expand { node, parent, .. } => expand(w, index, node, parent),
        Mcts::Playout {
            node, len, value, ..
        } => playout(w, node, len, value),
        Mcts::Known { node, value, .. } => known(w, index, node, value),
        Mcts::Backup {
            node, n, u, reward, ..
        } => backup(w, node, (n, u), reward),
    }
}

fn monte_node(w: &Words, id: u32) -> Option<MonteNode> {
    w.replay.index().monte.node(id).copied()
}

/// A position as the tree pane names it: its label, without the input's own number (a node
/// is numbered once, by its number in the search's tree).
fn position(w: &Words, state: u32) -> String {
    w.replay.catalog().name(state)
}

/// "node 3 (B)", or "the root (A)".
fn node_name(w: &Words, id: u32) -> String {
    let state = monte_node(w, id).map_or(String::new(), |n| format!(" ({})", position(w, n.state)));
    if id == 0 {
        format!("the root{state}")
    } else {
        format!("node {id}{state}")
    }
}

fn title(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// A move of a node's position, as the game names it: a tic-tac-toe square, or on a graph
/// the position it leads to ("the move to second (2)") once that has a node.
fn move_of(w: &Words, id: u32, pos: u16) -> String {
    let Some(node) = monte_node(w, id) else {
        return format!("move {pos}");
    };
    let monte = &w.replay.index().monte;
    let named = w
        .replay
        .catalog()
        .move_name(node.state, pos as i16)
        .is_some();
    match monte.child(id, pos).and_then(|c| monte.node(c)) {
        Some(child) if !named => format!("the move to {}", position(w, child.state)),
        _ => w.mv(node.state, pos as i16),
    }
}

/// What a finished game's value is to the run: who it favours as an outcome, or, under the
/// score reward, MAX's reward itself (and MIN's, the rest of a win).
fn outcome_words(w: &Words, value: i32) -> String {
    let monte = &w.replay.index().monte;
    let rule = w.replay.options().mcts.reward;
    let per_win = monte.per_win();
    if rule == Reward::Score
        && let Some(r) = rule.units(value, w.replay.scale(), per_win as u8)
    {
        let r = u32::from(r);
        return format!(
            "a reward of {} for MAX and {} for MIN",
            monte.wins(r),
            monte.wins(per_win - r)
        );
    }
    match value.signum() {
        1 => "a win for MAX",
        0 => "a draw",
        _ => "a win for MIN",
    }
    .into()
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Min => "MIN",
        _ => "MAX",
    }
}

/// A finished game reached by selection: it is not expanded (it has no moves) and not played
/// out; one just added by this iteration's expansion says only the second.
fn known(w: &Words, index: usize, node: u32, value: i32) -> String {
    let monte = &w.replay.index().monte;
    let added = monte_node(w, node).is_some_and(|n| {
        node != 0 && monte.iteration_at(n.created as usize) == monte.iteration_at(index)
    });
    let what = if added {
        "so no playout is needed"
    } else {
        "so there is no expansion and no playout"
    };
    format!(
        "{} is a finished game worth {}, {}: its outcome is known, {what}.",
        title(&node_name(w, node)),
        w.sc(value),
        outcome_words(w, value)
    )
}

fn given(w: &Words, node: u32, n: u32, u: u32) -> String {
    format!(
        "The lesson states {}: {} and U = {} wins for {}.",
        node_name(w, node),
        plural(n as usize, "visit", "visits"),
        w.replay.index().monte.wins(u),
        monte_node(w, node).map_or("MAX", |m| side_name(m.counts_for))
    )
}

fn iteration(w: &Words, index: usize, number: u32) -> String {
    let total = w.replay.options().mcts.iterations;
    let root = w.replay.index().monte.counts(0, index);
    format!(
        "Iteration {number} of {total} starts at the root, which has {} so far.",
        plural(root.n as usize, "visit", "visits")
    )
}

fn select(w: &Words, index: usize, node: u32, (start, len): (u32, u16), pos: u16) -> String {
    let monte = &w.replay.index().monte;
    let bonuses = w.replay.trace().bonuses(start, len).unwrap_or(&[]);
    let rows = monte.selection(node, index, bonuses, pos);
    let Some(chosen) = rows.iter().find(|r| r.chosen) else {
        return format!("Selection at {}.", node_name(w, node));
    };
    // Children with the same UCB1 as the chosen one lost only by coming later in move order.
    let tied: Vec<String> = (rows.iter())
        .filter(|r| !r.chosen && r.ucb1 == chosen.ucb1)
        .map(|r| move_of(w, node, r.mv))
        .collect();
    // The next best, the first in move order among equals (as selection itself would take).
    let runner = (rows.iter())
        .filter(|r| !r.chosen && r.ucb1 < chosen.ucb1)
        .fold(
            None::<&crate::index::monte::SelectRow>,
            |best, r| match best {
                Some(b) if b.ucb1 >= r.ucb1 => Some(b),
                _ => Some(r),
            },
        );
    let against = if !tied.is_empty() {
        format!(
            ", tied with {} and taken as the first in move order",
            tied.join(", ")
        )
    } else {
        runner.map_or(String::new(), |r| {
            format!(
                "; the next best, {}, has {:.3}",
                move_of(w, node, r.mv),
                r.ucb1
            )
        })
    };
    format!(
        "Selection at {}: every move has a node, so UCB1 = U/N + C·√(ln N(parent) / N) with C = {} picks {} (node {}): {} / {} = {:.3} plus bonus {:.3} = {:.3}, the largest{against}.",
        node_name(w, node),
        w.replay.options().mcts.c_text(),
        move_of(w, node, pos),
        chosen.node,
        monte.wins(chosen.counts.u),
        chosen.counts.n,
        chosen.mean,
        chosen.bonus,
        chosen.ucb1
    )
}

fn draw(w: &Words, index: usize, node: u32, pos: u16) -> String {
    let monte = &w.replay.index().monte;
    let follow = match monte.child(node, pos) {
        Some(child) if (monte.node(child).map_or(0, |c| c.created) as usize) < index => {
            format!("it has a node (node {child}), so selection goes on there")
        }
        _ => "it has no node yet, so it is expanded".into(),
    };
    format!(
        "{} is a chance node: it draws {} by its probability; {follow}.",
        title(&node_name(w, node)),
        move_of(w, node, pos)
    )
}

fn expand(w: &Words, index: usize, node: u32, parent: u32) -> String {
    let pos = monte_node(w, node).map_or(0, |n| n.pos);
    if w.replay.index().monte.iteration_at(index) == 0 {
        // A square says which move it is; a graph's move is the node's own name again.
        let by = match monte_node(w, parent) {
            Some(p) if w.replay.catalog().move_name(p.state, pos as i16).is_some() => {
                format!(", by {}", move_of(w, parent, pos))
            }
            _ => String::new(),
        };
        return format!(
            "The lesson's stated tree has {} under {}{by}.",
            node_name(w, node),
            node_name(w, parent)
        );
    }
    format!(
        "Expansion: {} of {} has no node yet, so {} is added to the tree.",
        move_of(w, parent, pos),
        node_name(w, parent),
        node_name(w, node)
    )
}

fn playout(w: &Words, node: u32, len: u16, value: i32) -> String {
    let policy = w.replay.options().mcts.playout;
    if policy == crate::search::mcts::Playout::Scripted {
        return format!(
            "Playout from {}: the lesson states its result, {}.",
            node_name(w, node),
            outcome_words(w, value)
        );
    }
    format!(
        "Playout from {}: {} by the {} policy to a finished game worth {}, {}. Its positions are not added to the tree.",
        node_name(w, node),
        plural(len as usize, "move", "moves"),
        policy.name(),
        w.sc(value),
        outcome_words(w, value)
    )
}

fn backup(w: &Words, node: u32, (n, u): (u32, u32), reward: u8) -> String {
    let (counts_for, turn) =
        monte_node(w, node).map_or((Side::Max, Side::Max), |m| (m.counts_for, m.turn));
    // The root, and every node of a reward-reversed run, counts for the player to move there.
    let whose = if counts_for == turn {
        format!("the player to move there, {}", side_name(counts_for))
    } else {
        format!("{}, who moved into it", side_name(counts_for))
    };
    let monte = &w.replay.index().monte;
    let (per_win, reward) = (monte.per_win(), u32::from(reward));
    let outcome = w.replay.options().mcts.reward == Reward::Outcome;
    format!(
        "Backup at {}: one visit more and {} for {whose}: N {} → {n}, U {} → {}.",
        node_name(w, node),
        match reward {
            0 => "no win".to_string(),
            r if r == per_win => "a win".to_string(),
            1 if outcome => "half a win (a draw)".to_string(),
            r => format!("{} of a win", monte.wins(r)),
        },
        n - 1,
        monte.wins(u - reward),
        monte.wins(u)
    )
}
