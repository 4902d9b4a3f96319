//! Reports: a run or shard as written by `estimate --json` and read by `merge`, checked (ranges, blocks,
//! tallies) before it is believed, and merged.

use crate::estimate::provenance::{Provenance, ShardSource};
use crate::estimate::ranges::{append_blocks, first_overlap, join_sorted, Overlap};
use crate::estimate::tally::{BlockTally, ReachableEstimate, Tally, TallyOverflow, TallyProblem, BLOCK};
use crate::ranking::rank::Ranked;
use serde::{Deserialize, Serialize};

/// The version of the report format, written in every report; `merge` reads it and [`FORMAT_SAYING_VARIANT`].
pub const REPORT_FORMAT: u32 = 3;

/// The format before [`REPORT_FORMAT`]: the same but for the game's key, `variant` where 3 says `game`.
/// Reports of earlier versions are still read (signed ones stay valid: the signature is over the text).
pub const FORMAT_SAYING_VARIANT: u32 = 2;

/// Whether this program reads reports of `format`.
fn reads_format(format: u32) -> bool {
    format == REPORT_FORMAT || format == FORMAT_SAYING_VARIANT
}

/// A run or shard, as written by `estimate --json` and read by `merge`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// [`REPORT_FORMAT`] in the reports this program writes; [`FORMAT_SAYING_VARIANT`] in some it reads.
    pub format: u32,
    /// The game: [`Variant::NAME`](crate::board::variant::Variant::NAME) (`variant` in format 2).
    #[serde(alias = "variant")]
    pub game: String,
    /// The seed of the samples ([`crate::ranking::sample::RankSampler`]).
    pub seed: u64,
    /// The searches' node cap (`None`: none); shards of one run share it, as it decides what is `unknown`.
    pub max_nodes: Option<usize>,
    /// Samples of the whole run the shards belong to.
    pub samples: u64,
    /// Sample index ranges `[start, end)` this report covers.
    pub ranges: Vec<[u64; 2]>,
    /// The counts of the samples of `ranges`.
    pub tally: Tally,
    /// |P_K| as a decimal string.
    pub candidates: String,
    /// The paper's Table 1 ([`Tally::funnel`]).
    pub funnel: Vec<(String, u64)>,
    /// |R| estimated from the tally.
    pub estimate: ReachableEstimate,
    /// The tallies of the verification blocks the ranges meet ([`crate::estimate::blocks`]); empty in reports
    /// written without them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocks: Vec<BlockTally>,
    /// Where the report comes from (program, machine, time); `None` in reports of older versions and in
    /// those built by the engine alone. No check reads it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
    /// The files a merged report was merged from, each with its provenance; empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shards: Vec<ShardSource>,
}

impl Report {
    /// The report of `tally`, the samples `ranges` of a run of `samples` samples of `seed` (no blocks yet).
    pub fn new<V: Ranked>(
        seed: u64,
        samples: u64,
        ranges: Vec<[u64; 2]>,
        max_nodes: Option<usize>,
        tally: Tally,
    ) -> Report {
        Report {
            format: REPORT_FORMAT,
            game: V::NAME.to_string(),
            seed,
            max_nodes,
            samples,
            ranges,
            funnel: tally.funnel().iter().map(|&(k, v)| (k.to_string(), v)).collect(),
            estimate: tally.estimate::<V>().unwrap_or(ReachableEstimate::UNDEFINED),
            candidates: crate::ranking::rank::candidate_count::<V>().to_string(),
            tally,
            blocks: Vec::new(),
            provenance: None,
            shards: Vec::new(),
        }
    }

    /// The report with these per-block tallies (see [`crate::estimate::blocks`]).
    pub fn with_blocks(self, blocks: Vec<BlockTally>) -> Report {
        Report { blocks, ..self }
    }

    /// The report with this provenance.
    pub fn with_provenance(self, provenance: Provenance) -> Report {
        Report { provenance: Some(provenance), ..self }
    }

    /// A merged report that names the files it was merged from (`names`, those of `reports`) with their
    /// ranges and provenance.
    pub fn with_sources(self, reports: &[Report], names: &[String]) -> Report {
        let shards = reports
            .iter()
            .zip(names)
            .map(|(r, file)| ShardSource {
                file: file.clone(),
                ranges: r.ranges.clone(),
                provenance: r.provenance.clone(),
            })
            .collect();
        Report { shards, ..self }
    }

    /// Whether the ranges cover `0..samples` exactly.
    pub fn is_complete(&self) -> bool {
        match join_sorted(nonempty_sorted(&self.ranges)) {
            Ok(joined) => joined == [[0, self.samples]] || (joined.is_empty() && self.samples == 0),
            Err(_) => false,
        }
    }
}

/// What is wrong with one report given to [`merge`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShardProblem {
    /// A report format this program does not read: neither [`REPORT_FORMAT`] nor [`FORMAT_SAYING_VARIANT`].
    Format {
        /// The report's format.
        found: u32,
    },
    /// A game other than the one merged (`found` shortened by [`crate::board::sfen::quote`]).
    Game {
        /// The report's game.
        found: String,
        /// The game merged.
        expected: &'static str,
    },
    /// Not the first report's seed.
    Seed {
        /// The report's seed.
        found: u64,
        /// The first report's.
        expected: u64,
    },
    /// Not the first report's total number of samples.
    TotalSamples {
        /// The report's total.
        found: u64,
        /// The first report's.
        expected: u64,
    },
    /// Not the first report's node cap (which decides what is `unknown`).
    MaxNodes {
        /// The report's node cap.
        found: Option<usize>,
        /// The first report's.
        expected: Option<usize>,
    },
    /// Per-block tallies that do not cover the ranges or do not add up to the tally.
    Blocks(BlockProblem),
    /// No per-block tallies (a report of an older version): nothing in it can be verified.
    NoBlocks,
    /// A range `[start, end)` with `start > end`, or `end` beyond the run's `samples`.
    BadRange {
        /// The range.
        range: [u64; 2],
        /// The run's samples.
        samples: u64,
    },
    /// A range that shares samples with a range of report `other` (possibly this one).
    Overlap {
        /// This report's range.
        range: [u64; 2],
        /// The index of the other report.
        other: usize,
        /// The other report's range.
        other_range: [u64; 2],
    },
    /// The tally counts `tally` samples, its ranges cover `ranges`.
    Covered {
        /// The samples the tally counts.
        tally: u64,
        /// The samples the ranges cover.
        ranges: u64,
    },
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
                write!(f, "report format {found}, this program reads formats {FORMAT_SAYING_VARIANT} and {REPORT_FORMAT}")
            }
            ShardProblem::Game { found, expected } => {
                write!(f, "game {found:?}, the shards merged are {expected:?}")
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
    /// No report to merge.
    Empty,
    /// Report `index` (0-based position in the list given to [`merge`]) is inconsistent or does not belong
    /// with the others.
    Shard {
        /// The report's index in the list.
        index: usize,
        /// What is wrong with it.
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
    /// it ([`check_blocks`]). `index` names the report in an [`ShardProblem::Overlap`].
    /// The derived fields (`candidates`, `funnel`, `estimate`) are not read by [`merge`]: it recomputes them.
    pub fn check(&self, index: usize) -> Result<(), ShardProblem> {
        if !reads_format(self.format) {
            return Err(ShardProblem::Format { found: self.format });
        }
        for &[start, end] in &self.ranges {
            if start > end || end > self.samples {
                return Err(ShardProblem::BadRange { range: [start, end], samples: self.samples });
            }
        }
        let tagged: Vec<_> = self.ranges.iter().map(|&r| (r, index)).collect();
        if let Some(overlap) = first_overlap(tagged) {
            return Err(overlap_problem(overlap).1);
        }
        // Disjoint ranges within 0..samples: the sum fits.
        let covered: u64 = self.ranges.iter().map(|[s, e]| e - s).sum();
        if covered != self.tally.samples {
            return Err(ShardProblem::Covered { tally: self.tally.samples, ranges: covered });
        }
        self.tally.check().map_err(ShardProblem::Tally)?;
        if self.blocks.is_empty() && self.tally.samples > 0 {
            return Err(ShardProblem::NoBlocks);
        }
        check_blocks(self).map_err(ShardProblem::Blocks)
    }
}

/// An overlap as a problem of the later report of the two: its index and the problem.
fn overlap_problem(o: Overlap) -> (usize, ShardProblem) {
    (o.index, ShardProblem::Overlap { range: o.range, other: o.other, other_range: o.other_range })
}

/// The non-empty ranges of `ranges`, sorted.
fn nonempty_sorted(ranges: &[[u64; 2]]) -> Vec<[u64; 2]> {
    let mut sorted: Vec<[u64; 2]> = ranges.iter().copied().filter(|[s, e]| s < e).collect();
    sorted.sort();
    sorted
}

/// Adds up the shards of one run, after checking each ([`Report::check`]) and that they belong together:
/// the game `V`, and the first report's seed, total samples and node cap, with no sample in two
/// reports. Every sum is checked. An error names the report at fault by its index in `reports`.
pub fn merge_reports<V: Ranked>(reports: &[Report]) -> Result<Report, MergeError> {
    let first = reports.first().ok_or(MergeError::Empty)?;
    let fail = |index: usize, problem: ShardProblem| MergeError::Shard { index, problem };
    let mut tagged = Vec::new();
    for (index, r) in reports.iter().enumerate() {
        if !reads_format(r.format) {
            return Err(fail(index, ShardProblem::Format { found: r.format }));
        }
        if r.game != V::NAME {
            let found = crate::board::sfen::quote(&r.game);
            return Err(fail(index, ShardProblem::Game { found, expected: V::NAME }));
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
    if let Some((index, problem)) = first_overlap(tagged).map(overlap_problem) {
        return Err(fail(index, problem));
    }
    let mut tally = Tally::default();
    for (index, r) in reports.iter().enumerate() {
        tally.merge(&r.tally).map_err(|o| fail(index, ShardProblem::Overflow(o)))?;
    }
    let ranges: Vec<[u64; 2]> = reports.iter().flat_map(|r| r.ranges.iter().copied()).collect();
    // Checked disjoint above.
    let joined = join_sorted(nonempty_sorted(&ranges)).expect("disjoint ranges");
    let mut all: Vec<BlockTally> = reports.iter().flat_map(|r| r.blocks.iter().cloned()).collect();
    all.sort_by_key(|b| b.start);
    let mut blocks: Vec<BlockTally> = Vec::new();
    append_blocks(&mut blocks, all);
    Ok(Report::new::<V>(first.seed, first.samples, joined, first.max_nodes, tally).with_blocks(blocks))
}

/// What is wrong with a report's blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockProblem {
    /// A block that is empty, crosses a block boundary, or does not follow the previous one in order.
    Misplaced {
        /// The block's first sample index.
        start: u64,
        /// The index after its last.
        end: u64,
    },
    /// A block's tally does not count its samples.
    Count {
        /// The block's first sample index.
        start: u64,
        /// The index after its last.
        end: u64,
    },
    /// The blocks do not cover exactly the report's ranges.
    Coverage,
    /// The blocks' tallies do not add up to the report's.
    Sum,
}

impl std::fmt::Display for BlockProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BlockProblem::Misplaced { start, end } => {
                write!(f, "block {start}..{end} is empty, crosses a block boundary or is out of order")
            }
            BlockProblem::Count { start, end } => {
                write!(f, "block {start}..{end} does not count its samples")
            }
            BlockProblem::Coverage => f.write_str("the blocks do not cover the report's sample ranges"),
            BlockProblem::Sum => f.write_str("the blocks' tallies do not add up to the report's tally"),
        }
    }
}

/// Checks a report's blocks (if it has any; [`Report::check`] requires them): each within one block and
/// in order, counting its samples, together covering the ranges exactly and adding up to the tally.
fn check_blocks(r: &Report) -> Result<(), BlockProblem> {
    if r.blocks.is_empty() {
        return Ok(());
    }
    let mut previous_end = 0;
    let mut sum = Tally::default();
    for (i, b) in r.blocks.iter().enumerate() {
        let misplaced =
            b.start >= b.end || (b.end - 1) / BLOCK != b.start / BLOCK || (i > 0 && b.start < previous_end);
        if misplaced {
            return Err(BlockProblem::Misplaced { start: b.start, end: b.end });
        }
        if b.tally.samples != b.end - b.start || b.tally.check().is_err() {
            return Err(BlockProblem::Count { start: b.start, end: b.end });
        }
        sum.merge(&b.tally).map_err(|_| BlockProblem::Sum)?;
        previous_end = b.end;
    }
    // The blocks are in order and the ranges disjoint ([`Report::check`] checks them first).
    let covered =
        join_sorted(r.blocks.iter().map(|b| [b.start, b.end])).map_err(|_| BlockProblem::Coverage)?;
    let wanted = join_sorted(nonempty_sorted(&r.ranges)).map_err(|_| BlockProblem::Coverage)?;
    if covered != wanted {
        return Err(BlockProblem::Coverage);
    }
    if sum != r.tally {
        return Err(BlockProblem::Sum);
    }
    Ok(())
}
