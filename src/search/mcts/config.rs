//! What a Monte Carlo run is asked to do: how many iterations, the exploration constant C of
//! UCB1, the seed of its random numbers, how a playout picks its moves, and how a finished
//! game's score becomes MAX's reward.

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

/// How a finished game's score becomes MAX's reward, counted exactly in half-wins (a reward
/// of 1 is two half-wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reward {
    /// The score read as an outcome: above 0 a win (1), 0 a draw (1/2), below 0 a loss (0).
    #[default]
    Outcome,
    /// The score itself, when every finished game's score lies in [0, 1].
    Score,
}

impl Reward {
    pub fn name(self) -> &'static str {
        match self {
            Reward::Outcome => "outcome",
            Reward::Score => "score",
        }
    }

    pub fn parse(text: &str) -> Result<Reward, String> {
        match text.trim() {
            "outcome" => Ok(Reward::Outcome),
            "score" => Ok(Reward::Score),
            other => Err(format!(
                "reward '{}' is not outcome or score",
                crate::text::cut(other)
            )),
        }
    }

    fn is_outcome(&self) -> bool {
        *self == Reward::Outcome
    }

    /// MAX's reward in half-wins for a finished game worth `value` in units of 1/`scale`;
    /// `None` when the score is no reward under this rule: outside [0, 1], or (exactness)
    /// not a whole number of half-wins.
    #[inline]
    pub fn half_wins(self, value: i32, scale: i32) -> Option<u8> {
        match self {
            Reward::Outcome => Some(super::tree::outcome_of(value)),
            Reward::Score => {
                let (twice, scale) = (2 * i64::from(value), i64::from(scale.max(1)));
                (value >= 0 && i64::from(value) <= scale && twice % scale == 0)
                    .then_some((twice / scale) as u8)
            }
        }
    }

    /// Why a finished game worth `value` (units of 1/`scale`) at the node called `name` is no
    /// reward under this rule, in one line.
    pub fn refusal(self, name: &str, value: i32, scale: i32) -> String {
        let written = crate::exact::Ratio::new(i64::from(value), i64::from(scale.max(1)))
            .map_or_else(|| value.to_string(), |r| r.to_string());
        if value < 0 || value > scale {
            format!(
                "--reward score: node {name} scores {written}, outside [0, 1]: a finished game's score is MAX's reward only from 0 to 1 (--reward outcome reads it as a win, draw or loss)"
            )
        } else {
            format!(
                "--reward score: node {name} scores {written}: rewards are counted exactly in half-wins, so a score reward is 0, 1/2 or 1"
            )
        }
    }
}

/// The first finished game of `graph` whose score is no reward under `Reward::Score`, as the
/// line that refuses the run.
pub fn score_rewards_refused(graph: &crate::game::graph::Graph) -> Option<String> {
    use crate::game::Game;
    let scale = graph.scale();
    (0..graph.len() as u32)
        .filter(|&s| graph.move_count(s) == 0)
        .find_map(|s| {
            let v = graph.score(s)?;
            Reward::Score
                .half_wins(v, scale)
                .is_none()
                .then(|| Reward::Score.refusal(&graph.name(s), v, scale))
        })
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
    /// How a finished game's score becomes MAX's reward (written only when it is `score`,
    /// so earlier traces and options read the same).
    #[serde(default, skip_serializing_if = "Reward::is_outcome")]
    pub reward: Reward,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            iterations: 1000,
            c: Real(std::f64::consts::SQRT_2),
            seed: 1,
            playout: Playout::Random,
            reward: Reward::Outcome,
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
        if self.reward == Reward::Score && self.playout == Playout::Scripted {
            return Err(
                "--reward score reads the scores of finished games, and a scripted playout states outcomes instead: use --reward outcome".into(),
            );
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
