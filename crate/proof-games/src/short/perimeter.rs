//! The perimeter of the initial position: every position within a few plies of it, with its distance,
//! found by a breadth-first search forwards. A backward search that reaches one of them knows the rest of
//! the way exactly; a position outside it is farther than the perimeter's depth. Near the start, where
//! the lower bound of [`crate::short::bound`] is weakest (it counts a captured piece as no move at
//! all), this turns dead ends the bound puts a few plies from the start into positions known to be far.

use crate::hasher::ZobristKey;
use shogi_reach_engine::board::moves::{Move, MoveList};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::reach::prev::{predecessors, Predecessor};
use shogi_reach_engine::reach::search::hash_position;
use shogi_reach_engine::rules::{legal_moves, play};
use std::collections::hash_map::{Entry, HashMap};
use std::hash::BuildHasherDefault;

/// The positions within `depth` plies of the initial position, by Zobrist hash, with their distance.
pub(crate) struct Perimeter<V: Variant> {
    depth: u32,
    distance: HashMap<u64, u8, BuildHasherDefault<ZobristKey>>,
    _game: std::marker::PhantomData<V>,
}

impl<V: Variant> Perimeter<V> {
    /// Every position within `depth` plies (Shogi has 719 731 games of 4 plies; keep it small).
    pub(crate) fn build(depth: u32) -> Perimeter<V> {
        let start = Position::<V>::startpos();
        let mut distance = HashMap::default();
        distance.insert(hash_position(&start), 0);
        let mut frontier = vec![start];
        let mut moves = MoveList::new();
        for d in 1..=depth {
            let mut next = Vec::new();
            for p in &frontier {
                legal_moves(p, &mut moves);
                for &m in moves.iter() {
                    let q = play(p, m);
                    if let Entry::Vacant(slot) = distance.entry(hash_position(&q)) {
                        slot.insert(d as u8);
                        if d < depth {
                            next.push(q);
                        }
                    }
                }
            }
            frontier = next;
        }
        Perimeter { depth, distance, _game: std::marker::PhantomData }
    }

    /// The plies of the shortest game to `p`, when `p` lies within the perimeter.
    #[inline]
    pub(crate) fn distance(&self, p: &Position<V>) -> Option<u32> {
        self.distance.get(&hash_position(p)).map(|&d| u32::from(d))
    }

    /// The least plies of any game to `p`, given a lower bound `bound` of them: exact inside the
    /// perimeter, beyond its depth (with the parity of the side to move) outside it.
    #[inline]
    pub(crate) fn sharpen(&self, p: &Position<V>, bound: u32) -> u32 {
        match self.distance(p) {
            Some(d) => d,
            None => {
                let beyond = self.depth + 1;
                bound.max(beyond + ((beyond + p.side_to_move() as u32) & 1))
            }
        }
    }

    /// The moves of a shortest game from the initial position to `p`, a position of the perimeter:
    /// backwards over Prev1, each step to a predecessor one ply nearer the start.
    pub(crate) fn game_to(&self, p: &Position<V>) -> Option<Vec<Move>> {
        let mut d = self.distance(p)?;
        let (mut pos, mut moves) = (*p, Vec::new());
        let mut preds: Vec<Predecessor<V>> = Vec::new();
        while d > 0 {
            predecessors(&pos, &mut preds);
            let nearer = preds.iter().find(|q| self.distance(&q.pos) == Some(d - 1))?;
            moves.push(nearer.mv);
            pos = nearer.pos;
            d -= 1;
        }
        moves.reverse();
        Some(moves)
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.distance.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_reach_engine::board::variant::{MiniShogi, Shogi};

    #[test]
    fn the_perimeter_holds_every_position_within_its_depth() {
        let p = Perimeter::<Shogi>::build(2);
        // 30 first moves, 900 games of two plies, all distinct positions but for transpositions: none
        // within two plies.
        assert_eq!(p.len(), 1 + 30 + 900);
        let start = Position::<Shogi>::startpos();
        assert_eq!(p.distance(&start), Some(0));
        let after = play(&start, Move::from_usi::<Shogi>("7g7f").unwrap());
        assert_eq!(p.distance(&after), Some(1));
        assert_eq!(p.game_to(&after), Some(vec![Move::from_usi::<Shogi>("7g7f").unwrap()]));
        // Outside: three plies at least, and four with Sente to move.
        let third = play(&after, Move::from_usi::<Shogi>("3c3d").unwrap());
        let third = play(&third, Move::from_usi::<Shogi>("2g2f").unwrap());
        assert_eq!(p.distance(&third), None);
        assert_eq!(p.sharpen(&third, 0), 3);
        assert_eq!(p.sharpen(&play(&third, Move::from_usi::<Shogi>("4a3b").unwrap()), 0), 4);
        assert_eq!(p.sharpen(&third, 9), 9);
        let m = Perimeter::<MiniShogi>::build(1);
        assert_eq!(m.len(), 1 + 14);
    }
}
