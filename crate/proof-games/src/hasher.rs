//! The hashers of the searches' tables. Positions are hashed two ways, each where it pays: the perimeter
//! keeps 600 000 positions by the engine's Zobrist hash ([`shogi_reach_engine::reach::search::hash_position`],
//! 8 bytes a position instead of the whole position), which [`ZobristKey`] takes as it is; the searches'
//! own tables hash whole positions and wall sets with [`QuickHasher`], and the forward searches keep their
//! positions by that hash (the beam breaks ties between positions the guide rates alike by it, so another
//! hash would give other games).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-rotate hash (as rustc's FxHash) for the search's own tables: their keys are positions and
/// wall sets, not input an adversary chooses, and std's SipHash was a tenth of the search's time.
#[derive(Default)]
pub(crate) struct QuickHasher(u64);

impl QuickHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for QuickHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

/// A hash map with [`QuickHasher`], for the searches' tables of positions.
pub(crate) type QuickMap<K, T> = HashMap<K, T, BuildHasherDefault<QuickHasher>>;

/// A set of positions' hashes.
pub(crate) type QuickSet = HashSet<u64, BuildHasherDefault<QuickHasher>>;

/// A Zobrist hash is already uniform: the table takes it as it is.
#[derive(Default)]
pub(crate) struct ZobristKey(u64);

impl Hasher for ZobristKey {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}
