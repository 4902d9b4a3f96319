//! A short path back from a position to a KK position, for the KK route of proof games.
//!
//! The reference's backward search ([`shogi_reach_engine::reach::search`]) is greedy on its heuristic and ignores how
//! many plies its path takes, and which KK position it ends at. This search orders by plies undone + 1.5 ×
//! an estimate of the plies still needed to the opening's KK position: a lower bound on the plies back to
//! any KK position, two plies for each piece that must still change hands (the connection drops it next to
//! the other king, which takes it) and a ply for each step a king stands away from its square there. An
//! un-capture hands a piece back, so the search takes those that spare a transfer.
//!
//! The bound: going back, each ply takes back one move of one side, and a side's move takes at most one
//! of its own pieces off the board (un-dropping it into its hand) or un-promotes at most one of them; an
//! un-capture only adds a piece of the other side. So each side needs at least as many moves back as it
//! has pieces besides its king, plus one per promoted piece, plus the moves that bring a promoted piece
//! back to where it can have promoted (all but rooks and bishops move one rank at a time); the sides
//! alternate, the last mover first.

use crate::hasher::QuickMap;
use crate::tree::{moves_forward, Node};
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::moves::Move;
use shogi_reach_engine::board::piece::{Kind, Piece, EMPTY};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::reach::heuristic::heuristic;
use shogi_reach_engine::reach::prev::{predecessors, Predecessor};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The ordering's weight on the estimate, as a fraction (more finds a path sooner, less a shorter one).
const WEIGHT: (u32, u32) = (3, 2);

/// The least plies back from `p` to any KK position, by the count above.
pub(crate) fn plies_to_kk<V: Variant>(p: &Position<V>) -> u32 {
    let moves = moves_back(p);
    let last_mover = p.side_to_move().opponent();
    // k plies back take back ceil(k/2) moves of the last mover and floor(k/2) of the other side.
    alternating_plies(moves[last_mover.index()], moves[last_mover.opponent().index()])
}

/// The least plies of any game from the KK position `kk` to `target`: a lower bound on the rest of every
/// KK route through `kk`. Each side makes the moves back of [`plies_to_kk`] forward; besides, it drops each
/// piece of a kind it holds in `kk` beyond what it owns in `target` (the other side can take a piece only
/// from the board) and walks its king to its square in `target` (a king is never dropped). `kk`'s side to
/// move moves first, and the sides to move fix the parity.
pub(crate) fn plies_from_kk<V: Variant>(kk: &Position<V>, target: &Position<V>) -> u32 {
    let mut moves = moves_back(target);
    let owned = owned_by_kind(target);
    for color in [Color::Sente, Color::Gote] {
        let held = kk.hand(color);
        let given: u32 = V::KINDS
            .iter()
            .map(|k| u32::from(held[k.index()]).saturating_sub(owned[color.index()][k.index()]))
            .sum();
        let walk = V::geometry().king_steps(kk.king(color), target.king(color)) as u32;
        moves[color.index()] += given + walk;
    }
    let first = kk.side_to_move();
    let plies = alternating_plies(moves[first.index()], moves[first.opponent().index()]);
    plies + u32::from((plies % 2 == 1) == (first == target.side_to_move()))
}

/// Each side's moves counted by [`plies_to_kk`]: its pieces besides the king, with their promotions.
fn moves_back<V: Variant>(p: &Position<V>) -> [u32; 2] {
    let mut moves = [0u32; 2];
    for (sq, &c) in p.board().iter().enumerate() {
        if let Some(pc) = Piece::from_code(c).filter(|pc| pc.kind() != Kind::King) {
            moves[pc.color().index()] += 1 + if pc.is_promoted() { 1 + back_to_zone::<V>(pc, sq) } else { 0 };
        }
    }
    moves
}

/// The least plies in which a side moving first makes `first` moves and the other `second`.
fn alternating_plies(first: u32, second: u32) -> u32 {
    (2 * first).saturating_sub(1).max(2 * second)
}

/// The pieces each side owns, on the board (promoted or not) and in hand, by kind.
fn owned_by_kind<V: Variant>(p: &Position<V>) -> [[u32; Kind::ALL.len()]; 2] {
    let mut owned = p.hands().map(|hand| hand.map(u32::from));
    for pc in p.board().iter().filter_map(|&c| Piece::from_code(c)).filter(|pc| pc.kind() != Kind::King) {
        owned[pc.color().index()][pc.kind().index()] += 1;
    }
    owned
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

/// Moves from KK positions to `target`, found backwards from `target` within `max_nodes` positions and
/// aimed at `kk`: the first `goals` KK positions the search reaches, each with the moves from it (fewer
/// when the cap is reached first). A KK position is a goal of the reference's search (its heuristic is 0:
/// for Mini Shogi, the kings are also apart). The estimate cannot tell which of them the connection from
/// `kk` reaches soonest, so the caller measures each route.
pub fn short_kk_paths<V: Variant>(
    target: &Position<V>,
    kk: &Position<V>,
    max_nodes: usize,
    goals: usize,
) -> Vec<(Position<V>, Vec<Move>)> {
    let mut found = Vec::new();
    let estimate = |p: &Position<V>| WEIGHT.0 * (plies_to_kk(p) + 2 * transfers(p, kk) + kings_away(p, kk));
    let mut nodes: Vec<Node<V>> =
        vec![(*target, usize::MAX, Move::Board { from: 0, to: 0, promote: false }, 0)];
    let mut plies: QuickMap<Position<V>, u32> = QuickMap::default();
    plies.insert(*target, 0);
    let h0 = estimate(target);
    let mut open = BinaryHeap::from([Reverse((h0, h0, 0u32, 0usize))]);
    let mut preds: Vec<Predecessor<V>> = Vec::new();
    while let Some(Reverse((_, _, g, i))) = open.pop() {
        let pos = nodes[i].0;
        if plies.get(&pos).is_some_and(|&best| best < g) {
            continue;
        }
        if heuristic(&pos) == 0 {
            found.push((pos, moves_forward(&nodes, i)));
            if found.len() == goals {
                break;
            }
            continue;
        }
        if nodes.len() > max_nodes {
            break;
        }
        predecessors(&pos, &mut preds);
        // Un-captures put a piece back on the board (the only predecessors with more pieces there than
        // `pos`); a short path takes them only when they spare a transfer or nothing else is possible.
        let transfers_here = transfers(&pos, kk);
        let useful =
            |pred: &Predecessor<V>| !captures_from(pred) || transfers(&pred.pos, kk) < transfers_here;
        if preds.iter().any(useful) {
            preds.retain(useful);
        }
        for pred in &preds {
            if plies.get(&pred.pos).is_some_and(|&best| best <= g + 1) {
                continue;
            }
            plies.insert(pred.pos, g + 1);
            nodes.push((pred.pos, i, pred.mv, g + 1));
            let h = estimate(&pred.pos);
            open.push(Reverse((WEIGHT.1 * (g + 1) + h, h, g + 1, nodes.len() - 1)));
        }
    }
    found
}

/// The pieces that must change hands between the KK position that `p` leads back to without un-captures
/// (each side's pieces on the board go to its hand) and `kk`.
pub fn transfers<V: Variant>(p: &Position<V>, kk: &Position<V>) -> u32 {
    let mut sente = *p.hand(Color::Sente);
    for &c in p.board() {
        if let Some(pc) =
            Piece::from_code(c).filter(|pc| pc.color() == Color::Sente && pc.kind() != Kind::King)
        {
            sente[pc.kind().index()] += 1;
        }
    }
    let want = kk.hand(Color::Sente);
    V::KINDS.iter().map(|k| u32::from(sente[k.index()].abs_diff(want[k.index()]))).sum()
}

/// How far the kings of `p` stand from those of `kk`, in king moves.
fn kings_away<V: Variant>(p: &Position<V>, kk: &Position<V>) -> u32 {
    let g = V::geometry();
    (g.king_steps(p.king(Color::Sente), kk.king(Color::Sente))
        + g.king_steps(p.king(Color::Gote), kk.king(Color::Gote))) as u32
}

/// Whether the move from `pred` to the position it precedes captures: its square holds a piece in `pred`.
fn captures_from<V: Variant>(pred: &Predecessor<V>) -> bool {
    matches!(pred.mv, Move::Board { to, .. } if pred.pos.board()[usize::from(to)] != EMPTY)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::replays;
    use shogi_reach_engine::board::variant::{MiniShogi, Shogi};

    fn replays_to<V: Variant>(kk: &Position<V>, moves: &[Move], target: &Position<V>) -> bool {
        replays(kk, moves).is_ok_and(|end| end == *target)
    }

    #[test]
    fn a_capture_is_what_puts_more_pieces_on_the_board_before_it() {
        let on_board = |p: &Position<Shogi>| p.board().iter().filter(|&&c| c != EMPTY).count();
        let mut preds = Vec::new();
        let mut captures = 0;
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1",
            "4k4/9/9/9/4+R4/9/9/3K5/9 b r2b 1",
            // After 7g7f 3c3d 8h2b+ 3a2b: Gote's last move took the horse.
            "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1",
        ] {
            let pos = Position::<Shogi>::from_sfen(sfen).unwrap();
            predecessors(&pos, &mut preds);
            for pred in &preds {
                assert_eq!(
                    captures_from(pred),
                    on_board(&pred.pos) > on_board(&pos),
                    "{sfen}: {:?}",
                    pred.mv
                );
                captures += usize::from(captures_from(pred));
            }
        }
        assert!(captures > 0, "no un-capture among the predecessors");
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
    fn the_bound_from_a_kk_position_counts_pieces_given_away_and_king_walks() {
        let kk = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RBrb 1").unwrap();
        // Sente drops and promotes its rook (2 moves), drops the bishop that Gote holds now (1) and steps
        // its king to 6h (1): 4 moves, moving first, and Sente to move again: 8 plies. Gote needs none.
        let target = Position::<Shogi>::from_sfen("4k4/9/9/9/4+R4/9/9/3K5/9 b r2b 1").unwrap();
        assert_eq!(plies_from_kk(&kk, &target), 8);
        // Gote to move at the end: 7.
        let target = Position::<Shogi>::from_sfen("4k4/9/9/9/4+R4/9/9/3K5/9 w r2b 1").unwrap();
        assert_eq!(plies_from_kk(&kk, &target), 7);
        // Gote's king two steps away: Gote's 2 moves fit between Sente's 4.
        let target = Position::<Shogi>::from_sfen("9/9/3k5/9/4+R4/9/9/3K5/9 b r2b 1").unwrap();
        assert_eq!(plies_from_kk(&kk, &target), 8);
        // Gote ends with both rooks, both bishops and a pawn (on 5c): Sente drops the three pieces it
        // holds for Gote to take (3 moves), Gote drops the pawn (1): 6 plies.
        let kk = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RBPrb 1").unwrap();
        let target = Position::<Shogi>::from_sfen("4k4/9/4p4/9/9/9/9/9/4K4 b 2r2b 1").unwrap();
        assert_eq!(plies_from_kk(&kk, &target), 6);
        assert_eq!(plies_from_kk(&kk, &kk), 0);
    }

    #[test]
    fn paths_replay_from_distinct_kk_positions_and_respect_the_bound() {
        let shogi = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1",
            "4k4/9/4p4/9/4+P4/9/9/4R4/4K4 w - 1",
        ];
        for sfen in shogi {
            let target = Position::<Shogi>::from_sfen(sfen).unwrap();
            let aim =
                Position::<Shogi>::from_sfen("5k3/9/9/9/9/9/9/9/3K5 b RB2G2S2N2L9Prb2g2s2n2l9p 1").unwrap();
            let paths = short_kk_paths(&target, &aim, 200_000, 3);
            assert_eq!(paths.len(), 3, "{sfen}");
            for (kk, moves) in &paths {
                assert_eq!(heuristic(kk), 0);
                assert!(moves.len() as u32 >= plies_to_kk(&target));
                assert!(replays_to(kk, moves, &target), "{sfen}");
            }
            assert!(paths.iter().enumerate().all(|(i, a)| paths[..i].iter().all(|b| a.0 != b.0)));
        }
        let mini = Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBR b - 1").unwrap();
        let aim = Position::<MiniShogi>::from_sfen("4k/5/5/5/K4 b BGSPRBGSP 1").unwrap();
        let (kk, moves) = short_kk_paths(&mini, &aim, 200_000, 1).remove(0);
        assert_eq!(heuristic(&kk), 0);
        assert!(replays_to(&kk, &moves, &mini));
    }

    #[test]
    fn a_kk_position_needs_no_moves() {
        let kk = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RB 1").unwrap();
        let aim = Position::<Shogi>::from_sfen("9/9/9/4k4/9/4K4/9/9/9 w rb 1").unwrap();
        assert_eq!(short_kk_paths(&kk, &aim, 10, 2), vec![(kk, vec![])]);
    }

    #[test]
    fn transfers_count_the_pieces_that_must_change_hands() {
        let aim = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b Rbgp 1").unwrap();
        // Sente's pieces on the board, promoted or not, go to its hand: a rook it keeps, a pawn, a bishop
        // and a gold it must give: 3.
        let p = Position::<Shogi>::from_sfen("4k4/9/9/9/4+R4/4P4/9/9/4K4 b BG 1").unwrap();
        assert_eq!(transfers(&p, &aim), 3);
        let p = Position::<Shogi>::from_sfen("4k4/4g4/9/9/9/9/9/9/4K4 w Rbp 1").unwrap();
        assert_eq!(transfers(&p, &aim), 0);
    }
}
