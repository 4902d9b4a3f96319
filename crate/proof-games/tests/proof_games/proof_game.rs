//! Proof games: for reachable oracle positions (every reachable row of the Shogi extras, and reachable
//! sample rows of both games) the game is replayed here, independently of `ProofGame::verify`, from the
//! initial position with the legal-move generator and must end exactly at the position; its USI and KIF
//! records read back to the same moves. Unreachable positions get no game.

use crate::common::{oracle, Row};
use shogi_reach_engine::board::moves::Move;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::reach::stage::Stage;
use shogi_reach_engine::records::{parse_kif, parse_usi_command};
use shogi_reach_engine::rules::parse_legal_move;
use shogi_reach_engine::{Color, MiniShogi, Position, Ranked, Shogi, Variant};
use shogi_reach_proof_games::construction::ConstructionError;
use shogi_reach_proof_games::kk_route::connection::connect_kk;
use shogi_reach_proof_games::kk_route::king_reroute::{reroute_king, reroute_kings};
use shogi_reach_proof_games::kk_route::kk_path::{short_kk_paths, transfers};
use shogi_reach_proof_games::openings::{opening, openings};
use shogi_reach_proof_games::proof_game::{
    build_proof_game, proof_game, Choice, ProofGameError, ShortBudget,
};
use shogi_reach_proof_games::WithOpening;

/// A budget 25 times the Shogi default: the searches these tests ask for find their games well within it.
const LARGE_BUDGET: ShortBudget = ShortBudget { weighed: 1_000_000, threads: 2 };

/// The first `n` reachable (`OK`) rows of the oracle file `name`.
fn reachable(name: &str, n: usize) -> Vec<Row> {
    oracle(name).into_iter().filter(|r| r.get("stage") == "OK").take(n).collect()
}

/// Builds the proof game of `sfen` and checks it by an independent replay and through its records;
/// whether it is as short as a KK route through the opening's KK position can be.
fn check<V: Ranked + WithOpening>(sfen: &str, search: &mut KkSearch<V>) -> bool {
    let pos = Position::<V>::from_sfen(sfen).unwrap();
    let game = proof_game(&pos, search, SearchOptions::default()).unwrap_or_else(|e| panic!("{sfen}: {e}"));
    let route = game.kk.as_ref().expect("the KK route has its parts");
    let mut at = Position::<V>::startpos();
    for (i, m) in game.moves.iter().enumerate() {
        let legal =
            parse_legal_move(&at, &m.to_usi::<V>()).unwrap_or_else(|e| panic!("{sfen}: ply {}: {e}", i + 1));
        at = shogi_reach_engine::rules::play(&at, legal);
        let kk = i + 1 == route.opening || i + 1 == route.opening + route.connection;
        if kk {
            assert_eq!(
                at.board().iter().filter(|&&c| c != shogi_reach_engine::board::piece::EMPTY).count(),
                2,
                "{sfen}: ply {}",
                i + 1
            );
        }
    }
    assert_eq!(at, pos, "{sfen}: the game ends elsewhere");
    assert_eq!(at.side_to_move(), pos.side_to_move());
    assert_eq!(game.moves.len(), route.opening + route.connection + route.path);

    let (start, usi_moves) = parse_usi_command::<V>(&game.to_usi()).unwrap();
    assert_eq!(start, Position::startpos());
    assert_eq!(usi_moves, game.moves, "{sfen}: USI reads back");
    assert_eq!(parse_kif::<V>(&game.to_kif()).unwrap(), game.moves, "{sfen}: KIF reads back");
    assert!(
        game.moves.len() >= route.bound,
        "{sfen}: {} plies, below the bound {}",
        game.moves.len(),
        route.bound
    );
    game.moves.len() == route.bound
}

#[test]
fn every_reachable_shogi_extras_row_has_a_verified_proof_game() {
    let mut search = KkSearch::<Shogi>::new();
    let rows = reachable("shogi-extras.tsv", usize::MAX);
    assert_eq!(rows.len(), 300);
    // The bound on KK routes is never above a game, and it is tight: many games meet it.
    let at_bound = rows.iter().filter(|row| check::<Shogi>(row.get("sfen"), &mut search)).count();
    assert!(at_bound >= rows.len() / 5, "only {at_bound} of {} games meet the bound", rows.len());
}

#[test]
fn reachable_sample_rows_have_verified_proof_games() {
    let mut shogi = KkSearch::<Shogi>::new();
    let rows = reachable("shogi-sample.tsv", usize::MAX);
    assert!(rows.len() >= 50, "{} reachable Shogi sample rows", rows.len());
    for row in &rows {
        check::<Shogi>(row.get("sfen"), &mut shogi);
    }
    let mut mini = KkSearch::<MiniShogi>::new();
    let rows = reachable("minishogi-sample.tsv", 300);
    assert_eq!(rows.len(), 300);
    for row in &rows {
        check::<MiniShogi>(row.get("sfen"), &mut mini);
    }
}

#[test]
fn the_initial_positions_with_either_side_to_move() {
    check::<Shogi>("startpos", &mut KkSearch::new());
    check::<MiniShogi>("startpos", &mut KkSearch::new());
    check::<MiniShogi>("rbsgk/4p/5/P4/KGSBR w - 1", &mut KkSearch::new());
}

/// Plays `moves` from `from`, each read back from USI and checked for legality.
pub(crate) fn play_legal<V: Variant>(from: Position<V>, moves: &[Move]) -> Position<V> {
    moves.iter().fold(from, |at, m| {
        shogi_reach_engine::rules::play(&at, parse_legal_move(&at, &m.to_usi::<V>()).unwrap())
    })
}

#[test]
fn kk_positions_connect_with_hands_passed_and_the_side_to_move_changed() {
    // Every piece changes hands, the kings cross the board, and the side to move changes.
    let from = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1").unwrap();
    let to = Position::<Shogi>::from_sfen("K8/9/9/9/9/9/9/9/8k w 2r2b4g4s4n4l18p 1").unwrap();
    let moves = connect_kk(&from, &to).unwrap();
    assert_eq!(play_legal(from, &moves), to);
    assert!(moves.iter().filter(|m| matches!(m, Move::Drop { .. })).count() == 38);
    // Mini Shogi's small board too.
    let from = Position::<MiniShogi>::from_sfen("4k/5/5/5/K4 b RBGSPrbgsp 1").unwrap();
    let to = Position::<MiniShogi>::from_sfen("k4/5/5/5/4K w 2R2B2G2S2P 1").unwrap();
    let moves = connect_kk(&from, &to).unwrap();
    assert_eq!(play_legal(from, &moves), to);
}

#[test]
fn unreachable_positions_get_no_proof_game() {
    let mut search = KkSearch::<Shogi>::new();
    for (sfen, reason) in [
        // shogi-extras, reach_NG 50 (the search dies 2 plies back)
        (
            "G+S2+s+Bp2/5pP2/2+p+lK1+nL+P/+pgkp3+Rr/4+P2+L1/+p1+P4+PB/+SP2N2+PN/P+Lg1+S2+p1/3+nG1+P+P1 b P 1",
            Stage::Reach,
        ),
        (
            "+P+S3g+S2/3p1p+L2/+Pp1+s2+p+pn/1+p2+N1+l1P/G1+L1n4/+P4+b+n+P1/1R+PKr2p1/+p1gP4L/2G+Bs+P2k b 2p 1",
            Stage::Prev,
        ),
        ("4k4/9/9/9/4R4/9/9/9/4K4 b B2G2S2N2L9Prb2g2s2n2l9p 1", Stage::King),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1", Stage::Count),
    ] {
        let pos = Position::<Shogi>::from_sfen(sfen).unwrap();
        let err = proof_game(&pos, &mut search, SearchOptions::default()).unwrap_err();
        assert_eq!(err, ProofGameError::NotReachable(reason));
        assert!(err.to_string().starts_with("no proof game: the position is unreachable"), "{err}");
    }
    let capped = SearchOptions { max_nodes: Some(50), ..SearchOptions::default() };
    let pos = Position::<Shogi>::from_sfen(
        "2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1",
    )
    .unwrap();
    assert_eq!(
        proof_game(&pos, &mut search, capped).unwrap_err(),
        ProofGameError::NotReachable(Stage::Unknown)
    );
}

#[test]
fn records_with_an_illegal_move_are_refused() {
    assert!(parse_usi_command::<Shogi>("position startpos moves 7g7f 7f7e 3c3d")
        .unwrap_err()
        .to_string()
        .contains("move 2"));
    let kif = "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７五歩(76)\n";
    assert!(parse_kif::<Shogi>(kif).unwrap_err().to_string().contains("not legal"));
    let kif = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n";
    let moves = parse_kif::<Shogi>(kif).unwrap();
    let usi: Vec<_> = moves.iter().map(|m| m.to_usi::<Shogi>()).collect();
    assert_eq!(usi, ["7g7f", "3c3d", "8h2b+", "3a2b"]);
}

#[test]
fn tampered_games_do_not_verify() {
    let pos = Position::<MiniShogi>::from_sfen("3b1/g2g1/B1SP+r/Ks1p1/2k1+r b - 1").unwrap();
    let game = proof_game(&pos, &mut KkSearch::new(), SearchOptions::default()).unwrap();
    assert_eq!(game.verify(), Ok(()));
    let mut wrong_end = game.clone();
    wrong_end.end = Position::startpos();
    let at_end = ConstructionError::NotAt { ply: game.moves.len(), expected: "the position" };
    assert_eq!(wrong_end.verify(), Err(ProofGameError::Verification(at_end)));
    let mut illegal = game.clone();
    illegal.moves.swap(0, 1);
    assert!(matches!(illegal.verify(), Err(ProofGameError::Verification(ConstructionError::Illegal { .. }))));
    let mut short = game.clone();
    short.moves.pop();
    assert!(short.verify().is_err());
}

#[test]
fn the_kk_route_takes_the_shorter_path_back_to_a_kk_position() {
    // Against the reference search's own route, and against the best route through the short path's first
    // KK position alone (not always the one the connection reaches soonest) or the reference's, each as it
    // is or with its kings rerouted: never longer, and on these rows sometimes shorter.
    let (opening, first_kk) = opening::<MiniShogi>().unwrap().clone();
    let mut search = KkSearch::<MiniShogi>::new();
    let rows = reachable("minishogi-sample.tsv", 60);
    let (mut shorter, mut shorter_than_first) = (0, 0);
    for row in &rows {
        let pos = Position::<MiniShogi>::from_sfen(row.get("sfen")).unwrap();
        let game = proof_game(&pos, &mut search, SearchOptions::default()).unwrap();
        // The plies of the KK route through a KK position and the path from it.
        let route = |(kk, path): (Position<MiniShogi>, Vec<Move>)| {
            opening.len() + connect_kk(&first_kk, &kk).unwrap().len() + path.len()
        };
        let outcome = shogi_reach_engine::reach::prove::prove(&pos, &mut search, SearchOptions::default())
            .search
            .unwrap();
        let back = (*outcome.goal().unwrap(), outcome.moves.iter().rev().copied().collect::<Vec<_>>());
        let reference = route(back.clone());
        assert!(game.moves.len() <= reference, "{}: {} > {reference}", row.get("sfen"), game.moves.len());
        shorter += usize::from(game.moves.len() < reference);
        // The routes through the first KK position and the reference's, each as it is and rerouted.
        let mut first = short_kk_paths(&pos, &first_kk, 100_000, 1);
        first.push(back);
        let rerouted: Vec<_> =
            first.iter().filter_map(|(kk, path)| reroute_kings(kk, path, &first_kk)).collect();
        let best_of_first = first.into_iter().chain(rerouted).map(route).min().unwrap();
        assert!(game.moves.len() <= best_of_first, "{}", row.get("sfen"));
        shorter_than_first += usize::from(game.moves.len() < best_of_first);
    }
    assert!(shorter >= rows.len() / 10, "only {shorter} of {} games are shorter", rows.len());
    assert!(
        shorter_than_first >= rows.len() / 10,
        "only {shorter_than_first} of {} games beat the routes through the first KK position",
        rows.len()
    );
}

#[test]
fn rerouted_kings_shorten_the_connection_and_the_path_still_replays() {
    // The reference search's path leaves Sente's king wherever its spare moves took it; rerouted through
    // those same moves it starts nearer the opening's, and the connection to it is shorter on some rows.
    let (opening, first_kk) = opening::<Shogi>().unwrap().clone();
    let g = Shogi::geometry();
    let mut search = KkSearch::<Shogi>::new();
    let rows = reachable("shogi-sample.tsv", 20);
    let mut shorter = 0;
    for row in &rows {
        let pos = Position::<Shogi>::from_sfen(row.get("sfen")).unwrap();
        let outcome = shogi_reach_engine::reach::prove::prove(&pos, &mut search, SearchOptions::default())
            .search
            .unwrap();
        let kk = *outcome.goal().unwrap();
        let path: Vec<Move> = outcome.moves.iter().rev().copied().collect();
        let aim = first_kk.king(Color::Sente);
        let Some((start, moves)) = reroute_king(&kk, &path, Color::Sente, aim) else { continue };
        assert_eq!(play_legal(start, &moves), pos, "{}", row.get("sfen"));
        assert!(g.king_steps(start.king(Color::Sente), aim) < g.king_steps(kk.king(Color::Sente), aim));
        let connection = connect_kk(&first_kk, &start).unwrap().len();
        shorter += usize::from(connection < connect_kk(&first_kk, &kk).unwrap().len());
        let game = proof_game(&pos, &mut search, SearchOptions::default()).unwrap();
        assert!(game.moves.len() <= opening.len() + connection + moves.len(), "{}", row.get("sfen"));
    }
    assert!(shorter >= rows.len() / 4, "only {shorter} of {} connections are shorter", rows.len());
}

#[test]
fn kk_routes_start_from_the_opening_nearest_the_search_kk_position() {
    // The paper's opening and its other endings (Gote's king on 3a, 5a or 5b): a game is never longer than
    // the paper's opening with the same connection's end and path would make it, and on these rows it is
    // often shorter, through another ending.
    let all = openings::<Shogi>().unwrap();
    let (paper, paper_kk) = &all[0];
    let mut search = KkSearch::<Shogi>::new();
    let rows = reachable("shogi-sample.tsv", 20);
    let mut shorter = 0;
    for row in &rows {
        let pos = Position::<Shogi>::from_sfen(row.get("sfen")).unwrap();
        let game = proof_game(&pos, &mut search, SearchOptions::default()).unwrap();
        let route = game.kk.as_ref().unwrap();
        assert!(all
            .iter()
            .any(|(moves, kk)| *kk == route.first_kk && game.moves[..route.opening] == moves[..]));
        let through_paper = paper.len() + connect_kk(paper_kk, &route.search_kk).unwrap().len() + route.path;
        assert!(game.moves.len() <= through_paper, "{}", row.get("sfen"));
        shorter += usize::from(game.moves.len() < through_paper);
    }
    assert!(
        shorter >= rows.len() / 5,
        "only {shorter} of {} games are shorter by another ending",
        rows.len()
    );
}

#[test]
fn short_paths_back_hand_pieces_over_on_the_way() {
    // The short path aims at the opening's KK position: an un-capture it takes spares a transfer, and
    // nothing else changes which side holds what; on these random positions it takes some.
    let (_, first_kk) = opening::<Shogi>().unwrap().clone();
    let rows = reachable("shogi-sample.tsv", 30);
    let (mut before, mut after) = (0, 0);
    for row in &rows {
        let pos = Position::<Shogi>::from_sfen(row.get("sfen")).unwrap();
        let Some((kk, moves)) = short_kk_paths(&pos, &first_kk, 100_000, 1).pop() else { continue };
        assert_eq!(play_legal(kk, &moves), pos);
        let (t0, t1) = (transfers(&pos, &first_kk), transfers(&kk, &first_kk));
        assert!(t1 <= t0, "{}: {t1} transfers at the KK position, {t0} here", row.get("sfen"));
        (before, after) = (before + t0, after + t1);
    }
    assert!(after < before / 2, "{after} transfers left of {before}");
}

#[test]
fn the_best_game_is_never_longer_than_the_kk_route() {
    // Found by the fuzzer: a short game between the shortened KK route's length and the reference route's
    // was once kept.
    let pos = Position::<MiniShogi>::from_sfen("K2Bk/2+S2/4S/+BRG2/+p1r+p1 b G 1").unwrap();
    let options = SearchOptions { max_nodes: Some(2000), ..SearchOptions::default() };
    let kk = proof_game(&pos, &mut KkSearch::new(), options).unwrap();
    let best =
        build_proof_game(&pos, &mut KkSearch::new(), options, Choice::Best, LARGE_BUDGET, |_| true).unwrap();
    best.verify().unwrap();
    assert!(
        best.moves.len() <= kk.moves.len(),
        "{} plies, the KK route {}",
        best.moves.len(),
        kk.moves.len()
    );
}
