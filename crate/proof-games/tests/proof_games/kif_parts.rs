//! The KIF comment of a KK-route game names its parts by their plies, and leaves out a part of no plies
//! (a game whose search starts at the opening's own KK position once said "plies 45-44").

use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::{MiniShogi, Position, Shogi};
use shogi_reach_proof_games::openings::opening;
use shogi_reach_proof_games::proof_game::{proof_game, KkRoute};
use shogi_reach_proof_games::WithOpening;

/// Every `plies A-B` range of `text`, as (A, B).
fn ranges(text: &str) -> Vec<(usize, usize)> {
    text.split(['\'', ' ', ';'])
        .filter_map(|word| word.split_once('-'))
        .filter_map(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        .collect()
}

fn route<V: WithOpening>(opening: usize, connection: usize, path: usize) -> KkRoute<V> {
    let kk = Position::<V>::startpos();
    KkRoute { opening, connection, path, bound: 0, first_kk: kk, search_kk: kk }
}

#[test]
fn a_part_of_no_plies_is_left_out() {
    assert_eq!(
        route::<Shogi>(44, 0, 5).parts_text(),
        "opening to a KK position: plies 1-44; the search path: plies 45-49"
    );
    assert_eq!(route::<Shogi>(44, 0, 0).parts_text(), "opening to a KK position: plies 1-44");
    assert_eq!(
        route::<Shogi>(44, 3, 1).parts_text(),
        "opening to a KK position: plies 1-44; to the KK position of the backward search: plies 45-47; \
         the search path: ply 48"
    );
}

/// The game to the opening's own KK position: its comment's ranges run forwards and cover the game.
fn check_opening_kk<V: WithOpening>() {
    let (moves, kk) = opening::<V>().unwrap();
    let game = proof_game(kk, &mut KkSearch::<V>::new(), SearchOptions::default()).unwrap();
    let kif = game.to_kif();
    let comment =
        kif.lines().filter(|l| l.contains("plies") || l.contains("ply ")).collect::<Vec<_>>().join(" ");
    let found = ranges(&comment);
    assert!(!found.is_empty(), "{comment}");
    for (a, b) in &found {
        assert!(a <= b, "a backward range {a}-{b} in {comment}");
    }
    assert_eq!(found.last().unwrap().1.max(moves.len()), game.moves.len(), "{comment}");
}

#[test]
fn the_opening_kk_position_gets_a_comment_without_backward_ranges() {
    check_opening_kk::<Shogi>();
    check_opening_kk::<MiniShogi>();
}
