//! The stages of the best-known Connect Four solver tutorial (parts 3 to 12 of "Solving
//! Connect 4: how to build a perfect AI"), each as prune's own options: the game's rules
//! (what the game settles without a search, which moves it offers and in which order) and
//! the solver's (`search::solver`). Each stage adds one idea to the one before, so a lesson
//! can count what each idea saves.

use crate::game::connect4::{Order, Rules};
use crate::game::model::Model;
use crate::search::solver::{Keeps, Narrow, SolveOptions};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    /// The tutorial's part number.
    pub part: u8,
    pub name: &'static str,
    /// What the stage adds, in one line.
    pub adds: &'static str,
    pub rules: Rules,
    pub solve: SolveOptions,
}

const NEGAMAX: Stage = Stage {
    part: 3,
    name: "negamax",
    adds: "plain negamax over the whole tree; a position its mover wins at once is scored without a search",
    rules: Rules {
        win_next: true,
        anticipate: false,
        order: Order::Columns,
    },
    solve: SolveOptions {
        prune: false,
        narrow: Narrow::Off,
        table: Keeps::Off,
        compact: false,
        dichotomy: false,
        weak: false,
        answer_won_root: false,
        part: 3,
    },
};

/// Each stage from the one before it.
const fn after(before: Stage, part: u8, name: &'static str, adds: &'static str) -> Stage {
    Stage {
        part,
        name,
        adds,
        solve: SolveOptions {
            part,
            ..before.solve
        },
        ..before
    }
}

const ALPHA_BETA: Stage = {
    let mut s = after(
        NEGAMAX,
        4,
        "alpha-beta",
        "alpha-beta, with the window narrowed to the best score the position can still reach",
    );
    s.solve.prune = true;
    s.solve.narrow = Narrow::Upper;
    s
};

const CENTRE: Stage = {
    let mut s = after(
        ALPHA_BETA,
        5,
        "centre-first",
        "columns tried from the centre outwards",
    );
    s.rules.order = Order::Centre;
    s
};

/// The tutorial's bitboard makes the same search faster; prune's board is a bitboard from
/// the start, so this stage explores exactly what the one before does.
const BITBOARD: Stage = after(
    CENTRE,
    6,
    "bitboard",
    "the board as two bit masks (prune's board always is): the same search, faster",
);

const TABLE: Stage = {
    let mut s = after(
        BITBOARD,
        7,
        "table",
        "a table of the upper bounds proved, read back to narrow the window",
    );
    s.solve.table = Keeps::Upper;
    s
};

const DEEPENING: Stage = {
    let mut s = after(
        TABLE,
        8,
        "null-window",
        "the root searched by null-window probes that halve the interval of its value",
    );
    s.solve.dichotomy = true;
    s
};

const ANTICIPATE: Stage = {
    let mut s = after(
        DEEPENING,
        9,
        "anticipate",
        "moves that let the opponent win at once are never tried; the window's lower side narrows too",
    );
    s.rules.anticipate = true;
    s.solve.narrow = Narrow::Both;
    s.solve.answer_won_root = true;
    s
};

const THREATS: Stage = {
    let mut s = after(
        ANTICIPATE,
        10,
        "threat-order",
        "moves tried by the number of threats they make, most first",
    );
    s.rules.order = Order::Threats;
    s
};

const COMPACT: Stage = {
    let mut s = after(
        THREATS,
        11,
        "compact-table",
        "the table keeps 32-bit keys: the slot tells the rest",
    );
    s.solve.compact = true;
    s
};

const LOWER: Stage = {
    let mut s = after(
        COMPACT,
        12,
        "lower-bounds",
        "the table keeps the lower bounds cutoffs prove as well as upper bounds",
    );
    s.solve.table = Keeps::Both;
    s
};

pub const STAGES: [Stage; 10] = [
    NEGAMAX, ALPHA_BETA, CENTRE, BITBOARD, TABLE, DEEPENING, ANTICIPATE, THREATS, COMPACT, LOWER,
];

/// The stage of part `part` (3..=12).
pub fn stage(part: u8) -> Option<Stage> {
    STAGES.iter().copied().find(|s| s.part == part)
}

/// The solver's options of stage `part`, for a lesson whose game is `model`: Connect Four
/// under the stage's own rules (the rules are the game's half of a stage, so a lesson states
/// them in its game).
pub fn solving(part: u8, model: &Model) -> Result<SolveOptions, String> {
    let stage = stage(part).ok_or_else(|| {
        format!("stage {part} is not a part of the solver tutorial: give 3 to 12")
    })?;
    let Model::ConnectFour(game) = model else {
        return Err(format!(
            "stage {part} is a stage of the Connect Four solver tutorial: the lesson's game must be connect4"
        ));
    };
    if game.rules != stage.rules {
        let r = stage.rules;
        return Err(format!(
            "stage {part} ({}) plays under the rules win_next {}, anticipate {}, order {}: give the game those rules",
            stage.name,
            r.win_next,
            r.anticipate,
            r.order.name()
        ));
    }
    Ok(stage.solve)
}
