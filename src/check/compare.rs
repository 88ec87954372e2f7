//! Where a student's lines part from a run's: line by line, the first line whose kind, node or
//! a field the student printed differs, or where one of the two ends first.

use std::collections::BTreeSet;

use super::project::Expected;
use super::read::Given;
use super::schema::{Field, Kind};

/// How the two runs part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parting {
    /// The lines are of different kinds (one cuts off where the other enters, …).
    Kind,
    /// The same kind of line, one field different (the node first).
    Field(Field),
    /// The student's file ends; the run goes on.
    YoursEnds,
    /// The run has ended; the student's file goes on.
    RunEnds,
}

/// The comparison of a file with a run: how many lines agree, and how they part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// Lines that agree before the parting (an index into both compared lists).
    pub matched: usize,
    pub parting: Option<Parting>,
}

/// The kinds compared: those the student's file prints, and always enter and return (a file
/// that never prints probes is not asked for them).
pub fn kinds(given: &[Given]) -> BTreeSet<Kind> {
    let mut kinds: BTreeSet<Kind> = given.iter().map(|g| g.line.kind).collect();
    kinds.extend([Kind::Enter, Kind::Return]);
    kinds
}

/// The run's lines of the compared kinds.
pub fn of_kinds(expected: &[Expected], kinds: &BTreeSet<Kind>) -> Vec<Expected> {
    expected
        .iter()
        .filter(|e| kinds.contains(&e.line.kind))
        .copied()
        .collect()
}

/// Compares the student's lines with the run's (already of the same kinds).
pub fn compare(given: &[Given], expected: &[Expected]) -> Comparison {
    for (i, g) in given.iter().enumerate() {
        let Some(e) = expected.get(i) else {
            return Comparison {
                matched: i,
                parting: Some(Parting::RunEnds),
            };
        };
        let parting = if g.line.kind != e.line.kind {
            Some(Parting::Kind)
        } else {
            g.line.first_difference(&e.line).map(Parting::Field)
        };
        if parting.is_some() {
            return Comparison {
                matched: i,
                parting,
            };
        }
    }
    Comparison {
        matched: given.len(),
        parting: (expected.len() > given.len()).then_some(Parting::YoursEnds),
    }
}
