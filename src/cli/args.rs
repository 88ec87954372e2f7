//! Every command-line type of `prune`: the clap parser, its subcommands and options, and the
//! value enums that map onto the domain's own types. Nothing outside `cli` depends on clap.

use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::diff::PassChoice;
use crate::error::Result;
use crate::export::{Format, Passes};
use crate::game::Side;
use crate::lesson::{Overrides, parse_bound};
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
    },
    /// Measure calls per second with and without recording, and bytes per event.
    Bench {
        #[command(flatten)]
        run: RunArgs,
        /// Repetitions per measurement; the median is reported.
        #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        runs: u32,
    },
    /// List the built-in lessons and their run presets.
    Lessons,
    /// Open the stepping tutor on a lesson or graph file.
    Open {
        #[command(flatten)]
        run: RunArgs,
        /// Start in presenter mode (large boxes and indicator, high contrast; F toggles it).
        #[arg(long)]
        present: bool,
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
    /// The depths: LO..HI (such as 1..10), or D for 1..D.
    #[arg(long)]
    pub depth: String,
    /// Random-leaf trees per depth; their mean and its 95 % interval are drawn.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub seeds: u32,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// Seed 000's MAX/MIN alpha-beta, scores from MAX's side.
    Alphabeta,
    /// No pruning, for comparison.
    Minimax,
    /// Seed 002's fail-soft negamax: scores from the side to move.
    Negamax,
    /// Negamax with principal variation search (null windows, re-searches).
    Pvs,
    /// MAX, MIN and chance nodes (seed 004): the default on a graph with chance nodes.
    Expectiminimax,
    /// Payoff vectors for several players (seed 004): the default on a graph with "players".
    Maxn,
    /// Several players reduced to one (--for) against the rest, then alpha-beta (seed 004).
    Paranoid,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PitfallArg {
    /// Children searched with (−α, −β) instead of (−β, −α).
    WrongWindow,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameArg {
    /// Tic-tac-toe from --board (default: the empty board).
    Tictactoe,
    /// A uniform tree of --branching B and --depth D with --leaves best|worst|random.
    Uniform,
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
    /// Play a game instead of FILE: tictactoe or uniform.
    #[arg(long, value_enum, conflicts_with = "file")]
    pub game: Option<GameArg>,
    /// Tic-tac-toe: the position, 9 squares row-major of X, O and . (spaces and / ignored),
    /// e.g. "X O X / . O . / . . ." [default: the empty board].
    #[arg(long, value_name = "BOARD", allow_hyphen_values = true)]
    pub board: Option<String>,
    /// Tic-tac-toe: how finished games score [default: plain].
    #[arg(long, value_enum)]
    pub scores: Option<ScoresArg>,
    /// Uniform tree: moves per inner node, 1..=64.
    #[arg(long, value_name = "B")]
    pub branching: Option<u64>,
    /// Uniform tree: how leaves are valued.
    #[arg(long, value_enum)]
    pub leaves: Option<LeavesArg>,
    /// Uniform tree: the seed of random leaves [default: 0].
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
    pub algorithm: Option<AlgorithmArg>,
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
    pub pitfall: Option<PitfallArg>,
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
    pub chance_as: Option<ChanceAsArg>,
    /// Max-n's tie rule: first (the first searched), min:A or max:A (prefer the smaller or
    /// larger payoff of player A) [default: first].
    #[arg(long, value_name = "first|min:A|max:A")]
    pub ties: Option<String>,
    /// The paranoid model's root player: MAX against every other player.
    #[arg(long = "for", value_name = "PLAYER")]
    pub paranoid_for: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ChanceAsArg {
    /// The smallest outcome: an opponent instead of chance.
    Min,
    /// The probability-weighted average (the default).
    Chance,
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
            algorithm: self.algorithm.map(|a| match a {
                AlgorithmArg::Alphabeta => Algorithm::AlphaBeta,
                AlgorithmArg::Minimax => Algorithm::Minimax,
                AlgorithmArg::Negamax => Algorithm::Negamax,
                AlgorithmArg::Pvs => Algorithm::Pvs,
                AlgorithmArg::Expectiminimax => Algorithm::Expectiminimax,
                AlgorithmArg::Maxn => Algorithm::Maxn,
                AlgorithmArg::Paranoid => Algorithm::Paranoid,
            }),
            aspiration: self.aspiration.map(|delta| Aspiration {
                delta,
                from: self.aspiration_from.unwrap_or(Aspiration::FROM),
                guess: self.guess.unwrap_or(0),
            }),
            pitfall: self.pitfall.map(|p| match p {
                PitfallArg::WrongWindow => Pitfall::WrongWindow,
            }),
            chance_pruning: on(self.chance_pruning),
            bounds: self.bounds,
            leaf_map: self.leaf_map,
            chance_as: self.chance_as.map(|c| match c {
                ChanceAsArg::Min => crate::lesson::ChanceAs::Min,
                ChanceAsArg::Chance => crate::lesson::ChanceAs::Chance,
            }),
            ties: self.ties.clone(),
            paranoid_for: self.paranoid_for.clone(),
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
