//! PVS's detail on the view: the next call is a scout or a re-search, and both are counted.

use crate::event::Scout;
use crate::replay::state::ReplayState;

pub(super) fn apply(st: &mut ReplayState, event: Scout) {
    match event {
        Scout::NullWindow { .. } => {
            st.counters.null_windows += 1;
            st.next_scout = true;
        }
        Scout::Research { .. } => {
            st.counters.researches += 1;
            st.next_research = true;
        }
    }
}
