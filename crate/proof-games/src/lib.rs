//! Proof games: a game from the initial position (or a handicap start) to a reachable position, as short
//! as the budget allows — what a player asks after the engine proves a position reachable. Nothing in the
//! engine's method needs them; they build on its backward search.
//!
//! - [`proof_game`]: the entry point ([`proof_game::build_proof_game`]) and the choice of method;
//! - `game`: the proof game (shown through [`proof_game`]), its check by replay and its records;
//! - [`openings`]: the per-game openings to a KK position ([`WithOpening`]), and `handicap_openings`, those
//!   from Shogi's handicap starts;
//! - [`kk_route`]: the KK route — the path back to a KK position, its king walks rerouted, the connection
//!   between KK positions;
//! - `short_method`: the short method, first games from the two searches below, then `shorten` (a pass
//!   that can only shorten a game, checked by replay) and A*;
//! - [`short`]: the short search backwards — travel, the lower bound, the perimeter, the search;
//! - `forward`: the forward searches — places, ways, the guide, best first and beam;
//! - `assignment`, `hasher`, `tree`: the assignment solver, the tables' hashers and the moves along a
//!   search tree, shared by both searches;
//! - `testing`: what the unit tests share.

mod assignment;
pub mod construction;
mod forward;
mod game;
mod handicap_openings;
mod hasher;
pub mod kk_route;
pub mod openings;
pub mod proof_game;
pub mod short;
mod short_method;
mod shorten;
#[cfg(test)]
mod testing;
mod tree;

pub use openings::WithOpening;
