//! Engine benchmarks: per-sample cost of unrank + filters, ranking, and perft speed.
//! Run with `cargo bench` (or `npm run bench`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use shogi_reach::rank;
use shogi_reach::rules::perft;
use shogi_reach::sample::RankSampler;
use shogi_reach::stage::failed_filter;
use shogi_reach::{MiniShogi, Position, Shogi, Variant};
use std::hint::black_box;

const BATCH: u64 = 1000;

fn filters<V: Variant>(c: &mut Criterion) {
    let sampler = RankSampler::<V>::new(1);
    let ranks: Vec<V::Rank> = (0..BATCH).map(|i| sampler.rank(i)).collect();
    let mut g = c.benchmark_group(format!("{}/sample", V::NAME));
    g.throughput(Throughput::Elements(BATCH));
    g.bench_function("draw rank", |b| {
        b.iter(|| (0..BATCH).map(|i| sampler.rank(black_box(i))).max())
    });
    g.bench_function("unrank+flip+piece+king", |b| {
        b.iter(|| {
            ranks
                .iter()
                .filter(|&&r| failed_filter(&rank::unrank::<V>(black_box(r)).unwrap()).is_none())
                .count()
        })
    });
    let positions: Vec<Position<V>> = ranks.iter().map(|&r| rank::unrank::<V>(r).unwrap()).collect();
    g.bench_function("rank", |b| b.iter(|| positions.iter().map(|p| p.rank().unwrap()).max()));
    g.finish();
}

fn perfts(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    for (name, depth, nodes) in [("shogi", 4u32, 719_731u64), ("minishogi", 5, 533_203)] {
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(BenchmarkId::new(name, depth), &depth, |b, &d| {
            b.iter(|| {
                if name == "shogi" {
                    perft(&Position::<Shogi>::startpos(), d)
                } else {
                    perft(&Position::<MiniShogi>::startpos(), d)
                }
            })
        });
    }
    g.finish();
}

fn all(c: &mut Criterion) {
    filters::<MiniShogi>(c);
    filters::<Shogi>(c);
    perfts(c);
}

criterion_group!(benches, all);
criterion_main!(benches);
