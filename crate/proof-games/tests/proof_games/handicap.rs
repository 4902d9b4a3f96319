//! Proof games from handicap starts: each start is reachable in 0 plies from itself and only from itself;
//! a start of other material is refused by its material; positions of random games from every handicap
//! start are proved reachable from it, each game replayed.

use shogi_reach_engine::board::moves::MoveList;
use shogi_reach_engine::board::start::Start;
use shogi_reach_engine::reach::search::{KkSearch, SearchOptions};
use shogi_reach_engine::reach::stage::Stage;
use shogi_reach_engine::rules::{legal_moves, play};
use shogi_reach_engine::{Position, Shogi};
use shogi_reach_proof_games::proof_game::{build_proof_game_from, Choice, ProofGameError, ShortBudget};

fn game_from(pos: &Position<Shogi>, start: &Start<Shogi>) -> Result<usize, ProofGameError> {
    let budget = ShortBudget::of::<Shogi>();
    let options = SearchOptions::default();
    build_proof_game_from(pos, start, &mut KkSearch::new(), options, Choice::Best, budget, |_| true).map(
        |game| {
            game.verify().expect("the game replays");
            assert_eq!(game.start, *start);
            game.moves.len()
        },
    )
}

#[test]
fn each_start_is_reached_in_no_moves_from_itself_only() {
    let starts = Start::<Shogi>::all();
    for to in &starts {
        for from in &starts {
            let found = game_from(to.position(), from);
            let (to_name, from_name) = (to.name(), from.name());
            if to == from {
                assert_eq!(found.unwrap(), 0, "{to_name} from itself");
            } else if to.material() != from.material() {
                let refused = matches!(found, Err(ProofGameError::NotReachable(Stage::Count)));
                assert!(refused, "{to_name} from {from_name}: {found:?}");
            } else {
                // 香落ち and 右香落ち: the same pieces, so one start arises from the other, but not at once.
                assert!(found.unwrap() > 0, "{to_name} from {from_name}");
            }
        }
    }
}

/// A game of `plies` random legal moves from `start` (a xorshift generator seeded by `seed`).
fn random_game(start: &Position<Shogi>, plies: usize, mut seed: u64) -> Position<Shogi> {
    let mut pos = *start;
    let mut legal = MoveList::new();
    for _ in 0..plies {
        legal_moves(&pos, &mut legal);
        if legal.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        pos = play(&pos, legal.iter().as_slice()[(seed % legal.len() as u64) as usize]);
    }
    pos
}

#[test]
fn positions_of_random_handicap_games_are_reached_from_their_start() {
    let mut proved = 0;
    for (i, start) in Start::<Shogi>::all().iter().skip(1).enumerate() {
        for j in 0..4u64 {
            let seed = 0x9e37_79b9_7f4a_7c15 ^ (i as u64 * 8 + j + 1);
            let pos = random_game(start.position(), 10 + 12 * j as usize, seed);
            let plies =
                game_from(&pos, start).unwrap_or_else(|e| panic!("{} {}: {e}", start.name(), pos.to_sfen()));
            assert!(plies > 0);
            proved += 1;
        }
    }
    assert_eq!(proved, 52, "{proved} positions");
}
