//! shogi-reach: is a Shogi (or Mini Shogi) position reachable from the start, and how many are?
//! An implementation of Ishii & Tanaka's method: rank/unrank the K-canonical candidate set, filter, and
//! prove reachability by backward search to a position with only the two kings on the board.

pub mod bitboard;
pub mod color;
pub mod diagnose;
pub mod estimate;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod position;
pub mod prev;
pub mod proof_game;
pub mod prove;
pub mod rank;
pub mod record;
pub mod rules;
pub mod sample;
pub mod search;
pub mod sfen;
pub mod stage;
pub mod variant;
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod wide;

pub use bitboard::Bitboard;
pub use color::Color;
pub use moves::{Move, MoveList};
pub use piece::{Kind, Piece};
pub use position::{Position, PositionError, Setup};
pub use rank::{RankError, RankInt};
pub use sfen::SfenError;
pub use variant::{MiniShogi, Shogi, Variant};
