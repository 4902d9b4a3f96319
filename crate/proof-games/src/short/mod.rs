//! The short search: best first backwards from a position to the initial position over Prev1, pruned and
//! ordered by a lower bound on the plies of every game to a position.
//!
//! - `travel`: each piece's least moves from square to square, the measure of the bound;
//! - [`bound`]: the lower bound, a cheapest assignment of the pieces to their origins, kind by kind;
//! - `perimeter`: every position within a few plies of the start, where the bound is weakest;
//! - `search`: the search itself, weighted or A*.

pub mod bound;
pub(crate) mod perimeter;
pub(crate) mod search;
pub(crate) mod travel;
