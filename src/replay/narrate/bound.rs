//! Alpha-beta's detail in a run of one score and a window: probes, reads, stand-pats, bests,
//! windows, cutoffs and stores.

use super::words::{Words, plural};
use crate::game::Side;
use crate::replay::{Frame, NodeKind};
use crate::value::{Entry, Flag, Key};

pub(super) fn probe(w: &Words, state: u32, found: Option<Entry>, usable: bool) -> String {
    let f = w.top().copied();
    let (d, q) = f.map_or((0, 0), |f| (f.depth, f.qleft));
    match found {
        None => format!(
            "The table has nothing for {} at d={d}, q={q}, so it must be searched.",
            w.name(state)
        ),
        Some(e) => {
            let (a, b) = f.map_or((0, 0), |f| (f.alpha, f.beta));
            format!(
                "The table holds {} {} for {} at d={d}, q={q}: {}.",
                e.flag.name(),
                e.value,
                w.name(state),
                probe_why(w, e, usable, (a, b))
            )
        }
    }
}

/// Why a table entry answers the probing call's window (a, b), or does not.
fn probe_why(w: &Words, e: Entry, usable: bool, (a, b): (i32, i32)) -> String {
    let (ge, le, lt, gt) = w.closes();
    match (e.flag, usable) {
        (Flag::Exact, _) => "an exact value answers any window".to_string(),
        (Flag::Lower, true) => {
            format!(
                "LOWER {} {ge} β {}: cut without searching",
                e.value,
                w.sc(b)
            )
        }
        (Flag::Lower, false) => format!(
            "LOWER {} {lt} β {}: not usable, search again",
            e.value,
            w.sc(b)
        ),
        (Flag::Upper, true) => {
            format!(
                "UPPER {} {le} α {}: cut without searching",
                e.value,
                w.sc(a)
            )
        }
        (Flag::Upper, false) => format!(
            "UPPER {} {gt} α {}: not usable, search again",
            e.value,
            w.sc(a)
        ),
    }
}

pub(super) fn read(w: &Words, state: u32, value: i32, terminal: bool) -> String {
    let value_s = w.sc(value);
    let n = w.node(state, w.top().map_or(Side::Max, |f| f.turn));
    let weighed =
        super::weighed::sentence(w.replay, state).map_or(String::new(), |s| format!(" {s}"));
    if terminal && w.replay.options().solver.is_some() {
        // Finished by the end of the game or by one of its rules (said just before).
        format!("{n} is scored {value_s}, exactly, with no move searched below it.")
    } else if terminal {
        format!(
            "{n} is terminal: its utility {value_s} is exact, there is nothing below it.{weighed}"
        )
    } else {
        format!(
            "{n} is at the depth horizon with no quiescence left: its static score {value_s} is taken as exact.{weighed}"
        )
    }
}

pub(super) fn stand_pat(w: &Words, state: u32, value: i32, cutoff: bool) -> String {
    let (ge, le, _, _) = w.closes();
    let value_s = w.sc(value);
    let Some(f) = w.top() else {
        return String::new();
    };
    let n = w.node(state, f.turn);
    if w.replay.tree().negates() {
        return stand_pat_own_side(w, f, &n, &value_s, cutoff);
    }
    match (f.turn.is_max(), cutoff) {
        (true, true) => format!(
            "Quiescence at {n}: standing pat already gives {value_s} {ge} β {}, so MIN above will avoid this line; no capture is tried and {value_s} is a LOWER bound.",
            w.sc(f.beta0)
        ),
        (false, true) => format!(
            "Quiescence at {n}: standing pat already gives {value_s} {le} α {}, so MAX above will avoid this line; no capture is tried and {value_s} is an UPPER bound.",
            w.sc(f.alpha0)
        ),
        (true, false) => format!(
            "Quiescence at {n}: MAX may stop here (stand pat) with its static {value_s}; a tactical move counts only if it does better."
        ),
        (false, false) => format!(
            "Quiescence at {n}: MIN may stop here (stand pat) with its static {value_s}; a tactical reply counts only if it is lower."
        ),
    }
}

/// A stand-pat counted from the side to move (negamax): every node wants more.
fn stand_pat_own_side(w: &Words, f: &Frame, n: &str, value_s: &str, cutoff: bool) -> String {
    let (ge, ..) = w.closes();
    let me = w.kind(f.turn);
    if cutoff {
        format!(
            "Quiescence at {n}: standing pat already gives {value_s} {ge} β {} from {me}'s side, so the opponent above will avoid this line; no capture is tried and {value_s} is a LOWER bound.",
            w.sc(f.beta0)
        )
    } else {
        format!(
            "Quiescence at {n}: {me} may stop here (stand pat) with its static {value_s}, counted from its own side; a tactical move counts only if it does better."
        )
    }
}

pub(super) fn best(w: &Words, _state: u32, value: i32, mv: i16) -> String {
    let value_s = w.sc(value);
    let Some(f) = w.top() else {
        return String::new();
    };
    format!(
        "{} now expects {value_s}, through {} to {}.",
        w.node(f.state, f.turn),
        w.mv(f.state, mv),
        w.move_to(f.node, mv)
    )
}

pub(super) fn window(w: &Words, _state: u32, alpha: i32, beta: i32) -> String {
    let Some(f) = w.top() else {
        return String::new();
    };
    if w.family.maximises(f.turn) {
        format!(
            "{} raises α to {}: the window is now ({}, {}), and anything at most {} no longer matters here.",
            w.node(f.state, f.turn),
            w.sc(alpha),
            w.sc(alpha),
            w.sc(beta),
            w.sc(alpha)
        )
    } else {
        format!(
            "{} lowers β to {}: the window is now ({}, {}), and anything at least {} no longer matters here.",
            w.node(f.state, f.turn),
            w.sc(beta),
            w.sc(alpha),
            w.sc(beta),
            w.sc(beta)
        )
    }
}

pub(super) fn cutoff(w: &Words, _state: u32, pos: u16, alpha: i32, beta: i32) -> String {
    let (ge, le, _, _) = w.closes();
    let Some(f) = w.top() else {
        return String::new();
    };
    let replay = w.replay;
    let st = w.st;
    let child = st
        .last_done
        .map(|c| replay.tree().get(c).state)
        .unwrap_or(f.state);
    // "reply 6" or "reply E (6)"; "move to node 6" or "move to E (6)".
    let (child, reply) = (w.name(child), w.short(child));
    let nm = w.replay.tree().negates();
    let (word, words) = if f.turn.is_max() || nm {
        ("move", "moves")
    } else {
        ("reply", "replies")
    };
    let skip = skipped(w, f, pos, (word, words));
    // What the call goes on to store, unless a prediction asks it.
    let what = if w.holds_settled(f.node) {
        String::new()
    } else {
        format!(", and {}", cut_stored(w, f))
    };
    // The value the cut child brought, counted from the cutting node's side (a negamax
    // child's is negated), and whether it only equals the bound.
    let brought = st.last_done.map(|c| {
        let v = replay.tree().get(c).value;
        if nm { -v } else { v }
    });
    let Some(v) = brought else {
        return String::new();
    };
    let better = |bound: i32| {
        if v == bound {
            "something at least as good"
        } else {
            "something better"
        }
    };
    if nm {
        format!(
            "{}: {word} to {child} gives {} {ge} β = {} from {}'s side, so the opponent already has {} above; {skip}{what}.",
            w.node(f.state, f.turn),
            w.sc(v),
            w.sc(beta),
            w.kind(f.turn),
            better(beta)
        )
    } else if f.turn.is_max() {
        format!(
            "{}: {word} to {child} gives {} {ge} β = {}, so MIN already has {} above; {skip}{what}.",
            w.node(f.state, f.turn),
            w.sc(v),
            w.sc(beta),
            better(beta)
        )
    } else {
        format!(
            "{}: {word} {reply} returns {} {le} α = {}, so MAX already has {}; {skip}{what}.",
            w.node(f.state, f.turn),
            w.sc(v),
            w.sc(alpha),
            better(alpha)
        )
    }
}

/// "the other 2 moves (D (4), E (5)) are skipped": the candidates a cutoff leaves untried.
fn skipped(w: &Words, f: &Frame, pos: u16, (word, words): (&str, &str)) -> String {
    let rest = w.replay.order_of(f).len().saturating_sub(pos as usize + 1);
    let tree = w.replay.tree();
    let skipped: Vec<String> = tree
        .children(f.node)
        .map(|c| tree.get(c))
        .filter(|n| n.kind == NodeKind::Skipped)
        .map(|n| w.name(n.state))
        .collect();
    match rest {
        0 => format!("no other {word} was left anyway"),
        1 => format!("the other {word} ({}) is skipped", skipped.join(", ")),
        n => format!(
            "the other {} ({}) are skipped",
            plural(n, word, words),
            skipped.join(", ")
        ),
    }
}

/// What the cut call goes on to store, from the index; with no table nothing is stored, and
/// the flag is only what the value proves.
fn cut_stored(w: &Words, f: &Frame) -> String {
    if let Some(solve) = w.replay.options().solver {
        return super::solve::cut_kept(w, f, solve);
    }
    let flag = match w.replay.tree().get(f.node).outcome {
        Some(crate::index::Outcome::Stored(flag)) => flag,
        _ if w.family.maximises(f.turn) => Flag::Lower,
        _ => Flag::Upper,
    };
    let article = if flag == Flag::Lower { "a" } else { "an" };
    if w.replay.options().keeps_table() {
        format!(
            "{} will be stored as {article} {} bound",
            w.sc(f.best),
            flag.name()
        )
    } else {
        format!(
            "{} is only {article} {} bound (the table is off, so it is not kept)",
            w.sc(f.best),
            flag.name()
        )
    }
}

pub(super) fn store(w: &Words, key: Key, Entry { value, flag, .. }: Entry, kept: bool) -> String {
    // A solver keeps bounds by position alone, by its own rule (`solve::store`).
    if w.replay.options().solver.is_some() {
        return super::solve::store(w, key.state, value, flag);
    }
    let value_s = w.sc(value);
    let Some(f) = w.top() else {
        return String::new();
    };
    let why = store_why(w, f, flag, &value_s);
    if kept {
        format!(
            "{} stores {value_s} as {} for (d={}, q={}): {why}.",
            w.name(key.state),
            flag.name(),
            key.depth,
            key.qleft
        )
    } else {
        format!(
            "The table is off, so nothing is kept: {value_s} at {} is {} ({why}).",
            w.name(key.state),
            flag.name()
        )
    }
}

/// Why a stored value carries its flag, from the window the call began with.
fn store_why(w: &Words, f: &Frame, flag: Flag, value_s: &str) -> String {
    let (ge, le, _, _) = w.closes();
    match flag {
        Flag::Exact if f.ordered || f.stand_pat.is_some() => format!(
            "it lies inside the window ({}, {}) the call began with, so it is exact",
            w.sc(f.alpha0),
            w.sc(f.beta0)
        ),
        Flag::Exact => "a value read directly is exact".to_string(),
        Flag::Upper => format!(
            "it is {le} α₀ = {}: the node failed low, so its true value is at most {value_s}",
            w.sc(f.alpha0)
        ),
        Flag::Lower => format!(
            "it is {ge} β₀ = {}: the node failed high, so its true value is at least {value_s}",
            w.sc(f.beta0)
        ),
    }
}
