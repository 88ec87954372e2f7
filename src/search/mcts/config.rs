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

/// How a finished game's score becomes MAX's reward. Rewards are counted exactly, as whole
/// numbers of a run's reward unit, 1/`per_win` of a win: half-wins (`per_win` 2) under the
/// outcome rule, and under the score rule the least unit that counts every finished game's
/// score exactly (always a whole number of half-wins too: 0.75 needs quarter-wins, 1/3 sixths).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reward {
    /// The score read as an outcome: above 0 a win (1), 0 a draw (1/2), below 0 a loss (0).
    #[default]
    Outcome,
    /// The score itself, when every finished game's score lies in [0, 1].
    Score,
}

/// The finest reward unit a run may count in: 1/254 of a win. A reward is recorded in a byte
/// (a win is `per_win` units), and N·`per_win` stays below 2^32 for the most iterations a run
/// may ask, so U is an exact `u32` however long the run.
pub const MAX_PER_WIN: u32 = 254;

/// Why a score is no reward under `Reward::Score`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unfit {
    /// Below 0 or above 1.
    Outside,
    /// Counting it exactly beside the scores before it needs 1/`needs` of a win, finer than
    /// `MAX_PER_WIN`.
    TooFine { needs: u64 },
}

/// The least unit (parts of a win) that counts the score `value` (units of 1/`scale`) and
/// every reward `per_win` already counts, exactly; a multiple of `per_win`.
pub fn finer_unit(per_win: u32, value: i32, scale: i32) -> Result<u32, Unfit> {
    let (v, scale) = (i64::from(value), i64::from(scale.max(1)));
    if v < 0 || v > scale {
        return Err(Unfit::Outside);
    }
    // The score v/scale in lowest terms has denominator scale / gcd(v, scale).
    let den = scale / crate::exact::gcd(v, scale).max(1);
    let needs = crate::exact::lcm(i64::from(per_win), den).unwrap_or(i64::MAX) as u64;
    if needs > u64::from(MAX_PER_WIN) {
        return Err(Unfit::TooFine { needs });
    }
    Ok(needs as u32)
}

/// The reward unit in words, as a count of it is read: "half-wins", "quarter-wins", "sixths
/// of a win", or "units of 1/14 win".
pub fn unit_words(per_win: u32) -> String {
    match per_win {
        1 => "wins".into(),
        2 => "half-wins".into(),
        4 => "quarter-wins".into(),
        _ => match ordinal(per_win) {
            Some(o) => format!("{o}s of a win"),
            None => format!("units of 1/{per_win} win"),
        },
    }
}

fn ordinal(n: u32) -> Option<&'static str> {
    Some(match n {
        3 => "third",
        5 => "fifth",
        6 => "sixth",
        8 => "eighth",
        10 => "tenth",
        12 => "twelfth",
        16 => "sixteenth",
        20 => "twentieth",
        100 => "hundredth",
        _ => return None,
    })
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

    /// MAX's reward, in units of 1/`per_win` of a win, for a finished game worth `value` in
    /// units of 1/`scale`; `None` when the score is no reward under this rule: outside
    /// [0, 1], or not a whole number of the run's units. The outcome rule counts half-wins
    /// (its runs have `per_win` 2).
    #[inline]
    pub fn units(self, value: i32, scale: i32, per_win: u8) -> Option<u8> {
        match self {
            Reward::Outcome => Some(super::tree::outcome_of(value)),
            Reward::Score => {
                let (v, scale) = (i64::from(value), i64::from(scale.max(1)));
                let times = v * i64::from(per_win);
                (v >= 0 && v <= scale && times % scale == 0).then_some((times / scale) as u8)
            }
        }
    }

    /// The reward unit of a run under this rule whose finished games all score in units of
    /// 1/`scale`, before their scores are known: half-wins, or for scores the unit the scale
    /// itself makes (a game whose finished games cannot be listed).
    pub fn coarse_unit(self, scale: i32) -> Result<u8, Unfit> {
        match self {
            Reward::Outcome => Ok(2),
            Reward::Score => finer_unit(2, 1, scale).map(|u| u as u8),
        }
    }

    /// Why a finished game worth `value` (units of 1/`scale`) at the node called `name` is no
    /// reward under this rule, in one line.
    pub fn refusal(self, name: &str, value: i32, scale: i32, why: Unfit) -> String {
        let written = crate::exact::Ratio::new(i64::from(value), i64::from(scale.max(1)))
            .map_or_else(|| value.to_string(), |r| r.to_string());
        match why {
            Unfit::Outside => format!(
                "--reward score: node {name} scores {written}, outside [0, 1]: a finished game's score is MAX's reward only from 0 to 1 (--reward outcome reads it as a win, draw or loss)"
            ),
            Unfit::TooFine { needs } => format!(
                "--reward score: node {name} scores {written}, and counting every score exactly would take 1/{needs} of a win: mcts counts rewards in 1/{MAX_PER_WIN} of a win at the finest, so write the scores over smaller denominators"
            ),
        }
    }
}

/// The reward unit (parts of a win) that counts the score of every finished game of `graph`
/// exactly under `Reward::Score`, or the line that refuses the run: the first finished game
/// whose score is outside [0, 1] or needs a unit finer than `MAX_PER_WIN`.
pub fn score_unit(graph: &crate::game::graph::Graph) -> Result<u8, String> {
    use crate::game::Game;
    let scale = graph.scale();
    let mut per_win = 2;
    for s in (0..graph.len() as u32).filter(|&s| graph.move_count(s) == 0) {
        let Some(v) = graph.score(s) else { continue };
        per_win = finer_unit(per_win, v, scale)
            .map_err(|why| Reward::Score.refusal(&graph.name(s), v, scale, why))?;
    }
    Ok(per_win as u8)
}

/// The first finished game of `graph` whose score is no reward under `Reward::Score`, as the
/// line that refuses the run.
pub fn score_rewards_refused(graph: &crate::game::graph::Graph) -> Option<String> {
    score_unit(graph).err()
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
        checked_c(self.c.0)?;
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

/// The largest C: a bonus a million times a win already drowns every mean.
pub const MAX_C: f64 = 1e6;

/// The smallest C other than 0: anything smaller is no exploration a run could show, and
/// below 1e-308 it no longer even prints as itself.
pub const MIN_C: f64 = 1e-6;

/// C when it is one a run takes: 0, or from `MIN_C` to `MAX_C` (−0 is 0).
pub fn checked_c(c: f64) -> Result<f64, String> {
    if !c.is_finite() || c < 0.0 {
        return Err(format!(
            "exploration constant C = {c} must be a number at least 0"
        ));
    }
    if c != 0.0 && !(MIN_C..=MAX_C).contains(&c) {
        return Err(format!(
            "exploration constant C = {c:e} is out of range: 0, or from {MIN_C:e} to {MAX_C:e}"
        ));
    }
    // −0 + 0 is +0: C is shown as 0, never "-0".
    Ok(c + 0.0)
}

/// Reads C: a number, or `sqrt2` / `√2`.
pub fn parse_c(text: &str) -> Result<f64, String> {
    let t = text.trim();
    if matches!(t, "sqrt2" | "√2" | "sqrt(2)") {
        return Ok(std::f64::consts::SQRT_2);
    }
    match t.parse::<f64>() {
        Ok(c) if c.is_finite() && c >= 0.0 => checked_c(c),
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
