//! `estimate` (one run or shard, with a progress bar) and `merge` (shards into one report), and the
//! report as text.

use super::output::Output;
use super::{Result, Run};
use shogi_reach::estimate::{self, MergeError, Report, ShardProblem, Tally};
use shogi_reach::reach::search::SearchOptions;
use shogi_reach::reach::stage::Stage;
use shogi_reach::{Game, Ranked, WithOpening};
use std::fmt::Write as _;
use std::path::PathBuf;

pub struct Estimate {
    pub samples: u64,
    pub seed: u64,
    pub threads: Option<usize>,
    pub shard: Option<(u64, u64)>,
    pub options: SearchOptions,
    pub json: bool,
}

impl Run for Estimate {
    fn run<V: Ranked + WithOpening>(self) -> Result<()> {
        let (k, m) = self.shard.unwrap_or((0, 1));
        let range = estimate::try_shard_range(self.samples, k, m).map_err(|e| e.to_string())?;
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(t) = self.threads {
            pool = pool.num_threads(t);
        }
        let pool =
            pool.build().map_err(|e| format!("starting {} threads: {e}", self.threads.unwrap_or(0)))?;
        let bar = progress_bar(range.end - range.start);
        let mut tally = Tally::default();
        let chunk = 4096 * pool.current_num_threads() as u64;
        let mut at = range.start;
        while at < range.end {
            let end = at.saturating_add(chunk).min(range.end);
            let part = pool.install(|| estimate::run_range::<V>(self.seed, at..end, self.options));
            tally.merge(&part).map_err(|e| e.to_string())?;
            bar.set_position(end - range.start);
            bar.set_message(format!("reachable {}", tally.count(Stage::Ok)));
            at = end;
        }
        bar.finish_and_clear();
        let ranges = vec![[range.start, range.end]];
        let report = Report::new::<V>(self.seed, self.samples, ranges, self.options.max_nodes, tally);
        let mut out = Output::new();
        out.text(&report_text(&report, self.json))?;
        out.finish()
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

pub fn merge_files(json: bool, files: &[PathBuf]) -> Result<()> {
    let mut reports = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let r: Report = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not an estimate --json result: {e}", f.display()))?;
        reports.push(r);
    }
    let game: Game = reports[0].variant.parse().map_err(|e| format!("{}: {e}", files[0].display()))?;
    let merged = shogi_reach::with_game!(game, V => estimate::merge::<V>(&reports))
        .map_err(|e| merge_error_with_files(e, files))?;
    if !merged.is_complete() {
        eprintln!("shogi-reach: note: the shards cover only part of the {} samples", merged.samples);
    }
    let mut out = Output::new();
    out.text(&report_text(&merged, json))?;
    out.finish()
}

/// A merge error that names the files concerned instead of their places in the list.
fn merge_error_with_files(e: MergeError, files: &[PathBuf]) -> String {
    match e {
        MergeError::Shard { index, problem: ShardProblem::Overlap { range, other, other_range } } => format!(
            "{}: samples {range:?} overlap samples {other_range:?} of {}",
            files[index].display(),
            files[other].display()
        ),
        MergeError::Shard { index, problem } => format!("{}: {problem}", files[index].display()),
        e => e.to_string(),
    }
}

/// The report as `--json` or as the paper's tables.
fn report_text(r: &Report, json: bool) -> String {
    if json {
        return format!("{}\n", serde_json::to_string_pretty(r).expect("JSON of a report"));
    }
    let mut t = String::new();
    let covered: u64 = r.ranges.iter().map(|[s, e]| e - s).sum();
    let _ = writeln!(
        t,
        "{} estimate, seed {}, {} samples (indices {:?} of {})",
        r.variant, r.seed, covered, r.ranges, r.samples
    );
    if let Some(cap) = r.max_nodes {
        let _ = writeln!(t, "searches capped at {cap} positions (those that hit the cap count as unknown)");
    }
    t.push('\n');
    write_tables(&mut t, &r.funnel, &r.tally);
    write_estimate(&mut t, r);
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
        let _ = writeln!(t, "  {d:>3} {n:>14}");
    }
}

/// The searches' means, p̂ and |R| with its 3σ interval.
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
}
