//! Prune's move in a game against the student (`prune play connect4`): the strongest stage of
//! the Connect Four solver tutorial, unrecorded and capped at a number of explored positions
//! so that the reply comes in a bound time, and the recorded run the tutor opens on it.
//!
//! A position the cap lets the solver finish is solved: the reply is a best column and its
//! score is exact. One too big for the cap is searched by look-aheads of 1, 2, 3, … moves
//! (the same stage on the game with a horizon, where an unfinished position counts as 0
//! unless its mover wins at once or every move loses at once: the game's own rules still act)
//! until one goes over the cap; the deepest that finished chose the move, and everything
//! that shows it says it looked so many moves ahead, never that it solved the position.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::game::connect4::{ConnectFour, Order, Rules};
use crate::game::model::Model;
use crate::lesson::stages::{self, Stage};
use crate::lesson::{Lesson, Overrides, RunSetup};
use crate::search::SearchError;
use crate::search::solver::Solver;

/// The name of the tutor's run on a reply.
pub const RUN: &str = "prune's reply";

/// The tutorial's last stage: the one prune plays with.
pub fn strongest() -> Stage {
    stages::STAGES[stages::STAGES.len() - 1]
}

/// How far a search looked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// To the end of the game: the score is exact.
    Solved,
    /// This many moves ahead; a position there that is not finished counted as 0.
    Ahead(u8),
}

impl Reach {
    /// The horizon of the game searched (`None`: the whole game).
    pub fn horizon(self) -> Option<u8> {
        match self {
            Reach::Solved => None,
            Reach::Ahead(n) => Some(n),
        }
    }

    /// How far it looked, for a sentence.
    pub fn says(self) -> String {
        match self {
            Reach::Solved => "solved to the end of the game".into(),
            Reach::Ahead(n) => format!(
                "looked {n} move{} ahead (too big to solve within the cap; a position that far ahead counted as 0 unless won or lost at once)",
                if n == 1 { "" } else { "s" }
            ),
        }
    }
}

/// Prune's move at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The column played, 0-based.
    pub column: u8,
    /// The position's value from prune's side, as far as `reach` looked.
    pub score: i32,
    /// Positions the solve of the position explored.
    pub explored: u64,
    /// Positions explored in all: the solve and the null-window checks of the columns that
    /// found the one to play.
    pub in_all: u64,
    pub reach: Reach,
}

/// The position `moves` reaches on a `width`×`height` board under the strongest stage's
/// rules, looking `ahead` moves ahead (`None`: to the end of the game).
pub fn game(width: u8, height: u8, moves: &str, ahead: Option<u8>) -> Result<ConnectFour> {
    let full = ConnectFour::new(width, height, moves, strongest().rules)
        .map_err(|why| Error::Options(format!("Connect Four: {why}")))?;
    Ok(match ahead {
        Some(n) if n < full.moves_left() => full.with_horizon(n),
        _ => full,
    })
}

/// The deepest search of `full` that `each` finishes within its cap: the whole game if it
/// can, else the longest look-ahead (`None` when even one move ahead is over the cap).
fn deepest<T>(
    full: &ConnectFour,
    mut each: impl FnMut(&ConnectFour) -> std::result::Result<T, SearchError>,
) -> Result<Option<(T, Reach)>> {
    let left = full.moves_left();
    let mut best = None;
    for ahead in 1..=left {
        let (game, reach) = if ahead >= left {
            (full.clone(), Reach::Solved)
        } else {
            (full.with_horizon(ahead), Reach::Ahead(ahead))
        };
        match each(&game) {
            Ok(t) => best = Some((t, reach)),
            Err(SearchError::Capped { .. }) => break,
            Err(e) => return Err(Error::Options(e.to_string())),
        }
    }
    Ok(best)
}

/// Prune's reply at the position `moves` reaches, exploring at most `cap` positions per
/// search. `None` when the game is over.
pub fn choose(width: u8, height: u8, moves: &str, cap: u64) -> Result<Option<Reply>> {
    let full = game(width, height, moves, None)?;
    if plain(&full).move_count(full.root) == 0 {
        return Ok(None);
    }
    let found = deepest(&full, |g| decide(g, cap))?;
    let Some((mut reply, reach)) = found else {
        return Err(Error::Options(format!(
            "even a look-ahead of one move explores more than {cap} positions; give a larger --cap"
        )));
    };
    reply.reach = reach;
    Ok(Some(reply))
}

/// The game with every column on offer, centre first: the columns a reply is chosen among
/// (under the stage's rules a position won at once offers none).
fn plain(game: &ConnectFour) -> ConnectFour {
    game.with_rules(Rules {
        order: Order::Centre,
        ..Rules::PLAIN
    })
}

/// One capped solve of `game`'s start and the first column, centre first, that keeps its
/// value: each column's child asked by one null-window search with the solve's table.
fn decide(game: &ConnectFour, cap: u64) -> std::result::Result<Reply, SearchError> {
    let mut solver = Solver::new(game, strongest().solve).capped(cap);
    let root = game.root;
    let solved = solver.solve(root)?;
    let columns = plain(game);
    let moves = columns.moves(root);
    let mut column = moves.column(0);
    for i in 0..moves.len() {
        // The child's value from its mover's side is at most −score exactly when this
        // column keeps the root's value.
        if !solver.at_least(columns.child(root, i), 1 - solved.score)? {
            column = moves.column(i);
            break;
        }
    }
    Ok(Reply {
        column,
        score: solved.score,
        explored: solved.explored,
        in_all: solver.explored(),
        reach: Reach::Solved,
    })
}

/// What the tutor records of a reply: the solve that chose it when it explored at most
/// `cap` positions, else the longest look-ahead of the same stage that does. (`None` when
/// even one move ahead explores more.)
pub fn recordable(
    width: u8,
    height: u8,
    moves: &str,
    reply: &Reply,
    cap: u64,
) -> Result<Option<(Reach, u64)>> {
    if reply.explored <= cap {
        return Ok(Some((reply.reach, reply.explored)));
    }
    let full = game(width, height, moves, reply.reach.horizon())?;
    let found = deepest(&full, |g| {
        Solver::new(g, strongest().solve).capped(cap).solve(g.root)
    })?;
    Ok(found.map(|(solved, reach)| {
        // A look-ahead of the look-ahead that chose the move looked this far in all.
        let reach = match (reach, reply.reach) {
            (Reach::Solved, r) => r,
            (r, _) => r,
        };
        (reach, solved.explored)
    }))
}

/// The tutor's lesson on the solve of the position `moves` reaches, as far as `reach` looks:
/// the strongest stage's run, titled with what it is.
pub fn lesson(
    width: u8,
    height: u8,
    moves: &str,
    reach: Reach,
    intro: &[String],
) -> Result<(Lesson, RunSetup)> {
    let stage = strongest();
    let title = match reach {
        Reach::Solved => format!("prune's reply: stage {} solving the position", stage.part),
        Reach::Ahead(n) => format!(
            "prune's reply: stage {} looking {n} moves ahead, not a full solve",
            stage.part
        ),
    };
    let text = serde_json::json!({
        "title": title,
        "intro": intro,
        "game": {
            "kind": "connect4",
            "width": width,
            "height": height,
            "moves": moves,
            "rules": stage.rules,
        },
        "runs": [{"name": RUN, "about": reach.says(), "stage": stage.part}],
    });
    // The name is what the tutor's top line shows of the lesson: it says what the run is.
    let name = match reach {
        Reach::Solved => "play: solved".to_string(),
        Reach::Ahead(n) => format!("play: {n} moves ahead, not a solve"),
    };
    let mut lesson = Lesson::parse(&name, &text.to_string())?;
    if let (Some(n), Model::ConnectFour(g)) = (reach.horizon(), &mut lesson.model) {
        *g = g.with_horizon(n);
    }
    let setup = lesson.setup(Some(RUN), &Overrides::default())?;
    Ok((lesson, setup))
}
