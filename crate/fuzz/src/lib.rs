//! What the fuzz targets share.

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
