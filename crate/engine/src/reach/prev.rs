//! Prev1: every legal one-ply predecessor of a position (`docs/method.md`).
//!
//! In P, X (`to_move`) is to move and Y (`last_mover`) made the last move. A predecessor has Y to move
//! and is one of: an un-drop of an unpromoted Y piece (not a pawn drop that mated), a plain un-move of a Y
//! piece (sliders through empty squares), an un-promotion (origin or destination in Y's zone), and for
//! un-moves also un-captures (the vacated square refilled with an X piece, promoted or not, of a kind in
//! Y's hand). A predecessor must pass the placement test and must not have X in check. Distinct by
//! construction: two candidates differ in the squares they touch or in what stands on them.

use crate::board::color::Color;
use crate::board::moves::Move;
use crate::board::piece::{Kind, Piece, EMPTY};
use crate::board::position::{Hand, Position};
use crate::board::variant::{Variant, ASCENDS, MOVES, OPPOSITE};
use crate::reach::heuristic::{heuristic, king_term, king_term_at, piece_term};
use crate::reach::king_lines::{KingLines, Vacated};
use crate::rules::{ahead, is_checkmated_by_pawn, pawn_files};
use std::cell::Cell;

/// A predecessor, the move that leads from it to the position it precedes, and its search heuristic.
#[derive(Clone, Copy, Debug)]
pub struct Predecessor<V: Variant> {
    /// The predecessor.
    pub pos: Position<V>,
    /// The move from it to the position it precedes.
    pub mv: Move,
    /// Its search heuristic.
    pub h: u32,
}

/// Calls `f(origin)` for every empty square (of `empty`) from which piece `code` could have moved to
/// `to`, in the order of its directions and, along a line, nearest first. The steps' origins are listed
/// before they are passed on, without a branch on each square.
#[inline(always)]
fn origins<V: Variant>(empty: u128, code: u8, to: usize, mut f: impl FnMut(usize)) {
    let g = V::geometry();
    let (mut listed, mut n) = ([0u8; 12], 0);
    let mut steps = MOVES.steps[code as usize];
    while steps != 0 {
        let d = steps.trailing_zeros() as usize;
        steps &= steps - 1;
        // OFF (255) reads bit 127, or on a board of fewer than 64 squares bit 63: no square.
        let o = g.nb[to][OPPOSITE[d]];
        listed[n] = o;
        n += if V::squares() < 64 {
            (empty as u64 >> (o & 63)) as usize
        } else {
            (empty >> (o & 127)) as usize
        } & 1;
    }
    for &o in &listed[..n] {
        f(o as usize);
    }
    let mut slides = MOVES.slides[code as usize];
    while slides != 0 {
        let d = OPPOSITE[slides.trailing_zeros() as usize];
        slides &= slides - 1;
        let mut run = g.clear_run(to, d, !empty).0;
        while run != 0 {
            let o = if ASCENDS[d] { run.trailing_zeros() } else { 127 - run.leading_zeros() } as usize;
            run &= !(1 << o);
            f(o);
        }
    }
}

/// Which part of Prev1 to generate. A search can leave the un-captures (usually most of Prev1, and
/// rarely on the path) for later, until a lower bound of their heuristic is the best in its open list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parts {
    /// All of Prev1.
    All,
    /// Un-drops, un-moves and un-promotions.
    NoUncaptures,
    /// The un-capture variants of un-moves and un-promotions whose captured piece is (not) promoted and
    /// whose heuristic is `h`.
    Uncaptures {
        /// Whether the captured piece is promoted.
        promoted: bool,
        /// The heuristic of the predecessors.
        h: u32,
    },
}

/// Fills `out` with Prev1(`p`) (cleared first; reuse the vector to avoid allocating per call).
pub fn predecessors<V: Variant>(p: &Position<V>, out: &mut Vec<Predecessor<V>>) {
    out.clear();
    predecessors_parts(p, Parts::All, &mut |pos, mv, h| out.push(Predecessor { pos: *pos, mv, h }));
}

/// Passes a part of Prev1(`p`) to `out`, one predecessor at a time as its position, move and heuristic
/// (a search inserts them where they go, without a buffer in between; the move and heuristic are passed
/// by value, as reading them back from a struct just written field by field stalls). Returns, for
/// un-captures of unpromoted and of promoted pieces, a lower bound of the heuristic of those left out
/// (with `Parts::Uncaptures`: of those above its `h`; `None` where there are none).
pub(crate) fn predecessors_parts<V: Variant, S: Emit<V>>(
    p: &Position<V>,
    parts: Parts,
    out: &mut S,
) -> [Option<u32>; 2] {
    generate(&Prev1::new(p, heuristic(p), parts), out, None)
}

/// Where Prev1 passes each predecessor: its position, the move from it, its heuristic.
pub(crate) trait Emit<V: Variant>: FnMut(&Position<V>, Move, u32) {}
impl<V: Variant, F: FnMut(&Position<V>, Move, u32)> Emit<V> for F {}

/// An un-move of P whose un-captures were left for later: what generating them needs, so that a later
/// pass does not walk P's pieces and their origins again.
#[derive(Clone, Copy, Debug)]
pub struct Unmove {
    from: u8,
    to: u8,
    placed: u8,
    promote: bool,
    /// The heuristic of the un-move without a captured piece.
    h: u32,
}

/// [`predecessors_parts`] for a search that knows `h`, P's heuristic: with `Parts::NoUncaptures`,
/// `unmoves` records (appends) the un-moves whose un-captures are left out, for
/// [`recorded_uncaptures`].
pub(crate) fn predecessors_known<V: Variant, S: Emit<V>>(
    p: &Position<V>,
    h: u32,
    parts: Parts,
    out: &mut S,
    unmoves: &mut Vec<Unmove>,
) -> [Option<u32>; 2] {
    let prev1 = Prev1::new(p, h, parts);
    let record = (parts == Parts::NoUncaptures && prev1.has_hand).then_some(unmoves);
    generate(&prev1, out, record)
}

/// `Parts::Uncaptures { promoted, h }` of P (heuristic `p_h`) from its `unmoves` recorded by
/// [`predecessors_known`], in the same order as [`predecessors_parts`] gives them. Returns the bound of
/// that class's un-captures above `h`.
pub(crate) fn recorded_uncaptures<V: Variant, S: Emit<V>>(
    p: &Position<V>,
    p_h: u32,
    unmoves: &[Unmove],
    promoted: bool,
    h: u32,
    out: &mut S,
) -> Option<u32> {
    let prev1 = Prev1::new(p, p_h, Parts::Uncaptures { promoted, h });
    let mut bounds = [None; 2];
    for u in unmoves {
        let q = u.to as usize;
        if prev1.bound_uncaptures(q, u.h, &mut bounds)
            && !prev1.lines.check_after_uncapture::<V>(u.from as usize, u.placed, q)
        {
            let placed = Piece::from_code(u.placed).expect("a recorded piece");
            let mv = Move::Board { from: u.from, to: u.to, promote: u.promote };
            let mut pos = *p;
            prev1.unmove_in(&mut pos, u.from as usize, q, placed);
            prev1.uncaptures(&mut pos, mv, u.h, q, out);
        }
    }
    bounds[promoted as usize]
}

/// Walks P's pieces of the last mover and their origins, passing the predecessors `prev1.parts` asks
/// for to `out`, and recording un-moves in `record`. Returns the bounds of the un-captures left out.
#[inline]
fn generate<V: Variant>(
    prev1: &Prev1<'_, V>,
    out: &mut impl Emit<V>,
    mut record: Option<&mut Vec<Unmove>>,
) -> [Option<u32>; 2] {
    let p = prev1.p;
    let last_mover = prev1.last_mover;
    let mut uncapture_bounds: [Option<u32>; 2] = [None; 2];
    let mut mated: Option<bool> = None;
    let mut pieces = p.pieces_of(last_mover);
    let empty = !prev1.lines.occupied() & ((1 << V::squares()) - 1);
    while pieces != 0 {
        let q = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let code = p.cell(q);
        let piece = Piece::from_code(code).unwrap();
        let vacated = prev1.lines.vacate(p, q);
        if !piece.is_promoted() && piece.kind() != Kind::King && !prev1.only_uncaptures {
            prev1.undrop(piece, &vacated, &mut mated, out);
        }
        let mut unmove = |o: usize, placed: Piece, promote: bool| {
            let h = prev1.unmove(o, placed, promote, &vacated, out, &mut uncapture_bounds);
            if let (Some(h), Some(r)) = (h, record.as_deref_mut()) {
                r.push(Unmove { from: o as u8, to: q as u8, placed: placed.code(), promote, h });
            }
        };
        origins::<V>(empty, code, q, |o| unmove(o, piece, false));
        if piece.is_promoted() {
            let unpromoted = piece.unpromote();
            origins::<V>(empty, unpromoted.code(), q, |o| {
                if V::in_zone(o, last_mover) || V::in_zone(q, last_mover) {
                    unmove(o, unpromoted, true)
                }
            });
        }
    }
    uncapture_bounds
}

/// What the predecessors of one position P share: the two sides, the hand un-captures draw on, the
/// heuristic terms that do not change, and whether X is in check in P.
struct Prev1<'a, V: Variant> {
    p: &'a Position<V>,
    parts: Parts,
    only_uncaptures: bool,
    /// X: to move in P.
    to_move: Color,
    /// Y: made the last move, so is to move in every predecessor.
    last_mover: Color,
    to_move_king: usize,
    /// The files holding an unpromoted pawn, per side, once asked for (only un-promotions of pawns and
    /// un-captures of pawns need them).
    pawn_files: Cell<Option<[u16; 2]>>,
    /// Y's hand, which every un-capture takes a piece from.
    hand: Hand,
    has_hand: bool,
    has_promotable: bool,
    /// P's king term, and P's heuristic without it.
    p_king_term: u32,
    h_rest: u32,
    /// What X's king sees in P, for the check test.
    lines: KingLines,
}

impl<'a, V: Variant> Prev1<'a, V> {
    #[inline]
    fn new(p: &'a Position<V>, h: u32, parts: Parts) -> Prev1<'a, V> {
        let to_move = p.side_to_move();
        let last_mover = to_move.opponent();
        let to_move_king = p.king(to_move);
        let hand = *p.hand(last_mover);
        // The heuristic of each predecessor follows from P's: at most two squares and the king term change.
        let p_king_term = king_term(p);
        Prev1 {
            p,
            parts,
            only_uncaptures: matches!(parts, Parts::Uncaptures { .. }),
            to_move,
            last_mover,
            to_move_king,
            pawn_files: Cell::new(None),
            hand,
            has_hand: hand.iter().any(|&n| n > 0),
            has_promotable: V::KINDS.iter().any(|k| k.can_promote() && hand[k.index()] > 0),
            p_king_term,
            h_rest: h - p_king_term,
            lines: KingLines::new(p, to_move_king, last_mover),
        }
    }

    /// [`Prev1::pawn_files`], computed at the first call.
    #[inline]
    fn pawn_files(&self) -> [u16; 2] {
        match self.pawn_files.get() {
            Some(files) => files,
            None => {
                let files = pawn_files(self.p);
                self.pawn_files.set(Some(files));
                files
            }
        }
    }

    /// The un-drop of Y's unpromoted `piece` on `vacated.q`, unless it leaves X in check or was a pawn
    /// drop that mated (illegal). `mated` caches whether X is checkmated in P.
    #[inline]
    fn undrop(&self, piece: Piece, vacated: &Vacated, mated: &mut Option<bool>, out: &mut impl Emit<V>) {
        if self.lines.check_after_leaving::<V>(vacated, None) {
            return;
        }
        let (p, q) = (self.p, vacated.q);
        let kind = piece.kind();
        let pawn_mate = kind == Kind::Pawn
            && ahead::<V>(q, self.last_mover) == self.to_move_king
            && *mated.get_or_insert_with(|| is_checkmated_by_pawn(p));
        if pawn_mate {
            return;
        }
        // Built where it is passed on: a copy of a position just written byte by byte stalls.
        let h = self.h_rest - piece_term::<V>(piece.code(), q) + self.p_king_term;
        let mut pos = *p;
        pos.set_cell(q, EMPTY);
        pos.hand_mut(self.last_mover)[kind.index()] += 1;
        pos.set_side(self.last_mover);
        out(&pos, Move::Drop { kind, to: q as u8 }, h);
    }

    /// The un-move of `placed` from `o` to `vacated.q` (an un-promotion if `promote`), bare and with
    /// every un-capture that `parts` asks for, each unless it leaves X in check. Returns its heuristic
    /// (without a captured piece) if its origin is legal and `parts` wants it.
    #[inline]
    fn unmove(
        &self,
        o: usize,
        placed: Piece,
        promote: bool,
        vacated: &Vacated,
        out: &mut impl Emit<V>,
        bounds: &mut [Option<u32>; 2],
    ) -> Option<u32> {
        let q = vacated.q;
        if self.origin_is_illegal(o, placed, promote) {
            return None;
        }
        let mv = Move::Board { from: o as u8, to: q as u8, promote };
        let kt = if placed.kind() == Kind::King {
            king_term_at::<V>(o, self.to_move_king)
        } else {
            self.p_king_term
        };
        let base_h =
            self.h_rest - piece_term::<V>(self.p.cell(q), q) + piece_term::<V>(placed.code(), o) + kt;
        if !self.bound_uncaptures(q, base_h, bounds) {
            return None;
        }
        // Tested before the predecessor is written: most candidates that fail do so here.
        let bare =
            !self.only_uncaptures && !self.lines.check_after_leaving::<V>(vacated, Some((o, placed.code())));
        let uncaptures =
            self.parts != Parts::NoUncaptures && !self.lines.check_after_uncapture::<V>(o, placed.code(), q);
        if bare || uncaptures {
            let mut pos = *self.p;
            self.unmove_in(&mut pos, o, q, placed);
            if bare {
                out(&pos, mv, base_h);
            }
            if uncaptures {
                self.uncaptures(&mut pos, mv, base_h, q, out);
            }
        }
        Some(base_h)
    }

    /// Turns `base`, a copy of P, into P with `placed` moved back from `q` to `o`, `q` empty, Y to move.
    #[inline]
    fn unmove_in(&self, base: &mut Position<V>, o: usize, q: usize, placed: Piece) {
        base.set_cell(q, EMPTY);
        base.set_cell(o, placed.code());
        base.set_side(self.last_mover);
    }

    /// Whether Y's unpromoted `placed` could not stand on `o` before the move: a dead piece, or for an
    /// un-promotion, a second pawn on its file.
    #[inline]
    fn origin_is_illegal(&self, o: usize, placed: Piece, promote: bool) -> bool {
        if placed.is_promoted() {
            return false;
        }
        let kind = placed.kind();
        V::is_dead(kind, self.last_mover, o)
            || (promote
                && kind == Kind::Pawn
                && self.pawn_files()[self.last_mover.index()] & (1 << V::geometry().x(o)) != 0)
    }

    /// Lowers `bounds` by the heuristic of the un-captures of an un-move to `q` (bare heuristic `base_h`)
    /// that `parts` leaves out, and returns whether the un-move is generated at all: with
    /// `Parts::Uncaptures`, only where its class has exactly the asked `h`. Every un-capture of one
    /// un-move with an unpromoted (promoted) captured piece has the same heuristic.
    #[inline]
    fn bound_uncaptures(&self, q: usize, base_h: u32, bounds: &mut [Option<u32>; 2]) -> bool {
        let promoted_pawn = Piece::new(Kind::Pawn, true, self.to_move).code();
        let class_h = [base_h + 10, base_h + piece_term::<V>(promoted_pawn, q)];
        let lower = |b: &mut Option<u32>, h: u32| *b = Some(b.map_or(h, |b| b.min(h)));
        match self.parts {
            Parts::NoUncaptures => {
                if self.has_hand {
                    lower(&mut bounds[0], class_h[0]);
                }
                if self.has_promotable {
                    lower(&mut bounds[1], class_h[1]);
                }
                true
            }
            Parts::Uncaptures { promoted, h } if class_h[promoted as usize] != h => {
                let left = if promoted { self.has_promotable } else { self.has_hand };
                if class_h[promoted as usize] > h && left {
                    lower(&mut bounds[promoted as usize], class_h[promoted as usize]);
                }
                false
            }
            _ => true,
        }
    }

    /// The un-captures of the un-move `mv` to `q` whose position is `pos` (with `q` empty, as it is
    /// again after) and heuristic `base_h`: `q` refilled with an X piece, promoted or not, of a kind in
    /// Y's hand. Each is written into `pos` and passed on from there.
    #[inline]
    fn uncaptures(&self, pos: &mut Position<V>, mv: Move, base_h: u32, q: usize, out: &mut impl Emit<V>) {
        let to_move = self.to_move;
        let to_move_has_pawn_on_file = || self.pawn_files()[to_move.index()] & (1 << V::geometry().x(q)) != 0;
        for &kind in V::KINDS {
            if self.hand[kind.index()] == 0 {
                continue;
            }
            for promoted in [false, true] {
                if (promoted && !kind.can_promote())
                    || matches!(self.parts, Parts::Uncaptures { promoted: p, .. } if p != promoted)
                {
                    continue;
                }
                if !promoted
                    && (V::is_dead(kind, to_move, q) || (kind == Kind::Pawn && to_move_has_pawn_on_file()))
                {
                    continue;
                }
                let captured = Piece::new(kind, promoted, to_move).code();
                pos.set_cell(q, captured);
                pos.hand_mut(self.last_mover)[kind.index()] -= 1;
                out(pos, mv, base_h + piece_term::<V>(captured, q));
                pos.hand_mut(self.last_mover)[kind.index()] += 1;
            }
        }
        pos.set_cell(q, EMPTY);
    }
}
