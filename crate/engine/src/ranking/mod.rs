//! The ranking of the K-canonical candidate set: hand classes, rank/unrank, the 256-bit integer that holds
//! Shogi ranks, and uniform sampling of ranks.

pub mod rank;
pub mod sample;
pub mod wide;
