//! PVS's detail: a candidate scouted with the null window, and searched again when the scout
//! says it is better.

use super::words::Words;

/// The candidate at `pos` of the top frame, by name ("candidate 3" when it is not listed).
fn candidate(w: &Words, node: u32, pos: u16) -> String {
    w.replay
        .rec
        .order(node)
        .1
        .get(pos as usize)
        .map_or(format!("candidate {}", pos + 1), |&c| w.name(c))
}

pub(super) fn null_window(w: &Words, state: u32, pos: u16, (alpha, beta): (i32, i32)) -> String {
    let Some(f) = w.top() else {
        return String::new();
    };
    let order = w.replay.order_of(f);
    let child = candidate(w, f.node, pos);
    format!(
        "{} scouts candidate {} of {} ({child}) with the null window ({}, {}): PVS expects the first move to stay best, so it only asks whether {child} beats α = {}.",
        w.node(state, f.turn),
        pos + 1,
        order.len(),
        w.sc(alpha),
        w.sc(beta),
        w.sc(alpha)
    )
}

pub(super) fn research(w: &Words, state: u32, pos: u16, value: i32) -> String {
    let value_s = w.sc(value);
    let Some(f) = w.top() else {
        return String::new();
    };
    let child = candidate(w, f.node, pos);
    format!(
        "Fail high: the scout of {child} came back with {value_s} > α = {}, and {value_s} does not reach β = {}, so its real value is unknown: {} searches {child} again with the full window ({}, {}).",
        w.sc(f.alpha),
        w.sc(f.beta),
        w.node(state, f.turn),
        w.sc(f.alpha),
        w.sc(f.beta)
    )
}
