//! Changing the run on screen: a setting changed live, another search, a comparison's second
//! run, another lesson or preset; each recorded (in the background when the loop asks) and
//! put on screen at the closest step.

use super::app::{App, Change, Compare, CompareWith, Then, record};
use super::job::Job;
use super::keys::Action;
use super::model::{algorithm_name, cut_name, on_off};
use super::partner;
use crate::error::Result;
use crate::lesson::{Lesson, Overrides, RunSetup};
use crate::replay::{Replay, ReplayState};
use crate::search::{CutRule, MAX_BUDGET, MAX_DEPTH, MAX_QLIMIT, Stats};
use crate::tui::look::Look;

impl App {
    pub(super) fn change_run(&mut self, action: Action) {
        let mut s = self.setup;
        let o = &mut s.options;
        let what = match action {
            Action::DepthDown if o.depth > 1 => {
                o.depth -= 1;
                format!("depth {}", o.depth)
            }
            Action::DepthUp if o.depth < MAX_DEPTH => {
                o.depth += 1;
                format!("depth {}", o.depth)
            }
            Action::QDown if o.qlimit > 0 => {
                o.qlimit -= 1;
                format!("q limit {}", o.qlimit)
            }
            Action::QUp if o.qlimit < MAX_QLIMIT => {
                o.qlimit += 1;
                format!("q limit {}", o.qlimit)
            }
            Action::BudgetDown => {
                let used = self.replay.result().stats.nodes.max(1);
                o.budget = (o.budget.min(used) - 1).max(1);
                format!("budget {}", o.budget)
            }
            Action::BudgetUp if o.budget < MAX_BUDGET => {
                o.budget += 1;
                format!("budget {}", o.budget)
            }
            Action::BudgetFull => {
                o.budget = MAX_BUDGET;
                format!("budget {}", o.budget)
            }
            Action::ToggleTable => {
                o.table = !o.table;
                format!("table {}", on_off(o.table))
            }
            Action::ToggleOrdering => {
                o.ordering = !o.ordering;
                format!("ordering {}", on_off(o.ordering))
            }
            Action::ToggleCutRule => {
                o.cut = match o.cut {
                    CutRule::AtLeast => CutRule::Strict,
                    CutRule::Strict => CutRule::AtLeast,
                };
                format!("cut rule {}", cut_name(o.cut))
            }
            // The main screen refused C on a search of calls (`view::screen`).
            Action::CycleC => {
                o.mcts.c = crate::search::mcts::Real(crate::tui::monte::next_c(o.mcts.c.0));
                format!("C {}", o.mcts.c_text())
            }
            Action::ToggleAlgorithm => match self.next_algorithm(o) {
                Some(what) => what,
                None => return,
            },
            _ => {
                self.message = Some("that setting is already at its limit".into());
                return;
            }
        };
        self.rerun(s, what);
    }

    /// Switches `o` to the next search this game can run, and says which; `None` (with the
    /// message) when no other applies.
    pub(super) fn next_algorithm(&mut self, o: &mut crate::search::Options) -> Option<String> {
        // Only the searches this game can run: a chance graph skips the two-player
        // ones, and expectiminimax is offered only where there is chance.
        let limits = self.lesson.model.limits();
        let chance = limits.chance && !o.chance_as_min;
        let base = *o;
        let root_seat = match self.lesson.model.side_at_start(self.setup.start) {
            crate::game::Side::Player(seat) => Some(seat),
            _ => None,
        };
        let with = |a: crate::search::Algorithm| base.switched(a, root_seat);
        let runs = |a: crate::search::Algorithm| {
            let fits = chance || !a.is_about_chance();
            fits && with(a).validate_for(&limits).is_ok()
        };
        // The cycle (`Algorithm::ALL`) may not hold the current search (max-n), so it
        // is walked once at most.
        // A game of several players has its own two models, each the other's partner
        // (max-n and paranoid); the two-player searches cycle through `ALL`.
        let step = |a: crate::search::Algorithm| {
            if limits.players > 0 {
                a.partner()
            } else {
                cycled(a)
            }
        };
        let mut next = step(o.algorithm);
        let mut tried = 0;
        while next != o.algorithm && !runs(next) && tried < CYCLE.len() {
            next = step(next);
            tried += 1;
        }
        if next == o.algorithm || !runs(next) {
            self.message = Some(format!(
                "no other search applies to this game: it stays {}",
                algorithm_name(o.algorithm)
            ));
            return None;
        }
        *o = with(next);
        // Only the paranoid model names a player it searches for.
        Some(match o.paranoid_for {
            Some(seat) => format!(
                "{} for {}",
                algorithm_name(o.algorithm),
                self.lesson
                    .graph
                    .players()
                    .get(seat.index())
                    .map_or("?", String::as_str)
            ),
            None => algorithm_name(o.algorithm).to_string(),
        })
    }

    /// Runs the core again with `setup` and keeps the closest step (same call, same offset).
    pub fn rerun(&mut self, setup: RunSetup, what: String) {
        if let Err(e) = setup.options.validate_for(&self.lesson.model.limits()) {
            self.message = Some(e);
            return;
        }
        self.run_job(setup, Then::Rerun(setup, what));
    }

    /// Records `setup` and hands the replay to `then`: in a thread when `background`, else
    /// right away. A newer job replaces one still running.
    pub(super) fn run_job(&mut self, setup: RunSetup, then: Then) {
        // Opening another lesson is how a detached trace is left, so only changes are refused.
        if let (Some(why), Then::Rerun(..) | Then::Compare(..) | Then::Reweigh(..)) =
            (&self.detached, &then)
        {
            self.message = Some(why.clone());
            return;
        }
        if self.background {
            let (lesson, what) = match &then {
                Then::Rerun(_, what) => (&self.lesson, format!("running again with {what}")),
                Then::Compare(_, label) => {
                    (&self.lesson, format!("running {label} to compare with"))
                }
                Then::Open(lesson, ..) => (&**lesson, format!("opening {}", lesson.name)),
                Then::Reweigh(lesson, _, what, _) => {
                    (&**lesson, format!("running again with {what}"))
                }
            };
            self.pending = Some((Job::start(lesson.clone(), setup, what), then));
            return;
        }
        let result = match &then {
            Then::Open(lesson, ..) | Then::Reweigh(lesson, ..) => record(lesson, &setup),
            _ => self.record_live(&setup),
        };
        self.finish(then, result);
    }

    /// Takes a finished job's replay, if there is one.
    pub fn poll_job(&mut self) {
        let Some(result) = self.pending.as_ref().and_then(|(job, _)| job.poll()) else {
            return;
        };
        if let Some((_, then)) = self.pending.take() {
            self.finish(then, result);
            if self.quit_asked {
                self.settle_quit();
            }
        }
    }

    /// Stops waiting for the job in progress (its thread finishes on its own, unseen).
    pub fn cancel_job(&mut self) {
        if let Some((job, _)) = self.pending.take() {
            self.message = Some(format!(
                "stopped {}; the run on screen is unchanged",
                job.what
            ));
        }
    }

    pub(super) fn finish(&mut self, then: Then, result: Result<Replay>) {
        match (then, result) {
            (Then::Rerun(setup, what), Ok(replay)) => self.replace_run(setup, what, replay),
            (Then::Rerun(_, what), Err(e)) => self.message = Some(format!("{what}: {e}")),
            (Then::Compare(with, label), Ok(replay)) => {
                let mut st = ReplayState::default();
                let to = partner::partner(&self.replay, &self.st, &replay);
                replay.seek_into(to.step, &mut st);
                self.compare = Some(Compare {
                    with,
                    label,
                    units: replay.units(),
                    replay,
                    st,
                    missing: to.missing,
                    diff: partner::DiffView::default(),
                });
            }
            (Then::Compare(_, label), Err(e)) => {
                self.message = Some(format!("cannot compare with {label}: {e}"))
            }
            (Then::Open(lesson, preset, setup), Ok(replay)) => {
                // A preset comes from the picker (or from opening a lesson file), which closes
                // and starts the new run still; a bare graph leaves the screen as it was.
                if preset.is_some() {
                    self.layers.clear();
                    self.playing = false;
                }
                self.lesson = *lesson;
                self.weights = None;
                self.detached = None;
                self.preset = preset;
                self.setup = setup;
                self.set_replay(replay);
                self.st = ReplayState::default();
                self.compare = None;
                self.change = None;
                self.selected = None;
                self.collapsed.clear();
            }
            (Then::Open(..), Err(e)) => self.message = Some(e.to_string()),
            (Then::Reweigh(lesson, setup, what, edited), Ok(replay)) => {
                self.reweighed((*lesson, setup), what, edited, replay)
            }
            (Then::Reweigh(_, _, what, _), Err(e)) => self.message = Some(format!("{what}: {e}")),
        }
    }

    /// Puts a changed run on screen at the closest step (same call, same offset).
    pub(super) fn replace_run(&mut self, setup: RunSetup, what: String, replay: Replay) {
        let target = aligned_step(&self.replay, &self.st, &replay);
        let sampling = |r: &Replay| Look::of_run(r).sampled();
        if sampling(&self.replay) || sampling(&replay) {
            // A Monte Carlo run's counters (tree nodes, playouts) are not a call search's:
            // no "before → after" between the two kinds.
            self.message = Some(fresh_counts(&what, &replay));
            self.change = None;
            // A comparison stays on a change of C (the same kind of run, another partner
            // run); between kinds it closes.
            let keep = (self.compare.as_ref())
                .filter(|_| sampling(&self.replay) && sampling(&replay))
                .map(|c| c.with);
            self.compare = None;
            self.setup = setup;
            self.set_replay(replay);
            self.st = ReplayState::default();
            self.selected = None;
            self.collapsed.clear();
            self.seek(target.min(self.replay.len()));
            if let Some(with) = keep {
                self.set_compare(with);
            }
            return;
        }
        self.change = Some(Change {
            before: self.replay.result().stats,
            what: what.clone(),
        });
        // Which final counters the change moved, as "nodes 12 → 13".
        let (old, new) = (self.replay.result().stats, replay.result().stats);
        let moved: Vec<String> = Stats::LABELS
            .iter()
            .zip(old.as_array().into_iter().zip(new.as_array()))
            .filter(|(_, (a, b))| a != b)
            .map(|(l, (a, b))| format!("{l} {a} → {b}"))
            .collect();
        self.message = Some(if moved.is_empty() {
            format!("run again with {what}: same counters")
        } else {
            format!("run again with {what}: {}", moved.join(", "))
        });
        self.setup = setup;
        self.set_replay(replay);
        self.st = ReplayState::default();
        self.selected = None;
        self.collapsed.clear();
        self.seek(target);
        if let Some(c) = self.compare.as_ref().map(|c| c.with) {
            self.compare = None;
            self.set_compare(c);
        }
    }

    pub(super) fn cycle_compare(&mut self) {
        let now = self.compare.as_ref().map(|c| c.with);
        let next = self.screen().next_compare(now, self.mcts_applies());
        self.compare = None;
        if let Some(w) = next {
            self.set_compare(w);
        }
    }

    pub(super) fn set_compare(&mut self, with: CompareWith) {
        let mut s = self.setup;
        let o = &mut s.options;
        let label = match with {
            CompareWith::Algorithm if Look::of(o).sampled() => {
                let (calls, label) = partner::calling_partner(*o, &self.lesson.model, s.start);
                *o = calls;
                label
            }
            CompareWith::Mcts => {
                let (sampling, label) = partner::sampling_partner(*o);
                *o = sampling;
                label
            }
            // A pitfall is compared with the right search; otherwise the partner algorithm,
            // without what it cannot take (minimax has no aspiration windows).
            CompareWith::Algorithm if o.pitfall.is_some() => {
                o.pitfall = None;
                format!("{} without the pitfall", algorithm_name(o.algorithm))
            }
            CompareWith::Algorithm => {
                o.algorithm = o.algorithm.partner();
                if !Look::of(o).prunes {
                    o.aspiration = None;
                }
                algorithm_name(o.algorithm).to_string()
            }
            CompareWith::Ordering => {
                o.ordering = !o.ordering;
                format!("ordering {}", on_off(o.ordering))
            }
            CompareWith::Table => {
                o.table = !o.table;
                format!("table {}", on_off(o.table))
            }
        };
        self.run_job(s, Then::Compare(with, label));
    }

    /// Whether Monte Carlo tree search runs on this game from this position (two players;
    /// the run's own checks say where it does not).
    pub(super) fn mcts_applies(&self) -> bool {
        let limits = self.lesson.model.limits();
        let (o, _) = partner::sampling_partner(self.setup.options);
        limits.players == 0 && o.validate_for(&limits).is_ok()
    }

    /// Loads a lesson or graph file (or a built-in by name) with its first preset.
    pub(super) fn open_file(&mut self, path: &str) {
        let loaded = Lesson::open(path).and_then(|l| {
            // A bare graph sets no depth: start it at depth 2, changeable with [ and ].
            let setup = l.setup(None, &Overrides::default()).or_else(|_| {
                l.setup(
                    None,
                    &Overrides {
                        depth: Some(2),
                        ..Overrides::default()
                    },
                )
            })?;
            Ok((l, setup))
        });
        match loaded {
            Ok((lesson, setup)) => {
                let existing = self.lessons.iter().position(|l| l.name == lesson.name);
                let li = existing.unwrap_or_else(|| {
                    self.lessons.insert(0, lesson);
                    0
                });
                let name = self.lessons[li].spec.runs.first().map(|r| r.name.clone());
                match name {
                    Some(name) => {
                        let index = self
                            .picker_items()
                            .iter()
                            .position(|(i, n)| *i == li && *n == name);
                        if let Some(index) = index {
                            self.pick(index);
                        }
                    }
                    // A bare graph has no preset: open it with the resolved defaults.
                    None => {
                        let lesson = Box::new(self.lessons[li].clone());
                        self.run_job(setup, Then::Open(lesson, None, setup));
                    }
                }
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    pub(super) fn pick(&mut self, index: usize) {
        let items = self.picker_items();
        let Some((li, name)) = items.get(index).cloned() else {
            return;
        };
        let lesson = &self.lessons[li];
        match lesson.setup(Some(&name), &Overrides::default()) {
            // In the background like a live change: a heavy preset keeps q, Esc and signals
            // working while it is recorded.
            Ok(setup) => {
                let lesson = Box::new(lesson.clone());
                if let Some(why) = self.course.as_mut().and_then(|c| c.opened(&lesson.name)) {
                    self.message = Some(why);
                }
                self.run_job(setup, Then::Open(lesson, Some(name), setup));
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }
}

/// The step of `to` closest to `st` in `from`: the same call number and offset into it.
pub fn aligned_step(from: &Replay, st: &ReplayState, to: &Replay) -> usize {
    // At the end of the run is at the end of the new one too, whatever its last call's tail
    // (the passes after it) holds.
    if st.step >= from.len() {
        return to.len();
    }
    let call = st.stats.nodes as usize;
    let calls = to.tree().calls() as usize;
    if call == 0 || calls == 0 {
        return st.step.min(to.len());
    }
    let offset = from
        .call_step(call - 1)
        .map_or(0, |s| st.step.saturating_sub(s));
    let i = (call - 1).min(calls - 1);
    let base = to.call_step(i).unwrap_or(0);
    let limit = to.call_step(i + 1).map_or(to.len(), |s| s - 1);
    (base + offset).min(limit)
}

/// What a live change says when a Monte Carlo run is on either side of it: the new run's own
/// counts, in its own words.
fn fresh_counts(what: &str, r: &Replay) -> String {
    let st = r.result().stats;
    if Look::of_run(r).sampled() {
        format!(
            "run again with {what}: {} iterations, {} nodes in the tree, {} playouts or known outcomes",
            r.index().monte.iterations().len(),
            st.nodes,
            st.evals
        )
    } else {
        format!(
            "run again with {what}: nodes {}, evals {}, cutoffs {}",
            st.nodes, st.evals, st.cutoffs
        )
    }
}

/// The searches `a` cycles through on a two-player game: the core's own list, then Monte
/// Carlo tree search (which runs wherever the game has terminal outcomes; the run's
/// validation says where it does not).
const CYCLE: [crate::search::Algorithm; 6] = [
    crate::search::Algorithm::ALL[0],
    crate::search::Algorithm::ALL[1],
    crate::search::Algorithm::ALL[2],
    crate::search::Algorithm::ALL[3],
    crate::search::Algorithm::ALL[4],
    crate::search::Algorithm::Mcts,
];

/// The search after `a` in `CYCLE` (the first when `a` is not in it).
fn cycled(a: crate::search::Algorithm) -> crate::search::Algorithm {
    let at = CYCLE.iter().position(|&x| x == a);
    CYCLE[at.map_or(0, |i| (i + 1) % CYCLE.len())]
}
