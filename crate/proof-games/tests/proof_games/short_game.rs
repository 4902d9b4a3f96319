//! Short proof games: the lower bound never exceeds the true distance from the initial position, and the
//! short search finds games exactly as short as the shortest ones a breadth-first search knows.

use shogi_reach_engine::board::moves::MoveList;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::rules::{legal_moves, play};
use shogi_reach_engine::{MiniShogi, Position, Ranked, Shogi};
use shogi_reach_proof_games::proof_game::{build_proof_game, Choice, Method, ProofGameError, ShortBudget};
use shogi_reach_proof_games::short::bound::Bound;
use shogi_reach_proof_games::WithOpening;
use std::collections::HashMap;

/// A budget 25 times the Shogi default: the searches these tests ask for find their games well within it.
const LARGE_BUDGET: ShortBudget = ShortBudget { weighed: 1_000_000, threads: 2 };

/// Every position within `depth` plies of the initial position, with its distance (breadth first).
fn distances<V: Ranked>(depth: u32) -> HashMap<Position<V>, u32> {
    let start = Position::<V>::startpos();
    let mut seen = HashMap::from([(start, 0)]);
    let mut frontier = vec![start];
    let mut moves = MoveList::new();
    for d in 1..=depth {
        let mut next = Vec::new();
        for p in &frontier {
            legal_moves(p, &mut moves);
            for &m in moves.iter() {
                let q = play(p, m);
                seen.entry(q).or_insert_with(|| {
                    next.push(q);
                    d
                });
            }
        }
        frontier = next;
    }
    seen
}

/// Up to `n` positions of each distance, in a fixed order.
fn sample<V: Ranked>(known: &HashMap<Position<V>, u32>, n: usize) -> Vec<(Position<V>, u32)> {
    let mut all: Vec<(Position<V>, u32)> = known.iter().map(|(p, &d)| (*p, d)).collect();
    all.sort_by_key(|(p, d)| (*d, p.to_sfen()));
    let mut out = Vec::new();
    for d in 0..=all.last().map_or(0, |x| x.1) {
        let at_d: Vec<_> = all.iter().filter(|x| x.1 == d).collect();
        let step = (at_d.len() / n).max(1);
        out.extend(at_d.iter().step_by(step).take(n).map(|x| **x));
    }
    out
}

fn check_shortest<V: Ranked + WithOpening>(depth: u32, per_depth: usize) {
    let known = distances::<V>(depth);
    let bound = Bound::<V>::new();
    for (p, d) in &known {
        let lb = bound.plies(p).expect("a reachable position has a bound");
        assert!(lb <= *d, "bound {lb} above the distance {d} of {}", p.to_sfen());
    }
    let mut search = KkSearch::<V>::new();
    let options = SearchOptions { max_nodes: Some(4_000_000), lazy_captures: false };
    for (p, d) in sample(&known, per_depth) {
        let game = build_proof_game(&p, &mut search, options, Choice::Short, LARGE_BUDGET, |_| true)
            .unwrap_or_else(|e| panic!("{}: {e}", p.to_sfen()));
        assert_eq!(game.method, Method::Short);
        assert!(game.shortest, "{}: not proved shortest", p.to_sfen());
        assert_eq!(
            game.moves.len() as u32,
            d,
            "{}: {} plies, the shortest is {d}",
            p.to_sfen(),
            game.moves.len()
        );
        game.verify().unwrap();
    }
}

#[test]
fn minishogi_games_are_as_short_as_the_shortest() {
    check_shortest::<MiniShogi>(5, 12);
}

#[test]
fn shogi_games_are_as_short_as_the_shortest() {
    check_shortest::<Shogi>(3, 8);
}

#[test]
fn the_initial_position_gets_an_empty_game() {
    let start = Position::<Shogi>::startpos();
    let game = build_proof_game(
        &start,
        &mut KkSearch::new(),
        SearchOptions::default(),
        Choice::Best,
        LARGE_BUDGET,
        |_| true,
    )
    .unwrap();
    assert!(game.moves.is_empty() && game.shortest && game.method == Method::Short);
    assert_eq!(game.lower_bound, Some(0));
    assert!(game.to_kif().contains("0 plies (shortest possible)"));
}

#[test]
fn best_is_never_longer_than_the_kk_route() {
    // A reachable Shogi position from the authors' results, far from the start: the KK route is the answer
    // when the short search finds nothing shorter within its budget (the command line's; 25 times as much
    // finds nothing either, and took 48 s of this test).
    let sfen = "2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1";
    let pos = Position::<Shogi>::from_sfen(sfen).unwrap();
    let options = SearchOptions { max_nodes: Some(20_000), lazy_captures: false };
    let mut search = KkSearch::new();
    let budget = ShortBudget::of::<Shogi>();
    let kk = build_proof_game(&pos, &mut search, options, Choice::Kk, budget, |_| true).unwrap();
    let best = build_proof_game(&pos, &mut search, options, Choice::Best, budget, |_| true).unwrap();
    assert!(best.moves.len() <= kk.moves.len());
    let lower = best.lower_bound.expect("a bound");
    assert!(lower as usize <= best.moves.len());
    best.verify().unwrap();
    // Forcing the short search with a tiny budget finds nothing, and says so.
    let tiny = build_proof_game(&pos, &mut search, options, Choice::Short, LARGE_BUDGET, |nodes| nodes < 100);
    assert_eq!(tiny, Err(ProofGameError::NotFound));
}

#[test]
fn an_engine_game_with_an_exchange_gets_its_own_length_proved_shortest() {
    // Self-play game 16 at ply 8 (crate/engine/tests/data/selfplay/shogi.tsv): a pawn exchange on 8f. The bound
    // counts the captured pawns as no moves (6 plies); the perimeter (every position within 4 plies) lets
    // A* prove the engine's 8 plies shortest after a few thousand positions.
    let pos =
        Position::<Shogi>::from_sfen("lnsgkgsnl/7b1/p1ppppppp/9/9/1r7/P1PPPPPPP/1B3SGR1/LNSG1K1NL b Pp 1")
            .unwrap();
    let options = SearchOptions { max_nodes: Some(200_000), lazy_captures: false };
    let game =
        build_proof_game(&pos, &mut KkSearch::new(), options, Choice::Short, LARGE_BUDGET, |_| true).unwrap();
    assert_eq!((game.moves.len(), game.shortest), (8, true));
    game.verify().unwrap();
}

#[test]
fn an_engine_game_with_captures_and_drops_forty_plies_deep_gets_a_game_no_longer() {
    // Self-play game 7 at ply 40 (crate/engine/tests/data/selfplay/shogi.tsv): pawns taken on both sides, one of
    // them dropped back, a rook that took on its way. The forward search finds a game within its first
    // 20 000 positions (each search is stopped at 60 000, so the result does not depend on the machine).
    let sfen = "lk5nl/1s1r1gsb1/1pn1g1ppp/p1p1pP3/6P1P/2PpP4/PP2SRNP1/1BK1G4/LNS2G2L b 2p 1";
    let pos = Position::<Shogi>::from_sfen(sfen).unwrap();
    let options = SearchOptions { max_nodes: Some(300_000), lazy_captures: false };
    let game = build_proof_game(&pos, &mut KkSearch::new(), options, Choice::Short, LARGE_BUDGET, |nodes| {
        nodes < 60_000
    })
    .unwrap();
    assert_eq!(game.method, Method::Short);
    assert!(game.moves.len() <= 40, "{} plies", game.moves.len());
    game.verify().unwrap();
}

#[test]
fn a_forty_ply_engine_game_that_fell_back_to_the_kk_route_gets_a_short_game() {
    // Self-play game 26 at ply 40 (crate/engine/tests/data/selfplay/shogi.tsv): a bishop exchange, both bishops
    // dropped again. With the default budget the short search found nothing until the forward guides got
    // twice the positions (and the game was shortened): it was the KK route's 90 plies.
    let sfen = "3g2knl/l1s1g1s2/ppnpp1pp1/2p5p/3PP4/2Pb1pr2/PP1G2BPP/2R3S2/LNG2K1NL b s2p 1";
    let pos = Position::<Shogi>::from_sfen(sfen).unwrap();
    let options = SearchOptions { max_nodes: Some(5_000_000), lazy_captures: false };
    let budget = ShortBudget::of::<Shogi>();
    let game = build_proof_game(&pos, &mut KkSearch::new(), options, Choice::Best, budget, |_| true).unwrap();
    assert_eq!(game.method, Method::Short);
    assert!(game.moves.len() <= 60, "{} plies for an engine's 40", game.moves.len());
    game.verify().unwrap();
}

#[test]
fn engine_games_whose_guides_stall_near_the_position_get_short_games_from_the_last_searches() {
    // Self-play game 34 at ply 40 of crate/engine/tests/data/selfplay-20261129/shogi.tsv (a rook taken and
    // dropped on a square it could not walk to, boxed in by its own pawns) and game 24 at ply 24 of
    // selfplay-20261130/ (both rooks exchanged into the hands). The first searches' guides stall a few
    // plies from both; with the default budget they fell back to the KK route's 88 and 82 plies until the
    // last forward searches got a beam of 300, the anytime best-first search, and twice the positions.
    let rows = [
        ("ln6l/1rgs1gks1/ppp1pb1pp/3p2p2/5N3/N1P1P1PR1/PP+BPGP1PP/1S3S2L/LN2KG3 b P 1", 40),
        ("ln1gk1snl/2s1g4/pppp1p1pp/6p2/6b2/4p2P1/PPPPPPP1P/1BSKG2S1/LN3G1NL b Rr 1", 24),
    ];
    for (sfen, plies) in rows {
        let pos = Position::<Shogi>::from_sfen(sfen).unwrap();
        let options = SearchOptions { max_nodes: Some(5_000_000), lazy_captures: false };
        let budget = ShortBudget::of::<Shogi>();
        let game =
            build_proof_game(&pos, &mut KkSearch::new(), options, Choice::Best, budget, |_| true).unwrap();
        assert_eq!(game.method, Method::Short, "{sfen}");
        assert!(2 * game.moves.len() <= 3 * plies, "{} plies for an engine's {plies}", game.moves.len());
        game.verify().unwrap();
    }
}
