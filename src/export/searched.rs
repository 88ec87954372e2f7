//! The searched tree of a recorded run: one frame per admitted call, with what the exports
//! draw beside the call row (candidate order, cutoff, table entry, refused child), grouped by
//! iterative-deepening pass. Built from the events alone.

use crate::run::Recorded;
use crate::search::tt::Entry;
use crate::trace::Event;
use crate::trace::calls::{Call, calls};

#[derive(Debug, Clone)]
pub struct Frame {
    pub call: Call,
    /// Candidate move indices in the order they were tried.
    pub order: Vec<u16>,
    /// Admitted child calls (indices into `Searched::frames`), in the order they ran.
    pub children: Vec<usize>,
    /// The window closed after the candidate at this position of `order`.
    pub cutoff: Option<u16>,
    /// Quiescence stand-pat: the static value and whether it cut on its own.
    pub stand_pat: Option<(i32, bool)>,
    /// The call read a score: `Some(true)` for a terminal, `Some(false)` at the horizon.
    pub read_terminal: Option<bool>,
    /// The table entry the probe found (usable or not).
    pub entry: Option<Entry>,
    /// A child the budget refused: (state, move).
    pub refused: Option<(u32, i16)>,
}

impl Frame {
    /// The candidates never tried because of a cutoff.
    pub fn skipped(&self) -> &[u16] {
        match self.cutoff {
            Some(pos) => &self.order[(pos as usize + 1).min(self.order.len())..],
            None => &[],
        }
    }
}

#[derive(Debug, Clone)]
pub struct PassTree {
    pub depth: u8,
    pub done: bool,
    pub score: i32,
    pub mv: i16,
    /// The root call, unless the budget refused the root itself.
    pub root: Option<usize>,
}

#[derive(Debug, Clone)]
pub struct Searched {
    pub frames: Vec<Frame>,
    pub passes: Vec<PassTree>,
}

impl Searched {
    pub fn build(rec: &Recorded) -> Searched {
        let events = &rec.trace.events;
        let mut frames: Vec<Frame> = calls(events)
            .into_iter()
            .map(|call| Frame {
                call,
                order: Vec::new(),
                children: Vec::new(),
                cutoff: None,
                stand_pat: None,
                read_terminal: None,
                entry: None,
                refused: None,
            })
            .collect();
        let mut passes: Vec<PassTree> = Vec::new();
        let mut stack: Vec<usize> = Vec::new();
        let mut next = 0usize;
        let mut pushed: Option<(u32, i16)> = None;
        for event in events {
            let top = stack.last().copied();
            match *event {
                Event::PassStart { depth } => passes.push(PassTree {
                    depth,
                    done: false,
                    score: 0,
                    mv: -1,
                    root: None,
                }),
                Event::PassEnd {
                    done, score, mv, ..
                } => {
                    if let Some(p) = passes.last_mut() {
                        (p.done, p.score, p.mv) = (done, score, mv);
                    }
                }
                Event::Enter { .. } => {
                    match top {
                        Some(t) => frames[t].children.push(next),
                        None => {
                            if let Some(p) = passes.last_mut() {
                                p.root = Some(next);
                            }
                        }
                    }
                    stack.push(next);
                    next += 1;
                    pushed = None;
                }
                Event::Push { state, mv } => pushed = Some((state, mv)),
                Event::Refused { state, .. } => {
                    if let Some(t) = top {
                        frames[t].refused = Some(pushed.unwrap_or((state, -1)));
                    }
                }
                Event::Probe { found, .. } => {
                    if let Some(t) = top {
                        frames[t].entry = found;
                    }
                }
                Event::Read { terminal, .. } => {
                    if let Some(t) = top {
                        frames[t].read_terminal = Some(terminal);
                    }
                }
                Event::StandPat { value, cutoff, .. } => {
                    if let Some(t) = top {
                        frames[t].stand_pat = Some((value, cutoff));
                    }
                }
                Event::Order { start, len, .. } => {
                    if let Some(t) = top {
                        let (start, len) = (start as usize, len as usize);
                        frames[t].order = rec
                            .trace
                            .moves
                            .get(start..start + len)
                            .unwrap_or_default()
                            .to_vec();
                    }
                }
                Event::Cutoff { pos, .. } => {
                    if let Some(t) = top {
                        frames[t].cutoff = Some(pos);
                    }
                }
                Event::Return { .. } | Event::Unwind { .. } => {
                    stack.pop();
                }
                Event::Pop { .. } | Event::Best { .. } | Event::Window { .. } => {}
                Event::Store { .. } => {}
            }
        }
        Searched { frames, passes }
    }

    /// The pass an export draws by default: the last completed one, else the last one.
    pub fn default_pass(&self) -> Option<usize> {
        self.passes
            .iter()
            .rposition(|p| p.done)
            .or_else(|| self.passes.len().checked_sub(1))
    }

    /// The calls of the principal line of a completed pass: the root, then at each call the
    /// child reached by the move it returned, as long as that child was searched.
    pub fn principal_line(&self, pass: usize) -> Vec<usize> {
        let p = &self.passes[pass];
        let mut line = Vec::new();
        if !p.done {
            return line;
        }
        let mut at = p.root;
        while let Some(i) = at {
            line.push(i);
            let frame = &self.frames[i];
            at = frame.call.mv.filter(|&m| m >= 0).and_then(|m| {
                frame
                    .children
                    .iter()
                    .copied()
                    .find(|&c| self.frames[c].call.via == Some(m))
            });
        }
        line
    }
}
