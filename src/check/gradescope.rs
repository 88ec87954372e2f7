//! `prune check --format gradescope`: the verdicts as an autograder's `results.json`, one
//! test per thing a course grades: the promises kept, then the calls, the windows, the
//! values, the stores and the root move, each compared on its own against prune's run.
//!
//! A kind's credit is the share of the run's lines of that kind that agree before the first
//! one that differs, so a file with the right calls and a wrong window still gets the calls.

use serde_json::{Value, json};

use super::compare;
use super::project::Expected;
use super::read::Given;
use super::schema::{Kind, Line};
use super::{Against, Verdict, line_text, sound};

/// How one kind is graded: the lines it compares, with the fields it leaves out cleared.
struct Graded {
    name: &'static str,
    /// The line a file without any of them leaves out.
    event: &'static str,
    kinds: &'static [Kind],
    keep: fn(Line) -> Line,
}

const CALLS: Graded = Graded {
    name: "calls",
    event: "enter",
    kinds: &[Kind::Enter],
    keep: |l| Line {
        alpha: None,
        beta: None,
        ..l
    },
};

/// Windows as the file prints them: its window lines (with the cutoffs that show where a
/// cut came before the update), and the window each call is entered with.
const WINDOWS: Graded = Graded {
    name: "windows",
    event: "window",
    kinds: &[Kind::Enter, Kind::Window, Kind::Cutoff],
    keep: |l| match l.kind {
        Kind::Enter => Line {
            depth: None,
            q: None,
            ..l
        },
        Kind::Cutoff => Line { mv: None, ..l },
        _ => l,
    },
};

/// Windows of a file without window lines: the window each call is entered with.
const ENTRY_WINDOWS: Graded = Graded {
    name: "windows",
    event: "enter",
    kinds: &[Kind::Enter],
    keep: |l| Line {
        depth: None,
        q: None,
        ..l
    },
};

const VALUES: Graded = Graded {
    name: "values",
    event: "return",
    kinds: &[Kind::Return],
    keep: |l| Line { mv: None, ..l },
};

const STORES: Graded = Graded {
    name: "stores",
    event: "store",
    kinds: &[Kind::Store],
    keep: |l| l,
};

/// One test of the results file.
struct Test {
    name: String,
    score: f64,
    output: String,
}

impl Test {
    fn json(&self) -> Value {
        let passed = self.score >= 1.0;
        json!({
            "name": self.name,
            "score": (self.score * 100.0).round() / 100.0,
            "max_score": 1.0,
            "status": if passed { "passed" } else { "failed" },
            "output": self.output,
            "visibility": "visible",
        })
    }
}

/// The results file.
pub fn report(against: &Against, origin: &str, v: &Verdict) -> Value {
    let mut tests = vec![promises(against, origin, v)];
    let windows = if v.kinds.contains(&Kind::Window) {
        &WINDOWS
    } else {
        &ENTRY_WINDOWS
    };
    for graded in [&CALLS, windows, &VALUES, &STORES] {
        tests.extend(kind(against, v, graded));
    }
    tests.push(root_move(against, v));
    let score: f64 = tests
        .iter()
        .map(|t| (t.score * 100.0).round() / 100.0)
        .sum();
    json!({
        "score": (score * 100.0).round() / 100.0,
        "output": super::report(against, origin, v),
        "tests": tests.iter().map(Test::json).collect::<Vec<_>>(),
        "visibility": "visible",
    })
}

/// The soundness verdict: every promise kept, or the first one broken.
fn promises(against: &Against, origin: &str, v: &Verdict) -> Test {
    let s = &v.soundness;
    let (score, output) = match &s.first {
        Some(u) => (0.0, sound::describe(u, against.catalog())),
        None if s.unknown => (
            0.0,
            format!(
                "{origin}: the game is too large to solve at your file's horizon, so the promises could not be checked"
            ),
        ),
        None => (
            1.0,
            format!(
                "every return, store and root move keeps alpha-beta's promises ({} checked)",
                s.checked
            ),
        ),
    };
    Test {
        name: "promises kept (sound)".into(),
        score,
        output,
    }
}

/// One kind compared on its own: `None` where prune's run has no line of it (a run without
/// a table has no stores to grade).
fn kind(against: &Against, v: &Verdict, graded: &Graded) -> Option<Test> {
    let of = |k: &Kind| graded.kinds.contains(k);
    let theirs: Vec<Expected> = (against.expected.iter())
        .filter(|e| of(&e.line.kind))
        .map(|e| Expected {
            line: (graded.keep)(e.line),
            ..*e
        })
        .collect();
    if theirs.is_empty() {
        return None;
    }
    let yours: Vec<Given> = (v.given.iter())
        .filter(|g| of(&g.line.kind))
        .map(|g| Given {
            line: (graded.keep)(g.line),
            at: g.at,
        })
        .collect();
    let c = compare::compare(&yours, &theirs);
    let total = theirs.len();
    let agreed = c.theirs.min(total);
    let lines = |n: usize| crate::text::counted(n as u64, "line", "lines");
    let output = if yours.is_empty() {
        format!(
            "your file prints no {} lines; prune's run has {}",
            graded.event,
            lines(total)
        )
    } else if c.parting.is_none() {
        format!("all {} agree with prune's run", lines(total))
    } else {
        let at = yours.get(c.matched).map(|g| g.at);
        let run = theirs
            .get(agreed)
            .map(|e| line_text(&e.line, against.catalog()));
        let mut s = format!(
            "{agreed} of {} agree before the first difference",
            lines(total)
        );
        if let Some(at) = at {
            s += &format!(": line {at} of your file");
        } else {
            s += ": your file ends";
        }
        if let Some(run) = run {
            s += &format!(" where prune's run has {run}");
        } else {
            s += " after prune's run has ended";
        }
        s
    };
    Some(Test {
        name: graded.name.into(),
        score: agreed as f64 / total as f64,
        output,
    })
}

/// The move returned at the root: prune's, or another move the soundness verdict proved as
/// good (a tie broken another way).
fn root_move(against: &Against, v: &Verdict) -> Test {
    let root = |l: &Line| l.kind == Kind::Return && Some(l.node) == first_node(against);
    let theirs = (against.expected.iter().rev())
        .find(|e| root(&e.line))
        .and_then(|e| e.line.mv)
        .filter(|&m| m >= 0);
    let yours = (v.given.iter().rev())
        .find(|g| root(&g.line))
        .and_then(|g| g.line.mv)
        .filter(|&m| m >= 0);
    let (score, output) = match (yours, theirs) {
        (None, None) => (
            1.0,
            "no move at the root, as in prune's run (the game is over there)".to_string(),
        ),
        (None, Some(_)) => (0.0, "your file's root return names no move".to_string()),
        (Some(y), Some(t)) if y == t => (1.0, format!("move {y}, as prune's run returns")),
        (Some(y), _) if v.sound() && !v.soundness.unknown => (
            1.0,
            format!(
                "move {y}: another move than prune's, and as good (the soundness verdict checked it)"
            ),
        ),
        (Some(y), t) => (
            0.0,
            format!(
                "move {y}, where prune's run returns {}",
                t.map_or("no move".to_string(), |t| t.to_string())
            ),
        ),
    };
    Test {
        name: "root move".into(),
        score,
        output,
    }
}

/// The node prune's run enters first: the root.
fn first_node(against: &Against) -> Option<u32> {
    against.expected.first().map(|e| e.line.node)
}
