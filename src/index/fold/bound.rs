//! Alpha-beta's detail (which the chance and max-n families share): probes, reads,
//! stand-pats, bests, windows, cutoffs and stores.

use super::{Fold, Source, fail};
use crate::event::Bound;
use crate::index::tree::bit;
use crate::trace::TraceError;

impl<S: Source> Fold<S> {
    pub(super) fn bound(&mut self, i: usize, at: u32, event: Bound) -> Result<(), TraceError> {
        match event {
            Bound::Probe {
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
            Bound::Read {
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
            Bound::StandPat {
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
            Bound::Best { state, .. } => {
                self.top(i, state, "a new best")?;
            }
            Bound::Window { state, .. } => {
                let node = self.top(i, state, "a window change")?;
                match self.open.last().and_then(|o| o.last_child) {
                    Some(child) => self.rec(child).set(bit::NARROWED_PARENT),
                    None => self.rec(node).set(bit::STAND_PAT_NARROWED),
                }
            }
            Bound::Narrow { state, .. } => {
                self.top(i, state, "a narrowed window")?;
            }
            Bound::Settled { state, .. } | Bound::Filtered { state, .. } => {
                self.top(i, state, "a rule of the game")?;
            }
            // Between two searches of the root, inside a pass.
            Bound::Split { lo, hi, probe } => {
                if !self.pass_open || !self.open.is_empty() {
                    return Err(fail(
                        i,
                        "a split of the root's interval outside a pass's root",
                    ));
                }
                if !(lo <= probe && probe < hi) {
                    return Err(fail(
                        i,
                        format!("a probe at {probe} outside the interval [{lo}, {hi}]"),
                    ));
                }
            }
            Bound::Cutoff { state, pos, .. } => self.cutoff(i, at, state, pos)?,
            Bound::Store { .. } => {
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
        }
        Ok(())
    }

    fn cutoff(&mut self, i: usize, at: u32, state: u32, pos: u16) -> Result<(), TraceError> {
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
        Ok(())
    }
}
