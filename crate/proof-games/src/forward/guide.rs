//! The forward guide: how many plies a position still looks from the target, as what each piece still has
//! to do to get where it stands there.
//!
//! It leaves out the pieces already where the target has them and matches, kind by kind, the others with
//! the places left (the cheapest assignment): a piece walks to its square (its least moves on an empty
//! board; a rook or bishop pays a move more for each piece in its way), a piece that changes hands walks to
//! where it is taken by the captor whose way to its own place passes nearest (a captor with no place left
//! to go to pays its whole way to the capture), and is perhaps dropped; a side makes at least as many
//! moves as it has captures and drops to make (a captor's way may pass many pieces to take). It is not a
//! bound (captures are charged their captor's detour), only a guide.

use crate::assignment::{cheapest_match, MOST_OF_A_KIND};
use crate::forward::places::{Place, Places};
use crate::forward::ways::{blocked_way, detour_table, moves_of, reach_table};
use crate::short::travel::{Travel, FAR};
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::piece::{Kind, Piece};
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::{Variant, MAX_SQUARES};
use std::cell::OnceCell;

/// What the guide computes at most once per position, when a piece that must be taken first needs it: for
/// each side, by square, the moves it must add to its pieces' ways to capture there (see
/// [`ForwardGuide::captures`]).
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
/// that the other misses (see `docs/notes/proof-games.md`), so proof games search with both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InPlaceCaptors {
    /// Its way to the capture.
    Go,
    /// Its way to the capture and back.
    GoAndReturn,
}

/// The guide towards one target position.
pub(crate) struct ForwardGuide<'a, V: Variant> {
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

impl<'a, V: Variant> ForwardGuide<'a, V> {
    pub(crate) fn new(
        travel: &'a Travel,
        target: &Position<V>,
        in_place: InPlaceCaptors,
    ) -> ForwardGuide<'a, V> {
        let reach = reach_table::<V>(travel);
        let detour = detour_table::<V>(travel, &Places::of(target), &reach);
        let n = V::squares();
        let mut reach_elsewhere = reach.clone();
        for (i, r) in reach_elsewhere.iter_mut().enumerate() {
            if i / n % n == i % n {
                *r = FAR;
            }
        }
        ForwardGuide { travel, target: *target, in_place, reach, reach_elsewhere, detour }
    }

    /// The guide's plies from `p` to the target (`None`: it sees no way, e.g. a king that cannot get there).
    /// A piece that stands where the target has the same piece is matched to it at no cost; the other
    /// pieces are matched by the cheapest assignment, kind by kind.
    pub(crate) fn plies(&self, p: &Position<V>) -> Option<u32> {
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

    /// For the piece at `place` (on the board, not a king), besides [`ForwardGuide::taken`]: the capture with the
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::after;
    use shogi_reach_engine::board::variant::Shogi;

    #[test]
    fn the_guide_is_zero_at_the_target_and_counts_walks_and_the_side_to_move() {
        let travel = Travel::build::<Shogi>();
        let target = after::<Shogi>(&["7g7f", "3c3d", "2g2f"]);
        let guide = ForwardGuide::new(&travel, &target, InPlaceCaptors::Go);
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
    fn captors_with_no_place_left_in_the_target_pay_their_whole_way() {
        let travel = Travel::build::<Shogi>();
        let sq = |s: &str| Shogi::geometry().parse_square(s).unwrap() as u8;
        let position = |sfen: &str| Position::<Shogi>::from_sfen(sfen).unwrap();
        let taken = |now: &Position<Shogi>, target: &Position<Shogi>, victim: Place| {
            let guide = ForwardGuide::new(&travel, target, InPlaceCaptors::Go);
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
        let guide = ForwardGuide::new(&travel, &bishop_on_3b, InPlaceCaptors::Go);
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
            let guide = ForwardGuide::new(&travel, &target, in_place);
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
            let guide = ForwardGuide::new(&travel, target, InPlaceCaptors::Go);
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
        let go = ForwardGuide::new(&travel, &target, InPlaceCaptors::Go);
        assert_eq!(go.taken(&Scene::new(&now, &goal), bishop), (0, 1));
        // ...but cannot come back to 9a: the king steps out to 6b, where the bishop comes, and back.
        let and_return = ForwardGuide::new(&travel, &target, InPlaceCaptors::GoAndReturn);
        assert_eq!(and_return.taken(&Scene::new(&now, &goal), bishop), (1, 2));
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
            let guide = ForwardGuide::new(&travel, &target, in_place);
            let at_start = guide.plies(&Position::startpos());
            assert!(at_start.is_some_and(|h| h <= 24), "{in_place:?}: {at_start:?}");
        }
    }
}
