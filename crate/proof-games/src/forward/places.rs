//! Where the pieces of a position are, by kind, and where two positions differ: what the forward guide
//! matches.

use crate::assignment::MOST_OF_A_KIND;
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::piece::{Kind, Piece};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::Variant;

/// Where a piece is: on the board (owner, square, promoted) or in a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    Board(Color, u8, bool),
    Hand(Color),
}

/// The places of pieces of a position, by kind.
#[derive(Clone, Copy)]
pub(crate) struct Places {
    at: [[Place; MOST_OF_A_KIND]; 8],
    len: [usize; 8],
}

impl Places {
    const NONE: Places = Places { at: [[Place::Hand(Color::Sente); MOST_OF_A_KIND]; 8], len: [0; 8] };

    fn push(&mut self, kind: Kind, place: Place) {
        let k = kind.index();
        self.at[k][self.len[k]] = place;
        self.len[k] += 1;
    }

    fn push_cell(&mut self, sq: usize, code: u8) {
        if let Some(pc) = Piece::from_code(code) {
            self.push(pc.kind(), Place::Board(pc.color(), sq as u8, pc.is_promoted()));
        }
    }

    /// The places of every piece of `p`.
    pub(crate) fn of<V: Variant>(p: &Position<V>) -> Places {
        let mut out = Places::NONE;
        for (sq, &c) in p.board().iter().enumerate() {
            out.push_cell(sq, c);
        }
        for color in [Color::Sente, Color::Gote] {
            for kind in Kind::ALL {
                for _ in 0..p.hand(color)[kind.index()] {
                    out.push(kind, Place::Hand(color));
                }
            }
        }
        out
    }

    /// The places of the pieces of `p` that `q` does not have in the same place, and those of `q`'s that
    /// `p` does not: on the board, the pieces on squares where the two differ; in hand, the pieces one
    /// hand has beyond the other.
    pub(crate) fn differences<V: Variant>(p: &Position<V>, q: &Position<V>) -> (Places, Places) {
        let (mut only_p, mut only_q) = (Places::NONE, Places::NONE);
        // Eight squares at a time: most squares are alike.
        for (chunk, (a, b)) in p.board().chunks(8).zip(q.board().chunks(8)).enumerate() {
            if a == b {
                continue;
            }
            for (i, (&x, &y)) in a.iter().zip(b).enumerate().filter(|(_, (x, y))| x != y) {
                only_p.push_cell(8 * chunk + i, x);
                only_q.push_cell(8 * chunk + i, y);
            }
        }
        for color in [Color::Sente, Color::Gote] {
            for kind in Kind::ALL {
                let (x, y) = (p.hand(color)[kind.index()], q.hand(color)[kind.index()]);
                for _ in y..x {
                    only_p.push(kind, Place::Hand(color));
                }
                for _ in x..y {
                    only_q.push(kind, Place::Hand(color));
                }
            }
        }
        (only_p, only_q)
    }

    /// The codes (as bits) of the pieces of the kinds and colours on the board, promoted or not.
    pub(crate) fn board_codes(&self) -> u32 {
        let mut codes = 0;
        for kind in Kind::ALL {
            for &place in self.kind(kind) {
                if let Place::Board(color, ..) = place {
                    let piece = Piece::unpromoted(kind, color);
                    codes |= 1 << piece.code() | 1 << piece.promote().code();
                }
            }
        }
        codes
    }

    pub(crate) fn kind(&self, kind: Kind) -> &[Place] {
        &self.at[kind.index()][..self.len[kind.index()]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::after;
    use shogi_reach_engine::board::variant::Shogi;

    #[test]
    fn the_guide_leaves_out_the_pieces_already_in_place() {
        let g = Shogi::geometry();
        let sq = |s: &str| g.parse_square(s).unwrap() as u8;
        let start = Position::<Shogi>::startpos();
        let (only_start, only_after) = Places::differences(&start, &after::<Shogi>(&["7g7f"]));
        assert_eq!(only_start.kind(Kind::Pawn), [Place::Board(Color::Sente, sq("7g"), false)]);
        assert_eq!(only_after.kind(Kind::Pawn), [Place::Board(Color::Sente, sq("7f"), false)]);
        assert!(Kind::ALL.iter().filter(|&&k| k != Kind::Pawn).all(|&k| only_start.kind(k).is_empty()));
        // The bishops: Sente's took Gote's and promoted, one is in Sente's hand.
        let traded = after::<Shogi>(&["7g7f", "3c3d", "8h2b+"]);
        let (only_traded, only_start) = Places::differences(&traded, &start);
        assert_eq!(
            only_traded.kind(Kind::Bishop),
            [Place::Board(Color::Sente, sq("2b"), true), Place::Hand(Color::Sente)]
        );
        assert_eq!(
            only_start.kind(Kind::Bishop),
            [Place::Board(Color::Gote, sq("2b"), false), Place::Board(Color::Sente, sq("8h"), false)]
        );
    }
}
