//! Predict mode (`Q`, `prune open --predict`): before the tutor shows a step that decides
//! something, it stops and asks the student to predict it (the questions are the index's,
//! `index::question`), reads the answer from the footer's line editor, then shows the step
//! and grades the answer (`practice::predict`), with the sentence that says why.
//!
//! While a question is open its `Held` value is what the views keep back (`App::held`), and
//! this mode takes every key (`Predict::key`). Any forward move of the run (a step, a jump,
//! playback) stops at the first question due on the way (`Predict::stop`, asked by
//! `App::seek`). Nothing here knows the app: it is given the run it asks about (`Run`).

use std::collections::HashSet;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub mod why_choice;
pub mod words;

use super::keys::{KeyHelp, key};
use super::line_edit::{Edit, LineEdit};
use crate::index::Tree;
use crate::index::question::{Held, Kind, Question, Truth};
use crate::lesson::{Lesson, RunSetup};
use crate::practice::predict::{self as grader, Variant};
use crate::replay::Replay;
use crate::value::Units;

/// Runs with more events than this are not re-run with the wrong variants to name a
/// misconception (the answer is still graded).
const VARIANT_LIMIT: usize = 400_000;

/// Which questions are asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    All,
    /// Only whether a reply cuts.
    Cutoffs,
    /// The chosen kinds.
    Kinds(Vec<Kind>),
}

impl Ask {
    pub fn asks(&self, k: Kind) -> bool {
        match self {
            Ask::All => true,
            Ask::Cutoffs => k == Kind::Cut,
            Ask::Kinds(ks) => ks.contains(&k),
        }
    }

    pub fn name(&self) -> String {
        match self {
            Ask::All => "all".into(),
            Ask::Cutoffs => "cutoffs".into(),
            Ask::Kinds(ks) => ks.iter().map(|k| k.name()).collect::<Vec<_>>().join(","),
        }
    }

    /// `all`, `cutoffs`, or kinds separated by commas (`window,return,flag`).
    pub fn parse(text: &str) -> Result<Ask, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "all" => return Ok(Ask::All),
            "cutoffs" => return Ok(Ask::Cutoffs),
            _ => {}
        }
        let mut kinds = Vec::new();
        for w in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let k = Kind::named(w).ok_or_else(|| {
                let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
                format!(
                    "--predict: `{}` is not a kind of question (all, cutoffs, or some of {})",
                    crate::text::cut(w),
                    names.join(", ")
                )
            })?;
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
        Ok(Ask::Kinds(kinds))
    }

    /// What `Q` turns to next: all kinds, only cutoffs, then off.
    fn next(&self) -> Option<Ask> {
        match self {
            Ask::All => Some(Ask::Cutoffs),
            Ask::Cutoffs | Ask::Kinds(_) => None,
        }
    }
}

/// The question open now, and what has been typed.
pub struct Open {
    pub q: Question,
    pub edit: LineEdit,
    /// Why the last line could not be read (not a wrong answer).
    pub hint: Option<String>,
}

/// The layer of an open question (`components::predict`): on top while it is asked.
pub struct Asking;

/// Predict mode's keys while a question is open (the footer shows the question; the help
/// lists them whenever predict mode is on, as a question takes every letter).
pub const TITLE: &str = "Predict mode (Q)";
pub const KEYS: &[KeyHelp] = &[
    key("Enter", "answer the question typed in the footer"),
    key("Esc", "skip: show the step and its answer"),
    key("PgDn PgUp", "page the explanation while asked"),
    key("Ctrl-C", "quit while a question is open"),
    key("1–4", "with --why: the chain that explains the answer"),
];

/// What the step after an answer shows above its narration: the verdict and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reveal {
    /// The screen step it belongs to (the step shown once the answer is in).
    pub step: usize,
    pub right: bool,
    pub lines: Vec<String>,
    /// The misconception named, when one was.
    pub pitfall: Option<crate::search::Pitfall>,
}

pub struct Predict {
    pub ask: Ask,
    pub open: Option<Open>,
    /// (due, kind) of every question answered (or skipped) in this run.
    answered: HashSet<(u32, Kind)>,
    pub right: u32,
    pub asked: u32,
    pub reveals: Vec<Reveal>,
    /// Save each prediction to the progress file.
    pub save: bool,
    variants: Option<Vec<Variant>>,
    /// Where each variant's trace parts from the run's (`why_choice::parting`), once asked.
    partings: Option<Vec<usize>>,
    /// After an answer, ask why it is so as a choice between chains (`--why`).
    pub asks_why: bool,
    /// The why choice open now (`why_choice`): it holds the screen as a question does.
    pub why: Option<WhyAsked>,
    /// Why choices answered right, and asked (skipped ones count as asked).
    pub why_right: u32,
    pub why_asked: u32,
}

impl Predict {
    pub fn new(ask: Ask) -> Predict {
        Predict {
            ask,
            open: None,
            answered: HashSet::new(),
            right: 0,
            asked: 0,
            reveals: Vec::new(),
            save: false,
            variants: None,
            partings: None,
            asks_why: false,
            why: None,
            why_right: 0,
            why_asked: 0,
        }
    }

    /// What the views hold back now (while the why choice is open, what its question held:
    /// the screen stays at that step until the choice is made).
    pub fn held(&self) -> Option<Held> {
        (self.open.as_ref().map(|o| o.q.held)).or(self.why.as_ref().map(|w| w.q.held))
    }

    /// The status line's score: "predict 3/4", and "why 1/2" once a why choice was asked.
    pub fn score(&self) -> String {
        let why = match self.why_asked {
            0 => String::new(),
            n => format!(" · why {}/{n}", self.why_right),
        };
        format!("predict {}/{}{why}", self.right, self.asked)
    }

    /// The reveals for screen step `step`.
    pub fn reveal_at(&self, step: usize) -> impl Iterator<Item = &Reveal> {
        self.reveals.iter().filter(move |r| r.step == step)
    }

    /// Whether no question this mode asks is left after the one due at `due`.
    fn none_left_after(&self, replay: &Replay, due: u32) -> bool {
        (replay.tree().questions().iter())
            .filter(|q| self.ask.asks(q.kind) && !self.answered.contains(&(q.due, q.kind)))
            .all(|q| q.due < due)
    }

    /// A new run on screen: nothing of the last one's questions carries over.
    pub fn reset(&mut self) {
        let (ask, save, why) = (self.ask.clone(), self.save, self.asks_why);
        *self = Predict::new(ask);
        self.save = save;
        self.asks_why = why;
    }
}

/// A why choice open after the question `q` (`why_choice` opens and grades it).
pub struct WhyAsked {
    pub q: Question,
    pub choice: crate::practice::why_choice::WhyChoice,
    /// The reveal's "Why:" line, kept back until the pick.
    held_line: Option<String>,
}

impl WhyAsked {
    /// A key while the choice is open: a digit picks, Esc shows the answer, Ctrl-C quits.
    fn key(&self, key: KeyEvent) -> Keyed {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Keyed::Quit;
        }
        match key.code {
            KeyCode::Char(c) => match c.to_digit(10).map(|d| d as usize) {
                Some(d) if (1..=self.choice.options.len()).contains(&d) => {
                    Keyed::Chose(Some(d - 1))
                }
                _ => Keyed::Stay,
            },
            KeyCode::Esc => Keyed::Chose(None),
            KeyCode::PageDown => Keyed::Page(true),
            KeyCode::PageUp => Keyed::Page(false),
            _ => Keyed::Stay,
        }
    }
}

/// The run a question is about, and what its wrong variants are made from.
pub struct Run<'a> {
    pub replay: &'a Replay,
    pub units: &'a Units,
    pub lesson: &'a Lesson,
    pub setup: &'a RunSetup,
    /// The preset on screen, if the run is one (a course check names it).
    pub preset: Option<&'a str>,
    /// A saved trace opened without its lesson: no variants can be run.
    pub detached: bool,
}

/// What a key did while a question is open.
pub enum Keyed {
    /// Typed, or a malformed answer (its hint is shown): nothing else happens.
    Stay,
    Quit,
    /// Esc: show the step without an answer.
    Skip,
    Answer(Truth),
    /// PgDn (true) or PgUp: page the explanation, whose `n` is a letter of the answer now.
    Page(bool),
    /// The why choice: the option picked (from 0), or `None` (Esc: shown without a pick).
    Chose(Option<usize>),
}

/// What settling a question asks of the app.
pub struct Settled {
    /// The step to show now (none while another question at this step is asked).
    pub seek: Option<usize>,
    /// A message for the footer (a prediction that could not be saved).
    pub message: Option<String>,
}

impl Predict {
    /// The step a forward move from `from` to `to` stops at: the first step on the way (or
    /// `to` itself) with a question not yet answered, whose question is then opened. While a
    /// question is open nothing moves.
    pub fn stop(&mut self, tree: &Tree, from: usize, to: usize) -> usize {
        if self.open.is_some() || self.why.is_some() {
            return from;
        }
        if to <= from {
            return to;
        }
        let found = (from..=to).find_map(|d| self.due_at(tree, d as u32).map(|q| (d, q)));
        match found {
            Some((d, q)) => {
                self.ask(q);
                d
            }
            None => to,
        }
    }

    /// The first question at `d` the setting asks that is not answered yet.
    fn due_at(&self, tree: &Tree, d: u32) -> Option<Question> {
        tree.questions_at(d)
            .into_iter()
            .find(|q| self.ask.asks(q.kind) && !self.answered.contains(&(q.due, q.kind)))
    }

    fn ask(&mut self, q: Question) {
        self.open = Some(Open {
            q,
            edit: LineEdit::new(),
            hint: None,
        });
    }

    /// Opens a question due at the step on screen, if there is one (predict mode just
    /// turned on, or the next one of a step that asks two).
    pub fn ask_here(&mut self, tree: &Tree, here: usize) {
        if self.open.is_none()
            && let Some(q) = self.due_at(tree, here as u32)
        {
            self.ask(q);
        }
    }

    /// A key while a question is open: the line editor's keys; Enter reads the line (a
    /// malformed one leaves a hint), Esc skips, Ctrl-C quits.
    pub fn key(&mut self, key: KeyEvent, units: &Units, replay: &Replay) -> Keyed {
        if let Some(w) = &self.why {
            return w.key(key);
        }
        let Some(open) = self.open.as_mut() else {
            return Keyed::Stay;
        };
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Keyed::Quit;
        }
        match key.code {
            KeyCode::Enter => match grader::read_in(
                open.q.kind,
                &open.edit.text(),
                units,
                &words::choices(replay, &open.q),
            ) {
                Ok(given) => Keyed::Answer(given),
                Err(hint) => {
                    open.hint = Some(hint);
                    Keyed::Stay
                }
            },
            KeyCode::Esc => Keyed::Skip,
            KeyCode::PageDown => Keyed::Page(true),
            KeyCode::PageUp => Keyed::Page(false),
            _ => {
                if open.edit.handle(key) == Edit::Changed {
                    open.hint = None;
                }
                Keyed::Stay
            }
        }
    }

    /// Grades `given` (`None`: skipped) against the open question, records it (and saves it
    /// when `save`), and says what to show next: the next question at the same step, else
    /// the step itself with the reveal.
    pub fn settle(&mut self, run: Run<'_>, given: Option<Truth>) -> Settled {
        let Some(q) = self.open.take().map(|o| o.q) else {
            return Settled {
                seek: None,
                message: None,
            };
        };
        let reveal = self.reveal(&run, &q, given);
        let right = reveal.right;
        self.answered.insert((q.due, q.kind));
        self.asked += 1;
        self.right += u32::from(right);
        self.reveals.push(reveal);
        let mut message = None;
        if self.save
            && let Some(path) = crate::practice::store::progress_path()
            && let Err(e) = crate::practice::store::add_prediction(&path, right)
        {
            message = Some(format!("this prediction is not saved: {e}"));
        }
        // Through the run: the session's score is a course check's (predict mode through a
        // lesson's preset).
        if self.save && !run.detached && self.none_left_after(run.replay, q.due) {
            for key in super::course::predict_keys(run.lesson, run.preset) {
                let why = super::course::save_score(&key, self.right.into(), self.asked.into());
                message = message.or(why);
            }
        }
        // Why it is so, as a choice, before the step is shown (it could say why).
        if given.is_some() && self.offer_why(&run, &q) {
            return Settled {
                seek: None,
                message,
            };
        }
        // Several questions at one step (a return and its flag): the next is asked first.
        self.ask_here(&run.replay.tree(), q.due as usize);
        Settled {
            seek: self.open.is_none().then_some(shown_at(run.replay, &q)),
            message,
        }
    }

    /// The verdict on `given` and the sentence that says why, for the step `q` is due at.
    fn reveal(&mut self, run: &Run<'_>, q: &Question, given: Option<Truth>) -> Reveal {
        let (r, units) = (run.replay, run.units);
        let choices = words::choices(r, q);
        let truth = grader::written_in(q.kind, q.answer, units, &choices);
        let what = words::answer_phrase(r, q, &truth);
        let mut lines = Vec::new();
        let mut pitfall = None;
        let right = match given {
            None => {
                lines.push(format!("Skipped: {what}."));
                false
            }
            Some(g) => {
                let graded = grader::grade(q, g, units);
                if graded.right {
                    lines.push(format!("✓ Right: {what}."));
                } else {
                    let said = grader::written_in(q.kind, g, units, &choices);
                    let mut l = format!("✗ You said {said}; {what}");
                    if let Some(parts) = &graded.parts {
                        l.push_str(&format!(" ({parts})"));
                    }
                    l.push('.');
                    lines.push(l);
                    if let Some((p, sentence)) = self.misconception(run, q, g) {
                        pitfall = Some(p);
                        lines.push(format!("{}.", capital(&sentence)));
                    }
                }
                graded.right
            }
        };
        // The step the reveal shows may ask its own question at once: the why keeps back
        // what that one asks.
        let next = self.due_at(&r.tree(), q.due + 1).map(|n| n.held);
        if let Some(why) = words::why(r, units, q, next) {
            lines.push(format!("Why: {why}"));
        }
        Reveal {
            step: shown_at(r, q),
            right,
            lines,
            pitfall,
        }
    }

    /// The misconception behind a wrong answer: the variants are run once per run, on the
    /// first wrong answer (a saved trace opened without its lesson has none).
    fn misconception(
        &mut self,
        run: &Run<'_>,
        q: &Question,
        given: Truth,
    ) -> Option<(crate::search::Pitfall, String)> {
        // The wrong variants are alpha-beta's: none is a Monte Carlo mistake.
        let monte = matches!(q.kind, Kind::Select | Kind::Counts);
        if monte || run.detached || run.replay.len() > VARIANT_LIMIT {
            return None;
        }
        let variants = self.variants_of(run)?;
        grader::misconception(&run.replay.rec, q, given, variants)
    }

    /// The run's wrong variants, made once per run; none for a saved trace opened alone or a
    /// run too long to re-run.
    fn variants_of(&mut self, run: &Run<'_>) -> Option<&[Variant]> {
        if run.detached || run.replay.len() > VARIANT_LIMIT {
            return None;
        }
        let made = self
            .variants
            .get_or_insert_with(|| grader::variants(run.lesson, run.setup, VARIANT_LIMIT));
        Some(made)
    }
}

/// `Q`: predict mode on (all kinds), then only cutoffs, then off; what the footer says.
pub fn cycle(now: Option<Box<Predict>>, save: bool) -> (Option<Box<Predict>>, String) {
    match now {
        None => {
            let mut p = Predict::new(Ask::All);
            p.save = save;
            (
                Some(Box::new(p)),
                "predict mode: all (Q: only cutoffs)".into(),
            )
        }
        Some(mut p) => match p.ask.next() {
            Some(ask) => {
                let said = format!("predict mode: {} (Q: off)", ask.name());
                p.ask = ask;
                p.open = None;
                (Some(p), said)
            }
            None => (None, "predict mode off".into()),
        },
    }
}

/// The step an answer is revealed at: the one that shows the question's event, or for a
/// Monte Carlo node's counts the end of the iteration's backups, where the backup pane shows
/// the counts the verdict states (the backups run from the leaf up to the root).
pub(crate) fn shown_at(r: &Replay, q: &Question) -> usize {
    let due = q.due as usize;
    if q.kind != Kind::Counts {
        return due + 1;
    }
    let backup = |e: usize| {
        e < r.len()
            && matches!(
                r.events().at(e),
                crate::trace::Event::Mcts(crate::event::Mcts::Backup { .. })
            )
    };
    (due..)
        .find(|&e| !backup(e))
        .unwrap_or(due + 1)
        .max(due + 1)
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}
