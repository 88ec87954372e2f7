//! A chance node's detail: its running average and interval belong to a chance node.

use super::{Fold, Source, fail};
use crate::event::Chance;
use crate::trace::TraceError;

impl<S: Source> Fold<S> {
    pub(super) fn chance(&mut self, i: usize, event: Chance) -> Result<(), TraceError> {
        match event {
            Chance::Average { state, pos, .. } => {
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
            Chance::Interval { state, lo, hi } => {
                let node = self.top(i, state, "a chance interval")?;
                if !self.get(node).turn.is_chance() || lo > hi {
                    return Err(fail(
                        i,
                        format!("an interval [{lo}, {hi}] of a node that is not a chance node"),
                    ));
                }
                if self.keep {
                    self.index.calls.intervals.record(i as u32, node, (lo, hi));
                }
            }
        }
        Ok(())
    }
}
