//! A fixed-width unsigned 256-bit integer, [`U256`], for ranking and unranking Shogi positions.
//!
//! Four little-endian 64-bit limbs with `u128` intermediates. Division by a value below 2^128
//! (the unranking hot path) uses limb-by-limb division for one-limb divisors and Knuth's
//! Algorithm D specialised to two-limb divisors; nothing allocates. It holds only what ranking needs:
//! checked addition and subtraction, multiply-add and division by a `u128`, order, decimal text, and
//! conversion to `f64`.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// An unsigned 256-bit integer stored as four little-endian 64-bit limbs.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct U256([u64; 4]);

/// 10^19, the largest power of ten that fits in a `u64`.
const TEN19: u64 = 10_000_000_000_000_000_000;

/// Divides the two-limb value `hi:lo` by `d`, returning `(quotient, remainder)`.
/// Requires `hi < d`, so the quotient fits in one limb.
#[inline(always)]
fn div_2by1(hi: u64, lo: u64, d: u64) -> (u64, u64) {
    debug_assert!(hi < d);
    let n = ((hi as u128) << 64) | lo as u128;
    let q = (n / d as u128) as u64;
    // n - q*d < d fits in 64 bits, so wrapping arithmetic gives it exactly.
    let r = lo.wrapping_sub(q.wrapping_mul(d));
    (q, r)
}

/// Divides the three-limb value `u2:u1:u0` by the normalised two-limb divisor `v1:v0`
/// (top bit of `v1` set), given `u2:u1 < v1:v0`. Returns the quotient limb and the
/// two-limb remainder `(r1, r0)`. This is one step of Knuth's Algorithm D.
#[inline(always)]
fn div_3by2(u2: u64, u1: u64, u0: u64, v1: u64, v0: u64) -> (u64, u64, u64) {
    debug_assert!(v1 >> 63 == 1);
    debug_assert!(((u2 as u128) << 64 | u1 as u128) < ((v1 as u128) << 64 | v0 as u128));
    // Estimate the quotient digit from the top limbs: qhat = floor((u2:u1) / v1), at most b-1.
    let (mut qhat, mut rhat): (u64, u128) = if u2 >= v1 {
        // u2 == v1 (the invariant forbids more): the estimate saturates at b-1 and
        // rhat = u2:u1 - (b-1)*v1 = u1 + v1, which may exceed one limb.
        (u64::MAX, u1 as u128 + v1 as u128)
    } else {
        let (q, r) = div_2by1(u2, u1, v1);
        (q, r as u128)
    };
    // Correct the estimate (at most twice) using the second divisor limb.
    while rhat >> 64 == 0 && (qhat as u128) * (v0 as u128) > ((rhat << 64) | u0 as u128) {
        qhat -= 1;
        rhat += v1 as u128;
    }
    // Multiply and subtract: (u2:u1:u0) - qhat * (v1:v0).
    let p0 = (qhat as u128) * (v0 as u128);
    let p_lo = p0 as u64;
    // qhat*v1 + hi(qhat*v0) <= (b-1)^2 + (b-2) < b^2: no overflow.
    let p_hi = (qhat as u128) * (v1 as u128) + (p0 >> 64);
    let (r0, borrow) = u0.overflowing_sub(p_lo);
    let top = ((u2 as u128) << 64) | u1 as u128;
    let (mut r, neg1) = top.overflowing_sub(p_hi);
    let (r2, neg2) = r.overflowing_sub(borrow as u128);
    r = r2;
    let mut r0 = r0;
    if neg1 || neg2 {
        // The estimate was one too large: add the divisor back. (With a two-limb divisor the
        // correction loop above already makes the digit exact, so this is a safety net.)
        qhat = qhat.wrapping_sub(1);
        let (s0, c) = r0.overflowing_add(v0);
        r0 = s0;
        r = r.wrapping_add(v1 as u128).wrapping_add(c as u128);
    }
    debug_assert!(r >> 64 == 0);
    (qhat, r as u64, r0)
}

/// Full 64x64 -> 128 multiply-accumulate: `a*b + c + d`, which never overflows `u128`.
#[inline(always)]
fn mac(a: u64, b: u64, c: u64, d: u64) -> (u64, u64) {
    let t = (a as u128) * (b as u128) + c as u128 + d as u128;
    (t as u64, (t >> 64) as u64)
}

impl U256 {
    /// Zero.
    pub const ZERO: U256 = U256([0; 4]);

    /// Widens a `u128`.
    #[inline]
    pub const fn from_u128(v: u128) -> U256 {
        U256([v as u64, (v >> 64) as u64, 0, 0])
    }

    /// Builds a value from little-endian limbs (`limbs[0]` least significant).
    #[inline]
    pub fn from_limbs_le(limbs: [u64; 4]) -> U256 {
        U256(limbs)
    }

    /// The little-endian limbs (`[0]` least significant).
    #[inline]
    pub fn to_limbs_le(self) -> [u64; 4] {
        self.0
    }

    /// Whether the value is zero.
    #[inline]
    fn is_zero(self) -> bool {
        self.0 == [0; 4]
    }

    /// Number of significant bits (0 for zero).
    #[inline]
    pub fn bits(self) -> u32 {
        for i in (0..4).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + 64 - self.0[i].leading_zeros();
            }
        }
        0
    }

    /// Number of significant limbs (0 for zero).
    #[inline]
    fn limb_len(&self) -> usize {
        let mut n = 4;
        while n > 0 && self.0[n - 1] == 0 {
            n -= 1;
        }
        n
    }

    /// Sum, or `None` on overflow.
    #[inline]
    #[allow(clippy::needless_range_loop)]
    pub fn checked_add(self, rhs: U256) -> Option<U256> {
        let mut r = [0u64; 4];
        let mut carry = false;
        for i in 0..4 {
            let (s, c1) = self.0[i].overflowing_add(rhs.0[i]);
            let (s, c2) = s.overflowing_add(carry as u64);
            r[i] = s;
            carry = c1 | c2;
        }
        if carry {
            None
        } else {
            Some(U256(r))
        }
    }

    /// Difference, or `None` if `rhs > self`.
    #[inline]
    #[allow(clippy::needless_range_loop)]
    pub fn checked_sub(self, rhs: U256) -> Option<U256> {
        let mut r = [0u64; 4];
        let mut borrow = false;
        for i in 0..4 {
            let (s, b1) = self.0[i].overflowing_sub(rhs.0[i]);
            let (s, b2) = s.overflowing_sub(borrow as u64);
            r[i] = s;
            borrow = b1 | b2;
        }
        if borrow {
            None
        } else {
            Some(U256(r))
        }
    }

    /// Product with a `u128`, or `None` on overflow.
    #[inline]
    pub fn checked_mul_u128(self, rhs: u128) -> Option<U256> {
        let b0 = rhs as u64;
        let b1 = (rhs >> 64) as u64;
        let a = self.0;
        let mut r = [0u64; 4];
        // Row for b0.
        let mut carry = 0u64;
        for i in 0..4 {
            let (lo, hi) = mac(a[i], b0, 0, carry);
            r[i] = lo;
            carry = hi;
        }
        if carry != 0 {
            return None;
        }
        if b1 != 0 {
            if a[3] != 0 {
                return None;
            }
            let mut carry = 0u64;
            for i in 0..3 {
                let (lo, hi) = mac(a[i], b1, r[i + 1], carry);
                r[i + 1] = lo;
                carry = hi;
            }
            if carry != 0 {
                return None;
            }
        }
        Some(U256(r))
    }

    /// Quotient and remainder by a `u64` (> 0).
    #[inline]
    fn div_rem_u64(self, d: u64) -> (U256, u64) {
        let mut q = [0u64; 4];
        let mut r = 0u64;
        for i in (0..4).rev() {
            let (qi, ri) = div_2by1(r, self.0[i], d);
            q[i] = qi;
            r = ri;
        }
        (U256(q), r)
    }

    /// Quotient and remainder by a `u128`; the unranking hot path.
    ///
    /// # Panics
    /// Panics if `d == 0`.
    #[inline]
    pub fn div_rem_u128(self, d: u128) -> (U256, u128) {
        assert!(d != 0, "U256::div_rem_u128: division by zero");
        let dh = (d >> 64) as u64;
        if dh == 0 {
            let (q, r) = self.div_rem_u64(d as u64);
            return (q, r as u128);
        }
        let n = self.limb_len();
        if n <= 2 {
            // Dividend below 2^128 and divisor at least 2^64: native arithmetic suffices.
            let x = ((self.0[1] as u128) << 64) | self.0[0] as u128;
            if x < d {
                return (U256::ZERO, x);
            }
            return (U256::from_u128(x / d), x % d);
        }
        // Knuth's Algorithm D with a two-limb divisor.
        let s = dh.leading_zeros();
        let v = d << s;
        let v1 = (v >> 64) as u64;
        let v0 = v as u64;
        // Normalised dividend, n + 1 limbs.
        let a = self.0;
        let mut u = [0u64; 5];
        if s == 0 {
            u[..4].copy_from_slice(&a);
        } else {
            u[0] = a[0] << s;
            for i in 1..4 {
                u[i] = (a[i] << s) | (a[i - 1] >> (64 - s));
            }
            u[4] = a[3] >> (64 - s);
        }
        let mut q = [0u64; 4];
        // Partial remainder (r1:r0) carried down; starts as the top limb pair u[n]:u[n-1].
        let mut r1 = u[n];
        let mut r0 = u[n - 1];
        for j in (0..=n - 2).rev() {
            let (qj, nr1, nr0) = div_3by2(r1, r0, u[j], v1, v0);
            q[j] = qj;
            r1 = nr1;
            r0 = nr0;
        }
        let rem = (((r1 as u128) << 64) | r0 as u128) >> s;
        (U256(q), rem)
    }

    /// Approximate conversion to `f64` (correctly rounded to nearest).
    pub fn to_f64(self) -> f64 {
        let bits = self.bits();
        if bits <= 64 {
            return self.0[0] as f64;
        }
        // Take the top 64 bits, with a sticky bit for anything below, then scale.
        let shift = bits - 64;
        let top = shr(self, shift);
        let mut m = top.0[0];
        let low_mask_nonzero = shl(top, shift) != self;
        if low_mask_nonzero {
            m |= 1;
        }
        // 2^shift built directly (shift <= 192, a normal exponent); the product is exact scaling.
        (m as f64) * f64::from_bits((1023 + shift as u64) << 52)
    }
}

/// Logical right shift by `k < 256` bits.
#[allow(clippy::needless_range_loop)]
fn shr(x: U256, k: u32) -> U256 {
    let limbs = (k / 64) as usize;
    let s = k % 64;
    let mut r = [0u64; 4];
    for i in 0..4 - limbs {
        let lo = x.0[i + limbs] >> s;
        let hi = if s != 0 && i + limbs + 1 < 4 { x.0[i + limbs + 1] << (64 - s) } else { 0 };
        r[i] = lo | hi;
    }
    U256(r)
}

/// Logical left shift by `k < 256` bits.
#[allow(clippy::needless_range_loop)]
fn shl(x: U256, k: u32) -> U256 {
    let limbs = (k / 64) as usize;
    let s = k % 64;
    let mut r = [0u64; 4];
    for i in limbs..4 {
        let hi = x.0[i - limbs] << s;
        let lo = if s != 0 && i > limbs { x.0[i - limbs - 1] >> (64 - s) } else { 0 };
        r[i] = hi | lo;
    }
    U256(r)
}

impl Ord for U256 {
    #[inline]
    fn cmp(&self, other: &U256) -> Ordering {
        for i in (0..4).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl PartialOrd for U256 {
    #[inline]
    fn partial_cmp(&self, other: &U256) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for U256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // 2^256 - 1 has 78 decimal digits.
        let mut buf = [b'0'; 80];
        let mut pos = buf.len();
        let mut x = *self;
        loop {
            let (q, mut chunk) = x.div_rem_u64(TEN19);
            x = q;
            if x.is_zero() {
                // Most significant chunk: no zero padding.
                loop {
                    pos -= 1;
                    buf[pos] = b'0' + (chunk % 10) as u8;
                    chunk /= 10;
                    if chunk == 0 {
                        break;
                    }
                }
                break;
            }
            for _ in 0..19 {
                pos -= 1;
                buf[pos] = b'0' + (chunk % 10) as u8;
                chunk /= 10;
            }
        }
        // Only ASCII digits were written.
        let s = std::str::from_utf8(&buf[pos..]).expect("ASCII digits");
        f.pad_integral(true, "", s)
    }
}

impl fmt::Debug for U256 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Error from parsing a decimal [`U256`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseU256Error {
    /// The string was empty.
    Empty,
    /// A character other than an ASCII decimal digit was found.
    InvalidDigit,
    /// The value is 2^256 or more.
    Overflow,
}

impl fmt::Display for ParseU256Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseU256Error::Empty => "cannot parse U256 from empty string",
            ParseU256Error::InvalidDigit => "invalid digit found in U256 string",
            ParseU256Error::Overflow => "number too large to fit in U256",
        })
    }
}

impl std::error::Error for ParseU256Error {}

impl FromStr for U256 {
    type Err = ParseU256Error;

    /// Parses plain decimal digits (no sign, no whitespace; leading zeros allowed).
    fn from_str(s: &str) -> Result<U256, ParseU256Error> {
        let bytes = s.as_bytes();
        if bytes.is_empty() {
            return Err(ParseU256Error::Empty);
        }
        if !bytes.iter().all(u8::is_ascii_digit) {
            return Err(ParseU256Error::InvalidDigit);
        }
        // Skip leading zeros so long zero-padded inputs don't overflow spuriously.
        let start = bytes.iter().position(|&b| b != b'0').unwrap_or(bytes.len());
        let digits = &bytes[start..];
        let mut acc = U256::ZERO;
        // First chunk takes the remainder so later chunks are exactly 19 digits.
        let first = match digits.len() % 19 {
            0 => 19.min(digits.len()),
            k => k,
        };
        let mut i = 0;
        let mut len = first;
        while i < digits.len() {
            let mut chunk = 0u64;
            for &b in &digits[i..i + len] {
                chunk = chunk * 10 + (b - b'0') as u64;
            }
            let scale = 10u64.pow(len as u32);
            acc = acc
                .checked_mul_u128(scale as u128)
                .and_then(|a| a.checked_add(U256::from_u128(chunk as u128)))
                .ok_or(ParseU256Error::Overflow)?;
            i += len;
            len = 19;
        }
        Ok(acc)
    }
}
