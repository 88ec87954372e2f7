//! PVS's detail: a null window opens a scout call; a re-search repeats the candidate's push
//! with the full window.

use super::{Fold, Source, fail};
use crate::event::Scout;
use crate::index::tree::bit;
use crate::trace::TraceError;

impl<S: Source> Fold<S> {
    pub(super) fn scout(&mut self, i: usize, at: u32, event: Scout) -> Result<(), TraceError> {
        match event {
            Scout::NullWindow { state, pos, .. } => {
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
            Scout::Research { state, pos, .. } => {
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
        }
        Ok(())
    }
}
