//! shogi-reach: is a Shogi (or Mini Shogi) position reachable from the start, and how many are?
//! An implementation of Ishii & Tanaka's method: rank/unrank the K-canonical candidate set, filter, and
//! prove reachability by backward search to a position with only the two kings on the board.
//!
//! The rooms, each depending only on those above it:
//! - [`board`]: the vocabulary (colours, pieces, squares, the two games), positions and SFEN;
//! - [`rules`]: attacks, the filters, legal moves and perft;
//! - [`ranking`]: the hand classes, rank/unrank (with the 256-bit integer) and sampling;
//! - [`records`]: moves in Japanese and Western notation, USI and KIF records;
//! - [`reach`]: Prev1, the heuristic and the backward search, the stage pipeline, proofs, diagnostics and
//!   proof games;
//! - [`estimate`]: Monte Carlo tallies, shards and merging; [`web`]: the browser's API, whose errors
//!   [`engine_error`] names.

pub mod blocks;
pub mod board;
pub mod engine_error;
pub mod estimate;
pub mod plan;
pub mod ranking;
pub mod reach;
pub mod records;
pub mod report_files;
pub mod rules;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use board::bitboard::Bitboard;
pub use board::color::Color;
pub use board::moves::{Move, MoveList};
pub use board::piece::{Kind, Piece};
pub use board::position::{Position, PositionError, Setup};
pub use board::sfen::SfenError;
pub use board::variant::{Game, MiniShogi, Shogi, Variant};
pub use ranking::rank::{RankError, RankInt, Ranked};
pub use reach::proof_game::WithOpening;
