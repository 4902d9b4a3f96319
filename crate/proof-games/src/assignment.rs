//! The assignment solver: the cheapest way to match pieces with places (or origins), by which both the
//! short search's bound and the forward guide count the moves a position needs.

use crate::short::travel::FAR;

/// The most pieces of one kind (Shogi's pawns): the most a [`cheapest_match`] matches.
pub(crate) const MOST_OF_A_KIND: usize = 18;

/// The most columns of an assignment, with room to spare: a kind's homes of one side and its pieces on the
/// board (Shogi's pawns: 9 + 18), or all its pieces (18).
const MAX_COLUMNS: usize = 47;

/// The least total cost of giving each row a distinct column (rows ≤ columns ≤ [`MAX_COLUMNS`]), and the
/// row given to each column (1-based, 0 for none): the Hungarian method with potentials,
/// O(rows² · columns), on the stack (the bound runs it some twenty times per position). Costs at or above
/// [`FAR`] mean "impossible"; the total is then at least `FAR`.
pub(crate) fn min_cost_assignment(rows: &[Vec<u32>]) -> (u32, [usize; MAX_COLUMNS + 1]) {
    let m = rows.first().map_or(0, Vec::len);
    min_cost_assignment_by(rows.len(), m, |i, j| rows[i][j])
}

/// [`min_cost_assignment`] of `n` rows and `m` columns, the cost of row `i` and column `j` being
/// `cost(i, j)`.
fn min_cost_assignment_by(
    n: usize,
    m: usize,
    cost: impl Fn(usize, usize) -> u32,
) -> (u32, [usize; MAX_COLUMNS + 1]) {
    let mut p = [0usize; MAX_COLUMNS + 1];
    if n == 0 {
        return (0, p);
    }
    assert!(n <= m && m <= MAX_COLUMNS, "an assignment of {n} rows to {m} columns");
    let cost = |i: usize, j: usize| i64::from(cost(i, j).min(u32::from(FAR) * 4));
    let inf = i64::MAX / 4;
    // 1-based: u, v potentials; p[j] the row matched to column j; way for the augmenting path.
    let (mut u, mut v) = ([0i64; MAX_COLUMNS + 1], [0i64; MAX_COLUMNS + 1]);
    let mut way = [0usize; MAX_COLUMNS + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0;
        let mut minv = [inf; MAX_COLUMNS + 1];
        let mut used = [false; MAX_COLUMNS + 1];
        loop {
            used[j0] = true;
            let (i0, mut delta, mut j1) = (p[j0], inf, 0);
            for j in 1..=m {
                if !used[j] {
                    let cur = cost(i0 - 1, j - 1) - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=m {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let total: i64 = (1..=m).filter(|&j| p[j] != 0).map(|j| cost(p[j] - 1, j - 1)).sum();
    (total.min(i64::from(u32::MAX)) as u32, p)
}

/// The least total cost of matching `n` pieces with `n` places, and the piece matched with each place:
/// by trying every match for up to three (most kinds, most of the time), else the Hungarian method.
pub(crate) fn cheapest_match(n: usize, cost: impl Fn(usize, usize) -> u32) -> (u32, [u8; MOST_OF_A_KIND]) {
    const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut row_of = [0; MOST_OF_A_KIND];
    if n > 3 {
        let (total, one_based) = min_cost_assignment_by(n, n, cost);
        for (r, &i) in row_of.iter_mut().zip(&one_based[1..=n]) {
            *r = (i - 1) as u8;
        }
        return (total, row_of);
    }
    // The orders of the first `n` pieces: those whose other entries stay in place.
    let orders = ORDERS.iter().filter(|order| order[n..].iter().enumerate().all(|(k, &i)| i == n + k));
    let total = |order: &[usize; 3]| (0..n).map(|j| cost(order[j], j)).fold(0u32, u32::saturating_add);
    let best = orders.min_by_key(|order| total(order)).expect("the identity order");
    for (r, &i) in row_of.iter_mut().zip(best) {
        *r = i as u8;
    }
    (total(best), row_of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignment_finds_the_cheapest_matching() {
        let rows = vec![vec![4, 1, 3], vec![2, 0, 5], vec![3, 2, 2]];
        assert_eq!(min_cost_assignment(&rows).0, 5);
        let rows = vec![vec![7, 2], vec![3, 9]];
        let (cost, row_of) = min_cost_assignment(&rows);
        assert_eq!((cost, &row_of[1..3]), (5, &[2, 1][..]));
    }

    #[test]
    fn matches_are_the_cheapest_and_match_every_piece() {
        // Every order of up to five pieces, tried one by one, against the match's (three or fewer are
        // tried in turn, more by the Hungarian method); some costs "impossible".
        fn orders(n: usize) -> Vec<Vec<usize>> {
            if n == 0 {
                return vec![vec![]];
            }
            let mut out = Vec::new();
            for order in orders(n - 1) {
                for at in 0..n {
                    let mut o = order.clone();
                    o.insert(at, n - 1);
                    out.push(o);
                }
            }
            out
        }
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for n in 0..=5 {
            for _ in 0..200 {
                let costs: Vec<u32> =
                    (0..n * n).map(|_| if next() % 7 == 0 { u32::from(FAR) } else { next() % 9 }).collect();
                let cost = |i: usize, j: usize| costs[i * n + j];
                let least =
                    orders(n).iter().map(|o| (0..n).map(|j| cost(o[j], j)).sum::<u32>()).min().unwrap();
                let (total, row_of) = cheapest_match(n, cost);
                let mut rows: Vec<usize> = row_of[..n].iter().map(|&i| usize::from(i)).collect();
                let matched: u32 = rows.iter().enumerate().map(|(j, &i)| cost(i, j)).sum();
                rows.sort_unstable();
                assert_eq!(rows, (0..n).collect::<Vec<_>>(), "every piece matched once: {costs:?}");
                if least < u32::from(FAR) {
                    assert_eq!((total, matched), (least, least), "{costs:?}");
                } else {
                    assert!(total >= u32::from(FAR), "{costs:?}");
                }
            }
        }
    }
}
