//! The integer type of ranks, with the few operations ranking and sampling need.

use crate::ranking::wide::U256;
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// The integer type of ranks: `u64` for Mini Shogi, [`U256`] for Shogi.
pub trait RankInt: Copy + Ord + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// Zero.
    const ZERO: Self;
    /// `v`, or `None` if it does not fit.
    fn from_u128(v: u128) -> Option<Self>;
    /// The number written in decimal digits only (no sign, no spaces), or `None`.
    fn parse_decimal(s: &str) -> Option<Self>;
    /// Quotient and remainder of the division by `d` (> 0).
    fn div_rem(self, d: u128) -> (Self, u128);
    /// `self * m + a`, or `None` on overflow.
    fn mul_add(self, m: u128, a: u128) -> Option<Self>;
    /// `self + rhs`, or `None` on overflow.
    fn checked_add(self, rhs: Self) -> Option<Self>;
    /// `self - rhs`, or `None` below zero.
    fn checked_sub(self, rhs: Self) -> Option<Self>;
    /// The number of significant bits (0 for zero).
    fn bits(self) -> u32;
    /// The number whose little-endian 64-bit limbs are `words` (missing limbs zero).
    fn from_words(words: &[u64]) -> Self;
    /// The nearest `f64`.
    fn to_f64(self) -> f64;
}

impl RankInt for u64 {
    const ZERO: u64 = 0;

    fn from_u128(v: u128) -> Option<u64> {
        u64::try_from(v).ok()
    }

    fn parse_decimal(s: &str) -> Option<u64> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    }

    #[inline]
    fn div_rem(self, d: u128) -> (u64, u128) {
        match u64::try_from(d) {
            Ok(d) => (self / d, (self % d) as u128),
            Err(_) => (0, self as u128),
        }
    }

    #[inline]
    fn mul_add(self, m: u128, a: u128) -> Option<u64> {
        u64::try_from((self as u128).checked_mul(m)?.checked_add(a)?).ok()
    }

    fn checked_add(self, rhs: u64) -> Option<u64> {
        u64::checked_add(self, rhs)
    }

    fn checked_sub(self, rhs: u64) -> Option<u64> {
        u64::checked_sub(self, rhs)
    }

    fn bits(self) -> u32 {
        64 - self.leading_zeros()
    }

    fn from_words(words: &[u64]) -> u64 {
        words.first().copied().unwrap_or(0)
    }

    fn to_f64(self) -> f64 {
        self as f64
    }
}

impl RankInt for U256 {
    const ZERO: U256 = U256::ZERO;

    fn from_u128(v: u128) -> Option<U256> {
        Some(U256::from_u128(v))
    }

    fn parse_decimal(s: &str) -> Option<U256> {
        s.parse().ok()
    }

    #[inline]
    fn div_rem(self, d: u128) -> (U256, u128) {
        self.div_rem_u128(d)
    }

    #[inline]
    fn mul_add(self, m: u128, a: u128) -> Option<U256> {
        self.checked_mul_u128(m)?.checked_add(U256::from_u128(a))
    }

    fn checked_add(self, rhs: U256) -> Option<U256> {
        U256::checked_add(self, rhs)
    }

    fn checked_sub(self, rhs: U256) -> Option<U256> {
        U256::checked_sub(self, rhs)
    }

    fn bits(self) -> u32 {
        U256::bits(self)
    }

    fn from_words(words: &[u64]) -> U256 {
        let mut limbs = [0u64; 4];
        for (l, w) in limbs.iter_mut().zip(words) {
            *l = *w;
        }
        U256::from_limbs_le(limbs)
    }

    fn to_f64(self) -> f64 {
        U256::to_f64(self)
    }
}
