//! Scores and what a search proves about them: the sentinels, the one score formatter, the
//! cut rule that says when a window is closed, and bound flags (EXACT = LOWER | UPPER) with
//! the table entry and key they are stored under. Everything above the core (events, trace,
//! views) speaks in these terms.

use std::collections::HashMap;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::exact::Ratio;

/// A sentinel strictly outside every score (seed 000's INF).
pub const INF: i32 = 1_000_000;
/// When a window is closed: seed 000 cuts on α ≥ β; CS188 only on α > β.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CutRule {
    #[serde(rename = "ge")]
    AtLeast,
    #[serde(rename = "gt")]
    Strict,
}

/// Who a cut rule is written for. Every text that names a rule comes from
/// `CutRule::spelled`, so that a rule reads the same wherever the same reader meets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// For scripts and files: `ge`, `gt` (lesson and set files, `--cut`, `--a "cut=gt"`).
    Name,
    /// The closing condition for people, spaced for prose and tables: `α ≥ β`.
    Condition,
    /// The closing condition packed for a settings bar: `α≥β`.
    Compact,
    /// The rule as an instruction to someone solving by hand: `cut if α ≥ β`.
    Instruction,
    /// What `--cut`'s value means, for `--help`: `Cut when α ≥ β (seed 000)`.
    Help,
}

impl CutRule {
    /// Both rules, seed 000's first (the default).
    pub const ALL: [CutRule; 2] = [CutRule::AtLeast, CutRule::Strict];

    /// The rule written for `reader` (the one place a rule becomes text).
    pub fn spelled(self, reader: Spelling) -> &'static str {
        use Spelling::*;
        match (self, reader) {
            (CutRule::AtLeast, Name) => "ge",
            (CutRule::Strict, Name) => "gt",
            (CutRule::AtLeast, Condition) => "α ≥ β",
            (CutRule::Strict, Condition) => "α > β",
            (CutRule::AtLeast, Compact) => "α≥β",
            (CutRule::Strict, Compact) => "α>β",
            (CutRule::AtLeast, Instruction) => "cut if α ≥ β",
            (CutRule::Strict, Instruction) => "cut only if α > β",
            (CutRule::AtLeast, Help) => "Cut when α ≥ β (seed 000)",
            (CutRule::Strict, Help) => "Cut only when α > β (CS188)",
        }
    }

    /// The rule a script or file names (`Spelling::Name`), if any.
    pub fn named(name: &str) -> Option<CutRule> {
        CutRule::ALL
            .into_iter()
            .find(|c| c.spelled(Spelling::Name) == name)
    }

    /// Is `low` past `high` under this rule (a cutoff)?
    #[inline]
    pub fn closes(self, low: i32, high: i32) -> bool {
        // Without a branch on the rule (this runs several times per call): `low > high` is
        // `low >= high + 1`, in i64 so that no i32 overflows.
        low as i64 >= high as i64 + (self == CutRule::Strict) as i64
    }
}

/// What a returned value proves. It is also the bound of a run's result: the root's value is
/// exact, or only an upper bound (the root failed low against its window) or a lower bound
/// (it failed high); `index::Tree::pass_bound` reads it off the root call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Flag {
    /// The true value is at least the stored one (the node failed high).
    #[serde(rename = "LOWER")]
    Lower = 0b01,
    /// The true value is at most the stored one (the node failed low).
    #[serde(rename = "UPPER")]
    Upper = 0b10,
    #[serde(rename = "EXACT")]
    Exact = 0b11,
}

impl Flag {
    pub fn name(self) -> &'static str {
        match self {
            Flag::Lower => "LOWER",
            Flag::Upper => "UPPER",
            Flag::Exact => "EXACT",
        }
    }

    /// The flag as a result's bound is written in JSON and answers: `exact`, `lower`, `upper`.
    pub fn bound_name(self) -> &'static str {
        match self {
            Flag::Lower => "lower",
            Flag::Upper => "upper",
            Flag::Exact => "exact",
        }
    }

    /// The same claim seen from the other side (a value negated): LOWER and UPPER swap.
    pub fn flipped(self) -> Flag {
        match self {
            Flag::Lower => Flag::Upper,
            Flag::Upper => Flag::Lower,
            Flag::Exact => Flag::Exact,
        }
    }

    /// What a value with this flag is worth, for people, in `units`: "3", "at least 3",
    /// "at most 3".
    pub fn worth(self, value: i32, units: &Units) -> String {
        match self {
            Flag::Exact => units.sc(value),
            Flag::Lower => format!("at least {}", units.sc(value)),
            Flag::Upper => format!("at most {}", units.sc(value)),
        }
    }

    /// How the flag is written before a value: `=3`, `≥3`, `≤3`.
    pub fn mark(self) -> &'static str {
        match self {
            Flag::Exact => "=",
            Flag::Lower => "≥",
            Flag::Upper => "≤",
        }
    }

    /// What a searched node's value proves, given the window it was called with.
    #[inline]
    pub fn classify(value: i32, alpha0: i32, beta0: i32, cut: CutRule) -> Flag {
        if cut.closes(alpha0, value) {
            Flag::Upper
        } else if cut.closes(value, beta0) {
            Flag::Lower
        } else {
            Flag::Exact
        }
    }
}

/// How one aspiration attempt of a pass ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AttemptOutcome {
    /// The value is at most the window's α: widen α and search again.
    FailLow,
    /// The value is at least the window's β: widen β and search again.
    FailHigh,
    /// The value lies inside the window: the pass's result.
    Exact,
    /// The budget ran out during the attempt.
    Abort,
}

impl AttemptOutcome {
    pub fn name(self) -> &'static str {
        match self {
            AttemptOutcome::FailLow => "fail low",
            AttemptOutcome::FailHigh => "fail high",
            AttemptOutcome::Exact => "exact",
            AttemptOutcome::Abort => "abort",
        }
    }

    pub fn missed(self) -> bool {
        matches!(self, AttemptOutcome::FailLow | AttemptOutcome::FailHigh)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub value: i32,
    pub mv: i16,
    pub flag: Flag,
}

impl Entry {
    /// Seed 000's rule: an entry answers a call only when it settles it outright. EXACT always;
    /// LOWER when it already reaches β; UPPER when it already reaches α.
    #[inline]
    pub fn usable(&self, alpha: i32, beta: i32, cut: CutRule) -> bool {
        match self.flag {
            Flag::Exact => true,
            Flag::Lower => cut.closes(self.value, beta),
            Flag::Upper => cut.closes(alpha, self.value),
        }
    }
}

const _: () = assert!(std::mem::size_of::<Option<Entry>>() == 8);

/// The key of a table entry: a state at one exact horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Key {
    pub state: u32,
    pub depth: u8,
    pub qleft: u8,
}

/// Seed 002's mate score: a side that mates `p` plies from the root scores `MATE − p`, the
/// side mated `−MATE + p` (faster mates score higher), a stalemate 0.
pub const MATE: i32 = 31_000;
/// Seed 002's deepest ply: every score with |score| > MATE − MAX_PLY is a forced mate.
pub const MAX_PLY: i32 = 128;

/// Plies from the root to the mate a score in the mate band stands for: positive when the
/// side the score is from mates, negative when it is mated; `None` outside the band (and for
/// ±INF).
pub fn mate_plies(v: i32) -> Option<i32> {
    let band = MATE - MAX_PLY;
    if v > band && v <= MATE {
        Some(MATE - v)
    } else if v < -band && v >= -MATE {
        Some(-(MATE + v))
    } else {
        None
    }
}

/// The one place a mate score becomes words: "mate in N" (N moves of the mating side,
/// counting the mating move) or "mated in N" (N moves of the side mated), `None` outside the
/// mate band. `ply` is the ply of the node the score belongs to (0 at the root): mate scores
/// count plies from the root, a node's report counts them from the node. Every view that
/// reports a mate calls this.
pub fn mate_report(v: i32, ply: u16) -> Option<String> {
    let plies = mate_plies(v)?;
    let ply = i32::from(ply);
    Some(if plies >= 0 {
        format!("mate in {}", (plies - ply + 1) / 2)
    } else {
        format!("mated in {}", (-plies - ply) / 2)
    })
}

/// How a score is written: every score in every view goes through `written`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// As lesson files, the CLI and scripts write it: `inf`, `-inf`.
    Plain,
    /// For people: `+∞`, `-∞`.
    Symbol,
}

/// How a run's values are written: as multiples of 1/scale (a chance graph's exact units),
/// and in a max-n run as the payoff vector each terminal id stands for. A run's `Units`
/// travel with its values (`trace::Header::units`); whoever writes a value asks them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Units {
    scale: i32,
    vectors: Option<Rc<HashMap<i32, String>>>,
}

impl Units {
    /// Plain integers: seed 000's units.
    pub fn integers() -> Units {
        Units::of(1)
    }

    pub fn of(scale: i32) -> Units {
        Units::with_vectors(scale, None)
    }

    /// The same, with the vectors a max-n trace's values stand for.
    pub fn with_vectors(scale: i32, vectors: Option<HashMap<i32, String>>) -> Units {
        Units {
            scale: scale.max(1),
            vectors: vectors.map(Rc::new),
        }
    }

    /// Values count units of 1/scale.
    pub fn scale(&self) -> i32 {
        self.scale.max(1)
    }

    /// Whether the values are max-n's payoff vectors: such a run has no window and no bound
    /// to write either.
    pub fn vectors(&self) -> bool {
        self.vectors.is_some()
    }

    /// The payoff vector value `v` stands for in a max-n run.
    fn vector_of(&self, v: i32) -> Option<String> {
        self.vectors.as_ref()?.get(&v).cloned()
    }

    /// A score in `style` (see `written`).
    pub fn written(&self, v: i32, style: Style) -> String {
        if let Some(text) = self.vector_of(v) {
            return text;
        }
        write_scaled(v, style, self.scale())
    }

    /// Scores as the lesson writes them: the sentinels print as ±inf.
    pub fn fmt(&self, v: i32) -> String {
        self.written(v, Style::Plain)
    }

    /// Scores for people: the sentinels print as ±∞.
    pub fn sc(&self, v: i32) -> String {
        self.written(v, Style::Symbol)
    }

    /// The exact value of a scaled score (`None` for ±INF).
    pub fn exact(&self, v: i32) -> Option<Ratio> {
        (v.abs() != INF).then(|| Ratio::new(v as i64, self.scale() as i64).expect("a scale"))
    }

    /// A score as a JSON value: an integer, or "inf" / "-inf"; a fraction (chance graphs) as
    /// a number rounded to 6 decimals (`score_exact` gives it exactly).
    pub fn score_json(&self, v: i32) -> serde_json::Value {
        match self.exact(v) {
            None => serde_json::Value::String(self.fmt(v)),
            Some(r) if r.is_integer() => r.num().into(),
            Some(r) => serde_json::Number::from_f64((r.to_f64() * 1e6).round() / 1e6)
                .map_or(serde_json::Value::Null, serde_json::Value::Number),
        }
    }

    /// A result's score where seed 000 prints a bare integer: unchanged at scale 1, exact
    /// (`3.5`, `19/3`) in a chance graph's units.
    pub fn result_text(&self, v: i32) -> String {
        if let Some(text) = self.vector_of(v) {
            return text;
        }
        match self.scale() {
            1 => v.to_string(),
            _ => self.fmt(v),
        }
    }

    /// A result's score as a JSON number: unchanged at scale 1, rounded to 6 decimals
    /// otherwise.
    pub fn result_json(&self, v: i32) -> serde_json::Value {
        match self.scale() {
            1 => v.into(),
            _ => self.score_json(v),
        }
    }

    /// One payoff of a vector (never a sentinel), exact as files write it: `5`, `3.5`,
    /// `19/3`.
    pub fn payoff(&self, v: i32) -> String {
        write_scaled(v, Style::Plain, self.scale())
    }

    /// A payoff vector as seed 004 writes it, each entry exact: `(5, 4, 5)`, `(3.5, 2, 1)`.
    pub fn vector_text(&self, v: &[i32]) -> String {
        let parts: Vec<String> = v.iter().map(|&x| self.payoff(x)).collect();
        format!("({})", parts.join(", "))
    }

    /// A payoff vector as a JSON array of numbers (integers unchanged; a fraction rounded to
    /// 6 decimals, with `vector_exact` beside it).
    pub fn vector_json(&self, v: &[i32]) -> serde_json::Value {
        v.iter().map(|&x| self.score_json(x)).collect()
    }

    /// The vector's entries as exact text (`["7/3", "1"]`) when one of them is not a short
    /// decimal, so that JSON's numbers alone would round it; `None` otherwise.
    pub fn vector_exact(&self, v: &[i32]) -> Option<serde_json::Value> {
        v.iter()
            .any(|&x| self.exact(x).is_some_and(|r| !r.is_short_decimal()))
            .then(|| {
                v.iter()
                    .map(|&x| serde_json::Value::String(self.payoff(x)))
                    .collect()
            })
    }

    /// The exact fraction of a score that is not an integer (`"19/3"`), for `score_exact`.
    pub fn score_exact(&self, v: i32) -> Option<String> {
        self.exact(v)
            .filter(|r| !r.is_integer())
            .map(|r| format!("{}/{}", r.num(), r.den()))
    }
}

/// `v` in `style` at `scale`: the sentinels as words or symbols, other values as v/scale.
fn write_scaled(v: i32, style: Style, scale: i32) -> String {
    match (v, style) {
        (INF, Style::Plain) => "inf".into(),
        (INF, Style::Symbol) => "+∞".into(),
        (v, Style::Plain) if v == -INF => "-inf".into(),
        (v, Style::Symbol) if v == -INF => "-∞".into(),
        (v, style) => match scale {
            1 => v.to_string(),
            scale => {
                let r = Ratio::new(v as i64, scale as i64).expect("a positive scale");
                match style {
                    Style::Plain => r.to_string(),
                    Style::Symbol => r.pretty(),
                }
            }
        },
    }
}
