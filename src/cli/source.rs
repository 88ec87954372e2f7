//! Where a command's run comes from: a saved trace read as it is, or a lesson run now.

use std::path::Path;

use super::args::RunArgs;
use crate::error::{Error, Result};
use crate::index::Recorded;
use crate::lesson::{Lesson, RunSetup};

impl RunArgs {
    /// Loads the lesson and resolves preset plus overrides.
    pub fn load(&self) -> Result<(Lesson, RunSetup)> {
        if saved_trace(&self.file) {
            return Err(Error::Options(format!(
                "{}: this is a saved trace; this command needs the lesson it came from ({})",
                self.file, "prune trace, export, open and practice trace read saved traces"
            )));
        }
        let lesson = Lesson::open(&self.file)?;
        let setup = lesson.setup(self.run.as_deref(), &self.overrides())?;
        Ok((lesson, setup))
    }

    /// The recorded run FILE names: a saved trace read as it is, or a lesson run now with
    /// the preset and options given. The lesson comes along when there is one.
    pub fn recorded(&self) -> Result<(Option<Lesson>, Recorded)> {
        if saved_trace(&self.file) {
            self.refuse_run_options()?;
            return Ok((None, Recorded::load(Path::new(&self.file))?));
        }
        let (lesson, setup) = self.load()?;
        let mut rec = crate::index::record(&lesson, &setup)?;
        rec.trace.header.preset =
            (self.run.clone()).or_else(|| lesson.spec.runs.first().map(|r| r.name.clone()));
        Ok((Some(lesson), rec))
    }

    /// The call rows FILE names, for the views that show nothing else (the trace table and
    /// tsv): a saved trace read as it is, or a lesson indexed as it runs, without recording
    /// its events (a million-call run then needs its calls' memory, not its events').
    pub fn call_rows(&self) -> Result<Recorded> {
        if saved_trace(&self.file) {
            return Ok(self.recorded()?.1);
        }
        let (lesson, setup) = self.load()?;
        crate::index::calls_only(&lesson, &setup)
    }

    /// A saved trace is replayed as recorded: options that would change the run are errors.
    fn refuse_run_options(&self) -> Result<()> {
        let given = [
            ("--run", self.run.is_some()),
            ("--start", self.start.is_some()),
            ("--depth", self.depth.is_some()),
            ("--qlimit", self.qlimit.is_some()),
            ("--budget", self.budget.is_some()),
            ("--tt", self.tt.is_some()),
            ("--ordering", self.ordering.is_some()),
            ("--id", self.id.is_some()),
            ("--cut", self.cut.is_some()),
            ("--window", self.window.is_some()),
            ("--algorithm", self.algorithm.is_some()),
        ];
        let named: Vec<&str> = given.iter().filter(|g| g.1).map(|g| g.0).collect();
        if named.is_empty() {
            return Ok(());
        }
        Err(Error::Options(format!(
            "{}: a saved trace replays the run it recorded; {} would change the run (give the lesson file instead)",
            self.file,
            named.join(", ")
        )))
    }
}

/// Whether FILE is a saved trace: not a built-in lesson's name (which always means the
/// built-in), and a regular file whose opening names the trace format. Only the first bytes
/// are read, so a lesson is still read once, by the lesson loader, and a FIFO or device is
/// never opened here.
pub fn saved_trace(file: &str) -> bool {
    use std::io::Read;
    if Lesson::is_builtin(file) {
        return false;
    }
    let Ok(reader) = crate::input::open(Path::new(file), u64::MAX) else {
        return false;
    };
    let mut head = Vec::with_capacity(4096);
    reader.take(4096).read_to_end(&mut head).is_ok() && {
        let text: String = String::from_utf8_lossy(&head).split_whitespace().collect();
        text.contains(&format!("\"format\":\"{}\"", crate::trace::FORMAT))
    }
}
