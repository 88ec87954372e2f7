//! Every input file is read here, through a bounded reader.
//!
//! A file's reported length is only a first check: `/proc` files report 0 and hold more, and a
//! file can grow while it is read. So a read takes at most `limit + 1` bytes, and one byte past
//! the limit is an error. Only regular files are opened (a FIFO would block, `/dev/zero` never
//! ends), and stdin (`-` where a command allows it) is read through the same bound. A UTF-8
//! byte order mark at the start of a text is skipped.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use crate::error::{Error, Result, too_long};

const BOM: &[u8] = b"\xef\xbb\xbf";

/// What must hold before a file is opened: it exists, it is a regular file (a pipe or a
/// device would block or never end), and it is within `limit` bytes.
pub fn check_file(path: &Path, limit: u64) -> Result<()> {
    let meta = std::fs::metadata(path).map_err(|source| io_error(path, source))?;
    check_metadata(path, &meta, limit)
}

fn check_metadata(path: &Path, meta: &std::fs::Metadata, limit: u64) -> Result<()> {
    let path = path.to_path_buf();
    if meta.is_dir() {
        return Err(Error::IsDirectory { path });
    }
    if !meta.is_file() {
        return Err(Error::NotRegular { path });
    }
    if meta.len() > limit {
        return Err(Error::TooLarge {
            path,
            size: meta.len(),
            limit,
        });
    }
    Ok(())
}

/// A regular file opened for reading, checked twice: by its path before opening (so no device
/// is ever opened), and by the open handle (the path may have changed in between). It is
/// opened non-blocking, so a FIFO put in its place cannot hang the open.
pub fn open(path: &Path, limit: u64) -> Result<Bounded<File>> {
    use std::os::unix::fs::OpenOptionsExt;
    check_file(path, limit)?;
    let file = File::options()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .map_err(|source| io_error(path, source))?;
    let meta = file.metadata().map_err(|source| io_error(path, source))?;
    check_metadata(path, &meta, limit)?;
    Ok(Bounded::new(file, limit))
}

/// `open`, buffered, past a byte order mark: for readers that parse as they read.
pub fn open_text(path: &Path, limit: u64, capacity: usize) -> Result<BufReader<Bounded<File>>> {
    let mut reader = BufReader::with_capacity(capacity, open(path, limit)?);
    skip_bom(&mut reader).map_err(|source| io_error(path, source))?;
    Ok(reader)
}

/// A whole text file of at most `limit` bytes.
pub fn read_text(path: &Path, limit: u64) -> Result<String> {
    let bytes = read_all(path, open(path, limit)?)?;
    utf8_text(path, bytes)
}

/// All of stdin, at most `limit` bytes, as text; named `<stdin>` in errors.
pub fn read_stdin(limit: u64) -> Result<String> {
    let path = Path::new("<stdin>");
    let bytes = read_all(path, Bounded::new(io::stdin().lock(), limit))?;
    utf8_text(path, bytes)
}

fn read_all(path: &Path, mut reader: Bounded<impl Read>) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    match reader.read_to_end(&mut bytes) {
        Ok(_) => Ok(bytes),
        Err(_) if reader.over => Err(Error::TooLong {
            path: path.to_path_buf(),
            limit: reader.limit,
        }),
        Err(source) => Err(io_error(path, source)),
    }
}

/// Bytes as text past a byte order mark, or the file offset of the first byte that is not
/// UTF-8.
pub fn utf8_text(path: &Path, mut bytes: Vec<u8>) -> Result<String> {
    let skipped = if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
        BOM.len()
    } else {
        0
    };
    String::from_utf8(bytes).map_err(|e| Error::NotUtf8 {
        path: path.to_path_buf(),
        offset: skipped + e.utf8_error().valid_up_to(),
    })
}

/// Consumes a byte order mark at the start of `reader`, if there is one.
pub fn skip_bom(reader: &mut impl BufRead) -> io::Result<()> {
    if reader.fill_buf()?.starts_with(BOM) {
        reader.consume(BOM.len());
    }
    Ok(())
}

/// A reader that fails once more than `limit` bytes came through it.
pub struct Bounded<R: Read> {
    inner: io::Take<R>,
    limit: u64,
    read: u64,
    /// Whether the limit was passed (the error then is this one, whatever wraps it).
    over: bool,
}

impl<R: Read> Bounded<R> {
    pub fn new(inner: R, limit: u64) -> Bounded<R> {
        Bounded {
            // One byte past the limit tells "at the limit" from "over it".
            inner: inner.take(limit.saturating_add(1)),
            limit,
            read: 0,
            over: false,
        }
    }
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        if self.read > self.limit {
            self.over = true;
            return Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                too_long(self.limit),
            ));
        }
        Ok(n)
    }
}

fn io_error(path: &Path, source: io::Error) -> Error {
    Error::Io {
        path: PathBuf::from(path),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bounded_read_takes_the_limit_and_refuses_one_byte_more() {
        let path = Path::new("t");
        let at = read_all(path, Bounded::new(&[b'x'; 8][..], 8)).unwrap();
        assert_eq!(at.len(), 8);
        let endless = io::repeat(b'x');
        let err = read_all(path, Bounded::new(endless, 8)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "t: more than 8 bytes; this kind of file is limited to 8 bytes"
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_offsets_stay_file_offsets() {
        let path = Path::new("t");
        assert_eq!(utf8_text(path, b"\xef\xbb\xbf{}".to_vec()).unwrap(), "{}");
        let err = utf8_text(path, b"\xef\xbb\xbfab\xff".to_vec()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "t: not UTF-8 text (invalid byte at offset 5)"
        );
        let mut reader = BufReader::new(&b"\xef\xbb\xbf[1]"[..]);
        skip_bom(&mut reader).unwrap();
        let mut rest = String::new();
        reader.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "[1]");
    }
}
