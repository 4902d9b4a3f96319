//! The record formats, one module each, reading and writing side by side: KIF and KI2 (`kif`), CSA, USI,
//! BOD diagrams; `export` is the registry of the files they are written as.

pub mod bod;
pub mod csa;
pub mod export;
pub mod kif;
mod kif_body;
mod kif_moves;
pub mod usi;
