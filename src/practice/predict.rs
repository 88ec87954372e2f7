//! Grading a prediction made in the tutor (issue 24, item 1): the line the student typed,
//! read forgivingly (spacing, case, brackets) but strictly in meaning, against the answer the
//! index read off the trace (`index::question`). A window is compared as the practice grader
//! compares one (`diagnose::parts` says which bound is wrong), and a wrong answer is put to
//! the named misconceptions: the same run made with each wrong variant of the search
//! (`Pitfall`), whose trace agrees with the right one up to the question and whose own answer
//! there is the student's, is named with the practice grader's sentence.

use super::answer::Answer;
use super::diagnose;
use crate::index::Recorded;
use crate::index::question::{Kind, Question, Truth};
use crate::lesson::{Lesson, RunSetup};
use crate::search::Pitfall;
use crate::value::{Flag, INF, Units};

/// How an answer of `kind` is written, for the prompt and for a malformed answer's hint.
pub fn form(kind: Kind) -> &'static str {
    match kind {
        Kind::Window => "a window, e.g. (3, inf) or -inf 5",
        Kind::Interval => "an interval, e.g. [2, 12]",
        Kind::Return => "a number, e.g. 4 (or inf, -inf)",
        Kind::Flag => "EXACT, LOWER or UPPER",
        Kind::Probe | Kind::Cut | Kind::Research => "yes or no",
        Kind::Select => "a child's move or name, as the tree shows it",
        Kind::Counts => "visits then wins, e.g. 5 2.5 (or 7 7/3)",
    }
}

/// What a Monte Carlo answer is read and written with: the run's reward unit, and the
/// children of the node a selection question is about, each by move with the names a
/// student may call it (its move first, as the selection table shows it).
#[derive(Clone, Debug, Default)]
pub struct Choices {
    pub per_win: u32,
    pub children: Vec<(u16, Vec<String>)>,
}

/// Reads a Monte Carlo answer (`Select`, `Counts`); other kinds as `read`.
pub fn read_in(kind: Kind, text: &str, units: &Units, c: &Choices) -> Result<Truth, String> {
    let hint = |why: String| format!("{why}: write {}", form(kind));
    match kind {
        Kind::Select => {
            let said = text.trim().to_lowercase();
            let hits: Vec<u16> = (c.children.iter())
                .filter(|(_, names)| names.iter().any(|n| n.to_lowercase() == said))
                .map(|(mv, _)| *mv)
                .collect();
            match hits.as_slice() {
                [mv] => Ok(Truth::Child(*mv)),
                [] => Err(hint(format!("`{}` is not a child here", shown(text)))),
                _ => Err(hint(format!("`{}` names several children", shown(text)))),
            }
        }
        Kind::Counts => match words(text).as_slice() {
            [n, u] => {
                let n: u32 = (n.trim().parse())
                    .map_err(|_| hint(format!("`{}` is not a count of visits", shown(n))))?;
                let r = crate::exact::Ratio::parse(u.trim())
                    .ok_or_else(|| hint(format!("`{}` is not a number", shown(u))))?;
                let units_of = r
                    .checked_mul(crate::exact::Ratio::int(i64::from(c.per_win.max(1))))
                    .filter(|s| s.is_integer() && s.num() >= 0)
                    .and_then(|s| u32::try_from(s.num()).ok())
                    .ok_or_else(|| hint(format!("`{}` wins cannot be counted here", shown(u))))?;
                Ok(Truth::Counts(n, units_of))
            }
            _ => Err(hint(format!("expected two numbers, got `{}`", shown(text)))),
        },
        _ => read(kind, text, units),
    }
}

/// A Monte Carlo answer as the tutor shows it ("sq5", "N 5, U 2.5"); others as `written`.
pub fn written_in(kind: Kind, t: Truth, units: &Units, c: &Choices) -> String {
    match t {
        Truth::Child(mv) => (c.children.iter())
            .find(|(m, _)| *m == mv)
            .and_then(|(_, names)| names.first().cloned())
            .unwrap_or_else(|| format!("m{mv}")),
        Truth::Counts(n, u) => format!(
            "N {n}, U {}",
            crate::index::monte::wins_text(u, c.per_win.max(1))
        ),
        _ => written(kind, t, units),
    }
}

/// One score as typed: an integer, a decimal or a fraction in the run's units, or ±inf.
fn score(word: &str, units: &Units) -> Result<i32, String> {
    let w = word.trim().to_ascii_lowercase().replace('−', "-");
    match w.as_str() {
        "inf" | "+inf" | "∞" | "+∞" => return Ok(INF),
        "-inf" | "-∞" => return Ok(-INF),
        _ => {}
    }
    let r = crate::exact::Ratio::parse(&w)
        .ok_or_else(|| format!("`{}` is not a number", crate::text::cut(word.trim())))?;
    let scaled = r
        .checked_mul(crate::exact::Ratio::int(units.scale() as i64))
        .filter(|s| s.is_integer())
        .map(|s| s.num())
        .filter(|v| v.abs() < INF as i64)
        .ok_or_else(|| format!("`{}` is not a value of this run", word.trim()))?;
    Ok(scaled as i32)
}

/// The words of an answer: brackets, commas and semicolons are spacing.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || "()[],;".contains(c))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Reads a typed answer to a question of `kind`; a malformed one is `Err` with a one-line
/// hint (it is not graded).
pub fn read(kind: Kind, text: &str, units: &Units) -> Result<Truth, String> {
    let w = words(text);
    let hint = |why: String| format!("{why}: write {}", form(kind));
    match kind {
        Kind::Window | Kind::Interval => match w.as_slice() {
            [a, b] => Ok(Truth::Pair(
                score(a, units).map_err(hint)?,
                score(b, units).map_err(hint)?,
            )),
            _ => Err(hint(format!("expected two numbers, got `{}`", shown(text)))),
        },
        Kind::Return => match w.as_slice() {
            [v] => Ok(Truth::Value(score(v, units).map_err(hint)?)),
            _ => Err(hint(format!("expected one number, got `{}`", shown(text)))),
        },
        Kind::Flag => match w.as_slice() {
            [f] => match f.to_ascii_uppercase().as_str() {
                "EXACT" | "=" => Ok(Truth::Flag(Flag::Exact)),
                "LOWER" | "≥" | ">=" => Ok(Truth::Flag(Flag::Lower)),
                "UPPER" | "≤" | "<=" => Ok(Truth::Flag(Flag::Upper)),
                _ => Err(hint(format!("`{}` is not a flag", shown(f)))),
            },
            _ => Err(hint(format!("expected one flag, got `{}`", shown(text)))),
        },
        Kind::Probe | Kind::Cut | Kind::Research => {
            match w.join(" ").to_ascii_lowercase().as_str() {
                "y" | "yes" | "true" => Ok(Truth::YesNo(true)),
                "n" | "no" | "false" => Ok(Truth::YesNo(false)),
                _ => Err(hint(format!("`{}` is neither", shown(text)))),
            }
        }
        Kind::Select | Kind::Counts => read_in(kind, text, units, &Choices::default()),
    }
}

fn shown(text: &str) -> String {
    crate::text::cut(text.trim()).to_string()
}

/// An answer written as the tutor shows it: `(3, +∞)`, `[2, 12]`, `4`, `EXACT`, `yes`.
pub fn written(kind: Kind, t: Truth, units: &Units) -> String {
    match (kind, t) {
        (Kind::Interval, Truth::Pair(a, b)) => format!("[{}, {}]", units.sc(a), units.sc(b)),
        (_, Truth::Pair(a, b)) => format!("({}, {})", units.sc(a), units.sc(b)),
        (_, Truth::Value(v)) => units.sc(v),
        (_, Truth::Flag(f)) => f.name().into(),
        (_, Truth::YesNo(y)) => if y { "yes" } else { "no" }.into(),
        (_, Truth::Child(_) | Truth::Counts(..)) => written_in(kind, t, units, &Choices::default()),
    }
}

/// The grade of one answer: right or not, and which part is wrong where it has parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graded {
    pub right: bool,
    /// "α is wrong", "α and β are swapped" (the practice grader's comparison).
    pub parts: Option<String>,
}

pub fn grade(q: &Question, given: Truth, units: &Units) -> Graded {
    let right = given == q.answer;
    let parts = match (q.answer, given) {
        (Truth::Pair(a, b), Truth::Pair(a2, b2)) if !right => {
            let key = Answer::Window { alpha: a, beta: b };
            let said = Answer::Window {
                alpha: a2,
                beta: b2,
            };
            let p = diagnose::parts(&key, &said, units);
            match q.kind {
                Kind::Interval => {
                    p.map(|s| s.replace('α', "the low end").replace('β', "the high end"))
                }
                _ => p,
            }
        }
        _ => None,
    };
    Graded { right, parts }
}

/// A wrong variant's run of the same lesson and setup.
pub struct Variant {
    pub pitfall: Pitfall,
    pub rec: Recorded,
}

/// The runs of every variant that applies to this run (those the run refuses are left out).
/// Runs longer than `limit` events are not made: diagnosis is left out for them.
pub fn variants(lesson: &Lesson, setup: &RunSetup, limit: usize) -> Vec<Variant> {
    if setup.options.pitfall.is_some() {
        return Vec::new();
    }
    Pitfall::ALL
        .into_iter()
        .filter_map(|pitfall| {
            let mut s = *setup;
            s.options.pitfall = Some(pitfall);
            let rec = crate::index::record(lesson, &s).ok()?;
            (rec.trace.events.len() <= limit).then_some(Variant { pitfall, rec })
        })
        .collect()
}

/// The misconception behind `given`, a wrong answer to `q` on the run `right`: the first
/// variant (in `Pitfall::ALL` order) whose trace is the right one's up to the question and
/// whose same question there has `given` for its answer. Its sentence names the node where
/// the mistake is made.
pub fn misconception(
    right: &Recorded,
    q: &Question,
    given: Truth,
    variants: &[Variant],
) -> Option<(Pitfall, String)> {
    let due = q.due as usize;
    let a = &right.trace.events;
    let found = variants.iter().find(|v| {
        let b = &v.rec.trace.events;
        b.len() > due
            && (0..due).all(|i| a.at(i) == b.at(i))
            && v.rec.tree().questions_at(q.due).iter().any(|w| {
                w.kind == q.kind && w.node == q.node && w.answer == given && w.answer != q.answer
            })
    })?;
    let what = mistake(right, q, found.pitfall);
    Some((
        found.pitfall,
        format!(
            "your answer is what you get if {what} [{}]",
            found.pitfall.name()
        ),
    ))
}

/// What `pitfall` does at the node whose frame makes the mistake `q` is about, in words:
/// the parent for what it passes down or does with a reply, else the call itself.
pub fn mistake(right: &Recorded, q: &Question, pitfall: Pitfall) -> String {
    let tree = right.tree();
    let n = tree.get(q.node);
    let at = match q.kind {
        Kind::Window | Kind::Cut | Kind::Research if n.parent != crate::index::NONE => n.parent,
        _ => q.node,
    };
    let at_node = tree.get(at);
    let name = right.catalog().called(at_node.state);
    let bound = if right.options().family().maximises(at_node.turn) {
        "α"
    } else {
        "β"
    };
    super::misconception::what_if(pitfall, &name, bound)
}

/// The run's score line: "predictions 3/4 right first time".
pub fn score_line(right: u32, asked: u32) -> String {
    format!("predictions {right}/{asked} right")
}
