//! Exact ranking and unranking of the K-canonical candidate set P_K, bit-compatible with the reference
//! (`docs/method.md` describes the order).
//!
//! A rank is a mixed-radix number inside its hand class: hand digits first (Sente's count of each kind
//! held), then the king placement, then one digit per kind on the board (split into promoted/unpromoted
//! Sente/Gote groups, each group a lexicographically ranked subset of the still-empty squares in
//! column-major order). The rooms: `int` (the integer type of ranks), `counting` (the radices),
//! `classes` (the hand classes and |P_K|), `encode` (rank) and `decode` (unrank).

mod classes;
mod counting;
mod decode;
mod encode;
mod error;
mod int;

pub use classes::{candidate_count, ClassTable, HandClass, Ranked};
pub use decode::{unrank, unrank_unless_misplaced};
pub use error::RankError;
pub use int::RankInt;
