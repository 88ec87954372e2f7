//! Max-n's detail on the view: ties are counted.

use crate::event::Vector;
use crate::replay::state::ReplayState;

pub(super) fn apply(st: &mut ReplayState, event: Vector) {
    match event {
        Vector::Tie { .. } => st.counters.ties += 1,
    }
}
