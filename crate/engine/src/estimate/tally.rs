//! Tallies: the counts of a run (per stage, Table 2's traced-back depths), per block of samples, and
//! the estimate p̂·|P_K| with its 3σ interval that they give.

use crate::ranking::rank::RankInt;
use crate::ranking::rank::Ranked;
use crate::reach::stage::{Classified, Stage};
use serde::{Deserialize, Serialize};

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
    pub(crate) fn add_sample<V: Ranked>(&mut self, sample: Sample<V>) -> Option<Classified<V>> {
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
    pub fn estimate<V: Ranked>(&self) -> Option<ReachableEstimate> {
        if self.samples == 0 {
            return None;
        }
        let n = self.samples as f64;
        let p = self.count(Stage::Ok) as f64 / n;
        let sigma = (p * (1.0 - p) / n).sqrt();
        let count = crate::ranking::rank::count::<V>().to_f64();
        Some(ReachableEstimate {
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
/// A report of no samples has no estimate: [`ReachableEstimate::UNDEFINED`], whose values are NaN (written as
/// `null` in JSON, and read back from `null`). Two undefined values compare equal.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct ReachableEstimate {
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

impl ReachableEstimate {
    /// The "estimate" of no samples: every value NaN.
    pub const UNDEFINED: ReachableEstimate = ReachableEstimate {
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

impl PartialEq for ReachableEstimate {
    fn eq(&self, other: &ReachableEstimate) -> bool {
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

/// Sample indices per verification block.
pub const BLOCK: u64 = 1 << 16;

/// The tally of the samples `start..end`, all in one block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockTally {
    pub start: u64,
    pub end: u64,
    pub tally: Tally,
}

/// A sample through the pipeline: the stage of one that fails the placement test while being unranked
/// (nothing else to know about it), or everything the pipeline found.
pub(crate) enum Sample<V: Ranked> {
    Misplaced,
    Classified(Classified<V>),
}
