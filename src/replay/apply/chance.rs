//! A chance node's detail on the view: its running average and interval.

use crate::event::Chance;
use crate::replay::state::ReplayState;

pub(super) fn apply(st: &mut ReplayState, event: Chance) {
    let Some(f) = st.frames.last_mut() else {
        return;
    };
    match event {
        Chance::Average { pos, sum, .. } => f.average = Some((sum, pos + 1)),
        Chance::Interval { lo, hi, .. } => f.interval = Some((lo, hi)),
    }
}
