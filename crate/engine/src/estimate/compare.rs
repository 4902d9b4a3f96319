//! Comparing a run's counts with counts from elsewhere (the papers' tables, which `replicate` prints
//! beside a run's): how many σ apart two independent samples put a share, and a run's tables beside a
//! paper's.

use crate::estimate::published::{Published, Source};
use crate::estimate::report::Report;
use crate::estimate::tally::ReachableEstimate;
use crate::ranking::rank::Ranked;
use serde::Serialize;

/// The two-sample z statistic of the shares x/n and y/m, with the pooled share's standard error:
/// (x/n − y/m) / √(q(1−q)(1/n + 1/m)), q = (x + y)/(n + m). `None` where there is no spread to measure by
/// (both shares 0, or both 1) or no sample on a side.
pub fn sigma_distance(x: u64, n: u64, y: u64, m: u64) -> Option<f64> {
    if n == 0 || m == 0 {
        return None;
    }
    let (xf, nf, yf, mf) = (x as f64, n as f64, y as f64, m as f64);
    let pooled = (xf + yf) / (nf + mf);
    let se = (pooled * (1.0 - pooled) * (1.0 / nf + 1.0 / mf)).sqrt();
    (se > 0.0).then(|| (xf / nf - yf / mf) / se)
}

/// A run beside a paper: Tables 1 and 2 row by row with the distance in σ, and |R| of both (`replicate`,
/// Python's `replicate`).
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// |R| of the run and of the paper's counts.
    pub estimate: Estimates,
    /// Table 1, row by row.
    pub table1: Vec<Row>,
    /// Table 2, a row per number of plies traced back.
    pub table2: Vec<Row>,
}

/// p̂, σ and |R| with its intervals, of the run and of the paper's counts (computed by the engine's
/// formulas, as the run's).
#[derive(Clone, Debug, Serialize)]
pub struct Estimates {
    /// Of the paper's counts.
    pub paper: ReachableEstimate,
    /// Of the run.
    pub run: ReachableEstimate,
}

/// One row of a table: the counts of both, their shares of all samples, and the distance.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The row's name (Table 1) or its plies (Table 2).
    pub label: String,
    /// The paper's count.
    pub paper: u64,
    /// Its share of the paper's samples.
    pub paper_share: f64,
    /// The run's count.
    pub run: u64,
    /// Its share of the run's samples.
    pub run_share: f64,
    /// (run share − paper share) / the standard error of their difference; `None` where both shares
    /// are 0 or 1 (no spread to measure by).
    pub sigma_distance: Option<f64>,
}

impl Row {
    fn new(label: String, run: u64, run_samples: u64, paper: u64, paper_samples: u64) -> Row {
        Row {
            label,
            paper,
            paper_share: paper as f64 / paper_samples as f64,
            run,
            run_share: run as f64 / run_samples as f64,
            sigma_distance: sigma_distance(run, run_samples, paper, paper_samples),
        }
    }
}

/// What to compare when the samples differ, the end of each [`sampling_note`].
macro_rules! compare_in_sigma {
    () => {
        "uniform over the same candidate set P_K, so the counts agree only up to chance: compare the \
         distance in sigma (the two shares' difference over the standard error of a difference of two \
         independent samples; |distance| > 3 is rare by chance)."
    };
}

/// Why a run's counts differ from the published ones, in words: the samples are others.
pub fn sampling_note(source: Source) -> &'static str {
    match source {
        Source::Paper => concat!(
            "The samples differ: the paper drew its own random ranks; this run draws sample i of its seed \
             from ChaCha8 (stream i; with repetition, docs/method.md). Both are ",
            compare_in_sigma!()
        ),
        Source::ThisProject => concat!(
            "The published run drew samples 0 to n - 1 of seed 1 (ChaCha8, stream i; docs/method.md): the \
             same command with seed 1 and the whole fraction repeats it count for count. Another seed draws \
             other samples, ",
            compare_in_sigma!()
        ),
    }
}

/// `report` beside `paper`.
pub fn compare_with_paper<V: Ranked>(report: &Report, paper: &Published) -> Comparison {
    let n = report.tally.samples;
    let table1 = report
        .funnel
        .iter()
        .zip(&paper.funnel)
        .map(|((name, run), (_, published))| Row::new(name.clone(), *run, n, *published, paper.samples))
        .collect();
    let rows = report.tally.traced_back.len().max(paper.traced_back.len());
    let table2 = (0..rows)
        .map(|d| {
            let run = report.tally.traced_back.get(d).copied().unwrap_or(0);
            let published = paper.traced_back.get(d).copied().unwrap_or(0);
            Row::new(d.to_string(), run, n, published, paper.samples)
        })
        .collect();
    let reachable = paper.funnel.last().map_or(0, |(_, r)| *r);
    Comparison {
        estimate: Estimates {
            paper: ReachableEstimate::of_counts::<V>(reachable, paper.samples, 0),
            run: report.estimate,
        },
        table1,
        table2,
    }
}

#[cfg(test)]
mod tests {
    use super::sigma_distance;

    #[test]
    fn sigma_distance_is_the_pooled_two_sample_z() {
        assert_eq!(sigma_distance(50, 100, 50, 100), Some(0.0));
        // Pooled share 1/2: the standard error is √(1/4 · 2/100).
        let z = sigma_distance(60, 100, 40, 100).unwrap();
        assert!((z - 0.2 / (0.25f64 * 0.02).sqrt()).abs() < 1e-12, "{z}");
        assert_eq!(sigma_distance(40, 100, 60, 100), Some(-z));
        assert_eq!(sigma_distance(0, 10, 0, 1000), None);
        assert_eq!(sigma_distance(10, 10, 1000, 1000), None);
        assert_eq!(sigma_distance(0, 0, 5, 10), None);
    }
}
