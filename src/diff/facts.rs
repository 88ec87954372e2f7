//! What one run did at one node of the compared pass, read off the index: whether the node
//! was searched, its window, where it cut and what that skipped, and how it ended.

use serde::Serialize;

use crate::game::Side;
use crate::index::{NONE, NodeKind, Outcome, Recorded, TreeNode};
use crate::value::{Flag, Units};

/// How a run met a node: searched (a call), or one of the stubs it implies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Met {
    Searched,
    /// Skipped because its parent's window closed.
    Skipped,
    /// Refused by the node budget.
    Refused,
    /// Never reached: the budget stopped the search first.
    Unreached,
}

/// How a run visited a node: PVS scouts a move with a null window and may search it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Visit {
    /// An ordinary call (or a stub).
    Call,
    /// Entered with a null window.
    Scout,
    /// The second visit of a move, with the full window, after its scout said "better".
    ReSearch,
}

impl Visit {
    fn of(n: &TreeNode) -> Visit {
        if n.research {
            Visit::ReSearch
        } else if n.scout {
            Visit::Scout
        } else {
            Visit::Call
        }
    }

    /// For people: "" for a call, " (null-window scout)", " (re-search)".
    pub fn text(self) -> &'static str {
        match self {
            Visit::Call => "",
            Visit::Scout => " (null-window scout)",
            Visit::ReSearch => " (re-search)",
        }
    }
}

/// A node's cutoff: after which candidate the window closed, and what that skipped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cut {
    /// The move whose value closed the window; `None` for a stand-pat cutoff (the node's own
    /// score closed it before any move).
    pub after_move: Option<u16>,
    /// Its position in the trying order (0 = first tried).
    pub after_position: Option<u16>,
    /// The moves never tried, in trying order, and how the catalog calls their positions.
    pub skipped: Vec<u16>,
    pub skipped_names: Vec<String>,
}

impl Cut {
    /// Two cuts are the same when the same move closed the window and the same moves were
    /// skipped, whatever positions the order gave them.
    pub fn same(&self, other: &Cut) -> bool {
        let sorted = |c: &Cut| {
            let mut s = c.skipped.clone();
            s.sort_unstable();
            s
        };
        self.after_move == other.after_move && sorted(self) == sorted(other)
    }
}

/// How a searched call ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Searched or read: the flag it stored (with the table off, the flag it proved).
    Stored { flag: Flag, value: i32 },
    /// Answered by a table entry (whose flag it proves).
    TableHit { value: i32, flag: Option<Flag> },
    /// Abandoned when the budget ran out (nothing stored).
    Abort,
}

impl Ended {
    /// For people, the value in `units`: "UPPER 0", "tt-hit EXACT 3", "abort".
    pub fn text_in(&self, units: &Units) -> String {
        match *self {
            Ended::Stored { flag, value } => format!("{} {}", flag.name(), units.sc(value)),
            Ended::TableHit { value, flag } => match flag {
                Some(f) => format!("tt-hit {} {}", f.name(), units.sc(value)),
                None => format!("tt-hit {}", units.sc(value)),
            },
            Ended::Abort => "abort (nothing stored)".into(),
        }
    }

    /// `text_in` with the value as the trace holds it, a plain integer (the diff itself
    /// writes its values in the runs' units, `Diff::units`).
    pub fn text(&self) -> String {
        self.text_in(&Units::integers())
    }

    /// For scripts, the value in `units`.
    pub fn json(&self, units: &Units) -> serde_json::Value {
        match *self {
            Ended::Stored { flag, value } => {
                serde_json::json!({"how": "stored", "flag": flag.name(), "value": units.score_json(value)})
            }
            Ended::TableHit { value, flag } => serde_json::json!({
                "how": "tt-hit", "flag": flag.map(Flag::name), "value": units.score_json(value)
            }),
            Ended::Abort => serde_json::json!({"how": "abort"}),
        }
    }
}

/// One run at one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The node's id in that run's tree.
    pub node: u32,
    pub state: u32,
    pub turn: Side,
    /// "MIN B (2)": whose choice, and the catalog's name of the state.
    pub name: String,
    pub met: Met,
    pub visit: Visit,
    /// The window a searched call was entered with.
    pub window: Option<(i32, i32)>,
    pub cut: Option<Cut>,
    pub ended: Option<Ended>,
    /// Depths of the passes of the run that searched this same path (the compared one too).
    pub passes: Vec<u8>,
}

impl Facts {
    pub fn read(rec: &Recorded, id: u32) -> Facts {
        let tree = rec.tree();
        let n = tree.get(id);
        let met = match n.kind {
            NodeKind::Call => Met::Searched,
            NodeKind::Skipped => Met::Skipped,
            NodeKind::Refused => Met::Refused,
            NodeKind::Unreached => Met::Unreached,
        };
        let searched = met == Met::Searched;
        // Two runs are compared from MAX's side: a negamax run's MIN nodes are negated back.
        let negate = tree.negates() && !n.turn.is_max();
        let window = (n.alpha, n.beta);
        let window = if negate {
            (-window.1, -window.0)
        } else {
            window
        };
        Facts {
            node: id,
            state: n.state,
            turn: n.turn,
            name: format!(
                "{} {}",
                rec.trace.header.turn_name(n.turn),
                rec.catalog().called(n.state)
            ),
            met,
            visit: Visit::of(&n),
            window: searched.then_some(window),
            cut: cut(rec, id, &n),
            ended: searched.then(|| ended(&n, negate)).flatten(),
            passes: Vec::new(),
        }
    }

    pub fn searched(&self) -> bool {
        self.met == Met::Searched
    }
}

/// How the call ended, from MAX's side (`negate`: a negamax MIN node's own side negated).
fn ended(n: &TreeNode, negate: bool) -> Option<Ended> {
    let (value, flip) = if negate {
        (-n.value, Flag::flipped as fn(Flag) -> Flag)
    } else {
        (n.value, (|f| f) as fn(Flag) -> Flag)
    };
    Some(match n.outcome? {
        Outcome::Stored(flag) => Ended::Stored {
            flag: flip(flag),
            value,
        },
        Outcome::TableHit => Ended::TableHit {
            value,
            flag: n.hit_flag().map(flip),
        },
        Outcome::Abort => Ended::Abort,
    })
}

fn cut(rec: &Recorded, id: u32, n: &TreeNode) -> Option<Cut> {
    if n.kind != NodeKind::Call || n.cut_event == NONE {
        return None;
    }
    let (moves, _) = rec.trace.order(n.order_start, n.order_len);
    let tree = rec.tree();
    let (skipped, skipped_names) = tree
        .children(id)
        .map(|c| tree.get(c))
        .filter(|c| c.kind == NodeKind::Skipped)
        .map(|c| (c.mv as u16, rec.catalog().called(c.state)))
        .unzip();
    Some(Cut {
        after_move: n.cutoff.map(|p| moves[p as usize]),
        after_position: n.cutoff,
        skipped,
        skipped_names,
    })
}

/// Why a run has no searched node at a path the other run searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Absent {
    /// A candidate its parent's cutoff skipped.
    Skipped,
    /// A candidate the budget refused.
    Refused,
    /// A candidate the budget stopped the search before.
    Unreached,
    /// Its parent was at this run's horizon: the parent's score was read instead.
    Horizon,
    /// Its parent was answered by the table.
    TableHit,
    /// Its parent's own score (stand pat) closed the window before any move.
    StandPatCut,
    /// Its parent was searched but did not have this move among its candidates (quiescence
    /// tries tactical moves only).
    NotACandidate,
    /// Its parent was not searched in this run either.
    ParentNotSearched,
    /// A PVS re-search: this run searched the move once and kept that value.
    NotResearched,
    /// Below a PVS re-search this run did not make.
    BelowReSearch,
}

impl Absent {
    /// Why, given the other run's facts at the path (a stub) and at its parent.
    pub fn why(
        here: Option<&Facts>,
        parent: Option<&Facts>,
        parent_node: Option<&TreeNode>,
    ) -> Absent {
        match here.map(|f| f.met) {
            Some(Met::Skipped) => return Absent::Skipped,
            Some(Met::Refused) => return Absent::Refused,
            Some(Met::Unreached) => return Absent::Unreached,
            Some(Met::Searched) | None => {}
        }
        let (Some(p), Some(pn)) = (parent.filter(|p| p.searched()), parent_node) else {
            return Absent::ParentNotSearched;
        };
        if matches!(p.ended, Some(Ended::TableHit { .. })) {
            Absent::TableHit
        } else if pn.read.is_some() {
            Absent::Horizon
        } else if p.cut.as_ref().is_some_and(|c| c.after_move.is_none()) {
            Absent::StandPatCut
        } else {
            Absent::NotACandidate
        }
    }

    pub fn text(self) -> &'static str {
        match self {
            Absent::Skipped => "skipped by its parent's cutoff",
            Absent::Refused => "refused by the budget",
            Absent::Unreached => "not reached before the budget ran out",
            Absent::Horizon => "its parent was at the horizon and read its score",
            Absent::TableHit => "its parent was answered by the table",
            Absent::StandPatCut => "its parent stood pat and cut before any move",
            Absent::NotACandidate => "not among its parent's candidates",
            Absent::ParentNotSearched => "its parent was not searched",
            Absent::NotResearched => "searched once, not again",
            Absent::BelowReSearch => "below a re-search it did not make",
        }
    }
}
