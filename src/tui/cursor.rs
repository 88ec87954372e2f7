//! The node cursor: moving the selection through the tree of the pass on screen with the
//! arrow keys (up to the parent, down to the first child, sideways to a sibling), so a node
//! can be chosen and inspected without a mouse.

use std::collections::HashSet;

use crate::index::{NONE, Tree};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Parent,
    FirstChild,
    PrevSibling,
    NextSibling,
}

/// Where the cursor goes from `id`, or `None` when there is nothing that way. Children of a
/// folded node (`collapsed`) are out of reach, as on screen.
pub fn step(tree: &Tree, id: u32, way: Move, collapsed: &HashSet<u32>) -> Option<u32> {
    let n = tree.get(id);
    match way {
        Move::Parent => Some(n.parent).filter(|&p| p != NONE),
        Move::FirstChild if collapsed.contains(&id) => None,
        Move::FirstChild => Some(n.first_child).filter(|&c| c != NONE),
        Move::NextSibling => Some(n.next).filter(|&c| c != NONE),
        Move::PrevSibling => {
            let parent = Some(n.parent).filter(|&p| p != NONE)?;
            tree.children(parent).take_while(|&c| c != id).last()
        }
    }
}
