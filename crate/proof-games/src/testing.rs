//! What the unit tests share: positions after moves, and games replayed against the legal moves.

use shogi_reach_engine::board::moves::Move;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::rules::play;

pub(crate) use crate::game::replays;

/// The position after `moves` (USI) from the initial position.
pub(crate) fn after<V: Variant>(moves: &[&str]) -> Position<V> {
    moves.iter().fold(Position::startpos(), |p, m| play(&p, Move::from_usi::<V>(m).unwrap()))
}

/// The moves of self-play game `game` at `ply` plies in `tsv` (a set's TSV: game, ply, sfen, moves).
pub(crate) fn selfplay_moves(tsv: &str, game: u32, ply: u32) -> Vec<&str> {
    let row = tsv.lines().find(|l| l.starts_with(&format!("{game}\t{ply}\t")));
    let row = row.unwrap_or_else(|| panic!("game {game} at {ply} plies"));
    row.split('\t').nth(3).unwrap().split(' ').collect()
}

/// The position a game from the initial position ends in; it panics on a move that is not legal.
pub(crate) fn played<V: Variant>(moves: &[Move]) -> Position<V> {
    replays(&Position::startpos(), moves).unwrap_or_else(|e| panic!("{e}"))
}
