//! Estimates: agreement with the paper's Mini Shogi estimate, and identical tallies however the samples
//! are split over shards and threads.

use shogi_reach_engine::estimate::blocks::run_by_block;
use shogi_reach_engine::estimate::{
    merge_reports, run_range, shard_range, try_shard_range, Report, ShardError, StageCounts, Tally,
};
use shogi_reach_engine::reach::search::SearchOptions;
use shogi_reach_engine::reach::stage::Stage;
use shogi_reach_engine::{MiniShogi, Shogi};

const FAST: SearchOptions = SearchOptions { max_nodes: None, lazy_captures: true };

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
}

/// The paper: 14 849 198 reachable of 1e8 Mini Shogi samples. A million of ours must agree within 3σ.
#[test]
fn minishogi_estimate_agrees_with_the_paper() {
    let n = 1_000_000;
    let tally = run_range::<MiniShogi>(20261122, 0..n, FAST);
    assert_eq!(tally.samples, n);
    let paper = 14_849_198.0 / 1e8;
    let p = tally.count(Stage::Ok) as f64 / n as f64;
    let sigma = (paper * (1.0 - paper) / n as f64).sqrt();
    assert!((p - paper).abs() < 3.0 * sigma, "p̂ = {p}, paper {paper}, σ = {sigma}");
    // Table 1 rows too (each within 4σ of the paper's proportion).
    let paper_rows = [1.0, 0.96774076, 0.77795825, 0.21506911, 0.14849198];
    for ((name, passed), expected) in tally.funnel().iter().zip(paper_rows) {
        let q = *passed as f64 / n as f64;
        let s = (expected * (1.0 - expected) / n as f64).sqrt();
        assert!((q - expected).abs() <= 4.0 * s, "{name}: {q} vs {expected}");
    }
    // Table 2: almost all unreachable positions have no predecessor at all.
    assert!(
        tally.traced_back[0] as f64 > 0.99 * (tally.count(Stage::Prev) + tally.count(Stage::Reach)) as f64
    );
    let e = tally.estimate::<MiniShogi>().expect("samples");
    assert!(e.low < 2.3780e18 && 2.3780e18 < e.high, "{e:?}");
}

#[test]
fn shards_and_threads_give_the_same_tally() {
    let n = 20_000;
    let seed = 99;
    let whole = pool(2).install(|| run_range::<MiniShogi>(seed, 0..n, FAST));
    let single = pool(1).install(|| run_range::<MiniShogi>(seed, 0..n, FAST));
    assert_eq!(whole, single);
    let m = 3;
    let reports: Vec<Report> =
        (0..m)
            .map(|k| {
                let r = shard_range(n, k, m);
                let t = run_range::<MiniShogi>(seed, r.clone(), FAST);
                Report::new::<MiniShogi>(seed, n, vec![[r.start, r.end]], None, t)
                    .with_blocks(run_by_block::<MiniShogi>(seed, r, FAST))
            })
            .collect();
    let merged = merge_reports::<MiniShogi>(&reports).unwrap();
    assert!(merged.is_complete());
    assert_eq!(merged.tally, whole);
    let blocks = run_by_block::<MiniShogi>(seed, 0..n, FAST);
    assert_eq!(
        merged,
        Report::new::<MiniShogi>(seed, n, vec![[0, n]], None, whole.clone()).with_blocks(blocks)
    );
    // Overlapping or foreign shards are refused.
    assert!(merge_reports::<MiniShogi>(&[reports[0].clone(), reports[0].clone()]).is_err());
    let mut other = reports[1].clone();
    other.seed += 1;
    assert!(merge_reports::<MiniShogi>(&[reports[0].clone(), other]).is_err());
    assert!(!merge_reports::<MiniShogi>(&reports[..2]).unwrap().is_complete());
    // Exact and lazy searches decide the same.
    let exact = run_range::<MiniShogi>(seed, 0..2_000, SearchOptions::default());
    let lazy = run_range::<MiniShogi>(seed, 0..2_000, FAST);
    assert_eq!(exact.stages, lazy.stages);
    assert_eq!(exact.traced_back, lazy.traced_back);
    assert_eq!(exact.reachable_pops, lazy.reachable_pops);
}

#[test]
fn shard_ranges_partition() {
    for (n, m) in [(10u64, 3u64), (7, 7), (5, 8), (1_000_003, 64)] {
        let mut at = 0;
        for k in 0..m {
            let r = shard_range(n, k, m);
            assert_eq!(r.start, at);
            at = r.end;
        }
        assert_eq!(at, n);
    }
}

/// Exact near `u64::MAX` (computed in 128 bits), and `k >= m` is an error, not a panic.
#[test]
fn shard_ranges_of_huge_runs() {
    let max = u64::MAX;
    assert_eq!(try_shard_range(max, 0, 1), Ok(0..max));
    assert_eq!(try_shard_range(max, max - 1, max), Ok(max - 1..max));
    assert_eq!(try_shard_range(max, 0, max), Ok(0..1));
    assert_eq!(try_shard_range(max - 1, max - 1, max), Ok(max - 2..max - 1));
    assert_eq!(try_shard_range(max, 1, 2), Ok(max / 2..max));
    assert_eq!(try_shard_range(3, max - 1, max), Ok(2..3));
    assert_eq!(try_shard_range(0, max - 1, max), Ok(0..0));
    // Neighbouring parts meet, and the last ends at n.
    for (n, m) in [(max, max), (max, 3), (max - 7, max - 1), (max / 3, 1 << 40)] {
        for k in [0, 1, m / 2, m - 2, m - 1] {
            let (a, b) = (try_shard_range(n, k, m).unwrap(), try_shard_range(n, k + 1, m));
            if let Ok(b) = b {
                assert_eq!(a.end, b.start);
            } else {
                assert_eq!(a.end, n);
            }
            assert!(a.start <= a.end);
        }
    }
    for (k, m) in [(0, 0), (1, 1), (5, 3), (max, max), (max, 0)] {
        let e = try_shard_range(10, k, m).unwrap_err();
        assert_eq!(e, ShardError { k, m });
        assert!(e.to_string().contains("K < M"), "{e}");
        assert!(std::panic::catch_unwind(|| shard_range(10, k, m)).is_err());
    }
}

#[test]
fn shogi_small_run() {
    let t: Tally = run_range::<Shogi>(1, 0..3_000, FAST);
    assert_eq!(t.samples, 3_000);
    assert_eq!(t.stages.total(), 3_000);
    assert_eq!(t.count(Stage::Unknown), 0);
}

#[test]
fn a_batch_of_ranks_counts_like_the_oracle() {
    use shogi_reach_engine::ranking::rank::RankInt;
    let mut ranks = Vec::new();
    let mut expected = StageCounts::default();
    for row in crate::common::oracle("minishogi-sample.tsv").iter().take(3000) {
        ranks.push(u64::parse_decimal(row.get("rank")).unwrap());
        expected[Stage::from_name(row.get("stage")).unwrap()] += 1;
    }
    let t = shogi_reach_engine::estimate::tally_ranks::<MiniShogi>(&ranks, FAST).unwrap();
    assert_eq!(t.stages, expected);
    assert!(shogi_reach_engine::estimate::tally_ranks::<MiniShogi>(&[u64::MAX], FAST).is_err());
}
