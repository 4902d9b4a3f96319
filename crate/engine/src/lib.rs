//! shogi-reach's engine: is a Shogi (or Mini Shogi) position reachable from the start, and how many are?
//! An implementation of Ishii & Tanaka's method: rank/unrank the K-canonical candidate set, filter, and
//! prove reachability by backward search to a position with only the two kings on the board.
//!
//! The rooms, each depending only on those above it (`scripts/layers.mjs` checks it):
//! - [`board`]: the vocabulary (colours, pieces, squares, the two games), positions and SFEN;
//! - [`rules`]: attacks, the filters, legal moves and perft;
//! - [`ranking`]: the hand classes, rank/unrank (with the 256-bit integer) and sampling;
//! - [`records`]: moves in Japanese notation read and written, and the record formats (KIF, KI2, CSA, USI,
//!   BOD);
//! - [`reach`]: the paper's method — Prev1, the heuristic and the backward search, the stage pipeline,
//!   proofs and retro analysis;
//! - [`why`]: diagnostics and unreachability certificates, for people;
//! - [`estimate`]: Monte Carlo tallies, per-block runs, report files (shards, checkpoints) and merging.

#![warn(missing_docs)]

pub mod board;
pub mod estimate;
pub mod facts;
pub mod ranking;
pub mod reach;
pub mod records;
pub mod rules;
pub mod why;

pub use board::bitboard::Bitboard;
pub use board::color::Color;
pub use board::moves::{Move, MoveList};
pub use board::piece::{Kind, Piece};
pub use board::position::{Position, PositionError, Setup};
pub use board::sfen::SfenError;
pub use board::variant::{Game, MiniShogi, Shogi, Variant};
pub use ranking::rank::{RankError, RankInt, Ranked};
