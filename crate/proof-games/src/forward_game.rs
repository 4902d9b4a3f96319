//! Proof games found forwards: a weighted best-first search ([`search`]) or a beam search ([`beam_search`])
//! from the initial position towards the position, guided by what each piece still has to do to get where it
//! stands in the position.
//!
//! Backwards, a search must guess where each piece in hand was captured, and guesses wrong into dead ends;
//! forwards, every position is reachable and a capture is a move onto a piece that is there. The guide leaves
//! out the pieces already where the position has them and matches, kind by kind, the others with the places
//! left (the cheapest assignment): a piece walks to its square (its least moves on an empty board; a rook or
//! bishop pays a move more for each piece in its way), a piece that changes hands walks to where it is taken
//! by the captor whose way to its own place passes nearest (a captor with no place left to go to pays its
//! whole way to the capture), and is perhaps dropped; a side makes at least as many moves as it has captures
//! and drops to make (a captor's way may pass many pieces to take). It is not a bound (captures are charged
//! their captor's detour), only a guide.

use crate::short_game::{min_cost_assignment_by, moves_up, QuickHasher, QuickMap, Travel, FAR};
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::moves::{Move, MoveList};
use shogi_reach_engine::board::piece::{Kind, Piece, EMPTY};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::{Variant, MAX_SQUARES, MOVES, OFF};
use shogi_reach_engine::rules::{legal_moves, play};
use std::cell::OnceCell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::hash::{BuildHasher, BuildHasherDefault};

/// A set of positions' hashes.
type QuickSet = HashSet<u64, BuildHasherDefault<QuickHasher>>;

/// Where a piece is: on the board (owner, square, promoted) or in a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Board(Color, u8, bool),
    Hand(Color),
}

/// The most pieces of one kind (Shogi's pawns).
const MOST_OF_A_KIND: usize = 18;

/// The places of pieces of a position, by kind.
#[derive(Clone, Copy)]
struct Places {
    at: [[Place; MOST_OF_A_KIND]; 8],
    len: [usize; 8],
}

impl Places {
    const NONE: Places = Places { at: [[Place::Hand(Color::Sente); MOST_OF_A_KIND]; 8], len: [0; 8] };

    fn push(&mut self, kind: Kind, place: Place) {
        let k = kind.index();
        self.at[k][self.len[k]] = place;
        self.len[k] += 1;
    }

    fn push_cell(&mut self, sq: usize, code: u8) {
        if let Some(pc) = Piece::from_code(code) {
            self.push(pc.kind(), Place::Board(pc.color(), sq as u8, pc.is_promoted()));
        }
    }

    /// The places of every piece of `p`.
    fn of<V: Variant>(p: &Position<V>) -> Places {
        let mut out = Places::NONE;
        for (sq, &c) in p.board().iter().enumerate() {
            out.push_cell(sq, c);
        }
        for color in [Color::Sente, Color::Gote] {
            for kind in Kind::ALL {
                for _ in 0..p.hand(color)[kind.index()] {
                    out.push(kind, Place::Hand(color));
                }
            }
        }
        out
    }

    /// The places of the pieces of `p` that `q` does not have in the same place, and those of `q`'s that
    /// `p` does not: on the board, the pieces on squares where the two differ; in hand, the pieces one
    /// hand has beyond the other.
    fn differences<V: Variant>(p: &Position<V>, q: &Position<V>) -> (Places, Places) {
        let (mut only_p, mut only_q) = (Places::NONE, Places::NONE);
        // Eight squares at a time: most squares are alike.
        for (chunk, (a, b)) in p.board().chunks(8).zip(q.board().chunks(8)).enumerate() {
            if a == b {
                continue;
            }
            for (i, (&x, &y)) in a.iter().zip(b).enumerate().filter(|(_, (x, y))| x != y) {
                only_p.push_cell(8 * chunk + i, x);
                only_q.push_cell(8 * chunk + i, y);
            }
        }
        for color in [Color::Sente, Color::Gote] {
            for kind in Kind::ALL {
                let (x, y) = (p.hand(color)[kind.index()], q.hand(color)[kind.index()]);
                for _ in y..x {
                    only_p.push(kind, Place::Hand(color));
                }
                for _ in x..y {
                    only_q.push(kind, Place::Hand(color));
                }
            }
        }
        (only_p, only_q)
    }

    /// The codes (as bits) of the pieces of the kinds and colours on the board, promoted or not.
    fn board_codes(&self) -> u32 {
        let mut codes = 0;
        for kind in Kind::ALL {
            for &place in self.kind(kind) {
                if let Place::Board(color, ..) = place {
                    let piece = Piece::unpromoted(kind, color);
                    codes |= 1 << piece.code() | 1 << piece.promote().code();
                }
            }
        }
        codes
    }

    fn kind(&self, kind: Kind) -> &[Place] {
        &self.at[kind.index()][..self.len[kind.index()]]
    }
}

/// What the guide computes at most once per position, when a piece that must be taken first needs it: for
/// each side, by square, the moves it must add to its pieces' ways to capture there (see
/// [`Guide::captures`]).
struct Scene<'p, V: Variant> {
    position: &'p Position<V>,
    /// By piece code (as bits): whether the target has a square for a piece of its kind and colour that
    /// does not hold that piece yet. A captor without one cannot capture on its way there: it pays its
    /// whole way to the capture.
    bound_for_a_square: u32,
    detours: [OnceCell<[u8; MAX_SQUARES]>; 2],
}

impl<'p, V: Variant> Scene<'p, V> {
    /// The scene of `position`, where the target's places it does not have yet are `goal`.
    fn new(position: &'p Position<V>, goal: &Places) -> Scene<'p, V> {
        Scene { position, bound_for_a_square: goal.board_codes(), detours: Default::default() }
    }
}

/// How the guide charges a capture by a piece that stands where the target has it, when no other square of
/// the target waits for a piece of its kind and colour. Neither is always the better guide: each finds games
/// that the other misses (see the README), so proof games search with both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InPlaceCaptors {
    /// Its way to the capture.
    Go,
    /// Its way to the capture and back.
    GoAndReturn,
}

/// The guide towards one target position.
pub struct Guide<'a, V: Variant> {
    travel: &'a Travel,
    target: Position<V>,
    in_place: InPlaceCaptors,
    /// `[code][from][x]`: the least moves of the piece `code` on `from` to stand on `x`, promoted or not.
    reach: Vec<u8>,
    /// The same as `reach`, but [`FAR`] for `x == from`: a piece does not capture where it stands.
    reach_elsewhere: Vec<u8>,
    /// `[code][from][x]`: the moves the piece `code` on `from` adds to its way to the nearest square of the
    /// target where a piece of its kind and colour stands (none when there is none) to pass through `x`,
    /// where it may capture; its whole way to `x` when it can get to no such square ([`FAR`] on `from`
    /// itself).
    detour: Vec<u8>,
}

impl<'a, V: Variant> Guide<'a, V> {
    pub fn new(travel: &'a Travel, target: &Position<V>, in_place: InPlaceCaptors) -> Guide<'a, V> {
        let reach = reach_table::<V>(travel);
        let detour = detour_table::<V>(travel, &Places::of(target), &reach);
        let n = V::squares();
        let mut reach_elsewhere = reach.clone();
        for (i, r) in reach_elsewhere.iter_mut().enumerate() {
            if i / n % n == i % n {
                *r = FAR;
            }
        }
        Guide { travel, target: *target, in_place, reach, reach_elsewhere, detour }
    }

    /// The guide's plies from `p` to the target (`None`: it sees no way, e.g. a king that cannot get there).
    /// A piece that stands where the target has the same piece is matched to it at no cost; the other
    /// pieces are matched by the cheapest assignment, kind by kind.
    pub fn plies(&self, p: &Position<V>) -> Option<u32> {
        let (now, goal) = Places::differences(p, &self.target);
        let scene = Scene::new(p, &goal);
        let mut captured = Captured::default();
        let (mut by_side, certain) = self.assign(&scene, &now, &goal, &mut captured)?;
        let mover = p.side_to_move().index();
        let turn = p.side_to_move() != self.target.side_to_move();
        let value = |by: [u32; 2]| {
            let moves = [by[0].max(certain[0]), by[1].max(certain[1])];
            plies_for(moves[mover], moves[1 - mover], turn)
        };
        // Each capture is charged where its piece's and its captor's moves add up to the least; where one
        // side's moves decide the plies, another place of capture may load the other side instead.
        let mut best = value(by_side);
        for &(place, (moves, detour)) in &captured.pieces[..captured.len] {
            let Place::Board(owner, ..) = place else { continue };
            let (own, captor) = (owner.index(), owner.opponent().index());
            for least_detour in [true, false] {
                let (m, d) = self.taken_elsewhere(&scene, place, least_detour);
                let mut by = by_side;
                by[own] = by[own] - moves + m;
                by[captor] = by[captor] - detour + d;
                let v = value(by);
                if v < best {
                    (best, by_side) = (v, by);
                    break;
                }
            }
        }
        Some(best)
    }

    /// The moves of each side for the pieces of `now` to end at the places of `goal`: the cheapest
    /// assignment, kind by kind.
    fn assign(
        &self,
        scene: &Scene<V>,
        now: &Places,
        goal: &Places,
        captured: &mut Captured,
    ) -> Option<([u32; 2], [u32; 2])> {
        let (mut by_side, mut certain) = ([0u32; 2], [0u32; 2]);
        let mut costs = [[0u32; 2]; MOST_OF_A_KIND * MOST_OF_A_KIND];
        for kind in Kind::ALL {
            let (from, to) = (now.kind(kind), goal.kind(kind));
            if from.len() != to.len() {
                return None;
            }
            let mut taken = [(0, 0); MOST_OF_A_KIND];
            for (t, &a) in taken.iter_mut().zip(from) {
                *t = self.taken(scene, a);
            }
            for (i, &a) in from.iter().enumerate() {
                for (j, &b) in to.iter().enumerate() {
                    costs[i * to.len() + j] = self.cost(kind, a, b, taken[i], scene);
                }
            }
            let (total, row_of) = cheapest_match(to.len(), |i, j| costs[i * to.len() + j].iter().sum());
            if total >= u32::from(FAR) {
                return None;
            }
            for (j, &i) in row_of[..to.len()].iter().enumerate() {
                let cost = costs[usize::from(i) * to.len() + j];
                by_side[0] += cost[0];
                by_side[1] += cost[1];
                let (a, b) = (from[usize::from(i)], to[j]);
                let captures = captures_and_drops(a, b, cost);
                // A piece on the board is taken when the other side must capture.
                if matches!(a, Place::Board(c, ..) if captures[c.opponent().index()] > 0) {
                    captured.pieces[captured.len] = (a, taken[usize::from(i)]);
                    captured.len += 1;
                }
                let [s, g] = captures;
                certain[0] += s;
                certain[1] += g;
            }
        }
        // Each capture and each drop is a move of its own (one move never does both), however many
        // captures the guide lets a captor make on its way.
        Some((by_side, certain))
    }

    /// The moves of each side (Sente, Gote) for the piece of `kind` at `a` to end at `b`.
    fn cost(&self, kind: Kind, a: Place, b: Place, taken: (u32, u32), scene: &Scene<V>) -> [u32; 2] {
        let far = u32::from(FAR);
        let mut out = [0u32; 2];
        let mut add = |c: Color, m: u32| out[c.index()] = out[c.index()].saturating_add(m);
        let after_drop = |c: Color, t: usize, pr: bool| {
            let code = Piece::unpromoted(kind, c).code() as usize;
            1 + if pr { u32::from(self.travel.promoted_after_drop(code, t)) } else { 0 }
        };
        let square = |place: Place| match place {
            Place::Board(_, sq, _) => usize::from(sq),
            Place::Hand(_) => 0,
        };
        let (s, t) = (square(a), square(b));
        match (a, b) {
            (Place::Board(c, _, pr), Place::Board(d, _, pr2)) if c == d => {
                let piece = Piece::new(kind, pr, c);
                let walk = match kind {
                    Kind::Rook | Kind::Bishop => {
                        blocked_way(scene.position, &self.target, self.travel, piece, s, t, pr2)
                    }
                    _ => moves_of(self.travel, piece, s, t, pr2),
                };
                // Or taken, dropped by the other side, and won back.
                let (moves, detour) = taken;
                let again = after_drop(c, t, pr2) + moves + 1 + detour;
                if kind == Kind::King || walk <= again {
                    add(c, walk);
                } else {
                    add(c, after_drop(c, t, pr2) + moves);
                    add(c.opponent(), 1 + detour);
                }
            }
            (Place::Board(..), Place::Board(..)) if kind == Kind::King => add(Color::Sente, far),
            (Place::Board(c, ..), Place::Board(d, _, pr2)) => {
                add(c, taken.0);
                add(d, after_drop(d, t, pr2) + taken.1);
            }
            (Place::Board(c, _, _), Place::Hand(d)) => {
                // Taken by the other side, and if it ends in its owner's hand, dropped and won back.
                add(c, taken.0);
                add(c.opponent(), taken.1 + u32::from(c == d));
            }
            (Place::Hand(c), Place::Board(d, _, pr2)) if c == d => add(c, after_drop(c, t, pr2)),
            (Place::Hand(c), Place::Board(d, _, pr2)) => {
                add(c, 1);
                add(d, after_drop(d, t, pr2));
            }
            (Place::Hand(c), Place::Hand(d)) => add(c, u32::from(c != d)),
        }
        out
    }

    /// For every square, the moves `captor` must add to its pieces' ways to capture there: the least over
    /// its pieces on the board (for a piece with no square of the target to go to, its whole way there).
    fn captures(&self, scene: &Scene<V>, captor: Color) -> [u8; MAX_SQUARES] {
        let n = V::squares();
        let mut detour = [FAR; MAX_SQUARES];
        for (f, &c) in scene.position.board().iter().enumerate() {
            if Piece::from_code(c).is_some_and(|pc| pc.color() == captor) {
                let returns = self.in_place == InPlaceCaptors::GoAndReturn && c == self.target.cell(f);
                let homeward = returns || scene.bound_for_a_square & (1 << c) != 0;
                let table = if homeward { &self.detour } else { &self.reach_elsewhere };
                let row = &table[(c as usize * n + f) * n..][..n];
                for (d, &r) in detour.iter_mut().zip(row) {
                    *d = (*d).min(r);
                }
            }
        }
        detour
    }

    /// For the piece at `place` (on the board, not a king), besides [`Guide::taken`]: the capture with the
    /// captor's least detour (`least_detour`) or with the piece's fewest moves, as `(moves, detour)`.
    fn taken_elsewhere(&self, scene: &Scene<V>, place: Place, least_detour: bool) -> (u32, u32) {
        let far = (u32::from(FAR), u32::from(FAR));
        let Some((moves, detour)) = self.capture_rows(scene, place) else { return far };
        let (first, then) = if least_detour { (detour, moves) } else { (moves, detour) };
        let best =
            first.iter().zip(then).map(|(&a, &b)| u16::from(a) << 8 | u16::from(b)).fold(u16::MAX, u16::min);
        let (a, b) = (u32::from(best >> 8), u32::from(best & 0xff));
        match (a < u32::from(FAR) && b < u32::from(FAR), least_detour) {
            (false, _) => far,
            (true, true) => (b, a),
            (true, false) => (a, b),
        }
    }

    /// For the piece at `place` (on the board, not a king): its least moves to where it is captured and
    /// the captor's detour there, the least in sum; `(FAR, FAR)` when none.
    fn taken(&self, scene: &Scene<V>, place: Place) -> (u32, u32) {
        let far = u32::from(FAR);
        let Some((moves, detour)) = self.capture_rows(scene, place) else { return (far, far) };
        // The least sum, and among equal sums the fewest moves of the piece taken (in 16 bits: the sum
        // saturates at `FAR`, which means none).
        let best = moves
            .iter()
            .zip(detour)
            .map(|(&m, &d)| u16::from(m.saturating_add(d)) << 8 | u16::from(m))
            .fold(u16::MAX, u16::min);
        let (sum, moves) = (u32::from(best >> 8), u32::from(best & 0xff));
        if sum < far {
            (moves, sum - moves)
        } else {
            (far, far)
        }
    }

    /// For the piece at `place` (on the board, not a king; else none), by square: its least moves to stand
    /// there, and its captor's detour to capture there.
    fn capture_rows<'s>(&'s self, scene: &'s Scene<V>, place: Place) -> Option<(&'s [u8], &'s [u8])> {
        let Place::Board(color, s, _) = place else { return None };
        let (s, n) = (usize::from(s), V::squares());
        let c = scene.position.cell(s);
        if Piece::from_code(c).is_none_or(|pc| pc.kind() == Kind::King) {
            return None;
        }
        let captor = color.opponent();
        let detour = &scene.detours[captor.index()].get_or_init(|| self.captures(scene, captor))[..n];
        Some((&self.reach[(c as usize * n + s) * n..][..n], detour))
    }
}

/// The pieces of a position that the guide has taken, with the moves of the piece and its captor's detour.
struct Captured {
    pieces: [(Place, (u32, u32)); 2 * MOST_OF_A_KIND + 4],
    len: usize,
}

impl Default for Captured {
    fn default() -> Captured {
        Captured { pieces: [(Place::Hand(Color::Sente), (0, 0)); 2 * MOST_OF_A_KIND + 4], len: 0 }
    }
}

/// The captures and drops of each side (Sente, Gote) that a piece at `a` must see to end at `b` when the
/// guide charges each side `cost`, the least: a piece that stays with its owner on the board is never
/// taken, unless the guide charges the other side (it is taken, and each side takes and drops it once).
fn captures_and_drops(a: Place, b: Place, cost: [u32; 2]) -> [u32; 2] {
    let mut out = [0u32; 2];
    let mut add = |c: Color, m: u32| out[c.index()] += m;
    match (a, b) {
        (Place::Board(c, ..), Place::Board(d, ..)) if c == d && cost[c.opponent().index()] > 0 => {
            out = [2, 2];
        }
        (Place::Board(c, ..), Place::Board(d, ..)) if c != d => add(d, 2),
        (Place::Board(c, ..), Place::Hand(d)) if c != d => add(d, 1),
        (Place::Board(c, ..), Place::Hand(_)) => {
            add(c.opponent(), 2);
            add(c, 1);
        }
        (Place::Hand(c), Place::Board(d, ..)) if c == d => add(c, 1),
        (Place::Hand(c), Place::Board(d, ..)) => {
            add(c, 1);
            add(d, 2);
        }
        (Place::Hand(c), Place::Hand(d)) if c != d => {
            add(c, 1);
            add(d, 1);
        }
        _ => {}
    }
    out
}

/// The least total cost of matching `n` pieces with `n` places, and the piece matched with each place:
/// by trying every match for up to three (most kinds, most of the time), else the Hungarian method.
fn cheapest_match(n: usize, cost: impl Fn(usize, usize) -> u32) -> (u32, [u8; MOST_OF_A_KIND]) {
    const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut row_of = [0; MOST_OF_A_KIND];
    if n > 3 {
        let (total, one_based) = min_cost_assignment_by(n, n, cost);
        for (r, &i) in row_of.iter_mut().zip(&one_based[1..=n]) {
            *r = (i - 1) as u8;
        }
        return (total, row_of);
    }
    // The orders of the first `n` pieces: those whose other entries stay in place.
    let orders = ORDERS.iter().filter(|order| order[n..].iter().enumerate().all(|(k, &i)| i == n + k));
    let total = |order: &[usize; 3]| (0..n).map(|j| cost(order[j], j)).fold(0u32, u32::saturating_add);
    let best = orders.min_by_key(|order| total(order)).expect("the identity order");
    for (r, &i) in row_of.iter_mut().zip(best) {
        *r = i as u8;
    }
    (total(best), row_of)
}

/// The fewest plies in which the side to move makes at least `first` moves and the other `second`, the
/// side to move changing (an odd number) or not (even) as `turn` says. A side with no move to make makes
/// none or at least two: a single move would leave a piece out of place.
fn plies_for(first: u32, second: u32, turn: bool) -> u32 {
    // The side to move makes `k + turn` moves and the other `k`; neither makes exactly one move it does
    // not need.
    let mut k = if turn { first.saturating_sub(1).max(second) } else { first.max(second) };
    if turn && first == 0 && k == 0 {
        k = 1;
    }
    if k == 1 && (second == 0 || (!turn && first == 0)) {
        k = 2;
    }
    2 * k + u32::from(turn)
}

/// `[code][from][x]`: the least moves of the piece `code` on `from` to stand on `x`, promoted or not.
fn reach_table<V: Variant>(travel: &Travel) -> Vec<u8> {
    let n = V::squares();
    let mut reach = vec![FAR; 32 * n * n];
    for code in 0..32u8 {
        let Some(pc) = Piece::from_code(code) else { continue };
        for from in 0..n {
            for x in 0..n {
                let moves = moves_of(travel, pc, from, x, false).min(moves_of(travel, pc, from, x, true));
                reach[(code as usize * n + from) * n + x] = moves.min(u32::from(FAR)) as u8;
            }
        }
    }
    reach
}

/// `[code][from][x]`: see [`Guide::detour`]; `goal` holds the target's places.
fn detour_table<V: Variant>(travel: &Travel, goal: &Places, reach: &[u8]) -> Vec<u8> {
    let n = V::squares();
    // `[code][x]`: the least moves on to the nearest square of the target for the piece `code` on `x`.
    let mut onward = vec![0u32; 32 * n];
    for code in 0..32u8 {
        let Some(pc) = Piece::from_code(code) else { continue };
        let ends: Vec<(usize, bool)> = goal
            .kind(pc.kind())
            .iter()
            .filter_map(|&g| match g {
                Place::Board(c, t, pr) if c == pc.color() => Some((usize::from(t), pr)),
                _ => None,
            })
            .collect();
        for x in 0..n {
            onward[code as usize * n + x] =
                ends.iter().map(|&(t, pr)| moves_of(travel, pc, x, t, pr)).min().unwrap_or(0);
        }
    }
    let mut detour = vec![FAR; 32 * n * n];
    for code in 0..32u8 {
        let Some(pc) = Piece::from_code(code) else { continue };
        // Its least moves from `from` on to a square of the target through `x`, promoted there or not.
        let promotes = pc.kind().can_promote() || pc.is_promoted();
        let via = |from: usize, x: usize| {
            let as_it_is = moves_of(travel, pc, from, x, false) + onward[code as usize * n + x];
            let promoted = moves_of(travel, pc, from, x, true) + onward[pc.promote().code() as usize * n + x];
            if promotes {
                as_it_is.min(promoted)
            } else {
                as_it_is
            }
        };
        for from in 0..n {
            let ahead = onward[code as usize * n + from];
            for x in (0..n).filter(|&x| x != from) {
                let i = (code as usize * n + from) * n + x;
                // A piece that cannot get to a square of the target at all (a bishop on squares of the
                // other colour) must be taken: its moves to `x` are all extra.
                let extra = if ahead >= u32::from(FAR) {
                    u32::from(reach[i])
                } else {
                    via(from, x).saturating_sub(ahead)
                };
                detour[i] = extra.min(u32::from(FAR)) as u8;
            }
        }
    }
    detour
}

/// The least moves of the rook or bishop `piece` on `s` in `p` to stand on `t` with `promoted`, each
/// piece in its way or of its own side on a square it stops on costing a move more when it stands where
/// `target` has it (someone must move it; a piece that must leave anyway costs nothing here): over the
/// ways of one or two moves, when there is one (else its moves on an empty board).
fn blocked_way<V: Variant>(
    p: &Position<V>,
    target: &Position<V>,
    travel: &Travel,
    piece: Piece,
    s: usize,
    t: usize,
    promoted: bool,
) -> u32 {
    let empty_board = moves_of(travel, piece, s, t, promoted);
    if empty_board > 2 || s == t {
        return empty_board;
    }
    let g = V::geometry();
    let own = |x: usize| p.cell(x) != EMPTY && p.cell(x) & 1 == piece.color() as u8;
    // A piece that must leave its square anyway costs no move of its own.
    let stays = |x: usize| p.cell(x) != EMPTY && p.cell(x) == target.cell(x);
    let in_the_way = |a: usize, b: usize, code: u8| -> Option<u32> {
        let dir = g.line[a][b];
        if dir == OFF {
            return None;
        }
        let code = code as usize;
        let d = usize::from(dir);
        let slides = MOVES.slides[code] & (1 << d) != 0;
        let steps = MOVES.steps[code] & (1 << d) != 0 && usize::from(g.nb[a][d]) == b;
        if !(slides || steps) {
            return None;
        }
        let mut crossed = 0;
        let mut x = usize::from(g.nb[a][d]);
        while x != b {
            crossed += u32::from(stays(x));
            x = usize::from(g.nb[x][d]);
        }
        Some(1 + crossed)
    };
    let zone = |x: usize| V::in_zone(x, piece.color());
    let needs_promotion = promoted && !piece.is_promoted();
    let mut best = u32::from(FAR);
    if empty_board == 1 && (!needs_promotion || zone(s) || zone(t)) {
        best = in_the_way(s, t, piece.code()).unwrap_or(best);
    }
    // A first move to `x` costing `first`, then on to `t`.
    let then_on = |x: usize, first: u32| -> Option<u32> {
        let promotes = needs_promotion && (zone(s) || zone(x));
        let then = if promotes || piece.is_promoted() { piece.promote() } else { piece };
        if x == t || (needs_promotion && !promotes && !(zone(x) || zone(t))) {
            return None;
        }
        Some(first + in_the_way(x, t, then.code())?)
    };
    // The first move's squares, walking out from `s` (as `in_the_way(s, x, piece.code())`, in one pass).
    let code = usize::from(piece.code());
    for d in 0..8 {
        let slides = MOVES.slides[code] & (1 << d) != 0;
        if !slides && MOVES.steps[code] & (1 << d) == 0 {
            continue;
        }
        let (mut x, mut crossed) = (g.nb[s][d], 0);
        while x != OFF {
            let x_ = usize::from(x);
            best = best.min(then_on(x_, 1 + crossed + u32::from(own(x_) && stays(x_))).unwrap_or(best));
            if !slides {
                break;
            }
            crossed += u32::from(stays(x_));
            x = g.nb[x_][d];
        }
    }
    if best == u32::from(FAR) {
        return empty_board;
    }
    best.max(empty_board)
}

/// Least moves on an empty board of `piece` on `from` to stand on `to` with `promoted`.
fn moves_of(travel: &Travel, piece: Piece, from: usize, to: usize, promoted: bool) -> u32 {
    let base = piece.unpromote().code();
    if piece.is_promoted() {
        if promoted {
            u32::from(travel.promoted_from(base, from, to))
        } else {
            u32::from(FAR)
        }
    } else {
        u32::from(travel.get(base, from, promoted, to))
    }
}

/// What a forward search found, and its work: the positions it weighed with its guide.
pub struct ForwardGame {
    pub moves: Option<Vec<Move>>,
    pub weighed: usize,
}

/// A position of the search's tree, kept small (the position itself is replayed from the root when it is
/// expanded): its parent's index, the move from there and its plies from the root.
#[derive(Clone, Copy)]
struct Step {
    parent: u32,
    mv: Move,
    plies: u32,
}

impl Step {
    /// The moves from the root to node `i`.
    fn moves(steps: &[Step], i: usize) -> Vec<Move> {
        let mut moves = moves_up(i, |j| (steps[j].parent as usize, steps[j].mv));
        moves.reverse();
        moves
    }
}

/// Searches forwards from the initial position to `target`, best first on plies played + weight × the guide,
/// with the weights of `weights_in_halves` in turn (3: 1.5): after each game found, the next weight reorders
/// the positions still open, and only positions whose plies and guide add to less than the best game's are
/// kept (as in anytime repairing A*); with `shorter_than`, only games shorter than that are looked for from
/// the start. It stops once it has weighed more than `max_weighed` positions with its guide, or when
/// `keep_going(weighed)`, asked every 8 expansions, says so. Positions are told apart by a
/// 64-bit hash (a collision could only hide a position: every game found is replayed and verified).
pub fn search<V: Variant>(
    target: &Position<V>,
    travel: &Travel,
    in_place: InPlaceCaptors,
    weights_in_halves: &[u32],
    shorter_than: Option<u32>,
    max_weighed: usize,
    mut keep_going: impl FnMut(usize) -> bool,
) -> ForwardGame {
    let guide = Guide::new(travel, target, in_place);
    let start = Position::<V>::startpos();
    let Some(h0) = guide.plies(&start) else { return ForwardGame { moves: None, weighed: 1 } };
    let hasher = BuildHasherDefault::<QuickHasher>::default();
    let mut steps = vec![Step { parent: 0, mv: Move::Drop { kind: Kind::Pawn, to: 0 }, plies: 0 }];
    let mut best: QuickMap<u64, u32> = QuickMap::default();
    best.insert(hasher.hash_one(start), 0);
    let mut weights = weights_in_halves.iter().copied();
    let mut weight = weights.next().unwrap_or(2);
    let mut open = BinaryHeap::from([Reverse((weight * h0, h0, 0u32))]);
    let mut found: Option<Vec<Move>> = None;
    let mut shortest = shorter_than.unwrap_or(u32::MAX);
    let mut moves = MoveList::new();
    let (mut expansions, mut weighed) = (0usize, 1usize);
    // Every step was weighed: step indices fit in u32.
    let max_weighed = max_weighed.min(u32::MAX as usize);
    while let Some(Reverse((_, h, i))) = open.pop() {
        let i = i as usize;
        let g = steps[i].plies;
        if g + h >= shortest {
            continue;
        }
        let path = Step::moves(&steps, i);
        let pos = path.iter().fold(start, |p, &m| play(&p, m));
        if best.get(&hasher.hash_one(pos)).is_some_and(|&b| b < g) {
            continue;
        }
        if pos == *target {
            shortest = g;
            found = Some(path);
            let Some(next) = weights.next() else { break };
            weight = next;
            let kept = open.into_iter().filter(|&Reverse((_, h, j))| steps[j as usize].plies + h < shortest);
            open = kept
                .map(|Reverse((_, h, j))| Reverse((2 * steps[j as usize].plies + weight * h, h, j)))
                .collect();
            continue;
        }
        expansions += 1;
        if weighed > max_weighed || (expansions.is_multiple_of(8) && !keep_going(weighed)) {
            break;
        }
        legal_moves(&pos, &mut moves);
        weighed += moves.len();
        for &m in moves.iter() {
            let next = play(&pos, m);
            let hash = hasher.hash_one(next);
            if best.get(&hash).is_some_and(|&b| b <= g + 1) {
                continue;
            }
            let Some(h) = guide.plies(&next).filter(|&h| g + 1 + h < shortest) else { continue };
            best.insert(hash, g + 1);
            steps.push(Step { parent: i as u32, mv: m, plies: g + 1 });
            open.push(Reverse((2 * (g + 1) + weight * h, h, steps.len() as u32 - 1)));
        }
    }
    ForwardGame { moves: found, weighed }
}

/// Searches forwards from the initial position to `target` a level (ply) at a time, keeping at each level
/// only the `width` positions the guide puts nearest (a beam search): where the guide is far below the plies
/// a game needs, best-first search spreads over the many positions it rates alike; the beam goes on to the
/// depth of a game whatever the guide says. A position met at an earlier level is not kept again, and with
/// `shorter_than` only positions whose plies and guide add to less are kept. It stops once it has weighed
/// more than `max_weighed` positions with its guide, or when `keep_going(weighed)`, asked for each position
/// expanded, says so.
pub fn beam_search<V: Variant>(
    target: &Position<V>,
    travel: &Travel,
    in_place: InPlaceCaptors,
    width: usize,
    shorter_than: Option<u32>,
    max_weighed: usize,
    mut keep_going: impl FnMut(usize) -> bool,
) -> ForwardGame {
    let guide = Guide::new(travel, target, in_place);
    let hasher = BuildHasherDefault::<QuickHasher>::default();
    let start = Position::<V>::startpos();
    let longest = shorter_than.unwrap_or(u32::MAX);
    if start == *target {
        return ForwardGame { moves: (longest > 0).then(Vec::new), weighed: 1 };
    }
    let target_hash = hasher.hash_one(target);
    // The search's tree (as best first's), and the positions of the last level with their nodes in it.
    let mut steps = vec![Step { parent: 0, mv: Move::Drop { kind: Kind::Pawn, to: 0 }, plies: 0 }];
    let mut level = vec![(start, 0u32)];
    // The positions kept at any level, and those met at this one.
    let (mut kept, mut here) = (QuickSet::default(), QuickSet::default());
    kept.insert(hasher.hash_one(start));
    let (mut moves, mut weighed) = (MoveList::new(), 1usize);
    for plies in 1..longest {
        here.clear();
        // The children, as (guide, hash, parent, move): the positions are played again for those kept.
        let mut children: Vec<(u32, u64, u32, Move)> = Vec::new();
        for (parent, (pos, node)) in level.iter().enumerate() {
            if weighed > max_weighed || !keep_going(weighed) {
                return ForwardGame { moves: None, weighed };
            }
            legal_moves(pos, &mut moves);
            weighed += moves.len();
            for &m in moves.iter() {
                let next = play(pos, m);
                let hash = hasher.hash_one(next);
                if kept.contains(&hash) || !here.insert(hash) {
                    continue;
                }
                if hash == target_hash && next == *target {
                    let mut game = Step::moves(&steps, *node as usize);
                    game.push(m);
                    return ForwardGame { moves: Some(game), weighed };
                }
                if let Some(h) = guide.plies(&next).filter(|&h| plies + h < longest) {
                    children.push((h, hash, parent as u32, m));
                }
            }
        }
        if children.len() > width {
            children.select_nth_unstable_by_key(width, |&(h, hash, ..)| (h, hash));
            children.truncate(width);
        }
        if children.is_empty() {
            break;
        }
        kept.extend(children.iter().map(|&(_, hash, ..)| hash));
        level = children
            .iter()
            .map(|&(_, _, parent, m)| {
                let (pos, node) = level[parent as usize];
                steps.push(Step { parent: node, mv: m, plies });
                (play(&pos, m), steps.len() as u32 - 1)
            })
            .collect();
    }
    ForwardGame { moves: None, weighed }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_reach_engine::board::variant::{MiniShogi, Shogi};

    fn after<V: Variant>(moves: &[&str]) -> Position<V> {
        moves.iter().fold(Position::startpos(), |p, m| play(&p, Move::from_usi::<V>(m).unwrap()))
    }

    fn replay<V: Variant>(moves: &[Move]) -> Position<V> {
        let mut legal = MoveList::new();
        moves.iter().fold(Position::startpos(), |p, &m| {
            legal_moves(&p, &mut legal);
            assert!(legal.contains(&m), "{} is not legal in {}", m.to_usi::<V>(), p.to_sfen());
            play(&p, m)
        })
    }

    #[test]
    fn the_guide_is_zero_at_the_target_and_counts_walks_and_the_side_to_move() {
        let travel = Travel::build::<Shogi>();
        let target = after::<Shogi>(&["7g7f", "3c3d", "2g2f"]);
        let guide = Guide::new(&travel, &target, InPlaceCaptors::Go);
        assert_eq!(guide.plies(&target), Some(0));
        assert_eq!(guide.plies(&Position::startpos()), Some(3));
        // One pawn of each side ahead: Gote's move, then Sente's, with Gote to move as in the target.
        assert_eq!(guide.plies(&after::<Shogi>(&["7g7f"])), Some(2));
        assert_eq!(guide.plies(&after::<Shogi>(&["7g7f", "3c3d"])), Some(1));
        // Past the target: Gote's gold needs two moves back (3b-3a-4a), Sente moves first, and Gote is to
        // move at the end: 5 plies.
        assert_eq!(guide.plies(&after::<Shogi>(&["7g7f", "3c3d", "2g2f", "4a3b"])), Some(5));
    }

    #[test]
    fn a_side_with_nothing_to_do_moves_twice_or_not_at_all() {
        // Nothing to do but pass the turn: a triangle of one side's and two moves there and back of the
        // other's.
        assert_eq!(plies_for(0, 0, true), 5);
        assert_eq!(plies_for(0, 0, false), 0);
        // One move to make, and the same side to move at the end: the other side goes and comes back.
        assert_eq!(plies_for(1, 0, false), 4);
        assert_eq!(plies_for(1, 0, true), 1);
        assert_eq!(plies_for(0, 1, true), 3);
        assert_eq!(plies_for(1, 1, false), 2);
        assert_eq!(plies_for(3, 1, true), 5);
        // The definition, counted out: the fewest plies of the right parity in which each side makes
        // enough moves, and not exactly one that it does not need.
        let enough = |need: u32, made: u32| made >= need && !(need == 0 && made == 1);
        for (first, second, turn) in
            (0..12).flat_map(|a| (0..12).flat_map(move |b| [(a, b, false), (a, b, true)]))
        {
            let counted = (0..).find(|&p: &u32| {
                p % 2 == u32::from(turn) && enough(first, p.div_ceil(2)) && enough(second, p / 2)
            });
            assert_eq!(Some(plies_for(first, second, turn)), counted, "{first} {second} {turn}");
        }
    }

    #[test]
    fn the_guide_leaves_out_the_pieces_already_in_place() {
        let g = Shogi::geometry();
        let sq = |s: &str| g.parse_square(s).unwrap() as u8;
        let start = Position::<Shogi>::startpos();
        let (only_start, only_after) = Places::differences(&start, &after::<Shogi>(&["7g7f"]));
        assert_eq!(only_start.kind(Kind::Pawn), [Place::Board(Color::Sente, sq("7g"), false)]);
        assert_eq!(only_after.kind(Kind::Pawn), [Place::Board(Color::Sente, sq("7f"), false)]);
        assert!(Kind::ALL.iter().filter(|&&k| k != Kind::Pawn).all(|&k| only_start.kind(k).is_empty()));
        // The bishops: Sente's took Gote's and promoted, one is in Sente's hand.
        let traded = after::<Shogi>(&["7g7f", "3c3d", "8h2b+"]);
        let (only_traded, only_start) = Places::differences(&traded, &start);
        assert_eq!(
            only_traded.kind(Kind::Bishop),
            [Place::Board(Color::Sente, sq("2b"), true), Place::Hand(Color::Sente)]
        );
        assert_eq!(
            only_start.kind(Kind::Bishop),
            [Place::Board(Color::Gote, sq("2b"), false), Place::Board(Color::Sente, sq("8h"), false)]
        );
    }

    #[test]
    fn captors_with_no_place_left_in_the_target_pay_their_whole_way() {
        let travel = Travel::build::<Shogi>();
        let sq = |s: &str| Shogi::geometry().parse_square(s).unwrap() as u8;
        let position = |sfen: &str| Position::<Shogi>::from_sfen(sfen).unwrap();
        let taken = |now: &Position<Shogi>, target: &Position<Shogi>, victim: Place| {
            let guide = Guide::new(&travel, target, InPlaceCaptors::Go);
            let (_, goal) = Places::differences(now, target);
            guide.taken(&Scene::new(now, &goal), victim)
        };
        // Sente's gold on 4b is taken in the target, where Sente's other gold stands on 4i: taking the 4c
        // pawn is not on a way home for it, but a move of its own.
        let gold_ahead = position("lnsgkgsnl/1r3G1b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS1KGSNL b - 1");
        let both_taken = position("lnsgkgsnl/1r5b1/ppppp1ppp/9/9/9/PPPPPPPPP/1B5R1/LNS1KGSNL b Pg 1");
        assert_eq!(taken(&gold_ahead, &both_taken, Place::Board(Color::Gote, sq("4c"), false)), (0, 1));
        // Gote's bishop cannot get to its square in the target (3b, of the other colour): it must be taken,
        // and its way to take on 1d (by promoting, which 1d's colour needs) is all its own.
        let bishop_on_3b = position("lnsgkgsnl/1r4b2/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        let guide = Guide::new(&travel, &bishop_on_3b, InPlaceCaptors::Go);
        let bishop = Piece::unpromoted(Kind::Bishop, Color::Gote);
        let (from, x, n) = (usize::from(sq("2b")), usize::from(sq("1d")), Shogi::squares());
        let way = moves_of(&travel, bishop, from, x, true);
        assert!(way >= 2);
        assert_eq!(u32::from(guide.detour[(usize::from(bishop.code()) * n + from) * n + x]), way);
    }

    #[test]
    fn every_capture_and_drop_is_a_move_of_its_own() {
        // A position a search reached on its way to the target of a 60-ply engine game: Gote's rook (3c)
        // could take Sente's pawns (7f, 6g), horse (3f), gold (7h) and rook (3h) on its ways at no extra
        // cost, but each capture is a move: Gote must capture five pieces and drop one (a rook for 7f, or
        // the one it takes, to be won back: a sixth Gote move either way), and Sente capture a rook. Gote
        // is to move and Sente in the target: at least 11 plies (it said 3 before captures were counted).
        let travel = Travel::build::<Shogi>();
        let target = "l2g2snl/1s2k4/4g2pp/pBp1p1p2/9/P1+r1P3P/1P4PP1/1S3K1S1/L+n3G1NL b R4Pbgn2p 1";
        let now = "l2g2snl/1s2k4/4g1rpp/pBp1p1p2/9/P1P1P1+B1P/1P1P2PP1/1SG2KRS1/L+n3G1NL w 4Pn 1";
        let [target, now] = [target, now].map(|s| Position::<Shogi>::from_sfen(s).unwrap());
        for in_place in [InPlaceCaptors::Go, InPlaceCaptors::GoAndReturn] {
            let guide = Guide::new(&travel, &target, in_place);
            assert!(guide.plies(&now).is_some_and(|h| h >= 11), "{:?}", guide.plies(&now));
        }
        assert_eq!(plies_for(6, 1, true), 11);
    }

    #[test]
    fn a_piece_that_cannot_walk_back_is_taken_and_dropped_by_each_side() {
        let travel = Travel::build::<Shogi>();
        let sq = |s: &str| Shogi::geometry().parse_square(s).unwrap() as u8;
        let start = Position::<Shogi>::startpos();
        let lance_up =
            Position::<Shogi>::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5RL/LNSGKGSN1 b - 1")
                .unwrap();
        let lance_on = |square: &str| Place::Board(Color::Sente, sq(square), false);
        // The moves of each side, then their captures and drops, for the lance from `now` to `target`.
        let cost = |now: &Position<Shogi>, target: &Position<Shogi>, from: &str, to: &str| {
            let guide = Guide::new(&travel, target, InPlaceCaptors::Go);
            let (_, goal) = Places::differences(now, target);
            let scene = Scene::new(now, &goal);
            let (from, to) = (lance_on(from), lance_on(to));
            let moves = guide.cost(Kind::Lance, from, to, guide.taken(&scene, from), &scene);
            (moves, captures_and_drops(from, to, moves))
        };
        // Up a square: one move, no capture.
        assert_eq!(cost(&start, &lance_up, "1i", "1h"), ([1, 0], [0, 0]));
        // Back down: Gote takes it and drops it, Sente wins it back and drops it on 1i.
        assert_eq!(cost(&lance_up, &start, "1h", "1i").1, [2, 2]);
    }

    #[test]
    fn a_captor_in_place_goes_or_goes_and_returns() {
        let travel = Travel::build::<Shogi>();
        let sq = |s: &str| Shogi::geometry().parse_square(s).unwrap() as u8;
        let now = Position::<Shogi>::from_sfen("l3k4/9/9/9/B8/9/9/9/4K4 w - 1").unwrap();
        let target = Position::<Shogi>::from_sfen("l3k4/9/9/9/9/9/9/9/4K4 b b 1").unwrap();
        let (_, goal) = Places::differences(&now, &target);
        let bishop = Place::Board(Color::Sente, sq("9e"), false);
        // Gote's lance takes the bishop where it stands, in one move...
        let go = Guide::new(&travel, &target, InPlaceCaptors::Go);
        assert_eq!(go.taken(&Scene::new(&now, &goal), bishop), (0, 1));
        // ...but cannot come back to 9a: the king steps out to 6b, where the bishop comes, and back.
        let and_return = Guide::new(&travel, &target, InPlaceCaptors::GoAndReturn);
        assert_eq!(and_return.taken(&Scene::new(&now, &goal), bishop), (1, 2));
    }

    #[test]
    fn matches_are_the_cheapest_and_match_every_piece() {
        // Every order of up to five pieces, tried one by one, against the match's (three or fewer are
        // tried in turn, more by the Hungarian method); some costs "impossible".
        fn orders(n: usize) -> Vec<Vec<usize>> {
            if n == 0 {
                return vec![vec![]];
            }
            let mut out = Vec::new();
            for order in orders(n - 1) {
                for at in 0..n {
                    let mut o = order.clone();
                    o.insert(at, n - 1);
                    out.push(o);
                }
            }
            out
        }
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for n in 0..=5 {
            for _ in 0..200 {
                let costs: Vec<u32> =
                    (0..n * n).map(|_| if next() % 7 == 0 { u32::from(FAR) } else { next() % 9 }).collect();
                let cost = |i: usize, j: usize| costs[i * n + j];
                let least =
                    orders(n).iter().map(|o| (0..n).map(|j| cost(o[j], j)).sum::<u32>()).min().unwrap();
                let (total, row_of) = cheapest_match(n, cost);
                let mut rows: Vec<usize> = row_of[..n].iter().map(|&i| usize::from(i)).collect();
                let matched: u32 = rows.iter().enumerate().map(|(j, &i)| cost(i, j)).sum();
                rows.sort_unstable();
                assert_eq!(rows, (0..n).collect::<Vec<_>>(), "every piece matched once: {costs:?}");
                if least < u32::from(FAR) {
                    assert_eq!((total, matched), (least, least), "{costs:?}");
                } else {
                    assert!(total >= u32::from(FAR), "{costs:?}");
                }
            }
        }
    }

    #[test]
    fn rooks_and_bishops_pay_for_the_pieces_in_their_way_that_stay() {
        let travel = Travel::build::<Shogi>();
        let start = Position::<Shogi>::startpos();
        let g = Shogi::geometry();
        let sq = |s: &str| g.parse_square(s).unwrap();
        let rook = start.piece_at(sq("2h")).unwrap();
        // Towards a target where every other piece stays: straight up the file, over its own pawn (1 + 1); or
        // round by 1h and over the 1g pawn (2 + 1).
        assert_eq!(blocked_way(&start, &start, &travel, rook, sq("2h"), sq("2d"), false), 2);
        // Along its rank, nothing in the way; onto the bishop, which must leave that square anyway.
        assert_eq!(blocked_way(&start, &start, &travel, rook, sq("2h"), sq("6h"), false), 1);
        assert_eq!(blocked_way(&start, &start, &travel, rook, sq("2h"), sq("8h"), false), 1);
        // The bishop takes on 2b and promotes: over both pawns (1 + 2; every square it can stop on first
        // holds its own side's piece that stays), in one move once they have moved, or when they are to move.
        let bishop = start.piece_at(sq("8h")).unwrap();
        assert_eq!(blocked_way(&start, &start, &travel, bishop, sq("8h"), sq("2b"), true), 3);
        let opened = after::<Shogi>(&["7g7f", "3c3d"]);
        assert_eq!(blocked_way(&opened, &start, &travel, bishop, sq("8h"), sq("2b"), true), 1);
        assert_eq!(blocked_way(&opened, &start, &travel, bishop, sq("8h"), sq("2b"), false), 1);
        assert_eq!(blocked_way(&start, &opened, &travel, bishop, sq("8h"), sq("2b"), true), 1);
        let one_opened = after::<Shogi>(&["7g7f"]);
        assert_eq!(blocked_way(&start, &one_opened, &travel, bishop, sq("8h"), sq("2b"), true), 2);
    }

    #[test]
    fn a_capture_is_charged_to_the_side_with_moves_to_spare() {
        // The position after 24 plies of an engine game (self-play game 16): Sente made 12 moves, one of
        // them 8g8f taking the pawn Gote had walked 8c-8d-8e-8f. Taken on 8c, where it stood, it would
        // have cost Sente's captor two moves more and Gote none (the least in sum), but Sente's moves are
        // what the plies wait on: the guide lets Gote's pawn walk to be taken, and says 24 at the start, no
        // more than the game (it said 28).
        let travel = Travel::build::<Shogi>();
        let target = "ln1gk2nl/3s1gsb1/p1pp1pppp/4p4/1+r6P/P1P6/2BPPPPP1/3SGSGR1/L5KNL b Pnp 1";
        let target = Position::<Shogi>::from_sfen(target).unwrap();
        for in_place in [InPlaceCaptors::Go, InPlaceCaptors::GoAndReturn] {
            let guide = Guide::new(&travel, &target, in_place);
            let at_start = guide.plies(&Position::startpos());
            assert!(at_start.is_some_and(|h| h <= 24), "{in_place:?}: {at_start:?}");
        }
    }

    #[test]
    fn forward_games_replay_to_their_positions() {
        let travel = Travel::build::<Shogi>();
        for moves in [
            &["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"][..],
            &["2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "P*2c"],
        ] {
            let target = after::<Shogi>(moves);
            let game = search(&target, &travel, InPlaceCaptors::Go, &[4], None, 100_000, |_| true)
                .moves
                .expect("a game");
            assert_eq!(replay::<Shogi>(&game), target);
            // Weighted, not the shortest (A* shortens it after), but near.
            assert!(game.len() <= moves.len() + 2, "{} plies for {}", game.len(), moves.len());
        }
        let travel = Travel::build::<MiniShogi>();
        let target = after::<MiniShogi>(&["1e2d", "5a4b", "2d3c"]);
        let game = search(&target, &travel, InPlaceCaptors::Go, &[4], None, 100_000, |_| true)
            .moves
            .expect("a game");
        assert_eq!(replay::<MiniShogi>(&game), target);
    }

    #[test]
    fn lighter_weights_after_a_game_look_only_for_shorter_ones() {
        let travel = Travel::build::<Shogi>();
        let target = after::<Shogi>(&["2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "P*2c"]);
        let heavy = search(&target, &travel, InPlaceCaptors::Go, &[8], None, 100_000, |_| true)
            .moves
            .expect("a game");
        let then_lighter = search(&target, &travel, InPlaceCaptors::Go, &[8, 4, 2], None, 100_000, |_| true)
            .moves
            .expect("a game");
        assert_eq!(replay::<Shogi>(&then_lighter), target);
        assert!(then_lighter.len() <= heavy.len(), "{} plies, then {}", heavy.len(), then_lighter.len());
        // Three plies is the shortest: asked for a shorter game, it finds none.
        let near = after::<Shogi>(&["7g7f", "3c3d", "2g2f"]);
        assert!(search(&near, &travel, InPlaceCaptors::Go, &[4], Some(3), 100_000, |_| true).moves.is_none());
        assert_eq!(
            search(&near, &travel, InPlaceCaptors::Go, &[4], Some(5), 100_000, |_| true)
                .moves
                .map(|m| m.len()),
            Some(3)
        );
    }

    #[test]
    fn beams_find_games_that_replay_to_their_positions() {
        let travel = Travel::build::<Shogi>();
        assert_eq!(
            beam_search(&Position::<Shogi>::startpos(), &travel, InPlaceCaptors::Go, 10, None, 100, |_| true)
                .moves,
            Some(vec![])
        );
        let moves = ["2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "P*2c"];
        let target = after::<Shogi>(&moves);
        let game = beam_search(&target, &travel, InPlaceCaptors::Go, 50, None, 100_000, |_| true)
            .moves
            .expect("a game");
        assert_eq!(replay::<Shogi>(&game), target);
        assert!(game.len() <= moves.len() + 2, "{} plies for {}", game.len(), moves.len());
        // Forty plies of an engine's game: even a narrow beam finds a game, with either guide.
        let row = include_str!("../../engine/tests/data/selfplay/shogi.tsv")
            .lines()
            .find(|l| l.starts_with("1\t40\t"));
        let moves: Vec<&str> =
            row.expect("game 1 at 40 plies").split('\t').nth(3).unwrap().split(' ').collect();
        let target = after::<Shogi>(&moves);
        for in_place in [InPlaceCaptors::Go, InPlaceCaptors::GoAndReturn] {
            let game =
                beam_search(&target, &travel, in_place, 30, None, 1_000_000, |_| true).moves.expect("a game");
            assert_eq!(replay::<Shogi>(&game), target);
        }
        let travel = Travel::build::<MiniShogi>();
        let target = after::<MiniShogi>(&["1e2d", "5a4b", "2d3c"]);
        let game = beam_search(&target, &travel, InPlaceCaptors::Go, 20, None, 100_000, |_| true)
            .moves
            .expect("a game");
        assert_eq!(replay::<MiniShogi>(&game), target);
    }

    #[test]
    fn beams_look_only_for_shorter_games_and_stop_at_their_caps() {
        let travel = Travel::build::<Shogi>();
        let near = after::<Shogi>(&["7g7f", "3c3d", "2g2f"]);
        let beam = |shorter_than, max_weighed, go_on: bool| {
            beam_search(&near, &travel, InPlaceCaptors::Go, 20, shorter_than, max_weighed, |_| go_on)
        };
        assert_eq!(beam(None, 100_000, true).moves.map(|m| m.len()), Some(3));
        assert!(beam(Some(3), 100_000, true).moves.is_none());
        assert_eq!(beam(Some(4), 100_000, true).moves.map(|m| m.len()), Some(3));
        let capped = beam(None, 10, true);
        assert!(capped.moves.is_none() && capped.weighed < 10 + 600, "{} positions", capped.weighed);
        let stopped = beam(None, 100_000, false);
        assert!(stopped.moves.is_none() && stopped.weighed == 1, "{} positions", stopped.weighed);
    }

    #[test]
    fn the_search_stops_at_its_caps() {
        let travel = Travel::build::<Shogi>();
        let target = after::<Shogi>(&["2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "P*2c"]);
        assert!(search(&target, &travel, InPlaceCaptors::Go, &[4], None, 10, |_| true).moves.is_none());
        // Asked every 8 positions expanded.
        let stopped = search(&target, &travel, InPlaceCaptors::Go, &[4], None, 100_000, |_| false);
        assert!(stopped.moves.is_none() && stopped.weighed < 8 * 600, "{} positions", stopped.weighed);
    }
}
