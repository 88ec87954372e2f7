//! Reading events back from JSON. The written form is the derived tagged object
//! (`{"event": "enter", "state": 0, ...}`); reading it through serde's tagged-enum support
//! buffers every object first, which made a million-call trace take seconds to load. A flat
//! record of every field an event can have reads in one pass; `Event::try_from` then checks
//! that the kind has exactly the fields it needs.

use serde::{Deserialize, Deserializer};

use super::{Bound, Chance, Event, Mcts, Narrowing, ReturnKind, Scout, Vector};
use crate::game::{Rule, Side};
use crate::value::{AttemptOutcome, Entry, Flag};

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum Kind {
    PassStart,
    PassEnd,
    Enter,
    Refused,
    Probe,
    Read,
    StandPat,
    Order,
    Push,
    Pop,
    Best,
    Window,
    Cutoff,
    Store,
    Narrow,
    Split,
    Settled,
    Filtered,
    Return,
    Unwind,
    NullWindow,
    Research,
    Aspiration,
    Tie,
    Average,
    Interval,
    Given,
    Iteration,
    Select,
    Draw,
    Expand,
    Playout,
    Known,
    Backup,
}

/// Every field of every event kind, each optional.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Flat {
    event: Kind,
    state: Option<u32>,
    depth: Option<u8>,
    done: Option<bool>,
    score: Option<i32>,
    mv: Option<i16>,
    turn: Option<Side>,
    ply: Option<u16>,
    qleft: Option<u8>,
    alpha: Option<i32>,
    beta: Option<i32>,
    /// `null` (nothing found) is a value here, unlike a missing field.
    #[serde(default, deserialize_with = "present")]
    found: Option<Option<Entry>>,
    usable: Option<bool>,
    value: Option<i32>,
    terminal: Option<bool>,
    cutoff: Option<bool>,
    start: Option<u32>,
    len: Option<u16>,
    pos: Option<u16>,
    flag: Option<Flag>,
    kept: Option<bool>,
    how: Option<ReturnKind>,
    outcome: Option<AttemptOutcome>,
    sum: Option<i32>,
    lo: Option<i32>,
    hi: Option<i32>,
    number: Option<u32>,
    node: Option<u32>,
    parent: Option<u32>,
    at: Option<u32>,
    result: Option<u8>,
    n: Option<u32>,
    u: Option<u32>,
    reward: Option<u8>,
    by: Option<Narrowing>,
    probe: Option<i32>,
    rule: Option<Rule>,
    dropped: Option<u8>,
}

fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<Entry>>, D::Error> {
    Option::<Entry>::deserialize(d).map(Some)
}

impl TryFrom<Flat> for Event {
    type Error = String;

    fn try_from(f: Flat) -> Result<Event, String> {
        let kind = f.event;
        let event = match kind {
            Kind::PassStart
            | Kind::PassEnd
            | Kind::Aspiration
            | Kind::Enter
            | Kind::Refused
            | Kind::Order
            | Kind::Push
            | Kind::Pop
            | Kind::Return
            | Kind::Unwind => skeleton(&f)?,
            Kind::Probe
            | Kind::Read
            | Kind::StandPat
            | Kind::Best
            | Kind::Window
            | Kind::Cutoff
            | Kind::Narrow
            | Kind::Split
            | Kind::Settled
            | Kind::Filtered
            | Kind::Store => Event::Bound(bound(&f)?),
            Kind::NullWindow | Kind::Research => Event::Scout(scout(&f)?),
            Kind::Average | Kind::Interval => Event::Chance(chance(&f)?),
            Kind::Tie => Event::Vector(vector(&f)?),
            Kind::Given
            | Kind::Iteration
            | Kind::Select
            | Kind::Draw
            | Kind::Expand
            | Kind::Playout
            | Kind::Known
            | Kind::Backup => Event::Mcts(mcts(&f)?),
        };
        // A field the kind does not have is as wrong as a missing one.
        if f.count() != fields(kind) {
            return Err(format!("a {kind:?} event has fields it does not use"));
        }
        Ok(event)
    }
}

/// The field `$field` of the record, or an error naming the kind and the field.
macro_rules! get {
    ($f:ident . $field:ident) => {
        $f.$field
            .ok_or_else(|| format!("a {:?} event needs `{}`", $f.event, stringify!($field)))?
    };
}

/// The skeleton's kinds.
fn skeleton(f: &Flat) -> Result<Event, String> {
    Ok(match f.event {
        Kind::PassStart => Event::PassStart {
            depth: get!(f.depth),
        },
        Kind::PassEnd => Event::PassEnd {
            depth: get!(f.depth),
            done: get!(f.done),
            score: get!(f.score),
            mv: get!(f.mv),
        },
        Kind::Aspiration => Event::Aspiration {
            depth: get!(f.depth),
            alpha: get!(f.alpha),
            beta: get!(f.beta),
            outcome: get!(f.outcome),
        },
        Kind::Enter => Event::Enter {
            state: get!(f.state),
            turn: get!(f.turn),
            depth: get!(f.depth),
            qleft: get!(f.qleft),
            alpha: get!(f.alpha),
            beta: get!(f.beta),
        },
        Kind::Refused => Event::Refused {
            state: get!(f.state),
            ply: get!(f.ply),
        },
        Kind::Order => Event::Order {
            state: get!(f.state),
            start: get!(f.start),
            len: get!(f.len),
        },
        Kind::Push => Event::Push {
            state: get!(f.state),
            mv: get!(f.mv),
            pos: get!(f.pos),
        },
        Kind::Pop => Event::Pop {
            state: get!(f.state),
            value: get!(f.value),
        },
        Kind::Return => Event::Return {
            state: get!(f.state),
            value: get!(f.value),
            mv: get!(f.mv),
            how: get!(f.how),
        },
        Kind::Unwind => Event::Unwind {
            state: get!(f.state),
        },
        kind => return Err(format!("{kind:?} is not a skeleton event")),
    })
}

/// Alpha-beta's detail kinds.
fn bound(f: &Flat) -> Result<Bound, String> {
    Ok(match f.event {
        Kind::Probe => Bound::Probe {
            state: get!(f.state),
            found: get!(f.found),
            usable: get!(f.usable),
        },
        Kind::Read => Bound::Read {
            state: get!(f.state),
            value: get!(f.value),
            terminal: get!(f.terminal),
        },
        Kind::StandPat => Bound::StandPat {
            state: get!(f.state),
            value: get!(f.value),
            cutoff: get!(f.cutoff),
        },
        Kind::Best => Bound::Best {
            state: get!(f.state),
            value: get!(f.value),
            mv: get!(f.mv),
        },
        Kind::Window => Bound::Window {
            state: get!(f.state),
            alpha: get!(f.alpha),
            beta: get!(f.beta),
        },
        Kind::Cutoff => Bound::Cutoff {
            state: get!(f.state),
            pos: get!(f.pos),
            alpha: get!(f.alpha),
            beta: get!(f.beta),
        },
        Kind::Store => Bound::Store {
            state: get!(f.state),
            depth: get!(f.depth),
            qleft: get!(f.qleft),
            value: get!(f.value),
            mv: get!(f.mv),
            flag: get!(f.flag),
            kept: get!(f.kept),
        },
        Kind::Narrow => Bound::Narrow {
            state: get!(f.state),
            alpha: get!(f.alpha),
            beta: get!(f.beta),
            by: get!(f.by),
        },
        Kind::Split => Bound::Split {
            lo: get!(f.lo),
            hi: get!(f.hi),
            probe: get!(f.probe),
        },
        Kind::Settled => Bound::Settled {
            state: get!(f.state),
            rule: get!(f.rule),
        },
        Kind::Filtered => Bound::Filtered {
            state: get!(f.state),
            dropped: get!(f.dropped),
        },
        kind => return Err(format!("{kind:?} is not an alpha-beta event")),
    })
}

/// PVS's detail kinds.
fn scout(f: &Flat) -> Result<Scout, String> {
    Ok(match f.event {
        Kind::NullWindow => Scout::NullWindow {
            state: get!(f.state),
            pos: get!(f.pos),
            alpha: get!(f.alpha),
            beta: get!(f.beta),
        },
        Kind::Research => Scout::Research {
            state: get!(f.state),
            pos: get!(f.pos),
            ply: get!(f.ply),
            value: get!(f.value),
        },
        kind => return Err(format!("{kind:?} is not a PVS event")),
    })
}

/// A chance node's detail kinds.
fn chance(f: &Flat) -> Result<Chance, String> {
    Ok(match f.event {
        Kind::Average => Chance::Average {
            state: get!(f.state),
            pos: get!(f.pos),
            sum: get!(f.sum),
        },
        Kind::Interval => Chance::Interval {
            state: get!(f.state),
            lo: get!(f.lo),
            hi: get!(f.hi),
        },
        kind => return Err(format!("{kind:?} is not a chance event")),
    })
}

/// Max-n's detail kinds.
fn vector(f: &Flat) -> Result<Vector, String> {
    Ok(match f.event {
        Kind::Tie => Vector::Tie {
            state: get!(f.state),
            pos: get!(f.pos),
            kept: get!(f.kept),
        },
        kind => return Err(format!("{kind:?} is not a max-n event")),
    })
}

fn mcts(f: &Flat) -> Result<Mcts, String> {
    Ok(match f.event {
        Kind::Given => Mcts::Given {
            node: get!(f.node),
            n: get!(f.n),
            u: get!(f.u),
        },
        Kind::Iteration => Mcts::Iteration {
            number: get!(f.number),
        },
        Kind::Select => Mcts::Select {
            node: get!(f.node),
            start: get!(f.start),
            len: get!(f.len),
            pos: get!(f.pos),
        },
        Kind::Draw => Mcts::Draw {
            node: get!(f.node),
            pos: get!(f.pos),
        },
        Kind::Expand => Mcts::Expand {
            node: get!(f.node),
            parent: get!(f.parent),
            at: get!(f.at),
        },
        Kind::Playout => Mcts::Playout {
            node: get!(f.node),
            start: get!(f.start),
            len: get!(f.len),
            result: get!(f.result),
            value: get!(f.value),
        },
        Kind::Known => Mcts::Known {
            node: get!(f.node),
            result: get!(f.result),
            value: get!(f.value),
        },
        Kind::Backup => Mcts::Backup {
            node: get!(f.node),
            n: get!(f.n),
            u: get!(f.u),
            reward: get!(f.reward),
        },
        kind => return Err(format!("{kind:?} is not a Monte Carlo event")),
    })
}

/// How many fields besides `event` each kind is written with.
fn fields(kind: Kind) -> usize {
    match kind {
        Kind::PassStart | Kind::Unwind => 1,
        Kind::Refused | Kind::Pop | Kind::Settled | Kind::Filtered => 2,
        Kind::Probe
        | Kind::Read
        | Kind::StandPat
        | Kind::Order
        | Kind::Push
        | Kind::Best
        | Kind::Window
        | Kind::Tie
        | Kind::Average
        | Kind::Interval
        | Kind::Split => 3,
        Kind::PassEnd
        | Kind::Cutoff
        | Kind::Return
        | Kind::NullWindow
        | Kind::Research
        | Kind::Aspiration
        | Kind::Narrow => 4,
        Kind::Enter => 6,
        Kind::Store => 7,
        Kind::Iteration => 1,
        Kind::Draw => 2,
        Kind::Given | Kind::Expand | Kind::Known => 3,
        Kind::Select | Kind::Backup => 4,
        Kind::Playout => 5,
    }
}

impl Flat {
    /// How many fields the record gave besides `event`.
    fn count(&self) -> usize {
        [
            self.state.is_some(),
            self.depth.is_some(),
            self.done.is_some(),
            self.score.is_some(),
            self.mv.is_some(),
            self.turn.is_some(),
            self.ply.is_some(),
            self.qleft.is_some(),
            self.alpha.is_some(),
            self.beta.is_some(),
            self.found.is_some(),
            self.usable.is_some(),
            self.value.is_some(),
            self.terminal.is_some(),
            self.cutoff.is_some(),
            self.start.is_some(),
            self.len.is_some(),
            self.pos.is_some(),
            self.flag.is_some(),
            self.kept.is_some(),
            self.how.is_some(),
            self.outcome.is_some(),
            self.sum.is_some(),
            self.lo.is_some(),
            self.hi.is_some(),
            self.number.is_some(),
            self.node.is_some(),
            self.parent.is_some(),
            self.at.is_some(),
            self.result.is_some(),
            self.n.is_some(),
            self.u.is_some(),
            self.reward.is_some(),
            self.by.is_some(),
            self.probe.is_some(),
            self.rule.is_some(),
            self.dropped.is_some(),
        ]
        .iter()
        .filter(|&&b| b)
        .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One event of every skeleton kind.
    fn skeleton() -> Vec<Event> {
        vec![
            Event::PassStart { depth: 2 },
            Event::PassEnd {
                depth: 2,
                done: true,
                score: 3,
                mv: 0,
            },
            Event::Enter {
                state: 4,
                turn: Side::Min,
                depth: 1,
                qleft: 2,
                alpha: -5,
                beta: 7,
            },
            Event::Refused { state: 4, ply: 3 },
            Event::Order {
                state: 4,
                start: 9,
                len: 3,
            },
            Event::Push {
                state: 5,
                mv: 2,
                pos: 1,
            },
            Event::Pop { state: 5, value: 6 },
            Event::Return {
                state: 4,
                value: 6,
                mv: 2,
                how: ReturnKind::TableHit,
            },
            Event::Return {
                state: 4,
                value: 6,
                mv: 2,
                how: ReturnKind::Searched(Flag::Exact),
            },
            Event::Unwind { state: 4 },
            Event::Aspiration {
                depth: 4,
                alpha: -22,
                beta: 28,
                outcome: AttemptOutcome::FailLow,
            },
        ]
    }

    /// One event of every family detail kind (a probe with and without an entry).
    fn details() -> Vec<Event> {
        let entry = Entry {
            value: 3,
            mv: 1,
            flag: Flag::Lower,
        };
        vec![
            Event::Bound(Bound::Probe {
                state: 4,
                found: None,
                usable: false,
            }),
            Event::Bound(Bound::Probe {
                state: 4,
                found: Some(entry),
                usable: true,
            }),
            Event::Bound(Bound::Read {
                state: 4,
                value: -2,
                terminal: true,
            }),
            Event::Bound(Bound::StandPat {
                state: 4,
                value: 1,
                cutoff: false,
            }),
            Event::Bound(Bound::Best {
                state: 4,
                value: 6,
                mv: 2,
            }),
            Event::Bound(Bound::Window {
                state: 4,
                alpha: 6,
                beta: 7,
            }),
            Event::Bound(Bound::Cutoff {
                state: 4,
                pos: 1,
                alpha: 7,
                beta: 7,
            }),
            Event::Bound(Bound::Store {
                state: 4,
                depth: 1,
                qleft: 2,
                value: 6,
                mv: 2,
                flag: Flag::Upper,
                kept: true,
            }),
            Event::Bound(Bound::Narrow {
                state: 4,
                alpha: -3,
                beta: 5,
                by: Narrowing::Reach,
            }),
            Event::Bound(Bound::Split {
                lo: -5,
                hi: 7,
                probe: 1,
            }),
            Event::Bound(Bound::Settled {
                state: 4,
                rule: Rule::WinsNow,
            }),
            Event::Bound(Bound::Filtered {
                state: 4,
                dropped: 2,
            }),
            Event::Scout(Scout::NullWindow {
                state: 4,
                pos: 1,
                alpha: 3,
                beta: 4,
            }),
            Event::Scout(Scout::Research {
                state: 4,
                pos: 1,
                ply: 2,
                value: 5,
            }),
            Event::Vector(Vector::Tie {
                state: 4,
                pos: 1,
                kept: true,
            }),
            Event::Chance(Chance::Average {
                state: 4,
                pos: 1,
                sum: 14,
            }),
            Event::Chance(Chance::Interval {
                state: 4,
                lo: 4,
                hi: 24,
            }),
        ]
    }

    /// Every kind, written and read back through the flat record.
    #[test]
    fn every_kind_reads_back_as_written() {
        let all = [skeleton(), details()].concat();
        let mut kinds = std::collections::BTreeSet::new();
        for event in all {
            let text = serde_json::to_string(&event).unwrap();
            let flat: Flat = serde_json::from_str(&text).unwrap();
            kinds.insert(format!("{:?}", flat.event));
            let back: Event = serde_json::from_str(&text).unwrap();
            assert_eq!(back, event, "{text}");
        }
        // The 26 kinds of trace format v1: ten of the skeleton, sixteen of the families.
        assert_eq!(kinds.len(), 26, "{kinds:?}");
    }

    #[test]
    fn missing_and_foreign_fields_are_named() {
        let missing = serde_json::from_str::<Event>(r#"{"event":"pop","state":1}"#);
        assert!(missing.unwrap_err().to_string().contains("needs `value`"));
        let foreign = serde_json::from_str::<Event>(r#"{"event":"unwind","state":1,"value":2}"#);
        assert!(
            foreign
                .unwrap_err()
                .to_string()
                .contains("fields it does not use")
        );
        let unknown = serde_json::from_str::<Event>(r#"{"event":"unwind","state":1,"colour":2}"#);
        assert!(
            unknown
                .unwrap_err()
                .to_string()
                .contains("unknown field `colour`")
        );
    }
}
