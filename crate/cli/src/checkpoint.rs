//! Runs that survive interruption: a checkpoint file written as `estimate` goes (the contiguous prefix of
//! sample indices done, as a valid report), SIGINT/SIGTERM stopping at the next chunk, and `--resume`.

use crate::input;
use crate::run::Result;
use crate::save;
use crate::signature::{self, Signature};
use shogi_reach_engine::board::sfen::quote;
pub use shogi_reach_engine::estimate::files::{RunSpec, MAX_REPORT_BYTES};
use shogi_reach_engine::estimate::tally::{BlockTally, BLOCK};
use shogi_reach_engine::estimate::{files, Provenance, Report, Tally};
use shogi_reach_engine::Ranked;
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
    /// The file written before it is renamed over `path` ([`save::partial_path`]).
    partial: PathBuf,
    every: Duration,
    last: Instant,
}

impl Checkpoint {
    /// A checkpoint at `path`, after checking that its folder takes files (a run learns that it cannot
    /// save before it starts, not after its first minute) and that no file is there, unless `replace` (the
    /// file resumed, or `--force`). Partial files of killed runs saving to `path` are removed.
    pub fn new(path: PathBuf, every: Duration, replace: bool) -> Result<Checkpoint> {
        let shown = path.display().to_string();
        let cannot = |reason: String| format!("cannot write checkpoints beside {shown}: {reason}");
        save::check_folder(&path).map_err(cannot)?;
        if !replace && save::exists(&path) {
            return Err(format!(
                "--checkpoint {0}: the file exists; continue its run with --resume {0}, or give --force to \
                 start over",
                shown
            )
            .into());
        }
        let partial = save::partial_path(&path).map_err(cannot)?;
        save::remove_stale_partials(&path);
        let checkpoint = Checkpoint { partial, path, every, last: Instant::now() };
        save::write_partial(&checkpoint.partial, b"")
            .and_then(|()| std::fs::remove_file(&checkpoint.partial))
            .map_err(|e| cannot(e.to_string()))?;
        if let Err(why) = signature::user_key() {
            eprintln!(
                "shogi-reach: warning: checkpoints unsigned (no key: {why}); a resume verifies `auto` blocks"
            );
        }
        Ok(checkpoint)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves `report` if the interval has passed (or `now`), signed with this user's key
    /// ([`signature::sign`]; unsigned without one): to the partial file, flushed to the disk and renamed
    /// over the checkpoint, so the file is always a whole report. A save that fails is a warning: the run
    /// goes on (and its report is printed at the end), the next save tries again.
    pub fn save(&mut self, report: &Report, now: bool) {
        if !now && self.last.elapsed() < self.every {
            return;
        }
        // Signed: a resume tells this user's own file from one changed since, or written by another.
        let text = files::to_file_text(report);
        let json = match signature::user_key() {
            Ok(key) => signature::sign(&text, key),
            Err(_) => text,
        };
        let saved = save::write_partial(&self.partial, json.as_bytes())
            .and_then(|()| std::fs::rename(&self.partial, &self.path));
        match saved {
            Ok(()) => self.last = Instant::now(),
            Err(e) => {
                let _ = std::fs::remove_file(&self.partial);
                eprintln!("shogi-reach: warning: writing the checkpoint {}: {e}", self.path.display());
            }
        }
    }
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

/// Refuses, before any work, a checkpointed run of `range` (shard of `m`) whose checkpoint would hold
/// more blocks than a resume reads ([`MAX_REPORT_BYTES`] at 1 KiB a block): its file could be written
/// but never resumed.
pub fn check_size(range: &std::ops::Range<u64>, m: u64) -> Result<()> {
    const MOST: u64 = MAX_REPORT_BYTES / 1024;
    let blocks = if range.is_empty() { 0 } else { (range.end - 1) / BLOCK - range.start / BLOCK + 1 };
    if blocks <= MOST {
        return Ok(());
    }
    let shards = (blocks * m).div_ceil(MOST);
    Err(format!(
        "a checkpoint of this run would hold {blocks} blocks of {BLOCK} samples, more than the {MOST} a resume \
         reads ({} MiB): split the run with --shard K/M, M at least {shards}",
        MAX_REPORT_BYTES >> 20
    )
    .into())
}

/// The text of a report file, read as every input is ([`input::read_file`]), at most
/// [`MAX_REPORT_BYTES`].
pub fn read_report_text(path: &Path) -> Result<String> {
    let bytes = input::read_file(path, MAX_REPORT_BYTES).map_err(|e| match e {
        input::InputError::TooLarge { .. } => format!("{e}: split a run this large with --shard"),
        _ => e.to_string(),
    })?;
    String::from_utf8(bytes).map_err(|_| {
        format!("{}: not an estimate report: not UTF-8 text", quote(&path.display().to_string())).into()
    })
}

/// Reads a checkpoint (or a finished report) of the same run: what it has done, and what its signature
/// says.
pub fn resume<V: Ranked>(path: &Path, spec: &RunSpec) -> Result<(Done, Signature)> {
    let name = quote(&path.display().to_string());
    let text = read_report_text(path)?;
    let report: Report = serde_json::from_str(&text)
        .map_err(|e| format!("{name}: not an estimate report: {}", quote(&e.to_string())))?;
    report.check(0).map_err(|e| format!("{name}: {e}"))?;
    let done = files::resume_point::<V>(&report, &name, spec).map_err(|e| e.to_string())?;
    let done = Done { tally: report.tally, blocks: report.blocks, at: done, earlier: report.provenance };
    Ok((done, signature::check_own(&text)))
}
