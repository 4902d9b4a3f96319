//! The fuzz target `shard`: what it checks is crate/fuzz-checks/src/shard.rs (whose tests replay its seeds).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| shogi_reach_fuzz_checks::shard::check_input(data));
