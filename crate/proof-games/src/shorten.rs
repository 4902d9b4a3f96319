//! Shortening a found game, by a pass that can only shorten it: every change is replayed against the legal
//! moves and kept only when the game still ends in the same position. In turn, until none applies or the
//! work runs out: drop a move of each side (each side's other moves keep their order); shorten a detour of
//! each side (two moves of a piece where one would do, or a move there and back), or one side's detour
//! while dropping a move of the other; and search forwards again between two of the game's own positions
//! for a shorter way, splicing it in.

use crate::forward::guide::InPlaceCaptors;
use crate::forward::search::best_first_search;
use crate::short::travel::Travel;
use shogi_reach_engine::board::moves::{Move, MoveList};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::rules::{legal_moves, play};

/// What the pass may do, counted in positions, so that a game is shortened alike on every machine.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShortenBudget {
    /// The most moves replayed to try dropped and merged moves, in all.
    pub(crate) replayed: usize,
    /// The most positions the searches between the game's positions may weigh, in all.
    pub(crate) searched: usize,
    /// The most positions one of those searches may weigh.
    pub(crate) each_search: usize,
}

impl ShortenBudget {
    /// The pass's budget beside a short search's `weighed` (see `ShortBudget`): its searches may weigh as
    /// many positions, a quarter of them each, and it may replay twice as many moves.
    pub(crate) fn of(weighed: usize) -> ShortenBudget {
        ShortenBudget { replayed: 2 * weighed, searched: weighed, each_search: weighed / 4 }
    }
}

/// The stretches of the game searched again for a shorter way, longest first: the whole game when it
/// is no longer than the first, else stretches of these plies, overlapping by half.
const STRETCHES: [usize; 3] = [32, 24, 16];

/// `moves`, a legal game from `start`, or a shorter legal game from `start` to the same position.
pub(crate) fn shorten<V: Variant>(
    start: &Position<V>,
    moves: Vec<Move>,
    travel: &Travel,
    budget: ShortenBudget,
    keep_going: &mut impl FnMut(usize) -> bool,
) -> Vec<Move> {
    let mut game = Game::new(start, moves);
    let mut work = Work { replayed: 0, searched: 0, no_shorter: Vec::new(), budget };
    while game.drop_pairs(&mut work)
        || game.merge_detours(&mut work)
        || game.search_again(travel, &mut work, &mut *keep_going)
    {}
    game.moves
}

/// The work done, and the stretches (their two ends) a search found no shorter way between.
struct Work<V: Variant> {
    replayed: usize,
    searched: usize,
    no_shorter: Vec<(Position<V>, Position<V>)>,
    budget: ShortenBudget,
}

/// A game and the positions along it (`positions[k]`: after `k` plies).
struct Game<V: Variant> {
    moves: Vec<Move>,
    positions: Vec<Position<V>>,
}

impl<V: Variant> Game<V> {
    fn new(start: &Position<V>, moves: Vec<Move>) -> Game<V> {
        let mut game = Game { moves: Vec::new(), positions: vec![*start] };
        game.set_tail(0, moves);
        game
    }

    /// Puts `tail` in place of the plies from `from` on.
    fn set_tail(&mut self, from: usize, tail: Vec<Move>) {
        self.moves.truncate(from);
        self.positions.truncate(from + 1);
        for m in tail {
            let next = play(&self.positions[self.positions.len() - 1], m);
            self.moves.push(m);
            self.positions.push(next);
        }
    }

    /// Whether `tail`, played from ply `from`, is legal and ends where the game ends; then it replaces the
    /// game's plies from there.
    fn try_tail(&mut self, from: usize, tail: Vec<Move>, work: &mut Work<V>) -> bool {
        let mut pos = self.positions[from];
        let mut legal = MoveList::new();
        for &m in &tail {
            work.replayed += 1;
            legal_moves(&pos, &mut legal);
            if !legal.contains(&m) {
                return false;
            }
            pos = play(&pos, m);
        }
        let ends_alike = pos == self.positions[self.positions.len() - 1];
        if ends_alike {
            self.set_tail(from, tail);
        }
        ends_alike
    }

    /// Drops ply `a` and a later ply of the other side: the first such game that replays, if any.
    fn drop_pairs(&mut self, work: &mut Work<V>) -> bool {
        let n = self.moves.len();
        for a in 0..n {
            for b in (a + 1..n).step_by(2) {
                if work.replayed >= work.budget.replayed {
                    return false;
                }
                let tail = without(&self.moves[a..], &[0, b - a], &[]);
                if self.try_tail(a, tail, work) {
                    return true;
                }
            }
        }
        false
    }

    /// Shortens a detour of each side at once (see [`Detour`]), or one side's detour of three squares while
    /// dropping a move of the other side: the first such game that replays, if any.
    fn merge_detours(&mut self, work: &mut Work<V>) -> bool {
        let detours = self.detours();
        let n = self.moves.len();
        for d in &detours {
            let theirs =
                detours.iter().filter(|e| (e.there + d.there) % 2 == 1 && e.returns() == d.returns());
            let mut tries: Vec<(Option<&Detour>, Option<usize>)> = theirs.map(|e| (Some(e), None)).collect();
            if !d.returns() {
                tries.extend((d.there + 1..n).step_by(2).map(|other| (None, Some(other))));
            }
            for (e, other) in tries {
                if work.replayed >= work.budget.replayed {
                    return false;
                }
                let first = e.map_or(d.there, |e| e.there.min(d.there));
                let (mut dropped, mut replaced) = (Vec::new(), Vec::new());
                for x in [Some(d), e].into_iter().flatten() {
                    dropped.push(x.on - first);
                    match x.merged {
                        Some(m) => replaced.push((x.there - first, m)),
                        None => dropped.push(x.there - first),
                    }
                }
                dropped.extend(other.map(|o| o - first));
                let tail = without(&self.moves[first..], &dropped, &replaced);
                if self.try_tail(first, tail, work) {
                    return true;
                }
            }
        }
        false
    }

    /// The game's detours (see [`Detour`]).
    fn detours(&self) -> Vec<Detour> {
        let n = self.moves.len();
        let mut out = Vec::new();
        for there in 0..n {
            let Move::Board { from: x, to: y, promote: first } = self.moves[there] else { continue };
            let Some(on) = (there + 2..n).step_by(2).find(|&b| touches(self.moves[b], y)) else { continue };
            let Move::Board { from, to: z, promote: then } = self.moves[on] else { continue };
            if from == y {
                let merged = (z != x).then_some(Move::Board { from: x, to: z, promote: first || then });
                out.push(Detour { there, on, merged });
            }
        }
        out
    }

    /// Searches forwards again between two of the game's positions, a stretch at a time, for a way
    /// shorter than the game's, and splices in the first one found.
    fn search_again(
        &mut self,
        travel: &Travel,
        work: &mut Work<V>,
        keep_going: &mut impl FnMut(usize) -> bool,
    ) -> bool {
        let n = self.moves.len();
        let mut spans: Vec<usize> = STRETCHES.iter().map(|&s| s.min(n)).filter(|&s| s > 1).collect();
        spans.dedup();
        for span in spans {
            let starts = (0..=n - span).step_by(span / 2).chain([n - span]);
            for from in starts {
                let left = work.budget.searched.saturating_sub(work.searched);
                if left == 0 {
                    return false;
                }
                let ends = (self.positions[from], self.positions[from + span]);
                if work.no_shorter.contains(&ends) {
                    continue;
                }
                let each = work.budget.each_search.min(left);
                let shorter = Some(span as u32);
                let found = best_first_search(
                    (&ends.0, &ends.1),
                    travel,
                    InPlaceCaptors::Go,
                    &[3],
                    shorter,
                    each,
                    &mut *keep_going,
                );
                work.searched += found.weighed;
                if let Some(way) = found.moves {
                    let mut tail = way;
                    tail.extend_from_slice(&self.moves[from + span..]);
                    if self.try_tail(from, tail, work) {
                        return true;
                    }
                }
                work.no_shorter.push(ends);
            }
        }
        false
    }
}

/// A piece's move `x`→`y` (ply `there`) and its side's next move to or from `y` when it is `y`→`z` (ply
/// `on`): one move `x`→`z` (`merged`, promoting if either did; the replay tells whether the piece can make
/// it), or none when `z` is `x`.
struct Detour {
    there: usize,
    on: usize,
    merged: Option<Move>,
}

impl Detour {
    /// Whether the piece goes there and back.
    fn returns(&self) -> bool {
        self.merged.is_none()
    }
}

/// Whether `m` moves from or to `sq`.
fn touches(m: Move, sq: u8) -> bool {
    match m {
        Move::Board { from, to, .. } => from == sq || to == sq,
        Move::Drop { to, .. } => to == sq,
    }
}

/// `tail` without the plies `dropped` (as many of each side), the plies of `replaced` replaced: each side's
/// other moves in order, taking turns from the side of the first ply.
fn without(tail: &[Move], dropped: &[usize], replaced: &[(usize, Move)]) -> Vec<Move> {
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    for (k, &m) in tail.iter().enumerate() {
        if dropped.contains(&k) {
            continue;
        }
        let m = replaced.iter().find(|&&(r, _)| r == k).map_or(m, |&(_, r)| r);
        if k % 2 == 0 {
            mine.push(m);
        } else {
            theirs.push(m);
        }
    }
    let mut out = Vec::with_capacity(mine.len() + theirs.len());
    let mut theirs = theirs.into_iter();
    for m in mine {
        out.push(m);
        out.extend(theirs.next());
    }
    out.extend(theirs);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::played;
    use shogi_reach_engine::board::variant::{MiniShogi, Shogi};

    fn usi<V: Variant>(moves: &str) -> Vec<Move> {
        moves.split(' ').map(|m| Move::from_usi::<V>(m).unwrap()).collect()
    }

    /// `moves` shortened from the initial position with `budget`.
    fn shortened<V: Variant>(moves: &[Move], budget: ShortenBudget) -> Vec<Move> {
        let travel = Travel::build::<V>();
        shorten(&Position::<V>::startpos(), moves.to_vec(), &travel, budget, &mut |_| true)
    }

    const BUDGET: ShortenBudget = ShortenBudget { replayed: 200_000, searched: 0, each_search: 0 };

    #[test]
    fn moves_there_and_back_and_detours_of_each_side_are_shortened() {
        // A gold of each side goes there and back.
        let game = usi::<Shogi>("7g7f 4a3b 6i5h 3b4a 5h6i 3c3d");
        assert_eq!(shortened::<Shogi>(&game, BUDGET), usi::<Shogi>("7g7f 3c3d"));
        // Each rook goes in two moves where one would do.
        let game = usi::<Shogi>("7g7f 8b7b 2h3h 7b6b 3h4h 3c3d");
        assert_eq!(shortened::<Shogi>(&game, BUDGET), usi::<Shogi>("7g7f 8b6b 2h4h 3c3d"));
        // Each rook in three moves: two detours each, shortened in turn.
        let game = usi::<Shogi>("2h3h 8b7b 3h4h 7b6b 4h5h 6b5b");
        assert_eq!(shortened::<Shogi>(&game, BUDGET), usi::<Shogi>("2h5h 8b5b"));
    }

    #[test]
    fn the_search_finds_a_shorter_way_between_positions_of_the_game() {
        let game = usi::<Shogi>("7g7f 8b7b 2h3h 7b6b 3h4h 3c3d");
        let travel = Travel::build::<Shogi>();
        let budget = ShortenBudget { replayed: 0, searched: 100_000, each_search: 25_000 };
        let mut work = Work { replayed: 0, searched: 0, no_shorter: Vec::new(), budget };
        let mut pass = Game::new(&Position::<Shogi>::startpos(), game.clone());
        assert!(pass.search_again(&travel, &mut work, &mut |_| true));
        assert_eq!(played::<Shogi>(&pass.moves), played::<Shogi>(&game));
        assert_eq!(pass.moves.len(), 4, "{:?}", pass.moves);
        assert!(work.searched > 0 && work.searched <= 100_000 + 600, "{}", work.searched);
        // Nothing is shorter than 4 plies: the search finds none and the pass keeps the game.
        assert!(!pass.search_again(&travel, &mut work, &mut |_| true));
        assert_eq!(pass.moves.len(), 4);
    }

    #[test]
    fn with_no_budget_the_game_stays_as_it_is() {
        let game = usi::<Shogi>("7g7f 4a3b 6i5h 3b4a 5h6i 3c3d");
        let none = ShortenBudget { replayed: 0, searched: 0, each_search: 0 };
        assert_eq!(shortened::<Shogi>(&game, none), game);
    }

    #[test]
    fn random_games_are_never_longer_and_end_where_they_ended() {
        // Random legal games (a fixed LCG), of both games: the pass only ever shortens, and every game it
        // gives replays against the legal moves to the same position.
        let mut seed = 20261128u64;
        let mut next = move |n: usize| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let mut shorter = 0;
        for round in 0..24 {
            let plies = 6 + round % 14;
            let game = if round % 2 == 0 {
                random_game::<Shogi>(plies, &mut next)
            } else {
                random_game::<MiniShogi>(plies, &mut next)
            };
            let short = if round % 2 == 0 { check::<Shogi>(&game) } else { check::<MiniShogi>(&game) };
            shorter += usize::from(short < game.len());
        }
        assert!(shorter > 0, "random games have moves to spare");
    }

    fn random_game<V: Variant>(plies: usize, next: &mut impl FnMut(usize) -> usize) -> Vec<Move> {
        let (mut pos, mut legal, mut game) = (Position::<V>::startpos(), MoveList::new(), Vec::new());
        for _ in 0..plies {
            legal_moves(&pos, &mut legal);
            if legal.is_empty() {
                break;
            }
            let m = legal[next(legal.len())];
            pos = play(&pos, m);
            game.push(m);
        }
        game
    }

    /// The length of `game` shortened (searches included), checked to replay to the same end.
    fn check<V: Variant>(game: &[Move]) -> usize {
        let travel = Travel::build::<V>();
        let budget = ShortenBudget { replayed: 50_000, searched: 20_000, each_search: 5_000 };
        let short = shorten(&Position::<V>::startpos(), game.to_vec(), &travel, budget, &mut |_| true);
        assert!(short.len() <= game.len());
        assert_eq!(played::<V>(&short), played::<V>(game));
        short.len()
    }
}
