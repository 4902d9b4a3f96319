//! Short proof games: a best-first search backwards from a position to the initial position over Prev1,
//! guided by a lower bound on the plies every game from the initial position to a position needs.
//!
//! The bound counts, for each side, the moves its pieces must make: every piece on the board is either one
//! of the side's own pieces from its starting square (at least the moves its kind needs on an empty board,
//! promotion included) or a piece the side captured and dropped (one drop, more if it stands promoted); every
//! dropped piece and every piece in hand was captured by one of the side's moves. The two sides alternate, so
//! the plies follow from the larger count and the side to move. With weight 1 the search is A*: the first
//! game it finds is a shortest one.

use crate::perimeter::Perimeter;
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::moves::Move;
use shogi_reach_engine::board::piece::{Kind, Piece, EMPTY};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::{Variant, MOVES, OFF};
use shogi_reach_engine::reach::prev::{predecessors, Predecessor};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// No way (a pawn cannot move backwards).
pub(crate) const FAR: u8 = u8::MAX;

/// Least moves on an empty board from a square to a square, for every piece and promotion state.
pub struct Travel {
    n: usize,
    /// `[code][from][promoted after][to]`, [`FAR`] when impossible.
    dist: Vec<u8>,
    /// `[code][to]`: the least moves to stand promoted on `to` after a drop of the unpromoted `code`
    /// anywhere (the drop itself not counted).
    promoted_after_drop: Vec<u8>,
    /// `[code][from][to]`: the least moves of the promoted piece of the unpromoted `code` from `from`.
    promoted_from: Vec<u8>,
}

impl Travel {
    pub fn build<V: Variant>() -> Travel {
        let n = V::squares();
        let mut t = Travel {
            n,
            dist: vec![FAR; 32 * n * 2 * n],
            promoted_after_drop: vec![FAR; 32 * n],
            promoted_from: vec![FAR; 32 * n * n],
        };
        for code in 0..32u8 {
            let Some(piece) = Piece::from_code(code) else { continue };
            if piece.is_promoted() {
                continue;
            }
            for from in 0..n {
                t.search_from::<V>(piece, from);
                if piece.kind().can_promote() {
                    t.search_promoted_from::<V>(piece, from);
                }
            }
            for to in 0..n {
                let best = (0..n)
                    .filter(|&d| !V::is_dead(piece.kind(), piece.color(), d))
                    .map(|d| t.get(code, d, true, to))
                    .min()
                    .unwrap_or(FAR);
                t.promoted_after_drop[code as usize * n + to] = best;
            }
        }
        t
    }

    /// The least moves to stand promoted on `to` after a drop of the unpromoted `code` (the drop not
    /// counted).
    #[inline]
    pub(crate) fn promoted_after_drop(&self, code: usize, to: usize) -> u8 {
        self.promoted_after_drop[code * self.n + to]
    }

    /// The least moves of the promoted piece of the unpromoted `code` from `from` to `to`.
    #[inline]
    pub(crate) fn promoted_from(&self, code: u8, from: usize, to: usize) -> u8 {
        self.promoted_from[(code as usize * self.n + from) * self.n + to]
    }

    #[inline]
    fn index(&self, code: u8, from: usize, promoted: bool, to: usize) -> usize {
        ((code as usize * self.n + from) * 2 + promoted as usize) * self.n + to
    }

    /// Least moves for the unpromoted piece `code` on `from` to stand on `to`, promoted or not.
    #[inline]
    pub fn get(&self, code: u8, from: usize, promoted: bool, to: usize) -> u8 {
        self.dist[self.index(code, from, promoted, to)]
    }

    /// Least moves for the unpromoted piece `code` on `from` to stand on `to`, in either state.
    #[inline]
    fn reach(&self, code: u8, from: usize, to: usize) -> u32 {
        u32::from(self.get(code, from, false, to).min(self.get(code, from, true, to)))
    }

    /// Least moves for the piece `code` on `from` (promoted or not, either may be) to stand on `to`
    /// with `promoted` there.
    #[inline]
    fn onwards(&self, code: u8, from: usize, promoted: bool, to: usize) -> u32 {
        let unpromoted = u32::from(self.get(code, from, promoted, to));
        if promoted {
            unpromoted.min(u32::from(self.promoted_from[(code as usize * self.n + from) * self.n + to]))
        } else {
            unpromoted
        }
    }

    /// Breadth-first over the squares of the promoted piece of `piece`, starting on `from`.
    fn search_promoted_from<V: Variant>(&mut self, piece: Piece, from: usize) {
        let mut out = vec![FAR; 2 * self.n];
        walk::<V>(piece, (true, from), 0, &mut out);
        let row = (piece.code() as usize * self.n + from) * self.n;
        self.promoted_from[row..row + self.n].copy_from_slice(&out[self.n..]);
    }

    /// Breadth-first over (promoted, square) states of one unpromoted piece starting on `from`.
    fn search_from<V: Variant>(&mut self, piece: Piece, from: usize) {
        let start = self.index(piece.code(), from, false, 0);
        walk::<V>(piece, (false, from), 0, &mut self.dist[start..start + 2 * self.n]);
    }
}

/// The least moves of the unpromoted `piece`, starting (promoted or not, square) as `from`, to every
/// (promoted, square), written to `out` (`[promoted][to]`, all [`FAR`] on entry), never entering or
/// crossing a square of `walls`.
fn walk<V: Variant>(piece: Piece, from: (bool, usize), walls: u128, out: &mut [u8]) {
    let g = V::geometry();
    let n = V::squares();
    let (kind, color) = (piece.kind(), piece.color());
    let mut frontier = vec![from];
    out[usize::from(from.0) * n + from.1] = 0;
    let mut moves = 0u8;
    while !frontier.is_empty() {
        moves += 1;
        let mut next = Vec::new();
        for (promoted, sq) in frontier {
            let code = if promoted { piece.promote().code() } else { piece.code() } as usize;
            for to in targets(g, MOVES.steps[code], MOVES.slides[code], sq, walls) {
                let zone = V::in_zone(sq, color) || V::in_zone(to, color);
                let states: [(bool, bool); 2] = [
                    (promoted, promoted || !V::is_dead(kind, color, to)),
                    (true, !promoted && kind.can_promote() && zone),
                ];
                for (p, allowed) in states {
                    let i = usize::from(p) * n + to;
                    if allowed && out[i] == FAR {
                        out[i] = moves;
                        next.push((p, to));
                    }
                }
            }
        }
        frontier = next;
    }
}

/// The squares a piece with these step and slide patterns reaches in one move on a board whose only
/// pieces stand on `walls`, which it can neither enter nor cross.
fn targets(
    g: &shogi_reach_engine::board::variant::Geometry,
    steps: u16,
    slides: u8,
    sq: usize,
    walls: u128,
) -> impl Iterator<Item = usize> + '_ {
    let open = move |t: u8| t != OFF && walls & (1u128 << t) == 0;
    let step_targets = (0..12).filter(move |&d| steps & (1 << d) != 0).map(move |d| g.nb[sq][d]);
    let slide_targets = (0..8).filter(move |&d| slides & (1 << d) != 0).flat_map(move |d| {
        std::iter::successors(Some(g.nb[sq][d]), move |&t| open(t).then(|| g.nb[t as usize][d]))
    });
    step_targets.chain(slide_targets).filter(move |&t| open(t)).map(|t| t as usize)
}

/// Where a piece of the initial position is in a position: on the board (owner, square, promoted) or in
/// a hand.
#[derive(Clone, Copy, Debug)]
enum Location {
    Board(Color, usize, bool),
    Hand(Color),
}

/// A position's lower bound, and how near the start it looks.
#[derive(Clone, Copy, Debug)]
struct Estimate {
    /// The least plies of any game to the position.
    plies: u32,
    /// The bound as counted piece by piece (exact inside the perimeter): it keeps falling towards the
    /// start where `plies` stays at the perimeter's depth.
    guide: u32,
    /// The least moves of both sides together (which breaks ties: the plies bound only falls with the
    /// moves of the side that needs more).
    moves: u32,
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
    /// The depth of the shared bound's [`Perimeter`]: every position within it is kept (Shogi: 4 plies,
    /// about 600 000 positions; Mini Shogi: 5, about 400 000).
    const PERIMETER_PLIES: u32;
    /// The default budget of the short proof-game search (see `ShortBudget`): the positions its backward
    /// searches may weigh against the bound in all, so that the whole command takes at most about 2 s on
    /// this project's machine.
    const SHORT_WEIGHED: usize;
    /// How many positions each guide's forward searches may weigh per position of that budget: their
    /// guide costs far less than the backward searches' bound.
    const FORWARD_PER_BACKWARD: usize;
    fn bound_cache() -> &'static std::sync::OnceLock<Bound<Self>>;
}

impl BoundCache for shogi_reach_engine::board::variant::Shogi {
    const PERIMETER_PLIES: u32 = 4;
    const SHORT_WEIGHED: usize = 40_000;
    const FORWARD_PER_BACKWARD: usize = 4;
    fn bound_cache() -> &'static std::sync::OnceLock<Bound<Self>> {
        static CACHE: std::sync::OnceLock<Bound<shogi_reach_engine::board::variant::Shogi>> =
            std::sync::OnceLock::new();
        &CACHE
    }
}

impl BoundCache for shogi_reach_engine::board::variant::MiniShogi {
    const PERIMETER_PLIES: u32 = 5;
    const SHORT_WEIGHED: usize = 80_000;
    const FORWARD_PER_BACKWARD: usize = 4;
    fn bound_cache() -> &'static std::sync::OnceLock<Bound<Self>> {
        static CACHE: std::sync::OnceLock<Bound<shogi_reach_engine::board::variant::MiniShogi>> =
            std::sync::OnceLock::new();
        &CACHE
    }
}

impl<V: BoundCache> Bound<V> {
    /// The bound of `V`, built once.
    pub fn shared() -> &'static Bound<V> {
        V::bound_cache().get_or_init(|| Bound::with_perimeter(V::PERIMETER_PLIES))
    }
}

impl<V: Variant> Bound<V> {
    /// The bound with every position within `plies` of the start known exactly.
    pub fn with_perimeter(plies: u32) -> Bound<V> {
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
        let n = travel.n;
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
        self.estimate(p, false).map(|e| e.plies)
    }

    /// The bound on the plies of `p`, and what orders the search among positions with the same bound.
    fn estimate(&self, p: &Position<V>, captures: bool) -> Option<Estimate> {
        let (counted, moves) = self.counted(p, captures)?;
        Some(match self.perimeter.distance(p) {
            Some(d) => Estimate { plies: d, guide: d, moves },
            None => Estimate { plies: self.perimeter.sharpen(p, counted), guide: counted, moves },
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
        (0..self.travel.n).map(|x| self.travel.reach(code, home, x) + detour[x]).min().unwrap_or(0)
    }

    /// For every square, the least moves a piece of `captor` must add to its own to capture there.
    fn captor_detours(&self, p: &Position<V>, captor: Color) -> Vec<u32> {
        let n = self.travel.n;
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
        let n = self.travel.n;
        let dropped_as = |color: Color, sq: usize, promoted: bool| {
            let code = Piece::unpromoted(kind, color).code() as usize;
            1 + if promoted { u32::from(self.travel.promoted_after_drop[code * n + sq]) } else { 0 }
        };
        match location {
            Location::Board(color, sq, promoted) if kind == Kind::King => {
                if color == owner {
                    self.way(Piece::unpromoted(kind, owner).code(), home, promoted, sq, walls)
                } else {
                    u32::from(FAR)
                }
            }
            Location::Board(color, sq, promoted) if color == owner => {
                let travel = self.way(Piece::unpromoted(kind, owner).code(), home, promoted, sq, walls);
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
        let n = self.travel.n;
        let drop_cost = |&(to, promoted): &(usize, bool)| -> u32 {
            if !droppable {
                u32::from(FAR)
            } else if promoted {
                1 + u32::from(self.travel.promoted_after_drop[code as usize * n + to])
            } else {
                1
            }
        };
        let rows: Vec<Vec<u32>> = on_board
            .iter()
            .map(|piece| {
                let (to, promoted) = *piece;
                let mut row: Vec<u32> =
                    homes.iter().map(|&h| self.way(code, h, promoted, to, walls)).collect();
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

    /// The least moves of the unpromoted `code` from `home` to stand on `to` with `promoted`, never
    /// crossing `walls` (none: on the empty board).
    fn way(&self, code: u8, home: usize, promoted: bool, to: usize, walls: u128) -> u32 {
        if walls == 0 {
            return u32::from(self.travel.get(code, home, promoted, to));
        }
        let n = self.travel.n;
        WALLED.with(|cache| {
            let mut cache = cache.borrow_mut();
            if cache.len() > 1 << 16 {
                cache.clear();
            }
            let key = (walls & !(1u128 << home), code, home as u8, n as u8);
            let table = cache.entry(key).or_insert_with(|| {
                let mut out = vec![FAR; 2 * n].into_boxed_slice();
                let piece = Piece::from_code(code).expect("a piece code");
                walk::<V>(piece, (false, home), key.0, &mut out);
                out
            });
            u32::from(table[usize::from(promoted) * n + to])
        })
    }

    pub fn travel(&self) -> &Travel {
        &self.travel
    }

    pub fn perimeter(&self) -> &Perimeter<V> {
        &self.perimeter
    }
}

impl<V: Variant> Default for Bound<V> {
    fn default() -> Self {
        Bound::new()
    }
}

/// The most columns of an assignment, with room to spare: a kind's homes of one side and its pieces on the
/// board (Shogi's pawns: 9 + 18), or all its pieces (18).
const MAX_COLUMNS: usize = 47;

/// The least total cost of giving each row a distinct column (rows ≤ columns ≤ [`MAX_COLUMNS`]), and the
/// row given to each column (1-based, 0 for none): the Hungarian method with potentials,
/// O(rows² · columns), on the stack (the bound runs it some twenty times per position). Costs at or above
/// [`FAR`] mean "impossible"; the total is then at least `FAR`.
fn min_cost_assignment(rows: &[Vec<u32>]) -> (u32, [usize; MAX_COLUMNS + 1]) {
    let m = rows.first().map_or(0, Vec::len);
    min_cost_assignment_by(rows.len(), m, |i, j| rows[i][j])
}

/// [`min_cost_assignment`] of `n` rows and `m` columns, the cost of row `i` and column `j` being
/// `cost(i, j)`.
pub(crate) fn min_cost_assignment_by(
    n: usize,
    m: usize,
    cost: impl Fn(usize, usize) -> u32,
) -> (u32, [usize; MAX_COLUMNS + 1]) {
    let mut p = [0usize; MAX_COLUMNS + 1];
    if n == 0 {
        return (0, p);
    }
    assert!(n <= m && m <= MAX_COLUMNS, "an assignment of {n} rows to {m} columns");
    let cost = |i: usize, j: usize| i64::from(cost(i, j).min(u32::from(FAR) * 4));
    let inf = i64::MAX / 4;
    // 1-based: u, v potentials; p[j] the row matched to column j; way for the augmenting path.
    let (mut u, mut v) = ([0i64; MAX_COLUMNS + 1], [0i64; MAX_COLUMNS + 1]);
    let mut way = [0usize; MAX_COLUMNS + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0;
        let mut minv = [inf; MAX_COLUMNS + 1];
        let mut used = [false; MAX_COLUMNS + 1];
        loop {
            used[j0] = true;
            let (i0, mut delta, mut j1) = (p[j0], inf, 0);
            for j in 1..=m {
                if !used[j] {
                    let cur = cost(i0 - 1, j - 1) - u[i0] - v[j];
                    if cur < minv[j] {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if minv[j] < delta {
                        delta = minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=m {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let total: i64 = (1..=m).filter(|&j| p[j] != 0).map(|j| cost(p[j] - 1, j - 1)).sum();
    (total.min(i64::from(u32::MAX)) as u32, p)
}

/// A multiply-rotate hash (as rustc's FxHash) for the search's own tables: their keys are positions and
/// wall sets, not input an adversary chooses, and std's SipHash was a tenth of the search's time.
#[derive(Default)]
pub(crate) struct QuickHasher(u64);

impl QuickHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl std::hash::Hasher for QuickHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

/// A hash map with [`QuickHasher`], for the backward searches' tables of positions.
pub(crate) type QuickMap<K, T> = HashMap<K, T, std::hash::BuildHasherDefault<QuickHasher>>;

/// Travel tables around walls (`[promoted][to]`), by (walls, piece code, home, squares).
type WalledTables = QuickMap<(u128, u8, u8, u8), Box<[u8]>>;

thread_local! {
    /// A search meets few wall sets: their tables are kept.
    static WALLED: std::cell::RefCell<WalledTables> = std::cell::RefCell::new(QuickMap::default());
}

/// What a short-game search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortGame {
    /// The moves from the initial position, when a game was found.
    pub moves: Option<Vec<Move>>,
    /// Whether no shorter game exists: found by A* with an admissible bound, as long as the bound, or
    /// (with [`ShortOptions::shorter_than`]) no game shorter than that.
    pub shortest: bool,
    /// Whether the search looked at every position it had to (it was not stopped by its budget).
    pub exhausted: bool,
    /// The lower bound on the plies of any game to the position.
    pub lower_bound: Option<u32>,
    /// Positions generated.
    pub nodes: usize,
    /// Predecessors weighed against the bound: the search's work.
    pub weighed: usize,
}

/// How a short-game search runs.
#[derive(Clone, Copy, Debug)]
pub struct ShortOptions {
    /// Give up after keeping this many positions.
    pub max_nodes: usize,
    /// Give up after weighing this many predecessors against the bound (those it keeps and those it
    /// prunes): the search's work, which its kept positions alone do not bound.
    pub max_weighed: usize,
    /// f = g + weight·h; 1 finds a shortest game (and may take long), larger finds one sooner and then
    /// counts pieces in hand as a debt.
    pub weight: u32,
    /// Look only for games shorter than this (a game already found): with weight 1, a search that is
    /// exhausted proves there is none.
    pub shorter_than: Option<u32>,
    /// What orders a weighted search (weight 1 always orders by the bound).
    pub guide: Guide,
}

/// What orders a weighted search besides the plies undone. All but [`Guide::Bound`] count each piece in
/// hand as a debt: every one of them must be un-captured on the way back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guide {
    /// The admissible bound.
    Bound,
    /// The bound as counted piece by piece: it keeps falling near the start.
    Counted,
    /// The bound with the perimeter's depth: best for positions near the start.
    Sharpened,
    /// The bound counted with what captures cost (the captured piece's way to where it was taken and
    /// the captor's detour there) and around walls (pawns, lances and knights still at home): slower and
    /// not a bound, but it avoids the dead ends of positions many plies from the start.
    Captures,
}

/// A search node: the position, its parent (the position it leads to), the move from it to its parent,
/// plies undone.
pub(crate) type Node<V> = (Position<V>, usize, Move, u32);

/// Searches backwards from `target` to the initial position, best first on plies undone + weight × the
/// lower bound. `keep_going(nodes)` is asked every 8 expansions (a time budget).
pub fn search<V: Variant>(
    target: &Position<V>,
    bound: &Bound<V>,
    options: ShortOptions,
    mut keep_going: impl FnMut(usize) -> bool,
) -> ShortGame {
    let lower_bound = bound.plies(target);
    let mut found =
        ShortGame { moves: None, shortest: false, exhausted: false, lower_bound, nodes: 1, weighed: 0 };
    let Some(h0) = lower_bound else {
        found.exhausted = true;
        return found;
    };
    let limit = options.shorter_than.unwrap_or(u32::MAX);
    let mut nodes: Vec<Node<V>> = vec![(*target, usize::MAX, Move::Drop { kind: Kind::Pawn, to: 0 }, 0)];
    let mut best: QuickMap<Position<V>, u32> = QuickMap::default();
    best.insert(*target, 0);
    let captures = options.weight > 1 && options.guide == Guide::Captures;
    let mut open = BinaryHeap::from([Reverse(((options.weight * h0, h0, 0u32, 0u32), 0usize))]);
    let mut preds: Vec<Predecessor<V>> = Vec::new();
    let (mut expansions, mut weighed) = (0usize, 0usize);
    found.exhausted = true;
    while let Some(Reverse((_, i))) = open.pop() {
        let (pos, _, _, g) = nodes[i];
        if best.get(&pos).is_some_and(|&b| b < g) {
            continue;
        }
        if let Some(mut moves) = bound.perimeter().game_to(&pos) {
            moves.extend(moves_forward(&nodes, i));
            found.shortest = options.weight == 1 || moves.len() as u32 == h0;
            found.moves = Some(moves);
            break;
        }
        expansions += 1;
        let over = nodes.len() > options.max_nodes || weighed > options.max_weighed;
        if over || (expansions.is_multiple_of(8) && !keep_going(nodes.len())) {
            found.exhausted = false;
            break;
        }
        predecessors(&pos, &mut preds);
        weighed += preds.len();
        for pred in &preds {
            if best.get(&pred.pos).is_some_and(|&b| b <= g + 1) {
                continue;
            }
            let Some(e) = bound.estimate(&pred.pos, captures) else { continue };
            if g + 1 + e.plies >= limit {
                continue;
            }
            best.insert(pred.pos, g + 1);
            nodes.push((pred.pos, i, pred.mv, g + 1));
            // Among equal keys, the nearer-looking position first (the deeper one, for A*).
            let debt = HAND_DEBT * in_hands(&pred.pos);
            let guide = match (options.weight, options.guide) {
                (1, _) | (_, Guide::Bound) => e.plies,
                (_, Guide::Counted | Guide::Captures) => e.guide + debt,
                (_, Guide::Sharpened) => e.plies + debt,
            };
            let key = (g + 1 + options.weight * guide, e.plies, e.guide, e.moves);
            open.push(Reverse((key, nodes.len() - 1)));
        }
    }
    found.nodes = nodes.len();
    found.weighed = weighed;
    found
}

/// What a weighted search adds to its guide per piece in hand.
const HAND_DEBT: u32 = 2;

fn in_hands<V: Variant>(p: &Position<V>) -> u32 {
    p.hands().iter().flat_map(|h| h.iter()).map(|&n| u32::from(n)).sum()
}

/// The moves from node `i` up to the root (node 0) of a search tree whose node `j` was reached from
/// `parent_and_move(j)`.
pub(crate) fn moves_up(mut i: usize, parent_and_move: impl Fn(usize) -> (usize, Move)) -> Vec<Move> {
    let mut moves = Vec::new();
    while i != 0 {
        let (parent, mv) = parent_and_move(i);
        moves.push(mv);
        i = parent;
    }
    moves
}

/// The moves from node `i` up to the root (node 0) of a search tree of (position, parent, move from the
/// parent, plies) nodes: for a backward search, from node `i` (the initial position) forward to the target.
pub(crate) fn moves_forward<V: Variant, G>(nodes: &[(Position<V>, usize, Move, G)], i: usize) -> Vec<Move> {
    moves_up(i, |j| (nodes[j].1, nodes[j].2))
}

/// The moves from the root (node 0) of a forward search's tree (see [`moves_forward`]) to node `i`.
pub(crate) fn moves_from_root<V: Variant, G>(nodes: &[(Position<V>, usize, Move, G)], i: usize) -> Vec<Move> {
    let mut moves = moves_forward(nodes, i);
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_reach_engine::board::variant::{MiniShogi, Shogi};

    #[test]
    fn assignment_finds_the_cheapest_matching() {
        let rows = vec![vec![4, 1, 3], vec![2, 0, 5], vec![3, 2, 2]];
        assert_eq!(min_cost_assignment(&rows).0, 5);
        let rows = vec![vec![7, 2], vec![3, 9]];
        let (cost, row_of) = min_cost_assignment(&rows);
        assert_eq!((cost, &row_of[1..3]), (5, &[2, 1][..]));
    }

    #[test]
    fn travel_on_an_empty_board() {
        let t = Travel::build::<Shogi>();
        let g = Shogi::geometry();
        let sq = |s: &str| g.parse_square(s).unwrap();
        let pawn = Piece::unpromoted(Kind::Pawn, Color::Sente).code();
        assert_eq!(t.get(pawn, sq("7g"), false, sq("7f")), 1);
        assert_eq!(t.get(pawn, sq("7g"), false, sq("7h")), FAR);
        assert_eq!(t.get(pawn, sq("7g"), true, sq("7c")), 4);
        let rook = Piece::unpromoted(Kind::Rook, Color::Sente).code();
        assert_eq!(t.get(rook, sq("2h"), false, sq("7b")), 2);
        assert_eq!(t.get(rook, sq("2h"), true, sq("2c")), 1);
        let knight = Piece::unpromoted(Kind::Knight, Color::Gote).code();
        assert_eq!(t.get(knight, sq("2a"), false, sq("1c")), 1);
        assert_eq!(t.get(knight, sq("2a"), false, sq("2b")), FAR);
    }

    #[test]
    fn the_bound_is_zero_at_the_start_and_counts_simple_openings() {
        let b = Bound::<Shogi>::new();
        assert_eq!(b.plies(&Position::startpos()), Some(0));
        let after = |moves: &[&str]| {
            moves.iter().fold(Position::<Shogi>::startpos(), |p, m| {
                shogi_reach_engine::rules::play(&p, Move::from_usi::<Shogi>(m).unwrap())
            })
        };
        assert_eq!(b.plies(&after(&["7g7f"])), Some(1));
        assert_eq!(b.plies(&after(&["7g7f", "3c3d"])), Some(2));
        assert_eq!(b.plies(&after(&["7g7f", "3c3d", "8h2b+"])), Some(3));
        let m = Bound::<MiniShogi>::new();
        assert_eq!(m.plies(&Position::startpos()), Some(0));
    }
}
