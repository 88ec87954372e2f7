//! Figures a lesson states about the size of game trees, rolls of dice and the plies of a
//! round: facts that are arithmetic, not a run. Each one names a figure of `prune size`
//! (`crate::size`, the one home of that arithmetic) with its inputs, and the value the text
//! states. A stated value is compared at the precision it is written in: `"10^123.5"` with the
//! power of ten to one decimal, `"55.88 %"` to two decimals of a percentage, `"0.0294"` to four
//! places, `"12345/11111"` exactly, a whole number exactly (a string of digits for one too long
//! for JSON), so a lesson can quote a count whole or as the seed rounds it, never wrongly.

use num_bigint::BigUint;
use num_traits::One;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::size::{self, Dice, Rounds, TreeCounts};

/// Which figure of `prune size` a fact states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Figure {
    /// b^d (branching, depth).
    Leaves,
    /// b^0 + … + b^d, the root included.
    Positions,
    /// b^⌈d/2⌉ + b^⌊d/2⌋ − 1.
    KnuthMoore,
    /// Pearl's R_b (branching).
    PearlRatio,
    /// b + … + b^d: positions below the root one search to depth d generates.
    OnePass,
    /// Positions iterative deepening over depths 1..d generates.
    Deepening,
    /// Deepening ÷ one pass.
    DeepeningRatio,
    /// The earlier passes' leaves, b + … + b^(d−1).
    EarlierLeaves,
    /// Those leaves ÷ b^d.
    EarlierLeavesShare,
    /// The Knuth–Moore minimum of every depth 1..d−1, summed.
    EarlierKnuthMoore,
    /// That sum ÷ the Knuth–Moore minimum of depth d.
    EarlierKnuthMooreShare,
    /// The time to read every leaf at `rate` positions per second, as `prune size` writes it.
    Time,
    /// Plies in one round (players, or turns).
    PliesPerRound,
    /// Plies in `rounds` rounds.
    Plies,
    /// Ordered outcomes of the dice (dice).
    DiceOrdered,
    /// Distinct rolls, order ignored.
    DiceDistinct,
    /// `[[orders, rolls, "p"], …]`: rolls grouped by how many orders give each, and each
    /// one's exact probability.
    DiceGroups,
    /// Every distinct roll's probability added up (`"1"`).
    DiceSum,
    /// Paths through `stages` of a roll followed by one of `actions` moves.
    DicePaths,
}

/// A figure the lesson's text states, checked against `crate::size` by the lesson tests.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SizeFactSpec {
    pub figure: Figure,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branching: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Positions per second, for `time`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<u32>,
    /// One round's turn order, such as `["MAX", "MIN", "MIN"]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// NdM, such as `"2d6"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actions: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stages: Option<u32>,
    pub equals: Value,
}

/// The largest branching and depth a lesson's fact may ask for (`prune size` allows more;
/// a lesson's figures stay quick to check).
const MOST: u32 = 100_000;

/// What a figure comes to: a count, a fraction, a float, or words `prune size` prints.
enum Computed {
    Count(BigUint),
    Ratio(BigUint, BigUint),
    Real(f64),
    Text(String),
    Json(Value),
}

impl SizeFactSpec {
    fn tree(&self) -> Result<TreeCounts, String> {
        let (Some(b), Some(d)) = (self.branching, self.depth) else {
            return Err(format!("{:?} needs branching and depth", self.figure));
        };
        if !(1..=MOST).contains(&b) || d > MOST {
            return Err(format!(
                "branching {b}, depth {d}: branching must be 1..={MOST} and depth 0..={MOST}"
            ));
        }
        Ok(TreeCounts::new(b, d))
    }

    fn rounds(&self) -> Result<Rounds, String> {
        let turn_order = match (&self.turns, self.players) {
            (Some(t), None) if !t.is_empty() => t.clone(),
            (None, Some(p)) if p >= 1 => (1..=p).map(|i| format!("player {i}")).collect(),
            _ => {
                return Err(format!(
                    "{:?} needs players (1 or more) or turns, not both",
                    self.figure
                ));
            }
        };
        Ok(Rounds {
            turn_order,
            rounds: self.rounds.unwrap_or(1),
        })
    }

    fn dice(&self) -> Result<Dice, String> {
        Dice::parse(self.dice.as_deref().unwrap_or(""))
    }

    fn compute(&self) -> Result<Computed, String> {
        use Computed::*;
        Ok(match self.figure {
            Figure::Leaves => Count(self.tree()?.leaves),
            Figure::Positions => Count(self.tree()?.nodes),
            Figure::KnuthMoore => Count(self.tree()?.knuth_moore),
            Figure::PearlRatio => Real(size::pearl_ratio(self.tree_branching()?)),
            Figure::OnePass => Count(self.tree()?.one_pass),
            Figure::Deepening => Count(self.tree()?.deepening),
            Figure::DeepeningRatio => {
                let (n, q) = self.tree()?.deepening_ratio();
                Ratio(n, q)
            }
            Figure::EarlierLeaves => Count(self.tree()?.earlier_leaves),
            Figure::EarlierLeavesShare => {
                let (n, q) = self.tree()?.earlier_leaves_share();
                Ratio(n, q)
            }
            Figure::EarlierKnuthMoore => Count(self.tree()?.earlier_knuth_moore),
            Figure::EarlierKnuthMooreShare => {
                let (n, q) = self.tree()?.earlier_knuth_moore_share();
                Ratio(n, q)
            }
            Figure::Time => {
                let rate = self.rate.ok_or("time needs a rate")?;
                Text(size::duration(&self.tree()?.leaves, rate))
            }
            Figure::PliesPerRound => Count(BigUint::from(self.rounds()?.per_round())),
            Figure::Plies => Count(BigUint::from(self.rounds()?.total())),
            Figure::DiceOrdered => Count(self.dice()?.ordered()),
            Figure::DiceDistinct => Count(BigUint::from(self.dice()?.distinct.len())),
            Figure::DiceGroups => Json(Value::Array(
                (self.dice()?.groups().into_iter())
                    .map(|(w, n, (p, q))| serde_json::json!([w, n, format!("{p}/{q}")]))
                    .collect(),
            )),
            Figure::DiceSum => {
                let (n, q) = self.dice()?.probability_sum();
                Ratio(n, q)
            }
            Figure::DicePaths => {
                let d = self.dice()?;
                let a = self.actions.ok_or("dice-paths needs actions")?;
                let rolls = BigUint::from(d.distinct.len()) * BigUint::from(a);
                Count(rolls.pow(self.stages.unwrap_or(1)))
            }
        })
    }

    fn tree_branching(&self) -> Result<u32, String> {
        match self.branching {
            Some(b) if (1..=MOST).contains(&b) => Ok(b),
            _ => Err(format!("pearl-ratio needs a branching in 1..={MOST}")),
        }
    }

    /// The figure written as `equals` writes it (its precision and form), or why it cannot be.
    pub fn evaluate(&self) -> Result<Value, String> {
        let computed = self.compute()?;
        let stated = match &self.equals {
            Value::String(s) => s.trim().to_string(),
            Value::Number(n) => n.to_string(),
            other => {
                return match computed {
                    Computed::Json(v) => Ok(v),
                    _ => Err(format!("a stated {other} is neither a number nor a string")),
                };
            }
        };
        Ok(Value::String(written_like(&computed, &stated)))
    }

    /// Whether the stated value holds, and the figure as stated.
    pub fn holds(&self) -> Result<(bool, Value), String> {
        let got = self.evaluate()?;
        let same = match (&got, &self.equals) {
            (Value::String(g), Value::String(e)) => g == e.trim(),
            (Value::String(g), Value::Number(n)) => *g == n.to_string(),
            (g, e) => g == e,
        };
        Ok((same, got))
    }
}

/// Digits after the decimal point of a stated number ("55.88" has 2).
fn places(text: &str) -> u32 {
    text.split_once('.').map_or(0, |(_, f)| {
        f.chars().take_while(char::is_ascii_digit).count() as u32
    })
}

/// `computed`, written in the form and to the precision of `stated`.
fn written_like(computed: &Computed, stated: &str) -> String {
    match computed {
        Computed::Count(n) if stated.starts_with("10^") => {
            format!("10^{:.*}", places(stated) as usize, size::log10(n))
        }
        Computed::Count(n) => n.to_string(),
        Computed::Ratio(n, q) if stated.ends_with('%') => {
            let number = stated.trim_end_matches('%').trim_end();
            let sep = &stated[number.len()..stated.len() - 1];
            format!("{}{sep}%", size::decimal(&(n * 100u32), q, places(number)))
        }
        Computed::Ratio(n, q) if stated.contains('/') => format!("{n}/{q}"),
        Computed::Ratio(n, q) if q.is_one() && !stated.contains('.') => n.to_string(),
        Computed::Ratio(n, q) => size::decimal(n, q, places(stated)),
        Computed::Real(x) => format!("{x:.*}", places(stated) as usize),
        Computed::Text(t) => t.clone(),
        Computed::Json(v) => v.to_string(),
    }
}

/// Checks every size fact of a lesson; returns one line per mismatch or unreadable fact.
pub fn check(lesson_name: &str, facts: &[SizeFactSpec]) -> Vec<String> {
    let mut wrong = Vec::new();
    for (i, fact) in facts.iter().enumerate() {
        match fact.holds() {
            Ok((true, _)) => {}
            Ok((false, got)) => wrong.push(format!(
                "{lesson_name}: size fact {} ({:?}): the lesson says {}, prune size gives {got}",
                i + 1,
                fact.figure,
                fact.equals
            )),
            Err(why) => wrong.push(format!(
                "{lesson_name}: size fact {} ({:?}): {why}",
                i + 1,
                fact.figure
            )),
        }
    }
    wrong
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fact(text: &str) -> SizeFactSpec {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn a_figure_is_compared_as_it_is_written() {
        let f = fact(r#"{"figure": "leaves", "branching": 35, "depth": 80, "equals": "10^123.5"}"#);
        assert!(f.holds().unwrap().0);
        let f = fact(r#"{"figure": "leaves", "branching": 35, "depth": 80, "equals": "10^40"}"#);
        assert!(!f.holds().unwrap().0);
        let f = fact(r#"{"figure": "knuth-moore", "branching": 4, "depth": 6, "equals": 127}"#);
        assert!(f.holds().unwrap().0);
        let f = fact(
            r#"{"figure": "earlier-knuth-moore-share", "branching": 35, "depth": 8, "equals": "55.88 %"}"#,
        );
        assert!(f.holds().unwrap().0, "{:?}", f.evaluate());
        let f = fact(r#"{"figure": "pearl-ratio", "branching": 2, "equals": "1.6180"}"#);
        assert!(f.holds().unwrap().0);
        let f = fact(r#"{"figure": "dice-sum", "dice": "2d6", "equals": "1"}"#);
        assert!(f.holds().unwrap().0, "{:?}", f.evaluate());
        let f = fact(
            r#"{"figure": "dice-groups", "dice": "2d6", "equals": [[1, 6, "1/36"], [2, 15, "1/18"]]}"#,
        );
        assert!(f.holds().unwrap().0, "{:?}", f.evaluate());
        let f = fact(
            r#"{"figure": "plies", "turns": ["MAX", "MIN", "MIN"], "rounds": 2, "equals": 6}"#,
        );
        assert!(f.holds().unwrap().0);
    }

    #[test]
    fn missing_inputs_say_which() {
        let f = fact(r#"{"figure": "leaves", "branching": 3, "equals": 27}"#);
        assert!(f.holds().unwrap_err().contains("depth"));
        let f = fact(r#"{"figure": "plies", "rounds": 2, "equals": 6}"#);
        assert!(f.holds().unwrap_err().contains("players"));
    }
}
