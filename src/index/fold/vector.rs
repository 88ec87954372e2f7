//! Max-n's detail: a tie follows the pop of the candidate it settles.

use super::{Fold, Source, fail};
use crate::event::Vector;
use crate::index::tree::bit;
use crate::trace::TraceError;

impl<S: Source> Fold<S> {
    pub(super) fn vector(&mut self, i: usize, at: u32, event: Vector) -> Result<(), TraceError> {
        match event {
            Vector::Tie { state, pos, .. } => {
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
        }
        Ok(())
    }
}
