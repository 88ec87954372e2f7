//! Every command-line type of `prune`: the clap parser, its subcommands and options, and the
//! value enums that map onto the domain's own types. Nothing outside `cli` depends on clap.

use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::diff::PassChoice;
use crate::error::Result;
use crate::export::{Format, Passes};
use crate::game::Side;
use crate::lesson::{ChanceAs, Overrides, parse_bound};
use crate::practice::{self, Kind, Params, Problem};
use crate::search::{Algorithm, Aspiration, CutRule, Pitfall};
use crate::value::Spelling;

/// A value echoed in a parser's message: cut, and escaped. clap drops escape sequences and
/// control characters from the messages it renders, so they are escaped here to stay visible.
fn cut(text: &str) -> String {
    crate::text::one_line(&crate::text::cut(text)).into_owned()
}

#[derive(Parser, Debug)]
#[command(
    name = "prune",
    version,
    about = "A terminal tutor for game-tree search: minimax and alpha-beta, call by call",
    long_about = "prune runs seed 000's search (iterative deepening, alpha-beta, a bound-aware \
transposition table, move ordering, bounded quiescence and a node budget) on lesson graphs and \
shows every step. FILE is a lesson or graph JSON file, or the name of a built-in lesson \
(see `prune lessons`)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Search a lesson or graph and print the result, counters and pass history.
    Run {
        #[command(flatten)]
        run: RunArgs,
        /// Print one JSON object instead of the three text lines.
        #[arg(long)]
        json: bool,
    },
    /// Print the eight fixture runs of seed 000 from the built-in lessons.
    Fixtures,
    /// Print one row per admitted call, in admission order.
    Trace {
        #[command(flatten)]
        run: RunArgs,
        /// table: aligned for people; tsv: for scripts; jsonl: every event; json: the saved trace.
        #[arg(long, value_enum, default_value_t = TraceFormat::Table)]
        format: TraceFormat,
        /// Write to this file instead of stdout (replaced only once complete: a failed write
        /// leaves the old file as it was).
        #[arg(long, value_name = "PATH")]
        out: Option<PathBuf>,
    },
    /// Count what a run does: calls, leaves, terminal positions by outcome, distinct
    /// positions and calls per ply (from the search itself, never recorded).
    Count {
        #[command(flatten)]
        run: RunArgs,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Uniform trees with random or distinct leaves: run K trees (seeds S, S+1, …) and
        /// report the mean of calls and leaves, their 95 % intervals and the effective
        /// branching factor.
        #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=100_000))]
        seeds: Option<u32>,
        /// Connect Four: solve with the solver tutorial's stage N (its part 3 to 12: 3
        /// negamax, 4 alpha-beta, 5 centre first, 6 bitboard, 7 table, 8 null windows, 9
        /// anticipation, 10 threat order, 11 compact table, 12 lower bounds) [default: 12
        /// with --positions].
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(3..=12))]
        stage: Option<u8>,
        /// Connect Four: solve every position of FILE, one `MOVES [SCORE]` a line, and
        /// check each score given.
        #[arg(long, value_name = "FILE")]
        positions: Option<String>,
    },
    /// Measure calls (Monte Carlo: iterations) per second with and without recording, and
    /// bytes per event.
    Bench {
        #[command(flatten)]
        run: RunArgs,
        /// Repetitions per measurement; the median is reported.
        #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        runs: u32,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List the built-in lessons and their run presets; or check a lesson (or course) file.
    Lessons {
        /// Check FILE before a class sees it: every preset runs, every fact is what its run
        /// makes, every note's step exists, every size fact, practice item and demo holds; each
        /// problem named with its line (exit code 1 when one is found). A course file: its
        /// chapters, objectives and checks, and every lesson it names.
        #[arg(long, value_name = "FILE")]
        check: Option<PathBuf>,
    },
    /// The course: chapters in order, their objectives, the lessons that teach them and the
    /// checks that show them learnt, with your marks from the progress file and the next step.
    Course {
        /// Another course file (an instructor's order for a class) instead of the built-in one.
        file: Option<PathBuf>,
    },
    /// Open the stepping tutor on a lesson or graph file.
    Open {
        #[command(flatten)]
        run: RunArgs,
        /// Start in presenter mode (large boxes and indicator, high contrast; F toggles it).
        #[arg(long)]
        present: bool,
        /// Predict mode: before each step that decides something, ask for a prediction,
        /// then show the step and grade it. WHAT is `all` (the default), `cutoffs`, or kinds
        /// joined by commas: window, probe, return, flag, cut, research, interval, and for
        /// Monte Carlo runs select, counts (Q cycles).
        #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "all", value_name = "WHAT")]
        predict: Option<String>,
        /// With --predict: after each answer whose step has a "why?" chain, pick the chain
        /// that explains it, the run's own or one of a named misconception's run.
        #[arg(long, requires = "predict")]
        why: bool,
    },
    /// Practice problems: solve them in the terminal, or export and grade sets.
    Practice(PracticeArgs),
    /// Write the searched tree as Graphviz DOT, a Markdown trace, JSON lines or an s-expression.
    Export(ExportArgs),
    /// Turn an s-expression tree such as (((3)(12)(8))((2)(4)(6))) into a lesson file.
    Import(ImportArgs),
    /// Compare two runs node by node: the nodes only one searched, the cutoffs that moved,
    /// the results that changed, and the counter deltas. The runs are two presets of FILE
    /// (`--run A --run B`), or FILE's preset with two sets of run options (`--a "depth=2"
    /// --b "depth=3 ordering=on"`), or two saved traces (`--trace A.json --trace B.json`).
    Diff(DiffArgs),
    /// How big a game tree is, exactly: b^d, the whole tree, Knuth and Moore's minimum,
    /// Pearl's ratio for random ordering, iterative deepening's cost, time at a rate; the plies
    /// of several-player rounds; the rolls of dice. Formulas only: `prune count` measures runs.
    Size(SizeArgs),
    /// Chart leaves or calls against depth on uniform trees, on a log scale: minimax and
    /// alpha-beta with the worst, random and best leaf order, measured by runs, beside b^d,
    /// Knuth and Moore's minimum and Pearl's R_b^d.
    Chart(ChartArgs),
    /// Check your own engine: compare the events it printed (JSON lines: enter, probe, window,
    /// cutoff, store, return) with prune's run of a lesson, and name the first call where they
    /// part, with the misconception that explains it where one does.
    Check(CheckArgs),
    /// Simulate the algorithm: carry out alpha-beta (or minimax) yourself on a new random
    /// tree, step by step (the node to visit, the window it gets, the cutoff, the value a call
    /// returns), each step graded against prune's run of the same tree.
    Simulate(SimulateArgs),
    /// Play Connect Four against prune in the terminal: prune answers with the solver
    /// tutorial's strongest stage, and after any of its moves `t` opens the tutor on the
    /// search that chose it.
    Play(PlayArgs),
    /// Print a shell completion script.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

#[derive(Args, Debug, Clone)]
pub struct ChartArgs {
    /// What to count: leaves read (terminal positions) or calls made.
    #[arg(value_enum)]
    pub measure: ChartMeasure,
    /// Moves at every position (b).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=64))]
    pub branching: u32,
    /// The depths: LO..HI (such as 1..10), or D for 1..D; from 1 to 30.
    #[arg(long)]
    pub depth: String,
    /// Random-leaf trees per depth (seeds S, S+1, …); their mean and its 95 % interval are
    /// drawn.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub seeds: u32,
    /// The first seed S of the random-leaf trees (as `prune count --seed S --seeds K`).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// text: a chart for the terminal; csv: the numbers; svg: a picture for a slide.
    #[arg(long, value_enum, default_value_t = ChartFormat::Text)]
    pub format: ChartFormat,
    /// Columns of the text chart.
    #[arg(long, default_value_t = 80, value_parser = clap::value_parser!(u16).range(40..=400))]
    pub width: u16,
    /// Rows of the text chart, legend included.
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u16).range(16..=200))]
    pub height: u16,
    /// Write the chart to FILE (replaced only once it is whole) instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ChartMeasure {
    Leaves,
    Calls,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ChartFormat {
    Text,
    Csv,
    Svg,
}

#[derive(Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("what").multiple(true).required(true)
    .args(["branching", "players", "turns", "dice"])))]
pub struct SizeArgs {
    /// Moves at every position (b).
    #[arg(long, requires = "depth", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub branching: Option<u32>,
    /// Plies to the leaves (d); the root is at depth 0.
    #[arg(long, requires = "branching", value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub depth: Option<u32>,
    /// Positions read per second, for the time the full tree would take.
    #[arg(long, requires = "branching", value_parser = clap::value_parser!(u64).range(1..))]
    pub rate: Option<u64>,
    /// Players taking one ply each per round, in turn.
    #[arg(long, conflicts_with = "turns", requires = "rounds", value_parser = clap::value_parser!(u32).range(1..=1_000))]
    pub players: Option<u32>,
    /// One round's turn order, such as MAX,MIN,MIN (one ply per entry).
    #[arg(long, requires = "rounds", value_delimiter = ',')]
    pub turns: Option<Vec<String>>,
    /// Rounds played (with --players or --turns).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub rounds: Option<u32>,
    /// Dice rolled at a chance node, as NdM (2d6: two six-sided dice).
    #[arg(long)]
    pub dice: Option<String>,
    /// With --dice: player actions after each roll, to count chance paths.
    #[arg(long, requires = "dice", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub actions: Option<u32>,
    /// With --dice: stages of a roll followed by an action (default 1).
    #[arg(long, requires = "dice", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub stages: Option<u32>,
    /// Print one JSON object instead of text; every count is an exact decimal string.
    #[arg(long)]
    pub json: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    Table,
    Tsv,
    Jsonl,
    /// The whole recorded run as one JSON document (a saved trace every command can read).
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Switch {
    On,
    Off,
}

/// `--cut` takes the rule by its name for scripts, and `--help` says what each means, both
/// as the rule spells itself.
impl ValueEnum for CutRule {
    fn value_variants<'a>() -> &'a [Self] {
        &CutRule::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.spelled(Spelling::Name)).help(self.spelled(Spelling::Help)))
    }
}

/// `--algorithm` takes a search by the name lesson files use (`Algorithm::name`).
impl ValueEnum for Algorithm {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            Algorithm::AlphaBeta,
            Algorithm::Minimax,
            Algorithm::Negamax,
            Algorithm::Pvs,
            Algorithm::Expectiminimax,
            Algorithm::Maxn,
            Algorithm::Paranoid,
            Algorithm::Mcts,
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        // What `--help` says of each: the command line's own words (naming, not a branch).
        let help = match self {
            Algorithm::AlphaBeta => "Seed 000's MAX/MIN alpha-beta, scores from MAX's side",
            Algorithm::Minimax => "No pruning, for comparison",
            Algorithm::Negamax => "Seed 002's fail-soft negamax: scores from the side to move",
            Algorithm::Pvs => "Negamax with principal variation search (null windows, re-searches)",
            Algorithm::Expectiminimax => {
                "MAX, MIN and chance nodes (seed 004): the default on a graph with chance nodes"
            }
            Algorithm::Maxn => {
                "Payoff vectors for several players (seed 004): the default on a graph with \"players\""
            }
            Algorithm::Paranoid => {
                "Several players reduced to one (--for) against the rest, then alpha-beta (seed 004)"
            }
            Algorithm::Mcts => {
                "Monte Carlo tree search with UCB1 (seed 004): --iterations, --c, --seed, --playout"
            }
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

/// `--pitfall` takes a wrong variant by the name lesson files use (`Pitfall::name`).
impl ValueEnum for Pitfall {
    fn value_variants<'a>() -> &'a [Self] {
        &Pitfall::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.describes()))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    /// Tic-tac-toe from --board (default: the empty board).
    Tictactoe,
    /// A uniform tree of --branching B and --depth D with --leaves best|worst|random.
    Uniform,
    /// Connect Four from --position (the columns played, 1-based) on a --size board
    /// (default 7x6).
    Connect4,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScoresArg {
    /// +1 / 0 / -1 from X's side.
    Plain,
    /// A win d plies ahead is 100 - d, a loss -100 + d: faster wins score higher.
    Depth,
    /// Seed 002's mate scores: a win p plies ahead is 31000 - p, a loss -31000 + p.
    Mate,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LeavesArg {
    /// Every first child strictly best for the mover (the minimal tree).
    Best,
    /// Every later child strictly better for the mover (nothing is ever cut).
    Worst,
    /// Seeded random leaf values in -99..=99.
    Random,
    /// Every leaf a different value, in a seeded random order (at most 2^20 leaves).
    Distinct,
}

/// The run options every command accepts.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// A lesson or graph JSON file, or a built-in lesson name (or --game instead).
    #[arg(value_name = "FILE", required_unless_present = "game")]
    pub file: Option<String>,
    /// Play a game instead of FILE: tictactoe, uniform or connect4.
    #[arg(long, value_enum, conflicts_with = "file")]
    pub game: Option<GameArg>,
    /// Tic-tac-toe: the position, 9 squares row-major of X, O and . (spaces and / ignored),
    /// e.g. "X O X / . O . / . . ." [default: the empty board].
    #[arg(long, value_name = "BOARD", allow_hyphen_values = true)]
    pub board: Option<String>,
    /// Connect Four: the position, as the columns played from the empty board, 1-based
    /// (e.g. 4453) [default: the empty board].
    #[arg(long, value_name = "MOVES")]
    pub position: Option<String>,
    /// Connect Four: the board's width and height, e.g. 4x4, 5x4, 6x5 [default: 7x6].
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u8, u8)>,
    /// Tic-tac-toe: how finished games score [default: plain].
    #[arg(long, value_enum)]
    pub scores: Option<ScoresArg>,
    /// Uniform tree: moves per inner node, 1..=64.
    #[arg(long, value_name = "B")]
    pub branching: Option<u64>,
    /// Uniform tree: how leaves are valued.
    #[arg(long, value_enum)]
    pub leaves: Option<LeavesArg>,
    /// Uniform tree: the seed of random leaves [default: 0]; Monte Carlo tree search: the
    /// seed of its draws [default: 1].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// A run preset of the lesson (default: its first preset).
    #[arg(long, value_name = "NAME")]
    pub run: Option<String>,
    /// Start node [default: 0].
    #[arg(long, value_name = "S")]
    pub start: Option<u32>,
    /// Maximum depth: 1..=12 on a graph, 1..=9 for tic-tac-toe; a uniform tree's depth
    /// (1..=40), searched to its leaves (required unless a preset sets it).
    #[arg(long, value_name = "D")]
    pub depth: Option<u8>,
    /// Quiescence plies after the horizon, 0..=6 [default: 0].
    #[arg(long, value_name = "Q", value_parser = clap::value_parser!(u8).range(0..=6))]
    pub qlimit: Option<u8>,
    /// Global budget of admitted calls: 1..=1000000 on a graph, up to 10^7 for tic-tac-toe
    /// and 10^10 on a uniform tree [default: the game's most].
    #[arg(long, value_name = "N")]
    pub budget: Option<u64>,
    /// Transposition table [default: on].
    #[arg(long, value_enum, value_name = "on|off")]
    pub tt: Option<Switch>,
    /// Move ordering by hint and child score [default: off].
    #[arg(long, value_enum, value_name = "on|off")]
    pub ordering: Option<Switch>,
    /// Iterative deepening 1..D; off searches only depth D [default: on].
    #[arg(long, value_enum, value_name = "on|off")]
    pub id: Option<Switch>,
    /// Cut rule [default: ge].
    #[arg(long, value_enum)]
    pub cut: Option<CutRule>,
    /// Root window, e.g. `--window=-inf,inf` or `--window 2,5` [default: -inf,inf].
    #[arg(long, value_name = "LO,HI", allow_hyphen_values = true, value_parser = parse_window)]
    pub window: Option<(i32, i32)>,
    /// The search [default: alphabeta].
    #[arg(long, value_enum)]
    pub algorithm: Option<Algorithm>,
    /// Aspiration windows of half-width DELTA around the previous pass's score (seed 002).
    #[arg(long, value_name = "DELTA", allow_hyphen_values = true)]
    pub aspiration: Option<i32>,
    /// The first depth searched with an aspiration window [default: 4].
    #[arg(long, value_name = "D", requires = "aspiration")]
    pub aspiration_from: Option<u8>,
    /// The aspiration centre before any pass has completed [default: 0].
    #[arg(
        long,
        value_name = "S",
        requires = "aspiration",
        allow_hyphen_values = true
    )]
    pub guess: Option<i32>,
    /// Run a deliberately wrong variant (seed 002's pitfalls), to see what it gets wrong.
    #[arg(long, value_enum)]
    pub pitfall: Option<Pitfall>,
    /// Cut at chance nodes once their value's interval leaves the window (seed 004); needs
    /// --bounds or the graph's "utility_range".
    #[arg(long, value_enum, value_name = "on|off")]
    pub chance_pruning: Option<Switch>,
    /// Bounds on every utility for chance pruning, e.g. `--bounds 0,10`.
    #[arg(long, value_name = "LO,HI", allow_hyphen_values = true, value_parser = parse_bounds)]
    pub bounds: Option<(i32, i32)>,
    /// Transform every score before searching, `x^3`, `x^2` or any `ax+b` (seed 004); the
    /// run says whether the map keeps minimax and expected-utility decisions.
    #[arg(long, value_name = "MAP", allow_hyphen_values = true, value_parser = crate::game::leaf_map::LeafMap::parse)]
    pub leaf_map: Option<crate::game::leaf_map::LeafMap>,
    /// Search chance nodes as MIN nodes instead (seed 004's comparison of models).
    #[arg(long, value_enum, value_name = "min|chance")]
    pub chance_as: Option<ChanceAs>,
    /// Max-n's tie rule: first (the first searched), min:A or max:A (prefer the smaller or
    /// larger payoff of player A) [default: first].
    #[arg(long, value_name = "first|min:A|max:A")]
    pub ties: Option<String>,
    /// The paranoid model's root player: MAX against every other player.
    #[arg(long = "for", value_name = "PLAYER")]
    pub paranoid_for: Option<String>,
    /// Monte Carlo tree search: how many iterations, 1..=10000000 [default: 1000].
    #[arg(long, value_name = "N")]
    pub iterations: Option<u32>,
    /// Monte Carlo tree search: the exploration constant C of UCB1, a number at least 0 or
    /// sqrt2 [default: sqrt2].
    #[arg(long = "c", value_name = "C", value_parser = parse_real, allow_hyphen_values = true)]
    pub c: Option<crate::search::mcts::Real>,
    /// Monte Carlo tree search: how a playout moves: random, first (always the first move)
    /// or scripted (a preset's stated results) [default: random].
    #[arg(long, value_name = "POLICY", value_parser = parse_playout)]
    pub playout: Option<crate::search::mcts::Playout>,
    /// Monte Carlo tree search: a finished game's score as MAX's reward: outcome (above 0 a
    /// win, 0 a draw, below 0 a loss) or score (the score itself, every one in [0, 1])
    /// [default: outcome].
    #[arg(long, value_name = "outcome|score", value_parser = parse_reward)]
    pub reward: Option<crate::search::mcts::Reward>,
}

fn parse_size(text: &str) -> std::result::Result<(u8, u8), String> {
    let bad = || {
        format!(
            "'{}' is not a board size WxH such as 7x6",
            crate::text::cut(text)
        )
    };
    let (w, h) = text.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
    Ok((
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    ))
}

fn parse_reward(text: &str) -> std::result::Result<crate::search::mcts::Reward, String> {
    crate::search::mcts::Reward::parse(text)
}

fn parse_real(text: &str) -> std::result::Result<crate::search::mcts::Real, String> {
    crate::search::mcts::parse_c(text).map(crate::search::mcts::Real)
}

fn parse_playout(text: &str) -> std::result::Result<crate::search::mcts::Playout, String> {
    crate::search::mcts::Playout::parse(text)
}

/// `--chance-as` takes a model by the name lesson files use (`ChanceAs::name`).
impl ValueEnum for ChanceAs {
    fn value_variants<'a>() -> &'a [Self] {
        &[ChanceAs::Min, ChanceAs::Chance]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.about()))
    }
}

fn parse_bounds(text: &str) -> std::result::Result<(i32, i32), String> {
    let bad = || {
        format!(
            "'{}' is not a pair of bounds; write LO,HI with integers such as 0,10",
            cut(text)
        )
    };
    let (lo, hi) = text.split_once(',').ok_or_else(bad)?;
    let (lo, hi): (i32, i32) = (
        lo.trim().parse().map_err(|_| bad())?,
        hi.trim().parse().map_err(|_| bad())?,
    );
    if lo >= hi {
        return Err(format!("the bounds need LO < HI, got {}", cut(text)));
    }
    Ok((lo, hi))
}

fn parse_window(text: &str) -> std::result::Result<(i32, i32), String> {
    let (lo, hi) = text.split_once(',').ok_or_else(|| {
        format!(
            "'{}' is not a window; write LO,HI such as -inf,inf or 2,5",
            cut(text)
        )
    })?;
    let bound = |t: &str| parse_bound(t).map_err(|e| crate::text::one_line(&e).into_owned());
    let (lo, hi) = (bound(lo)?, bound(hi)?);
    if lo >= hi {
        return Err(format!("the window needs LO < HI, got {}", cut(text)));
    }
    Ok((lo, hi))
}

impl RunArgs {
    pub fn overrides(&self) -> Overrides {
        let on = |s: Option<Switch>| s.map(|s| s == Switch::On);
        // Every field written out: a setting added to presets must be given a flag here.
        Overrides {
            name: String::new(),
            about: String::new(),
            start: self.start,
            depth: self.depth,
            qlimit: self.qlimit,
            budget: self.budget,
            table: on(self.tt),
            ordering: on(self.ordering),
            deepening: on(self.id),
            cut: self.cut,
            window: self.window,
            algorithm: self.algorithm,
            aspiration: self.aspiration.map(|delta| Aspiration {
                delta,
                from: self.aspiration_from.unwrap_or(Aspiration::FROM),
                guess: self.guess.unwrap_or(0),
            }),
            pitfall: self.pitfall,
            chance_pruning: on(self.chance_pruning),
            bounds: self.bounds,
            leaf_map: self.leaf_map,
            chance_as: self.chance_as,
            ties: self.ties.clone(),
            paranoid_for: self.paranoid_for.clone(),
            iterations: self.iterations,
            c: self.c,
            seed: self.seed,
            playout: self.playout,
            reward: self.reward,
            // A stated Monte Carlo tree is a preset's alone.
            given: Vec::new(),
            script: Vec::new(),
            stage: None,
        }
    }
}

/// `prune diff …`
#[derive(Args, Debug, Clone)]
pub struct DiffArgs {
    /// A lesson or graph JSON file, or a built-in lesson name.
    #[arg(
        value_name = "FILE",
        required_unless_present = "trace",
        conflicts_with = "trace"
    )]
    pub file: Option<String>,
    /// A run preset of FILE: once for both runs, or twice (run A, then run B)
    /// [default: the lesson's first preset].
    #[arg(long, value_name = "NAME")]
    pub run: Vec<String>,
    /// Run A's options, the run flags as key=value words: "depth=3 ordering=on cut=gt"
    /// (also tt, id, qlimit, budget, window, algorithm, start, run).
    #[arg(long = "a", value_name = "OPTIONS", allow_hyphen_values = true)]
    pub a: Option<String>,
    /// Run B's options, as for --a.
    #[arg(long = "b", value_name = "OPTIONS", allow_hyphen_values = true)]
    pub b: Option<String>,
    /// A saved trace (`prune trace --format json`), given twice: run A, then run B.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["run", "a", "b"])]
    pub trace: Vec<PathBuf>,
    /// Which pass of each run: final (its last completed pass), last (its last pass begun,
    /// interrupted or not), or a depth D both runs searched.
    #[arg(long, value_name = "final|last|D", default_value = "final", value_parser = parse_pass)]
    pub pass: PassChoice,
    /// Print the diff as one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

fn parse_pass(text: &str) -> std::result::Result<PassChoice, String> {
    PassChoice::parse(text)
}

/// One run of `prune diff`: FILE and the run flags, parsed from `--a` / `--b`.
#[derive(Parser, Debug)]
#[command(no_binary_name = true)]
pub struct DiffSide {
    #[command(flatten)]
    pub run: RunArgs,
}

/// `prune export …`
#[derive(Args, Debug, Clone)]
pub struct ExportArgs {
    #[command(flatten)]
    pub run: RunArgs,
    /// What to write.
    #[arg(long, value_enum, default_value_t = FormatArg::Dot)]
    pub format: FormatArg,
    /// For dot: draw the last completed pass, or every pass in its own box.
    #[arg(long, value_enum, default_value_t = PassesArg::Last)]
    pub passes: PassesArg,
    /// Write to this file instead of stdout (replaced only once complete: a failed write
    /// leaves the old file as it was).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
}

/// `prune check …`
#[derive(Args, Debug, Clone)]
pub struct CheckArgs {
    /// The JSON-lines file your engine printed (the schema is in the README).
    #[arg(
        value_name = "FILE",
        required_unless_present_any = ["print", "watch"],
        conflicts_with_all = ["print", "watch"]
    )]
    pub file: Option<PathBuf>,
    /// The lesson (a built-in name or a lesson file) whose run FILE is compared with.
    #[arg(
        long,
        value_name = "LESSON",
        required_unless_present_any = ["print", "game"],
        conflicts_with_all = ["print", "game"]
    )]
    pub against: Option<String>,
    /// The lesson's run preset [default: its first].
    #[arg(long, value_name = "NAME")]
    pub run: Option<String>,
    /// Print prune's own run of LESSON in the schema instead of checking a file.
    #[arg(long, value_name = "LESSON")]
    pub print: Option<String>,
    /// Open the tutor on the run, at prune's step where FILE parts from it.
    #[arg(long, conflicts_with_all = ["print", "watch"])]
    pub open: bool,
    /// The root window your engine searches with, e.g. `--window=-1,1` [default: the one
    /// your file's first enter gives, else the run's].
    #[arg(long, value_name = "LO,HI", allow_hyphen_values = true, value_parser = parse_window)]
    pub window: Option<(i32, i32)>,
    /// The exit code follows the line-by-line verdict (the file is prune's run), not the
    /// soundness one.
    #[arg(long, conflicts_with = "print")]
    pub strict: bool,
    /// How the verdicts are written: for people, as one JSON object, or as an autograder's
    /// results file.
    #[arg(long, value_enum, default_value = "text", conflicts_with_all = ["print", "watch"])]
    pub format: CheckFormat,
    /// The scale of your scores, when it is not prune's: `depth` (a win p plies after your
    /// root scores W - p, W = 100, or `depth:W`) or an order-preserving `ax+b` with a > 0
    /// (`100x+0`: each of your scores is 100 times prune's).
    #[arg(long, value_name = "MAP", allow_hyphen_values = true, value_parser = parse_scores)]
    pub scores: Option<crate::check::scores::Scores>,
    /// Check against a game instead of a lesson: connect4 (from --position, on a --size
    /// board), searched to the end of the game.
    #[arg(long, value_enum, conflicts_with = "print")]
    pub game: Option<GameArg>,
    /// Connect Four: the position your engine searches from, the columns played from the
    /// empty board, 1-based (e.g. 4453) [default: the empty board].
    #[arg(long, value_name = "MOVES", requires = "game")]
    pub position: Option<String>,
    /// Connect Four: the board's width and height, e.g. 4x4, 5x4 [default: 7x6].
    #[arg(long, value_name = "WxH", value_parser = parse_size, requires = "game", conflicts_with_all = ["width", "height"])]
    pub size: Option<(u8, u8)>,
    /// Connect Four: the board's width (with --height; the same as --size WxH).
    #[arg(long, value_name = "W", requires_all = ["game", "height"])]
    pub width: Option<u8>,
    /// Connect Four: the board's height (with --width).
    #[arg(long, value_name = "H", requires_all = ["game", "width"])]
    pub height: Option<u8>,
    /// Connect Four: the search your engine runs, alphabeta (scores from the first
    /// player's side) or negamax (from the side to move) [default: alphabeta].
    #[arg(long, value_enum, requires = "game")]
    pub algorithm: Option<Algorithm>,
    /// Run CMD (through sh) on every save of the files it names, and check what it prints
    /// on standard output; only the first failure is shown each time. Ctrl-C ends it.
    #[arg(long, value_name = "CMD", conflicts_with = "print")]
    pub watch: Option<String>,
    /// With --watch: stop after N runs of CMD (for scripts and tests) [default: until Ctrl-C].
    #[arg(long, value_name = "N", requires = "watch", value_parser = clap::value_parser!(u32).range(1..))]
    pub watch_runs: Option<u32>,
}

fn parse_scores(text: &str) -> std::result::Result<crate::check::scores::Scores, String> {
    crate::check::scores::Scores::parse(text)
}

/// `--format` of `prune check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    /// Both verdicts in sentences.
    Text,
    /// One JSON object: the verdicts, the first unsound line, the first divergence, the
    /// misconception named and the conventions read.
    Json,
    /// An autograder's `results.json`: one test for the promises kept and one per kind
    /// compared (calls, windows, values, stores, root move), with partial credit for the
    /// share of the run's lines that agree before the first difference.
    Gradescope,
}

/// `--format` of `prune export`: an `export::Format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// Graphviz DOT of the searched tree (render with `dot -Tpng`).
    Dot,
    /// The call-trace table in Markdown (the columns of `prune trace --format tsv`).
    Md,
    /// Every event as one JSON object per line (as `prune trace --format jsonl`).
    Jsonl,
    /// The game tree below the start node to the run's depth, as an s-expression.
    Sexp,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Dot => Format::Dot,
            FormatArg::Md => Format::Md,
            FormatArg::Jsonl => Format::Jsonl,
            FormatArg::Sexp => Format::Sexp,
        }
    }
}

/// `--passes` of `prune export`: an `export::Passes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PassesArg {
    /// The last completed pass (the last pass when none completed).
    Last,
    /// Every pass, each in its own box (cluster).
    All,
}

impl From<PassesArg> for Passes {
    fn from(p: PassesArg) -> Passes {
        match p {
            PassesArg::Last => Passes::Last,
            PassesArg::All => Passes::All,
        }
    }
}

/// `prune import …`
#[derive(Args, Debug, Clone)]
pub struct ImportArgs {
    /// A file holding one s-expression tree such as (((3)(12)(8))((2)(4)(6))), or - for stdin.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// The lesson's title [default: "Imported tree from FILE"].
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// Write the lesson file here instead of to stdout (replaced only once complete: a failed
    /// write leaves the old file as it was).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
}

/// `prune play …`
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// The game to play.
    #[arg(value_enum)]
    pub game: PlayGame,
    /// The board's width and height, e.g. 4x4, 5x4, 6x5 [default: 7x6].
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u8, u8)>,
    /// Start from this position: the columns played from the empty board, 1-based.
    #[arg(long, value_name = "MOVES")]
    pub position: Option<String>,
    /// Prune plays the first move (from the empty board: prune is X).
    #[arg(long)]
    pub prune_first: bool,
    /// The most positions one of prune's searches explores: a position too big to solve
    /// within it is searched as many moves ahead as fit, and the screen says so.
    #[arg(long, value_name = "N", default_value_t = 1_000_000,
          value_parser = clap::value_parser!(u64).range(1_000..=10_000_000_000))]
    pub cap: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlayGame {
    /// Connect Four.
    Connect4,
}

/// `prune simulate …`
#[derive(Args, Debug, Clone)]
pub struct SimulateArgs {
    /// The tree's seed, shown on screen: the same seed, branching and depth give the same
    /// tree [default: from the clock, a new tree each time].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Moves at every inner node (2..=6).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=6))]
    pub branching: u8,
    /// Plies from the root to the leaves (1..=5; the tree has at most 52 nodes).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=5))]
    pub depth: u8,
    /// The search you carry out.
    #[arg(long = "algorithm", value_enum, default_value_t = SimulateAlgorithm::Alphabeta)]
    pub method: SimulateAlgorithm,
    /// When you learn whether a step was right: after each step, or at the end.
    #[arg(long, value_enum, default_value_t = SimulateFeedback::Step)]
    pub feedback: SimulateFeedback,
    /// A worked example, faded: prune carries out the search and you fill in one kind of
    /// step, moving on after three right in a row (windows, cuts, returns, then all;
    /// minimax: returns, then all) [default stage: the algorithm's first].
    #[arg(long, value_enum, value_name = "STAGE", num_args = 0..=1)]
    pub fade: Option<Option<SimulateFade>>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimulateFade {
    Windows,
    Cuts,
    Returns,
    All,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimulateAlgorithm {
    Alphabeta,
    Minimax,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimulateFeedback {
    Step,
    End,
}

/// `prune practice …`
#[derive(Args, Debug, Clone)]
pub struct PracticeArgs {
    #[command(subcommand)]
    pub command: Option<PracticeCommand>,
}

#[derive(Subcommand, Debug, Clone)]
pub enum PracticeCommand {
    /// A line-based round in the terminal (the default).
    Quiz {
        #[command(flatten)]
        pick: Pick,
    },
    /// A full-screen round in the terminal: edit answers, see verdicts, a summary by kind.
    /// The same seed, count and kinds give the same problems as `export`.
    Tui {
        #[command(flatten)]
        pick: Pick,
    },
    /// Write a problem set (trees and questions, no answers) as JSON to stdout.
    Export {
        #[command(flatten)]
        pick: Pick,
        /// Write to this file instead of stdout (replaced only once complete: a failed write
        /// leaves the old file as it was).
        #[arg(long, value_name = "PATH")]
        out: Option<PathBuf>,
    },
    /// Grade answer files against a set. One file: per-item verdicts and a total. Several
    /// (`answers/*.json`): a total per student (the file's name), a summary per item and the
    /// item most students got wrong, with the node their answers were about. A file that
    /// cannot be read is named and the others are still graded; the exit code is then 1.
    Grade {
        /// A set written by `prune practice export`.
        set: PathBuf,
        /// JSON objects mapping item ids to answer lines, e.g. {"7-1": "3 A"}.
        #[arg(required = true, num_args = 1..)]
        answers: Vec<PathBuf>,
        /// One JSON object with every verdict instead of text.
        #[arg(long, conflicts_with = "csv")]
        json: bool,
        /// One CSV row per answer file (score, then 1 or 0 per item), for a spreadsheet.
        #[arg(long)]
        csv: bool,
    },
    /// Print the answer key of a set (for instructors), in the answer-file format.
    Key {
        /// A set written by `prune practice export`.
        set: PathBuf,
        /// Write to this file instead of stdout (replaced only once complete: a failed write
        /// leaves the old file as it was).
        #[arg(long, value_name = "PATH")]
        out: Option<PathBuf>,
    },
    /// Print a set's problems as text (trees, questions, settings), e.g. for a worksheet.
    Show {
        /// A set written by `prune practice export`.
        set: PathBuf,
    },
    /// Print the call trace of one item's run; verdicts cite its `step` column.
    Trace {
        /// A set written by `prune practice export`.
        set: PathBuf,
        /// The item's id, as in the set and in verdicts.
        id: String,
        /// Which of the item's runs, by name or position (default: the main one; quiescence
        /// items also have "with quiescence").
        #[arg(long)]
        run: Option<String>,
    },
    /// Show the saved progress.
    Progress,
}

#[derive(Args, Debug, Clone)]
pub struct Pick {
    /// Seed of the generated problems (the same seed gives the same set).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How many generated problems.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(0..=1000))]
    pub count: u64,
    /// Only these kinds, comma-separated [default: all].
    #[arg(long, value_enum, value_delimiter = ',')]
    pub kinds: Vec<Kind>,
    /// Also include the practice items of the built-in lessons.
    #[arg(long)]
    pub lessons: bool,
    /// Tree depth in plies, 1..=6 [default: drawn per problem].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
    pub depth: Option<u8>,
    /// Moves per inner node: N, or MIN,MAX (1..=6).
    #[arg(long, value_name = "MIN,MAX", value_parser = parse_branching)]
    pub branching: Option<(u8, u8)>,
    /// Score range of leaves, e.g. `--values=-9,9`.
    #[arg(long, value_name = "LO,HI", allow_hyphen_values = true, value_parser = parse_values)]
    pub values: Option<(i32, i32)>,
    /// Who moves at the root.
    #[arg(long, value_enum)]
    pub root: Option<RootArg>,
    /// Let some inner nodes end early as leaves.
    #[arg(long, value_enum, value_name = "on|off")]
    pub irregular: Option<Switch>,
    /// Let nodes share children (the table is on for such trees).
    #[arg(long, value_enum, value_name = "on|off")]
    pub transpositions: Option<Switch>,
    /// Largest tree, in outline lines (one per move plus the root), 2..=52 [default: 15].
    #[arg(long, value_parser = clap::value_parser!(u64).range(2..=52))]
    pub nodes: Option<u64>,
    /// Cut rule [default: ge, with gt drawn for about one problem in four].
    #[arg(long, value_enum)]
    pub cut: Option<CutRule>,
}

/// `--kinds` of `prune practice`: each kind by its name, with what it asks.
impl ValueEnum for Kind {
    fn value_variants<'a>() -> &'a [Self] {
        &Kind::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.about()))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RootArg {
    Max,
    Min,
}

fn parse_branching(text: &str) -> std::result::Result<(u8, u8), String> {
    let num = |t: &str| {
        t.trim()
            .parse::<u8>()
            .ok()
            .filter(|v| (1..=6).contains(v))
            .ok_or_else(|| format!("'{t}' is not a branching factor in 1..=6"))
    };
    match text.split_once(',') {
        Some((lo, hi)) => {
            let (lo, hi) = (num(lo)?, num(hi)?);
            if lo > hi {
                return Err(format!("branching {lo},{hi}: MIN must not exceed MAX"));
            }
            Ok((lo, hi))
        }
        None => num(text).map(|n| (n, n)),
    }
}

fn parse_values(text: &str) -> std::result::Result<(i32, i32), String> {
    let (lo, hi) = text
        .split_once(',')
        .ok_or_else(|| format!("'{}' is not a range; write LO,HI such as -9,9", cut(text)))?;
    let num = |t: &str| {
        t.trim()
            .parse::<i32>()
            .ok()
            .filter(|v| v.abs() <= 1000)
            .ok_or_else(|| format!("'{}' is not a score in -1000..=1000", cut(t)))
    };
    let (lo, hi) = (num(lo)?, num(hi)?);
    if lo > hi {
        return Err(format!("values {lo},{hi}: LO must not exceed HI"));
    }
    Ok((lo, hi))
}

impl Pick {
    pub fn params(&self) -> Params {
        let on = |s: Option<Switch>| s.map(|s| s == Switch::On);
        Params {
            depth: self.depth,
            branching: self.branching,
            values: self.values,
            root: self.root.map(|r| match r {
                RootArg::Max => Side::Max,
                RootArg::Min => Side::Min,
            }),
            irregular: on(self.irregular),
            transpositions: on(self.transpositions),
            max_nodes: self.nodes.map(|n| n as usize),
            cut: self.cut,
        }
    }

    /// The problems these options pick (`practice::make_set_with`).
    pub fn problems(&self) -> Result<Vec<Problem>> {
        practice::make_set_with(
            self.seed,
            self.count as usize,
            &self.kinds,
            self.lessons,
            &self.params(),
        )
    }
}

#[cfg(test)]
mod tests {
    use clap::{Parser, ValueEnum};

    use super::{Cli, Command, PracticeCommand, RunArgs};
    use crate::game::leaf_map::LeafMap;
    use crate::lesson::{ChanceAs, Lesson};
    use crate::practice::Kind;
    use crate::rng::Rng;
    use crate::search::{Algorithm, Aspiration, CutRule, INF, MAX_BUDGET, Options, Pitfall, Ties};

    fn run_args(words: &[&str]) -> Result<RunArgs, String> {
        let argv = ["prune", "run"].iter().chain(words);
        match Cli::try_parse_from(argv).map_err(|e| e.to_string())? {
            Cli {
                command: Some(Command::Run { run, .. }),
            } => Ok(run),
            other => Err(format!("not a run: {other:?}")),
        }
    }

    #[test]
    fn every_cut_spelling_on_the_command_line_names_its_rule() {
        // The names scripts type, written out here rather than taken from the code.
        for (word, rule) in [("ge", CutRule::AtLeast), ("gt", CutRule::Strict)] {
            let args = run_args(&["000-worked-tree", "--cut", word]).unwrap();
            assert_eq!(args.cut, Some(rule), "--cut {word}");
            let (_, setup) = args.load().unwrap();
            assert_eq!(setup.options.cut, rule, "--cut {word}");
            // `prune diff --a "cut=…"` goes through the same flag.
            let side =
                super::DiffSide::try_parse_from(["000-worked-tree", &format!("--cut={word}")]);
            assert_eq!(side.unwrap().run.cut, Some(rule));
        }
        for bad in ["GT", "gte", ">=", "α≥β", ""] {
            let e = run_args(&["000-worked-tree", "--cut", bad]).unwrap_err();
            assert!(
                e.contains("[possible values: ge, gt]"),
                "--cut {bad:?}: {e}"
            );
        }
        assert_eq!(run_args(&["000-worked-tree"]).unwrap().cut, None);
    }

    #[test]
    fn every_cut_spelling_in_a_lesson_file_names_its_rule() {
        let lesson = |cut: &str| {
            Lesson::parse(
                "cut.json",
                &format!(
                    r#"{{"title": "t", "graph": {{"nodes": [
                        {{"player": "MAX", "moves": [{{"child": 1}}]}},
                        {{"player": "MIN", "score": 1}}]}},
                      "runs": [{{"name": "r", "depth": 1{cut}}}]}}"#
                ),
            )
        };
        for (text, rule) in [
            (r#", "cut": "ge""#, CutRule::AtLeast),
            (r#", "cut": "gt""#, CutRule::Strict),
            ("", CutRule::AtLeast),
        ] {
            let l = lesson(text).unwrap();
            let setup = l.setup(None, &Default::default()).unwrap();
            assert_eq!(setup.options.cut, rule, "{text}");
        }
        for bad in ["GT", "gte", ">", "AtLeast", "Strict"] {
            let e = lesson(&format!(r#", "cut": "{bad}""#))
                .unwrap_err()
                .to_string();
            assert!(
                e.contains(&format!("unknown variant `{bad}`, expected `ge` or `gt`")),
                "{e}"
            );
        }
    }

    #[test]
    fn every_problem_kind_is_accepted_by_its_file_name_and_only_that() {
        for kind in Kind::ALL {
            // The name a set file writes (serde's), the name --kinds takes.
            let name = serde_json::to_value(kind).unwrap();
            let name = name.as_str().unwrap();
            let cli = Cli::try_parse_from(["prune", "practice", "export", "--kinds", name]);
            let Some(Command::Practice(p)) = cli.unwrap().command else {
                panic!("not practice")
            };
            let Some(PracticeCommand::Export { pick, .. }) = p.command else {
                panic!("not export")
            };
            assert_eq!(pick.kinds, vec![kind], "--kinds {name}");
            let upper = name.to_uppercase();
            let e = Cli::try_parse_from(["prune", "practice", "export", "--kinds", &upper]);
            assert!(e.is_err(), "--kinds {upper} is accepted");
        }
        assert_eq!(Kind::value_variants(), Kind::ALL);
    }

    /// `--algorithm`, `--pitfall` and `--chance-as` take each value by the name a lesson
    /// file gives it (serde's), and every value has one.
    #[test]
    fn run_flags_take_the_names_lesson_files_use() {
        fn file_name<T: serde::Serialize>(v: T) -> String {
            serde_json::to_value(v)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        }
        let names: Vec<String> = Algorithm::value_variants()
            .iter()
            .map(|&a| file_name(a))
            .collect();
        assert_eq!(
            names,
            [
                "alphabeta",
                "minimax",
                "negamax",
                "pvs",
                "expectiminimax",
                "maxn",
                "paranoid",
                "mcts"
            ]
        );
        for &a in Algorithm::value_variants() {
            let args = run_args(&["x.json", "--algorithm", &file_name(a)]).unwrap();
            assert_eq!(args.overrides().algorithm, Some(a));
        }
        for &p in Pitfall::value_variants() {
            let args = run_args(&["x.json", "--pitfall", &file_name(p)]).unwrap();
            assert_eq!(args.overrides().pitfall, Some(p));
        }
        assert_eq!(ChanceAs::value_variants().len(), 2);
        for &c in ChanceAs::value_variants() {
            let args = run_args(&["x.json", "--chance-as", &file_name(c)]).unwrap();
            assert_eq!(args.overrides().chance_as, Some(c));
        }
        assert!(run_args(&["x.json", "--algorithm", "AlphaBeta"]).is_err());
    }

    /// A value drawn from `rng`, or `None` about a third of the time.
    fn maybe<T>(rng: &mut Rng, draw: impl FnOnce(&mut Rng) -> T) -> Option<T> {
        (!rng.chance(1, 3)).then(|| draw(rng))
    }

    /// Run settings as a preset holds them, each possibly unset: what the test then writes
    /// into a lesson file and onto a command line.
    #[derive(Clone, Debug, Default)]
    struct Drawn {
        start: Option<u32>,
        depth: Option<u8>,
        qlimit: Option<u8>,
        budget: Option<u64>,
        table: Option<bool>,
        ordering: Option<bool>,
        deepening: Option<bool>,
        cut: Option<CutRule>,
        window: Option<(i32, i32)>,
        algorithm: Option<(&'static str, Algorithm)>,
        aspiration: Option<(i32, Option<u8>, Option<i32>)>,
        pitfall: bool,
        leaf_map: Option<&'static str>,
    }

    fn draw(rng: &mut Rng) -> Drawn {
        const ALGORITHMS: [(&str, Algorithm); 4] = [
            ("alphabeta", Algorithm::AlphaBeta),
            ("minimax", Algorithm::Minimax),
            ("negamax", Algorithm::Negamax),
            ("pvs", Algorithm::Pvs),
        ];
        Drawn {
            start: maybe(rng, |r| r.range(0, 1) as u32),
            depth: maybe(rng, |r| r.range(1, 6) as u8),
            qlimit: maybe(rng, |r| r.range(0, 3) as u8),
            budget: maybe(rng, |r| r.range(1, 500) as u64),
            table: maybe(rng, |r| r.chance(1, 2)),
            ordering: maybe(rng, |r| r.chance(1, 2)),
            deepening: maybe(rng, |r| r.chance(1, 2)),
            cut: maybe(rng, |r| *r.pick(&CutRule::ALL).unwrap()),
            window: maybe(rng, |r| {
                let lo = r.range(-20, 5) as i32;
                (lo, lo + r.range(1, 20) as i32)
            }),
            algorithm: maybe(rng, |r| *r.pick(&ALGORITHMS).unwrap()),
            aspiration: rng.chance(1, 4).then(|| {
                let delta = rng.range(1, 9) as i32;
                (
                    delta,
                    maybe(rng, |r| r.range(1, 3) as u8),
                    maybe(rng, |r| r.range(-5, 5) as i32),
                )
            }),
            pitfall: rng.chance(1, 6),
            leaf_map: maybe(rng, |r| *r.pick(&["2x+1", "x^3", "x"]).unwrap()),
        }
    }

    /// `d` as a preset's JSON fields, written by hand (the file format, not the code's).
    fn preset_json(d: &Drawn) -> String {
        let mut f = vec![r#""name": "p""#.to_string()];
        let on = |b: bool| if b { "true" } else { "false" };
        if let Some(v) = d.start {
            f.push(format!(r#""start": {v}"#));
        }
        if let Some(v) = d.depth {
            f.push(format!(r#""depth": {v}"#));
        }
        if let Some(v) = d.qlimit {
            f.push(format!(r#""qlimit": {v}"#));
        }
        if let Some(v) = d.budget {
            f.push(format!(r#""budget": {v}"#));
        }
        for (key, v) in [
            ("table", d.table),
            ("ordering", d.ordering),
            ("deepening", d.deepening),
        ] {
            if let Some(v) = v {
                f.push(format!(r#""{key}": {}"#, on(v)));
            }
        }
        if let Some(c) = d.cut {
            let name = if c == CutRule::AtLeast { "ge" } else { "gt" };
            f.push(format!(r#""cut": "{name}""#));
        }
        if let Some((lo, hi)) = d.window {
            f.push(format!(r#""window": [{lo}, {hi}]"#));
        }
        if let Some((name, _)) = d.algorithm {
            f.push(format!(r#""algorithm": "{name}""#));
        }
        if let Some((delta, from, guess)) = d.aspiration {
            let mut a = vec![format!(r#""delta": {delta}"#)];
            a.extend(from.map(|v| format!(r#""from": {v}"#)));
            a.extend(guess.map(|v| format!(r#""guess": {v}"#)));
            f.push(format!(r#""aspiration": {{{}}}"#, a.join(", ")));
        }
        if d.pitfall {
            f.push(r#""pitfall": "wrong-window""#.into());
        }
        if let Some(m) = d.leaf_map {
            f.push(format!(r#""leaf_map": "{m}""#));
        }
        format!("{{{}}}", f.join(", "))
    }

    /// `d` as `prune run` flags, written by hand (the documented flags).
    fn flags(d: &Drawn) -> Vec<String> {
        let mut w = Vec::new();
        let mut flag = |name: &str, v: String| {
            w.push(format!("--{name}"));
            w.push(v);
        };
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        if let Some(v) = d.start {
            flag("start", v.to_string());
        }
        if let Some(v) = d.depth {
            flag("depth", v.to_string());
        }
        if let Some(v) = d.qlimit {
            flag("qlimit", v.to_string());
        }
        if let Some(v) = d.budget {
            flag("budget", v.to_string());
        }
        if let Some(v) = d.table {
            flag("tt", on(v));
        }
        if let Some(v) = d.ordering {
            flag("ordering", on(v));
        }
        if let Some(v) = d.deepening {
            flag("id", on(v));
        }
        if let Some(c) = d.cut {
            flag(
                "cut",
                if c == CutRule::AtLeast { "ge" } else { "gt" }.into(),
            );
        }
        if let Some((lo, hi)) = d.window {
            flag("window", format!("{lo},{hi}"));
        }
        if let Some((name, _)) = d.algorithm {
            flag("algorithm", name.into());
        }
        if let Some((delta, from, guess)) = d.aspiration {
            flag("aspiration", delta.to_string());
            if let Some(v) = from {
                flag("aspiration-from", v.to_string());
            }
            if let Some(v) = guess {
                flag("guess", v.to_string());
            }
        }
        if d.pitfall {
            flag("pitfall", "wrong-window".into());
        }
        if let Some(m) = d.leaf_map {
            flag("leaf-map", m.into());
        }
        w
    }

    /// What a run resolves to: each setting from the command line, else from the preset,
    /// else `prune run`'s default on a two-player graph. Every field of `Options` is named,
    /// so a new one must be given its rule here.
    fn expected(cli: &Drawn, preset: &Drawn) -> (u32, Options) {
        let aspiration = cli.aspiration.or(preset.aspiration);
        let options = Options {
            algorithm: (cli.algorithm.or(preset.algorithm)).map_or(Algorithm::AlphaBeta, |a| a.1),
            depth: cli.depth.or(preset.depth).unwrap_or(0),
            qlimit: cli.qlimit.or(preset.qlimit).unwrap_or(0),
            budget: cli.budget.or(preset.budget).unwrap_or(MAX_BUDGET),
            table: cli.table.or(preset.table).unwrap_or(true),
            ordering: cli.ordering.or(preset.ordering).unwrap_or(false),
            deepening: cli.deepening.or(preset.deepening).unwrap_or(true),
            cut: cli.cut.or(preset.cut).unwrap_or(CutRule::AtLeast),
            window: cli.window.or(preset.window).unwrap_or((-INF, INF)),
            aspiration: aspiration.map(|(delta, from, guess)| Aspiration {
                delta,
                from: from.unwrap_or(4),
                guess: guess.unwrap_or(0),
            }),
            pitfall: (cli.pitfall || preset.pitfall).then_some(Pitfall::WrongWindow),
            // Monte Carlo settings are not drawn here (`tests/mcts_cli.rs` covers them).
            mcts: crate::search::mcts::MctsOptions::default(),
            chance_pruning: None,
            chance_as_min: false,
            leaf_map: cli
                .leaf_map
                .or(preset.leaf_map)
                .map(|m| LeafMap::parse(m).unwrap()),
            ties: Ties::First,
            paranoid_for: None,
            solver: None,
        };
        (cli.start.or(preset.start).unwrap_or(0), options)
    }

    #[test]
    fn a_preset_and_the_command_line_reach_the_options_field_by_field() {
        let mut rng = Rng::new(20);
        let (mut resolved, mut cases) = (0, 0);
        while cases < 400 {
            let (preset, mut cli) = (draw(&mut rng), draw(&mut rng));
            // A preset must set depth; the command line may leave it to the preset.
            let preset = Drawn {
                depth: Some(preset.depth.unwrap_or(2)),
                ..preset
            };
            if preset.aspiration.is_some() && cli.aspiration.is_none() {
                // --aspiration-from and --guess come only with --aspiration.
                cli.aspiration = None;
            }
            cases += 1;
            let file = format!(
                r#"{{"title": "t", "graph": {{"nodes": [
                    {{"player": "MAX", "moves": [{{"child": 2}}, {{"child": 3}}]}},
                    {{"player": "MAX", "moves": [{{"child": 2}}, {{"child": 3}}]}},
                    {{"player": "MIN", "score": 3}},
                    {{"player": "MIN", "score": -2}}]}},
                  "runs": [{}]}}"#,
                preset_json(&preset)
            );
            // A preset this graph cannot run is refused when the file is read; the test
            // then has nothing to compare.
            let Ok(lesson) = Lesson::parse("drawn.json", &file) else {
                continue;
            };
            let words = flags(&cli);
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let args = run_args(&[&["x.json"][..], &words].concat()).unwrap();
            let Ok(setup) = lesson.setup(None, &args.overrides()) else {
                continue;
            };
            resolved += 1;
            let (start, options) = expected(&cli, &preset);
            assert_eq!(setup.start, start, "{file}\n{words:?}");
            assert_eq!(setup.options, options, "{file}\n{words:?}");
        }
        assert!(resolved >= cases / 3, "only {resolved} of {cases} resolved");
    }
}
