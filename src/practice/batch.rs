//! A class's answer files graded against one set: a total per student, a summary per item
//! (how many got it right, and the node most wrong answers were about), as text, CSV or
//! JSON. A file that cannot be read is reported by name and the others are still graded,
//! so one student's broken file never hides the rest of the class.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::item::{Problem, Verdict};
use super::misconception::{reproduces, variant_answers};
use super::set::{self, grade_set, read_answers, read_set};
use crate::error::{Error, Result};
use crate::search::Pitfall;

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
            set::grade_files(set, one, format == GradeFormat::Json)?,
            Vec::new(),
        ));
    }
    let problems = read_set(set)?;
    let graded = grade(set, &problems, answers);
    let failures = graded.failed.iter().map(|f| f.error.clone()).collect();
    let text = match format {
        GradeFormat::Text => text(&graded),
        GradeFormat::Json => json(&graded),
        GradeFormat::Csv => csv(&graded),
    };
    Ok((text, failures))
}

/// One answer file that was read and graded.
#[derive(Debug, Clone, Serialize)]
pub struct Graded {
    pub student: String,
    pub file: String,
    pub correct: usize,
    pub total: usize,
    pub verdicts: Vec<Verdict>,
    /// Ids answered in the file that the set does not have (graded nowhere).
    pub unknown_ids: Vec<String>,
    /// The wrong answers a named misconception reproduces, in set order.
    pub misconceptions: Vec<Misconceived>,
}

/// One wrong answer that a named wrong variant of the search gives too.
#[derive(Debug, Clone, Serialize)]
pub struct Misconceived {
    pub id: String,
    pub pitfall: Pitfall,
}

/// How often one misconception explains the class's wrong answers, and whose.
#[derive(Debug, Clone, Serialize)]
pub struct ClassMisconception {
    pub pitfall: Pitfall,
    pub answers: usize,
    pub students: Vec<String>,
}

/// One answer file that could not be read or graded.
#[derive(Debug, Clone, Serialize)]
pub struct Failed {
    pub student: String,
    pub file: String,
    /// The one-line error, with the file's name (and JSON line and column) in it.
    pub error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
}

/// How the graded students did on one item.
#[derive(Debug, Clone, Serialize)]
pub struct ItemSummary {
    pub id: String,
    pub kind: &'static str,
    pub right: usize,
    pub wrong: usize,
    /// The nodes wrong answers were about, most often named first (ties in name order).
    pub nodes: Vec<NodeCount>,
    /// Wrong answers whose verdict names no node (e.g. no answer, or an unreadable line).
    pub without_node: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct NodeCount {
    pub node: String,
    pub wrong: usize,
}

/// Every answer file of a class, graded.
#[derive(Debug, Clone, Serialize)]
pub struct Batch {
    pub set: String,
    pub students: Vec<Graded>,
    pub failed: Vec<Failed>,
    pub items: Vec<ItemSummary>,
    /// The item most graded students got wrong (the first in the set on a tie); none when
    /// every graded answer is right.
    pub most_missed: Option<String>,
    /// The misconceptions that explain wrong answers, most answers first.
    pub misconceptions: Vec<ClassMisconception>,
}

impl Batch {
    /// Some answer file could not be graded: the command's exit code says so.
    pub fn any_failed(&self) -> bool {
        !self.failed.is_empty()
    }

    pub fn most_missed_item(&self) -> Option<&ItemSummary> {
        let id = self.most_missed.as_deref()?;
        self.items.iter().find(|i| i.id == id)
    }
}

/// Who an answer file belongs to: its name without `.json`. The answer-file format is a bare
/// map from item id to answer line, with no room for a name, so the file's name is the only
/// one there is; where two files share a name (in different folders) their paths tell them
/// apart.
fn students(files: &[PathBuf]) -> Vec<String> {
    let stem = |p: &PathBuf| {
        p.file_stem()
            .map_or_else(|| p.display().to_string(), |s| s.to_string_lossy().into())
    };
    let stems: Vec<String> = files.iter().map(stem).collect();
    files
        .iter()
        .zip(&stems)
        .map(|(p, s)| {
            if stems.iter().filter(|t| *t == s).count() > 1 {
                p.display().to_string()
            } else {
                s.clone()
            }
        })
        .collect()
}

/// Grades each of `files` against `problems` (read from `set`).
pub fn grade(set: &Path, problems: &[Problem], files: &[PathBuf]) -> Batch {
    let mut students_out = Vec::new();
    let mut failed = Vec::new();
    // Each item's variant answers, run once for the whole class when first needed.
    let mut variants: Vec<Option<Vec<(Pitfall, super::answer::Answer)>>> =
        vec![None; problems.len()];
    for (path, student) in files.iter().zip(students(files)) {
        let file = path.display().to_string();
        let graded = read_answers(path).and_then(|answers| {
            let verdicts = grade_set(problems, &answers)?;
            let unknown_ids = answers
                .keys()
                .filter(|id| !problems.iter().any(|p| &p.item.id == *id))
                .cloned()
                .collect();
            Ok((verdicts, unknown_ids, answers))
        });
        match graded {
            Ok((verdicts, unknown_ids, answers)) => students_out.push(Graded {
                student,
                file,
                correct: verdicts.iter().filter(|v| v.correct).count(),
                total: verdicts.len(),
                misconceptions: misconceived(problems, &verdicts, &answers, &mut variants),
                verdicts,
                unknown_ids,
            }),
            Err(e) => {
                let (line, column) = match &e {
                    Error::Json { line, column, .. } => (Some(*line), Some(*column)),
                    _ => (None, None),
                };
                failed.push(Failed {
                    student,
                    file,
                    error: e.to_string(),
                    line,
                    column,
                });
            }
        }
    }
    let items: Vec<ItemSummary> = problems
        .iter()
        .enumerate()
        .map(|(i, p)| summarize(p, students_out.iter().map(|s| &s.verdicts[i])))
        .collect();
    // `max_by_key` keeps the last of equals; the first in the set is wanted.
    let most_missed = items
        .iter()
        .rev()
        .filter(|i| i.wrong > 0)
        .max_by_key(|i| i.wrong)
        .map(|i| i.id.clone());
    Batch {
        set: set.display().to_string(),
        misconceptions: class_misconceptions(&students_out),
        students: students_out,
        failed,
        items,
        most_missed,
    }
}

/// The student's wrong answers that a named misconception reproduces.
fn misconceived(
    problems: &[Problem],
    verdicts: &[Verdict],
    answers: &BTreeMap<String, String>,
    variants: &mut [Option<Vec<(Pitfall, super::answer::Answer)>>],
) -> Vec<Misconceived> {
    let mut found = Vec::new();
    for (i, (p, v)) in problems.iter().zip(verdicts).enumerate() {
        let Some(given) = answers.get(&p.item.id).and_then(|text| p.read(text).ok()) else {
            continue;
        };
        if v.correct {
            continue;
        }
        let among = variants[i].get_or_insert_with(|| variant_answers(p));
        if let Some(pitfall) = reproduces(among, &given) {
            found.push(Misconceived {
                id: p.item.id.clone(),
                pitfall,
            });
        }
    }
    found
}

/// The class's misconceptions: each with its number of answers and its students, most
/// answers first (ties in `Pitfall::ALL` order).
fn class_misconceptions(students: &[Graded]) -> Vec<ClassMisconception> {
    let mut out: Vec<ClassMisconception> = Vec::new();
    for p in Pitfall::ALL {
        let mut answers = 0;
        let mut who = Vec::new();
        for s in students {
            let n = s.misconceptions.iter().filter(|m| m.pitfall == p).count();
            if n > 0 {
                answers += n;
                who.push(s.student.clone());
            }
        }
        if answers > 0 {
            out.push(ClassMisconception {
                pitfall: p,
                answers,
                students: who,
            });
        }
    }
    out.sort_by_key(|m| std::cmp::Reverse(m.answers));
    out
}

fn summarize<'a>(p: &Problem, verdicts: impl Iterator<Item = &'a Verdict>) -> ItemSummary {
    let (mut right, mut wrong, mut without_node) = (0, 0, 0);
    let mut by_node: BTreeMap<&str, usize> = BTreeMap::new();
    for v in verdicts {
        if v.correct {
            right += 1;
            continue;
        }
        wrong += 1;
        match &v.node {
            Some(n) => *by_node.entry(n).or_default() += 1,
            None => without_node += 1,
        }
    }
    let mut nodes: Vec<NodeCount> = by_node
        .into_iter()
        .map(|(node, wrong)| NodeCount {
            node: node.to_string(),
            wrong,
        })
        .collect();
    // Stable: equal counts stay in name order.
    nodes.sort_by_key(|n| std::cmp::Reverse(n.wrong));
    ItemSummary {
        id: p.item.id.clone(),
        kind: p.item.kind.name(),
        right,
        wrong,
        nodes,
        without_node,
    }
}

/// The batch as text: students, then items, then the most-missed item.
pub fn text(batch: &Batch) -> String {
    let mut out = format!(
        "{}: {}, {} graded\n\n",
        batch.set,
        crate::text::counted(
            (batch.students.len() + batch.failed.len()) as u64,
            "answer file",
            "answer files"
        ),
        batch.students.len()
    );
    let width = batch
        .students
        .iter()
        .map(|s| s.student.chars().count())
        .chain(batch.failed.iter().map(|f| f.student.chars().count()))
        .chain(["student".len()])
        .max()
        .unwrap_or(0);
    out.push_str(&format!("{:<width$}  score  wrong\n", "student"));
    students_text(batch, width, &mut out);
    items_text(batch, &mut out);
    out.push_str(&class_line(batch));
    out
}

/// A line per student (score and the items answered wrong, then any misconceptions and ids
/// not in the set), then a line per answer file that could not be graded.
fn students_text(batch: &Batch, width: usize, out: &mut String) {
    for s in &batch.students {
        let wrong: Vec<String> = s
            .verdicts
            .iter()
            .filter(|v| !v.correct)
            .map(|v| match &v.node {
                Some(n) => format!("{} (at {n})", v.id),
                None => v.id.clone(),
            })
            .collect();
        let score = format!("{}/{}", s.correct, s.total);
        let line = format!("{:<width$}  {score:<5}  {}", s.student, wrong.join(", "));
        out.push_str(line.trim_end());
        out.push('\n');
        out.push_str(&misconceptions_line(s, width));
        if !s.unknown_ids.is_empty() {
            out.push_str(&format!(
                "{:<width$}  not graded: no item in the set with the id {}\n",
                "",
                s.unknown_ids.join(", ")
            ));
        }
    }
    for f in &batch.failed {
        out.push_str(&format!("{:<width$}  not graded: {}\n", f.student, f.error));
    }
}

/// A line per item (how many got it right, what the wrong answers were about), then the most
/// missed item.
fn items_text(batch: &Batch, out: &mut String) {
    let graded = batch.students.len();
    let id_width = batch
        .items
        .iter()
        .map(|i| i.id.chars().count())
        .chain(["item".len()])
        .max()
        .unwrap_or(0);
    out.push_str(&format!(
        "\n{:<id_width$}  {:<11}  right  wrong answers were about\n",
        "item", "kind"
    ));
    for i in &batch.items {
        let line = format!(
            "{:<id_width$}  {:<11}  {:<5}  {}",
            i.id,
            i.kind,
            format!("{}/{graded}", i.right),
            about(i)
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push('\n');
    match batch.most_missed_item() {
        Some(i) => {
            out.push_str(&format!(
                "most missed: {}, wrong for {} of {graded} students",
                i.id, i.wrong
            ));
            // A tie is said, so the item named first is not read as the class's one problem.
            let tied: Vec<&str> = (batch.items.iter())
                .filter(|o| o.id != i.id && o.wrong == i.wrong)
                .map(|o| o.id.as_str())
                .collect();
            if !tied.is_empty() {
                out.push_str(&format!(
                    " (tied with {}; the first in the set is named)",
                    tied.join(", ")
                ));
            }
            if let Some(n) = i.nodes.first() {
                out.push_str(&format!(
                    ", most often at node {} ({} of {})",
                    n.node, n.wrong, i.wrong
                ));
            }
            out.push('\n');
        }
        None if graded == 0 => out.push_str("most missed: none (no answer file was graded)\n"),
        None => out.push_str("most missed: none (every graded answer is right)\n"),
    }
}

/// "misconceptions: fail-hard (q2), …" under a student, or nothing.
fn misconceptions_line(s: &Graded, width: usize) -> String {
    if s.misconceptions.is_empty() {
        return String::new();
    }
    let named: Vec<String> = s
        .misconceptions
        .iter()
        .map(|m| format!("{} ({})", m.pitfall.name(), m.id))
        .collect();
    format!("{:<width$}  misconceptions: {}\n", "", named.join(", "))
}

/// The class's misconceptions, each with its answers and students, or nothing.
fn class_line(batch: &Batch) -> String {
    if batch.misconceptions.is_empty() {
        return String::new();
    }
    let named: Vec<String> = batch
        .misconceptions
        .iter()
        .map(|m| {
            format!(
                "{} ×{} ({})",
                m.pitfall.name(),
                m.answers,
                m.students.join(", ")
            )
        })
        .collect();
    format!("misconceptions: {}\n", named.join("; "))
}

/// "node C ×2, node E ×1, no node ×1" for an item's wrong answers.
fn about(i: &ItemSummary) -> String {
    let mut parts: Vec<String> = i
        .nodes
        .iter()
        .map(|n| format!("node {} ×{}", n.node, n.wrong))
        .collect();
    if i.without_node > 0 {
        parts.push(format!("no node ×{}", i.without_node));
    }
    parts.join(", ")
}

/// The batch as one JSON object.
pub fn json(batch: &Batch) -> String {
    serde_json::to_string_pretty(batch).expect("a batch serializes") + "\n"
}

/// The batch as CSV for a spreadsheet: one row per answer file (student, file, score,
/// total, then 1 or 0 per item, then the error of a file that was not graded), quoted as
/// RFC 4180 says. Rows end in a bare line feed, which every spreadsheet reads: the command's
/// output escapes carriage returns like every other control character.
pub fn csv(batch: &Batch) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header: Vec<String> = ["student", "file", "correct", "total"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend(batch.items.iter().map(|i| i.id.clone()));
    header.push("error".into());
    rows.push(header);
    for s in &batch.students {
        let mut row = vec![
            s.student.clone(),
            s.file.clone(),
            s.correct.to_string(),
            s.total.to_string(),
        ];
        row.extend(
            s.verdicts
                .iter()
                .map(|v| if v.correct { "1" } else { "0" }.to_string()),
        );
        row.push(String::new());
        rows.push(row);
    }
    for f in &batch.failed {
        let mut row = vec![
            f.student.clone(),
            f.file.clone(),
            String::new(),
            String::new(),
        ];
        row.extend(batch.items.iter().map(|_| String::new()));
        row.push(f.error.clone());
        rows.push(row);
    }
    rows.iter()
        .map(|r| r.iter().map(|c| csv_cell(c)).collect::<Vec<_>>().join(",") + "\n")
        .collect()
}

/// One CSV field. Quoted when it holds a comma, quote or line break (quotes doubled, per
/// RFC 4180). A text field a spreadsheet would take for a formula (a file named
/// `=HYPERLINK(…).json`) gets a leading apostrophe, so opening the grades runs nothing.
fn csv_cell(cell: &str) -> String {
    let cell = if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) && cell.parse::<f64>().is_err()
    {
        format!("'{cell}")
    } else {
        cell.to_string()
    };
    if cell.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell
    }
}

#[cfg(test)]
mod tests {
    use super::csv_cell;

    #[test]
    fn cells_are_quoted_only_when_needed() {
        assert_eq!(csv_cell("alice"), "alice");
        assert_eq!(csv_cell("a,b"), "\"a,b\"");
        assert_eq!(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_cell("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_cell("=1+1"), "'=1+1");
        assert_eq!(csv_cell("-3"), "-3");
    }
}
