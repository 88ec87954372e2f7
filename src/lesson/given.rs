//! A stated position of a Monte Carlo tree, as a lesson file writes it on a run preset: nodes
//! named by the moves that reach them (the names the rest of the lesson uses: a graph child's
//! label, a tic-tac-toe square), their visits and wins (a draw's half-win written as `.5`), and
//! each iteration's scripted playout result by who won. `resolve` turns it into the core's
//! `search::mcts::Prior`; the core itself judges whether the counts can be true.

use serde::{Deserialize, Serialize};

use crate::game::model::{Model, Visit};
use crate::search::Options;
use crate::search::mcts::{GivenNode, MAX_STATED_VISITS, Prior};

/// A node of the stated tree: the moves from the run's start, its visits and its wins for the
/// player who moved into it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GivenSpec {
    pub path: Vec<String>,
    pub n: u32,
    /// Wins, in steps of one half (a draw counts half a win).
    pub u: f64,
}

/// The words a script may use for a playout's result: who won, or a draw. Tic-tac-toe's X is
/// MAX and its O is MIN.
pub const RESULT_WORDS: &str = "MAX, MIN, X, O or draw";

/// A scripted result for MAX in half-wins (2 a win, 1 a draw, 0 a loss).
fn result_of(word: &str) -> Option<u8> {
    match word.trim() {
        "MAX" | "X" => Some(2),
        "draw" => Some(1),
        "MIN" | "O" => Some(0),
        _ => None,
    }
}

/// Wins written with halves as half-wins: 10.5 → 21 (at most two per visit of the most a
/// node may have stated; the core judges each node's own visits).
fn half_wins(u: f64) -> Option<u32> {
    let halves = u * 2.0;
    let most = 2.0 * f64::from(MAX_STATED_VISITS);
    (u.is_finite() && u >= 0.0 && halves.fract() == 0.0 && halves <= most).then_some(halves as u32)
}

/// The core's stated tree for `given` and `script`, with paths read from the state `start` of
/// `model`: each step of a path is the name of one of the position's moves.
pub fn resolve(
    model: &Model,
    start: u32,
    given: &[GivenSpec],
    script: &[String],
) -> Result<Prior, String> {
    let script = script
        .iter()
        .enumerate()
        .map(|(i, w)| {
            result_of(w).ok_or_else(|| {
                format!(
                    "script entry {} is '{}', not a result ({RESULT_WORDS})",
                    i + 1,
                    crate::text::cut(w)
                )
            })
        })
        .collect::<Result<Vec<u8>, String>>()?;
    let nodes = given
        .iter()
        .map(|g| {
            let u = half_wins(g.u).ok_or_else(|| {
                if g.u.is_finite() && g.u > f64::from(MAX_STATED_VISITS) {
                    return format!(
                        "the given node {} has u = {}: too large (a node has at most {} visits, and at most one win each)",
                        path_text(&g.path),
                        g.u,
                        crate::size::group_digits(&MAX_STATED_VISITS.to_string())
                    );
                }
                format!(
                    "the given node {} has u = {}: wins are a whole number or a half (a draw counts 0.5)",
                    path_text(&g.path),
                    g.u
                )
            })?;
            Ok(GivenNode {
                path: moves_of(model, start, &g.path)?,
                n: g.n,
                u,
            })
        })
        .collect::<Result<Vec<GivenNode>, String>>()?;
    Ok(Prior { nodes, script })
}

/// The move indices a path of move names takes from `start`.
fn moves_of(model: &Model, start: u32, path: &[String]) -> Result<Vec<u16>, String> {
    let mut moves: Vec<u16> = Vec::with_capacity(path.len());
    for (step, name) in path.iter().enumerate() {
        let here: Vec<String> = (0..)
            .map_while(|mv| model.move_name_at(start, &moves, mv))
            .collect();
        let mv = (here.iter().position(|m| m.as_str() == name.trim()))
            .ok_or_else(|| {
                format!(
                    "the given path {} does not exist: its step {} '{}' is not a move there (the moves are: {})",
                    path_text(path),
                    step + 1,
                    crate::text::cut(name),
                    if here.is_empty() {
                        "none, the game is over".to_string()
                    } else {
                        here.join(", ")
                    }
                )
            })?;
        moves.push(mv as u16);
    }
    Ok(moves)
}

/// Whether the core accepts `prior` for a run of `options` from `start`: it builds the stated
/// tree with its own checks in a run stopped by a budget of one node, before any iteration.
/// Its messages name a node by its move indices; they are given back with the lesson's names.
pub fn judge(
    model: &Model,
    start: u32,
    options: &Options,
    prior: &Prior,
    given: &[GivenSpec],
) -> Result<(), String> {
    struct Build<'a> {
        options: Options,
        prior: &'a Prior,
    }
    impl Visit for Build<'_> {
        type Out = Result<(), String>;
        fn visit<G: crate::game::Game>(self, game: &G, start: G::State) -> Self::Out {
            crate::search::run_from(
                game,
                start,
                &self.options,
                self.prior,
                &mut crate::observer::NoTrace,
            )
            .map(|_| ())
            .map_err(|e| e.to_string())
        }
    }
    let options = Options {
        budget: 1,
        ..*options
    };
    model
        .visit(start, Build { options, prior })
        .map_err(|message| named_paths(message, prior, given))
}

/// `message` with each path of move indices of the stated tree (`[0, 2]`) written with the
/// lesson's move names (`[a, c]`), in one pass so that a name is never read again.
fn named_paths(message: String, prior: &Prior, given: &[GivenSpec]) -> String {
    let mut names = std::collections::HashMap::new();
    for (node, spec) in prior.nodes.iter().zip(given) {
        for k in 1..=node.path.len() {
            let moves: Vec<String> = node.path[..k].iter().map(u16::to_string).collect();
            names.insert(
                format!("[{}]", moves.join(", ")),
                path_text(&spec.path[..k]),
            );
        }
    }
    let mut out = String::with_capacity(message.len());
    let mut rest = message.as_str();
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find(']') else {
            rest = &rest[open..];
            break;
        };
        let bracket = &rest[open..open + close + 1];
        out.push_str(names.get(bracket).map_or(bracket, String::as_str));
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

fn path_text(path: &[String]) -> String {
    let names: Vec<String> = path
        .iter()
        .map(|p| crate::text::cut(p).to_string())
        .collect();
    format!("[{}]", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_are_read_in_halves() {
        assert_eq!(half_wins(10.5), Some(21));
        assert_eq!(half_wins(3.0), Some(6));
        assert_eq!(half_wins(0.25), None);
        assert_eq!(half_wins(-1.0), None);
    }

    #[test]
    fn results_are_who_won() {
        assert_eq!(result_of("MIN"), Some(0));
        assert_eq!(result_of("draw"), Some(1));
        assert_eq!(result_of("X"), Some(2));
        assert_eq!(result_of("Black"), None);
    }
}
