//! A lesson's demo script, carried out one step per `d` (issue 14). Every step is done with
//! the tutor's own actions (the jumps, the toggles, presets, the comparison, the `:` prompt),
//! so a demo goes nowhere the keys could not and shows the same screens they would.
//!
//! What a step says (a `say`, an `ask`, what a `go` did) is shown in the narration only at
//! the step of the run it was said at: once the run moves on or changes, it is not about the
//! screen any more, and disappears.

use super::app::{App, CompareWith, PromptKind};
use super::demo_run::{DemoRun, Said};
use super::keys::Action;
use crate::lesson::RunSetup;
use crate::lesson::demo::{DemoSpec, Setting, Step, Target};
use crate::tui::look::Look;

impl App {
    fn demos(&self) -> &[DemoSpec] {
        &self.lesson.spec.demos
    }

    /// `D`: the lesson's next demo (the first when none is on), from its start.
    pub fn demo_choose(&mut self) {
        if self.demos().is_empty() {
            self.message = Some("this lesson has no demo".into());
            return;
        }
        let next = match &self.demo {
            Some(d) if d.lesson == self.lesson.name => (d.index + 1) % self.demos().len(),
            _ => 0,
        };
        self.demo_start(next);
        let names: Vec<&str> = self.demos().iter().map(|d| d.name.as_str()).collect();
        if names.len() > 1 {
            self.message = Some(format!(
                "demo {} of {}: {} (d starts it, D for the next)",
                next + 1,
                names.len(),
                names[next]
            ));
        }
    }

    /// `d`: the demo's next step; the first demo when none is on (from its start).
    pub fn demo_next(&mut self) {
        if self.pending.is_some() {
            self.message =
                Some("the run is still being recorded; d goes on once it is shown".into());
            return;
        }
        // A demo belongs to its lesson: after opening another, `d` starts that one's.
        let current = self
            .demo
            .as_ref()
            .filter(|d| d.lesson == self.lesson.name && d.index < self.demos().len());
        let Some(demo) = current.cloned() else {
            if self.demos().is_empty() {
                self.message = Some("this lesson has no demo".into());
                return;
            }
            self.demo_start(0);
            // A start that re-records the run waits for it; otherwise go on at once.
            if self.pending.is_none() {
                self.demo_next();
            }
            return;
        };
        if let Some(reveal) = demo.reveal {
            // The question stays on screen, without its cue, beside the answer.
            let question = demo
                .said
                .map(|s| s.text.replace(" (d shows the answer)", ""))
                .unwrap_or_default();
            let result = self.carry_out(&reveal).map(|shown| match reveal {
                Step::Go(target) => format!("{question} The answer, at {}:", target.describe()),
                _ => format!("{question} {shown}"),
            });
            if let Some(d) = self.demo.as_mut() {
                d.reveal = None;
            }
            self.finish_step(result);
            return;
        }
        if demo.done >= demo.len {
            self.demo_start(demo.index);
            self.message = Some(format!("demo '{}' starts again", demo.name));
            return;
        }
        let step = self.demos()[demo.index].steps[demo.done].clone();
        let result = match &step {
            Step::Ask { question, reveal } => {
                if let Some(d) = self.demo.as_mut() {
                    d.reveal = Some((**reveal).clone());
                }
                Ok(format!("Question: {question} (d shows the answer)"))
            }
            other => self.carry_out(other),
        };
        if let Some(d) = self.demo.as_mut() {
            d.done += 1;
        }
        self.finish_step(result);
    }

    /// Records what a step showed (or why it failed) where the narration and footer read it.
    fn finish_step(&mut self, result: Result<String, String>) {
        let (lesson, setup, step) = (self.lesson.name.clone(), self.setup, self.st.step);
        let Some(d) = self.demo.as_mut() else {
            return;
        };
        match result {
            Ok(text) => {
                d.failed = None;
                d.said = Some(Said {
                    text,
                    lesson,
                    setup,
                    step,
                });
            }
            Err(why) => {
                d.said = None;
                self.message = Some(format!("demo step {}: {why}", d.done));
                d.failed = Some(why);
            }
        }
    }

    /// Puts demo `index` at its start: its preset at step 0, nothing compared.
    fn demo_start(&mut self, index: usize) {
        let spec = &self.demos()[index];
        let (name, len) = (spec.name.clone(), spec.steps.len());
        let run = spec
            .run
            .clone()
            .or_else(|| self.lesson.spec.runs.first().map(|r| r.name.clone()));
        self.playing = false;
        self.compare = None;
        self.selected = None;
        self.seek(0);
        if let Some(run) = run {
            let same = self.preset.as_deref() == Some(run.as_str())
                && self
                    .lesson
                    .setup(Some(&run), &Default::default())
                    .is_ok_and(|s| s == self.setup);
            if !same {
                self.use_preset(&run);
            }
        }
        self.demo = Some(DemoRun {
            index,
            lesson: self.lesson.name.clone(),
            name,
            done: 0,
            len,
            reveal: None,
            said: None,
            failed: None,
        });
    }

    /// Does one step with the tutor's actions; what to show for it, or why it could not.
    fn carry_out(&mut self, step: &Step) -> Result<String, String> {
        self.message = None;
        match step {
            Step::Say(text) => Ok(text.clone()),
            Step::Pause => {
                self.playing = false;
                Ok("(pause)".into())
            }
            Step::Go(target) => {
                match *target {
                    Target::Cutoff => self.act(Action::NextCutoff),
                    Target::Hit => self.act(Action::NextHit),
                    Target::Store => self.act(Action::NextStore),
                    Target::Pass => self.act(Action::NextPass),
                    Target::Research => self.act(Action::NextResearch),
                    Target::Attempt => self.act(Action::NextAttempt),
                    Target::Iteration => self.act(Action::NextIteration),
                    Target::Phase => self.act(Action::NextPhase),
                    Target::Start => self.act(Action::Start),
                    Target::End => self.act(Action::End),
                    Target::Call(n) if n > self.replay.tree().calls() as u64 => {
                        return Err(format!("the run has {} calls", self.replay.tree().calls()));
                    }
                    Target::Call(n) => self.submit(PromptKind::GoTo, &format!("c{n}")),
                    Target::Step(n) if n as usize > self.replay.len() => {
                        return Err(format!("the run has {} steps", self.replay.len()));
                    }
                    Target::Step(n) => self.submit(PromptKind::GoTo, &n.to_string()),
                }
                // The jumps and the prompt say why they did not move, and only then.
                match self.message.take() {
                    Some(why) => Err(why),
                    None => Ok(format!("→ {}", target.describe())),
                }
            }
            Step::Toggle(setting) => {
                let before = self.setup;
                self.act(match setting {
                    Setting::Ordering => Action::ToggleOrdering,
                    Setting::Table => Action::ToggleTable,
                    Setting::Cut => Action::ToggleCutRule,
                    Setting::Algorithm => Action::ToggleAlgorithm,
                    Setting::C => Action::CycleC,
                });
                self.changed(before, format!("{} flipped", setting.name()))
                    .map(|flipped| self.change_said().unwrap_or(flipped))
            }
            Step::Preset(name) => {
                let before = self.setup;
                // Already on it, unchanged since (a toggle keeps the preset's name).
                let same = self.preset.as_deref() == Some(name.as_str())
                    && self
                        .lesson
                        .setup(Some(name), &Default::default())
                        .is_ok_and(|s| s == self.setup);
                if same {
                    return Ok(format!("preset '{name}'"));
                }
                if !self.use_preset(name) {
                    return Err(self.message.take().unwrap_or_default());
                }
                self.changed(before, format!("preset '{name}'"))
                    .or_else(|_| Ok(format!("preset '{name}' (the same settings)")))
            }
            Step::Compare(setting) => {
                let with = match setting {
                    Setting::Ordering => CompareWith::Ordering,
                    Setting::Table => CompareWith::Table,
                    Setting::Algorithm => CompareWith::Algorithm,
                    Setting::Cut | Setting::C => {
                        return Err("compare takes algorithm, ordering or table".into());
                    }
                };
                self.compare = None;
                self.set_compare(with);
                match (&self.compare, &self.pending) {
                    // Beside a Monte Carlo run is another search, not the same one changed.
                    (Some(c), _) if Look::of_run(&self.replay).sampled() => {
                        Ok(format!("beside it: {} on the same position", c.label))
                    }
                    (Some(c), _) => Ok(format!("beside it: the same search with {}", c.label)),
                    (None, Some(_)) => Ok(format!("compared with {}", setting.name())),
                    (None, None) => Err(self.message.take().unwrap_or_default()),
                }
            }
            // A question inside a reveal has nothing to reveal it.
            Step::Ask { .. } => Err("a reveal cannot ask again".into()),
        }
    }

    /// What the last run change was, in the tutor's words ("ordering on"), or the one
    /// being recorded.
    fn change_said(&self) -> Option<String> {
        match &self.pending {
            Some((_, super::app::Then::Rerun(_, what))) => {
                Some(format!("running again with {what}"))
            }
            Some(_) => None,
            None => self
                .change
                .as_ref()
                .map(|c| format!("run again with {}", c.what)),
        }
    }

    /// A run change took (or is being recorded): `shown`; else why not.
    fn changed(&mut self, before: RunSetup, shown: String) -> Result<String, String> {
        if self.setup != before || self.pending.is_some() {
            Ok(shown)
        } else {
            Err(self
                .message
                .take()
                .unwrap_or_else(|| "the run did not change".into()))
        }
    }

    /// What the demo said at the step on screen (nothing once the run moved or changed).
    pub fn demo_line(&self) -> Option<&str> {
        let said = self.demo.as_ref()?.said.as_ref()?;
        (said.lesson == self.lesson.name && said.setup == self.setup && said.step == self.st.step)
            .then_some(said.text.as_str())
    }
}
