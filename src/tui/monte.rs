//! What the tutor reads of a Monte Carlo run at a step: the phase the last event belongs to,
//! the iteration it is in, the node it acts on and the path the iteration has taken so far.
//! Everything is read from the recorded events and the index (`index.monte`); nothing here
//! searches or recomputes a count. The jump keys (next / previous iteration and phase) and
//! play-until read the same functions, so a key and the screen agree on where a phase starts.

use crate::event::{Event, Mcts};
use crate::replay::Replay;

/// The four phases of an iteration, and the two moments around them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The lesson's stated tree, before iteration 1.
    Given,
    /// An iteration begins at the root.
    Start,
    Selection,
    Expansion,
    /// A playout, or a finished game's known outcome.
    Playout,
    Backup,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Given => "stated tree",
            Phase::Start => "start",
            Phase::Selection => "selection",
            Phase::Expansion => "expansion",
            Phase::Playout => "playout",
            Phase::Backup => "backup",
        }
    }
}

/// Event `i` of the run, if it is a Monte Carlo one. (The one place events are read by
/// position, so a change of the events' storage touches one line.)
pub fn event(r: &Replay, i: usize) -> Option<Mcts> {
    match r.events().get(i) {
        Some(Event::Mcts(m)) => Some(m),
        _ => None,
    }
}

/// The phase of event `i` (the stated tree's expansions before iteration 1 are part of it).
pub fn phase_of(r: &Replay, i: usize) -> Option<Phase> {
    let m = event(r, i)?;
    let before_first = r.index().monte.iteration_at(i) == 0;
    Some(match m {
        Mcts::Given { .. } => Phase::Given,
        Mcts::Expand { .. } if before_first => Phase::Given,
        Mcts::Iteration { .. } => Phase::Start,
        Mcts::Select { .. } | Mcts::Draw { .. } => Phase::Selection,
        Mcts::Expand { .. } => Phase::Expansion,
        Mcts::Playout { .. } | Mcts::Known { .. } => Phase::Playout,
        Mcts::Backup { .. } => Phase::Backup,
    })
}

/// The phase on screen at `step` (that of the last event applied).
pub fn phase_at(r: &Replay, step: usize) -> Option<Phase> {
    step.checked_sub(1).and_then(|i| phase_of(r, i))
}

/// The node event `m` acts on (a selection's: the node whose children are scored).
pub fn node_of(m: Mcts) -> u32 {
    match m {
        Mcts::Iteration { .. } => 0,
        Mcts::Given { node, .. }
        | Mcts::Select { node, .. }
        | Mcts::Draw { node, .. }
        | Mcts::Expand { node, .. }
        | Mcts::Playout { node, .. }
        | Mcts::Known { node, .. }
        | Mcts::Backup { node, .. } => node,
    }
}

/// The node the current step acts on (the root before any event).
pub fn current(r: &Replay, step: usize) -> u32 {
    step.checked_sub(1)
        .and_then(|i| event(r, i))
        .map_or(0, node_of)
}

/// Whether a phase begins at event `i` (its phase differs from the event's before it).
fn starts_phase(r: &Replay, i: usize) -> bool {
    let here = phase_of(r, i);
    here.is_some() && (i == 0 || phase_of(r, i - 1) != here)
}

/// The step right after the next event that begins a phase, beyond `step`.
pub fn next_phase(r: &Replay, step: usize) -> Option<usize> {
    (step..r.len()).find(|&i| starts_phase(r, i)).map(|i| i + 1)
}

/// The step right after the last event before `step - 1` that begins a phase.
pub fn prev_phase(r: &Replay, step: usize) -> Option<usize> {
    (0..step.saturating_sub(1))
        .rev()
        .find(|&i| starts_phase(r, i))
        .map(|i| i + 1)
}

/// The step right after the next / previous iteration's start (as the jump keys land).
pub fn next_iteration(r: &Replay, step: usize) -> Option<usize> {
    Replay::next_mark(r.index().monte.iterations(), step)
}

pub fn prev_iteration(r: &Replay, step: usize) -> Option<usize> {
    Replay::prev_mark(r.index().monte.iterations(), step)
}

/// The iterations finished after `step` events (their backup has reached the root), and the
/// step at which the last of them finished: what "after k iterations" reads. With none
/// finished, the step before iteration 1 (a stated tree's counts in place), or `step` itself
/// while the stated tree is still being laid out.
pub fn completed(r: &Replay, step: usize) -> (usize, usize) {
    let starts = r.index().monte.iterations();
    let end = |k: usize| starts.get(k).map_or(r.len(), |&e| e as usize);
    // Iteration k (from 1) has finished once the next one has begun (`starts[k]`), the last
    // once the run has ended.
    let n = starts.len();
    let mut k = starts
        .get(1..)
        .map_or(0, |s| s.partition_point(|&e| e as usize <= step));
    if n > 0 && k == n - 1 && r.len() <= step {
        k = n;
    }
    let at = if k == 0 { step.min(end(0)) } else { end(k) };
    (k, at)
}

/// The event that begins the iteration `step` is in, if one has begun.
pub fn iteration_start(r: &Replay, step: usize) -> Option<usize> {
    let k = r.index().monte.iteration_at(step.checked_sub(1)?);
    let starts = r.index().monte.iterations();
    k.checked_sub(1).map(|k| starts[k] as usize)
}

/// The node the iteration has reached after `step` events: the child the last selection
/// chose, the node drawn or expanded, or the node a playout or a known outcome left from.
/// The root before any of these.
pub fn iteration_leaf(r: &Replay, step: usize) -> u32 {
    let Some(from) = iteration_start(r, step) else {
        return 0;
    };
    let monte = &r.index().monte;
    let mut leaf = 0;
    for i in from..step {
        let reached = match event(r, i) {
            Some(Mcts::Select { node, pos, .. } | Mcts::Draw { node, pos }) => {
                // A drawn outcome without a node yet is expanded by the next event.
                monte
                    .child(node, pos)
                    .filter(|&c| monte.node(c).is_some_and(|n| (n.created as usize) <= i))
            }
            Some(
                Mcts::Expand { node, .. } | Mcts::Playout { node, .. } | Mcts::Known { node, .. },
            ) => Some(node),
            _ => None,
        };
        if let Some(n) = reached {
            leaf = n;
        }
    }
    leaf
}

/// The nodes from the root to `id`, root first.
pub fn root_path(r: &Replay, id: u32) -> Vec<u32> {
    let monte = &r.index().monte;
    let mut out = vec![id];
    let mut at = id;
    while let Some(n) = monte.node(at).filter(|n| n.parent != u32::MAX) {
        at = n.parent;
        out.push(at);
    }
    out.reverse();
    out
}

/// The path the current iteration has taken after `step` events, root first.
pub fn iteration_path(r: &Replay, step: usize) -> Vec<u32> {
    root_path(r, iteration_leaf(r, step))
}

/// The first backup event of the iteration `step` is in, when its backup has begun.
pub fn backup_start(r: &Replay, step: usize) -> Option<usize> {
    let from = iteration_start(r, step)?;
    (from..step).find(|&i| matches!(event(r, i), Some(Mcts::Backup { .. })))
}

/// A move of `state` as the game names it ("5" for a square); else the label of the state it
/// reaches (`reached`, a graph's "B"); else "m2".
pub fn step_name(r: &Replay, state: u32, mv: u16, reached: Option<u32>) -> String {
    let catalog = r.catalog();
    if let Some(name) = catalog.move_name(state, mv as i16) {
        return crate::text::one_line(name).into_owned();
    }
    match reached.and_then(|s| catalog.label(s)) {
        Some(label) => crate::text::one_line(label).into_owned(),
        None => format!("m{mv}"),
    }
}

/// The move into Monte Carlo node `id` as the game names it ("root" for the root).
pub fn move_into(r: &Replay, id: u32) -> String {
    let monte = &r.index().monte;
    match monte.node(id) {
        Some(n) if n.parent != u32::MAX => {
            let parent = monte.node(n.parent).map_or(0, |p| p.state);
            step_name(r, parent, n.pos, Some(n.state))
        }
        _ => "root".into(),
    }
}

/// The exploration constants `E` cycles through (seed 004's: √2 by default, the 2 and 0.5
/// of its tables, 1, and 0 for pure exploitation).
pub const C_CYCLE: [f64; 5] = [std::f64::consts::SQRT_2, 2.0, 1.0, 0.5, 0.0];

/// The C after `c` in `C_CYCLE` (the first when `c` is not in it).
pub fn next_c(c: f64) -> f64 {
    let at = C_CYCLE.iter().position(|&x| x == c);
    C_CYCLE[at.map_or(0, |i| (i + 1) % C_CYCLE.len())]
}
