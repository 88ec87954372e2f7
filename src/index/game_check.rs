//! A saved trace of a game (tic-tac-toe, a uniform tree, Connect Four) checked against the
//! game its header names. The fold checks that the events agree with each other and with the
//! catalog; a trace whose moves all agree with each other can still be of no game at all (a
//! move that reaches another board than the rules give, a board the rules never reach, a
//! scale the game does not count in). Its header names the game whole, so the game is built
//! again and every move the trace makes (each candidate of a call's order, each expansion and
//! playout step of a Monte Carlo run) is played on it; every position reached is compared
//! with what the catalog says of it. A graph's trace is not rebuilt: its lesson is not in the
//! trace.
//!
//! Only saved traces are checked: a run prune records is its game's by construction.

use std::collections::HashMap;

use crate::event::Mcts;
use crate::game::Game;
use crate::game::model::Visit;
use crate::trace::{Event, StateInfo, Trace, TraceError};

/// Checks `trace` against the game its header names (nothing to check for a graph).
pub fn check(trace: &Trace) -> Result<(), TraceError> {
    let Some(spec) = trace.header.game.as_ref().filter(|g| !g.is_graph()) else {
        return Ok(());
    };
    let model = spec
        .build(None)
        .map_err(|why| TraceError::Header(format!("the header's game cannot be built: {why}")))?;
    if trace.header.scale != model.scale() {
        return Err(TraceError::Header(format!(
            "the header's scale is {}, but a {} counts whole units: the scale must be {}",
            trace.header.scale,
            model.kind_name(),
            model.scale()
        )));
    }
    model.visit(trace.header.start, Replay(trace))
}

struct Replay<'a>(&'a Trace);

impl Visit for Replay<'_> {
    type Out = Result<(), TraceError>;
    fn visit<G: Game>(self, game: &G, root: G::State) -> Self::Out {
        let mut walk = Walk::new(game, self.0);
        walk.place(usize::MAX, self.0.header.start, root)?;
        walk.events()
    }
}

/// The positions the trace's numbers stand for, found by playing its moves.
struct Walk<'a, G: Game> {
    game: &'a G,
    trace: &'a Trace,
    /// Position of each trace number met so far: a flat array while the numbers are dense
    /// (a version-3 trace numbers positions as met), a map otherwise (older numberings).
    dense: Vec<Option<G::State>>,
    sparse: HashMap<u32, G::State>,
    /// Each Monte Carlo node's trace number, in the order the expansions add them.
    nodes: Vec<u32>,
}

impl<'a, G: Game> Walk<'a, G> {
    fn new(game: &'a G, trace: &'a Trace) -> Self {
        let catalog = &trace.header.catalog;
        let top = catalog.iter().map(|s| s.id as usize + 1).max().unwrap_or(0);
        let dense = if top <= 4 * catalog.len() + 1024 {
            vec![None; top.max(trace.header.start as usize + 1)]
        } else {
            Vec::new()
        };
        Walk {
            game,
            trace,
            dense,
            sparse: HashMap::new(),
            nodes: vec![trace.header.start],
        }
    }

    fn at(&self, id: u32) -> Option<G::State> {
        match self.dense.get(id as usize) {
            Some(s) => *s,
            None => self.sparse.get(&id).copied(),
        }
    }

    /// The trace number `id` stands for position `s` (reached at event `event`): the same
    /// position as every earlier use of the number, and what the catalog says of it.
    fn place(&mut self, event: usize, id: u32, s: G::State) -> Result<(), TraceError> {
        if let Some(known) = self.at(id) {
            if self.game.key(known) != self.game.key(s) {
                return Err(self.fail(
                    event,
                    format!(
                        "state {id} is {} here and {} earlier in the run",
                        self.game.name(s),
                        self.game.name(known)
                    ),
                ));
            }
            return Ok(());
        }
        match self.dense.get_mut(id as usize) {
            Some(slot) => *slot = Some(s),
            None => {
                self.sparse.insert(id, s);
            }
        }
        self.described(event, id, s)
    }

    /// The catalog's entry for `id` is the game's description of `s` (as the run plays it).
    fn described(&self, event: usize, id: u32, s: G::State) -> Result<(), TraceError> {
        let h = &self.trace.header;
        let Some(info) = h.catalog.get(id) else {
            return Ok(());
        };
        let game = StateInfo::described(id, self.game.describe(s)).as_run_sees(&h.options, h.start);
        let position = self.game.name(s);
        let differs = if info.label != game.label {
            Some(format!(
                "the catalog names it {}",
                quoted(info.label.as_deref().unwrap_or("nothing"))
            ))
        } else if info.turn != game.turn {
            Some(format!(
                "the catalog has {} to move, the game {}",
                h.turn_name(info.turn),
                h.turn_name(game.turn)
            ))
        } else if info.score != game.score {
            Some(format!(
                "the catalog scores it {}, the game {}",
                opt(info.score),
                opt(game.score)
            ))
        } else if h.version >= 3 && *info != game {
            // Older traces kept fewer fields (their boards come from the game already).
            Some("the catalog describes it otherwise than the game (its moves or board)".into())
        } else {
            None
        };
        match differs {
            Some(why) => Err(self.fail(
                event,
                format!(
                    "state {id} is the position {} in the game, but {why}",
                    quoted(&position)
                ),
            )),
            None => Ok(()),
        }
    }

    /// Move number `mv` of the position numbered `from` reaches the position numbered `to`.
    fn moved(&mut self, event: usize, from: u32, mv: u16, to: u32) -> Result<(), TraceError> {
        let Some(s) = self.at(from) else {
            return Err(self.fail(
                event,
                format!("a move of state {from}, which no move of the run reached"),
            ));
        };
        let count = self.game.move_count(s);
        if usize::from(mv) >= count {
            return Err(self.fail(
                event,
                format!(
                    "move {mv} of state {from} ({}), which has {count} moves in the game",
                    quoted(&self.game.name(s))
                ),
            ));
        }
        let child = self.game.child(s, usize::from(mv));
        // What the trace says it reached: the position its number stood for so far, or
        // the catalog's name for it on its first use.
        let said = match self.at(to) {
            Some(known) => {
                (self.game.key(known) != self.game.key(child)).then(|| self.game.name(known))
            }
            None => self.trace.header.catalog.get(to).and_then(|info| {
                let name = info.label.as_deref()?;
                (self.game.parse(name).map(|p| self.game.key(p)) != Ok(self.game.key(child)))
                    .then(|| name.to_string())
            }),
        };
        if let Some(said) = said {
            let named = self
                .game
                .move_name(s, usize::from(mv))
                .map_or_else(|| format!("move {mv}"), |n| format!("move {mv} ({n})"));
            return Err(self.fail(
                event,
                format!(
                    "{named} of state {from} ({}) reaches {} in the game, but the trace says state {to} ({})",
                    quoted(&self.game.name(s)),
                    quoted(&self.game.name(child)),
                    quoted(&said)
                ),
            ));
        }
        self.place(event, to, child)
    }

    /// Every move the events make, in order.
    fn events(&mut self) -> Result<(), TraceError> {
        let t = self.trace;
        for (i, e) in t.events.iter().enumerate() {
            match e {
                Event::Order { state, start, len } => {
                    for k in start as usize..start as usize + len as usize {
                        let (Some(&mv), Some(&to)) = (t.moves.get(k), t.children.get(k)) else {
                            break;
                        };
                        self.moved(i, state, mv, to)?;
                    }
                }
                Event::Mcts(Mcts::Expand { parent, at, .. }) => {
                    let from = self.node(i, parent)?;
                    let (Some(&mv), Some(&to)) =
                        (t.moves.get(at as usize), t.children.get(at as usize))
                    else {
                        continue;
                    };
                    self.moved(i, from, mv, to)?;
                    self.nodes.push(to);
                }
                Event::Mcts(Mcts::Playout {
                    node, start, len, ..
                }) => {
                    let mut from = self.node(i, node)?;
                    for k in start as usize..start as usize + len as usize {
                        let (Some(&mv), Some(&to)) = (t.moves.get(k), t.children.get(k)) else {
                            break;
                        };
                        self.moved(i, from, mv, to)?;
                        from = to;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The trace number of Monte Carlo node `node`.
    fn node(&self, event: usize, node: u32) -> Result<u32, TraceError> {
        self.nodes
            .get(node as usize)
            .copied()
            .ok_or_else(|| self.fail(event, format!("node {node}, which no expansion added")))
    }

    fn fail(&self, event: usize, rule: String) -> TraceError {
        if event == usize::MAX {
            TraceError::Header(format!("the start: {rule}"))
        } else {
            TraceError::Event { event, rule }
        }
    }
}

fn quoted(text: &str) -> String {
    format!("\"{}\"", crate::text::one_line(&crate::text::cut(text)))
}

fn opt(v: Option<i32>) -> String {
    v.map_or_else(|| "nothing".to_string(), |v| v.to_string())
}
