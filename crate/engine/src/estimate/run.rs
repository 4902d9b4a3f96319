//! Runs: the samples of a range (or a shard's part of one) classified in parallel and tallied, the same
//! on any number of threads.

use crate::board::position::Position;
use crate::estimate::samples::{sample_row, SampleRow};
use crate::estimate::tally::{SampleFate, Tally};
use crate::ranking::rank::Ranked;
use crate::ranking::rank::{unrank_unless_misplaced, RankError};
use crate::ranking::sample::RankSampler;
use crate::reach::search::{with_thread_search, KkSearch, SearchOptions};
use crate::reach::stage::{classify, Stage};
use rayon::prelude::*;

/// `k >= m` in [`shard_range`]: there is no part `k` of `m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardError {
    /// The part asked for (0-based).
    pub k: u64,
    /// The number of parts.
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
    /// The counts of the range.
    pub tally: Tally,
    /// (sample index, position) of the reachable samples with the lowest indices.
    pub reachable: Vec<(u64, Position<V>)>,
    /// Every sample's row, in order, when asked for.
    pub rows: Vec<SampleRow>,
}

/// [`run_range`], keeping up to `keep` reachable samples (those with the lowest indices, so the same on
/// any number of threads).
pub fn run_range_keeping<V: Ranked>(
    seed: u64,
    indices: std::ops::Range<u64>,
    options: SearchOptions,
    keep: usize,
) -> Batch<V> {
    let sampler = RankSampler::<V>::new(seed);
    let jobs = (indices.end.saturating_sub(indices.start)).div_ceil(JOB);
    (0..jobs)
        .into_par_iter()
        .map(|b| {
            let from = indices.start + b * JOB;
            let job = from..from.saturating_add(JOB).min(indices.end);
            run_job(&sampler, job, options, Keep { reachable: keep, rows: false }, &|| false)
                .expect("a job nothing stops")
        })
        .reduce(Batch::default, |mut a, b| {
            // Counts of one range of at most 2^64 samples.
            a.tally.merge(&b.tally).expect("the tally of one sample range fits in 64 bits");
            keep_lowest(&mut a.reachable, b.reachable, keep);
            a
        })
}

/// The samples of one job of a run: rayon's unit of work, as a search cannot be split. Runs that can be
/// stopped ([`crate::estimate::blocks::run_by_block_until`]) cut their jobs at the multiples of `JOB`.
pub const JOB: u64 = 64;

/// Adds `more` to `kept`, keeping the `keep` with the lowest sample indices, in order.
pub(crate) fn keep_lowest<P>(kept: &mut Vec<(u64, P)>, more: Vec<(u64, P)>, keep: usize) {
    kept.extend(more);
    kept.sort_by_key(|&(i, _)| i);
    kept.truncate(keep);
}

/// What a job keeps beside its tally: up to `reachable` reachable samples, and every sample's row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Keep {
    pub reachable: usize,
    pub rows: bool,
}

/// The samples `indices` one after another on this thread, keeping what `keep` says; given up (`None`)
/// as soon as `stop()` is true before a sample.
pub(crate) fn run_job<V: Ranked>(
    sampler: &RankSampler<V>,
    indices: std::ops::Range<u64>,
    options: SearchOptions,
    keep: Keep,
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<Batch<V>> {
    let mut batch = Batch { tally: Tally::default(), reachable: Vec::new(), rows: Vec::new() };
    with_thread_search::<V, _>(|search| {
        for i in indices {
            if stop() {
                return None;
            }
            let rank = sampler.rank(i);
            let c = classify_sample::<V>(rank, search, options).expect("sampled ranks are in range");
            let c = batch.tally.add_sample(c);
            if keep.rows {
                batch.rows.push(sample_row::<V>(i, rank, c.as_ref()));
            }
            let Some(c) = c else { continue };
            if c.stage == Stage::Ok && batch.reachable.len() < keep.reachable {
                batch.reachable.push((i, c.position));
            }
        }
        Some(())
    })?;
    Some(batch)
}

/// Unranks `rank` (stopping at the first misplaced piece, most samples' fate) and classifies it.
#[inline]
fn classify_sample<V: Ranked>(
    rank: V::Rank,
    search: &mut KkSearch<V>,
    options: SearchOptions,
) -> Result<SampleFate<V>, RankError> {
    Ok(match unrank_unless_misplaced::<V>(rank)? {
        None => SampleFate::Misplaced,
        Some(pos) => SampleFate::Classified(classify(&pos, search, options)),
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
