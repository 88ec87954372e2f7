//! Predict mode (`Q`, `prune open --predict`): before the tutor shows a step that decides
//! something, it stops and asks the student to predict it (the questions are the index's,
//! `index::question`), reads the answer from the footer's line editor, then shows the step
//! and grades the answer (`practice::predict`), with the sentence that says why.
//!
//! While a question is open its `Held` value is what the views keep back (`App::held`), and
//! this mode takes every key. Any forward move of the run (a step, a jump, playback) stops at
//! the first question due on the way (`stop`, called by `App::seek`).

use std::collections::HashSet;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::app::App;
use super::line_edit::{Edit, LineEdit};
use crate::index::question::{Held, Kind, Question, Truth};
use crate::practice::predict::{self as grader, Variant};

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
        }
    }

    /// What the views hold back now.
    pub fn held(&self) -> Option<Held> {
        self.open.as_ref().map(|o| o.q.held)
    }

    /// The status line's score: "predict 3/4".
    pub fn score(&self) -> String {
        format!("predict {}/{}", self.right, self.asked)
    }

    /// The reveals for screen step `step`.
    pub fn reveal_at(&self, step: usize) -> impl Iterator<Item = &Reveal> {
        self.reveals.iter().filter(move |r| r.step == step)
    }

    /// A new run on screen: nothing of the last one's questions carries over.
    pub fn reset(&mut self) {
        let (ask, save) = (self.ask.clone(), self.save);
        *self = Predict::new(ask);
        self.save = save;
    }
}

/// The step a forward move to `to` stops at: the first step on the way (or `to` itself)
/// with a question not yet answered, whose question is then opened (playback stops). While
/// a question is open nothing moves.
pub fn stop(app: &mut App, to: usize) -> usize {
    let from = app.st.step;
    let Some(p) = app.predict.as_deref() else {
        return to;
    };
    if p.open.is_some() {
        return from;
    }
    if to <= from {
        return to;
    }
    let tree = app.replay.tree();
    let found = (from..=to).find_map(|d| due_at(p, &tree, d as u32).map(|q| (d, q)));
    let Some((d, q)) = found else {
        return to;
    };
    app.playing = false;
    ask(app, q);
    d
}

/// Opens question `q`.
fn ask(app: &mut App, q: Question) {
    if let Some(p) = app.predict.as_deref_mut() {
        p.open = Some(Open {
            q,
            edit: LineEdit::new(),
            hint: None,
        });
    }
}

/// A question due at the step on screen, opened (predict mode just turned on, or the next
/// one of a step that asks two).
fn ask_here(app: &mut App) {
    let here = app.st.step as u32;
    let q = app
        .predict
        .as_deref()
        .and_then(|p| due_at(p, &app.replay.tree(), here));
    if let Some(q) = q {
        ask(app, q);
    }
}

/// The first question at `d` the setting asks that is not answered yet.
fn due_at(p: &Predict, tree: &crate::index::Tree, d: u32) -> Option<Question> {
    tree.questions_at(d)
        .into_iter()
        .find(|q| p.ask.asks(q.kind) && !p.answered.contains(&(q.due, q.kind)))
}

/// `Q`: predict mode on (all kinds), then only cutoffs, then off. At the step on screen a
/// question due here is asked at once.
pub fn cycle(app: &mut App) {
    let next = match &app.predict {
        None => Some(Ask::All),
        Some(p) => p.ask.next(),
    };
    match next {
        Some(ask) => {
            let name = ask.name();
            match app.predict.as_deref_mut() {
                Some(p) => {
                    p.ask = ask;
                    p.open = None;
                }
                None => {
                    let mut p = Predict::new(ask);
                    p.save = app.background;
                    app.predict = Some(Box::new(p));
                }
            }
            app.message = Some(format!(
                "predict mode: {name} (Q: {})",
                if name == "all" { "only cutoffs" } else { "off" }
            ));
            ask_here(app);
        }
        None => {
            app.predict = None;
            app.message = Some("predict mode off".into());
        }
    }
}

/// A key while a question is open (else false): the line editor's keys, Enter answers, Esc
/// shows the step without an answer (counted as asked), Ctrl-C quits.
pub fn key(app: &mut App, key: KeyEvent) -> bool {
    let Some(open) = app.predict.as_deref_mut().and_then(|p| p.open.as_mut()) else {
        return false;
    };
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        app.quit = true;
        return true;
    }
    match key.code {
        KeyCode::Enter => {
            let text = open.edit.text();
            submit(app, &text);
        }
        KeyCode::Esc => settle(app, None),
        _ => {
            if open.edit.handle(key) == Edit::Changed {
                open.hint = None;
            }
        }
    }
    true
}

/// Reads and grades the typed line; a malformed one only leaves a hint.
fn submit(app: &mut App, text: &str) {
    let Some(open) = app.predict.as_deref_mut().and_then(|p| p.open.as_mut()) else {
        return;
    };
    match grader::read(open.q.kind, text, &app.units) {
        Err(hint) => open.hint = Some(hint),
        Ok(given) => settle(app, Some(given)),
    }
}

/// Grades `given` (`None`: skipped), records it, and shows the step: the next question due
/// at this same step, else the step itself with the reveal.
fn settle(app: &mut App, given: Option<Truth>) {
    let Some(q) = app
        .predict
        .as_deref_mut()
        .and_then(|p| p.open.take())
        .map(|o| o.q)
    else {
        return;
    };
    let reveal = reveal(app, &q, given);
    let right = reveal.right;
    let Some(p) = app.predict.as_deref_mut() else {
        return;
    };
    p.answered.insert((q.due, q.kind));
    p.asked += 1;
    p.right += u32::from(right);
    p.reveals.push(reveal);
    let save = p.save;
    if save
        && let Some(path) = crate::practice::store::progress_path()
        && let Err(e) = crate::practice::store::add_prediction(&path, right)
    {
        app.message = Some(format!("this prediction is not saved: {e}"));
    }
    // Several questions at one step (a return and its flag): the next is asked first.
    ask_here(app);
    if app.held().is_none() {
        app.seek(q.due as usize + 1);
    }
}

/// The verdict on `given` and the sentence that says why, for the step `q` is due at.
fn reveal(app: &mut App, q: &Question, given: Option<Truth>) -> Reveal {
    let units = &app.units;
    let truth = grader::written(q.kind, q.answer, units);
    let what = super::view::predict::answer_phrase(app, q, &truth);
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
                let said = grader::written(q.kind, g, units);
                let mut l = format!("✗ You said {said}; {what}");
                if let Some(parts) = &graded.parts {
                    l.push_str(&format!(" ({parts})"));
                }
                l.push('.');
                lines.push(l);
                if let Some((p, sentence)) = misconception(app, q, g) {
                    pitfall = Some(p);
                    lines.push(format!("{}.", capital(&sentence)));
                }
            }
            graded.right
        }
    };
    if let Some(why) = super::view::predict::why(app, q) {
        lines.push(format!("Why: {why}"));
    }
    Reveal {
        step: q.due as usize + 1,
        right,
        lines,
        pitfall,
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The misconception behind a wrong answer: the variants are run once per run, on the first
/// wrong answer (a saved trace opened without its lesson has none).
fn misconception(
    app: &mut App,
    q: &Question,
    given: Truth,
) -> Option<(crate::search::Pitfall, String)> {
    if app.detached.is_some() || app.replay.len() > VARIANT_LIMIT {
        return None;
    }
    let (lesson, setup) = (&app.lesson, &app.setup);
    let p = app.predict.as_deref_mut()?;
    let variants = p
        .variants
        .get_or_insert_with(|| grader::variants(lesson, setup, VARIANT_LIMIT));
    grader::misconception(&app.replay.rec, q, given, variants)
}
