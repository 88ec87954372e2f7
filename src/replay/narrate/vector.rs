//! The sentences of seed 004's max-n: every value is a payoff vector (the trace carries the id
//! of the terminal whose vector it is, and the catalog holds the vector), a mover compares
//! only its own entry, and a tie goes to the run's rule. The MAX/MIN sentences speak of one
//! score and a window, neither of which a max-n run has, so this voice tells every event such
//! a run records.

use super::voice::Voice;
use super::words::Words;
use crate::game::Side;
use crate::replay::Replay;
use crate::trace::ReturnKind;
use crate::value::{Entry, Key};

/// A payoff vector of `replay`'s run as seed 004 writes it, each entry exact in the run's
/// units: `(5, 4, 5)`, `(3.5, 2, 1)`.
pub fn vector_text(replay: &Replay, v: &[i32]) -> String {
    crate::value::Units::of(replay.scale()).vector_text(v)
}

/// The vector a max-n value stands for, as text (`?` when the catalog lacks it).
pub fn value_text(replay: &Replay, value: i32) -> String {
    let v = u32::try_from(value).map_or(&[][..], |id| replay.catalog().payoffs(id));
    if v.is_empty() {
        "?".into()
    } else {
        vector_text(replay, v)
    }
}

/// The voice of a max-n run.
pub(super) struct Vectors;

/// The players, by name, as the header lists them: "A, B, C".
fn players(w: &Words) -> String {
    w.replay.trace().header.players.join(", ")
}

/// Whose choice a turn is, by the player's name.
fn player(w: &Words, side: Side) -> String {
    match side {
        Side::Player(seat) => w
            .replay
            .trace()
            .header
            .players
            .get(seat.index())
            .cloned()
            .unwrap_or_else(|| format!("player {}", seat.index() + 1)),
        other => other.name().to_string(),
    }
}

/// The mover's own entry of the vector `value` stands for.
fn entry(w: &Words, value: i32, side: Side) -> String {
    let at = match side {
        Side::Player(seat) => seat.index(),
        _ => 0,
    };
    u32::try_from(value)
        .ok()
        .and_then(|id| w.replay.catalog().payoffs(id).get(at).copied())
        .map_or("?".to_string(), |v| {
            crate::value::Units::of(w.replay.scale()).payoff(v)
        })
}

fn vector(w: &Words, value: i32) -> String {
    value_text(w.replay, value)
}

impl Voice for Vectors {
    fn pass_start(&self, w: &Words, depth: u8) -> String {
        format!(
            "Max-n searches to depth {depth}: at every node the player to move takes the child whose payoff vector is best for itself, and the whole vector is backed up (players {}).",
            players(w)
        )
    }

    fn pass_end(&self, w: &Words, _: u8, done: bool, score: i32, mv: i16) -> String {
        if !done {
            return "The pass was interrupted: it backs up nothing.".into();
        }
        // The move by the child it leads to, as the root's own row of children has it.
        let tree = w.replay.tree();
        let root = tree.passes().last().map(|p| p.root);
        let to = root
            .and_then(|r| tree.children(r).map(|c| tree.get(c)).find(|c| c.mv == mv))
            .map_or(format!("move {mv}"), |c| w.name(c.state));
        let plays = if mv >= 0 {
            format!("plays {to}")
        } else {
            "has no move to play".into()
        };
        format!(
            "The search is done: the root backs up {} (the payoffs of {}) and {plays}.",
            vector(w, score),
            w.name(score as u32)
        )
    }

    fn enter(&self, w: &Words, state: u32, turn: Side, _: (u8, u8), _: (i32, i32)) -> String {
        format!(
            "{} is entered; {} moves here and will compare only its own entry of each child's vector. No window: the players are not opposed, so nothing can be cut.",
            w.name(state),
            player(w, turn)
        )
    }

    fn refused(&self, w: &Words, state: u32) -> String {
        format!(
            "The node budget is spent: {} is not searched, and the pass unwinds.",
            w.name(state)
        )
    }

    fn order(&self, w: &Words, state: u32) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        let (_, children) = w.replay.trace().order(f.order_start, f.order_len);
        let list: Vec<String> = children.iter().map(|&c| w.name(c)).collect();
        format!(
            "The children of {}, in the graph's order (max-n does not reorder): {}.",
            w.name(state),
            list.join(", ")
        )
    }

    fn push(&self, w: &Words, state: u32, _: i16) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        format!(
            "{} is searched for {}'s choice at {}.",
            w.name(state),
            player(w, f.turn),
            w.name(f.state)
        )
    }

    fn read(&self, w: &Words, state: u32, _: i32, terminal: bool) -> String {
        format!(
            "{} {}: its payoffs are {}, one for each of {}.",
            w.name(state),
            if terminal {
                "is a terminal"
            } else {
                "is at the depth horizon"
            },
            vector(w, state as i32),
            players(w)
        )
    }

    fn pop(&self, w: &Words, state: u32, value: i32) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        format!(
            "{} came back with {}; {} looks at its own entry, {}.",
            w.name(state),
            vector(w, value),
            player(w, f.turn),
            entry(w, value, f.turn)
        )
    }

    fn best(&self, w: &Words, state: u32, value: i32, _: i16) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        format!(
            "{} now takes {}: {} gives {} {}, its best so far at {}.",
            player(w, f.turn),
            vector(w, value),
            vector(w, value),
            player(w, f.turn),
            entry(w, value, f.turn),
            w.name(state)
        )
    }

    fn tie(&self, w: &Words, state: u32, pos: u16, kept: bool) -> String {
        let Some(f) = w.top() else {
            return String::new();
        };
        let mover = player(w, f.turn);
        let (_, children) = w.replay.trace().order(f.order_start, f.order_len);
        let child = children
            .get(pos as usize)
            .map_or("?".into(), |&c| w.name(c));
        let new = w.st.last_done.map(|c| w.replay.tree().get(c).value);
        let new = new.map_or("?".into(), |v| vector(w, v));
        let rule = w
            .replay
            .options()
            .ties
            .text(&w.replay.trace().header.players);
        format!(
            "A tie at {}: {child} brings {new}, which gives {mover} {} just as {} does. {mover} is indifferent, so the rule {rule} decides: {}.",
            w.name(state),
            entry(w, f.best, f.turn),
            vector(w, f.best),
            if kept {
                format!("{} stays", vector(w, f.best))
            } else {
                format!("{new} takes its place")
            }
        )
    }

    fn store(&self, w: &Words, key: Key, entry: Entry, _: bool) -> String {
        format!(
            "{} has its vector {}; max-n keeps no table, so nothing is kept for later.",
            w.name(key.state),
            vector(w, entry.value)
        )
    }

    fn returns(&self, w: &Words, state: u32, value: i32, _: i16, _: ReturnKind) -> String {
        match w.top() {
            Some(parent) => format!(
                "{} returns {} to {}.",
                w.name(state),
                vector(w, value),
                w.name(parent.state)
            ),
            None => format!(
                "{} returns {}: the root's vector, the answer of the search.",
                w.name(state),
                vector(w, value)
            ),
        }
    }

    fn unwind(&self, w: &Words, state: u32) -> String {
        format!(
            "{} is abandoned: the budget ran out below it.",
            w.name(state)
        )
    }
}
