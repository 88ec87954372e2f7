//! What a run's family means for the tutor, answered once per family here and nowhere else
//! in `tui/`: which main screen it gets, and what that screen shows (windows, values from the
//! side to move, payoff vectors, cuts, null windows). The views read a `Look`; none asks the
//! family again.
//!
//! The answer is an exhaustive match on the family's convention, the way the narration
//! chooses its voice (`replay::narrate::tell`): a family that brings a new convention fails to
//! compile here until the tutor has decided how to show it.

use crate::replay::Replay;
use crate::search::Options;
use crate::search::family::Convention;

/// Which main screen a run gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// A search of calls: its tree, stack, table and counters.
    Calls,
    /// Monte Carlo tree search: a tree of counts and its phases, not calls.
    Monte,
}

/// What the tutor shows of a run with some options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub screen: Screen,
    /// Its calls have an α/β window to show (max-n and Monte Carlo have none).
    pub windows: bool,
    /// Its values are from the side to move at their node (negamax, PVS).
    pub side_to_move: bool,
    /// Its values name the terminal whose payoff vector they carry (max-n).
    pub vectors: bool,
    /// It narrows and closes windows (not plain minimax, max-n or Monte Carlo).
    pub prunes: bool,
    /// It searches later moves with a null window first (PVS).
    pub scouts: bool,
}

impl Look {
    /// The look of a run with `o`.
    pub fn of(o: &Options) -> Look {
        let family = o.family();
        let prunes = family.prunes(o);
        let scouts = family.scouts(o);
        let calls = |windows, side_to_move, vectors| Look {
            screen: Screen::Calls,
            windows,
            side_to_move,
            vectors,
            prunes,
            scouts,
        };
        match family.convention() {
            Convention::MaxSide => calls(true, false, false),
            Convention::SideToMove => calls(true, true, false),
            Convention::PayoffVector => calls(false, false, true),
            Convention::IncomingMover => Look {
                screen: Screen::Monte,
                windows: false,
                side_to_move: false,
                vectors: false,
                prunes,
                scouts,
            },
        }
    }

    /// The look of the run `r` replays.
    pub fn of_run(r: &Replay) -> Look {
        Look::of(r.options())
    }

    /// Whether the run is Monte Carlo tree search (iterations over a tree of counts).
    pub fn sampled(self) -> bool {
        self.screen == Screen::Monte
    }
}
