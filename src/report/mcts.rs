//! Monte Carlo events in the jsonl rendering: each read off the index at its step.

use serde_json::{Value, json};

use crate::index::Recorded;
use crate::trace::Event;

/// A Monte Carlo event as scripts read it: a selection with every child's counts, mean,
/// bonus and UCB1 at that moment; an expansion with its move and state; a playout with its
/// moves; a backup with the counts before and after.
pub(super) fn event_json(rec: &Recorded, i: usize, d: crate::event::Mcts) -> Value {
    use crate::event::Mcts;
    use crate::index::monte::wins_text;
    let monte = &rec.index.monte;
    let half = |u: u32| -> Value { wins_text(u).parse::<f64>().map_or(Value::Null, Value::from) };
    match d {
        Mcts::Select {
            node,
            start,
            len,
            pos,
        } => {
            let bonuses = rec.trace.bonuses(start, len).unwrap_or(&[]);
            let children: Vec<Value> = monte
                .selection(node, i, bonuses, pos)
                .iter()
                .map(|r| {
                    json!({"mv": r.mv, "node": r.node, "n": r.counts.n, "u": half(r.counts.u),
                           "u_halves": r.counts.u, "mean": round6(r.mean),
                           "bonus": round6(r.bonus), "ucb1": round6(r.ucb1)})
                })
                .collect();
            json!({"event": "select", "node": node, "pos": pos, "children": children})
        }
        Mcts::Expand { node, parent, at } => {
            let (moves, states) = rec.trace.order(at, 1);
            json!({"event": "expand", "node": node, "parent": parent, "mv": moves[0], "state": states[0]})
        }
        Mcts::Playout {
            node,
            start,
            len,
            result,
            value,
        } => {
            let (moves, states) = rec.trace.order(start, len);
            json!({"event": "playout", "node": node, "moves": moves, "states": states,
                   "result": result, "value": value})
        }
        Mcts::Backup { node, n, u, reward } => json!({
            "event": "backup", "node": node, "reward": reward,
            "n_before": n - 1, "u_before": half(u - reward as u32), "n": n, "u": half(u),
            "u_halves": u
        }),
        Mcts::Given { .. } | Mcts::Iteration { .. } | Mcts::Draw { .. } | Mcts::Known { .. } => {
            serde_json::to_value(Event::Mcts(d)).unwrap_or_default()
        }
    }
}

/// A real number to six decimals, as JSON writes UCB1 (infinite as null).
fn round6(x: f64) -> Value {
    if x.is_finite() {
        Value::from((x * 1e6).round() / 1e6)
    } else {
        Value::Null
    }
}
