//! The skeleton's sentences in a run of one score and a window: passes and aspiration
//! attempts, calls entered, refused, returned and unwound, candidates ordered, pushed and
//! popped.

use super::words::{Words, pass_title, plural};
use crate::game::Side;
use crate::search::tt::Flag;
use crate::search::{AttemptOutcome, INF};
use crate::trace::ReturnKind;

pub(super) fn pass_start(w: &Words, depth: u8) -> String {
    let o = w.replay.options();
    let tree = w.replay.tree();
    let k = tree.passes().len().min(w.st.passes.len());
    let first = tree
        .attempts_of(k)
        .first()
        .filter(|a| a.event != crate::index::NONE);
    if let Some(solve) = o.solver {
        super::solve::pass_start(w, depth, solve)
    } else if let Some(a) = first.filter(|_| o.aspiration.is_some()) {
        aspirated_start(w, depth, (a.alpha, a.beta))
    } else if w.st.passes.is_empty() {
        first_start(w, depth)
    } else {
        later_start(w, depth)
    }
}

/// A pass that begins with an aspiration window around an earlier score (or the guess).
fn aspirated_start(w: &Words, depth: u8, (alpha, beta): (i32, i32)) -> String {
    let centre = match w.st.committed {
        Some((d, _, _)) => format!("the score of depth {d}"),
        None => "the guess, as no pass has completed yet".to_string(),
    };
    format!(
        "{} begins {} deep with an aspiration window: ({}, {}), centred on {centre}. A narrow window cuts more; if the value falls outside it, the pass is searched again with that side widened.",
        pass_title(w.replay.options(), depth),
        plural(depth as usize, "ply", "plies"),
        w.sc(alpha),
        w.sc(beta)
    )
}

/// The run's first pass: the root window, and how the family counts its scores.
fn first_start(w: &Words, depth: u8) -> String {
    let o = w.replay.options();
    let (a, b) = if w.family.prunes(o) {
        o.window
    } else {
        (-INF, INF)
    };
    let convention = if w.replay.tree().negates() {
        " Scores are negamax's: each node counts them from the side to move there, and a child's value is negated on the way up."
    } else {
        ""
    };
    format!(
        "{} begins: the root is searched {} deep with the window ({}, {}).{convention}",
        pass_title(o, depth),
        plural(depth as usize, "ply", "plies"),
        w.sc(a),
        w.sc(b)
    )
}

/// A deeper pass: only what this run carries from pass to pass (the table's entries when it
/// keeps a table, the best moves, as hints, when it orders its moves).
fn later_start(w: &Words, depth: u8) -> String {
    let o = w.replay.options();
    let kept = match (o.keeps_table(), o.ordering) {
        (true, true) => {
            "the table keeps what earlier passes proved, and their best moves are tried first"
        }
        (true, false) => "the table keeps what earlier passes proved",
        (false, true) => "the best moves of earlier passes are tried first",
        (false, false) => "nothing carries over from the earlier passes",
    };
    format!(
        "{} starts again from the root, now {} deep; {kept}.",
        pass_title(o, depth),
        plural(depth as usize, "ply", "plies")
    )
}

pub(super) fn pass_end(w: &Words, depth: u8, done: bool, score: i32, mv: i16) -> String {
    if done {
        pass_done(w, depth, score, mv)
    } else {
        pass_cut_short(w, depth)
    }
}

fn pass_done(w: &Words, depth: u8, score: i32, mv: i16) -> String {
    let o = w.replay.options();
    let bound = w.pass_root(depth).1;
    let proof = match bound {
        Some(Flag::Upper) => format!(
            " It failed low against the root window ({}, {}): an upper bound, not the root's value.",
            w.sc(o.window.0),
            w.sc(o.window.1)
        ),
        Some(Flag::Lower) => format!(
            " It failed high against the root window ({}, {}): a lower bound, not the root's value.",
            w.sc(o.window.0),
            w.sc(o.window.1)
        ),
        _ => String::new(),
    };
    format!(
        "{} is complete: the root is worth {} and {}, and this becomes the committed answer.{proof}",
        pass_title(o, depth),
        w.worth(score, bound.unwrap_or(Flag::Exact)),
        w.plays(depth, mv)
    )
}

fn pass_cut_short(w: &Words, depth: u8) -> String {
    let o = w.replay.options();
    let title = pass_title(o, depth);
    match w.st.committed {
        Some((d, s, m)) => format!(
            "{title} was cut short by the budget, so its root has no result{}; the answer stays depth {d}'s (worth {}, {}): PARTIAL.",
            if o.keeps_table() {
                " (what its finished calls stored stays in the table)"
            } else {
                ""
            },
            w.worth(s, w.pass_root(d).1.unwrap_or(Flag::Exact)),
            w.plays(d, m)
        ),
        None => format!(
            "{title} was cut short by the budget and no pass ever finished, so there is no answer: NO_COMPLETED_DEPTH."
        ),
    }
}

pub(super) fn aspiration(
    w: &Words,
    index: usize,
    depth: u8,
    (alpha, beta): (i32, i32),
    outcome: AttemptOutcome,
) -> String {
    // A solver's root searched by null-window probes: each attempt is a probe, not an
    // aspiration window widened by δ.
    if w.replay.options().solver.is_some_and(|s| s.dichotomy) {
        return super::solve::probe_outcome(w, (alpha, beta), outcome);
    }
    let (ge, le, _, _) = w.closes();
    let tree = w.replay.tree();
    let value = w.st.attempts.last().map_or(0, |a| a.value);
    let value_s = w.sc(value);
    let k = tree.attempts().iter().position(|a| a.event == index as u32);
    let next = k
        .and_then(|k| tree.attempts().get(k + 1))
        .filter(|n| tree.passes().get(n.pass as usize).map(|p| p.depth) == Some(depth));
    let again = next.map_or(String::new(), |n| {
        format!(
            " and searches again with ({}, {})",
            w.sc(n.alpha),
            w.sc(n.beta)
        )
    });
    let tried = plural(w.st.attempts.len(), "attempt", "attempts");
    match outcome {
        AttemptOutcome::FailLow => format!(
            "Fail low: the root came back with {value_s} {le} α = {}, so all it proves is that the root is worth at most {value_s}. The pass widens α by δ{again} ({tried} so far).",
            w.sc(alpha)
        ),
        AttemptOutcome::FailHigh => format!(
            "Fail high: the root came back with {value_s} {ge} β = {}, so all it proves is that the root is worth at least {value_s}. The pass widens β by δ{again} ({tried} so far).",
            w.sc(beta)
        ),
        AttemptOutcome::Exact => format!(
            "The root's value {value_s} lies inside the aspiration window ({}, {}): it is exact, and the pass is done after {tried}.",
            w.sc(alpha),
            w.sc(beta)
        ),
        AttemptOutcome::Abort => format!(
            "The budget ran out during the attempt with window ({}, {}), so it proves nothing.",
            w.sc(alpha),
            w.sc(beta)
        ),
    }
}

pub(super) fn enter(
    w: &Words,
    state: u32,
    turn: Side,
    (depth, qleft): (u8, u8),
    (alpha, beta): (i32, i32),
) -> String {
    let st = w.st;
    let ply = st.top().map_or(0, |f| f.ply);
    let horizon = if depth == 0 && qleft > 0 {
        format!("; it is at the horizon, so only tactical moves go on ({qleft} q left)")
    } else {
        String::new()
    };
    let (kind, own) = entered_window(w, turn);
    format!(
        "Call {}: {} is entered at ply {ply} with d={depth}, q={qleft} and {kind} ({}, {}){own}{}{horizon}.",
        st.call(),
        w.node(state, turn),
        w.sc(alpha),
        w.sc(beta),
        reached_by(w)
    )
}

/// ", reached by move 2 of MAX A (0)" for a child, " as the root" for the root.
fn reached_by(w: &Words) -> String {
    let st = w.st;
    let parent = st.frames.len().checked_sub(2).map(|i| st.frames[i]);
    match (
        parent,
        w.replay.tree().get(st.top().map_or(0, |f| f.node)).mv,
    ) {
        (Some(p), mv) if mv >= 0 => {
            format!(
                ", reached by {} of {}",
                w.mv(p.state, mv),
                w.node(p.state, p.turn)
            )
        }
        _ => " as the root".into(),
    }
}

/// Which window a call is entered with (a scout's null window, a re-search's full one) and
/// whose side it is counted from when that is not always MAX's.
fn entered_window(w: &Words, turn: Side) -> (&'static str, String) {
    let top = w.top();
    let own = || format!(" (from {}'s side)", w.kind(turn));
    match (
        top.is_some_and(|f| f.scout),
        top.is_some_and(|f| f.research),
        w.replay.tree().negates(),
    ) {
        (true, _, _) => ("the null window", own()),
        (_, true, _) => ("the full window again", own()),
        (_, _, true) => ("window", own()),
        _ => ("window", String::new()),
    }
}

pub(super) fn refused(w: &Words, state: u32) -> String {
    format!(
        "The budget of {} is spent, so {} is not admitted and the search unwinds from here.",
        crate::text::counted(w.replay.options().budget, "call", "calls"),
        w.node(state, w.replay.catalog().turn(state))
    )
}

pub(super) fn order(w: &Words, state: u32) -> String {
    let Some(f) = w.top() else {
        return String::new();
    };
    let replay = w.replay;
    let order = replay.order_of(f);
    // Moves as the game names them: squares in tic-tac-toe, else their numbers.
    let list: Vec<String> = order
        .iter()
        .map(|&m| replay.catalog().move_number(state, m as i16))
        .collect();
    let how = if f.depth == 0 {
        "only tactical moves, "
    } else {
        ""
    };
    let sorted = if replay.options().ordering {
        "sorted: the last best move first, then the most promising child score"
    } else if let Some(how) = (replay.trace().header.game.as_ref()).and_then(|g| g.order_note()) {
        how
    } else if replay.trace().header.game.is_some() {
        // A game's moves come in its own order: squares in order, a tree's children.
        "in the game's own order"
    } else {
        "in the order the file lists them"
    };
    if order.is_empty() {
        format!(
            "{} has no tactical move to try, so its stand-pat value stands.",
            w.node(state, f.turn)
        )
    } else {
        format!(
            "{} will try {} ({how}{sorted}): {}.",
            w.node(state, f.turn),
            plural(order.len(), "candidate", "candidates"),
            list.join(", ")
        )
    }
}

pub(super) fn push(w: &Words, state: u32, mv: i16) -> String {
    let Some(f) = w.top() else {
        return String::new();
    };
    let quiet = if f.depth == 0 {
        format!(
            "; it is tactical, so quiescence follows it ({} q left below)",
            f.qleft.saturating_sub(1)
        )
    } else {
        String::new()
    };
    format!(
        "{} tries {} (candidate {} of {}), which leads to {}{quiet}.",
        w.node(f.state, f.turn),
        w.mv(f.state, mv),
        f.trying.map_or(1, |p| p + 1),
        f.order_len,
        w.name(state)
    )
}

pub(super) fn pop(w: &Words, state: u32, value: i32) -> String {
    let value_s = w.sc(value);
    let Some(f) = w.top() else {
        return String::new();
    };
    let had = if f.best.abs() == INF {
        "it had nothing yet".to_string()
    } else {
        format!("its best so far was {}", w.sc(f.best))
    };
    // Negamax: the parent counts the child's value from its own side, negated.
    let nm = w.replay.tree().negates();
    let seen = if nm { -value } else { value };
    let better = if w.family.maximises(f.turn) {
        seen > f.best
    } else {
        seen < f.best
    };
    let verdict = if better {
        format!("better for {}", w.kind(f.turn))
    } else {
        format!("no better for {}", w.kind(f.turn))
    };
    if nm {
        format!(
            "{} returns {value_s} from its own side to {}, which counts it as {}: {verdict} ({had}){}.",
            w.name(state),
            w.node(f.state, f.turn),
            w.sc(seen),
            scout_answer(w, state, seen, f.alpha)
        )
    } else {
        format!(
            "{} returns {value_s} to {}: {verdict} ({had}).",
            w.name(state),
            w.node(f.state, f.turn)
        )
    }
}

/// What a scout's answer proves, after the pop of a child searched with the null window.
fn scout_answer(w: &Words, state: u32, seen: i32, alpha: i32) -> String {
    let scout = w.replay.tree().get(w.st.last_done.unwrap_or(0));
    if !scout.scout {
        String::new()
    } else if seen > alpha {
        format!(
            "; the null window says only that {} beats α = {}",
            w.name(state),
            w.sc(alpha)
        )
    } else {
        format!(
            "; the null window proves {} is no better than α = {}",
            w.name(state),
            w.sc(alpha)
        )
    }
}

pub(super) fn returns(w: &Words, state: u32, value: i32, mv: i16, how: ReturnKind) -> String {
    let value_s = w.sc(value);
    let to = match w.top() {
        Some(p) => format!("to {}", w.node(p.state, p.turn)),
        None => "as the answer of this pass".to_string(),
    };
    let with = best_move(w, mv);
    match how {
        ReturnKind::TableHit => format!(
            "{} returns {value_s}{with} {to} straight from the table: nothing below it is searched again.",
            w.name(state)
        ),
        ReturnKind::Searched(flag) => format!(
            "{} returns {value_s}{with} {to}; it is {}.",
            w.name(state),
            match flag {
                Flag::Exact => "the exact value",
                Flag::Lower => "a lower bound, the true value may be higher",
                Flag::Upper => "an upper bound, the true value may be lower",
            }
        ),
    }
}

/// " (best move 2 to C (3))": the returning call's best move by the child it leads to; its
/// index only when no call of the state ever listed its children.
fn best_move(w: &Words, mv: i16) -> String {
    match w.st.last_done {
        Some(node) if mv >= 0 => {
            let best = w.mv(w.replay.tree().get(node).state, mv);
            match w.move_to(node, mv) {
                to if to == best => format!(" (best {best})"),
                to => format!(" (best {best} to {to})"),
            }
        }
        _ if mv >= 0 => format!(" (best move {mv})"),
        _ => String::new(),
    }
}

pub(super) fn unwind(w: &Words, state: u32) -> String {
    format!(
        "The budget ran out below {}: its search is abandoned, it returns nothing{}.",
        w.name(state),
        if w.replay.options().keeps_table() {
            " and stores nothing"
        } else {
            ""
        }
    )
}
