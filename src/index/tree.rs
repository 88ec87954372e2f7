//! The searched tree of a recorded run: one node per admitted call, plus stub nodes for
//! candidates that were skipped after a cutoff, refused by the budget, or never reached.
//!
//! Only calls are stored (`Stored`, 32 bytes each: what the call's own `Enter` and `Return`
//! events do not say; the fold works on the whole `CallRecord` while a call is open); a stub is
//! the candidate's place in the trace's order arena, so a million-call run with millions of
//! skipped candidates costs nothing per stub. Node ids: calls keep their call number (`0..calls`); the stub for arena
//! entry `k` is `calls + k`. `Tree` is a view over the stored calls and the trace that hands
//! out `TreeNode` values and walks children in trying order, so a pre-order walk of one pass
//! is exactly the order the search went. The index's fold (`Index::build`) fills the records.

use std::collections::HashMap;

use serde::Serialize;

use super::marks::Marks;
use crate::game::Side;
use crate::trace::{Event, Trace};
use crate::value::{Entry, Flag};

/// "No node" in the link fields.
pub const NONE: u32 = u32::MAX;
/// "None" in the 16-bit position fields of a record.
const NO_POS: u16 = u16::MAX;

/// How an admitted call ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// Searched or read; the flag it stored (or would store with the table off).
    Stored(Flag),
    TableHit,
    /// Abandoned when the budget ran out.
    Abort,
}

impl From<crate::trace::ReturnKind> for Outcome {
    fn from(how: crate::trace::ReturnKind) -> Outcome {
        match how {
            crate::trace::ReturnKind::Searched(flag) => Outcome::Stored(flag),
            crate::trace::ReturnKind::TableHit => Outcome::TableHit,
        }
    }
}

impl Outcome {
    /// What the returned value proves: the stored flag, or the flag of the entry `probe`
    /// found for a table hit (an exact entry answers any window, so an exact hit outside the
    /// window is still exact). Nothing for an abandoned call.
    pub fn proves(self, probe: Option<Entry>) -> Option<Flag> {
        match self {
            Outcome::Stored(f) => Some(f),
            Outcome::TableHit => probe.map(|e| e.flag),
            Outcome::Abort => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Outcome::Stored(flag) => flag.name(),
            Outcome::TableHit => "tt-hit",
            Outcome::Abort => "abort",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// An admitted call.
    Call,
    /// A candidate never tried because its parent's window closed.
    Skipped,
    /// A candidate the budget refused to admit.
    Refused,
    /// A candidate never reached because the budget stopped the search first.
    Unreached,
}

/// Bits of `CallRecord::flags`.
pub(super) mod bit {
    pub const CAUSED_CUTOFF: u16 = 1 << 0;
    pub const TRANSPOSED: u16 = 1 << 1;
    pub const QUIET_SEARCH: u16 = 1 << 2;
    pub const PROBE_USABLE: u16 = 1 << 3;
    /// The parent's window narrowed right after this call returned.
    pub const NARROWED_PARENT: u16 = 1 << 4;
    /// The call's own window narrowed to its stand-pat score.
    pub const STAND_PAT_NARROWED: u16 = 1 << 5;
    pub const STAND_PAT: u16 = 1 << 6;
    pub const STAND_PAT_CUT: u16 = 1 << 7;
    pub const READ: u16 = 1 << 8;
    pub const READ_TERMINAL: u16 = 1 << 9;
    /// The last candidate pushed was refused by the budget.
    pub const REFUSED_CHILD: u16 = 1 << 10;
    /// PVS: entered with a null window.
    pub const SCOUT: u16 = 1 << 11;
    /// PVS: the full-window re-search of the candidate the call before it scouted.
    pub const RESEARCH: u16 = 1 << 12;
    /// PVS: this scout said "better" and its candidate was searched again.
    pub const RESEARCHED: u16 = 1 << 13;
    /// A re-search or a call below one: the same positions by the same moves again, which
    /// is not a transposition.
    pub const REVISIT: u16 = 1 << 14;
    /// Max-n: this call's vector tied its parent's best on the mover's entry, so the tie
    /// rule chose (the `Tie` event comes right after its `Pop`).
    pub const TIED: u16 = 1 << 15;
}

/// One admitted call as stored: links to calls only (stubs are implied by the order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct CallRecord {
    pub state: u32,
    pub alpha: i32,
    pub beta: i32,
    pub value: i32,
    pub parent: u32,
    pub enter: u32,
    pub exit: u32,
    pub order_start: u32,
    pub probe: Option<Entry>,
    pub stand_pat: i32,
    pub order_len: u16,
    pub pushes: u16,
    pub cutoff: u16,
    pub mv: i16,
    pub best_mv: i16,
    pub ply: u16,
    pub flags: u16,
    pub turn: Side,
    pub pass: u8,
    pub depth: u8,
    pub qleft: u8,
    pub outcome: Option<Outcome>,
}

const _: () = assert!(std::mem::size_of::<CallRecord>() <= 64);

impl CallRecord {
    pub fn new(state: u32, turn: Side, mv: i16, enter: u32) -> CallRecord {
        CallRecord {
            state,
            alpha: 0,
            beta: 0,
            value: 0,
            parent: NONE,
            enter,
            exit: NONE,
            order_start: 0,
            probe: None,
            stand_pat: 0,
            order_len: 0,
            pushes: 0,
            cutoff: NO_POS,
            mv,
            best_mv: -1,
            ply: 0,
            flags: 0,
            turn,
            pass: 0,
            depth: 0,
            qleft: 0,
            outcome: None,
        }
    }

    pub fn has(&self, bit: u16) -> bool {
        self.flags & bit != 0
    }

    pub fn set(&mut self, bit: u16) {
        self.flags |= bit;
    }

    pub fn cutoff(&self) -> Option<u16> {
        (self.cutoff != NO_POS).then_some(self.cutoff)
    }
}

/// One admitted call as the index keeps it once the fold is done with it. The window, depth,
/// turn and pass it was entered with are its `Enter` event's (`enter`), its value, move and
/// outcome its `Return` or `Unwind` event's (`exit`), a probe's entry and a stand-pat score
/// sit in side tables (`Calls::probes`, `Calls::stand_pats`): a million-call run keeps half
/// the bytes per call that the whole record takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stored {
    pub state: u32,
    pub parent: u32,
    pub enter: u32,
    pub exit: u32,
    pub order_start: u32,
    pub order_len: u16,
    pub pushes: u16,
    pub cutoff: u16,
    pub mv: i16,
    pub ply: u16,
    pub flags: u16,
}

const _: () = assert!(std::mem::size_of::<Stored>() == 32);

impl From<&CallRecord> for Stored {
    fn from(r: &CallRecord) -> Stored {
        Stored {
            state: r.state,
            parent: r.parent,
            enter: r.enter,
            exit: r.exit,
            order_start: r.order_start,
            order_len: r.order_len,
            pushes: r.pushes,
            cutoff: r.cutoff,
            mv: r.mv,
            ply: r.ply,
            flags: r.flags,
        }
    }
}

impl Stored {
    pub fn has(&self, bit: u16) -> bool {
        self.flags & bit != 0
    }

    pub fn set(&mut self, bit: u16) {
        self.flags |= bit;
    }

    pub fn cutoff(&self) -> Option<u16> {
        (self.cutoff != NO_POS).then_some(self.cutoff)
    }

    /// The first order position that has a stub (every later position has one too);
    /// `aborted`: the call was abandoned (its exit is an `Unwind`).
    fn first_stub(&self, aborted: bool) -> Option<u16> {
        if self.has(bit::REFUSED_CHILD) {
            return Some(self.pushes - 1);
        }
        (self.pushes < self.order_len && self.stub_kind(self.pushes, aborted).is_some())
            .then_some(self.pushes)
    }

    /// What the candidate at `pos` of the order became, when it is not a call.
    fn stub_kind(&self, pos: u16, aborted: bool) -> Option<NodeKind> {
        if pos + 1 == self.pushes && self.has(bit::REFUSED_CHILD) {
            return Some(NodeKind::Refused);
        }
        if pos < self.pushes || pos >= self.order_len {
            return None;
        }
        match (self.cutoff(), aborted) {
            (Some(_), _) => Some(NodeKind::Skipped),
            (None, true) => Some(NodeKind::Unreached),
            (None, false) => None,
        }
    }
}

/// Where a node sits: its parent, first child and next sibling (`NONE` where there is none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Links {
    pub parent: u32,
    pub first_child: u32,
    pub next: u32,
}

/// One node as views see it: a call, or a stub for a candidate it did not search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeNode {
    pub kind: NodeKind,
    pub state: u32,
    /// Whose choice the node is.
    pub turn: Side,
    /// The move index that led here (-1 for a pass root).
    pub mv: i16,
    pub ply: u16,
    pub pass: u8,
    pub depth: u8,
    pub qleft: u8,
    /// The window the call was entered with.
    pub alpha: i32,
    pub beta: i32,
    pub parent: u32,
    pub first_child: u32,
    pub next: u32,
    /// The event that created the node (`Enter`, or the `Cutoff` / `Refused` / `Unwind` for
    /// stubs).
    pub enter: u32,
    /// The `Return` or `Unwind` that closed the call (`NONE` if never).
    pub exit: u32,
    pub value: i32,
    pub best_mv: i16,
    pub outcome: Option<Outcome>,
    /// The parent stopped scanning right after this child returned.
    pub caused_cutoff: bool,
    /// The same state appears more than once among this pass's calls.
    pub transposed: bool,
    /// A quiescence move (entered with depth 0 from a depth-0 parent).
    pub quiet_search: bool,
    /// The `Cutoff` (or stand-pat cutoff) event of this call, `NONE` if it had none.
    pub cut_event: u32,
    /// What the table probe found (usable or not), and whether it settled the call.
    pub probe: Option<Entry>,
    pub probe_usable: bool,
    /// The call read a score: `Some(true)` for a terminal, `Some(false)` at the horizon.
    pub read: Option<bool>,
    /// Quiescence: the stand-pat score.
    pub stand_pat: Option<i32>,
    /// Candidates in trying order: `len` entries at `start` of the trace's arenas.
    pub order_start: u32,
    pub order_len: u16,
    /// Candidates pushed (all of them once the call has ended normally).
    pub pushes: u16,
    /// The window closed after the candidate at this position of the order.
    pub cutoff: Option<u16>,
    /// The parent's window right after it took in this call's value, when that narrowed it.
    pub window_after: Option<(i32, i32)>,
    /// Quiescence: the call's own window once its stand-pat score narrowed it.
    pub stand_pat_window: Option<(i32, i32)>,
    /// PVS: entered with a null window (a scout).
    pub scout: bool,
    /// PVS: the second visit of a candidate, with the full window, after its scout said
    /// "better than α".
    pub research: bool,
    /// PVS: a scout whose candidate was then searched again.
    pub researched: bool,
    /// Max-n: it tied its parent's best on the mover's entry (event `exit + 2`, after its pop).
    pub tied: bool,
}

impl TreeNode {
    /// The flag of the table entry that answered this call (a usable probe).
    pub fn hit_flag(&self) -> Option<Flag> {
        self.probe.filter(|_| self.probe_usable).map(|e| e.flag)
    }

    /// The value and move the call returned, unless it never returned.
    pub fn returned(&self) -> Option<(i32, i16)> {
        match self.outcome {
            Some(Outcome::Stored(_) | Outcome::TableHit) => Some((self.value, self.best_mv)),
            Some(Outcome::Abort) | None => None,
        }
    }

    /// What the returned value proves: the stored flag, or a table hit's entry flag.
    pub fn bound(&self) -> Option<Flag> {
        self.outcome?.proves(self.probe)
    }
}

/// One pass of iterative deepening: its depth, events, root node and result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassInfo {
    pub depth: u8,
    pub start_event: u32,
    /// The `PassEnd` event (`NONE` while the trace is still open).
    pub end_event: u32,
    /// The root call, `NONE` when the budget refused the root itself.
    pub root: u32,
    /// DONE with its root result, or ABORT (score 0, move -1).
    pub done: bool,
    pub score: i32,
    pub mv: i16,
}

/// One search of a pass's root: the only one, or one of seed 002's aspiration attempts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttemptInfo {
    /// Its pass, as an index into `Tree::passes`.
    pub pass: u32,
    /// The root call (`NONE` when the budget refused it).
    pub root: u32,
    /// The `Aspiration` event that ended it, `NONE` without aspiration windows.
    pub event: u32,
    pub alpha: i32,
    pub beta: i32,
    pub outcome: Option<crate::search::AttemptOutcome>,
}

/// What the index stores of the tree: the calls and the passes.
#[derive(Default, Debug, Clone)]
pub(super) struct Calls {
    pub records: Vec<Stored>,
    /// What each probing call's probe found, by call id (calls whose probe found nothing and
    /// calls that did not probe are not listed).
    pub probes: Vec<(u32, Entry)>,
    /// Each standing-pat call's stand-pat score, by call id.
    pub stand_pats: Vec<(u32, i32)>,
    /// The calls that have a candidate order, in call order (their order starts rise).
    pub ordered: Vec<u32>,
    pub passes: Vec<PassInfo>,
    /// Every root search in event order (one per pass without aspiration windows).
    pub attempts: Vec<AttemptInfo>,
    /// The intervals chance pruning announced, per chance call, in event order.
    pub intervals: super::history::History<u32, (i32, i32)>,
}

impl Calls {
    /// Marks the calls of a pass whose state the pass reaches by more than one line (a PVS
    /// re-search repeats a line, so its calls are not counted as new lines).
    pub fn mark_transpositions(&mut self, seen: &mut HashMap<u32, u32>, pass_calls: &mut Vec<u32>) {
        seen.clear();
        for &id in pass_calls.iter() {
            let n = &self.records[id as usize];
            if !n.has(bit::REVISIT) {
                *seen.entry(n.state).or_default() += 1;
            }
        }
        for &id in pass_calls.iter() {
            let n = &mut self.records[id as usize];
            if seen.get(&n.state).is_some_and(|&k| k > 1) {
                n.set(bit::TRANSPOSED);
            }
        }
        pass_calls.clear();
    }
}

/// The searched tree of one run: stored calls, stubs read off the trace's order arena.
#[derive(Clone, Copy)]
pub struct Tree<'a> {
    pub(super) calls: &'a Calls,
    pub(super) marks: &'a Marks,
    pub(super) trace: &'a Trace,
    /// What the run's values and windows mean, answered once from its family.
    pub(super) sides: Sides,
}

/// What a run's values and windows mean when its tree is read: answered once per family by an
/// exhaustive match on its convention, so a family with a new convention fails to compile here
/// until the index has decided how its tree reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sides {
    /// Its calls have an α/β window (max-n and Monte Carlo have none).
    pub windows: bool,
    /// A parent's value is its child's negated: every value is from the side to move there.
    pub negates: bool,
}

impl Sides {
    pub fn of(family: &dyn crate::search::Family) -> Sides {
        use crate::search::family::Convention;
        match family.convention() {
            Convention::MaxSide => Sides {
                windows: true,
                negates: false,
            },
            Convention::SideToMove => Sides {
                windows: true,
                negates: true,
            },
            Convention::PayoffVector | Convention::IncomingMover => Sides {
                windows: false,
                negates: false,
            },
        }
    }
}

impl<'a> Tree<'a> {
    /// Admitted calls: node ids `0..calls()`.
    pub fn calls(&self) -> u32 {
        self.calls.records.len() as u32
    }

    /// The admitted calls in call order.
    pub fn call_nodes(&self) -> impl Iterator<Item = TreeNode> + 'a {
        let tree = *self;
        (0..tree.calls()).map(move |i| tree.get(i))
    }

    pub fn passes(&self) -> &'a [PassInfo] {
        &self.calls.passes
    }

    /// Every root search, in order: a pass has several when it used aspiration windows.
    pub fn attempts(&self) -> &'a [AttemptInfo] {
        &self.calls.attempts
    }

    /// The attempts of pass `k` (an index into `passes`).
    pub fn attempts_of(&self, k: usize) -> &'a [AttemptInfo] {
        let all = &self.calls.attempts;
        let from = all.partition_point(|a| (a.pass as usize) < k);
        let to = all.partition_point(|a| (a.pass as usize) <= k);
        &all[from..to]
    }

    /// The root searched at `step`: the root of the last attempt begun by then.
    /// Before the pass's first root is entered, that root.
    pub fn root_at(&self, step: usize) -> Option<u32> {
        let passes = self.passes();
        let k = passes
            .partition_point(|p| (p.start_event as usize) < step.max(1))
            .checked_sub(1)?;
        let attempts = self.attempts_of(k);
        let begun = attempts
            .iter()
            .rev()
            .find(|a| a.root != NONE && (self.record(a.root).enter as usize) < step);
        begun
            .or(attempts.first())
            .map(|a| a.root)
            .filter(|&r| r != NONE)
    }

    /// The run's family: what its values mean.
    pub fn family(&self) -> &'static dyn crate::search::Family {
        self.trace.header.options.family()
    }

    /// Whether the run's scores are from the side to move (negamax): then every frame
    /// maximises, and a parent's value is its child's negated.
    pub fn negates(&self) -> bool {
        self.sides.negates
    }

    /// Whether the run's calls have an α/β window (max-n has none).
    pub fn windows(&self) -> bool {
        self.sides.windows
    }

    /// Whether `id` names a node (a call, or a stub some call implies).
    pub fn contains(&self, id: u32) -> bool {
        self.locate(id).is_some()
    }

    /// A call's record, or a stub's (owner, order position, kind).
    fn locate(&self, id: u32) -> Option<Result<&'a Stored, (u32, u16, NodeKind)>> {
        let records = &self.calls.records;
        if let Some(r) = records.get(id as usize) {
            return Some(Ok(r));
        }
        let k = (id as usize).checked_sub(records.len())?;
        if k >= self.trace.moves.len() {
            return None;
        }
        // Calls take their orders in call order, so order starts rise with the call number.
        let ordered = &self.calls.ordered;
        let n = ordered.partition_point(|&o| records[o as usize].order_start as usize <= k);
        let owner = *ordered.get(n.checked_sub(1)?)?;
        let r = &records[owner as usize];
        let pos = u16::try_from(k - r.order_start as usize).ok()?;
        Some(Err((owner, pos, r.stub_kind(pos, self.aborted(r))?)))
    }

    fn record(&self, id: u32) -> &'a Stored {
        &self.calls.records[id as usize]
    }

    fn stub_id(&self, owner: &Stored, pos: u16) -> u32 {
        self.calls.records.len() as u32 + owner.order_start + pos as u32
    }

    /// The first stub of a call (after all its child calls), if any.
    fn first_stub(&self, owner: &Stored) -> u32 {
        owner
            .first_stub(self.aborted(owner))
            .map_or(NONE, |from| self.stub_id(owner, from))
    }

    /// What a call was entered with, from its `Enter` event: whose turn, depth, quiescence
    /// left, and the window.
    fn entered(&self, r: &Stored) -> (Side, u8, u8, i32, i32) {
        match self.trace.events.at(r.enter as usize) {
            Event::Enter {
                turn,
                depth,
                qleft,
                alpha,
                beta,
                ..
            } => (turn, depth, qleft, alpha, beta),
            // The fold stores a call only at its `Enter`.
            _ => unreachable!("a call's enter event is an Enter"),
        }
    }

    /// How a call ended, from the event that closed it: its value, move and outcome (0, -1
    /// and nothing for a call never closed, 0 and -1 for an abandoned one, as the fold keeps).
    fn ended(&self, r: &Stored) -> (i32, i16, Option<Outcome>) {
        if r.exit == NONE {
            return (0, -1, None);
        }
        match self.trace.events.at(r.exit as usize) {
            Event::Return { value, mv, how, .. } => (value, mv, Some(Outcome::from(how))),
            // The fold closes a call only at its `Return` or `Unwind`.
            _ => (0, -1, Some(Outcome::Abort)),
        }
    }

    /// Whether a call was abandoned (its exit is an `Unwind`).
    fn aborted(&self, r: &Stored) -> bool {
        r.exit != NONE && matches!(self.trace.events.at(r.exit as usize), Event::Unwind { .. })
    }

    /// The pass node `id` belongs to (a stub's is its call's), without building the node.
    pub fn pass_of_node(&self, id: u32) -> u8 {
        match self.locate(id) {
            Some(Ok(r)) => self.pass_of(r),
            Some(Err((owner, ..))) => self.pass_of(self.record(owner)),
            None => panic!("node {id} is not in the tree"),
        }
    }

    /// The pass a call belongs to (the depth of the last pass started before its `Enter`).
    fn pass_of(&self, r: &Stored) -> u8 {
        self.pass_at(r.enter as usize).map_or(0, |p| p.depth)
    }

    /// A call's entry in a side table sorted by call id.
    fn side<T: Copy>(table: &[(u32, T)], id: u32) -> Option<T> {
        let k = table.binary_search_by_key(&id, |&(c, _)| c).ok()?;
        Some(table[k].1)
    }

    /// The node `id` (a call id below `calls()`, or a stub id a call implies).
    pub fn get(&self, id: u32) -> TreeNode {
        match self
            .locate(id)
            .unwrap_or_else(|| panic!("node {id} is not in the tree"))
        {
            Ok(r) => self.call_node(id, r),
            Err((owner, pos, kind)) => self.stub_node(owner, pos, kind),
        }
    }

    /// Node `id`'s place in the tree (parent, first child, next sibling) without the rest of
    /// its record: walks over the tree (children, ancestors, pre-order) read only these, and
    /// building the whole node decodes two events and searches three side tables.
    pub fn links(&self, id: u32) -> Links {
        match self
            .locate(id)
            .unwrap_or_else(|| panic!("node {id} is not in the tree"))
        {
            Ok(r) => self.call_links(id, r),
            Err((owner, pos, _)) => Links {
                parent: owner,
                first_child: NONE,
                next: self.stub_next(self.record(owner), pos),
            },
        }
    }

    fn call_links(&self, id: u32, r: &Stored) -> Links {
        let next = match self.next_call(r) {
            NONE if r.parent != NONE => self.first_stub(self.record(r.parent)),
            next => next,
        };
        let first_child = match self.first_call(id) {
            NONE => self.first_stub(r),
            c => c,
        };
        Links {
            parent: r.parent,
            first_child,
            next,
        }
    }

    /// The stub after stub `pos` of call `p`, if any.
    fn stub_next(&self, p: &Stored, pos: u16) -> u32 {
        if pos + 1 < p.order_len {
            self.stub_id(p, pos + 1)
        } else {
            NONE
        }
    }

    fn call_node(&self, id: u32, r: &Stored) -> TreeNode {
        let parent = (r.parent != NONE).then(|| self.record(r.parent));
        let Links {
            first_child, next, ..
        } = self.call_links(id, r);
        let (turn, depth, qleft, alpha, beta) = self.entered(r);
        let (value, best_mv, outcome) = self.ended(r);
        let stand_pat = (r.has(bit::STAND_PAT))
            .then(|| Self::side(&self.calls.stand_pats, id))
            .flatten();
        let family = self.family();
        let narrowed = |on: bool, value: i32| {
            on.then_some(if family.maximises(turn) {
                (value, beta)
            } else {
                (alpha, value)
            })
        };
        TreeNode {
            kind: NodeKind::Call,
            state: r.state,
            turn,
            mv: r.mv,
            ply: r.ply,
            pass: self.pass_of(r),
            depth,
            qleft,
            alpha,
            beta,
            parent: r.parent,
            first_child,
            next,
            enter: r.enter,
            exit: r.exit,
            value,
            best_mv,
            outcome,
            caused_cutoff: r.has(bit::CAUSED_CUTOFF),
            transposed: r.has(bit::TRANSPOSED),
            quiet_search: r.has(bit::QUIET_SEARCH),
            cut_event: self.cut_event(r),
            probe: Self::side(&self.calls.probes, id),
            probe_usable: r.has(bit::PROBE_USABLE),
            read: r.has(bit::READ).then(|| r.has(bit::READ_TERMINAL)),
            stand_pat,
            order_start: r.order_start,
            order_len: r.order_len,
            pushes: r.pushes,
            cutoff: r.cutoff(),
            // The parent moved its own bound to this call's value (negated, for negamax: the
            // parent's α is −value, and its β is −α of this call's window).
            window_after: parent.and_then(|p| {
                r.has(bit::NARROWED_PARENT).then(|| {
                    if self.negates() {
                        (-value, self.entered(p).4)
                    } else if self.entered(p).0.is_max() {
                        (value, beta)
                    } else {
                        (alpha, value)
                    }
                })
            }),
            stand_pat_window: narrowed(r.has(bit::STAND_PAT_NARROWED), stand_pat.unwrap_or(0)),
            scout: r.has(bit::SCOUT),
            research: r.has(bit::RESEARCH),
            researched: r.has(bit::RESEARCHED),
            tied: r.has(bit::TIED),
        }
    }

    /// The call whose `Enter` is event `event`.
    pub fn call_entered_at(&self, event: u32) -> Option<u32> {
        let records = &self.calls.records;
        let i = records.partition_point(|c| c.enter < event);
        records
            .get(i)
            .filter(|c| c.enter == event)
            .map(|_| i as u32)
    }

    /// A call's first child call: calls are numbered as they are entered, so it is the next
    /// call, if that one is a child.
    fn first_call(&self, id: u32) -> u32 {
        match self.calls.records.get(id as usize + 1) {
            Some(c) if c.parent == id => id + 1,
            _ => NONE,
        }
    }

    /// A call's next sibling call: the first call entered after it returned, if that one has
    /// the same parent (its own descendants are numbered in between).
    fn next_call(&self, r: &Stored) -> u32 {
        let records = &self.calls.records;
        if r.parent == NONE || r.exit == NONE {
            return NONE;
        }
        let after = records.partition_point(|c| c.enter < r.exit);
        match records.get(after) {
            Some(c) if c.parent == r.parent => after as u32,
            _ => NONE,
        }
    }

    /// The event of a call's cutoff. A cut (after a child, or on the stand-pat score) is
    /// followed by nothing but the call's store and return, so it is the last cutoff mark
    /// before the call's exit.
    fn cut_event(&self, r: &Stored) -> u32 {
        if !(r.has(bit::STAND_PAT_CUT) || r.cutoff().is_some()) {
            return NONE;
        }
        let marks = &self.marks.cutoffs;
        let n = marks.partition_point(|&e| e < r.exit);
        n.checked_sub(1).map_or(NONE, |i| marks[i])
    }

    fn stub_node(&self, owner: u32, pos: u16, kind: NodeKind) -> TreeNode {
        let p = self.record(owner);
        let at = p.order_start as usize + pos as usize;
        let state = self.trace.children[at];
        let enter = match kind {
            NodeKind::Skipped => self.cut_event(p),
            // The refusal comes right before the frame's own unwind.
            NodeKind::Refused => p.exit.saturating_sub(1),
            NodeKind::Unreached | NodeKind::Call => p.exit,
        };
        let next = self.stub_next(p, pos);
        TreeNode {
            kind,
            state,
            turn: self.trace.header.catalog.turn(state),
            mv: self.trace.moves[at] as i16,
            ply: p.ply + 1,
            pass: self.pass_of(p),
            depth: 0,
            qleft: 0,
            alpha: 0,
            beta: 0,
            parent: owner,
            first_child: NONE,
            next,
            enter,
            exit: NONE,
            value: 0,
            best_mv: -1,
            outcome: None,
            caused_cutoff: false,
            transposed: false,
            quiet_search: false,
            cut_event: NONE,
            probe: None,
            probe_usable: false,
            read: None,
            stand_pat: None,
            order_start: 0,
            order_len: 0,
            pushes: 0,
            cutoff: None,
            window_after: None,
            stand_pat_window: None,
            scout: false,
            research: false,
            researched: false,
            tied: false,
        }
    }

    /// Children in trying order: child calls, then the stubs.
    pub fn children(&self, id: u32) -> Children<'a> {
        Children {
            tree: *self,
            next: self.links(id).first_child,
        }
    }

    /// The pass whose events contain `step` (the last pass started by then).
    pub fn pass_at(&self, step: usize) -> Option<&'a PassInfo> {
        let passes = self.passes();
        let n = passes.partition_point(|p| (p.start_event as usize) < step.max(1));
        n.checked_sub(1).map(|i| &passes[i])
    }

    /// The node after `id` in pre-order, skipping the children of nodes `collapsed` says.
    pub fn next_preorder(&self, id: u32, collapsed: &dyn Fn(u32) -> bool) -> Option<u32> {
        let n = self.links(id);
        if n.first_child != NONE && !collapsed(id) {
            return Some(n.first_child);
        }
        let mut c = n;
        loop {
            if c.next != NONE {
                return Some(c.next);
            }
            if c.parent == NONE {
                return None;
            }
            c = self.links(c.parent);
        }
    }

    /// The node before `id` in pre-order (same collapsing rule).
    pub fn prev_preorder(&self, id: u32, collapsed: &dyn Fn(u32) -> bool) -> Option<u32> {
        let n = self.links(id);
        if n.parent == NONE {
            return None;
        }
        let prev = self.children(n.parent).take_while(|&c| c != id).last();
        let Some(mut cur) = prev else {
            return Some(n.parent);
        };
        loop {
            match self.children(cur).last() {
                Some(last) if !collapsed(cur) => cur = last,
                _ => return Some(cur),
            }
        }
    }

    /// Number of nodes in the subtree of `id` (itself included), stopping early past `limit`.
    pub fn subtree_size(&self, id: u32, limit: usize) -> usize {
        let mut count = 0;
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            count += 1;
            if count > limit {
                return count;
            }
            stack.extend(self.children(n));
        }
        count
    }
}

pub struct Children<'a> {
    tree: Tree<'a>,
    next: u32,
}

impl Iterator for Children<'_> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.next == NONE {
            return None;
        }
        let id = self.next;
        self.next = self.tree.links(id).next;
        Some(id)
    }
}
