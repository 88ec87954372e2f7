//! Questions about seed 002's searches, read off a recorded run's index: which calls were
//! null-window scouts, which children were searched again, and the aspiration attempts of a
//! pass. Lesson facts and the practice kinds `researched`, `negamax-window` and `aspiration`
//! share these readers, so a lesson and a problem can never disagree about a run.

use super::answer::Answer;
use super::generate::{self, Shape};
use super::item::{self, Explained, Item, Problem, Solved};
use super::params::Params;
use super::query::{self, Call};
use crate::error::Result;
use crate::game::Side;
use crate::index::{NONE, Recorded};
use crate::lesson::RunSpec;
use crate::lesson::facts::Kind;
use crate::rng::Rng;
use crate::search::{Algorithm, AttemptOutcome, Options};
use crate::value::Units;

/// The calls of a pass (default: the last that ran) entered with a null window.
pub fn scouts(rec: &Recorded, pass: Option<u8>) -> Vec<usize> {
    let tree = rec.tree();
    tree.pass_calls(pass)
        .filter(|&i| tree.get(i).scout)
        .map(|i| i as usize)
        .collect()
}

/// The full-window re-searches of a pass, in order: the second visit of each child whose
/// scout said "better than α".
pub fn researches(rec: &Recorded, pass: Option<u8>) -> Vec<usize> {
    let tree = rec.tree();
    tree.pass_calls(pass)
        .filter(|&i| tree.get(i).research)
        .map(|i| i as usize)
        .collect()
}

/// The names of the re-searched children of a pass, in the order of their re-searches.
pub fn researched_names(rec: &Recorded, pass: Option<u8>) -> Vec<String> {
    let tree = rec.tree();
    researches(rec, pass)
        .into_iter()
        .map(|i| rec.name(tree.get(i as u32).state))
        .collect()
}

/// One root search of a pass as a lesson or problem states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Try {
    pub alpha: i32,
    pub beta: i32,
    /// `None` for the one search of a pass without aspiration windows.
    pub outcome: Option<AttemptOutcome>,
    /// The root call of the attempt (`None` when the budget refused it).
    pub root: Option<usize>,
}

/// The root searches of pass `depth` (default: the last pass that ran), in order.
pub fn attempts(rec: &Recorded, depth: Option<u8>) -> Option<Vec<Try>> {
    let tree = rec.tree();
    let passes = tree.passes();
    let k = match depth {
        Some(d) => passes.iter().position(|p| p.depth == d)?,
        None => passes.len().checked_sub(1)?,
    };
    Some(
        tree.attempts_of(k)
            .iter()
            .map(|a| Try {
                alpha: a.alpha,
                beta: a.beta,
                outcome: a.outcome,
                root: (a.root != NONE).then_some(a.root as usize),
            })
            .collect(),
    )
}

/// The words an outcome is stated in (lesson facts, answers, feedback).
pub fn outcome_name(outcome: Option<AttemptOutcome>) -> Option<&'static str> {
    outcome.map(AttemptOutcome::name)
}

// The practice kinds `researched`, `negamax-window` and `aspiration`: their generated
// problems, and the explanation of a wrong answer, read off the same recorded runs.

/// Generated trees for these kinds stay as small as the other kinds' (80×24).
const NODES: usize = 15;

/// One candidate problem of a seed-002 kind and whether it shows what the kind teaches: a
/// re-search, a node below the root, an aspiration miss.
pub(super) fn build(
    rng: &mut Rng,
    id: &str,
    kind: Kind,
    source: String,
    params: &Params,
) -> Result<(Problem, bool)> {
    let shape = shape(rng, params);
    let graph = generate::tree(rng, &shape);
    // Researched problems need PVS; the others draw between PVS and their plain search.
    let pvs = kind == Kind::Researched || rng.chance(1, 2);
    let algorithm = match kind {
        _ if pvs => Algorithm::Pvs,
        Kind::NegamaxWindow => Algorithm::Negamax,
        _ => Algorithm::AlphaBeta,
    };
    let run = run(rng, kind, &shape, algorithm, params);
    let item = Item::generated(id, kind, source, vec![run], graph);
    let mut p = Problem::unchecked(item)?;
    let main = p.solve_run(0)?;
    let (node, interesting) = pick(rng, kind, &main);
    let start = p.lesson.graph.name(p.start());
    let node_name = node.map(|i| p.lesson.graph.name(main.rows[i].state));
    let extra = match (kind, &p.item.runs[0].aspiration) {
        (Kind::Aspiration, Some(a)) => format!(
            " (δ = {}, guess {}, {})",
            a.delta,
            a.guess,
            algorithm.title()
        ),
        _ if pvs => " in the PVS run".into(),
        _ => String::new(),
    };
    p.item.question = item::question(kind, &start, node_name.as_deref(), &extra);
    p.item.node = node_name;
    let p = if interesting {
        Problem::new(p.item)?
    } else {
        Problem::unchecked(p.item)?
    };
    Ok((p, interesting))
}

/// The generated tree's shape: drawn from the seed, then the reader's overrides.
fn shape(rng: &mut Rng, params: &Params) -> Shape {
    let (lo, hi) = *rng.pick(&[(0, 9), (-9, 9), (1, 20)]).unwrap_or(&(0, 9));
    let mut shape = Shape {
        depth: rng.range(2, 3) as u8,
        min_branch: 2,
        max_branch: 3,
        lo,
        hi,
        root: if rng.chance(1, 3) {
            Side::Min
        } else {
            Side::Max
        },
        irregular: rng.chance(1, 2),
        transpositions: false,
        inner_scores: false,
        tactical: false,
        max_nodes: NODES,
    };
    params.shape(&mut shape, 1);
    shape
}

/// The one run a seed-002 problem is graded on; an aspiration problem draws its δ and guess.
fn run(rng: &mut Rng, kind: Kind, shape: &Shape, algorithm: Algorithm, params: &Params) -> RunSpec {
    let mut run = RunSpec {
        name: "practice".into(),
        depth: Some(shape.depth),
        table: Some(false),
        ordering: Some(false),
        deepening: Some(false),
        cut: Some(params.cut.unwrap_or(crate::value::CutRule::AtLeast)),
        algorithm: Some(algorithm),
        ..RunSpec::default()
    };
    if kind == Kind::Aspiration {
        let delta = rng.range(1, 3) as i32;
        let guess = rng.range(shape.lo as i64, shape.hi as i64) as i32;
        run.aspiration = Some(crate::search::Aspiration {
            delta,
            from: 1,
            guess,
        });
    }
    run
}

/// The call a negamax-window problem asks about (a re-searched child at its scout), and
/// whether the run shows what the kind teaches.
fn pick(rng: &mut Rng, kind: Kind, main: &Solved) -> (Option<usize>, bool) {
    let rows = &main.rows;
    match kind {
        Kind::Researched => (None, !researches(&main.rec, None).is_empty()),
        Kind::NegamaxWindow => {
            // First visits below the root.
            let firsts: Vec<usize> = query::pass_rows(&main.rec, None)
                .into_iter()
                .filter(|&i| {
                    rows[i].parent.is_some()
                        && query::call_of(&main.rec, None, rows[i].state, 1) == Some(i)
                })
                .collect();
            let tree = main.rec.tree();
            let deep: Vec<usize> = firsts
                .iter()
                .copied()
                .filter(|&i| rows[i].ply >= 2 || tree.get(i as u32).scout)
                .collect();
            let pick = rng
                .pick(if deep.is_empty() { &firsts } else { &deep })
                .copied();
            (pick, pick.is_some())
        }
        _ => {
            let tries = attempts(&main.rec, None).unwrap_or_default();
            (None, tries.len() >= 2)
        }
    }
}

/// The right answer of a seed-002 kind.
pub(super) fn answer(p: &Problem, main: &Solved, target: Option<usize>) -> Answer {
    match p.item.kind {
        Kind::Researched => Answer::Researched(
            researches(&main.rec, None)
                .into_iter()
                .map(|i| p.lesson.graph.name(main.rows[i].state))
                .collect(),
        ),
        Kind::Aspiration => Answer::Aspiration(
            attempts(&main.rec, None)
                .unwrap_or_default()
                .iter()
                .map(|t| (t.alpha, t.beta))
                .collect(),
        ),
        _ => {
            let c = target.map(|t| &main.rows[t]);
            Answer::Window {
                alpha: c.map_or(0, |c| c.alpha),
                beta: c.map_or(0, |c| c.beta),
            }
        }
    }
}

/// What a run must be for a seed-002 question to mean something.
pub(super) fn askable(kind: Kind, o: &Options) -> Option<String> {
    let family = o.family();
    let title = o.algorithm.title();
    match kind {
        Kind::Researched if !family.scouts(o) => Some(format!(
            "a researched problem needs a PVS run, and this one is {title}"
        )),
        Kind::NegamaxWindow if !family.side_to_move() => Some(format!(
            "a negamax-window problem needs a negamax or PVS run, and this one is {title}"
        )),
        // The window kind explains a window from MAX's and MIN's bounds, which a negamax
        // run does not have.
        Kind::Window if family.side_to_move() => Some(format!(
            "a window problem on a {title} run is a negamax-window problem (windows from the side to move)"
        )),
        Kind::Aspiration if o.aspiration.is_none() => {
            Some("an aspiration problem needs a run with aspiration windows".into())
        }
        _ => None,
    }
}

/// (node, step, why) for a wrong answer of a seed-002 kind.
pub(super) fn explain(
    p: &Problem,
    main: &Solved,
    units: &Units,
    target: Option<usize>,
    expected: &Answer,
    given: &Answer,
) -> Explained {
    match (expected, given) {
        (Answer::Researched(want), Answer::Researched(got)) => {
            explain_researched(p, main, units, want, got)
        }
        (Answer::Window { alpha, beta }, _) => match target {
            Some(t) => explain_window(p, main, units, t, (*alpha, *beta)),
            None => (None, None, "the node is never searched".into()),
        },
        (Answer::Aspiration(want), Answer::Aspiration(got)) => {
            explain_aspiration(main, units, want, got)
        }
        _ => (None, None, "the answer has the wrong form".to_string()),
    }
}

/// A re-searched child the answer leaves out, one it names wrongly, or the order.
fn explain_researched(
    p: &Problem,
    main: &Solved,
    units: &Units,
    want: &[String],
    got: &[String],
) -> Explained {
    let rows = &main.rows;
    let name = |s: u32| p.lesson.graph.name(s);
    let redone = researches(&main.rec, None);
    if let Some(m) = want.iter().find(|w| !got.contains(w)) {
        let r = redone.iter().copied().find(|&i| name(rows[i].state) == *m);
        let scout = r.and_then(|r| scout_before(rows, r));
        return match (r, scout) {
            (Some(r), Some(s)) => (
                Some(rows[r].state),
                Some(rows[r].step),
                format!(
                    "{m} is re-searched: {}; better, so {m} is searched again with the full window at call {}",
                    scout_words(p, units, rows, s),
                    rows[r].step
                ),
            ),
            _ => (None, None, format!("{m} is re-searched")),
        };
    }
    if let Some(x) = got.iter().find(|g| !want.contains(g)) {
        return not_researched(p, main, units, x);
    }
    let order: Vec<String> = redone
        .iter()
        .map(|&i| format!("{} (call {})", name(rows[i].state), rows[i].step))
        .collect();
    (
        None,
        redone.first().map(|&i| rows[i].step),
        format!("the re-searches come in this order: {}", order.join(", ")),
    )
}

/// Why child `x`, named as re-searched, is not.
fn not_researched(p: &Problem, main: &Solved, units: &Units, x: &str) -> Explained {
    let rows = &main.rows;
    let s = query::find_node(&p.lesson.graph, x);
    let first = s.and_then(|s| query::call_of(&main.rec, None, s, 1));
    let tree = main.rec.tree();
    match first {
        None => (s, None, format!("{x} is never searched in this run")),
        Some(c) if tree.get(c as u32).scout => (
            s,
            Some(rows[c].step),
            format!(
                "{x} is not re-searched: {}; not better, so its bound is all the parent needs",
                scout_words(p, units, rows, c)
            ),
        ),
        Some(c) => (
            s,
            Some(rows[c].step),
            format!(
                "{x} is not re-searched: it is searched once, with its parent's full window, at call {} (a first move, or a quiescence move, never gets a null window)",
                rows[c].step
            ),
        ),
    }
}

/// The window call `t` receives from the side to move, read back from its parent's.
fn explain_window(
    p: &Problem,
    main: &Solved,
    units: &Units,
    t: usize,
    (alpha, beta): (i32, i32),
) -> Explained {
    let rows = &main.rows;
    let name = |s: u32| p.lesson.graph.name(s);
    let c = &rows[t];
    let tree = main.rec.tree();
    let node = tree.get(t as u32);
    let mut why = format!(
        "{} is entered at call {} with ({}, {}), from its own side to move",
        name(c.state),
        c.step,
        units.fmt(alpha),
        units.fmt(beta)
    );
    if let Some(pi) = c.parent {
        let parent = name(rows[pi].state);
        // The parent searched this child with (α, β) of its own; the child receives
        // it negated and swapped, so the parent's pair is read back the same way.
        let (pa, pb) = (-c.beta, -c.alpha);
        if node.scout {
            why.push_str(&format!(
                ": {parent} held α = {} and asked only whether this move beats it, with the null window ({}, {}); negated and swapped that is ({}, {})",
                units.fmt(pa),
                units.fmt(pa),
                units.fmt(pb),
                units.fmt(alpha),
                units.fmt(beta)
            ));
        } else {
            if node.research {
                why.push_str(": this is the full-window re-search after the scout said better");
            }
            why.push_str(&format!(
                "; {parent} held ({}, {}) and hands a child (-β, -α)",
                units.fmt(pa),
                units.fmt(pb)
            ));
        }
    } else {
        why.push_str(": it is the root, searched with the run's root window");
    }
    (Some(c.state), Some(c.step), why)
}

/// The first aspiration window the answer gets wrong, and every attempt of the pass.
fn explain_aspiration(
    main: &Solved,
    units: &Units,
    want: &[(i32, i32)],
    got: &[(i32, i32)],
) -> Explained {
    let rows = &main.rows;
    let tries = attempts(&main.rec, None).unwrap_or_default();
    let at = want
        .iter()
        .zip(got.iter())
        .position(|(a, b)| a != b)
        .unwrap_or(want.len().min(got.len()));
    let story: Vec<String> = tries
        .iter()
        .map(|t| {
            let value = t
                .root
                .and_then(|r| rows[r].value)
                .map_or("nothing".into(), |v| units.fmt(v));
            format!(
                "({}, {}) returned {value}: {}",
                units.fmt(t.alpha),
                units.fmt(t.beta),
                outcome_name(t.outcome).unwrap_or("the only search")
            )
        })
        .collect();
    let lead = if at >= want.len() {
        format!(
            "the result is exact after {}",
            crate::text::counted(want.len() as u64, "window", "windows")
        )
    } else if at == 0 {
        "the first window is centred on the guess, δ either side".to_string()
    } else {
        format!(
            "after a miss only the side that failed moves, by the current δ, and δ doubles; window {} is ({}, {})",
            at + 1,
            units.fmt(want[at].0),
            units.fmt(want[at].1)
        )
    };
    let step = tries
        .get(at.min(tries.len().saturating_sub(1)))
        .and_then(|t| t.root)
        .map(|r| rows[r].step);
    let root = rows.first().map(|c| c.state);
    (root, step, format!("{lead}; {}", story.join("; ")))
}

/// The scout of the child re-searched at call `r`: the visit just before it of the same
/// child from the same parent.
fn scout_before(rows: &[Call], r: usize) -> Option<usize> {
    (0..r)
        .rev()
        .find(|&i| rows[i].parent == rows[r].parent && rows[i].state == rows[r].state)
}

/// "its scout at call 8 got (-5, -4) and returned -5, which the parent reads as 5 against
/// α = 4".
fn scout_words(p: &Problem, units: &Units, rows: &[Call], s: usize) -> String {
    let c = &rows[s];
    let value = c.value.map_or("nothing".into(), |v| units.fmt(v));
    let seen = c.value.map_or("nothing".into(), |v| units.fmt(-v));
    format!(
        "its null-window search at call {} got ({}, {}) and returned {value}, which {} reads as {seen} against α = {}",
        c.step,
        units.fmt(c.alpha),
        units.fmt(c.beta),
        c.parent
            .map_or("the root".into(), |i| p.lesson.graph.name(rows[i].state)),
        units.fmt(-c.beta)
    )
}
