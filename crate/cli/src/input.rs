//! The one way the command line reads a user's file, and standard input's lines: bounded. A file is
//! read only when it is a regular file (a FIFO would block, a device never end, a folder is no input),
//! and never past its limit, so no input can hang the command or fill its memory.
//!
//! Self-contained (std, libc and the engine only): the fuzz target `input`'s checks (crate/fuzz-checks)
//! compile this very file.

use shogi_reach_engine::board::sfen::quote;
use std::fmt;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// What a file was refused for, naming the file.
#[derive(Debug)]
pub enum InputError {
    /// The file could not be looked at, opened or read.
    Io { file: String, error: io::Error },
    /// Not a regular file: `kind` names what it is (`a folder`, `a FIFO (named pipe)`, …).
    NotFile { file: String, kind: &'static str },
    /// More than `limit` bytes.
    TooLarge { file: String, limit: u64 },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Io { file, error } => write!(f, "{file}: {error}"),
            InputError::NotFile { file, kind } => {
                write!(f, "{file} is {kind}, not a regular file: only a file's contents are read")
            }
            InputError::TooLarge { file, limit } => {
                write!(f, "{file} is larger than {limit} bytes, the most read from it")
            }
        }
    }
}

/// The bytes of the regular file at `path` (symbolic links followed), at most `limit` of them: a file
/// with more is refused, and no more than `limit + 1` bytes are ever read.
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, InputError> {
    let file = quote(&path.display().to_string());
    let io = |error| InputError::Io { file: file.clone(), error };
    // Looked at before it is opened: opening a FIFO for reading waits for a writer.
    let meta = std::fs::metadata(path).map_err(|e| match std::fs::symlink_metadata(path) {
        Ok(link) if link.file_type().is_symlink() => {
            InputError::NotFile { file: file.clone(), kind: "a broken symbolic link" }
        }
        _ => io(e),
    })?;
    regular(&file, &meta)?;
    let opened = open_nonblocking(path).map_err(io)?;
    // And again once open, in case another file took its name in between.
    let meta = opened.metadata().map_err(io)?;
    regular(&file, &meta)?;
    let too_large = || InputError::TooLarge { file: file.clone(), limit };
    if meta.len() > limit {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    opened.take(limit.saturating_add(1)).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Refuses anything but a regular file, naming what it is.
fn regular(file: &str, meta: &std::fs::Metadata) -> Result<(), InputError> {
    if meta.is_file() {
        return Ok(());
    }
    Err(InputError::NotFile { file: file.to_string(), kind: kind_of(&meta.file_type()) })
}

#[cfg(unix)]
fn kind_of(t: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    match () {
        _ if t.is_dir() => "a folder",
        _ if t.is_fifo() => "a FIFO (named pipe)",
        _ if t.is_char_device() => "a character device",
        _ if t.is_block_device() => "a block device",
        _ if t.is_socket() => "a socket",
        _ => "not a file",
    }
}

#[cfg(not(unix))]
fn kind_of(t: &std::fs::FileType) -> &'static str {
    if t.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

/// Opens for reading without waiting: a FIFO swapped in after the first look opens at once (and is then
/// refused) instead of waiting for a writer. On a regular file the flag changes nothing.
#[cfg(unix)]
fn open_nonblocking(path: &Path) -> io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// Calls `each` with every line of `input` (numbered from 1, without its line end), reading at most
/// `limit` bytes of a line before refusing it: an endless line (`/dev/zero`) is an error, not a hang
/// that fills the memory. `Err(line, None)` for a line too long, `Err(line, Some(e))` for a read error.
pub fn for_each_line<E>(
    mut input: impl BufRead,
    limit: usize,
    mut each: impl FnMut(usize, &str) -> Result<(), E>,
) -> Result<(), LineError<E>> {
    let mut line = Vec::new();
    for number in 1.. {
        line.clear();
        let read = (&mut input).take(limit as u64 + 1).read_until(b'\n', &mut line);
        let read = read.map_err(|e| LineError::Read { line: number, error: e })?;
        if read == 0 {
            return Ok(());
        }
        let text = line.strip_suffix(b"\n").unwrap_or(&line);
        if text.len() > limit {
            return Err(LineError::TooLong { line: number, limit });
        }
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        let text = std::str::from_utf8(text).map_err(|_| LineError::NotText { line: number })?;
        each(number, text).map_err(LineError::Each)?;
    }
    Ok(())
}

/// Why [`for_each_line`] stopped.
#[derive(Debug)]
pub enum LineError<E> {
    /// Reading failed.
    Read { line: usize, error: io::Error },
    /// A line of more than `limit` bytes.
    TooLong { line: usize, limit: usize },
    /// A line that is not UTF-8.
    NotText { line: usize },
    /// What the caller's function said of a line.
    Each(E),
}

impl<E: fmt::Display> fmt::Display for LineError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Read { line, error } => write!(f, "reading input line {line}: {error}"),
            LineError::TooLong { line, limit } => {
                write!(f, "input line {line} is longer than {limit} bytes, the most a line may have")
            }
            LineError::NotText { line } => write!(f, "input line {line} is not UTF-8 text"),
            LineError::Each(e) => e.fmt(f),
        }
    }
}
