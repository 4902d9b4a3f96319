//! The proof games' integration tests, one module per subject, in one test binary, so that the engine's
//! generic code is compiled and linked once for all of them.

// The oracle's loader, the engine tests' own.
#[path = "../../../engine/tests/engine/common.rs"]
mod common;

mod handicap;
mod kif_parts;
mod kk_lemma;
mod proof_game;
mod short_game;
