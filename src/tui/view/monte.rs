//! The main screen of a Monte Carlo run (a family that samples rather than calls): the
//! growing tree on the left, the current phase on the right, then the narration and the
//! footer. The call-based panes (stack, transposition table, counters) have nothing true to
//! say about such a run and are not drawn. Presenter mode shows the same panes under its own
//! step indicator, which then stands in for the title row (the step is said once), with the
//! tree in boxes (`boxes`).
//!
//! ```text
//!  step 12/332 · iteration 2/50 · selection │ mcts C √2 50 iterations …
//!  MCTS tree · most visited first ──────┌ Iteration 2 of 50 · selection ────
//!  ›root N 1   0.5/1                    │At the root (...): N 1 · C √2
//!    ›5   N 1   1/1                     │  move    N      U   mean  bonus   UCB1
//!  What happened ───────────────────────────────────────────────────────────
//! ```
//!
//! In a comparison (`c`: alpha-beta beside the run, seed 004 §6.3) the `beside` pane shares
//! the left columns with the tree where both have room for their rows, and takes the tree's
//! place where they do not (80×24): its table has the root's children with N and U/N, which
//! is what the tree's first rows show.

pub mod beside;
pub mod boxes;
pub mod phase;
pub mod tree;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::tui::app::App;
use crate::tui::layout::Regions;

use super::scroll::Shown;
use super::{footer, narration, title};

/// The narrowest the tree and the comparison each may be to stand side by side.
const SIDE_BY_SIDE: u16 = 38;

/// What the screen showed of its scrolled parts, for paging by keys and the wheel.
pub struct Drawn {
    pub narration: Shown,
    /// The phase pane, and where it is.
    pub phase: (Shown, Rect),
}

/// The tree's and the comparison's columns of the left region `left`: side by side when
/// both have room, else the comparison alone.
pub fn split(left: Rect) -> (Option<Rect>, Rect) {
    if left.width < 2 * SIDE_BY_SIDE {
        return (None, left);
    }
    let tree_w = left.width / 2;
    let tree = Rect {
        width: tree_w,
        ..left
    };
    let beside = Rect {
        x: left.x + tree_w,
        width: left.width - tree_w,
        ..left
    };
    (Some(tree), beside)
}

/// Draws the Monte Carlo screen of `app` into `regions`.
pub fn draw(app: &App, regions: &Regions, buf: &mut Buffer) -> Drawn {
    let (r, step, theme) = (&app.replay, app.st.step, app.theme);
    let (mut left, mut right) = (regions.tree, regions.table);
    if app.present.on {
        // The presenter's indicator above says the step and the iteration: the title row
        // goes to the panes.
        for pane in [&mut left, &mut right] {
            pane.y = regions.title.y;
            pane.height += regions.title.height;
        }
    } else {
        title::draw(app, regions.title, buf);
    }
    let scroll = app.scrolls.tree;
    match &app.compare {
        Some(c) => {
            let (tree_at, beside_at) = split(left);
            if let Some(t) = tree_at {
                tree::draw(r, step, scroll, theme, t, buf);
            }
            let pair = beside::Pair {
                mcts: r,
                step,
                calls: &c.replay,
                label: &c.label,
                calls_on_screen: false,
            };
            beside::draw(&pair, scroll.max(0) as usize, theme, beside_at, buf);
        }
        // Presenter mode: the tree in boxes a room can read.
        None if app.present.on => boxes::draw(r, step, scroll, theme, left, buf),
        None => tree::draw(r, step, scroll, theme, left, buf),
    }
    let phase = phase::draw(r, step, app.scrolls.table, theme, right, buf);
    let narration = narration::draw(app, regions.narration, buf);
    footer::draw(app, regions.footer, buf);
    // The phase pane is where windows beside the tree go (the why pane: the selection it
    // explains is the one that pane shows, and the tree stays in view beside it).
    Drawn {
        narration,
        phase: (phase, right),
    }
}
