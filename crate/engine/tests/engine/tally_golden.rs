//! Tallies of fixed seeds, fixed before the speed work (issue 12): every optimisation must leave them
//! identical bit for bit, on any number of threads, in the lazy mode estimates use and the exact one.

use shogi_reach_engine::estimate::{run_range, run_range_keeping, Tally};
use shogi_reach_engine::reach::search::SearchOptions;
use shogi_reach_engine::reach::stage::Stage;
use shogi_reach_engine::{MiniShogi, Ranked, Shogi};

const LAZY: SearchOptions = SearchOptions { max_nodes: None, lazy_captures: true };
const EXACT: SearchOptions = SearchOptions { max_nodes: None, lazy_captures: false };

/// A tally as the numbers it holds: samples, stage counts in `Stage::ALL` order, Table 2, and the
/// reachable searches' pops, nodes and plies.
fn numbers(t: &Tally) -> (u64, Vec<u64>, Vec<u64>, [u64; 3]) {
    let stages = Stage::ALL.iter().map(|&s| t.count(s)).collect();
    (t.samples, stages, t.traced_back.clone(), [t.reachable_pops, t.reachable_nodes, t.reachable_plies])
}

fn on_threads<V: Ranked>(threads: usize, seed: u64, n: u64, options: SearchOptions) -> Tally {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    pool.install(|| run_range::<V>(seed, 0..n, options))
}

type Golden = (u64, [u64; 8], &'static [u64], [u64; 3]);

fn check<V: Ranked>(seed: u64, n: u64, options: SearchOptions, golden: Golden) {
    let (samples, stages, traced, sums) = golden;
    for threads in [1, 2, 3] {
        let got = numbers(&on_threads::<V>(threads, seed, n, options));
        assert_eq!(
            got,
            (samples, stages.to_vec(), traced.to_vec(), sums),
            "{} seed {seed}, {threads} threads",
            V::NAME
        );
    }
}

#[test]
fn lazy_tallies_are_fixed() {
    check::<Shogi>(
        1,
        20_000,
        LAZY,
        (20000, [0, 233, 18986, 520, 79, 0, 182, 0], &[79], [24063, 542922, 21120]),
    );
    check::<Shogi>(
        20261122,
        20_000,
        LAZY,
        (20000, [0, 239, 19051, 503, 64, 0, 143, 0], &[64], [19405, 425721, 16757]),
    );
    check::<MiniShogi>(
        1,
        20_000,
        LAZY,
        (20000, [0, 608, 3808, 11303, 1316, 1, 2964, 0], &[1316, 1], [121293, 878028, 75881]),
    );
    check::<MiniShogi>(
        20261122,
        20_000,
        LAZY,
        (20000, [0, 649, 3815, 11160, 1392, 2, 2982, 0], &[1392, 1, 1], [127411, 906782, 77202]),
    );
}

#[test]
fn exact_tallies_are_fixed() {
    check::<Shogi>(1, 3_000, EXACT, (3000, [0, 30, 2838, 90, 11, 0, 31, 0], &[11], [4208, 831138, 3600]));
    check::<Shogi>(
        20261122,
        3_000,
        EXACT,
        (3000, [0, 35, 2853, 71, 18, 0, 23, 0], &[18], [3158, 631497, 2757]),
    );
    check::<MiniShogi>(
        1,
        3_000,
        EXACT,
        (3000, [0, 84, 590, 1671, 199, 0, 456, 0], &[199], [17121, 684650, 11421]),
    );
    check::<MiniShogi>(
        20261122,
        3_000,
        EXACT,
        (3000, [0, 106, 580, 1644, 241, 0, 429, 0], &[241], [16551, 649477, 10869]),
    );
}

/// The first reachable samples kept (the browser's gallery), by index and rank.
fn kept<V: Ranked>(seed: u64) -> Vec<(u64, String)> {
    let batch = run_range_keeping::<V>(seed, 0..20_000, LAZY, 5);
    batch.reachable.iter().map(|(i, p)| (*i, p.rank().unwrap().to_string())).collect()
}

#[test]
fn kept_samples_are_fixed() {
    let s = |v: &[(u64, &str)]| v.iter().map(|&(i, r)| (i, r.to_string())).collect::<Vec<_>>();
    assert_eq!(
        kept::<Shogi>(1),
        s(&[
            (6, "16912952329515968345342261421216555161418591665173259335401258951442441"),
            (29, "73984716014835345678402452227925860472447841792326125870823985610391751"),
            (81, "49338562512591120989594230178046271525676389094961437344738556066508451"),
            (82, "17341586564559796305597679228252342827238711446670600244152351178046580"),
            (297, "64953554231194410843457443226331086368547360324763520945146639640687054"),
        ])
    );
    assert_eq!(
        kept::<MiniShogi>(20261122),
        s(&[
            (2, "4307957748578717336"),
            (11, "6141465313655692646"),
            (23, "10493112637219399323"),
            (36, "10849389289537999485"),
            (49, "15611030430585294425"),
        ])
    );
}
