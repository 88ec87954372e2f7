//! The one fold over a trace: every event once, in order, checked against the header and the
//! events before it, into the calls, marks and table history of an `Index`. Every match over
//! `Event` here is exhaustive.

use std::collections::HashMap;

use super::Index;
use super::tree::{AttemptInfo, CallRecord, NONE, Outcome, PassInfo, bit};
use crate::game::Side;
use crate::search::RunResult;
use crate::trace::{self, Event, ReturnKind, Trace, TraceError};

/// One open call while folding.
struct Open {
    node: u32,
    /// The child call that finished last (the one a cutoff follows).
    last_child: Option<u32>,
}

/// What the fold reads besides the events: the catalog of states and the candidate arenas. A
/// saved or recorded trace holds all of them; a run folded as it goes holds only the orders of
/// the calls still open.
pub(super) trait Source {
    /// Whose turn a state is, `None` for a state the run does not know.
    fn turn(&self, state: u32) -> Option<Side>;
    /// How many candidates the arenas have held so far.
    fn arena_len(&self) -> usize;
    /// An order's candidates (moves, child states), if they are held.
    fn order(&self, start: u32, len: u16) -> Option<(&[u16], &[u32])>;
    /// The call owning the order at `start` has ended.
    fn release(&mut self, _start: u32) {}
    /// Whether the index keeps every call. A source that does not is handed each call as it
    /// retires (`retire`), and the fold holds only the calls events can still touch: the open
    /// frames and the child each returned last.
    fn keeps_calls(&self) -> bool {
        true
    }
    /// Call `id` is final: no later event can change its record.
    fn retire(&mut self, _id: u32, _record: &CallRecord) {}
}

impl Source for &Trace {
    fn turn(&self, state: u32) -> Option<Side> {
        self.header.catalog.get(state).map(|s| s.turn)
    }

    fn arena_len(&self) -> usize {
        self.moves.len()
    }

    fn order(&self, start: u32, len: u16) -> Option<(&[u16], &[u32])> {
        let end = start as usize + len as usize;
        (end <= self.moves.len()).then(|| Trace::order(self, start, len))
    }
}

/// The fold's working state.
pub(super) struct Fold<S: Source> {
    src: S,
    index: Index,
    open: Vec<Open>,
    /// A child pushed but not admitted yet: (state, move).
    pushed: Option<(u32, i16)>,
    pass_open: bool,
    seen: HashMap<u32, u32>,
    pass_calls: Vec<u32>,
    /// Whether every call is kept (`Source::keeps_calls`); when not, `live` holds the calls
    /// events can still touch, by id.
    keep: bool,
    live: Vec<(u32, CallRecord)>,
    /// Calls admitted so far.
    calls: u32,
    /// Where the last candidate order ends in the arena.
    order_end: usize,
    references: u64,
    /// Bits the next admitted call starts with (a scout, a re-search).
    next_bits: u16,
    /// PVS: the candidate position whose re-search push is due.
    repush: Option<u16>,
    /// An aspiration attempt just ended: the pass may search its root again.
    attempt_closed: bool,
    /// The header's counters, as the events show them.
    stats: crate::search::Stats,
    /// Seed 002's counters, as the events show them.
    null_windows: u64,
    researches: u64,
    misses: u64,
}

fn fail(event: usize, rule: impl Into<String>) -> TraceError {
    TraceError::Event {
        event,
        rule: rule.into(),
    }
}

/// The one fold: every event once, in order.
pub(super) fn build(trace: &Trace) -> Result<Index, TraceError> {
    check_header(trace)?;
    let mut fold = Fold::new(trace);
    for (i, event) in trace.events.iter().enumerate() {
        fold.step(i, *event)?;
    }
    fold.finish(trace.events.len(), &trace.header.result)
}

/// The header's own rules, before any event is read.
fn check_header(trace: &Trace) -> Result<(), TraceError> {
    let h = &trace.header;
    if h.format != trace::FORMAT {
        return Err(TraceError::Format {
            found: h.format.clone(),
        });
    }
    if h.version > trace::VERSION {
        return Err(TraceError::Version { found: h.version });
    }
    if !h.catalog.is_sorted() {
        return Err(TraceError::Header(
            "the catalog lists a state twice or out of order".into(),
        ));
    }
    if trace.moves.len() != trace.children.len() {
        return Err(TraceError::Header(format!(
            "the move arena holds {} entries but the child arena {}",
            trace.moves.len(),
            trace.children.len()
        )));
    }
    if h.scale < 1 {
        return Err(TraceError::Header(format!(
            "the header's scale is {}; values count units of 1/scale, so it is 1 or more",
            h.scale
        )));
    }
    check_players(h)?;
    h.limits()
        .and_then(|limits| h.options.validate_for(&limits))
        .map_err(|m| TraceError::Header(format!("the options are invalid: {m}")))
}

/// A game of several players: every seat the catalog names and every payoff vector fit the
/// header's players (the tutor draws one column per player).
fn check_players(h: &trace::Header) -> Result<(), TraceError> {
    let players = h.players.len();
    for s in h.catalog.iter() {
        if let Side::Player(seat) = s.turn
            && seat.index() >= players
        {
            return Err(TraceError::Header(format!(
                "state {} is player {}'s, but the header names {players} players",
                s.id,
                seat.index() + 1
            )));
        }
        if !s.payoffs.is_empty() && s.payoffs.len() != players {
            return Err(TraceError::Header(format!(
                "state {} has a payoff vector of {} entries, but the header names {players} players",
                s.id,
                s.payoffs.len()
            )));
        }
    }
    let vector = h.result.vector.len();
    if vector != 0 && vector != players {
        return Err(TraceError::Header(format!(
            "the result's vector has {vector} entries, but the header names {players} players"
        )));
    }
    Ok(())
}

impl<S: Source> Fold<S> {
    pub fn new(src: S) -> Fold<S> {
        Fold {
            keep: src.keeps_calls(),
            live: Vec::new(),
            calls: 0,
            order_end: 0,
            src,
            index: Index::default(),
            open: Vec::new(),
            pushed: None,
            pass_open: false,
            seen: HashMap::new(),
            pass_calls: Vec::new(),
            references: 0,
            next_bits: 0,
            repush: None,
            attempt_closed: false,
            stats: crate::search::Stats::default(),
            null_windows: 0,
            researches: 0,
            misses: 0,
        }
    }

    pub fn source(&mut self) -> &mut S {
        &mut self.src
    }

    fn get(&self, node: u32) -> &CallRecord {
        if self.keep {
            return &self.index.calls.records[node as usize];
        }
        let live = self.live.iter().rev().find(|(id, _)| *id == node);
        &live.expect("events touch only live calls").1
    }

    fn rec(&mut self, node: u32) -> &mut CallRecord {
        if self.keep {
            return &mut self.index.calls.records[node as usize];
        }
        let live = self.live.iter_mut().rev().find(|(id, _)| *id == node);
        &mut live.expect("events touch only live calls").1
    }

    /// How many calls the fold holds now.
    #[cfg(test)]
    pub fn live_calls(&self) -> usize {
        self.index.calls.records.len() + self.live.len()
    }

    /// Stores a new call; its id is its call number.
    fn admit(&mut self, n: CallRecord) -> u32 {
        let id = self.calls;
        self.calls += 1;
        if self.keep {
            self.index.calls.records.push(n);
        } else {
            self.live.push((id, n));
        }
        id
    }

    /// Call `node` can no longer change: a source that does not keep calls takes it now.
    fn retire(&mut self, node: u32) {
        if let Some(k) = self.live.iter().rposition(|(id, _)| *id == node) {
            let (id, record) = self.live.remove(k);
            self.src.retire(id, &record);
        }
    }

    fn pass(&self) -> u8 {
        self.index.calls.passes.last().map_or(0, |p| p.depth)
    }

    fn top(&self, i: usize, state: u32, what: &str) -> Result<u32, TraceError> {
        let Some(open) = self.open.last() else {
            return Err(fail(i, format!("{what} outside any call")));
        };
        let node = self.get(open.node);
        if node.state != state {
            return Err(fail(
                i,
                format!(
                    "{what} names state {state}, but the open call is of state {}",
                    node.state
                ),
            ));
        }
        Ok(open.node)
    }

    fn known(&self, i: usize, state: u32) -> Result<(), TraceError> {
        if self.src.turn(state).is_some() {
            Ok(())
        } else {
            Err(fail(
                i,
                format!("state {state} is not in the header's catalog"),
            ))
        }
    }

    /// The move a new call or refusal arrives by: the pending push inside a frame, nothing
    /// at a pass root.
    fn arrival(&mut self, i: usize, state: u32, what: &str) -> Result<i16, TraceError> {
        if !self.pass_open {
            return Err(fail(i, format!("{what} outside any pass")));
        }
        if self.open.is_empty() {
            if let Some(p) = self.index.calls.passes.last()
                && p.root != NONE
                && !std::mem::take(&mut self.attempt_closed)
            {
                return Err(fail(i, format!("a second root {what} in one pass")));
            }
            return Ok(-1);
        }
        match self.pushed.take() {
            Some((s, mv)) if s == state => Ok(mv),
            Some((s, _)) => Err(fail(
                i,
                format!("{what} of state {state}, but state {s} was pushed"),
            )),
            None => Err(fail(i, format!("{what} of state {state} without a push"))),
        }
    }

    fn close(&mut self, i: usize, outcome: Outcome, value: i32, mv: i16) {
        let open = self.open.pop().expect("checked by the caller");
        let n = self.rec(open.node);
        n.exit = i as u32;
        n.outcome = Some(outcome);
        n.value = value;
        n.best_mv = mv;
        let (start, held) = (n.order_start, n.order_len);
        self.references -= held as u64;
        if held > 0 {
            self.src.release(start);
        }
        if let Some(child) = open.last_child {
            self.retire(child);
        }
        match self.open.last_mut() {
            Some(parent) => parent.last_child = Some(open.node),
            None => self.retire(open.node),
        }
    }

    /// Notes a landmark, when the index keeps the calls it belongs to.
    fn mark(&mut self, kind: fn(&mut super::Marks) -> &mut Vec<u32>, at: u32) {
        if self.keep {
            kind(&mut self.index.marks).push(at);
        }
    }

    pub fn step(&mut self, i: usize, event: Event) -> Result<(), TraceError> {
        let at = i as u32;
        match event {
            Event::PassStart { depth } => {
                if self.pass_open {
                    return Err(fail(i, "a pass starts before the previous one ended"));
                }
                self.index
                    .calls
                    .mark_transpositions(&mut self.seen, &mut self.pass_calls);
                self.pass_open = true;
                self.pushed = None;
                (self.next_bits, self.repush, self.attempt_closed) = (0, None, false);
                self.index.marks.passes.push(at);
                self.index.calls.passes.push(PassInfo {
                    depth,
                    start_event: at,
                    end_event: NONE,
                    root: NONE,
                    done: false,
                    score: 0,
                    mv: -1,
                });
            }
            Event::PassEnd {
                depth,
                done,
                score,
                mv,
            } => {
                let open = self.open.len();
                let Some(pass) = (self.index.calls.passes.last_mut()).filter(|_| self.pass_open)
                else {
                    return Err(fail(i, "a pass ends that never started"));
                };
                if pass.depth != depth {
                    return Err(fail(i, format!("pass {} ends as pass {depth}", pass.depth)));
                }
                if open > 0 {
                    return Err(fail(i, format!("a pass ends with {open} calls still open")));
                }
                (pass.end_event, pass.done, pass.score, pass.mv) = (at, done, score, mv);
                self.pass_open = false;
            }
            Event::Enter {
                state,
                turn,
                depth,
                qleft,
                alpha,
                beta,
            } => {
                self.known(i, state)?;
                let listed = self.src.turn(state).unwrap_or(Side::Max);
                if listed != turn {
                    return Err(fail(
                        i,
                        format!(
                            "state {state} is entered as {}, but the catalog says {}",
                            turn.name(),
                            listed.name()
                        ),
                    ));
                }
                let mv = self.arrival(i, state, "a call")?;
                let id = self.calls;
                let mut n = CallRecord::new(state, turn, mv, at);
                (n.ply, n.pass, n.depth, n.qleft) =
                    (self.open.len() as u16, self.pass(), depth, qleft);
                (n.alpha, n.beta) = (alpha, beta);
                match self.open.last().map(|o| o.node) {
                    Some(parent) => {
                        n.parent = parent;
                        if self.get(parent).depth == 0 {
                            n.set(bit::QUIET_SEARCH);
                        }
                    }
                    None => {
                        if let Some(p) = self.index.calls.passes.last_mut() {
                            p.root = id;
                        }
                    }
                }
                // Each aspiration attempt is its own search of the root: transpositions are
                // counted within one attempt.
                if self.open.is_empty() {
                    self.index
                        .calls
                        .mark_transpositions(&mut self.seen, &mut self.pass_calls);
                }
                n.flags |= std::mem::take(&mut self.next_bits);
                self.stats.qnodes += (depth == 0) as u64;
                self.stats.peak = self.stats.peak.max(n.ply as u64);
                let below_revisit =
                    (self.open.last()).is_some_and(|o| self.get(o.node).has(bit::REVISIT));
                if n.has(bit::RESEARCH) || below_revisit {
                    n.set(bit::REVISIT);
                }
                if self.open.is_empty() {
                    let pass = self.index.calls.passes.len() as u32 - 1;
                    self.index.calls.attempts.push(AttemptInfo {
                        pass,
                        root: id,
                        event: NONE,
                        alpha,
                        beta,
                        outcome: None,
                    });
                }
                // The child the frame took in before this one is final now.
                if let Some(before) = self.open.last_mut().and_then(|o| o.last_child.take()) {
                    self.retire(before);
                }
                self.admit(n);
                if self.keep {
                    self.pass_calls.push(id);
                }
                self.open.push(Open {
                    node: id,
                    last_child: None,
                });
            }
            Event::Refused { state, .. } => {
                self.known(i, state)?;
                self.arrival(i, state, "a refusal")?;
                // The stub is implied by the frame's order; a refused root has no frame.
                if let Some(open) = self.open.last() {
                    let node = open.node;
                    self.rec(node).set(bit::REFUSED_CHILD);
                } else {
                    let pass = self.index.calls.passes.len() as u32 - 1;
                    self.index.calls.attempts.push(AttemptInfo {
                        pass,
                        root: NONE,
                        event: NONE,
                        alpha: 0,
                        beta: 0,
                        outcome: None,
                    });
                }
            }
            Event::Probe {
                state,
                found,
                usable,
            } => {
                let node = self.top(i, state, "a probe")?;
                if usable && found.is_none() {
                    return Err(fail(i, "a probe found nothing but calls it usable"));
                }
                let n = self.rec(node);
                n.probe = found;
                if usable {
                    n.set(bit::PROBE_USABLE);
                }
            }
            Event::Read {
                state, terminal, ..
            } => {
                let node = self.top(i, state, "a score read")?;
                self.stats.evals += 1;
                let n = self.rec(node);
                n.set(bit::READ);
                if terminal {
                    n.set(bit::READ_TERMINAL);
                }
            }
            Event::StandPat {
                state,
                value,
                cutoff,
            } => {
                let node = self.top(i, state, "a stand-pat")?;
                self.stats.evals += 1;
                self.stats.cutoffs += cutoff as u64;
                let n = self.rec(node);
                n.stand_pat = value;
                n.set(bit::STAND_PAT);
                if cutoff {
                    n.set(bit::STAND_PAT_CUT);
                    self.mark(|m| &mut m.cutoffs, at);
                }
            }
            Event::Order { state, start, len } => {
                let node = self.top(i, state, "a candidate order")?;
                let end = start as usize + len as usize;
                let held = self.src.arena_len();
                if end > held {
                    return Err(fail(
                        i,
                        format!("the order reaches entry {end} of a move arena of {held}"),
                    ));
                }
                if (start as usize) < self.order_end {
                    return Err(fail(i, "a candidate order overlaps an earlier one"));
                }
                let n = self.rec(node);
                if n.order_len > 0 || n.pushes > 0 {
                    return Err(fail(i, "a second candidate order for one call"));
                }
                (n.order_start, n.order_len) = (start, len);
                if len > 0 {
                    self.order_end = end;
                    if self.keep {
                        self.index.calls.ordered.push(node);
                    }
                }
                self.references += len as u64;
                self.index.peak_references = self.index.peak_references.max(self.references);
            }
            Event::Push { state, mv, pos } => {
                let Some(open) = self.open.last() else {
                    return Err(fail(i, "a push outside any call"));
                };
                let node = open.node;
                let n = *self.get(node);
                let (moves, children) =
                    (self.src.order(n.order_start, n.order_len)).unwrap_or_default();
                let fits = moves.get(pos as usize) == Some(&(mv as u16))
                    && children.get(pos as usize) == Some(&state);
                if !fits {
                    return Err(fail(
                        i,
                        format!("move {mv} to state {state} is not candidate {pos} of the order"),
                    ));
                }
                if self.repush.take() == Some(pos) {
                    // The re-search: the same candidate again, counted once.
                    self.pushed = Some((state, mv));
                    return Ok(());
                }
                if pos != n.pushes {
                    return Err(fail(
                        i,
                        format!("candidate {pos} is pushed after {} others", n.pushes),
                    ));
                }
                self.rec(node).pushes += 1;
                self.pushed = Some((state, mv));
            }
            Event::Pop { state, .. } => {
                let returned = (self.open.last())
                    .and_then(|o| o.last_child)
                    .map(|c| self.get(c).state);
                if returned != Some(state) {
                    return Err(fail(i, format!("state {state} pops without returning")));
                }
            }
            Event::Best { state, .. } => {
                self.top(i, state, "a new best")?;
            }
            Event::Tie { state, pos, .. } => {
                let node = self.top(i, state, "a tie")?;
                if pos + 1 != self.get(node).pushes {
                    return Err(fail(
                        i,
                        format!("a tie at candidate {pos}, which is not the last tried"),
                    ));
                }
                let child = self.open.last().and_then(|o| o.last_child);
                match child {
                    Some(c) if self.get(c).exit + 2 == at => self.rec(c).set(bit::TIED),
                    _ => return Err(fail(i, "a tie that does not follow its child's pop")),
                }
            }
            Event::Average { state, pos, .. } => {
                let node = self.top(i, state, "a chance average")?;
                let n = *self.get(node);
                if !n.turn.is_chance() || pos + 1 != n.pushes {
                    return Err(fail(
                        i,
                        format!(
                            "an average after outcome {pos} of a node that is not a chance node with {} outcomes tried",
                            pos + 1
                        ),
                    ));
                }
            }
            Event::Interval { state, lo, hi } => {
                let node = self.top(i, state, "a chance interval")?;
                if !self.get(node).turn.is_chance() || lo > hi {
                    return Err(fail(
                        i,
                        format!("an interval [{lo}, {hi}] of a node that is not a chance node"),
                    ));
                }
            }
            Event::Window { state, .. } => {
                let node = self.top(i, state, "a window change")?;
                match self.open.last().and_then(|o| o.last_child) {
                    Some(child) => self.rec(child).set(bit::NARROWED_PARENT),
                    None => self.rec(node).set(bit::STAND_PAT_NARROWED),
                }
            }
            Event::Cutoff { state, pos, .. } => {
                let node = self.top(i, state, "a cutoff")?;
                self.stats.cutoffs += 1;
                let n = *self.get(node);
                if pos >= n.order_len || pos + 1 != n.pushes {
                    return Err(fail(
                        i,
                        format!(
                            "a cutoff after candidate {pos}, but {} of {} were tried",
                            n.pushes, n.order_len
                        ),
                    ));
                }
                self.rec(node).cutoff = pos;
                self.mark(|m| &mut m.cutoffs, at);
                if let Some(child) = self.open.last().and_then(|o| o.last_child) {
                    self.rec(child).set(bit::CAUSED_CUTOFF);
                }
            }
            Event::Store { .. } => {
                let (key, entry, kept) = event.stored().expect("a store");
                let node = self.top(i, key.state, "a store")?;
                let n = self.get(node);
                if (n.depth, n.qleft) != (key.depth, key.qleft) {
                    return Err(fail(i, "a store under a key that is not the call's"));
                }
                self.mark(|m| &mut m.stores, at);
                if kept && self.keep {
                    self.index.table.record(at, key, entry);
                }
            }
            Event::Return {
                state,
                value,
                mv,
                how,
            } => {
                let node = self.top(i, state, "a return")?;
                if how == ReturnKind::TableHit {
                    if !self.get(node).has(bit::PROBE_USABLE) {
                        return Err(fail(i, "a table return without a usable probe"));
                    }
                    self.mark(|m| &mut m.hits, at);
                    self.stats.tt_hits += 1;
                }
                let outcome = Outcome::from(how);
                self.close(i, outcome, value, mv);
            }
            Event::Unwind { state } => {
                self.top(i, state, "an unwind")?;
                self.close(i, Outcome::Abort, 0, -1);
            }
            Event::NullWindow { state, pos, .. } => {
                let node = self.top(i, state, "a null window")?;
                if pos != self.get(node).pushes || pos == 0 {
                    return Err(fail(
                        i,
                        format!("a null window for candidate {pos} out of turn"),
                    ));
                }
                self.null_windows += 1;
                self.next_bits |= bit::SCOUT;
            }
            Event::Research { state, pos, .. } => {
                let node = self.top(i, state, "a re-search")?;
                let scout = self.open.last().and_then(|o| o.last_child);
                let n = *self.get(node);
                let fits =
                    pos + 1 == n.pushes && scout.is_some_and(|c| self.get(c).has(bit::SCOUT));
                if !fits {
                    return Err(fail(
                        i,
                        format!("a re-search of candidate {pos}, which was not just scouted"),
                    ));
                }
                if let Some(c) = scout {
                    self.rec(c).set(bit::RESEARCHED);
                }
                self.researches += 1;
                self.repush = Some(pos);
                self.next_bits |= bit::RESEARCH;
                self.mark(|m| &mut m.researches, at);
            }
            Event::Aspiration {
                depth,
                alpha,
                beta,
                outcome,
            } => {
                if !self.pass_open || self.pass() != depth || !self.open.is_empty() {
                    return Err(fail(
                        i,
                        format!("an aspiration attempt of pass {depth} outside its pass's root"),
                    ));
                }
                let pass = self.index.calls.passes.len() as u32 - 1;
                let Some(a) = (self.index.calls.attempts.last_mut())
                    .filter(|a| a.pass == pass && a.event == NONE)
                else {
                    return Err(fail(i, "an aspiration attempt without a root search"));
                };
                if a.root == NONE {
                    (a.alpha, a.beta) = (alpha, beta);
                } else if (a.alpha, a.beta) != (alpha, beta) {
                    return Err(fail(
                        i,
                        "an aspiration attempt names another window than its root's",
                    ));
                }
                (a.event, a.outcome) = (at, Some(outcome));
                if outcome.missed() {
                    self.misses += 1;
                }
                self.attempt_closed = true;
                self.index.marks.attempts.push(at);
            }
        }
        Ok(())
    }

    /// Ends the fold after `end` events; the run reported `result`.
    pub fn finish(self, end: usize, result: &RunResult) -> Result<Index, TraceError> {
        self.finish_keeping(end, result).map(|(index, _)| index)
    }

    /// `finish`, giving the source back too.
    pub fn finish_keeping(
        mut self,
        end: usize,
        result: &RunResult,
    ) -> Result<(Index, S), TraceError> {
        if !self.open.is_empty() {
            return Err(fail(
                end,
                format!("the trace ends with {} calls open", self.open.len()),
            ));
        }
        if self.pass_open {
            return Err(fail(end, "the trace ends inside a pass"));
        }
        self.index
            .calls
            .mark_transpositions(&mut self.seen, &mut self.pass_calls);
        self.index.calls.records.shrink_to_fit();
        let calls = self.calls;
        if calls as u64 != result.stats.nodes {
            return Err(TraceError::Header(format!(
                "the header counts {} calls, the events admit {calls}",
                result.stats.nodes
            )));
        }
        let (told, seen) = (&result.stats, &self.stats);
        let counters = [
            ("evals (score reads)", told.evals, seen.evals),
            ("cutoffs", told.cutoffs, seen.cutoffs),
            ("tt_hits (usable table returns)", told.tt_hits, seen.tt_hits),
            ("qnodes (calls at depth 0)", told.qnodes, seen.qnodes),
            ("peak (deepest ply)", told.peak, seen.peak),
        ];
        if let Some((what, told, seen)) = counters.into_iter().find(|c| c.1 != c.2) {
            return Err(TraceError::Header(format!(
                "the header counts {told} {what}, the events make {seen}"
            )));
        }
        let passes = &self.index.calls.passes;
        let agree = passes.len() == result.history.len()
            && passes
                .iter()
                .zip(&result.history)
                .all(|(p, h)| (p.depth, p.done, p.score, p.mv) == (h.depth, h.done, h.score, h.mv));
        if !agree {
            return Err(TraceError::Header(
                "the header's pass history does not match the passes in the events".into(),
            ));
        }
        let c = &result.counters;
        if (c.null_windows, c.researches, c.aspiration_misses)
            != (self.null_windows, self.researches, self.misses)
        {
            return Err(TraceError::Header(
                "the header's null-window, re-search or aspiration counts do not match the events"
                    .into(),
            ));
        }
        Ok((self.index, self.src))
    }
}
