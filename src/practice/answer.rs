//! Answers in their one-line text form: what a learner types, what an answer file holds.

use std::fmt;

use crate::exact::Ratio;
use crate::lesson::facts::Kind;
use crate::lesson::parse_bound;
use crate::value::Units;

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
    /// Monte Carlo: a UCB1 in millionths, written to three decimals (`1.083`).
    Ucb1(i64),
    /// Monte Carlo: one child's name (the one selection takes, the move played).
    Child(String),
    /// Monte Carlo: `NAME N U, …` (or `N U …` in the order asked): each node's visits and
    /// wins in half-wins (a draw counts half a win). A name left out is empty until the
    /// problem puts its asked nodes in.
    Counts(Vec<(String, u32, u32)>),
}

/// How a kind's answer is written: its shape, then example answers (each a list of spellings
/// of one answer), how many examples a prompt shows, and what follows them.
struct Form {
    shape: &'static str,
    examples: &'static [&'static [&'static str]],
    shown: usize,
    tail: &'static str,
}

fn form(kind: Kind) -> Form {
    let f = |shape, examples, shown, tail| Form {
        shape,
        examples,
        shown,
        tail,
    };
    match kind {
        Kind::Decision => f(
            "VALUE MOVE",
            &[&["3 A"], &["5 B"], &["-2 C"], &["7 D"]],
            1,
            " (the move is the child's name)",
        ),
        Kind::Leaves => f(
            "leaves in order | skipped children",
            &[&["a b d | E"], &["b c | F"], &["c e g | D"]],
            1,
            "",
        ),
        Kind::Window => f(
            "ALPHA BETA",
            &[&["3 inf"], &["-inf 5"], &["2 7"], &["-inf 4"], &["1 inf"]],
            2,
            "",
        ),
        Kind::Value => f(
            "VALUE exact|lower|upper",
            &[&["2 upper"], &["5 lower"], &["4 exact"], &["-1 upper"]],
            1,
            "",
        ),
        Kind::Flag => f(
            "EXACT, LOWER, UPPER, or HIT if the table answers the call",
            &[],
            0,
            "",
        ),
        Kind::Interrupted => f(
            "STATUS DEPTH SCORE MOVE (no move: `-`)",
            &[&["PARTIAL 1 4 C"], &["COMPLETE 2 3 B"], &["PARTIAL 2 -1 A"]],
            1,
            "",
        ),
        Kind::Quiescence => f("STATIC QUIESCENCE", &[&["8 2"], &["5 3"], &["-1 4"]], 1, ""),
        Kind::Next => f("`cut`, `enter NAME` or `return`", &[], 0, ""),
        Kind::Researched => f(
            "children in the order they are re-searched (`-` for none)",
            &[&["C E"], &["B"], &["D F"]],
            1,
            "",
        ),
        Kind::NegamaxWindow => f(
            "ALPHA BETA from the node's side to move",
            &[&["-5 -4"], &["-inf 3"], &["2 7"], &["-inf -1"], &["-6 inf"]],
            2,
            "",
        ),
        Kind::Aspiration => f(
            "ALPHA BETA of each window in order",
            &[
                &["5 15; 0 15; -10 15"],
                &["-3 7; -3 17"],
                &["10 20; 0 20; 0 40"],
            ],
            1,
            "",
        ),
        Kind::ChanceValue => f(
            "the exact value, as a decimal or a fraction",
            &[&["3.5", "7/2"], &["2.5", "5/2"], &["4.25", "17/4"]],
            1,
            "",
        ),
        Kind::ChanceSkipped => f(
            "the skipped outcomes (`-` for none)",
            &[&["G H"], &["B"], &["C D"]],
            1,
            "",
        ),
        Kind::MctsUcb1 => f(
            "a number to 3 decimals",
            &[&["0.123"], &["1.456"], &["2.071"]],
            1,
            "",
        ),
        Kind::MctsSelect | Kind::MctsPlayed => {
            f("a child's name", &[&["Q"], &["Z"], &["K"]], 1, "")
        }
        Kind::MctsBackup => f(
            "NAME N U for each asked node, in the order asked, U in wins (a draw is 0.5)",
            &[&["p 4 2.5, q 3 1"], &["p 9 3, q 5 4"]],
            1,
            "",
        ),
    }
}

/// How each kind's answer is written, with its usual examples.
pub fn format_hint(kind: Kind) -> String {
    format_hint_avoiding(kind, |_| false)
}

/// How a kind's answer is written, with examples none of whose spellings `accepted` takes
/// for the right answer: an example must never give the answer away.
pub fn format_hint_avoiding(kind: Kind, accepted: impl Fn(&str) -> bool) -> String {
    let form = form(kind);
    let groups: Vec<String> = form
        .examples
        .iter()
        .filter(|spellings| !spellings.iter().any(|s| accepted(s)))
        .take(form.shown)
        .map(|spellings| {
            let quoted: Vec<String> = spellings.iter().map(|s| format!("`{s}`")).collect();
            quoted.join(" or ")
        })
        .collect();
    if groups.is_empty() {
        format!("{}{}", form.shape, form.tail)
    } else {
        format!("{}, e.g. {}{}", form.shape, groups.join(" or "), form.tail)
    }
}

/// The example answers a format text shows: what is quoted after its "e.g." (the forms quoted
/// before it, such as `-` for none, are rules, not examples).
pub fn examples_in(format: &str) -> Vec<&str> {
    let Some((_, after)) = format.split_once("e.g.") else {
        return Vec::new();
    };
    after.split('`').skip(1).step_by(2).collect()
}

/// A kind's answer shape without examples, for messages about an unreadable answer.
fn shape(kind: Kind) -> String {
    let form = form(kind);
    format!("{}{}", form.shape, form.tail)
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

/// `words` has `n` words, else the error that says what the kind's answer looks like.
fn want(kind: Kind, text: &str, words: &[String], n: usize) -> Result<(), String> {
    if words.len() == n {
        Ok(())
    } else {
        Err(format!(
            "expected {} ({}), got `{}`",
            crate::text::counted(n as u64, "word", "words"),
            shape(kind),
            text.trim()
        ))
    }
}

/// `-` or `none` for an empty list of names, else the names.
fn name_list(words: Vec<String>) -> Vec<String> {
    match words.as_slice() {
        [w] if w == "-" || w.eq_ignore_ascii_case("none") => Vec::new(),
        _ => words,
    }
}

impl Answer {
    /// Reads an answer line of `kind`'s form.
    pub fn parse(kind: Kind, text: &str) -> Result<Answer, String> {
        let words = names(text);
        let want = |n: usize| want(kind, text, &words, n);
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
                value(&words)?
            }
            Kind::Flag => {
                want(1)?;
                flag(&words[0])?
            }
            Kind::Interrupted => {
                want(4)?;
                interrupted(&words)?
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
                exact(&words[0])?
            }
            Kind::ChanceSkipped => Answer::Outcomes(name_list(words)),
            Kind::Researched => Answer::Researched(name_list(words)),
            Kind::Aspiration => aspiration(kind, text)?,
            Kind::Next => next(kind, text, &words)?,
            Kind::MctsUcb1 => {
                want(1)?;
                ucb1(&words[0])?
            }
            Kind::MctsSelect | Kind::MctsPlayed => {
                want(1)?;
                Answer::Child(words[0].trim_matches(['"', '\'']).to_string())
            }
            Kind::MctsBackup => counts(text)?,
        })
    }

    /// The answer in its one-line form, its values in `units`. (`Display` writes whole
    /// numbers: the kinds whose answers hold scores are asked only on trees whose values
    /// are whole numbers, see `chance_kinds::askable`.)
    pub fn written(&self, units: &Units) -> String {
        let fmt = |v: i32| units.fmt(v);
        match self {
            Answer::Decision { value, choice } => format!("{} {choice}", fmt(*value)),
            Answer::Leaves { evaluated, skipped } if skipped.is_empty() => {
                format!("{} |", evaluated.join(" "))
            }
            Answer::Leaves { evaluated, skipped } => {
                format!("{} | {}", evaluated.join(" "), skipped.join(" "))
            }
            Answer::Window { alpha, beta } => format!("{} {}", fmt(*alpha), fmt(*beta)),
            Answer::Value { value, bound } => format!("{} {bound}", fmt(*value)),
            Answer::Flag(flag) => flag.clone(),
            Answer::Interrupted {
                status,
                depth,
                value,
                choice,
            } => format!("{status} {depth} {} {choice}", fmt(*value)),
            Answer::Quiescence { fixed, quiet } => format!("{} {}", fmt(*fixed), fmt(*quiet)),
            Answer::Next(next) => next.clone(),
            Answer::Exact(r) => r.to_string(),
            Answer::Outcomes(o) | Answer::Researched(o) if o.is_empty() => "-".into(),
            Answer::Outcomes(o) | Answer::Researched(o) => o.join(" "),
            Answer::Aspiration(windows) => {
                let parts: Vec<String> = windows
                    .iter()
                    .map(|&(a, b)| format!("{} {}", fmt(a), fmt(b)))
                    .collect();
                parts.join("; ")
            }
            Answer::Ucb1(millionths) => format!("{:.3}", *millionths as f64 / 1e6),
            Answer::Child(c) => c.clone(),
            Answer::Counts(rows) => {
                let parts: Vec<String> = (rows.iter())
                    .map(|(l, n, u)| {
                        // Monte Carlo practice counts half-wins (its runs are refused otherwise).
                        let wins = crate::index::monte::wins_text(*u, 2);
                        if l.is_empty() {
                            format!("{n} {wins}")
                        } else {
                            format!("{l} {n} {wins}")
                        }
                    })
                    .collect();
                parts.join(", ")
            }
        }
    }
}

/// A UCB1 as a learner writes it, in millionths.
fn ucb1(word: &str) -> Result<Answer, String> {
    word.parse::<f64>()
        .ok()
        .filter(|x| x.is_finite() && x.abs() < 1e9)
        .map(|x| Answer::Ucb1((x * 1e6).round() as i64))
        .ok_or_else(|| format!("`{word}` is not a number (write it to 3 decimals, e.g. 1.083)"))
}

/// `a 13 8, b 8 4` or `13 8 8 4`: (name, N, U in half-wins) for each node; the names are
/// empty when the line gives numbers only. `N = 13, U = 8` spellings are read too.
fn counts(text: &str) -> Result<Answer, String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || ",;:/=()".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let number = |w: &str| w.parse::<f64>().is_ok();
    let visits = |w: &str| {
        w.parse::<u32>()
            .map_err(|_| format!("`{}` is not a count of visits", crate::text::cut(w)))
    };
    let halves = |w: &str| -> Result<u32, String> {
        let x: f64 = (w.parse().ok())
            .filter(|x: &f64| x.is_finite() && *x >= 0.0 && *x < 1e9)
            .ok_or_else(|| format!("`{}` is not a count of wins", crate::text::cut(w)))?;
        let h = x * 2.0;
        if h.fract() != 0.0 {
            return Err(format!("{w} wins is not a whole or half number of wins"));
        }
        Ok(h as u32)
    };
    let mut rows = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let name = if number(words[i]) {
            String::new()
        } else {
            i += 1;
            words[i - 1].to_string()
        };
        // "N" and "U" before a count name it (unless a node is called so: then it stands
        // before numbers and is taken as the name above).
        let take = |i: &mut usize| -> Result<&str, String> {
            while *i < words.len()
                && (words[*i].eq_ignore_ascii_case("n") || words[*i].eq_ignore_ascii_case("u"))
            {
                *i += 1;
            }
            let w = words.get(*i).ok_or_else(|| {
                format!(
                    "expected NAME N U for each node (e.g. p 4 2.5, q 3 1), got `{}`",
                    text.trim()
                )
            })?;
            *i += 1;
            Ok(w)
        };
        let n = visits(take(&mut i)?)?;
        let u = halves(take(&mut i)?)?;
        rows.push((name, n, u));
    }
    if rows.is_empty() {
        return Err("expected NAME N U for each node, e.g. p 4 2.5, q 3 1".into());
    }
    Ok(Answer::Counts(rows))
}

/// `VALUE exact|lower|upper`.
fn value(words: &[String]) -> Result<Answer, String> {
    let bound = words[1].to_ascii_lowercase();
    if !["exact", "lower", "upper"].contains(&bound.as_str()) {
        return Err(format!("`{}` is not exact, lower or upper", words[1]));
    }
    Ok(Answer::Value {
        value: score(&words[0])?,
        bound,
    })
}

/// `EXACT`, `LOWER`, `UPPER` or `HIT` (`TT-HIT` too), in any case.
fn flag(word: &str) -> Result<Answer, String> {
    let flag = word.to_ascii_uppercase();
    let flag = if flag == "TT-HIT" { "HIT".into() } else { flag };
    if !["EXACT", "LOWER", "UPPER", "HIT"].contains(&flag.as_str()) {
        return Err(format!("`{word}` is not EXACT, LOWER, UPPER or HIT"));
    }
    Ok(Answer::Flag(flag))
}

/// `STATUS DEPTH SCORE CHILD`.
fn interrupted(words: &[String]) -> Result<Answer, String> {
    Ok(Answer::Interrupted {
        status: words[0].to_ascii_uppercase(),
        depth: words[1]
            .parse()
            .map_err(|_| format!("`{}` is not a depth", words[1]))?,
        value: score(&words[2])?,
        choice: words[3].clone(),
    })
}

/// A value written exactly: `3.5`, `7/2`, `4`.
fn exact(word: &str) -> Result<Answer, String> {
    Ratio::parse(word).map(Answer::Exact).ok_or_else(|| {
        format!("`{word}` is not a number (write `3.5` or `7/2`, not a rounded decimal)")
    })
}

/// `LO HI; LO HI; …`.
fn aspiration(kind: Kind, text: &str) -> Result<Answer, String> {
    let mut windows = Vec::new();
    for part in text.split(';').filter(|p| !p.trim().is_empty()) {
        let pair = names(part);
        if pair.len() != 2 {
            return Err(format!(
                "each window is two scores ({}), got `{}`",
                shape(kind),
                part.trim()
            ));
        }
        windows.push((score(&pair[0])?, score(&pair[1])?));
    }
    if windows.is_empty() {
        return Err(format!("expected {}", shape(kind)));
    }
    Ok(Answer::Aspiration(windows))
}

/// `cut` (or `cutoff`), `return` or `enter NAME`.
fn next(kind: Kind, text: &str, words: &[String]) -> Result<Answer, String> {
    Ok(match words {
        [w] if w.eq_ignore_ascii_case("cut") || w.eq_ignore_ascii_case("cutoff") => {
            Answer::Next("cut".into())
        }
        [w] if w.eq_ignore_ascii_case("return") => Answer::Next("return".into()),
        [w, name] if w.eq_ignore_ascii_case("enter") => Answer::Next(format!("enter {name}")),
        _ => {
            return Err(format!("expected {}, got `{}`", shape(kind), text.trim()));
        }
    })
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written(&Units::integers()))
    }
}
