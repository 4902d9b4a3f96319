//! The page's play mode: every legal move of a position with its notation and the position after it, so
//! that the page's board takes only legal moves without knowing any rule.

use serde::Serialize;
use shogi_reach_engine::board::moves::{Move, MoveList};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::records::notation::japanese::write::japanese;
use shogi_reach_engine::rules;

/// A legal move as the page lists it: USI, Japanese as game records print it (`☗７六歩`, `☖同　角`) and
/// the position after it (SFEN).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    pub usi: String,
    pub japanese: String,
    pub sfen: String,
}

/// Every legal move of `pos` (the engine's move generation), in its order. `previous_to` is the
/// destination of the move before (a move to the same square is written `同`).
pub fn legal_move_list<V: Variant>(pos: &Position<V>, previous_to: Option<usize>) -> Vec<LegalMove> {
    let mut moves = MoveList::new();
    rules::legal_moves(pos, &mut moves);
    moves
        .iter()
        .map(|&m| LegalMove {
            usi: m.to_usi::<V>(),
            japanese: japanese(pos, m, previous_to),
            sfen: rules::play(pos, m).to_sfen(),
        })
        .collect()
}

/// The destination of the move `usi` (the move before, for `同`); `None` when it is no USI move.
pub fn destination<V: Variant>(usi: &str) -> Option<usize> {
    Move::from_usi::<V>(usi).ok().map(Move::to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_reach_engine::board::variant::{MiniShogi, Shogi};

    /// The list has one entry per move the engine's perft counts, each USI once, each SFEN the position
    /// the engine reaches by playing it.
    fn check<V: Variant>(sfen: &str) -> Vec<LegalMove> {
        let pos = Position::<V>::from_sfen(sfen).unwrap();
        let list = legal_move_list(&pos, None);
        assert_eq!(list.len() as u64, rules::perft(&pos, 1), "{sfen}");
        let mut usis: Vec<_> = list.iter().map(|m| m.usi.as_str()).collect();
        usis.sort_unstable();
        usis.dedup();
        assert_eq!(usis.len(), list.len());
        for m in &list {
            let played = rules::play(&pos, rules::parse_legal_move(&pos, &m.usi).unwrap());
            assert_eq!(m.sfen, played.to_sfen());
        }
        list
    }

    #[test]
    fn the_lists_match_perft_at_the_starts_and_after_a_few_moves() {
        let shogi = check::<Shogi>("startpos");
        assert_eq!(shogi.len() as u64, rules::perft(&Position::<Shogi>::startpos(), 1));
        assert!(shogi.iter().any(|m| m.usi == "7g7f" && m.japanese == "☗７六歩"));
        check::<MiniShogi>("startpos");
        // Bishops can be exchanged (a promotion choice), then a drop.
        let after = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1";
        let list = check::<Shogi>(after);
        assert!(list.iter().any(|m| m.usi == "B*5e" && m.japanese == "☗５五角"));
        // A handicap start: Gote (上手) moves first.
        let kyo = check::<Shogi>("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        assert!(kyo.iter().all(|m| m.japanese.starts_with('☖')));
    }

    #[test]
    fn a_move_to_the_previous_destination_is_written_with_the_same_square_sign() {
        let pos = Position::<Shogi>::from_sfen(
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1",
        )
        .unwrap();
        let to = destination::<Shogi>("3c3d");
        let list = legal_move_list(&pos, to);
        let both: Vec<_> =
            list.iter().filter(|m| m.usi.starts_with("8h2b")).map(|m| m.japanese.as_str()).collect();
        assert_eq!(both, ["☗２二角成", "☗２二角不成"]);
        assert!(to.is_some() && destination::<Shogi>("nonsense").is_none());
        let after =
            Position::<Shogi>::from_sfen(&list.iter().find(|m| m.usi == "8h2b+").unwrap().sfen).unwrap();
        let replies = legal_move_list(&after, destination::<Shogi>("8h2b+"));
        assert!(replies.iter().any(|m| m.usi == "3a2b" && m.japanese == "☖同　銀"));
    }
}
