//! The node cursor: moving the selection through the tree of the pass on screen with the
//! arrow keys (up to the parent, down to the first child, sideways to a sibling), so a node
//! can be chosen and inspected without a mouse.

use std::collections::HashSet;

use super::keys::{self, KeyHelp};
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

/// What a key does while the node cursor is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Move(Move),
    /// Scroll the inspector's text by this many rows.
    Scroll(i16),
    /// Turn the cursor off.
    Close,
}

/// The keys the node cursor takes (listed by `KEYS`); `None` for every other key.
pub fn key(key: crossterm::event::KeyEvent) -> Option<Key> {
    use crossterm::event::KeyCode;
    Some(match key.code {
        KeyCode::Up | KeyCode::Char('k') => Key::Move(Move::Parent),
        KeyCode::Down | KeyCode::Char('j') => Key::Move(Move::FirstChild),
        KeyCode::Left | KeyCode::Char('h') => Key::Move(Move::PrevSibling),
        KeyCode::Right | KeyCode::Char('l') => Key::Move(Move::NextSibling),
        KeyCode::PageDown => Key::Scroll(4),
        KeyCode::PageUp => Key::Scroll(-4),
        KeyCode::Esc => Key::Close,
        _ => return None,
    })
}

/// The keys of the node cursor, for the help screen.
pub const TITLE: &str = "Node cursor (v)";
pub const KEYS: &[KeyHelp] = &[
    keys::key("↑ k ↓ j", "the parent / the first child"),
    keys::key("← h → l", "the previous / next sibling"),
    keys::key("PgDn PgUp", "scroll the inspector"),
    keys::key("V", "on a leaf: edit its value"),
    keys::key("Esc v", "turn the cursor off"),
];
