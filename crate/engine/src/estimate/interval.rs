//! Confidence intervals of a binomial share p = k / n, at the confidence of the papers' 3σ (99.73 %):
//! Wilson's score interval and the exact (Clopper–Pearson) one, beside the normal p̂ ± 3σ of
//! [`crate::estimate::tally::ReachableEstimate`]. The normal interval is what the papers print; it is too
//! narrow, or below 0, for a share of a few counts (a row of Table 2 with 0 or 3 samples), where Wilson's
//! keeps its coverage and Clopper–Pearson's never covers less than it says.

/// The normal quantile of the intervals: 3, as the papers' 3σ.
pub const Z: f64 = 3.0;

/// The probability outside a two-sided 3σ normal interval, 2·(1 − Φ(3)) (to f64's precision).
pub const ALPHA: f64 = 0.002_699_796_063_260_207;

/// Wilson's score interval of `k` successes in `n` trials at [`Z`]; `None` when `n` is 0.
pub fn wilson(k: u64, n: u64) -> Option<[f64; 2]> {
    (n > 0 && k <= n).then(|| {
        let (k, n) = (k as f64, n as f64);
        let p = k / n;
        let z2 = Z * Z;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        [(centre - half).max(0.0), (centre + half).min(1.0)]
    })
}

/// The exact (Clopper–Pearson) interval of `k` successes in `n` trials at confidence 1 − [`ALPHA`]: the
/// shares p whose binomial tail P(X ≥ k) (low end) or P(X ≤ k) (high end) is α/2, from the quantiles of
/// the beta distribution, to at least seven significant digits (the continued fraction near x = 1 loses
/// some of f64's for 10⁹ samples and more); `None` when `n` is 0.
pub fn clopper_pearson(k: u64, n: u64) -> Option<[f64; 2]> {
    (n > 0 && k <= n).then(|| {
        let (kf, nf) = (k as f64, n as f64);
        let low = if k == 0 { 0.0 } else { beta_quantile(ALPHA / 2.0, kf, nf - kf + 1.0) };
        let high = if k == n { 1.0 } else { beta_quantile(1.0 - ALPHA / 2.0, kf + 1.0, nf - kf) };
        [low, high]
    })
}

/// The x in [0, 1] with I_x(a, b) = `q`, by bisection (I is increasing in x), to a relative 1e-13.
fn beta_quantile(q: f64, a: f64, b: f64) -> f64 {
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..2000 {
        let mid = 0.5 * (lo + hi);
        if hi - lo <= 1e-13 * mid || mid <= lo || mid >= hi {
            break;
        }
        if regularized_beta(mid, a, b) < q {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz's method), on
/// the side of x where it converges fast.
pub fn regularized_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let ln_front = a * x.ln() + b * (-x).ln_1p() - ln_beta(a, b);
    if x < (a + 1.0) / (a + b + 2.0) {
        (ln_front - a.ln()).exp() * beta_fraction(x, a, b)
    } else {
        1.0 - (ln_front - b.ln()).exp() * beta_fraction(1.0 - x, b, a)
    }
}

/// The continued fraction of I_x(a, b) (Numerical Recipes' `betacf`, by the modified Lentz method).
fn beta_fraction(x: f64, a: f64, b: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    d = 1.0 / if d.abs() < TINY { TINY } else { d };
    let mut h = d;
    // At most about √max(a, b) terms: 10⁶ covers shares of up to 10¹² samples.
    for m in 1..1_000_000 {
        let m = m as f64;
        let m2 = 2.0 * m;
        for aa in
            [m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))]
        {
            d = 1.0 + aa * d;
            d = 1.0 / if d.abs() < TINY { TINY } else { d };
            c = 1.0 + aa / c;
            if c.abs() < TINY {
                c = TINY;
            }
            h *= d * c;
        }
        if (d * c - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b). For a large b, ln Γ(b) − ln Γ(a + b) is taken from
/// Stirling's series directly: the two logarithms are near 10¹¹ for 5·10⁹ samples, and their difference
/// would keep only about six digits.
fn ln_beta(a: f64, b: f64) -> f64 {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    if b < STIRLING_FROM {
        return ln_gamma(a) + ln_gamma(b) - ln_gamma(a + b);
    }
    let ratio = -(b - 0.5) * (a / b).ln_1p() - a * (a + b).ln() + a + stirling_tail(b) - stirling_tail(a + b);
    ln_gamma(a) + ratio
}

/// Where Stirling's series (to its x⁻⁷ term) is used: its next term is below 2·10⁻¹⁵ from here.
const STIRLING_FROM: f64 = 20.0;

/// ln Γ(x) for x > 0: Stirling's series from [`STIRLING_FROM`] up, the recurrence Γ(x + 1) = x·Γ(x) below.
fn ln_gamma(x: f64) -> f64 {
    let mut shift = 0.0;
    let mut x = x;
    while x < STIRLING_FROM {
        shift -= x.ln();
        x += 1.0;
    }
    shift + (x - 0.5) * x.ln() - x + 0.5 * (2.0 * std::f64::consts::PI).ln() + stirling_tail(x)
}

/// The correction terms of Stirling's series for ln Γ(x): 1/(12x) − 1/(360x³) + 1/(1260x⁵) − 1/(1680x⁷).
fn stirling_tail(x: f64) -> f64 {
    let inv = 1.0 / x;
    let inv2 = inv * inv;
    inv * (1.0 / 12.0 - inv2 * (1.0 / 360.0 - inv2 * (1.0 / 1260.0 - inv2 / 1680.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ln_gamma_matches_factorials() {
        let mut factorial = 1.0_f64;
        for n in 1..30u32 {
            factorial *= n as f64;
            let got = ln_gamma(n as f64 + 1.0);
            assert!((got - factorial.ln()).abs() < 1e-12 * factorial.ln().max(1.0), "{n}: {got}");
        }
        // Γ(1/2) = √π.
        assert!((ln_gamma(0.5) - std::f64::consts::PI.sqrt().ln()).abs() < 1e-13);
    }

    #[test]
    fn the_exact_interval_has_closed_forms_at_0_and_n() {
        for n in [1u64, 7, 100, 65_536, 5_000_000_000] {
            let [low, high] = clopper_pearson(0, n).unwrap();
            // 1 − (α/2)^(1/n), without the cancellation of 1 − (a number near 1).
            let want = -((ALPHA / 2.0).ln() / n as f64).exp_m1();
            assert_eq!(low, 0.0);
            assert!((high - want).abs() <= 1e-7 * want, "n {n}: {high} against {want}");
            let [low, high] = clopper_pearson(n, n).unwrap();
            assert!((low - (1.0 - want)).abs() <= 1e-12, "n {n}: {low}");
            assert_eq!(high, 1.0);
        }
    }

    #[test]
    fn the_exact_interval_is_where_the_binomial_tails_are_alpha_over_2() {
        // P(X ≥ k) at the low end and P(X ≤ k) at the high end, summed term by term.
        let tail = |k: u64, n: u64, p: f64, upper: bool| -> f64 {
            let terms = if upper { k..=n } else { 0..=k };
            terms.map(|i| (ln_choose(n, i) + i as f64 * p.ln() + (n - i) as f64 * (-p).ln_1p()).exp()).sum()
        };
        for (k, n) in [(1u64, 10u64), (3, 20), (50, 100), (7, 1000), (990, 1000)] {
            let [low, high] = clopper_pearson(k, n).unwrap();
            assert!((tail(k, n, low, true) - ALPHA / 2.0).abs() < 1e-9, "{k}/{n} low {low}");
            assert!((tail(k, n, high, false) - ALPHA / 2.0).abs() < 1e-9, "{k}/{n} high {high}");
        }
    }

    fn ln_choose(n: u64, k: u64) -> f64 {
        ln_gamma(n as f64 + 1.0) - ln_gamma(k as f64 + 1.0) - ln_gamma((n - k) as f64 + 1.0)
    }

    #[test]
    fn wilson_is_the_score_interval_and_the_intervals_nest_as_expected() {
        // p̂ = 0: [0, z²/(n + z²)].
        let [low, high] = wilson(0, 100).unwrap();
        assert_eq!(low, 0.0);
        assert!((high - 9.0 / 109.0).abs() < 1e-15);
        // Large counts: all three agree to a small fraction of σ.
        let (k, n) = (40_491_613u64, 5_000_000_000u64);
        let p = k as f64 / n as f64;
        let sigma = (p * (1.0 - p) / n as f64).sqrt();
        for [low, high] in [wilson(k, n).unwrap(), clopper_pearson(k, n).unwrap()] {
            assert!((low - (p - 3.0 * sigma)).abs() < 0.01 * sigma, "{low}");
            assert!((high - (p + 3.0 * sigma)).abs() < 0.01 * sigma, "{high}");
        }
        // Few counts: where p̂ − 3σ is below 0, both stay in [0, 1] around p̂.
        for (k, n) in [(1u64, 50u64), (3, 1000), (2, 7)] {
            let p = k as f64 / n as f64;
            assert!(p - 3.0 * (p * (1.0 - p) / n as f64).sqrt() < 0.0);
            for [low, high] in [wilson(k, n).unwrap(), clopper_pearson(k, n).unwrap()] {
                assert!(0.0 < low && low < p && p < high && high < 1.0, "{k}/{n}: [{low}, {high}]");
            }
        }
        assert_eq!(wilson(1, 0), None);
        assert_eq!(clopper_pearson(3, 2), None);
    }
}
