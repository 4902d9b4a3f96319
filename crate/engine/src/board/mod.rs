//! The vocabulary: colours, pieces, squares and board geometry, the two games, moves, positions, SFEN.

pub mod bitboard;
pub mod color;
pub mod moves;
pub mod piece;
pub mod position;
pub mod sfen;
pub mod start;
pub mod variant;
