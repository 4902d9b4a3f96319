//! Monte Carlo estimates: classify uniformly sampled ranks and count how many pass each stage.
//!
//! Samples are identified by index (see [`crate::ranking::sample`]), so a run over indices `[start, end)` gives the
//! same tally on any number of threads, machines or shards; tallies of disjoint shards add up to the
//! tally of one run.

use crate::board::position::Position;
use crate::ranking::rank::RankInt;
use crate::ranking::rank::Ranked;
use crate::ranking::sample::RankSampler;
use crate::reach::search::{KkSearch, SearchOptions};
use crate::reach::stage::{classify_rank, Classified, Stage};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// Counts of one run (or shard).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub samples: u64,
    /// Samples by their first failing stage (or final verdict).
    pub stages: StageCounts,
    /// Unreachable positions by the most plies their search could trace back (0 = no predecessor):
    /// the paper's Table 2.
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
        if let Some(d) = traced {
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

    pub fn merge(&mut self, other: &Tally) {
        self.samples += other.samples;
        for stage in Stage::ALL {
            self.stages[stage] += other.stages[stage];
        }
        if self.traced_back.len() < other.traced_back.len() {
            self.traced_back.resize(other.traced_back.len(), 0);
        }
        for (a, b) in self.traced_back.iter_mut().zip(&other.traced_back) {
            *a += b;
        }
        self.reachable_pops += other.reachable_pops;
        self.reachable_nodes += other.reachable_nodes;
        self.reachable_plies += other.reachable_plies;
    }

    /// The paper's Table 1: samples left after each check (flip, piece, king, reachability).
    pub fn funnel(&self) -> [(&'static str, u64); 5] {
        let mut left = self.samples;
        let mut after = |stages: &[Stage]| {
            left -= stages.iter().map(|&s| self.count(s)).sum::<u64>();
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

    /// p̂ = reachable / samples, with the 3σ interval, scaled by |P_K|.
    pub fn estimate<V: Ranked>(&self) -> Estimate {
        let n = self.samples.max(1) as f64;
        let p = self.count(Stage::Ok) as f64 / n;
        let sigma = (p * (1.0 - p) / n).sqrt();
        let count = crate::ranking::rank::count::<V>().to_f64();
        Estimate {
            p_hat: p,
            sigma,
            reachable: p * count,
            low: (p - 3.0 * sigma).max(0.0) * count,
            high: (p + 3.0 * sigma) * count,
            unknown: self.count(Stage::Unknown),
        }
    }
}

/// A count per [`Stage`], written as an object keyed by stage name (`{"flip": 967, "OK": 148, …}`), so
/// that readers (the browser, other programs) never depend on the order of the stages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StageCounts([u64; Stage::ALL.len()]);

impl StageCounts {
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
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
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    pub p_hat: f64,
    pub sigma: f64,
    pub reachable: f64,
    pub low: f64,
    pub high: f64,
    /// Samples whose search hit the node cap (counted as not reachable in p̂).
    pub unknown: u64,
}

/// The part `k` (0-based) of `m` equal contiguous parts of `0..n`.
pub fn shard_range(n: u64, k: u64, m: u64) -> std::ops::Range<u64> {
    assert!(m > 0 && k < m);
    let at = |i: u64| ((n as u128 * i as u128) / m as u128) as u64;
    at(k)..at(k + 1)
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
        .map_init(KkSearch::<V>::new, |search, b| {
            let from = indices.start + b * BLOCK;
            let mut batch = Batch { tally: Tally::default(), reachable: Vec::new() };
            for i in from..from.saturating_add(BLOCK).min(indices.end) {
                let c =
                    classify_rank::<V>(sampler.rank(i), search, options).expect("sampled ranks are in range");
                batch.tally.add(&c);
                if c.stage == Stage::Ok && batch.reachable.len() < keep {
                    batch.reachable.push((i, c.position));
                }
            }
            batch
        })
        .reduce(Batch::default, |mut a, b| {
            a.tally.merge(&b.tally);
            a.reachable.extend(b.reachable);
            a.reachable.sort_by_key(|&(i, _)| i);
            a.reachable.truncate(keep);
            a
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
        t.add(&classify_rank::<V>(r, &mut search, options)?);
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
            estimate: tally.estimate::<V>(),
            candidates: crate::ranking::rank::count::<V>().to_string(),
            tally,
        }
    }

    /// Whether the ranges cover `0..samples` exactly.
    pub fn is_complete(&self) -> bool {
        let mut r = self.ranges.clone();
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

/// Why reports cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    Empty,
    Mismatch(String),
    Overlap([u64; 2], [u64; 2]),
}

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MergeError::Empty => write!(f, "nothing to merge"),
            MergeError::Mismatch(what) => write!(f, "shards of different runs: {what} differs"),
            MergeError::Overlap(a, b) => write!(f, "shards overlap: samples {a:?} and {b:?}"),
        }
    }
}

impl std::error::Error for MergeError {}

/// Adds up the shards of one run (same variant, seed and total samples, disjoint ranges).
pub fn merge<V: Ranked>(reports: &[Report]) -> Result<Report, MergeError> {
    let first = reports.first().ok_or(MergeError::Empty)?;
    let mut tally = Tally::default();
    let mut ranges: Vec<[u64; 2]> = Vec::new();
    for r in reports {
        if r.variant != V::NAME {
            return Err(MergeError::Mismatch("variant".into()));
        }
        if r.seed != first.seed {
            return Err(MergeError::Mismatch("seed".into()));
        }
        if r.samples != first.samples {
            return Err(MergeError::Mismatch("total samples".into()));
        }
        tally.merge(&r.tally);
        ranges.extend(&r.ranges);
    }
    ranges.sort();
    let mut joined: Vec<[u64; 2]> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match joined.last_mut() {
            Some(last) if r[0] < last[1] => return Err(MergeError::Overlap(*last, r)),
            Some(last) if r[0] == last[1] => last[1] = r[1],
            _ => joined.push(r),
        }
    }
    Ok(Report::new::<V>(first.seed, first.samples, joined, first.max_nodes, tally))
}
