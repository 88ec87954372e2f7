//! PVS's detail events (seed 002): a later candidate is first asked with a null window
//! whether it beats α, and searched again with the full window when it does.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Scout {
    /// The frame tries the candidate at `pos` with the null window (α, β) of its own
    /// convention, which only asks whether the candidate beats α. The push follows.
    NullWindow {
        state: u32,
        pos: u16,
        alpha: i32,
        beta: i32,
    },
    /// The null window said "better" (`value` > α, the frame's convention) without closing
    /// the frame's window, so the candidate at `pos` is searched again with the full window:
    /// a second push and call of the same child follow. `ply` is the frame's.
    Research {
        state: u32,
        pos: u16,
        ply: u16,
        value: i32,
    },
}
