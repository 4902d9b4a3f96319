//! Unranking: the position of a rank, digit by digit (the hand class, Sente's hand, the kings, then each
//! kind's groups of squares), optionally stopping at the first misplaced piece.

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece};
use crate::board::position::{Hand, Position};
use crate::board::variant::Variant;
use crate::ranking::rank::classes::{HandClass, Ranked};
use crate::ranking::rank::counting::{
    binom, board_radix, group_pieces, king_placements, Splits, SUBSET_BINOM,
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
    let m = empties.len;
    // The empties not passed yet, lowest first; `i` counts those passed.
    let mut rest = empties.mask;
    let mut chosen = 0u128;
    let mut i = 0;
    for j in 0..s {
        let row = &SUBSET_BINOM[s - 1 - j];
        while cur >= row[m - 1 - i] {
            cur -= row[m - 1 - i];
            i += 1;
            rest &= rest - 1;
        }
        let q = rest.trailing_zeros() as usize;
        chosen |= 1 << q;
        rest &= rest - 1;
        i += 1;
        if !accept(q) {
            return None;
        }
    }
    Some(chosen)
}

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
    let (digits, n_digits) = class_digits::<V>(class, r.checked_sub(class.offset).unwrap());
    let mut digits = digits[..n_digits].iter().copied();
    let mut hands: [Hand; 2] = [[0; 8]; 2];
    for &k in V::KINDS {
        let h = class.in_hand[k.index()];
        if h > 0 {
            let d = digits.next().unwrap() as u8;
            hands[0][k.index()] = d;
            hands[1][k.index()] = h - d;
        }
    }
    let king_digit = digits.next().unwrap();
    let (ks, kg) = decode_kings::<V>(king_digit as usize);
    // Only with both kings on the centre file do the other pieces decide the mirror test.
    let centre = |k: usize| (V::H * (V::W / 2)..V::H * (V::W / 2 + 1)).contains(&k);
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
        let digit = digits.next().unwrap();
        if !place_kind::<V>(k, n, digit, &mut empties, cells, watch.as_mut()) {
            return Ok(None);
        }
    }
    Ok(Some(Position::from_parts(board, hands, Color::Sente, [sente_king, gote_king])))
}

/// The digits of `rest` (a rank less its class's offset), least significant first: Sente's count in
/// hand of each kind held, the king digit, each board kind's digit; and how many. Their radices follow
/// from the class alone, so runs of them whose product fits `u64` cost one wide division, not one
/// each (a Shogi rank has up to 15 digits).
#[inline]
fn class_digits<V: Ranked>(class: &HandClass<V::Rank>, mut rest: V::Rank) -> ([u128; 16], usize) {
    let mut radices = [0u128; 16];
    let mut len = 0;
    let mut push = |r: u128| {
        radices[len] = r;
        len += 1;
    };
    for &k in V::KINDS {
        let h = class.in_hand[k.index()];
        if h > 0 {
            push(h as u128 + 1);
        }
    }
    push(king_placements::<V>() as u128);
    let mut empty = V::squares() - 2;
    for &k in V::KINDS {
        let n = (V::TOTAL[k.index()] - class.in_hand[k.index()]) as usize;
        if n > 0 {
            push(board_radix(k, empty, n));
            empty -= n;
        }
    }
    let mut digits = [0u128; 16];
    let mut i = 0;
    while i < len {
        let (mut j, mut product) = (i, 1u64);
        while j < len {
            match u64::try_from(radices[j]).ok().and_then(|r| r.checked_mul(product)) {
                Some(p) => (product, j) = (p, j + 1),
                None => break,
            }
        }
        if j == i {
            // A radix of its own beyond u64.
            let (q, d) = rest.div_rem(radices[i]);
            (rest, digits[i]) = (q, d);
            i += 1;
            continue;
        }
        let (q, low) = rest.div_rem(product as u128);
        rest = q;
        let mut low = low as u64;
        for (d, &r) in digits[i..j].iter_mut().zip(&radices[i..j]) {
            *d = (low % r as u64) as u128;
            low /= r as u64;
        }
        i = j;
    }
    debug_assert!(rest == V::Rank::ZERO);
    (digits, len)
}

/// Places the `n` board pieces of `kind` that its board `digit` encodes on `empties`, and removes
/// their squares from it. With a `watch`, stops (false) at the first piece the placement test rejects.
#[inline]
fn place_kind<V: Variant>(
    kind: Kind,
    n: usize,
    digit: u128,
    empties: &mut EmptySet,
    cells: &mut [u8],
    mut watch: Option<&mut PlacementWatch>,
) -> bool {
    let g = V::geometry();
    let splits = Splits { m: empties.len, n, promotable: kind.can_promote() };
    let (split, mut e) = splits.find(digit);
    for (size, piece) in split.into_iter().zip(group_pieces(kind)) {
        if size == 0 {
            continue;
        }
        let radix = binom(empties.len, size);
        // Below C(m, size), which fits u64 (see SUBSET_BINOM).
        let cur = (e % radix) as u64;
        e /= radix;
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
    let left = V::H * (V::W / 2);
    let (ks, g) = if digit < left * (V::squares() - 1) {
        (digit % left, digit / left)
    } else {
        let d = digit - left * (V::squares() - 1);
        (left + d % V::H, d / V::H)
    };
    (ks, if g < ks { g } else { g + 1 })
}
