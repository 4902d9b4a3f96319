//! `estimate --samples-out FILE`: a CSV row per sample (the engine's `estimate::samples`), written chunk
//! by chunk to a partial file that is put at its name when the run ends or is interrupted, so that a file of
//! that name is always the rows of a run's report, whole. A run resumed from its checkpoint goes on after
//! the rows the interrupted run left, once they are checked to be that run's ([`SamplesOut::resume`]).
//! A name ending in `.parquet` gets the same rows as Parquet ([`crate::rows_parquet`]): written as CSV
//! to a scratch file, converted when the file is put at its name.

use crate::rows_parquet::{is_parquet, parquet_to_csv, write_parquet};
use crate::run::Result;
use crate::save::{exists, partial_path, remove_stale_partials, OutputFile};
use shogi_reach_engine::estimate::blocks::run_by_block_with_rows_until;
use shogi_reach_engine::estimate::samples::{csv_header, csv_line, SampleRow};
use shogi_reach_engine::ranking::rank::Ranked;
use shogi_reach_engine::reach::search::SearchOptions;
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};

/// How many rows of a resumed file are recomputed and compared, spread over it.
const ROWS_VERIFIED: u64 = 8;
/// The longest line a rows file may have (a row is under 200 bytes).
const LONGEST_LINE: u64 = 4096;
/// What a rows file that a resumed run cannot go on after is.
const NOT_THIS_RUN: &str = "not the rows of the run resumed";

pub struct SamplesOut<'a> {
    file: &'a OutputFile,
    writer: std::io::BufWriter<std::fs::File>,
    /// For a Parquet file, where the rows go as CSV until they are converted.
    scratch: Option<PathBuf>,
}

impl<'a> SamplesOut<'a> {
    /// The partial file of `file` (for Parquet, a scratch file beside it), with the header written.
    pub fn create(file: &'a OutputFile) -> Result<SamplesOut<'a>> {
        let scratch = is_parquet(file.path()).then(|| scratch_path(file.path(), "rows")).transpose()?;
        let writer = match &scratch {
            Some(path) => std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?,
            None => file.create_partial()?,
        };
        let mut out = SamplesOut { file, writer: std::io::BufWriter::new(writer), scratch };
        out.line(&csv_header())?;
        Ok(out)
    }

    /// Continues the rows of an interrupted run resumed at sample `to`: `file` must hold exactly the rows
    /// of samples `from..to` of `seed` (its header, the indices in order, and some rows recomputed equal),
    /// which go first into the partial file. Nothing is written over a file that is not those rows, and an
    /// earlier run's rows that are not there (a new file name) cannot be made up: both are errors.
    pub fn resume<V: Ranked>(
        file: &'a OutputFile,
        seed: u64,
        (from, to): (u64, u64),
        options: SearchOptions,
    ) -> Result<SamplesOut<'a>> {
        let named = |reason: String| format!("--samples-out {}: {reason}", file.path().display());
        if !exists(file.path()) {
            if to == from {
                return SamplesOut::create(file);
            }
            let done = to - from;
            return Err(named(format!(
                "no such file; the {done} samples done have their rows in the file the interrupted run wrote"
            ))
            .into());
        }
        let reader = rows_reader(file.path()).map_err(named)?;
        let mut out = SamplesOut::create(file)?;
        let kept = out.copy_rows(&mut std::io::BufReader::new(reader), (from, to)).map_err(named)?;
        for (index, line) in kept {
            let (_, _, rows) = run_by_block_with_rows_until::<V>(seed, index..index + 1, options, &|| false);
            if rows.first().map(csv_line).as_deref() != Some(line.as_str()) {
                let reason = format!("the row of sample {index} differs from the sample computed again");
                return Err(named(format!("{reason}: {NOT_THIS_RUN}")).into());
            }
        }
        Ok(out)
    }

    /// Copies the rows of samples `from..to` from `reader` (a rows file: its header, then exactly those rows,
    /// in order); returns [`ROWS_VERIFIED`] of them, spread over the range, to be computed again.
    fn copy_rows(
        &mut self,
        reader: &mut impl BufRead,
        (from, to): (u64, u64),
    ) -> std::result::Result<Vec<(u64, String)>, String> {
        if next_line(reader)?.as_deref() != Some(csv_header().as_str()) {
            return Err("its first line is not the rows' header: not a --samples-out file".into());
        }
        let n = ROWS_VERIFIED.min(to - from);
        let checked: Vec<u64> = (0..n).map(|k| from + k * (to - from) / n).collect();
        let mut kept = Vec::new();
        for index in from..to {
            let Some(line) = next_line(reader)? else {
                return Err(format!(
                    "rows end before sample {index}, the checkpoint's go to {to}: {NOT_THIS_RUN}"
                ));
            };
            if line.split(',').next() != Some(index.to_string().as_str()) {
                return Err(format!("the row where sample {index} belongs is another's: {NOT_THIS_RUN}"));
            }
            if checked.contains(&index) {
                kept.push((index, line.clone()));
            }
            self.line(&line).map_err(|e| e.to_string())?;
        }
        if next_line(reader)?.is_some() {
            return Err(format!(
                "rows go on past sample {}, where the checkpoint ends: {NOT_THIS_RUN}",
                to - 1
            ));
        }
        Ok(kept)
    }

    /// Appends `rows` (the next samples, in order).
    pub fn write(&mut self, rows: &[SampleRow]) -> Result<()> {
        for row in rows {
            self.line(&csv_line(row))?;
        }
        Ok(())
    }

    /// Appends a row as a CSV line (a shard's, gathered by `replicate`).
    pub fn line(&mut self, line: &str) -> Result<()> {
        writeln!(self.writer, "{line}").map_err(|e| format!("--samples-out: {e}").into())
    }

    /// Flushes and syncs the rows (for Parquet, converts them) and puts the file at its name.
    pub fn finish(self) -> Result<()> {
        let named = |e: String| format!("--samples-out {}: {e}", self.file.path().display());
        let file = self.writer.into_inner().map_err(|e| named(e.error().to_string()))?;
        file.sync_all().map_err(|e| named(e.to_string()))?;
        if let Some(scratch) = &self.scratch {
            let converted = std::fs::File::open(scratch)
                .map_err(|e| e.to_string())
                .and_then(|csv| write_parquet(std::io::BufReader::new(csv), self.file.create_partial()?));
            let _ = std::fs::remove_file(scratch);
            converted.map_err(named)?;
        }
        Ok(self.file.place()?)
    }
}

/// A scratch file beside `path` for `what` (`NAME.what.PID.partial`), those of killed runs removed.
fn scratch_path(path: &Path, what: &str) -> std::result::Result<PathBuf, String> {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{what}"));
    let base = PathBuf::from(name);
    remove_stale_partials(&base);
    partial_path(&base)
}

/// The rows file at `path` as CSV to read: a Parquet file's rows converted to a scratch file first.
fn rows_reader(path: &Path) -> std::result::Result<std::fs::File, String> {
    if !is_parquet(path) {
        return std::fs::File::open(path).map_err(|e| e.to_string());
    }
    let scratch = scratch_path(path, "read")?;
    let converted = std::fs::File::create(&scratch).map_err(|e| e.to_string()).and_then(|file| {
        let mut out = std::io::BufWriter::new(file);
        parquet_to_csv(path, &mut out).map_err(|e| format!("{e}: not a --samples-out file"))?;
        out.flush().map_err(|e| e.to_string())
    });
    let reader = converted.and_then(|()| std::fs::File::open(&scratch).map_err(|e| e.to_string()));
    // Read through the open file: the name can go now.
    let _ = std::fs::remove_file(&scratch);
    reader
}

/// The next line of `reader` without its end, `None` at the end; a line longer than [`LONGEST_LINE`] or not
/// UTF-8 is an error.
fn next_line(reader: &mut impl BufRead) -> std::result::Result<Option<String>, String> {
    let mut bytes = Vec::new();
    (&mut *reader).take(LONGEST_LINE + 1).read_until(b'\n', &mut bytes).map_err(|e| e.to_string())?;
    if bytes.is_empty() {
        return Ok(None);
    }
    if bytes.last() != Some(&b'\n') {
        if bytes.len() as u64 > LONGEST_LINE {
            return Err(format!("a line longer than {LONGEST_LINE} bytes: not a --samples-out file"));
        }
    } else {
        bytes.pop();
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| "a line that is not UTF-8: not a --samples-out file".into())
}
