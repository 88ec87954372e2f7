//! The why choice in predict mode (`--why`): once an answer is graded, before the step is
//! shown, the student picks the chain that explains it among the run's own and those of the
//! misconception runs that part from it there (`practice::why_choice`). Until the pick the
//! screen stays where the question was asked and holds back what it held, the reveal's own
//! "Why:" line is kept back (it is the right option), and every key goes to the choice.

use super::{Predict, Run, Settled, WhyAsked, shown_at};
use crate::index::question::Question;
use crate::practice::why_choice;

impl Predict {
    /// Opens the why choice after `q` when predict mode asks why and the step has one;
    /// whether it did.
    pub(super) fn offer_why(&mut self, run: &Run<'_>, q: &Question) -> bool {
        if !self.asks_why || why_choice::chain(&run.replay.tree(), run.units, q).is_none() {
            return false;
        }
        if self.variants_of(run).is_none() {
            return false;
        }
        let (variants, rec) = (
            self.variants.as_deref().unwrap_or_default(),
            &run.replay.rec,
        );
        let partings = self.partings.get_or_insert_with(|| {
            (variants.iter())
                .map(|v| why_choice::parting(rec, &v.rec))
                .collect()
        });
        let Some(choice) = why_choice::offer(rec, run.units, q, variants, partings) else {
            return false;
        };
        let held_line = self.reveals.last_mut().and_then(|r| {
            let at = r.lines.iter().position(|l| l.starts_with("Why: "))?;
            Some(r.lines.remove(at))
        });
        self.why = Some(WhyAsked {
            q: *q,
            choice,
            held_line,
        });
        true
    }

    /// Grades the pick (`None`: skipped), adds the verdict and the chain to the reveal, and
    /// shows the step (or asks the next question at it).
    pub fn choose(&mut self, run: Run<'_>, pick: Option<usize>) -> Settled {
        let Some(w) = self.why.take() else {
            return Settled {
                seek: None,
                message: None,
            };
        };
        self.why_asked += 1;
        let verdict = match pick.map(|i| &w.choice.options[i]) {
            None => None,
            Some(o) => match o.from {
                None => {
                    self.why_right += 1;
                    Some("✓ Why: that is the run's own chain.".to_string())
                }
                Some(p) => Some(format!(
                    "✗ Why: that chain is a run's where {} [{}].",
                    crate::practice::predict::mistake(&run.replay.rec, &w.q, p),
                    p.name()
                )),
            },
        };
        if let Some(r) = self.reveals.last_mut() {
            r.lines.extend(verdict);
            r.lines.extend(w.held_line);
        }
        self.ask_here(&run.replay.tree(), w.q.due as usize);
        Settled {
            seek: self.open.is_none().then_some(shown_at(run.replay, &w.q)),
            message: None,
        }
    }
}
