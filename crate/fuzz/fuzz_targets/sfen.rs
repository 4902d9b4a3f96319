//! The fuzz target `sfen`: what it checks is crate/fuzz-checks/src/sfen.rs (whose tests replay its seeds).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| shogi_reach_fuzz_checks::sfen::check_input(data));
