//! Who tells an event: the exhaustive dispatch over events and over each family's detail, to
//! the voice of the run's family and of the node the event happens at.

use super::chance::ChanceNode;
use super::vector::Vectors;
use super::voice::{Scores, Voice};
use super::words::Words;
use crate::event::{Bound, Chance, Scout, Vector};
use crate::game::Side;
use crate::search::Family;
use crate::search::family::Convention;
use crate::trace::Event;
use crate::value::{Entry, Key};

/// The voice for an event at a node whose turn is `turn` in a run of `family`: the one place
/// a family's narration is registered.
pub(super) fn voice(family: &dyn Family, turn: Option<Side>) -> &'static dyn Voice {
    match family.convention() {
        Convention::PayoffVector => &Vectors,
        // A chance node has no side and no window of its own, whichever search meets it.
        Convention::MaxSide | Convention::SideToMove if turn.is_some_and(Side::is_chance) => {
            &ChanceNode
        }
        // A Monte Carlo run has no skeleton event for a voice to tell (`mcts` tells its own).
        Convention::MaxSide | Convention::SideToMove | Convention::IncomingMover => &Scores,
    }
}

/// The sentence for `event`, told by the voice of the node it happens at.
pub(super) fn tell(w: &Words, index: usize, event: Event) -> String {
    if let Some(said) = held_back(w, event) {
        return said;
    }
    let at_top = voice(w.family, w.top().map(|f| f.turn));
    match event {
        Event::PassStart { depth } => at_top.pass_start(w, depth),
        Event::PassEnd {
            depth,
            done,
            score,
            mv,
        } => at_top.pass_end(w, depth, done, score, mv),
        Event::Aspiration {
            depth,
            alpha,
            beta,
            outcome,
        } => at_top.aspiration(w, index, depth, (alpha, beta), outcome),
        Event::Enter {
            state,
            turn,
            depth,
            qleft,
            alpha,
            beta,
        } => voice(w.family, Some(turn)).enter(w, state, turn, (depth, qleft), (alpha, beta)),
        Event::Refused { state, .. } => at_top.refused(w, state),
        Event::Order { state, .. } => at_top.order(w, state),
        Event::Push { state, mv, .. } => at_top.push(w, state, mv),
        Event::Pop { state, value } => at_top.pop(w, state, value),
        Event::Return {
            state,
            value,
            mv,
            how,
        } => {
            // The returning call has left the stack: its own turn is the catalog's.
            let turn = w.replay.catalog().turn(state);
            voice(w.family, Some(turn)).returns(w, state, value, mv, how)
        }
        Event::Unwind { state } => at_top.unwind(w, state),
        Event::Bound(b) => bound(at_top, w, b),
        Event::Scout(s) => scout(at_top, w, s),
        Event::Chance(c) => chance(at_top, w, index, c),
        Event::Vector(v) => vector(at_top, w, v),
        Event::Mcts(d) => super::mcts::tell(w, index, d),
    }
}

/// Hands a bound detail to the voice of the node it happens at.
fn bound(v: &dyn Voice, w: &Words, b: Bound) -> String {
    match b {
        Bound::Probe {
            state,
            found,
            usable,
        } => v.probe(w, state, found, usable),
        Bound::Read {
            state,
            value,
            terminal,
        } => v.read(w, state, value, terminal),
        Bound::StandPat {
            state,
            value,
            cutoff,
        } => v.stand_pat(w, state, value, cutoff),
        Bound::Best { state, value, mv } => v.best(w, state, value, mv),
        Bound::Window { state, alpha, beta } => v.window(w, state, alpha, beta),
        Bound::Cutoff {
            state,
            pos,
            alpha,
            beta,
        } => v.cutoff(w, state, pos, alpha, beta),
        Bound::Narrow {
            state,
            alpha,
            beta,
            by,
        } => v.narrow(w, state, (alpha, beta), by),
        Bound::Split { lo, hi, probe } => v.split(w, (lo, hi), probe),
        Bound::Settled { state, rule } => v.settled(w, state, rule),
        Bound::Filtered { state, dropped } => v.filtered(w, state, dropped),
        Bound::Store {
            state,
            depth,
            qleft,
            value,
            mv,
            flag,
            kept,
        } => {
            let key = Key {
                state,
                depth,
                qleft,
            };
            v.store(w, key, Entry { value, mv, flag }, kept)
        }
    }
}

/// Hands a scout detail to the voice of the node it happens at.
fn scout(v: &dyn Voice, w: &Words, s: Scout) -> String {
    match s {
        Scout::NullWindow {
            state,
            pos,
            alpha,
            beta,
        } => v.null_window(w, state, pos, (alpha, beta)),
        Scout::Research {
            state, pos, value, ..
        } => v.research(w, state, pos, value),
    }
}

/// Hands a chance detail to the voice of the node it happens at.
fn chance(v: &dyn Voice, w: &Words, index: usize, c: Chance) -> String {
    match c {
        Chance::Average { state, pos, sum } => v.average(w, state, pos, sum),
        Chance::Interval { state, lo, hi } => v.interval(w, index, state, (lo, hi)),
    }
}

/// Hands a max-n detail to the voice of the node it happens at.
fn vector(v: &dyn Voice, w: &Words, d: Vector) -> String {
    match d {
        Vector::Tie { state, pos, kept } => v.tie(w, state, pos, kept),
    }
}

/// While a prediction asks what the call on top returns or stores, the sentences that take a
/// child's value into its best so far and its window (each would state the answer once the
/// last child is in) say only what came back. A cutoff's sentence is its voice's, without
/// what the call goes on to store (`bound::cutoff`, the chance voice's).
fn held_back(w: &Words, event: Event) -> Option<String> {
    let f = w.top().filter(|f| w.holds_settled(f.node))?;
    let node = w.node(f.state, f.turn);
    let kept = if f.turn.is_chance() {
        "its weighted sum so far is kept back until you answer below"
    } else {
        "its best so far and its window are kept back until you answer below"
    };
    match event {
        Event::Pop { state, value } if w.family.side_to_move() => Some(format!(
            "{} returns {} from its own side to {node}; {kept}.",
            w.name(state),
            w.sc(value)
        )),
        Event::Pop { state, value } => Some(format!(
            "{} returns {} to {node}; {kept}.",
            w.name(state),
            w.sc(value)
        )),
        Event::Bound(Bound::Best { .. } | Bound::Window { .. })
        | Event::Chance(Chance::Average { .. }) => {
            Some(format!("{node} takes in what came back; {kept}."))
        }
        _ => None,
    }
}
