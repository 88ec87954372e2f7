//! Monte Carlo tree search, timed beside the published `mcts` crate (0.3): iterations per
//! second on tic-tac-toe from the empty board with uniformly random playouts, UCB1 with
//! C = √2, a win worth 1 and a draw ½ for the player who moved into a node, one thread.
//! prune runs through `search::run` with the no-op observer; the crate runs its
//! `MCTSManager` on the same game (prune's own `TicTacToe`: its moves, children and scores)
//! with the same playout loop and random generator.
//!
//! `cargo bench --bench mcts` prints, per round, both rates (the two searches alternate in
//! every round, so a busy machine slows both alike), then the medians and their ratio. Give
//! `-- --rounds R --iterations N` to change the defaults (9 rounds of 100,000 iterations).
//! Under `cargo test --benches` it runs one short round, to show that it still works.
//!
//! How the crate is set up so that it searches what prune searches:
//! - Rewards are half-wins for the mover (a win 2, a draw 1, a loss 0), as prune counts
//!   them. The crate's `UCTPolicy::new(k)` scores a child r/n + 2k·sqrt(ln(T + 1)/n), where
//!   T is the sum of the children's visits (the parent's visits but the one that created
//!   it); with half-wins r/n is twice the win rate, so k = √2 scores twice prune's
//!   U/(2N) + √2·sqrt(ln N(parent)/N): the same order, the same choice.
//! - A node is created the first time its move is chosen, and its evaluation (one playout
//!   from it, a finished game's own result) is taken then; a finished game reached again
//!   gives its stored result. That is prune's expansion, playout and known outcome.
//! - No transposition table (prune keeps a node per path), so the crate ignores cycles.
//! - The crate breaks a tie in UCB1 at random where prune takes the first child; a tie
//!   costs it one draw from its own generator. Its move list is a range of move indices
//!   (no allocation); its nodes are boxed one by one, its children in one vector per node,
//!   which is how the crate is built.

use std::f64::consts::SQRT_2;
use std::hint::black_box;
use std::ops::Range;
use std::time::Instant;

use mcts::tree_policy::UCTPolicy;
use mcts::{Evaluator, GameState, MCTS, MCTSManager, SearchHandle};
use prune::game::tictactoe::{Board, Scoring, TicTacToe};
use prune::game::{Game, Side};
use prune::observer::NoTrace;
use prune::rng::Rng;
use prune::search::mcts::{MctsOptions, outcome_of};
use prune::search::{self, Algorithm, Options};

static GAME: TicTacToe = TicTacToe {
    root: Board::EMPTY,
    scoring: Scoring::Plain,
};

/// The seed of both searches' playouts.
const SEED: u64 = 1;

/// A position of prune's tic-tac-toe as the crate's game state; a move is a move index.
#[derive(Clone)]
struct Position(Board);

impl GameState for Position {
    type Move = usize;
    type Player = Side;
    type MoveList = Range<usize>;

    fn current_player(&self) -> Side {
        GAME.side(self.0)
    }

    fn available_moves(&self) -> Range<usize> {
        0..GAME.move_count(self.0)
    }

    fn make_move(&mut self, mv: &usize) {
        self.0 = GAME.child(self.0, *mv);
    }
}

/// The crate's per-thread data: the playout's random generator, prune's SplitMix64.
struct Draws(Rng);

impl Default for Draws {
    fn default() -> Draws {
        Draws(Rng::new(SEED))
    }
}

/// Evaluates a new node by one uniformly random playout: MAX's result in half-wins.
struct RandomPlayout;

/// Plays uniformly random legal moves to the end, as prune's `Playout::Random` does.
fn playout(mut board: Board, rng: &mut Rng) -> i64 {
    loop {
        let count = GAME.move_count(board);
        if count == 0 {
            break;
        }
        board = GAME.child(board, rng.below(count));
    }
    i64::from(outcome_of(GAME.utility(board).unwrap_or(0)))
}

impl Evaluator<Uct> for RandomPlayout {
    type StateEvaluation = i64;

    fn evaluate_new_state(
        &self,
        state: &Position,
        moves: &Range<usize>,
        handle: Option<SearchHandle<Uct>>,
    ) -> (Vec<()>, i64) {
        // Only the root comes without a handle, and the root's own evaluation is never
        // backed up (it has moves).
        let value = match handle {
            Some(mut h) => playout(state.0, &mut h.thread_data().extra_data.0),
            None => 1,
        };
        (vec![(); moves.len()], value)
    }

    fn evaluate_existing_state(&self, _: &Position, known: &i64, _: SearchHandle<Uct>) -> i64 {
        *known
    }

    fn interpret_evaluation_for_player(&self, max_result: &i64, mover: &Side) -> i64 {
        match mover {
            Side::Min => 2 - *max_result,
            _ => *max_result,
        }
    }
}

#[derive(Default)]
struct Uct;

impl MCTS for Uct {
    type State = Position;
    type Eval = RandomPlayout;
    type NodeData = ();
    type ExtraThreadData = Draws;
    type TreePolicy = UCTPolicy;
    type TranspositionTable = ();
}

/// What one timed run reports: iterations per second, tree nodes and the most visited move.
struct Measure {
    rate: f64,
    nodes: usize,
    mv: usize,
}

fn prune_run(iterations: u32) -> Measure {
    let opts = Options {
        algorithm: Algorithm::Mcts,
        mcts: MctsOptions {
            iterations,
            seed: SEED,
            ..MctsOptions::default()
        },
        ..Options::default()
    };
    let t = Instant::now();
    let r = search::run(&GAME, Board::EMPTY, &opts, &mut NoTrace).expect("tic-tac-toe runs");
    let secs = t.elapsed().as_secs_f64();
    let r = black_box(r);
    Measure {
        rate: f64::from(iterations) / secs,
        nodes: r.stats.nodes as usize,
        mv: GAME.root.empty_square(r.mv as usize),
    }
}

fn crate_run(iterations: u32) -> Measure {
    let t = Instant::now();
    let mut manager = MCTSManager::new(
        Position(Board::EMPTY),
        Uct,
        RandomPlayout,
        UCTPolicy::new(SQRT_2),
        (),
    );
    manager.playout_n(u64::from(iterations));
    let nodes = manager.tree().num_nodes();
    let mv = manager.best_move().expect("the empty board has moves");
    // Freeing the tree is part of a run, as it is of prune's.
    drop(black_box(manager));
    let secs = t.elapsed().as_secs_f64();
    Measure {
        rate: f64::from(iterations) / secs,
        nodes,
        mv,
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// `--rounds R` and `--iterations N` from the command line; cargo's own `--bench` is
/// ignored, and without it (under `cargo test`) one short round is run.
fn settings() -> (usize, u32) {
    let args: Vec<String> = std::env::args().collect();
    let benching = args.iter().any(|a| a == "--bench");
    let value = |name: &str| {
        (args.iter().position(|a| a == name))
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let (rounds, iterations) = if benching { (9, 100_000) } else { (1, 2_000) };
    (
        value("--rounds").map_or(rounds, |v| v.max(1) as usize),
        value("--iterations").map_or(iterations, |v| v.clamp(1, 10_000_000) as u32),
    )
}

fn main() {
    let (rounds, iterations) = settings();
    println!(
        "tic-tac-toe from the empty board, random playouts, C = √2, one thread: {rounds} rounds of {iterations} iterations"
    );
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for round in 1..=rounds {
        let p = prune_run(iterations);
        let m = crate_run(iterations);
        println!(
            "round {round}: prune {:>10.0} it/s ({} nodes, plays square {}), mcts 0.3 {:>10.0} it/s ({} nodes, plays square {})",
            p.rate, p.nodes, p.mv, m.rate, m.nodes, m.mv
        );
        ours.push(p.rate);
        theirs.push(m.rate);
    }
    let (ours, theirs) = (median(ours), median(theirs));
    println!(
        "median: prune {ours:.0} iterations/s, mcts 0.3 {theirs:.0} iterations/s, ratio {:.2}x",
        ours / theirs
    );
}
