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
    /// The student's lines that agree before the parting (an index into the file's lines).
    pub matched: usize,
    /// The run's lines passed by then (an index into the run's compared lines): `matched`
    /// plus the window lines read as cut before the update.
    pub theirs: usize,
    pub parting: Option<Parting>,
    /// The run's window lines the file leaves out because it cuts before updating α or β
    /// (its cutoff comes where the run raises the window and then cuts).
    pub skipped: usize,
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

/// Compares the student's lines with the run's (already of the same kinds). A cutoff of the
/// file where the run has a window line of the same node and then that cutoff is read as a
/// cut tested before the update: the window line is passed, and the cutoff's α and β (the
/// window before the update) are not compared.
pub fn compare(given: &[Given], expected: &[Expected]) -> Comparison {
    let mut j = 0;
    let mut skipped = 0;
    for (i, g) in given.iter().enumerate() {
        let Some(mut e) = expected.get(j) else {
            return parted(i, j, skipped, Parting::RunEnds);
        };
        let mut line = g.line;
        let cut_first = g.line.kind == Kind::Cutoff
            && e.line.kind == Kind::Window
            && e.line.node == g.line.node
            && expected
                .get(j + 1)
                .is_some_and(|n| n.line.kind == Kind::Cutoff && n.line.node == g.line.node);
        if cut_first {
            j += 1;
            skipped += 1;
            e = &expected[j];
            (line.alpha, line.beta) = (None, None);
        }
        if line.kind != e.line.kind {
            return parted(i, j, skipped, Parting::Kind);
        }
        if let Some(f) = line.first_difference(&e.line) {
            return parted(i, j, skipped, Parting::Field(f));
        }
        j += 1;
    }
    Comparison {
        matched: given.len(),
        theirs: j,
        parting: (expected.len() > j).then_some(Parting::YoursEnds),
        skipped,
    }
}

fn parted(matched: usize, theirs: usize, skipped: usize, parting: Parting) -> Comparison {
    Comparison {
        matched,
        theirs,
        parting: Some(parting),
        skipped,
    }
}
