//! A piece's ways as the forward guide counts them: its least moves on an empty board, a rook's or bishop's
//! past the pieces in its way, and the detours a captor makes to capture on its way.

use crate::forward::places::{Place, Places};
use crate::short::travel::{Travel, FAR};
use shogi_reach_engine::board::piece::{Piece, EMPTY};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::{Variant, MOVES, OFF};

/// `[code][from][x]`: the least moves of the piece `code` on `from` to stand on `x`, promoted or not.
pub(crate) fn reach_table<V: Variant>(travel: &Travel) -> Vec<u8> {
    let n = V::squares();
    let mut reach = vec![FAR; 32 * n * n];
    for code in 0..32u8 {
        let Some(pc) = Piece::from_code(code) else { continue };
        for from in 0..n {
            for x in 0..n {
                let moves = moves_of(travel, pc, from, x, false).min(moves_of(travel, pc, from, x, true));
                reach[(code as usize * n + from) * n + x] = moves.min(u32::from(FAR)) as u8;
            }
        }
    }
    reach
}

/// `[code][from][x]`: see [`ForwardGuide::detour`](crate::forward::guide::ForwardGuide); `goal` holds the target's places.
pub(crate) fn detour_table<V: Variant>(travel: &Travel, goal: &Places, reach: &[u8]) -> Vec<u8> {
    let n = V::squares();
    // `[code][x]`: the least moves on to the nearest square of the target for the piece `code` on `x`.
    let mut onward = vec![0u32; 32 * n];
    for code in 0..32u8 {
        let Some(pc) = Piece::from_code(code) else { continue };
        let ends: Vec<(usize, bool)> = goal
            .kind(pc.kind())
            .iter()
            .filter_map(|&g| match g {
                Place::Board(c, t, pr) if c == pc.color() => Some((usize::from(t), pr)),
                _ => None,
            })
            .collect();
        for x in 0..n {
            onward[code as usize * n + x] =
                ends.iter().map(|&(t, pr)| moves_of(travel, pc, x, t, pr)).min().unwrap_or(0);
        }
    }
    let mut detour = vec![FAR; 32 * n * n];
    for code in 0..32u8 {
        let Some(pc) = Piece::from_code(code) else { continue };
        // Its least moves from `from` on to a square of the target through `x`, promoted there or not.
        let promotes = pc.kind().can_promote() || pc.is_promoted();
        let via = |from: usize, x: usize| {
            let as_it_is = moves_of(travel, pc, from, x, false) + onward[code as usize * n + x];
            let promoted = moves_of(travel, pc, from, x, true) + onward[pc.promote().code() as usize * n + x];
            if promotes {
                as_it_is.min(promoted)
            } else {
                as_it_is
            }
        };
        for from in 0..n {
            let ahead = onward[code as usize * n + from];
            for x in (0..n).filter(|&x| x != from) {
                let i = (code as usize * n + from) * n + x;
                // A piece that cannot get to a square of the target at all (a bishop on squares of the
                // other colour) must be taken: its moves to `x` are all extra.
                let extra = if ahead >= u32::from(FAR) {
                    u32::from(reach[i])
                } else {
                    via(from, x).saturating_sub(ahead)
                };
                detour[i] = extra.min(u32::from(FAR)) as u8;
            }
        }
    }
    detour
}

/// The least moves of the rook or bishop `piece` on `s` in `p` to stand on `t` with `promoted`, each
/// piece in its way or of its own side on a square it stops on costing a move more when it stands where
/// `target` has it (someone must move it; a piece that must leave anyway costs nothing here): over the
/// ways of one or two moves, when there is one (else its moves on an empty board).
pub(crate) fn blocked_way<V: Variant>(
    p: &Position<V>,
    target: &Position<V>,
    travel: &Travel,
    piece: Piece,
    s: usize,
    t: usize,
    promoted: bool,
) -> u32 {
    let empty_board = moves_of(travel, piece, s, t, promoted);
    if empty_board > 2 || s == t {
        return empty_board;
    }
    let g = V::geometry();
    let own = |x: usize| p.cell(x) != EMPTY && p.cell(x) & 1 == piece.color() as u8;
    let stays = |x: usize| stays_in_place(p, target, x);
    let in_the_way = |a: usize, b: usize, code: u8| one_move::<V>(a, b, code, stays);
    let zone = |x: usize| V::in_zone(x, piece.color());
    let needs_promotion = promoted && !piece.is_promoted();
    let mut best = u32::from(FAR);
    if empty_board == 1 && (!needs_promotion || zone(s) || zone(t)) {
        best = in_the_way(s, t, piece.code()).unwrap_or(best);
    }
    // A first move to `x` costing `first`, then on to `t`.
    let then_on = |x: usize, first: u32| -> Option<u32> {
        let promotes = needs_promotion && (zone(s) || zone(x));
        let then = if promotes || piece.is_promoted() { piece.promote() } else { piece };
        if x == t || (needs_promotion && !promotes && !(zone(x) || zone(t))) {
            return None;
        }
        Some(first + in_the_way(x, t, then.code())?)
    };
    // The first move's squares, walking out from `s` (as `in_the_way(s, x, piece.code())`, in one pass).
    let code = usize::from(piece.code());
    for d in 0..8 {
        let slides = MOVES.slides[code] & (1 << d) != 0;
        if !slides && MOVES.steps[code] & (1 << d) == 0 {
            continue;
        }
        let (mut x, mut crossed) = (g.nb[s][d], 0);
        while x != OFF {
            let x_ = usize::from(x);
            best = best.min(then_on(x_, 1 + crossed + u32::from(own(x_) && stays(x_))).unwrap_or(best));
            if !slides {
                break;
            }
            crossed += u32::from(stays(x_));
            x = g.nb[x_][d];
        }
    }
    if best == u32::from(FAR) {
        return empty_board;
    }
    best.max(empty_board)
}

/// Whether the piece on `x` in `p` stands where `target` has it: someone must move it out of a way and back.
/// A piece that must leave its square anyway costs no move of its own.
fn stays_in_place<V: Variant>(p: &Position<V>, target: &Position<V>, x: usize) -> bool {
    p.cell(x) != EMPTY && p.cell(x) == target.cell(x)
}

/// The moves of one move of the piece `code` from `a` to `b`: 1, and one more for each square crossed
/// where a piece `stays` (`None` when the piece cannot go there in one move on an empty board).
fn one_move<V: Variant>(a: usize, b: usize, code: u8, stays: impl Fn(usize) -> bool) -> Option<u32> {
    let g = V::geometry();
    let dir = g.line[a][b];
    if dir == OFF {
        return None;
    }
    let code = code as usize;
    let d = usize::from(dir);
    let slides = MOVES.slides[code] & (1 << d) != 0;
    let steps = MOVES.steps[code] & (1 << d) != 0 && usize::from(g.nb[a][d]) == b;
    if !(slides || steps) {
        return None;
    }
    let mut crossed = 0;
    let mut x = usize::from(g.nb[a][d]);
    while x != b {
        crossed += u32::from(stays(x));
        x = usize::from(g.nb[x][d]);
    }
    Some(1 + crossed)
}

/// Least moves on an empty board of `piece` on `from` to stand on `to` with `promoted`.
pub(crate) fn moves_of(travel: &Travel, piece: Piece, from: usize, to: usize, promoted: bool) -> u32 {
    let base = piece.unpromote().code();
    if piece.is_promoted() {
        if promoted {
            u32::from(travel.promoted_from(base, from, to))
        } else {
            u32::from(FAR)
        }
    } else {
        u32::from(travel.get(base, from, promoted, to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::after;
    use shogi_reach_engine::board::variant::Shogi;

    #[test]
    fn rooks_and_bishops_pay_for_the_pieces_in_their_way_that_stay() {
        let travel = Travel::build::<Shogi>();
        let start = Position::<Shogi>::startpos();
        let g = Shogi::geometry();
        let sq = |s: &str| g.parse_square(s).unwrap();
        let rook = start.piece_at(sq("2h")).unwrap();
        // Towards a target where every other piece stays: straight up the file, over its own pawn (1 + 1); or
        // round by 1h and over the 1g pawn (2 + 1).
        assert_eq!(blocked_way(&start, &start, &travel, rook, sq("2h"), sq("2d"), false), 2);
        // Along its rank, nothing in the way; onto the bishop, which must leave that square anyway.
        assert_eq!(blocked_way(&start, &start, &travel, rook, sq("2h"), sq("6h"), false), 1);
        assert_eq!(blocked_way(&start, &start, &travel, rook, sq("2h"), sq("8h"), false), 1);
        // The bishop takes on 2b and promotes: over both pawns (1 + 2; every square it can stop on first
        // holds its own side's piece that stays), in one move once they have moved, or when they are to move.
        let bishop = start.piece_at(sq("8h")).unwrap();
        assert_eq!(blocked_way(&start, &start, &travel, bishop, sq("8h"), sq("2b"), true), 3);
        let opened = after::<Shogi>(&["7g7f", "3c3d"]);
        assert_eq!(blocked_way(&opened, &start, &travel, bishop, sq("8h"), sq("2b"), true), 1);
        assert_eq!(blocked_way(&opened, &start, &travel, bishop, sq("8h"), sq("2b"), false), 1);
        assert_eq!(blocked_way(&start, &opened, &travel, bishop, sq("8h"), sq("2b"), true), 1);
        let one_opened = after::<Shogi>(&["7g7f"]);
        assert_eq!(blocked_way(&start, &one_opened, &travel, bishop, sq("8h"), sq("2b"), true), 2);
    }
}
