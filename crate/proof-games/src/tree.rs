//! The moves along a search tree's parent links, shared by the backward and forward searches.

use shogi_reach_engine::board::moves::Move;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::Variant;

/// A search node: the position, its parent (the position it leads to), the move from it to its parent,
/// plies undone.
pub(crate) type Node<V> = (Position<V>, usize, Move, u32);

/// The moves from node `i` up to the root (node 0) of a search tree whose node `j` was reached from
/// `parent_and_move(j)`.
pub(crate) fn moves_up(mut i: usize, parent_and_move: impl Fn(usize) -> (usize, Move)) -> Vec<Move> {
    let mut moves = Vec::new();
    while i != 0 {
        let (parent, mv) = parent_and_move(i);
        moves.push(mv);
        i = parent;
    }
    moves
}

/// The moves from node `i` up to the root (node 0) of a search tree of (position, parent, move from the
/// parent, plies) nodes: for a backward search, from node `i` (the initial position) forward to the target.
pub(crate) fn moves_forward<V: Variant, G>(nodes: &[(Position<V>, usize, Move, G)], i: usize) -> Vec<Move> {
    moves_up(i, |j| (nodes[j].1, nodes[j].2))
}

/// The moves from the root (node 0) of a forward search's tree (see [`moves_forward`]) to node `i`.
pub(crate) fn moves_from_root<V: Variant, G>(nodes: &[(Position<V>, usize, Move, G)], i: usize) -> Vec<Move> {
    let mut moves = moves_forward(nodes, i);
    moves.reverse();
    moves
}
