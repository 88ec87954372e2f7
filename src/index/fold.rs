//! The one fold over a trace: every event once, in order, checked against the header and the
//! events before it, into the calls, marks and table history of an `Index`. The skeleton every
//! family shares is folded in `skeleton`, each family's detail in its own file; every match
//! over events is exhaustive, and a family's detail in a run of another family is an error.

mod bound;
mod chance;
mod mcts;
mod monte_state;
mod scout;
mod skeleton;
mod vector;

use std::collections::HashMap;

use super::folded::Index;
use super::tree::{CallRecord, NONE, Outcome, Stored};
use crate::game::Side;
use crate::search::family::Detail;
use crate::search::{Family, RunResult};
use crate::trace::{self, Event, Trace, TraceError};

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
    /// A Monte Carlo selection's exploration bonuses, if they are held.
    fn bonuses(&self, _start: u32, _len: u16) -> Option<&[f64]> {
        None
    }
    /// What the header's catalog says of a state (its moves, its score), when it is held.
    fn state_info(&self, _state: u32) -> Option<&trace::StateInfo> {
        None
    }
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

    fn bonuses(&self, start: u32, len: u16) -> Option<&[f64]> {
        Trace::bonuses(self, start, len)
    }

    fn state_info(&self, state: u32) -> Option<&trace::StateInfo> {
        self.header.catalog.get(state)
    }
}

/// The fold's working state.
pub(super) struct Fold<S: Source> {
    src: S,
    /// The run's family: which details its events may carry.
    family: &'static dyn Family,
    /// The details it carries, a bit per `Detail`, asked once rather than at every event.
    carries: u8,
    index: Index,
    open: Vec<Open>,
    /// A child pushed but not admitted yet: (state, move).
    pushed: Option<(u32, i16)>,
    pass_open: bool,
    seen: HashMap<u32, u32>,
    pass_calls: Vec<u32>,
    /// Whether every call is kept (`Source::keeps_calls`). Either way `live` holds the calls
    /// events can still touch, by id, whole; the index keeps the rest as `Stored`.
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
    /// A Monte Carlo run's place in its iteration.
    monte: monte_state::MonteFold,
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
    let family = trace.header.options.family();
    let mut fold = Fold::new(trace, family);
    if family.samples() {
        fold.monte_root(
            trace.header.start,
            &trace.header.options,
            trace.header.scale,
        );
        fold.monte_unit(trace.header.result.mcts.as_deref())?;
    }
    for (i, event) in trace.events.iter().enumerate() {
        fold.step(i, event)?;
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
    let real = h.options.family().convention();
    let written = match h.version {
        // Version 1 wrote max-side for every run.
        1 => trace::Scores::MaxSide,
        _ => real,
    };
    if h.scores != written {
        return Err(TraceError::Header(format!(
            "the header's scores are \"{}\", but a version-{} trace of {} says \"{}\"",
            h.scores.name(),
            h.version,
            h.options.algorithm.name(),
            written.name()
        )));
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
    check_scale(h)?;
    check_players(h)?;
    h.limits()
        .and_then(|limits| h.options.validate_for(&limits))
        .map_err(|m| TraceError::Header(format!("the options are invalid: {m}")))
}

/// A chance node's average is a whole number of units only when the scale is a multiple of
/// each of its probabilities' denominators (the graph's scale is built so: `Graph::settle`);
/// a scale that is not would print every value of the trace wrong.
fn check_scale(h: &trace::Header) -> Result<(), TraceError> {
    let mut least: i64 = 1;
    for s in h.catalog.iter() {
        for p in &s.chances {
            let Some(r) = crate::exact::Ratio::parse(p) else {
                let shown = crate::text::one_line(&crate::text::cut(p)).into_owned();
                return Err(TraceError::Header(format!(
                    "state {} has the chance \"{shown}\", which is not a probability",
                    s.id
                )));
            };
            // Past the largest scale (i32) no scale can be a multiple: the check below says so.
            least = (least / gcd(least, r.den()))
                .saturating_mul(r.den())
                .min(i64::from(i32::MAX) + 1);
        }
    }
    if i64::from(h.scale) % least != 0 {
        return Err(TraceError::Header(format!(
            "the header's scale is {}, but its chance nodes' probabilities make values in units of 1/{least}: the scale is a multiple of {least}",
            h.scale
        )));
    }
    check_exact_scores(h)
}

/// A scale that is a multiple of the one the run wrote (8 for a coin's 4) fits every rule of
/// the events and would print every value wrong (halved): the chances alone cannot tell, as
/// fractional scores and nested chance nodes also refine a scale. The catalog's exact scores
/// can: a state scored `exact` is `exact × scale` units, and the first one that is not says
/// which scale the run counted in.
fn check_exact_scores(h: &trace::Header) -> Result<(), TraceError> {
    use crate::exact::Ratio;
    for s in h.catalog.iter() {
        let (Some(units), Some(text)) = (s.score, s.exact.as_deref()) else {
            continue;
        };
        let shown = crate::text::one_line(&crate::text::cut(text)).into_owned();
        let Some(exact) = Ratio::parse(text) else {
            return Err(TraceError::Header(format!(
                "state {} has the exact score \"{shown}\", which is not a number",
                s.id
            )));
        };
        let written = Ratio::int(i64::from(units));
        if exact.checked_mul(Ratio::int(i64::from(h.scale))) == Some(written) {
            continue;
        }
        // units / exact, when that is a whole scale prune could have written.
        let must = Ratio::new(exact.den(), exact.num())
            .and_then(|inverse| written.checked_mul(inverse))
            .filter(|r| r.den() == 1 && r.num() >= 1 && r.num() <= i64::from(i32::MAX));
        let must = match must {
            Some(r) => format!("the scale must be {}", r.num()),
            None => "no scale gives that".to_string(),
        };
        return Err(TraceError::Header(format!(
            "the header's scale is {}, but state {} scores {units} units where its exact score is {shown}: {must}",
            h.scale,
            h.catalog.called(s.id)
        )));
    }
    Ok(())
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs().max(1)
    } else {
        gcd(b, a % b)
    }
}

/// A game of several players: every seat the catalog names and every payoff vector fit the
/// header's players (the tutor draws one column per player).
fn check_players(h: &trace::Header) -> Result<(), TraceError> {
    let players = h.players.len();
    for (k, name) in h.players.iter().enumerate() {
        let shown = crate::text::one_line(&crate::text::cut(name)).into_owned();
        if name.is_empty() || name.chars().any(crate::text::is_control_text) {
            return Err(TraceError::Header(format!(
                "player {} is named \"{shown}\": a name is printable text, not empty",
                k + 1
            )));
        }
        if h.players[..k].contains(name) {
            return Err(TraceError::Header(format!(
                "player {} is named \"{shown}\" like an earlier one: the header names each player once",
                k + 1
            )));
        }
    }
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
    pub fn new(src: S, family: &'static dyn Family) -> Fold<S> {
        Fold {
            family,
            carries: (family.details().iter()).fold(0, |bits, &d| bits | 1 << d as u8),
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
            monte: monte_state::MonteFold::default(),
        }
    }

    pub fn source(&mut self) -> &mut S {
        &mut self.src
    }

    /// A call events can still touch (an open frame, or the child it took in last): the fold
    /// keeps the whole record of those only.
    fn get(&self, node: u32) -> &CallRecord {
        let live = self.live.iter().rev().find(|(id, _)| *id == node);
        &live.expect("events touch only live calls").1
    }

    fn rec(&mut self, node: u32) -> &mut CallRecord {
        let live = self.live.iter_mut().rev().find(|(id, _)| *id == node);
        &mut live.expect("events touch only live calls").1
    }

    /// How many calls the fold holds now.
    #[cfg(test)]
    pub fn live_calls(&self) -> usize {
        self.index.calls.records.len() + self.live.len()
    }

    /// Starts a new call; its id is its call number. An index that keeps every call gives it
    /// its slot now (filled when it retires), so call ids stay positions.
    fn admit(&mut self, n: CallRecord) -> u32 {
        let id = self.calls;
        self.calls += 1;
        if self.keep {
            self.index.calls.records.push(Stored::from(&n));
        }
        self.live.push((id, n));
        id
    }

    /// Call `node` can no longer change: the index keeps what the trace does not say of it,
    /// and a source that does not keep calls takes it now.
    fn retire(&mut self, node: u32) {
        if let Some(k) = self.live.iter().rposition(|(id, _)| *id == node) {
            let (id, record) = self.live.remove(k);
            if self.keep {
                let calls = &mut self.index.calls;
                calls.records[id as usize] = Stored::from(&record);
                if let Some(found) = record.probe {
                    calls.probes.push((id, found));
                }
                if record.has(super::tree::bit::STAND_PAT) {
                    calls.stand_pats.push((id, record.stand_pat));
                }
            }
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
    fn mark(&mut self, kind: fn(&mut super::marks::Marks) -> &mut Vec<u32>, at: u32) {
        if self.keep {
            kind(&mut self.index.marks).push(at);
        }
    }

    /// Folds event `i`: the skeleton here, each family's detail in its own file.
    pub fn step(&mut self, i: usize, event: Event) -> Result<(), TraceError> {
        let at = i as u32;
        match event {
            Event::PassStart { depth } => self.pass_start(i, depth),
            Event::PassEnd {
                depth,
                done,
                score,
                mv,
            } => self.pass_end(i, depth, done, score, mv),
            Event::Aspiration {
                depth,
                alpha,
                beta,
                outcome,
            } => self.attempt_end(i, depth, (alpha, beta), outcome),
            Event::Enter {
                state,
                turn,
                depth,
                qleft,
                alpha,
                beta,
            } => self.enter(i, state, turn, (depth, qleft), (alpha, beta)),
            Event::Refused { state, .. } => self.refused(i, state),
            Event::Order { state, start, len } => self.order(i, state, start, len),
            Event::Push { state, mv, pos } => self.push(i, state, mv, pos),
            Event::Pop { state, .. } => self.pop(i, state),
            Event::Return {
                state,
                value,
                mv,
                how,
            } => self.ret(i, state, value, mv, how),
            Event::Unwind { state } => {
                self.top(i, state, "an unwind")?;
                self.close(i, Outcome::Abort, 0, -1);
                Ok(())
            }
            Event::Bound(d) => {
                self.carried(i, Detail::Bound)?;
                self.bound(i, at, d)
            }
            Event::Scout(d) => {
                self.carried(i, Detail::Scout)?;
                self.scout(i, at, d)
            }
            Event::Chance(d) => {
                self.carried(i, Detail::Chance)?;
                self.chance(i, d)
            }
            Event::Vector(d) => {
                self.carried(i, Detail::Tie)?;
                self.vector(i, at, d)
            }
            Event::Mcts(d) => {
                self.carried(i, Detail::Mcts)?;
                self.mcts(i, d)
            }
        }
    }

    /// A family's detail event in a run of another family is as wrong as a broken window.
    fn carried(&self, i: usize, detail: Detail) -> Result<(), TraceError> {
        if self.carries & (1 << detail as u8) != 0 {
            return Ok(());
        }
        Err(fail(
            i,
            format!("a {} event in a {} run", detail.name(), self.family.name()),
        ))
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
        if self.family.samples() {
            self.monte_finish(end, result)?;
            return Ok((self.index, self.src));
        }
        self.index
            .calls
            .mark_transpositions(&mut self.seen, &mut self.pass_calls);
        let calls = &mut self.index.calls;
        calls.records.shrink_to_fit();
        // Calls retire children first: the side tables are read by call id.
        calls.probes.sort_unstable_by_key(|&(id, _)| id);
        calls.probes.shrink_to_fit();
        calls.stand_pats.sort_unstable_by_key(|&(id, _)| id);
        calls.stand_pats.shrink_to_fit();
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
