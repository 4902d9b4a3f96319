//! The blocks of a report drawn to verify: by `merge` and by a resumed checkpoint.

/// A source of random u64s for the blocks drawn: std's randomly keyed hasher over a counter (the draw
/// need not be reproducible, only unpredictable to whoever wrote the report).
pub fn random_u64() -> impl FnMut() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let keys = std::collections::hash_map::RandomState::new();
    let mut counter = 0u64;
    move || {
        counter += 1;
        let mut h = keys.build_hasher();
        h.write_u64(counter);
        h.finish()
    }
}
