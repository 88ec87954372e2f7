//! Alpha-beta's detail on the view: the last probe and store, reads and stand-pats counted,
//! the frame's best, window and cutoff.

use crate::event::Bound;
use crate::replay::state::{ProbeMark, ReplayState, StoreMark};
use crate::value::Key;

pub(super) fn apply(st: &mut ReplayState, index: usize, event: Bound) {
    match event {
        Bound::Probe {
            state,
            found,
            usable,
        } => {
            if let Some(f) = st.frames.last() {
                st.last_probe = Some(ProbeMark {
                    event: index as u32,
                    key: Key {
                        state,
                        depth: f.depth,
                        qleft: f.qleft,
                    },
                    found,
                    usable,
                    alpha: f.alpha,
                    beta: f.beta,
                });
            }
        }
        Bound::Read { .. } => st.stats.evals += 1,
        Bound::StandPat { value, cutoff, .. } => {
            st.stats.evals += 1;
            st.stats.cutoffs += cutoff as u64;
            if let Some(f) = st.frames.last_mut() {
                f.stand_pat = Some(value);
                f.best = value;
                if cutoff {
                    f.cutoff = Some(0);
                }
            }
        }
        Bound::Best { value, mv, .. } => {
            if let Some(f) = st.frames.last_mut() {
                (f.best, f.best_mv) = (value, mv);
            }
        }
        Bound::Window { alpha, beta, .. } => {
            if let Some(f) = st.frames.last_mut() {
                (f.alpha, f.beta) = (alpha, beta);
            }
        }
        // A narrowed window is the frame's from here on, as a raised α is.
        Bound::Narrow { alpha, beta, .. } => {
            if let Some(f) = st.frames.last_mut() {
                (f.alpha, f.beta) = (alpha, beta);
            }
        }
        Bound::Split { .. } | Bound::Settled { .. } | Bound::Filtered { .. } => {}
        Bound::Cutoff { pos, .. } => {
            st.stats.cutoffs += 1;
            if let Some(f) = st.frames.last_mut() {
                f.cutoff = Some(pos);
                if f.turn.is_chance() {
                    st.counters.chance_cutoffs += 1;
                }
            }
        }
        Bound::Store { .. } => {
            let (key, entry, kept) = event.stored().expect("a store");
            st.last_store = Some(StoreMark {
                event: index as u32,
                key,
                entry,
                kept,
            });
        }
    }
}
