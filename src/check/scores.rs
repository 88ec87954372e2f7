//! `prune check --scores MAP`: a file whose scores are on another scale than prune's, read
//! through an order-preserving map the student names, so that both verdicts see prune's
//! scale.
//!
//! - `ax+b` (a > 0): each of your scores is a·x + b where x is prune's; read back as
//!   (y − b) / a. A bound that falls between two of prune's scores is read as the nearest on
//!   its side (α down, β up: a whole score is above α exactly when it is above α rounded
//!   down), a fail-low return or an UPPER entry down, a fail-high return or a LOWER entry up.
//! - `depth` (or `depth:W`, W = 100 by default): a finished game won p plies after the root of
//!   your search scores W − p, lost −(W − p), drawn 0 (the "prefer faster wins" rule, and
//!   prune's own tic-tac-toe `--scores depth` when W = 100). Read as the score prune gives a
//!   game won p plies after its root. Scores nearer 0 than any win (evaluations at a depth
//!   horizon, or a bound such as the root window (−1, 1)) are kept where prune's scale has
//!   room for them between a draw and its slowest win, and read as a draw where it has none.
//!
//! Either map keeps every comparison of your scores, so a correct engine on its own scale
//! stays sound on prune's; the infinities stay infinite.

use super::read::Given;
use super::schema::Kind;
use crate::game::model::Model;
use crate::value::{Flag, INF};

/// The W of `depth` when the map gives none.
pub const WIN: i32 = 100;

/// The map from prune's scale to the file's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scores {
    /// y = a·x + b, a > 0.
    Affine { a: i32, b: i32 },
    /// A win p plies after the root scores `win` − p.
    Depth { win: i32 },
}

impl Scores {
    /// Reads `depth`, `depth:W` or `ax+b` (`100x+0`, `100x`, `x-5`, `2x+1`).
    pub fn parse(text: &str) -> Result<Scores, String> {
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let shown = crate::text::cut(text);
        let bad = || {
            format!("'{shown}' is not a scores map; write depth, depth:W or ax+b such as 100x+0")
        };
        if let Some(rest) = t.strip_prefix("depth") {
            let win = match rest.strip_prefix(':') {
                None if rest.is_empty() => WIN,
                Some(w) => w.parse::<i32>().map_err(|_| bad())?,
                None => return Err(bad()),
            };
            if !(1..100_000).contains(&win) {
                return Err(format!(
                    "'{shown}': the win score W of depth:W must be from 1 to 99999"
                ));
            }
            return Ok(Scores::Depth { win });
        }
        let (a, b) = t.split_once(['x', 'X']).ok_or_else(bad)?;
        let a = match a {
            "" | "+" => 1,
            "-" => -1,
            a => a.parse::<i32>().map_err(|_| bad())?,
        };
        let b = match b {
            "" => 0,
            b if b.starts_with(['+', '-']) => b.parse::<i32>().map_err(|_| bad())?,
            _ => return Err(bad()),
        };
        if a <= 0 {
            return Err(format!(
                "'{shown}' is not order-preserving: a must be above 0 (with a = {a} a better score for MAX would read as a worse one)"
            ));
        }
        if a >= 10_000 || b.abs() >= 100_000 {
            return Err(format!(
                "'{shown}': a must be below 10000 and b between -99999 and 99999 (larger scores read as infinite)"
            ));
        }
        Ok(Scores::Affine { a, b })
    }

    /// The map as `--scores` takes it.
    pub fn name(self) -> String {
        match self {
            Scores::Affine { a, b } if b < 0 => format!("{a}x{b}"),
            Scores::Affine { a, b } => format!("{a}x+{b}"),
            Scores::Depth { win: WIN } => "depth".into(),
            Scores::Depth { win } => format!("depth:{win}"),
        }
    }

    /// The convention in words.
    pub fn describe(self) -> String {
        match self {
            Scores::Affine { a, b } => format!(
                "scores on the scale {} (each of yours is {a}·x + {b} where x is prune's)",
                self.name()
            ),
            Scores::Depth { win } => format!(
                "scores on the scale {} (a win p plies after your root scored {win} − p, read as prune's score of that win)",
                self.name()
            ),
        }
    }
}

/// How a number is read where the map gives it no whole value on prune's scale.
#[derive(Clone, Copy)]
enum Round {
    Down,
    Up,
}

/// The map bound to the game it reads scores for.
pub struct Reader<'a> {
    scores: Scores,
    model: &'a Model,
    /// The most plies a game can still last from the root.
    plies: u32,
}

/// Whether `--scores` applies to the game, and the reader when it does.
pub fn reader(scores: Scores, model: &Model) -> Result<Reader<'_>, String> {
    let plies = u32::from(model.full_depth().unwrap_or(0));
    if let Scores::Depth { win } = scores {
        if model.win_after(0).is_none() {
            return Err(
                "--scores depth applies to games won at a ply (tic-tac-toe, Connect Four); use an ax+b map here".into(),
            );
        }
        if win <= plies as i32 {
            return Err(format!(
                "--scores depth:{win}: W must be above the most plies a game can last from the root ({plies}), or a slow win would score 0 or less"
            ));
        }
    }
    Ok(Reader {
        scores,
        model,
        plies,
    })
}

impl Reader<'_> {
    /// prune's score of a game MAX wins `p` plies after the root.
    fn win_after(&self, p: u32) -> i32 {
        self.model.win_after(p).unwrap_or(1)
    }

    /// Your score `y` on prune's scale.
    fn read(&self, y: i32, round: Round) -> i32 {
        if y.abs() >= INF {
            return y;
        }
        match self.scores {
            Scores::Affine { a, b } => {
                let (n, a) = (i64::from(y) - i64::from(b), i64::from(a));
                let x = match round {
                    Round::Down => n.div_euclid(a),
                    Round::Up => -(-n).div_euclid(a),
                };
                x.clamp(-i64::from(INF), i64::from(INF)) as i32
            }
            Scores::Depth { win } => {
                let (sign, m) = (y.signum(), y.abs());
                let p = win - m;
                if p <= self.plies as i32 {
                    return sign * self.win_after(p.max(0) as u32);
                }
                // Nearer 0 than any win: kept below prune's slowest win.
                let room = self.win_after(self.plies) - 1;
                sign * m.min(room.max(0))
            }
        }
    }

    /// Every score of `given` read on prune's scale: α rounded down, β up, a return by the
    /// side of the window it was entered with that it falls on, an entry by its flag.
    pub fn translate(&self, given: &mut [Given]) {
        let mut entered: Vec<(i32, i32)> = Vec::new();
        for g in given.iter_mut() {
            let l = &mut g.line;
            let window = (l.alpha.unwrap_or(-INF), l.beta.unwrap_or(INF));
            l.alpha = l.alpha.map(|a| self.read(a, Round::Down));
            l.beta = l.beta.map(|b| self.read(b, Round::Up));
            let round = match l.kind {
                Kind::Enter => {
                    entered.push(window);
                    continue;
                }
                Kind::Return => {
                    let (a, _) = entered.pop().unwrap_or((-INF, INF));
                    // A fail-high value and an exact one that is no whole score round up.
                    if l.value.is_some_and(|v| v <= a) {
                        Round::Down
                    } else {
                        Round::Up
                    }
                }
                _ if l.flag == Some(Some(Flag::Upper)) => Round::Down,
                _ => Round::Up,
            };
            l.value = l.value.map(|v| self.read(v, round));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Scores;

    #[test]
    fn maps_are_read_and_refused() {
        assert_eq!(Scores::parse("100x+0"), Ok(Scores::Affine { a: 100, b: 0 }));
        assert_eq!(Scores::parse("x-5"), Ok(Scores::Affine { a: 1, b: -5 }));
        assert_eq!(Scores::parse("2X"), Ok(Scores::Affine { a: 2, b: 0 }));
        assert_eq!(Scores::parse("depth"), Ok(Scores::Depth { win: 100 }));
        assert_eq!(Scores::parse("depth:10"), Ok(Scores::Depth { win: 10 }));
        let refused = Scores::parse("-1x+0").unwrap_err();
        assert!(refused.contains("not order-preserving"), "{refused}");
        assert!(Scores::parse("0x+1").is_err());
        assert!(Scores::parse("depth:").is_err());
        assert!(
            Scores::parse("100y")
                .unwrap_err()
                .contains("not a scores map")
        );
        assert_eq!(Scores::parse("100x-3").unwrap().name(), "100x-3");
    }
}
