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

impl Serialize for Real {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.0)
    }
}

impl<'de> Deserialize<'de> for Real {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Real, D::Error> {
        f64::deserialize(d).map(Real)
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
