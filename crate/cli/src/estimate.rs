//! `estimate` (one run or shard, with a progress bar) and `merge` (shards into one report), and the
//! report as text.

use crate::checkpoint::{self, Checkpoint, Done, RunSpec};
use crate::output::Output;
use crate::provenance::{self, Meter};
use crate::run::{Result, Run};
use crate::samples_out::SamplesOut;
use crate::save::OutputFile;
use crate::signature::Signature;
use shogi_reach_engine::estimate::blocks::{self, Unverified};
use shogi_reach_engine::estimate::files;
use shogi_reach_engine::estimate::{self, Report, Tally};
use shogi_reach_engine::reach::search::SearchOptions;
use shogi_reach_engine::reach::stage::Stage;
use shogi_reach_engine::{Game, Ranked};
use shogi_reach_proof_games::WithOpening;
use std::fmt::Write as _;
use std::path::PathBuf;

pub struct Estimate {
    pub samples: u64,
    pub seed: u64,
    pub threads: Option<usize>,
    pub shard: Option<(u64, u64)>,
    pub options: SearchOptions,
    pub json: bool,
    /// Save the progress here as it goes (and on SIGINT/SIGTERM); `--resume` saves to its file.
    pub checkpoint: Option<PathBuf>,
    /// Replace an existing `checkpoint` that is not the file resumed.
    pub force: bool,
    pub checkpoint_every: std::time::Duration,
    pub resume: Option<PathBuf>,
    /// Blocks of the resumed checkpoint to recompute before going on (`None`: [`OWN_CHECKPOINT_BLOCKS`]
    /// for a file signed with this user's key, `auto` for any other).
    pub verify: Option<VerifyCount>,
    /// Also print how many samples these significant digits need.
    pub target_digits: Option<u32>,
    /// Write a row per sample here (`--samples-out`).
    pub samples_out: Option<OutputFile>,
}

/// What [`Estimate::compute`] did: the report of the samples done (a prefix of the shard's range when
/// interrupted) and how fast.
pub struct Computed {
    pub report: Report,
    /// Samples per second of this process (resumed samples not counted).
    pub rate: f64,
    /// Samples of the shard done, of how many.
    pub done: u64,
    pub of: u64,
    /// Where the checkpoint was saved, if anywhere.
    pub saved: Option<PathBuf>,
}

impl Computed {
    pub fn is_complete(&self) -> bool {
        self.done == self.of
    }
}

impl Run for Estimate {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let computed = self.compute::<V>()?;
        let plan = self.target_digits.map(|digits| Plan::new(&computed.report, digits, computed.rate));
        self.print(&computed.report, plan.as_ref())?;
        if !computed.is_complete() {
            let hint = match &computed.saved {
                Some(path) => format!("continue with --resume {}", path.display()),
                None => "continue with --resume FILE, FILE being this report (--json)".into(),
            };
            return Err(
                format!("interrupted after {} of {} samples; {hint}", computed.done, computed.of).into()
            );
        }
        Ok(())
    }
}

impl Estimate {
    /// Runs the shard (from its checkpoint with `--resume`), saving checkpoints, until done or
    /// interrupted (SIGINT/SIGTERM); prints nothing but the progress bar.
    pub fn compute<V: Ranked>(&self) -> Result<Computed> {
        let (k, m) = self.shard.unwrap_or((0, 1));
        let range = estimate::try_shard_range(self.samples, k, m).map_err(|e| e.to_string())?;
        if self.checkpoint.is_some() || self.resume.is_some() {
            checkpoint::check_size(&range, m)?;
        }
        let spec =
            RunSpec { seed: self.seed, samples: self.samples, max_nodes: self.options.max_nodes, range };
        let pool = self.pool()?;
        let meter = Meter::start();
        // Read, then the checkpoint's file checked, then the long part: the blocks recomputed.
        let resumed = self.resume.as_ref().map(|path| checkpoint::resume::<V>(path, &spec)).transpose()?;
        let mut saver = self.saver()?;
        // Before the verification too: an interrupt while verifying leaves the checkpoint as it was.
        checkpoint::catch_interrupts()?;
        let done = self.start::<V>(&spec, &pool, resumed)?;
        let meter = meter.after(done.earlier.as_ref());
        let started = (std::time::Instant::now(), done.at);
        let mut rows = match &self.samples_out {
            Some(file) if self.resume.is_some() => {
                Some(SamplesOut::resume::<V>(file, self.seed, (spec.range.start, done.at), self.options)?)
            }
            Some(file) => Some(SamplesOut::create(file)?),
            None => None,
        };
        let done = self.run_chunks::<V>(&pool, &spec, done, (&mut saver, &mut rows), &meter)?;
        if let Some(rows) = rows {
            rows.finish()?;
        }
        let report = done.report::<V>(&spec).with_provenance(meter.provenance(pool.current_num_threads()));
        if let Some(saver) = &mut saver {
            saver.save(&report, true);
        }
        Ok(Computed {
            report,
            rate: (done.at - started.1) as f64 / started.0.elapsed().as_secs_f64().max(1e-9),
            done: done.at - spec.range.start,
            of: spec.range.end - spec.range.start,
            saved: saver.map(|s| s.path().to_path_buf()),
        })
    }

    /// The checkpoint saved to: `--checkpoint`, else the file resumed. An existing file is replaced only
    /// when it is the one resumed, or with `--force`.
    fn saver(&self) -> Result<Option<Checkpoint>> {
        let replace = self.force
            || match (&self.checkpoint, &self.resume) {
                (Some(c), Some(r)) => crate::save::same_file(c, r),
                (Some(_), None) => false,
                (None, _) => true,
            };
        let file = self.checkpoint.clone().or_else(|| self.resume.clone());
        file.map(|f| Checkpoint::new(f, self.checkpoint_every, replace)).transpose()
    }

    /// Where the run starts: the `--resume` checkpoint read (its blocks verified first: a few of a file
    /// signed with this user's key, `auto` of any other, unless `--verify` says), or nothing done. An interrupt
    /// during the verification stops it and leaves the file as it is.
    fn start<V: Ranked>(
        &self,
        spec: &RunSpec,
        pool: &rayon::ThreadPool,
        resumed: Option<(Done, Signature)>,
    ) -> Result<Done> {
        let (Some(path), Some((done, signature))) = (&self.resume, resumed) else {
            let at = spec.range.start;
            return Ok(Done { tally: Tally::default(), blocks: Vec::new(), at, earlier: None });
        };
        let report = done.report::<V>(spec);
        let (verify, why) = match self.verify {
            Some(k) => (k, "as --verify says".into()),
            None => default_verify(signature),
        };
        let (n, file) = (report.blocks.len(), path.display());
        eprintln!("shogi-reach: verifying {} of the {n} blocks of {file} ({why})", verify.of(n));
        let checked = pool.install(|| verify_random::<V>(&report, verify, &checkpoint::interrupted));
        let checked = checked.map_err(|u| match u {
            Unverified::Differs(m) => format!("{file}: {}", mismatch_text(&m)),
            Unverified::Stopped { index, start, end } => format!(
                "interrupted while verifying block {} of {} (samples {start}..{end}) of {file}; the \
                 checkpoint is unchanged",
                index + 1,
                verify.of(n)
            ),
        })?;
        eprintln!("shogi-reach: verified {checked} of the {n} blocks of {file}");
        Ok(done)
    }

    /// Prints the report (text or `--json`) and the plan of `--target-digits`.
    fn print(&self, report: &Report, plan: Option<&Plan>) -> Result<()> {
        let mut out = Output::new();
        if let (true, Some(plan)) = (self.json, plan) {
            // (A `Value` sorts its keys; only a report with a plan is written through one.)
            let mut value = serde_json::to_value(report).expect("JSON of a report");
            value["plan"] = serde_json::to_value(plan).expect("JSON of a plan");
            out.json(&value)?;
        } else if self.json {
            out.text(&report_text(report, true))?;
        } else {
            out.text(&report_text(report, false))?;
            if let Some(plan) = plan {
                out.text(&plan.to_text())?;
            }
        }
        out.finish()
    }

    /// The thread pool of `--threads` (default: all cores).
    fn pool(&self) -> Result<rayon::ThreadPool> {
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(t) = self.threads {
            pool = pool.num_threads(t);
        }
        pool.build().map_err(|e| format!("starting {} threads: {e}", self.threads.unwrap_or(0)).into())
    }

    /// Runs the samples from `at` to the end of the range in chunks on `pool`, with a progress bar,
    /// checkpoints and the samples' rows, until done or interrupted; returns the tally and where it stopped.
    fn run_chunks<V: Ranked>(
        &self,
        pool: &rayon::ThreadPool,
        spec: &RunSpec,
        mut done: Done,
        (saver, rows): (&mut Option<Checkpoint>, &mut Option<SamplesOut>),
        meter: &Meter,
    ) -> Result<Done> {
        let range = &spec.range;
        let bar = progress_bar(range.end - range.start);
        bar.set_position(done.at - range.start);
        // Chunks of about a second: each waits for its slowest thread (one long search cannot be split), so
        // short chunks lose throughput; long ones would delay progress and checkpoints. An interrupt stops
        // a chunk within one sample per thread.
        let smallest = estimate::JOB * pool.current_num_threads() as u64;
        let mut chunk = smallest;
        while done.at < range.end && !checkpoint::interrupted() {
            // Chunks end at a multiple of the job size, as jobs do: a checkpoint ends at one (or at the
            // shard's end), whatever the chunks' sizes were.
            let end =
                done.at.saturating_add(chunk).checked_next_multiple_of(estimate::JOB).unwrap_or(u64::MAX);
            let end = end.min(range.end);
            let started = std::time::Instant::now();
            let (seed, indices, stop) = (self.seed, done.at..end, &checkpoint::interrupted);
            let (blocks, end) = match rows {
                None => pool.install(|| blocks::run_by_block_until::<V>(seed, indices, self.options, stop)),
                Some(rows) => {
                    let (blocks, end, chunk_rows) = pool.install(|| {
                        blocks::run_by_block_with_rows_until::<V>(seed, indices, self.options, stop)
                    });
                    rows.write(&chunk_rows)?;
                    (blocks, end)
                }
            };
            let seconds = started.elapsed().as_secs_f64().max(1e-3);
            chunk = ((chunk as f64 / seconds) as u64).clamp(smallest, chunk.saturating_mul(4));
            for b in &blocks {
                done.tally.merge(&b.tally).map_err(|e| e.to_string())?;
            }
            estimate::ranges::append_blocks(&mut done.blocks, blocks);
            done.at = end;
            bar.set_position(done.at - range.start);
            bar.set_message(format!("reachable {}", done.tally.count(Stage::Ok)));
            if let Some(saver) = saver {
                let provenance = meter.provenance(pool.current_num_threads());
                saver.save(&done.report::<V>(spec).with_provenance(provenance), false);
            }
        }
        bar.finish_and_clear();
        Ok(done)
    }
}

/// How many samples some significant digits need, from a report's p̂, and the time at the measured rate.
#[derive(serde::Serialize)]
struct Plan {
    digits: u32,
    /// `None` without an estimate to plan from.
    samples_needed: Option<f64>,
    samples_done: u64,
    samples_per_second: f64,
    seconds_more: Option<f64>,
}

impl Plan {
    fn new(r: &Report, digits: u32, rate: f64) -> Plan {
        let candidates: f64 = r.candidates.parse().unwrap_or(f64::NAN);
        let needed =
            shogi_reach_engine::estimate::plan::samples_for_digits(r.estimate.p_hat, candidates, digits);
        let more = needed.map(|n| (n - r.tally.samples as f64).max(0.0) / rate).filter(|s| s.is_finite());
        Plan {
            digits,
            samples_needed: needed,
            samples_done: r.tally.samples,
            samples_per_second: rate,
            seconds_more: more,
        }
    }

    fn to_text(&self) -> String {
        let Some(needed) = self.samples_needed else {
            return format!("\n{} significant digits: no estimate of p yet to plan from\n", self.digits);
        };
        format!(
            "\n{} significant digits at 3 sigma need about {needed:.3e} samples ({:.3e} done): {} more at {:.0} \
             samples/s\n",
            self.digits,
            self.samples_done as f64,
            self.seconds_more.map_or("an unknown time".into(), duration_text),
            self.samples_per_second
        )
    }
}

/// `2 h 5 min`, `40 s`.
fn duration_text(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match s {
        0..=59 => format!("{s} s"),
        60..=3599 => format!("{} min {} s", s / 60, s % 60),
        3600..=172_799 => format!("{} h {} min", s / 3600, s % 3600 / 60),
        _ => format!("{:.1} days", seconds / 86400.0),
    }
}

/// A bar on standard error (drawn only when it is a terminal).
fn progress_bar(samples: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(samples);
    let style = indicatif::ProgressStyle::with_template(
        "{elapsed_precise} [{bar:40}] {pos}/{len} samples, {per_sec}, ETA {eta} {msg}",
    )
    .expect("a valid template")
    .progress_chars("=> ");
    bar.set_style(style);
    bar
}

/// `--shard K/M`: part K (0-based) of M.
pub fn parse_shard(s: &str) -> std::result::Result<(u64, u64), String> {
    let (k, m) = s.split_once('/').ok_or("expected K/M, e.g. 0/4")?;
    let (k, m): (u64, u64) = (k.parse().map_err(|_| "bad K")?, m.parse().map_err(|_| "bad M")?);
    if m == 0 || k >= m {
        return Err(format!("shard {k}/{m}: need 0 <= K < M"));
    }
    Ok((k, m))
}

/// How many blocks of a file to recompute: K, or `None` for [`blocks::blocks_to_verify`] (`auto`, the
/// default).
#[derive(Clone, Copy, Debug, Default)]
pub struct VerifyCount(Option<usize>);

impl VerifyCount {
    /// The blocks recomputed of a file of `n`.
    fn of(self, n: usize) -> usize {
        blocks::blocks_drawn(n, self.0)
    }
}

/// The blocks recomputed of a run's own checkpoint (signed with this user's key) when it is resumed: the
/// signature catches corruption, edits and other writers, these catch a program that computes wrongly
/// here.
pub const OWN_CHECKPOINT_BLOCKS: usize = 2;

/// The blocks of a resumed file to recompute when `--verify` does not say, by what its signature says,
/// and why.
fn default_verify(signature: Signature) -> (VerifyCount, String) {
    let auto = |why: &str| (VerifyCount(None), format!("auto: {why}"));
    match signature {
        Signature::Matches => (
            VerifyCount(Some(OWN_CHECKPOINT_BLOCKS)),
            "signed with this user's key: this program wrote it".into(),
        ),
        Signature::Differs => auto("its signature is not this user's key's: edited, or written elsewhere"),
        Signature::Missing => auto("it is not signed"),
        Signature::NoKey(reason) => auto(&format!("no key to check its signature with: {reason}")),
    }
}

/// `--verify K|auto`.
pub fn parse_verify(s: &str) -> std::result::Result<VerifyCount, String> {
    match s {
        "auto" => Ok(VerifyCount(None)),
        _ => {
            s.parse().map(|k| VerifyCount(Some(k))).map_err(|_| "expected a number of blocks or auto".into())
        }
    }
}

/// `merge`: every file read, checked and verified (`auto` unless `--verify` says; a signature is not
/// looked at here, the files come from elsewhere), merged with their provenance.
pub fn run_merge(json: bool, verify: Option<VerifyCount>, files: &[PathBuf]) -> Result<()> {
    let meter = Meter::start();
    let mut reports = Vec::new();
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    for (f, name) in files.iter().zip(&names) {
        let text = checkpoint::read_report_text(f)?;
        reports.push(files::read_report(name, &text)?);
    }
    let game: Game = reports[0].game.parse().map_err(|e| format!("{}: {e}", names[0]))?;
    let merged = files::merge_named(&reports, &names)?;
    let k = verify.unwrap_or_default();
    shogi_reach_engine::with_game!(game, V => verify_shards::<V>(&reports, files, k))?;
    let provenance = meter.provenance(rayon::current_num_threads());
    let merged = merged.with_sources(&reports, &names).with_provenance(provenance);
    if !merged.is_complete() {
        eprintln!("shogi-reach: note: the shards cover only part of the {} samples", merged.samples);
    }
    let mut out = Output::new();
    out.text(&report_text(&merged, json))?;
    out.finish()
}

/// Recomputes `k` blocks of every report, chosen at random, and names the file and block of the first
/// that differs.
fn verify_shards<V: Ranked>(reports: &[Report], files: &[PathBuf], k: VerifyCount) -> Result<()> {
    let mut checked = 0;
    for (r, file) in reports.iter().zip(files) {
        checked += verify_random::<V>(r, k, &|| false).map_err(|u| match u {
            Unverified::Differs(m) => format!("{}: {}", file.display(), mismatch_text(&m)),
            Unverified::Stopped { .. } => unreachable!("nothing stops it"),
        })?;
    }
    eprintln!("shogi-reach: verified {checked} blocks of {} shards: all agree", reports.len());
    Ok(())
}

/// Recomputes `k` of the report's blocks, drawn at random, until `stop()`: how many, or the first that
/// differs, or where it stopped.
pub fn verify_random<V: Ranked>(
    r: &Report,
    k: VerifyCount,
    stop: &(dyn Fn() -> bool + Sync),
) -> std::result::Result<usize, Unverified> {
    use rand_core::{Rng, SeedableRng};
    let entropy =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(entropy as u64 ^ std::process::id() as u64);
    blocks::verify_drawn::<V>(r, k.0, || rng.next_u64(), stop)
}

fn mismatch_text(m: &blocks::Mismatch) -> String {
    format!("{m}: the file is wrong")
}

/// The report as `--json` or as the paper's tables.
fn report_text(r: &Report, json: bool) -> String {
    if json {
        return files::to_file_text(r);
    }
    let mut t = String::new();
    let covered: u64 = r.ranges.iter().map(|[s, e]| e - s).sum();
    let _ = writeln!(
        t,
        "{} estimate, seed {}, {} samples (indices {:?} of {})",
        r.game, r.seed, covered, r.ranges, r.samples
    );
    if let Some(cap) = r.max_nodes {
        let _ = writeln!(t, "searches capped at {cap} positions (those that hit the cap count as unknown)");
    }
    t.push('\n');
    write_tables(&mut t, &r.funnel, &r.tally);
    write_estimate(&mut t, r);
    if let Some(p) = &r.provenance {
        let _ = writeln!(t, "\n{}", provenance::line(p));
    }
    t
}

/// Table 1 (the funnel) and Table 2 (unreachable positions by plies traced back).
fn write_tables(t: &mut String, funnel: &[(String, u64)], tally: &Tally) {
    let _ = writeln!(t, "Table 1: samples passing each check");
    for (name, n) in funnel {
        let _ =
            writeln!(t, "  {name:<22} {n:>14}  {:>8.4} %", 100.0 * *n as f64 / tally.samples.max(1) as f64);
    }
    let unknown = tally.count(Stage::Unknown);
    if unknown > 0 {
        let _ = writeln!(t, "  (undecided: search node cap hit) {unknown}");
    }
    t.push('\n');
    let _ = writeln!(t, "Table 2: unreachable positions by the most plies traced back");
    for (d, n) in tally.traced_back.iter().enumerate() {
        // The last row a run writes counts the positions traced back that far or further.
        let plies = if d + 1 == estimate::TRACED_BACK_ROWS { format!("{d}+") } else { d.to_string() };
        let _ = writeln!(t, "  {plies:>3} {n:>14}");
    }
}

/// The searches' means, p̂ and |R| with its 3σ interval, and Wilson's and the exact one.
fn write_estimate(t: &mut String, r: &Report) {
    let ok = r.tally.count(Stage::Ok);
    if ok > 0 {
        t.push('\n');
        let _ = writeln!(
            t,
            "reachable searches: mean {:.1} pops, {:.0} positions generated, {:.1} plies",
            r.tally.reachable_pops as f64 / ok as f64,
            r.tally.reachable_nodes as f64 / ok as f64,
            r.tally.reachable_plies as f64 / ok as f64
        );
    }
    let e = &r.estimate;
    t.push('\n');
    let _ = writeln!(t, "p = {ok} / {} = {:.10} (sigma {:.3e})", r.tally.samples, e.p_hat, e.sigma);
    let _ = writeln!(t, "|P_K| = {}", r.candidates);
    let _ = writeln!(
        t,
        "|R| = p * |P_K| = {:.5e}, 3-sigma interval [{:.5e}, {:.5e}]",
        e.reachable, e.low, e.high
    );
    // The same confidence (99.73 %), better for a share of few counts: see docs/method.md.
    let _ = writeln!(
        t,
        "  Wilson [{:.5e}, {:.5e}], exact (Clopper-Pearson) [{:.5e}, {:.5e}]",
        e.wilson[0], e.wilson[1], e.exact[0], e.exact[1]
    );
}
