//! `prune lessons --check FILE`: an instructor's lesson (or course) file checked before a
//! class sees it. Every preset is run and recorded, every fact compared with what the run
//! makes, every note's step found in its run, every size fact recomputed, every practice item
//! graded against its own answer, and every demo walked to its end as the tutor would. Each
//! problem is one line naming the file and the line of the element it is about.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::course::Course;
use crate::error::Result;
use crate::index::Recorded;
use crate::lesson::lines::element_lines;
use crate::lesson::{Lesson, Overrides};

/// The report, and whether every check held.
pub fn command(path: &Path) -> Result<(String, bool)> {
    let text = crate::lesson::read_text(path)?;
    let origin = path.display().to_string();
    if is_course(&text) {
        return course(&origin, &text);
    }
    let lesson = Lesson::parse(&origin, &text)?;
    let mut checker = Checker {
        origin: &origin,
        text: &text,
        lesson: &lesson,
        runs: BTreeMap::new(),
        problems: Vec::new(),
    };
    let counts = [
        (checker.presets(), "preset", "presets"),
        (checker.notes(), "note", "notes"),
        (checker.facts()?, "fact", "facts"),
        (checker.size_facts(), "size fact", "size facts"),
        (checker.practice()?, "practice item", "practice items"),
        (checker.demos(), "demo", "demos"),
    ];
    let mut out = String::new();
    for problem in &checker.problems {
        let _ = writeln!(out, "{problem}");
    }
    let summary: Vec<String> = (counts.iter())
        .map(|(n, one, many)| crate::text::counted(*n as u64, one, many))
        .collect();
    let held = checker.problems.is_empty();
    let _ = writeln!(
        out,
        "{origin}: {}: {}",
        summary.join(", "),
        if held {
            "every one holds".to_string()
        } else {
            crate::text::counted(checker.problems.len() as u64, "problem", "problems")
        }
    );
    Ok((out, held))
}

/// A course file has chapters; a lesson never does.
fn is_course(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v.get("chapters").is_some() && v.get("graph").is_none())
}

/// A course file: its shape, and every lesson it names one prune can open.
fn course(origin: &str, text: &str) -> Result<(String, bool)> {
    let course = Course::parse(origin, text)?;
    let mut problems = Vec::new();
    let lines = element_lines(text, "chapters");
    for (c, chapter) in course.chapters.iter().enumerate() {
        let line = lines.get(c).copied().unwrap_or(1);
        for lesson in chapter.objectives.iter().flat_map(|o| &o.lessons) {
            if let Err(e) = Lesson::open(lesson) {
                problems.push(format!("{origin}:{line}: chapter {}: {e}", c + 1));
            }
        }
    }
    let mut out: String = problems.iter().map(|p| format!("{p}\n")).collect();
    let _ = writeln!(
        out,
        "{origin}: a course of {} chapters, {} objectives, {} lessons: {}",
        course.chapters.len(),
        course.objectives().count(),
        course.lessons().count(),
        if problems.is_empty() {
            "every lesson opens".to_string()
        } else {
            crate::text::counted(problems.len() as u64, "problem", "problems")
        }
    );
    Ok((out, problems.is_empty()))
}

struct Checker<'a> {
    origin: &'a str,
    text: &'a str,
    lesson: &'a Lesson,
    /// Each preset's recorded run, or why it could not be made.
    runs: BTreeMap<String, std::result::Result<Recorded, String>>,
    problems: Vec<String>,
}

impl Checker<'_> {
    /// `FILE:LINE` of the `index`-th element of the list `key`.
    fn at(&self, key: &str, index: usize) -> String {
        let line = element_lines(self.text, key).get(index).copied();
        match line {
            Some(line) => format!("{}:{line}", self.origin),
            None => self.origin.to_string(),
        }
    }

    fn recorded(&mut self, run: &str) -> std::result::Result<&Recorded, String> {
        if !self.runs.contains_key(run) {
            let made = self
                .lesson
                .setup(Some(run), &Overrides::default())
                .and_then(|setup| crate::index::record(self.lesson, &setup))
                .map_err(|e| e.to_string());
            self.runs.insert(run.to_string(), made);
        }
        self.runs[run].as_ref().map_err(Clone::clone)
    }

    /// Every preset runs and records.
    fn presets(&mut self) -> usize {
        let names: Vec<String> = self
            .lesson
            .spec
            .runs
            .iter()
            .map(|r| r.name.clone())
            .collect();
        for (i, name) in names.iter().enumerate() {
            if let Err(e) = self.recorded(name) {
                let at = self.at("runs", i);
                self.problems.push(format!("{at}: preset '{name}': {e}"));
            }
        }
        names.len()
    }

    /// A note's step is a call its run makes.
    fn notes(&mut self) -> usize {
        let notes = self.lesson.spec.notes.clone();
        for (i, note) in notes.iter().enumerate() {
            let at = self.at("notes", i);
            let calls = match self.recorded(&note.run) {
                Ok(rec) => rec.result().stats.nodes,
                Err(e) => {
                    self.problems
                        .push(format!("{at}: note on preset '{}': {e}", note.run));
                    continue;
                }
            };
            if !(1..=calls).contains(&note.step) {
                self.problems.push(format!(
                    "{at}: note at step {} of preset '{}', which makes {calls} calls",
                    note.step, note.run
                ));
            }
        }
        notes.len()
    }

    /// Every fact is what its run makes.
    fn facts(&mut self) -> Result<usize> {
        let facts = self.lesson.spec.facts.clone();
        for (i, fact) in facts.iter().enumerate() {
            let at = self.at("facts", i);
            let what = serde_json::to_value(fact.what)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            let of = fact
                .node
                .as_ref()
                .map(|n| format!(" of {n}"))
                .unwrap_or_default();
            let lesson = self.lesson;
            let got = match self.recorded(&fact.run) {
                Ok(rec) => crate::practice::check::evaluate(lesson, rec, fact),
                Err(e) => {
                    self.problems
                        .push(format!("{at}: fact `{what}` on preset '{}': {e}", fact.run));
                    continue;
                }
            };
            match got {
                Ok(got) if crate::practice::chance::same(&got, &fact.equals) => {}
                Ok(got) => self.problems.push(format!(
                    "{at}: fact `{what}`{of}: {}, the run '{}' makes {got}",
                    fact.equals, fact.run
                )),
                Err(e) => self.problems.push(format!(
                    "{at}: fact `{what}`{of} on preset '{}': {e}",
                    fact.run
                )),
            }
        }
        Ok(facts.len())
    }

    /// Every size fact is what the arithmetic gives.
    fn size_facts(&mut self) -> usize {
        let facts = &self.lesson.spec.size_facts;
        for wrong in crate::lesson::size_facts::check(&self.lesson.name, facts) {
            self.problems
                .push(format!("{}: size fact: {wrong}", self.origin));
        }
        facts.len()
    }

    /// Every practice item is answered by the core, and its own answer is graded right.
    fn practice(&mut self) -> Result<usize> {
        let problems = match crate::practice::problems_of(self.lesson) {
            Ok(problems) => problems,
            Err(e) => {
                let at = self.at("practice", 0);
                self.problems.push(format!("{at}: practice: {e}"));
                return Ok(self.lesson.spec.practice.len());
            }
        };
        for (i, p) in problems.iter().enumerate() {
            let at = self.at("practice", i);
            let verdict = p.answer().and_then(|a| p.grade(&a.to_string()));
            match verdict {
                Ok(v) if v.correct => {}
                Ok(v) => self.problems.push(format!(
                    "{at}: practice item {}: its own answer is graded wrong: {}",
                    p.item.id, v.why
                )),
                Err(e) => self
                    .problems
                    .push(format!("{at}: practice item {}: {e}", p.item.id)),
            }
        }
        Ok(problems.len())
    }

    /// Every demo runs to its end in the tutor.
    fn demos(&mut self) -> usize {
        for (i, demo) in self.lesson.spec.demos.iter().enumerate() {
            if let Err(e) = walk_demo(self.lesson, i) {
                let at = self.at("demos", i);
                self.problems
                    .push(format!("{at}: demo '{}': {e}", demo.name));
            }
        }
        self.lesson.spec.demos.len()
    }
}

/// Chooses the lesson's demo `index` in the tutor and presses its key through every step, as
/// an instructor would; the first step the tutor cannot carry out is the error.
fn walk_demo(lesson: &Lesson, index: usize) -> std::result::Result<(), String> {
    use crate::lesson::demo::Step;
    use crate::tui::keys::Action;
    let demo = &lesson.spec.demos[index];
    let run = (demo.run.clone())
        .or_else(|| lesson.spec.runs.first().map(|r| r.name.clone()))
        .ok_or("the lesson has no preset to run it on")?;
    let setup = (lesson.setup(Some(&run), &Overrides::default())).map_err(|e| e.to_string())?;
    let mut app = crate::tui::app::App::new(vec![lesson.clone()], lesson.clone(), setup)
        .map_err(|e| e.to_string())?;
    // `D` goes through the demos in order.
    for _ in 0..=index {
        app.act(Action::DemoChoose);
    }
    let asks = (demo.steps.iter())
        .filter(|s| matches!(s, Step::Ask { .. }))
        .count();
    for press in 0..demo.steps.len() + asks {
        app.message = None;
        app.act(Action::DemoNext);
        let failed = app.demo().and_then(|d| d.failed.clone());
        if let Some(why) = failed {
            return Err(format!("key press {}: {why}", press + 1));
        }
    }
    Ok(())
}
