//! `estimate --samples-out FILE`: a CSV row per sample (the engine's `estimate::samples`), written chunk
//! by chunk to a partial file that is put at its name when the run ends, so that a file of that name is
//! always the rows of a run's report, whole.

use crate::run::Result;
use crate::save::OutputFile;
use shogi_reach_engine::estimate::samples::{csv_header, csv_line, SampleRow};
use std::io::Write;

pub struct SamplesOut<'a> {
    file: &'a OutputFile,
    writer: std::io::BufWriter<std::fs::File>,
}

impl<'a> SamplesOut<'a> {
    /// The partial file of `file`, with the header written.
    pub fn create(file: &'a OutputFile) -> Result<SamplesOut<'a>> {
        let mut out = SamplesOut { file, writer: std::io::BufWriter::new(file.create_partial()?) };
        out.line(&csv_header())?;
        Ok(out)
    }

    /// Appends `rows` (the next samples, in order).
    pub fn write(&mut self, rows: &[SampleRow]) -> Result<()> {
        for row in rows {
            self.line(&csv_line(row))?;
        }
        Ok(())
    }

    fn line(&mut self, line: &str) -> Result<()> {
        writeln!(self.writer, "{line}").map_err(|e| format!("--samples-out: {e}").into())
    }

    /// Flushes and syncs the rows and puts the file at its name.
    pub fn finish(self) -> Result<()> {
        let file = self.writer.into_inner().map_err(|e| format!("--samples-out: {}", e.error()))?;
        file.sync_all().map_err(|e| format!("--samples-out: {e}"))?;
        Ok(self.file.place()?)
    }
}
