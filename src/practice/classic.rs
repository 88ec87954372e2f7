//! Seed 000's practice kinds (decision, leaves, window, value, flag, interrupted, quiescence,
//! next): the generated problems of the family. What each kind asks, answers and explains
//! lives with the kind (`root_kinds`, `leaves`, `call_kinds`); this builds the tree and runs
//! they share and asks each kind for its part.

use super::generate::{self, Shape};
use super::item::{self, Item, Problem, Solved};
use super::params::Params;
use super::{call_kinds, leaves, query, root_kinds};
use crate::error::Result;
use crate::game::Side;
use crate::lesson::RunSpec;
use crate::lesson::facts::Kind;
use crate::rng::Rng;
use crate::value::CutRule;

/// Generated trees for practice stay this small so a problem fits an 80×24 terminal.
const PRACTICE_NODES: usize = 15;

fn run_spec(name: &str, depth: u8) -> RunSpec {
    RunSpec {
        name: name.to_string(),
        depth: Some(depth),
        table: Some(false),
        ordering: Some(false),
        deepening: Some(false),
        cut: Some(CutRule::AtLeast),
        ..RunSpec::default()
    }
}

/// One candidate problem and whether it shows what its kind is meant to teach.
pub(super) fn build(
    rng: &mut Rng,
    id: &str,
    kind: Kind,
    source: String,
    params: &Params,
) -> Result<(Problem, bool)> {
    let shape = shape(rng, kind, params);
    let graph = generate::tree(rng, &shape);
    let runs = runs(rng, kind, &shape, params);
    let item = Item::generated(id, kind, source, runs, graph);
    let mut p = Problem::unchecked(item)?;
    let main = p.solve_run(0)?;
    let node = call_kinds::pick(rng, kind, &p, &main, &first_visits(&main));
    let interesting = match kind {
        Kind::Leaves => leaves::shows_a_cut(&main.rec),
        Kind::Interrupted => root_kinds::set_budget(rng, &mut p, &main),
        Kind::Quiescence => root_kinds::quiescence_matters(&p, &main)?,
        Kind::Window | Kind::Value | Kind::Flag | Kind::Next => node.is_some(),
        Kind::Decision | Kind::Researched | Kind::NegamaxWindow | Kind::Aspiration => true,
        Kind::ChanceValue | Kind::ChanceSkipped => true,
        Kind::MctsUcb1 | Kind::MctsSelect | Kind::MctsBackup | Kind::MctsPlayed => true,
    };
    ask(&mut p, kind, &main, node);
    // Rebuild so the lesson's presets match the item (the budget may have changed).
    let p = if interesting {
        Problem::new(p.item)?
    } else {
        Problem::unchecked(p.item)?
    };
    Ok((p, interesting))
}

/// The tree's shape: drawn from the seed as the kind needs it, then the reader's overrides.
fn shape(rng: &mut Rng, kind: Kind, params: &Params) -> Shape {
    let (lo, hi) = *rng.pick(&[(0, 9), (-9, 9), (1, 20)]).unwrap_or(&(0, 9));
    let root = if rng.chance(1, 3) {
        Side::Min
    } else {
        Side::Max
    };
    let mut shape = Shape {
        depth: rng.range(2, 3) as u8,
        min_branch: 2,
        max_branch: 3,
        lo,
        hi,
        root,
        irregular: rng.chance(1, 2),
        transpositions: false,
        inner_scores: false,
        tactical: false,
        max_nodes: PRACTICE_NODES,
    };
    match kind {
        Kind::Decision | Kind::Window | Kind::Value | Kind::Flag => {
            shape.transpositions = rng.chance(1, 3);
        }
        Kind::Interrupted => {
            shape.depth = 3;
            shape.inner_scores = true;
        }
        Kind::Quiescence => {
            shape.depth = rng.range(2, 3) as u8;
            shape.min_branch = 1;
            shape.inner_scores = true;
            shape.tactical = true;
        }
        Kind::Leaves | Kind::Next => {}
        Kind::Researched | Kind::NegamaxWindow | Kind::Aspiration => {}
        Kind::ChanceValue | Kind::ChanceSkipped => {}
        Kind::MctsUcb1 | Kind::MctsSelect | Kind::MctsBackup | Kind::MctsPlayed => {}
    }
    overrides(&mut shape, kind, params);
    shape
}

/// The reader's overrides replace draws already made, so unset ones keep the seed's stream
/// unchanged.
fn overrides(shape: &mut Shape, kind: Kind, params: &Params) {
    params.shape(shape, if kind == Kind::Quiescence { 2 } else { 1 });
    shape.transpositions = params.transpositions.unwrap_or(shape.transpositions);
}

/// The runs the problem is graded on: the main run, and what the kind adds to it.
fn runs(rng: &mut Rng, kind: Kind, shape: &Shape, params: &Params) -> Vec<RunSpec> {
    let normal = match kind {
        Kind::Quiescence => rng.range(1, shape.depth as i64 - 1) as u8,
        _ => shape.depth,
    };
    let mut main = run_spec("practice", normal);
    if rng.chance(1, 4) {
        main.cut = Some(CutRule::Strict);
    }
    main.cut = params.cut.or(main.cut);
    // A flag is only stored in a run that keeps a table.
    main.table = Some(shape.transpositions || kind == Kind::Flag);
    let mut runs = vec![main];
    let quiescence = (kind == Kind::Quiescence).then(|| shape.depth - normal);
    root_kinds::runs(&mut runs, kind == Kind::Interrupted, quiescence);
    runs
}

/// The first visit of each node below the root, in the last pass.
fn first_visits(main: &Solved) -> Vec<usize> {
    let rows = &main.rows;
    query::pass_rows(&main.rec, None)
        .into_iter()
        .filter(|&i| {
            rows[i].parent.is_some() && query::call_of(&main.rec, None, rows[i].state, 1) == Some(i)
        })
        .collect()
}

/// Words the question with the node it asks about (if any) and the kind's details.
fn ask(p: &mut Problem, kind: Kind, main: &Solved, node: Option<usize>) {
    let rows = &main.rows;
    let start_name = p.lesson.graph.name(p.start());
    let node_name = node.map(|i| p.lesson.graph.name(rows[i].state));
    let repeated =
        node.is_some_and(|i| rows.iter().filter(|c| c.state == rows[i].state).count() > 1);
    let extra = match kind {
        Kind::Interrupted | Kind::Quiescence => {
            root_kinds::question_extra(p, kind == Kind::Interrupted)
        }
        _ if repeated => " (the first time it is searched)".into(),
        _ => String::new(),
    };
    p.item.question = item::question(kind, &start_name, node_name.as_deref(), &extra);
    p.item.node = node_name;
}
