//! `estimate(..., checkpoint=PATH)`: the run's progress saved to a file (a valid report of the samples
//! done, as the command line's checkpoints), and a call with a checkpoint that exists continuing its run,
//! after recomputing blocks of it drawn at random (`auto`: the file may have been written anywhere).

use crate::errors::BadReportError;
use pyo3::prelude::*;
use shogi_reach_engine::estimate::blocks::{self, Unverified};
use shogi_reach_engine::estimate::files::{self, RunSpec, MAX_REPORT_BYTES};
use shogi_reach_engine::estimate::{BlockTally, Report};
use shogi_reach_engine::{with_game, Game};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How often the progress is saved (and always when the call stops, and at its end).
const EVERY: Duration = Duration::from_secs(30);

/// Where a run's checkpoint is saved: written whole to `PATH.PID.partial`, then renamed over `PATH`.
pub struct Saver {
    path: PathBuf,
    partial: PathBuf,
    last: Instant,
}

impl Saver {
    /// A saver for `path`, after checking that its folder takes files (before any work).
    pub fn new(path: PathBuf) -> PyResult<Saver> {
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(format!(".{}.partial", std::process::id()));
        let saver = Saver { partial: path.with_file_name(name), path, last: Instant::now() };
        std::fs::write(&saver.partial, b"").and_then(|()| std::fs::remove_file(&saver.partial)).map_err(
            |e| crate::errors::BadArgumentError::new_err(format!("checkpoint {}: {e}", saver.shown())),
        )?;
        Ok(saver)
    }

    fn shown(&self) -> String {
        shogi_reach_engine::board::sfen::quote(&self.path.display().to_string())
    }

    /// Whether the interval since the last save has passed.
    pub fn due(&self) -> bool {
        self.last.elapsed() >= EVERY
    }

    /// Saves `report`.
    pub fn save(&mut self, report: &Report) -> PyResult<()> {
        std::fs::write(&self.partial, files::to_file_text(report))
            .and_then(|()| std::fs::rename(&self.partial, &self.path))
            .map_err(|e| {
                let _ = std::fs::remove_file(&self.partial);
                pyo3::exceptions::PyOSError::new_err(format!("checkpoint {}: {e}", self.shown()))
            })?;
        self.last = Instant::now();
        Ok(())
    }
}

/// The blocks and the end of the samples done of the checkpoint at `path` of the run `spec`, its blocks
/// verified (`auto`); nothing done when there is no file.
pub fn resume(py: Python<'_>, game: Game, path: &Path, spec: &RunSpec) -> PyResult<(Vec<BlockTally>, u64)> {
    let name = shogi_reach_engine::board::sfen::quote(&path.display().to_string());
    let refuse = |why: String| BadReportError::new_err(why);
    let size = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), spec.range.start)),
        Err(e) => return Err(refuse(format!("{name}: {e}"))),
        Ok(meta) if !meta.is_file() => return Err(refuse(format!("{name}: not a regular file"))),
        Ok(meta) => meta.len(),
    };
    if size > MAX_REPORT_BYTES {
        return Err(refuse(format!("{name}: {size} bytes, more than a checkpoint's {MAX_REPORT_BYTES}")));
    }
    let text = std::fs::read_to_string(path).map_err(|e| refuse(format!("{name}: {e}")))?;
    let report = files::read_checked(&name, &text).map_err(|e| refuse(e.to_string()))?;
    let at = with_game!(game, V => files::resume_point::<V>(&report, &name, spec))
        .map_err(|e| refuse(e.to_string()))?;
    let checked = py.detach(|| {
        with_game!(game, V => blocks::verify_drawn::<V>(&report, None, crate::draw::random_u64(), &|| false))
    });
    match checked {
        Ok(_) => Ok((report.blocks, at)),
        Err(Unverified::Differs(m)) => Err(refuse(format!("{name}: {m}: the checkpoint is wrong"))),
        Err(Unverified::Stopped { .. }) => unreachable!("nothing stops it"),
    }
}
