//! Play until: what `Space` plays to. Playback still moves one event per tick (so the class
//! sees every step go by), but stops on the first step of the chosen kind: the next call, the
//! next cutoff, table hit, store or pass. Which steps are stops is read from the index
//! through the same searches the jump keys use (`Replay::next_mark`, `Replay::call_step`), so
//! playing "to cutoff" and pressing `x` always land on the same step.
//!
//! A new kind of stop is one row of `STOPS` (its name, and where the index lists its steps).
//! `y` offers only the kinds the run has: a Monte Carlo run's iterations and phases, a search
//! of calls' calls, cutoffs, hits, stores and passes.

use crate::index::Marks;
use crate::replay::{Replay, ReplayState};

/// Where one kind of stop is found in the index.
#[derive(Clone, Copy)]
pub enum Stops {
    /// No stop: play every event to the end of the run (pause with `Space`).
    None,
    /// The next call's admission (what `j` jumps to).
    Call,
    /// The steps of one of the index's mark lists (what `x`, `t`, `s`, `p` jump to).
    Mark(fn(&Marks) -> &[u32]),
    /// A Monte Carlo iteration's start (what `)` jumps to).
    Iteration,
    /// A Monte Carlo phase's start (what `f` jumps to).
    Phase,
}

impl Stops {
    /// Whether a run that samples (`true`) or one of calls has stops of this kind: a Monte
    /// Carlo run has no calls, cutoffs or passes, a search of calls no iterations.
    fn applies(self, samples: bool) -> bool {
        match self {
            Stops::None => true,
            Stops::Call | Stops::Mark(_) => !samples,
            Stops::Iteration | Stops::Phase => samples,
        }
    }
}

/// One play-until setting: the name the footer shows ("play: to cutoff") and its stops.
pub struct Stop {
    pub name: &'static str,
    pub stops: Stops,
}

/// Every setting, in the order `y` cycles through them; the first is the default.
pub const STOPS: &[Stop] = &[
    Stop {
        name: "event",
        stops: Stops::None,
    },
    Stop {
        name: "call",
        stops: Stops::Call,
    },
    Stop {
        name: "cutoff",
        stops: Stops::Mark(|m| &m.cutoffs),
    },
    Stop {
        name: "table hit",
        stops: Stops::Mark(|m| &m.hits),
    },
    Stop {
        name: "store",
        stops: Stops::Mark(|m| &m.stores),
    },
    Stop {
        name: "pass",
        stops: Stops::Mark(|m| &m.passes),
    },
    Stop {
        name: "re-search",
        stops: Stops::Mark(|m| &m.researches),
    },
    Stop {
        name: "aspiration attempt",
        stops: Stops::Mark(|m| &m.attempts),
    },
    Stop {
        name: "iteration",
        stops: Stops::Iteration,
    },
    Stop {
        name: "phase",
        stops: Stops::Phase,
    },
];

/// The play-until setting: an index into `STOPS`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Until(usize);

impl Until {
    /// The setting named `name` (as `STOPS` spells it), if there is one.
    pub fn named(name: &str) -> Option<Until> {
        STOPS.iter().position(|s| s.name == name).map(Until)
    }

    pub fn stop(self) -> &'static Stop {
        &STOPS[self.0 % STOPS.len()]
    }

    pub fn name(self) -> &'static str {
        self.stop().name
    }

    /// The next setting, after the last the first again.
    pub fn next(self) -> Until {
        Until((self.0 + 1) % STOPS.len())
    }

    /// The next setting whose stops a run of this kind has (`samples`: Monte Carlo).
    pub fn next_for(self, samples: bool) -> Until {
        let mut next = self.next();
        while !next.stop().stops.applies(samples) {
            next = next.next();
        }
        next
    }

    /// The first stop strictly after the step of `st`, or `None` when there is none left
    /// (playing then runs to the end).
    pub fn next_stop(self, r: &Replay, st: &ReplayState) -> Option<usize> {
        match self.stop().stops {
            Stops::None => None,
            Stops::Call => r.call_step(st.stats.nodes as usize),
            Stops::Mark(list) => Replay::next_mark(list(r.marks()), st.step),
            Stops::Iteration => crate::tui::monte::next_iteration(r, st.step),
            Stops::Phase => crate::tui::monte::next_phase(r, st.step),
        }
    }

    /// What the footer says of it: "play: to cutoff" ("play: every event" without stops).
    pub fn label(self) -> String {
        match self.stop().stops {
            Stops::None => format!("play: every {}", self.name()),
            _ => format!("play: to {}", self.name()),
        }
    }
}
