//! The command line's integration tests, one module per subject, in one test binary, so that the
//! engine's generic code is compiled and linked once for all of them. They run the binary as child
//! processes, each given the tests' signing key (`common::cli`), and share this process: no test changes
//! its environment or current folder, and each writes in a folder of its own.

mod common;
// The oracle's loader, the engine tests' own.
#[path = "../../../engine/tests/engine/common.rs"]
mod oracle;

mod checkpoint;
mod cli;
mod explain_text;
mod export_cli;
mod games;
mod inputs;
mod king_squares;
mod merge;
mod outputs;
mod position_args;
mod record_command;
mod records_cli;
mod replicate;
mod samples_out;
mod signature;
mod start;
