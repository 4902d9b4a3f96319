//! `shogi_reach::ranking::wide::U256` checked against `num_bigint::BigUint`.

use num_bigint::BigUint;
use proptest::prelude::*;
use shogi_reach::ranking::wide::{ParseU256Error, U256};
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

fn p2(k: u32) -> BigUint {
    BigUint::from(1u8) << k
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

fn nonzero_u256() -> impl Strategy<Value = U256> {
    prop_oneof![
        3 => u256().prop_filter("nonzero", |d| !d.is_zero()),
        1 => divisor128().prop_map(U256::from_u128),
        // Three- and four-limb divisors with a small low part: exercise Knuth's add-back.
        1 => (limb(), limb(), 2usize..4).prop_map(|(a, b, top)| {
            let mut l = [0u64; 4];
            l[0] = a;
            l[top] = b | 1 << 63;
            U256::from_limbs_le(l)
        }),
    ]
}

fn check_div_u128(x: U256, d: u128) {
    let (q, r) = x.div_rem_u128(d);
    let bx = big(x);
    let bd = BigUint::from(d);
    assert_eq!(big(q), &bx / &bd, "quotient of {x} / {d}");
    assert_eq!(BigUint::from(r), &bx % &bd, "remainder of {x} / {d}");
    // The general division must agree.
    let (q2, r2) = x.div_rem(U256::from_u128(d));
    assert_eq!((q2, r2), (q, U256::from_u128(r)));
}

fn check_div(x: U256, d: U256) {
    let (q, r) = x.div_rem(d);
    let bx = big(x);
    let bd = big(d);
    assert_eq!(big(q), &bx / &bd, "quotient of {x} / {d}");
    assert_eq!(big(r), &bx % &bd, "remainder of {x} / {d}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn add_matches(a in u256(), b in u256()) {
        let s = big(a) + big(b);
        let r = a.checked_add(b);
        if s < two256() {
            prop_assert_eq!(r, Some(from_big(&s)));
            prop_assert_eq!(a + b, from_big(&s));
        } else {
            prop_assert_eq!(r, None);
        }
    }

    #[test]
    fn add_u64_matches(a in u256(), b in limb()) {
        let s = big(a) + BigUint::from(b);
        if s < two256() {
            prop_assert_eq!(a + b, from_big(&s));
        } else {
            prop_assert!(std::panic::catch_unwind(|| a + b).is_err());
        }
    }

    #[test]
    fn sub_matches(a in u256(), b in u256()) {
        let r = a.checked_sub(b);
        if big(a) >= big(b) {
            let d = from_big(&(big(a) - big(b)));
            prop_assert_eq!(r, Some(d));
            prop_assert_eq!(a - b, d);
        } else {
            prop_assert_eq!(r, None);
        }
    }

    #[test]
    fn mul_matches(a in u256(), b in u256()) {
        let p = big(a) * big(b);
        let r = a.checked_mul(b);
        if p < two256() {
            prop_assert_eq!(r, Some(from_big(&p)));
            prop_assert_eq!(a * b, from_big(&p));
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
            prop_assert_eq!(a.checked_mul(U256::from_u128(m)), r);
        } else {
            prop_assert_eq!(r, None);
        }
    }

    #[test]
    fn div_rem_u64_matches(a in u256(), d in prop_oneof![1u64.., proptest::sample::select(&SPECIAL[1..])]) {
        let (q, r) = a.div_rem_u64(d);
        prop_assert_eq!(big(q), big(a) / BigUint::from(d));
        prop_assert_eq!(BigUint::from(r), big(a) % BigUint::from(d));
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
    fn div_rem_matches(a in u256(), d in nonzero_u256()) {
        check_div(a, d);
    }

    #[test]
    fn div_rem_constructed(q in u256(), d in nonzero_u256(), r in u256()) {
        let r = r.div_rem(d).1;
        if let Some(x) = q.checked_mul(d).and_then(|x| x.checked_add(r)) {
            prop_assert_eq!(x.div_rem(d), (q, r));
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
    fn bits_and_small_conversions(a in u256()) {
        prop_assert_eq!(a.bits() as u64, big(a).bits());
        prop_assert_eq!(a.is_zero(), big(a) == BigUint::from(0u8));
        let fits128 = big(a).bits() <= 128;
        prop_assert_eq!(a.to_u128().is_some(), fits128);
        if let Some(v) = a.to_u128() {
            prop_assert_eq!(BigUint::from(v), big(a));
            prop_assert_eq!(U256::from_u128(v), a);
        }
        prop_assert_eq!(a.to_u64().is_some(), big(a).bits() <= 64);
        if let Some(v) = a.to_u64() {
            prop_assert_eq!(BigUint::from(v), big(a));
            prop_assert_eq!(U256::from(v), a);
        }
        prop_assert_eq!(U256::from_limbs_le(a.to_limbs_le()), a);
    }

    #[test]
    fn u128_round_trip(v in any::<u128>()) {
        prop_assert_eq!(U256::from_u128(v).to_u128(), Some(v));
        prop_assert_eq!(U256::from(v).to_u128(), Some(v));
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
    let all_ones = U256::MAX;
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
    // Three- and four-limb divisors where the two-limb estimate is one too large, forcing
    // the add-back step: 2^255 / (2^191 + 2^64 - 1) and relatives.
    let d3 = [
        U256::from_limbs_le([u64::MAX, 0, 1 << 63, 0]),
        U256::from_limbs_le([u64::MAX, 0, 0, 1 << 63]),
        U256::from_limbs_le([u64::MAX, u64::MAX, 0, 1 << 63]),
        U256::from_limbs_le([1, 0, 1, 0]),
        U256::from_limbs_le([u64::MAX, 0, 1, 0]),
        U256::from_limbs_le([0, 0, 1 << 63, 0]),
        U256::MAX,
    ];
    let x3 = [
        U256::from_limbs_le([0, 0, 0, 1 << 63]),
        U256::from_limbs_le([0, 0, 1 << 63, 0]),
        U256::from_limbs_le([0, 0, 0, 1]),
        all_ones,
        U256::from_limbs_le([0, u64::MAX, u64::MAX, u64::MAX]),
        U256::from_limbs_le([u64::MAX, 0, 0, 1 << 63]),
    ];
    for &d in &d3 {
        for &x in &x3 {
            check_div(x, d);
        }
    }
    // Known result: 2^255 = q * (2^191 + 2^64 - 1) + r.
    let (q, r) = U256::from_limbs_le([0, 0, 0, 1 << 63]).div_rem(d3[0]);
    let bd = big(d3[0]);
    assert_eq!(big(q), p2(255) / &bd);
    assert_eq!(big(r), p2(255) % &bd);
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
    let max = big(U256::MAX).to_string();
    assert_eq!(max.len(), 78);
    assert_eq!(U256::from_str(&max), Ok(U256::MAX));
    let over = (big(U256::MAX) + 1u8).to_string();
    assert_eq!(U256::from_str(&over), Err(ParseU256Error::Overflow));
    assert_eq!(U256::from_str(&"9".repeat(79)), Err(ParseU256Error::Overflow));
    assert_eq!(U256::from_str(&format!("{}1", "0".repeat(200))), Ok(U256::ONE));
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
    assert_eq!(U256::ONE.to_string(), "1");
    assert_eq!(U256::MAX, from_big(&(two256() - 1u8)));
    assert_eq!(U256::default(), U256::ZERO);
    assert_eq!(U256::MAX.bits(), 256);
    assert_eq!(U256::ZERO.bits(), 0);
    assert_eq!(U256::from_u64(10_000_000_000_000_000_000).to_string(), "10000000000000000000");
    assert_eq!(format!("{:>5}", U256::from_u64(42)), "   42");
    assert_eq!(format!("{:05}", U256::from_u64(42)), "00042");
    // Numeric, not lexicographic-limb, order.
    assert!(U256::from_limbs_le([0, 1, 0, 0]) > U256::from_limbs_le([u64::MAX, 0, 0, 0]));
    assert!(U256::from_limbs_le([0, 0, 0, 1]) > U256::from_limbs_le([u64::MAX, u64::MAX, u64::MAX, 0]));
    assert_eq!(U256::MAX.to_f64(), 2f64.powi(256));
    assert_eq!(U256::ZERO.to_f64(), 0.0);
}

#[test]
fn overflow_panics() {
    assert!(std::panic::catch_unwind(|| U256::MAX + U256::ONE).is_err());
    assert!(std::panic::catch_unwind(|| U256::MAX + 1u64).is_err());
    assert!(std::panic::catch_unwind(|| U256::ZERO - U256::ONE).is_err());
    assert!(std::panic::catch_unwind(|| U256::MAX * U256::from_u64(2)).is_err());
    assert!(std::panic::catch_unwind(|| U256::ONE.div_rem_u64(0)).is_err());
    assert!(std::panic::catch_unwind(|| U256::ONE.div_rem_u128(0)).is_err());
    assert!(std::panic::catch_unwind(|| U256::ONE.div_rem(U256::ZERO)).is_err());
    assert_eq!(U256::MAX.checked_mul_u128(2), None);
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
