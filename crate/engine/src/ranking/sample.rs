//! Uniform sampling of ranks from a named, portable, seeded generator.
//!
//! Sample `i` of seed `s` is drawn from ChaCha8 keyed with `s` (little-endian in the first 8 key bytes,
//! the rest zero) on stream `i`: draw ⌈bits/64⌉ 64-bit words (least significant first), keep the low
//! `bits` bits of |P_K|'s width, and start again from the next words until the value is below |P_K|.
//! Every sample is computable on its own, so threads, shards, machines and the browser draw the same
//! ranks for the same (seed, index).
//!
//! The words come from [`chacha8_block`], one 64-byte block at a time: a sample needs at most four words,
//! and `rand_chacha` computes four blocks per refill, which WebAssembly (no SIMD) pays for in full. The
//! tests check it against `rand_chacha` word for word.

use crate::ranking::rank::RankInt;
use crate::ranking::rank::Ranked;
use std::marker::PhantomData;

/// The ChaCha block function with 8 rounds: state = constants, key, 64-bit block counter, 64-bit stream.
fn chacha8_block(key: &[u32; 8], counter: u64, stream: u64) -> [u32; 16] {
    let mut input = [0u32; 16];
    input[..4].copy_from_slice(&[0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]);
    input[4..12].copy_from_slice(key);
    input[12..].copy_from_slice(&[
        counter as u32,
        (counter >> 32) as u32,
        stream as u32,
        (stream >> 32) as u32,
    ]);
    let mut x = input;
    fn quarter(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
        x[a] = x[a].wrapping_add(x[b]);
        x[d] = (x[d] ^ x[a]).rotate_left(16);
        x[c] = x[c].wrapping_add(x[d]);
        x[b] = (x[b] ^ x[c]).rotate_left(12);
        x[a] = x[a].wrapping_add(x[b]);
        x[d] = (x[d] ^ x[a]).rotate_left(8);
        x[c] = x[c].wrapping_add(x[d]);
        x[b] = (x[b] ^ x[c]).rotate_left(7);
    }
    for _ in 0..4 {
        quarter(&mut x, 0, 4, 8, 12);
        quarter(&mut x, 1, 5, 9, 13);
        quarter(&mut x, 2, 6, 10, 14);
        quarter(&mut x, 3, 7, 11, 15);
        quarter(&mut x, 0, 5, 10, 15);
        quarter(&mut x, 1, 6, 11, 12);
        quarter(&mut x, 2, 7, 8, 13);
        quarter(&mut x, 3, 4, 9, 14);
    }
    for (w, i) in x.iter_mut().zip(input) {
        *w = w.wrapping_add(i);
    }
    x
}

/// The 64-bit words of ChaCha8 keyed with `seed` on stream `stream`, in `rand_chacha`'s order.
struct Words {
    key: [u32; 8],
    stream: u64,
    counter: u64,
    block: [u32; 16],
    next: usize,
}

impl Words {
    fn new(seed: u64, stream: u64) -> Words {
        let mut key = [0u32; 8];
        key[0] = seed as u32;
        key[1] = (seed >> 32) as u32;
        Words { key, stream, counter: 0, block: [0; 16], next: 16 }
    }

    fn next_u64(&mut self) -> u64 {
        if self.next == 16 {
            self.block = chacha8_block(&self.key, self.counter, self.stream);
            self.counter += 1;
            self.next = 0;
        }
        let w = self.block[self.next] as u64 | (self.block[self.next + 1] as u64) << 32;
        self.next += 2;
        w
    }
}

/// Uniform ranks of `V` by sample index: sample `i` of a seed is the same on any thread or machine.
#[derive(Clone, Debug)]
pub struct RankSampler<V: Ranked> {
    seed: u64,
    count: V::Rank,
    _variant: PhantomData<V>,
}

impl<V: Ranked> RankSampler<V> {
    /// The sampler of `seed`.
    pub fn new(seed: u64) -> RankSampler<V> {
        RankSampler { seed, count: crate::ranking::rank::candidate_count::<V>(), _variant: PhantomData }
    }

    /// Its seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The rank of sample number `index`.
    pub fn rank(&self, index: u64) -> V::Rank {
        let mut rng = Words::new(self.seed, index);
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

#[cfg(test)]
mod tests {
    use super::Words;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    #[test]
    fn the_words_are_rand_chachas() {
        for (seed, stream) in
            [(0, 0), (5, 1), (20261122, 123_456_789), (u64::MAX, u64::MAX - 3), (1 << 40, 1 << 33)]
        {
            let mut key = [0u8; 32];
            key[..8].copy_from_slice(&u64::to_le_bytes(seed));
            let mut reference = ChaCha8Rng::from_seed(key);
            reference.set_stream(stream);
            let mut words = Words::new(seed, stream);
            // 100 words cross several of our blocks and two of rand_chacha's four-block refills.
            for i in 0..100 {
                assert_eq!(words.next_u64(), reference.next_u64(), "seed {seed}, stream {stream}, word {i}");
            }
        }
    }
}
