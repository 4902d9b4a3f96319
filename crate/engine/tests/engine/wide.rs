//! `shogi_reach_engine::ranking::wide::U256` checked against `num_bigint::BigUint`.

use num_bigint::BigUint;
use proptest::prelude::*;
use shogi_reach_engine::ranking::wide::{ParseU256Error, U256};
use std::cmp::Ordering;
use std::str::FromStr;

fn big(x: U256) -> BigUint {
    let mut bytes = Vec::with_capacity(32);
    for l in x.to_limbs_le() {
        bytes.extend_from_slice(&l.to_le_bytes());
    }
    BigUint::from_bytes_le(&bytes)
}

fn two256() -> BigUint {
    BigUint::from(1u8) << 256
}

/// Converts a BigUint below 2^256 back to U256.
fn from_big(b: &BigUint) -> U256 {
    assert!(b.bits() <= 256);
    let digits = b.to_u64_digits();
    let mut limbs = [0u64; 4];
    limbs[..digits.len()].copy_from_slice(&digits);
    U256::from_limbs_le(limbs)
}

/// 2^256 - 1.
fn max() -> U256 {
    U256::from_limbs_le([u64::MAX; 4])
}

fn one() -> U256 {
    U256::from_u128(1)
}

/// Limb values that stress carries and Knuth's quotient estimate.
static SPECIAL: [u64; 10] =
    [0, 1, 2, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1, (1 << 63) + 1, 1 << 32, 0x5555_5555_5555_5555];

fn limb() -> impl Strategy<Value = u64> {
    prop_oneof![
        3 => any::<u64>(),
        2 => proptest::sample::select(&SPECIAL[..]),
        1 => 0u64..1000,
    ]
}

/// Values of all sizes: 0..=4 significant limbs, mixed random/special limbs, or a random bit length.
fn u256() -> impl Strategy<Value = U256> {
    prop_oneof![
        (0usize..=4, proptest::array::uniform4(limb())).prop_map(|(n, mut l)| {
            for x in l.iter_mut().skip(n) {
                *x = 0;
            }
            U256::from_limbs_le(l)
        }),
        (0u32..=256, proptest::array::uniform4(any::<u64>())).prop_map(|(bits, l)| {
            let mut l = l;
            for (i, x) in l.iter_mut().enumerate() {
                let lo = 64 * i as u32;
                if bits <= lo {
                    *x = 0;
                } else if bits - lo < 64 {
                    *x &= (1u64 << (bits - lo)) - 1;
                }
            }
            U256::from_limbs_le(l)
        }),
    ]
}

/// Divisors below 2^128: one limb, two limbs with/without the top bit, adversarial values.
fn divisor128() -> impl Strategy<Value = u128> {
    prop_oneof![
        2 => (1u64..).prop_map(|d| d as u128),
        1 => proptest::sample::select(&SPECIAL[1..]).prop_map(|d| d as u128),
        2 => (1u64.., any::<u64>()).prop_map(|(h, l)| ((h as u128) << 64) | l as u128),
        2 => (any::<u64>(), any::<u64>())
            .prop_map(|(h, l)| (((h | 1 << 63) as u128) << 64) | l as u128),
        2 => (1u64..(1 << 63), any::<u64>())
            .prop_map(|(h, l)| ((h as u128) << 64) | l as u128),
        2 => (limb(), limb()).prop_map(|(h, l)| ((h as u128) << 64) | l as u128)
            .prop_filter("nonzero", |&d| d != 0),
        1 => proptest::sample::select(vec![
            (1u128 << 127) + 1,
            1u128 << 127,
            (1u128 << 64) + 1,
            1u128 << 64,
            u128::MAX,
            u128::MAX - 1,
            ((1u128 << 63) << 64) | u64::MAX as u128,
            (((1u128 << 63) - 1) << 64) | u64::MAX as u128,
            1,
        ]),
    ]
}

fn check_div_u128(x: U256, d: u128) {
    let (q, r) = x.div_rem_u128(d);
    let bx = big(x);
    let bd = BigUint::from(d);
    assert_eq!(big(q), &bx / &bd, "quotient of {x} / {d}");
    assert_eq!(BigUint::from(r), &bx % &bd, "remainder of {x} / {d}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn add_matches(a in u256(), b in u256()) {
        let s = big(a) + big(b);
        let r = a.checked_add(b);
        if s < two256() {
            prop_assert_eq!(r, Some(from_big(&s)));
        } else {
            prop_assert_eq!(r, None);
        }
    }

    #[test]
    fn sub_matches(a in u256(), b in u256()) {
        let r = a.checked_sub(b);
        if big(a) >= big(b) {
            prop_assert_eq!(r, Some(from_big(&(big(a) - big(b)))));
        } else {
            prop_assert_eq!(r, None);
        }
    }

    #[test]
    fn mul_u128_matches(a in u256(), m in prop_oneof![divisor128(), Just(0u128)]) {
        let p = big(a) * BigUint::from(m);
        let r = a.checked_mul_u128(m);
        if p < two256() {
            prop_assert_eq!(r, Some(from_big(&p)));
        } else {
            prop_assert_eq!(r, None);
        }
    }

    #[test]
    fn div_rem_u128_by_one_limb(a in u256(), d in prop_oneof![1u64.., proptest::sample::select(&SPECIAL[1..])]) {
        check_div_u128(a, d as u128);
    }

    #[test]
    fn div_rem_u128_matches(a in u256(), d in divisor128()) {
        check_div_u128(a, d);
    }

    /// Dividend = q*d + r built from chosen parts, so quotients of every size appear.
    #[test]
    fn div_rem_u128_constructed(q in u256(), d in divisor128(), r in any::<u128>()) {
        let r = r % d;
        if let Some(x) = q.checked_mul_u128(d).and_then(|x| x.checked_add(U256::from_u128(r))) {
            prop_assert_eq!(x.div_rem_u128(d), (q, r));
        }
    }

    #[test]
    fn ordering_matches(a in u256(), b in u256()) {
        prop_assert_eq!(a.cmp(&b), big(a).cmp(&big(b)));
        prop_assert_eq!(a.partial_cmp(&b), Some(big(a).cmp(&big(b))));
        prop_assert_eq!(a == b, big(a) == big(b));
    }

    #[test]
    fn display_and_parse_match(a in u256()) {
        let s = a.to_string();
        prop_assert_eq!(&s, &big(a).to_string());
        prop_assert_eq!(format!("{a:?}"), s.clone());
        prop_assert_eq!(U256::from_str(&s), Ok(a));
        // Leading zeros are accepted.
        prop_assert_eq!(U256::from_str(&format!("000{s}")), Ok(a));
    }

    #[test]
    fn parse_matches_bigint(digits in "[0-9]{1,90}") {
        let b = BigUint::from_str(&digits).unwrap();
        let r = U256::from_str(&digits);
        if b < two256() {
            prop_assert_eq!(r, Ok(from_big(&b)));
        } else {
            prop_assert_eq!(r, Err(ParseU256Error::Overflow));
        }
    }

    #[test]
    fn bits_and_limbs(a in u256()) {
        prop_assert_eq!(a.bits() as u64, big(a).bits());
        prop_assert_eq!(U256::from_limbs_le(a.to_limbs_le()), a);
    }

    #[test]
    fn from_u128_matches(v in any::<u128>()) {
        prop_assert_eq!(big(U256::from_u128(v)), BigUint::from(v));
        prop_assert_eq!(U256::from_u128(v).to_string(), v.to_string());
        prop_assert_eq!(U256::from_u128(v).to_f64(), v as f64);
    }

    #[test]
    fn to_f64_is_close(a in u256()) {
        let f = a.to_f64();
        // Compare against a value computed from BigUint's decimal form (correctly rounded parse).
        let expect: f64 = big(a).to_string().parse().unwrap();
        prop_assert_eq!(f, expect);
    }
}

#[test]
fn adversarial_knuth_cases() {
    let all_ones = max();
    let d_cases = [
        (1u128 << 127) + 1,
        1u128 << 127,
        (1u128 << 64) + 1,
        1u128 << 64,
        u128::MAX,
        u128::MAX - 1,
        (1u128 << 127) | u64::MAX as u128,
        ((1u128 << 127) - 1) | 1,
        (1u128 << 64) | u64::MAX as u128,
        3u128 << 64,
    ];
    let x_cases = [
        all_ones,
        U256::from_limbs_le([0, 0, 0, 1 << 63]),
        U256::from_limbs_le([u64::MAX, u64::MAX, 0, 1 << 63]),
        U256::from_limbs_le([0, u64::MAX, u64::MAX, (1 << 63) - 1]),
        U256::from_limbs_le([0, 0, 1 << 63, 0]),
        U256::from_limbs_le([u64::MAX, 0, u64::MAX, 0]),
        U256::from_limbs_le([1, 0, 0, 0x7FFF_FFFF_FFFF_FFFF]),
        U256::from_limbs_le([0, 0, 0, 0]),
        U256::from_limbs_le([u64::MAX, u64::MAX, 0, 0]),
    ];
    for &d in &d_cases {
        for &x in &x_cases {
            check_div_u128(x, d);
        }
    }
}

/// Exact halfway cases between two doubles, nudged by low bits far below the top 64:
/// correct rounding needs a sticky bit.
#[test]
fn to_f64_rounds_ties_correctly() {
    for top in [(1u64 << 63) | (1 << 10), (1u64 << 63) | (3 << 10), (u64::MAX << 10) | (1 << 10)] {
        for low in [[0, 0, 0], [1, 0, 0], [0, 0, 1 << 63], [0, 1, 0]] {
            for len in [2usize, 3, 4] {
                // `top` in limb len-1, `low` filling the limbs below it.
                let mut limbs = [0u64; 4];
                limbs[len - 1] = top;
                for k in 0..len - 1 {
                    limbs[k] = low[3 - (len - 1) + k];
                }
                let x = U256::from_limbs_le(limbs);
                let expect: f64 = big(x).to_string().parse().unwrap();
                assert_eq!(x.to_f64(), expect, "{x}");
            }
        }
    }
}

#[test]
fn known_shogi_bound() {
    let s = "80880932079767835177773204009328769812438521503800714936366945233084532";
    let x: U256 = s.parse().unwrap();
    assert_eq!(x.to_string(), s);
    assert_eq!(format!("{x:?}"), s);
    assert_eq!(x.bits(), 236);
    assert_eq!(big(x), BigUint::from_str(s).unwrap());
    let rel = (x.to_f64() - 8.088093207976784e70).abs() / 8.088093207976784e70;
    assert!(rel < 1e-15, "to_f64 = {}", x.to_f64());
}

#[test]
fn parse_errors() {
    assert_eq!(U256::from_str(""), Err(ParseU256Error::Empty));
    for bad in [" 1", "1 ", "+1", "-1", "1_000", "12a", "0x10", " ", "١"] {
        assert_eq!(U256::from_str(bad), Err(ParseU256Error::InvalidDigit), "{bad:?}");
    }
    let max_text = big(max()).to_string();
    assert_eq!(max_text.len(), 78);
    assert_eq!(U256::from_str(&max_text), Ok(max()));
    let over = (big(max()) + 1u8).to_string();
    assert_eq!(U256::from_str(&over), Err(ParseU256Error::Overflow));
    assert_eq!(U256::from_str(&"9".repeat(79)), Err(ParseU256Error::Overflow));
    assert_eq!(U256::from_str(&format!("{}1", "0".repeat(200))), Ok(one()));
    assert_eq!(U256::from_str("0"), Ok(U256::ZERO));
    assert_eq!(U256::from_str("0000"), Ok(U256::ZERO));
    // Errors are printable.
    for e in [ParseU256Error::Empty, ParseU256Error::InvalidDigit, ParseU256Error::Overflow] {
        let boxed: Box<dyn std::error::Error> = Box::new(e);
        assert!(!boxed.to_string().is_empty());
    }
}

#[test]
fn constants_and_display() {
    assert_eq!(U256::ZERO.to_string(), "0");
    assert_eq!(one().to_string(), "1");
    assert_eq!(max(), from_big(&(two256() - 1u8)));
    assert_eq!(max().bits(), 256);
    assert_eq!(U256::ZERO.bits(), 0);
    assert_eq!(U256::from_u128(10_000_000_000_000_000_000).to_string(), "10000000000000000000");
    assert_eq!(format!("{:>5}", U256::from_u128(42)), "   42");
    assert_eq!(format!("{:05}", U256::from_u128(42)), "00042");
    // Numeric, not lexicographic-limb, order.
    assert!(U256::from_limbs_le([0, 1, 0, 0]) > U256::from_limbs_le([u64::MAX, 0, 0, 0]));
    assert!(U256::from_limbs_le([0, 0, 0, 1]) > U256::from_limbs_le([u64::MAX, u64::MAX, u64::MAX, 0]));
    assert_eq!(max().to_f64(), 2f64.powi(256));
    assert_eq!(U256::ZERO.to_f64(), 0.0);
}

#[test]
fn overflow_and_division_by_zero() {
    assert_eq!(max().checked_add(one()), None);
    assert_eq!(U256::ZERO.checked_sub(one()), None);
    assert!(std::panic::catch_unwind(|| one().div_rem_u128(0)).is_err());
    assert_eq!(max().checked_mul_u128(2), None);
    assert_eq!(U256::from_limbs_le([0, 0, 0, 1]).checked_mul_u128(1 << 64), None);
    assert_eq!(
        U256::from_limbs_le([0, 0, 1, 0]).checked_mul_u128(1 << 64),
        Some(U256::from_limbs_le([0, 0, 0, 1]))
    );
}

/// Unranking-style use: repeated division peels off mixed-radix digits and the product
/// of the radices rebuilds the number.
#[test]
fn mixed_radix_round_trip() {
    let x: U256 = "80880932079767835177773204009328769812438521503800714936366945233084532".parse().unwrap();
    let radices: [u128; 6] =
        [(1u128 << 100) + 12345, 97, u128::MAX, (1u128 << 64) + 3, 1 << 70, 10_000_000_000_000_000_000];
    let mut rest = x;
    let mut digits = Vec::new();
    for &r in &radices {
        let (q, d) = rest.div_rem_u128(r);
        assert!(d < r);
        digits.push(d);
        rest = q;
    }
    let mut back = rest;
    for (&r, &d) in radices.iter().zip(&digits).rev() {
        back = back.checked_mul_u128(r).unwrap().checked_add(U256::from_u128(d)).unwrap();
    }
    assert_eq!(back, x);
    assert_eq!(x.cmp(&back), Ordering::Equal);
}
