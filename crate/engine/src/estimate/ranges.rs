//! Sample ranges `[start, end)`, the one home of joining them: sorted ranges joined where they touch,
//! the first overlap among the ranges of several reports, and the per-block tallies of the pieces of one
//! block joined into one.

use crate::estimate::tally::{BlockTally, BLOCK};

/// The sample indices `[start, end)`, as a report writes them.
pub(crate) type SampleRange = [u64; 2];

/// Adds `range` after `joined` (sorted ranges, touching ones joined), joined to the last one if it starts
/// where that one ends; `Err(last)` if it starts before the last one's end.
pub(crate) fn push_joined(joined: &mut Vec<[u64; 2]>, range: [u64; 2]) -> Result<(), [u64; 2]> {
    match joined.last_mut() {
        Some(last) if range[0] < last[1] => return Err(*last),
        Some(last) if range[0] == last[1] => last[1] = range[1],
        _ => joined.push(range),
    }
    Ok(())
}

/// Sorted ranges joined where one starts at the previous one's end ([`push_joined`]): `Err((range, last))`
/// at the first range that starts before the end of those joined before it.
pub(crate) fn join_sorted(
    ranges: impl IntoIterator<Item = SampleRange>,
) -> Result<Vec<SampleRange>, (SampleRange, SampleRange)> {
    let mut joined = Vec::new();
    for r in ranges {
        push_joined(&mut joined, r).map_err(|last| (r, last))?;
    }
    Ok(joined)
}

/// Two ranges that share samples, each with the index of the report it belongs to: `range` belongs to the
/// later report of the two (`index`), `other_range` to `other`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Overlap {
    pub(crate) range: [u64; 2],
    pub(crate) index: usize,
    pub(crate) other_range: [u64; 2],
    pub(crate) other: usize,
}

/// The first overlap among ranges tagged with their report's index (empty ranges ignored), if any.
pub(crate) fn first_overlap(mut ranges: Vec<([u64; 2], usize)>) -> Option<Overlap> {
    ranges.retain(|([s, e], _)| s < e);
    ranges.sort();
    ranges.windows(2).find_map(|pair| {
        let ((a, ia), (b, ib)) = (pair[0], pair[1]);
        // Sorted by start: some two ranges overlap iff two neighbours do.
        (b[0] < a[1]).then(|| {
            let ((range, index), (other_range, other)) =
                if ia <= ib { ((b, ib), (a, ia)) } else { ((a, ia), (b, ib)) };
            Overlap { range, index, other_range, other }
        })
    })
}

/// Appends `more` (the blocks of the next samples) to `blocks`, joining the two pieces of a block that a
/// chunk boundary cut.
pub fn append_blocks(blocks: &mut Vec<BlockTally>, more: Vec<BlockTally>) {
    for b in more {
        match blocks.last_mut() {
            Some(last) if last.end == b.start && last.start / BLOCK == b.start / BLOCK => {
                last.end = b.end;
                last.tally.merge(&b.tally).expect("a block's tally fits in 64 bits");
            }
            _ => blocks.push(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_ranges_join_and_overlapping_ones_are_named() {
        assert_eq!(join_sorted([[0, 5], [5, 9], [12, 20]]), Ok(vec![[0, 9], [12, 20]]));
        assert_eq!(join_sorted([[0, 5], [5, 9], [7, 8]]), Err(([7, 8], [0, 9])));
        let overlap = first_overlap(vec![([10, 20], 0), ([0, 0], 1), ([15, 30], 1)]);
        assert_eq!(overlap, Some(Overlap { range: [15, 30], index: 1, other_range: [10, 20], other: 0 }));
        assert_eq!(first_overlap(vec![([0, 10], 0), ([10, 20], 1)]), None);
    }
}
