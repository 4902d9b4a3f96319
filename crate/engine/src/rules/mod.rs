//! The rules: attacks, the placement and check tests used as filters, the mirror-canonical test, and
//! forward legal move generation (for perft and proof games).

use crate::board::color::Color;
use crate::board::moves::{Move, MoveError, MoveList};
use crate::board::piece::{Kind, Piece, EMPTY};
use crate::board::position::Position;
use crate::board::variant::{Variant, MOVES, OFF, OPPOSITE};

/// The directions a knight of `color` jumps in.
#[inline]
pub(crate) const fn knight_dirs(color: Color) -> [usize; 2] {
    match color {
        Color::Sente => [8, 9],
        Color::Gote => [10, 11],
    }
}

/// Whether any piece of `by` could move onto `sq` (sliders blocked by any piece).
pub(crate) fn attacked<V: Variant>(pos: &Position<V>, sq: usize, by: Color) -> bool {
    find_attacker(pos, sq, by, |_| true)
}

/// The squares of the pieces of `by` that could move onto `sq`: how many, and the first of them.
pub fn attackers<V: Variant>(pos: &Position<V>, sq: usize, by: Color) -> (usize, [u8; 10]) {
    let mut found = (0, [0u8; 10]);
    find_attacker(pos, sq, by, |from| {
        found.1[found.0] = from as u8;
        found.0 += 1;
        false
    });
    found
}

/// Calls `found` with the square of each piece of `by` that could move onto `sq` (at most 8 along the
/// lines and 2 knights) until it returns true; returns whether it did.
#[inline]
fn find_attacker<V: Variant>(
    pos: &Position<V>,
    sq: usize,
    by: Color,
    mut found: impl FnMut(usize) -> bool,
) -> bool {
    let g = V::geometry();
    let b = pos.board();
    let by = by as u8;
    for (d, &opposite) in OPPOSITE[..8].iter().enumerate() {
        let back = 1u16 << opposite;
        let mut t = g.nb[sq][d];
        if t == OFF {
            continue;
        }
        let c = b[t as usize];
        if c != EMPTY {
            if c & 1 == by
                && (MOVES.steps[c as usize] & back != 0 || MOVES.slides[c as usize] as u16 & back != 0)
                && found(t as usize)
            {
                return true;
            }
            continue;
        }
        loop {
            t = g.nb[t as usize][d];
            if t == OFF {
                break;
            }
            let c = b[t as usize];
            if c != EMPTY {
                if c & 1 == by && MOVES.slides[c as usize] as u16 & back != 0 && found(t as usize) {
                    return true;
                }
                break;
            }
        }
    }
    if V::TOTAL[Kind::Knight.index()] > 0 {
        let knight = Piece::unpromoted(Kind::Knight, Color::from_index(by as usize)).code();
        for d in knight_dirs(Color::from_index(by as usize)) {
            let t = g.nb[sq][OPPOSITE[d]];
            if t != OFF && b[t as usize] == knight && found(t as usize) {
                return true;
            }
        }
    }
    false
}

/// Whether the piece `code` standing on `from` attacks `to` (sliders blocked by any piece).
#[inline]
pub fn piece_attacks<V: Variant>(pos: &Position<V>, code: u8, from: usize, to: usize) -> bool {
    let g = V::geometry();
    let d = g.line[from][to];
    if d == OFF {
        // Only a knight reaches a square off every line.
        let steps = MOVES.steps[code as usize] >> 8;
        return steps != 0 && (8..12).any(|k| steps & (1 << (k - 8)) != 0 && g.nb[from][k] as usize == to);
    }
    let d = d as usize;
    if g.nb[from][d] as usize == to {
        return (MOVES.steps[code as usize] | MOVES.slides[code as usize] as u16) & (1 << d) != 0;
    }
    MOVES.slides[code as usize] & (1 << d) != 0 && clear_between::<V>(pos, from, to, d)
}

/// Whether every square strictly between `from` and `to` (in direction `d`) is empty.
#[inline]
fn clear_between<V: Variant>(pos: &Position<V>, from: usize, to: usize, d: usize) -> bool {
    let g = V::geometry();
    let mut s = g.nb[from][d] as usize;
    while s != to {
        if pos.cell(s) != EMPTY {
            return false;
        }
        s = g.nb[s][d] as usize;
    }
    true
}

/// The square directly in front of `sq` for `color` (`OFF` as usize off the board).
#[inline]
pub fn ahead<V: Variant>(sq: usize, color: Color) -> usize {
    V::geometry().nb[sq][if color == Color::Sente { 0 } else { 1 }] as usize
}

/// Files holding an unpromoted pawn of each side, as bit masks over x.
pub(crate) fn pawn_files<V: Variant>(p: &Position<V>) -> [u16; 2] {
    let g = V::geometry();
    let mut files = [0u16; 2];
    for (sq, &c) in p.board().iter().enumerate() {
        if let Some(piece) = Piece::from_code(c).filter(|q| q.kind() == Kind::Pawn && !q.is_promoted()) {
            files[piece.color().index()] |= 1 << g.x(sq);
        }
    }
    files
}

/// Whether `color`'s king is attacked.
#[inline]
pub fn in_check<V: Variant>(pos: &Position<V>, color: Color) -> bool {
    attacked(pos, pos.king(color), color.opponent())
}

/// The `piece` filter: no side has two unpromoted pawns on one file, and no unpromoted pawn, lance or
/// knight stands where it could never move again.
pub fn placement_ok<V: Variant>(pos: &Position<V>) -> bool {
    let code = |kind, color| Piece::unpromoted(kind, color).code();
    let [pawns, lances, knights] = [Kind::Pawn, Kind::Lance, Kind::Knight].map(|kind| {
        if V::TOTAL[kind.index()] == 0 {
            [0; 2]
        } else {
            squares_holding(pos.board(), [code(kind, Color::Sente), code(kind, Color::Gote)])
        }
    });
    // Sente's last ranks are the top ones (the lowest squares), Gote's the bottom ones.
    let top = |ranks: usize| (1u128 << (V::W * ranks)) - 1;
    let bottom = |ranks: usize| top(ranks) << (V::W * (V::H - ranks));
    let dead_on = |[sente, gote]: [u128; 2], kind: Kind| {
        (sente & top(kind.dead_ranks())) | (gote & bottom(kind.dead_ranks()))
    };
    let dead = dead_on(pawns, Kind::Pawn) | dead_on(lances, Kind::Lance) | dead_on(knights, Kind::Knight);
    dead == 0 && pawns.iter().all(|&p| one_per_file::<V>(p, top(1)))
}

/// Whether no two squares of `squares` share a file (`rank`: the squares of the top rank).
#[inline]
fn one_per_file<V: Variant>(squares: u128, rank: u128) -> bool {
    let mut files = 0;
    for y in 0..V::H {
        let on_rank = squares >> (V::W * y) & rank;
        if files & on_rank != 0 {
            return false;
        }
        files |= on_rank;
    }
    true
}

/// Per code of `codes`, the squares whose cell holds it, bit `sq` for square `sq`: eight cells at a time,
/// without a branch per cell.
#[inline]
fn squares_holding<const N: usize>(cells: &[u8], codes: [u8; N]) -> [u128; N] {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // Gathers the high bit of byte i into bit 56 + i.
    const GATHER: u64 = 0x0002_0408_1020_4081;
    let mut masks = [0u128; N];
    for (i, chunk) in cells.chunks(8).enumerate() {
        let mut word = [EMPTY; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        let word = u64::from_le_bytes(word);
        for (mask, &code) in masks.iter_mut().zip(&codes) {
            let x = word ^ (code as u64 * ONES);
            // The high bit of each zero byte (no carry crosses a byte).
            let zero = !((x & LOW7).wrapping_add(LOW7) | x | LOW7);
            *mask |= ((zero.wrapping_mul(GATHER) >> 56) as u128) << (8 * i);
        }
    }
    masks
}

/// The `flip` filter: whether the position is the representative of its mirror pair that the reference
/// keeps. Pieces sorted by (piece order, ranking square index) are compared with their mirror image; the
/// position is rejected iff the mirror image sorts first. Symmetric positions are kept; hands play no part.
pub fn is_mirror_canonical<V: Variant>(pos: &Position<V>) -> bool {
    let g = V::geometry();
    // Kings first: unless a king stands on the centre file, the first king decides.
    for color in Color::BOTH {
        let q = g.ranking_order[pos.king(color)];
        let m = g.ranking_order[g.mirror[pos.king(color)] as usize];
        if q != m {
            return q < m;
        }
    }
    // The pieces sorted by (code, ranking index) first differ from their mirror image's at the lowest code
    // of a square whose mirror square holds another, and among those squares at the first in ranking order:
    // on the left half, as ranking order goes file by file from the left (centre squares are their own
    // mirror). The position sorts first iff it holds that code there.
    let mut first = (EMPTY, true);
    for &sq in &g.square_at_ranking_order[..V::H * (V::W / 2)] {
        let (own, mirrored) = (pos.cell(sq as usize), pos.cell(g.mirror[sq as usize] as usize));
        if own.min(mirrored) < first.0 && own != mirrored {
            first = (own.min(mirrored), own < mirrored);
        }
    }
    first.1
}

/// Plays a move without any legality test (copy-make).
pub fn play<V: Variant>(pos: &Position<V>, m: Move) -> Position<V> {
    let mut next = *pos;
    let side = pos.side_to_move();
    match m {
        Move::Board { from, to, promote } => {
            let (from, to) = (from as usize, to as usize);
            let captured = pos.cell(to);
            if let Some(c) = Piece::from_code(captured) {
                next.hand_mut(side)[c.kind().index()] += 1;
            }
            let piece = pos.cell(from);
            next.set_cell(from, EMPTY);
            next.set_cell(to, if promote { piece & !2 } else { piece });
        }
        Move::Drop { kind, to } => {
            next.hand_mut(side)[kind.index()] -= 1;
            next.set_cell(to as usize, Piece::unpromoted(kind, side).code());
        }
    }
    next.set_side(side.opponent());
    next
}

/// Whether `piece` may promote moving from `from` to `to` (an unpromoted rook, bishop, silver, knight,
/// lance or pawn that starts or ends in its owner's zone).
#[inline]
pub(crate) fn may_promote<V: Variant>(piece: Piece, from: usize, to: usize) -> bool {
    let side = piece.color();
    !piece.is_promoted() && piece.kind().can_promote() && (V::in_zone(from, side) || V::in_zone(to, side))
}

/// Pseudo-legal board moves of the side to move: every destination reachable by the piece's pattern,
/// with promotion variants; non-promotions that would leave a dead piece are omitted.
fn board_moves<V: Variant>(pos: &Position<V>, out: &mut MoveList) {
    let g = V::geometry();
    let side = pos.side_to_move();
    let b = pos.board();
    for from in 0..V::squares() {
        let c = b[from];
        if c == EMPTY || c & 1 != side as u8 {
            continue;
        }
        let piece = Piece::from_code(c).unwrap();
        let mut push = |to: usize| {
            let target = b[to];
            if target != EMPTY && target & 1 == side as u8 {
                return false;
            }
            let kind = piece.kind();
            let (f, t) = (from as u8, to as u8);
            if may_promote::<V>(piece, from, to) {
                out.push(Move::Board { from: f, to: t, promote: true });
            }
            if piece.is_promoted() || !V::is_dead(kind, side, to) {
                out.push(Move::Board { from: f, to: t, promote: false });
            }
            target == EMPTY
        };
        let mut steps = MOVES.steps[c as usize];
        while steps != 0 {
            let d = steps.trailing_zeros() as usize;
            steps &= steps - 1;
            let t = g.nb[from][d];
            if t != OFF {
                push(t as usize);
            }
        }
        let mut slides = MOVES.slides[c as usize];
        while slides != 0 {
            let d = slides.trailing_zeros() as usize;
            slides &= slides - 1;
            let mut t = g.nb[from][d];
            while t != OFF && push(t as usize) {
                t = g.nb[t as usize][d];
            }
        }
    }
}

/// Whether the side to move has a move that leaves its king safe, considering board moves only
/// (enough for the drop-pawn-mate test: a pawn's check from the adjacent square cannot be blocked).
fn has_legal_board_move<V: Variant>(pos: &Position<V>) -> bool {
    let mut moves = MoveList::new();
    board_moves(pos, &mut moves);
    let side = pos.side_to_move();
    moves.iter().any(|&m| !in_check(&play(pos, m), side))
}

/// Whether the side to move is checkmated (in check, no move leaves the king safe). The checks this is
/// asked about come from an adjacent pawn, which no drop can block, so board moves suffice.
pub(crate) fn is_checkmated_by_pawn<V: Variant>(pos: &Position<V>) -> bool {
    in_check(pos, pos.side_to_move()) && !has_legal_board_move(pos)
}

/// All legal moves of the side to move: own king not left attacked, no dead pieces, no second unpromoted
/// pawn on a file, no pawn drop that mates.
pub fn legal_moves<V: Variant>(pos: &Position<V>, out: &mut MoveList) {
    let g = V::geometry();
    let side = pos.side_to_move();
    out.clear();
    let mut pseudo = MoveList::new();
    board_moves(pos, &mut pseudo);
    for &m in pseudo.iter() {
        if !in_check(&play(pos, m), side) {
            out.push(m);
        }
    }
    let hand = pos.hand(side);
    let own_pawn_files = pawn_files(pos)[side.index()];
    let enemy_king = pos.king(side.opponent());
    for &kind in V::KINDS {
        if hand[kind.index()] == 0 {
            continue;
        }
        for to in 0..V::squares() {
            if pos.cell(to) != EMPTY || V::is_dead(kind, side, to) {
                continue;
            }
            if kind == Kind::Pawn && own_pawn_files & (1 << g.x(to)) != 0 {
                continue;
            }
            let m = Move::Drop { kind, to: to as u8 };
            let next = play(pos, m);
            if in_check(&next, side) {
                continue;
            }
            if kind == Kind::Pawn && ahead::<V>(to, side) == enemy_king && is_checkmated_by_pawn(&next) {
                continue;
            }
            out.push(m);
        }
    }
}

/// The deepest perft the tools run (the command line and Python): depth 8 from the Shogi start already
/// takes hours.
pub const MAX_PERFT_DEPTH: u32 = 10;

/// Number of leaf nodes of the legal move tree of the given depth.
pub fn perft<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    legal_moves(pos, &mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|&m| perft(&play(pos, m), depth - 1)).sum()
}

/// Parses a USI move and checks that it is legal in `pos`.
pub fn parse_legal_move<V: Variant>(pos: &Position<V>, usi: &str) -> Result<Move, MoveError> {
    let m = Move::from_usi::<V>(usi)?;
    let mut moves = MoveList::new();
    legal_moves(pos, &mut moves);
    if moves.contains(&m) {
        Ok(m)
    } else {
        Err(MoveError::Illegal(usi.to_string()))
    }
}
