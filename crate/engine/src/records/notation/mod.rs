//! Move notation: Japanese (JSA, [`japanese`]), as game records write moves, and Western (Hodges), as the
//! papers write their games ([`western`]).

pub mod japanese;
pub mod western;
