//! Engine benchmarks: per-sample cost of unrank + filters, ranking, and perft speed.
//! Run with `cargo bench` (or `npm run bench`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use shogi_reach::estimate::run_range;
use shogi_reach::ranking::rank;
use shogi_reach::ranking::sample::RankSampler;
use shogi_reach::reach::search::{KkSearch, SearchOptions};
use shogi_reach::reach::stage::failed_filter;
use shogi_reach::reach::stage::{classify_rank, Stage};
use shogi_reach::rules::perft;
use shogi_reach::{Game, MiniShogi, Position, Ranked, Shogi};
use std::hint::black_box;

const BATCH: u64 = 1000;

fn filters<V: Ranked>(c: &mut Criterion) {
    let sampler = RankSampler::<V>::new(1);
    let ranks: Vec<V::Rank> = (0..BATCH).map(|i| sampler.rank(i)).collect();
    let mut g = c.benchmark_group(format!("{}/sample", V::NAME));
    g.throughput(Throughput::Elements(BATCH));
    g.bench_function("draw rank", |b| b.iter(|| (0..BATCH).map(|i| sampler.rank(black_box(i))).max()));
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
    for (game, depth, nodes) in [(Game::Shogi, 4u32, 719_731u64), (Game::MiniShogi, 5, 533_203)] {
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(BenchmarkId::new(game.name(), depth), &depth, |b, &d| {
            b.iter(|| shogi_reach::with_game!(game, V => perft(&Position::<V>::startpos(), d)))
        });
    }
    g.finish();
}

/// The whole pipeline per sample (one core), and one reachable position's search.
fn pipeline<V: Ranked>(c: &mut Criterion, samples: u64) {
    let mut g = c.benchmark_group(format!("{}/pipeline", V::NAME));
    g.sample_size(10);
    g.throughput(Throughput::Elements(samples));
    let options = SearchOptions { lazy_captures: true, ..SearchOptions::default() };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    g.bench_function("classify samples (1 thread)", |b| {
        b.iter(|| pool.install(|| run_range::<V>(7, 0..samples, options)))
    });
    // Reachable positions of the same sample, searched one by one.
    let sampler = RankSampler::<V>::new(7);
    let mut search = KkSearch::<V>::new();
    let reachable: Vec<Position<V>> = (0..samples)
        .filter_map(|i| {
            let c = classify_rank::<V>(sampler.rank(i), &mut search, options).unwrap();
            (c.stage == Stage::Ok).then_some(c.position)
        })
        .take(100)
        .collect();
    g.throughput(Throughput::Elements(reachable.len() as u64));
    for (name, lazy) in [("search reachable (lazy)", true), ("search reachable (exact)", false)] {
        let l = SearchOptions { lazy_captures: lazy, ..SearchOptions::default() };
        g.bench_function(name, |b| {
            b.iter(|| reachable.iter().map(|p| search.run(p, l, |_| true).pops).sum::<u64>())
        });
    }
    g.finish();
}

fn all(c: &mut Criterion) {
    filters::<MiniShogi>(c);
    filters::<Shogi>(c);
    pipeline::<MiniShogi>(c, 20_000);
    pipeline::<Shogi>(c, 20_000);
    perfts(c);
}

criterion_group!(benches, all);
criterion_main!(benches);
