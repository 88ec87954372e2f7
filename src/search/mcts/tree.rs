//! The search's own tree: a node per position reached by a path of moves from the root (a
//! position reached two ways is two nodes), with its visit count and half-win count. A node's
//! children live in a block of slots, one per move, empty until that move is expanded.

use crate::game::{Game, Side};

/// An empty slot, and the root's parent.
pub const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
pub struct Node<S> {
    pub state: S,
    pub parent: u32,
    /// The move from the parent that reaches this node.
    pub pos: u16,
    pub moves: u16,
    pub side: Side,
    /// The player whose wins `u` counts: the one who moved into this node (at the root, the
    /// player to move; below a chance node, the player whose choice led to it).
    pub counts_for: Side,
    /// Where this node's child slots start (unset until the node is first expanded from).
    slots: u32,
    /// Visits, and rewards in half-wins for `counts_for`.
    pub n: u32,
    pub u: u32,
}

pub struct Tree<S> {
    nodes: Vec<Node<S>>,
    slots: Vec<u32>,
}

/// A finished game worth `value` (MAX's side) as an outcome for MAX in half-wins.
pub fn outcome_of(value: i32) -> u8 {
    match value.signum() {
        1 => 2,
        0 => 1,
        _ => 0,
    }
}

impl<S: Copy> Tree<S> {
    /// The root alone.
    pub fn new<G: Game<State = S>>(game: &G, root: S) -> Result<Tree<S>, String> {
        let side = game.side(root);
        let counts_for = if side.is_chance() { Side::Max } else { side };
        let tree = Tree {
            nodes: vec![Node {
                state: root,
                parent: NONE,
                pos: 0,
                moves: moves_of(game, root)?,
                side,
                counts_for,
                slots: NONE,
                n: 0,
                u: 0,
            }],
            slots: Vec::new(),
        };
        Ok(tree)
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    #[inline]
    pub fn node(&self, id: u32) -> &Node<S> {
        &self.nodes[id as usize]
    }

    #[inline]
    pub fn node_mut(&mut self, id: u32) -> &mut Node<S> {
        &mut self.nodes[id as usize]
    }

    /// The child of `id` by its move `pos`, or `NONE`.
    #[inline]
    pub fn slot(&self, id: u32, pos: usize) -> u32 {
        let first = self.nodes[id as usize].slots;
        if first == NONE {
            NONE
        } else {
            self.slots[first as usize + pos]
        }
    }

    /// The first move of choice node `id` in move order that has no node yet.
    #[inline]
    pub fn untried(&self, id: u32) -> Option<usize> {
        let node = &self.nodes[id as usize];
        if node.slots == NONE {
            return (node.moves > 0).then_some(0);
        }
        let first = node.slots as usize;
        self.slots[first..first + node.moves as usize]
            .iter()
            .position(|&s| s == NONE)
    }

    /// Adds the child of `id` by move `pos` and returns its id.
    pub fn expand<G: Game<State = S>>(&mut self, game: &G, id: u32, pos: usize) -> u32 {
        let parent = self.nodes[id as usize];
        if parent.slots == NONE {
            self.nodes[id as usize].slots = self.slots.len() as u32;
            self.slots
                .extend(std::iter::repeat_n(NONE, parent.moves as usize));
        }
        let state = game.child(parent.state, pos);
        let child = self.nodes.len() as u32;
        // A position's move count was checked against u16 when its parent was read; a game's
        // contract bounds it by i16::MAX.
        let moves = game.move_count(state).min(u16::MAX as usize) as u16;
        self.nodes.push(Node {
            state,
            parent: id,
            pos: pos as u16,
            moves,
            side: game.side(state),
            counts_for: if parent.side.is_chance() {
                parent.counts_for
            } else {
                parent.side
            },
            slots: NONE,
            n: 0,
            u: 0,
        });
        let first = self.nodes[id as usize].slots as usize;
        self.slots[first + pos] = child;
        child
    }
}

fn moves_of<G: Game>(game: &G, s: G::State) -> Result<u16, String> {
    u16::try_from(game.move_count(s))
        .map_err(|_| format!("node {} has more moves than mcts can number", game.id(s)))
}
