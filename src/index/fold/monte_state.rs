//! Where the fold is in a Monte Carlo run's iteration (the rules are in `mcts`).

/// Where the fold is inside the current iteration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Phase {
    /// Before the first iteration: a stated tree may be given.
    #[default]
    Prior,
    /// Between iterations.
    Idle,
    /// Descending; the node reached so far.
    Selecting(u32),
    /// A chance node drew an outcome that has no node yet: the expansion is due.
    Drawn(u32, u16),
    /// The iteration's new node was added; its playout (or known outcome) is due.
    Expanded(u32),
    /// Backing up `outcome` (MAX's reward in the run's unit); the node whose backup is due
    /// next.
    Backup(u32, u8),
}

/// The fold's working state for a Monte Carlo run.
#[derive(Debug, Default)]
pub(super) struct MonteFold {
    pub phase: Phase,
    /// Playouts and known outcomes (the run's score reads).
    pub reads: u64,
    /// The deepest node of any iteration's path.
    pub peak: u64,
    /// The depth of the node the iteration has reached.
    pub depth: u64,
    /// The run's exploration constant C, which every recorded bonus must follow.
    pub c: f64,
    /// How the run turns a finished game's score (units of 1/`scale`) into MAX's reward.
    pub reward: crate::search::mcts::Reward,
    pub scale: i32,
    /// The reward-reversed misconception: every node below the root counts for the other
    /// player than the rule's (the one to move there).
    pub reversed: bool,
    /// The run's reward unit: a win counts `per_win` (the header's, checked to fit the rule).
    pub per_win: u8,
    /// Where each move the run made leads, (state, move) to the child state, from every
    /// expansion and every playout: a position's move leads to one position.
    pub leads: std::collections::HashMap<(u32, u16), u32>,
}
