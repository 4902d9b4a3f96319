//! Unranking: the position of a rank, digit by digit (the hand class, Sente's hand, the kings, then each
//! kind's groups of squares), optionally stopping at the first misplaced piece.

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece};
use crate::board::position::{Hand, Position};
use crate::board::variant::Variant;
use crate::ranking::rank::classes::{HandClass, Ranked};
use crate::ranking::rank::counting::{
    group_pieces, king_halves, king_placements, split_of_share, SUBSET_BINOM,
};
use crate::ranking::rank::error::RankError;
use crate::ranking::rank::int::RankInt;

/// Still-empty squares as a set of ranking indices: decoding picks the i-th of them by walking the
/// set bits, and removes a group's squares at once.
struct EmptySet {
    mask: u128,
    len: usize,
}

impl EmptySet {
    fn all_but(n: usize, a: usize, b: usize) -> EmptySet {
        let all = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
        EmptySet { mask: all & !(1 << a) & !(1 << b), len: n - 2 }
    }
}

/// The `cur`-th `s`-subset (lexicographic, by ascending ranking index) of the empty squares, element
/// by element (as ranking indices) while `accept` agrees: the subset's squares, or `None` at the first
/// refusal.
#[inline]
fn unrank_subset(
    empties: &EmptySet,
    s: usize,
    mut cur: u64,
    mut accept: impl FnMut(usize) -> bool,
) -> Option<u128> {
    let select = Select::new(empties.mask);
    // The `n` empties from the `next`-th on (those after the element chosen last); `cur` ranks the rest
    // of the subset among them.
    let (mut n, mut next) = (empties.len, 0);
    let mut chosen = 0u128;
    for k in (1..=s).rev() {
        let skipped = first_of_subset(n, k, &mut cur);
        let q = select.nth(next + skipped);
        chosen |= 1 << q;
        next += skipped + 1;
        n -= skipped + 1;
        if !accept(q) {
            return None;
        }
    }
    Some(chosen)
}

/// How many of `n` squares come before the first element of the `cur`-th `k`-subset of them; leaves in
/// `cur` the rank of its other elements among the squares after it. The subsets whose first element
/// is the `d`-th square number C(n − 1 − d, k − 1); the last element (k = 1) and a pair (by a table of the
/// triangular numbers' roots) need no walk past them.
#[inline]
fn first_of_subset(n: usize, k: usize, cur: &mut u64) -> usize {
    match k {
        1 => *cur as usize,
        2 => {
            // Counted from the last pair (`dual`), the first element leaves the `x` squares after it,
            // `x` the largest with C(x, 2) ≤ dual.
            let pairs = |x: u64| x * x.saturating_sub(1) / 2;
            let dual = pairs(n as u64) - 1 - *cur;
            let x = PAIR_ROOT[dual as usize] as u64;
            *cur -= pairs(n as u64) - pairs(x + 1);
            n - 1 - x as usize
        }
        _ => {
            let row = &SUBSET_BINOM[k - 1];
            let mut d = 0;
            while *cur >= row[n - 1 - d] {
                *cur -= row[n - 1 - d];
                d += 1;
            }
            d
        }
    }
}

/// The largest `x` with C(x, 2) ≤ `d`, for each `d` below C(81, 2): where the first of a pair lies.
static PAIR_ROOT: [u8; 3240] = {
    let mut t = [0u8; 3240];
    let (mut x, mut d) = (1, 0);
    while d < 3240 {
        if (x + 1) * x / 2 <= d {
            x += 1;
        }
        t[d] = x as u8;
        d += 1;
    }
    t
};

/// A set of squares (as bits) with its bits counted byte by byte, once: then the `r`-th lowest of
/// them is found without a branch or counting again.
struct Select {
    words: [u64; 2],
    /// Byte i of each word: the set bits in its bytes 0 to i.
    running: [u64; 2],
    /// The set bits of the low word.
    in_low: usize,
}

const ONES: u64 = 0x0101_0101_0101_0101;

impl Select {
    #[inline]
    fn new(x: u128) -> Select {
        let words = [x as u64, (x >> 64) as u64];
        let running = words.map(|w| {
            let mut bytes = w - ((w >> 1) & 0x5555_5555_5555_5555);
            bytes = (bytes & 0x3333_3333_3333_3333) + ((bytes >> 2) & 0x3333_3333_3333_3333);
            bytes = (bytes + (bytes >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
            // At most 64 in a byte, so no byte overflows into the next.
            bytes.wrapping_mul(ONES)
        });
        Select { words, running, in_low: (running[0] >> 56) as usize }
    }

    /// The index of the `r`-th lowest set bit (there are more than `r`): the byte that holds it from
    /// the running counts, then a table.
    #[inline]
    fn nth(&self, r: usize) -> usize {
        let high = (r >= self.in_low) as usize;
        let (x, running, r) = (self.words[high], self.running[high], r - high * self.in_low);
        // High bit of byte i set where the running count passes r.
        let past = ((running | ONES << 7) - (r as u64 + 1) * ONES) & ONES << 7;
        let byte = past.trailing_zeros() as usize / 8;
        let before = ((running << 8) >> (8 * byte)) & 0xFF;
        64 * high + 8 * byte + NTH_IN_BYTE[((x >> (8 * byte)) & 0xFF) as usize][r - before as usize] as usize
    }
}

/// The index of the `r`-th set bit of each byte value (0 past its last).
static NTH_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut v = 0;
    while v < 256 {
        let (mut bit, mut r) = (0, 0);
        while bit < 8 {
            if v >> bit & 1 != 0 {
                t[v][r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        v += 1;
    }
    t
};

/// The position of rank `r` (Sente to move).
pub fn unrank<V: Ranked>(r: V::Rank) -> Result<Position<V>, RankError> {
    Ok(decode::<V>(r, false)?.expect("decoded without early stops"))
}

/// The position of rank `r`, or `None` as soon as the pieces decoded so far fail the placement test
/// (`rules::placement_ok`: a dead piece, or two unpromoted pawns of one side on a file) while the
/// position surely passes the mirror test: then `piece` is the first filter it fails, and the kinds not
/// yet decoded (most of Shogi's samples stop at the pawns) need not be.
pub fn unrank_unless_misplaced<V: Ranked>(r: V::Rank) -> Result<Option<Position<V>>, RankError> {
    decode::<V>(r, true)
}

/// The placement test, piece by piece as they are decoded.
#[derive(Default)]
struct PlacementWatch {
    /// Files holding an unpromoted pawn, per side.
    pawn_files: [u16; 2],
}

impl PlacementWatch {
    /// Whether `piece` on `sq` keeps the placement legal so far.
    #[inline]
    fn allows<V: Variant>(&mut self, piece: Piece, sq: usize) -> bool {
        if piece.is_promoted() {
            return true;
        }
        let (kind, color) = (piece.kind(), piece.color());
        if V::is_dead(kind, color, sq) {
            return false;
        }
        if kind == Kind::Pawn {
            let bit = 1 << V::geometry().x(sq);
            let files = &mut self.pawn_files[color.index()];
            if *files & bit != 0 {
                return false;
            }
            *files |= bit;
        }
        true
    }
}

/// [`unrank`], stopping early (`None`) as [`unrank_unless_misplaced`] says if `early`.
fn decode<V: Ranked>(r: V::Rank, early: bool) -> Result<Option<Position<V>>, RankError> {
    let table = V::classes();
    if r >= table.count {
        return Err(RankError::OutOfRange { rank: r.to_string(), count: table.count.to_string() });
    }
    let g = V::geometry();
    let class = &table.classes[table.classes.partition_point(|c| c.offset <= r) - 1];
    let mut digits = Digits::new::<V>(class, r.checked_sub(class.offset).unwrap());
    let mut hands: [Hand; 2] = [[0; 8]; 2];
    for &k in V::KINDS {
        let h = class.in_hand[k.index()];
        if h > 0 {
            let d = digits.next() as u8;
            hands[0][k.index()] = d;
            hands[1][k.index()] = h - d;
        }
    }
    let king_digit = digits.next();
    let (ks, kg) = decode_kings::<V>(king_digit as usize);
    // Only with both kings on the centre file do the other pieces decide the mirror test.
    let (left, centre_squares) = king_halves::<V>();
    let centre = |k: usize| (left..left + centre_squares).contains(&k);
    let mut watch = (early && !(centre(ks) && centre(kg))).then(PlacementWatch::default);
    let mut board = V::empty_board();
    let cells = board.as_mut();
    let (sente_king, gote_king) = (g.square_at_ranking_order[ks], g.square_at_ranking_order[kg]);
    cells[sente_king as usize] = Piece::unpromoted(Kind::King, Color::Sente).code();
    cells[gote_king as usize] = Piece::unpromoted(Kind::King, Color::Gote).code();
    let mut empties = EmptySet::all_but(V::squares(), ks, kg);
    for &k in V::KINDS {
        let n = (V::TOTAL[k.index()] - class.in_hand[k.index()]) as usize;
        if n == 0 {
            continue;
        }
        let squares = digits.next();
        let share = digits.next();
        if !place_kind::<V>(k, n, [squares, share], &mut empties, cells, watch.as_mut()) {
            return Ok(None);
        }
    }
    Ok(Some(Position::from_parts(board, hands, Color::Sente, [sente_king, gote_king])))
}

/// The digits of a rank less its class's offset, least significant first: Sente's count in hand of each
/// kind held, the king digit, and two per board kind (which squares, below C(m, n); then its share of the
/// owners and promotions, below 4^n or 2^n). Their radices follow from the class alone and all fit `u64`,
/// so a run of them whose product fits `u64` costs one wide division, not one each (a Shogi rank has up
/// to 22 digits); a run is divided out only when its first digit is read, so a misplaced piece spares
/// the rest.
struct Digits<R> {
    /// What the runs divided out so far leave.
    rest: R,
    radices: [u64; 24],
    len: usize,
    /// The digit read next, and the end of the run divided out last.
    next: usize,
    run_end: usize,
    /// What is left of the run divided out last.
    run: u64,
}

impl<R: RankInt> Digits<R> {
    #[inline]
    fn new<V: Ranked<Rank = R>>(class: &HandClass<R>, rest: R) -> Digits<R> {
        let mut digits = Digits { rest, radices: [0; 24], len: 0, next: 0, run_end: 0, run: 0 };
        let mut push = |r: u64| {
            digits.radices[digits.len] = r;
            digits.len += 1;
        };
        for &k in V::KINDS {
            let h = class.in_hand[k.index()];
            if h > 0 {
                push(h as u64 + 1);
            }
        }
        push(king_placements::<V>() as u64);
        let mut empty = V::squares() - 2;
        for &k in V::KINDS {
            let n = (V::TOTAL[k.index()] - class.in_hand[k.index()]) as usize;
            if n > 0 {
                push(SUBSET_BINOM[n][empty]);
                push(if k.can_promote() { 4u64 } else { 2 }.pow(n as u32));
                empty -= n;
            }
        }
        digits
    }

    /// The next digit.
    #[inline]
    fn next(&mut self) -> u64 {
        if self.next == self.run_end {
            self.divide_run();
        }
        let r = self.radices[self.next];
        self.next += 1;
        let d = self.run % r;
        self.run /= r;
        d
    }

    /// Divides out the longest run from the next digit whose radices' product fits `u64`.
    #[inline]
    fn divide_run(&mut self) {
        let (mut end, mut product) = (self.next, 1u64);
        while let Some(p) = self.radices[..self.len].get(end).and_then(|&r| r.checked_mul(product)) {
            (product, end) = (p, end + 1);
        }
        let (q, run) = self.rest.div_rem(product as u128);
        (self.rest, self.run, self.run_end) = (q, run as u64, end);
    }
}

/// Places the `n` board pieces of `kind` that its two board digits (`[squares, share]`, see [`Digits`])
/// encode on `empties`, and removes their squares from it. With a `watch`, stops (false) at the first
/// piece the placement test rejects.
#[inline]
fn place_kind<V: Variant>(
    kind: Kind,
    n: usize,
    [squares, share]: [u64; 2],
    empties: &mut EmptySet,
    cells: &mut [u8],
    mut watch: Option<&mut PlacementWatch>,
) -> bool {
    let g = V::geometry();
    let (split, share) = split_of_share(n, kind.can_promote(), share);
    let mut e = share as u128 * SUBSET_BINOM[n][empties.len] as u128 + squares as u128;
    for (size, piece) in split.into_iter().zip(group_pieces(kind)) {
        if size == 0 {
            continue;
        }
        let radix = SUBSET_BINOM[size][empties.len];
        // Below C(m, size), which fits u64 (see SUBSET_BINOM); most digits fit it too.
        let cur = match u64::try_from(e) {
            Ok(small) => {
                e = (small / radix) as u128;
                small % radix
            }
            Err(_) => {
                let cur = (e % radix as u128) as u64;
                e /= radix as u128;
                cur
            }
        };
        let square = |q: usize| g.square_at_ranking_order[q] as usize;
        let placed = unrank_subset(empties, size, cur, |q| {
            watch.as_mut().is_none_or(|w| w.allows::<V>(piece, square(q)))
        });
        let Some(mut chosen) = placed else { return false };
        empties.mask &= !chosen;
        empties.len -= size;
        while chosen != 0 {
            cells[square(chosen.trailing_zeros() as usize)] = piece.code();
            chosen &= chosen - 1;
        }
    }
    true
}

/// Ranking indices of Sente's and Gote's king for a king digit.
fn decode_kings<V: Variant>(digit: usize) -> (usize, usize) {
    let (left, centre) = king_halves::<V>();
    let (ks, g) = if digit < left * (V::squares() - 1) {
        (digit % left, digit / left)
    } else {
        let d = digit - left * (V::squares() - 1);
        (left + d % centre, d / centre)
    };
    (ks, if g < ks { g } else { g + 1 })
}

#[cfg(test)]
mod tests {
    use crate::ranking::rank::decode::{unrank_subset, EmptySet, Select};

    #[test]
    fn select_counts_the_set_bits() {
        let mut x = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834u128;
        for _ in 0..200 {
            x = x.rotate_left(17) ^ x.wrapping_mul(0x2545_F491_4F6C_DD1D);
            let bits: Vec<usize> = (0..128).filter(|&b| x >> b & 1 != 0).collect();
            for (r, &b) in bits.iter().enumerate() {
                assert_eq!(Select::new(x).nth(r), b, "{x:#x}, bit {r}");
            }
        }
        assert_eq!(Select::new(u128::MAX).nth(127), 127);
        assert_eq!(Select::new(1 << 64).nth(0), 64);
    }

    /// The subsets of every size of some empties, in lexicographic order, as the walk square by square
    /// would list them.
    #[test]
    fn subsets_come_in_lexicographic_order() {
        for n in [1usize, 2, 5, 9, 13, 79] {
            // Empties scattered over the low and high words.
            let mut sorted: Vec<usize> = (0..n).map(|i| (i * 11) % 128).collect();
            sorted.sort();
            let empties = EmptySet { mask: sorted.iter().fold(0, |m, &q| m | 1 << q), len: n };
            for k in 1..=n.min(if n > 13 { 3 } else { 6 }) {
                let mut expected: Vec<usize> = (0..k).collect();
                let mut cur = 0u64;
                loop {
                    let mut got = Vec::new();
                    let chosen = unrank_subset(&empties, k, cur, |q| {
                        got.push(q);
                        true
                    });
                    let want: Vec<usize> = expected.iter().map(|&i| sorted[i]).collect();
                    assert_eq!(got, want, "n {n}, k {k}, subset {cur}");
                    assert_eq!(chosen, Some(want.iter().fold(0, |m, &q| m | 1 << q)));
                    cur += 1;
                    // The next subset in lexicographic order, if any.
                    let Some(i) = (0..k).rev().find(|&i| expected[i] < n - k + i) else { break };
                    expected[i] += 1;
                    for j in i + 1..k {
                        expected[j] = expected[j - 1] + 1;
                    }
                }
            }
        }
    }
}
