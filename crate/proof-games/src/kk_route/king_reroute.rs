//! A king walk of the KK route moved into the path's own king moves.
//!
//! The path back from a position ends at whatever squares its kings reached, and the connection then walks
//! them there from the opening's KK position. But most of a path's king moves are spare moves (that side had
//! nothing else to do), and the same moves on another route can start the king elsewhere. For one king,
//! this finds the squares it can start from such that, stepping at the path's king-move plies (taking what
//! the path's king takes there) with every other move of the path unchanged and still legal, it ends where
//! the path's king ends; it starts the path from the one nearest a given square.

use crate::game::replay;
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::moves::Move;
use shogi_reach_engine::board::piece::{Kind, EMPTY};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::{Variant, OFF};
use shogi_reach_engine::rules::{in_check, piece_attacks, play};

/// The KK position and path with `color`'s king rerouted to start as near `aim` as the path allows, or
/// `None` when it cannot start nearer than it does.
pub fn reroute_king<V: Variant>(
    kk: &Position<V>,
    path: &[Move],
    color: Color,
    aim: usize,
) -> Option<(Position<V>, Vec<Move>)> {
    let g = V::geometry();
    let mut line = vec![*kk];
    for &m in path {
        line.push(play(line.last().expect("the KK position"), m));
    }
    let squares = kk.board().len();
    let starts = start_squares(&line, path, color);
    let end = line[path.len()].king(color);
    let start = (0..squares)
        .filter(|&s| starts[path.len()][end] & (1 << s) != 0)
        .min_by_key(|&s| g.king_steps(s, aim))
        .filter(|&s| g.king_steps(s, aim) < g.king_steps(kk.king(color), aim))?;
    // Back from the end: at a king-move ply, a square the king could stand on before it, from `start`.
    let mut on = vec![end; path.len() + 1];
    for i in (0..path.len()).rev() {
        on[i] = if is_king_move(&line, path, i, color) {
            (0..squares).find(|&r| {
                starts[i][r] & (1 << start) != 0
                    && squares_after(&line, path, i, r, color).contains(&on[i + 1])
            })?
        } else {
            on[i + 1]
        };
    }
    let moves: Vec<Move> = (0..path.len())
        .map(|i| match is_king_move(&line, path, i, color) {
            true => Move::Board { from: on[i] as u8, to: on[i + 1] as u8, promote: false },
            false => path[i],
        })
        .collect();
    let start = with_king_on(kk, color, start)?;
    // The steps above check what a moved king can change; a replay against the legal moves makes sure.
    let mut at = start;
    let legal = replay(&start, &moves, |_, p| {
        at = *p;
        Ok(())
    });
    (legal.is_ok() && at == line[path.len()]).then_some((start, moves))
}

/// `starts[i][r]`: the squares (bits; a board has at most 81) `color`'s king can start from and stand on
/// `r` before ply `i` of `path`, whose positions are `line`.
fn start_squares<V: Variant>(line: &[Position<V>], path: &[Move], color: Color) -> Vec<Vec<u128>> {
    let kk = &line[0];
    let squares = kk.board().len();
    let mut starts = vec![vec![0u128; squares]; path.len() + 1];
    let other_king = kk.king(color.opponent());
    for (r, first) in starts[0].iter_mut().enumerate() {
        let legal = with_king_on(kk, color, r).is_some_and(|p| !in_check(&p, p.side_to_move().opponent()));
        if legal && V::geometry().king_steps(r, other_king) >= 2 {
            *first = 1 << r;
        }
    }
    for i in 0..path.len() {
        for r in 0..squares {
            let from_here = starts[i][r];
            if from_here != 0 {
                for q in squares_after(line, path, i, r, color) {
                    starts[i + 1][q] |= from_here;
                }
            }
        }
    }
    starts
}

/// The path from `kk` with each king rerouted to start nearer its square in `aim`, if either can be.
pub fn reroute_kings<V: Variant>(
    kk: &Position<V>,
    path: &[Move],
    aim: &Position<V>,
) -> Option<(Position<V>, Vec<Move>)> {
    let sente = reroute_king(kk, path, Color::Sente, aim.king(Color::Sente));
    let (kk, path) = sente.clone().unwrap_or_else(|| (*kk, path.to_vec()));
    reroute_king(&kk, &path, Color::Gote, aim.king(Color::Gote)).or(sente)
}

fn is_king_move<V: Variant>(line: &[Position<V>], path: &[Move], i: usize, color: Color) -> bool {
    line[i].side_to_move() == color
        && matches!(path[i], Move::Board { from, .. } if from as usize == line[i].king(color))
}

/// Where `color`'s king, on `r` instead of where the path has it before ply `i`, can stand after that
/// ply: at a king move, the squares next to `r` it may step to (the path's own square if that move takes
/// a piece); at another move, `r` if the move is still legal there and does not give a pawn-drop check (a
/// pawn-drop mate depends on every square around the king).
fn squares_after<V: Variant>(
    line: &[Position<V>],
    path: &[Move],
    i: usize,
    r: usize,
    color: Color,
) -> Vec<usize> {
    let Some(here) = with_king_on(&line[i], color, r) else { return vec![] };
    let m = path[i];
    if is_king_move(line, path, i, color) {
        let takes = line[i].cell(m.to()) != EMPTY;
        return V::geometry().nb[r][..8]
            .iter()
            .map(|&q| q as usize)
            .filter(|&q| q != OFF as usize && if takes { q == m.to() } else { here.cell(q) == EMPTY })
            .filter(|&q| {
                !in_check(&play(&here, Move::Board { from: r as u8, to: q as u8, promote: false }), color)
            })
            .collect();
    }
    let mover = here.side_to_move();
    let unblocked = match m {
        Move::Board { from, to, .. } => {
            piece_attacks(&here, here.cell(from as usize), from as usize, to as usize)
        }
        Move::Drop { .. } => true,
    };
    if m.to() == r || !unblocked {
        return vec![];
    }
    let next = play(&here, m);
    let pawn_check = matches!(m, Move::Drop { kind: Kind::Pawn, .. }) && in_check(&next, mover.opponent());
    if in_check(&next, mover) || (pawn_check && r != line[i].king(color)) {
        return vec![];
    }
    vec![r]
}

/// `p` with `color`'s king on `r` (an empty square, or its own).
fn with_king_on<V: Variant>(p: &Position<V>, color: Color, r: usize) -> Option<Position<V>> {
    let k = p.king(color);
    if r == k {
        return Some(*p);
    }
    if p.cell(r) != EMPTY {
        return None;
    }
    let mut setup = p.to_setup();
    let board = setup.board.as_mut();
    (board[r], board[k]) = (board[k], EMPTY);
    Position::try_from(setup).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::replays;
    use shogi_reach_engine::board::variant::Shogi;

    fn replay_legally<V: Variant>(from: &Position<V>, moves: &[Move]) -> Option<Position<V>> {
        replays(from, moves).ok()
    }

    fn usi(moves: &str) -> Vec<Move> {
        moves.split(' ').map(|m| Move::from_usi::<Shogi>(m).unwrap()).collect()
    }

    #[test]
    fn spare_king_moves_carry_the_walk() {
        // Sente's king walks 1a-1b-1c-1d while Gote's walks: three steps that end on 1d may as well start
        // on 3a, the aim.
        let kk = Position::<Shogi>::from_sfen("8K/9/9/9/9/9/9/9/4k4 b P 1").unwrap();
        let path = usi("1a1b 5i5h 1b1c 5h5g 1c1d");
        let aim = Shogi::geometry().parse_square("3a").unwrap();
        let (start, moves) = reroute_king(&kk, &path, Color::Sente, aim).unwrap();
        assert_eq!(start.king(Color::Sente), aim);
        let end = replay_legally(&kk, &path).unwrap();
        assert_eq!(replay_legally(&start, &moves), Some(end));
        // Already where it should start: nothing to do.
        assert_eq!(reroute_king(&start, &moves, Color::Sente, aim), None);
    }

    #[test]
    fn a_reroute_keeps_the_captures_and_the_other_moves() {
        // Sente's king takes the pawn Gote dropped on 5e: four steps, the last one onto 5e, from as far as
        // 1i. Gote's rook on 6a covers the 6-file: the king never stands there.
        let kk = Position::<Shogi>::from_sfen("3r5/9/9/9/9/9/9/9/k3K4 w p 1").unwrap();
        let path = usi("P*5e 5i4h 9i9h 4h4g 9h9i 4g4f 9i9h 4f5e");
        let g = Shogi::geometry();
        let end = replay_legally(&kk, &path).unwrap();
        let (start, moves) = reroute_king(&kk, &path, Color::Sente, g.parse_square("1i").unwrap()).unwrap();
        assert_eq!(start.king(Color::Sente), g.parse_square("1i").unwrap());
        assert_eq!(replay_legally(&start, &moves), Some(end));
        let line: Vec<Position<Shogi>> = moves
            .iter()
            .scan(start, |p, &m| {
                *p = play(p, m);
                Some(*p)
            })
            .collect();
        assert!(line.iter().all(|p| g.x(p.king(Color::Sente)) != g.x(g.parse_square("6a").unwrap())));
        // To the other side, past the rook's file: the king cannot cross it and stays.
        assert_eq!(reroute_king(&kk, &path, Color::Sente, g.parse_square("9e").unwrap()).map(|r| r.0), None);
    }
}
