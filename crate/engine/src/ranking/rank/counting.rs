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

/// Sizes of the four groups of one kind's split (promoted Sente, promoted Gote, unpromoted Sente,
/// unpromoted Gote) and the cumulative start of each split, in the reference's split order.
pub(super) struct Splits {
    pub(super) m: usize,
    pub(super) n: usize,
    pub(super) promotable: bool,
}

/// The integers a split is found in: `u64` where the kind's whole board radix fits it (all but many
/// pawns), else `u128`.
pub(super) trait SplitInt:
    Copy + Ord + From<u64> + std::ops::Mul<Output = Self> + std::ops::Sub<Output = Self>
{
}
impl SplitInt for u64 {}
impl SplitInt for u128 {}

/// C(n, k) for k ≤ 18 (every binomial of a split), and 2^e, 3^e (e ≤ 18), as `T`.
#[inline]
fn small_binom<T: SplitInt>(n: usize, k: usize) -> T {
    T::from(if k > n { 0 } else { SUBSET_BINOM[k][n] })
}

#[inline]
fn small_pow<T: SplitInt>(base: usize, e: usize) -> T {
    T::from(POW[base][e] as u64)
}

impl Splits {
    /// Number of arrangements with exactly `a` promoted Sente pieces (any split of the rest).
    #[inline]
    fn block_a<T: SplitInt>(&self, a: usize) -> T {
        small_binom::<T>(self.m, a) * small_binom(self.m - a, self.n - a) * small_pow(3, self.n - a)
    }

    #[inline]
    fn block_b<T: SplitInt>(&self, a: usize, b: usize) -> T {
        small_binom::<T>(self.m, a)
            * small_binom(self.m - a, b)
            * small_binom(self.m - a - b, self.n - a - b)
            * small_pow(2, self.n - a - b)
    }

    #[inline]
    fn block_c<T: SplitInt>(&self, a: usize, b: usize, c: usize) -> T {
        small_binom::<T>(self.m, a)
            * small_binom(self.m - a, b)
            * small_binom(self.m - a - b, c)
            * small_binom(self.m - a - b - c, self.n - a - b - c)
    }

    /// The split containing digit `e`, and `e` relative to the split's start.
    #[inline]
    pub(super) fn find(&self, e: u128) -> ([usize; 4], u128) {
        // C(81, 8) · 4^8 < 2^64: up to 8 pieces every block and product fits u64.
        match u64::try_from(e) {
            Ok(e) if self.n <= 8 => {
                let (split, e) = self.find_in::<u64>(e);
                (split, e as u128)
            }
            _ => self.find_in::<u128>(e),
        }
    }

    #[inline]
    fn find_in<T: SplitInt>(&self, mut e: T) -> ([usize; 4], T) {
        // Skip whole blocks: first by promoted Sente count, then promoted Gote, then unpromoted Sente.
        fn skip<T: SplitInt>(e: &mut T, block: impl Fn(usize) -> T) -> usize {
            let mut i = 0;
            loop {
                let size = block(i);
                if *e < size {
                    return i;
                }
                *e = *e - size;
                i += 1;
            }
        }
        let (mut a, mut b) = (0, 0);
        if self.promotable {
            a = skip(&mut e, |a| self.block_a(a));
            b = skip(&mut e, |b| self.block_b(a, b));
        }
        let c = skip(&mut e, |c| self.block_c(a, b, c));
        ([a, b, c, self.n - a - b - c], e)
    }

    /// Start of the split `[a, b, c, _]`.
    pub(super) fn start(&self, split: [usize; 4]) -> u128 {
        let [a, b, c, _] = split;
        let mut s = 0;
        for a2 in 0..a {
            s += self.block_a::<u128>(a2);
        }
        for b2 in 0..b {
            s += self.block_b::<u128>(a, b2);
        }
        for c2 in 0..c {
            s += self.block_c::<u128>(a, b, c2);
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
