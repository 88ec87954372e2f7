//! Problem sets: generated problems from a seed (each kind family builds its own candidates),
//! a lesson's own practice items, and the mix of both a round asks.

use super::item::{self, Item, Problem};
use super::params::Params;
use super::{chance_kinds, classic, eval_kinds, mcts_items, size_kinds, windows};
use crate::error::{Error, Result};
use crate::lesson::Lesson;
use crate::lesson::facts::Kind;
use crate::rng::Rng;

fn mix(seed: u64, index: u64) -> u64 {
    Rng::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

/// Problem `index` of the set generated from `seed`: the same numbers always give the same
/// tree, settings and question.
pub fn generate(seed: u64, index: u64, kind: Kind) -> Result<Problem> {
    generate_with(seed, index, kind, &Params::default())
}

/// `generate` with some of the random choices fixed.
pub fn generate_with(seed: u64, index: u64, kind: Kind, params: &Params) -> Result<Problem> {
    let mut rng = Rng::new(mix(seed, index));
    let id = format!("{seed}-{}", index + 1);
    let mut last = None;
    for _ in 0..64 {
        let (problem, interesting) = build(&mut rng, &id, kind, seed, index, params)?;
        if interesting {
            return Ok(problem);
        }
        last = Some(problem);
    }
    // Rare: no candidate showed what the kind needs; use the last one if it is still a valid
    // question (e.g. a leaves problem without a cutoff), else say so.
    let last = last.ok_or_else(|| Error::Options("no problem could be generated".into()))?;
    Problem::new(last.item).map_err(|e| {
        Error::Options(format!(
            "no {} problem could be generated from seed {seed} with these settings ({e})",
            kind.name()
        ))
    })
}

/// One candidate problem from the builder of `kind`'s family, and whether it shows what the
/// kind is meant to teach.
fn build(
    rng: &mut Rng,
    id: &str,
    kind: Kind,
    seed: u64,
    index: u64,
    params: &Params,
) -> Result<(Problem, bool)> {
    let source = params.source(seed, index);
    if kind.is_seed_002() {
        windows::build(rng, id, kind, source, params)
    } else if kind.is_chance() {
        chance_kinds::build(rng, id, kind, source, params)
    } else if kind.is_mcts() {
        mcts_items::build(rng, id, kind, source, params)
    } else {
        classic::build(rng, id, kind, source, params)
    }
}

/// Every practice item attached to a built-in lesson, then seed 004's Monte Carlo questions
/// (each on a stated tree of its own, so on no lesson's graph).
pub fn lesson_problems() -> Result<Vec<Problem>> {
    let mut out = Vec::new();
    for lesson in Lesson::builtins()? {
        out.extend(problems_of(&lesson)?);
    }
    out.extend(mcts_items::seed_items()?);
    Ok(out)
}

/// The practice items of one lesson, as problems.
pub fn problems_of(lesson: &Lesson) -> Result<Vec<Problem>> {
    let mut out = Vec::new();
    for (i, spec) in lesson.spec.practice.iter().enumerate() {
        let mut runs = vec![lesson.preset(&spec.run)?.clone()];
        if let Some(c) = &spec.compare {
            runs.push(lesson.preset(c)?.clone());
        }
        let start = runs[0].start.unwrap_or(0);
        let root = if lesson.spec.game.is_graph() {
            lesson.graph.name(start)
        } else {
            "the root".to_string()
        };
        let question = if spec.prompt.is_empty() {
            item::question(spec.kind, &root, spec.node.as_deref(), "")
        } else {
            spec.prompt.clone()
        };
        let item = Item {
            id: format!("{}#{}", lesson.name, i + 1),
            kind: spec.kind,
            source: if spec.source.is_empty() {
                lesson.spec.source.clone()
            } else {
                spec.source.clone()
            },
            question,
            answer_format: game_hint(lesson, spec.kind).unwrap_or_else(|| item::hint(spec.kind)),
            node: spec.node.as_deref().map(typeable),
            runs,
            graph: typeable_labels(&lesson.spec.graph),
            game: lesson.spec.game.clone(),
        };
        out.push(Problem::new(item)?);
    }
    Ok(out)
}

/// How a decision on a game is written: its move is the game's name of it (a tic-tac-toe
/// square's number), not a child's label. None on a graph.
fn game_hint(lesson: &Lesson, kind: Kind) -> Option<String> {
    if lesson.spec.game.is_graph() || kind != Kind::Decision {
        return None;
    }
    // A game that names its moves without a word for them names squares (`Game::move_word`).
    let word = match lesson.model.describe_at(0, &[])?.move_word {
        "" => "square",
        w => w,
    };
    Some(format!(
        "VALUE {}, e.g. `1 5` (the {word} the root plays, as the game numbers it)",
        word.to_uppercase()
    ))
}

/// A label as an answer can type it: a lesson may label a position in words ("win at 3"),
/// and an answer line separates names by spaces, `|` and `,`, so those become `-`.
fn typeable(label: &str) -> String {
    label
        .trim()
        .chars()
        .map(|c| {
            if c.is_whitespace() || c == '|' || c == ',' {
                '-'
            } else {
                c
            }
        })
        .collect()
}

/// The lesson's graph with every label `typeable`: the same tree, values and features.
fn typeable_labels(graph: &crate::game::graph::GraphSpec) -> crate::game::graph::GraphSpec {
    let mut graph = graph.clone();
    for node in &mut graph.nodes {
        if let Some(label) = &mut node.label {
            *label = typeable(label);
        }
    }
    graph
}

/// The problems of a round on one lesson: its own practice items, or a generated set from
/// `seed` when it has none (a lesson on uniform trees, the size lessons, gets alpha-beta on
/// small uniform trees in the best and the worst order; a lesson whose graph weighs features,
/// an evaluation lesson, gets weighted sums of features). A broken item is an error that
/// names it: replacing the lesson's questions with other ones would hide the mistake from
/// the lesson's author.
pub fn lesson_round(lesson: &Lesson, seed: u64) -> Result<Vec<Problem>> {
    let own = problems_of(lesson)?;
    if !own.is_empty() {
        return Ok(own);
    }
    if lesson.model.uniform_branching().is_some() {
        return (0..ROUND).map(|i| size_kinds::problem(seed, i)).collect();
    }
    if !lesson.spec.graph.weights.is_empty() {
        return (0..ROUND).map(|i| eval_kinds::problem(seed, i)).collect();
    }
    make_set(seed, ROUND as usize, &family_kinds(lesson), false)
}

/// How many generated problems a lesson's round asks.
const ROUND: u64 = 6;

/// The kinds a lesson without items of its own is practised with: its run's family's (a
/// Monte Carlo lesson's UCB1, selection, backup and played move; a chance lesson's values and
/// skipped outcomes), else every kind (empty: `make_set`'s all).
fn family_kinds(lesson: &Lesson) -> Vec<Kind> {
    let setup = lesson.setup(None, &crate::lesson::Overrides::default());
    let samples = setup.is_ok_and(|s| s.options.family().samples());
    let fits = |k: &Kind| {
        if samples { k.is_mcts() } else { k.is_chance() }
    };
    if samples || lesson.model.limits().chance {
        Kind::ALL.into_iter().filter(fits).collect()
    } else {
        Vec::new()
    }
}

/// A seed that differs from one round to the next: a generated round's problem ids carry
/// it, so the round can be replayed with `prune practice tui --seed N`.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs() % 100_000)
}

/// The problems of a set: lesson items first (if asked), then `count` generated ones that
/// cycle through `kinds`.
pub fn make_set(seed: u64, count: usize, kinds: &[Kind], lessons: bool) -> Result<Vec<Problem>> {
    make_set_with(seed, count, kinds, lessons, &Params::default())
}

/// `make_set` with generator overrides.
pub fn make_set_with(
    seed: u64,
    count: usize,
    kinds: &[Kind],
    lessons: bool,
    params: &Params,
) -> Result<Vec<Problem>> {
    let kinds = if kinds.is_empty() {
        &Kind::ALL[..]
    } else {
        kinds
    };
    let mut out = Vec::new();
    if lessons {
        out.extend(
            lesson_problems()?
                .into_iter()
                .filter(|p| kinds.contains(&p.item.kind)),
        );
    }
    for i in 0..count {
        out.push(generate_with(
            seed,
            i as u64,
            kinds[i % kinds.len()],
            params,
        )?);
    }
    Ok(out)
}
