//! The weights line the student types: `f=2 g=0.25`, each weight once, named as the graph's
//! `weights` name it (a name may hold spaces: `timed result=-1`), its number exact (`3`,
//! `-0.5`, `7/2`). A weight not given keeps the value it has now; `lesson` asks for the
//! lesson's own weights back.

use crate::exact::Ratio;

/// What the line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    /// These weights, every one of the graph's, in its order.
    Weights(Vec<(String, Ratio)>),
    /// The lesson's own weights.
    Lesson,
}

/// The weights as the line writes them, in the graph's order: `f=2 g=0.25`.
pub fn text(weights: &[(String, Ratio)]) -> String {
    weights
        .iter()
        .map(|(name, w)| format!("{}={w}", crate::text::one_line(name)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads `line` against the weights the run has now (`now`: their names and values), or
/// says in one line which weight or rule is wrong.
pub fn parse(line: &str, now: &[(String, Ratio)]) -> Result<Asked, String> {
    let line = line.trim();
    if line == "lesson" {
        return Ok(Asked::Lesson);
    }
    if line.is_empty() {
        return Err(format!(
            "type weights such as {}, or lesson for the lesson's own",
            text(now)
        ));
    }
    let mut out = now.to_vec();
    let mut given: Vec<String> = Vec::new();
    let mut rest = line;
    loop {
        rest = rest.trim_start_matches([' ', ',', ';']);
        if rest.is_empty() {
            break;
        }
        let Some(eq) = rest.find('=') else {
            return Err(format!(
                "'{}': write each weight as name=number, e.g. {}",
                crate::text::cut(rest.trim()),
                text(now)
            ));
        };
        let name = rest[..eq].trim().trim_matches('"').trim();
        let after = rest[eq + 1..].trim_start();
        let end = after.find([' ', ',', ';']).unwrap_or(after.len());
        let number = &after[..end];
        rest = &after[end..];
        if name.is_empty() {
            return Err(format!(
                "'={}': a weight needs its feature's name before '='",
                crate::text::cut(number)
            ));
        }
        let Some(slot) = out.iter_mut().find(|(n, _)| n == name) else {
            return Err(format!(
                "unknown feature \"{}\": this graph weighs {}",
                crate::text::cut(name),
                names(now)
            ));
        };
        if given.iter().any(|g| g == name) {
            return Err(format!("\"{}\" is given twice", crate::text::cut(name)));
        }
        slot.1 = number_of(name, number)?;
        given.push(name.to_string());
    }
    Ok(Asked::Weights(out))
}

/// The exact number `text`, or why it is none (named by the weight it was for).
pub(super) fn number_of(name: &str, text: &str) -> Result<Ratio, String> {
    let name = crate::text::cut(name);
    if text.is_empty() {
        return Err(format!("\"{name}\": no number after '='"));
    }
    let zero_den = text
        .split_once('/')
        .and_then(|(_, d)| Ratio::parse(d))
        .is_some_and(|d| d == Ratio::ZERO);
    if zero_den {
        return Err(format!(
            "\"{name}\": {} divides by zero, which is no number",
            crate::text::cut(text)
        ));
    }
    Ratio::parse(text).ok_or_else(|| {
        if crate::exact::written_value(text).is_some() {
            return format!(
                "\"{name}\": '{}' is out of range: an exact weight has at most 18 digits and 30 decimal places",
                crate::text::cut(text)
            );
        }
        format!(
            "\"{name}\": '{}' is not a number (write 3, -0.5, 0.25 or 7/2)",
            crate::text::cut(text)
        )
    })
}

fn names(list: &[(String, Ratio)]) -> String {
    list.iter()
        .map(|(n, _)| format!("\"{}\"", crate::text::one_line(n)))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(t: &str) -> Ratio {
        Ratio::parse(t).unwrap()
    }

    fn now() -> Vec<(String, Ratio)> {
        vec![
            ("result".to_string(), r("100")),
            ("timed result".to_string(), r("-1")),
        ]
    }

    #[test]
    fn reads_names_with_spaces_fractions_and_keeps_the_rest() {
        let got = parse("timed result=7/2", &now()).unwrap();
        assert_eq!(
            got,
            Asked::Weights(vec![
                ("result".to_string(), r("100")),
                ("timed result".to_string(), r("3.5")),
            ])
        );
        let got = parse(" result = -0.25, \"timed result\"=2 ", &now()).unwrap();
        assert_eq!(
            got,
            Asked::Weights(vec![
                ("result".to_string(), r("-1/4")),
                ("timed result".to_string(), r("2")),
            ])
        );
        assert_eq!(text(&now()), "result=100 timed result=-1");
        assert_eq!(parse(&text(&now()), &now()).unwrap(), Asked::Weights(now()));
        assert_eq!(parse("lesson", &now()).unwrap(), Asked::Lesson);
    }

    #[test]
    fn names_the_weight_or_rule_that_is_wrong() {
        let e = parse("mobility=2", &now()).unwrap_err();
        assert!(e.contains("unknown feature \"mobility\""), "{e}");
        assert!(e.contains("\"result\", \"timed result\""), "{e}");
        let e = parse("result=1/0", &now()).unwrap_err();
        assert!(e.contains("\"result\": 1/0 divides by zero"), "{e}");
        let e = parse("result=abc", &now()).unwrap_err();
        assert!(e.contains("'abc' is not a number"), "{e}");
        // Issue 35: a number out of range is called that, not "not a number".
        let one = vec![("f".to_string(), Ratio::ONE)];
        let Err(e) = parse("f=1e308", &one) else {
            panic!("1e308 is refused")
        };
        assert!(e.contains("'1e308' is out of range"), "{e}");
        let e = parse("result=", &now()).unwrap_err();
        assert!(e.contains("no number"), "{e}");
        let e = parse("result=1 result=2", &now()).unwrap_err();
        assert!(e.contains("given twice"), "{e}");
        let e = parse("100", &now()).unwrap_err();
        assert!(e.contains("name=number"), "{e}");
        assert!(parse("", &now()).is_err());
    }
}
