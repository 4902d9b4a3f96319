//! A short path back from a position to a KK position, for the KK route of proof games.
//!
//! The reference's backward search ([`crate::reach::search`]) is greedy on its heuristic and ignores how
//! many plies its path takes: its paths are about twice as long as they need be. This search orders by
//! plies undone + 2 × a lower bound on the plies still needed, so its paths stay close to that bound.
//!
//! The bound: going back, each ply takes back one move of one side, and a side's move takes at most one
//! of its own pieces off the board (un-dropping it into its hand) or un-promotes at most one of them; an
//! un-capture only adds a piece of the other side. So each side needs at least as many moves back as it
//! has pieces besides its king, plus one per promoted piece, plus the moves that bring a promoted piece
//! back to where it can have promoted (all but rooks and bishops move one rank at a time); the sides
//! alternate, the last mover first.

use crate::board::moves::Move;
use crate::board::piece::{Kind, Piece};
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::reach::heuristic::heuristic;
use crate::reach::prev::{predecessors, Predecessor};
use crate::reach::short_game::{moves_forward, Node, QuickMap};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What the ordering adds per ply of the bound (more finds a path sooner, less a shorter one).
const WEIGHT: u32 = 2;

/// The least plies back from `p` to any KK position, by the count above.
pub fn plies_to_kk<V: Variant>(p: &Position<V>) -> u32 {
    let mut moves = [0u32; 2];
    for (sq, &c) in p.board().iter().enumerate() {
        if let Some(pc) = Piece::from_code(c).filter(|pc| pc.kind() != Kind::King) {
            moves[pc.color().index()] += 1 + if pc.is_promoted() { 1 + back_to_zone::<V>(pc, sq) } else { 0 };
        }
    }
    let last_mover = p.side_to_move().opponent();
    let (first, second) = (moves[last_mover.index()], moves[last_mover.opponent().index()]);
    // k plies back take back ceil(k/2) moves of the last mover and floor(k/2) of the other side.
    (2 * first).saturating_sub(1).max(2 * second)
}

/// The least moves back of a promoted piece on `sq` before it can be un-promoted: the others than the
/// rook and bishop move back one rank at a time and promoted in the zone (a silver, or one rank outside).
fn back_to_zone<V: Variant>(pc: Piece, sq: usize) -> u32 {
    let outside = V::geometry().ranks_ahead(sq, pc.color()).saturating_sub(V::ZONE - 1) as u32;
    match pc.kind() {
        // A rook or bishop may promote on a long move out of the zone.
        Kind::Rook | Kind::Bishop => 0,
        // A silver may promote moving back out of the zone.
        Kind::Silver => outside.saturating_sub(1),
        _ => outside,
    }
}

/// Moves from a KK position to `target`, found backwards from `target` within `max_nodes` positions:
/// the KK position and the moves from it, or `None` when the cap is reached first. The KK position is a
/// goal of the reference's search (its heuristic is 0: for Mini Shogi, the kings are also apart).
pub fn short_kk_path<V: Variant>(target: &Position<V>, max_nodes: usize) -> Option<(Position<V>, Vec<Move>)> {
    let mut nodes: Vec<Node<V>> =
        vec![(*target, usize::MAX, Move::Board { from: 0, to: 0, promote: false }, 0)];
    let mut plies: QuickMap<Position<V>, u32> = QuickMap::default();
    plies.insert(*target, 0);
    let h0 = plies_to_kk(target);
    let mut open = BinaryHeap::from([Reverse((WEIGHT * h0, h0, 0u32, 0usize))]);
    let mut preds: Vec<Predecessor<V>> = Vec::new();
    while let Some(Reverse((_, _, g, i))) = open.pop() {
        let pos = nodes[i].0;
        if plies.get(&pos).is_some_and(|&best| best < g) {
            continue;
        }
        if heuristic(&pos) == 0 {
            return Some((pos, moves_forward(&nodes, i)));
        }
        if nodes.len() > max_nodes {
            return None;
        }
        predecessors(&pos, &mut preds);
        // Un-captures put a piece back on the board; a short path takes them only when nothing else is
        // possible.
        let on_board = pieces_on_board(&pos);
        if preds.iter().any(|pred| pieces_on_board(&pred.pos) <= on_board) {
            preds.retain(|pred| pieces_on_board(&pred.pos) <= on_board);
        }
        for pred in &preds {
            if plies.get(&pred.pos).is_some_and(|&best| best <= g + 1) {
                continue;
            }
            plies.insert(pred.pos, g + 1);
            nodes.push((pred.pos, i, pred.mv, g + 1));
            let h = plies_to_kk(&pred.pos);
            open.push(Reverse((g + 1 + WEIGHT * h, h, g + 1, nodes.len() - 1)));
        }
    }
    None
}

fn pieces_on_board<V: Variant>(p: &Position<V>) -> usize {
    p.board().iter().filter(|&&c| Piece::from_code(c).is_some()).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::variant::{MiniShogi, Shogi};
    use crate::rules::play;

    fn replays_to<V: Variant>(kk: &Position<V>, moves: &[Move], target: &Position<V>) -> bool {
        let mut p = *kk;
        for &m in moves {
            let mut legal = crate::board::moves::MoveList::new();
            crate::rules::legal_moves(&p, &mut legal);
            if !legal.contains(&m) {
                return false;
            }
            p = play(&p, m);
        }
        p == *target
    }

    #[test]
    fn the_bound_counts_pieces_promotions_and_the_way_back_to_the_zone() {
        // Sente's tokin on 5e needs two moves back into the zone, one to un-promote and one to go to the
        // hand; its rook one: 5 moves, each after one of Gote's (Gote moved last).
        let p = Position::<Shogi>::from_sfen("4k4/9/9/9/4+P4/9/9/4R4/4K4 b - 1").unwrap();
        assert_eq!(plies_to_kk(&p), 10);
        // A dragon anywhere may have promoted there (on a long move out of the zone).
        let p = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/4+R4/4K4 w - 1").unwrap();
        assert_eq!(plies_to_kk(&p), 3);
        let kk = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RB 1").unwrap();
        assert_eq!(plies_to_kk(&kk), 0);
    }

    #[test]
    fn paths_replay_from_a_kk_position_and_respect_the_bound() {
        let shogi = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1",
            "4k4/9/4p4/9/4+P4/9/9/4R4/4K4 w - 1",
        ];
        for sfen in shogi {
            let target = Position::<Shogi>::from_sfen(sfen).unwrap();
            let (kk, moves) = short_kk_path(&target, 200_000).expect("a path within the cap");
            assert_eq!(heuristic(&kk), 0);
            assert!(moves.len() as u32 >= plies_to_kk(&target));
            assert!(replays_to(&kk, &moves, &target), "{sfen}");
        }
        let mini = Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1").unwrap();
        let (kk, moves) = short_kk_path(&mini, 200_000).expect("a path within the cap");
        assert_eq!(heuristic(&kk), 0);
        assert!(replays_to(&kk, &moves, &mini));
    }

    #[test]
    fn a_kk_position_needs_no_moves() {
        let kk = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RB 1").unwrap();
        assert_eq!(short_kk_path(&kk, 10), Some((kk, vec![])));
    }
}
