//! Trees opened from the practice side: `#` a new random tree from the practice generator, and
//! `o` in a graded round the problem itself, at the step its verdict cites. Both are practice
//! problems, whose lesson and presets come with them; both trees are small (the generator's
//! limit), so they are recorded at once rather than in the background.

use super::app::{App, Then};
use super::components::Cited;
use crate::lesson::{Lesson, Overrides};
use crate::practice::{self, Kind};
use crate::replay::Replay;

impl App {
    /// Opens `lesson` on its preset `preset`, at call `call` (1-based) when given.
    fn open_problem_lesson(&mut self, lesson: Lesson, preset: &str, call: Option<u64>) -> bool {
        let setup = match lesson.setup(Some(preset), &Overrides::default()) {
            Ok(s) => s,
            Err(e) => {
                self.message = Some(e.to_string());
                return false;
            }
        };
        let replay = crate::index::record(&lesson, &setup).map(Replay::new);
        let opened = replay.is_ok();
        self.finish(
            Then::Open(Box::new(lesson), Some(preset.to_string()), setup),
            replay,
        );
        // A Monte Carlo verdict cites an iteration: the step where it starts.
        let monte = &self.replay.rec.index.monte;
        let step = call.and_then(|c| match monte.is_empty() {
            true => self.replay.call_step(c as usize - 1),
            false => (monte.iterations().get(c as usize - 1)).map(|&e| e as usize + 1),
        });
        if opened && let Some(step) = step {
            self.seek(step);
        }
        opened
    }

    /// `#`: the next tree of a practice set (kind `leaves`, so it has a cutoff to show) from
    /// a seed drawn once per session; the message says how to get the same tree again.
    pub fn open_random_tree(&mut self) {
        let (seed, index) = *self
            .random_trees
            .get_or_insert_with(|| (practice::clock_seed(), 0));
        self.random_trees = Some((seed, index + 1));
        match practice::generate(seed, index, Kind::Leaves) {
            Ok(p) => {
                let preset = p.item.runs[0].name.clone();
                if self.open_problem_lesson(p.lesson, &preset, None) {
                    self.message = Some(format!(
                        "a random tree: problem {} of `prune practice export --seed {seed} --kinds leaves --count {}`",
                        index + 1,
                        index + 1
                    ));
                }
            }
            Err(e) => self.message = Some(format!("no random tree: {e}")),
        }
    }

    /// `o` in a graded practice round: closes the round and opens its problem in the tutor,
    /// on the run the verdict cites, at the call it cites.
    pub fn open_cited(&mut self, cited: Cited) {
        let Cited { problem, run, call } = cited;
        let preset = problem.item.runs[run].name.clone();
        let id = problem.item.id.clone();
        let word = practice::item::step_word(problem.item.kind);
        if self.open_problem_lesson(problem.lesson, &preset, call) {
            self.message = Some(match call {
                Some(c) => format!(
                    "practice item {id}: run '{preset}' at {word} {c}, the step its verdict cites"
                ),
                None => format!("practice item {id}: run '{preset}'"),
            });
        }
    }
}
