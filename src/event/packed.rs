//! The form a recorded event is stored in. `Event` nests each family's detail in an enum of
//! its own, and rustc cannot share one tag between the two levels, so an `Event` is 20 bytes;
//! a million-call run records millions of them. `Packed` spells every kind as one flat
//! variant and is 16 bytes. Producers and views only ever see `Event`: a recording packs each
//! event as it is kept and unpacks it as it is read (`events::Events`).
//!
//! A new detail kind adds a variant here, an arm in each of its family's two functions below
//! (`bound` packs, `bound_back` unpacks), and its name on its family's line of
//! `From<Packed> for Event`; a new family adds such a pair and a line.

use super::{Bound, Chance, Event, Mcts, Narrowing, ReturnKind, Scout, Vector};
use crate::game::{Rule, Side};
use crate::value::{AttemptOutcome, Entry, Flag};

/// One recorded event, every kind at the same level (see `Event` for what each means).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Packed {
    // The skeleton.
    PassStart {
        depth: u8,
    },
    PassEnd {
        depth: u8,
        done: bool,
        score: i32,
        mv: i16,
    },
    Aspiration {
        depth: u8,
        alpha: i32,
        beta: i32,
        outcome: AttemptOutcome,
    },
    Enter {
        state: u32,
        turn: Side,
        depth: u8,
        qleft: u8,
        alpha: i32,
        beta: i32,
    },
    Refused {
        state: u32,
        ply: u16,
    },
    Order {
        state: u32,
        start: u32,
        len: u16,
    },
    Push {
        state: u32,
        mv: i16,
        pos: u16,
    },
    Pop {
        state: u32,
        value: i32,
    },
    Return {
        state: u32,
        value: i32,
        mv: i16,
        how: ReturnKind,
    },
    Unwind {
        state: u32,
    },
    // Alpha-beta's detail (`Bound`).
    Probe {
        state: u32,
        found: Option<Entry>,
        usable: bool,
    },
    Read {
        state: u32,
        value: i32,
        terminal: bool,
    },
    StandPat {
        state: u32,
        value: i32,
        cutoff: bool,
    },
    Best {
        state: u32,
        value: i32,
        mv: i16,
    },
    Window {
        state: u32,
        alpha: i32,
        beta: i32,
    },
    Cutoff {
        state: u32,
        pos: u16,
        alpha: i32,
        beta: i32,
    },
    Store {
        state: u32,
        depth: u8,
        qleft: u8,
        value: i32,
        mv: i16,
        flag: Flag,
        kept: bool,
    },
    Narrow {
        state: u32,
        alpha: i32,
        beta: i32,
        by: Narrowing,
    },
    Split {
        lo: i32,
        hi: i32,
        probe: i32,
    },
    Settled {
        state: u32,
        rule: Rule,
    },
    Filtered {
        state: u32,
        dropped: u8,
    },
    // PVS's detail (`Scout`).
    NullWindow {
        state: u32,
        pos: u16,
        alpha: i32,
        beta: i32,
    },
    Research {
        state: u32,
        pos: u16,
        ply: u16,
        value: i32,
    },
    // A chance node's detail (`Chance`).
    Average {
        state: u32,
        pos: u16,
        sum: i32,
    },
    Interval {
        state: u32,
        lo: i32,
        hi: i32,
    },
    // Max-n's detail (`Vector`).
    Tie {
        state: u32,
        pos: u16,
        kept: bool,
    },
    // Monte Carlo tree search's detail (`Mcts`).
    Given {
        node: u32,
        n: u32,
        u: u32,
    },
    Iteration {
        number: u32,
    },
    Select {
        node: u32,
        start: u32,
        len: u16,
        pos: u16,
    },
    Draw {
        node: u32,
        pos: u16,
    },
    Expand {
        node: u32,
        parent: u32,
        at: u32,
    },
    Playout {
        node: u32,
        start: u32,
        len: u16,
        result: u8,
        value: i32,
    },
    Known {
        node: u32,
        result: u8,
        value: i32,
    },
    Backup {
        node: u32,
        n: u32,
        u: u32,
        reward: u8,
    },
}

// The point of the flat form: one tag for every kind, so the largest (`Enter`, 15 bytes of
// fields) fits in 16 with it.
const _: () = assert!(std::mem::size_of::<Packed>() == 16);

impl From<Event> for Packed {
    #[inline]
    fn from(event: Event) -> Packed {
        match event {
            Event::PassStart { depth } => Packed::PassStart { depth },
            Event::PassEnd {
                depth,
                done,
                score,
                mv,
            } => Packed::PassEnd {
                depth,
                done,
                score,
                mv,
            },
            Event::Aspiration {
                depth,
                alpha,
                beta,
                outcome,
            } => Packed::Aspiration {
                depth,
                alpha,
                beta,
                outcome,
            },
            Event::Enter {
                state,
                turn,
                depth,
                qleft,
                alpha,
                beta,
            } => Packed::Enter {
                state,
                turn,
                depth,
                qleft,
                alpha,
                beta,
            },
            Event::Refused { state, ply } => Packed::Refused { state, ply },
            Event::Order { state, start, len } => Packed::Order { state, start, len },
            Event::Push { state, mv, pos } => Packed::Push { state, mv, pos },
            Event::Pop { state, value } => Packed::Pop { state, value },
            Event::Return {
                state,
                value,
                mv,
                how,
            } => Packed::Return {
                state,
                value,
                mv,
                how,
            },
            Event::Unwind { state } => Packed::Unwind { state },
            Event::Bound(b) => bound(b),
            Event::Scout(s) => scout(s),
            Event::Chance(c) => chance(c),
            Event::Vector(v) => vector(v),
            Event::Mcts(m) => mcts(m),
        }
    }
}

impl From<Packed> for Event {
    #[inline]
    fn from(p: Packed) -> Event {
        use Packed as P;
        match p {
            P::PassStart { depth } => Event::PassStart { depth },
            P::PassEnd {
                depth,
                done,
                score,
                mv,
            } => Event::PassEnd {
                depth,
                done,
                score,
                mv,
            },
            P::Aspiration {
                depth,
                alpha,
                beta,
                outcome,
            } => Event::Aspiration {
                depth,
                alpha,
                beta,
                outcome,
            },
            P::Enter {
                state,
                turn,
                depth,
                qleft,
                alpha,
                beta,
            } => Event::Enter {
                state,
                turn,
                depth,
                qleft,
                alpha,
                beta,
            },
            P::Refused { state, ply } => Event::Refused { state, ply },
            P::Order { state, start, len } => Event::Order { state, start, len },
            P::Push { state, mv, pos } => Event::Push { state, mv, pos },
            P::Pop { state, value } => Event::Pop { state, value },
            P::Return {
                state,
                value,
                mv,
                how,
            } => Event::Return {
                state,
                value,
                mv,
                how,
            },
            P::Unwind { state } => Event::Unwind { state },
            // Each family's kinds on one line: a new kind does not compile until it is routed.
            P::Probe { .. }
            | P::Read { .. }
            | P::StandPat { .. }
            | P::Best { .. }
            | P::Window { .. }
            | P::Cutoff { .. }
            | P::Narrow { .. }
            | P::Split { .. }
            | P::Settled { .. }
            | P::Filtered { .. }
            | P::Store { .. } => Event::Bound(bound_back(p)),
            P::NullWindow { .. } | P::Research { .. } => Event::Scout(scout_back(p)),
            P::Average { .. } | P::Interval { .. } => Event::Chance(chance_back(p)),
            P::Tie { .. } => Event::Vector(vector_back(p)),
            P::Given { .. }
            | P::Iteration { .. }
            | P::Select { .. }
            | P::Draw { .. }
            | P::Expand { .. }
            | P::Playout { .. }
            | P::Known { .. }
            | P::Backup { .. } => Event::Mcts(mcts_back(p)),
        }
    }
}

/// What a family's `…_back` does with a kind `From<Packed> for Event` did not route to it:
/// nothing it could, as that is a bug in the routing (the round-trip test of every kind
/// finds it). Rust has no type for "these variants of `Packed`", so the arm must exist.
#[cold]
fn misrouted(p: Packed, family: &str) -> ! {
    unreachable!("{p:?} is not a {family} event")
}

/// An alpha-beta detail as it is stored.
#[inline]
fn bound(b: Bound) -> Packed {
    match b {
        Bound::Probe {
            state,
            found,
            usable,
        } => Packed::Probe {
            state,
            found,
            usable,
        },
        Bound::Read {
            state,
            value,
            terminal,
        } => Packed::Read {
            state,
            value,
            terminal,
        },
        Bound::StandPat {
            state,
            value,
            cutoff,
        } => Packed::StandPat {
            state,
            value,
            cutoff,
        },
        Bound::Best { state, value, mv } => Packed::Best { state, value, mv },
        Bound::Window { state, alpha, beta } => Packed::Window { state, alpha, beta },
        Bound::Cutoff {
            state,
            pos,
            alpha,
            beta,
        } => Packed::Cutoff {
            state,
            pos,
            alpha,
            beta,
        },
        Bound::Narrow {
            state,
            alpha,
            beta,
            by,
        } => Packed::Narrow {
            state,
            alpha,
            beta,
            by,
        },
        Bound::Split { lo, hi, probe } => Packed::Split { lo, hi, probe },
        Bound::Settled { state, rule } => Packed::Settled { state, rule },
        Bound::Filtered { state, dropped } => Packed::Filtered { state, dropped },
        Bound::Store {
            state,
            depth,
            qleft,
            value,
            mv,
            flag,
            kept,
        } => Packed::Store {
            state,
            depth,
            qleft,
            value,
            mv,
            flag,
            kept,
        },
    }
}

/// A stored alpha-beta detail as it was.
#[inline]
fn bound_back(p: Packed) -> Bound {
    match p {
        Packed::Probe {
            state,
            found,
            usable,
        } => Bound::Probe {
            state,
            found,
            usable,
        },
        Packed::Read {
            state,
            value,
            terminal,
        } => Bound::Read {
            state,
            value,
            terminal,
        },
        Packed::StandPat {
            state,
            value,
            cutoff,
        } => Bound::StandPat {
            state,
            value,
            cutoff,
        },
        Packed::Best { state, value, mv } => Bound::Best { state, value, mv },
        Packed::Window { state, alpha, beta } => Bound::Window { state, alpha, beta },
        Packed::Cutoff {
            state,
            pos,
            alpha,
            beta,
        } => Bound::Cutoff {
            state,
            pos,
            alpha,
            beta,
        },
        Packed::Narrow {
            state,
            alpha,
            beta,
            by,
        } => Bound::Narrow {
            state,
            alpha,
            beta,
            by,
        },
        Packed::Split { lo, hi, probe } => Bound::Split { lo, hi, probe },
        Packed::Settled { state, rule } => Bound::Settled { state, rule },
        Packed::Filtered { state, dropped } => Bound::Filtered { state, dropped },
        Packed::Store {
            state,
            depth,
            qleft,
            value,
            mv,
            flag,
            kept,
        } => Bound::Store {
            state,
            depth,
            qleft,
            value,
            mv,
            flag,
            kept,
        },
        other => misrouted(other, "alpha-beta"),
    }
}

/// A PVS detail as it is stored.
#[inline]
fn scout(s: Scout) -> Packed {
    match s {
        Scout::NullWindow {
            state,
            pos,
            alpha,
            beta,
        } => Packed::NullWindow {
            state,
            pos,
            alpha,
            beta,
        },
        Scout::Research {
            state,
            pos,
            ply,
            value,
        } => Packed::Research {
            state,
            pos,
            ply,
            value,
        },
    }
}

/// A stored PVS detail as it was.
#[inline]
fn scout_back(p: Packed) -> Scout {
    match p {
        Packed::NullWindow {
            state,
            pos,
            alpha,
            beta,
        } => Scout::NullWindow {
            state,
            pos,
            alpha,
            beta,
        },
        Packed::Research {
            state,
            pos,
            ply,
            value,
        } => Scout::Research {
            state,
            pos,
            ply,
            value,
        },
        other => misrouted(other, "PVS"),
    }
}

/// A chance node's detail as it is stored.
#[inline]
fn chance(c: Chance) -> Packed {
    match c {
        Chance::Average { state, pos, sum } => Packed::Average { state, pos, sum },
        Chance::Interval { state, lo, hi } => Packed::Interval { state, lo, hi },
    }
}

/// A stored chance node's detail as it was.
#[inline]
fn chance_back(p: Packed) -> Chance {
    match p {
        Packed::Average { state, pos, sum } => Chance::Average { state, pos, sum },
        Packed::Interval { state, lo, hi } => Chance::Interval { state, lo, hi },
        other => misrouted(other, "chance"),
    }
}

/// A max-n detail as it is stored.
#[inline]
fn vector(v: Vector) -> Packed {
    match v {
        Vector::Tie { state, pos, kept } => Packed::Tie { state, pos, kept },
    }
}

/// A stored max-n detail as it was.
#[inline]
fn vector_back(p: Packed) -> Vector {
    match p {
        Packed::Tie { state, pos, kept } => Vector::Tie { state, pos, kept },
        other => misrouted(other, "max-n"),
    }
}

/// A Monte Carlo detail as it is stored.
#[inline]
fn mcts(m: Mcts) -> Packed {
    match m {
        Mcts::Given { node, n, u } => Packed::Given { node, n, u },
        Mcts::Iteration { number } => Packed::Iteration { number },
        Mcts::Select {
            node,
            start,
            len,
            pos,
        } => Packed::Select {
            node,
            start,
            len,
            pos,
        },
        Mcts::Draw { node, pos } => Packed::Draw { node, pos },
        Mcts::Expand { node, parent, at } => Packed::Expand { node, parent, at },
        Mcts::Playout {
            node,
            start,
            len,
            result,
            value,
        } => Packed::Playout {
            node,
            start,
            len,
            result,
            value,
        },
        Mcts::Known {
            node,
            result,
            value,
        } => Packed::Known {
            node,
            result,
            value,
        },
        Mcts::Backup { node, n, u, reward } => Packed::Backup { node, n, u, reward },
    }
}

/// A stored Monte Carlo detail as it was.
#[inline]
fn mcts_back(p: Packed) -> Mcts {
    match p {
        Packed::Given { node, n, u } => Mcts::Given { node, n, u },
        Packed::Iteration { number } => Mcts::Iteration { number },
        Packed::Select {
            node,
            start,
            len,
            pos,
        } => Mcts::Select {
            node,
            start,
            len,
            pos,
        },
        Packed::Draw { node, pos } => Mcts::Draw { node, pos },
        Packed::Expand { node, parent, at } => Mcts::Expand { node, parent, at },
        Packed::Playout {
            node,
            start,
            len,
            result,
            value,
        } => Mcts::Playout {
            node,
            start,
            len,
            result,
            value,
        },
        Packed::Known {
            node,
            result,
            value,
        } => Mcts::Known {
            node,
            result,
            value,
        },
        Packed::Backup { node, n, u, reward } => Mcts::Backup { node, n, u, reward },
        other => misrouted(other, "Monte Carlo"),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::event::arbitrary::events;

    /// The kind an event is written as (`"event"` of its JSON object), and the one its packed
    /// form is named for.
    fn kinds(event: Event) -> (String, String) {
        let written = serde_json::to_value(event).unwrap()["event"]
            .as_str()
            .unwrap()
            .to_string();
        let debug = format!("{:?}", Packed::from(event));
        let name = debug.split([' ', '(']).next().unwrap();
        let mut snake = String::new();
        for c in name.chars() {
            if c.is_ascii_uppercase() && !snake.is_empty() {
                snake.push('_');
            }
            snake.push(c.to_ascii_lowercase());
        }
        (written, snake)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        /// Packed and unpacked, every event is the event it was, and its packed kind is the
        /// kind it is written as.
        #[test]
        fn every_event_round_trips_through_its_packed_form(event in events()) {
            let packed = Packed::from(event);
            prop_assert_eq!(Event::from(packed), event);
            let (written, stored) = kinds(event);
            prop_assert_eq!(written, stored);
        }
    }

    #[test]
    fn a_packed_event_is_16_bytes() {
        assert_eq!(std::mem::size_of::<Packed>(), 16);
        // The point of it: the nested form carries a second tag.
        assert!(std::mem::size_of::<Event>() > 16);
    }

    /// The generator reaches every kind of trace format v1 (ten of the skeleton, sixteen of
    /// the families) and the eight of Monte Carlo tree search, so the round trip above
    /// covers each.
    #[test]
    fn the_generated_events_cover_every_kind() {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let mut runner = TestRunner::deterministic();
        let strategy = events();
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..4096 {
            let event = strategy.new_tree(&mut runner).unwrap().current();
            seen.insert(kinds(event).1);
        }
        assert_eq!(seen.len(), 34, "{seen:?}");
    }
}
