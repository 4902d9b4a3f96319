//! Engine benchmarks: per-sample cost of unrank + filters, ranking, and perft speed.
//! Run with `cargo bench` (or `npm run bench`). With the filter `stages` (`npm run bench -- stages`) it
//! first prints where one core's time goes per stage of the pipeline, and the estimate's thread scaling
//! on 1, 2, 4, … threads up to the machine's cores.

use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use shogi_reach_engine::board::variant::Judkins;
use shogi_reach_engine::estimate::run_range;
use shogi_reach_engine::ranking::rank;
use shogi_reach_engine::ranking::sample::RankSampler;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::reach::stage::failed_filter;
use shogi_reach_engine::reach::stage::{classify, classify_rank, Stage};
use shogi_reach_engine::rules::perft;
use shogi_reach_engine::{Game, MiniShogi, Position, Ranked, Shogi};
use std::hint::black_box;
use std::time::{Duration, Instant};

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
    let games = [(Game::Shogi, 4u32, 719_731u64), (Game::MiniShogi, 5, 533_203), (Game::Judkins, 4, 118_345)];
    for (game, depth, nodes) in games {
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(BenchmarkId::new(game.name(), depth), &depth, |b, &d| {
            b.iter(|| shogi_reach_engine::with_game!(game, V => perft(&Position::<V>::startpos(), d)))
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
    filters::<Judkins>(c);
    pipeline::<MiniShogi>(c, 20_000);
    pipeline::<Shogi>(c, 20_000);
    pipeline::<Judkins>(c, 20_000);
    perfts(c);
}

/// Where one core's time goes over `n` samples of one seed, stage by stage as estimates run them:
/// unranking (stopping at the first misplaced piece), the filters on the positions built, and the lazy
/// search (which decides the prev stage too) on those that pass; Prev1 of those is timed alone as well.
fn stage_report<V: Ranked>(n: u64) {
    let sampler = RankSampler::<V>::new(7);
    let ranks: Vec<V::Rank> = (0..n).map(|i| sampler.rank(i)).collect();
    let timed = |f: &mut dyn FnMut()| {
        let t = Instant::now();
        f();
        t.elapsed()
    };
    let mut built = Vec::new();
    let unrank_time = timed(&mut || {
        built = ranks.iter().filter_map(|&r| rank::unrank_unless_misplaced::<V>(r).unwrap()).collect();
    });
    let mut passed = Vec::new();
    let filter_time = timed(&mut || {
        passed = built.iter().filter(|p| failed_filter(*p).is_none()).copied().collect();
    });
    let mut search = KkSearch::<V>::new();
    let mut n_prev = 0;
    let prev_time = timed(&mut || n_prev = passed.iter().map(|p| search.count_predecessors(p)).sum());
    let options = SearchOptions { lazy_captures: true, ..SearchOptions::default() };
    let mut reachable = 0;
    let search_time = timed(&mut || {
        reachable = passed.iter().filter(|p| classify(*p, &mut search, options).stage == Stage::Ok).count();
    });
    let total = unrank_time + filter_time + search_time;
    println!("\n{}: {n} samples, {:.0} samples/s on one core", V::NAME, n as f64 / total.as_secs_f64());
    println!("  {:<34} {:>9} {:>12} {:>8}", "stage", "samples", "µs each", "share");
    let row = |name: &str, count: usize, t: Duration| {
        let each = t.as_secs_f64() * 1e6 / count.max(1) as f64;
        let share = 100.0 * t.as_secs_f64() / total.as_secs_f64();
        println!("  {name:<34} {count:>9} {each:>12.3} {share:>7.1}%");
    };
    row("unrank (to first misplaced piece)", ranks.len(), unrank_time);
    row("filters (flip, piece, king)", built.len(), filter_time);
    row("prev + search (lazy)", passed.len(), search_time);
    row("  of which Prev1 alone (all parts)", passed.len(), prev_time);
    println!("  ({n_prev} predecessors generated by Prev1 alone; {reachable} reachable)");
}

/// Samples/s of `run_range` on 1, 2, 4, … threads up to the machine's cores, `per_thread` samples per
/// thread (one call, as a library caller would; and in the CLI's calls of 4096 samples per thread),
/// with the efficiency against linear scaling. Tallies must agree across thread counts.
fn scaling<V: Ranked>(per_thread: u64) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut counts: Vec<usize> =
        std::iter::successors(Some(1), |&t| Some(t * 2)).take_while(|&t| t < cores).collect();
    counts.push(cores);
    let options = SearchOptions { lazy_captures: true, ..SearchOptions::default() };
    println!("\n{} thread scaling ({per_thread} samples per thread):", V::NAME);
    println!(
        "  {:>7} {:>14} {:>10} {:>20} {:>10}",
        "threads", "samples/s", "vs linear", "CLI chunks, samp/s", "vs linear"
    );
    let mut base = [0.0; 2];
    for t in counts {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(t).build().unwrap();
        let n = per_thread * t as u64;
        let start = Instant::now();
        let whole = pool.install(|| run_range::<V>(7, 0..n, options));
        let rate = n as f64 / start.elapsed().as_secs_f64();
        let start = Instant::now();
        let chunk = 4096 * t as u64;
        let mut chunked = shogi_reach_engine::estimate::Tally::default();
        for from in (0..n).step_by(chunk as usize) {
            chunked.merge(&pool.install(|| run_range::<V>(7, from..(from + chunk).min(n), options))).unwrap();
        }
        let chunked_rate = n as f64 / start.elapsed().as_secs_f64();
        assert_eq!(whole, chunked, "tallies differ");
        if t == 1 {
            base = [rate, chunked_rate];
        }
        let eff = |r: f64, b: f64| r / (b * t as f64);
        println!(
            "  {t:>7} {rate:>14.0} {:>10.2} {chunked_rate:>20.0} {:>10.2}",
            eff(rate, base[0]),
            eff(chunked_rate, base[1])
        );
    }
}

fn main() {
    // `stages` as criterion's filter: the stage and scaling report first (criterion finds no benchmark
    // of that name).
    if std::env::args().skip(1).any(|a| a == "stages") {
        stage_report::<MiniShogi>(200_000);
        stage_report::<Shogi>(400_000);
        stage_report::<Judkins>(200_000);
        scaling::<MiniShogi>(100_000);
        scaling::<Shogi>(150_000);
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
criterion_group!(benches, all);
