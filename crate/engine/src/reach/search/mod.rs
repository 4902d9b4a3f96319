//! The backward search to a KK position (`docs/method.md` describes it): greedy best-first on the
//! reference's heuristic, ties broken by the reference's total order on positions, goal test at pop time,
//! one seen set that is also the parent map. Reaching a KK position proves the root reachable; exhausting
//! the search proves it unreachable; an optional node cap makes the verdict "unknown" instead.
//!
//! The rooms: `verdict` (options and what a search found), `order` (the tie-break order), `zobrist` (the
//! position hash), `table` (the nodes and the seen set), `open` (the open list) and `kk_search` (the
//! search itself), `per_thread` (one reusable search per game and thread).

mod kk_search;
mod open;
mod order;
mod per_thread;
mod table;
mod verdict;
mod zobrist;

pub use kk_search::KkSearch;
pub use per_thread::with_thread_search;
pub use verdict::{Outcome, Progress, SearchOptions, Verdict};
pub use zobrist::hash_position;
