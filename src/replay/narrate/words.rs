//! What every sentence is written with: the replay, the state after the event, the names of
//! states, moves and passes, the comparisons of the run's cut rule, the run's units and its
//! family.

use crate::game::Side;
use crate::index::question::{Held, Kind};
use crate::replay::{Frame, Replay, ReplayState};
use crate::search::tt::Flag;
use crate::search::{CutRule, Family};
use crate::value::Units;

/// A label for a state other than the trace catalog's (`&|_| None`: the catalog's labels).
pub type Namer<'a> = &'a dyn Fn(u32) -> Option<String>;

pub(super) fn plural(n: usize, one: &str, many: &str) -> String {
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

/// The comparisons that close a window under `cut`, and their negations: (closes from
/// below, closes from above, stays open below, stays open above): "≥" or ">" and so on.
pub(super) fn operators(cut: CutRule) -> (&'static str, &'static str, &'static str, &'static str) {
    match cut {
        CutRule::AtLeast => ("≥", "≤", "<", ">"),
        CutRule::Strict => (">", "<", "≤", "≥"),
    }
}

/// What a sentence is written with (see the module's comment).
pub(super) struct Words<'a> {
    pub replay: &'a Replay,
    /// The replay state right after the event being told.
    pub st: &'a ReplayState,
    pub namer: Namer<'a>,
    /// How the run's values are written, built once per sentence (max-n's walk the catalog).
    pub units: Units,
    pub family: &'static dyn Family,
    /// What an open prediction keeps back (`tui::predict`): a sentence never states it.
    pub held: Option<Held>,
}

impl<'a> Words<'a> {
    pub fn new(replay: &'a Replay, st: &'a ReplayState, namer: Namer<'a>) -> Words<'a> {
        Words {
            replay,
            st,
            namer,
            units: replay.units(),
            family: replay.options().family(),
            held: None,
        }
    }

    /// Whether an open prediction asks what call `node` returns or stores: then no sentence
    /// may say it before the step that does.
    pub fn holds_settled(&self, node: u32) -> bool {
        self.held
            .is_some_and(|h| matches!(h.kind, Kind::Return | Kind::Flag) && h.node == node)
    }

    /// The innermost open call after the event.
    pub fn top(&self) -> Option<&'a Frame> {
        self.st.top()
    }

    /// A value for people, in the run's units.
    pub fn sc(&self, v: i32) -> String {
        self.units.sc(v)
    }

    /// What a value with this flag is worth, for people: "3", "at least 3", "at most 3".
    pub fn worth(&self, value: i32, flag: Flag) -> String {
        match flag {
            Flag::Exact => self.sc(value),
            Flag::Lower => format!("at least {}", self.sc(value)),
            Flag::Upper => format!("at most {}", self.sc(value)),
        }
    }

    /// A state by its name, the number after it: "B (2)", or "node 2" without a label.
    pub fn name(&self, state: u32) -> String {
        match (self.namer)(state) {
            Some(label) if label != state.to_string() => format!("{label} ({state})"),
            _ => self.replay.catalog().called(state),
        }
    }

    /// A name after a noun that already says it is a node: "B (2)", or just "2".
    pub fn short(&self, state: u32) -> String {
        let name = self.name(state);
        match name.strip_prefix("node ") {
            Some(number) => number.to_string(),
            None => name,
        }
    }

    /// What kind of node a turn makes, from the turn itself: "MAX", "MIN", "chance node",
    /// or a player's own name.
    pub fn kind(&self, turn: Side) -> String {
        match turn {
            Side::Max | Side::Min => turn.name().to_string(),
            Side::Chance => "chance node".to_string(),
            Side::Player(_) => self.replay.trace().header.turn_name(turn),
        }
    }

    /// The same with the kind of node: "MIN B (2)", "MIN node 2", "chance node L (1)".
    pub fn node(&self, state: u32, turn: Side) -> String {
        match turn {
            Side::Chance => format!("{} {}", self.kind(turn), self.short(state)),
            _ => format!("{} {}", self.kind(turn), self.name(state)),
        }
    }

    /// The state a move of call `node` leads to, by name ("C (3)"), or the move itself.
    pub fn move_to(&self, node: u32, mv: i16) -> String {
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
    pub fn mv(&self, state: u32, mv: i16) -> String {
        let catalog = self.replay.catalog();
        match catalog.move_name(state, mv) {
            Some(name) => format!("{} {name}", catalog.move_words(state).0),
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
    pub fn pass_root(&self, depth: u8) -> (Option<u32>, Option<Flag>) {
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
    pub fn plays(&self, depth: u8, mv: i16) -> String {
        match (self.pass_root(depth).0, mv) {
            // A game that names its moves (a square, a column) is played by that name, as
            // the counters and the trace say it; a graph's move by the child's name.
            (Some(root), mv) if mv >= 0 => {
                let state = self.replay.tree().get(root).state;
                match self.replay.catalog().move_name(state, mv) {
                    Some(_) => format!("plays {}", self.mv(state, mv)),
                    None => format!("plays {}", self.move_to(root, mv)),
                }
            }
            _ => "has no move to play".to_string(),
        }
    }

    /// The run's comparisons (see `operators`).
    pub fn closes(&self) -> (&'static str, &'static str, &'static str, &'static str) {
        operators(self.replay.options().cut)
    }
}
