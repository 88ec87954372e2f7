//! Set files and answer files: reading them through every check, grading one answer file,
//! the answer key, and a set shown or traced item by item.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::item::{Item, Problem, Verdict};
use crate::error::{Error, Result};

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
        let mut text = verdict_text(&verdicts, &problems);
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
    Ok(run_table(&solved.rec))
}

/// A run's trace as `prune trace` prints it: one row per call, or per iteration of a Monte
/// Carlo run (the rows a verdict's `step` counts).
pub fn run_table(rec: &crate::index::Recorded) -> String {
    if rec.index.monte.is_empty() {
        return crate::report::trace_table(rec);
    }
    let mut out = Vec::new();
    let _ = crate::report::iterations::write_table(rec, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

fn verdict_text(verdicts: &[Verdict], problems: &[Problem]) -> String {
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
                let kind = problems.iter().find(|p| p.item.id == v.id);
                let word = kind.map_or("call", |p| super::item::step_word(p.item.kind));
                text.push_str(&format!(" (see {word} {s} of run '{}')", v.run));
            }
            text.push_str(&format!("\n  {}\n  expected: {}\n", v.why, v.expected));
        }
    }
    let right = verdicts.iter().filter(|v| v.correct).count();
    text.push_str(&format!("total: {right}/{}\n", verdicts.len()));
    text
}
