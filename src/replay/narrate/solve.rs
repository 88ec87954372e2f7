//! A solver's detail: the window narrowed before any move by what is known of the position
//! (the best score it can still reach, the worst it can still come to, the bounds the table
//! kept), the root's interval halved by null-window probes, and the game's own rules
//! settling a position or leaving moves out.

use super::words::{Words, plural};
use crate::event::Narrowing;
use crate::game::Rule;
use crate::replay::Frame;
use crate::search::AttemptOutcome;
use crate::search::solver::{Keeps, SolveOptions};
use crate::value::Flag;

/// A solver's one pass: to the end of the game, its root searched by the stage's rule.
pub(super) fn pass_start(_w: &Words, depth: u8, solve: SolveOptions) -> String {
    let root = if solve.dichotomy {
        "by null-window probes, each of which halves the interval the root's value can still be in"
    } else {
        "once, with the window of every score the game can still end in"
    };
    format!(
        "The solver searches to the end of the game ({} left at most), with no horizon: the root is searched {root}. Scores are negamax's, from the side to move, negated on the way up.",
        plural(depth as usize, "move", "moves")
    )
}

/// What a solver's cut call keeps: a lower bound only when its table keeps them.
pub(super) fn cut_kept(w: &Words, f: &Frame, solve: SolveOptions) -> String {
    match solve.table {
        Keeps::Both => format!(
            "the table will keep {} as a lower bound of the position",
            w.sc(f.best)
        ),
        Keeps::Upper => "this stage's table keeps only upper bounds, so nothing is kept".into(),
        Keeps::Off => "this stage has no table, so nothing is kept".into(),
    }
}

pub(super) fn narrow(w: &Words, state: u32, (alpha, beta): (i32, i32), by: Narrowing) -> String {
    let Some(f) = w.top() else {
        return String::new();
    };
    let n = w.node(state, f.turn);
    let window = format!("({}, {})", w.sc(alpha), w.sc(beta));
    let why = match by {
        Narrowing::Reach => format!(
            "the best score {n} can still reach is {}: it cannot be won sooner than with its next stone but one, so β falls to {}",
            w.sc(beta),
            w.sc(beta)
        ),
        Narrowing::Floor => format!(
            "the worst score still possible at {n} is {}: it cannot be lost sooner than on the opponent's next stone but one, so α rises to {}",
            w.sc(alpha),
            w.sc(alpha)
        ),
        Narrowing::KeptUpper => format!(
            "the table kept an upper bound of {} for {n} from an earlier visit, so β falls to {}",
            w.sc(beta),
            w.sc(beta)
        ),
        Narrowing::KeptLower => format!(
            "the table kept a lower bound of {} for {n} from an earlier visit, so α rises to {}",
            w.sc(alpha),
            w.sc(alpha)
        ),
    };
    if alpha >= beta {
        format!(
            "Before any move: {why}. The window {window} is closed, so {n} returns at once without trying a move."
        )
    } else {
        format!("Before any move: {why}; the window is now {window}.")
    }
}

pub(super) fn split(w: &Words, (lo, hi): (i32, i32), probe: i32) -> String {
    let tried = w.st.attempts.len();
    let before = if tried == 0 {
        "The root's value lies somewhere in".to_string()
    } else {
        format!(
            "After {}, the root's value is known to lie in",
            plural(tried, "probe", "probes")
        )
    };
    format!(
        "{before} [{}, {}]. The next search of the root asks only whether it is above {} (the null window ({}, {})), splitting the interval near its middle, nearer 0 where the search is cheapest.",
        w.sc(lo),
        w.sc(hi),
        w.sc(probe),
        w.sc(probe),
        w.sc(probe + 1)
    )
}

/// A root probe's outcome: what it proves about the root's value.
pub(super) fn probe_outcome(
    w: &Words,
    (alpha, beta): (i32, i32),
    outcome: AttemptOutcome,
) -> String {
    let value = w.st.attempts.last().map_or(0, |a| a.value);
    let tried = plural(w.st.attempts.len(), "probe", "probes");
    match outcome {
        AttemptOutcome::FailLow => format!(
            "The null-window probe ({}, {}) came back with {} ≤ {}: the root is worth at most {} ({tried} so far).",
            w.sc(alpha),
            w.sc(beta),
            w.sc(value),
            w.sc(alpha),
            w.sc(value)
        ),
        AttemptOutcome::FailHigh => format!(
            "The null-window probe ({}, {}) came back with {} ≥ {}: the root is worth at least {} ({tried} so far).",
            w.sc(alpha),
            w.sc(beta),
            w.sc(value),
            w.sc(beta),
            w.sc(value)
        ),
        AttemptOutcome::Exact | AttemptOutcome::Abort => format!(
            "The search of the root with ({}, {}) came back with {} ({tried} so far).",
            w.sc(alpha),
            w.sc(beta),
            w.sc(value)
        ),
    }
}

/// A solver's table keeps one bound per position, whatever the depth: an upper bound when
/// no move reached β (the value is at most the α it returns), a lower bound when one did.
pub(super) fn store(w: &Words, state: u32, value: i32, flag: Flag) -> String {
    let n = w.name(state);
    let v = w.sc(value);
    match flag {
        Flag::Lower => format!(
            "{n} keeps {v} in the table as a lower bound: a move reached β, so its value is at least {v}; a later visit starts with α at {v} or above."
        ),
        Flag::Upper | Flag::Exact => format!(
            "{n} keeps {v} in the table as an upper bound: no move did better than α = {v}, so its value is at most {v}; a later visit starts with β at {v} or below."
        ),
    }
}

pub(super) fn settled(w: &Words, state: u32, rule: Rule) -> String {
    let turn = w.top().map_or(w.replay.catalog().turn(state), |f| f.turn);
    format!(
        "The game's own rule settles {} without a search: {}.",
        w.node(state, turn),
        rule.says()
    )
}

pub(super) fn filtered(w: &Words, state: u32, dropped: u8) -> String {
    let turn = w.top().map_or(w.replay.catalog().turn(state), |f| f.turn);
    let n = dropped as usize;
    format!(
        "The non-losing-move filter leaves {} of {} out: {} would let the opponent win at once.",
        plural(n, "move", "moves"),
        w.node(state, turn),
        if n == 1 { "it" } else { "each" }
    )
}
