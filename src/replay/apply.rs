//! One event applied to the view of the search: the skeleton every family shares here, each
//! family's detail in its own file. Every match over events is exhaustive.

mod bound;
mod chance;
mod scout;
mod vector;

use super::state::{Frame, ReplayState};
use crate::game::Side;
use crate::index::Tree;
use crate::search::{Attempt, Family, Pass};
use crate::trace::{Event, ReturnKind};
use crate::value::AttemptOutcome;

/// Applies event `index` (already counted in `st.step`) of a run of `family` whose searched
/// tree is `tree`.
pub(super) fn event(
    family: &dyn Family,
    tree: &Tree,
    st: &mut ReplayState,
    index: usize,
    event: Event,
) {
    match event {
        Event::PassStart { depth } => pass_start(st, depth),
        Event::PassEnd {
            depth,
            done,
            score,
            mv,
        } => pass_end(st, depth, done, score, mv),
        Event::Aspiration {
            alpha,
            beta,
            outcome,
            ..
        } => attempt_end(tree, st, (alpha, beta), outcome),
        Event::Enter {
            state,
            turn,
            depth,
            qleft,
            alpha,
            beta,
        } => enter(family, st, (state, turn), (depth, qleft), (alpha, beta)),
        Event::Refused { .. } => st.refused = true,
        Event::Order { start, len, .. } => {
            if let Some(f) = st.frames.last_mut() {
                (f.order_start, f.order_len, f.ordered) = (start, len, true);
            }
        }
        Event::Push { state, mv, pos } => {
            st.pushed = Some((state, mv));
            if let Some(f) = st.frames.last_mut() {
                f.trying = Some(pos);
            }
        }
        Event::Pop { .. } => st.pushed = None,
        Event::Return { how, .. } => {
            if how == ReturnKind::TableHit {
                st.stats.tt_hits += 1;
            }
            st.last_done = st.frames.pop().map(|f| f.node);
        }
        Event::Unwind { .. } => st.last_done = st.frames.pop().map(|f| f.node),
        Event::Bound(d) => bound::apply(st, index, d),
        Event::Scout(d) => scout::apply(st, d),
        Event::Chance(d) => chance::apply(st, d),
        Event::Vector(d) => vector::apply(st, d),
        // A Monte Carlo run's views read its tree and counts from the index at the step.
        Event::Mcts(_) => {}
    }
}

fn pass_start(st: &mut ReplayState, depth: u8) {
    st.pass = Some(depth);
    st.pass_open = true;
    st.pass_before = st.stats;
    st.frames.clear();
    st.pushed = None;
    st.last_done = None;
    st.attempts.clear();
}

fn pass_end(st: &mut ReplayState, depth: u8, done: bool, score: i32, mv: i16) {
    st.pass_open = false;
    st.passes.push(Pass {
        depth,
        done,
        score,
        mv,
        delta: st.stats.delta(&st.pass_before),
        attempts: std::mem::take(&mut st.attempts),
    });
    if done {
        st.committed = Some((depth, score, mv));
    }
    st.frames.clear();
}

/// An aspiration attempt ended; its value is what the root call it searched returned.
fn attempt_end(
    tree: &Tree,
    st: &mut ReplayState,
    (alpha, beta): (i32, i32),
    outcome: AttemptOutcome,
) {
    if outcome.missed() {
        st.counters.aspiration_misses += 1;
    }
    let value = st.last_done.map_or(0, |n| tree.get(n).value);
    st.attempts.push(Attempt {
        alpha,
        beta,
        value,
        outcome,
    });
}

fn enter(
    family: &dyn Family,
    st: &mut ReplayState,
    (state, turn): (u32, Side),
    (depth, qleft): (u8, u8),
    (alpha, beta): (i32, i32),
) {
    let node = st.stats.nodes as u32;
    st.stats.nodes += 1;
    let ply = st.frames.len() as u16;
    st.stats.peak = st.stats.peak.max(ply as u64);
    if depth == 0 {
        st.stats.qnodes += 1;
    }
    st.pushed = None;
    st.frames.push(Frame {
        node,
        state,
        ply,
        depth,
        qleft,
        turn,
        alpha0: alpha,
        beta0: beta,
        alpha,
        beta,
        // The side's worst, until a value arrives.
        best: if family.maximises(turn) {
            -crate::search::INF
        } else {
            crate::search::INF
        },
        best_mv: crate::search::NO_MOVE,
        order_start: 0,
        order_len: 0,
        ordered: false,
        trying: None,
        cutoff: None,
        stand_pat: None,
        scout: std::mem::take(&mut st.next_scout),
        research: std::mem::take(&mut st.next_research),
        average: None,
        interval: None,
    });
}
