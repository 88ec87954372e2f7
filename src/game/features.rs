//! Where a static score comes from (seed 004): a node may carry evaluation *features*, named
//! measurements of its position, and the graph the *weight* of each; the node's score is then
//! the weighted sum Σ w·f, computed exactly. The exact numbers a file writes (`0.5`, `3.25`,
//! `"7/2"`) are read here too, since a feature, a weight and a score are written alike.

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize};
use serde_json::Number;

use crate::exact::Ratio;

/// A number as a file writes it: a JSON number (`3`, `0.5`, `-2.25`) or a string holding a
/// fraction or decimal (`"7/2"`). It is read exactly (`Ratio::parse`), never through a float
/// (serde_json writes a float back the shortest way that reads as the same float, which is
/// the decimal the file wrote).
#[derive(Debug, Clone, PartialEq)]
pub enum Amount {
    Number(Number),
    Text(String),
}

impl Amount {
    /// The exact value, or `None` when the text is not a number ("1/0", "abc").
    pub fn exact(&self) -> Option<Ratio> {
        Ratio::parse(&self.text())
    }

    /// As written: `0.5`, `7/2`.
    pub fn text(&self) -> String {
        match self {
            Amount::Number(n) => n.to_string(),
            Amount::Text(t) => t.clone(),
        }
    }

    /// How a file writes `r`: a JSON number when it is an integer or a short decimal
    /// (`3`, `0.25`), else a string fraction (`"19/3"`).
    pub fn of(r: Ratio) -> Amount {
        let text = r.to_string();
        match (r.is_integer(), text.parse::<Number>()) {
            (true, _) => Amount::Number(Number::from(r.num())),
            (false, Ok(n)) if r.is_short_decimal() && !text.contains('/') => Amount::Number(n),
            _ => Amount::Text(text),
        }
    }
}

impl From<i32> for Amount {
    fn from(v: i32) -> Amount {
        Amount::Number(Number::from(v))
    }
}

impl Serialize for Amount {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Amount::Number(n) => n.serialize(s),
            Amount::Text(t) => s.serialize_str(t),
        }
    }
}

impl<'de> Deserialize<'de> for Amount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Amount, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        match value {
            serde_json::Value::Number(n) => Ok(Amount::Number(n)),
            // Read here, so that a string that is no number is refused at its line and column.
            serde_json::Value::String(t) if Ratio::parse(&t).is_some() => Ok(Amount::Text(t)),
            serde_json::Value::String(t) if crate::exact::written_value(&t).is_some() => {
                Err(serde::de::Error::custom(format!(
                    "\"{}\" is a number out of range: an exact value has at most 18 digits and 30 decimal places",
                    crate::text::one_line(&crate::text::cut(&t))
                )))
            }
            other => Err(serde::de::Error::custom(format!(
                "expected a number such as 2, 0.25 or a fraction such as \"7/2\", not {other}"
            ))),
        }
    }
}

/// Named numbers in the order the file writes them: a node's `features`, the graph's
/// `weights`. A JSON object, each name once.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Features(pub Vec<(String, Amount)>);

impl Features {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every entry read exactly, or the first whose value is not a number (its name and text).
    pub fn exact(&self) -> Result<Vec<(String, Ratio)>, (String, String)> {
        self.0
            .iter()
            .map(|(name, a)| {
                a.exact()
                    .map(|r| (name.clone(), r))
                    .ok_or_else(|| (name.clone(), a.text()))
            })
            .collect()
    }
}

impl Serialize for Features {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, a) in &self.0 {
            map.serialize_entry(name, a)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Features {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Features, D::Error> {
        struct Named;
        impl<'de> Visitor<'de> for Named {
            type Value = Features;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of named numbers such as {\"material\": 2, \"mobility\": 6}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Features, A::Error> {
                let mut out: Vec<(String, Amount)> = Vec::new();
                while let Some((name, a)) = map.next_entry::<String, Amount>()? {
                    let shown = crate::text::one_line(&crate::text::cut(&name)).into_owned();
                    if name.trim().is_empty() {
                        return Err(serde::de::Error::custom(
                            "a feature's name must be printable text, not empty",
                        ));
                    }
                    if name.chars().any(crate::text::is_control_text) {
                        return Err(serde::de::Error::custom(format!(
                            "a feature's name must be printable text: \"{shown}\" holds a control character"
                        )));
                    }
                    // What the weights editor (`*`) reads as one name: up to '=', without the
                    // separators and quotes it trims.
                    let edge = |c: char| c.is_whitespace() || matches!(c, ',' | ';' | '"');
                    if name.contains('=') || name.starts_with(edge) || name.ends_with(edge) {
                        return Err(serde::de::Error::custom(format!(
                            "the feature name \"{shown}\" cannot be typed as name=number: no '=' in it, and no space, ',', ';' or '\"' at its ends"
                        )));
                    }
                    if out.iter().any(|(n, _)| *n == name) {
                        return Err(serde::de::Error::custom(format!("{name:?} is named twice")));
                    }
                    out.push((name, a));
                }
                Ok(Features(out))
            }
        }
        d.deserialize_map(Named)
    }
}

/// One term of a weighted sum as a trace records it: the feature's name, its weight and the
/// node's measurement, both exact as text (`"0.25"`, `"12"`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Term {
    pub name: String,
    pub weight: String,
    pub value: String,
}

/// The weighted sum of `features` (a node's, exact) under `weights`: the score and its
/// terms in the weights' order. `Err` names the rule broken: a weight the node has no
/// feature for, or a feature no weight covers.
pub fn weigh(
    features: &[(String, Ratio)],
    weights: &[(String, Ratio)],
) -> Result<(Ratio, Vec<Term>), String> {
    if let Some((name, _)) = features
        .iter()
        .find(|(name, _)| !weights.iter().any(|(w, _)| w == name))
    {
        return Err(format!(
            "feature \"{}\" has no weight (the graph's \"weights\" name {})",
            crate::text::one_line(name),
            names(weights)
        ));
    }
    let mut total = Ratio::ZERO;
    let mut terms = Vec::with_capacity(weights.len());
    for (name, w) in weights {
        let Some((_, f)) = features.iter().find(|(n, _)| n == name) else {
            return Err(format!(
                "the weight of \"{}\" has no feature \"{0}\" here (this node's features are {})",
                crate::text::one_line(name),
                names(features)
            ));
        };
        total = w
            .checked_mul(*f)
            .and_then(|t| total.checked_add(t))
            .ok_or_else(|| format!("the weighted sum overflows at \"{name}\""))?;
        terms.push(Term {
            name: name.clone(),
            weight: w.to_string(),
            value: f.to_string(),
        });
    }
    Ok((total, terms))
}

fn names(list: &[(String, Ratio)]) -> String {
    if list.is_empty() {
        return "none".into();
    }
    list.iter()
        .map(|(n, _)| format!("\"{}\"", crate::text::one_line(n)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A weighted sum term by term, with the names and then the numbers, ending in `total` (the
/// score the search reads, as the run writes it): `1·material + 0.1·mobility = 1 × 2 +
/// 0.1 × 6 = 2.6`. A negative measurement is bracketed (`2 × (-1)`).
pub fn sum_text(terms: &[Term], total: &str) -> String {
    let named: Vec<String> = terms
        .iter()
        .map(|t| format!("{}·{}", t.weight, crate::text::one_line(&t.name)))
        .collect();
    let numbers: Vec<String> = terms
        .iter()
        .map(|t| {
            let value = if t.value.starts_with('-') {
                format!("({})", t.value)
            } else {
                t.value.clone()
            };
            format!("{} × {value}", t.weight)
        })
        .collect();
    format!("{} = {} = {total}", named.join(" + "), numbers.join(" + "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(text: &str) -> Ratio {
        Ratio::parse(text).unwrap()
    }

    #[test]
    fn weighs_exactly_in_the_weights_order() {
        let weights = vec![("f".to_string(), r("2")), ("g".to_string(), r("0.25"))];
        let features = vec![("g".to_string(), r("12")), ("f".to_string(), r("-1"))];
        let (total, terms) = weigh(&features, &weights).unwrap();
        assert_eq!(total, Ratio::ONE);
        assert_eq!(
            sum_text(&terms, &total.to_string()),
            "2·f + 0.25·g = 2 × (-1) + 0.25 × 12 = 1"
        );
    }

    #[test]
    fn names_a_missing_weight_or_feature() {
        let weights = vec![("f".to_string(), r("2"))];
        let extra = vec![("f".to_string(), r("1")), ("g".to_string(), r("1"))];
        assert!(
            weigh(&extra, &weights)
                .unwrap_err()
                .contains("\"g\" has no weight")
        );
        assert!(
            weigh(&[], &weights)
                .unwrap_err()
                .contains("no feature \"f\"")
        );
    }

    #[test]
    fn writes_amounts_back_as_numbers_or_fractions() {
        assert_eq!(Amount::of(r("7/2")), Amount::Number("3.5".parse().unwrap()));
        assert_eq!(Amount::of(r("1/3")), Amount::Text("1/3".into()));
        assert_eq!(Amount::of(r("-4")), Amount::from(-4));
    }
}
