//! Fixed-size rows put by number in any order and read back in number order: how the call
//! rows of a run folded as it goes come out in call order although calls finish in another
//! (a call's row is final only when it returns, after all the calls below it). Rows stay in
//! memory up to `MEMORY_ROWS`; past that they go to an unnamed temporary file, so the
//! process's memory does not grow with the calls (the file does: `ROW` bytes a call).

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::os::unix::fs::FileExt;

/// Bytes of one row.
pub const ROW: usize = 26;
/// Rows held in memory before they go to a file (about 27 MB).
const MEMORY_ROWS: usize = 1 << 20;
/// Rows gathered before a batch of them is written out.
const BATCH_ROWS: usize = 1 << 14;

pub(super) type RowBytes = [u8; ROW];

/// The rows put so far.
pub(super) struct Spill {
    /// Rows `0..` by number while no file is used.
    memory: Vec<u8>,
    file: Option<File>,
    /// Where the file was made (it is unlinked at once), for the message of a failed write.
    path: std::path::PathBuf,
    /// Rows waiting to be written to the file, by number.
    batch: Vec<(u32, RowBytes)>,
    rows: u32,
    memory_rows: usize,
}

impl Default for Spill {
    fn default() -> Spill {
        Spill::with_memory_rows(MEMORY_ROWS)
    }
}

impl Spill {
    fn with_memory_rows(memory_rows: usize) -> Spill {
        Spill {
            memory: Vec::new(),
            file: None,
            path: std::path::PathBuf::new(),
            batch: Vec::new(),
            rows: 0,
            memory_rows,
        }
    }

    /// Row `n` is `row` (each number is put once).
    pub fn put(&mut self, n: u32, row: RowBytes) -> io::Result<()> {
        self.rows = self.rows.max(n + 1);
        if self.file.is_none() && (n as usize) < self.memory_rows {
            let at = n as usize * ROW;
            if self.memory.len() < at + ROW {
                self.memory.resize(at + ROW, 0);
            }
            self.memory[at..at + ROW].copy_from_slice(&row);
            return Ok(());
        }
        if self.file.is_none() {
            let (file, path) = temporary()?;
            self.path = path;
            file.write_all_at(&self.memory, 0)
                .map_err(|e| self.failed_write(e))?;
            self.memory = Vec::new();
            self.file = Some(file);
        }
        self.batch.push((n, row));
        if self.batch.len() >= BATCH_ROWS {
            self.write_batch().map_err(|e| self.failed_write(e))?;
        }
        Ok(())
    }

    /// A failed write to the rows' file, naming the file and how much it held.
    fn failed_write(&self, e: io::Error) -> io::Error {
        io::Error::new(
            e.kind(),
            format!(
                "the call rows of a large run go to a temporary file, {} (removed when prune ends), which could not grow past {} rows of {ROW} bytes: {e}",
                self.path.display(),
                self.rows
            ),
        )
    }

    /// Writes the waiting rows, each run of consecutive numbers in one write.
    fn write_batch(&mut self) -> io::Result<()> {
        let Some(file) = &self.file else {
            return Ok(());
        };
        self.batch.sort_unstable_by_key(|r| r.0);
        let mut run = Vec::with_capacity(self.batch.len() * ROW);
        let mut first = 0;
        for (k, (n, row)) in self.batch.iter().enumerate() {
            if k > 0 && *n != self.batch[k - 1].0 + 1 {
                file.write_all_at(&run, first as u64 * ROW as u64)?;
                run.clear();
            }
            if run.is_empty() {
                first = *n;
            }
            run.extend_from_slice(row);
        }
        if !run.is_empty() {
            file.write_all_at(&run, first as u64 * ROW as u64)?;
        }
        self.batch.clear();
        Ok(())
    }

    #[cfg(test)]
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Every row put, once all of them are: the store is read as often as a view needs.
    pub fn finish(mut self) -> io::Result<Rows> {
        self.write_batch().map_err(|e| self.failed_write(e))?;
        Ok(Rows {
            memory: self.memory,
            file: self.file,
            rows: self.rows,
        })
    }
}

/// The finished rows.
pub(super) struct Rows {
    memory: Vec<u8>,
    file: Option<File>,
    rows: u32,
}

impl Rows {
    pub fn len(&self) -> u32 {
        self.rows
    }

    /// Hands each row to `f` in number order.
    pub fn each(&self, f: &mut dyn FnMut(u32, &RowBytes) -> io::Result<()>) -> io::Result<()> {
        let Some(file) = &self.file else {
            for (n, row) in self.memory.chunks_exact(ROW).enumerate() {
                f(n as u32, row.try_into().expect("a whole row"))?;
            }
            return Ok(());
        };
        let mut reader = BufReader::with_capacity(1 << 16, Positioned { file, at: 0 });
        let mut row = [0; ROW];
        for n in 0..self.rows {
            reader.read_exact(&mut row)?;
            f(n, &row)?;
        }
        Ok(())
    }
}

/// Reads a file from a position of its own, so the rows can be read more than once through
/// a shared handle.
struct Positioned<'a> {
    file: &'a File,
    at: u64,
}

impl Read for Positioned<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.file.read_at(buf, self.at)?;
        self.at += n as u64;
        Ok(n)
    }
}

/// A new file in the temporary directory, unlinked at once: it goes away with the process,
/// however the process ends.
fn temporary() -> io::Result<(File, std::path::PathBuf)> {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir();
    let name = format!(
        "prune-rows.{}.{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let path = dir.join(name);
    let file = File::options()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| with_place(e, &dir))?;
    std::fs::remove_file(&path).map_err(|e| with_place(e, &dir))?;
    Ok((file, path))
}

fn with_place(e: io::Error, dir: &std::path::Path) -> io::Error {
    io::Error::new(
        e.kind(),
        format!(
            "the call rows of a large run go to a temporary file in {}: {e}",
            dir.display()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(n: u32) -> RowBytes {
        let mut r = [0; ROW];
        r[..4].copy_from_slice(&n.to_le_bytes());
        r[ROW - 1] = (n % 251) as u8;
        r
    }

    /// Rows put out of order, in memory and past it into the file, read back in order, twice.
    #[test]
    fn rows_come_back_in_number_order() {
        for memory_rows in [1000, 7] {
            let mut spill = Spill::with_memory_rows(memory_rows);
            // A post-order of a binary tree of 15 nodes numbered in pre-order, then a tail.
            let order = [3, 4, 2, 6, 7, 5, 1, 10, 11, 9, 13, 14, 12, 8, 0];
            for n in order {
                spill.put(n, row(n)).unwrap();
            }
            for n in (15..40).rev() {
                spill.put(n, row(n)).unwrap();
            }
            assert_eq!(spill.file.is_some(), memory_rows < 40);
            let rows = spill.finish().unwrap();
            for _ in 0..2 {
                let mut seen = Vec::new();
                rows.each(&mut |n, r| {
                    assert_eq!(*r, row(n));
                    seen.push(n);
                    Ok(())
                })
                .unwrap();
                assert_eq!(seen, (0..40).collect::<Vec<_>>());
            }
        }
    }

    /// In memory, the store holds the rows put and nothing per row beyond them; past the
    /// memory rows it holds at most a batch, however many rows go to the file.
    #[test]
    fn memory_does_not_grow_past_the_limit() {
        let mut spill = Spill::with_memory_rows(64);
        for n in 0..200_000u32 {
            spill.put(n, row(n)).unwrap();
            assert!(spill.memory.len() <= 64 * ROW);
            assert!(spill.batch.len() < BATCH_ROWS);
        }
        let rows = spill.finish().unwrap();
        assert_eq!(rows.len(), 200_000);
        let mut next = 0;
        rows.each(&mut |n, r| {
            assert_eq!((n, *r), (next, row(next)));
            next += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(next, 200_000);
    }
}
