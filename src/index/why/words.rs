//! The sentences of the "why" chains whose wording depends on a flag, a rule or a family:
//! each states the numbers it is given, and the comparison the run's cut rule made.

use crate::event::{Bound, Narrowing};
use crate::trace::Event;
use crate::value::{CutRule, Entry, Flag, Units};

/// "≥" or ">": how the run's cut rule compares a value with a bound it reaches.
fn reaches(rule: CutRule) -> &'static str {
    match rule {
        CutRule::AtLeast => "≥",
        CutRule::Strict => ">",
    }
}

/// The opposite comparison: the value does not reach the bound.
fn short_of(rule: CutRule) -> &'static str {
    match rule {
        CutRule::AtLeast => "<",
        CutRule::Strict => "≤",
    }
}

/// A window narrowed before a call's moves (`Bound::Narrow`): what narrowed it, to what,
/// and, when that closed it, that the call returned at once.
pub fn narrowed(u: &Units, name: &str, event: Event) -> String {
    let Event::Bound(Bound::Narrow {
        alpha, beta, by, ..
    }) = event
    else {
        return String::new();
    };
    let (a, b) = (u.sc(alpha), u.sc(beta));
    let what = match by {
        Narrowing::Reach => {
            format!("the best score {name} can still reach is {b}, so β fell to {b}")
        }
        Narrowing::Floor => {
            format!("the worst score still possible at {name} is {a}, so α rose to {a}")
        }
        Narrowing::KeptUpper => {
            format!("the table kept an upper bound of {b} for {name}, so β fell to {b}")
        }
        Narrowing::KeptLower => {
            format!("the table kept a lower bound of {a} for {name}, so α rose to {a}")
        }
    };
    if alpha >= beta {
        format!(
            "Before any move, {what}: the window ({a}, {b}) is closed, so {name} returned at once."
        )
    } else {
        format!("Before any move, {what}: {name}'s window is now ({a}, {b}).")
    }
}

/// What a probe event found: "LOWER 3" or "nothing".
pub fn entry(u: &Units, event: Event) -> String {
    match event {
        Event::Bound(Bound::Probe { found: Some(e), .. }) => {
            format!("{} {}", e.flag.name(), u.sc(e.value))
        }
        _ => "nothing".into(),
    }
}

/// A score read: "B is a terminal: its utility is 3." / "… at the horizon: its static score".
pub fn read(u: &Units, name: &str, event: Event) -> String {
    match event {
        Event::Bound(Bound::Read {
            value,
            terminal: true,
            ..
        }) => format!("{name} is a finished game: its utility is {}.", u.sc(value)),
        Event::Bound(Bound::Read { value, .. }) => format!(
            "{name} is at the depth horizon: its static score is {}.",
            u.sc(value)
        ),
        _ => format!("{name} read its score here."),
    }
}

/// Why a value stored against the call's original window (α0, β0) has its flag.
pub fn flag_reason(
    u: &Units,
    rule: CutRule,
    value: i32,
    flag: Flag,
    (a0, b0): (i32, i32),
) -> String {
    let (v, a, b) = (u.sc(value), u.sc(a0), u.sc(b0));
    let classified = Flag::classify(value, a0, b0, rule);
    if classified != flag {
        return format!(
            "against its original window ({a}, {b}) the rule would make {v} {}; this run stores {}.",
            classified.name(),
            flag.name()
        );
    }
    match flag {
        Flag::Exact => format!(
            "{v} lies inside the window ({a}, {b}) it was entered with, so it is the exact value."
        ),
        Flag::Lower => format!(
            "{v} {} β = {b} of the window it was entered with: it failed high, so {v} is only a lower bound (the true value may be higher).",
            reaches(rule)
        ),
        Flag::Upper => format!(
            "α = {a} of the window it was entered with {} {v}: it failed low, so {v} is only an upper bound (the true value may be lower).",
            reaches(rule)
        ),
    }
}

/// How a child's window (x, y) follows from its parent's (a, b) at the push.
pub fn passed(
    u: &Units,
    negamax: bool,
    (a, b): (i32, i32),
    (x, y): (i32, i32),
    parent: &str,
) -> String {
    let window = format!("({}, {})", u.sc(a), u.sc(b));
    if negamax && (x, y) == (b.saturating_neg(), a.saturating_neg()) {
        format!(
            "{parent}'s window {window} negated and swapped, as negamax passes it to the other side"
        )
    } else if !negamax && (x, y) == (a, b) {
        format!("{parent}'s window {window}, passed down as it was at the push")
    } else {
        format!("{parent}'s window was {window} at the push; this run passed it on as shown")
    }
}

/// What a probe found and whether it settles a call with window (α, β).
pub fn probe(
    u: &Units,
    rule: CutRule,
    found: Option<Entry>,
    usable: bool,
    (a, b): (i32, i32),
    (depth, qleft): (u8, u8),
) -> String {
    let Some(e) = found else {
        return format!("found no entry for this position at d{depth} q{qleft}: it is searched.");
    };
    let (v, a, b) = (u.sc(e.value), u.sc(a), u.sc(b));
    let head = format!("found {} {v} at d{depth} q{qleft}", e.flag.name());
    let why = match (e.flag, usable) {
        (Flag::Exact, _) => "an exact value answers any window".to_string(),
        (Flag::Lower, true) => format!(
            "at least {v}, and {v} {} β = {b}: the window would close, so it answers",
            reaches(rule)
        ),
        (Flag::Upper, true) => format!(
            "at most {v}, and α = {a} {} {v}: the window would close, so it answers",
            reaches(rule)
        ),
        (Flag::Lower, false) => format!(
            "only at least {v}, and {v} {} β = {b}: that does not close the window, so it is searched",
            short_of(rule)
        ),
        (Flag::Upper, false) => format!(
            "only at most {v}, and α = {a} {} {v}: that does not close the window, so it is searched",
            short_of(rule)
        ),
    };
    format!("{head}: {why}.")
}
