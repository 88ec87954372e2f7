//! The call rows: what the trace table and tsv show of each admitted call, in call order. A
//! recorded run reads them off its tree; a run folded as it goes (`stream`) keeps them as
//! fixed-size rows instead of its calls, so its memory stays that of its open frames.

use std::io;

use super::recorded::Recorded;
use super::spill::{ROW, RowBytes};
use super::tree::{CallRecord, Outcome, TreeNode, bit};
use crate::game::{Seat, Side};
use crate::trace::{Header, StateInfo};
use crate::value::Flag;

/// One admitted call as the row views show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub state: u32,
    pub turn: Side,
    pub pass: u8,
    pub ply: u16,
    pub depth: u8,
    pub qleft: u8,
    pub alpha: i32,
    pub beta: i32,
    pub value: i32,
    pub best_mv: i16,
    pub outcome: Option<Outcome>,
    /// The call's own window closed (after a child, or on its stand-pat score): the node
    /// that cut, as the tree and DOT mark it.
    pub cut: bool,
}

impl Row {
    /// The value and move the call returned, unless it never returned.
    pub fn returned(&self) -> Option<(i32, i16)> {
        match self.outcome {
            Some(Outcome::Stored(_) | Outcome::TableHit) => Some((self.value, self.best_mv)),
            Some(Outcome::Abort) | None => None,
        }
    }

    pub(super) fn of_record(r: &CallRecord) -> Row {
        Row {
            state: r.state,
            turn: r.turn,
            pass: r.pass,
            ply: r.ply,
            depth: r.depth,
            qleft: r.qleft,
            alpha: r.alpha,
            beta: r.beta,
            value: r.value,
            best_mv: r.best_mv,
            outcome: r.outcome,
            cut: r.has(bit::STAND_PAT_CUT) || r.cutoff().is_some(),
        }
    }

    pub(super) fn to_bytes(self) -> RowBytes {
        let mut b = [0; ROW];
        b[0..4].copy_from_slice(&self.state.to_le_bytes());
        b[4..8].copy_from_slice(&self.alpha.to_le_bytes());
        b[8..12].copy_from_slice(&self.beta.to_le_bytes());
        b[12..16].copy_from_slice(&self.value.to_le_bytes());
        b[16..18].copy_from_slice(&self.best_mv.to_le_bytes());
        b[18..20].copy_from_slice(&self.ply.to_le_bytes());
        b[20] = self.pass;
        b[21] = self.depth;
        b[22] = self.qleft;
        b[23] = match self.turn {
            Side::Max => 0,
            Side::Min => 1,
            Side::Chance => 2,
            Side::Player(seat) => 3 + seat.index() as u8,
        };
        b[24] = match self.outcome {
            None => 0,
            Some(Outcome::Stored(Flag::Exact)) => 1,
            Some(Outcome::Stored(Flag::Lower)) => 2,
            Some(Outcome::Stored(Flag::Upper)) => 3,
            Some(Outcome::TableHit) => 4,
            Some(Outcome::Abort) => 5,
        };
        b[25] = self.cut as u8;
        b
    }

    pub(super) fn from_bytes(b: &RowBytes) -> Row {
        let i32_at = |k: usize| i32::from_le_bytes(b[k..k + 4].try_into().expect("4 bytes"));
        Row {
            state: u32::from_le_bytes(b[0..4].try_into().expect("4 bytes")),
            alpha: i32_at(4),
            beta: i32_at(8),
            value: i32_at(12),
            best_mv: i16::from_le_bytes([b[16], b[17]]),
            ply: u16::from_le_bytes([b[18], b[19]]),
            pass: b[20],
            depth: b[21],
            qleft: b[22],
            turn: match b[23] {
                0 => Side::Max,
                1 => Side::Min,
                2 => Side::Chance,
                k => Side::Player(Seat::new(k as usize - 3).unwrap_or(Seat::P0)),
            },
            outcome: match b[24] {
                1 => Some(Outcome::Stored(Flag::Exact)),
                2 => Some(Outcome::Stored(Flag::Lower)),
                3 => Some(Outcome::Stored(Flag::Upper)),
                4 => Some(Outcome::TableHit),
                5 => Some(Outcome::Abort),
                _ => None,
            },
            cut: b[25] != 0,
        }
    }
}

impl From<&TreeNode> for Row {
    fn from(c: &TreeNode) -> Row {
        Row {
            state: c.state,
            turn: c.turn,
            pass: c.pass,
            ply: c.ply,
            depth: c.depth,
            qleft: c.qleft,
            alpha: c.alpha,
            beta: c.beta,
            value: c.value,
            best_mv: c.best_mv,
            outcome: c.outcome,
            cut: c.cut_event != super::tree::NONE,
        }
    }
}

/// What the row views read: a run's header, its call rows in call order, its states' names
/// and what its committed answer proves.
pub trait CallRows {
    fn header(&self) -> &Header;
    /// A state's name: its label, or its number.
    fn name(&self, state: u32) -> String;
    /// Hands each call's row to `f` in call order (`step` counts from 0).
    fn each_row(&self, f: &mut dyn FnMut(usize, &Row) -> io::Result<()>) -> io::Result<()>;
    /// `Tree::committed_bound` of the run.
    fn committed_bound(&self) -> Option<Flag>;
    /// What the catalog records of a state (its move names, whether its label names it
    /// alone), asked of the game where the run kept no catalog.
    fn state(&self, state: u32) -> Option<StateInfo>;
}

impl CallRows for Recorded {
    fn header(&self) -> &Header {
        &self.trace.header
    }

    fn name(&self, state: u32) -> String {
        Recorded::name(self, state)
    }

    fn each_row(&self, f: &mut dyn FnMut(usize, &Row) -> io::Result<()>) -> io::Result<()> {
        for (i, c) in self.tree().call_nodes().enumerate() {
            f(i, &Row::from(&c))?;
        }
        Ok(())
    }

    fn committed_bound(&self) -> Option<Flag> {
        self.tree().committed_bound()
    }

    fn state(&self, state: u32) -> Option<StateInfo> {
        self.trace.header.catalog.get(state).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field survives the bytes, at the ends of its range.
    #[test]
    fn a_row_reads_back_as_written() {
        let outcomes = [
            None,
            Some(Outcome::Stored(Flag::Exact)),
            Some(Outcome::Stored(Flag::Lower)),
            Some(Outcome::Stored(Flag::Upper)),
            Some(Outcome::TableHit),
            Some(Outcome::Abort),
        ];
        let turns = [
            Side::Max,
            Side::Min,
            Side::Chance,
            Side::Player(Seat::P0),
            Side::Player(Seat::P7),
        ];
        for (k, (outcome, turn)) in outcomes.iter().zip(turns.iter().cycle()).enumerate() {
            let row = Row {
                state: u32::MAX - k as u32,
                turn: *turn,
                pass: 255,
                ply: u16::MAX,
                depth: k as u8,
                qleft: 7,
                alpha: i32::MIN + k as i32,
                beta: i32::MAX,
                value: -1_000_000,
                best_mv: -1,
                outcome: *outcome,
                cut: k % 2 == 0,
            };
            assert_eq!(Row::from_bytes(&row.to_bytes()), row);
        }
    }
}
