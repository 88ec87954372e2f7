//! "Why?" on a node of the searched tree: a chain of steps of the trace, each with a short
//! sentence whose numbers are that step's own. Nothing is worded without a step behind it.
//!
//! A chain answers one question about one node:
//! - skipped: the cutoff at its parent, the window change (or chance interval) that closed the
//!   window, the child whose value did it, and where that value came from (`origin`: the best
//!   child's return, recursively, down to a score read, a stand-pat or a table probe);
//! - flag: the entry's value against the window the call was entered with;
//! - window: the parent's window at the push (negated and swapped for negamax, a null window
//!   for a PVS scout, the full window under a chance node), and where its bounds came from;
//! - chosen: the best child's value and the siblings it beat;
//! - probe: the entry found (its flag and value) against the call's window, and its store.
//!
//! Every question is asked of the index (the tree and its calls); the events are read only
//! at the steps a chain names, and a frame's own events are found by skipping its children's
//! spans, so a question costs the frame's size, not the run's. `why/monte.rs` asks the same of
//! a Monte Carlo run.

mod chain;
mod monte;
mod words;

use super::tree::{NONE, NodeKind, Outcome, Tree};
use crate::event::{Bound, Chance, Scout};
use crate::trace::Event;
use crate::value::{INF, Key, Units};

pub use chain::{Answer, Link, Question};
pub use monte::{why_played, why_selected};

impl Tree<'_> {
    /// Every question node `id` has an answer to (all of them decided somewhere in the run;
    /// a view shows those whose `at` it has reached).
    pub fn why(&self, u: &Units, id: u32) -> Vec<Answer> {
        if !self.contains(id) {
            return Vec::new();
        }
        [
            self.why_skipped(u, id),
            self.why_probe(u, id),
            self.why_window(u, id),
            self.why_flag(u, id),
            self.why_chosen(u, id),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    pub(super) fn event(&self, step: u32) -> Event {
        self.trace.events.at(step as usize)
    }

    fn called(&self, id: u32) -> String {
        self.trace.header.catalog.called(self.get(id).state)
    }

    fn link(&self, step: u32, text: String) -> Link {
        Link { step, text }
    }

    /// The frame's own events (its children's spans left out), in order.
    fn own_events(&self, call: u32) -> Vec<u32> {
        let n = self.get(call);
        let last = self.trace.events.len().saturating_sub(1) as u32;
        let end = if n.exit == NONE { last } else { n.exit };
        let mut kids = self
            .children(call)
            .filter(|&c| self.get(c).kind == NodeKind::Call)
            .map(|c| {
                let c = self.get(c);
                (c.enter, if c.exit == NONE { last } else { c.exit })
            })
            .peekable();
        let mut out = Vec::new();
        let mut i = n.enter;
        while i <= end {
            match kids.peek() {
                Some(&(from, to)) if from == i => {
                    kids.next();
                    i = to + 1;
                }
                _ => {
                    out.push(i);
                    i += 1;
                }
            }
        }
        out
    }

    /// The last of the frame's own events before `before` that `pick` accepts.
    fn last_own(&self, call: u32, before: u32, pick: impl Fn(Event) -> bool) -> Option<u32> {
        (self.own_events(call).into_iter().rev())
            .filter(|&i| i < before)
            .find(|&i| pick(self.event(i)))
    }

    /// The child call that returned last before event `before` (the one a window change, a
    /// best or an interval right after it is about).
    fn kid_before(&self, call: u32, before: u32) -> Option<u32> {
        self.children(call)
            .filter(|&c| {
                let c = self.get(c);
                c.kind == NodeKind::Call && c.exit != NONE && c.exit < before
            })
            .last()
    }

    /// The move from a node's parent to it, with the node: "m1 → B (2)".
    fn by_move(&self, id: u32) -> String {
        let n = self.get(id);
        let catalog = &self.trace.header.catalog;
        if n.parent == NONE {
            return self.called(id);
        }
        let parent = self.get(n.parent).state;
        format!("{} → {}", catalog.move_short(parent, n.mv), self.called(id))
    }

    /// Why skipped node `id` was never searched (`None` for anything but a skipped stub).
    pub fn why_skipped(&self, u: &Units, id: u32) -> Option<Answer> {
        let s = self.get(id);
        if s.kind != NodeKind::Skipped {
            return None;
        }
        let (p, at) = (s.parent, s.enter);
        let Event::Bound(Bound::Cutoff {
            pos, alpha, beta, ..
        }) = self.event(at)
        else {
            return None;
        };
        let pn = self.get(p);
        let rule = self.trace.header.options.cut;
        let mut links = vec![self.link(
            at,
            format!(
                "{}'s window ({}, {}) closed ({}) after its move {} of {}: {} never searched, {} among them.",
                self.called(p),
                u.sc(alpha),
                u.sc(beta),
                rule.spelled(crate::value::Spelling::Condition),
                pos + 1,
                pn.order_len,
                match pn.order_len - pos - 1 {
                    1 => "the 1 move after it was".to_string(),
                    k => format!("the {k} moves after it were"),
                },
                self.by_move(id),
            ),
        )];
        // The solver cuts on the value itself (its best, then the cutoff, no window change):
        // the child that reached β, then where β came from (a narrowing, else the entry).
        if self.trace.header.options.solver.is_some()
            && let Some(kid) = self.kid_before(p, at)
        {
            self.returned(u, kid, &mut links);
            let narrowed =
                self.last_own(p, at, |e| matches!(e, Event::Bound(Bound::Narrow { .. })));
            if let Some(w) = narrowed {
                links.extend(self.closing_links(u, p, w));
            }
            self.window_links(u, p, &mut links);
            return Some(Answer {
                question: Question::Skipped,
                title: format!("Why was {} skipped?", self.by_move(id)),
                at,
                links,
            });
        }
        let closing = self.last_own(p, at, |e| {
            matches!(
                e,
                Event::Bound(Bound::Window { .. }) | Event::Chance(Chance::Interval { .. })
            )
        });
        match closing {
            Some(w) => links.extend(self.closing_links(u, p, w)),
            // Nothing narrowed it: the window came closed (a wrong variant passes such
            // windows down), so why it got that window is the rest of the answer.
            None => {
                let mut up = Vec::new();
                self.window_links(u, p, &mut up);
                if let Some(first) = up.first_mut() {
                    first
                        .text
                        .push_str(" Nothing narrowed it before the cutoff.");
                }
                links.extend(up);
            }
        }
        Some(Answer {
            question: Question::Skipped,
            title: format!("Why was {} skipped?", self.by_move(id)),
            at,
            links,
        })
    }

    /// What closed frame `p`'s window at its own event `w` (a window change or a chance
    /// interval), and the child value behind it.
    fn closing_links(&self, u: &Units, p: u32, w: u32) -> Vec<Link> {
        let mut links = Vec::new();
        let name = self.called(p);
        match self.event(w) {
            Event::Chance(Chance::Interval { lo, hi, .. }) => {
                links.push(self.link(
                    w,
                    format!(
                        "With every unseen outcome inside the run's utility bounds, {name}'s average now lies in [{}, {}], outside its window.",
                        u.sc(lo),
                        u.sc(hi)
                    ),
                ));
                let sum =
                    self.last_own(p, w, |e| matches!(e, Event::Chance(Chance::Average { .. })));
                if let Some(a) = sum
                    && let Event::Chance(Chance::Average { sum, pos, .. }) = self.event(a)
                {
                    links.push(self.link(
                        a,
                        format!(
                            "Its first {} outcomes, each times its probability, add up to {}.",
                            pos + 1,
                            u.sc(sum)
                        ),
                    ));
                }
            }
            Event::Bound(Bound::Window { alpha, beta, .. }) => {
                let raised = self.family().maximises(self.get(p).turn);
                let bound = if raised {
                    format!("α rose to {}", u.sc(alpha))
                } else {
                    format!("β fell to {}", u.sc(beta))
                };
                links.push(self.link(
                    w,
                    format!(
                        "{name}'s {bound}: its window is now ({}, {}).",
                        u.sc(alpha),
                        u.sc(beta)
                    ),
                ));
            }
            e @ Event::Bound(Bound::Narrow { .. }) => {
                // Before any move: no child's value is behind it.
                links.push(self.link(w, words::narrowed(u, &name, e)));
                return links;
            }
            _ => return links,
        }
        if let Some(kid) = self.kid_before(p, w) {
            self.returned(u, kid, &mut links);
        }
        links
    }

    /// The link of a call's return, then where its value came from.
    fn returned(&self, u: &Units, call: u32, links: &mut Vec<Link>) {
        let n = self.get(call);
        if n.exit == NONE {
            return;
        }
        let mut text = format!("{} returned {}", self.by_move(call), u.sc(n.value));
        if self.negates() && n.parent != NONE {
            let p = self.called(n.parent);
            text.push_str(&format!(
                " (negamax: {p} counts it as {}, from its own side)",
                u.sc(n.value.saturating_neg())
            ));
        }
        text.push('.');
        links.push(self.link(n.exit, text));
        self.origin(u, call, links);
    }

    /// Where a call's returned value came from: a table answer, a score read, a chance
    /// node's sum or interval, a stand-pat, or its best child (recursively).
    fn origin(&self, u: &Units, call: u32, links: &mut Vec<Link>) {
        let n = self.get(call);
        let name = self.called(call);
        match n.outcome {
            Some(Outcome::TableHit) => {
                if let Some(p) = self.probe_event(call) {
                    links.push(self.link(
                        p,
                        format!(
                            "{name} was answered by the table: its probe found {}.",
                            words::entry(u, self.event(p))
                        ),
                    ));
                    links.extend(self.writer(u, call, p));
                }
                return;
            }
            Some(Outcome::Stored(_)) => {}
            Some(Outcome::Abort) | None => return,
        }
        let end = n.exit;
        let own = |pick: fn(Event) -> bool| self.last_own(call, end, pick);
        if let Some(r) = own(|e| matches!(e, Event::Bound(Bound::Read { .. }))) {
            links.push(self.link(r, words::read(u, &name, self.event(r))));
            return;
        }
        let settle = own(|e| {
            matches!(
                e,
                Event::Bound(Bound::Best { .. } | Bound::Narrow { .. })
                    | Event::Chance(Chance::Average { .. } | Chance::Interval { .. })
                    | Event::Bound(Bound::StandPat { .. })
            )
        });
        let Some(b) = settle else {
            if self.trace.header.options.solver.is_some() {
                self.fell_short(u, call, links);
            }
            return;
        };
        match self.event(b) {
            // The window closed before any move: the value is the bound that closed it.
            e @ Event::Bound(Bound::Narrow { .. }) => {
                links.push(self.link(b, words::narrowed(u, &name, e)));
            }
            Event::Bound(Bound::Best { value, .. }) => {
                let kid = self.kid_before(call, b);
                let from = kid.map_or(String::new(), |k| format!(", from {}", self.by_move(k)));
                let rel = if self.negates() { " (the child's value negated)" } else { "" };
                links.push(self.link(
                    b,
                    format!("{name}'s best became {}{from}{rel}; nothing later beat it.", u.sc(value)),
                ));
                if let Some(k) = kid {
                    self.returned(u, k, links);
                }
            }
            Event::Bound(Bound::StandPat { value, .. }) => links.push(self.link(
                b,
                format!("{name} stood pat on its static score {} and no move beat it.", u.sc(value)),
            )),
            Event::Chance(Chance::Average { sum, .. }) => links.push(self.link(
                b,
                format!("{name} is a chance node: its outcomes, each times its probability, add up to {}.", u.sc(sum)),
            )),
            Event::Chance(Chance::Interval { lo, hi, .. }) => links.push(self.link(
                b,
                format!(
                    "{name}'s average was known to lie in [{}, {}], outside its window: it returned that bound.",
                    u.sc(lo),
                    u.sc(hi)
                ),
            )),
            _ => {}
        }
    }

    /// A solver's call none of whose moves beat α: it returns α itself (fail-hard below the
    /// window), so its value is where α came from: a narrowing, else its entry.
    fn fell_short(&self, u: &Units, call: u32, links: &mut Vec<Link>) {
        let n = self.get(call);
        let name = self.called(call);
        // Said at its last move's return: the call's own store comes before its return.
        let Some(last) = self.kid_before(call, n.exit) else {
            return;
        };
        let k = self.get(last);
        // Negamax: the child's value is from its own side; the parent compares it negated.
        let seen = if self.negates() {
            format!(", {} for {name}", u.sc(k.value.saturating_neg()))
        } else {
            String::new()
        };
        links.push(self.link(
            k.exit,
            format!(
                "No move of {name} beat its α, the last ({}) returning {}{seen}: {name} returns α itself, {}, as an upper bound.",
                self.by_move(last),
                u.sc(k.value),
                u.sc(n.value)
            ),
        ));
        let narrowed = self.last_own(call, n.exit, |e| {
            matches!(e, Event::Bound(Bound::Narrow { .. }))
        });
        if let Some(w) = narrowed {
            links.extend(self.closing_links(u, call, w));
        }
        self.window_links(u, call, links);
    }

    /// A call's probe, if the table was consulted (it comes right after the `Enter`).
    fn probe_event(&self, call: u32) -> Option<u32> {
        let i = self.get(call).enter + 1;
        ((i as usize) < self.trace.events.len()
            && matches!(self.event(i), Event::Bound(Bound::Probe { .. })))
        .then_some(i)
    }

    /// The kept store that wrote the entry the probe at `p` of `call` found.
    fn writer(&self, u: &Units, call: u32, p: u32) -> Option<Link> {
        let n = self.get(call);
        let key = Key {
            state: n.state,
            depth: n.depth,
            qleft: n.qleft,
        };
        let stores = &self.marks.stores;
        let before = stores.partition_point(|&s| s < p);
        let s = stores[..before]
            .iter()
            .rev()
            .copied()
            .find(|&s| matches!(self.event(s).stored(), Some((k, _, true)) if k == key))?;
        let (_, e, _) = self.event(s).stored()?;
        Some(self.link(
            s,
            format!(
                "That entry was stored here, by an earlier visit of {}: {} {} at d{} q{}.",
                self.called(call),
                e.flag.name(),
                u.sc(e.value),
                key.depth,
                key.qleft
            ),
        ))
    }

    /// Why call `id`'s table entry has its flag: its value against the window it was entered
    /// with, then where the value came from.
    pub fn why_flag(&self, u: &Units, id: u32) -> Option<Answer> {
        let n = self.get(id);
        if n.kind != NodeKind::Call || !self.windows() {
            return None;
        }
        let s = self.last_own(id, n.exit.saturating_add(1), |e| e.stored().is_some())?;
        let (_, entry, kept) = self.event(s).stored()?;
        let rule = self.trace.header.options.cut;
        let name = self.called(id);
        let verb = if kept {
            "stores"
        } else {
            "would store (the table is off)"
        };
        let reason = words::flag_reason(u, rule, entry.value, entry.flag, (n.alpha, n.beta));
        let mut links = vec![
            self.link(
                s,
                format!(
                    "{name} {verb} {} as {}: {reason}",
                    u.sc(entry.value),
                    entry.flag.name()
                ),
            ),
            self.link(
                n.enter,
                format!(
                    "{name} was entered with the window ({}, {}).",
                    u.sc(n.alpha),
                    u.sc(n.beta)
                ),
            ),
        ];
        self.origin(u, id, &mut links);
        Some(Answer {
            question: Question::Flag,
            title: format!("Why is {name}'s entry {}?", entry.flag.name()),
            at: s,
            links,
        })
    }

    /// Why call `id` got its window: the parent's window at the push and where it came from.
    pub fn why_window(&self, u: &Units, id: u32) -> Option<Answer> {
        let n = self.get(id);
        if n.kind != NodeKind::Call || !self.windows() {
            return None;
        }
        let mut links = Vec::new();
        self.window_links(u, id, &mut links);
        let mut title = format!(
            "Why did {} get the window ({}, {})?",
            self.called(id),
            u.sc(n.alpha),
            u.sc(n.beta)
        );
        if self.negates() {
            title.push_str(" (negamax: each window is from the side to move there)");
        }
        Some(Answer {
            question: Question::Window,
            title,
            at: n.enter,
            links,
        })
    }

    /// Links of a call's entry window: its `Enter`, then the parent's window at the push and
    /// the step that set each of its bounds, up to the root.
    fn window_links(&self, u: &Units, id: u32, links: &mut Vec<Link>) {
        let n = self.get(id);
        let name = self.called(id);
        let entered = format!(
            "{name} is entered with ({}, {})",
            u.sc(n.alpha),
            u.sc(n.beta)
        );
        if n.parent == NONE {
            let full = (n.alpha, n.beta) == (-INF, INF);
            let how = if full {
                "the full window"
            } else {
                "the window the pass gives its root"
            };
            links.push(self.link(n.enter, format!("{entered}: {how}.")));
            return;
        }
        let p = self.get(n.parent);
        let pname = self.called(n.parent);
        if p.turn.is_chance() {
            links.push(self.link(
                n.enter,
                format!("{entered}: a chance node asks each outcome for its exact value, with the full window."),
            ));
            return;
        }
        let push = n.enter.saturating_sub(1);
        let set = self.last_own(n.parent, push, |e| {
            matches!(
                e,
                Event::Bound(Bound::Window { .. } | Bound::Narrow { .. })
                    | Event::Scout(Scout::NullWindow { .. } | Scout::Research { .. })
            )
        });
        let (a, b, source) = match set.map(|w| (w, self.event(w))) {
            Some((w, Event::Scout(Scout::NullWindow { alpha, beta, .. }))) => {
                (alpha, beta, Some(w))
            }
            Some((
                w,
                Event::Bound(Bound::Window { alpha, beta, .. } | Bound::Narrow { alpha, beta, .. }),
            )) => (alpha, beta, Some(w)),
            // A re-search asks again with the window the frame had before its scout.
            _ => match self.last_own(n.parent, push, |e| {
                matches!(e, Event::Bound(Bound::Window { .. } | Bound::Narrow { .. }))
            }) {
                Some(w) => match self.event(w) {
                    Event::Bound(
                        Bound::Window { alpha, beta, .. } | Bound::Narrow { alpha, beta, .. },
                    ) => (alpha, beta, Some(w)),
                    _ => (p.alpha, p.beta, None),
                },
                None => (p.alpha, p.beta, None),
            },
        };
        let passed = words::passed(u, self.negates(), (a, b), (n.alpha, n.beta), &pname);
        links.push(self.link(n.enter, format!("{entered}: {passed}.")));
        // Where the parent's window came from: the step that last narrowed it, and before
        // that (the other bound, or both) its own entry.
        let Some(w) = source else {
            self.window_links(u, n.parent, links);
            return;
        };
        if let Event::Scout(Scout::NullWindow { .. }) = self.event(w) {
            links.push(self.link(
                w,
                format!(
                    "{pname} asks {name} with the null window ({}, {}): only whether it beats α.",
                    u.sc(a),
                    u.sc(b)
                ),
            ));
            return;
        }
        links.extend(self.closing_links(u, n.parent, w));
        self.window_links(u, n.parent, links);
    }

    /// Why call `id` chose its move: the best child's value and the siblings it beat.
    pub fn why_chosen(&self, u: &Units, id: u32) -> Option<Answer> {
        let n = self.get(id);
        if n.kind != NodeKind::Call || n.turn.is_chance() || n.exit == NONE || n.best_mv < 0 {
            return None;
        }
        if !matches!(n.outcome, Some(Outcome::Stored(_))) {
            return None;
        }
        let name = self.called(id);
        let b = self.last_own(id, n.exit, |e| {
            matches!(e, Event::Bound(Bound::Best { .. }))
        })?;
        let best = self.kid_before(id, b)?;
        let catalog = &self.trace.header.catalog;
        let mv = catalog.move_short(n.state, n.best_mv);
        let mut links = vec![self.link(
            n.exit,
            format!("{name} returns {} with {mv}.", u.sc(n.value)),
        )];
        links.push(self.link(
            b,
            format!(
                "{name}'s best became {} with {}.",
                u.sc(n.value),
                self.by_move(best)
            ),
        ));
        self.returned(u, best, &mut links);
        let mover = self.trace.header.turn_name(n.turn);
        for kid in self.children(id) {
            let k = self.get(kid);
            if kid == best || k.kind != NodeKind::Call || k.researched || k.exit == NONE {
                continue;
            }
            let seen = if self.negates() {
                k.value.saturating_neg()
            } else {
                k.value
            };
            links.push(self.link(
                k.exit,
                format!(
                    "{} returned {}{}: no better for {mover} than {}.",
                    self.by_move(kid),
                    u.sc(k.value),
                    if self.negates() {
                        format!(", {} for {name}", u.sc(seen))
                    } else {
                        String::new()
                    },
                    u.sc(n.value)
                ),
            ));
        }
        if n.cut_event != NONE
            && let Event::Bound(Bound::Cutoff { alpha, beta, .. }) = self.event(n.cut_event)
        {
            links.push(self.link(
                n.cut_event,
                format!(
                    "{name}'s window ({}, {}) closed here: its remaining moves were never searched.",
                    u.sc(alpha),
                    u.sc(beta)
                ),
            ));
        }
        Some(Answer {
            question: Question::Chosen,
            title: format!("Why did {name} choose {mv}?"),
            at: n.exit,
            links,
        })
    }

    /// Why call `id`'s probe did or did not answer it.
    pub fn why_probe(&self, u: &Units, id: u32) -> Option<Answer> {
        let n = self.get(id);
        if n.kind != NodeKind::Call {
            return None;
        }
        let p = self.probe_event(id)?;
        let name = self.called(id);
        let Event::Bound(Bound::Probe { found, usable, .. }) = self.event(p) else {
            return None;
        };
        let rule = self.trace.header.options.cut;
        let text = words::probe(
            u,
            rule,
            found,
            usable,
            (n.alpha, n.beta),
            (n.depth, n.qleft),
        );
        let mut links = vec![
            self.link(p, format!("{name}'s probe {text}")),
            self.link(
                n.enter,
                format!(
                    "{name} was entered with the window ({}, {}).",
                    u.sc(n.alpha),
                    u.sc(n.beta)
                ),
            ),
        ];
        if found.is_some() {
            links.extend(self.writer(u, id, p));
        }
        let title = if usable {
            format!("Why did the table answer {name}?")
        } else {
            format!("Why did the table not answer {name}?")
        };
        Some(Answer {
            question: Question::Probe,
            title,
            at: p,
            links,
        })
    }
}
