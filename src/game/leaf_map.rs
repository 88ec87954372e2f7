//! `--leaf-map`: a transformation applied to every terminal utility (seed 004, 5.2), and what
//! it does to a run's decisions over one graph's utilities.
//!
//! Two families only, `x^K` and `ax+b`, with integer coefficients, so a mapped utility is
//! still an exact integer and every mapped run can be checked against the unmapped one. The
//! classification is computed from the graph's own utilities rather than from the formula,
//! so what the tutor says about a map is true of the tree on screen (x^2 is increasing on a
//! tree whose utilities are all >= 0, and not on one with -2 and 1).

use std::fmt;

use crate::exact::Ratio;

/// A utility a map applies to exactly: a whole number, or a fraction of a graph with
/// fractional scores (x^2 of 1/2 is 1/4, still exact).
pub trait Utility: Copy + Ord + fmt::Display + Default {
    fn mapped(self, map: &LeafMap) -> Option<Self>;
}

impl Utility for i64 {
    fn mapped(self, map: &LeafMap) -> Option<i64> {
        map.apply(self)
    }
}

impl Utility for Ratio {
    fn mapped(self, map: &LeafMap) -> Option<Ratio> {
        map.apply_exact(self)
    }
}

/// A parsed leaf map. `x^1` is read as the affine `x`, so each map has one spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeafMap {
    /// `x^K` with K >= 2.
    Power(u32),
    /// `ax+b` with a != 0.
    Affine { a: i64, b: i64 },
}

/// What a map preserves over a given set of utilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `ax+b` with a > 0: minimax and expected-utility decisions are both kept.
    PositiveAffine,
    /// Strictly increasing over these utilities but not positive affine: minimax decisions
    /// are kept, expected-utility decisions may not be.
    Increasing,
    /// Some two utilities u < v map to f(u) >= f(v) (see `LeafMap::witness`).
    Neither,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::PositiveAffine => "positive affine",
            Kind::Increasing => "strictly increasing",
            Kind::Neither => "neither positive affine nor increasing",
        }
    }
}

const EXPECTED: &str = "expected x^K or ax+b with integers a, K >= 1 and b, such as x^3 or 10x+5";
/// How much of a rejected text an error repeats: enough to recognise it, short enough for
/// one terminal line.
const QUOTE_CHARS: usize = 40;

/// A lexical piece of a leaf map. Numbers keep their digits so a literal too large for i64
/// gets its own message instead of a wrapped value.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Int(String),
    Decimal,
    X,
    Caret,
    Plus,
    Minus,
    Star,
}

impl LeafMap {
    /// Reads `x^K`, `ax+b`, `ax-b`, `ax`, `x+b`, `-x`, `x`, `a*x+b` (spaces between the
    /// parts allowed). Any other text is a one-line error that quotes it.
    pub fn parse(text: &str) -> Result<LeafMap, String> {
        let fail = |why: &str| format!("cannot read leaf map '{}': {why}", quote(text));
        let tokens = tokens(text).map_err(&fail)?;
        if let [Token::X, Token::Caret, rest @ ..] = tokens.as_slice()
            && rest.contains(&Token::Decimal)
        {
            return Err(fail("K must be an integer >= 1, such as x^3"));
        }
        if tokens.contains(&Token::Decimal) {
            return Err(fail("a and b must be integers, such as 10x+5 or 3x-4"));
        }
        match tokens.as_slice() {
            [Token::X, Token::Caret, rest @ ..] => match rest {
                [Token::Int(k)] => match k.parse::<u32>() {
                    Ok(0) => Err(fail("K must be at least 1, such as x^3")),
                    Ok(1) => Ok(LeafMap::Affine { a: 1, b: 0 }),
                    Ok(k) => Ok(LeafMap::Power(k)),
                    Err(_) => Err(fail(&format!("K must be at most {}", u32::MAX))),
                },
                _ => Err(fail("K must be an integer >= 1, such as x^3")),
            },
            _ => affine(&tokens).map_err(|why| fail(why.unwrap_or(EXPECTED))),
        }
    }

    /// The map applied to one utility, exactly; `None` when the result leaves i64.
    pub fn apply(&self, x: i64) -> Option<i64> {
        match *self {
            LeafMap::Power(k) => x.checked_pow(k),
            LeafMap::Affine { a, b } => a.checked_mul(x)?.checked_add(b),
        }
    }

    /// The map applied to a fraction, exactly; `None` past i64's numerators and denominators.
    pub fn apply_exact(&self, x: Ratio) -> Option<Ratio> {
        match *self {
            LeafMap::Power(k) => {
                // By squaring: K may be large, and only 0 and ±1 survive a large K anyway.
                let (mut base, mut k, mut out) = (x, k, Ratio::ONE);
                while k > 0 {
                    if k & 1 == 1 {
                        out = out.checked_mul(base)?;
                    }
                    k >>= 1;
                    if k > 0 {
                        base = base.checked_mul(base)?;
                    }
                }
                Some(out)
            }
            LeafMap::Affine { a, b } => Ratio::int(a).checked_mul(x)?.checked_add(Ratio::int(b)),
        }
    }

    /// Every utility mapped, or a one-line error naming the first that overflows.
    pub fn apply_all(&self, utilities: &[i64]) -> Result<Vec<i64>, String> {
        utilities
            .iter()
            .map(|&u| {
                self.apply(u).ok_or_else(|| {
                    format!(
                        "leaf map {} cannot be applied to utility {u}: the result is too large",
                        self.text()
                    )
                })
            })
            .collect()
    }

    /// The canonical spelling: `x^3`, `10x+5`, `3x-4`, `-x`, `x`. `parse` reads it back to
    /// the same map.
    pub fn text(&self) -> String {
        match *self {
            LeafMap::Power(k) => format!("x^{k}"),
            LeafMap::Affine { a, b } => {
                let mut s = match a {
                    1 => "x".to_string(),
                    -1 => "-x".to_string(),
                    a => format!("{a}x"),
                };
                if b > 0 {
                    s.push_str(&format!("+{b}"));
                } else if b < 0 {
                    s.push_str(&format!("-{}", b.unsigned_abs()));
                }
                s
            }
        }
    }

    /// Positive affine from the formula alone; otherwise whether the distinct utilities, in
    /// order, map to a strictly increasing sequence. Utilities the map overflows on are left
    /// out (`apply_all` refuses such a run before it starts).
    pub fn classify<U: Utility>(&self, utilities: &[U]) -> Kind {
        if self.is_positive_affine() {
            Kind::PositiveAffine
        } else if self.witness(utilities).is_some() {
            Kind::Neither
        } else {
            Kind::Increasing
        }
    }

    /// Two of the utilities u < v with f(u) >= f(v), the first such neighbours in sorted
    /// order; `None` when the map is strictly increasing over them.
    pub fn witness<U: Utility>(&self, utilities: &[U]) -> Option<(U, U)> {
        let mapped = self.mapped_distinct(utilities);
        mapped
            .windows(2)
            .find(|w| w[0].1 >= w[1].1)
            .map(|w| (w[0].0, w[1].0))
    }

    /// One to three sentences on what the map does to this graph's decisions; when the map
    /// overflows on one of the utilities, the sentence says so instead.
    pub fn explain<U: Utility>(&self, utilities: &[U]) -> String {
        let name = self.text();
        if let Some(u) = utilities.iter().find(|&&u| u.mapped(self).is_none()) {
            return format!(
                "{name} takes utility {u} outside the 64-bit integers, so it cannot be applied \
                 to this graph."
            );
        }
        let distinct = self.mapped_distinct(utilities);
        if *self == (LeafMap::Affine { a: 1, b: 0 }) {
            return "x leaves every utility as it is, so no decision changes.".to_string();
        }
        if distinct.len() < 2 {
            let what = match distinct.first() {
                Some((u, _)) => format!("one utility value ({u})"),
                None => "no utility values".to_string(),
            };
            return format!(
                "This graph has {what}, so {name} cannot reorder anything: \
                 no minimax or expected-utility decision changes."
            );
        }
        match self.classify(utilities) {
            Kind::PositiveAffine => format!(
                "{name} is positive affine: it scales every value by the same positive factor \
                 and shifts it by the same constant, so both minimax and expected-utility \
                 (expectiminimax) decisions stay the same. Each backed-up value v becomes {}.",
                self.text_of("v")
            ),
            Kind::Increasing => format!(
                "{name} keeps the order of this graph's utilities ({}), so minimax decisions \
                 stay the same: a MAX or MIN node only selects one of its children's values. \
                 It is not positive affine, so once chance nodes average values \
                 (expectiminimax) decisions may change: an average weighs the sizes of values, \
                 not only their order.",
                range(&distinct)
            ),
            Kind::Neither => {
                let (u, v) = self.witness(utilities).unwrap_or_default();
                let (fu, fv) = (
                    u.mapped(self).unwrap_or_default(),
                    v.mapped(self).unwrap_or_default(),
                );
                format!(
                    "{name} does not keep the order of this graph's utilities: {u} < {v} but \
                     {name} maps them to {fu} >= {fv}. Even minimax decisions may change, and so \
                     may expected-utility ones."
                )
            }
        }
    }

    fn is_positive_affine(&self) -> bool {
        matches!(*self, LeafMap::Affine { a, .. } if a > 0)
    }

    /// The sorted distinct utilities the map is defined on, each with its image.
    fn mapped_distinct<U: Utility>(&self, utilities: &[U]) -> Vec<(U, U)> {
        let mut sorted = utilities.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        sorted
            .into_iter()
            .filter_map(|u| u.mapped(self).map(|fu| (u, fu)))
            .collect()
    }

    /// The formula with `var` in place of x, for sentences about values rather than leaves.
    fn text_of(&self, var: &str) -> String {
        self.text().replacen('x', var, 1)
    }
}

impl fmt::Display for LeafMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl std::str::FromStr for LeafMap {
    type Err = String;
    fn from_str(s: &str) -> Result<LeafMap, String> {
        LeafMap::parse(s)
    }
}

/// `lo to hi` of the sorted distinct utilities.
fn range<U: Utility>(distinct: &[(U, U)]) -> String {
    match (distinct.first(), distinct.last()) {
        (Some((lo, _)), Some((hi, _))) => format!("{lo} to {hi}"),
        _ => String::new(),
    }
}

/// The rejected text as one short line: control characters escaped, long text cut.
fn quote(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == QUOTE_CHARS {
            out.push('…');
            break;
        }
        // Escaped as every other message escapes it (`\u001b`), not as Rust's `\u{1b}`.
        out.push_str(&crate::text::one_line(c.encode_utf8(&mut [0; 4])));
    }
    out
}

fn tokens(text: &str) -> Result<Vec<Token>, &'static str> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        // Spaces and tabs only: a newline in a map is a pasting slip worth reporting.
        if c == ' ' || c == '\t' {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() || c == '.' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                i += 1;
            }
            let lit: String = chars[start..i].iter().collect();
            // Two numbers in a row ("1 0x") would otherwise be read as one.
            if matches!(out.last(), Some(Token::Int(_) | Token::Decimal)) {
                return Err(EXPECTED);
            }
            out.push(if lit.contains('.') {
                if lit.chars().any(|c| c.is_ascii_digit()) {
                    Token::Decimal
                } else {
                    return Err(EXPECTED);
                }
            } else {
                Token::Int(lit)
            });
            continue;
        }
        out.push(match c {
            'x' => Token::X,
            '^' => Token::Caret,
            '+' => Token::Plus,
            '-' => Token::Minus,
            '*' => Token::Star,
            _ => return Err(EXPECTED),
        });
        i += 1;
    }
    Ok(out)
}

/// `[+|-] [a [*]] x [(+|-) b]`. `Err(None)` means the shape is wrong (the general message);
/// `Err(Some(why))` names the one thing that is.
fn affine(tokens: &[Token]) -> Result<LeafMap, Option<&'static str>> {
    let mut rest = tokens;
    let negative = match rest.first() {
        Some(Token::Minus) => {
            rest = &rest[1..];
            true
        }
        Some(Token::Plus) => {
            rest = &rest[1..];
            false
        }
        _ => false,
    };
    let a = match rest {
        [Token::Int(a), Token::Star, Token::X, tail @ ..]
        | [Token::Int(a), Token::X, tail @ ..] => {
            rest = tail;
            signed(a, negative)?
        }
        [Token::X, tail @ ..] => {
            rest = tail;
            if negative { -1 } else { 1 }
        }
        _ => return Err(None),
    };
    if a == 0 {
        return Err(Some(
            "a must not be 0 (that map would make every leaf equal)",
        ));
    }
    let b = match rest {
        [] => 0,
        [Token::Plus, Token::Int(b)] => signed(b, false)?,
        [Token::Minus, Token::Int(b)] => signed(b, true)?,
        [Token::Caret, ..] => {
            return Err(Some("only x itself can be raised to a power, as in x^3"));
        }
        _ => return Err(None),
    };
    Ok(LeafMap::Affine { a, b })
}

/// A literal with its sign, or the message for one outside i64.
fn signed(digits: &str, negative: bool) -> Result<i64, Option<&'static str>> {
    const TOO_LARGE: Option<&str> = Some("a and b must fit in a 64-bit integer");
    // i64 holds at most 19 digits; the length check keeps a thousand-digit literal out of
    // the i128 parse, which would fail anyway but with no better message.
    let trimmed = digits.trim_start_matches('0');
    if trimmed.len() > 20 {
        return Err(TOO_LARGE);
    }
    let magnitude: i128 = if trimmed.is_empty() {
        0
    } else {
        trimmed.parse().map_err(|_| TOO_LARGE)?
    };
    let value = if negative { -magnitude } else { magnitude };
    i64::try_from(value).map_err(|_| TOO_LARGE)
}

/// A map is written in lesson files, presets and traces as its text (`"x^3"`, `"10x+5"`).
impl serde::Serialize for LeafMap {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text())
    }
}

impl<'de> serde::Deserialize<'de> for LeafMap {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<LeafMap, D::Error> {
        let text = String::deserialize(d)?;
        LeafMap::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(text: &str) -> LeafMap {
        LeafMap::parse(text).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn reads_every_form() {
        let affine = |a, b| LeafMap::Affine { a, b };
        assert_eq!(map("x^3"), LeafMap::Power(3));
        assert_eq!(map("x ^ 2"), LeafMap::Power(2));
        assert_eq!(map("x^1"), affine(1, 0));
        assert_eq!(map("10x+5"), affine(10, 5));
        assert_eq!(map("3x-4"), affine(3, -4));
        assert_eq!(map("3x - 4"), affine(3, -4));
        assert_eq!(map("2x"), affine(2, 0));
        assert_eq!(map("x+7"), affine(1, 7));
        assert_eq!(map("-x"), affine(-1, 0));
        assert_eq!(map("x"), affine(1, 0));
        assert_eq!(map("2*x+1"), affine(2, 1));
        assert_eq!(map(" -3 * x + 0 "), affine(-3, 0));
    }

    #[test]
    fn refuses_with_one_line_naming_the_text() {
        let err = LeafMap::parse("y^2").unwrap_err();
        assert_eq!(err, format!("cannot read leaf map 'y^2': {EXPECTED}"));
        assert!(
            LeafMap::parse("1.5x+2")
                .unwrap_err()
                .contains("a and b must be integers")
        );
        assert!(
            LeafMap::parse("x^0")
                .unwrap_err()
                .contains("K must be at least 1")
        );
        assert!(
            LeafMap::parse("0x+5")
                .unwrap_err()
                .contains("a must not be 0")
        );
        for bad in [
            "", "x^", "x^-1", "2x^3", "1 0x", "x+", "5", "x+y", "x\n+1", "++x",
        ] {
            let err = LeafMap::parse(bad).unwrap_err();
            assert!(err.starts_with("cannot read leaf map '"), "{err}");
            assert!(!err.contains('\n'), "{err:?}");
        }
    }

    #[test]
    fn apply_is_checked() {
        assert_eq!(map("x^3").apply(4), Some(64));
        assert_eq!(map("x^3").apply(3_000_000), None);
        assert_eq!(map("2x").apply(i64::MAX), None);
        assert_eq!(map("x-1").apply(i64::MIN), None);
    }

    #[test]
    fn canonical_text() {
        for (text, canon) in [
            ("x^1", "x"),
            ("1*x+0", "x"),
            ("-1x", "-x"),
            ("3x - 4", "3x-4"),
        ] {
            assert_eq!(map(text).text(), canon);
        }
    }
}
