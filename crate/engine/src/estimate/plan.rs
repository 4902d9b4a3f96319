//! The precision planner: how many samples an estimate needs for a number of significant digits.

/// The samples a run needs so that the 3σ interval of p̂·|P_K| lies within half a unit of the `digits`-th
/// significant digit of the estimate, judged from the running p̂ (`None` without one: p̂ 0, 1 or
/// undefined, or `digits` outside 1..=15).
///
/// With R = p̂·|P_K| = m·10^e (1 ≤ m < 10), half a unit of digit D is 0.5·10^(e−D+1) = R·10^(1−D)/(2m); the
/// interval's half-width is 3·|P_K|·sqrt(p̂(1−p̂)/n), so n ≥ (1−p̂)/p̂ · (6m·10^(D−1))².
pub fn samples_for_digits(p_hat: f64, candidates: f64, digits: u32) -> Option<f64> {
    if !(p_hat > 0.0 && p_hat < 1.0 && candidates > 0.0 && (1..=15).contains(&digits)) {
        return None;
    }
    let reachable = p_hat * candidates;
    let mantissa = reachable / 10f64.powf(reachable.log10().floor());
    let width = 6.0 * mantissa * 10f64.powi(digits as i32 - 1);
    Some(((1.0 - p_hat) / p_hat * width * width).ceil())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_planned_run_gives_the_digits() {
        let candidates = 16014219505238849250.0;
        for digits in 1..=6 {
            let p = 0.1488;
            let n = samples_for_digits(p, candidates, digits).unwrap();
            let half_width = 3.0 * candidates * (p * (1.0 - p) / n).sqrt();
            let r = p * candidates;
            let unit = 10f64.powf(r.log10().floor() - digits as f64 + 1.0);
            assert!(half_width <= 0.5 * unit * (1.0 + 1e-9), "{digits}: {half_width} > {}", 0.5 * unit);
            let fewer = 3.0 * candidates * (p * (1.0 - p) / (0.98 * n)).sqrt();
            assert!(fewer > 0.5 * unit, "{digits}: not the least");
        }
        assert_eq!(samples_for_digits(0.0, candidates, 3), None);
        assert_eq!(samples_for_digits(f64::NAN, candidates, 3), None);
        assert_eq!(samples_for_digits(0.5, candidates, 0), None);
    }
}
