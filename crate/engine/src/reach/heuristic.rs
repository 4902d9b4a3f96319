//! The search heuristic of the reference, H = 10·N + 10·P + D (`docs/method.md`): 0 exactly at a KK
//! goal. Prev1 computes each predecessor's H incrementally from these terms; the search orders by it.

use crate::board::color::Color;
use crate::board::piece::{Kind, EMPTY};
use crate::board::position::Position;
use crate::board::variant::Variant;

/// One board piece's share of the reference's heuristic H = 10·N + 10·P + D: 10 per non-king piece, 10
/// more if promoted plus its distance (in ranks) outside its owner's promotion zone.
#[inline]
pub(crate) fn piece_term<V: Variant>(code: u8, sq: usize) -> u32 {
    if code == EMPTY || code >> 2 == Kind::King as u8 {
        0
    } else if code & 2 != 0 {
        10
    } else {
        let owner = Color::from_index((code & 1) as usize);
        20 + V::geometry().ranks_ahead(sq, owner).saturating_sub(V::ZONE - 1) as u32
    }
}

/// Mini Shogi's king-proximity term (the kings within Manhattan distance 2).
#[inline]
pub(crate) fn king_term<V: Variant>(p: &Position<V>) -> u32 {
    king_term_at::<V>(p.king(Color::Sente), p.king(Color::Gote))
}

/// The king-proximity term for kings on `a` and `b`.
#[inline]
pub(crate) fn king_term_at<V: Variant>(a: usize, b: usize) -> u32 {
    if V::KING_NEAR_WEIGHT == 0 {
        return 0;
    }
    let g = V::geometry();
    if g.x(a).abs_diff(g.x(b)) + g.y(a).abs_diff(g.y(b)) <= 2 {
        V::KING_NEAR_WEIGHT
    } else {
        0
    }
}

/// The search heuristic; 0 exactly at the goal (only the kings on the board, and for Mini Shogi at
/// least 3 apart).
pub fn heuristic<V: Variant>(p: &Position<V>) -> u32 {
    let pieces: u32 = p.board().iter().enumerate().map(|(sq, &c)| piece_term::<V>(c, sq)).sum();
    pieces + king_term(p)
}
