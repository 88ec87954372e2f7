//! What a Monte Carlo run is asked to do: how many iterations, the exploration constant C of
//! UCB1, the seed of its random numbers, and how a playout picks its moves.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A real number that compares and hashes by its bits, so that options holding one stay
/// `Eq` (two runs with the same C are the same run). Written as a plain JSON number.
#[derive(Clone, Copy, Debug, Default)]
pub struct Real(pub f64);

impl PartialEq for Real {
    fn eq(&self, other: &Real) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Real {}

// JSON has no infinity: an unvisited child's UCB1 is written as `null` and read back as
// infinite (no finite figure is ever written as null).
impl Serialize for Real {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_finite() {
            s.serialize_f64(self.0)
        } else {
            s.serialize_none()
        }
    }
}

impl<'de> Deserialize<'de> for Real {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Real, D::Error> {
        Option::<f64>::deserialize(d).map(|v| Real(v.unwrap_or(f64::INFINITY)))
    }
}

/// How a playout chooses each move until the game ends. Chance outcomes are always drawn by
/// their probabilities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Playout {
    /// A uniformly random legal move.
    #[default]
    Random,
    /// Always the first legal move (a fixed, repeatable policy).
    First,
    /// No moves: the lesson states each iteration's result (seed 004's worked examples).
    Scripted,
}

impl Playout {
    pub fn name(self) -> &'static str {
        match self {
            Playout::Random => "random",
            Playout::First => "first",
            Playout::Scripted => "scripted",
        }
    }

    pub fn parse(text: &str) -> Result<Playout, String> {
        match text.trim() {
            "random" => Ok(Playout::Random),
            "first" => Ok(Playout::First),
            "scripted" => Ok(Playout::Scripted),
            other => Err(format!(
                "playout '{}' is not random, first or scripted",
                crate::text::cut(other)
            )),
        }
    }
}

/// The most iterations one run may ask for.
pub const MAX_ITERATIONS: u32 = 10_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MctsOptions {
    pub iterations: u32,
    /// C in UCB1 = U/N + C·sqrt(ln N(parent) / N).
    pub c: Real,
    pub seed: u64,
    #[serde(default)]
    pub playout: Playout,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            iterations: 1000,
            c: Real(std::f64::consts::SQRT_2),
            seed: 1,
            playout: Playout::Random,
        }
    }
}

impl MctsOptions {
    pub fn is_default(&self) -> bool {
        *self == MctsOptions::default()
    }

    pub fn validate(&self) -> Result<(), String> {
        let c = self.c.0;
        if !c.is_finite() || c < 0.0 {
            return Err(format!(
                "exploration constant C = {c} must be a number at least 0"
            ));
        }
        if !(1..=MAX_ITERATIONS).contains(&self.iterations) {
            return Err(format!(
                "iterations {} is outside 1..={MAX_ITERATIONS}",
                self.iterations
            ));
        }
        Ok(())
    }

    /// C as people write it: "√2" for the square root of two, otherwise the shortest decimal.
    pub fn c_text(&self) -> String {
        c_text(self.c.0)
    }
}

/// C as people write it: "√2" for the square root of two, otherwise the shortest decimal.
pub fn c_text(c: f64) -> String {
    if c == std::f64::consts::SQRT_2 {
        "√2".into()
    } else {
        format!("{c}")
    }
}

/// Reads C: a number, or `sqrt2` / `√2`.
pub fn parse_c(text: &str) -> Result<f64, String> {
    let t = text.trim();
    if matches!(t, "sqrt2" | "√2" | "sqrt(2)") {
        return Ok(std::f64::consts::SQRT_2);
    }
    match t.parse::<f64>() {
        Ok(c) if c.is_finite() && c >= 0.0 => Ok(c),
        _ => Err(format!(
            "exploration constant '{}' is not a number at least 0 (or sqrt2)",
            crate::text::cut(t)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_infinite_ucb1_reads_back_infinite_and_finite_ones_exactly() {
        for x in [f64::INFINITY, 1.391_021, 0.0, std::f64::consts::SQRT_2] {
            let text = serde_json::to_string(&Real(x)).unwrap();
            let back: Real = serde_json::from_str(&text).unwrap();
            assert_eq!(back, Real(x), "{text}");
        }
        assert_eq!(serde_json::to_string(&Real(f64::INFINITY)).unwrap(), "null");
    }

    #[test]
    fn c_reads_numbers_and_the_square_root_of_two_and_refuses_the_rest() {
        assert_eq!(parse_c("sqrt2"), Ok(std::f64::consts::SQRT_2));
        assert_eq!(parse_c("√2"), Ok(std::f64::consts::SQRT_2));
        assert_eq!(parse_c("0.5"), Ok(0.5));
        for bad in ["-1", "abc", "inf", "NaN", ""] {
            assert!(parse_c(bad).is_err(), "{bad}");
        }
        assert_eq!(c_text(std::f64::consts::SQRT_2), "√2");
        assert_eq!(c_text(2.0), "2");
        assert_eq!(c_text(0.5), "0.5");
    }
}
