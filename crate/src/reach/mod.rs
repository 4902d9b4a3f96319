//! Reachability: Prev1 (every legal last move, undone), the search heuristic and the backward search to a
//! KK position, the stage pipeline, proofs of single positions, the editor's diagnostics and proof games.

pub mod diagnose;
pub mod explain;
pub mod explanation;
pub mod forward_game;
pub mod heuristic;
pub mod king_reroute;
pub mod kk_path;
pub mod perimeter;
pub mod prev;
pub mod proof_game;
pub mod prove;
pub mod retro;
pub mod search;
pub mod short_game;
pub mod stage;
