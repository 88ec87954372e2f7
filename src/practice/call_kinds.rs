//! The kinds that ask about one call of the run: `window` (the window it receives), `value`
//! and `flag` (what it returns and stores) and `next` (what its parent does after it). Their
//! answers, the node a generated problem asks about, and why an answer is wrong, read off the
//! recorded run's calls.

use super::answer::Answer;
use super::item::{Explained, Problem, Solved};
use super::query::{self, Call};
use crate::game::Game;
use crate::index::{Outcome, Recorded};
use crate::lesson::facts::Kind;
use crate::rng::Rng;
use crate::value::Units;

/// The right answer of a call kind, about call `t`.
pub(super) fn answer(kind: Kind, main: &Solved, t: usize) -> Answer {
    let c = &main.rows[t];
    match kind {
        Kind::Window => Answer::Window {
            alpha: c.alpha,
            beta: c.beta,
        },
        Kind::Value => Answer::Value {
            value: c.value.unwrap_or(0),
            bound: query::bound_of(&main.rec, t).unwrap_or("exact").to_string(),
        },
        Kind::Flag => Answer::Flag(match c.outcome {
            Some(Outcome::Stored(f)) => f.name().to_string(),
            _ => "HIT".to_string(),
        }),
        _ => Answer::Next(query::next_after(&main.rec, t).unwrap_or_else(|| "return".into())),
    }
}

/// The call a generated problem of a call kind asks about, drawn from `firsts` (the first
/// visit of each node below the root); `None` when the run has none that fits.
pub(super) fn pick(
    rng: &mut Rng,
    kind: Kind,
    p: &Problem,
    main: &Solved,
    firsts: &[usize],
) -> Option<usize> {
    let rows = &main.rows;
    match kind {
        Kind::Window => {
            let deep: Vec<usize> = firsts
                .iter()
                .copied()
                .filter(|&i| rows[i].ply >= 2)
                .collect();
            rng.pick(if deep.is_empty() { firsts } else { &deep })
                .copied()
        }
        Kind::Value | Kind::Flag => {
            let graph = &p.lesson.graph;
            let inner_calls: Vec<usize> = firsts
                .iter()
                .copied()
                .filter(|&i| graph.move_count(rows[i].state) > 0)
                .collect();
            let bounded: Vec<usize> = inner_calls
                .iter()
                .copied()
                .filter(|&i| query::bound_of(&main.rec, i) != Some("exact"))
                .collect();
            let pool = if !bounded.is_empty() && rng.chance(2, 3) {
                &bounded
            } else if !inner_calls.is_empty() {
                &inner_calls
            } else {
                firsts
            };
            rng.pick(pool).copied()
        }
        Kind::Next => {
            let by = |what: &str| -> Vec<usize> {
                firsts
                    .iter()
                    .copied()
                    .filter(|&i| {
                        query::next_after(&main.rec, i).is_some_and(|n| n.starts_with(what))
                    })
                    .collect()
            };
            let groups: Vec<Vec<usize>> = ["cut", "enter", "return"]
                .iter()
                .map(|w| by(w))
                .filter(|g| !g.is_empty())
                .collect();
            rng.pick(&groups).and_then(|g| rng.pick(g)).copied()
        }
        _ => None,
    }
}

/// "B returns 3 exactly (call 4)": a call's value and what it proves.
pub(super) fn describe_call(p: &Problem, units: &Units, c: &Call, rec: &Recorded) -> String {
    let value = c.value.map_or("nothing".to_string(), |v| units.fmt(v));
    let what = match c.outcome {
        Some(Outcome::TableHit) => "from the table".to_string(),
        Some(Outcome::Stored(crate::search::Flag::Exact)) => "exactly".to_string(),
        _ => match query::bound_of(rec, c.step as usize - 1) {
            Some("upper") => "as an upper bound (the true value is at most this)".to_string(),
            Some("lower") => "as a lower bound (the true value is at least this)".to_string(),
            _ => String::new(),
        },
    };
    format!(
        "{} returns {value} {what} (call {})",
        p.name(c.state),
        c.step
    )
}

/// (node, step, why) for a wrong window: the window call `t` received, and where each wrong
/// bound of it was set.
pub(super) fn explain_window(
    p: &Problem,
    main: &Solved,
    units: &Units,
    t: usize,
    (alpha, beta): (i32, i32),
    (a2, b2): (i32, i32),
) -> Explained {
    let c = &main.rows[t];
    let mut why = format!(
        "{} is entered at call {} with (α, β) = ({}, {})",
        p.name(c.state),
        c.step,
        units.fmt(alpha),
        units.fmt(beta)
    );
    if alpha != a2 {
        why.push_str(&format!("; α: {}", origin(p, main, units, t, true)));
    }
    if beta != b2 {
        why.push_str(&format!("; β: {}", origin(p, main, units, t, false)));
    }
    (Some(c.state), Some(c.step), why)
}

/// (node, step, why) for a wrong value or flag: what call `t` returns and what it proves.
pub(super) fn explain_value(p: &Problem, main: &Solved, units: &Units, t: usize) -> Explained {
    let c = &main.rows[t];
    (Some(c.state), Some(c.step), why_value(p, main, units, t))
}

/// Where the α (or β) a call received was set: the nearest ancestor whose window took
/// that bound from a child's value (or its own stand-pat score) before the path went on.
fn origin(p: &Problem, main: &Solved, units: &Units, t: usize, alpha: bool) -> String {
    let rows = &main.rows;
    let tree = &main.rec.tree();
    let target = if alpha { rows[t].alpha } else { rows[t].beta };
    let side = if alpha { "MAX" } else { "MIN" };
    let bound = |w: (i32, i32)| if alpha { w.0 } else { w.1 };
    let (mut below, mut a) = (t, rows[t].parent);
    while let Some(i) = a {
        let frame = &rows[i];
        let entry = bound((frame.alpha, frame.beta));
        let sets =
            |w: Option<(i32, i32)>| w.is_some_and(|w| bound(w) == target && entry != bound(w));
        // Children of this frame that returned before the path child, latest first.
        let before: Vec<u32> = tree
            .children(i as u32)
            .take_while(|&c| c as usize != below)
            .filter(|&c| (c as usize) < rows.len())
            .collect();
        if let Some(&c) = before
            .iter()
            .rev()
            .find(|&&c| sets(tree.get(c).window_after))
        {
            let c = &rows[c as usize];
            return format!(
                "{} was set at {side} node {} when its child {} returned {} (call {})",
                units.fmt(target),
                p.name(frame.state),
                p.name(c.state),
                c.value.map_or("-".into(), |v| units.fmt(v)),
                c.step
            );
        }
        if sets(tree.get(i as u32).stand_pat_window) {
            return format!(
                "{} was set by {side} node {}'s stand-pat score (call {})",
                units.fmt(target),
                p.name(frame.state),
                frame.step
            );
        }
        (below, a) = (i, frame.parent);
    }
    format!(
        "{} comes unchanged from the root window: no {} ancestor had a result yet",
        units.fmt(target),
        if alpha { "MAX" } else { "MIN" }
    )
}

fn why_value(p: &Problem, main: &Solved, units: &Units, t: usize) -> String {
    let rows = &main.rows;
    let c = &rows[t];
    let mut why = describe_call(p, units, c, &main.rec);
    let cutter = rows.iter().find(|r| r.parent == Some(t) && r.caused_cutoff);
    match (c.outcome, query::bound_of(&main.rec, c.step as usize - 1)) {
        (Some(Outcome::TableHit), Some(b)) => why.push_str(&format!(
            "; an earlier search of the same position stored a {} entry that settles this window, so nothing is stored now (HIT)",
            b.to_uppercase()
        )),
        (_, Some("exact")) => why.push_str(&format!(
            "; its value lies strictly inside the window ({}, {}) it received, so it is exact: EXACT",
            units.fmt(c.alpha),
            units.fmt(c.beta)
        )),
        (_, Some(b)) => {
            let flag = b.to_uppercase();
            match cutter {
                Some(k) => why.push_str(&format!(
                    "; it stopped once {} returned {} (call {}), which closed the window ({}, {}) it had received, so the skipped moves could only make it {}: {flag}",
                    p.name(k.state),
                    k.value.map_or("-".into(), |v| units.fmt(v)),
                    k.step,
                    units.fmt(c.alpha),
                    units.fmt(c.beta),
                    if b == "upper" { "smaller" } else { "larger" }
                )),
                None => why.push_str(&format!(
                    "; its value is outside the window ({}, {}) it received, so it only proves a bound: {flag}",
                    units.fmt(c.alpha),
                    units.fmt(c.beta)
                )),
            }
        }
        _ => {}
    }
    why
}

/// (node, step, why) for a wrong next step: what call `t` returned, the parent's window
/// then, and so what the parent does.
pub(super) fn explain_next(
    p: &Problem,
    main: &Solved,
    units: &Units,
    t: usize,
    next: &str,
) -> Explained {
    let rows = &main.rows;
    let c = &rows[t];
    let parent = c.parent.map(|i| &rows[i]);
    let pstate = parent.map_or(main.rec.trace.header.start, |r| r.state);
    // The parent's window once it has taken in this child's value.
    let (wa, wb) = parent.map_or((c.alpha, c.beta), |_| {
        main.rec
            .tree()
            .get(t as u32)
            .window_after
            .unwrap_or((c.alpha, c.beta))
    });
    let returned = format!(
        "{} returned {} (call {}) and {}'s window is now ({}, {})",
        p.name(c.state),
        c.value.map_or("-".into(), |v| units.fmt(v)),
        c.step,
        p.name(pstate),
        units.fmt(wa),
        units.fmt(wb)
    );
    let why = match next {
        "cut" => format!(
            "{returned}: closed, so {} stops scanning its moves",
            p.name(pstate)
        ),
        "return" => format!(
            "{returned}: still open, but that was its last move, so it stores its result and returns"
        ),
        other => format!("{returned}: still open, so it goes on with its next move: {other}"),
    };
    let step = match next.strip_prefix("enter ") {
        Some(name) => query::find_node(&p.lesson.graph, name)
            .and_then(|s| {
                rows.iter()
                    .find(|r| r.state == s && r.parent == c.parent && r.step > c.step)
            })
            .map(|r| r.step),
        None => parent.map(|r| r.step),
    };
    (Some(pstate), step, why)
}
