//! One plain sentence per event: what just happened and why.
//!
//! The sentence reads only the replay state after the event, the event itself and, where a
//! decision is already on record (which flag a cutoff leads to), the next events. It never
//! recomputes a search value.

use super::{Replay, ReplayState};
use crate::event::{Bound, Chance, Scout, Vector};
use crate::game::Side;
use crate::search::tt::Flag;
use crate::search::{CutRule, INF, fmt_score};
use crate::trace::{Event, ReturnKind};
pub use crate::value::sc;

/// A label for a state other than the trace catalog's (`&|_| None`: the catalog's labels).
pub type Namer<'a> = &'a dyn Fn(u32) -> Option<String>;

fn plural(n: usize, one: &str, many: &str) -> String {
    crate::text::counted(n as u64, one, many)
}

/// How a pass is called: "pass 2" under iterative deepening, "depth 3 (one pass)" when the
/// run searches only its final depth (there is no pass 1 or 2 to count from).
pub fn pass_name(options: &crate::search::Options, depth: u8) -> String {
    if options.deepening {
        format!("pass {depth}")
    } else {
        format!("depth {depth} (one pass)")
    }
}

/// The same, starting a sentence.
pub fn pass_title(options: &crate::search::Options, depth: u8) -> String {
    let name = pass_name(options, depth);
    let mut chars = name.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// What a root result is worth, written with what it proves: "3", "at most 3", "at least 6".
pub fn worth(value: i32, bound: Option<Flag>) -> String {
    bound.unwrap_or(Flag::Exact).worth(value)
}

struct Words<'a> {
    replay: &'a Replay,
    namer: Namer<'a>,
}

impl Words<'_> {
    /// A state by its name, the number after it: "B (2)", or "node 2" without a label.
    fn name(&self, state: u32) -> String {
        match (self.namer)(state) {
            Some(label) if label != state.to_string() => format!("{label} ({state})"),
            _ => self.replay.catalog().called(state),
        }
    }

    /// A name after a noun that already says it is a node: "B (2)", or just "2".
    fn short(&self, state: u32) -> String {
        let name = self.name(state);
        match name.strip_prefix("node ") {
            Some(number) => number.to_string(),
            None => name,
        }
    }

    /// What kind of node a turn makes, from the turn itself: "MAX", "MIN", "chance node",
    /// or a player's own name.
    fn kind(&self, turn: Side) -> String {
        match turn {
            Side::Max | Side::Min => turn.name().to_string(),
            Side::Chance => "chance node".to_string(),
            Side::Player(_) => self.replay.trace().header.turn_name(turn),
        }
    }

    /// The same with the kind of node: "MIN B (2)", "MIN node 2", "chance node L (1)".
    fn node(&self, state: u32, turn: Side) -> String {
        match turn {
            Side::Chance => format!("{} {}", self.kind(turn), self.short(state)),
            _ => format!("{} {}", self.kind(turn), self.name(state)),
        }
    }

    /// The state a move of call `node` leads to, by name ("C (3)"), or the move itself.
    fn move_to(&self, node: u32, mv: i16) -> String {
        let tree = self.replay.tree();
        tree.children(node)
            .map(|c| tree.get(c))
            .find(|c| c.mv == mv)
            .map(|c| c.state)
            .or_else(|| self.child_elsewhere(node, mv))
            .map_or_else(|| self.mv(tree.get(node).state, mv), |c| self.name(c))
    }

    /// Move `mv` of `state` as the game names it: "square 7" in tic-tac-toe (the board's own
    /// numbering), else "move 2".
    fn mv(&self, state: u32, mv: i16) -> String {
        match self.replay.catalog().move_name(state, mv) {
            Some(square) => format!("square {square}"),
            None => format!("move {mv}"),
        }
    }

    /// The child move `mv` of call `node`'s state leads to, from another call of the same
    /// state that listed its candidates (a table hit lists none of its own): the latest one
    /// before `node`, else any.
    fn child_elsewhere(&self, node: u32, mv: i16) -> Option<u32> {
        let tree = self.replay.tree();
        let state = tree.get(node).state;
        let calls = tree.calls();
        let earlier = (0..node.min(calls)).rev();
        let later = node.saturating_add(1)..calls;
        earlier.chain(later).find_map(|c| {
            let n = tree.get(c);
            if n.state != state || n.order_len == 0 {
                return None;
            }
            let (moves, children) = self.replay.trace().order(n.order_start, n.order_len);
            let k = moves.iter().position(|&m| i32::from(m) == i32::from(mv))?;
            children.get(k).copied()
        })
    }

    /// The root call of pass `depth` and what its result proves (from the index).
    fn pass_root(&self, depth: u8) -> (Option<u32>, Option<Flag>) {
        let tree = self.replay.tree();
        match tree.passes().iter().rposition(|p| p.depth == depth) {
            Some(k) => {
                let root = tree.passes()[k].root;
                (
                    (root != crate::index::NONE).then_some(root),
                    tree.pass_bound(k),
                )
            }
            None => (None, None),
        }
    }

    /// "plays C (3)" for a root result's move, "has no move" for a terminal root.
    fn plays(&self, depth: u8, mv: i16) -> String {
        match (self.pass_root(depth).0, mv) {
            (Some(root), mv) if mv >= 0 => format!("plays {}", self.move_to(root, mv)),
            _ => "has no move to play".to_string(),
        }
    }

    fn closes(&self) -> (&'static str, &'static str, &'static str, &'static str) {
        operators(self.replay.options().cut)
    }
}

/// The sentence for the event that led to `st` (the event at `st.step - 1`).
pub fn narrate(replay: &Replay, st: &ReplayState, namer: Namer) -> String {
    let _units = replay.trace().header.units().scope();
    // A sentence may begin with a state's name ("node 2 returns…").
    let s = sentence(replay, st, namer);
    // A label is the lesson's own spelling (g and G are two nodes): never capitalised.
    if starts_with_label(&s, &Words { replay, namer }) {
        return s;
    }
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_lowercase() => c.to_uppercase().chain(chars).collect(),
        _ => s,
    }
}

/// Whether `s` begins with a state's name as `Words::name` writes it ("g (4) returns…").
fn starts_with_label(s: &str, w: &Words) -> bool {
    s.match_indices(" (").any(|(i, _)| {
        let rest = &s[i + 2..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        rest[digits..].starts_with(')')
            && rest[..digits]
                .parse::<u32>()
                .is_ok_and(|id| s.starts_with(&w.name(id)) && !w.name(id).starts_with("node "))
    })
}

fn sentence(replay: &Replay, st: &ReplayState, namer: Namer) -> String {
    let w = Words { replay, namer };
    let Some(index) = st.step.checked_sub(1) else {
        return "Nothing has happened yet: step forward (→ or l) to watch the search begin.".into();
    };
    let (ge, le, lt, gt) = w.closes();
    // Negamax: every frame maximises its own score, and a child's value is negated.
    let nm = replay.options().algorithm.side_to_move();
    if let Some(s) = super::maxn::sentence(replay, st, index, &|s| w.name(s)) {
        return s;
    }
    if let Some(s) = super::chance::sentence(replay, st, index, &|s| w.name(s)) {
        return s;
    }
    match replay.events()[index] {
        Event::PassStart { depth } => {
            let o = replay.options();
            let tree = replay.tree();
            let k = tree.passes().len().min(st.passes.len());
            let first = tree
                .attempts_of(k)
                .first()
                .filter(|a| a.event != crate::index::NONE);
            if let Some(a) = first.filter(|_| o.aspiration.is_some()) {
                let centre = match st.committed {
                    Some((d, _, _)) => format!("the score of depth {d}"),
                    None => "the guess, as no pass has completed yet".to_string(),
                };
                format!(
                    "{} begins {} deep with an aspiration window: ({}, {}), centred on {centre}. A narrow window cuts more; if the value falls outside it, the pass is searched again with that side widened.",
                    pass_title(o, depth),
                    plural(depth as usize, "ply", "plies"),
                    sc(a.alpha),
                    sc(a.beta)
                )
            } else if st.passes.is_empty() {
                let (a, b) = if o.algorithm.prunes() {
                    o.window
                } else {
                    (-INF, INF)
                };
                let convention = if nm {
                    " Scores are negamax's: each node counts them from the side to move there, and a child's value is negated on the way up."
                } else {
                    ""
                };
                format!(
                    "{} begins: the root is searched {} deep with the window ({}, {}).{convention}",
                    pass_title(o, depth),
                    plural(depth as usize, "ply", "plies"),
                    sc(a),
                    sc(b)
                )
            } else {
                // Only what this run carries from pass to pass: the table's entries when it
                // keeps a table, the best moves (hints) when it orders its moves.
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
        }
        Event::Enter {
            state,
            turn,
            depth,
            qleft,
            alpha,
            beta,
        } => {
            let ply = st.top().map_or(0, |f| f.ply);
            let parent = st.frames.len().checked_sub(2).map(|i| st.frames[i]);
            let via = match (parent, replay.tree().get(st.top().map_or(0, |f| f.node)).mv) {
                (Some(p), mv) if mv >= 0 => {
                    format!(
                        ", reached by {} of {}",
                        w.mv(p.state, mv),
                        w.node(p.state, p.turn)
                    )
                }
                _ => " as the root".into(),
            };
            let horizon = if depth == 0 && qleft > 0 {
                format!("; it is at the horizon, so only tactical moves go on ({qleft} q left)")
            } else {
                String::new()
            };
            let top = st.top();
            let (kind, own) = match (
                top.is_some_and(|f| f.scout),
                top.is_some_and(|f| f.research),
                nm,
            ) {
                (true, _, _) => (
                    "the null window",
                    format!(" (from {}'s side)", w.kind(turn)),
                ),
                (_, true, _) => (
                    "the full window again",
                    format!(" (from {}'s side)", w.kind(turn)),
                ),
                (_, _, true) => ("window", format!(" (from {}'s side)", w.kind(turn))),
                _ => ("window", String::new()),
            };
            format!(
                "Call {}: {} is entered at ply {ply} with d={depth}, q={qleft} and {kind} ({}, {}){own}{via}{horizon}.",
                st.call(),
                w.node(state, turn),
                sc(alpha),
                sc(beta)
            )
        }
        Event::Refused { state, .. } => format!(
            "The budget of {} is spent, so {} is not admitted and the search unwinds from here.",
            crate::text::counted(replay.options().budget, "call", "calls"),
            w.node(state, replay.catalog().turn(state))
        ),
        Event::Bound(Bound::Probe {
            state,
            found,
            usable,
        }) => {
            let f = st.top().copied();
            let (a, b, d, q) = f.map_or((0, 0, 0, 0), |f| (f.alpha, f.beta, f.depth, f.qleft));
            match found {
                None => format!(
                    "The table has nothing for {} at d={d}, q={q}, so it must be searched.",
                    w.name(state)
                ),
                Some(e) => {
                    let why = match (e.flag, usable) {
                        (Flag::Exact, _) => "an exact value answers any window".to_string(),
                        (Flag::Lower, true) => {
                            format!("LOWER {} {ge} β {}: cut without searching", e.value, sc(b))
                        }
                        (Flag::Lower, false) => format!(
                            "LOWER {} {lt} β {}: not usable, search again",
                            e.value,
                            sc(b)
                        ),
                        (Flag::Upper, true) => {
                            format!("UPPER {} {le} α {}: cut without searching", e.value, sc(a))
                        }
                        (Flag::Upper, false) => format!(
                            "UPPER {} {gt} α {}: not usable, search again",
                            e.value,
                            sc(a)
                        ),
                    };
                    format!(
                        "The table holds {} {} for {} at d={d}, q={q}: {why}.",
                        e.flag.name(),
                        e.value,
                        w.name(state)
                    )
                }
            }
        }
        Event::Bound(Bound::Read {
            state,
            value,
            terminal,
        }) => {
            let value_s = sc(value);
            let n = w.node(state, st.top().map_or(Side::Max, |f| f.turn));
            if terminal {
                format!(
                    "{n} is terminal: its utility {value_s} is exact, there is nothing below it."
                )
            } else {
                format!(
                    "{n} is at the depth horizon with no quiescence left: its static score {value_s} is taken as exact."
                )
            }
        }
        Event::Bound(Bound::StandPat {
            state,
            value,
            cutoff,
        }) => {
            let value_s = sc(value);
            let Some(f) = st.top() else {
                return String::new();
            };
            let n = w.node(state, f.turn);
            if nm {
                let me = w.kind(f.turn);
                return if cutoff {
                    format!(
                        "Quiescence at {n}: standing pat already gives {value_s} {ge} β {} from {me}'s side, so the opponent above will avoid this line; no capture is tried and {value_s} is a LOWER bound.",
                        sc(f.beta0)
                    )
                } else {
                    format!(
                        "Quiescence at {n}: {me} may stop here (stand pat) with its static {value_s}, counted from its own side; a tactical move counts only if it does better."
                    )
                };
            }
            match (f.turn.is_max(), cutoff) {
                (true, true) => format!(
                    "Quiescence at {n}: standing pat already gives {value_s} {ge} β {}, so MIN above will avoid this line; no capture is tried and {value_s} is a LOWER bound.",
                    sc(f.beta0)
                ),
                (false, true) => format!(
                    "Quiescence at {n}: standing pat already gives {value_s} {le} α {}, so MAX above will avoid this line; no capture is tried and {value_s} is an UPPER bound.",
                    sc(f.alpha0)
                ),
                (true, false) => format!(
                    "Quiescence at {n}: MAX may stop here (stand pat) with its static {value_s}; a tactical move counts only if it does better."
                ),
                (false, false) => format!(
                    "Quiescence at {n}: MIN may stop here (stand pat) with its static {value_s}; a tactical reply counts only if it is lower."
                ),
            }
        }
        Event::Order { state, .. } => {
            let Some(f) = st.top() else {
                return String::new();
            };
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
        Event::Push { state, mv, .. } => {
            let Some(f) = st.top() else {
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
        Event::Pop { state, value } => {
            let value_s = sc(value);
            let Some(f) = st.top() else {
                return String::new();
            };
            let had = if f.best.abs() == INF {
                "it had nothing yet".to_string()
            } else {
                format!("its best so far was {}", sc(f.best))
            };
            // Negamax: the parent counts the child's value from its own side, negated.
            let seen = if nm { -value } else { value };
            let better = if replay.maximises(f.turn) {
                seen > f.best
            } else {
                seen < f.best
            };
            let verdict = if better {
                format!("better for {}", w.kind(f.turn))
            } else {
                format!("no better for {}", w.kind(f.turn))
            };
            let scout = replay.tree().get(st.last_done.unwrap_or(0));
            let answer = if scout.scout && nm {
                let a = f.alpha;
                if seen > a {
                    format!(
                        "; the null window says only that {} beats α = {}",
                        w.name(state),
                        sc(a)
                    )
                } else {
                    format!(
                        "; the null window proves {} is no better than α = {}",
                        w.name(state),
                        sc(a)
                    )
                }
            } else {
                String::new()
            };
            if nm {
                format!(
                    "{} returns {value_s} from its own side to {}, which counts it as {}: {verdict} ({had}){answer}.",
                    w.name(state),
                    w.node(f.state, f.turn),
                    sc(seen)
                )
            } else {
                format!(
                    "{} returns {value_s} to {}: {verdict} ({had}).",
                    w.name(state),
                    w.node(f.state, f.turn)
                )
            }
        }
        Event::Bound(Bound::Best { value, mv, .. }) => {
            let value_s = sc(value);
            let Some(f) = st.top() else {
                return String::new();
            };
            format!(
                "{} now expects {value_s}, through {} to {}.",
                w.node(f.state, f.turn),
                w.mv(f.state, mv),
                w.move_to(f.node, mv)
            )
        }
        Event::Bound(Bound::Window { alpha, beta, .. }) => {
            let Some(f) = st.top() else {
                return String::new();
            };
            if replay.maximises(f.turn) {
                format!(
                    "{} raises α to {}: the window is now ({}, {}), and anything at most {} no longer matters here.",
                    w.node(f.state, f.turn),
                    sc(alpha),
                    sc(alpha),
                    sc(beta),
                    sc(alpha)
                )
            } else {
                format!(
                    "{} lowers β to {}: the window is now ({}, {}), and anything at least {} no longer matters here.",
                    w.node(f.state, f.turn),
                    sc(beta),
                    sc(alpha),
                    sc(beta),
                    sc(beta)
                )
            }
        }
        Event::Bound(Bound::Cutoff {
            pos, alpha, beta, ..
        }) => {
            let Some(f) = st.top() else {
                return String::new();
            };
            let order = replay.order_of(f);
            let rest = order.len().saturating_sub(pos as usize + 1);
            let child = st
                .last_done
                .map(|c| replay.tree().get(c).state)
                .unwrap_or(f.state);
            // "reply 6" or "reply E (6)"; "move to node 6" or "move to E (6)".
            let (child, reply) = (w.name(child), w.short(child));
            let skipped: Vec<String> = replay
                .tree()
                .children(f.node)
                .map(|c| replay.tree().get(c))
                .filter(|n| n.kind == super::NodeKind::Skipped)
                .map(|n| w.name(n.state))
                .collect();
            let (word, words) = if f.turn.is_max() || nm {
                ("move", "moves")
            } else {
                ("reply", "replies")
            };
            let skip = match rest {
                0 => format!("no other {word} was left anyway"),
                1 => format!("the other {word} ({}) is skipped", skipped.join(", ")),
                n => format!(
                    "the other {} ({}) are skipped",
                    plural(n, word, words),
                    skipped.join(", ")
                ),
            };
            // What the cut call goes on to store, from the index.
            let flag = match replay.tree().get(f.node).outcome {
                Some(crate::index::Outcome::Stored(flag)) => flag,
                _ if replay.maximises(f.turn) => Flag::Lower,
                _ => Flag::Upper,
            };
            let article = if flag == Flag::Lower { "a" } else { "an" };
            // With no table nothing is stored: the flag is only what the value proves.
            let what = if replay.options().keeps_table() {
                format!(
                    "{} will be stored as {article} {} bound",
                    sc(f.best),
                    flag.name()
                )
            } else {
                format!(
                    "{} is only {article} {} bound (the table is off, so it is not kept)",
                    sc(f.best),
                    flag.name()
                )
            };
            // The value the cut child brought, counted from the cutting node's side (a
            // negamax child's is negated), and whether it only equals the bound.
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
                    "{}: {word} to {child} gives {} {ge} β = {} from {}'s side, so the opponent already has {} above; {skip}, and {what}.",
                    w.node(f.state, f.turn),
                    sc(v),
                    sc(beta),
                    w.kind(f.turn),
                    better(beta)
                )
            } else if f.turn.is_max() {
                format!(
                    "{}: {word} to {child} gives {} {ge} β = {}, so MIN already has {} above; {skip}, and {what}.",
                    w.node(f.state, f.turn),
                    sc(v),
                    sc(beta),
                    better(beta)
                )
            } else {
                format!(
                    "{}: {word} {reply} returns {} {le} α = {}, so MAX already has {}; {skip}, and {what}.",
                    w.node(f.state, f.turn),
                    sc(v),
                    sc(alpha),
                    better(alpha)
                )
            }
        }
        event @ Event::Bound(Bound::Store { .. }) => {
            let (key, crate::value::Entry { value, flag, .. }, kept) =
                event.stored().expect("a store");
            let value_s = sc(value);
            let Some(f) = st.top() else {
                return String::new();
            };
            let why = match flag {
                Flag::Exact if f.ordered || f.stand_pat.is_some() => format!(
                    "it lies inside the window ({}, {}) the call began with, so it is exact",
                    sc(f.alpha0),
                    sc(f.beta0)
                ),
                Flag::Exact => "a value read directly is exact".to_string(),
                Flag::Upper => format!(
                    "it is {le} α₀ = {}: the node failed low, so its true value is at most {value_s}",
                    sc(f.alpha0)
                ),
                Flag::Lower => format!(
                    "it is {ge} β₀ = {}: the node failed high, so its true value is at least {value_s}",
                    sc(f.beta0)
                ),
            };
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
        Event::Return {
            state,
            value,
            mv,
            how,
            ..
        } => {
            let value_s = sc(value);
            let parent = st.top();
            let to = match parent {
                Some(p) => format!("to {}", w.node(p.state, p.turn)),
                None => "as the answer of this pass".to_string(),
            };
            let returned = st.last_done;
            // The best move by the child it leads to; its index only when no call of the
            // state ever listed its children.
            let with = match returned {
                Some(node) if mv >= 0 => {
                    let best = w.mv(replay.tree().get(node).state, mv);
                    match w.move_to(node, mv) {
                        to if to == best => format!(" (best {best})"),
                        to => format!(" (best {best} to {to})"),
                    }
                }
                _ if mv >= 0 => format!(" (best move {mv})"),
                _ => String::new(),
            };
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
        Event::Unwind { state } => format!(
            "The budget ran out below {}: its search is abandoned, it returns nothing{}.",
            w.name(state),
            if replay.options().keeps_table() {
                " and stores nothing"
            } else {
                ""
            }
        ),
        Event::Scout(Scout::NullWindow {
            state,
            pos,
            alpha,
            beta,
        }) => {
            let Some(f) = st.top() else {
                return String::new();
            };
            let order = replay.order_of(f);
            let child = replay
                .rec
                .order(f.node)
                .1
                .get(pos as usize)
                .map_or(format!("candidate {}", pos + 1), |&c| w.name(c));
            format!(
                "{} scouts candidate {} of {} ({child}) with the null window ({}, {}): PVS expects the first move to stay best, so it only asks whether {child} beats α = {}.",
                w.node(state, f.turn),
                pos + 1,
                order.len(),
                sc(alpha),
                sc(beta),
                sc(alpha)
            )
        }
        Event::Scout(Scout::Research {
            state, pos, value, ..
        }) => {
            let value_s = sc(value);
            let Some(f) = st.top() else {
                return String::new();
            };
            let child = replay
                .rec
                .order(f.node)
                .1
                .get(pos as usize)
                .map_or(format!("candidate {}", pos + 1), |&c| w.name(c));
            format!(
                "Fail high: the scout of {child} came back with {value_s} > α = {}, and {value_s} does not reach β = {}, so its real value is unknown: {} searches {child} again with the full window ({}, {}).",
                sc(f.alpha),
                sc(f.beta),
                w.node(state, f.turn),
                sc(f.alpha),
                sc(f.beta)
            )
        }
        Event::Chance(Chance::Average { .. })
        | Event::Chance(Chance::Interval { .. })
        | Event::Vector(Vector::Tie { .. }) => String::new(),
        Event::Aspiration {
            depth,
            alpha,
            beta,
            outcome,
        } => {
            use crate::search::AttemptOutcome as A;
            let tree = replay.tree();
            let value = st.attempts.last().map_or(0, |a| a.value);
            let value_s = sc(value);
            let k = tree.attempts().iter().position(|a| a.event == index as u32);
            let next = k
                .and_then(|k| tree.attempts().get(k + 1))
                .filter(|n| tree.passes().get(n.pass as usize).map(|p| p.depth) == Some(depth));
            let again = next.map_or(String::new(), |n| {
                format!(" and searches again with ({}, {})", sc(n.alpha), sc(n.beta))
            });
            let tried = plural(st.attempts.len(), "attempt", "attempts");
            match outcome {
                A::FailLow => format!(
                    "Fail low: the root came back with {value_s} {le} α = {}, so all it proves is that the root is worth at most {value_s}. The pass widens α by δ{again} ({tried} so far).",
                    sc(alpha)
                ),
                A::FailHigh => format!(
                    "Fail high: the root came back with {value_s} {ge} β = {}, so all it proves is that the root is worth at least {value_s}. The pass widens β by δ{again} ({tried} so far).",
                    sc(beta)
                ),
                A::Exact => format!(
                    "The root's value {value_s} lies inside the aspiration window ({}, {}): it is exact, and the pass is done after {tried}.",
                    sc(alpha),
                    sc(beta)
                ),
                A::Abort => format!(
                    "The budget ran out during the attempt with window ({}, {}), so it proves nothing.",
                    sc(alpha),
                    sc(beta)
                ),
            }
        }
        Event::PassEnd {
            depth,
            done,
            score,
            mv,
        } => {
            let o = replay.options();
            let title = pass_title(o, depth);
            if done {
                let bound = w.pass_root(depth).1;
                let proof = match bound {
                    Some(Flag::Upper) => format!(
                        " It failed low against the root window ({}, {}): an upper bound, not the root's value.",
                        sc(o.window.0),
                        sc(o.window.1)
                    ),
                    Some(Flag::Lower) => format!(
                        " It failed high against the root window ({}, {}): a lower bound, not the root's value.",
                        sc(o.window.0),
                        sc(o.window.1)
                    ),
                    _ => String::new(),
                };
                format!(
                    "{title} is complete: the root is worth {} and {}, and this becomes the committed answer.{proof}",
                    worth(score, bound),
                    w.plays(depth, mv)
                )
            } else {
                match st.committed {
                    Some((d, s, m)) => format!(
                        "{title} was cut short by the budget, so its root has no result{}; the answer stays depth {d}'s (worth {}, {}): PARTIAL.",
                        if o.keeps_table() {
                            " (what its finished calls stored stays in the table)"
                        } else {
                            ""
                        },
                        worth(s, w.pass_root(d).1),
                        w.plays(d, m)
                    ),
                    None => format!(
                        "{title} was cut short by the budget and no pass ever finished, so there is no answer: NO_COMPLETED_DEPTH."
                    ),
                }
            }
        }
        Event::Mcts(never) => match never {},
    }
}

/// The comparisons that close a window under `cut`, and their negations: (closes from
/// below, closes from above, stays open below, stays open above): "≥" or ">" and so on.
fn operators(cut: CutRule) -> (&'static str, &'static str, &'static str, &'static str) {
    match cut {
        CutRule::AtLeast => ("≥", "≤", "<", ">"),
        CutRule::Strict => (">", "<", "≤", "≥"),
    }
}

/// Text for the last probe's verdict, as the table panel shows it ("LOWER 5 ≥ β 4: cut").
pub fn probe_verdict(replay: &Replay, st: &ReplayState) -> Option<String> {
    let p = st.last_probe?;
    let (ge, le, lt, gt) = operators(replay.options().cut);
    let e = match p.found {
        None => {
            return Some(format!(
                "probe {} d{} q{}: empty, search",
                replay.catalog().name(p.key.state),
                p.key.depth,
                p.key.qleft
            ));
        }
        Some(e) => e,
    };
    let text = match (e.flag, p.usable) {
        (Flag::Exact, _) => format!("EXACT {}: hit", e.value),
        (Flag::Lower, true) => format!("LOWER {} {ge} β {}: cut", e.value, fmt_score(p.beta)),
        (Flag::Lower, false) => format!(
            "LOWER {} {lt} β {}: not usable, search again",
            e.value,
            fmt_score(p.beta)
        ),
        (Flag::Upper, true) => format!("UPPER {} {le} α {}: cut", e.value, fmt_score(p.alpha)),
        (Flag::Upper, false) => format!(
            "UPPER {} {gt} α {}: not usable, search again",
            e.value,
            fmt_score(p.alpha)
        ),
    };
    Some(format!(
        "probe {} d{} q{}: {text}",
        replay.catalog().name(p.key.state),
        p.key.depth,
        p.key.qleft
    ))
}
