//! Proof games: a game from the initial position (or a handicap start) to a reachable position, as short
//! as the budget allows — what a player asks after the engine proves a position reachable. Nothing in the
//! engine's method needs them; they build on its backward search.
//!
//! - [`proof_game`]: the entry point ([`proof_game::build_proof_game`]) and the per-game openings
//!   ([`WithOpening`]);
//! - [`kk_path`], [`king_reroute`]: the route through a KK position the backward search found, made legal;
//! - [`short_game`], [`perimeter`]: the short search, bounded below by a matching of pieces to origins;
//! - [`forward_game`]: the forward search guided by the target.

pub mod forward_game;
pub mod king_reroute;
pub mod kk_path;
pub mod perimeter;
pub mod proof_game;
pub mod short_game;

pub use proof_game::WithOpening;
