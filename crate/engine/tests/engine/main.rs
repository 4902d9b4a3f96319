//! The engine's integration tests, one module per subject, in one test binary: the engine's generic code
//! is instantiated at opt-level 3 and linked once for all of them, not once per file. Their data is in
//! `crate/engine/tests/data/`; `common` loads the oracle, and the proof games' and the command line's
//! tests include it too.

mod common;

mod cert_summary;
mod estimate;
mod explain;
mod exports;
mod fuzz_regressions;
mod kif_tree;
mod merge;
mod oracle_rank;
mod oracle_search;
mod prev;
mod ranking;
mod record_annotations;
mod records;
mod rules;
mod sample;
mod sfen;
mod tally_golden;
mod wide;
