//! Generated events of every kind for the storage tests: each field takes its type's
//! extremes, its neighbours of zero, the numbers at the edge of every bit width (where a
//! compact field stops fitting), ±INF and their neighbours, and anything between.

use proptest::prelude::*;

use super::{Bound, Chance, Event, Mcts, Narrowing, ReturnKind, Scout, Vector};
use crate::game::{Rule, Seat, Side};
use crate::value::{AttemptOutcome, Entry, Flag, INF};

/// 2^k - 1, 2^k and 2^k + 1 and their negatives for some k below `bits`, as i64.
fn edges(bits: u32) -> BoxedStrategy<i64> {
    (0..bits, -1i64..=1, any::<bool>())
        .prop_map(|(k, d, neg)| {
            let v = (1i64 << k) + d;
            if neg { -v } else { v }
        })
        .boxed()
}

/// A field's extremes, its neighbours of zero, ±INF and theirs, the edges of every width,
/// small numbers (most of a real run's), and anything between.
fn i32s() -> BoxedStrategy<i32> {
    prop_oneof![
        Just(i32::MIN),
        Just(i32::MAX),
        Just(0),
        Just(-1),
        (-1..=1).prop_map(|d| INF + d),
        (-1..=1).prop_map(|d| -INF + d),
        edges(32).prop_map(|v| v.clamp(i32::MIN.into(), i32::MAX.into()) as i32),
        -3000..3000,
        any::<i32>()
    ]
    .boxed()
}

fn u32s() -> BoxedStrategy<u32> {
    prop_oneof![
        Just(0),
        Just(u32::MAX),
        edges(32).prop_map(|v| v.unsigned_abs().min(u32::MAX.into()) as u32),
        0..5000u32,
        any::<u32>()
    ]
    .boxed()
}

fn i16s() -> BoxedStrategy<i16> {
    prop_oneof![
        Just(i16::MIN),
        Just(i16::MAX),
        Just(-1),
        edges(16).prop_map(|v| v.clamp(i16::MIN.into(), i16::MAX.into()) as i16),
        -100..100i16,
        any::<i16>()
    ]
    .boxed()
}

fn u16s() -> BoxedStrategy<u16> {
    prop_oneof![
        Just(0),
        Just(u16::MAX),
        edges(16).prop_map(|v| v.unsigned_abs().min(u16::MAX.into()) as u16),
        0..100u16,
        any::<u16>()
    ]
    .boxed()
}

fn u8s() -> BoxedStrategy<u8> {
    prop_oneof![
        Just(0),
        Just(u8::MAX),
        edges(8).prop_map(|v| v.unsigned_abs().min(u8::MAX.into()) as u8),
        0..16u8,
        any::<u8>()
    ]
    .boxed()
}

fn flags() -> BoxedStrategy<Flag> {
    prop_oneof![Just(Flag::Lower), Just(Flag::Upper), Just(Flag::Exact)].boxed()
}

/// Every side, each of the eight player seats included.
fn sides() -> BoxedStrategy<Side> {
    prop_oneof![
        Just(Side::Max),
        Just(Side::Min),
        Just(Side::Chance),
        (0..Seat::MAX_PLAYERS).prop_map(|i| Side::Player(Seat::new(i).unwrap())),
    ]
    .boxed()
}

fn hows() -> BoxedStrategy<ReturnKind> {
    prop_oneof![
        Just(ReturnKind::TableHit),
        flags().prop_map(ReturnKind::Searched)
    ]
    .boxed()
}

fn outcomes() -> BoxedStrategy<AttemptOutcome> {
    prop_oneof![
        Just(AttemptOutcome::FailLow),
        Just(AttemptOutcome::FailHigh),
        Just(AttemptOutcome::Exact),
        Just(AttemptOutcome::Abort),
    ]
    .boxed()
}

fn entries() -> BoxedStrategy<Option<Entry>> {
    prop_oneof![
        Just(None),
        (i32s(), i16s(), flags()).prop_map(|(value, mv, flag)| Some(Entry { value, mv, flag })),
    ]
    .boxed()
}

fn skeleton() -> BoxedStrategy<Event> {
    prop_oneof![
        u8s().prop_map(|depth| Event::PassStart { depth }),
        (u8s(), any::<bool>(), i32s(), i16s()).prop_map(|(depth, done, score, mv)| {
            Event::PassEnd {
                depth,
                done,
                score,
                mv,
            }
        }),
        (u8s(), i32s(), i32s(), outcomes()).prop_map(|(depth, alpha, beta, outcome)| {
            Event::Aspiration {
                depth,
                alpha,
                beta,
                outcome,
            }
        }),
        (u32s(), sides(), u8s(), u8s(), i32s(), i32s()).prop_map(
            |(state, turn, depth, qleft, alpha, beta)| Event::Enter {
                state,
                turn,
                depth,
                qleft,
                alpha,
                beta,
            }
        ),
        (u32s(), u16s()).prop_map(|(state, ply)| Event::Refused { state, ply }),
        (u32s(), u32s(), u16s()).prop_map(|(state, start, len)| Event::Order { state, start, len }),
        (u32s(), i16s(), u16s()).prop_map(|(state, mv, pos)| Event::Push { state, mv, pos }),
        (u32s(), i32s()).prop_map(|(state, value)| Event::Pop { state, value }),
        (u32s(), i32s(), i16s(), hows()).prop_map(|(state, value, mv, how)| {
            Event::Return {
                state,
                value,
                mv,
                how,
            }
        }),
        u32s().prop_map(|state| Event::Unwind { state }),
    ]
    .boxed()
}

fn bounds() -> BoxedStrategy<Bound> {
    prop_oneof![
        (u32s(), entries(), any::<bool>()).prop_map(|(state, found, usable)| {
            Bound::Probe {
                state,
                found,
                usable,
            }
        }),
        (u32s(), i32s(), any::<bool>()).prop_map(|(state, value, terminal)| Bound::Read {
            state,
            value,
            terminal
        }),
        (u32s(), i32s(), any::<bool>()).prop_map(|(state, value, cutoff)| {
            Bound::StandPat {
                state,
                value,
                cutoff,
            }
        }),
        (u32s(), i32s(), i16s()).prop_map(|(state, value, mv)| Bound::Best { state, value, mv }),
        (u32s(), i32s(), i32s()).prop_map(|(state, alpha, beta)| Bound::Window {
            state,
            alpha,
            beta
        }),
        (u32s(), u16s(), i32s(), i32s()).prop_map(|(state, pos, alpha, beta)| {
            Bound::Cutoff {
                state,
                pos,
                alpha,
                beta,
            }
        }),
        (u32s(), u8s(), u8s(), i32s(), i16s(), flags(), any::<bool>()).prop_map(
            |(state, depth, qleft, value, mv, flag, kept)| Bound::Store {
                state,
                depth,
                qleft,
                value,
                mv,
                flag,
                kept,
            }
        ),
        (u32s(), i32s(), i32s(), 0..4u8).prop_map(|(state, alpha, beta, k)| {
            let by = [
                Narrowing::Reach,
                Narrowing::Floor,
                Narrowing::KeptUpper,
                Narrowing::KeptLower,
            ][k as usize];
            Bound::Narrow {
                state,
                alpha,
                beta,
                by,
            }
        }),
        (i32s(), i32s(), i32s()).prop_map(|(lo, hi, probe)| Bound::Split { lo, hi, probe }),
        (u32s(), 0..4u8).prop_map(|(state, k)| Bound::Settled {
            state,
            rule: [
                Rule::WinsNow,
                Rule::LosesNext,
                Rule::DrawAhead,
                Rule::Horizon
            ][k as usize],
        }),
        (u32s(), u8s()).prop_map(|(state, dropped)| Bound::Filtered { state, dropped }),
    ]
    .boxed()
}

fn scouts() -> BoxedStrategy<Scout> {
    prop_oneof![
        (u32s(), u16s(), i32s(), i32s()).prop_map(|(state, pos, alpha, beta)| {
            Scout::NullWindow {
                state,
                pos,
                alpha,
                beta,
            }
        }),
        (u32s(), u16s(), u16s(), i32s()).prop_map(|(state, pos, ply, value)| {
            Scout::Research {
                state,
                pos,
                ply,
                value,
            }
        }),
    ]
    .boxed()
}

fn chances() -> BoxedStrategy<Chance> {
    prop_oneof![
        (u32s(), u16s(), i32s()).prop_map(|(state, pos, sum)| Chance::Average { state, pos, sum }),
        (u32s(), i32s(), i32s()).prop_map(|(state, lo, hi)| Chance::Interval { state, lo, hi }),
    ]
    .boxed()
}

fn vectors() -> BoxedStrategy<Vector> {
    (u32s(), u16s(), any::<bool>())
        .prop_map(|(state, pos, kept)| Vector::Tie { state, pos, kept })
        .boxed()
}

fn mctses() -> BoxedStrategy<Mcts> {
    prop_oneof![
        (u32s(), u32s(), u32s()).prop_map(|(node, n, u)| Mcts::Given { node, n, u }),
        u32s().prop_map(|number| Mcts::Iteration { number }),
        (u32s(), u32s(), u16s(), u16s()).prop_map(|(node, start, len, pos)| Mcts::Select {
            node,
            start,
            len,
            pos
        }),
        (u32s(), u16s()).prop_map(|(node, pos)| Mcts::Draw { node, pos }),
        (u32s(), u32s(), u32s()).prop_map(|(node, parent, at)| Mcts::Expand { node, parent, at }),
        (u32s(), u32s(), u16s(), u8s(), i32s()).prop_map(|(node, start, len, result, value)| {
            Mcts::Playout {
                node,
                start,
                len,
                result,
                value,
            }
        }),
        (u32s(), u8s(), i32s()).prop_map(|(node, result, value)| Mcts::Known {
            node,
            result,
            value
        }),
        (u32s(), u32s(), u32s(), u8s()).prop_map(|(node, n, u, reward)| Mcts::Backup {
            node,
            n,
            u,
            reward
        }),
    ]
    .boxed()
}

/// Any event of any kind, each family as likely as the skeleton.
pub(super) fn events() -> BoxedStrategy<Event> {
    prop_oneof![
        skeleton(),
        bounds().prop_map(Event::Bound),
        scouts().prop_map(Event::Scout),
        chances().prop_map(Event::Chance),
        vectors().prop_map(Event::Vector),
        mctses().prop_map(Event::Mcts),
    ]
    .boxed()
}
