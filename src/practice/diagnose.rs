//! Which parts of a wrong answer are wrong: an answer of several parts (a value and a move, α
//! and β, a value and its bound) is compared part by part with the key, so the verdict can say
//! "only the move is wrong" or "rounded: write 19/3" before it explains the node.

use super::answer::Answer;
use crate::exact::Ratio;
use crate::value::Units;

/// What is wrong with `given` next to `expected`, when the answer has parts to tell apart (or
/// a near miss to name); `None` when there is nothing to add to the node's explanation.
/// Values are written in `units`.
pub fn parts(expected: &Answer, given: &Answer, units: &Units) -> Option<String> {
    use Answer as A;
    match (expected, given) {
        (
            A::Decision { value, choice },
            A::Decision {
                value: v2,
                choice: c2,
            },
        ) => split(&[("the value", value == v2), ("the move", choice == c2)]),
        (
            A::Value { value, bound },
            A::Value {
                value: v2,
                bound: b2,
            },
        ) => value_parts((*value, bound), (*v2, b2), units),
        (
            A::Window { alpha, beta },
            A::Window {
                alpha: a2,
                beta: b2,
            },
        ) => {
            if (alpha, beta) == (b2, a2) {
                Some("α and β are swapped".into())
            } else {
                split(&[("α", alpha == a2), ("β", beta == b2)])
            }
        }
        (
            A::Interrupted {
                status,
                depth,
                value,
                choice,
            },
            A::Interrupted {
                status: s2,
                depth: d2,
                value: v2,
                choice: c2,
            },
        ) => split(&[
            ("the status", status == s2),
            ("the depth", depth == d2),
            ("the score", value == v2),
            ("the move", choice == c2),
        ]),
        (
            A::Quiescence { fixed, quiet },
            A::Quiescence {
                fixed: f2,
                quiet: q2,
            },
        ) => quiescence_parts((*fixed, *quiet), (*f2, *q2)),
        (
            A::Leaves { evaluated, skipped },
            A::Leaves {
                evaluated: e2,
                skipped: s2,
            },
        ) => leaves_parts((evaluated, skipped), (e2, s2)),
        (A::Researched(x), A::Researched(y)) if x != y && same_set(x, y) => {
            Some("the right children, in the wrong order".into())
        }
        (A::Aspiration(x), A::Aspiration(y)) => aspiration_parts(x, y),
        (A::Exact(x), A::Exact(y)) => rounded(*x, *y)
            .then(|| format!("rounded: write {x}, the exact value ({y} is a rounded decimal)")),
        _ => None,
    }
}

fn value_parts(
    (value, bound): (i32, &str),
    (v2, b2): (i32, &str),
    units: &Units,
) -> Option<String> {
    match (value == v2, bound == b2) {
        (true, false) => Some(format!(
            "the value is right; only the bound is wrong: {v2} is {bound}, not {b2}",
            v2 = units.fmt(v2)
        )),
        (false, true) => Some(format!(
            "the bound ({bound}) is right; only the value is wrong"
        )),
        _ => split(&[("the value", false), ("the bound", false)]),
    }
}

fn quiescence_parts((fixed, quiet): (i32, i32), (f2, q2): (i32, i32)) -> Option<String> {
    if fixed != quiet && (fixed, quiet) == (q2, f2) {
        Some("the two values are swapped: the one without quiescence comes first".into())
    } else {
        split(&[
            ("the value without quiescence", fixed == f2),
            ("the value with quiescence", quiet == q2),
        ])
    }
}

fn leaves_parts(
    (evaluated, skipped): (&[String], &[String]),
    (e2, s2): (&[String], &[String]),
) -> Option<String> {
    if evaluated == e2 {
        Some("the leaves read are right; only the skipped children are wrong".into())
    } else if same_set(evaluated, e2) {
        Some("the right leaves, in the wrong order".into())
    } else if skipped == s2 {
        Some("the skipped children are right; only the leaves read are wrong".into())
    } else {
        None
    }
}

fn aspiration_parts(x: &[(i32, i32)], y: &[(i32, i32)]) -> Option<String> {
    let right = x.iter().zip(y).take_while(|(a, b)| a == b).count();
    match right {
        0 => None,
        n if n == y.len() => Some(format!(
            "the first {} right, but the search goes on to {}",
            crate::text::counted(n as u64, "window is", "windows are"),
            crate::text::counted(x.len() as u64, "window", "windows")
        )),
        n => Some(format!(
            "the first {} right",
            crate::text::counted(n as u64, "window is", "windows are")
        )),
    }
}

/// "the value is right; only the move is wrong", or which parts are right and which wrong;
/// `None` when every part is wrong (the explanation then covers the whole answer).
fn split(parts: &[(&str, bool)]) -> Option<String> {
    let right: Vec<&str> = parts.iter().filter(|p| p.1).map(|p| p.0).collect();
    let wrong: Vec<&str> = parts.iter().filter(|p| !p.1).map(|p| p.0).collect();
    if right.is_empty() || wrong.is_empty() {
        return None;
    }
    let verb = |n: usize| if n == 1 { "is" } else { "are" };
    let only = if wrong.len() == 1 { "only " } else { "" };
    Some(format!(
        "{} {} right; {only}{} {} wrong",
        list(&right),
        verb(right.len()),
        list(&wrong),
        verb(wrong.len())
    ))
}

/// "a", "a and b", "a, b and c".
fn list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn same_set(a: &[String], b: &[String]) -> bool {
    let sorted = |v: &[String]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    a.len() == b.len() && sorted(a) == sorted(b)
}

/// Whether `given` is `exact` written as a decimal and rounded (or cut) at its last digit:
/// it has digits after the point and lies within one unit of that digit of the exact value.
fn rounded(exact: Ratio, given: Ratio) -> bool {
    if exact == given || given.is_integer() {
        return false;
    }
    // The decimal places `given` needs (it was typed as a decimal when this is finite).
    let den = given.den() as i128;
    let Some(places) = (1..=12u32).find(|&k| 10i128.pow(k) % den == 0) else {
        return false;
    };
    let diff = (given.num() as i128 * exact.den() as i128
        - exact.num() as i128 * given.den() as i128)
        .abs();
    diff * 10i128.pow(places) < den * exact.den() as i128
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(text: &str) -> Ratio {
        Ratio::parse(text).unwrap()
    }

    #[test]
    fn a_rounded_decimal_is_named() {
        assert!(rounded(r("19/3"), r("6.33")));
        assert!(rounded(r("19/3"), r("6.3")));
        assert!(rounded(r("19/3"), r("6.333")));
        assert!(!rounded(r("19/3"), r("6.5")));
        assert!(!rounded(r("19/3"), r("6")));
        assert!(!rounded(r("7/2"), r("3.5")));
        assert!(rounded(r("25/8"), r("3.13")));
    }

    #[test]
    fn parts_lists_the_right_and_the_wrong() {
        assert_eq!(
            split(&[("the value", true), ("the move", false)]).as_deref(),
            Some("the value is right; only the move is wrong")
        );
        assert_eq!(
            split(&[
                ("the status", true),
                ("the depth", false),
                ("the score", true),
                ("the move", false)
            ])
            .as_deref(),
            Some("the status and the score are right; the depth and the move are wrong")
        );
        assert_eq!(split(&[("α", false), ("β", false)]), None);
    }
}
