//! Per-block tallies, so that a shard computed by someone else can be checked: a report lists the tally of
//! every block of [`BLOCK`] sample indices its ranges meet (block `b` is `b·2^16 .. (b+1)·2^16`, cut to the
//! ranges), and `merge --verify K` recomputes K blocks of every shard, chosen at random, and compares.

use crate::board::position::Position;
use crate::estimate::ranges::append_blocks;
use crate::estimate::report::Report;
use crate::estimate::run::{keep_lowest, run_job, Keep, JOB};
use crate::estimate::samples::SampleRow;
use crate::estimate::tally::{BlockTally, BLOCK};
use crate::ranking::rank::Ranked;
use crate::ranking::sample::RankSampler;
use crate::reach::search::SearchOptions;
use rayon::prelude::*;
use std::ops::Range;

/// The samples `indices` in jobs of 64 (in parallel, like [`crate::estimate::run_range`]), tallied per
/// block.
pub fn run_by_block<V: Ranked>(seed: u64, indices: Range<u64>, options: SearchOptions) -> Vec<BlockTally> {
    run_by_block_until::<V>(seed, indices, options, &|| false).0
}

/// [`run_by_block`] that stops once `stop()` is true, within one sample per thread: the blocks of the
/// samples done from `indices.start` on without a gap, and where they end (`indices.end` unless
/// stopped). Its jobs (the samples between two multiples of 64, cut to `indices`) are done whole or not
/// at all; those done past the first one given up are dropped, so the end is a multiple of 64, or
/// `indices.start` or `indices.end`.
pub fn run_by_block_until<V: Ranked>(
    seed: u64,
    indices: Range<u64>,
    options: SearchOptions,
    stop: &(dyn Fn() -> bool + Sync),
) -> (Vec<BlockTally>, u64) {
    let run = run_blocks::<V>(seed, indices, options, Keep { reachable: 0, rows: false }, stop);
    (run.blocks, run.end)
}

/// [`run_by_block_until`], also giving every sample's row, in order (`estimate --samples-out`).
pub fn run_by_block_with_rows_until<V: Ranked>(
    seed: u64,
    indices: Range<u64>,
    options: SearchOptions,
    stop: &(dyn Fn() -> bool + Sync),
) -> (Vec<BlockTally>, u64, Vec<SampleRow>) {
    let run = run_blocks::<V>(seed, indices, options, Keep { reachable: 0, rows: true }, stop);
    (run.blocks, run.end, run.rows)
}

/// [`run_by_block`], also keeping up to `keep` reachable samples (those with the lowest indices, so the
/// same on any number of threads): what a browser worker runs for each chunk.
pub fn run_by_block_keeping<V: Ranked>(
    seed: u64,
    indices: Range<u64>,
    options: SearchOptions,
    keep: usize,
) -> (Vec<BlockTally>, Vec<(u64, Position<V>)>) {
    let run = run_blocks::<V>(seed, indices, options, Keep { reachable: keep, rows: false }, &|| false);
    (run.blocks, run.reachable)
}

/// What [`run_blocks`] did: the blocks of the jobs done from the start on without a gap, where they end,
/// the reachable samples kept, and the rows of those jobs' samples when asked for.
struct BlockRun<V: Ranked> {
    blocks: Vec<BlockTally>,
    end: u64,
    reachable: Vec<(u64, Position<V>)>,
    rows: Vec<SampleRow>,
}

/// The samples `indices` in jobs of [`JOB`] that never cross a block boundary, in parallel, until `stop()`,
/// keeping what `keep` says (reachable samples: those with the lowest indices).
fn run_blocks<V: Ranked>(
    seed: u64,
    indices: Range<u64>,
    options: SearchOptions,
    keep: Keep,
    stop: &(dyn Fn() -> bool + Sync),
) -> BlockRun<V> {
    let sampler = RankSampler::<V>::new(seed);
    let jobs: Vec<Range<u64>> = pieces(indices.clone(), JOB).collect();
    let batches: Vec<_> =
        jobs.par_iter().map(|r| run_job(&sampler, r.clone(), options, keep, stop)).collect();
    let mut run =
        BlockRun { blocks: Vec::new(), end: indices.start, reachable: Vec::new(), rows: Vec::new() };
    for (r, batch) in jobs.into_iter().zip(batches).map_while(|(r, b)| Some((r, b?))) {
        run.end = r.end;
        append_blocks(&mut run.blocks, vec![BlockTally { start: r.start, end: r.end, tally: batch.tally }]);
        if !batch.reachable.is_empty() {
            keep_lowest(&mut run.reachable, batch.reachable, keep.reachable);
        }
        run.rows.extend(batch.rows);
    }
    run
}

/// `indices` cut at the multiples of `size` (which divides [`BLOCK`], so no piece crosses a block
/// boundary): every piece but the first and the last of `indices` is `i·size .. (i+1)·size`.
fn pieces(indices: Range<u64>, size: u64) -> impl Iterator<Item = Range<u64>> {
    debug_assert_eq!(BLOCK % size, 0);
    let mut at = indices.start;
    std::iter::from_fn(move || {
        (at < indices.end).then(|| {
            let end = (at / size + 1).saturating_mul(size).min(indices.end);
            let piece = at..end;
            at = end;
            piece
        })
    })
}

/// The share of forged blocks that verification must catch.
pub const FORGED_SHARE: f64 = 0.01;
/// The most chance that verification misses them.
pub const MISS_CHANCE: f64 = 0.01;

/// How many of a report's `n` blocks to recompute, drawn at random without repetition, so that a report
/// with [`FORGED_SHARE`] of its blocks forged (at least one) passes with chance at most [`MISS_CHANCE`]:
/// the least K for which drawing K genuine blocks in a row is that unlikely. All of them up to 100
/// blocks (one forged block must be drawn), 368 of 1 000, never more than 459.
pub fn blocks_to_verify(n: usize) -> usize {
    let forged = ((n as f64 * FORGED_SHARE).ceil() as usize).max(1);
    let mut all_genuine = 1.0;
    for k in 0..n {
        if all_genuine <= MISS_CHANCE {
            return k;
        }
        // 0 once every genuine block is drawn (k = n - forged): the next draw is forged.
        all_genuine *= (n - forged - k) as f64 / (n - k) as f64;
    }
    n
}

/// How many of `n` blocks a verification recomputes: `k` (all of them at most), or for `None` (`auto`)
/// [`blocks_to_verify`].
pub fn blocks_drawn(n: usize, k: Option<usize>) -> usize {
    k.unwrap_or_else(|| blocks_to_verify(n)).min(n)
}

/// Recomputes [`blocks_drawn`]`(n, k)` of the report's `n` blocks, drawn by `next` (uniform `u64`s, which
/// whoever wrote the report must not be able to predict), until `stop()`: how many it recomputed, or the
/// first that differs, or where it stopped.
pub fn verify_drawn<V: Ranked>(
    r: &Report,
    k: Option<usize>,
    next: impl FnMut() -> u64,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<usize, Unverified> {
    let n = r.blocks.len();
    let picks = draw_blocks(n, blocks_drawn(n, k), next);
    verify_blocks_until::<V>(r, &picks, stop)?;
    Ok(picks.len())
}

/// `k` distinct indices of `0..n` (all of them when `k >= n`) drawn at random by `next` (uniform `u64`s),
/// in the order drawn.
pub fn draw_blocks(n: usize, k: usize, mut next: impl FnMut() -> u64) -> Vec<usize> {
    let mut picks: Vec<usize> = (0..n).collect();
    for i in 0..k.min(n) {
        let j = i + (next() % (n - i) as u64) as usize;
        picks.swap(i, j);
    }
    picks.truncate(k);
    picks
}

/// A block whose recomputed tally differs from the one in the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The block's first sample index.
    pub start: u64,
    /// The sample index after the block's last.
    pub end: u64,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "samples {}..{} recomputed give another tally", self.start, self.end)
    }
}

/// Recomputes the blocks `picks` (indices into `r.blocks`) and returns the first that differs.
pub fn verify_blocks<V: Ranked>(r: &Report, picks: &[usize]) -> Result<(), Mismatch> {
    match verify_blocks_until::<V>(r, picks, &|| false) {
        Ok(()) => Ok(()),
        Err(Unverified::Differs(m)) => Err(m),
        Err(Unverified::Stopped { .. }) => unreachable!("nothing stops it"),
    }
}

/// Why [`verify_blocks_until`] did not verify every block asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unverified {
    /// A recomputed block differs from the report's.
    Differs(Mismatch),
    /// `stop()` became true while the `index`-th block of the picks (0-based), `start..end`, was being
    /// recomputed (or before it).
    Stopped {
        /// The place of the block in the picks.
        index: usize,
        /// The block's first sample index.
        start: u64,
        /// The sample index after its last.
        end: u64,
    },
}

/// [`verify_blocks`] that gives up within one sample per thread once `stop()` is true.
pub fn verify_blocks_until<V: Ranked>(
    r: &Report,
    picks: &[usize],
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<(), Unverified> {
    let options = SearchOptions { max_nodes: r.max_nodes, lazy_captures: true };
    for (index, &i) in picks.iter().enumerate() {
        let b = &r.blocks[i];
        let stopped = Unverified::Stopped { index, start: b.start, end: b.end };
        if stop() {
            return Err(stopped);
        }
        let (again, end) = run_by_block_until::<V>(r.seed, b.start..b.end, options, stop);
        if end < b.end {
            return Err(stopped);
        }
        // One block (the range lies within one): its tally.
        if again.len() != 1 || again[0].tally != b.tally {
            return Err(Unverified::Differs(Mismatch { start: b.start, end: b.end }));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estimate::tally::Tally;

    #[test]
    fn blocks_keep_the_lowest_reachable_samples_as_run_range_keeping_does() {
        use crate::board::variant::MiniShogi;
        let options = SearchOptions { max_nodes: None, lazy_captures: true };
        let range = BLOCK - 500..BLOCK + 700;
        let (blocks, kept) = run_by_block_keeping::<MiniShogi>(11, range.clone(), options, 5);
        let want = crate::estimate::run_range_keeping::<MiniShogi>(11, range.clone(), options, 5);
        let indices = |v: &[(u64, Position<MiniShogi>)]| v.iter().map(|(i, _)| *i).collect::<Vec<_>>();
        assert_eq!(indices(&kept), indices(&want.reachable));
        assert_eq!(kept.len(), 5);
        assert_eq!(blocks, run_by_block::<MiniShogi>(11, range, options));
        let mut sum = Tally::default();
        blocks.iter().for_each(|b| sum.merge(&b.tally).unwrap());
        assert_eq!(sum, want.tally);
    }

    #[test]
    fn verification_draws_enough_blocks_to_catch_one_percent_forged() {
        let counts: Vec<usize> =
            [0, 1, 2, 10, 100, 101, 1000, 10_000, 1_000_000].map(blocks_to_verify).into();
        assert_eq!(counts, [0, 1, 2, 10, 99, 91, 368, 448, 459]);
        for n in [1, 7, 100, 101, 250, 1000, 5000] {
            let forged = ((n as f64 * FORGED_SHARE).ceil() as usize).max(1);
            // The chance that k draws miss every forged block, for k and for one draw fewer.
            let miss = |k: usize| {
                (0..k).map(|i| (n - forged).saturating_sub(i) as f64 / (n - i) as f64).product::<f64>()
            };
            let k = blocks_to_verify(n);
            assert!(miss(k) <= MISS_CHANCE, "{n} blocks: {k} draws miss with {}", miss(k));
            assert!(miss(k - 1) > MISS_CHANCE, "{n} blocks: {} draws would do", k - 1);
        }
    }

    #[test]
    fn verification_stops_when_asked_and_names_the_block() {
        use crate::board::variant::MiniShogi;
        let options = SearchOptions { max_nodes: None, lazy_captures: true };
        let blocks = run_by_block::<MiniShogi>(3, 0..300, options);
        let r = Report::new::<MiniShogi>(3, 300, vec![[0, 300]], None, blocks[0].tally.clone())
            .with_blocks(blocks);
        assert_eq!(verify_blocks_until::<MiniShogi>(&r, &[0], &|| false), Ok(()));
        let stopped = verify_blocks_until::<MiniShogi>(&r, &[0], &|| true);
        assert_eq!(stopped, Err(Unverified::Stopped { index: 0, start: 0, end: 300 }));
        let mut forged = r.clone();
        forged.blocks[0].tally.samples += 1;
        let differs = verify_blocks_until::<MiniShogi>(&forged, &[0], &|| false);
        assert_eq!(differs, Err(Unverified::Differs(Mismatch { start: 0, end: 300 })));
    }

    #[test]
    fn pieces_stop_at_block_boundaries_and_multiples_of_their_size() {
        let p: Vec<_> = pieces(BLOCK - 100..BLOCK + 10, 64).collect();
        assert_eq!(p, [BLOCK - 100..BLOCK - 64, BLOCK - 64..BLOCK, BLOCK..BLOCK + 10]);
        let p: Vec<_> = pieces(5..200, 64).collect();
        assert_eq!(p, [5..64, 64..128, 128..192, 192..200]);
    }
}

/// The rows of a run ([`run_by_block_with_rows_until`]) against its tallies.
#[cfg(test)]
mod row_tests {
    use super::*;
    use crate::estimate::samples::{csv_header, csv_line, SampleRow, MATERIAL_KINDS};
    use crate::estimate::tally::Tally;
    use crate::reach::search::SearchOptions;
    use crate::reach::stage::Stage;
    use crate::{MiniShogi, Shogi};

    /// The tally the rows say: Tables 1 and 2 and the searches' sums, recomputed.
    fn tally_of(rows: &[SampleRow]) -> Tally {
        let mut t = Tally { samples: rows.len() as u64, ..Tally::default() };
        for r in rows {
            t.stages[r.stage] += 1;
            if let Some(d) = r.traced_back {
                let d = d as usize;
                if t.traced_back.len() <= d {
                    t.traced_back.resize(d + 1, 0);
                }
                t.traced_back[d] += 1;
            }
            if r.stage == Stage::Ok {
                t.reachable_pops += r.pops.unwrap();
                t.reachable_nodes += r.nodes.unwrap();
                t.reachable_plies += r.plies.unwrap();
            }
        }
        t
    }

    fn rows_tally_to_the_runs_tally<V: Ranked>(seed: u64, n: u64) {
        let options = SearchOptions { max_nodes: Some(20_000), lazy_captures: true };
        let (blocks, end, rows) = run_by_block_with_rows_until::<V>(seed, 100..100 + n, options, &|| false);
        assert_eq!(end, 100 + n);
        let mut run = Tally::default();
        for b in &blocks {
            run.merge(&b.tally).unwrap();
        }
        assert_eq!(rows.iter().map(|r| r.index).collect::<Vec<_>>(), (100..100 + n).collect::<Vec<_>>());
        assert_eq!(tally_of(&rows), run, "{}", V::NAME);
        assert!(run.count(Stage::Ok) > 0 && run.count(Stage::Piece) > 0, "{run:?}");
        for r in &rows {
            for (i, kind) in MATERIAL_KINDS.iter().enumerate() {
                assert_eq!(r.on_board[i] + r.in_hand[i], V::TOTAL[kind.index()], "{r:?}");
            }
            let line = csv_line(r);
            assert_eq!(line.split(',').count(), csv_header().split(',').count(), "{line}");
        }
    }

    #[test]
    fn the_rows_of_a_range_tally_to_its_tally_and_hold_the_whole_material() {
        rows_tally_to_the_runs_tally::<MiniShogi>(5, 3000);
        rows_tally_to_the_runs_tally::<Shogi>(9, 3000);
    }
}
