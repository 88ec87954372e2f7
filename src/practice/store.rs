//! Practice progress on disk: attempts, streaks and results by kind, as one JSON file.
//!
//! Location: `$PRUNE_DATA_DIR`, else `$XDG_DATA_HOME/prune` (when it is an absolute path, as
//! the XDG rule says), else `~/.local/share/prune`.
//!
//! No graded answer is lost: each one is added by `add`, which holds an advisory lock on
//! `progress.json.lock` beside the file written (a symlink's target) while it reads the file,
//! adds the answer and writes the file back, so rounds running at once add to each other's
//! tallies instead of overwriting them, whichever link they go through. The file is replaced
//! through `crate::save` (temporary file, flushed, renamed), so a crash, a signal or a full
//! disk leaves either the old file or the new one. The file is written compact and read
//! strictly (an object of the known shape, counters that agree), and keys this version does
//! not know are written back as they were.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{Error, Result};
use crate::lesson::facts::Kind;
use crate::practice::marks::CourseMarks;
use crate::practice::review;
use crate::save;

/// Progress files larger than this are refused, and no save makes one larger (the answer is
/// then not saved, and the file is left as it was): a real one is a few hundred bytes. Well
/// above the 1 MiB earlier versions allowed, so every file they wrote is read.
pub const MAX_PROGRESS_BYTES: u64 = 4 << 20;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(expecting = "an object with attempts and correct")]
pub struct Tally {
    pub attempts: u64,
    pub correct: u64,
    /// Keys this version does not know (written by a newer one), kept as they were.
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    default,
    expecting = "an object with attempts, correct, streak, best_streak and by_kind"
)]
pub struct Progress {
    pub attempts: u64,
    pub correct: u64,
    /// Correct answers in a row, up to the latest attempt.
    pub streak: u64,
    pub best_streak: u64,
    pub by_kind: BTreeMap<String, Tally>,
    /// The kinds answered wrong, scheduled for spaced review (`review`); absent from files
    /// written before it, and from a file with nothing to review.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub review: review::Schedule,
    /// Simulate-the-algorithm exercises (`prune simulate`); absent from files written before
    /// it, and from a file with none.
    #[serde(skip_serializing_if = "Simulations::is_empty")]
    pub simulate: Simulations,
    /// Predictions made in the tutor's predict mode (`prune open --predict`): asked, and
    /// right first time; absent from files written before it and until one is made.
    #[serde(skip_serializing_if = "untouched")]
    pub predict: Tally,
    /// The student's way through the course: the lesson they are on, the lessons opened and
    /// their checks' best scores; absent from files written before it and until a course
    /// lesson is opened.
    #[serde(skip_serializing_if = "CourseMarks::is_empty")]
    pub course: CourseMarks,
    /// Keys this version does not know (written by a newer one), kept as they were.
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

/// The finished simulate exercises: how many, their steps and the steps right first time,
/// and the latest one's score.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, expecting = "an object with exercises, steps and right")]
pub struct Simulations {
    pub exercises: u64,
    pub steps: u64,
    /// Steps right first time.
    pub right: u64,
    /// Exercises with every step right first time.
    pub perfect: u64,
    /// The latest exercise: its settings as a command, and its score.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub last: String,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

impl Simulations {
    pub fn is_empty(&self) -> bool {
        *self == Simulations::default()
    }

    /// Adds one finished exercise of `steps` steps, `right` of them right first time.
    pub fn record(&mut self, steps: u64, right: u64, last: String) {
        self.exercises = self.exercises.saturating_add(1);
        self.steps = self.steps.saturating_add(steps);
        self.right = self.right.saturating_add(right.min(steps));
        if right >= steps {
            self.perfect = self.perfect.saturating_add(1);
        }
        self.last = last;
    }
}

pub fn data_dir() -> Option<PathBuf> {
    let nonempty = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    // The XDG rule: a relative XDG_DATA_HOME is invalid and is ignored.
    let xdg = nonempty("XDG_DATA_HOME").filter(|d| d.is_absolute());
    nonempty("PRUNE_DATA_DIR")
        .or_else(|| xdg.map(|d| d.join("prune")))
        .or_else(|| nonempty("HOME").map(|h| h.join(".local/share/prune")))
}

pub fn progress_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("progress.json"))
}

/// Why there is no progress file to save to.
pub const NO_PLACE: &str = "there is no place for the progress file: none of PRUNE_DATA_DIR, XDG_DATA_HOME and HOME is set";

impl Progress {
    /// The saved progress; a missing file (or no place for one) is a fresh start.
    pub fn load() -> Result<Progress> {
        match progress_path() {
            Some(path) => Progress::load_from(&path),
            None => Ok(Progress::default()),
        }
    }

    /// The progress saved in `path`; a missing file is a fresh start.
    pub fn load_from(path: &Path) -> Result<Progress> {
        let text = match read_progress_text(path) {
            Ok(Some(text)) => text,
            Ok(None) => return Ok(Progress::default()),
            Err(e) => return Err(e),
        };
        let progress = parse(path, &text)?;
        progress.check(path)?;
        Ok(progress)
    }

    /// The review cards of the kinds this version knows (`Kind::ALL`): a name it does not
    /// know (a newer version's kind, or an edited file) is kept in the file but neither asked
    /// nor shown.
    pub fn known_review(&self) -> review::Schedule {
        (self.review.iter())
            .filter(|(name, _)| Kind::ALL.iter().any(|k| k.name() == name.as_str()))
            .map(|(name, card)| (name.clone(), card.clone()))
            .collect()
    }

    /// Adds one graded answer today (`review::Day::today`; the clock's date if
    /// `PRUNE_TODAY` is not a date, which `prune practice` reports before any answer).
    pub fn record(&mut self, kind: Kind, correct: bool) {
        let today = review::Day::today().unwrap_or_else(|_| review::Day::clock());
        self.record_on(kind, correct, today);
    }

    /// Adds one graded answer given on `today`, and moves its kind's review (`review`).
    /// Counters stop at their largest value instead of wrapping.
    pub fn record_on(&mut self, kind: Kind, correct: bool, today: review::Day) {
        review::answer(&mut self.review, kind.name(), correct, today);
        self.attempts = self.attempts.saturating_add(1);
        let tally = self.by_kind.entry(kind.name().to_string()).or_default();
        tally.attempts = tally.attempts.saturating_add(1);
        if correct {
            self.correct = self.correct.saturating_add(1);
            tally.correct = tally.correct.saturating_add(1);
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
    }

    pub fn summary(&self) -> String {
        let mut text = format!(
            "{} of {} correct, streak {}, best streak {}\n",
            self.correct, self.attempts, self.streak, self.best_streak
        );
        for (kind, t) in &self.by_kind {
            let kind = crate::text::one_line(&crate::text::cut(kind)).into_owned();
            text.push_str(&format!(
                "  {} {} of {}\n",
                crate::text::pad(&kind, 12),
                t.correct,
                t.attempts
            ));
        }
        if self.simulate.exercises > 0 {
            let sim = &self.simulate;
            text.push_str(&format!(
                "Simulate: {}, {} of {} steps right first time, {} perfect\n",
                crate::text::counted(sim.exercises, "exercise", "exercises"),
                sim.right,
                sim.steps,
                sim.perfect
            ));
        }
        if self.predict.attempts > 0 {
            let p = &self.predict;
            text.push_str(&format!(
                "Predict: {} of {} right in the tutor's predict mode (a question skipped with Esc counts as asked, not right)\n",
                p.correct,
                crate::text::counted(p.attempts, "prediction", "predictions"),
            ));
        }
        if !self.course.is_empty() {
            text.push_str(&self.course.summary());
        }
        let review = self.known_review();
        if !review.is_empty() {
            let today = review::Day::today().unwrap_or_else(|_| review::Day::clock());
            let due = review::due(&review, today);
            text.push_str(&format!("Review: {}\n", due.line()));
        }
        match progress_path() {
            Some(p) => text.push_str(&format!("(saved in {})\n", p.display())),
            None => text.push_str(&format!("(not saved: {NO_PLACE})\n")),
        }
        text
    }

    /// The rules every file this program writes keeps; a file that breaks one was edited or
    /// is not a progress file, and is refused rather than misread.
    fn check(&self, path: &Path) -> Result<()> {
        let broken = |rule: String| {
            Err(Error::Options(format!(
                "{}: {rule}; fix or remove the file",
                path.display()
            )))
        };
        if self.correct > self.attempts {
            return broken(format!(
                "'correct' ({}) is more than 'attempts' ({})",
                self.correct, self.attempts
            ));
        }
        if self.streak > self.best_streak || self.best_streak > self.correct {
            return broken(format!(
                "'streak' ({}) ≤ 'best_streak' ({}) ≤ 'correct' ({}) does not hold",
                self.streak, self.best_streak, self.correct
            ));
        }
        for (kind, t) in &self.by_kind {
            if t.correct > t.attempts {
                return broken(format!(
                    "by_kind '{kind}': 'correct' ({}) is more than 'attempts' ({})",
                    t.correct, t.attempts
                ));
            }
        }
        let sim = &self.simulate;
        if sim.right > sim.steps || sim.perfect > sim.exercises {
            return broken(format!(
                "simulate: 'right' ({}) ≤ 'steps' ({}) and 'perfect' ({}) ≤ 'exercises' ({}) do not both hold",
                sim.right, sim.steps, sim.perfect, sim.exercises
            ));
        }
        if let Some(problem) = self.course.problem() {
            return broken(problem);
        }
        for (kind, card) in &self.review {
            if let Some(problem) = card.problem() {
                return broken(format!(
                    "review '{}': {problem}",
                    crate::text::one_line(&crate::text::cut(kind))
                ));
            }
        }
        Ok(())
    }
}

/// The text of a progress file, `None` when there is none yet. It is read like every input
/// file (`crate::input`): a directory, a FIFO or a device in its place is refused (reading a
/// FIFO would wait forever), and so is a file over the size limit, with what to do about it.
fn read_progress_text(path: &Path) -> Result<Option<String>> {
    use std::io::ErrorKind::{NotADirectory, NotFound};
    let text = match crate::input::read_text(path, MAX_PROGRESS_BYTES) {
        // No file yet; where the directory itself cannot be made, the first save says so,
        // naming it.
        Err(Error::Io { source, .. }) if matches!(source.kind(), NotFound | NotADirectory) => {
            return Ok(None);
        }
        Err(e @ (Error::TooLarge { .. } | Error::TooLong { .. })) => {
            return Err(Error::Options(format!("{e}. {COMPACT_HINT}")));
        }
        other => other?,
    };
    if text.trim().is_empty() {
        return Err(Error::Options(format!(
            "{}: the progress file is empty; remove it to start afresh",
            path.display()
        )));
    }
    Ok(Some(text))
}

/// The file's JSON as progress: an object of the known shape, nothing else.
fn parse(path: &Path, text: &str) -> Result<Progress> {
    let json = |e: serde_json::Error| crate::error::json_error(&path.display().to_string(), &e);
    let value: Value = serde_json::from_str(text).map_err(json)?;
    if !value.is_object() {
        return Err(Error::Options(format!(
            "{}: not a progress file: it holds {}, not an object with attempts, correct, streak, best_streak and by_kind",
            path.display(),
            json_kind(&value)
        )));
    }
    // Parsed again from the text so a wrong field is reported at its line and column.
    serde_json::from_str(text).map_err(json)
}

fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// Adds one graded answer to the progress file at `path` and returns the progress as now
/// saved (with every other round's answers). The file is read, changed and written under
/// the lock, so answers graded at the same time in other processes all count. The lock is
/// beside the file that is written (a symlink's target), so rounds reaching one file through
/// different links, or through the link and directly, still take turns.
pub fn add(path: &Path, kind: Kind, correct: bool) -> Result<Progress> {
    update(path, |p| p.record(kind, correct))
}

/// Adds one finished simulate exercise to the progress file at `path`, like `add`.
pub fn add_simulation(path: &Path, steps: u64, right: u64, last: String) -> Result<Progress> {
    update(path, |p| p.simulate.record(steps, right, last))
}

/// Whether no prediction has been counted (the field is then left out of the file).
fn untouched(t: &Tally) -> bool {
    t.attempts == 0 && t.other.is_empty()
}

/// Adds one prediction made in the tutor (right first time or not) to the progress file at
/// `path`, as `add` adds an answer.
pub fn add_prediction(path: &Path, right: bool) -> Result<Progress> {
    update(path, |p| {
        p.predict.attempts = p.predict.attempts.saturating_add(1);
        p.predict.correct = p.predict.correct.saturating_add(u64::from(right));
    })
}

/// Marks `lesson` as opened from the course and the one the student is on, in the progress
/// file at `path`, as `add` adds an answer.
pub fn add_course_open(path: &Path, lesson: &str) -> Result<Progress> {
    update(path, |p| p.course.open(lesson))
}

/// Adds a course check's score (`right` of `asked`) to the progress file at `path`: the
/// check's best score is kept.
pub fn add_course_score(path: &Path, key: &str, right: u64, asked: u64) -> Result<Progress> {
    update(path, |p| p.course.score(key, right, asked))
}

/// Reads the file at `path`, changes the progress and writes it back, under the lock.
fn update(path: &Path, change: impl FnOnce(&mut Progress)) -> Result<Progress> {
    let target = save::target_of(path)?;
    create_dir(save::parent_of(&target))?;
    let _lock = Lock::take(&target)?;
    let mut progress = Progress::load_from(path)?;
    change(&mut progress);
    let text = to_text(&progress);
    if text.len() as u64 > MAX_PROGRESS_BYTES {
        return Err(Error::Options(format!(
            "{}: with this answer the progress file would be {} bytes, over its limit of {MAX_PROGRESS_BYTES}; \
             it is left as it was. {ARCHIVE_HINT}",
            path.display(),
            text.len()
        )));
    }
    save::replace(&target, text.as_bytes())?;
    Ok(progress)
}

/// What to do with a progress file too large to read (the README's "Progress" says more).
pub const COMPACT_HINT: &str = "Only keys another program added can make it this large: move \
it aside to start afresh, or keep just prune's keys (README, \"Progress\", shows how)";

/// What to do with a progress file too large to add an answer to (the README's "Progress"
/// says more).
pub const ARCHIVE_HINT: &str = "To archive it, move it into another directory DIR: the next \
answer starts a new one, and `PRUNE_DATA_DIR=DIR prune practice progress` still shows it (README, \
\"Progress\")";

/// Compact, so that a save never makes the file larger than the data it holds (a pretty
/// layout of a file written by another program could grow past the read limit).
fn to_text(progress: &Progress) -> String {
    serde_json::to_string(progress).expect("progress serializes") + "\n"
}

fn create_dir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|source| Error::Io {
        path: dir.to_path_buf(),
        source: save::with_context(source, "cannot create the progress directory"),
    })
}

/// An exclusive advisory lock on `<progress file>.lock`, held until dropped (closing the
/// file releases it, also when the process dies).
struct Lock {
    _file: File,
}

impl Lock {
    /// Locks `target`, the file a save replaces. The lock file is opened like an input file:
    /// only a regular file (a FIFO there would block the open forever), opened non-blocking,
    /// and checked again through the open handle.
    fn take(target: &Path) -> Result<Lock> {
        let mut name = target.file_name().unwrap_or_default().to_os_string();
        name.push(".lock");
        let lock_path = target.with_file_name(name);
        let io = |source| Error::Io {
            path: lock_path.clone(),
            source: save::with_context(source, "cannot lock the progress file"),
        };
        let regular = |meta: &std::fs::Metadata| {
            if meta.is_file() {
                return Ok(());
            }
            let what = if meta.is_dir() {
                "a directory"
            } else {
                "a pipe, socket or device"
            };
            Err(Error::Options(format!(
                "{}: not a regular file ({what} is never opened as the progress lock; remove it)",
                lock_path.display()
            )))
        };
        // A link is never followed: a dangling one would make its target (anywhere the link
        // points) the lock file.
        if std::fs::symlink_metadata(&lock_path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Error::Options(format!(
                "{}: a symbolic link (the progress lock is never opened through a link, which could create a file where it points; remove it)",
                lock_path.display()
            )));
        }
        match std::fs::metadata(&lock_path) {
            Ok(meta) => regular(&meta)?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io(e)),
        }
        let file = open_lock_file(&lock_path).map_err(io)?;
        regular(&file.metadata().map_err(io)?)?;
        lock_exclusive(&file).map_err(io)?;
        Ok(Lock { _file: file })
    }
}

#[cfg(unix)]
fn open_lock_file(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_NOFOLLOW)
        .open(path)
}

#[cfg(not(unix))]
fn open_lock_file(path: &Path) -> std::io::Result<File> {
    std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
}

#[cfg(unix)]
fn lock_exclusive(file: &File) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    loop {
        // SAFETY: flock(2) on a descriptor this `File` owns for the whole call.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } == 0 {
            return Ok(());
        }
        let e = std::io::Error::last_os_error();
        // A signal handled elsewhere in the process interrupts the wait; wait again.
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

#[cfg(not(unix))]
fn lock_exclusive(_file: &File) -> std::io::Result<()> {
    Ok(())
}

/// Where a round's graded answers go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// Nowhere but memory (tests, a round that is not to be saved).
    Memory,
    /// The progress file at this path.
    File(PathBuf),
    /// Nowhere, though saving was wanted; the reason.
    Nowhere(String),
}

impl Place {
    /// The progress file of this user, or why there is none.
    pub fn located() -> Place {
        match progress_path() {
            Some(p) => Place::File(p),
            None => Place::Nowhere(NO_PLACE.into()),
        }
    }
}

/// A round's progress: what it shows, and where each graded answer is saved as it is graded.
#[derive(Debug, Clone)]
pub struct Keeper {
    progress: Progress,
    place: Place,
    /// Graded answers that did not reach the file, and the latest reason.
    unsaved: usize,
    reason: Option<String>,
}

impl Keeper {
    pub fn new(progress: Progress, place: Place) -> Keeper {
        Keeper {
            progress,
            place,
            unsaved: 0,
            reason: None,
        }
    }

    /// The user's saved progress, kept in the user's progress file.
    pub fn located() -> Result<Keeper> {
        let place = Place::located();
        let progress = match &place {
            Place::File(path) => Progress::load_from(path)?,
            _ => Progress::default(),
        };
        Ok(Keeper::new(progress, place))
    }

    /// Adds a graded answer and saves it at once. On failure the answer still counts in
    /// this round, and the reason is returned (and kept for `unsaved`).
    pub fn record(&mut self, kind: Kind, correct: bool) -> std::result::Result<(), String> {
        let saved = match &self.place {
            Place::Memory => Ok(None),
            Place::File(path) => add(path, kind, correct)
                .map(Some)
                .map_err(|e| e.to_string()),
            Place::Nowhere(why) => Err(why.clone()),
        };
        match saved {
            Ok(Some(now)) => self.progress = now,
            Ok(None) => self.progress.record(kind, correct),
            Err(why) => {
                self.progress.record(kind, correct);
                self.unsaved += 1;
                self.reason = Some(why.clone());
                return Err(why);
            }
        }
        Ok(())
    }

    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    pub fn place(&self) -> &Place {
        &self.place
    }

    pub fn set_place(&mut self, place: Place) {
        self.place = place;
    }

    /// How many graded answers were not saved, and the latest reason; `None` if all were.
    pub fn unsaved(&self) -> Option<(usize, &str)> {
        self.reason.as_deref().map(|r| (self.unsaved, r))
    }

    /// How many of this round's answers were not saved and why, in one line; `None` if
    /// every one was.
    pub fn unsaved_note(&self) -> Option<String> {
        self.unsaved().map(|(n, why)| {
            format!(
                "{} not saved: {why}",
                crate::text::counted(n as u64, "answer was", "answers were")
            )
        })
    }
}
