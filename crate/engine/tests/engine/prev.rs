//! Prev1 properties: every legal forward move is undone by Prev1; positions from real games are proved
//! reachable; hand-checked positions without predecessors.

use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestCaseResult};
use shogi_reach_engine::board::variant::Judkins;
use shogi_reach_engine::ranking::rank;
use shogi_reach_engine::ranking::sample::RankSampler;
use shogi_reach_engine::reach::heuristic::heuristic;
use shogi_reach_engine::reach::prev::{predecessors, Predecessor};
use shogi_reach_engine::reach::prove::prove;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::reach::stage::{failed_filter, Stage};
use shogi_reach_engine::rules::{in_check, legal_moves, placement_ok, play};
use shogi_reach_engine::{Color, MiniShogi, Move, MoveList, Position, Ranked, Shogi, Variant};

/// Checks that the result of each of `moves` from `p` lists `p` among its predecessors, once, with the
/// move and heuristic, and that its predecessors are distinct with their heuristics.
fn moves_undone<V: Variant>(
    p: &Position<V>,
    moves: &[Move],
    preds: &mut Vec<Predecessor<V>>,
) -> TestCaseResult {
    for &m in moves {
        let next = play(p, m);
        predecessors(&next, preds);
        let found = preds.iter().find(|q| q.pos == *p);
        prop_assert!(
            found.is_some(),
            "{} not in Prev1({}) after {}",
            p.to_sfen(),
            next.to_sfen(),
            m.to_usi::<V>()
        );
        let found = found.unwrap();
        prop_assert_eq!(found.mv, m);
        prop_assert_eq!(found.h, heuristic(p));
        for (i, a) in preds.iter().enumerate() {
            prop_assert!(
                preds[i + 1..].iter().all(|b| b.pos != a.pos),
                "duplicate predecessor {}",
                a.pos.to_sfen()
            );
            prop_assert_eq!(a.h, heuristic(&a.pos));
        }
    }
    Ok(())
}

/// Plays `choices` (each picking among the legal moves) from the start; at every position checks
/// [`moves_undone`] for every legal move, or with `check_every_move` false for the move played.
fn walk<V: Variant>(choices: &[usize], check_every_move: bool) -> Result<Vec<Position<V>>, TestCaseError> {
    let mut p = Position::<V>::startpos();
    let mut seen = vec![p];
    let mut moves = MoveList::new();
    let mut preds = Vec::new();
    for &c in choices {
        legal_moves(&p, &mut moves);
        if moves.is_empty() {
            break;
        }
        let played = moves[c % moves.len()];
        moves_undone(&p, if check_every_move { &moves } else { std::slice::from_ref(&played) }, &mut preds)?;
        p = play(&p, played);
        seen.push(p);
    }
    Ok(seen)
}

/// [`walk`] with every move checked, then every seventh position of the game proved reachable.
fn undone_and_proved<V: Variant>(choices: &[usize]) -> Result<(), TestCaseError> {
    let seen = walk::<V>(choices, true)?;
    let mut search = KkSearch::new();
    for p in seen.iter().step_by(7) {
        let proof = prove(p, &mut search, SearchOptions::default());
        prop_assert_eq!(proof.stage, Stage::Ok, "{}", p.to_sfen());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn minishogi_forward_moves_are_undone(choices in prop::collection::vec(any::<usize>(), 1..80)) {
        undone_and_proved::<MiniShogi>(&choices)?;
    }

    #[test]
    fn judkins_forward_moves_are_undone(choices in prop::collection::vec(any::<usize>(), 1..100)) {
        undone_and_proved::<Judkins>(&choices)?;
    }

    #[test]
    fn shogi_forward_moves_are_undone(choices in prop::collection::vec(any::<usize>(), 1..120)) {
        let seen = walk::<Shogi>(&choices, true)?;
        let mut search = KkSearch::new();
        let last = seen.last().unwrap();
        let proof = prove(last, &mut search, SearchOptions { max_nodes: Some(2_000_000), ..SearchOptions::default() });
        prop_assert_eq!(proof.stage, Stage::Ok, "{}", last.to_sfen());
    }
}

fn pos<V: Variant>(sfen: &str) -> Position<V> {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn n_prev<V: Variant>(p: &Position<V>) -> usize {
    let mut preds = Vec::new();
    predecessors(p, &mut preds);
    preds.len()
}

#[test]
fn double_check_no_single_move_could_give() {
    // Sente's king on 5i, checked by Gote's rook on 5a and bishop on 1e: neither could have moved there
    // uncovering the other, and a drop gives one check only.
    let p = pos::<Shogi>("k3r4/9/9/9/8b/9/9/9/4K4 b RB4G4S4N4L18P 1");
    assert_eq!(n_prev(&p), 0);
    assert_eq!(prove(&p, &mut KkSearch::new(), SearchOptions::default()).stage, Stage::Prev);
    // With a single check the rook could simply have moved there.
    let p = pos::<Shogi>("k3r4/9/9/9/9/9/9/9/4K4 b R2B4G4S4N4L18P 1");
    assert!(n_prev(&p) > 0);
}

#[test]
fn drop_pawn_mate_as_the_only_last_move() {
    // Gote's pawn on 1h mates Sente's king on 1i (guarded by the gold on 1g, which also fills the pawn's
    // origin): only a pawn drop could have given the check, and a mating pawn drop is illegal.
    let mated = "k8/9/9/9/9/9/8g/7Lp/7NK b 2R2B3G4S3N3L17P 1";
    let p = pos::<Shogi>(mated);
    assert_eq!(n_prev(&p), 0);
    assert_eq!(prove(&p, &mut KkSearch::new(), SearchOptions::default()).stage, Stage::Prev);
    // Without the gold the king can take the pawn: the drop is legal and undone.
    let p = pos::<Shogi>("k8/9/9/9/9/9/9/7Lp/7NK b 2R2B4G4S3N3L17P 1");
    let mut preds = Vec::new();
    predecessors(&p, &mut preds);
    assert!(preds.iter().any(|q| q.mv.to_usi::<Shogi>() == "P*1h"));
}

#[test]
fn one_predecessor_without_predecessors() {
    // Reference reachNG (Mini Shogi): Prev1 has one position, whose own Prev1 is empty.
    let p = pos::<MiniShogi>("+r4/5/pK+BgS/1p2G/S1k+b+R[] w");
    let mut preds = Vec::new();
    predecessors(&p, &mut preds);
    assert_eq!(preds.len(), 1);
    assert_eq!(n_prev(&preds[0].pos), 0);
    let proof = prove(&p, &mut KkSearch::new(), SearchOptions::default());
    assert_eq!(proof.stage, Stage::Reach);
    assert_eq!(proof.search.unwrap().max_depth, 1);
}

#[test]
fn node_cap_gives_unknown() {
    // A reachable Shogi position (reference research/reach_OK.txt) needs more than 100 positions.
    let p = pos::<Shogi>(
        "+N+PK1p1g2/1+P4k1+p/4+p2p+N/n+B3+s2+p/1p+p1gL+P2/2G+p2S+Rn/1+pP3+L1P/2+S+r1+P1+l1/P1+LB+Ps+pg1[] w",
    );
    let mut search = KkSearch::new();
    let capped = prove(&p, &mut search, SearchOptions { max_nodes: Some(100), ..SearchOptions::default() });
    assert_eq!(capped.stage, Stage::Unknown);
    assert!(capped.search.unwrap().nodes < 100 + 600);
    let full = prove(&p, &mut search, SearchOptions::default());
    assert_eq!(full.stage, Stage::Ok);
    // The path leads forwards from the KK position to the position, move by legal move.
    let path = full.forward_path();
    let mut at = *full.search.as_ref().unwrap().goal().unwrap();
    for step in &path {
        let m = shogi_reach_engine::rules::parse_legal_move(&at, &step.usi).unwrap();
        at = play(&at, m);
        assert_eq!(at, step.after);
        assert!(step.japanese.starts_with(if at.side_to_move() == Color::Gote { '☗' } else { '☖' }));
    }
    assert_eq!(at, p);
}

/// Every predecessor of `p` is a legal position with the last mover to move, whose move `mv` is legal
/// and leads to `p`, with its heuristic.
fn predecessors_replay<V: Variant>(p: &Position<V>, preds: &mut Vec<Predecessor<V>>) -> usize {
    predecessors(p, preds);
    let mut moves = MoveList::new();
    for q in preds.iter() {
        let sfen = q.pos.to_sfen();
        assert_eq!(q.pos.side_to_move(), p.side_to_move().opponent(), "{sfen}");
        assert!(!in_check(&q.pos, p.side_to_move()), "{sfen}: the side not to move is in check");
        assert!(placement_ok(&q.pos), "{sfen}");
        legal_moves(&q.pos, &mut moves);
        assert!(moves.contains(&q.mv), "{sfen}: {} is not legal", q.mv.to_usi::<V>());
        assert_eq!(play(&q.pos, q.mv), *p, "{sfen}");
        assert_eq!(q.h, heuristic(&q.pos));
    }
    preds.len()
}

/// The first `samples` samples of `seed` that pass the filters, unranked.
fn filtered_samples<V: Ranked>(seed: u64, samples: u64) -> impl Iterator<Item = Position<V>> {
    let sampler = RankSampler::<V>::new(seed);
    (0..samples)
        .map(move |i| rank::unrank::<V>(sampler.rank(i)).unwrap())
        .filter(|p| failed_filter(p).is_none())
}

/// [`predecessors_replay`] on sampled positions that pass the filters (many pieces, lines and checks
/// that games rarely reach) and on their predecessors (the other side to move).
fn sampled_predecessors_replay<V: Ranked>(seed: u64, samples: u64) {
    let (mut preds, mut inner) = (Vec::new(), Vec::new());
    let mut checked = 0;
    for p in filtered_samples::<V>(seed, samples) {
        checked += predecessors_replay(&p, &mut preds);
        for q in &preds {
            checked += predecessors_replay(&q.pos, &mut inner);
        }
    }
    assert!(checked > 10 * samples as usize / 100, "only {checked} predecessors checked");
}

/// [`moves_undone`] for every legal move of sampled positions that pass the filters (Sente to move, so
/// each move's result has Gote's king to test for checks), where Prev1's check test meets lines and
/// pieces that games from the start rarely have.
fn sampled_moves_undone<V: Ranked>(seed: u64, samples: u64) {
    let (mut moves, mut preds) = (MoveList::new(), Vec::new());
    let mut checked = 0;
    for p in filtered_samples::<V>(seed, samples) {
        legal_moves(&p, &mut moves);
        moves_undone(&p, &moves, &mut preds).unwrap();
        checked += moves.len();
    }
    assert!(checked > samples as usize / 4, "only {checked} moves checked");
}

#[test]
fn every_legal_move_of_sampled_positions_is_undone_by_prev1() {
    sampled_moves_undone::<MiniShogi>(4, 2_000);
    sampled_moves_undone::<Judkins>(4, 2_000);
    sampled_moves_undone::<Shogi>(4, 40_000);
}

#[test]
fn every_predecessor_of_sampled_positions_replays_forward() {
    sampled_predecessors_replay::<MiniShogi>(3, 2_000);
    sampled_predecessors_replay::<Judkins>(3, 2_000);
    sampled_predecessors_replay::<Shogi>(3, 40_000);
}
