//! Reachability by the paper's method: Prev1 (every legal last move, undone), the search heuristic and the
//! backward search to a KK position, the stage pipeline and proofs of single positions.

pub mod heuristic;
mod king_lines;
pub mod prev;
pub mod prove;
pub mod search;
pub mod stage;
