//! Monte Carlo tree search's detail: every iteration must be one descent from the root (each
//! selection the first best UCB1 among children that all have nodes, each draw at a chance
//! node), at most one expansion (the first move without a node, or the drawn outcome), one
//! playout or known outcome, and one backup per node of the path from the leaf to the root,
//! each adding one visit and the reward for the player who moved into that node.

use super::monte_state::Phase;
use super::{Fold, Source, fail};
use crate::event::Mcts;
use crate::game::Side;
use crate::index::monte::{Counts, MonteNode};
use crate::search::mcts::{MAX_PER_WIN, Reward, ucb1_parts, unit_words};
use crate::search::{Options, Pitfall};
use crate::trace::TraceError;

impl<S: Source> Fold<S> {
    /// The root of a Monte Carlo run, before any event.
    pub(super) fn monte_root(&mut self, state: u32, options: &Options, scale: i32) {
        let mcts = &options.mcts;
        self.monte.reversed = options.pitfall == Some(Pitfall::RewardReversed);
        self.monte.c = mcts.c.0;
        self.monte.reward = mcts.reward;
        self.monte.scale = scale;
        let turn = self.src.turn(state).unwrap_or(Side::Max);
        let counts_for = if turn.is_chance() { Side::Max } else { turn };
        let monte = &mut self.index.monte;
        monte.nodes.push(MonteNode {
            parent: u32::MAX,
            pos: 0,
            state,
            turn,
            counts_for,
            created: 0,
        });
        monte.children.push(Vec::new());
    }

    /// The reward unit the header gives (`summary`'s, half-wins when it has none): half-wins
    /// under the outcome rule, and under the score rule a whole number of half-wins no finer
    /// than the search counts in.
    pub(super) fn monte_unit(
        &mut self,
        summary: Option<&crate::search::MctsSummary>,
    ) -> Result<(), TraceError> {
        let per_win = summary.map_or(2, |m| m.per_win);
        let fits = match self.monte.reward {
            Reward::Outcome => per_win == 2,
            Reward::Score => {
                per_win.is_multiple_of(2) && (2..=MAX_PER_WIN).contains(&u32::from(per_win))
            }
        };
        if !fits {
            return Err(TraceError::Header(format!(
                "the header counts rewards in 1/{per_win} of a win, which the {} reward does not (half-wins for outcomes, a whole number of half-wins up to 1/{MAX_PER_WIN} for scores)",
                self.monte.reward.name()
            )));
        }
        self.monte.per_win = per_win;
        self.index.monte.per_win = per_win;
        Ok(())
    }

    pub(super) fn mcts(&mut self, i: usize, event: Mcts) -> Result<(), TraceError> {
        if self.index.monte.is_empty() {
            return Err(fail(i, "a Monte Carlo event before the run's root"));
        }
        match event {
            Mcts::Given { node, n, u } => self.given(i, node, Counts { n, u }),
            Mcts::Iteration { number } => self.iteration(i, number),
            Mcts::Select {
                node,
                start,
                len,
                pos,
            } => self.select(i, node, (start, len), pos),
            Mcts::Draw { node, pos } => self.draw(i, node, pos),
            Mcts::Expand { node, parent, at } => self.expand(i, node, parent, at),
            Mcts::Playout {
                node,
                start,
                len,
                result,
                value,
            } => {
                self.leaf_outcome(i, node, result, value, false)?;
                self.playout(i, node, (start, len), value)
            }
            Mcts::Known {
                node,
                result,
                value,
            } => {
                self.leaf_outcome(i, node, result, value, true)?;
                let state = self.monte_node(i, node)?.state;
                self.scored(i, state, value, "a finished game")
            }
            Mcts::Backup { node, n, u, reward } => self.backup(i, node, Counts { n, u }, reward),
        }
    }

    fn given(&mut self, i: usize, node: u32, counts: Counts) -> Result<(), TraceError> {
        if self.monte.phase != Phase::Prior {
            return Err(fail(i, "stated counts after the first iteration"));
        }
        self.monte_node(i, node)?;
        let win = u64::from(self.monte.per_win);
        if u64::from(counts.u) > win * u64::from(counts.n) {
            return Err(fail(
                i,
                format!(
                    "node {node} is given more {} than {win} per visit",
                    unit_words(win as u32)
                ),
            ));
        }
        self.index.monte.counts.record(i as u32, node, counts);
        Ok(())
    }

    fn iteration(&mut self, i: usize, number: u32) -> Result<(), TraceError> {
        if !matches!(self.monte.phase, Phase::Prior | Phase::Idle) {
            return Err(fail(i, "an iteration starts before the last one backed up"));
        }
        let expected = self.index.monte.iterations.len() as u32 + 1;
        if number != expected {
            return Err(fail(
                i,
                format!("iteration {number} where iteration {expected} was due"),
            ));
        }
        self.index.monte.iterations.push(i as u32);
        self.monte.phase = Phase::Selecting(0);
        self.monte.depth = 0;
        Ok(())
    }

    fn monte_node(&self, i: usize, node: u32) -> Result<&MonteNode, TraceError> {
        self.index
            .monte
            .node(node)
            .ok_or_else(|| fail(i, format!("Monte Carlo node {node} does not exist yet")))
    }

    fn at_selection(&self, i: usize, node: u32, what: &str) -> Result<(), TraceError> {
        match self.monte.phase {
            Phase::Selecting(at) if at == node => Ok(()),
            _ => Err(fail(
                i,
                format!("{what} at node {node}, which the iteration has not reached"),
            )),
        }
    }

    fn select(
        &mut self,
        i: usize,
        node: u32,
        (start, len): (u32, u16),
        pos: u16,
    ) -> Result<(), TraceError> {
        self.at_selection(i, node, "a selection")?;
        if self.monte_node(i, node)?.turn.is_chance() {
            return Err(fail(
                i,
                "a UCB1 selection at a chance node, which draws instead",
            ));
        }
        let bonuses = self.src.bonuses(start, len).ok_or_else(|| {
            fail(
                i,
                "a selection's bonuses lie outside the trace's bonus arena",
            )
        })?;
        let monte = &self.index.monte;
        let kids = monte.children_by_move(node, i);
        let complete = kids.len() == len as usize
            && kids.iter().enumerate().all(|(p, &(m, _))| m as usize == p);
        if !complete {
            return Err(fail(
                i,
                format!(
                    "a selection at node {node} over {len} children, but it has {} nodes below it",
                    kids.len()
                ),
            ));
        }
        // Each bonus is C·sqrt(ln N(parent) / N), and the choice the first child of the largest
        // mean + bonus, the counts read off the index.
        let ln = (monte.counts(node, i).n as f64).ln();
        let mut best = (0usize, f64::NEG_INFINITY);
        for (p, (&(_, child), &bonus)) in kids.iter().zip(bonuses).enumerate() {
            let c = monte.counts(child, i);
            let (mean, owed) = ucb1_parts(c.n, c.u, self.monte.per_win.into(), ln, self.monte.c);
            if owed.to_bits() != bonus.to_bits() {
                return Err(fail(
                    i,
                    format!(
                        "move {p} of node {node} is given bonus {bonus}, but C = {} with {} and {} visits makes {owed}",
                        crate::search::mcts::c_text(self.monte.c),
                        monte.counts(node, i).n,
                        c.n
                    ),
                ));
            }
            let score = mean + bonus;
            if score > best.1 {
                best = (p, score);
            }
        }
        if best.0 != pos as usize {
            return Err(fail(
                i,
                format!(
                    "a selection of move {pos} where move {} has the largest UCB1",
                    best.0
                ),
            ));
        }
        let child = kids[pos as usize].1;
        drop(kids);
        self.descend(child);
        Ok(())
    }

    fn descend(&mut self, child: u32) {
        self.monte.phase = Phase::Selecting(child);
        self.monte.depth += 1;
        self.monte.peak = self.monte.peak.max(self.monte.depth);
    }

    fn draw(&mut self, i: usize, node: u32, pos: u16) -> Result<(), TraceError> {
        self.at_selection(i, node, "a draw")?;
        if !self.monte_node(i, node)?.turn.is_chance() {
            return Err(fail(
                i,
                format!("a draw at node {node}, which is not a chance node"),
            ));
        }
        match self.index.monte.child(node, pos) {
            Some(child) => self.descend(child),
            None => self.monte.phase = Phase::Drawn(node, pos),
        }
        Ok(())
    }

    fn expand(&mut self, i: usize, node: u32, parent: u32, at: u32) -> Result<(), TraceError> {
        let (moves, states) = self
            .src
            .order(at, 1)
            .ok_or_else(|| fail(i, "an expansion's move lies outside the move arena"))?;
        let (pos, state) = (moves[0], states[0]);
        let monte = &self.index.monte;
        if node as usize != monte.len() {
            return Err(fail(
                i,
                format!("node {node} added where node {} was due", monte.len()),
            ));
        }
        let parent_node = *self.monte_node(i, parent)?;
        self.leads_to(i, parent_node.state, pos, state)?;
        let monte = &self.index.monte;
        if monte.child(parent, pos).is_some() {
            return Err(fail(
                i,
                format!("move {pos} of node {parent} already has a node"),
            ));
        }
        match self.monte.phase {
            Phase::Prior => {}
            Phase::Drawn(p, drawn) if p == parent && drawn == pos => {}
            Phase::Selecting(p) if p == parent && !parent_node.turn.is_chance() => {
                // The first move in move order without a node.
                if (0..pos).any(|m| monte.child(parent, m).is_none()) {
                    return Err(fail(
                        i,
                        format!(
                            "move {pos} of node {parent} is expanded before an earlier move without a node"
                        ),
                    ));
                }
            }
            _ => {
                return Err(fail(
                    i,
                    format!("an expansion below node {parent}, which the iteration is not at"),
                ));
            }
        }
        let turn = self
            .src
            .turn(state)
            .ok_or_else(|| fail(i, format!("state {state} is not in the header's catalog")))?;
        // A move leads on: no node is below one of its own position (a root as its own
        // child, or a path that comes back to a state it passed).
        let mut up = parent;
        while up != u32::MAX {
            let above = self.index.monte.nodes[up as usize];
            if above.state == state {
                return Err(fail(
                    i,
                    format!(
                        "node {node} (state {state}) is added below node {up}, which is the same position: a move cannot lead back to it"
                    ),
                ));
            }
            up = above.parent;
        }
        // The rule's side for the parent first: under reward-reversed a node below the root
        // records the other one.
        let flip = |side: Side, below_root: bool| {
            if self.monte.reversed && below_root {
                side.other()
            } else {
                side
            }
        };
        let parent_rule = flip(parent_node.counts_for, parent_node.parent != u32::MAX);
        let counts_for = flip(
            if parent_node.turn.is_chance() {
                parent_rule
            } else {
                parent_node.turn
            },
            true,
        );
        let monte = &mut self.index.monte;
        monte.nodes.push(MonteNode {
            parent,
            pos,
            state,
            turn,
            counts_for,
            created: i as u32,
        });
        monte.children.push(Vec::new());
        monte.children[parent as usize].push((pos, node));
        if self.monte.phase != Phase::Prior {
            self.descend(node);
            self.monte.phase = Phase::Expanded(node);
        }
        Ok(())
    }

    /// A playout from `node`: each move leads where the run's other moves from the same
    /// position lead, from the position the last one reached, to a game worth `value`.
    fn playout(
        &mut self,
        i: usize,
        node: u32,
        (start, len): (u32, u16),
        value: i32,
    ) -> Result<(), TraceError> {
        let (moves, states) = self
            .src
            .order(start, len)
            .ok_or_else(|| fail(i, "a playout's moves lie outside the move arena"))?;
        let (moves, states) = (moves.to_vec(), states.to_vec());
        if let Some(s) = states.iter().find(|&&s| self.src.turn(s).is_none()) {
            return Err(fail(i, format!("state {s} is not in the header's catalog")));
        }
        let mut at = self.monte_node(i, node)?.state;
        for (&mv, &next) in moves.iter().zip(&states) {
            self.leads_to(i, at, mv, next)?;
            at = next;
        }
        self.scored(i, at, value, "the playout's last position")
    }

    /// Move `mv` of `state` leads to `child`: a move the position has (when the catalog
    /// lists its moves), and the position every other use of that move in the run reached.
    fn leads_to(&mut self, i: usize, state: u32, mv: u16, child: u32) -> Result<(), TraceError> {
        if let Some(info) = self.src.state_info(state)
            && !info.moves.is_empty()
            && usize::from(mv) >= info.moves.len()
        {
            return Err(fail(
                i,
                format!(
                    "move {mv} of state {state}, which has {} moves",
                    info.moves.len()
                ),
            ));
        }
        match self.monte.leads.insert((state, mv), child) {
            Some(before) if before != child => Err(fail(
                i,
                format!(
                    "move {mv} of state {state} leads to state {child}, where the run's same move led to state {before}"
                ),
            )),
            _ => Ok(()),
        }
    }

    /// A game that ended at `state` is worth `value`: the catalog's score of it, when the
    /// catalog gives one.
    fn scored(&self, i: usize, state: u32, value: i32, what: &str) -> Result<(), TraceError> {
        match self.src.state_info(state).and_then(|s| s.score) {
            Some(score) if score != value => Err(fail(
                i,
                format!(
                    "{what} (state {state}) is worth {value}, but the header's catalog scores it {score}"
                ),
            )),
            _ => Ok(()),
        }
    }

    /// A playout's (or a finished game's known) outcome at the iteration's leaf.
    fn leaf_outcome(
        &mut self,
        i: usize,
        node: u32,
        outcome: u8,
        value: i32,
        known: bool,
    ) -> Result<(), TraceError> {
        let at_leaf = match self.monte.phase {
            Phase::Expanded(leaf) => leaf == node,
            Phase::Selecting(at) => known && at == node,
            _ => false,
        };
        if !at_leaf {
            return Err(fail(
                i,
                format!("an outcome at node {node}, which does not end the iteration"),
            ));
        }
        let (scale, per_win) = (self.monte.scale, self.monte.per_win);
        if self.monte.reward.units(value, scale, per_win) != Some(outcome) {
            return Err(fail(
                i,
                format!(
                    "outcome {outcome} (MAX's {}) for a game worth {value} under the {} reward",
                    unit_words(per_win.into()),
                    self.monte.reward.name()
                ),
            ));
        }
        self.monte.reads += 1;
        self.monte.phase = Phase::Backup(node, outcome);
        Ok(())
    }

    fn backup(&mut self, i: usize, node: u32, after: Counts, reward: u8) -> Result<(), TraceError> {
        let Phase::Backup(due, outcome) = self.monte.phase else {
            return Err(fail(i, "a backup before the iteration's outcome"));
        };
        if node != due {
            return Err(fail(
                i,
                format!("a backup of node {node} where node {due} was due"),
            ));
        }
        let n = *self.monte_node(i, node)?;
        let win = self.monte.per_win;
        let owed = match n.counts_for {
            Side::Min => win - outcome,
            _ => outcome,
        };
        // The unit's words only for a message: a `String` made at every backup was a tenth
        // of the fold's instructions.
        let unit = || unit_words(win.into());
        if reward != owed {
            return Err(fail(
                i,
                format!(
                    "node {node} counts wins for {}, so it is owed {owed} {}, not {reward}",
                    n.counts_for.name(),
                    unit()
                ),
            ));
        }
        let before = self.index.monte.counts(node, i);
        let one_more = before.n.checked_add(1) == Some(after.n)
            && before.u.checked_add(u32::from(reward)) == Some(after.u);
        if !one_more {
            let unit = unit();
            return Err(fail(
                i,
                format!(
                    "node {node} goes from {}/{} to {}/{} (visits/{unit}), not one visit and {reward} {unit} more",
                    before.n, before.u, after.n, after.u
                ),
            ));
        }
        self.index.monte.counts.record(i as u32, node, after);
        self.monte.phase = if n.parent == u32::MAX {
            Phase::Idle
        } else {
            Phase::Backup(n.parent, outcome)
        };
        Ok(())
    }
}

impl<S: Source> Fold<S> {
    /// The end of a Monte Carlo run: the last iteration backed up, and the header's summary is
    /// what the events make of the root and its children.
    pub(super) fn monte_finish(
        &self,
        end: usize,
        result: &crate::search::RunResult,
    ) -> Result<(), TraceError> {
        if !matches!(self.monte.phase, Phase::Idle | Phase::Prior) {
            return Err(fail(end, "the trace ends inside an iteration"));
        }
        let header = |m: String| TraceError::Header(m);
        let Some(summary) = &result.mcts else {
            return Err(header(
                "a Monte Carlo run's header has no Monte Carlo result".into(),
            ));
        };
        let monte = &self.index.monte;
        if summary.iterations as usize != monte.iterations.len() {
            return Err(header(format!(
                "the header counts {} iterations, the events run {}",
                summary.iterations,
                monte.iterations.len()
            )));
        }
        let root = monte.counts(0, end);
        if (root.n, root.u) != (summary.root_n, summary.root_u) {
            return Err(header(format!(
                "the header gives the root {}/{} (visits/{}), the events {}/{}",
                summary.root_n,
                summary.root_u,
                unit_words(self.monte.per_win.into()),
                root.n,
                root.u
            )));
        }
        let kids = monte.children_at(0, end);
        let agree = kids.len() == summary.children.len()
            && kids.iter().zip(&summary.children).all(|(&(mv, node), c)| {
                let counts = monte.counts(node, end);
                (c.mv, c.node, c.n, c.u) == (mv as i16, node, counts.n, counts.u)
            });
        if !agree {
            return Err(header(
                "the header's root children do not match the counts the events make".into(),
            ));
        }
        // The views say which move the run plays: it must be the rule's, not any move.
        let mut played = (crate::search::NO_MOVE, 0);
        for c in &summary.children {
            if played.0 == crate::search::NO_MOVE || c.n > played.1 {
                played = (c.mv, c.n);
            }
        }
        if result.mv != played.0 {
            return Err(header(format!(
                "the header plays move {}, but the most visited root child (the first on a tie) is move {}",
                result.mv, played.0
            )));
        }
        let told = &result.stats;
        let seen = [monte.len() as u64, self.monte.reads, self.monte.peak];
        if [told.nodes, told.evals, told.peak] != seen {
            return Err(header(format!(
                "the header counts {} nodes, {} outcomes read and depth {}; the events make {}, {} and {}",
                told.nodes, told.evals, told.peak, seen[0], seen[1], seen[2]
            )));
        }
        Ok(())
    }
}
