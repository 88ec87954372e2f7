//! Observers receive the core's events. `NoTrace` compiles every event site away; `Recorder`
//! keeps them, and becomes a `Trace` once the run's header is known.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::event::Event;

pub trait Observer {
    /// Event sites are `if O::ENABLED { … }`, so a disabled observer costs nothing.
    const ENABLED: bool;
    fn event(&mut self, event: Event);
    /// The candidates of a frame in the order the search will try them; `child` names the
    /// state each candidate move leads to.
    fn order(&mut self, state: u32, candidates: &[u16], child: impl Fn(u16) -> u32);
}

/// Records nothing; the search compiles as if it had no events at all.
pub struct NoTrace;

impl Observer for NoTrace {
    const ENABLED: bool = false;
    #[inline(always)]
    fn event(&mut self, _: Event) {}
    #[inline(always)]
    fn order(&mut self, _: u32, _: &[u16], _: impl Fn(u16) -> u32) {}
}

/// Every event in order. Variable-length candidate lists live in two shared arenas (`moves`
/// and, at the same positions, `children`) so each event stays a small fixed-size value.
#[derive(Default, Debug, Clone)]
pub struct Recorder {
    pub events: Vec<Event>,
    pub moves: Vec<u16>,
    pub children: Vec<u32>,
    /// Counts admitted calls as they happen, for a screen waiting on a long run.
    pub progress: Option<Arc<AtomicU64>>,
}

impl Observer for Recorder {
    const ENABLED: bool = true;

    #[inline]
    fn event(&mut self, event: Event) {
        if let (Event::Enter { .. }, Some(calls)) = (&event, &self.progress) {
            calls.fetch_add(1, Ordering::Relaxed);
        }
        self.events.push(event);
    }

    #[inline]
    fn order(&mut self, state: u32, candidates: &[u16], child: impl Fn(u16) -> u32) {
        let start = self.moves.len() as u32;
        self.moves.extend_from_slice(candidates);
        self.children.extend(candidates.iter().map(|&m| child(m)));
        self.events.push(Event::Order {
            state,
            start,
            len: candidates.len() as u16,
        });
    }
}

impl Recorder {
    /// Bytes held per recorded event, arenas included.
    pub fn bytes_per_event(&self) -> f64 {
        let bytes = std::mem::size_of_val(self.events.as_slice())
            + std::mem::size_of_val(self.moves.as_slice())
            + std::mem::size_of_val(self.children.as_slice());
        bytes as f64 / self.events.len().max(1) as f64
    }
}
