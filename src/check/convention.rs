//! The conventions of real engines that `prune check` reads rather than refuses, and names
//! where they make a file part from prune's run: moves written the game's way (a tic-tac-toe
//! square, a Connect Four column) rather than as move indices, a root window other than the
//! run's, a cut taken before α or β is updated (no `window` line before it).

use super::read::Given;
use super::schema::score_text;
use super::scores::Scores;
use super::truth::Truth;

/// One convention a file was read with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// Moves are the game's own numbers (`word`: "square", "column"), not move indices.
    GameMoves(&'static str),
    /// The root window the file's first call was entered with (MAX's side).
    RootWindow(i32, i32),
    /// A cut tested before α or β takes the value that causes it: no window line before it.
    CutBeforeUpdate,
    /// Scores on another scale, read through the map named with `--scores`.
    Scores(Scores),
}

impl Convention {
    pub fn describe(self) -> String {
        match self {
            Convention::GameMoves(word) => {
                format!("moves written as {word}s, not as indices in the move list")
            }
            Convention::RootWindow(a, b) => format!(
                "the root window ({}, {}), not (−∞, +∞)",
                score_text(a),
                score_text(b)
            ),
            Convention::CutBeforeUpdate => {
                "a cut tested before α or β is updated (no window line before the cutoff)".into()
            }
            Convention::Scores(m) => m.describe(),
        }
    }
}

/// Why a file on the scale `m` may part from prune's run though every promise holds.
pub fn scale_parts(m: Scores) -> String {
    match m {
        Scores::Depth { .. } => "it tells apart wins prune's scores count the same (a quicker win scores more), so your windows close, and your searches cut, where prune's do not".into(),
        Scores::Affine { .. } => "a bound between two of prune's scores closes your window where prune's stays open, or leaves it open where prune's closes".into(),
    }
}

/// Reads the file's moves as the game's own numbers when that is how it writes them, and
/// rewrites them as indices: every move is one its position's move numbers name, and some
/// move could not be an index (it is past the end of the move list). A file whose moves fit
/// both readings is read as indices, as prune prints them. `word` names the game's moves.
pub fn game_moves(
    given: &mut [Given],
    truth: &mut dyn Truth,
    word: &'static str,
) -> Option<Convention> {
    let mut numbered = false;
    for g in given.iter() {
        let Some(m) = g.line.mv.filter(|&m| m >= 0) else {
            continue;
        };
        let numbers = truth.move_numbers(g.line.node)?;
        if !numbers.contains(&i64::from(m)) {
            return None;
        }
        numbered |= m as usize >= numbers.len();
    }
    if !numbered {
        return None;
    }
    for g in given.iter_mut() {
        let Some(m) = g.line.mv.filter(|&m| m >= 0) else {
            continue;
        };
        let numbers = truth.move_numbers(g.line.node)?;
        let index = numbers.iter().position(|&n| n == i64::from(m))?;
        g.line.mv = Some(index as i16);
    }
    Some(Convention::GameMoves(word))
}
