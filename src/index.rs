//! The one fold over a trace. `Index::build` reads the events once, checks that they fit
//! their header, and keeps what every view asks about: the searched tree (one node per call,
//! stubs for what was skipped, refused or never reached), the jump marks and the per-key table
//! history. The tutor, `prune trace`, the exports, the practice grader and the lesson facts all
//! read this index; none of them walks the events again.
//!
//! Every match over `Event` here is exhaustive: a new event kind does not compile until the
//! index has decided what it means.

pub mod tree;

use std::collections::HashMap;

use crate::trace::{self, Event, ReturnKind, Trace, TraceError};
use crate::value::{Entry, Key};

pub use tree::{NONE, NodeKind, Outcome, PassInfo, Tree, TreeNode};

/// Sorted event indexes of each kind of landmark.
#[derive(Default, Debug, Clone)]
pub struct Marks {
    pub cutoffs: Vec<u32>,
    pub hits: Vec<u32>,
    pub stores: Vec<u32>,
    pub passes: Vec<u32>,
}

/// Every kept store, per key, in event order; answers "what was in the table at step k".
#[derive(Default, Debug, Clone)]
pub struct TableLog {
    /// Keys in the order they were first stored.
    pub keys: Vec<Key>,
    /// For each key (same index), its stores: (event index, entry).
    pub history: Vec<Vec<(u32, Entry)>>,
    slots: HashMap<Key, u32>,
}

/// One row of the table as of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRow {
    pub key: Key,
    pub entry: Entry,
    /// When this version was stored.
    pub event: u32,
}

impl TableLog {
    fn record(&mut self, event: u32, key: Key, entry: Entry) {
        let slot = *self.slots.entry(key).or_insert_with(|| {
            self.keys.push(key);
            self.history.push(Vec::new());
            (self.keys.len() - 1) as u32
        });
        self.history[slot as usize].push((event, entry));
    }

    /// The table after `step` events, in first-store order.
    pub fn at(&self, step: usize) -> Vec<TableRow> {
        let mut rows = Vec::new();
        for (key, hist) in self.keys.iter().zip(&self.history) {
            // Keys are in first-store order, so the first key stored at or after `step` ends it.
            if hist[0].0 as usize >= step {
                break;
            }
            let n = hist.partition_point(|(e, _)| (*e as usize) < step);
            let (event, entry) = hist[n - 1];
            rows.push(TableRow {
                key: *key,
                entry,
                event,
            });
        }
        rows
    }

    /// The entry for one key after `step` events.
    pub fn get(&self, key: Key, step: usize) -> Option<Entry> {
        let hist = &self.history[*self.slots.get(&key)? as usize];
        let n = hist.partition_point(|(e, _)| (*e as usize) < step);
        (n > 0).then(|| hist[n - 1].1)
    }

    /// Distinct keys the table kept over the whole run.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// What follows a child's return in its parent frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// The parent's window closed: the rest of its candidates are skipped.
    Cut,
    /// The parent tries its next candidate (this node: a call or a refused stub).
    Enter(u32),
    /// The parent has no candidate left and returns.
    Return,
}

/// A candidate a cutoff skipped: the frame that cut, the stub, and the call that closed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skip {
    pub parent: u32,
    pub stub: u32,
    pub state: u32,
    pub closer: Option<u32>,
}

#[derive(Debug, Clone, Default)]
pub struct Index {
    pub tree: Tree,
    pub marks: Marks,
    pub table: TableLog,
    /// The most candidates held by the open frames at one moment (the stack's memory).
    pub peak_references: u64,
}

/// A recorded run and its index: what every view of a run is given.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub trace: Trace,
    pub index: Index,
}

impl Recorded {
    /// Indexes a trace (fresh from the core, or read from a file).
    pub fn new(trace: Trace) -> Result<Recorded, TraceError> {
        let index = Index::build(&trace)?;
        Ok(Recorded { trace, index })
    }

    pub fn result(&self) -> &crate::search::RunResult {
        &self.trace.header.result
    }

    pub fn options(&self) -> &crate::search::Options {
        &self.trace.header.options
    }

    pub fn catalog(&self) -> &trace::Catalog {
        &self.trace.header.catalog
    }

    /// A state's name from the trace's catalog.
    pub fn name(&self, state: u32) -> String {
        self.trace.header.catalog.name(state)
    }

    /// The candidates (move, child state) of a call in trying order.
    pub fn order(&self, node: u32) -> (&[u16], &[u32]) {
        let n = self.index.tree.get(node);
        self.trace.order(n.order_start, n.order_len)
    }
}

/// One open call while folding.
struct Open {
    node: u32,
    /// The child call that finished last (the one a cutoff follows).
    last_child: Option<u32>,
}

/// The fold's working state.
struct Fold<'t> {
    trace: &'t Trace,
    index: Index,
    open: Vec<Open>,
    /// A child pushed but not admitted yet: (state, move).
    pushed: Option<(u32, i16)>,
    pass_open: bool,
    next_call: u32,
    seen: HashMap<u32, u32>,
    pass_calls: Vec<u32>,
    references: u64,
}

fn fail(event: usize, rule: impl Into<String>) -> TraceError {
    TraceError::Event {
        event,
        rule: rule.into(),
    }
}

impl Index {
    /// The one fold: every event once, in order.
    pub fn build(trace: &Trace) -> Result<Index, TraceError> {
        check_header(trace)?;
        let calls = trace
            .events
            .iter()
            .filter(|e| matches!(e, Event::Enter { .. }))
            .count();
        let blank = TreeNode::new(NodeKind::Call, 0, crate::game::Side::Max, -1, NONE);
        let mut fold = Fold {
            trace,
            index: Index {
                tree: Tree {
                    nodes: Vec::with_capacity(calls),
                    calls: calls as u32,
                    passes: Vec::new(),
                },
                ..Index::default()
            },
            open: Vec::new(),
            pushed: None,
            pass_open: false,
            next_call: 0,
            seen: HashMap::new(),
            pass_calls: Vec::new(),
            references: 0,
        };
        fold.index.tree.nodes.resize(calls, blank);
        for (i, event) in trace.events.iter().enumerate() {
            fold.step(i, *event)?;
        }
        fold.finish()
    }

    /// Calls of one pass (default: the last that ran), in admission order.
    pub fn pass_calls(&self, depth: Option<u8>) -> impl Iterator<Item = u32> + '_ {
        let depth = depth.or_else(|| self.tree.passes.last().map(|p| p.depth));
        (0..self.tree.calls).filter(move |&i| Some(self.tree.nodes[i as usize].pass) == depth)
    }

    /// The `occurrence`-th call (1-based) of `state` in a pass.
    pub fn call_of(&self, depth: Option<u8>, state: u32, occurrence: u32) -> Option<u32> {
        self.pass_calls(depth)
            .filter(|&i| self.tree.nodes[i as usize].state == state)
            .nth(occurrence.max(1) as usize - 1)
    }

    /// Calls of a pass that read a score (terminal or horizon), in admission order.
    pub fn reads(&self, depth: Option<u8>) -> impl Iterator<Item = u32> + '_ {
        self.pass_calls(depth)
            .filter(|&i| self.tree.nodes[i as usize].read.is_some())
    }

    /// Every candidate a cutoff skipped in a pass, in the order of the frames that cut.
    pub fn skips(&self, depth: Option<u8>) -> Vec<Skip> {
        let mut out = Vec::new();
        for call in self.pass_calls(depth) {
            if self.tree.nodes[call as usize].cutoff.is_none() {
                continue;
            }
            let closer = self
                .tree
                .children(call)
                .find(|&c| self.tree.nodes[c as usize].caused_cutoff);
            for stub in self.tree.children(call) {
                let n = &self.tree.nodes[stub as usize];
                if n.kind == NodeKind::Skipped {
                    out.push(Skip {
                        parent: call,
                        stub,
                        state: n.state,
                        closer,
                    });
                }
            }
        }
        out
    }

    /// What the parent does right after `node` returns (`None` for a root, or a call that
    /// never returned).
    pub fn after(&self, node: u32) -> Option<After> {
        let n = &self.tree.nodes[node as usize];
        if n.parent == NONE || n.returned().is_none() {
            return None;
        }
        if n.caused_cutoff {
            return Some(After::Cut);
        }
        match n.next {
            NONE => Some(After::Return),
            next => match self.tree.nodes[next as usize].kind {
                NodeKind::Call | NodeKind::Refused => Some(After::Enter(next)),
                NodeKind::Skipped | NodeKind::Unreached => None,
            },
        }
    }

    /// The pass an export draws by default: the last completed one, else the last one.
    pub fn default_pass(&self) -> Option<usize> {
        let passes = &self.tree.passes;
        passes
            .iter()
            .rposition(|p| p.done)
            .or_else(|| passes.len().checked_sub(1))
    }

    /// The calls of the principal line of a completed pass: the root, then at each call the
    /// child reached by the move it returned, as long as that child was searched.
    pub fn principal_line(&self, pass: usize) -> Vec<u32> {
        let p = &self.tree.passes[pass];
        let mut line = Vec::new();
        if !p.done || p.root == NONE {
            return line;
        }
        let mut at = Some(p.root);
        while let Some(i) = at {
            line.push(i);
            let best = self.tree.nodes[i as usize].returned().map(|(_, m)| m);
            at = best.filter(|&m| m >= 0).and_then(|m| {
                self.tree.children(i).find(|&c| {
                    let c = &self.tree.nodes[c as usize];
                    c.kind == NodeKind::Call && c.mv == m
                })
            });
        }
        line
    }
}

/// The header's own rules, before any event is read.
fn check_header(trace: &Trace) -> Result<(), TraceError> {
    let h = &trace.header;
    if h.format != trace::FORMAT {
        return Err(TraceError::Format {
            found: h.format.clone(),
        });
    }
    if h.version > trace::VERSION {
        return Err(TraceError::Version { found: h.version });
    }
    if !h.catalog.is_sorted() {
        return Err(TraceError::Header(
            "the catalog lists a state twice or out of order".into(),
        ));
    }
    if trace.moves.len() != trace.children.len() {
        return Err(TraceError::Header(format!(
            "the move arena holds {} entries but the child arena {}",
            trace.moves.len(),
            trace.children.len()
        )));
    }
    h.options
        .validate()
        .map_err(|m| TraceError::Header(format!("the options are invalid: {m}")))
}

impl Fold<'_> {
    fn top(&self, i: usize, state: u32, what: &str) -> Result<u32, TraceError> {
        let Some(open) = self.open.last() else {
            return Err(fail(i, format!("{what} outside any call")));
        };
        let node = &self.index.tree.nodes[open.node as usize];
        if node.state != state {
            return Err(fail(
                i,
                format!(
                    "{what} names state {state}, but the open call is of state {}",
                    node.state
                ),
            ));
        }
        Ok(open.node)
    }

    fn known(&self, i: usize, state: u32) -> Result<(), TraceError> {
        if self.trace.header.catalog.contains(state) {
            Ok(())
        } else {
            Err(fail(
                i,
                format!("state {state} is not in the header's catalog"),
            ))
        }
    }

    /// The (state, move) a new call or refusal comes from: the pending push inside a frame,
    /// nothing at a pass root.
    fn arrival(&mut self, i: usize, state: u32, what: &str) -> Result<i16, TraceError> {
        if !self.pass_open {
            return Err(fail(i, format!("{what} outside any pass")));
        }
        if self.open.is_empty() {
            if let Some(p) = self.index.tree.passes.last()
                && p.root != NONE
            {
                return Err(fail(i, format!("a second root {what} in one pass")));
            }
            return Ok(-1);
        }
        match self.pushed.take() {
            Some((s, mv)) if s == state => Ok(mv),
            Some((s, _)) => Err(fail(
                i,
                format!("{what} of state {state}, but state {s} was pushed"),
            )),
            None => Err(fail(i, format!("{what} of state {state} without a push"))),
        }
    }

    /// Adds a stub child of `parent` for each candidate at `positions` of its order.
    fn stubs(&mut self, kind: NodeKind, parent: u32, from: usize, event: u32) {
        let p = self.index.tree.nodes[parent as usize];
        let (moves, children) = self.trace.order(p.order_start, p.order_len);
        for (&mv, &child) in moves.iter().zip(children).skip(from) {
            let turn = self.trace.header.catalog.turn(child);
            let mut n = TreeNode::new(kind, child, turn, mv as i16, event);
            n.ply = p.ply + 1;
            n.pass = p.pass;
            self.index.tree.nodes.push(n);
            let id = (self.index.tree.nodes.len() - 1) as u32;
            self.index.tree.link(Some(parent), id);
        }
    }

    fn close(&mut self, i: usize, outcome: Outcome, value: i32, mv: i16) -> u32 {
        let open = self.open.pop().expect("checked by the caller");
        let n = &mut self.index.tree.nodes[open.node as usize];
        n.exit = i as u32;
        n.outcome = Some(outcome);
        n.value = value;
        n.best_mv = mv;
        self.references -= n.order_len as u64;
        if let Some(parent) = self.open.last_mut() {
            parent.last_child = Some(open.node);
        }
        open.node
    }

    fn step(&mut self, i: usize, event: Event) -> Result<(), TraceError> {
        let at = i as u32;
        match event {
            Event::PassStart { depth } => {
                if self.pass_open {
                    return Err(fail(i, "a pass starts before the previous one ended"));
                }
                self.index
                    .tree
                    .mark_transpositions(&mut self.seen, &mut self.pass_calls);
                self.pass_open = true;
                self.pushed = None;
                self.index.marks.passes.push(at);
                self.index.tree.passes.push(PassInfo {
                    depth,
                    start_event: at,
                    end_event: NONE,
                    root: NONE,
                    done: false,
                    score: 0,
                    mv: -1,
                });
            }
            Event::PassEnd {
                depth,
                done,
                score,
                mv,
            } => {
                let Some(pass) = self.index.tree.passes.last_mut().filter(|_| self.pass_open)
                else {
                    return Err(fail(i, "a pass ends that never started"));
                };
                if pass.depth != depth {
                    return Err(fail(i, format!("pass {} ends as pass {depth}", pass.depth)));
                }
                if !self.open.is_empty() {
                    return Err(fail(
                        i,
                        format!("a pass ends with {} calls still open", self.open.len()),
                    ));
                }
                (pass.end_event, pass.done, pass.score, pass.mv) = (at, done, score, mv);
                self.pass_open = false;
            }
            Event::Enter {
                state,
                turn,
                ply,
                depth,
                qleft,
                alpha,
                beta,
            } => {
                self.known(i, state)?;
                if self.trace.header.catalog.turn(state) != turn {
                    return Err(fail(
                        i,
                        format!(
                            "state {state} is entered as {}, but the catalog says {}",
                            turn.name(),
                            self.trace.header.catalog.turn(state).name()
                        ),
                    ));
                }
                let mv = self.arrival(i, state, "a call")?;
                let id = self.next_call;
                self.next_call += 1;
                let pass = self.index.tree.passes.last().map_or(0, |p| p.depth);
                let mut n = TreeNode::new(NodeKind::Call, state, turn, mv, at);
                (n.ply, n.pass, n.depth, n.qleft) = (ply, pass, depth, qleft);
                (n.alpha, n.beta) = (alpha, beta);
                let parent = self.open.last().map(|o| o.node);
                if let Some(p) = parent {
                    n.quiet_search = self.index.tree.nodes[p as usize].depth == 0;
                } else if let Some(p) = self.index.tree.passes.last_mut() {
                    p.root = id;
                }
                self.index.tree.nodes[id as usize] = n;
                self.index.tree.link(parent, id);
                self.pass_calls.push(id);
                self.open.push(Open {
                    node: id,
                    last_child: None,
                });
            }
            Event::Refused { state, ply } => {
                self.known(i, state)?;
                let mv = self.arrival(i, state, "a refusal")?;
                let turn = self.trace.header.catalog.turn(state);
                let mut n = TreeNode::new(NodeKind::Refused, state, turn, mv, at);
                n.ply = ply;
                n.pass = self.index.tree.passes.last().map_or(0, |p| p.depth);
                self.index.tree.nodes.push(n);
                let id = (self.index.tree.nodes.len() - 1) as u32;
                self.index.tree.link(self.open.last().map(|o| o.node), id);
            }
            Event::Probe {
                state,
                found,
                usable,
            } => {
                let node = self.top(i, state, "a probe")?;
                if usable && found.is_none() {
                    return Err(fail(i, "a probe found nothing but calls it usable"));
                }
                let n = &mut self.index.tree.nodes[node as usize];
                (n.probe, n.probe_usable) = (found, usable);
            }
            Event::Read {
                state, terminal, ..
            } => {
                let node = self.top(i, state, "a score read")?;
                self.index.tree.nodes[node as usize].read = Some(terminal);
            }
            Event::StandPat {
                state,
                value,
                cutoff,
            } => {
                let node = self.top(i, state, "a stand-pat")?;
                let n = &mut self.index.tree.nodes[node as usize];
                n.stand_pat = Some(value);
                if cutoff {
                    n.cut_event = at;
                    self.index.marks.cutoffs.push(at);
                }
            }
            Event::Order { state, start, len } => {
                let node = self.top(i, state, "a candidate order")?;
                let end = start as usize + len as usize;
                if end > self.trace.moves.len() {
                    return Err(fail(
                        i,
                        format!(
                            "the order reaches entry {end} of a move arena of {}",
                            self.trace.moves.len()
                        ),
                    ));
                }
                let n = &mut self.index.tree.nodes[node as usize];
                if n.order_len > 0 || n.pushes > 0 {
                    return Err(fail(i, "a second candidate order for one call"));
                }
                (n.order_start, n.order_len) = (start, len);
                self.references += len as u64;
                self.index.peak_references = self.index.peak_references.max(self.references);
            }
            Event::Push { state, mv, pos } => {
                let Some(open) = self.open.last() else {
                    return Err(fail(i, "a push outside any call"));
                };
                let n = &mut self.index.tree.nodes[open.node as usize];
                let (moves, children) = self.trace.order(n.order_start, n.order_len);
                let fits = moves.get(pos as usize) == Some(&(mv as u16))
                    && children.get(pos as usize) == Some(&state);
                if !fits {
                    return Err(fail(
                        i,
                        format!("move {mv} to state {state} is not candidate {pos} of the order"),
                    ));
                }
                if pos != n.pushes {
                    return Err(fail(
                        i,
                        format!("candidate {pos} is pushed after {} others", n.pushes),
                    ));
                }
                n.pushes += 1;
                self.pushed = Some((state, mv));
            }
            Event::Pop { state, .. } => {
                let returned = self
                    .open
                    .last()
                    .and_then(|o| o.last_child)
                    .map(|c| self.index.tree.nodes[c as usize].state);
                if returned != Some(state) {
                    return Err(fail(i, format!("state {state} pops without returning")));
                }
            }
            Event::Best { state, .. } => {
                self.top(i, state, "a new best")?;
            }
            Event::Window { state, alpha, beta } => {
                let node = self.top(i, state, "a window change")?;
                match self.open.last().and_then(|o| o.last_child) {
                    Some(child) => {
                        self.index.tree.nodes[child as usize].window_after = Some((alpha, beta))
                    }
                    None => {
                        self.index.tree.nodes[node as usize].stand_pat_window = Some((alpha, beta))
                    }
                }
            }
            Event::Cutoff { state, pos, .. } => {
                let node = self.top(i, state, "a cutoff")?;
                let n = self.index.tree.nodes[node as usize];
                if pos as usize >= n.order_len as usize || pos + 1 != n.pushes {
                    return Err(fail(
                        i,
                        format!(
                            "a cutoff after candidate {pos}, but {} of {} were tried",
                            n.pushes, n.order_len
                        ),
                    ));
                }
                self.index.tree.nodes[node as usize].cutoff = Some(pos);
                self.index.tree.nodes[node as usize].cut_event = at;
                self.index.marks.cutoffs.push(at);
                if let Some(child) = self.open.last().and_then(|o| o.last_child) {
                    self.index.tree.nodes[child as usize].caused_cutoff = true;
                }
                self.stubs(NodeKind::Skipped, node, pos as usize + 1, at);
            }
            Event::Store {
                key,
                value,
                mv,
                flag,
                kept,
            } => {
                let node = self.top(i, key.state, "a store")?;
                let n = &self.index.tree.nodes[node as usize];
                if (n.depth, n.qleft) != (key.depth, key.qleft) {
                    return Err(fail(i, "a store under a key that is not the call's"));
                }
                self.index.marks.stores.push(at);
                if kept {
                    self.index.table.record(at, key, Entry { value, mv, flag });
                }
            }
            Event::Return {
                state,
                value,
                mv,
                how,
            } => {
                let node = self.top(i, state, "a return")?;
                let outcome = match how {
                    ReturnKind::Searched(flag) => Outcome::Stored(flag),
                    ReturnKind::TableHit => {
                        if !self.index.tree.nodes[node as usize].probe_usable {
                            return Err(fail(i, "a table return without a usable probe"));
                        }
                        self.index.marks.hits.push(at);
                        Outcome::TableHit
                    }
                };
                self.close(i, outcome, value, mv);
            }
            Event::Unwind { state } => {
                let node = self.top(i, state, "an unwind")?;
                let tried = self.index.tree.nodes[node as usize].pushes as usize;
                self.close(i, Outcome::Abort, 0, -1);
                // The candidates after the one in progress were never reached.
                self.stubs(NodeKind::Unreached, node, tried, at);
            }
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Index, TraceError> {
        let end = self.trace.events.len();
        if !self.open.is_empty() {
            return Err(fail(
                end,
                format!("the trace ends with {} calls open", self.open.len()),
            ));
        }
        if self.pass_open {
            return Err(fail(end, "the trace ends inside a pass"));
        }
        self.index
            .tree
            .mark_transpositions(&mut self.seen, &mut self.pass_calls);
        let result = &self.trace.header.result;
        if self.index.tree.calls as u64 != result.stats.nodes {
            return Err(TraceError::Header(format!(
                "the header counts {} calls, the events admit {}",
                result.stats.nodes, self.index.tree.calls
            )));
        }
        let passes = &self.index.tree.passes;
        let agree = passes.len() == result.history.len()
            && passes
                .iter()
                .zip(&result.history)
                .all(|(p, h)| (p.depth, p.done, p.score, p.mv) == (h.depth, h.done, h.score, h.mv));
        if !agree {
            return Err(TraceError::Header(
                "the header's pass history does not match the passes in the events".into(),
            ));
        }
        Ok(self.index)
    }
}

/// Records `setup` on `lesson` and indexes it.
pub fn record(
    lesson: &crate::lesson::Lesson,
    setup: &crate::lesson::RunSetup,
) -> crate::error::Result<Recorded> {
    let trace = crate::run::recorded(lesson, setup)?;
    Recorded::from_trace(&lesson.name, trace)
}

impl Recorded {
    /// Indexes a trace, naming `origin` (its file) when its events do not fit.
    pub fn from_trace(origin: &str, trace: Trace) -> crate::error::Result<Recorded> {
        Recorded::new(trace).map_err(|source| crate::error::Error::Trace {
            path: origin.to_string(),
            source,
        })
    }

    /// Reads and indexes a saved trace file.
    pub fn load(path: &std::path::Path) -> crate::error::Result<Recorded> {
        let text = crate::lesson::read_text_within(path, trace::MAX_TRACE_BYTES)?;
        let origin = path.display().to_string();
        Recorded::from_trace(&origin, parse(&origin, &text)?)
    }
}

/// Reads a saved trace; `origin` names it in errors. The format and version are checked
/// before the rest, so a newer trace says so instead of failing on a field it added.
pub fn parse(origin: &str, text: &str) -> crate::error::Result<Trace> {
    use crate::error::{Error, json_error};
    #[derive(serde::Deserialize)]
    struct Peek {
        header: PeekHeader,
    }
    #[derive(serde::Deserialize)]
    struct PeekHeader {
        format: String,
        version: u32,
    }
    let named = |source| Error::Trace {
        path: origin.to_string(),
        source,
    };
    let peek: Peek = serde_json::from_str(text).map_err(|e| json_error(origin, &e))?;
    if peek.header.format != trace::FORMAT {
        return Err(named(TraceError::Format {
            found: peek.header.format,
        }));
    }
    if peek.header.version > trace::VERSION {
        return Err(named(TraceError::Version {
            found: peek.header.version,
        }));
    }
    serde_json::from_str(text).map_err(|e| json_error(origin, &e))
}
