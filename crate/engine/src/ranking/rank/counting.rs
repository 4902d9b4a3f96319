//! The counting behind the mixed-radix digits: binomial coefficients and small powers, the number of king
//! placements, each kind's board radix, and the split of a kind's board digit into its four groups.

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece};
use crate::board::variant::Variant;

/// Binomial coefficients C(n, k) for n, k ≤ 81.
static BINOM: [[u128; 82]; 82] = {
    let mut t = [[0u128; 82]; 82];
    let mut n = 0;
    while n < 82 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

#[inline]
pub(super) fn binom(n: usize, k: usize) -> u128 {
    if k > n {
        0
    } else {
        BINOM[n][k]
    }
}

/// Powers 2^e, 3^e, 4^e for e ≤ 18 (the most pieces of one kind).
static POW: [[u128; 19]; 5] = {
    let mut t = [[1u128; 19]; 5];
    let mut base = 2;
    while base <= 4 {
        let mut e = 1;
        while e < 19 {
            t[base][e] = t[base][e - 1] * base as u128;
            e += 1;
        }
        base += 1;
    }
    t
};

#[inline]
fn pow(base: usize, e: usize) -> u128 {
    POW[base][e]
}

/// The squares left of the centre (ranking orders `0..left`) and of the centre file (the next `centre`
/// orders; none on a board of even width, which has no centre file): `(left, centre)`.
#[inline]
pub(super) fn king_halves<V: Variant>() -> (usize, usize) {
    (V::H * (V::W / 2), if V::has_centre_file() { V::H } else { 0 })
}

/// Number of K-canonical king placements: Sente's king on the left half (`left` squares) with Gote's
/// anywhere else, or on the centre file (if the width is odd) with Gote's king on the left half or the
/// centre file. On an even width every mirror pair has exactly one placement with Sente's king on the left.
pub(super) fn king_placements<V: Variant>() -> usize {
    let (left, centre) = king_halves::<V>();
    left * (V::squares() - 1) + centre * (left + centre).saturating_sub(1)
}

/// Radix of one kind's board digit: C(empty, n) ways to choose squares times 4 (or 2 for gold) owner and
/// promotion choices per piece.
#[inline]
pub(super) fn board_radix(kind: Kind, empty: usize, n: usize) -> u128 {
    binom(empty, n) * pow(if kind.can_promote() { 4 } else { 2 }, n)
}

/// The split (group sizes) of `n` pieces of a kind holding share `t` of its board digit, and `t` less
/// the split's start. Every block of a board digit is C(m, n) times the ways to deal the pieces into
/// its groups, so the share (the digit divided by C(m, n), below 4^n) alone finds the split, in `u64`;
/// up to 4 pieces (all kinds but pawns), from a table.
#[inline]
pub(super) fn split_of_share(n: usize, promotable: bool, t: u64) -> ([usize; 4], u64) {
    match SMALL_SPLITS[promotable as usize].get(n) {
        Some(row) => {
            let packed = row[t as usize];
            let size = |i: u32| (packed >> (4 * i) & 0xF) as usize;
            ([size(0), size(1), size(2), n - size(0) - size(1) - size(2)], (packed >> 12) as u64)
        }
        None => split_by_blocks(n, promotable, t),
    }
}

/// [`split_of_share`] up to 4 pieces, by `[promotable][n][share]`: the sizes of the first three groups
/// (4 bits each), then the share less the split's start.
static SMALL_SPLITS: [[[u32; 256]; 5]; 2] = {
    let mut t = [[[0u32; 256]; 5]; 2];
    let mut n = 0;
    while n < 5 {
        let mut share = 0;
        while share < 1 << (2 * n) {
            let mut promotable = 0;
            while promotable < 2 {
                if promotable == 1 || share < 1 << n {
                    let ([a, b, c, _], rest) = split_by_blocks(n, promotable == 1, share as u64);
                    t[promotable][n][share] = (a | b << 4 | c << 8 | (rest as usize) << 12) as u32;
                }
                promotable += 1;
            }
            share += 1;
        }
        n += 1;
    }
    t
};

/// [`split_of_share`] by skipping whole blocks: first by promoted Sente count, then promoted Gote,
/// then unpromoted Sente.
#[inline]
const fn split_by_blocks(n: usize, promotable: bool, mut t: u64) -> ([usize; 4], u64) {
    const fn ways(n: usize, k: usize) -> u64 {
        SUBSET_BINOM[k][n]
    }
    let (mut a, mut b, mut c) = (0, 0, 0);
    if promotable {
        loop {
            let size = ways(n, a) * POW[3][n - a] as u64;
            if t < size {
                break;
            }
            t -= size;
            a += 1;
        }
        loop {
            let size = ways(n, a) * ways(n - a, b) * POW[2][n - a - b] as u64;
            if t < size {
                break;
            }
            t -= size;
            b += 1;
        }
    }
    let dealt = ways(n, a) * ways(n - a, b);
    loop {
        let size = dealt * ways(n - a - b, c);
        if t < size {
            break;
        }
        t -= size;
        c += 1;
    }
    ([a, b, c, n - a - b - c], t)
}

/// Sizes of the four groups of one kind's split (promoted Sente, promoted Gote, unpromoted Sente,
/// unpromoted Gote) and the cumulative start of each split, in the reference's split order.
pub(super) struct Splits {
    pub(super) m: usize,
    pub(super) n: usize,
}

/// C(n, k) for k ≤ 18 (every binomial of a split).
#[inline]
fn small_binom(n: usize, k: usize) -> u128 {
    if k > n {
        0
    } else {
        SUBSET_BINOM[k][n] as u128
    }
}

impl Splits {
    /// Number of arrangements with exactly `a` promoted Sente pieces (any split of the rest).
    #[inline]
    fn block_a(&self, a: usize) -> u128 {
        small_binom(self.m, a) * small_binom(self.m - a, self.n - a) * pow(3, self.n - a)
    }

    #[inline]
    fn block_b(&self, a: usize, b: usize) -> u128 {
        small_binom(self.m, a)
            * small_binom(self.m - a, b)
            * small_binom(self.m - a - b, self.n - a - b)
            * pow(2, self.n - a - b)
    }

    #[inline]
    fn block_c(&self, a: usize, b: usize, c: usize) -> u128 {
        small_binom(self.m, a)
            * small_binom(self.m - a, b)
            * small_binom(self.m - a - b, c)
            * small_binom(self.m - a - b - c, self.n - a - b - c)
    }

    /// Start of the split `[a, b, c, _]`.
    pub(super) fn start(&self, split: [usize; 4]) -> u128 {
        let [a, b, c, _] = split;
        let mut s = 0;
        for a2 in 0..a {
            s += self.block_a(a2);
        }
        for b2 in 0..b {
            s += self.block_b(a, b2);
        }
        for c2 in 0..c {
            s += self.block_c(a, b, c2);
        }
        s
    }
}

/// The piece of each group, in group order.
#[inline]
pub(super) fn group_pieces(kind: Kind) -> [Piece; 4] {
    let promoted = kind.can_promote();
    [
        Piece::new(kind, promoted, Color::Sente),
        Piece::new(kind, promoted, Color::Gote),
        Piece::unpromoted(kind, Color::Sente),
        Piece::unpromoted(kind, Color::Gote),
    ]
}

/// C(n, k) for k ≤ 18 (the most pieces of a group) and n ≤ 81, indexed `[k][n]`: a subset walk reads
/// one short row, not a column of [`BINOM`], and every value fits `u64` (C(81, 18) < 2^59).
pub(super) static SUBSET_BINOM: [[u64; 82]; 19] = {
    let mut t = [[0u64; 82]; 19];
    let mut k = 0;
    while k < 19 {
        let mut n = 0;
        while n < 82 {
            t[k][n] = BINOM[n][k] as u64;
            n += 1;
        }
        k += 1;
    }
    t
};
