//! Who tells an event: a voice per kind of run or node, one method per event kind. Every
//! method defaults to the wording of a run with one score and a window (alpha-beta, negamax,
//! and the MAX and MIN nodes of a chance graph); a family whose values mean something else
//! overrides what it says differently, in its own file, and is registered once in
//! `tell::voice`.

use super::words::Words;
use super::{bound, scout, skeleton, solve};
use crate::event::Narrowing;
use crate::game::{Rule, Side};
use crate::search::AttemptOutcome;
use crate::trace::ReturnKind;
use crate::value::{Entry, Key};

/// The voice of one score and a window: every default below.
pub(super) struct Scores;

impl Voice for Scores {}

/// How a kind of run or node tells each event (see the module's comment).
pub(super) trait Voice: Sync {
    fn pass_start(&self, w: &Words, depth: u8) -> String {
        skeleton::pass_start(w, depth)
    }

    fn pass_end(&self, w: &Words, depth: u8, done: bool, score: i32, mv: i16) -> String {
        skeleton::pass_end(w, depth, done, score, mv)
    }

    fn aspiration(
        &self,
        w: &Words,
        index: usize,
        depth: u8,
        window: (i32, i32),
        outcome: AttemptOutcome,
    ) -> String {
        skeleton::aspiration(w, index, depth, window, outcome)
    }

    /// `left` is the call's (depth, quiescence plies) left, `window` its (α, β).
    fn enter(
        &self,
        w: &Words,
        state: u32,
        turn: Side,
        left: (u8, u8),
        window: (i32, i32),
    ) -> String {
        skeleton::enter(w, state, turn, left, window)
    }

    fn refused(&self, w: &Words, state: u32) -> String {
        skeleton::refused(w, state)
    }

    fn order(&self, w: &Words, state: u32) -> String {
        skeleton::order(w, state)
    }

    fn push(&self, w: &Words, state: u32, mv: i16) -> String {
        skeleton::push(w, state, mv)
    }

    fn pop(&self, w: &Words, state: u32, value: i32) -> String {
        skeleton::pop(w, state, value)
    }

    fn returns(&self, w: &Words, state: u32, value: i32, mv: i16, how: ReturnKind) -> String {
        skeleton::returns(w, state, value, mv, how)
    }

    fn unwind(&self, w: &Words, state: u32) -> String {
        skeleton::unwind(w, state)
    }

    fn probe(&self, w: &Words, state: u32, found: Option<Entry>, usable: bool) -> String {
        bound::probe(w, state, found, usable)
    }

    fn read(&self, w: &Words, state: u32, value: i32, terminal: bool) -> String {
        bound::read(w, state, value, terminal)
    }

    fn stand_pat(&self, w: &Words, state: u32, value: i32, cutoff: bool) -> String {
        bound::stand_pat(w, state, value, cutoff)
    }

    fn best(&self, w: &Words, state: u32, value: i32, mv: i16) -> String {
        bound::best(w, state, value, mv)
    }

    fn window(&self, w: &Words, state: u32, alpha: i32, beta: i32) -> String {
        bound::window(w, state, alpha, beta)
    }

    fn cutoff(&self, w: &Words, state: u32, pos: u16, alpha: i32, beta: i32) -> String {
        bound::cutoff(w, state, pos, alpha, beta)
    }

    fn store(&self, w: &Words, key: Key, entry: Entry, kept: bool) -> String {
        bound::store(w, key, entry, kept)
    }

    fn narrow(&self, w: &Words, state: u32, window: (i32, i32), by: Narrowing) -> String {
        solve::narrow(w, state, window, by)
    }

    fn split(&self, w: &Words, interval: (i32, i32), probe: i32) -> String {
        solve::split(w, interval, probe)
    }

    fn settled(&self, w: &Words, state: u32, rule: Rule) -> String {
        solve::settled(w, state, rule)
    }

    fn filtered(&self, w: &Words, state: u32, dropped: u8) -> String {
        solve::filtered(w, state, dropped)
    }

    fn null_window(&self, w: &Words, state: u32, pos: u16, window: (i32, i32)) -> String {
        scout::null_window(w, state, pos, window)
    }

    fn research(&self, w: &Words, state: u32, pos: u16, value: i32) -> String {
        scout::research(w, state, pos, value)
    }

    /// A running average belongs to a chance node: elsewhere there is nothing to say.
    fn average(&self, _w: &Words, _state: u32, _pos: u16, _sum: i32) -> String {
        String::new()
    }

    /// An interval belongs to a chance node: elsewhere there is nothing to say.
    fn interval(&self, _w: &Words, _index: usize, _state: u32, _bounds: (i32, i32)) -> String {
        String::new()
    }

    /// A tie belongs to a max-n run: elsewhere there is nothing to say.
    fn tie(&self, _w: &Words, _state: u32, _pos: u16, _kept: bool) -> String {
        String::new()
    }
}
