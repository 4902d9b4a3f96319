//! The record formats, each read (and USI, KIF and CSA written): KIF and KI2, CSA, USI, BOD diagrams, and
//! the handicap starts their headers name.

pub mod bod;
pub mod csa;
pub mod export;
pub mod kif;
mod kif_body;
mod kif_moves;
pub mod usi;
