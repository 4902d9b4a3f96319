//! The fuzz target `input`: what it checks is crate/fuzz-checks/src/input.rs (whose tests replay its seeds).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| shogi_reach_fuzz_checks::input::check_input(data));
