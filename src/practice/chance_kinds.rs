//! Seed 004's practice kinds on chance nodes: a node's exact value (`chance-value`) and the
//! outcomes chance pruning skips (`chance-skipped`). Their trees are generated here (MAX, then
//! chance, then MIN or a leaf), their answers and feedback are read off the recorded run
//! through `practice::chance`, and the grader in `problem` calls in for these two kinds.

use serde_json::Number;

use super::answer::Answer;
use super::chance;
use super::generate::name_of;
use super::item::{self, Explained, Item, Problem, Solved};
use super::params::Params;
use super::query::{self, Call};
use crate::error::{Error, Result};
use crate::game::graph::{GraphSpec, MoveSpec, NodeSpec, Probability, Score};
use crate::game::{Game, Side};
use crate::index::Outcome;
use crate::lesson::RunSpec;
use crate::lesson::facts::Kind;
use crate::rng::Rng;
use crate::search::{Algorithm, Flag, Options};
use crate::value::Units;

/// Generated chance trees stay within the other kinds' 80×24 outline.
const NODES: usize = 15;

/// Outcome probabilities a generated chance node draws from: short decimals and thirds, so
/// the arithmetic stays something to do by hand.
const SPLITS: &[&[&str]] = &[
    &["1/2", "1/2"],
    &["0.25", "0.75"],
    &["0.4", "0.6"],
    &["0.3", "0.7"],
    &["1/3", "1/3", "1/3"],
    &["0.5", "0.25", "0.25"],
];

/// What a run must be for a chance question to mean something (`None`: askable).
pub(super) fn askable(kind: Kind, o: &Options, scale: i32) -> Option<String> {
    match kind {
        Kind::ChanceSkipped if o.chance_pruning.is_none() => Some(
            "a chance-skipped problem needs a run with chance pruning (\"chance_pruning\": true)"
                .into(),
        ),
        Kind::ChanceValue | Kind::ChanceSkipped if o.chance_as_min => Some(format!(
            "a {} problem needs chance nodes, and this run searches them as MIN nodes",
            kind.name()
        )),
        // These answers are written as whole numbers; a chance graph's values are fractions.
        Kind::Decision
        | Kind::Window
        | Kind::Value
        | Kind::Interrupted
        | Kind::Quiescence
        | Kind::NegamaxWindow
        | Kind::Aspiration
            if scale > 1 =>
        {
            Some(format!(
                "a {} problem takes whole-number answers, and this tree's chance nodes give fractions: ask chance-value instead",
                kind.name()
            ))
        }
        _ => None,
    }
}

/// The right answer of a chance kind.
pub(super) fn answer(p: &Problem, main: &Solved, target: Option<usize>) -> Result<Answer> {
    let units = Units::of(main.rec.trace.header.scale);
    Ok(match p.item.kind {
        Kind::ChanceValue => {
            let t = target.ok_or_else(|| need_node(p))?;
            let c = &main.rows[t];
            let exact = query::bound_of(&main.rec, t) == Some("exact");
            match c.value.and_then(|v| units.exact(v)).filter(|_| exact) {
                Some(r) => Answer::Exact(r),
                None => {
                    return Err(Error::Options(format!(
                        "practice item {}: node {} returns only a bound in run '{}', so it has no exact value to ask for",
                        p.item.id,
                        p.lesson.graph.name(c.state),
                        main.run
                    )));
                }
            }
        }
        _ => {
            let mut skipped: Vec<u32> = (chance::chance_skips(&main.rec, None).iter())
                .map(|k| k.child)
                .collect();
            skipped.sort_unstable();
            skipped.dedup();
            Answer::Outcomes(skipped.iter().map(|&s| p.lesson.graph.name(s)).collect())
        }
    })
}

fn need_node(p: &Problem) -> Error {
    Error::Options(format!(
        "practice item {}: a {} problem needs a node",
        p.item.id,
        p.item.kind.name()
    ))
}

/// Outcome names as an answer wrote them, spelled as labelled, in node order.
pub(super) fn spelled(p: &Problem, names: Vec<String>) -> Vec<String> {
    let graph = &p.lesson.graph;
    let mut names: Vec<String> = (names.into_iter())
        .map(|n| query::canonical_name(graph, &n))
        .collect();
    names.sort_by_key(|n| (query::find_node(graph, n).unwrap_or(u32::MAX), n.clone()));
    names.dedup();
    names
}

/// (node, step, explanation) for a wrong answer of a chance kind.
pub(super) fn explain(
    p: &Problem,
    main: &Solved,
    target: Option<usize>,
    expected: &Answer,
    given: &Answer,
) -> Explained {
    let units = Units::of(main.rec.trace.header.scale);
    match (expected, given, target) {
        (Answer::Exact(_), _, Some(t)) => {
            let c = &main.rows[t];
            (Some(c.state), Some(c.step), why_value(p, main, &units, t))
        }
        (Answer::Outcomes(right), Answer::Outcomes(got), _) => {
            explain_outcomes(p, main, &units, right, got)
        }
        _ => (None, None, "the answer has the wrong form".into()),
    }
}

/// A skipped outcome the answer leaves out, else one it names that is searched or is not an
/// outcome a chance cutoff skips.
fn explain_outcomes(
    p: &Problem,
    main: &Solved,
    units: &Units,
    right: &[String],
    got: &[String],
) -> Explained {
    let rows = &main.rows;
    let skips = chance::chance_skips(&main.rec, None);
    if let Some(m) = right.iter().find(|s| !got.contains(s)) {
        let s = query::find_node(&p.lesson.graph, m);
        let k = skips.iter().find(|k| Some(k.child) == s);
        let parent = k.map(|k| &rows[k.parent]);
        let why = parent.map_or_else(
            || format!("{m} is skipped"),
            |f| format!("{m} is skipped: {}", why_cut(p, main, units, f)),
        );
        return (s, parent.map(|f| f.step), why);
    }
    let Some(x) = got.iter().find(|s| !right.contains(s)) else {
        return (None, None, "the list has repeats".into());
    };
    let s = query::find_node(&p.lesson.graph, x);
    match s.and_then(|s| query::call_of(&main.rec, None, s, 1)) {
        Some(c) => (
            s,
            Some(rows[c].step),
            format!(
                "{x} is not skipped: it is searched at call {} and returns {}",
                rows[c].step,
                rows[c].value.map_or("-".into(), |v| units.sc(v))
            ),
        ),
        None => {
            let why = match s {
                Some(s) if !is_outcome(p, s) => format!(
                    "{x} is never searched, but it is not an outcome of a chance node: a MIN or MAX cutoff skips it, or it lies below a skipped outcome"
                ),
                _ => format!("{x} is never searched: it lies below a skipped outcome or a cut"),
            };
            (s, None, why)
        }
    }
}

fn is_outcome(p: &Problem, s: u32) -> bool {
    let graph = &p.lesson.graph;
    (0..graph.len() as u32).any(|u| {
        graph.side(u).is_chance() && (0..graph.move_count(u)).any(|i| graph.child(u, i) == s)
    })
}

/// Why chance frame `f` stopped early: the interval after its last outcome and the window.
fn why_cut(p: &Problem, main: &Solved, units: &Units, f: &Call) -> String {
    let name = |s: u32| p.lesson.graph.name(s);
    let last = chance::intervals(&main.rec, f.step as usize - 1)
        .last()
        .copied();
    let closer = (main.rows.iter()).rfind(|c| c.parent == Some(f.step as usize - 1));
    match (last, closer) {
        (Some((lo, hi)), Some(c)) => format!(
            "after {} returned {} (call {}), chance node {} lies in [{}, {}], outside its window ({}, {}), so its other outcomes are never searched",
            name(c.state),
            c.value.map_or("-".into(), |v| units.sc(v)),
            c.step,
            name(f.state),
            units.sc(lo),
            units.sc(hi),
            units.sc(f.alpha),
            units.sc(f.beta)
        ),
        _ => format!("chance node {} cut off (call {})", name(f.state), f.step),
    }
}

/// A node's value worked out from its outcomes, as the run recorded them.
fn why_value(p: &Problem, main: &Solved, units: &Units, t: usize) -> String {
    let rows = &main.rows;
    let c = &rows[t];
    let name = |s: u32| p.lesson.graph.name(s);
    let kids: Vec<&Call> = rows.iter().filter(|k| k.parent == Some(t)).collect();
    let value = c.value.map_or("-".into(), |v| units.sc(v));
    if !matches!(c.outcome, Some(Outcome::Stored(Flag::Exact))) {
        return format!("{} returns {value} (call {})", name(c.state), c.step);
    }
    let catalog = main.rec.catalog();
    if catalog.turn(c.state).is_chance() {
        let terms: Vec<String> = (kids.iter())
            .map(|k| {
                let p = catalog
                    .probability(c.state, k.via.unwrap_or(-1))
                    .map_or("?".into(), |r| r.to_string());
                format!("{p} × {}", k.value.map_or("-".into(), |v| units.sc(v)))
            })
            .collect();
        let parts: Vec<String> = (kids.iter())
            .map(|k| {
                format!(
                    "{} returns {} (call {})",
                    name(k.state),
                    k.value.map_or("-".into(), |v| units.sc(v)),
                    k.step
                )
            })
            .collect();
        format!(
            "chance node {} averages its outcomes by probability: {}; {} = {value}",
            name(c.state),
            parts.join(", "),
            terms.join(" + ")
        )
    } else {
        let parts: Vec<String> = (kids.iter())
            .map(|k| {
                format!(
                    "{} returns {} (call {})",
                    name(k.state),
                    k.value.map_or("-".into(), |v| units.sc(v)),
                    k.step
                )
            })
            .collect();
        let rule = if catalog.turn(c.state) == Side::Max {
            "largest"
        } else {
            "smallest"
        };
        format!(
            "{} takes the {rule} of its children: {}; so {value}",
            name(c.state),
            parts.join(", ")
        )
    }
}

/// One candidate chance problem and whether it shows what its kind teaches: a fraction to
/// work out, or an outcome that chance pruning skips.
pub(super) fn build(
    rng: &mut Rng,
    id: &str,
    kind: Kind,
    source: String,
    params: &Params,
) -> Result<(Problem, bool)> {
    let (lo, hi) = params.values.map_or_else(
        || *rng.pick(&[(0, 9), (0, 10), (-5, 5)]).unwrap_or(&(0, 9)),
        |(a, b)| (a.min(b), a.max(b)),
    );
    let root = params.root.unwrap_or(Side::Max);
    let graph = tree(
        rng,
        root,
        lo,
        hi,
        params.max_nodes.unwrap_or(NODES).clamp(6, NODES),
    );
    let run = RunSpec {
        name: "practice".into(),
        depth: Some(3),
        table: Some(false),
        ordering: Some(false),
        deepening: Some(false),
        cut: Some(params.cut.unwrap_or(crate::value::CutRule::AtLeast)),
        algorithm: Some(Algorithm::Expectiminimax),
        chance_pruning: (kind == Kind::ChanceSkipped).then_some(true),
        ..RunSpec::default()
    };
    let item = Item::generated(id, kind, source, vec![run], graph);
    let mut p = Problem::unchecked(item)?;
    let main = p.solve_run(0)?;
    let scale = main.rec.trace.header.scale;
    let chance_calls: Vec<usize> = query::pass_rows(&main.rec, None)
        .into_iter()
        .filter(|&i| main.rec.catalog().turn(main.rows[i].state).is_chance())
        .collect();
    let (node, interesting) = match kind {
        Kind::ChanceValue => {
            // A value that is not a whole number is the arithmetic worth practising.
            let fractional: Vec<usize> = (chance_calls.iter().copied())
                .filter(|&i| main.rows[i].value.is_some_and(|v| v % scale != 0))
                .collect();
            let pool = if fractional.is_empty() {
                &chance_calls
            } else {
                &fractional
            };
            (rng.pick(pool).copied(), !fractional.is_empty())
        }
        _ => (None, !chance::chance_skips(&main.rec, None).is_empty()),
    };
    let node_name = node.map(|i| p.lesson.graph.name(main.rows[i].state));
    let root = p.lesson.graph.name(p.start());
    p.item.question = item::question(kind, &root, node_name.as_deref(), "");
    p.item.node = node_name;
    let p = if interesting {
        Problem::new(p.item)?
    } else {
        Problem::unchecked(p.item)?
    };
    Ok((p, interesting))
}

/// `root` (MAX unless asked otherwise) at the root, a chance node under each of its moves,
/// each outcome a leaf or a node of the other side over leaves; utilities in [lo, hi], which
/// the graph states as its `utility_range`.
fn tree(rng: &mut Rng, root: Side, lo: i32, hi: i32, cap: usize) -> GraphSpec {
    struct N {
        side: Side,
        moves: Vec<(usize, Option<&'static str>)>,
    }
    let mut nodes = vec![N {
        side: root,
        moves: Vec::new(),
    }];
    let add = |nodes: &mut Vec<N>, side: Side| {
        nodes.push(N {
            side,
            moves: Vec::new(),
        });
        nodes.len() - 1
    };
    let root_moves = rng.range(2, 3) as usize;
    for _ in 0..root_moves {
        // Each chance node needs room for itself and at least two outcomes.
        if nodes.len() + 3 > cap {
            break;
        }
        let c = add(&mut nodes, Side::Chance);
        nodes[0].moves.push((c, None));
        let split = *rng.pick(SPLITS).unwrap_or(&SPLITS[0]);
        let split = if nodes.len() + split.len() > cap {
            SPLITS[0]
        } else {
            split
        };
        for &prob in split {
            let room = cap.saturating_sub(nodes.len() + 1);
            let o = if room >= 3 && rng.chance(1, 2) {
                let m = add(&mut nodes, root.other());
                for _ in 0..2 {
                    let leaf = add(&mut nodes, root);
                    nodes[m].moves.push((leaf, None));
                }
                m
            } else {
                add(&mut nodes, root)
            };
            nodes[c].moves.push((o, Some(prob)));
        }
    }
    let specs = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| NodeSpec {
            player: n.side.into(),
            score: n
                .moves
                .is_empty()
                .then(|| Score::One(Number::from(rng.range(lo as i64, hi as i64)))),
            moves: (n.moves.iter())
                .map(|&(child, p)| MoveSpec {
                    p: p.map(|p| Probability(p.to_string())),
                    child: Number::from(child as u64),
                    tactical: false,
                })
                .collect(),
            label: Some(name_of(i)),
            dice: None,
            distinct: false,
            features: Default::default(),
        })
        .collect();
    GraphSpec {
        nodes: specs,
        utility_range: Some([Number::from(lo), Number::from(hi)]),
        ..GraphSpec::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::Ratio;

    fn split_sum(split: &[&str]) -> Ratio {
        (split.iter()).fold(Ratio::int(0), |t, p| {
            t.checked_add(Ratio::parse(p).unwrap()).unwrap()
        })
    }

    #[test]
    fn every_split_sums_to_one() {
        for s in SPLITS {
            assert_eq!(split_sum(s), Ratio::int(1), "{s:?}");
        }
    }
}
