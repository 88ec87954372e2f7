//! How the app starts: a saved trace opened as recorded, the picker over the built-in
//! lessons, and the rows the picker offers.

use super::{App, Overrides};
use crate::course::Step;
use crate::error::Result;
use crate::index::Recorded;
use crate::lesson::{Lesson, RunSetup};
use crate::replay::Replay;
use crate::tui::course::CourseView;

impl App {
    /// Opens a saved trace as recorded. The lesson its header names comes along when it can
    /// be opened and still has the states the trace names; live changes then re-run from it.
    /// Otherwise the run replays on its own and changing it says what is missing.
    pub fn from_saved(rec: Recorded) -> Result<App> {
        let header = rec.trace.header.clone();
        let mut setup = RunSetup {
            start: header.start,
            options: header.options,
            // The stated tree its run started from, when its lesson comes along (below).
            given: None,
        };
        let found = Lesson::open(&header.lesson).map_err(|e| match e {
            crate::error::Error::UnknownLesson { .. } | crate::error::Error::Io { .. } => {
                "it is not found".to_string()
            }
            other => other.to_string(),
        });
        let (lesson, detached) = match found {
            Ok(lesson) => match lesson.fits(&header.catalog, &header.options) {
                Ok(()) => (lesson, None),
                Err(why) => (Lesson::stand_in(&header.title)?, Some(why)),
            },
            Err(why) => (Lesson::stand_in(&header.title)?, Some(why)),
        };
        if detached.is_none() {
            // A live change re-runs from the same stated tree as the recorded run.
            setup.given = lesson.stated_by(header.preset.as_deref(), &header.options, header.start);
        }
        let mut lessons = Vec::new();
        if detached.is_none() && !crate::lesson::builtin_names().contains(&lesson.name.as_str()) {
            lessons.push(lesson.clone());
        }
        lessons.extend(Lesson::builtins()?);
        let mut app = App::with_replay(lessons, lesson, setup, Replay::new(rec));
        app.preset = header.preset.clone();
        app.detached = detached
            .map(|why| format!("changing the run needs the lesson {}: {why}", header.lesson));
        Ok(app)
    }

    /// The built-in lessons with the picker open on the first one.
    pub fn with_picker() -> Result<App> {
        let lessons = Lesson::builtins()?;
        // Start on seed 000's worked example when it is there: the tour begins with it.
        let li = lessons
            .iter()
            .position(|l| l.name == "000-worked-tree")
            .unwrap_or(0);
        let first = lessons[li].clone();
        let setup = first.setup(None, &Overrides::default())?;
        let mut app = App::new(lessons, first, setup)?;
        let cursor = app
            .picker_items()
            .iter()
            .position(|(i, _)| *i == li)
            .unwrap_or(0);
        app.open_picker(cursor);
        Ok(app)
    }

    /// The built-in lessons in the course's order, the picker open at the lesson the student
    /// was on (`prune` with no argument).
    pub fn with_course(view: CourseView) -> Result<App> {
        let mut lessons = Lesson::builtins()?;
        view.order(&mut lessons);
        let li = (lessons.iter())
            .position(|l| l.name == view.resume_lesson())
            .unwrap_or(0);
        let first = lessons[li].clone();
        let setup = first.setup(None, &Overrides::default())?;
        let mut app = App::new(lessons, first, setup)?;
        let cursor = (app.picker_items().iter())
            .position(|(i, _)| *i == li)
            .unwrap_or(0);
        app.course = Some(view);
        app.open_picker(cursor);
        Ok(app)
    }

    /// Follows the course from a lesson opened by name (`prune open`): the lesson counts as
    /// opened, and the picker and the next-step key know the course. A progress file that
    /// cannot be read leaves the tutor as it was, and says so.
    pub fn follow_course(&mut self) {
        match CourseView::load() {
            Ok(mut view) => {
                self.message = view.opened(&self.lesson.name);
                self.course = Some(view);
            }
            Err(e) => self.message = Some(format!("the course's progress is not read: {e}")),
        }
    }

    /// The course's next step (`J`): open its lesson, or say which check to take.
    pub(crate) fn course_next(&mut self) {
        let Some(view) = &self.course else {
            self.message = Some(
                "the course is followed when the tutor starts as `prune` or `prune open`".into(),
            );
            return;
        };
        match view.next_step() {
            Some(Step::Open(lesson)) => {
                let li = self.lessons.iter().position(|l| l.name == lesson);
                let row = (self.picker_items().iter()).position(|(i, _)| Some(*i) == li);
                match row {
                    Some(row) => self.pick(row),
                    None => {
                        self.message =
                            Some(format!("the course's next lesson, {lesson}, is not here"))
                    }
                }
            }
            Some(Step::Take(check)) => {
                self.message = Some(format!("Next in the course: {}", check.how()));
            }
            None => self.message = Some("Every objective of the course is learnt.".into()),
        }
    }

    /// Every (lesson, preset) pair the picker offers.
    pub fn picker_items(&self) -> Vec<(usize, String)> {
        let mut items = Vec::new();
        for (i, l) in self.lessons.iter().enumerate() {
            for r in &l.spec.runs {
                items.push((i, r.name.clone()));
            }
        }
        items
    }

    /// The picker rows `filter` keeps (indices into `picker_items`): those whose lesson name,
    /// lesson title or preset name holds it, ignoring case.
    pub fn picker_matches(&self, filter: &str) -> Vec<usize> {
        let needle = filter.trim().to_lowercase();
        self.picker_items()
            .iter()
            .enumerate()
            .filter(|(_, (li, preset))| {
                let l = &self.lessons[*li];
                needle.is_empty()
                    || [l.name.as_str(), l.spec.title.as_str(), preset.as_str()]
                        .iter()
                        .any(|t| t.to_lowercase().contains(&needle))
            })
            .map(|(i, _)| i)
            .collect()
    }
}
