//! Search families: what a run's values mean and which details its trace carries.
//!
//! An algorithm belongs to one family, chosen once by `Algorithm::family` (the one dispatch on
//! the algorithm outside the search core). Every layer above asks the family instead of
//! testing the algorithm: the index folds the family's detail events, the replay applies
//! them, the narration words them, and the views ask it what to show.
//!
//! - `AlphaBeta`: seed 000's search (and the paranoid reduction of a game of several
//!   players): every value from MAX's side. Its recursion averages a chance node
//!   it meets (plain minimax on a chance graph is expectiminimax's comparison), so its traces
//!   may carry the chance detail too.
//! - `Minimax`: plain minimax, the comparison for alpha-beta and expectiminimax: alpha-beta's
//!   recursion with the full window everywhere, so it never narrows, cuts or keeps a table.
//! - `Negamax`: seed 002's negamax and PVS: values from the side to move.
//! - `Chance`: seed 004's expectiminimax: MAX's side, chance nodes average their outcomes.
//! - `Vectors`: seed 004's max-n: a value names the terminal whose payoff vector it carries.

use serde::{Deserialize, Serialize};

use super::options::{Algorithm, Options, Ties};
use crate::game::Side;

/// Which side a recorded value is counted from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Convention {
    /// Every value is from MAX's side, at every node (seed 000's core).
    MaxSide,
    /// Every value is from the side to move at its node (seed 002's negamax).
    SideToMove,
    /// Every value is the id of the terminal whose payoff vector the node carries (max-n).
    PayoffVector,
    /// A node's counts are wins, in half-wins, for the player who moved into it (Monte Carlo
    /// tree search; the root's for the player to move there).
    IncomingMover,
}

impl Convention {
    /// As the trace header writes it.
    pub fn name(self) -> &'static str {
        match self {
            Convention::MaxSide => "max-side",
            Convention::SideToMove => "side-to-move",
            Convention::PayoffVector => "payoff-vector",
            Convention::IncomingMover => "incoming-mover",
        }
    }
}

/// The kinds of family detail a trace can carry besides the shared skeleton.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Detail {
    /// Alpha-beta's probes, reads, stand-pats, bests, windows, cutoffs and stores.
    Bound,
    /// PVS's null windows and re-searches.
    Scout,
    /// A chance node's running average and its interval.
    Chance,
    /// Max-n's ties.
    Tie,
    /// Monte Carlo tree search's iterations, selections, expansions, playouts and backups.
    Mcts,
}

impl Detail {
    /// What an event of this kind is called in a message.
    pub fn name(self) -> &'static str {
        match self {
            Detail::Bound => "alpha-beta",
            Detail::Scout => "PVS",
            Detail::Chance => "chance",
            Detail::Tie => "max-n tie",
            Detail::Mcts => "Monte Carlo",
        }
    }
}

/// A family of searches. Zero-sized implementations, one per family, chosen by
/// `Algorithm::family`.
pub trait Family: Sync + std::fmt::Debug {
    /// The family's name for people.
    fn name(&self) -> &'static str;

    /// Which side the run's values are counted from.
    fn convention(&self) -> Convention;

    /// The detail kinds this family's traces may carry.
    fn details(&self) -> &'static [Detail];

    /// Whether a frame whose turn is `turn` keeps the largest of its children's values as
    /// recorded (MAX, and every frame of a search that counts from the side to move).
    fn maximises(&self, turn: Side) -> bool {
        match self.convention() {
            Convention::SideToMove => true,
            Convention::MaxSide | Convention::PayoffVector | Convention::IncomingMover => {
                turn.is_max()
            }
        }
    }

    /// Whether the run's calls have an α/β window to show (max-n has none).
    fn has_window(&self) -> bool {
        matches!(
            self.convention(),
            Convention::MaxSide | Convention::SideToMove
        )
    }

    /// Whether the run is Monte Carlo tree search: iterations over a tree of its own with
    /// visit and win counts, not calls.
    fn samples(&self) -> bool {
        self.convention() == Convention::IncomingMover
    }

    /// Whether a recorded value is from the side to move (negamax).
    fn side_to_move(&self) -> bool {
        self.convention() == Convention::SideToMove
    }

    /// Whether a recorded value is a terminal id standing for its payoff vector (max-n).
    fn vectors(&self) -> bool {
        self.convention() == Convention::PayoffVector
    }

    /// Whether this family's traces may carry `detail`.
    fn carries(&self, detail: Detail) -> bool {
        self.details().contains(&detail)
    }

    /// Whether a run with `options` scouts: it searches each move after the first with a null
    /// window and re-searches the ones that beat α (principal variation search).
    fn scouts(&self, options: &Options) -> bool {
        let _ = options;
        false
    }

    /// Whether a run with `options` narrows and closes windows (plain minimax and max-n never
    /// cut, so they show no cut rule, root window or table).
    fn prunes(&self, options: &Options) -> bool {
        let _ = options;
        true
    }

    /// Whether the family is about chance nodes: offered only on a game that has them, and
    /// its runs report their chance cutoffs. (Alpha-beta's recursion averages a chance node
    /// it meets too, but it is not about them.)
    fn needs_chance(&self) -> bool {
        false
    }
}

#[derive(Debug)]
pub struct AlphaBeta;
#[derive(Debug)]
pub struct Minimax;
#[derive(Debug)]
pub struct Negamax;
#[derive(Debug)]
pub struct Chance;
#[derive(Debug)]
pub struct Vectors;
#[derive(Debug)]
pub struct MonteCarlo;

impl Family for AlphaBeta {
    fn name(&self) -> &'static str {
        "alpha-beta"
    }
    fn convention(&self) -> Convention {
        Convention::MaxSide
    }
    fn details(&self) -> &'static [Detail] {
        &[Detail::Bound, Detail::Chance]
    }
}

impl Family for Minimax {
    fn name(&self) -> &'static str {
        "minimax"
    }
    fn convention(&self) -> Convention {
        Convention::MaxSide
    }
    fn details(&self) -> &'static [Detail] {
        &[Detail::Bound, Detail::Chance]
    }
    fn prunes(&self, _: &Options) -> bool {
        false
    }
}

impl Family for Negamax {
    fn name(&self) -> &'static str {
        "negamax"
    }
    fn convention(&self) -> Convention {
        Convention::SideToMove
    }
    fn details(&self) -> &'static [Detail] {
        &[Detail::Bound, Detail::Scout]
    }
    fn scouts(&self, options: &Options) -> bool {
        options.algorithm == Algorithm::Pvs
    }
}

impl Family for Chance {
    fn name(&self) -> &'static str {
        "expectiminimax"
    }
    fn convention(&self) -> Convention {
        Convention::MaxSide
    }
    fn details(&self) -> &'static [Detail] {
        &[Detail::Bound, Detail::Chance]
    }
    fn needs_chance(&self) -> bool {
        true
    }
}

impl Family for Vectors {
    fn name(&self) -> &'static str {
        "max-n"
    }
    fn convention(&self) -> Convention {
        Convention::PayoffVector
    }
    fn details(&self) -> &'static [Detail] {
        &[Detail::Bound, Detail::Tie]
    }
    fn prunes(&self, _: &Options) -> bool {
        false
    }
}

impl Family for MonteCarlo {
    fn name(&self) -> &'static str {
        "Monte Carlo tree search"
    }
    fn convention(&self) -> Convention {
        Convention::IncomingMover
    }
    fn details(&self) -> &'static [Detail] {
        &[Detail::Mcts]
    }
    fn prunes(&self, _: &Options) -> bool {
        false
    }
}

impl Algorithm {
    /// The family the algorithm belongs to: the one place the algorithm is dispatched on
    /// outside the core; every view asks the family.
    pub fn family(self) -> &'static dyn Family {
        match self {
            Algorithm::AlphaBeta | Algorithm::Paranoid => &AlphaBeta,
            Algorithm::Minimax => &Minimax,
            Algorithm::Negamax | Algorithm::Pvs => &Negamax,
            Algorithm::Expectiminimax => &Chance,
            Algorithm::Maxn => &Vectors,
            Algorithm::Mcts => &MonteCarlo,
        }
    }
}

impl Options {
    /// The run's family (see `Algorithm::family`).
    pub fn family(&self) -> &'static dyn Family {
        self.algorithm.family()
    }

    /// These options with search `a` instead, as the tutor's `a` key switches: the paranoid
    /// model needs its root player (the one it had, else `root_seat`, the root's mover), and
    /// only a family that settles ties keeps the tie rule.
    pub fn switched(self, a: Algorithm, root_seat: Option<crate::game::Seat>) -> Options {
        Options {
            algorithm: a,
            paranoid_for: match a {
                Algorithm::Paranoid => self.paranoid_for.or(root_seat),
                _ => None,
            },
            ties: if a.family().carries(Detail::Tie) {
                self.ties
            } else {
                Ties::First
            },
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What each algorithm's family says, as the seeds define the searches: seed 000's and
    /// paranoid's values are MAX's and prune; plain minimax never prunes; seed 002's negamax
    /// and PVS count from the side to move and only PVS scouts; expectiminimax is about chance
    /// nodes; max-n's values are payoff vectors with no window, and it never prunes.
    #[test]
    fn every_algorithm_has_the_family_the_seeds_describe() {
        use Convention::*;
        let cases = [
            (Algorithm::AlphaBeta, MaxSide, true, false, false),
            (Algorithm::Paranoid, MaxSide, true, false, false),
            (Algorithm::Minimax, MaxSide, false, false, false),
            (Algorithm::Negamax, SideToMove, true, false, false),
            (Algorithm::Pvs, SideToMove, true, true, false),
            (Algorithm::Expectiminimax, MaxSide, true, false, true),
            (Algorithm::Maxn, PayoffVector, false, false, false),
            (Algorithm::Mcts, IncomingMover, false, false, false),
        ];
        for (algorithm, convention, prunes, scouts, chance) in cases {
            let options = Options {
                algorithm,
                ..Options::default()
            };
            let f = options.family();
            assert_eq!(f.convention(), convention, "{algorithm:?}");
            assert_eq!(f.prunes(&options), prunes, "{algorithm:?}");
            assert_eq!(f.prunes(&options), algorithm.prunes(), "{algorithm:?}");
            assert_eq!(f.scouts(&options), scouts, "{algorithm:?}");
            assert_eq!(f.needs_chance(), chance, "{algorithm:?}");
            let windows = matches!(convention, MaxSide | SideToMove);
            assert_eq!(f.has_window(), windows, "{algorithm:?}");
            // Monte Carlo tree search has no calls: none of alpha-beta's detail, only its own.
            let mc = convention == IncomingMover;
            assert_eq!(f.carries(Detail::Bound), !mc, "{algorithm:?}");
            assert_eq!(f.carries(Detail::Mcts), mc, "{algorithm:?}");
            assert_eq!(f.samples(), mc, "{algorithm:?}");
            assert_eq!(f.carries(Detail::Scout), convention == SideToMove);
            assert_eq!(f.carries(Detail::Tie), convention == PayoffVector);
        }
    }
}
