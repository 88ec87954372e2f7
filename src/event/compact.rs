//! The 8-byte form most recorded events are kept in. A million-call run records millions of
//! events, and nearly all of them carry small numbers: a position id, a move index, a score
//! within a few thousand of zero or ±INF. Each kind here has a fixed layout of bit fields in
//! one `u64` (a 5-bit kind tag in the low bits, then its fields in order); an event whose
//! numbers do not fit its layout, and the few rare kinds with no layout, are kept whole in
//! their 16-byte `Packed` form beside the words (`events::Events`), so nothing is ever
//! rounded. Any word decodes on its own, so an event is still reached by its index.
//!
//! A field is one of: an unsigned number (`u`), a signed one (`i`), or a score (`score`):
//! a signed field whose two end codes stand for -INF and +INF, the window bounds every
//! search opens with. A new kind adds a tag, one `pack_…` arm and one `unpack_…` arm with
//! its fields in the same order and widths (the round-trip test of every kind checks both).

use super::{Bound, Chance, Event, Mcts, Narrowing, ReturnKind, Scout, Vector};
use crate::game::{Rule, Seat, Side};
use crate::value::{Entry, Flag, INF};

/// Bits of the kind tag; tag 0 is an event kept whole, the rest of its word its place there.
pub(super) const TAG_BITS: u32 = 5;
const TAG_MASK: u64 = (1 << TAG_BITS) - 1;
/// The tag of a word that stands for an event kept whole in `Packed` form.
pub(super) const WIDE: u64 = 0;

// The kinds with a layout (`PassEnd`, `Aspiration` and `Split`, a few per pass, have none).
const ENTER: u64 = 1;
const ORDER: u64 = 2;
const PUSH: u64 = 3;
const POP: u64 = 4;
const RETURN: u64 = 5;
const UNWIND: u64 = 6;
const REFUSED: u64 = 7;
const PASS_START: u64 = 8;
const READ: u64 = 9;
const STAND_PAT: u64 = 10;
const BEST: u64 = 11;
const WINDOW: u64 = 12;
const CUTOFF: u64 = 13;
const PROBE: u64 = 14;
const STORE: u64 = 15;
const NARROW: u64 = 16;
const SETTLED: u64 = 17;
const FILTERED: u64 = 18;
const NULL_WINDOW: u64 = 19;
const RESEARCH: u64 = 20;
const AVERAGE: u64 = 21;
const INTERVAL: u64 = 22;
const TIE: u64 = 23;
const GIVEN: u64 = 24;
const ITERATION: u64 = 25;
const SELECT: u64 = 26;
const DRAW: u64 = 27;
const EXPAND: u64 = 28;
const PLAYOUT: u64 = 29;
const KNOWN: u64 = 30;
const BACKUP: u64 = 31;
const _: () = assert!(BACKUP <= TAG_MASK);

/// A word being filled, field after field from the low bits up; `None` once a value does not
/// fit its field.
#[derive(Clone, Copy)]
struct Put {
    word: u64,
    at: u32,
}

impl Put {
    #[inline]
    fn new(tag: u64) -> Put {
        Put {
            word: tag,
            at: TAG_BITS,
        }
    }

    #[inline]
    fn u(self, v: u64, bits: u32) -> Option<Put> {
        debug_assert!(bits < 64 && self.at + bits <= 64);
        if v >> bits != 0 {
            return None;
        }
        Some(Put {
            word: self.word | v << self.at,
            at: self.at + bits,
        })
    }

    #[inline]
    fn i(self, v: i64, bits: u32) -> Option<Put> {
        let half = 1i64 << (bits - 1);
        if v < -half || v >= half {
            return None;
        }
        self.u(v as u64 & ((1 << bits) - 1), bits)
    }

    /// A score: -INF and +INF take the field's lowest and highest codes, so a number equal to
    /// either end does not fit.
    #[inline]
    fn score(self, v: i32, bits: u32) -> Option<Put> {
        let half = 1i64 << (bits - 1);
        let code = match v {
            INF => half - 1,
            v if v == -INF => -half,
            v if -half < v as i64 && (v as i64) < half - 1 => v as i64,
            _ => return None,
        };
        self.i(code, bits)
    }

    #[inline]
    fn bit(self, b: bool) -> Option<Put> {
        self.u(b as u64, 1)
    }

    #[inline]
    fn done(self) -> Option<u64> {
        Some(self.word)
    }
}

/// A word being read back, in the order `Put` filled it.
struct Get(u64);

impl Get {
    #[inline]
    fn u(&mut self, bits: u32) -> u64 {
        let v = self.0 & ((1 << bits) - 1);
        self.0 >>= bits;
        v
    }

    #[inline]
    fn i(&mut self, bits: u32) -> i64 {
        let shift = 64 - bits;
        ((self.u(bits) << shift) as i64) >> shift
    }

    #[inline]
    fn score(&mut self, bits: u32) -> i32 {
        let half = 1i64 << (bits - 1);
        match self.i(bits) {
            c if c == half - 1 => INF,
            c if c == -half => -INF,
            c => c as i32,
        }
    }

    #[inline]
    fn bit(&mut self) -> bool {
        self.u(1) == 1
    }

    // Narrowing casts of fields no wider than their type.
    #[inline]
    fn u32(&mut self, bits: u32) -> u32 {
        self.u(bits) as u32
    }

    #[inline]
    fn u16(&mut self, bits: u32) -> u16 {
        self.u(bits) as u16
    }

    #[inline]
    fn u8(&mut self, bits: u32) -> u8 {
        self.u(bits) as u8
    }

    #[inline]
    fn i32(&mut self, bits: u32) -> i32 {
        self.i(bits) as i32
    }

    #[inline]
    fn i16(&mut self, bits: u32) -> i16 {
        self.i(bits) as i16
    }
}

/// The event in one word, when its kind has a layout and its numbers fit it.
#[inline]
pub(super) fn pack(event: Event) -> Option<u64> {
    let w = Put::new;
    match event {
        Event::Enter {
            state,
            turn,
            depth,
            qleft,
            alpha,
            beta,
        } => w(ENTER)
            .u(state.into(), 19)?
            .u(side(turn), 4)?
            .u(depth.into(), 5)?
            .u(qleft.into(), 5)?
            .score(alpha, 13)?
            .score(beta, 13)?
            .done(),
        Event::Order { state, start, len } => w(ORDER)
            .u(state.into(), 19)?
            .u(start.into(), 30)?
            .u(len.into(), 10)?
            .done(),
        Event::Push { state, mv, pos } => w(PUSH)
            .u(state.into(), 27)?
            .i(mv.into(), 16)?
            .u(pos.into(), 16)?
            .done(),
        Event::Pop { state, value } => w(POP).u(state.into(), 27)?.i(value.into(), 32)?.done(),
        Event::Return {
            state,
            value,
            mv,
            how,
        } => w(RETURN)
            .u(state.into(), 19)?
            .u(return_kind(how), 2)?
            .i(mv.into(), 16)?
            .score(value, 22)?
            .done(),
        Event::Unwind { state } => w(UNWIND).u(state.into(), 32)?.done(),
        Event::Refused { state, ply } => w(REFUSED).u(state.into(), 32)?.u(ply.into(), 16)?.done(),
        Event::PassStart { depth } => w(PASS_START).u(depth.into(), 8)?.done(),
        Event::PassEnd { .. } | Event::Aspiration { .. } => None,
        Event::Bound(b) => pack_bound(b),
        Event::Scout(s) => pack_scout(s),
        Event::Chance(c) => pack_chance(c),
        Event::Vector(Vector::Tie { state, pos, kept }) => w(TIE)
            .u(state.into(), 32)?
            .u(pos.into(), 16)?
            .bit(kept)?
            .done(),
        Event::Mcts(m) => pack_mcts(m),
    }
}

#[inline]
fn pack_bound(b: Bound) -> Option<u64> {
    let w = Put::new;
    match b {
        Bound::Read {
            state,
            value,
            terminal,
        } => w(READ)
            .u(state.into(), 26)?
            .bit(terminal)?
            .i(value.into(), 32)?
            .done(),
        Bound::StandPat {
            state,
            value,
            cutoff,
        } => w(STAND_PAT)
            .u(state.into(), 26)?
            .bit(cutoff)?
            .i(value.into(), 32)?
            .done(),
        Bound::Best { state, value, mv } => w(BEST)
            .u(state.into(), 19)?
            .i(mv.into(), 16)?
            .score(value, 24)?
            .done(),
        Bound::Window { state, alpha, beta } => w(WINDOW)
            .u(state.into(), 19)?
            .score(alpha, 20)?
            .score(beta, 20)?
            .done(),
        Bound::Cutoff {
            state,
            pos,
            alpha,
            beta,
        } => w(CUTOFF)
            .u(state.into(), 19)?
            .u(pos.into(), 12)?
            .score(alpha, 14)?
            .score(beta, 14)?
            .done(),
        Bound::Probe {
            state,
            found,
            usable,
        } => {
            let e = found.unwrap_or(Entry {
                value: 0,
                mv: 0,
                flag: Flag::Lower,
            });
            w(PROBE)
                .u(state.into(), 19)?
                .bit(usable)?
                .bit(found.is_some())?
                .u(flag(e.flag), 2)?
                .i(e.mv.into(), 16)?
                .score(e.value, 20)?
                .done()
        }
        Bound::Store {
            state,
            depth,
            qleft,
            value,
            mv,
            flag: f,
            kept,
        } => w(STORE)
            .u(state.into(), 19)?
            .u(depth.into(), 5)?
            .u(qleft.into(), 5)?
            .u(flag(f), 2)?
            .bit(kept)?
            .i(mv.into(), 12)?
            .score(value, 15)?
            .done(),
        Bound::Narrow {
            state,
            alpha,
            beta,
            by,
        } => w(NARROW)
            .u(state.into(), 19)?
            .u(by as u64, 2)?
            .score(alpha, 19)?
            .score(beta, 19)?
            .done(),
        Bound::Settled { state, rule } => w(SETTLED).u(state.into(), 32)?.u(rule as u64, 2)?.done(),
        Bound::Filtered { state, dropped } => w(FILTERED)
            .u(state.into(), 32)?
            .u(dropped.into(), 8)?
            .done(),
        Bound::Split { .. } => None,
    }
}

#[inline]
fn pack_scout(s: Scout) -> Option<u64> {
    match s {
        Scout::NullWindow {
            state,
            pos,
            alpha,
            beta,
        } => Put::new(NULL_WINDOW)
            .u(state.into(), 19)?
            .u(pos.into(), 12)?
            .score(alpha, 14)?
            .score(beta, 14)?
            .done(),
        Scout::Research {
            state,
            pos,
            ply,
            value,
        } => Put::new(RESEARCH)
            .u(state.into(), 19)?
            .u(pos.into(), 12)?
            .u(ply.into(), 12)?
            .score(value, 16)?
            .done(),
    }
}

#[inline]
fn pack_chance(c: Chance) -> Option<u64> {
    match c {
        Chance::Average { state, pos, sum } => Put::new(AVERAGE)
            .u(state.into(), 19)?
            .u(pos.into(), 12)?
            .i(sum.into(), 28)?
            .done(),
        Chance::Interval { state, lo, hi } => Put::new(INTERVAL)
            .u(state.into(), 19)?
            .score(lo, 20)?
            .score(hi, 20)?
            .done(),
    }
}

#[inline]
fn pack_mcts(m: Mcts) -> Option<u64> {
    let w = Put::new;
    match m {
        Mcts::Given { node, n, u } => w(GIVEN)
            .u(node.into(), 19)?
            .u(n.into(), 20)?
            .u(u.into(), 20)?
            .done(),
        Mcts::Iteration { number } => w(ITERATION).u(number.into(), 32)?.done(),
        Mcts::Select {
            node,
            start,
            len,
            pos,
        } => w(SELECT)
            .u(node.into(), 21)?
            .u(start.into(), 26)?
            .u(len.into(), 6)?
            .u(pos.into(), 6)?
            .done(),
        Mcts::Draw { node, pos } => w(DRAW).u(node.into(), 32)?.u(pos.into(), 16)?.done(),
        Mcts::Expand { node, parent, at } => w(EXPAND)
            .u(node.into(), 20)?
            .u(parent.into(), 20)?
            .u(at.into(), 19)?
            .done(),
        Mcts::Playout {
            node,
            start,
            len,
            result,
            value,
        } => w(PLAYOUT)
            .u(node.into(), 18)?
            .u(start.into(), 24)?
            .u(len.into(), 6)?
            .u(result.into(), 3)?
            .i(value.into(), 8)?
            .done(),
        Mcts::Known {
            node,
            result,
            value,
        } => w(KNOWN)
            .u(node.into(), 24)?
            .u(result.into(), 3)?
            .i(value.into(), 32)?
            .done(),
        Mcts::Backup { node, n, u, reward } => w(BACKUP)
            .u(node.into(), 19)?
            .u(n.into(), 19)?
            .u(u.into(), 19)?
            .u(reward.into(), 2)?
            .done(),
    }
}

/// The event a word of any tag but `WIDE` holds.
#[inline]
pub(super) fn unpack(word: u64) -> Event {
    let tag = word & TAG_MASK;
    let mut g = Get(word >> TAG_BITS);
    match tag {
        ENTER => Event::Enter {
            state: g.u32(19),
            turn: side_back(g.u(4)),
            depth: g.u8(5),
            qleft: g.u8(5),
            alpha: g.score(13),
            beta: g.score(13),
        },
        ORDER => Event::Order {
            state: g.u32(19),
            start: g.u32(30),
            len: g.u16(10),
        },
        PUSH => Event::Push {
            state: g.u32(27),
            mv: g.i16(16),
            pos: g.u16(16),
        },
        POP => Event::Pop {
            state: g.u32(27),
            value: g.i32(32),
        },
        RETURN => Event::Return {
            state: g.u32(19),
            how: return_kind_back(g.u(2)),
            mv: g.i16(16),
            value: g.score(22),
        },
        UNWIND => Event::Unwind { state: g.u32(32) },
        REFUSED => Event::Refused {
            state: g.u32(32),
            ply: g.u16(16),
        },
        PASS_START => Event::PassStart { depth: g.u8(8) },
        READ..=FILTERED => Event::Bound(unpack_bound(tag, g)),
        NULL_WINDOW | RESEARCH => Event::Scout(unpack_scout(tag, g)),
        AVERAGE | INTERVAL => Event::Chance(unpack_chance(tag, g)),
        TIE => Event::Vector(Vector::Tie {
            state: g.u32(32),
            pos: g.u16(16),
            kept: g.bit(),
        }),
        GIVEN..=BACKUP => Event::Mcts(unpack_mcts(tag, g)),
        _ => unreachable!("word {word:#x} holds no event of its own"),
    }
}

// Fields are read in the order written: a struct expression evaluates its fields in order.
#[inline]
fn unpack_bound(tag: u64, mut g: Get) -> Bound {
    match tag {
        READ => Bound::Read {
            state: g.u32(26),
            terminal: g.bit(),
            value: g.i32(32),
        },
        STAND_PAT => Bound::StandPat {
            state: g.u32(26),
            cutoff: g.bit(),
            value: g.i32(32),
        },
        BEST => Bound::Best {
            state: g.u32(19),
            mv: g.i16(16),
            value: g.score(24),
        },
        WINDOW => Bound::Window {
            state: g.u32(19),
            alpha: g.score(20),
            beta: g.score(20),
        },
        CUTOFF => Bound::Cutoff {
            state: g.u32(19),
            pos: g.u16(12),
            alpha: g.score(14),
            beta: g.score(14),
        },
        PROBE => {
            let (state, usable, found) = (g.u32(19), g.bit(), g.bit());
            let entry = Entry {
                flag: flag_back(g.u(2)),
                mv: g.i16(16),
                value: g.score(20),
            };
            Bound::Probe {
                state,
                found: found.then_some(entry),
                usable,
            }
        }
        STORE => Bound::Store {
            state: g.u32(19),
            depth: g.u8(5),
            qleft: g.u8(5),
            flag: flag_back(g.u(2)),
            kept: g.bit(),
            mv: g.i16(12),
            value: g.score(15),
        },
        NARROW => Bound::Narrow {
            state: g.u32(19),
            by: narrowing_back(g.u(2)),
            alpha: g.score(19),
            beta: g.score(19),
        },
        SETTLED => Bound::Settled {
            state: g.u32(32),
            rule: rule_back(g.u(2)),
        },
        FILTERED => Bound::Filtered {
            state: g.u32(32),
            dropped: g.u8(8),
        },
        _ => unreachable!("tag {tag} is no alpha-beta kind"),
    }
}

#[inline]
fn unpack_scout(tag: u64, mut g: Get) -> Scout {
    match tag {
        NULL_WINDOW => Scout::NullWindow {
            state: g.u32(19),
            pos: g.u16(12),
            alpha: g.score(14),
            beta: g.score(14),
        },
        _ => Scout::Research {
            state: g.u32(19),
            pos: g.u16(12),
            ply: g.u16(12),
            value: g.score(16),
        },
    }
}

#[inline]
fn unpack_chance(tag: u64, mut g: Get) -> Chance {
    match tag {
        AVERAGE => Chance::Average {
            state: g.u32(19),
            pos: g.u16(12),
            sum: g.i32(28),
        },
        _ => Chance::Interval {
            state: g.u32(19),
            lo: g.score(20),
            hi: g.score(20),
        },
    }
}

#[inline]
fn unpack_mcts(tag: u64, mut g: Get) -> Mcts {
    match tag {
        GIVEN => Mcts::Given {
            node: g.u32(19),
            n: g.u32(20),
            u: g.u32(20),
        },
        ITERATION => Mcts::Iteration { number: g.u32(32) },
        SELECT => Mcts::Select {
            node: g.u32(21),
            start: g.u32(26),
            len: g.u16(6),
            pos: g.u16(6),
        },
        DRAW => Mcts::Draw {
            node: g.u32(32),
            pos: g.u16(16),
        },
        EXPAND => Mcts::Expand {
            node: g.u32(20),
            parent: g.u32(20),
            at: g.u32(19),
        },
        PLAYOUT => Mcts::Playout {
            node: g.u32(18),
            start: g.u32(24),
            len: g.u16(6),
            result: g.u8(3),
            value: g.i32(8),
        },
        KNOWN => Mcts::Known {
            node: g.u32(24),
            result: g.u8(3),
            value: g.i32(32),
        },
        _ => Mcts::Backup {
            node: g.u32(19),
            n: g.u32(19),
            u: g.u32(19),
            reward: g.u8(2),
        },
    }
}

#[inline]
fn side(s: Side) -> u64 {
    match s {
        Side::Max => 0,
        Side::Min => 1,
        Side::Chance => 2,
        Side::Player(seat) => 3 + seat.index() as u64,
    }
}

#[inline]
fn side_back(code: u64) -> Side {
    match code {
        0 => Side::Max,
        1 => Side::Min,
        2 => Side::Chance,
        c => Side::Player(Seat::new(c as usize - 3).expect("a seat this module wrote")),
    }
}

#[inline]
fn flag(f: Flag) -> u64 {
    f as u64
}

#[inline]
fn flag_back(code: u64) -> Flag {
    match code {
        1 => Flag::Lower,
        2 => Flag::Upper,
        _ => Flag::Exact,
    }
}

#[inline]
fn return_kind(how: ReturnKind) -> u64 {
    match how {
        ReturnKind::TableHit => 0,
        ReturnKind::Searched(f) => flag(f),
    }
}

#[inline]
fn return_kind_back(code: u64) -> ReturnKind {
    match code {
        0 => ReturnKind::TableHit,
        c => ReturnKind::Searched(flag_back(c)),
    }
}

#[inline]
fn narrowing_back(code: u64) -> Narrowing {
    match code {
        0 => Narrowing::Reach,
        1 => Narrowing::Floor,
        2 => Narrowing::KeptUpper,
        _ => Narrowing::KeptLower,
    }
}

#[inline]
fn rule_back(code: u64) -> Rule {
    match code {
        0 => Rule::WinsNow,
        1 => Rule::LosesNext,
        2 => Rule::DrawAhead,
        _ => Rule::Horizon,
    }
}
