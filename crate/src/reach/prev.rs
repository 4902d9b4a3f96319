//! Prev1: every legal one-ply predecessor of a position (`shared/spec/*.md` §5).
//!
//! In P, X (`to_move`) is to move and Y (`last_mover`) made the last move. A predecessor has Y to move
//! and is one of: an un-drop of an unpromoted Y piece (not a pawn drop that mated), a plain un-move of a Y
//! piece (sliders through empty squares), an un-promotion (origin or destination in Y's zone), and for
//! un-moves also un-captures (the vacated square refilled with an X piece, promoted or not, of a kind in
//! Y's hand). A predecessor must pass the placement test and must not have X in check. Distinct by
//! construction: two candidates differ in the squares they touch or in what stands on them.

use crate::board::moves::Move;
use crate::board::piece::{Kind, Piece, EMPTY};
use crate::board::position::Position;
use crate::board::variant::{Variant, MOVES, OFF, OPPOSITE};
use crate::reach::heuristic::{heuristic, king_term, king_term_at, piece_term};
use crate::rules::{ahead, attacked, is_checkmated_by_pawn, pawn_files, piece_attacks, uncovered_attack};

/// A predecessor, the move that leads from it to the position it precedes, and its search heuristic.
#[derive(Clone, Copy, Debug)]
pub struct Predecessor<V: Variant> {
    pub pos: Position<V>,
    pub mv: Move,
    pub h: u32,
}

/// Calls `f(origin)` for every empty square from which piece `code` could have moved to `to`.
#[inline]
fn origins<V: Variant>(p: &Position<V>, code: u8, to: usize, mut f: impl FnMut(usize)) {
    let g = V::geometry();
    let b = p.board();
    let mut steps = MOVES.steps[code as usize];
    while steps != 0 {
        let d = steps.trailing_zeros() as usize;
        steps &= steps - 1;
        let o = g.nb[to][OPPOSITE[d]];
        if o != OFF && b[o as usize] == EMPTY {
            f(o as usize);
        }
    }
    let mut slides = MOVES.slides[code as usize];
    while slides != 0 {
        let d = slides.trailing_zeros() as usize;
        slides &= slides - 1;
        let mut o = g.nb[to][OPPOSITE[d]];
        while o != OFF && b[o as usize] == EMPTY {
            f(o as usize);
            o = g.nb[o as usize][OPPOSITE[d]];
        }
    }
}

/// Which part of Prev1 to generate. A search can leave the un-captures (usually most of Prev1, and
/// rarely on the path) for later, until a lower bound of their heuristic is the best in its open list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parts {
    All,
    /// Un-drops, un-moves and un-promotions.
    NoUncaptures,
    /// The un-capture variants of un-moves and un-promotions whose captured piece is (not) promoted and
    /// whose heuristic is `h`.
    Uncaptures {
        promoted: bool,
        h: u32,
    },
}

/// Fills `out` with Prev1(`p`) (cleared first; reuse the vector to avoid allocating per call).
pub fn predecessors<V: Variant>(p: &Position<V>, out: &mut Vec<Predecessor<V>>) {
    predecessors_parts(p, Parts::All, out);
}

/// Fills `out` with a part of Prev1(`p`). Returns, for un-captures of unpromoted and of promoted pieces,
/// a lower bound of the heuristic of those left out (with `Parts::Uncaptures`: of those above its `h`;
/// `None` where there are none).
pub fn predecessors_parts<V: Variant>(
    p: &Position<V>,
    parts: Parts,
    out: &mut Vec<Predecessor<V>>,
) -> [Option<u32>; 2] {
    out.clear();
    let mut uncapture_bounds: [Option<u32>; 2] = [None; 2];
    let only_uncaptures = matches!(parts, Parts::Uncaptures { .. });
    let g = V::geometry();
    let to_move = p.side_to_move();
    let last_mover = to_move.opponent();
    let to_move_king = p.king(to_move);
    let files = pawn_files(p);
    let hand = *p.hand(last_mover);
    let mut mated: Option<bool> = None;
    // The heuristic of each predecessor follows from P's: at most two squares and the king term change.
    let p_king_term = king_term(p);
    let h_rest = heuristic(p) - p_king_term;

    // When X is not in check in P, a predecessor checks X only through the square Y's piece left or by
    // the piece put back on its origin; otherwise test the whole board.
    let to_move_in_check = attacked(p, to_move_king, last_mover);
    let checks_to_move = |pred: &Position<V>, vacated: Option<usize>, origin: Option<usize>| -> bool {
        if to_move_in_check {
            return attacked(pred, to_move_king, last_mover);
        }
        origin.is_some_and(|o| piece_attacks(pred, pred.cell(o), o, to_move_king))
            || vacated.is_some_and(|q| uncovered_attack(pred, to_move_king, q, last_mover))
    };
    let keep = |pred: Position<V>, mv: Move, h: u32, out: &mut Vec<Predecessor<V>>| {
        let (vacated, origin) = match mv {
            Move::Board { from, to, .. } => {
                ((pred.cell(to as usize) == EMPTY).then_some(to as usize), Some(from as usize))
            }
            Move::Drop { to, .. } => (Some(to as usize), None),
        };
        if !checks_to_move(&pred, vacated, origin) {
            out.push(Predecessor { pos: pred, mv, h });
        }
    };

    // The un-move `placed` from `o` to `q`, bare and with every un-capture.
    let unmove = |o: usize,
                  q: usize,
                  placed: Piece,
                  promote: bool,
                  out: &mut Vec<Predecessor<V>>,
                  bounds: &mut [Option<u32>; 2]| {
        if !placed.is_promoted() {
            let kind = placed.kind();
            if V::is_dead(kind, last_mover, o)
                || (promote && kind == Kind::Pawn && files[last_mover.index()] & (1 << g.x(o)) != 0)
            {
                return;
            }
        }
        let mv = Move::Board { from: o as u8, to: q as u8, promote };
        let kt = if placed.kind() == Kind::King { king_term_at::<V>(o, to_move_king) } else { p_king_term };
        let base_h = h_rest - piece_term::<V>(p.cell(q), q) + piece_term::<V>(placed.code(), o) + kt;
        // Every un-capture of this un-move with an unpromoted (promoted) captured piece has the same h.
        let has_hand = hand.iter().any(|&n| n > 0);
        let has_promotable = V::KINDS.iter().any(|k| k.can_promote() && hand[k.index()] > 0);
        let class_h =
            [base_h + 10, base_h + piece_term::<V>(Piece::new(Kind::Pawn, true, to_move).code(), q)];
        let lower = |b: &mut Option<u32>, h: u32| *b = Some(b.map_or(h, |b| b.min(h)));
        match parts {
            Parts::NoUncaptures => {
                if has_hand {
                    lower(&mut bounds[0], class_h[0]);
                }
                if has_promotable {
                    lower(&mut bounds[1], class_h[1]);
                }
            }
            Parts::Uncaptures { promoted, h } if class_h[promoted as usize] != h => {
                if class_h[promoted as usize] > h && (if promoted { has_promotable } else { has_hand }) {
                    lower(&mut bounds[promoted as usize], class_h[promoted as usize]);
                }
                return;
            }
            _ => {}
        }
        let mut base = *p;
        base.set_cell(q, EMPTY);
        base.set_cell(o, placed.code());
        base.set_side(last_mover);
        if !only_uncaptures {
            keep(base, mv, base_h, out);
        }
        if parts == Parts::NoUncaptures {
            return;
        }
        for &kind in V::KINDS {
            if hand[kind.index()] == 0 {
                continue;
            }
            for promoted in [false, true] {
                if (promoted && !kind.can_promote())
                    || matches!(parts, Parts::Uncaptures { promoted: p, .. } if p != promoted)
                {
                    continue;
                }
                if !promoted
                    && (V::is_dead(kind, to_move, q)
                        || (kind == Kind::Pawn && files[to_move.index()] & (1 << g.x(q)) != 0))
                {
                    continue;
                }
                let captured = Piece::new(kind, promoted, to_move).code();
                let mut pred = base;
                pred.set_cell(q, captured);
                pred.hand_mut(last_mover)[kind.index()] -= 1;
                keep(pred, mv, base_h + piece_term::<V>(captured, q), out);
            }
        }
    };

    for q in 0..V::squares() {
        let code = p.cell(q);
        if code == EMPTY || code & 1 != last_mover as u8 {
            continue;
        }
        let piece = Piece::from_code(code).unwrap();
        let kind = piece.kind();
        if !piece.is_promoted() && kind != Kind::King && !only_uncaptures {
            // Un-drop, unless it was a pawn drop that mated (illegal).
            let pawn_mate = kind == Kind::Pawn
                && ahead::<V>(q, last_mover) == to_move_king
                && *mated.get_or_insert_with(|| is_checkmated_by_pawn(p));
            if !pawn_mate {
                let mut pred = *p;
                pred.set_cell(q, EMPTY);
                pred.hand_mut(last_mover)[kind.index()] += 1;
                pred.set_side(last_mover);
                let h = h_rest - piece_term::<V>(code, q) + p_king_term;
                keep(pred, Move::Drop { kind, to: q as u8 }, h, out);
            }
        }
        origins(p, code, q, |o| unmove(o, q, piece, false, out, &mut uncapture_bounds));
        if piece.is_promoted() {
            let unpromoted = piece.unpromote();
            origins(p, unpromoted.code(), q, |o| {
                if V::in_zone(o, last_mover) || V::in_zone(q, last_mover) {
                    unmove(o, q, unpromoted, true, out, &mut uncapture_bounds)
                }
            });
        }
    }
    uncapture_bounds
}
