//! The search heuristic of the reference, H = 10·N + 10·P + D (`docs/method.md`): 0 exactly at a KK
//! goal. Prev1 computes each predecessor's H incrementally from these terms; the search orders by it.

use crate::board::color::Color;
use crate::board::piece::{Kind, EMPTY};
use crate::board::position::Position;
use crate::board::variant::{Variant, MAX_SQUARES};

/// One board piece's share of the reference's heuristic H = 10·N + 10·P + D: 10 per non-king piece, 10
/// more if promoted plus its distance (in ranks) outside its owner's promotion zone.
#[inline]
pub(crate) fn piece_term<V: Variant>(code: u8, sq: usize) -> u32 {
    <V as PieceTerms>::TERMS[code as usize][sq] as u32
}

/// [`piece_term`] of every cell code on every square, made at compile time for each game (a lookup costs
/// less than the branches on the piece).
trait PieceTerms: Variant {
    const TERMS: [[u8; MAX_SQUARES]; EMPTY as usize + 1] = piece_terms::<Self>();
}

impl<V: Variant> PieceTerms for V {}

const fn piece_terms<V: Variant>() -> [[u8; MAX_SQUARES]; EMPTY as usize + 1] {
    let mut terms = [[0u8; MAX_SQUARES]; EMPTY as usize + 1];
    let mut code = 0;
    while code < EMPTY as usize {
        let mut sq = 0;
        while code >> 2 != Kind::King as usize && sq < V::W * V::H {
            let y = sq / V::W;
            let ahead = if code & 1 == 0 { y } else { V::H - 1 - y };
            // Bit 1 set: unpromoted.
            terms[code][sq] = if code & 2 != 0 { 10 } else { 20 + ahead.saturating_sub(V::ZONE - 1) as u8 };
            sq += 1;
        }
        code += 1;
    }
    terms
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::piece::Piece;
    use crate::board::variant::{Judkins, MiniShogi, Shogi};

    /// The compile-time table says what the definition says, for every piece of the game on every square.
    fn terms_follow_the_definition<V: Variant>() {
        let g = V::geometry();
        for &kind in V::KINDS.iter().chain([Kind::King].iter()) {
            for promoted in [false, true].into_iter().filter(|&p| !p || kind.can_promote()) {
                for owner in Color::BOTH {
                    let code = Piece::new(kind, promoted, owner).code();
                    for sq in 0..V::squares() {
                        let expected = match (kind, promoted) {
                            (Kind::King, _) => 0,
                            (_, false) => 10,
                            _ => 20 + g.ranks_ahead(sq, owner).saturating_sub(V::ZONE - 1) as u32,
                        };
                        assert_eq!(piece_term::<V>(code, sq), expected, "{kind:?} {promoted} {owner:?} {sq}");
                    }
                }
            }
        }
        assert!((0..V::squares()).all(|sq| piece_term::<V>(EMPTY, sq) == 0));
    }

    #[test]
    fn piece_terms_follow_the_definition() {
        terms_follow_the_definition::<Shogi>();
        terms_follow_the_definition::<MiniShogi>();
        terms_follow_the_definition::<Judkins>();
    }
}
