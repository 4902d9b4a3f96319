//! The fuzz target `rank`: what it checks is crate/fuzz-checks/src/rank.rs (whose tests replay its seeds).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| shogi_reach_fuzz_checks::rank::check_input(data));
