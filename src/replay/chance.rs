//! The sentences of seed 004's chance nodes: entering one, each outcome and its weight, the
//! interval chance pruning keeps, its cutoff, and the average it returns. A chance frame has
//! no best move and no window of its own to narrow, so the MAX/MIN sentences do not fit it.

use super::{Replay, ReplayState};
use crate::event::{Bound, Chance};
use crate::exact::Ratio;
use crate::index::Outcome;
use crate::search::tt::Flag;
use crate::trace::{Event, ReturnKind};
use crate::value::sc;

/// The sentence for event `index` when it belongs to a chance frame (`None` otherwise).
pub fn sentence(
    replay: &Replay,
    st: &ReplayState,
    index: usize,
    name: &dyn Fn(u32) -> String,
) -> Option<String> {
    let event = replay.events()[index];
    let top = st.top();
    let chance_top = top.filter(|f| f.turn.is_chance());
    let catalog = replay.catalog();
    let p_text = |state: u32, mv: i16| {
        catalog
            .probability(state, mv)
            .map_or("?".to_string(), Ratio::pretty)
    };
    let bounds = replay.options().chance_pruning;
    Some(match event {
        Event::Enter {
            state,
            turn,
            alpha,
            beta,
            ..
        } if turn.is_chance() => {
            let outcomes = catalog.get(state).map_or(0, |s| s.chances.len());
            let prune = match bounds {
                Some((lo, hi)) => format!(
                    " Every utility lies in [{lo}, {hi}], so after each outcome its value is known to lie in an interval, and it stops once that interval lies outside the window ({}, {}).",
                    sc(alpha),
                    sc(beta)
                ),
                None => " Without bounds on the outcomes not yet seen it cannot stop early: every outcome is searched.".into(),
            };
            format!(
                "Chance node {} is entered: nobody chooses here, its value is the average of its {} weighed by their probabilities.{prune}",
                name(state),
                crate::text::counted(outcomes as u64, "outcome", "outcomes")
            )
        }
        Event::Order { state, .. } if chance_top.is_some() => {
            let f = chance_top?;
            let (moves, children) = replay.trace().order(f.order_start, f.order_len);
            let list: Vec<String> = moves
                .iter()
                .zip(children)
                .map(|(&m, &child)| {
                    format!(
                        "{} with probability {}",
                        name(child),
                        p_text(state, m as i16)
                    )
                })
                .collect();
            format!(
                "The outcomes of {}, in the graph's order (chance is not ordered): {}.",
                name(state),
                list.join(", ")
            )
        }
        Event::Push { state, mv, .. } if chance_top.is_some() => {
            let f = chance_top?;
            format!(
                "Outcome {} (probability {}) of {} is searched with the full window (-∞, +∞): the average needs its exact value, whatever the window above.",
                name(state),
                p_text(f.state, mv),
                name(f.state)
            )
        }
        Event::Pop { state, value } if chance_top.is_some() => {
            let f = chance_top?;
            format!(
                "{} comes back to chance node {} worth {}.",
                name(state),
                name(f.state),
                sc(value)
            )
        }
        Event::Chance(Chance::Average { state, pos, sum }) => {
            let f = chance_top?;
            let child = st.last_done.map(|c| replay.tree().get(c));
            let weight = child.map_or("?".into(), |c| p_text(state, c.mv));
            let value = child.map_or("?".into(), |c| sc(c.value));
            format!(
                "Outcome {} of {}: {value} weighed by {weight}; the outcomes so far add up to {}.",
                pos + 1,
                f.order_len,
                sc(sum)
            )
        }
        Event::Chance(Chance::Interval { state, lo, hi }) => {
            let f = chance_top?;
            let (blo, bhi) = bounds.unwrap_or((0, 0));
            let seen = f.average.map_or(0, |(_, n)| n);
            let rest = f.order_len.saturating_sub(seen);
            let next = match replay.events().get(index + 1) {
                Some(Event::Bound(Bound::Cutoff { .. })) => "so it cuts here".to_string(),
                _ => format!(
                    "which still meets the window ({}, {}), so the next outcome is searched",
                    sc(f.alpha),
                    sc(f.beta)
                ),
            };
            format!(
                "With the {} not yet seen anywhere in [{blo}, {bhi}], {} is now known to lie in [{}, {}], {next}.",
                crate::text::counted(rest as u64, "outcome", "outcomes"),
                name(state),
                sc(lo),
                sc(hi)
            )
        }
        Event::Bound(Bound::Cutoff { state, pos, .. }) if chance_top.is_some() => {
            let f = chance_top?;
            let (lo, hi) = f.interval.unwrap_or((f.alpha, f.beta));
            let skipped = f.order_len.saturating_sub(pos + 1);
            let flag = match replay.tree().get(f.node).outcome {
                Some(Outcome::Stored(flag)) => flag,
                _ => Flag::Upper,
            };
            let why = if flag == Flag::Upper {
                format!(
                    "is at most {}, which cannot beat α = {}: the MAX choice above already has something at least as good",
                    sc(hi),
                    sc(f.alpha)
                )
            } else {
                format!(
                    "is at least {}, which already reaches β = {}: the MIN choice above already has something at most as good",
                    sc(lo),
                    sc(f.beta)
                )
            };
            format!(
                "Chance cutoff at {}: its value {why}. The other {} skipped, and it returns {} as {} {} bound.",
                name(state),
                match skipped {
                    1 => "outcome is".to_string(),
                    n => format!("{n} outcomes are"),
                },
                sc(if flag == Flag::Upper { hi } else { lo }),
                if flag == Flag::Upper { "an" } else { "a" },
                flag.name()
            )
        }
        event @ Event::Bound(Bound::Store { .. }) if chance_top.is_some() => {
            let (_, entry, kept) = event.stored()?;
            let f = chance_top?;
            let what = if entry.flag == Flag::Exact {
                format!("its exact average {}", sc(entry.value))
            } else {
                format!(
                    "{} as {} bound",
                    entry.flag.worth(entry.value),
                    entry.flag.name()
                )
            };
            if kept {
                format!("{} is stored in the table: {what}.", name(f.state))
            } else {
                format!(
                    "{} has {what} (the table is off, so it is not kept).",
                    name(f.state)
                )
            }
        }
        Event::Return {
            state, value, how, ..
        } if catalog.turn(state).is_chance() => match how {
            ReturnKind::TableHit => format!(
                "The table answers chance node {}: {}.",
                name(state),
                sc(value)
            ),
            ReturnKind::Searched(Flag::Exact) => format!(
                "Chance node {} returns {}, the probability-weighted average of its outcomes.",
                name(state),
                sc(value)
            ),
            ReturnKind::Searched(flag) => format!(
                "Chance node {} returns {}: the outcomes it skipped could not have changed the choice above.",
                name(state),
                flag.worth(value)
            ),
        },
        _ => return None,
    })
}
