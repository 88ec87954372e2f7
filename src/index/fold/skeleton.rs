//! The skeleton every family shares: passes and aspiration attempts, calls entered, refused,
//! returned and unwound, candidates ordered, pushed and popped.

use super::{Fold, Open, Source, fail};
use crate::game::Side;
use crate::index::tree::{AttemptInfo, CallRecord, NONE, Outcome, PassInfo, bit};
use crate::trace::{ReturnKind, TraceError};
use crate::value::AttemptOutcome;

type Folded = Result<(), TraceError>;

impl<S: Source> Fold<S> {
    pub(super) fn pass_start(&mut self, i: usize, depth: u8) -> Folded {
        if self.pass_open {
            return Err(fail(i, "a pass starts before the previous one ended"));
        }
        let at = i as u32;
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
        Ok(())
    }

    pub(super) fn pass_end(
        &mut self,
        i: usize,
        depth: u8,
        done: bool,
        score: i32,
        mv: i16,
    ) -> Folded {
        let open = self.open.len();
        let Some(pass) = (self.index.calls.passes.last_mut()).filter(|_| self.pass_open) else {
            return Err(fail(i, "a pass ends that never started"));
        };
        if pass.depth != depth {
            return Err(fail(i, format!("pass {} ends as pass {depth}", pass.depth)));
        }
        if open > 0 {
            return Err(fail(i, format!("a pass ends with {open} calls still open")));
        }
        (pass.end_event, pass.done, pass.score, pass.mv) = (i as u32, done, score, mv);
        self.pass_open = false;
        Ok(())
    }

    pub(super) fn attempt_end(
        &mut self,
        i: usize,
        depth: u8,
        (alpha, beta): (i32, i32),
        outcome: AttemptOutcome,
    ) -> Folded {
        if !self.pass_open || self.pass() != depth || !self.open.is_empty() {
            return Err(fail(
                i,
                format!("an aspiration attempt of pass {depth} outside its pass's root"),
            ));
        }
        let pass = self.index.calls.passes.len() as u32 - 1;
        let Some(a) =
            (self.index.calls.attempts.last_mut()).filter(|a| a.pass == pass && a.event == NONE)
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
        (a.event, a.outcome) = (i as u32, Some(outcome));
        if outcome.missed() {
            self.misses += 1;
        }
        self.attempt_closed = true;
        self.index.marks.attempts.push(i as u32);
        Ok(())
    }

    pub(super) fn enter(
        &mut self,
        i: usize,
        state: u32,
        turn: Side,
        (depth, qleft): (u8, u8),
        (alpha, beta): (i32, i32),
    ) -> Folded {
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
        let mut n = CallRecord::new(state, turn, mv, i as u32);
        (n.ply, n.pass, n.depth, n.qleft) = (self.open.len() as u16, self.pass(), depth, qleft);
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
        // Each aspiration attempt is its own search of the root: transpositions are counted
        // within one attempt.
        if self.open.is_empty() {
            self.index
                .calls
                .mark_transpositions(&mut self.seen, &mut self.pass_calls);
        }
        n.flags |= std::mem::take(&mut self.next_bits);
        self.stats.qnodes += (depth == 0) as u64;
        self.stats.peak = self.stats.peak.max(n.ply as u64);
        let below_revisit = (self.open.last()).is_some_and(|o| self.get(o.node).has(bit::REVISIT));
        if n.has(bit::RESEARCH) || below_revisit {
            n.set(bit::REVISIT);
        }
        if self.open.is_empty() {
            self.open_attempt(id, (alpha, beta));
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
        Ok(())
    }

    /// A root search begins an attempt of the pass (`root` NONE: the budget refused it).
    fn open_attempt(&mut self, root: u32, (alpha, beta): (i32, i32)) {
        let pass = self.index.calls.passes.len() as u32 - 1;
        self.index.calls.attempts.push(AttemptInfo {
            pass,
            root,
            event: NONE,
            alpha,
            beta,
            outcome: None,
        });
    }

    pub(super) fn refused(&mut self, i: usize, state: u32) -> Folded {
        self.known(i, state)?;
        self.arrival(i, state, "a refusal")?;
        // The stub is implied by the frame's order; a refused root has no frame.
        if let Some(open) = self.open.last() {
            let node = open.node;
            self.rec(node).set(bit::REFUSED_CHILD);
        } else {
            self.open_attempt(NONE, (0, 0));
        }
        Ok(())
    }

    pub(super) fn order(&mut self, i: usize, state: u32, start: u32, len: u16) -> Folded {
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
        Ok(())
    }

    pub(super) fn push(&mut self, i: usize, state: u32, mv: i16, pos: u16) -> Folded {
        let Some(open) = self.open.last() else {
            return Err(fail(i, "a push outside any call"));
        };
        let node = open.node;
        let n = *self.get(node);
        let (moves, children) = (self.src.order(n.order_start, n.order_len)).unwrap_or_default();
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
        Ok(())
    }

    pub(super) fn pop(&mut self, i: usize, state: u32) -> Folded {
        let returned = (self.open.last())
            .and_then(|o| o.last_child)
            .map(|c| self.get(c).state);
        if returned != Some(state) {
            return Err(fail(i, format!("state {state} pops without returning")));
        }
        Ok(())
    }

    pub(super) fn ret(
        &mut self,
        i: usize,
        state: u32,
        value: i32,
        mv: i16,
        how: ReturnKind,
    ) -> Folded {
        let node = self.top(i, state, "a return")?;
        if how == ReturnKind::TableHit {
            if !self.get(node).has(bit::PROBE_USABLE) {
                return Err(fail(i, "a table return without a usable probe"));
            }
            self.mark(|m| &mut m.hits, i as u32);
            self.stats.tt_hits += 1;
        }
        self.close(i, Outcome::from(how), value, mv);
        Ok(())
    }
}
