//! Comparing a run's counts with counts from elsewhere (the papers' tables, which `replicate` prints
//! beside a run's): how many σ apart two independent samples put a share.

/// The two-sample z statistic of the shares x/n and y/m, with the pooled share's standard error:
/// (x/n − y/m) / √(q(1−q)(1/n + 1/m)), q = (x + y)/(n + m). `None` where there is no spread to measure by
/// (both shares 0, or both 1) or no sample on a side.
pub fn sigma_distance(x: u64, n: u64, y: u64, m: u64) -> Option<f64> {
    if n == 0 || m == 0 {
        return None;
    }
    let (xf, nf, yf, mf) = (x as f64, n as f64, y as f64, m as f64);
    let pooled = (xf + yf) / (nf + mf);
    let se = (pooled * (1.0 - pooled) * (1.0 / nf + 1.0 / mf)).sqrt();
    (se > 0.0).then(|| (xf / nf - yf / mf) / se)
}

#[cfg(test)]
mod tests {
    use super::sigma_distance;

    #[test]
    fn sigma_distance_is_the_pooled_two_sample_z() {
        assert_eq!(sigma_distance(50, 100, 50, 100), Some(0.0));
        // Pooled share 1/2: the standard error is √(1/4 · 2/100).
        let z = sigma_distance(60, 100, 40, 100).unwrap();
        assert!((z - 0.2 / (0.25f64 * 0.02).sqrt()).abs() < 1e-12, "{z}");
        assert_eq!(sigma_distance(40, 100, 60, 100), Some(-z));
        assert_eq!(sigma_distance(0, 10, 0, 1000), None);
        assert_eq!(sigma_distance(10, 10, 1000, 1000), None);
        assert_eq!(sigma_distance(0, 0, 5, 10), None);
    }
}
