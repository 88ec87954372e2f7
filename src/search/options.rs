//! What a run is asked to do: the algorithm, its options, and the limits every run obeys.

use serde::{Deserialize, Serialize};

use super::mcts::config::MctsOptions;
use crate::game::{Limits, Seat, Side};
use crate::value::{CutRule, INF, Units};

pub const MAX_DEPTH: u8 = 12;
pub const MAX_QLIMIT: u8 = 6;
pub const MAX_BUDGET: u64 = 1_000_000;
/// "No move": terminal reads, stand-pat returns and aborted passes.
pub const NO_MOVE: i16 = -1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Algorithm {
    #[serde(rename = "alphabeta")]
    AlphaBeta,
    /// Same recursion, full window everywhere: no cutoffs, no table returns.
    #[serde(rename = "minimax")]
    Minimax,
    /// Seed 002's negamax: one maximising function, scores from the side to move, fail-soft.
    #[serde(rename = "negamax")]
    Negamax,
    /// Negamax with principal variation search: later moves get a null window first.
    #[serde(rename = "pvs")]
    Pvs,
    /// Seed 004's MAX/MIN/chance search: alpha-beta at the choice nodes, the exact
    /// probability-weighted average at a chance node (cutting there only with
    /// `chance_pruning`). Expectimax is the same on a tree without MIN nodes.
    #[serde(rename = "expectiminimax")]
    Expectiminimax,
    /// Seed 004's max-n for a game of several players: each mover backs up the whole payoff
    /// vector of the child best for its own entry, ties settled by `Options::ties`. No
    /// windows, no table, no ordering: cutoffs rely on opposed interests.
    #[serde(rename = "maxn")]
    Maxn,
    /// Seed 004's paranoid model: the game of several players reduced to `paranoid_for`
    /// (MAX) against a coalition of every other seat (MIN), searched by seed 000's alpha-beta
    /// with that player's payoff as the score.
    #[serde(rename = "paranoid")]
    Paranoid,
    /// Seed 004's Monte Carlo tree search with UCB1 (UCT): iterations of selection,
    /// expansion, playout and back-propagation over a tree of its own (`Options::mcts`).
    #[serde(rename = "mcts")]
    Mcts,
}

impl Algorithm {
    pub const ALL: [Algorithm; 5] = [
        Algorithm::AlphaBeta,
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::Pvs,
        Algorithm::Expectiminimax,
    ];

    /// The name `--algorithm` and lesson files use.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::Pvs => "pvs",
            Algorithm::Expectiminimax => "expectiminimax",
            Algorithm::Maxn => "maxn",
            Algorithm::Paranoid => "paranoid",
            Algorithm::Mcts => "mcts",
        }
    }

    /// The next one in `ALL`, for the tutor's algorithm key.
    pub fn next(self) -> Algorithm {
        let at = Self::ALL.iter().position(|&a| a == self).unwrap_or(0);
        Self::ALL[(at + 1) % Self::ALL.len()]
    }

    /// What a run is compared with by default: minimax for alpha-beta, alpha-beta for the
    /// others (seed 002's searches against seed 000's).
    pub fn partner(self) -> Algorithm {
        match self {
            Algorithm::AlphaBeta | Algorithm::Expectiminimax => Algorithm::Minimax,
            Algorithm::Minimax | Algorithm::Negamax | Algorithm::Pvs => Algorithm::AlphaBeta,
            // Both models of a game of several players: each is the other's comparison.
            Algorithm::Maxn => Algorithm::Paranoid,
            Algorithm::Paranoid => Algorithm::Maxn,
            // Seed 004 §6.3: alpha-beta's value and move beside MCTS's visit counts.
            Algorithm::Mcts => Algorithm::AlphaBeta,
        }
    }

    /// The algorithm for people: "alpha-beta", "negamax", …
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "alpha-beta",
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::Pvs => "principal variation search",
            Algorithm::Expectiminimax => "expectiminimax",
            Algorithm::Maxn => "max-n",
            Algorithm::Paranoid => "paranoid alpha-beta",
            Algorithm::Mcts => "Monte Carlo tree search",
        }
    }

    /// The algorithm as a problem's settings line names it for people, with "fail-soft"
    /// where a search returns values past its window's edges as they are.
    pub fn settings_title(self) -> &'static str {
        match self {
            Algorithm::AlphaBeta => "fail-soft alpha-beta",
            Algorithm::Minimax => "plain minimax",
            Algorithm::Negamax => "fail-soft negamax",
            Algorithm::Pvs => "fail-soft principal variation search",
            Algorithm::Expectiminimax | Algorithm::Maxn | Algorithm::Paranoid => self.title(),
            Algorithm::Mcts => "Monte Carlo tree search with UCB1",
        }
    }

    /// Whether scores and windows are from the side to move (negamax) rather than MAX's.
    pub fn side_to_move(self) -> bool {
        matches!(self, Algorithm::Negamax | Algorithm::Pvs)
    }

    /// Whether windows narrow and close (everything but plain minimax).
    pub fn prunes(self) -> bool {
        !matches!(self, Algorithm::Minimax | Algorithm::Maxn | Algorithm::Mcts)
    }

    /// Whether the search is about chance nodes (expectiminimax): offered only on a game that
    /// has them.
    pub fn is_about_chance(self) -> bool {
        self.family().needs_chance()
    }

    /// Whether the run's values are terminal ids standing for payoff vectors (max-n).
    pub fn vectors(self) -> bool {
        self == Algorithm::Maxn
    }
}

/// How max-n settles a tie: two children whose vectors give the mover the same payoff.
/// Seed 004: "a prediction needs a tie-breaking rule"; the rule is part of the run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ties {
    /// The child searched first keeps the choice.
    #[default]
    First,
    /// Among tied children, the smaller payoff of this player (then the first searched).
    Min(Seat),
    /// Among tied children, the larger payoff of this player (then the first searched).
    Max(Seat),
}

impl Ties {
    /// Whether a child whose vector is `new` replaces the frame's best `best`, given that
    /// both give the mover the same payoff.
    pub fn prefers(self, new: &[i32], best: &[i32]) -> bool {
        match self {
            Ties::First => false,
            Ties::Min(seat) => new[seat.index()] < best[seat.index()],
            Ties::Max(seat) => new[seat.index()] > best[seat.index()],
        }
    }

    /// Reads `first`, `min:A` or `max:A`, with A one of `players`.
    pub fn parse(text: &str, players: &[String]) -> Result<Ties, String> {
        let text = text.trim();
        if text == "first" {
            return Ok(Ties::First);
        }
        let bad = || {
            format!(
                "tie rule '{}' is not first, min:PLAYER or max:PLAYER",
                crate::text::cut(text)
            )
        };
        let (how, name) = text.split_once(':').ok_or_else(bad)?;
        let seat = seat_named(name.trim(), players)?;
        match how.trim() {
            "min" => Ok(Ties::Min(seat)),
            "max" => Ok(Ties::Max(seat)),
            _ => Err(bad()),
        }
    }

    /// `first`, `min:A`, `max:A` with the players' names.
    pub fn text(self, players: &[String]) -> String {
        let name = |s: Seat| {
            players
                .get(s.index())
                .cloned()
                .unwrap_or_else(|| s.index().to_string())
        };
        match self {
            Ties::First => "first".into(),
            Ties::Min(s) => format!("min:{}", name(s)),
            Ties::Max(s) => format!("max:{}", name(s)),
        }
    }

    fn is_first(&self) -> bool {
        *self == Ties::First
    }
}

/// The seat of the player called `name`, or an error naming the players there are.
pub fn seat_named(name: &str, players: &[String]) -> Result<Seat, String> {
    if players.is_empty() {
        return Err(format!(
            "player '{}' names a player, but this graph has no \"players\" (MAX against MIN)",
            crate::text::cut(name)
        ));
    }
    players
        .iter()
        .position(|p| p == name)
        .and_then(Seat::new)
        .ok_or_else(|| {
            format!(
                "'{}' is not one of the graph's players ({})",
                crate::text::cut(name),
                players.join(", ")
            )
        })
}

/// Seed 002's aspiration windows: from depth `from` on, each pass first searches
/// [centre − δ, centre + δ] around the previous completed pass's score (or `guess` before
/// one has completed); a miss widens the side it failed on by δ, δ doubles, and both ends
/// are clamped to ±INF, so the loop ends at the latest with the full window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aspiration {
    pub delta: i32,
    pub from: u8,
    pub guess: i32,
}

impl Aspiration {
    /// Seed 002 starts the windows at depth 4.
    pub const FROM: u8 = 4;
}

/// A named misconception: a deliberately wrong variant of the search, run on the same core
/// beside the right one, so that a lesson can show the wrong result it produces and the
/// practice grader can name the mistake behind a wrong answer. Never the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pitfall {
    /// Negamax children searched with (−α, −β) instead of (−β, −α).
    WrongWindow,
    /// Negamax children searched with the frame's own (α, β), not negated at all.
    WindowNotNegated,
    /// A frame cuts only when α > β where the run's rule cuts at α ≥ β.
    CutStrict,
    /// A frame cuts already at α ≥ β where the run's rule waits for α > β.
    CutLoose,
    /// A call returns its value clamped into its window (fail-hard) instead of as it is.
    FailHard,
    /// Every child is searched with its parent's original window, never the improved α or β.
    AlphaNotPassed,
    /// MAX and MIN swapped below the root: every node under it plays for the other side.
    SidesSwapped,
    /// Every pass searches one ply deeper than its depth.
    DepthPlusOne,
    /// Every pass searches one ply shallower than its depth.
    DepthMinusOne,
    /// Every frame tries its children in reverse order (leaves read right to left).
    RightToLeft,
    /// The table stores every entry as EXACT, whatever the value proved.
    BoundStoredExact,
    /// A probe uses a LOWER or UPPER entry as if it were exact.
    BoundProbeExact,
    /// Monte Carlo back-propagation counts a win for the player to move at the node instead
    /// of the player who moved into it.
    RewardReversed,
}

impl Pitfall {
    /// Every variant, in the order the CLI lists them.
    pub const ALL: [Pitfall; 13] = [
        Pitfall::WrongWindow,
        Pitfall::WindowNotNegated,
        Pitfall::CutStrict,
        Pitfall::CutLoose,
        Pitfall::FailHard,
        Pitfall::AlphaNotPassed,
        Pitfall::SidesSwapped,
        Pitfall::DepthPlusOne,
        Pitfall::DepthMinusOne,
        Pitfall::RightToLeft,
        Pitfall::BoundStoredExact,
        Pitfall::BoundProbeExact,
        Pitfall::RewardReversed,
    ];

    /// The name `--pitfall` and lesson files use.
    pub fn name(self) -> &'static str {
        match self {
            Pitfall::WrongWindow => "wrong-window",
            Pitfall::WindowNotNegated => "window-not-negated",
            Pitfall::CutStrict => "cut-strict",
            Pitfall::CutLoose => "cut-loose",
            Pitfall::FailHard => "fail-hard",
            Pitfall::AlphaNotPassed => "alpha-not-passed",
            Pitfall::SidesSwapped => "sides-swapped",
            Pitfall::DepthPlusOne => "depth-plus-one",
            Pitfall::DepthMinusOne => "depth-minus-one",
            Pitfall::RightToLeft => "right-to-left",
            Pitfall::BoundStoredExact => "bound-stored-exact",
            Pitfall::BoundProbeExact => "bound-probe-exact",
            Pitfall::RewardReversed => "reward-reversed",
        }
    }

    /// The variant called `name`, if there is one.
    pub fn named(name: &str) -> Option<Pitfall> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }

    /// One sentence for people: what the variant does wrong.
    pub fn describes(self) -> &'static str {
        match self {
            Pitfall::WrongWindow => {
                "Negamax children are searched with (−α, −β) instead of (−β, −α)."
            }
            Pitfall::WindowNotNegated => {
                "Negamax children are searched with the parent's own (α, β), not negated and swapped."
            }
            Pitfall::CutStrict => "A node cuts only when α > β, not already when α = β.",
            Pitfall::CutLoose => "A node cuts already when α = β, not only when α > β.",
            Pitfall::FailHard => {
                "A call returns its value clamped into its window instead of as it is."
            }
            Pitfall::AlphaNotPassed => {
                "Each child is searched with its parent's original window, not the improved α and β."
            }
            Pitfall::SidesSwapped => "MAX and MIN are swapped at every node below the root.",
            Pitfall::DepthPlusOne => "Each pass searches one ply deeper than its depth.",
            Pitfall::DepthMinusOne => "Each pass searches one ply shallower than its depth.",
            Pitfall::RightToLeft => "Each node tries its children last to first.",
            Pitfall::BoundStoredExact => {
                "The table stores every value as EXACT, even one that is only a bound."
            }
            Pitfall::BoundProbeExact => {
                "A probe answers from a LOWER or UPPER entry as if it were exact."
            }
            Pitfall::RewardReversed => {
                "Back-propagation counts wins for the player to move at a node, not the player who moved into it."
            }
        }
    }

    /// Why this variant cannot be a variant of the run `opts` asks for, if it cannot: one
    /// line, as `validate` reports it.
    pub fn refuses(self, opts: &Options) -> Option<String> {
        let name = self.name();
        let algorithm = opts.algorithm;
        let alg = algorithm.name();
        let needs = |what: &str| {
            Some(format!(
                "the {name} pitfall is a variant of {what}, not {alg}"
            ))
        };
        let by_depth = !matches!(algorithm, Algorithm::Mcts);
        let windows = algorithm.prunes();
        match self {
            Pitfall::RewardReversed if algorithm != Algorithm::Mcts => needs("mcts"),
            Pitfall::RewardReversed => None,
            _ if !by_depth => needs("a search by depth"),
            Pitfall::WrongWindow | Pitfall::WindowNotNegated if !algorithm.side_to_move() => {
                needs("negamax or pvs")
            }
            Pitfall::CutStrict
            | Pitfall::CutLoose
            | Pitfall::FailHard
            | Pitfall::AlphaNotPassed
                if !windows =>
            {
                needs("a search with windows (alphabeta, negamax, pvs, expectiminimax, paranoid)")
            }
            Pitfall::CutStrict if opts.cut == CutRule::Strict => Some(format!(
                "the {name} pitfall cuts on α > β where the run cuts on α ≥ β; this run already cuts on α > β: use cut-loose"
            )),
            Pitfall::CutLoose if opts.cut == CutRule::AtLeast => Some(format!(
                "the {name} pitfall cuts on α ≥ β where the run cuts on α > β; this run already cuts on α ≥ β: use cut-strict"
            )),
            Pitfall::SidesSwapped if algorithm == Algorithm::Maxn => {
                needs("a search of MAX against MIN")
            }
            Pitfall::BoundStoredExact | Pitfall::BoundProbeExact if !opts.keeps_table() => {
                Some(format!(
                    "the {name} pitfall is a variant of the table, and this run keeps none: leave out --tt off"
                ))
            }
            Pitfall::RightToLeft if opts.ordering => Some(format!(
                "the {name} pitfall reverses the tree's order, and --ordering replaces that order: leave out --ordering"
            )),
            Pitfall::DepthPlusOne if opts.depth >= MAX_DEPTH => Some(format!(
                "the {name} pitfall searches depth {}, past the deepest ({MAX_DEPTH})",
                opts.depth as u16 + 1
            )),
            Pitfall::DepthMinusOne if opts.depth < 2 => Some(format!(
                "the {name} pitfall searches one ply less than depth {}, which leaves nothing to search",
                opts.depth
            )),
            _ => None,
        }
    }
}

/// Everything a run can be asked to do. Defaults follow `prune run`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub algorithm: Algorithm,
    pub depth: u8,
    pub qlimit: u8,
    pub budget: u64,
    pub table: bool,
    pub ordering: bool,
    /// Iterative deepening 1..=depth (seed 000), or only the final depth (textbook traces).
    pub deepening: bool,
    pub cut: CutRule,
    /// The root window (α, β), from MAX's side for every search (negamax negates it at a
    /// root of MIN's, whose own window it then is).
    pub window: (i32, i32),
    /// Aspiration windows (seed 002), off unless asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aspiration: Option<Aspiration>,
    /// A deliberately wrong variant, for the pitfall lessons.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pitfall: Option<Pitfall>,
    /// Seed 004's chance-node pruning with these bounds on every utility (as written, not
    /// scaled): after each outcome the node's value is known to lie in an interval, and the
    /// node cuts when that interval lies outside its window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chance_pruning: Option<(i32, i32)>,
    /// Seed 004's comparison: every chance node searched as a MIN node instead.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chance_as_min: bool,
    /// Seed 004's leaf maps: every score of the graph transformed (`x^3`, `10x+5`) before
    /// the search, to see which decisions a transformation keeps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaf_map: Option<crate::game::leaf_map::LeafMap>,
    /// Max-n's tie rule (seed 004).
    #[serde(default, skip_serializing_if = "Ties::is_first")]
    pub ties: Ties,
    /// The paranoid model's root player: MAX against every other seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paranoid_for: Option<Seat>,
    /// Monte Carlo tree search's iterations, C, seed and playout policy.
    #[serde(default, skip_serializing_if = "MctsOptions::is_default")]
    pub mcts: MctsOptions,
    /// A solver's search to the end of the game instead of the driver's passes by depth
    /// (`search::solver`): negamax with the refinements these options choose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver: Option<super::solver::SolveOptions>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            algorithm: Algorithm::AlphaBeta,
            depth: 1,
            qlimit: 0,
            budget: MAX_BUDGET,
            table: true,
            ordering: false,
            deepening: true,
            cut: CutRule::AtLeast,
            window: (-INF, INF),
            aspiration: None,
            pitfall: None,
            chance_pruning: None,
            chance_as_min: false,
            leaf_map: None,
            ties: Ties::First,
            paranoid_for: None,
            mcts: MctsOptions::default(),
            solver: None,
        }
    }
}

impl Options {
    /// The side a run from `start` searches `state` for, given the game's `side`: the game's,
    /// or the other one below the start under the sides-swapped misconception. The search's
    /// own hook (`Hooks::swapped`) swaps below the root, which is this rule on a game whose
    /// start never recurs below itself (every game prune plays).
    pub fn plays(&self, side: Side, state: u32, start: u32) -> Side {
        if self.pitfall == Some(Pitfall::SidesSwapped) && state != start {
            side.other()
        } else {
            side
        }
    }

    /// Whether the run searches a game of several players as its paranoid reduction: the
    /// root player (`paranoid_for`) as MAX against every other seat as MIN.
    pub fn reduces_to_two_sides(&self) -> bool {
        self.algorithm == Algorithm::Paranoid
    }

    /// Whether the run keeps a table: it is on, and the algorithm prunes (plain minimax never
    /// stores or probes). What a view says about the table follows this, as the core does.
    pub fn keeps_table(&self) -> bool {
        self.table && self.algorithm.prunes()
    }

    /// The null window that asks "is the value above α?": (α, α+1) when α ≥ β closes a
    /// window (seed 000), and (α, α) under CS188's α > β, where a window with α = β is still
    /// open and cuts exactly on values above α.
    pub fn null_window(&self, alpha: i32) -> (i32, i32) {
        match self.cut {
            CutRule::AtLeast => (alpha, alpha.saturating_add(1).min(INF)),
            CutRule::Strict => (alpha, alpha),
        }
    }

    /// The run-parameter half of seed 000's input contract (an explicit graph's limits).
    pub fn validate(&self) -> Result<(), String> {
        self.validate_for(&Limits::SEED_000)
    }

    /// The run parameters against what a game accepts.
    pub fn validate_for(&self, limits: &Limits) -> Result<(), String> {
        if !(1..=limits.max_depth).contains(&self.depth) {
            return Err(format!(
                "depth {} is outside 1..={}",
                self.depth, limits.max_depth
            ));
        }
        if limits.max_qlimit == 0 && self.qlimit > 0 {
            return Err(format!("--qlimit does not apply: {}", limits.no_quiescence));
        }
        if self.qlimit > limits.max_qlimit {
            return Err(format!(
                "q limit {} is outside 0..={}",
                self.qlimit, limits.max_qlimit
            ));
        }
        if !(1..=limits.max_budget).contains(&self.budget) {
            return Err(format!(
                "budget {} is outside 1..={}",
                self.budget, limits.max_budget
            ));
        }
        let (lo, hi) = self.window;
        if lo < -INF || hi > INF || lo >= hi {
            return Err(format!(
                "window ({}, {}) must satisfy -inf <= alpha < beta <= inf",
                Units::integers().fmt(lo),
                Units::integers().fmt(hi)
            ));
        }
        self.validate_seed_002()?;
        if let Some(why) = self.pitfall.and_then(|p| p.refuses(self)) {
            return Err(why);
        }
        self.validate_seed_004(limits)?;
        self.validate_mcts()?;
        self.validate_solver()?;
        self.validate_players(limits)
    }

    /// What a game of several players allows: max-n or the paranoid reduction, and nothing
    /// built on two opposed players (windows, ordering by MAX's score, quiescence).
    fn validate_players(&self, limits: &Limits) -> Result<(), String> {
        let name = self.algorithm.name();
        let several = limits.players > 0;
        match self.algorithm {
            Algorithm::Maxn | Algorithm::Paranoid if !several => {
                return Err(format!(
                    "{name} is for a game of several players (a graph with \"players\"); this one is MAX against MIN: use alphabeta"
                ));
            }
            Algorithm::Maxn | Algorithm::Paranoid => {}
            _ if several => {
                return Err(format!(
                    "this graph has {} players, whose scores are payoff vectors, which {name} has no rule for: use --algorithm maxn or --algorithm paranoid --for PLAYER",
                    limits.players
                ));
            }
            _ => {}
        }
        if self.ties != Ties::First && self.algorithm != Algorithm::Maxn {
            return Err(format!(
                "--ties settles max-n's ties; {name} has none to settle"
            ));
        }
        match (self.algorithm, self.paranoid_for) {
            (Algorithm::Paranoid, None) => {
                return Err("paranoid needs the root player: give --for PLAYER".into());
            }
            (Algorithm::Paranoid, Some(seat)) if seat.index() >= limits.players as usize => {
                return Err(format!(
                    "--for names player {} of {}",
                    seat.index(),
                    limits.players
                ));
            }
            (Algorithm::Paranoid, Some(_)) | (_, None) => {}
            (_, Some(_)) => {
                return Err(format!(
                    "--for chooses the paranoid model's root player; {name} does not use one"
                ));
            }
        }
        if self.algorithm == Algorithm::Maxn {
            if self.ordering {
                return Err("max-n searches children in their order: leave out --ordering".into());
            }
            if self.qlimit > 0 {
                return Err("max-n has no quiescence: leave out --qlimit".into());
            }
            if self.aspiration.is_some() || self.window != (-INF, INF) {
                return Err("max-n has no windows: leave out --window and --aspiration".into());
            }
        }
        Ok(())
    }

    /// What chance nodes allow: the MAX/MIN searches of seed 000 with their average, not
    /// negamax (a chance node has no side to negate for) or quiescence.
    fn validate_seed_004(&self, limits: &Limits) -> Result<(), String> {
        let name = self.algorithm.name();
        let chance = limits.chance && !self.chance_as_min;
        if self.chance_as_min && !limits.chance {
            return Err(
                "--chance-as min applies to a graph with CHANCE nodes; this one has none".into(),
            );
        }
        if chance {
            if self.algorithm == Algorithm::AlphaBeta {
                return Err("this graph has CHANCE nodes, which alphabeta has no rule for: use --algorithm expectiminimax (or minimax, which prunes nowhere)".into());
            }
            if self.algorithm.side_to_move() {
                return Err(format!(
                    "{name} negates values between two players, and a CHANCE node belongs to neither: use --algorithm expectiminimax"
                ));
            }
            if self.qlimit > 0 {
                return Err("quiescence does not follow CHANCE nodes: leave out --qlimit".into());
            }
            // A chance graph's values count fractions of a unit; a window or an aspiration
            // written in whole scores would be read in the wrong units.
            if self.window != (-INF, INF) || self.aspiration.is_some() {
                return Err("a graph with CHANCE nodes is searched with the full root window: leave out --window and --aspiration".into());
            }
        }
        if let Some((lo, hi)) = self.chance_pruning {
            if !chance {
                return Err(
                    "--chance-pruning applies to a graph with CHANCE nodes searched as such".into(),
                );
            }
            if !self.algorithm.prunes() {
                return Err(
                    "--chance-pruning cuts against a window: use expectiminimax, not minimax"
                        .into(),
                );
            }
            if lo >= hi {
                return Err(format!(
                    "utility bounds [{lo}, {hi}] need the low end below the high end"
                ));
            }
        }
        Ok(())
    }

    /// Monte Carlo tree search's own settings, and none of the settings of a search by depth.
    fn validate_mcts(&self) -> Result<(), String> {
        if self.algorithm != Algorithm::Mcts {
            return if self.mcts.is_default() {
                Ok(())
            } else {
                Err(format!(
                    "--iterations, --c, --seed, --playout and --reward are Monte Carlo settings (a preset's \"iterations\", \"c\", \"seed\", \"playout\" and \"reward\"); {} does not use them: choose mcts (--algorithm mcts, or \"algorithm\": \"mcts\" in a preset)",
                    self.algorithm.name()
                ))
            };
        }
        self.mcts.validate()?;
        if self.qlimit > 0 || self.aspiration.is_some() || self.window != (-INF, INF) {
            return Err(
                "mcts plays every playout to the end of the game: leave out --qlimit, --window and --aspiration (a preset's \"qlimit\", \"window\" and \"aspiration\")"
                    .into(),
            );
        }
        Ok(())
    }

    /// A solver is a negamax to the end of the game: scores from the side to move, no
    /// horizon, no driver of its own.
    fn validate_solver(&self) -> Result<(), String> {
        if self.solver.is_none() {
            return Ok(());
        }
        if self.algorithm != Algorithm::Negamax {
            return Err(format!(
                "a solver's stage is a negamax search to the end of the game, not {}",
                self.algorithm.name()
            ));
        }
        if self.qlimit > 0 || self.aspiration.is_some() || self.pitfall.is_some() {
            return Err(
                "a solver's stage has no quiescence, aspiration windows or pitfalls: leave them out"
                    .into(),
            );
        }
        if self.window != (-INF, INF) {
            return Err(
                "a solver's stage chooses its root window itself: leave out --window".into(),
            );
        }
        Ok(())
    }

    /// The combinations seed 002's options can and cannot make.
    fn validate_seed_002(&self) -> Result<(), String> {
        if let Some(a) = self.aspiration {
            if self.algorithm == Algorithm::Minimax {
                return Err(
                    "--aspiration needs a search with windows (alphabeta, negamax or pvs), not minimax"
                        .into(),
                );
            }
            if self.window != (-INF, INF) {
                return Err(
                    "--aspiration chooses the root windows itself: leave out --window".into(),
                );
            }
            if a.delta < 1 || a.delta >= INF {
                return Err(format!(
                    "aspiration delta {} is outside 1..{}",
                    a.delta,
                    Units::integers().fmt(INF)
                ));
            }
            if a.from < 1 {
                return Err("--aspiration-from must be at least 1".into());
            }
            if a.from > self.depth {
                return Err(format!(
                    "aspiration windows start at depth {}, but the run searches only to depth {}: lower --aspiration-from",
                    a.from, self.depth
                ));
            }
            if a.guess <= -INF || a.guess >= INF {
                return Err(format!(
                    "aspiration guess {} must lie strictly between -inf and inf",
                    a.guess
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant has the agreed name, serde writes that name, `named` reads it back, and
    /// each says in one sentence what it does wrong.
    #[test]
    fn every_pitfall_has_its_agreed_name() {
        let names = Pitfall::ALL.map(Pitfall::name);
        assert_eq!(
            names,
            [
                "wrong-window",
                "window-not-negated",
                "cut-strict",
                "cut-loose",
                "fail-hard",
                "alpha-not-passed",
                "sides-swapped",
                "depth-plus-one",
                "depth-minus-one",
                "right-to-left",
                "bound-stored-exact",
                "bound-probe-exact",
                "reward-reversed",
            ]
        );
        for p in Pitfall::ALL {
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(json, format!("\"{}\"", p.name()));
            assert_eq!(Pitfall::named(p.name()), Some(p));
            let d = p.describes();
            assert!(d.ends_with('.') && d.matches(". ").count() == 0, "{d}");
        }
        assert_eq!(Pitfall::named("wrong window"), None);
    }
}
