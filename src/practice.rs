//! Practice problems whose answers the core computes, and graders that say which node is
//! wrong, why, and which trace step shows the right answer (issue 4).
//!
//! - `chance`: chance-node questions (exact values, intervals, chance cutoffs).
//! - `maxn_facts`: payoff vectors, ties and leaf maps a lesson states.
//! - `query`: questions about a recorded run (lesson facts and practice answers).
//! - `generate`: reproducible random trees from a seed number (drawn with `crate::rng`).
//! - `problem`: one problem (tree + runs + question), its answer and its grader.
//! - `answer`: the one-line answer forms a learner types and answer files hold.
//! - `batch`: a class's answer files graded at once (totals, a per-item summary, CSV).
//! - `render`: the tree as an outline for a terminal; `store`: progress on disk.
//!
//! Library use (a TUI): `generate(seed, index, kind)` or `lesson_problems()` gives a
//! `Problem`; `Problem::describe()` (or `item.question`, `settings()`, `item.answer_format`)
//! poses it; `Problem::grade(line)` returns a `Verdict` (correct, node, step, why, expected);
//! `Problem::solve_run(i)` gives the recorded run whose trace `step` the verdict cites;
//! `store::Keeper::record` adds a graded answer to the learner's progress file at once
//! (`store::Progress::load` reads it).

pub mod answer;
pub mod batch;
pub mod chance;
pub mod chance_kinds;
pub mod check;
pub mod diagnose;
pub mod generate;
pub mod item;
pub mod maxn_facts;
pub mod problem;
pub mod query;
pub mod render;
pub mod store;
pub mod windows;

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::game::Side;
pub use crate::lesson::facts::Kind;
use crate::lesson::{Lesson, RunSpec};
use crate::rng::Rng;
use crate::value::{CutRule, Spelling};
pub use problem::{Item, Problem, Verdict};

/// A problem set file: trees and questions, no answers.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Set {
    /// Always "prune-practice-set/1".
    pub format: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    pub items: Vec<Item>,
}

pub const SET_FORMAT: &str = "prune-practice-set/1";

/// Generated trees for practice stay this small so a problem fits an 80×24 terminal.
const PRACTICE_NODES: usize = 15;

fn mix(seed: u64, index: u64) -> u64 {
    Rng::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64()
}

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

/// Optional overrides of the generator's random choices (unset: drawn from the seed).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Params {
    /// Plies from the root to the deepest leaves (quiescence problems need at least 2).
    pub depth: Option<u8>,
    /// Fewest and most moves per inner node.
    pub branching: Option<(u8, u8)>,
    /// Range of leaf (and static) scores.
    pub values: Option<(i32, i32)>,
    pub root: Option<Side>,
    pub irregular: Option<bool>,
    pub transpositions: Option<bool>,
    /// At most this many outline lines (one per move, plus the root), 2..=52.
    pub max_nodes: Option<usize>,
    pub cut: Option<CutRule>,
}

impl Params {
    fn is_default(&self) -> bool {
        *self == Params::default()
    }

    /// The options of `prune practice export` that fix these choices, as a reader would type
    /// them: `--depth 3 --values=-9,9 --root min`.
    pub fn options_text(&self) -> String {
        let on = |b: bool| if b { "on" } else { "off" };
        let mut words = Vec::new();
        if let Some(d) = self.depth {
            words.push(format!("--depth {d}"));
        }
        match self.branching {
            Some((lo, hi)) if lo == hi => words.push(format!("--branching {lo}")),
            Some((lo, hi)) => words.push(format!("--branching {lo},{hi}")),
            None => {}
        }
        if let Some((lo, hi)) = self.values {
            words.push(format!("--values={lo},{hi}"));
        }
        if let Some(root) = self.root {
            words.push(format!("--root {}", root.name().to_ascii_lowercase()));
        }
        if let Some(b) = self.irregular {
            words.push(format!("--irregular {}", on(b)));
        }
        if let Some(b) = self.transpositions {
            words.push(format!("--transpositions {}", on(b)));
        }
        if let Some(n) = self.max_nodes {
            words.push(format!("--nodes {n}"));
        }
        if let Some(cut) = self.cut {
            words.push(format!("--cut {}", cut.spelled(Spelling::Name)));
        }
        words.join(" ")
    }

    /// Where a generated problem comes from: its seed and number, and the options that fixed
    /// some of the generator's choices.
    fn source(&self, seed: u64, index: u64) -> String {
        if self.is_default() {
            format!("generated: seed {seed}, problem {}", index + 1)
        } else {
            format!(
                "generated: seed {seed}, problem {}, {}",
                index + 1,
                self.options_text()
            )
        }
    }
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

/// One candidate problem and whether it shows what its kind is meant to teach.
fn build(
    rng: &mut Rng,
    id: &str,
    kind: Kind,
    seed: u64,
    index: u64,
    params: &Params,
) -> Result<(Problem, bool)> {
    use generate::Shape;
    if kind.is_seed_002() {
        let source = params.source(seed, index);
        return windows::build(rng, id, kind, source, params);
    }
    if kind.is_chance() {
        let source = params.source(seed, index);
        return chance_kinds::build(rng, id, kind, source, params);
    }
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
    }
    // Overrides replace draws already made, so unset ones keep the seed's stream unchanged.
    if let Some(d) = params.depth {
        shape.depth = d.clamp(if kind == Kind::Quiescence { 2 } else { 1 }, 6);
    }
    if let Some((lo, hi)) = params.branching {
        shape.min_branch = lo.max(1);
        shape.max_branch = hi.max(shape.min_branch);
    }
    if let Some((lo, hi)) = params.values {
        shape.lo = lo.min(hi);
        shape.hi = hi.max(lo);
    }
    shape.root = params.root.unwrap_or(shape.root);
    shape.irregular = params.irregular.unwrap_or(shape.irregular);
    shape.transpositions = params.transpositions.unwrap_or(shape.transpositions);
    shape.max_nodes = params
        .max_nodes
        .unwrap_or(shape.max_nodes)
        .clamp(2, generate::MAX_GENERATED);
    let graph = generate::tree(rng, &shape);
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
    match kind {
        Kind::Interrupted => {
            runs[0].deepening = Some(true);
            runs[0].table = Some(true);
        }
        Kind::Quiescence => {
            runs[0].name = "without quiescence".into();
            let mut q = runs[0].clone();
            q.name = "with quiescence".into();
            q.qlimit = Some(shape.depth - normal);
            runs.push(q);
        }
        _ => {}
    }
    let source = params.source(seed, index);
    let item = Item::generated(id, kind, source, runs, graph);
    let mut p = Problem::unchecked(item)?;
    let main = p.solve_run(0)?;
    let graph = &p.lesson.graph;
    let rows = &main.rows;
    let firsts: Vec<usize> = query::pass_rows(&main.rec, None)
        .into_iter()
        .filter(|&i| {
            rows[i].parent.is_some() && query::call_of(&main.rec, None, rows[i].state, 1) == Some(i)
        })
        .collect();
    let inner = |i: &usize| crate::game::Game::move_count(graph, rows[*i].state) > 0;
    let mut interesting = true;
    let node = match kind {
        Kind::Window => {
            let deep: Vec<usize> = firsts
                .iter()
                .copied()
                .filter(|&i| rows[i].ply >= 2)
                .collect();
            rng.pick(if deep.is_empty() { &firsts } else { &deep })
                .copied()
        }
        Kind::Value | Kind::Flag => {
            let inner_calls: Vec<usize> = firsts.iter().copied().filter(inner).collect();
            let bounded: Vec<usize> = inner_calls
                .iter()
                .copied()
                .filter(|&i| query::bound_of(&main.rec, i) != Some("exact"))
                .collect();
            let pool = if !bounded.is_empty() && rng.chance(2, 3) {
                &bounded
            } else if !inner_calls.is_empty() {
                &inner_calls
            } else {
                &firsts
            };
            rng.pick(pool).copied()
        }
        Kind::Next => {
            let by = |what: &str| -> Vec<usize> {
                firsts
                    .iter()
                    .copied()
                    .filter(|&i| {
                        query::next_after(&main.rec, i).is_some_and(|n| n.starts_with(what))
                    })
                    .collect()
            };
            let groups: Vec<Vec<usize>> = ["cut", "enter", "return"]
                .iter()
                .map(|w| by(w))
                .filter(|g| !g.is_empty())
                .collect();
            rng.pick(&groups).and_then(|g| rng.pick(g)).copied()
        }
        _ => None,
    };
    let start_name = p.lesson.graph.name(p.start());
    match kind {
        Kind::Leaves => {
            interesting = !query::skips(&main.rec, None).is_empty();
        }
        Kind::Interrupted => {
            let total = main.rec.result().stats.nodes;
            interesting = total >= 3;
            let budget = rng.range(1, total.max(2) as i64 - 1) as u64;
            p.item.runs[0].budget = Some(budget);
        }
        Kind::Quiescence => {
            let q = p.solve_run(1)?;
            interesting = q.rec.result().score != main.rec.result().score;
        }
        Kind::Window | Kind::Value | Kind::Flag | Kind::Next => {
            interesting = node.is_some();
        }
        Kind::Decision | Kind::Researched | Kind::NegamaxWindow | Kind::Aspiration => {}
        Kind::ChanceValue | Kind::ChanceSkipped => {}
    }
    let node_name = node.map(|i| p.lesson.graph.name(rows[i].state));
    let repeated =
        node.is_some_and(|i| rows.iter().filter(|c| c.state == rows[i].state).count() > 1);
    let extra = match kind {
        Kind::Interrupted => {
            let o = &p.item.runs[0];
            format!(
                " (iterative deepening to depth {}, budget {})",
                o.depth.unwrap_or(1),
                crate::text::counted(o.budget.unwrap_or(0), "call", "calls")
            )
        }
        Kind::Quiescence => format!(" ({} quiescence plies)", p.item.runs[1].qlimit.unwrap_or(0)),
        _ if repeated => " (the first time it is searched)".into(),
        _ => String::new(),
    };
    p.item.question = problem::question(kind, &start_name, node_name.as_deref(), &extra);
    p.item.node = node_name;
    // Rebuild so the lesson's presets match the item (the budget may have changed).
    let p = if interesting {
        Problem::new(p.item)?
    } else {
        Problem::unchecked(p.item)?
    };
    Ok((p, interesting))
}

/// Every practice item attached to a built-in lesson.
pub fn lesson_problems() -> Result<Vec<Problem>> {
    let mut out = Vec::new();
    for lesson in Lesson::builtins()? {
        out.extend(problems_of(&lesson)?);
    }
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
        let root = lesson.graph.name(start);
        let question = if spec.prompt.is_empty() {
            problem::question(spec.kind, &root, spec.node.as_deref(), "")
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
            answer_format: problem::hint(spec.kind),
            node: spec.node.clone(),
            runs,
            graph: lesson.spec.graph.clone(),
        };
        out.push(Problem::new(item)?);
    }
    Ok(out)
}

/// The problems of a round on one lesson: its own practice items, or a generated set from
/// `seed` when it has none. A broken item is an error that names it: replacing the lesson's
/// questions with other ones would hide the mistake from the lesson's author.
pub fn lesson_round(lesson: &Lesson, seed: u64) -> Result<Vec<Problem>> {
    let own = problems_of(lesson)?;
    if own.is_empty() {
        return make_set(seed, 6, &[], false);
    }
    Ok(own)
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

/// Set and answer files larger than this are refused before they are read: a set of the
/// largest generated count (1,000 problems of 52 nodes) is under 4 MiB.
pub const MAX_SET_BYTES: u64 = 16 << 20;

pub fn read_set(path: &Path) -> Result<Vec<Problem>> {
    let set: Set = read_json(path)?;
    if set.format != SET_FORMAT {
        return Err(Error::Options(format!(
            "{}: not a practice set (format is '{}', expected '{SET_FORMAT}')",
            path.display(),
            set.format
        )));
    }
    unique_ids(path, &set.items)?;
    // An item's own errors name the item; the file is named here.
    set.items
        .into_iter()
        .map(|item| {
            Problem::new(item).map_err(|e| Error::Options(format!("{}: {e}", path.display())))
        })
        .collect()
}

/// Verdicts and answer files are keyed by item id, so two items with one id could never
/// both be answered.
fn unique_ids(path: &Path, items: &[Item]) -> Result<()> {
    let mut seen = BTreeMap::new();
    for (i, item) in items.iter().enumerate() {
        if let Some(first) = seen.insert(item.id.as_str(), i) {
            return Err(Error::Options(format!(
                "{}: items {} and {} both have the id '{}'; ids must be unique",
                path.display(),
                first + 1,
                i + 1,
                item.id
            )));
        }
    }
    Ok(())
}

/// A file's text, read through every check first (a regular file, within `limit`, UTF-8),
/// and never more than `limit` bytes of it even if it grows while being read.
pub(crate) fn read_bounded(path: &Path, limit: u64) -> Result<String> {
    use std::io::Read;
    crate::lesson::check_file(path, limit)?;
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(io)?
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(Error::TooLarge {
            path: path.to_path_buf(),
            size: bytes.len() as u64,
            limit,
        });
    }
    crate::lesson::utf8_text(path, bytes)
}

fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T> {
    let text = read_bounded(path, MAX_SET_BYTES)?;
    serde_json::from_str(&text)
        .map_err(|e| crate::error::json_error(&path.display().to_string(), &e))
}

/// Answer files: `{"ID": "answer line", ...}`; see `answer::format_hint` for each kind. An id
/// given twice is refused (JSON readers differ on which one would count).
pub fn read_answers(path: &Path) -> Result<BTreeMap<String, String>> {
    let answers: Answers = read_json(path)?;
    Ok(answers.0)
}

/// An answer file's object, read so that a repeated id is an error naming it.
struct Answers(BTreeMap<String, String>);

impl<'de> Deserialize<'de> for Answers {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Answers, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Answers;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object from item id to answer line")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut map: M,
            ) -> std::result::Result<Answers, M::Error> {
                let mut out = BTreeMap::new();
                while let Some((id, line)) = map.next_entry::<String, String>()? {
                    if out.contains_key(&id) {
                        return Err(serde::de::Error::custom(format!(
                            "the id '{id}' is answered twice; give each item one answer"
                        )));
                    }
                    out.insert(id, line);
                }
                Ok(Answers(out))
            }
        }
        d.deserialize_map(Visit)
    }
}

/// Grades every item of a set; items without an answer are wrong.
pub fn grade_set(problems: &[Problem], answers: &BTreeMap<String, String>) -> Result<Vec<Verdict>> {
    problems
        .iter()
        .map(|p| match answers.get(&p.item.id) {
            Some(a) => p.grade(a),
            None => Ok(Verdict {
                id: p.item.id.clone(),
                correct: false,
                node: None,
                step: None,
                run: p.item.runs[0].name.clone(),
                why: "no answer given".into(),
                expected: p.answer()?.to_string(),
            }),
        })
        .collect()
}

// The commands of `prune practice`, on plain data (`cli` parses the command line).

/// A line-based round on stdin and stdout. Each graded answer is added to the saved progress
/// as soon as it is graded, so an interrupted round keeps every answer already given; an
/// answer that could not be saved is said at once, and the round then ends in an error.
pub fn quiz_in_terminal(problems: &[Problem]) -> Result<()> {
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let screen = Screen {
        width: if stdout.is_terminal() {
            crossterm::terminal::size().map_or(Screen::DEFAULT_WIDTH, |(w, _)| usize::from(w))
        } else {
            Screen::DEFAULT_WIDTH
        },
        // Typed answers: wait for Enter after a verdict, so the next problem does not scroll
        // it away before it is read. Piped answers do not wait.
        pause: stdin.is_terminal(),
    };
    let mut out = stdout.lock();
    let mut keeper = store::Keeper::located()?;
    quiz_on(problems, &mut stdin.lock(), &mut out, &mut keeper, screen)?;
    match keeper.unsaved_note() {
        Some(note) => Err(Error::Options(note)),
        None => Ok(()),
    }
}

/// The closing line of a full-screen round: the score, and where progress was saved; an
/// error if some answers were not saved (`unsaved`: the screen's account of it).
pub fn round_closing(right: usize, asked: usize, unsaved: Option<String>) -> Result<String> {
    if let Some(why) = unsaved {
        return Err(Error::Options(format!(
            "{right} of {asked} correct, but {why}"
        )));
    }
    let saved = store::progress_path()
        .map(|p| format!("; progress saved in {}", p.display()))
        .unwrap_or_default();
    Ok(format!("{right} of {asked} correct{saved}\n"))
}

/// The set file (trees and questions, no answers) of `problems`, generated from `seed`.
pub fn set_json(seed: u64, problems: Vec<Problem>) -> String {
    let set = Set {
        format: SET_FORMAT.into(),
        seed: Some(seed),
        items: problems.into_iter().map(|p| p.item).collect(),
    };
    serde_json::to_string_pretty(&set).expect("sets serialize") + "\n"
}

/// Grades the answer file `answers` against the set file `set`: verdicts and a total, as
/// text or as one JSON object.
pub fn grade_files(set: &Path, answers: &Path, json: bool) -> Result<String> {
    let problems = read_set(set)?;
    let answers = read_answers(answers)?;
    let verdicts = grade_set(&problems, &answers)?;
    // An answer for an id the set does not have is graded nowhere: say so, by id.
    let unknown: Vec<&String> = answers
        .keys()
        .filter(|id| !problems.iter().any(|p| &p.item.id == *id))
        .collect();
    Ok(if json {
        let right = verdicts.iter().filter(|v| v.correct).count();
        serde_json::to_string_pretty(&serde_json::json!({
            "verdicts": verdicts,
            "correct": right,
            "total": verdicts.len(),
            "unknown_ids": unknown,
        }))
        .expect("verdicts serialize")
            + "\n"
    } else {
        let mut text = verdict_text(&verdicts);
        // Before the total, which stays the last line.
        let total = text.rfind("total: ").unwrap_or(text.len());
        let notes: String = unknown
            .iter()
            .map(|id| {
                format!(
                    "{id}: not graded: the set {} has no item with this id\n",
                    set.display()
                )
            })
            .collect();
        text.insert_str(total, &notes);
        text
    })
}

/// How `grade_many` prints a class's grades.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GradeFormat {
    Text,
    Json,
    Csv,
}

/// Grades every answer file of `answers` against the set file `set`, and whether some file
/// could not be graded (each such file is named in the report, and the rest are graded).
/// One answer file in text or JSON is `grade_files`'s report, unchanged.
pub fn grade_many(
    set: &Path,
    answers: &[std::path::PathBuf],
    format: GradeFormat,
) -> Result<(String, Vec<String>)> {
    if let [one] = answers
        && format != GradeFormat::Csv
    {
        return Ok((
            grade_files(set, one, format == GradeFormat::Json)?,
            Vec::new(),
        ));
    }
    let problems = read_set(set)?;
    let graded = batch::grade(set, &problems, answers);
    let failures = graded.failed.iter().map(|f| f.error.clone()).collect();
    let text = match format {
        GradeFormat::Text => batch::text(&graded),
        GradeFormat::Json => batch::json(&graded),
        GradeFormat::Csv => batch::csv(&graded),
    };
    Ok((text, failures))
}

/// The answer key of the set file `set`, in the answer-file format.
pub fn key_json(set: &Path) -> Result<String> {
    let problems = read_set(set)?;
    let mut key = BTreeMap::new();
    for p in &problems {
        key.insert(p.item.id.clone(), p.answer()?.to_string());
    }
    Ok(serde_json::to_string_pretty(&key).expect("keys serialize") + "\n")
}

/// The problems of the set file `set` as text (trees, questions, settings).
pub fn show_set(set: &Path) -> Result<String> {
    let problems = read_set(set)?;
    let mut text = String::new();
    for p in &problems {
        text.push_str(&format!(
            "── {} ({}, {}) ──\n{}\n\n",
            p.item.id,
            p.item.kind.name(),
            p.item.source,
            p.describe()
        ));
    }
    Ok(text)
}

/// The call trace of item `id` of the set file `set`: its main run, or the run named `run`
/// (or given by position).
pub fn trace_item(set: &Path, id: &str, run: Option<&str>) -> Result<String> {
    let problems = read_set(set)?;
    let p = problems
        .iter()
        .find(|p| p.item.id == id)
        .ok_or_else(|| Error::Options(format!("{}: no item '{id}'", set.display())))?;
    let index = match run {
        None => 0,
        Some(r) => p
            .item
            .runs
            .iter()
            .position(|x| x.name == r)
            .or_else(|| r.parse::<usize>().ok().filter(|&i| i < p.item.runs.len()))
            .ok_or_else(|| {
                Error::Options(format!(
                    "item {id} has no run '{r}' (runs: {})",
                    p.item
                        .runs
                        .iter()
                        .map(|x| x.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?,
    };
    let solved = p.solve_run(index)?;
    Ok(crate::report::trace_table(&solved.rec))
}

fn verdict_text(verdicts: &[Verdict]) -> String {
    let mut text = String::new();
    for v in verdicts {
        if v.correct {
            text.push_str(&format!("{}: correct\n", v.id));
        } else {
            text.push_str(&format!("{}: wrong", v.id));
            if let Some(n) = &v.node {
                text.push_str(&format!(" at node {n}"));
            }
            if let Some(s) = v.step {
                text.push_str(&format!(" (see call {s} of run '{}')", v.run));
            }
            text.push_str(&format!("\n  {}\n  expected: {}\n", v.why, v.expected));
        }
    }
    let right = verdicts.iter().filter(|v| v.correct).count();
    text.push_str(&format!("total: {right}/{}\n", verdicts.len()));
    text
}

/// One trace row (with the header) for the step a verdict cites.
fn trace_row(p: &Problem, run: &str, step: u64) -> Option<String> {
    let index = p.item.runs.iter().position(|r| r.name == run)?;
    let solved = p.solve_run(index).ok()?;
    let table = crate::report::trace_table(&solved.rec);
    let mut lines = table.lines();
    let header = lines.next()?;
    let row = lines.find(|l| l.split_whitespace().next() == Some(&step.to_string()))?;
    Some(format!("{header}\n{row}"))
}

/// The longest answer line the line quiz reads; a longer one (or an endless one from a pipe)
/// is an error, not a line held in memory.
pub const MAX_ANSWER_LINE: usize = 4096;

/// One answer line from `input`, without its line ending; `None` at the end of the input.
fn read_answer_line(input: &mut dyn BufRead) -> Result<Option<String>> {
    use std::io::Read;
    let stdin = |source| Error::Io {
        path: "<stdin>".into(),
        source,
    };
    let mut bytes = Vec::new();
    // One byte more than allowed, to tell a full-length line from a longer one.
    input
        .take(MAX_ANSWER_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)
        .map_err(stdin)?;
    if bytes.is_empty() {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_ANSWER_LINE {
        return Err(Error::Options(format!(
            "<stdin>: an answer line is longer than {MAX_ANSWER_LINE} bytes"
        )));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| Error::Options("<stdin>: an answer line is not UTF-8 text".into()))
}

/// How the line quiz lays its text out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Screen {
    /// Columns to wrap prose at, between words.
    pub width: usize,
    /// Wait for Enter after each verdict before the next problem.
    pub pause: bool,
}

impl Screen {
    /// The width when the terminal's is unknown (output to a pipe or a file).
    pub const DEFAULT_WIDTH: usize = 80;
    /// Narrower than this, wrapping would leave a word or two per line: the text is wrapped
    /// at this width and the terminal wraps the rest.
    const MIN_WIDTH: usize = 20;
}

impl Default for Screen {
    fn default() -> Screen {
        Screen {
            width: Screen::DEFAULT_WIDTH,
            pause: false,
        }
    }
}

/// `quiz_on` at 80 columns, without pauses (answers from a pipe or a test).
pub fn quiz(
    problems: &[Problem],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    keeper: &mut store::Keeper,
) -> Result<(usize, usize)> {
    quiz_on(problems, input, out, keeper, Screen::default())
}

/// A line-based round: pose each problem, read one answer line, grade it, and give it to
/// `keeper` at once (which saves it). `q` stops, `?` shows the answer without counting the
/// problem. Everything written goes through the printable-text rule: an answer is echoed in
/// verdicts and messages, and a typed or piped escape sequence must not reach the terminal.
pub fn quiz_on(
    problems: &[Problem],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    keeper: &mut store::Keeper,
    screen: Screen,
) -> Result<(usize, usize)> {
    let mut out = crate::text::Printable::new(out);
    let width = screen.width.max(Screen::MIN_WIDTH);
    // What is said right after an answer follows the "> " of the prompt when the answer came
    // from a pipe (a typed one ends its line itself).
    let after_prompt = width - 2;
    // Prose wrapped between words; a continued line is indented under its first.
    let say = |out: &mut dyn Write, lead: &str, text: &str, width: usize| -> Result<()> {
        let text = crate::text::one_line(text);
        writeln!(out, "{}", render::wrap_hanging(lead, &text, width))?;
        Ok(())
    };
    let (mut right, mut asked) = (0, 0);
    for (i, p) in problems.iter().enumerate() {
        writeln!(
            out,
            "── problem {} of {} ({}) ──",
            i + 1,
            problems.len(),
            p.item.kind.name()
        )?;
        writeln!(
            out,
            "{}\n{}",
            render::outline(&p.lesson.graph, p.start()),
            p.prompt(width)
        )?;
        // A line that is not an answer of the problem's form is not a wrong answer: say what
        // is expected and ask again, as the full-screen round does.
        let line = loop {
            write!(out, "> ")?;
            out.flush()?;
            let Some(line) = read_answer_line(input)? else {
                break None;
            };
            match line.trim() {
                "q" | "?" => break Some(line),
                _ => match answer::Answer::parse(p.item.kind, &line) {
                    Ok(_) => break Some(line),
                    Err(e) => say(
                        &mut out,
                        "",
                        &format!("not read (not counted): {e}; try again"),
                        after_prompt,
                    )?,
                },
            }
        };
        let Some(line) = line else {
            break;
        };
        if line.trim() == "q" {
            break;
        }
        if line.trim() == "?" {
            say(
                &mut out,
                "",
                &format!("answer: {}", p.answer()?),
                after_prompt,
            )?;
            continue;
        }
        let v = p.grade(&line)?;
        asked += 1;
        let saved = keeper.record(p.item.kind, v.correct);
        if v.correct {
            right += 1;
            writeln!(out, "✓ correct")?;
        } else {
            let at = v
                .node
                .as_ref()
                .map(|n| format!(" at {n}"))
                .unwrap_or_default();
            say(
                &mut out,
                "",
                &format!("✗ wrong{at}: {}", v.why),
                after_prompt,
            )?;
            say(&mut out, "  ", &format!("answer: {}", v.expected), width)?;
            if let Some(row) = v.step.and_then(|s| trace_row(p, &v.run, s)) {
                writeln!(out, "{row}")?;
            }
        }
        if let Err(why) = saved {
            say(
                &mut out,
                "  ",
                &format!("(this answer is not saved: {why})"),
                width,
            )?;
        }
        if screen.pause && i + 1 < problems.len() {
            write!(out, "Enter: next problem, q: stop ")?;
            out.flush()?;
            match read_answer_line(input)? {
                Some(l) if l.trim() == "q" => break,
                Some(_) => {}
                None => break,
            }
        }
    }
    let progress = keeper.progress();
    writeln!(
        out,
        "\n{right} of {asked} correct (streak {}, best {})",
        progress.streak, progress.best_streak
    )?;
    out.into_inner()?.flush()?;
    Ok((right, asked))
}
