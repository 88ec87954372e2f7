//! The sentences of seed 004's chance nodes: entering one, each outcome and its weight, the
//! interval chance pruning keeps, its cutoff, and the average it returns. A chance frame has
//! no best move and no window of its own to narrow, so the MAX/MIN sentences do not fit it.

use super::voice::Voice;
use super::words::Words;
use crate::event::Bound;
use crate::exact::Ratio;
use crate::game::Side;
use crate::index::Outcome;
use crate::trace::{Event, ReturnKind};
use crate::value::{Entry, Flag, Key};

/// The voice of a chance node.
pub(super) struct ChanceNode;

/// The probability of outcome `mv` of chance node `state`, as the graph writes it.
fn probability(w: &Words, state: u32, mv: i16) -> String {
    w.replay
        .catalog()
        .probability(state, mv)
        .map_or("?".to_string(), Ratio::pretty)
}

impl Voice for ChanceNode {
    fn enter(&self, w: &Words, state: u32, _: Side, _: (u8, u8), window: (i32, i32)) -> String {
        let outcomes = w.replay.catalog().get(state).map_or(0, |s| s.chances.len());
        let prune = match w.replay.options().chance_pruning {
            Some((lo, hi)) => format!(
                " Every utility lies in [{lo}, {hi}], so after each outcome its value is known to lie in an interval, and it stops once that interval lies outside the window ({}, {}).",
                w.sc(window.0),
                w.sc(window.1)
            ),
            None => " Without bounds on the outcomes not yet seen it cannot stop early: every outcome is searched.".into(),
        };
        format!(
            "Chance node {} is entered: nobody chooses here, its value is the average of its {} weighed by their probabilities.{prune}",
            w.name(state),
            crate::text::counted(outcomes as u64, "outcome", "outcomes")
        )
    }

    fn order(&self, w: &Words, state: u32) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        let (moves, children) = w.replay.trace().order(f.order_start, f.order_len);
        let list: Vec<String> = moves
            .iter()
            .zip(children)
            .map(|(&m, &child)| {
                format!(
                    "{} with probability {}",
                    w.name(child),
                    probability(w, state, m as i16)
                )
            })
            .collect();
        format!(
            "The outcomes of {}, in the graph's order (chance is not ordered): {}.",
            w.name(state),
            list.join(", ")
        )
    }

    fn push(&self, w: &Words, state: u32, mv: i16) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        format!(
            "Outcome {} (probability {}) of {} is searched with the full window (-∞, +∞): the average needs its exact value, whatever the window above.",
            w.name(state),
            probability(w, f.state, mv),
            w.name(f.state)
        )
    }

    fn pop(&self, w: &Words, state: u32, value: i32) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        format!(
            "{} comes back to chance node {} worth {}.",
            w.name(state),
            w.name(f.state),
            w.sc(value)
        )
    }

    fn average(&self, w: &Words, state: u32, pos: u16, sum: i32) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        let child = w.st.last_done.map(|c| w.replay.tree().get(c));
        let weight = child.map_or("?".into(), |c| probability(w, state, c.mv));
        let value = child.map_or("?".into(), |c| w.sc(c.value));
        format!(
            "Outcome {} of {}: {value} weighed by {weight}; the outcomes so far add up to {}.",
            pos + 1,
            f.order_len,
            w.sc(sum)
        )
    }

    fn interval(&self, w: &Words, index: usize, state: u32, (lo, hi): (i32, i32)) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        let (blo, bhi) = w.replay.options().chance_pruning.unwrap_or((0, 0));
        let seen = f.average.map_or(0, |(_, n)| n);
        let rest = f.order_len.saturating_sub(seen);
        // Whether the interval cuts is already on record: the next event.
        let next =
            if let Some(Event::Bound(Bound::Cutoff { .. })) = w.replay.events().get(index + 1) {
                "so it cuts here".to_string()
            } else {
                format!(
                    "which still meets the window ({}, {}), so the next outcome is searched",
                    w.sc(f.alpha),
                    w.sc(f.beta)
                )
            };
        format!(
            "With the {} not yet seen anywhere in [{blo}, {bhi}], {} is now known to lie in [{}, {}], {next}.",
            crate::text::counted(rest as u64, "outcome", "outcomes"),
            w.name(state),
            w.sc(lo),
            w.sc(hi)
        )
    }

    fn cutoff(&self, w: &Words, state: u32, pos: u16, _: i32, _: i32) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        let (lo, hi) = f.interval.unwrap_or((f.alpha, f.beta));
        let skipped = f.order_len.saturating_sub(pos + 1);
        let flag = match w.replay.tree().get(f.node).outcome {
            Some(Outcome::Stored(flag)) => flag,
            _ => Flag::Upper,
        };
        let why = if flag == Flag::Upper {
            format!(
                "is at most {}, which cannot beat α = {}: the MAX choice above already has something at least as good",
                w.sc(hi),
                w.sc(f.alpha)
            )
        } else {
            format!(
                "is at least {}, which already reaches β = {}: the MIN choice above already has something at most as good",
                w.sc(lo),
                w.sc(f.beta)
            )
        };
        // What it returns, unless a prediction asks it.
        let returns = if w.holds_settled(f.node) {
            String::new()
        } else {
            format!(
                ", and it returns {} as {} {} bound",
                w.sc(if flag == Flag::Upper { hi } else { lo }),
                if flag == Flag::Upper { "an" } else { "a" },
                flag.name()
            )
        };
        format!(
            "Chance cutoff at {}: its value {why}. The other {} skipped{returns}.",
            w.name(state),
            match skipped {
                1 => "outcome is".to_string(),
                n => format!("{n} outcomes are"),
            },
        )
    }

    fn store(&self, w: &Words, _: Key, entry: Entry, kept: bool) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        let what = if entry.flag == Flag::Exact {
            format!("its exact average {}", w.sc(entry.value))
        } else {
            format!(
                "{} as {} bound",
                w.worth(entry.value, entry.flag),
                entry.flag.name()
            )
        };
        if kept {
            format!("{} is stored in the table: {what}.", w.name(f.state))
        } else {
            format!(
                "{} has {what} (the table is off, so it is not kept).",
                w.name(f.state)
            )
        }
    }

    fn returns(&self, w: &Words, state: u32, value: i32, _: i16, how: ReturnKind) -> String {
        match how {
            ReturnKind::TableHit => format!(
                "The table answers chance node {}: {}.",
                w.name(state),
                w.sc(value)
            ),
            ReturnKind::Searched(Flag::Exact) => format!(
                "Chance node {} returns {}, the probability-weighted average of its outcomes.",
                w.name(state),
                w.sc(value)
            ),
            ReturnKind::Searched(flag) => format!(
                "Chance node {} returns {}: the outcomes it skipped could not have changed the choice above.",
                w.name(state),
                w.worth(value, flag)
            ),
        }
    }
}
