//! The soundness verdict: every line of a student's file checked against what alpha-beta
//! promises about its position, whatever the engine's conventions (its table policy, its
//! order, its cut rule, fail-soft or fail-hard). A call entered with the window (α, β) that
//! returns r proves: r ≤ α, the value is at most r; r ≥ β, at least r; in between, the value
//! is r. A stored EXACT entry is the value, LOWER at most it, UPPER at least it. The move a
//! root returns with a value inside its window is a best move. And every call's position is
//! one the game can reach, one move from its caller's.
//!
//! The value is the position's true one at the horizon the file gives the call (its depth
//! and quiescence plies left), from `truth`; a window the file leaves out is the one a right
//! engine would pass (the caller's current window, negated for negamax: for plain minimax,
//! whose real window is the full one, a narrower window only asks less). A window with α > β promises nothing, and one with α = β only outside it (α = β
//! is open under the α > β cut rule and closed under α ≥ β).

use std::collections::BTreeMap;

use super::read::Given;
use super::schema::{Kind, score_text};
use super::truth::{Truth, below};
use crate::game::Side;
use crate::trace::Catalog;
use crate::value::Flag;

/// What the fold needs to know of the run the file is checked against.
#[derive(Clone, Copy, Debug)]
pub struct Setting {
    /// Values are from the side to move (negamax, PVS) rather than MAX's.
    pub side_to_move: bool,
    /// The root window, from MAX's side.
    pub window: (i32, i32),
    /// The run's depth, and whether it deepens 1..=depth (for a root that prints none).
    pub depth: u8,
    pub deepening: bool,
    pub qlimit: u8,
    /// Whether the file prints window lines (else a caller's window follows its returns).
    pub windows: bool,
}

/// The promise a line breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    /// The position cannot arise in the game (the game's reason).
    Impossible(String),
    /// The call's position is not one move from its caller's.
    NotAChild { parent: u32 },
    /// A return that claims more than the value allows.
    Return { value: i32, window: (i32, i32) },
    /// A store whose flag and value the position's value contradicts.
    Store { value: i32, flag: Flag },
    /// The root returned a move that is not a best one: what that move is worth.
    RootMove { mv: i16, worth: i32 },
}

/// The first line that breaks a promise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsound {
    /// The file's line number, from 1.
    pub at: usize,
    pub node: u32,
    pub broken: Broken,
    /// The position's true value at the call's horizon, in the file's convention (none for a
    /// position that is not one of the game's).
    pub truth: Option<i32>,
    pub depth: u8,
}

/// What the fold found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Soundness {
    pub first: Option<Unsound>,
    /// Lines whose promise was checked against a true value.
    pub checked: usize,
    /// The game was too large to solve at the file's horizon: lines after that are unknown.
    pub unknown: bool,
    /// Claims at positions the game gives no value at the file's horizon (a Connect Four
    /// position short of the game's end: the game has no evaluation), so not checked.
    pub unvalued: usize,
    /// The largest true value checked, either side of 0: how far the game's scale reaches.
    pub largest: i32,
}

impl Soundness {
    pub fn sound(&self) -> bool {
        self.first.is_none()
    }
}

/// One open call.
struct Frame {
    node: u32,
    depth: u8,
    q: u8,
    /// The window it was entered with, and its current one.
    window: (i32, i32),
    now: (i32, i32),
}

/// Folds the file's lines; `impossible` names the positions the game says cannot arise.
pub fn fold(
    given: &[Given],
    truth: &mut dyn Truth,
    set: &Setting,
    impossible: &BTreeMap<u32, String>,
) -> Soundness {
    let mut fold = Fold {
        truth,
        set,
        stack: Vec::new(),
        roots: 0,
        checked: 0,
        unvalued: 0,
        largest: 0,
    };
    for g in given {
        if let Some(broken) = fold.line(g, impossible) {
            return Soundness {
                first: Some(broken),
                checked: fold.checked,
                unknown: false,
                unvalued: fold.unvalued,
                largest: fold.largest,
            };
        }
        if fold.truth.exhausted() {
            return Soundness {
                first: None,
                checked: fold.checked,
                unknown: true,
                unvalued: fold.unvalued,
                largest: fold.largest,
            };
        }
    }
    Soundness {
        first: None,
        checked: fold.checked,
        unknown: false,
        unvalued: fold.unvalued,
        largest: fold.largest,
    }
}

struct Fold<'a> {
    truth: &'a mut dyn Truth,
    set: &'a Setting,
    stack: Vec<Frame>,
    roots: u32,
    checked: usize,
    unvalued: usize,
    largest: i32,
}

impl Fold<'_> {
    fn line(&mut self, g: &Given, impossible: &BTreeMap<u32, String>) -> Option<Unsound> {
        let line = &g.line;
        let unsound = |broken, truth, depth| Unsound {
            at: g.at,
            node: line.node,
            broken,
            truth,
            depth,
        };
        match line.kind {
            Kind::Enter => {
                if let Some(why) = impossible.get(&line.node) {
                    return Some(unsound(Broken::Impossible(why.clone()), None, 0));
                }
                let parent = self.stack.last().map(|p| p.node);
                if let Some(parent) = parent
                    && self.truth.is_child(parent, line.node) == Some(false)
                {
                    return Some(unsound(Broken::NotAChild { parent }, None, 0));
                }
                self.enter(g);
                None
            }
            Kind::Window => {
                if let (Some(top), Some(a), Some(b)) =
                    (self.stack.last_mut(), line.alpha, line.beta)
                {
                    top.now = (a, b);
                }
                None
            }
            Kind::Store => {
                let top = self.stack.last()?;
                let (depth, q) = (line.depth.unwrap_or(top.depth), line.q.unwrap_or(top.q));
                let (value, flag) = (line.value?, line.flag??);
                let t = self.value(line.node, depth, q)?;
                let holds = match flag {
                    Flag::Exact => t == value,
                    Flag::Lower => t >= value,
                    Flag::Upper => t <= value,
                };
                (!holds).then(|| unsound(Broken::Store { value, flag }, Some(t), depth))
            }
            Kind::Return => self.leave(g),
            Kind::Probe | Kind::Cutoff => None,
        }
    }

    /// The position's true value in the file's convention, counted as checked.
    fn value(&mut self, node: u32, depth: u8, q: u8) -> Option<i32> {
        let Some(v) = self.truth.value(node, depth, q) else {
            // A position the game knows but cannot value here, the budget left: said, not
            // passed over (a position that cannot arise is reported where it is entered).
            if !self.truth.exhausted() && self.truth.side(node).is_some() {
                self.unvalued += 1;
            }
            return None;
        };
        self.checked += 1;
        if v.abs() < crate::value::INF {
            self.largest = self.largest.max(v.abs());
        }
        Some(self.pov(node) * v)
    }

    /// −1 where the file counts a position's values from MIN's side (negamax, MIN to move).
    fn pov(&mut self, node: u32) -> i32 {
        match (self.set.side_to_move, self.truth.side(node)) {
            (true, Some(Side::Min)) => -1,
            _ => 1,
        }
    }

    fn enter(&mut self, g: &Given) {
        let line = &g.line;
        let (depth, q, derived) = match self.stack.last() {
            Some(p) => {
                let (d, q) = below(p.depth, p.q);
                let w = if self.set.side_to_move {
                    (-p.now.1, -p.now.0)
                } else {
                    p.now
                };
                (d, q, w)
            }
            None => {
                self.roots += 1;
                let depth = if self.set.deepening {
                    (self.roots.min(u32::from(self.set.depth))) as u8
                } else {
                    self.set.depth
                };
                let (a, b) = self.set.window;
                let w = if self.set.side_to_move && self.truth.side(line.node) == Some(Side::Min) {
                    (-b, -a)
                } else {
                    (a, b)
                };
                (depth, self.set.qlimit, w)
            }
        };
        let window = (
            line.alpha.unwrap_or(derived.0),
            line.beta.unwrap_or(derived.1),
        );
        self.stack.push(Frame {
            node: line.node,
            depth: line.depth.unwrap_or(depth),
            q: line.q.unwrap_or(q),
            window,
            now: window,
        });
    }

    fn leave(&mut self, g: &Given) -> Option<Unsound> {
        let line = &g.line;
        let frame = self.stack.pop()?;
        let value = line.value?;
        if !self.set.windows
            && let Some(p) = self.stack.last_mut()
        {
            // A file without window lines: the caller's window follows its returns.
            let max = self.truth.side(p.node) != Some(Side::Min);
            if self.set.side_to_move {
                p.now.0 = p.now.0.max(-value);
            } else if max {
                p.now.0 = p.now.0.max(value);
            } else {
                p.now.1 = p.now.1.min(value);
            }
        }
        let t = self.value(frame.node, frame.depth, frame.q)?;
        let (a, b) = frame.window;
        let holds = match a.cmp(&b) {
            std::cmp::Ordering::Greater => true,
            // α = β: open under α > β, closed under α ≥ β; only outside it is a bound sure.
            std::cmp::Ordering::Equal if value == a => true,
            _ if value <= a => t <= value,
            _ if value >= b => t >= value,
            _ => t == value,
        };
        let unsound = |broken| Unsound {
            at: g.at,
            node: frame.node,
            broken,
            truth: Some(t),
            depth: frame.depth,
        };
        if !holds {
            return Some(unsound(Broken::Return {
                value,
                window: (a, b),
            }));
        }
        // The root's move, when its value is exact.
        let exact = a < value && value < b;
        let mv = line.mv.filter(|&m| m >= 0)?;
        if !self.stack.is_empty() || !exact {
            return None;
        }
        let worth = self.pov(frame.node)
            * self
                .truth
                .after(frame.node, mv as usize, frame.depth, frame.q)?;
        (worth != t).then(|| unsound(Broken::RootMove { mv, worth }))
    }
}

/// The broken promise for people: "line 12: stored EXACT -91 at XOXOOX.X. (depth 3), which
/// says its value is -91; its value is 0".
pub fn describe(u: &Unsound, catalog: &Catalog) -> String {
    let node = catalog.called(u.node);
    let value = |t: Option<i32>| t.map_or("unknown".into(), score_text);
    let truth = format!(
        "its value (searched to depth {}) is {}",
        u.depth,
        value(u.truth)
    );
    let what = match &u.broken {
        Broken::Impossible(why) => format!("enters {node}, a position that cannot arise: {why}"),
        Broken::NotAChild { parent } => format!(
            "enters {node} inside the call of {}, but {node} is not one move from it",
            catalog.called(*parent)
        ),
        Broken::Return { value, window } => {
            let v = score_text(*value);
            let w = format!("({}, {})", score_text(window.0), score_text(window.1));
            let claim = if *value <= window.0 && window.0 <= window.1 {
                format!("at or below α of its window {w}, which proves the value is at most {v}")
            } else if *value >= window.1 {
                format!("at or above β of its window {w}, which proves the value is at least {v}")
            } else {
                format!("inside its window {w}, which says the value is {v}")
            };
            format!("{node} returns {v} {claim}; {truth}")
        }
        Broken::Store { value, flag } => {
            let v = score_text(*value);
            let claim = match flag {
                Flag::Exact => format!("says its value is {v}"),
                Flag::Lower => format!("says its value is at least {v}"),
                Flag::Upper => format!("says its value is at most {v}"),
            };
            format!(
                "stored {} {v} at {node}, which {claim}; {truth}",
                flag.name()
            )
        }
        Broken::RootMove { mv, worth } => format!(
            "the root {node} returns move {mv} as its best, but that move is worth {} and {truth}",
            score_text(*worth)
        ),
    };
    format!("line {}: {what}", u.at)
}
