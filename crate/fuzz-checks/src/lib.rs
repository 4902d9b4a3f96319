//! What each fuzz target checks, one module per target of `crate/fuzz` (`check_input` takes the raw bytes
//! the fuzzer gives): the fuzz targets call these, and this crate's tests replay every committed seed of
//! each target (`crate/fuzz/seeds/<target>/`) through the same checks, as part of `cargo test`.

pub mod input;
pub mod prove;
pub mod rank;
pub mod records;
pub mod sfen;
pub mod shard;

/// `bytes` as little-endian 64-bit words (the last one padded with zeros).
pub fn words(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks(8)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        })
        .collect()
}

#[cfg(test)]
mod seeds;
