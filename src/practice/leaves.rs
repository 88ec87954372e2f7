//! The `leaves` kind: which leaves alpha-beta reads, in order, and which children its cutoffs
//! skip. Its answer, whether a generated tree shows a cutoff, and why an answer is wrong, all
//! read off the recorded run's reads and skips.

use super::answer::Answer;
use super::item::{Explained, Problem, Solved};
use super::query::{self, Call, Skip};
use crate::game::Game;
use crate::game::graph::Graph;
use crate::index::Recorded;
use crate::value::Units;

/// The leaves read in order and the skipped children in node order.
pub(super) fn answer(p: &Problem, main: &Solved) -> Answer {
    let evaluated = query::reads(&main.rec, None)
        .iter()
        .map(|&(_, s)| p.name(s))
        .collect();
    let mut skipped: Vec<u32> = query::skips(&main.rec, None)
        .iter()
        .map(|k| k.child)
        .collect();
    skipped.sort_unstable();
    skipped.dedup();
    Answer::Leaves {
        evaluated,
        skipped: skipped.iter().map(|&s| p.name(s)).collect(),
    }
}

/// A generated leaves problem teaches something only when a cutoff skips a child.
pub(super) fn shows_a_cut(rec: &Recorded) -> bool {
    !query::skips(rec, None).is_empty()
}

/// (node, step, why) for a wrong leaves answer: the first leaf read out of order, else the
/// first skipped child missing or named wrongly.
pub(super) fn explain(
    p: &Problem,
    main: &Solved,
    units: &Units,
    expected: (&[String], &[String]),
    given: (&[String], &[String]),
) -> Explained {
    let ((evaluated, skipped), (e2, s2)) = (expected, given);
    if evaluated != e2 {
        wrong_reads(p, main, units, evaluated, e2)
    } else {
        wrong_skips(p, main, units, skipped, s2)
    }
}

/// The first place the leaves read differ from the run's.
fn wrong_reads(
    p: &Problem,
    main: &Solved,
    units: &Units,
    evaluated: &[String],
    e2: &[String],
) -> Explained {
    let graph = &p.lesson.graph;
    let rows = &main.rows;
    let read_list = query::reads(&main.rec, None);
    let skip_list = query::skips(&main.rec, None);
    let i = evaluated
        .iter()
        .zip(e2)
        .position(|(a, b)| a != b)
        .unwrap_or(evaluated.len().min(e2.len()));
    let not_read = |g: u32| why_not_read(p, units, g, &skip_list, rows, &read_list);
    if i < evaluated.len() {
        let (call, s) = read_list[i];
        let after = if i == 0 {
            "the first leaf read".to_string()
        } else {
            format!("after {}, the next leaf read", evaluated[i - 1])
        };
        let extra = e2
            .get(i)
            .and_then(|g| query::find_node(graph, g))
            .map(not_read)
            .unwrap_or_default();
        (
            Some(s),
            Some(rows[call].step),
            format!("{after} is {} (call {}){extra}", p.name(s), rows[call].step),
        )
    } else {
        let g = query::find_node(graph, &e2[i]);
        let why = g.map(not_read).unwrap_or_default();
        (
            g,
            None,
            format!(
                "only {} read; {} is not{why}",
                crate::text::counted(evaluated.len() as u64, "leaf is", "leaves are"),
                e2[i]
            ),
        )
    }
}

/// The first skipped child the answer leaves out, else the first it names wrongly.
fn wrong_skips(
    p: &Problem,
    main: &Solved,
    units: &Units,
    skipped: &[String],
    s2: &[String],
) -> Explained {
    let graph = &p.lesson.graph;
    let rows = &main.rows;
    let skip_list = query::skips(&main.rec, None);
    let missing = skipped.iter().find(|s| !s2.contains(s));
    let extra = s2.iter().find(|s| !skipped.contains(s));
    match (missing, extra) {
        (Some(m), _) => {
            let s = query::find_node(graph, m);
            let k = skip_list.iter().find(|k| Some(k.child) == s);
            let (step, why) = skip_reason(p, units, k, rows);
            (s, step, format!("{m} is skipped: {why}"))
        }
        (None, Some(x)) => {
            let s = query::find_node(graph, x);
            let searched = s.and_then(|s| query::call_of(&main.rec, None, s, 1));
            match searched {
                Some(c) => (
                    s,
                    Some(rows[c].step),
                    format!(
                        "{x} is not skipped: it is searched at call {}",
                        rows[c].step
                    ),
                ),
                None => (
                    s,
                    None,
                    format!(
                        "{x} is never searched, but it lies inside a pruned subtree: name only the child where the cut happens"
                    ),
                ),
            }
        }
        (None, None) => (None, None, "the skipped list has repeats".to_string()),
    }
}

fn why_not_read(
    p: &Problem,
    units: &Units,
    g: u32,
    skips: &[Skip],
    rows: &[Call],
    reads: &[(usize, u32)],
) -> String {
    if p.lesson.graph.move_count(g) > 0 && !reads.iter().any(|&(_, s)| s == g) {
        return format!(" ({} is not a leaf here: it has moves)", p.name(g));
    }
    if let Some(&(c, _)) = reads.iter().find(|&&(_, s)| s == g) {
        return format!(" ({} is read later, at call {})", p.name(g), rows[c].step);
    }
    let graph = &p.lesson.graph;
    for k in skips {
        if k.child == g || descends(graph, k.child, g) {
            let (_, why) = skip_reason(p, units, Some(k), rows);
            return format!(" ({} is never read: {why})", p.name(g));
        }
    }
    format!(" ({} is never read)", p.name(g))
}

fn skip_reason(
    p: &Problem,
    units: &Units,
    k: Option<&Skip>,
    rows: &[Call],
) -> (Option<u64>, String) {
    let Some(k) = k else {
        return (None, "a cutoff skips it".into());
    };
    let parent = &rows[k.parent];
    match k.closer.map(|c| &rows[c]) {
        Some(c) => (
            Some(c.step),
            format!(
                "at {} the window closed when {} returned {} (call {}), so {} is never tried",
                p.name(parent.state),
                p.name(c.state),
                c.value.map_or("-".into(), |v| units.fmt(v)),
                c.step,
                p.name(k.child)
            ),
        ),
        None => (
            Some(parent.step),
            format!("{} cut off (call {})", p.name(parent.state), parent.step),
        ),
    }
}

fn descends(graph: &Graph, from: u32, target: u32) -> bool {
    query::graph_children(graph, from)
        .into_iter()
        .any(|c| c == target || descends(graph, c, target))
}
