//! Ranking: the rank of a position of P_K, its digits gathered from the hands, the kings and each kind's
//! groups of squares.

use crate::board::color::Color;
use crate::board::piece::Kind;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::ranking::rank::classes::{dense_hand_code, Ranked};
use crate::ranking::rank::counting::{
    binom, board_radix, group_pieces, king_halves, king_placements, Splits,
};
use crate::ranking::rank::error::RankError;
use crate::ranking::rank::int::RankInt;

/// Still-empty squares, as ranking indices in ascending order.
struct Empties {
    q: [u8; 81],
    len: usize,
}

impl Empties {
    fn all_but(n: usize, a: usize, b: usize) -> Empties {
        let mut e = Empties { q: [0; 81], len: 0 };
        for q in (0..n).filter(|&q| q != a && q != b) {
            e.q[e.len] = q as u8;
            e.len += 1;
        }
        e
    }

    /// Removes the entries at the given ascending positions.
    fn remove_positions(&mut self, positions: &[u8]) {
        let mut w = positions[0] as usize;
        let mut next = 0;
        for r in positions[0] as usize..self.len {
            if next < positions.len() && positions[next] as usize == r {
                next += 1;
            } else {
                self.q[w] = self.q[r];
                w += 1;
            }
        }
        self.len = w;
    }
}

/// Lexicographic rank of the ascending positions `p` among the `p.len()`-subsets of `0..m`.
fn rank_subset(m: usize, p: &[u8]) -> u128 {
    let s = p.len();
    let mut r = 0;
    let mut prev: isize = -1;
    for (j, &pj) in p.iter().enumerate() {
        for q in (prev + 1) as usize..pj as usize {
            r += binom(m - 1 - q, s - 1 - j);
        }
        prev = pj as isize;
    }
    r
}

/// The rank of a position of P_K.
fn rank_of<V: Ranked>(pos: &Position<V>) -> Result<V::Rank, RankError> {
    if pos.side_to_move() != Color::Sente {
        return Err(RankError::GoteToMove);
    }
    if !pos.is_complete() {
        return Err(RankError::Incomplete);
    }
    let g = V::geometry();
    let table = V::classes();
    let in_hand = pieces_in_hand(pos);
    let class = &table.classes[table.by_hand[dense_hand_code::<V>(&in_hand)] as usize];
    let ks = g.ranking_order[pos.king(Color::Sente)] as usize;
    let kg = g.ranking_order[pos.king(Color::Gote)] as usize;
    let king_digit = encode_kings::<V>(ks, kg).ok_or(RankError::NotKCanonical)?;
    // (digit, radix) of each board kind, least significant first.
    let mut digits = [(0u128, 1u128); 8];
    let mut empties = Empties::all_but(V::squares(), ks, kg);
    for (i, &k) in V::KINDS.iter().enumerate() {
        let n = (V::TOTAL[k.index()] - in_hand[k.index()]) as usize;
        if n == 0 {
            continue;
        }
        let radix = board_radix(k, empties.len, n);
        digits[i] = (board_digit(pos, k, n, &mut empties), radix);
    }
    let mut acc = V::Rank::ZERO;
    for &(digit, radix) in digits[..V::KINDS.len()].iter().rev() {
        acc = acc.mul_add(radix, digit).unwrap();
    }
    acc = acc.mul_add(king_placements::<V>() as u128, king_digit as u128).unwrap();
    for &k in V::KINDS.iter().rev() {
        let h = in_hand[k.index()] as u128;
        if h > 0 {
            acc = acc.mul_add(h + 1, pos.hand(Color::Sente)[k.index()] as u128).unwrap();
        }
    }
    Ok(class.offset.checked_add(acc).unwrap())
}

/// Pieces in hand per kind, both sides together: the position's hand class.
#[inline]
fn pieces_in_hand<V: Variant>(pos: &Position<V>) -> [u8; 8] {
    let mut in_hand = [0u8; 8];
    for k in V::KINDS {
        in_hand[k.index()] = pos.hand(Color::Sente)[k.index()] + pos.hand(Color::Gote)[k.index()];
    }
    in_hand
}

/// The king digit of Sente's and Gote's king on ranking orders `ks` and `kg` (the inverse of
/// `decode::decode_kings`), or `None` if the placement is not K-canonical.
#[inline]
fn encode_kings<V: Variant>(ks: usize, kg: usize) -> Option<usize> {
    let (left, centre) = king_halves::<V>();
    // Gote's king among the squares Sente's does not hold.
    let g = if kg > ks { kg - 1 } else { kg };
    if ks < left {
        Some(ks + left * g)
    } else if ks < left + centre && kg < left + centre {
        Some(left * (V::squares() - 1) + (ks - left) + centre * g)
    } else {
        None
    }
}

/// The board digit of `kind`, `n` of whose pieces are on the board: the split's start plus the subset
/// each group's squares form among the empties the groups before it left. Removes the kind's squares
/// from `empties`.
#[inline]
fn board_digit<V: Variant>(pos: &Position<V>, kind: Kind, n: usize, empties: &mut Empties) -> u128 {
    let groups = Groups::find(pos, kind, empties);
    let splits = Splits { m: empties.len, n };
    let mut digit = splits.start(groups.sizes);
    let mut scale = 1u128;
    let mut removed = 0;
    for gi in 0..4 {
        let group = groups.group(gi);
        if group.is_empty() {
            continue;
        }
        // Positions shift down by the squares earlier groups took.
        let mut p = [0u8; 18];
        for (pj, &pos_before) in p.iter_mut().zip(group) {
            *pj = pos_before - groups.earlier_before(gi, pos_before);
        }
        let m = empties.len - removed;
        digit += scale * rank_subset(m, &p[..group.len()]);
        scale *= binom(m, group.len());
        removed += group.len();
    }
    let mut all = [0u8; 18];
    let len = groups.all_sorted(&mut all);
    empties.remove_positions(&all[..len]);
    digit
}

/// One kind's squares split into its four groups (see [`group_pieces`]), each as ascending positions in
/// the empties list.
struct Groups {
    at: [[u8; 18]; 4],
    sizes: [usize; 4],
}

impl Groups {
    /// Walks the empties (ascending) and records, per group, the positions its squares occupy.
    #[inline]
    fn find<V: Variant>(pos: &Position<V>, kind: Kind, empties: &Empties) -> Groups {
        let g = V::geometry();
        let pieces = group_pieces(kind);
        let mut groups = Groups { at: [[0u8; 18]; 4], sizes: [0; 4] };
        for (pos_in_empties, &q) in empties.q[..empties.len].iter().enumerate() {
            let code = pos.cell(g.square_at_ranking_order[q as usize] as usize);
            // rposition: a gold's "promoted" groups repeat its unpromoted pieces and stay empty.
            if let Some(gi) = pieces.iter().rposition(|p| p.code() == code) {
                groups.at[gi][groups.sizes[gi]] = pos_in_empties as u8;
                groups.sizes[gi] += 1;
            }
        }
        groups
    }

    #[inline]
    fn group(&self, gi: usize) -> &[u8] {
        &self.at[gi][..self.sizes[gi]]
    }

    /// How many squares of groups before `gi` lie before position `p` in the empties list.
    #[inline]
    fn earlier_before(&self, gi: usize, p: u8) -> u8 {
        (0..gi).map(|h| self.group(h).iter().filter(|&&x| x < p).count() as u8).sum()
    }

    /// Writes the positions of all groups, ascending, to `out`; returns how many.
    #[inline]
    fn all_sorted(&self, out: &mut [u8; 18]) -> usize {
        let mut len = 0;
        for gi in 0..4 {
            let group = self.group(gi);
            out[len..len + group.len()].copy_from_slice(group);
            len += group.len();
        }
        out[..len].sort_unstable();
        len
    }
}

impl<V: Ranked> Position<V> {
    /// The position's rank in P_K.
    pub fn rank(&self) -> Result<V::Rank, RankError> {
        rank_of(self)
    }
}
