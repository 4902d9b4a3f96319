//! Monte Carlo estimates: classify uniformly sampled ranks and count how many pass each stage.
//!
//! Samples are identified by index (see [`crate::ranking::sample`]), so a run over indices `[start, end)`
//! gives the same tally on any number of threads, machines or shards; tallies of disjoint shards add up to
//! the tally of one run. The rooms: [`tally`] (counts and the estimate) ← [`run`] (classifying samples) ←
//! [`blocks`] (runs per block of samples, and recomputing blocks to verify a report) ; [`report`] (a run as
//! a file's content, checked and merged) ← [`files`] (reading, writing and merging report files); [`ranges`]
//! (the one home of joining sample ranges and the pieces of a block), below `report`, `files` and `blocks`;
//! [`interval`] (Wilson's and the exact intervals of a share); [`plan`] (how many samples for a
//! precision); [`compare`] (a run's counts against published ones); [`provenance`] (where a report comes
//! from).

pub mod blocks;
pub mod compare;
pub mod files;
pub mod interval;
pub mod plan;
pub mod provenance;
pub mod published;
pub mod ranges;
pub mod report;
pub mod run;
pub mod samples;
pub mod tally;

pub use provenance::{Provenance, ShardSource};
pub use report::{merge_reports, MergeError, Report, ShardProblem, REPORT_FORMAT};
pub use run::{
    run_range, run_range_keeping, shard_range, tally_ranks, try_shard_range, Batch, ShardError, JOB,
};
pub use tally::{
    BlockTally, ReachableEstimate, StageCounts, Tally, TallyOverflow, TallyProblem, BLOCK, TRACED_BACK_ROWS,
};
