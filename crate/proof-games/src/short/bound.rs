//! The lower bound on the plies from the initial position that orders and prunes the short search.
//!
//! It counts, for each side, the moves its pieces must make: every piece on the board is either one of the
//! side's own pieces from its starting square (at least the moves its kind needs on an empty board,
//! promotion included) or a piece the side captured and dropped (one drop, more if it stands promoted);
//! every dropped piece and every piece in hand was captured by one of the side's moves. The two sides
//! alternate, so the plies follow from the larger count and the side to move. Near the start, the
//! perimeter knows the plies exactly.

use crate::assignment::min_cost_assignment;
use crate::short::perimeter::Perimeter;
use crate::short::travel::{Travel, FAR};
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::piece::{Kind, Piece, EMPTY};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::{Judkins, MiniShogi, Shogi, Variant};
use std::sync::OnceLock;

/// Where a piece of the initial position is in a position: on the board (owner, square, promoted) or in
/// a hand.
#[derive(Clone, Copy, Debug)]
enum Location {
    Board(Color, usize, bool),
    Hand(Color),
}

/// A position's lower bound, and how near the start it looks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PliesBound {
    /// The least plies of any game to the position.
    pub(crate) plies: u32,
    /// The bound as counted piece by piece (exact inside the perimeter): it keeps falling towards the
    /// start where `plies` stays at the perimeter's depth.
    pub(crate) guide: u32,
    /// The least moves of both sides together (which breaks ties: the plies bound only falls with the
    /// moves of the side that needs more).
    pub(crate) moves: u32,
}

/// The lower bound on the plies from the initial position, with what it needs.
pub struct Bound<V: Variant> {
    travel: Travel,
    /// Starting squares of each unpromoted piece code.
    homes: [Vec<usize>; 32],
    /// The positions near the start, with their distance (only the start itself unless built with more).
    perimeter: Perimeter<V>,
    /// By unpromoted piece code and square: the least moves from any of the code's homes to stand there.
    from_homes: Vec<u32>,
}

/// Where [`Bound::shared`] keeps each game's bound.
pub trait BoundCache: Variant {
    /// The depth of the shared bound's perimeter: every position within it is kept (Shogi: 4 plies,
    /// about 600 000 positions; Mini Shogi: 5, about 400 000).
    const PERIMETER_PLIES: u32;
    /// The default budget of the short proof-game search (see `ShortBudget`): the positions its backward
    /// searches may weigh against the bound in all, so that the whole command takes about 2 s on this
    /// project's machine for positions of real games (measured 2026-11-28: Shogi's 80 000 in median 1.6–2.0 s
    /// from 40 plies on, at most 2.8 s; random positions take longer, docs/benchmarks.md).
    const SHORT_WEIGHED: usize;
    /// How many positions each guide's forward searches may weigh per position of that budget: their
    /// guide costs far less than the backward searches' bound (Shogi's 8 found games for the 40- and
    /// 60-ply positions that 4 left to the KK route).
    const FORWARD_PER_BACKWARD: usize;
    /// Whether the weighted backward searches look for a first game again after the forward searches
    /// (else the last forward searches get twice what they would have weighed). They find games the forward
    /// searches miss in Mini Shogi, and in Shogi none, on 200 self-play positions of 16 to 80 plies, where
    /// they took half the time (2026-11-28, docs/benchmarks.md).
    const BACKWARD_AFTER_FORWARD: bool;
    fn bound_cache() -> &'static OnceLock<Bound<Self>>;
}

impl BoundCache for Shogi {
    const PERIMETER_PLIES: u32 = 4;
    const SHORT_WEIGHED: usize = 80_000;
    const FORWARD_PER_BACKWARD: usize = 8;
    const BACKWARD_AFTER_FORWARD: bool = false;
    fn bound_cache() -> &'static OnceLock<Bound<Self>> {
        static CACHE: OnceLock<Bound<Shogi>> = OnceLock::new();
        &CACHE
    }
}

impl BoundCache for MiniShogi {
    const PERIMETER_PLIES: u32 = 5;
    const SHORT_WEIGHED: usize = 80_000;
    const FORWARD_PER_BACKWARD: usize = 4;
    const BACKWARD_AFTER_FORWARD: bool = true;
    fn bound_cache() -> &'static OnceLock<Bound<Self>> {
        static CACHE: OnceLock<Bound<MiniShogi>> = OnceLock::new();
        &CACHE
    }
}

impl BoundCache for Judkins {
    const PERIMETER_PLIES: u32 = 4;
    const SHORT_WEIGHED: usize = 80_000;
    const FORWARD_PER_BACKWARD: usize = 4;
    const BACKWARD_AFTER_FORWARD: bool = true;
    fn bound_cache() -> &'static OnceLock<Bound<Self>> {
        static CACHE: OnceLock<Bound<Judkins>> = OnceLock::new();
        &CACHE
    }
}

impl<V: BoundCache> Bound<V> {
    /// The bound of `V`, built once.
    pub(crate) fn shared() -> &'static Bound<V> {
        V::bound_cache().get_or_init(|| Bound::with_perimeter(V::PERIMETER_PLIES))
    }
}

impl<V: Variant> Bound<V> {
    /// The bound with every position within `plies` of the start known exactly.
    fn with_perimeter(plies: u32) -> Bound<V> {
        Bound { perimeter: Perimeter::build(plies), ..Bound::new() }
    }

    pub fn new() -> Bound<V> {
        let start = Position::<V>::startpos();
        let mut homes: [Vec<usize>; 32] = std::array::from_fn(|_| Vec::new());
        for (sq, &c) in start.board().iter().enumerate() {
            if c != EMPTY {
                homes[c as usize].push(sq);
            }
        }
        let travel = Travel::build::<V>();
        let n = travel.squares();
        let from_homes = (0..32 * n)
            .map(|i| {
                let (code, x) = ((i / n) as u8, i % n);
                homes[code as usize].iter().map(|&h| travel.reach(code, h, x)).min().unwrap_or(u32::from(FAR))
            })
            .collect();
        Bound { travel, homes, perimeter: Perimeter::build(0), from_homes }
    }

    /// The least plies of any game from the initial position to `p` (`None` when no game can reach it by
    /// this count, e.g. a king that cannot walk there).
    pub fn plies(&self, p: &Position<V>) -> Option<u32> {
        self.weigh(p, false).map(|e| e.plies)
    }

    /// The bound on the plies of `p`, and what orders the search among positions with the same bound.
    pub(crate) fn weigh(&self, p: &Position<V>, captures: bool) -> Option<PliesBound> {
        let (counted, moves) = self.counted(p, captures)?;
        Some(match self.perimeter.distance(p) {
            Some(d) => PliesBound { plies: d, guide: d, moves },
            None => PliesBound { plies: self.perimeter.sharpen(p, counted), guide: counted, moves },
        })
    }

    /// The bound as counted piece by piece, and the least moves of both sides together.
    fn counted(&self, p: &Position<V>, captures: bool) -> Option<(u32, u32)> {
        let walls = if captures { self.walls(p) } else { 0 };
        let sente = self.moves(p, Color::Sente, walls)?;
        let gote = self.moves(p, Color::Gote, walls)?;
        // Sente moves first: after 2k plies each side made k moves, after 2k+1 Sente made k+1.
        let by_side = match p.side_to_move() {
            Color::Sente => 2 * sente.max(gote),
            Color::Gote => 2 * sente.saturating_sub(1).max(gote) + 1,
        };
        // The plies of the whole game have the parity of the side to move.
        let total = self.total_moves(p, captures, walls)?;
        let total = total + ((total + p.side_to_move() as u32) & 1);
        Some((by_side.max(total), sente + gote))
    }

    /// The least plies of any game to `p`, counted piece by piece: every ply moves or drops one piece, so
    /// the plies are the sum over the pieces of the game of their own moves and drops. Each piece of the
    /// initial position ends somewhere in `p`; by kind, the cheapest such assignment is a lower bound:
    /// - on the board for its first owner, never captured: its travel; captured and won back: at least
    ///   two drops (the opponent's and its owner's);
    /// - on the board for the other side: a drop (and the moves to promote after it);
    /// - in the other side's hand: nothing; in its owner's hand: the opponent's drop before it was won back.
    fn total_moves(&self, p: &Position<V>, captures: bool, walls: u128) -> Option<u32> {
        let detours = if captures {
            [self.captor_detours(p, Color::Sente), self.captor_detours(p, Color::Gote)]
        } else {
            [Vec::new(), Vec::new()]
        };
        let mut locations: [Vec<Location>; 8] = Default::default();
        for (sq, &c) in p.board().iter().enumerate() {
            if let Some(pc) = Piece::from_code(c) {
                locations[pc.kind().index()].push(Location::Board(pc.color(), sq, pc.is_promoted()));
            }
        }
        for color in [Color::Sente, Color::Gote] {
            for kind in Kind::ALL {
                let n = p.hand(color)[kind.index()] as usize;
                locations[kind.index()].extend(std::iter::repeat_n(Location::Hand(color), n));
            }
        }
        let mut total = 0;
        for kind in Kind::ALL {
            let pieces: Vec<(Color, usize)> = [Color::Sente, Color::Gote]
                .into_iter()
                .flat_map(|c| {
                    self.homes[Piece::unpromoted(kind, c).code() as usize].iter().map(move |&h| (c, h))
                })
                .collect();
            let rows: Vec<Vec<u32>> = pieces
                .iter()
                .map(|&(owner, home)| {
                    let taken =
                        [Color::Sente, Color::Gote].map(|c| self.capture(kind, owner, home, c, &detours));
                    locations[kind.index()]
                        .iter()
                        .map(|&l| self.history(kind, owner, home, l, walls, taken))
                        .collect()
                })
                .collect();
            let (cost, _) = min_cost_assignment(&rows);
            if cost >= u32::from(FAR) {
                return None;
            }
            total += cost;
        }
        Some(total)
    }

    /// The moves a capture by `captor` adds for the piece of `kind` that starts on `home` for `owner`: its
    /// own moves to where it was taken, and the captor's detour there (by `detours`, one per square for
    /// each capturing side; none when empty).
    fn capture(&self, kind: Kind, owner: Color, home: usize, captor: Color, detours: &[Vec<u32>; 2]) -> u32 {
        let detour = &detours[captor.index()];
        if detour.is_empty() || kind == Kind::King {
            return 0;
        }
        let code = Piece::unpromoted(kind, owner).code();
        (0..self.travel.squares()).map(|x| self.travel.reach(code, home, x) + detour[x]).min().unwrap_or(0)
    }

    /// For every square, the least moves a piece of `captor` must add to its own to capture there.
    fn captor_detours(&self, p: &Position<V>, captor: Color) -> Vec<u32> {
        let n = self.travel.squares();
        let far = u32::from(FAR);
        let mut detour = vec![far; n];
        let other = captor.opponent();
        let from_homes = |code: u8| &self.from_homes[code as usize * n..][..n];
        // The kinds of which a piece of `captor` may have been taken and dropped by the other side.
        let mut taken_kinds = [false; 8];
        for (f, &c) in p.board().iter().enumerate() {
            let Some(pc) = Piece::from_code(c) else { continue };
            let (kind, promoted) = (pc.kind(), pc.is_promoted());
            let code = Piece::unpromoted(kind, captor).code();
            let homes = &self.homes[code as usize];
            if pc.color() == captor {
                // From a home through x to f, beyond its way straight from that home; or dropped.
                for &h in homes {
                    let direct = u32::from(self.travel.get(code, h, promoted, f));
                    if direct >= far {
                        continue;
                    }
                    for (x, d) in detour.iter_mut().enumerate() {
                        let via = self.via(code, h, x, f, promoted);
                        *d = (*d).min(via.saturating_sub(direct));
                    }
                }
                if kind != Kind::King {
                    for (x, d) in detour.iter_mut().enumerate() {
                        if x != f {
                            *d = (*d).min(1 + self.travel.onwards(code, x, promoted, f).min(far));
                        }
                    }
                }
            } else if kind != Kind::King {
                taken_kinds[kind.index()] = true;
            }
        }
        for kind in Kind::ALL {
            let code = Piece::unpromoted(kind, captor).code();
            // Perhaps one of the captor's own pieces, taken and dropped by the other side.
            if taken_kinds[kind.index()] {
                for (d, &r) in detour.iter_mut().zip(from_homes(code)) {
                    *d = (*d).min(r);
                }
            }
            if p.hand(other)[kind.index()] > 0 {
                for (d, &r) in detour.iter_mut().zip(from_homes(code)) {
                    *d = (*d).min(r.min(1));
                }
            }
        }
        detour
    }

    /// The least moves of the piece `code` from `home` through `x` to stand on `to` with `promoted`.
    fn via(&self, code: u8, home: usize, x: usize, to: usize, promoted: bool) -> u32 {
        let t = &self.travel;
        let plain = u32::from(t.get(code, home, false, x)) + t.onwards(code, x, promoted, to);
        if promoted {
            plain.min(u32::from(t.get(code, home, true, x)) + t.onwards(code, x, true, to))
        } else {
            plain
        }
    }

    /// The least moves and drops of the piece of `kind` that starts on `home` for `owner` and ends at
    /// `location` (see [`Bound::total_moves`]); `taken` is what a capture by each side adds (see
    /// [`Bound::capture`]).
    fn history(
        &self,
        kind: Kind,
        owner: Color,
        home: usize,
        location: Location,
        walls: u128,
        taken: [u32; 2],
    ) -> u32 {
        let taken_by = |captor: Color| taken[captor.index()];
        let dropped_as = |color: Color, sq: usize, promoted: bool| {
            let code = Piece::unpromoted(kind, color).code() as usize;
            1 + if promoted { u32::from(self.travel.promoted_after_drop(code, sq)) } else { 0 }
        };
        match location {
            Location::Board(color, sq, promoted) if kind == Kind::King => {
                if color == owner {
                    self.travel.way::<V>(Piece::unpromoted(kind, owner).code(), home, promoted, sq, walls)
                } else {
                    u32::from(FAR)
                }
            }
            Location::Board(color, sq, promoted) if color == owner => {
                let travel =
                    self.travel.way::<V>(Piece::unpromoted(kind, owner).code(), home, promoted, sq, walls);
                travel.min(1 + dropped_as(color, sq, promoted) + taken_by(owner.opponent()))
            }
            Location::Board(color, sq, promoted) => dropped_as(color, sq, promoted) + taken_by(color),
            Location::Hand(color) => u32::from(color == owner) + taken_by(owner.opponent()),
        }
    }

    /// The least moves of `color` in any game from the initial position to `p`.
    fn moves(&self, p: &Position<V>, color: Color, walls: u128) -> Option<u32> {
        // The pieces of `color` on the board, by kind: (square, promoted).
        let mut by_kind: [Vec<(usize, bool)>; 8] = Default::default();
        for (sq, &c) in p.board().iter().enumerate() {
            if let Some(piece) = Piece::from_code(c).filter(|pc| pc.color() == color) {
                by_kind[piece.kind().index()].push((sq, piece.is_promoted()));
            }
        }
        let mut travel_and_drops = 0u32;
        let mut drops_and_captures = 0u32;
        for kind in Kind::ALL {
            let code = Piece::unpromoted(kind, color).code();
            let homes = &self.homes[code as usize];
            let on_board = &by_kind[kind.index()];
            let (cost, min_drops) = self.assign(code, homes, on_board, kind != Kind::King, walls)?;
            travel_and_drops += cost;
            drops_and_captures += 2 * min_drops + u32::from(p.hand(color)[kind.index()]);
        }
        Some(travel_and_drops.max(drops_and_captures))
    }

    /// The least cost of bringing the pieces `on_board` of one kind and colour where they stand: each from
    /// a distinct home (its travel) or by a drop (1, plus the moves to promote). Returns the cost and the
    /// fewest drops any assignment needs.
    fn assign(
        &self,
        code: u8,
        homes: &[usize],
        on_board: &[(usize, bool)],
        droppable: bool,
        walls: u128,
    ) -> Option<(u32, u32)> {
        let drop_cost = |&(to, promoted): &(usize, bool)| -> u32 {
            if !droppable {
                u32::from(FAR)
            } else if promoted {
                1 + u32::from(self.travel.promoted_after_drop(code as usize, to))
            } else {
                1
            }
        };
        let rows: Vec<Vec<u32>> = on_board
            .iter()
            .map(|piece| {
                let (to, promoted) = *piece;
                let mut row: Vec<u32> =
                    homes.iter().map(|&h| self.travel.way::<V>(code, h, promoted, to, walls)).collect();
                row.extend(std::iter::repeat_n(drop_cost(piece), on_board.len()));
                row
            })
            .collect();
        let (cost, row_of) = min_cost_assignment(&rows);
        if cost >= u32::from(FAR) {
            return None;
        }
        // Columns past the homes are drops.
        let drops =
            (homes.len() + 1..=homes.len() + on_board.len()).filter(|&j| row_of[j] != 0).count() as u32;
        let fewest_drops = (on_board.len() as u32).saturating_sub(homes.len() as u32).min(drops);
        Some((cost, fewest_drops))
    }

    /// The squares of pawns, lances and knights on their own starting squares: they cannot move back, so
    /// (unless dropped there) they stood there all game, and no piece can have crossed their squares.
    fn walls(&self, p: &Position<V>) -> u128 {
        let mut walls = 0u128;
        for (sq, &c) in p.board().iter().enumerate() {
            if let Some(pc) = Piece::from_code(c) {
                let fixed = matches!(pc.kind(), Kind::Pawn | Kind::Lance | Kind::Knight) && !pc.is_promoted();
                if fixed && self.homes[c as usize].contains(&sq) {
                    walls |= 1u128 << sq;
                }
            }
        }
        walls
    }

    pub(crate) fn travel(&self) -> &Travel {
        &self.travel
    }

    pub(crate) fn perimeter(&self) -> &Perimeter<V> {
        &self.perimeter
    }
}

impl<V: Variant> Default for Bound<V> {
    fn default() -> Self {
        Bound::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::after;

    #[test]
    fn the_bound_is_zero_at_the_start_and_counts_simple_openings() {
        let b = Bound::<Shogi>::new();
        assert_eq!(b.plies(&Position::startpos()), Some(0));
        let after = after::<Shogi>;
        assert_eq!(b.plies(&after(&["7g7f"])), Some(1));
        assert_eq!(b.plies(&after(&["7g7f", "3c3d"])), Some(2));
        assert_eq!(b.plies(&after(&["7g7f", "3c3d", "8h2b+"])), Some(3));
        let m = Bound::<MiniShogi>::new();
        assert_eq!(m.plies(&Position::startpos()), Some(0));
    }
}
