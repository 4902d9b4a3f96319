//! `replicate`: the papers' experiments (their sample counts, or a fraction of them) run as shards with
//! checkpoints in one folder, and Tables 1 and 2 printed beside the published figures
//! (the engine's `data/published.json`), with the distance of each row in σ.

use crate::checkpoint;
use crate::estimate::{Estimate, VerifyCount};
use crate::output::Output;
use crate::provenance::Meter;
use crate::run::{Result, Run};
use crate::samples_out::SamplesOut;
use crate::save::OutputFile;
use serde::Serialize;
use shogi_reach_engine::estimate::compare::{compare_with_paper, sampling_note, Comparison, Estimates, Row};
use shogi_reach_engine::estimate::published::{published, samples_of, Published, Source};
use shogi_reach_engine::estimate::{files, Provenance, Report};
use shogi_reach_engine::reach::search::SearchOptions;
use shogi_reach_engine::Ranked;
use shogi_reach_proof_games::WithOpening;
use std::path::{Path, PathBuf};

/// Shards of about 2^24 samples by default: a shard's checkpoint saves at most 256 blocks.
fn default_shards(samples: u64) -> u64 {
    samples.div_ceil(1 << 24)
}

pub struct Replicate {
    pub fraction: f64,
    pub seed: u64,
    pub dir: PathBuf,
    pub shards: Option<u64>,
    /// Run only this shard (on one machine of many sharing `dir`), and print no tables.
    pub only: Option<u64>,
    pub threads: Option<usize>,
    pub json: bool,
    pub checkpoint_every: std::time::Duration,
    /// Blocks of each shard file already there to recompute before it is resumed or counted (`None`: as
    /// `estimate --resume` does).
    pub verify: Option<VerifyCount>,
    /// Rows per sample (`--samples-out`): each shard's beside its checkpoint, and the whole run's in this
    /// file (`None` inside: a run of one shard, whose rows stay in its own file).
    pub samples_out: Option<Option<OutputFile>>,
}

impl Run for Replicate {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let paper = published(V::GAME);
        let samples = samples_of(paper.samples, self.fraction).map_err(|e| e.to_string())?;
        let shards = self.shards.unwrap_or_else(|| default_shards(samples));
        if shards == 0 || shards > samples {
            return Err(format!("--shards {shards}: from 1 to the {samples} samples").into());
        }
        if let Some(k) = self.only.filter(|&k| k >= shards) {
            return Err(format!("--shard {k}: the shards are 0 to {}", shards - 1).into());
        }
        let meter = Meter::start();
        std::fs::create_dir_all(&self.dir).map_err(|e| format!("--dir {}: {e}", self.dir.display()))?;
        checkpoint::catch_interrupts()?;
        let mut reports = Vec::new();
        for k in (0..shards).filter(|k| self.only.is_none_or(|only| only == *k)) {
            reports.push(self.shard::<V>(samples, k, shards)?);
        }
        if let Some(k) = self.only {
            eprintln!("shogi-reach: shard {k} of {shards} done; the run without --shard prints the tables");
            return Ok(());
        }
        if let Some(Some(file)) = &self.samples_out {
            self.gather_rows(file, shards)?;
        }
        let names: Vec<String> = (0..shards).map(|k| self.file(k, shards).display().to_string()).collect();
        let threads = self.threads.unwrap_or_else(rayon::current_num_threads);
        let provenance = meter.provenance(threads);
        let report = files::merge_named(&reports, &names)?
            .with_sources(&reports, &names)
            .with_provenance(provenance.clone());
        let run = RunInfo { fraction: self.fraction, shards, dir: &self.dir, provenance };
        let replication = Replication::new::<V>(paper, report, run);
        let mut out = Output::new();
        if self.json {
            out.json(&replication)?;
        } else {
            out.text(&replication.to_text())?;
        }
        out.finish()
    }
}

impl Replicate {
    /// The checkpoint (and, once whole, the report) of shard `k` of `m`.
    fn file(&self, k: u64, m: u64) -> PathBuf {
        self.dir.join(format!("shard-{k}-of-{m}.json"))
    }

    /// The rows of shard `k` of `m` (`--samples-out`), beside its checkpoint.
    fn rows_file(&self, k: u64, m: u64) -> PathBuf {
        self.dir.join(format!("shard-{k}-of-{m}.csv"))
    }

    /// The whole run's rows in `file`: each shard's rows in turn (in index order), as its shard left them
    /// when it was run or checked.
    fn gather_rows(&self, file: &OutputFile, shards: u64) -> Result<()> {
        let mut out = SamplesOut::create(file)?;
        for k in 0..shards {
            let path = self.rows_file(k, shards);
            let shard = |e: std::io::Error| format!("{}: {e}", path.display());
            let rows = std::fs::File::open(&path).map_err(shard)?;
            // Each shard's file begins with the header, which the whole file has once.
            for line in std::io::BufRead::lines(std::io::BufReader::new(rows)).skip(1) {
                out.line(&line.map_err(shard)?)?;
            }
        }
        out.finish()
    }

    /// Shard `k` of `m`: resumed from its file when there is one (a finished shard only verified), run with
    /// checkpoints otherwise; an interruption stops the whole run.
    fn shard<V: Ranked>(&self, samples: u64, k: u64, m: u64) -> Result<Report> {
        let file = self.file(k, m);
        // Anything at the name (a broken link, a folder) is read as the shard and refused by name, never
        // taken for a free name.
        let exists = std::fs::symlink_metadata(&file).is_ok();
        // A resumed shard goes on after its rows once they are checked to be its own (`SamplesOut::resume`).
        let rows = self
            .samples_out
            .as_ref()
            .map(|_| OutputFile::new("--samples-out", self.rows_file(k, m), exists, vec![]));
        let estimate = Estimate {
            samples,
            seed: self.seed,
            threads: self.threads,
            shard: Some((k, m)),
            options: SearchOptions { max_nodes: None, lazy_captures: true },
            json: true,
            checkpoint: (!exists).then(|| file.clone()),
            force: false,
            checkpoint_every: self.checkpoint_every,
            resume: exists.then(|| file.clone()),
            verify: self.verify,
            target_digits: None,
            samples_out: rows.transpose()?,
        };
        let computed = estimate.compute::<V>()?;
        if !computed.is_complete() {
            return Err(format!(
                "interrupted in shard {k} of {m} after {} of its {} samples; the same command continues",
                computed.done, computed.of
            )
            .into());
        }
        Ok(computed.report)
    }
}

/// What a replication ran: the fraction, the shards, their folder, and its provenance.
pub struct RunInfo<'a> {
    pub fraction: f64,
    pub shards: u64,
    pub dir: &'a Path,
    pub provenance: Provenance,
}

/// A run beside the paper: Tables 1 and 2 row by row, the estimates, and where the samples came from.
#[derive(Serialize)]
pub struct Replication {
    pub citation: String,
    pub dir: PathBuf,
    /// |R| of this run and of the paper's counts (computed here, by the same formulas).
    pub estimate: Estimates,
    pub fraction: f64,
    pub game: String,
    pub paper_samples: u64,
    pub paper_sampling: String,
    pub paper_statement: String,
    /// The program, machine and time of this command (the shards' own are in `report.shards`).
    pub provenance: Provenance,
    /// The merged report of the shards, as `merge --json` writes it.
    pub report: Report,
    pub samples: u64,
    pub sampling_note: String,
    pub seed: u64,
    pub shards: u64,
    /// Who published the figures beside the run: a paper, or this project (a game no paper counted).
    pub source: Source,
    pub table1: Vec<Row>,
    pub table2: Vec<Row>,
}

impl Replication {
    fn new<V: Ranked>(paper: Published, report: Report, run: RunInfo) -> Replication {
        let Comparison { estimate, table1, table2 } = compare_with_paper::<V>(&report, &paper);
        Replication {
            source: paper.source,
            citation: paper.citation,
            dir: run.dir.to_path_buf(),
            estimate,
            fraction: run.fraction,
            game: report.game.clone(),
            paper_samples: paper.samples,
            paper_sampling: paper.sampling,
            paper_statement: paper.statement,
            provenance: run.provenance,
            samples: report.tally.samples,
            sampling_note: sampling_note(paper.source).into(),
            seed: report.seed,
            shards: run.shards,
            table1,
            table2,
            report,
        }
    }
}

mod text;
