//! Moves as people write them (Japanese and Western notation) and game records (USI, KIF).

pub mod notation;
pub mod record;
