//! Runs that survive interruption: a checkpoint file written as `estimate` goes (the contiguous prefix of
//! sample indices done, as a valid report), SIGINT/SIGTERM stopping at the next chunk, and `--resume`.

use crate::run::Result;
use shogi_reach_engine::board::sfen::quote;
use shogi_reach_engine::estimate::checksum::{self, Checksum};
use shogi_reach_engine::estimate::tally::BlockTally;
use shogi_reach_engine::estimate::{files, Provenance, Report, Tally};
use shogi_reach_engine::Ranked;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Makes SIGINT and SIGTERM set a flag that [`interrupted`] reads, instead of killing the process. Once
/// per process (a handler can be set only once): `replicate` runs several shards.
pub fn catch_interrupts() -> Result<()> {
    static HANDLER: std::sync::OnceLock<std::result::Result<(), String>> = std::sync::OnceLock::new();
    HANDLER
        .get_or_init(|| {
            ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst))
                .map_err(|e| format!("cannot catch interrupts: {e}"))
        })
        .clone()
        .map_err(Into::into)
}

pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Where and how often a run saves its progress.
pub struct Checkpoint {
    path: PathBuf,
    /// The file written before it is renamed over `path`: beside it (a rename stays within one file
    /// system), named after the whole file name and this process, so that two runs saving `ck.0` and
    /// `ck.1` in one folder never share it.
    partial: PathBuf,
    every: Duration,
    last: Instant,
}

impl Checkpoint {
    /// A checkpoint at `path`, after checking that its folder takes files: a run learns that it cannot
    /// save before it starts, not after its first minute.
    pub fn new(path: PathBuf, every: Duration) -> Result<Checkpoint> {
        let mut name = path
            .file_name()
            .ok_or_else(|| format!("--checkpoint {}: not a file name", path.display()))?
            .to_os_string();
        name.push(format!(".{}.partial", std::process::id()));
        let checkpoint = Checkpoint { partial: path.with_file_name(name), path, every, last: Instant::now() };
        checkpoint
            .write(b"")
            .map_err(|e| format!("cannot write checkpoints beside {}: {e}", checkpoint.path.display()))?;
        std::fs::remove_file(&checkpoint.partial)
            .map_err(|e| format!("{}: {e}", checkpoint.partial.display()))?;
        Ok(checkpoint)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves `report` if the interval has passed (or `now`), with its checksum
    /// ([`checksum::with_checksum`]): to the partial file, flushed to the disk and renamed over the
    /// checkpoint, so the file is always a whole report. A save that fails is a
    /// warning: the run goes on (and its report is printed at the end), the next save tries again.
    pub fn save(&mut self, report: &Report, now: bool) {
        if !now && self.last.elapsed() < self.every {
            return;
        }
        // With its checksum: a resume tells its own file from one changed since.
        let json = checksum::with_checksum(&files::to_file_text(report));
        match self.write(json.as_bytes()).and_then(|()| std::fs::rename(&self.partial, &self.path)) {
            Ok(()) => self.last = Instant::now(),
            Err(e) => {
                let _ = std::fs::remove_file(&self.partial);
                eprintln!("shogi-reach: warning: writing the checkpoint {}: {e}", self.path.display());
            }
        }
    }

    fn write(&self, bytes: &[u8]) -> std::io::Result<()> {
        let mut file = std::fs::File::create(&self.partial)?;
        file.write_all(bytes)?;
        file.sync_all()
    }
}

/// What a run asks of the report it resumes.
pub struct RunSpec {
    pub seed: u64,
    pub samples: u64,
    pub max_nodes: Option<usize>,
    pub range: std::ops::Range<u64>,
}

/// What a run has done: the samples `spec.range.start..at`, their tally and per-block tallies, and the
/// provenance of the checkpoint it resumed (whose time counts too).
pub struct Done {
    pub tally: Tally,
    pub blocks: Vec<BlockTally>,
    pub at: u64,
    pub earlier: Option<Provenance>,
}

impl Done {
    pub fn report<V: Ranked>(&self, spec: &RunSpec) -> Report {
        let ranges = vec![[spec.range.start, self.at]];
        Report::new::<V>(spec.seed, spec.samples, ranges, spec.max_nodes, self.tally.clone())
            .with_blocks(self.blocks.clone())
    }
}

/// Reads a checkpoint (or a finished report) of the same run: what it has done, and what its checksum
/// says.
pub fn resume<V: Ranked>(path: &Path, spec: &RunSpec) -> Result<(Done, Checksum)> {
    let name = quote(&path.display().to_string());
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let report: Report = serde_json::from_str(&text)
        .map_err(|e| format!("{name}: not an estimate report: {}", quote(&e.to_string())))?;
    report.check(0).map_err(|e| format!("{name}: {e}"))?;
    let mismatch = |what: &str, found: String, expected: String| -> Result<(Done, Checksum)> {
        Err(format!("{name}: another run's checkpoint: {what} {found}, this run's {expected}").into())
    };
    if report.variant != V::NAME {
        return mismatch("game", quote(&report.variant), V::NAME.into());
    }
    if (report.seed, report.samples) != (spec.seed, spec.samples) {
        let found = format!("seed {} of {} samples", report.seed, report.samples);
        return mismatch("", found, format!("seed {} of {} samples", spec.seed, spec.samples));
    }
    if report.max_nodes != spec.max_nodes {
        return mismatch("node cap", format!("{:?}", report.max_nodes), format!("{:?}", spec.max_nodes));
    }
    let done = match report.ranges.as_slice() {
        [] => spec.range.start,
        [[s, e]] if *s == spec.range.start && *e <= spec.range.end => *e,
        ranges => {
            let expected = format!("a prefix of {:?}", spec.range);
            return mismatch("samples", format!("{ranges:?}"), expected);
        }
    };
    let done = Done { tally: report.tally, blocks: report.blocks, at: done, earlier: report.provenance };
    Ok((done, checksum::check(&text)))
}
