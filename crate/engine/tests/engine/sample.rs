//! Seeded sampling: deterministic per (seed, index), in range, and uniform enough to reproduce the
//! paper's filter pass rates.

use shogi_reach_engine::ranking::rank;
use shogi_reach_engine::ranking::sample::RankSampler;
use shogi_reach_engine::reach::stage::{failed_filter, Stage};
use shogi_reach_engine::{MiniShogi, Ranked, Shogi};

#[test]
fn same_seed_same_sample_any_order() {
    let a = RankSampler::<Shogi>::new(7);
    let b = RankSampler::<Shogi>::new(7);
    let forward: Vec<_> = (0..200).map(|i| a.rank(i)).collect();
    let backward: Vec<_> = (0..200).rev().map(|i| b.rank(i)).collect();
    assert!(forward.iter().eq(backward.iter().rev()));
    let other: Vec<_> = (0..200).map(|i| RankSampler::<Shogi>::new(8).rank(i)).collect();
    assert_ne!(forward, other);
    let count = rank::candidate_count::<Shogi>();
    assert!(forward.iter().all(|r| *r < count));
    // Top bits are used: some draws exceed half of |P_K|.
    assert!(forward.iter().any(|r| r.bits() == count.bits()));
}

/// Fraction of samples passing each filter, with its binomial standard error.
fn pass_rates<V: Ranked>(seed: u64, n: u64) -> [f64; 3] {
    let sampler = RankSampler::<V>::new(seed);
    let mut failed = [0u64; 3];
    for i in 0..n {
        let pos = rank::unrank::<V>(sampler.rank(i)).unwrap();
        match failed_filter(&pos) {
            Some(Stage::Flip) => failed[0] += 1,
            Some(Stage::Piece) => failed[1] += 1,
            Some(Stage::King) => failed[2] += 1,
            _ => {}
        }
    }
    let mut left = n;
    failed.map(|f| {
        left -= f;
        left as f64 / n as f64
    })
}

fn within_4_sigma(observed: f64, expected: f64, n: u64, what: &str) {
    let sigma = (expected * (1.0 - expected) / n as f64).sqrt();
    assert!((observed - expected).abs() < 4.0 * sigma, "{what}: {observed} vs {expected} (σ {sigma})");
}

#[test]
fn minishogi_filter_rates_match_the_paper() {
    // Paper, Table 1 (1e8 samples): after flip 96.774 %, piece 77.796 %, king 21.507 %.
    let n = 200_000;
    let [flip, piece, king] = pass_rates::<MiniShogi>(20261122, n);
    within_4_sigma(flip, 0.96774, n, "flip");
    within_4_sigma(piece, 0.77796, n, "piece");
    within_4_sigma(king, 0.21507, n, "king");
}

#[test]
fn shogi_filter_rates_match_the_reference_run() {
    // The authors' published run of 1 M samples: flipH_NG 10 946, piece_OK 37 417, check_OK 11 760 per 1e6.
    let n = 200_000;
    let [flip, piece, king] = pass_rates::<Shogi>(20261122, n);
    within_4_sigma(flip, 1.0 - 0.010946, n, "flip");
    within_4_sigma(piece, 0.037417, n, "piece");
    within_4_sigma(king, 0.011760, n, "king");
}
