//! Answers in their one-line text form: what a learner types, what an answer file holds.

use std::fmt;

use crate::exact::Ratio;
use crate::lesson::parse_bound;
use crate::search::fmt_score;

use super::Kind;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// `VALUE CHILD`, e.g. `3 A`; the child is `-` when the root has no move.
    Decision { value: i32, choice: String },
    /// `a b c | E F`: leaves read in order, then the skipped children.
    Leaves {
        evaluated: Vec<String>,
        skipped: Vec<String>,
    },
    /// `ALPHA BETA`, e.g. `3 inf`.
    Window { alpha: i32, beta: i32 },
    /// `VALUE exact|lower|upper`.
    Value { value: i32, bound: String },
    /// `EXACT`, `LOWER`, `UPPER` or `HIT`.
    Flag(String),
    /// `STATUS DEPTH SCORE CHILD`, e.g. `PARTIAL 1 4 C`.
    Interrupted {
        status: String,
        depth: u8,
        value: i32,
        choice: String,
    },
    /// `STATIC QUIESCENCE`, e.g. `8 2`.
    Quiescence { fixed: i32, quiet: i32 },
    /// `cut`, `enter NAME` or `return`.
    Next(String),
    /// `C E`: the re-searched children in the order of their re-searches, `-` for none.
    Researched(Vec<String>),
    /// `LO HI; LO HI; …`: every aspiration window of the pass, the exact one last.
    Aspiration(Vec<(i32, i32)>),
    /// A value written exactly: `3.5`, `7/2`, `4`.
    Exact(Ratio),
    /// `G2 H`: outcomes (chance children) in node order, `-` for none.
    Outcomes(Vec<String>),
}

/// How each kind's answer is written, for prompts and the README.
pub fn format_hint(kind: Kind) -> &'static str {
    match kind {
        Kind::Decision => "VALUE MOVE, e.g. `3 A` (the move is the child's name)",
        Kind::Leaves => "leaves in order | skipped children, e.g. `a b d | E`",
        Kind::Window => "ALPHA BETA, e.g. `3 inf` or `-inf 5`",
        Kind::Value => "VALUE exact|lower|upper, e.g. `2 upper`",
        Kind::Flag => "EXACT, LOWER, UPPER, or HIT if the table answers the call",
        Kind::Interrupted => "STATUS DEPTH SCORE MOVE, e.g. `PARTIAL 1 4 C` (no move: `-`)",
        Kind::Quiescence => "STATIC QUIESCENCE, e.g. `8 2`",
        Kind::Next => "`cut`, `enter NAME` or `return`",
        Kind::Researched => {
            "children in the order they are re-searched, e.g. `C E`, or `-` for none"
        }
        Kind::NegamaxWindow => "ALPHA BETA from the node's side to move, e.g. `-5 -4` or `-inf 3`",
        Kind::Aspiration => "ALPHA BETA of each window in order, e.g. `5 15; 0 15; -10 15`",
        Kind::ChanceValue => "the exact value, as a decimal or a fraction, e.g. `3.5` or `7/2`",
        Kind::ChanceSkipped => "the skipped outcomes, e.g. `G H`, or `-` for none",
    }
}

/// A score; `INF` and `Inf` are `inf`, as case never matters in an answer.
fn score(word: &str) -> Result<i32, String> {
    parse_bound(&word.to_ascii_lowercase())
}

fn names(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

impl Answer {
    pub fn parse(kind: Kind, text: &str) -> Result<Answer, String> {
        let words = names(text);
        let want = |n: usize| {
            if words.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "expected {} ({}), got `{}`",
                    crate::text::counted(n as u64, "word", "words"),
                    format_hint(kind),
                    text.trim()
                ))
            }
        };
        Ok(match kind {
            Kind::Decision => {
                want(2)?;
                Answer::Decision {
                    value: score(&words[0])?,
                    choice: words[1].clone(),
                }
            }
            Kind::Leaves => {
                let (left, right) = text.split_once('|').unwrap_or((text, ""));
                Answer::Leaves {
                    evaluated: names(left),
                    skipped: names(right),
                }
            }
            Kind::Window | Kind::NegamaxWindow => {
                want(2)?;
                Answer::Window {
                    alpha: score(&words[0])?,
                    beta: score(&words[1])?,
                }
            }
            Kind::Value => {
                want(2)?;
                let bound = words[1].to_ascii_lowercase();
                if !["exact", "lower", "upper"].contains(&bound.as_str()) {
                    return Err(format!("`{}` is not exact, lower or upper", words[1]));
                }
                Answer::Value {
                    value: score(&words[0])?,
                    bound,
                }
            }
            Kind::Flag => {
                want(1)?;
                let flag = words[0].to_ascii_uppercase();
                let flag = if flag == "TT-HIT" { "HIT".into() } else { flag };
                if !["EXACT", "LOWER", "UPPER", "HIT"].contains(&flag.as_str()) {
                    return Err(format!("`{}` is not EXACT, LOWER, UPPER or HIT", words[0]));
                }
                Answer::Flag(flag)
            }
            Kind::Interrupted => {
                want(4)?;
                Answer::Interrupted {
                    status: words[0].to_ascii_uppercase(),
                    depth: words[1]
                        .parse()
                        .map_err(|_| format!("`{}` is not a depth", words[1]))?,
                    value: score(&words[2])?,
                    choice: words[3].clone(),
                }
            }
            Kind::Quiescence => {
                want(2)?;
                Answer::Quiescence {
                    fixed: score(&words[0])?,
                    quiet: score(&words[1])?,
                }
            }
            Kind::ChanceValue => {
                want(1)?;
                Answer::Exact(Ratio::parse(&words[0]).ok_or_else(|| {
                    format!(
                        "`{}` is not a number (write `3.5` or `7/2`, not a rounded decimal)",
                        words[0]
                    )
                })?)
            }
            Kind::ChanceSkipped => match words.as_slice() {
                [w] if w == "-" || w.eq_ignore_ascii_case("none") => Answer::Outcomes(Vec::new()),
                _ => Answer::Outcomes(words),
            },
            Kind::Researched => match words.as_slice() {
                [w] if w == "-" || w.eq_ignore_ascii_case("none") => Answer::Researched(Vec::new()),
                _ => Answer::Researched(words),
            },
            Kind::Aspiration => {
                let mut windows = Vec::new();
                for part in text.split(';').filter(|p| !p.trim().is_empty()) {
                    let pair = names(part);
                    if pair.len() != 2 {
                        return Err(format!(
                            "each window is two scores ({}), got `{}`",
                            format_hint(kind),
                            part.trim()
                        ));
                    }
                    windows.push((score(&pair[0])?, score(&pair[1])?));
                }
                if windows.is_empty() {
                    return Err(format!("expected {}", format_hint(kind)));
                }
                Answer::Aspiration(windows)
            }
            Kind::Next => match words.as_slice() {
                [w] if w.eq_ignore_ascii_case("cut") || w.eq_ignore_ascii_case("cutoff") => {
                    Answer::Next("cut".into())
                }
                [w] if w.eq_ignore_ascii_case("return") => Answer::Next("return".into()),
                [w, name] if w.eq_ignore_ascii_case("enter") => {
                    Answer::Next(format!("enter {name}"))
                }
                _ => {
                    return Err(format!(
                        "expected {}, got `{}`",
                        format_hint(kind),
                        text.trim()
                    ));
                }
            },
        })
    }
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Decision { value, choice } => write!(f, "{} {choice}", fmt_score(*value)),
            Answer::Leaves { evaluated, skipped } => {
                write!(f, "{} |", evaluated.join(" "))?;
                if !skipped.is_empty() {
                    write!(f, " {}", skipped.join(" "))?;
                }
                Ok(())
            }
            Answer::Window { alpha, beta } => {
                write!(f, "{} {}", fmt_score(*alpha), fmt_score(*beta))
            }
            Answer::Value { value, bound } => write!(f, "{} {bound}", fmt_score(*value)),
            Answer::Flag(flag) => f.write_str(flag),
            Answer::Interrupted {
                status,
                depth,
                value,
                choice,
            } => write!(f, "{status} {depth} {} {choice}", fmt_score(*value)),
            Answer::Quiescence { fixed, quiet } => {
                write!(f, "{} {}", fmt_score(*fixed), fmt_score(*quiet))
            }
            Answer::Next(next) => f.write_str(next),
            Answer::Exact(r) => write!(f, "{r}"),
            Answer::Outcomes(o) if o.is_empty() => f.write_str("-"),
            Answer::Outcomes(o) => f.write_str(&o.join(" ")),
            Answer::Researched(children) if children.is_empty() => f.write_str("-"),
            Answer::Researched(children) => f.write_str(&children.join(" ")),
            Answer::Aspiration(windows) => {
                let parts: Vec<String> = windows
                    .iter()
                    .map(|&(a, b)| format!("{} {}", fmt_score(a), fmt_score(b)))
                    .collect();
                f.write_str(&parts.join("; "))
            }
        }
    }
}
