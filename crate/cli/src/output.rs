//! The one output path of every command: standard output, buffered, flushed at the end. A closed pipe
//! (`shogi-reach sample … | head -1`) ends the command quietly and successfully; any other write error
//! (a full disk, `> /dev/full`) is reported and fails the command.

use crate::run::{Failure, Result};
use std::io::{self, BufWriter, StdoutLock, Write};

pub struct Output {
    out: BufWriter<StdoutLock<'static>>,
}

impl Output {
    pub fn new() -> Output {
        Output { out: BufWriter::new(io::stdout().lock()) }
    }

    /// Writes `text` as it is.
    pub fn text(&mut self, text: &str) -> Result<()> {
        self.out.write_all(text.as_bytes()).map_err(write_failure)
    }

    /// Writes `line` and a newline.
    pub fn line(&mut self, line: impl std::fmt::Display) -> Result<()> {
        writeln!(self.out, "{line}").map_err(write_failure)
    }

    /// Writes `value` as JSON (indented, the keys in the order of its fields) and a newline: every
    /// command's `--json`. The values are the engine's `Serialize` structs, which cannot fail to serialize.
    pub fn json(&mut self, value: &impl serde::Serialize) -> Result<()> {
        self.line(serde_json::to_string_pretty(value).expect("a result's JSON"))
    }

    /// Flushes what is buffered: the last chance for a write error to show.
    pub fn finish(mut self) -> Result<()> {
        self.out.flush().map_err(write_failure)
    }
}

fn write_failure(e: io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Failure::PipeClosed
    } else {
        Failure::Error(format!("writing output: {e}"))
    }
}
