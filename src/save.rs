//! Every file prune writes goes through here: the progress file, and whatever a command writes
//! with `--out` (lessons, exports, problem sets, answer keys, saved traces).
//!
//! A file is never written in place. The new text goes into a temporary file beside it (named
//! `.NAME.PID.N.tmp`, so two processes never share one), is flushed to disk, and is renamed
//! over the old file; the directory is flushed too. A full disk, a crash or a signal therefore
//! leaves either the old file, byte for byte, or the new one. A symlink is written through to
//! the file it points at (a link into a synced folder stays a link). Only a regular file is
//! replaced: a FIFO, a device or a directory in the way is refused by name, never opened.
//!
//! A process killed mid-save leaves its temporary file behind; the next save of the same file
//! removes such leftovers once they are clearly abandoned (see `is_stale`).

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::error::{Error, Result};

/// A leftover temporary file whose process is gone is removed once it is this old: a save
/// takes milliseconds, so a file untouched this long belongs to no save in progress.
const STALE_DEAD: Duration = Duration::from_secs(60);

/// A leftover temporary file is removed once it is this old whatever its process id says
/// (the id may have been reused, or belong to another machine sharing the folder).
const STALE_ANY: Duration = Duration::from_secs(24 * 60 * 60);

/// The directory a file lives in (`.` for a bare name).
pub fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// `source` with a few words of what was being done in front of the system's message.
pub fn with_context(source: io::Error, what: &str) -> io::Error {
    io::Error::new(source.kind(), format!("{what}: {source}"))
}

/// Where writing `path` lands: through any symlinks to the file they point at. A FIFO, a
/// device or a directory there is refused by name (writing into it would block, or do
/// something else than saving a file).
pub fn target_of(path: &Path) -> Result<PathBuf> {
    let mut target = path.to_path_buf();
    // Bounded like the kernel's own limit on nested links, so a loop is an error, not a hang.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&target) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&target).map_err(|source| Error::Io {
                    path: target.clone(),
                    source,
                })?;
                target = parent_of(&target).join(link);
            }
            Ok(meta) if meta.is_dir() => {
                return Err(Error::Options(format!(
                    "{}: a directory; name the file to write",
                    target.display()
                )));
            }
            Ok(meta) if !meta.is_file() => {
                return Err(Error::Options(format!(
                    "{}: not a regular file (prune writes only regular files, no pipe, socket \
                     or device)",
                    target.display()
                )));
            }
            _ => return Ok(target),
        }
    }
    Err(Error::Options(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

/// Replaces the file at `path` with `bytes`: the old file or the new one, never a mix.
pub fn replace(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut saver = Saver::create(path)?;
    saver.write_all(bytes).map_err(|e| saver.write_error(e))?;
    saver.commit()
}

/// A file being written: text goes into its temporary file, and `commit` puts it in place.
/// Dropped without `commit` (an error, a panic), it removes its temporary file and the old
/// file stays as it was.
pub struct Saver {
    /// The path the caller named (errors name it).
    path: PathBuf,
    /// The file that is replaced (the link's target when `path` is a link).
    target: PathBuf,
    tmp: PathBuf,
    file: Option<File>,
}

impl Saver {
    /// Starts replacing `path`; nothing is changed until `commit`.
    pub fn create(path: &Path) -> Result<Saver> {
        let target = target_of(path)?;
        // Renaming over a read-only file would succeed where writing it would not: it stays.
        if std::fs::metadata(&target).is_ok_and(|m| m.permissions().readonly()) {
            return Err(Error::Io {
                path: path.to_path_buf(),
                source: io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    "the file is read-only; it is left as it is",
                ),
            });
        }
        let (tmp, file) = create_temp(&target)?;
        let saver = Saver {
            path: path.to_path_buf(),
            target,
            tmp,
            file: Some(file),
        };
        // A replaced file keeps its permissions (a private progress file stays private).
        if let Ok(meta) = std::fs::metadata(&saver.target) {
            let file = saver.file.as_ref().expect("open until commit");
            file.set_permissions(meta.permissions())
                .map_err(|e| saver.write_error(e))?;
        }
        Ok(saver)
    }

    /// The file that `commit` replaces.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// A failed write, named by the file the user asked for, saying it was left as it was.
    pub fn write_error(&self, source: io::Error) -> Error {
        Error::Io {
            path: self.path.clone(),
            source: with_context(
                source,
                "cannot write the new file (the old one is unchanged)",
            ),
        }
    }

    /// Flushes the new file to disk and renames it over the old one.
    pub fn commit(mut self) -> Result<()> {
        let file = self.file.take().expect("open until commit");
        file.sync_all().map_err(|e| self.write_error(e))?;
        drop(file);
        std::fs::rename(&self.tmp, &self.target).map_err(|source| Error::Io {
            path: self.path.clone(),
            source: with_context(source, "cannot replace the file (the old one is unchanged)"),
        })?;
        // Renamed: nothing of ours is left to remove.
        self.tmp = PathBuf::new();
        let dir = parent_of(&self.target);
        sync_dir(dir).map_err(|source| Error::Io {
            path: dir.to_path_buf(),
            source: with_context(source, "cannot flush the directory"),
        })?;
        remove_stale_temps(&self.target);
        Ok(())
    }
}

impl Write for Saver {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.as_mut().expect("open until commit").write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().expect("open until commit").flush()
    }
}

impl Drop for Saver {
    fn drop(&mut self) {
        if !self.tmp.as_os_str().is_empty() {
            self.file = None;
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// The prefix of every temporary file of `target` (`.NAME.`), before `PID.N.tmp`.
fn temp_prefix(target: &Path) -> String {
    format!(
        ".{}.",
        target.file_name().unwrap_or_default().to_string_lossy()
    )
}

/// A new file beside `target` under a name no other process uses (its id and a counter), so
/// two saves never write into one temporary file.
fn create_temp(target: &Path) -> Result<(PathBuf, File)> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let prefix = temp_prefix(target);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let tmp = target.with_file_name(format!("{prefix}{}.{n}.tmp", std::process::id()));
        match File::options().write(true).create_new(true).open(&tmp) {
            Ok(file) => return Ok((tmp, file)),
            // Left by a process of the same id that died mid-save: take the next name.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(source) => {
                return Err(Error::Io {
                    path: target.to_path_buf(),
                    source: with_context(
                        source,
                        &format!("cannot create the temporary file {}", tmp.display()),
                    ),
                });
            }
        }
    }
}

/// The process id in the name of a temporary file of `target`, if `name` is one.
fn temp_pid(prefix: &str, name: &str) -> Option<u32> {
    let middle = name.strip_prefix(prefix)?.strip_suffix(".tmp")?;
    let (pid, n) = middle.split_once('.')?;
    n.parse::<u64>().ok()?;
    pid.parse().ok()
}

/// Whether a temporary file of process `pid`, last written `age` ago, is abandoned: its
/// process is gone and it has not been touched for a minute, or it is a day old.
fn is_stale(pid: u32, age: Duration) -> bool {
    age >= STALE_ANY || (age >= STALE_DEAD && !process_alive(pid))
}

#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
    if unsafe { libc::kill(pid, 0) } == 0 {
        return true;
    }
    // EPERM: it exists, as another user's process.
    io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    true
}

/// Removes the abandoned temporary files of `target` left by processes killed mid-save. Best
/// effort: a file that cannot be listed or removed is left for the next save.
fn remove_stale_temps(target: &Path) {
    let prefix = temp_prefix(target);
    let Ok(entries) = std::fs::read_dir(parent_of(target)) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| temp_pid(&prefix, n)) else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        let Ok(meta) = entry.metadata() else { continue };
        let age = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .unwrap_or_default();
        if meta.is_file() && is_stale(pid, age) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Flushes the directory entry of a rename to disk, so the new file survives a power cut.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_recognised_and_nothing_else() {
        let prefix = temp_prefix(Path::new("d/progress.json"));
        assert_eq!(prefix, ".progress.json.");
        assert_eq!(temp_pid(&prefix, ".progress.json.4242.7.tmp"), Some(4242));
        for other in [
            "progress.json",
            ".progress.json.tmp",
            ".progress.json.x.7.tmp",
            ".progress.json.42.7.tmp.keep",
            ".other.json.42.7.tmp",
        ] {
            assert_eq!(temp_pid(&prefix, other), None, "{other}");
        }
    }

    #[test]
    fn only_abandoned_temporary_files_are_stale() {
        let own = std::process::id();
        // A process id above the kernel's largest (2^22) belongs to no process.
        let gone = 1 << 23;
        let minute = Duration::from_secs(60);
        assert!(!is_stale(own, minute * 60), "a live process's file");
        assert!(!is_stale(gone, Duration::from_secs(5)), "a fresh file");
        assert!(is_stale(gone, minute));
        assert!(is_stale(own, STALE_ANY));
    }
}
