//! The check test of Prev1's candidates, from what the king of X (to move in P) sees in P along its
//! lines: read once per P (and once per square a piece of Y leaves), so that a candidate's test is a few
//! table lookups instead of walks along lines.

use crate::board::color::Color;
use crate::board::piece::{Kind, Piece};
use crate::board::position::Position;
use crate::board::variant::{Variant, MOVES, OFF, OPPOSITE};
use crate::rules::knight_dirs;

/// Whether `o` lies strictly between `a` and `b` on a line.
#[inline]
fn between<V: Variant>(a: usize, o: usize, b: usize) -> bool {
    let g = V::geometry();
    let d = g.line[a][b];
    d != OFF && g.line[a][o] == d && g.line[o][b] == d
}

/// X's king in P and what it sees along its eight lines.
pub(crate) struct KingLines {
    king: usize,
    /// Y: the side whose pieces could give check.
    by: Color,
    /// The squares of P's pieces.
    occupied: u128,
    /// The empty squares from which the line to the king is clear.
    sight: u128,
    /// `sight` and the squares a knight of Y would check from: where a piece of Y placed on an empty
    /// square could give check, unless a vacated square opens a line.
    reach: u128,
    /// The square of the first piece on each line out of the king (`OFF` where there is none).
    first: [u8; 8],
    /// The squares of Y's pieces that give check in P (the first `checkers.0`).
    checkers: (usize, [u8; 10]),
}

/// What Y's piece leaving a square of P shows X's king: the empty squares beyond it on the king's line,
/// and whether the piece beyond them is a slider of Y that would then give check.
pub(crate) struct Vacated {
    /// The square.
    pub(crate) q: usize,
    beyond: u128,
    /// The line's direction out of the king (`OFF` if the square is not the first piece on a line).
    dir: u8,
    uncovers: bool,
}

impl KingLines {
    /// The lines of `king` in `p`, with the checks of `by`'s pieces.
    #[inline]
    pub(crate) fn new<V: Variant>(p: &Position<V>, king: usize, by: Color) -> KingLines {
        let g = V::geometry();
        let b = p.board();
        let occupied = p.occupied();
        let mut lines =
            KingLines { king, by, occupied, sight: 0, reach: 0, first: [OFF; 8], checkers: (0, [0; 10]) };
        let mut found = |sq: usize| {
            lines.checkers.1[lines.checkers.0] = sq as u8;
            lines.checkers.0 += 1;
        };
        for (d, &opposite) in OPPOSITE[..8].iter().enumerate() {
            let (sight, t) = g.clear_run(king, d, occupied);
            lines.sight |= sight;
            lines.first[d] = t;
            if t == OFF {
                continue;
            }
            let c = b[t as usize] as usize;
            let back = 1u16 << opposite;
            let reaches = if t == g.nb[king][d] {
                MOVES.steps[c] | MOVES.slides[c] as u16
            } else {
                MOVES.slides[c] as u16
            };
            if c as u8 & 1 == by as u8 && reaches & back != 0 {
                found(t as usize);
            }
        }
        lines.reach = lines.sight;
        if V::TOTAL[Kind::Knight.index()] > 0 {
            let knight = Piece::unpromoted(Kind::Knight, by).code();
            for d in knight_dirs(by) {
                let t = g.nb[king][OPPOSITE[d]];
                if t != OFF {
                    lines.reach |= 1 << t;
                    if b[t as usize] == knight {
                        found(t as usize);
                    }
                }
            }
        }
        lines
    }

    /// The squares of P's pieces.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> u128 {
        self.occupied
    }

    /// What Y's piece on `q` leaving `p` shows the king.
    #[inline(always)]
    pub(crate) fn vacate<V: Variant>(&self, p: &Position<V>, q: usize) -> Vacated {
        let g = V::geometry();
        let d = g.line[self.king][q];
        let mut vacated = Vacated { q, beyond: 0, dir: OFF, uncovers: false };
        if d == OFF || self.first[d as usize] as usize != q {
            return vacated;
        }
        vacated.dir = d;
        let t;
        (vacated.beyond, t) = g.clear_run(q, d as usize, self.occupied);
        if t != OFF {
            let c = p.cell(t as usize);
            vacated.uncovers =
                c & 1 == self.by as u8 && MOVES.slides[c as usize] & (1 << OPPOSITE[d as usize]) != 0;
        }
        vacated
    }

    /// Whether Y's piece `code` on `o` attacks the king, where `sees` says whether the squares between
    /// them are empty.
    #[inline(always)]
    fn attacks_from<V: Variant>(&self, code: u8, o: usize, sees: bool) -> bool {
        let g = V::geometry();
        let d = g.line[o][self.king];
        if d == OFF {
            // Only a knight reaches a square off every line.
            let steps = MOVES.steps[code as usize] >> 8;
            return steps != 0
                && (8..12).any(|k| steps & (1 << (k - 8)) != 0 && g.nb[o][k] as usize == self.king);
        }
        let d = d as usize;
        if g.nb[o][d] as usize == self.king {
            return (MOVES.steps[code as usize] | MOVES.slides[code as usize] as u16) & (1 << d) != 0;
        }
        sees && MOVES.slides[code as usize] & (1 << d) != 0
    }

    /// Whether a check of P stays: one by a piece other than the one on `q`, unless `o` (where a piece
    /// now stands) is between it and the king.
    #[inline(always)]
    fn checks_stay<V: Variant>(&self, o: Option<usize>, q: usize) -> bool {
        self.checkers.1[..self.checkers.0]
            .iter()
            .any(|&c| c as usize != q && !o.is_some_and(|o| between::<V>(c as usize, o, self.king)))
    }

    /// Whether X is in check after Y's piece leaves `vacated.q` for `o`, where it is `code` (`None`:
    /// un-dropped into Y's hand). Only that piece, a slider beyond `q` or a check P already had
    /// can give it: X's pieces and every other square are as in P.
    #[inline(always)]
    pub(crate) fn check_after_leaving<V: Variant>(&self, vacated: &Vacated, to: Option<(usize, u8)>) -> bool {
        let seen = self.sight | vacated.beyond;
        let on_the_uncovered_line =
            |o: usize| V::geometry().line[self.king][o] == vacated.dir && seen >> o & 1 != 0;
        to.is_some_and(|(o, code)| {
            (self.reach | vacated.beyond) >> o & 1 != 0 && self.attacks_from::<V>(code, o, seen >> o & 1 != 0)
        }) || (vacated.uncovers && !to.is_some_and(|(o, _)| on_the_uncovered_line(o)))
            || self.checks_stay::<V>(to.map(|(o, _)| o), vacated.q)
    }

    /// Whether X is in check after Y's piece on `q` moves back to `o` as `code` and an X piece refills
    /// `q` (an un-capture; which piece does not matter, as `q` was not empty in P either).
    #[inline(always)]
    pub(crate) fn check_after_uncapture<V: Variant>(&self, o: usize, code: u8, q: usize) -> bool {
        (self.reach >> o & 1 != 0 && self.attacks_from::<V>(code, o, self.sight >> o & 1 != 0))
            || self.checks_stay::<V>(Some(o), q)
    }
}
