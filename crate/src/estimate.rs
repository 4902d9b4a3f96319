//! Monte Carlo estimates: classify uniformly sampled ranks and count how many pass each stage.
//!
//! Samples are identified by index (see [`crate::ranking::sample`]), so a run over indices `[start, end)` gives the
//! same tally on any number of threads, machines or shards; tallies of disjoint shards add up to the
//! tally of one run.

use crate::blocks::BlockTally;
use crate::board::position::Position;
use crate::ranking::rank::RankInt;
use crate::ranking::rank::Ranked;
use crate::ranking::rank::{unrank_unless_misplaced, RankError};
use crate::ranking::sample::RankSampler;
use crate::reach::search::{KkSearch, SearchOptions};
use crate::reach::stage::{classify, Classified, Stage};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::cell::RefCell;

/// The rows of Table 2: the last counts the positions traced back `TRACED_BACK_ROWS - 1` plies or more.
/// The papers' deepest is 8 plies (both games); the bound keeps a report's size within what a game can
/// give, so that a file padded with millions of rows is refused by name.
pub const TRACED_BACK_ROWS: usize = 256;

/// Counts of one run (or shard).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub samples: u64,
    /// Samples by their first failing stage (or final verdict).
    pub stages: StageCounts,
    /// Unreachable positions by the most plies their search could trace back (0 = no predecessor):
    /// the paper's Table 2, at most [`TRACED_BACK_ROWS`] rows, the last one not 0.
    pub traced_back: Vec<u64>,
    /// Over reachable positions: heap pops, generated positions and path plies, summed.
    pub reachable_pops: u64,
    pub reachable_nodes: u64,
    pub reachable_plies: u64,
}

impl Tally {
    pub fn count(&self, stage: Stage) -> u64 {
        self.stages[stage]
    }

    pub fn add<V: Ranked>(&mut self, c: &Classified<V>) {
        self.samples += 1;
        self.stages[c.stage] += 1;
        let traced = match (c.stage, &c.search) {
            (Stage::Prev, _) => Some(0),
            (Stage::Reach, Some(s)) => Some(s.max_depth as usize),
            _ => None,
        };
        if let Some(d) = traced.map(|d| d.min(TRACED_BACK_ROWS - 1)) {
            if self.traced_back.len() <= d {
                self.traced_back.resize(d + 1, 0);
            }
            self.traced_back[d] += 1;
        }
        if let (Stage::Ok, Some(s)) = (c.stage, &c.search) {
            self.reachable_pops += s.pops;
            self.reachable_nodes += s.nodes;
            self.reachable_plies += s.plies() as u64;
        }
    }

    /// Counts `sample`; returns what the pipeline found, if it got beyond unranking.
    fn add_sample<V: Ranked>(&mut self, sample: Sample<V>) -> Option<Classified<V>> {
        match sample {
            Sample::Misplaced => {
                self.samples += 1;
                self.stages[Stage::Piece] += 1;
                None
            }
            Sample::Classified(c) => {
                self.add(&c);
                Some(c)
            }
        }
    }

    /// Adds `other`. Every sum is checked first: on overflow `self` is left unchanged and the error names
    /// the count that would overflow.
    pub fn merge(&mut self, other: &Tally) -> Result<(), TallyOverflow> {
        let add = |a: u64, b: u64, field: &'static str| a.checked_add(b).ok_or(TallyOverflow { field });
        let mut stages = self.stages;
        for stage in Stage::ALL {
            stages[stage] = add(stages[stage], other.stages[stage], stage.name())?;
        }
        let mut traced_back = self.traced_back.clone();
        if traced_back.len() < other.traced_back.len() {
            traced_back.resize(other.traced_back.len(), 0);
        }
        for (a, &b) in traced_back.iter_mut().zip(&other.traced_back) {
            *a = add(*a, b, "traced_back")?;
        }
        *self = Tally {
            samples: add(self.samples, other.samples, "samples")?,
            stages,
            traced_back,
            reachable_pops: add(self.reachable_pops, other.reachable_pops, "reachable_pops")?,
            reachable_nodes: add(self.reachable_nodes, other.reachable_nodes, "reachable_nodes")?,
            reachable_plies: add(self.reachable_plies, other.reachable_plies, "reachable_plies")?,
        };
        Ok(())
    }

    /// Whether the counts agree with one another as [`Tally::add`] makes them: the stage counts add up to
    /// `samples`, and Table 2 (`traced_back`) to the `prev` and `reach` counts.
    pub fn check(&self) -> Result<(), TallyProblem> {
        let stages = self.stages.checked_total();
        if stages != Some(self.samples) {
            return Err(TallyProblem::StageTotal { stages, samples: self.samples });
        }
        let rows = self.traced_back.len();
        if rows > TRACED_BACK_ROWS || self.traced_back.last() == Some(&0) {
            return Err(TallyProblem::TracedBackRows { rows });
        }
        // Both at most `samples` now.
        let prev_and_reach = self.count(Stage::Prev) + self.count(Stage::Reach);
        let traced = self.traced_back.iter().try_fold(0u64, |a, &b| a.checked_add(b));
        if traced != Some(prev_and_reach) {
            return Err(TallyProblem::TracedBack { traced, prev_and_reach });
        }
        Ok(())
    }

    /// The paper's Table 1: samples left after each check (flip, piece, king, reachability). Meant for a
    /// consistent tally ([`Tally::check`]); for another one the rows stop at 0 instead of wrapping.
    pub fn funnel(&self) -> [(&'static str, u64); 5] {
        let mut left = self.samples;
        let mut after = |stages: &[Stage]| {
            for &s in stages {
                left = left.saturating_sub(self.count(s));
            }
            left
        };
        [
            ("initial generation", self.samples),
            ("horizontal mirroring", after(&[Stage::Flip])),
            ("pawn placement", after(&[Stage::Piece])),
            ("opponent king check", after(&[Stage::King])),
            ("reachability", after(&[Stage::Prev, Stage::Reach, Stage::Unknown])),
        ]
    }

    /// p̂ = reachable / samples, with the 3σ interval, scaled by |P_K|; `None` without samples (p̂ is
    /// undefined then, not 0).
    pub fn estimate<V: Ranked>(&self) -> Option<Estimate> {
        if self.samples == 0 {
            return None;
        }
        let n = self.samples as f64;
        let p = self.count(Stage::Ok) as f64 / n;
        let sigma = (p * (1.0 - p) / n).sqrt();
        let count = crate::ranking::rank::count::<V>().to_f64();
        Some(Estimate {
            p_hat: p,
            sigma,
            reachable: p * count,
            low: (p - 3.0 * sigma).max(0.0) * count,
            high: (p + 3.0 * sigma) * count,
            unknown: self.count(Stage::Unknown),
        })
    }
}

/// A sum of tallies that does not fit in `u64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TallyOverflow {
    /// The count: `samples`, a stage name, `traced_back`, `reachable_pops`, `reachable_nodes` or
    /// `reachable_plies`.
    pub field: &'static str,
}

impl std::fmt::Display for TallyOverflow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the sum of the {} counts does not fit in 64 bits", self.field)
    }
}

impl std::error::Error for TallyOverflow {}

/// Counts of a [`Tally`] that contradict one another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TallyProblem {
    /// The stage counts add up to `stages` (`None`: more than 64 bits), not to the samples.
    StageTotal { stages: Option<u64>, samples: u64 },
    /// Table 2 adds up to `traced` (`None`: more than 64 bits), not to the `prev` and `reach` counts.
    TracedBack { traced: Option<u64>, prev_and_reach: u64 },
    /// Table 2 has more than [`TRACED_BACK_ROWS`] rows, or ends with a row of 0 (as no run writes it).
    TracedBackRows { rows: usize },
}

impl std::fmt::Display for TallyProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sum = |n: &Option<u64>| n.map_or("more than 2^64".to_string(), |n| n.to_string());
        match self {
            TallyProblem::StageTotal { stages, samples } => {
                write!(f, "the stage counts add up to {}, not to the {samples} samples", sum(stages))
            }
            TallyProblem::TracedBack { traced, prev_and_reach } => write!(
                f,
                "Table 2 (traced_back) adds up to {}, not to the {prev_and_reach} prev and reach samples",
                sum(traced)
            ),
            TallyProblem::TracedBackRows { rows } => write!(
                f,
                "Table 2 (traced_back) has {rows} rows: a run writes at most {TRACED_BACK_ROWS}, the last not 0"
            ),
        }
    }
}

impl std::error::Error for TallyProblem {}

/// A count per [`Stage`], written as an object keyed by stage name (`{"flip": 967, "OK": 148, …}`), so
/// that readers (the browser, other programs) never depend on the order of the stages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StageCounts([u64; Stage::ALL.len()]);

impl StageCounts {
    /// The sum of the counts (panics on overflow with overflow checks; see [`StageCounts::checked_total`]).
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }

    /// The sum of the counts, `None` when it does not fit in `u64`.
    pub fn checked_total(&self) -> Option<u64> {
        self.0.iter().try_fold(0u64, |a, &b| a.checked_add(b))
    }
}

impl std::ops::Index<Stage> for StageCounts {
    type Output = u64;
    fn index(&self, stage: Stage) -> &u64 {
        &self.0[stage as usize]
    }
}

impl std::ops::IndexMut<Stage> for StageCounts {
    fn index_mut(&mut self, stage: Stage) -> &mut u64 {
        &mut self.0[stage as usize]
    }
}

impl Serialize for StageCounts {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(Stage::ALL.len()))?;
        for stage in Stage::ALL {
            map.serialize_entry(stage.name(), &self[stage])?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for StageCounts {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let named = std::collections::BTreeMap::<String, u64>::deserialize(deserializer)?;
        let mut counts = StageCounts::default();
        for (name, n) in named {
            let stage = Stage::from_name(&name)
                .ok_or_else(|| serde::de::Error::custom(format!("unknown stage {name:?}")))?;
            counts[stage] = n;
        }
        Ok(counts)
    }
}

/// The estimate of |R| = p̂·|P_K| with its 3σ (99.73 %) normal-approximation interval.
///
/// A report of no samples has no estimate: [`Estimate::UNDEFINED`], whose values are NaN (written as
/// `null` in JSON, and read back from `null`). Two undefined values compare equal.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct Estimate {
    #[serde(deserialize_with = "nan_if_null")]
    pub p_hat: f64,
    #[serde(deserialize_with = "nan_if_null")]
    pub sigma: f64,
    #[serde(deserialize_with = "nan_if_null")]
    pub reachable: f64,
    #[serde(deserialize_with = "nan_if_null")]
    pub low: f64,
    #[serde(deserialize_with = "nan_if_null")]
    pub high: f64,
    /// Samples whose search hit the node cap (counted as not reachable in p̂).
    pub unknown: u64,
}

impl Estimate {
    /// The "estimate" of no samples: every value NaN.
    pub const UNDEFINED: Estimate = Estimate {
        p_hat: f64::NAN,
        sigma: f64::NAN,
        reachable: f64::NAN,
        low: f64::NAN,
        high: f64::NAN,
        unknown: 0,
    };

    /// Whether there is an estimate (the report has samples).
    pub fn is_defined(&self) -> bool {
        !self.p_hat.is_nan()
    }
}

impl PartialEq for Estimate {
    fn eq(&self, other: &Estimate) -> bool {
        let same = |a: f64, b: f64| a == b || (a.is_nan() && b.is_nan());
        same(self.p_hat, other.p_hat)
            && same(self.sigma, other.sigma)
            && same(self.reachable, other.reachable)
            && same(self.low, other.low)
            && same(self.high, other.high)
            && self.unknown == other.unknown
    }
}

fn nan_if_null<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(deserializer)?.unwrap_or(f64::NAN))
}

/// `k >= m` in [`shard_range`]: there is no part `k` of `m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardError {
    pub k: u64,
    pub m: u64,
}

impl std::fmt::Display for ShardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "shard {}/{}: need 0 <= K < M", self.k, self.m)
    }
}

impl std::error::Error for ShardError {}

/// The part `k` (0-based) of `m` equal contiguous parts of `0..n`; an error unless `k < m`. Exact for
/// every `u64` (computed in `u128`).
pub fn try_shard_range(n: u64, k: u64, m: u64) -> Result<std::ops::Range<u64>, ShardError> {
    if k >= m {
        return Err(ShardError { k, m });
    }
    // n·i/m <= n for i <= m: the quotient fits in u64.
    let at = |i: u64| ((n as u128 * i as u128) / m as u128) as u64;
    Ok(at(k)..at(k + 1))
}

/// [`try_shard_range`] for callers that have checked `k < m` (as the command line's `--shard` parser
/// does).
///
/// # Panics
/// If `k >= m`.
pub fn shard_range(n: u64, k: u64, m: u64) -> std::ops::Range<u64> {
    try_shard_range(n, k, m).unwrap_or_else(|e| panic!("{e}"))
}

/// Classifies the samples `indices` of `seed` on the current rayon pool.
pub fn run_range<V: Ranked>(seed: u64, indices: std::ops::Range<u64>, options: SearchOptions) -> Tally {
    run_range_keeping::<V>(seed, indices, options, 0).tally
}

/// The tally of a range of samples and the reachable samples kept from it.
#[derive(Clone, Debug, Default)]
pub struct Batch<V: Ranked> {
    pub tally: Tally,
    /// (sample index, position) of the reachable samples with the lowest indices.
    pub reachable: Vec<(u64, Position<V>)>,
}

/// [`run_range`], keeping up to `keep` reachable samples (those with the lowest indices, so the same on
/// any number of threads).
pub fn run_range_keeping<V: Ranked>(
    seed: u64,
    indices: std::ops::Range<u64>,
    options: SearchOptions,
    keep: usize,
) -> Batch<V> {
    const BLOCK: u64 = 64;
    let sampler = RankSampler::<V>::new(seed);
    let blocks = (indices.end.saturating_sub(indices.start)).div_ceil(BLOCK);
    (0..blocks)
        .into_par_iter()
        .map(|b| {
            let from = indices.start + b * BLOCK;
            run_job(&sampler, from..from.saturating_add(BLOCK).min(indices.end), options, keep)
        })
        .reduce(Batch::default, |mut a, b| {
            // Counts of one range of at most 2^64 samples.
            a.tally.merge(&b.tally).expect("the tally of one sample range fits in 64 bits");
            a.reachable.extend(b.reachable);
            a.reachable.sort_by_key(|&(i, _)| i);
            a.reachable.truncate(keep);
            a
        })
}

/// The samples `indices` one after another on this thread, keeping up to `keep` reachable ones.
pub(crate) fn run_job<V: Ranked>(
    sampler: &RankSampler<V>,
    indices: std::ops::Range<u64>,
    options: SearchOptions,
    keep: usize,
) -> Batch<V> {
    run_job_until(sampler, indices, options, keep, &|| false).expect("a job nothing stops")
}

/// [`run_job`], given up (`None`) as soon as `stop()` is true before a sample.
pub(crate) fn run_job_until<V: Ranked>(
    sampler: &RankSampler<V>,
    indices: std::ops::Range<u64>,
    options: SearchOptions,
    keep: usize,
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<Batch<V>> {
    let mut batch = Batch { tally: Tally::default(), reachable: Vec::new() };
    with_search::<V, _>(|search| {
        for i in indices {
            if stop() {
                return None;
            }
            let c =
                classify_sample::<V>(sampler.rank(i), search, options).expect("sampled ranks are in range");
            let Some(c) = batch.tally.add_sample(c) else { continue };
            if c.stage == Stage::Ok && batch.reachable.len() < keep {
                batch.reachable.push((i, c.position));
            }
        }
        Some(())
    })?;
    Some(batch)
}

/// A sample through the pipeline: the stage of one that fails the placement test while being unranked
/// (nothing else to know about it), or everything the pipeline found.
enum Sample<V: Ranked> {
    Misplaced,
    Classified(Classified<V>),
}

/// Unranks `rank` (stopping at the first misplaced piece, most samples' fate) and classifies it.
#[inline]
fn classify_sample<V: Ranked>(
    rank: V::Rank,
    search: &mut KkSearch<V>,
    options: SearchOptions,
) -> Result<Sample<V>, RankError> {
    Ok(match unrank_unless_misplaced::<V>(rank)? {
        None => Sample::Misplaced,
        Some(pos) => Sample::Classified(classify(&pos, search, options)),
    })
}

/// Runs `f` with this thread's search for `V`, kept from call to call: its tables grow to fit the
/// searches once per thread, not once per rayon job of every `run_range` call.
fn with_search<V: Ranked, R>(f: impl FnOnce(&mut KkSearch<V>) -> R) -> R {
    thread_local! {
        static SEARCH: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) };
    }
    SEARCH.with(|cell| {
        // `f` classifies samples one after another and starts no rayon work, so nothing re-enters.
        let mut slot = cell.borrow_mut();
        if !slot.as_ref().is_some_and(|s| s.is::<KkSearch<V>>()) {
            *slot = Some(Box::new(KkSearch::<V>::new()));
        }
        f(slot.as_mut().and_then(|s| s.downcast_mut()).expect("a search of this game"))
    })
}

/// Classifies the given ranks (one batch, on the current thread) and counts the stages.
pub fn tally_ranks<V: Ranked>(
    ranks: &[V::Rank],
    options: SearchOptions,
) -> Result<Tally, crate::ranking::rank::RankError> {
    let mut search = KkSearch::<V>::new();
    let mut t = Tally::default();
    for &r in ranks {
        t.add_sample(classify_sample::<V>(r, &mut search, options)?);
    }
    Ok(t)
}

/// The version of the report format, written in every report; `merge` reads only this one.
pub const REPORT_FORMAT: u32 = 2;

/// A run or shard, as written by `estimate --json` and read by `merge`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// [`REPORT_FORMAT`].
    pub format: u32,
    pub variant: String,
    pub seed: u64,
    /// The searches' node cap (`None`: none); shards of one run share it, as it decides what is `unknown`.
    pub max_nodes: Option<usize>,
    /// Samples of the whole run the shards belong to.
    pub samples: u64,
    /// Sample index ranges `[start, end)` this report covers.
    pub ranges: Vec<[u64; 2]>,
    pub tally: Tally,
    /// |P_K| as a decimal string.
    pub candidates: String,
    pub funnel: Vec<(String, u64)>,
    pub estimate: Estimate,
    /// The tallies of the verification blocks the ranges meet ([`crate::blocks`]); empty in reports
    /// written without them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocks: Vec<BlockTally>,
}

impl Report {
    pub fn new<V: Ranked>(
        seed: u64,
        samples: u64,
        ranges: Vec<[u64; 2]>,
        max_nodes: Option<usize>,
        tally: Tally,
    ) -> Report {
        Report {
            format: REPORT_FORMAT,
            variant: V::NAME.to_string(),
            seed,
            max_nodes,
            samples,
            ranges,
            funnel: tally.funnel().iter().map(|&(k, v)| (k.to_string(), v)).collect(),
            estimate: tally.estimate::<V>().unwrap_or(Estimate::UNDEFINED),
            candidates: crate::ranking::rank::count::<V>().to_string(),
            tally,
            blocks: Vec::new(),
        }
    }

    /// The report with these per-block tallies (see [`crate::blocks`]).
    pub fn with_blocks(self, blocks: Vec<BlockTally>) -> Report {
        Report { blocks, ..self }
    }

    /// Whether the ranges cover `0..samples` exactly.
    pub fn is_complete(&self) -> bool {
        let mut r: Vec<[u64; 2]> = self.ranges.iter().copied().filter(|[s, e]| s != e).collect();
        r.sort();
        let mut at = 0;
        for [s, e] in r {
            if s != at {
                return false;
            }
            at = e;
        }
        at == self.samples
    }
}

/// What is wrong with one report given to [`merge`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardProblem {
    /// A report format other than [`REPORT_FORMAT`].
    Format { found: u32 },
    /// A variant other than the one merged (`found` shortened by [`crate::board::sfen::quote`]).
    Variant { found: String, expected: &'static str },
    /// Not the first report's seed.
    Seed { found: u64, expected: u64 },
    /// Not the first report's total number of samples.
    TotalSamples { found: u64, expected: u64 },
    /// Not the first report's node cap (which decides what is `unknown`).
    MaxNodes { found: Option<usize>, expected: Option<usize> },
    /// Per-block tallies that do not cover the ranges or do not add up to the tally.
    Blocks(crate::blocks::BlockProblem),
    /// No per-block tallies (a report of an older version): nothing in it can be verified.
    NoBlocks,
    /// A range `[start, end)` with `start > end`, or `end` beyond the run's `samples`.
    BadRange { range: [u64; 2], samples: u64 },
    /// A range that shares samples with a range of report `other` (possibly this one).
    Overlap { range: [u64; 2], other: usize, other_range: [u64; 2] },
    /// The tally counts `tally` samples, its ranges cover `ranges`.
    Covered { tally: u64, ranges: u64 },
    /// The tally's counts contradict one another.
    Tally(TallyProblem),
    /// Adding this report's tally to those before it overflows.
    Overflow(TallyOverflow),
}

impl std::fmt::Display for ShardProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cap = |n: &Option<usize>| n.map_or("none".to_string(), |n| n.to_string());
        match self {
            ShardProblem::Format { found } => {
                write!(f, "report format {found}, this program reads format {REPORT_FORMAT}")
            }
            ShardProblem::Variant { found, expected } => {
                write!(f, "variant {found:?}, the shards merged are {expected:?}")
            }
            ShardProblem::Seed { found, expected } => {
                write!(f, "seed {found}, the first shard's is {expected}: shards of different runs")
            }
            ShardProblem::TotalSamples { found, expected } => write!(
                f,
                "a run of {found} samples, the first shard's has {expected}: shards of different runs"
            ),
            ShardProblem::MaxNodes { found, expected } => write!(
                f,
                "node cap (max_nodes) {}, the first shard's is {}: shards of different runs",
                cap(found),
                cap(expected)
            ),
            ShardProblem::Blocks(problem) => write!(f, "per-block tallies: {problem}"),
            ShardProblem::NoBlocks => {
                f.write_str("no per-block tallies (written by an older version): it cannot be verified")
            }
            ShardProblem::BadRange { range, samples } => {
                write!(f, "sample range {range:?} is not within 0..{samples} with start <= end")
            }
            ShardProblem::Overlap { range, other, other_range } => write!(
                f,
                "samples {range:?} overlap samples {other_range:?} of shard {} (in the order given)",
                other + 1
            ),
            ShardProblem::Covered { tally, ranges } => {
                write!(f, "the tally has {tally} samples, its sample ranges cover {ranges}")
            }
            ShardProblem::Tally(p) => p.fmt(f),
            ShardProblem::Overflow(o) => write!(f, "adding it to the shards before it: {o}"),
        }
    }
}

/// Why reports cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    Empty,
    /// Report `index` (0-based position in the list given to [`merge`]) is inconsistent or does not belong
    /// with the others.
    Shard {
        index: usize,
        problem: ShardProblem,
    },
}

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MergeError::Empty => write!(f, "nothing to merge"),
            MergeError::Shard { index, problem } => {
                write!(f, "shard {} (in the order given): {problem}", index + 1)
            }
        }
    }
}

impl std::error::Error for MergeError {}

impl Report {
    /// Checks what a report says about itself: its format, its ranges (`start <= end <= samples`, not
    /// overlapping one another), that its tally counts exactly the samples its ranges cover, and that the
    /// tally is consistent ([`Tally::check`]), with per-block tallies that cover the ranges and add up to
    /// it ([`crate::blocks::check`]). `index` names the report in an [`ShardProblem::Overlap`].
    /// The derived fields (`candidates`, `funnel`, `estimate`) are not read by [`merge`]: it recomputes them.
    pub fn check(&self, index: usize) -> Result<(), ShardProblem> {
        if self.format != REPORT_FORMAT {
            return Err(ShardProblem::Format { found: self.format });
        }
        for &[start, end] in &self.ranges {
            if start > end || end > self.samples {
                return Err(ShardProblem::BadRange { range: [start, end], samples: self.samples });
            }
        }
        let tagged: Vec<_> = self.ranges.iter().map(|&r| (r, index)).collect();
        check_disjoint(tagged).map_err(|(_, problem)| problem)?;
        // Disjoint ranges within 0..samples: the sum fits.
        let covered: u64 = self.ranges.iter().map(|[s, e]| e - s).sum();
        if covered != self.tally.samples {
            return Err(ShardProblem::Covered { tally: self.tally.samples, ranges: covered });
        }
        self.tally.check().map_err(ShardProblem::Tally)?;
        if self.blocks.is_empty() && self.tally.samples > 0 {
            return Err(ShardProblem::NoBlocks);
        }
        crate::blocks::check(self).map_err(ShardProblem::Blocks)
    }
}

/// Non-empty ranges, each tagged with its report, sorted by start: the first that overlaps an earlier one,
/// as a problem of the later report (of the two).
fn check_disjoint(mut ranges: Vec<([u64; 2], usize)>) -> Result<(), (usize, ShardProblem)> {
    ranges.retain(|([s, e], _)| s < e);
    ranges.sort();
    for pair in ranges.windows(2) {
        let ((a, ia), (b, ib)) = (pair[0], pair[1]);
        // Sorted by start: some two ranges overlap iff two neighbours do.
        if b[0] < a[1] {
            let ((range, index), (other_range, other)) =
                if ia <= ib { ((b, ib), (a, ia)) } else { ((a, ia), (b, ib)) };
            return Err((index, ShardProblem::Overlap { range, other, other_range }));
        }
    }
    Ok(())
}

/// Adds up the shards of one run, after checking each ([`Report::check`]) and that they belong together:
/// the variant `V`, and the first report's seed, total samples and node cap, with no sample in two
/// reports. Every sum is checked. An error names the report at fault by its index in `reports`.
pub fn merge<V: Ranked>(reports: &[Report]) -> Result<Report, MergeError> {
    let first = reports.first().ok_or(MergeError::Empty)?;
    let fail = |index: usize, problem: ShardProblem| MergeError::Shard { index, problem };
    let mut tagged = Vec::new();
    for (index, r) in reports.iter().enumerate() {
        if r.format != REPORT_FORMAT {
            return Err(fail(index, ShardProblem::Format { found: r.format }));
        }
        if r.variant != V::NAME {
            let found = crate::board::sfen::quote(&r.variant);
            return Err(fail(index, ShardProblem::Variant { found, expected: V::NAME }));
        }
        if r.seed != first.seed {
            return Err(fail(index, ShardProblem::Seed { found: r.seed, expected: first.seed }));
        }
        if r.samples != first.samples {
            return Err(fail(
                index,
                ShardProblem::TotalSamples { found: r.samples, expected: first.samples },
            ));
        }
        if r.max_nodes != first.max_nodes {
            return Err(fail(
                index,
                ShardProblem::MaxNodes { found: r.max_nodes, expected: first.max_nodes },
            ));
        }
        r.check(index).map_err(|problem| fail(index, problem))?;
        tagged.extend(r.ranges.iter().map(|&range| (range, index)));
    }
    check_disjoint(tagged).map_err(|(index, problem)| fail(index, problem))?;
    let mut tally = Tally::default();
    for (index, r) in reports.iter().enumerate() {
        tally.merge(&r.tally).map_err(|o| fail(index, ShardProblem::Overflow(o)))?;
    }
    let mut ranges: Vec<[u64; 2]> = reports.iter().flat_map(|r| r.ranges.iter().copied()).collect();
    ranges.retain(|[s, e]| s < e);
    ranges.sort();
    let mut joined: Vec<[u64; 2]> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match joined.last_mut() {
            Some(last) if r[0] == last[1] => last[1] = r[1],
            _ => joined.push(r),
        }
    }
    let mut all: Vec<BlockTally> = reports.iter().flat_map(|r| r.blocks.iter().cloned()).collect();
    all.sort_by_key(|b| b.start);
    let mut blocks: Vec<BlockTally> = Vec::new();
    crate::blocks::append(&mut blocks, all);
    Ok(Report::new::<V>(first.seed, first.samples, joined, first.max_nodes, tally).with_blocks(blocks))
}
