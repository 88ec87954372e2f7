//! The main screen of a Monte Carlo run (a family that samples rather than calls): the
//! growing tree on the left, the current phase on the right, then the narration and the
//! footer. The call-based panes (stack, transposition table, counters) have nothing true to
//! say about such a run and are not drawn. Presenter mode shows the same panes.
//!
//! ```text
//!  step 12/332 · iteration 2/50 · selection │ mcts C √2 50 iterations …
//!  MCTS tree · most visited first ──────┌ Iteration 2 of 50 · selection ────
//!  ›root N 1   0.5/1                    │At the root (...): N 1 · C √2
//!    ›5   N 1   1/1                     │  move    N      U   mean  bonus   UCB1
//!  What happened ───────────────────────────────────────────────────────────
//! ```

pub mod phase;
pub mod tree;

use ratatui::buffer::Buffer;

use crate::tui::app::App;
use crate::tui::layout::Regions;

use super::{footer, narration, title};

/// Draws the Monte Carlo screen of `app` into `regions`; returns what the narration showed.
pub fn draw(app: &App, regions: &Regions, buf: &mut Buffer) -> super::scroll::Shown {
    let (r, step, theme) = (&app.replay, app.st.step, app.theme);
    title::draw(app, regions.title, buf);
    tree::draw(r, step, app.scrolls.tree, theme, regions.tree, buf);
    phase::draw(r, step, theme, regions.table, buf);
    let shown = narration::draw(app, regions.narration, buf);
    footer::draw(app, regions.footer, buf);
    shown
}
