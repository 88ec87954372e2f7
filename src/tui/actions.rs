//! What the main screen's actions do (`keys::Action`, from the binding table): moving through
//! the run, paging its panes, playback, view settings, other runs and typed lines. Changing
//! the run itself is `rerun`'s.

use super::app::{App, PromptKind};
use super::keys::Action;
use super::play::Until;
use crate::index::NONE;
use crate::lesson::{Overrides, parse_bound};
use crate::replay::Replay;
use crate::tui::look::Look;

impl App {
    /// One step of playback.
    pub fn tick(&mut self) {
        if self.playing {
            if self.st.step >= self.replay.len() {
                self.playing = false;
            } else {
                let stop = self.play_until.next_stop(&self.replay, &self.st);
                self.seek(self.st.step + 1);
                if stop == Some(self.st.step) {
                    self.playing = false;
                    self.message = Some(format!("stopped at the next {}", self.play_until.name()));
                }
            }
        }
    }

    pub fn act(&mut self, action: Action) {
        // What means nothing on this run's screen says so in one line (a Monte Carlo run's
        // ↓ ↑ scroll its phase pane when it is cut, as it makes no calls to step).
        if let Some(why) = self.screen().refuses(action, self.present.on) {
            if !self.scroll_phase(action) {
                self.message = Some(why.into());
            }
            return;
        }
        let target = match self.motion(action) {
            Some(target) => target,
            None => {
                self.act_in_place(action);
                None
            }
        };
        if let Some(t) = target {
            // The inspector follows its node through the steps; otherwise stepping deselects.
            if !self.inspecting {
                self.selected = None;
            }
            self.seek(t.min(self.replay.len()));
        }
    }

    /// An action that stays at this step: a window, a pane's scrolling, playback, a view
    /// setting, another run, or else a change to this run.
    pub(super) fn act_in_place(&mut self, action: Action) {
        let done = self.open_window(action)
            || self.scroll_pane(action)
            || self.playback(action)
            || self.view_setting(action)
            || self.other_run(action);
        if !done {
            self.change_run(action);
        }
    }

    /// The step a moving action goes to (`Some(None)`: it found nowhere to go); `None` for
    /// an action that does not move.
    pub(super) fn motion(&mut self, action: Action) -> Option<Option<usize>> {
        let step = self.st.step;
        let r = &self.replay;
        let target = match action {
            Action::StepForward => Some(step + 1),
            Action::StepBack => Some(step.saturating_sub(1)),
            Action::CallForward => {
                Some(r.call_step(self.st.stats.nodes as usize).unwrap_or(r.len()))
            }
            Action::CallBack => {
                let c = self.st.stats.nodes as usize;
                // Back to the previous call's admission, or to the start.
                let here = c.checked_sub(1).and_then(|i| r.call_step(i));
                match here {
                    Some(s) if s < step => Some(s),
                    _ => Some(c.checked_sub(2).and_then(|i| r.call_step(i)).unwrap_or(0)),
                }
            }
            Action::StepOut => match self.st.top() {
                Some(f) => {
                    let exit = r.tree().get(f.node).exit;
                    Some(if exit == NONE {
                        r.len()
                    } else {
                        exit as usize + 1
                    })
                }
                None => Some(step + 1),
            },
            Action::NextCutoff => self.jump(Replay::next_mark(&r.marks().cutoffs, step), "cutoff"),
            Action::PrevCutoff => self.jump(Replay::prev_mark(&r.marks().cutoffs, step), "cutoff"),
            Action::NextHit => self.jump(Replay::next_mark(&r.marks().hits, step), "table hit"),
            Action::PrevHit => self.jump(Replay::prev_mark(&r.marks().hits, step), "table hit"),
            Action::NextStore => self.jump(Replay::next_mark(&r.marks().stores, step), "store"),
            Action::PrevStore => self.jump(Replay::prev_mark(&r.marks().stores, step), "store"),
            Action::NextPass => self.jump(Replay::next_mark(&r.marks().passes, step), "pass"),
            Action::PrevPass => self.jump(Replay::prev_mark(&r.marks().passes, step), "pass"),
            Action::NextResearch => {
                let to = Replay::next_mark(&r.marks().researches, step);
                self.jump(to, "re-search (PVS runs have them)")
            }
            Action::PrevResearch => {
                let to = Replay::prev_mark(&r.marks().researches, step);
                self.jump(to, "re-search (PVS runs have them)")
            }
            Action::NextAttempt => {
                let to = Replay::next_mark(&r.marks().attempts, step);
                self.jump(to, "aspiration attempt (runs with --aspiration have them)")
            }
            Action::NextIteration => {
                let to = crate::tui::monte::next_iteration(r, step);
                self.jump(to, "iteration (MCTS runs have them)")
            }
            Action::PrevIteration => {
                let to = crate::tui::monte::prev_iteration(r, step);
                self.jump(to, "iteration (MCTS runs have them)")
            }
            Action::NextPhase => {
                let to = crate::tui::monte::next_phase(r, step);
                self.jump(to, "phase (MCTS runs have them)")
            }
            Action::PrevPhase => {
                let to = crate::tui::monte::prev_phase(r, step);
                self.jump(to, "phase (MCTS runs have them)")
            }
            Action::Start => Some(0),
            Action::End => Some(r.len()),
            Action::NextMark => {
                let to = self.bookmarks.next(&self.lesson.name, &self.setup, step);
                self.jump(to, "mark")
            }
            Action::PrevMark => {
                let to = self.bookmarks.prev(&self.lesson.name, &self.setup, step);
                self.jump(to, "mark")
            }
            _ => return None,
        };
        Some(target)
    }

    /// ↓ or ↑ on a Monte Carlo run: the phase pane a row down or up, when the last frame
    /// showed it cut (else false: there is nothing to scroll).
    pub(super) fn scroll_phase(&mut self, action: Action) -> bool {
        let shown = self.laid.table_shown;
        let to = match action {
            Action::CallForward if shown.below() > 0 => shown.first + 1,
            Action::CallBack if shown.above() > 0 => shown.first - 1,
            _ => return false,
        };
        self.scrolls.table = Some(to);
        true
    }

    /// Paging the explanation and the tree.
    pub(super) fn scroll_pane(&mut self, action: Action) -> bool {
        match action {
            Action::MoreText => {
                // Page on through the explanation; after its last page, back to its start.
                let shown = self.laid.narration_shown;
                let sc = &mut self.scrolls;
                sc.narration = if shown.below() > 0 {
                    shown.first + shown.rows.max(1)
                } else {
                    0
                };
            }
            Action::LessText => {
                let shown = self.laid.narration_shown;
                let sc = &mut self.scrolls;
                sc.narration = shown.first.saturating_sub(shown.rows.max(1));
            }
            Action::TreePageDown | Action::TreePageUp => {
                let page = (self.laid.tree_area.height as i32 - 2).max(1);
                let by = if action == Action::TreePageDown {
                    page
                } else {
                    -page
                };
                self.scroll_tree(by);
            }
            _ => return false,
        }
        true
    }

    /// Playing the run, and how fast and how far.
    pub(super) fn playback(&mut self, action: Action) -> bool {
        match action {
            Action::PlayPause => {
                self.playing = !self.playing;
                if self.playing && self.play_until.next_stop(&self.replay, &self.st).is_none() {
                    let what = self.play_until.name();
                    if what != Until::default().name() {
                        self.message = Some(format!("no further {what}: playing to the end"));
                    }
                }
            }
            Action::PlayUntil => {
                self.play_until = self.screen().next_play_stop(self.play_until);
                self.message = Some(self.play_until.label());
            }
            Action::Faster => {
                self.speed_ms = (self.speed_ms / 2).max(25);
            }
            Action::Slower => {
                self.speed_ms = (self.speed_ms * 2).min(3200);
            }
            _ => return false,
        }
        true
    }

    /// How the run is shown: presenter mode, the tree's mode and folds, the side values are counted from, a comparison.
    pub(super) fn view_setting(&mut self, action: Action) -> bool {
        match action {
            Action::MaxSide => {
                if Look::of_run(&self.replay).side_to_move {
                    self.max_side = !self.max_side;
                    self.message = Some(if self.max_side {
                        "stack and tree: values from MAX's side (M: back to the side to move)"
                            .into()
                    } else {
                        "stack and tree: values from the side to move, as negamax has them".into()
                    });
                } else {
                    self.message = Some(
                    "this run's values are already from MAX's side (M is for negamax and PVS runs)"
                        .into(),
                );
                }
            }
            Action::Present
            | Action::Palette
            | Action::PaneTable
            | Action::PaneStack
            | Action::PaneCounters => {
                self.message = self.present.act(action);
            }
            Action::TreeMode => {
                self.outline = !self.outline;
            }
            Action::Collapse => {
                if let Some(n) = self.focus() {
                    if !self.collapsed.remove(&n) {
                        self.collapsed.insert(n);
                    }
                    self.outline = true;
                }
            }
            Action::Compare => {
                self.cycle_compare();
            }
            _ => return false,
        }
        true
    }

    /// Another preset, the demo, a random tree, and marking this step.
    pub(super) fn other_run(&mut self, action: Action) -> bool {
        let step = self.st.step;
        match action {
            Action::NextPreset => {
                let runs = &self.lesson.spec.runs;
                if !runs.is_empty() {
                    let i = self
                        .preset
                        .as_ref()
                        .and_then(|p| runs.iter().position(|r| &r.name == p))
                        .map_or(0, |i| (i + 1) % runs.len());
                    let name = runs[i].name.clone();
                    self.use_preset(&name);
                }
            }
            // A demo's sentences speak of the lesson's weights.
            Action::DemoNext | Action::DemoChoose if self.scores_changed() => {
                self.message = Some(self.weights_demo_refusal());
            }
            Action::DemoNext => {
                self.demo_next();
            }
            Action::DemoChoose => {
                self.demo_choose();
            }
            Action::RandomTree => {
                self.open_random_tree();
            }
            Action::Mark => {
                let on = self.bookmarks.toggle(&self.lesson.name, &self.setup, step);
                let done = if on { "marked" } else { "unmarked" };
                self.message = Some(format!("step {step} {done}"));
            }
            _ => return false,
        }
        true
    }

    /// Runs the lesson's preset `name` (false if the lesson cannot set it up).
    pub fn use_preset(&mut self, name: &str) -> bool {
        match self.lesson.setup(Some(name), &Overrides::default()) {
            Ok(setup) => {
                self.preset = Some(name.to_string());
                self.rerun(setup, format!("preset '{name}'"));
                true
            }
            Err(e) => {
                self.message = Some(e.to_string());
                false
            }
        }
    }

    pub(super) fn jump(&mut self, to: Option<usize>, what: &str) -> Option<usize> {
        if to.is_none() {
            self.message = Some(format!("no further {what} in that direction"));
        }
        to
    }

    pub(super) fn submit(&mut self, kind: PromptKind, text: &str) {
        match kind {
            PromptKind::GoTo => {
                let t = text.trim();
                let parsed = match t.strip_prefix('c') {
                    Some(call) => call
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| n.checked_sub(1))
                        .and_then(|n| self.replay.call_step(n)),
                    None => t.parse::<usize>().ok(),
                };
                match parsed {
                    Some(s) => {
                        self.selected = None;
                        self.seek(s.min(self.replay.len()));
                    }
                    None => self.message = Some(format!("'{t}' is not a step (N) or a call (cN)")),
                }
            }
            PromptKind::Open => self.open_file(text.trim()),
            PromptKind::Weights => self.submit_weights(text),
            PromptKind::Leaf(state) => self.submit_leaf(state, text),
            PromptKind::Window => {
                let parts: Vec<&str> = text.split([' ', ',']).filter(|p| !p.is_empty()).collect();
                let parsed = match parts.as_slice() {
                    [a, b] => parse_bound(a).and_then(|a| parse_bound(b).map(|b| (a, b))),
                    _ => Err("type two bounds, e.g. '-inf 5' or '2 4'".into()),
                };
                match parsed {
                    Ok(w) => {
                        let mut s = self.setup;
                        s.options.window = w;
                        self.rerun(
                            s,
                            format!("window ({}, {})", self.units.sc(w.0), self.units.sc(w.1)),
                        );
                    }
                    Err(e) => self.message = Some(e),
                }
            }
        }
    }
}
