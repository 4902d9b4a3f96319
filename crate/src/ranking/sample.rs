//! Uniform sampling of ranks from a named, portable, seeded generator.
//!
//! Sample `i` of seed `s` is drawn from ChaCha8 keyed with `s` (little-endian in the first 8 key bytes,
//! the rest zero) on stream `i`: draw ⌈bits/64⌉ 64-bit words (least significant first), keep the low
//! `bits` bits of |P_K|'s width, and start again from the next words until the value is below |P_K|.
//! Every sample is computable on its own, so threads, shards, machines and the browser draw the same
//! ranks for the same (seed, index).

use crate::ranking::rank::RankInt;
use crate::ranking::rank::Ranked;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::marker::PhantomData;

#[derive(Clone, Debug)]
pub struct RankSampler<V: Ranked> {
    seed: u64,
    count: V::Rank,
    _variant: PhantomData<V>,
}

impl<V: Ranked> RankSampler<V> {
    pub fn new(seed: u64) -> RankSampler<V> {
        RankSampler { seed, count: crate::ranking::rank::count::<V>(), _variant: PhantomData }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The rank of sample number `index`.
    pub fn rank(&self, index: u64) -> V::Rank {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&self.seed.to_le_bytes());
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(index);
        let bits = self.count.bits() as usize;
        let n_words = bits.div_ceil(64);
        let top_bits = bits - 64 * (n_words - 1);
        let mut words = [0u64; 4];
        loop {
            for w in &mut words[..n_words] {
                *w = rng.next_u64();
            }
            if top_bits < 64 {
                words[n_words - 1] &= (1u64 << top_bits) - 1;
            }
            let r = V::Rank::from_words(&words[..n_words]);
            if r < self.count {
                return r;
            }
        }
    }
}
