//! The sentences of seed 004's max-n: every value is a payoff vector (the trace carries the id
//! of the terminal whose vector it is, and the catalog holds the vector), a mover compares
//! only its own entry, and a tie goes to the run's rule. The MAX/MIN sentences speak of one
//! score and a window, neither of which a max-n run has, so every event of such a run is
//! told here.

use super::{Replay, ReplayState};
use crate::event::{Bound, Vector};
use crate::game::Side;
use crate::search::Algorithm;
use crate::trace::Event;

/// A payoff vector as seed 004 writes it: `(5, 4, 5)`.
pub fn vector_text(v: &[i32]) -> String {
    let parts: Vec<String> = v.iter().map(i32::to_string).collect();
    format!("({})", parts.join(", "))
}

/// The vector a max-n value stands for, as text (`?` when the catalog lacks it).
pub fn value_text(replay: &Replay, value: i32) -> String {
    let v = u32::try_from(value).map_or(&[][..], |id| replay.catalog().payoffs(id));
    if v.is_empty() {
        "?".into()
    } else {
        vector_text(v)
    }
}

/// The sentence for event `index` of a max-n run (`None` for any other run).
pub fn sentence(
    replay: &Replay,
    st: &ReplayState,
    index: usize,
    name: &dyn Fn(u32) -> String,
) -> Option<String> {
    let o = replay.options();
    if o.algorithm != Algorithm::Maxn {
        return None;
    }
    let players = &replay.trace().header.players;
    let player = |side: Side| match side {
        Side::Player(seat) => players
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| format!("player {}", seat.index() + 1)),
        other => other.name().to_string(),
    };
    let seat = |side: Side| match side {
        Side::Player(seat) => seat.index(),
        _ => 0,
    };
    let vector = |value: i32| value_text(replay, value);
    let entry = |value: i32, at: usize| {
        u32::try_from(value)
            .ok()
            .and_then(|id| replay.catalog().payoffs(id).get(at).copied())
            .map_or("?".to_string(), |v| v.to_string())
    };
    let top = st.top();
    Some(match replay.events()[index] {
        Event::PassStart { depth } => format!(
            "Max-n searches to depth {depth}: at every node the player to move takes the child whose payoff vector is best for itself, and the whole vector is backed up (players {}).",
            players.join(", ")
        ),
        Event::PassEnd {
            done: true,
            score,
            mv,
            ..
        } => {
            // The move by the child it leads to, as the root's own row of children has it.
            let root = replay.tree().passes().last().map(|p| p.root);
            let to = root
                .and_then(|r| {
                    let tree = replay.tree();
                    tree.children(r).map(|c| tree.get(c)).find(|c| c.mv == mv)
                })
                .map_or(format!("move {mv}"), |c| name(c.state));
            let plays = if mv >= 0 {
                format!("plays {to}")
            } else {
                "has no move to play".into()
            };
            format!(
                "The search is done: the root backs up {} (the payoffs of {}) and {plays}.",
                vector(score),
                name(score as u32)
            )
        }
        Event::PassEnd { .. } => "The pass was interrupted: it backs up nothing.".into(),
        Event::Enter { state, turn, .. } => format!(
            "{} is entered; {} moves here and will compare only its own entry of each child's vector. No window: the players are not opposed, so nothing can be cut.",
            name(state),
            player(turn)
        ),
        Event::Refused { state, .. } => format!(
            "The node budget is spent: {} is not searched, and the pass unwinds.",
            name(state)
        ),
        Event::Order { state, .. } => {
            let f = top?;
            let (_, children) = replay.trace().order(f.order_start, f.order_len);
            let list: Vec<String> = children.iter().map(|&c| name(c)).collect();
            format!(
                "The children of {}, in the graph's order (max-n does not reorder): {}.",
                name(state),
                list.join(", ")
            )
        }
        Event::Push { state, .. } => {
            let f = top?;
            format!(
                "{} is searched for {}'s choice at {}.",
                name(state),
                player(f.turn),
                name(f.state)
            )
        }
        Event::Bound(Bound::Read {
            state, terminal, ..
        }) => format!(
            "{} {}: its payoffs are {}, one for each of {}.",
            name(state),
            if terminal {
                "is a terminal"
            } else {
                "is at the depth horizon"
            },
            vector(state as i32),
            players.join(", ")
        ),
        Event::Pop { state, value } => {
            let f = top?;
            let at = seat(f.turn);
            format!(
                "{} came back with {}; {} looks at its own entry, {}.",
                name(state),
                vector(value),
                player(f.turn),
                entry(value, at)
            )
        }
        Event::Bound(Bound::Best { state, value, .. }) => {
            let f = top?;
            format!(
                "{} now takes {}: {} gives {} {}, its best so far at {}.",
                player(f.turn),
                vector(value),
                vector(value),
                player(f.turn),
                entry(value, seat(f.turn)),
                name(state)
            )
        }
        Event::Vector(Vector::Tie { state, pos, kept }) => {
            let f = top?;
            let mover = player(f.turn);
            let (_, children) = replay.trace().order(f.order_start, f.order_len);
            let child = children.get(pos as usize).map_or("?".into(), |&c| name(c));
            let new = st.last_done.map(|c| replay.tree().get(c).value);
            let new = new.map_or("?".into(), vector);
            let rule = o.ties.text(players);
            format!(
                "A tie at {}: {child} brings {new}, which gives {mover} {} just as {} does. {mover} is indifferent, so the rule {rule} decides: {}.",
                name(state),
                entry(f.best, seat(f.turn)),
                vector(f.best),
                if kept {
                    format!("{} stays", vector(f.best))
                } else {
                    format!("{new} takes its place")
                }
            )
        }
        Event::Bound(Bound::Store { state, value, .. }) => format!(
            "{} has its vector {}; max-n keeps no table, so nothing is kept for later.",
            name(state),
            vector(value)
        ),
        Event::Return { state, value, .. } => match top {
            Some(parent) => format!(
                "{} returns {} to {}.",
                name(state),
                vector(value),
                name(parent.state)
            ),
            None => format!(
                "{} returns {}: the root's vector, the answer of the search.",
                name(state),
                vector(value)
            ),
        },
        Event::Unwind { state } => {
            format!("{} is abandoned: the budget ran out below it.", name(state))
        }
        _ => return None,
    })
}
