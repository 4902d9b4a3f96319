//! Moves as people write them (Japanese and Western notation) and game records (USI, KIF).

pub mod kif;
pub mod notation;
pub mod usi;

pub use kif::{kif, kif_move, parse_kif};
pub use usi::{parse_usi_command, usi_command};
