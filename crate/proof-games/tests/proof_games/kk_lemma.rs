//! The KK lemma the method rests on, checked by construction for each game: every KK position (only the
//! kings on the board) is reachable from the initial position. A game reaches each class of KK positions
//! (how many pieces of each kind Sente holds, the side to move) from the game's opening, and king moves
//! alone join any two placements of the kings with the same hands and side to move.

use crate::proof_game::play_legal;
use shogi_reach_engine::board::variant::Judkins;
use shogi_reach_engine::rules::{legal_moves, play};
use shogi_reach_engine::{Color, MiniShogi, MoveList, Position, Variant};
use shogi_reach_proof_games::kk_route::connection::connect_kk;
use shogi_reach_proof_games::openings::opening;
use shogi_reach_proof_games::WithOpening;
use std::collections::{HashSet, VecDeque};

/// Every split of the game's pieces between the hands, as Sente's hand.
fn sente_hands<V: Variant>() -> Vec<[u8; 8]> {
    V::KINDS.iter().fold(vec![[0u8; 8]], |hands, k| {
        hands
            .iter()
            .flat_map(|&hand| {
                (0..=V::TOTAL[k.index()]).map(move |n| {
                    let mut hand = hand;
                    hand[k.index()] = n;
                    hand
                })
            })
            .collect()
    })
}

/// A game to a KK position of each class, from the opening's KK position, each replayed against the legal
/// moves: how many classes.
fn every_class_is_reached<V: WithOpening>() -> usize {
    let (moves, kk) = opening::<V>().unwrap();
    assert_eq!(play_legal(Position::startpos(), moves), *kk);
    let mut classes = 0;
    for sente in sente_hands::<V>() {
        for side in Color::BOTH {
            let mut setup = kk.to_setup();
            let mut gote = [0; 8];
            for k in V::KINDS {
                gote[k.index()] = V::TOTAL[k.index()] - sente[k.index()];
            }
            (setup.hands, setup.side) = ([sente, gote], side);
            let target = Position::try_from(setup).unwrap();
            let connection = connect_kk(kk, &target).unwrap_or_else(|e| panic!("{}: {e}", target.to_sfen()));
            assert_eq!(play_legal(*kk, &connection), target);
            classes += 1;
        }
    }
    classes
}

/// The KK positions (hands left empty: a king's moves do not depend on them) that king moves reach from the
/// opening's kings with either side to move: every legal placement, the kings never next to each other.
fn every_king_placement_is_joined<V: WithOpening>() -> usize {
    let (_, kk) = opening::<V>().unwrap();
    let g = V::geometry();
    let legal_states =
        (0..g.n).flat_map(|a| (0..g.n).map(move |b| (a, b))).filter(|&(a, b)| g.king_steps(a, b) >= 2);
    let expected = 2 * legal_states.count();
    let mut legal = MoveList::new();
    for side in Color::BOTH {
        let mut setup = kk.to_setup();
        (setup.hands, setup.side) = ([[0; 8]; 2], side);
        let first = Position::<V>::try_from(setup).unwrap();
        let (mut seen, mut queue) = (HashSet::from([first]), VecDeque::from([first]));
        while let Some(p) = queue.pop_front() {
            legal_moves(&p, &mut legal);
            for &m in legal.iter() {
                let next = play(&p, m);
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        assert_eq!(seen.len(), expected, "from {}", first.to_sfen());
    }
    expected
}

#[test]
fn every_judkins_kk_position_is_reachable() {
    // 3^6 splits of the hands (0, 1 or 2 of each of six kinds), each with either side to move.
    assert_eq!(every_class_is_reached::<Judkins>(), 1_458);
    // 36 · 35 ordered squares less 220 next to each other, with either side to move.
    assert_eq!(every_king_placement_is_joined::<Judkins>(), 2_080);
}

#[test]
fn every_mini_shogi_kk_position_is_reachable() {
    assert_eq!(every_class_is_reached::<MiniShogi>(), 486);
    assert_eq!(every_king_placement_is_joined::<MiniShogi>(), 912);
}
