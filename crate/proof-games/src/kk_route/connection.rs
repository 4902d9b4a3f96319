//! The moves from one KK position to another: every piece that must change hands is dropped next to the
//! other king, which takes it, and the kings walk to their squares (an odd king cycle where the side to
//! move must change).

use crate::construction::ConstructionError;
use crate::openings::is_kk;
use shogi_reach_engine::board::color::Color;
use shogi_reach_engine::board::moves::Move;
use shogi_reach_engine::board::piece::Kind;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::{Variant, OFF};
use std::cmp::Reverse;
use std::collections::{HashMap, VecDeque};

/// King-only states: (Sente's king, Gote's king, side to move).
type KingState = (u8, u8, Color);

/// Breadth-first search over king moves between KK positions (same hands): the shortest king moves from
/// `from` to a state satisfying `goal`.
fn king_walk<V: Variant>(
    from: KingState,
    goal: impl Fn(KingState) -> bool,
) -> Option<Vec<(KingState, Move)>> {
    let g = V::geometry();
    let mut parent: HashMap<KingState, (KingState, Move)> = HashMap::new();
    let mut queue = VecDeque::from([from]);
    let mut found = None;
    if goal(from) {
        found = Some(from);
    }
    while let (None, Some(s)) = (found, queue.pop_front()) {
        let (sk, gk, side) = s;
        let (mover, other) = if side == Color::Sente { (sk, gk) } else { (gk, sk) };
        for d in 0..8 {
            let to = g.nb[mover as usize][d];
            if to == OFF || V::geometry().king_steps(to as usize, other as usize) < 2 {
                continue;
            }
            let next = if side == Color::Sente { (to, gk, Color::Gote) } else { (sk, to, Color::Sente) };
            if next == from || parent.contains_key(&next) {
                continue;
            }
            parent.insert(next, (s, Move::Board { from: mover, to, promote: false }));
            if goal(next) {
                found = Some(next);
                break;
            }
            queue.push_back(next);
        }
    }
    let mut at = found?;
    let mut out = Vec::new();
    while at != from {
        let (prev, m) = parent[&at];
        out.push((at, m));
        at = prev;
    }
    out.reverse();
    Some(out)
}

/// Moves from one KK position to another: every piece that must change hands is dropped next to the
/// other king, which takes it, and the kings walk to their squares. The fewest plies of such moves
/// ([`shortest_connection`]) when they are few enough to search, otherwise [`greedy_connection`].
pub fn connect_kk<V: Variant>(from: &Position<V>, to: &Position<V>) -> Result<Vec<Move>, ConstructionError> {
    connect_kk_from_any(&[(0, *from)], to).map(|(_, moves)| moves)
}

/// [`connect_kk`] from whichever of `froms` (each after the plies given with it) reaches `to` in the fewest
/// plies in all: its index, and the moves. KK positions with the same hands and side to move are searched
/// at once.
pub(crate) fn connect_kk_from_any<V: Variant>(
    froms: &[(usize, Position<V>)],
    to: &Position<V>,
) -> Result<(usize, Vec<Move>), ConstructionError> {
    if froms.is_empty() || !froms.iter().map(|(_, p)| p).chain([to]).all(is_kk) {
        return Err(ConstructionError::NotKkPositions);
    }
    let first = &froms[0].1;
    let alike =
        froms.iter().all(|(_, p)| p.hands() == first.hands() && p.side_to_move() == first.side_to_move());
    // Drops anywhere first; if the kinds do not fit the squares, drops only where every kind to give fits.
    let search = |froms: &[(usize, Position<V>)]| {
        shortest_connection(froms, to, false).or_else(|| shortest_connection(froms, to, true))
    };
    if let Some(found) = alike.then(|| search(froms)).flatten() {
        return Ok(found);
    }
    let mut best: Option<(usize, usize, Vec<Move>)> = None;
    for (i, (before, from)) in froms.iter().enumerate() {
        let moves = match search(&froms[i..=i]) {
            Some((_, moves)) => moves,
            None => greedy_connection(from, to)?,
        };
        if best.as_ref().is_none_or(|b| before + moves.len() < b.0) {
            best = Some((before + moves.len(), i, moves));
        }
    }
    let (_, i, moves) = best.expect("at least one position");
    Ok((i, moves))
}

/// The most states [`shortest_connection`] searches (6 bytes each).
const CONNECTION_STATES: usize = 2_000_000;

/// The pieces that pass from `giver`'s hand to the other's between two KK positions, by kind.
fn given<V: Variant>(from: &Position<V>, to: &Position<V>, giver: Color) -> Vec<(Kind, u32)> {
    let had = from.hand(giver);
    let has = to.hand(giver);
    V::KINDS
        .iter()
        .filter(|k| had[k.index()] > has[k.index()])
        .map(|&k| (k, u32::from(had[k.index()] - has[k.index()])))
        .collect()
}

/// The fewest plies from one KK position to another by king moves and transfers (a piece dropped next to
/// the other king, which takes it, two plies): a shortest-path search over the kings' squares, the side to
/// move and how many pieces each side has still to give, kinds aside; the kinds are then given out to the
/// drops. With `fitting`, a side drops only on squares where every kind it gives may stand. `None` when
/// the states are too many or the kinds do not fit the squares the search chose.
fn shortest_connection<V: Variant>(
    froms: &[(usize, Position<V>)],
    to: &Position<V>,
    fitting: bool,
) -> Option<(usize, Vec<Move>)> {
    let n = V::geometry().n;
    let from = &froms[0].1;
    let gifts = [given(from, to, Color::Sente), given(from, to, Color::Gote)];
    let count = |c: Color| gifts[c.index()].iter().map(|&(_, k)| k as usize).sum::<usize>();
    let (rs, rg) = (count(Color::Sente), count(Color::Gote));
    let states = n * n * 2 * (rs + 1) * (rg + 1);
    if states > CONNECTION_STATES {
        return None;
    }
    let fits = |c: Color, q: usize| !fitting || gifts[c.index()].iter().all(|&(k, _)| !V::is_dead(k, c, q));
    let drop_squares = [Color::Sente, Color::Gote].map(|c| (0..n).map(|q| fits(c, q)).collect());
    let state = Connection::<V> { rs, rg, drop_squares, _v: std::marker::PhantomData };
    let goal = state.index(to.king(Color::Sente), to.king(Color::Gote), to.side_to_move(), 0, 0);
    // Each start after the plies before it, counted from the fewest.
    let least = froms.iter().map(|(before, _)| before).min()?;
    let starts: Vec<usize> = froms
        .iter()
        .map(|(_, p)| state.index(p.king(Color::Sente), p.king(Color::Gote), p.side_to_move(), rs, rg))
        .collect();
    let starts_after: Vec<(usize, usize)> =
        froms.iter().zip(&starts).map(|((b, _), &s)| (b - least, s)).collect();
    let path = state.shortest_path(states, &starts_after, goal)?;
    let start = starts.iter().position(|&s| s == path[0])?;
    Some((start, state.moves(&path, gifts)?))
}

/// The states of [`shortest_connection`]: (Sente's king, Gote's king, side to move, pieces Sente has still
/// to give, pieces Gote has still to give), numbered.
struct Connection<V> {
    rs: usize,
    rg: usize,
    /// Where each side may drop.
    drop_squares: [Vec<bool>; 2],
    _v: std::marker::PhantomData<V>,
}

impl<V: Variant> Connection<V> {
    fn index(&self, sk: usize, gk: usize, side: Color, rs: usize, rg: usize) -> usize {
        let n = V::geometry().n;
        (((sk * n + gk) * 2 + side.index()) * (self.rs + 1) + rs) * (self.rg + 1) + rg
    }

    fn unpack(&self, i: usize) -> (usize, usize, Color, usize, usize) {
        let n = V::geometry().n;
        let (rest, rg) = (i / (self.rg + 1), i % (self.rg + 1));
        let (rest, rs) = (rest / (self.rs + 1), rest % (self.rs + 1));
        let side = if rest % 2 == 0 { Color::Sente } else { Color::Gote };
        (rest / 2 / n, rest / 2 % n, side, rs, rg)
    }

    /// The states from one of `starts` (each a state after the plies given with it) to `goal`, the
    /// fewest plies in all: a shortest-path search with a bucket per ply count (a step costs 1 or 2 plies)
    /// over the `states`. `None` when no start leads to `goal`.
    fn shortest_path(&self, states: usize, starts: &[(usize, usize)], goal: usize) -> Option<Vec<usize>> {
        let mut plies = vec![u16::MAX; states];
        let mut parent = vec![u32::MAX; states];
        let mut buckets: Vec<Vec<u32>> = Vec::new();
        let reach = |buckets: &mut Vec<Vec<u32>>, plies: &mut [u16], state: usize, d: usize| {
            plies[state] = d as u16;
            if buckets.len() <= d {
                buckets.resize(d + 1, Vec::new());
            }
            buckets[d].push(state as u32);
        };
        for &(d, start) in starts {
            if d < plies[start] as usize {
                reach(&mut buckets, &mut plies, start, d);
            }
        }
        let mut d = 0;
        while d < buckets.len() && plies[goal] == u16::MAX {
            while let Some(i) = buckets[d].pop() {
                let i = i as usize;
                if plies[i] as usize != d {
                    continue;
                }
                for (next, cost) in self.next(i) {
                    if d + cost < plies[next] as usize {
                        parent[next] = i as u32;
                        reach(&mut buckets, &mut plies, next, d + cost);
                    }
                }
            }
            d += 1;
        }
        if plies[goal] == u16::MAX {
            return None;
        }
        // Back to a start: a state without a parent.
        let mut path = vec![goal];
        while parent[*path.last().unwrap()] != u32::MAX {
            path.push(parent[*path.last().unwrap()] as usize);
        }
        path.reverse();
        Some(path)
    }

    /// The states one king move (1 ply) or one transfer (2 plies) away.
    fn next(&self, i: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (sk, gk, side, rs, rg) = self.unpack(i);
        let (mover, other) = if side == Color::Sente { (sk, gk) } else { (gk, sk) };
        let left = if side == Color::Sente { rs } else { rg };
        let nb = &V::geometry().nb;
        let walks = (0..8)
            .map(move |d| nb[mover][d])
            .filter(move |&to| to != OFF && V::geometry().king_steps(to as usize, other) >= 2);
        let walks = walks.map(move |to| {
            let to = to as usize;
            let (s, g) = if side == Color::Sente { (to, gk) } else { (sk, to) };
            (self.index(s, g, side.opponent(), rs, rg), 1)
        });
        // The other king takes the piece dropped next to it: it stands there, the giver to move again.
        let takes = (0..8).map(move |d| nb[other][d]).filter(move |&q| {
            left > 0
                && q != OFF
                && V::geometry().king_steps(q as usize, mover) >= 2
                && self.drop_squares[side.index()][q as usize]
        });
        let takes = takes.map(move |q| {
            let q = q as usize;
            match side {
                Color::Sente => (self.index(sk, q, side, rs - 1, rg), 2),
                Color::Gote => (self.index(q, gk, side, rs, rg - 1), 2),
            }
        });
        walks.chain(takes)
    }

    /// The moves along `path` (state numbers), the kinds given out to the drops: each drop square takes
    /// the kind allowed on fewest squares that it allows, the squares that allow most kinds served
    /// first (the squares a kind may not be dropped on are nested: last rank, last two ranks).
    fn moves(&self, path: &[usize], mut gifts: [Vec<(Kind, u32)>; 2]) -> Option<Vec<Move>> {
        let n = V::geometry().n;
        let allowed = |k: Kind, c: Color| (0..n).filter(|&q| !V::is_dead(k, c, q)).count();
        for (c, g) in [Color::Sente, Color::Gote].into_iter().zip(gifts.iter_mut()) {
            g.sort_by_key(|&(k, _)| allowed(k, c));
        }
        // (index in `path`, giver, drop square)
        let mut drops: Vec<(usize, Color, usize)> = Vec::new();
        for (at, w) in path.windows(2).enumerate() {
            let (a, b) = (self.unpack(w[0]), self.unpack(w[1]));
            if a.3 + a.4 != b.3 + b.4 {
                drops.push((at, a.2, if a.2 == Color::Sente { b.1 } else { b.0 }));
            }
        }
        let kinds_at =
            |&(_, c, q): &(usize, Color, usize)| V::KINDS.iter().filter(|&&k| !V::is_dead(k, c, q)).count();
        let mut order: Vec<usize> = (0..drops.len()).collect();
        order.sort_by_key(|&i| Reverse(kinds_at(&drops[i])));
        let mut kind_of = vec![None; drops.len()];
        for i in order {
            let (_, c, q) = drops[i];
            let gift = gifts[c.index()].iter_mut().find(|(k, left)| *left > 0 && !V::is_dead(*k, c, q))?;
            gift.1 -= 1;
            kind_of[i] = Some(gift.0);
        }
        let mut moves = Vec::new();
        let mut drop = drops.iter().zip(kind_of).peekable();
        for (at, w) in path.windows(2).enumerate() {
            let (a, b) = (self.unpack(w[0]), self.unpack(w[1]));
            let (from, to) = if a.0 != b.0 { (a.0, b.0) } else { (a.1, b.1) };
            if drop.peek().is_some_and(|((i, _, _), _)| *i == at) {
                let ((_, _, q), kind) = drop.next().unwrap();
                moves.push(Move::Drop { kind: kind?, to: *q as u8 });
            }
            moves.push(Move::Board { from: from as u8, to: to as u8, promote: false });
        }
        Some(moves)
    }
}

/// Moves from one KK position to another, built a step at a time: every piece that must change hands is
/// dropped next to the other king, which takes it; then the kings walk to their squares, with an odd king
/// cycle when the side to move must change.
fn greedy_connection<V: Variant>(
    from: &Position<V>,
    to: &Position<V>,
) -> Result<Vec<Move>, ConstructionError> {
    let mut state: KingState =
        (from.king(Color::Sente) as u8, from.king(Color::Gote) as u8, from.side_to_move());
    let mut moves = Vec::new();
    let mut sente_hand = *from.hand(Color::Sente);
    for &kind in V::KINDS {
        let want = to.hand(Color::Sente)[kind.index()];
        while sente_hand[kind.index()] != want {
            let giver = if sente_hand[kind.index()] > want { Color::Sente } else { Color::Gote };
            let drop_square = |s: KingState| {
                let (own, taker) = if giver == Color::Sente { (s.0, s.1) } else { (s.1, s.0) };
                (0..8).map(|d| V::geometry().nb[taker as usize][d]).find(|&q| {
                    q != OFF
                        && V::geometry().king_steps(q as usize, own as usize) >= 2
                        && !V::is_dead(kind, giver, q as usize)
                })
            };
            let walk = king_walk::<V>(state, |s| s.2 == giver && drop_square(s).is_some())
                .ok_or(ConstructionError::NoDropRoute { kind, giver })?;
            moves.extend(walk.iter().map(|&(_, m)| m));
            state = walk.last().map_or(state, |&(s, _)| s);
            let q = drop_square(state).expect("the walk ends where a drop is possible");
            let taker = if giver == Color::Sente { state.1 } else { state.0 };
            moves.push(Move::Drop { kind, to: q });
            moves.push(Move::Board { from: taker, to: q, promote: false });
            state = if giver == Color::Sente { (state.0, q, giver) } else { (q, state.1, giver) };
            let n = &mut sente_hand[kind.index()];
            *n = if giver == Color::Sente { *n - 1 } else { *n + 1 };
        }
    }
    let target: KingState = (to.king(Color::Sente) as u8, to.king(Color::Gote) as u8, to.side_to_move());
    let walk = king_walk::<V>(state, |s| s == target).ok_or(ConstructionError::NoKingRoute)?;
    moves.extend(walk.iter().map(|&(_, m)| m));
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::replays;
    use shogi_reach_engine::board::variant::{MiniShogi, Shogi};

    #[test]
    fn the_shortest_connection_replays_and_beats_the_greedy_one() {
        let pairs = [
            // Every piece changes hands, the kings cross the board, the side to move changes.
            ("4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1", "K8/9/9/9/9/9/9/9/8k w 2r2b4g4s4n4l18p 1"),
            // The paper's KK position to one of a search path (an oracle row's).
            (
                "5k3/9/9/9/9/9/9/9/3K5 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
                "k8/9/9/9/9/9/9/9/K8 b R2B3G2S3N11Prg2sn4l7p 1",
            ),
            // Knights and lances to a king on the giver's last rank: it must come out to take them.
            ("8k/9/9/9/9/9/9/9/K8 w 4N4L 1", "k8/9/9/9/9/9/9/9/8K b 4n4l 1"),
        ];
        let mut shorter = 0;
        for (from, to) in pairs {
            let (from, to) =
                (Position::<Shogi>::from_sfen(from).unwrap(), Position::<Shogi>::from_sfen(to).unwrap());
            let shortest = connect_kk(&from, &to).unwrap();
            let greedy = greedy_connection(&from, &to).unwrap();
            assert_eq!(replays(&from, &shortest), Ok(to));
            assert!(shortest.len() <= greedy.len(), "{} plies, greedy {}", shortest.len(), greedy.len());
            shorter += usize::from(shortest.len() < greedy.len());
        }
        assert_eq!(shorter, 2);
        let from = Position::<MiniShogi>::from_sfen("4k/5/5/5/K4 b RBGSPrbgsp 1").unwrap();
        let to = Position::<MiniShogi>::from_sfen("k4/5/5/5/4K w 2R2B2G2S2P 1").unwrap();
        let (_, shortest) = shortest_connection(&[(0, from)], &to, false).expect("few enough states");
        assert_eq!(replays(&from, &shortest), Ok(to));
        assert!(shortest.len() <= greedy_connection(&from, &to).unwrap().len());
    }

    #[test]
    fn a_connection_from_several_kk_positions_starts_where_the_whole_is_shortest() {
        let far = Position::<Shogi>::from_sfen("k8/9/9/9/9/9/9/9/4K4 b Pp 1").unwrap();
        let near = Position::<Shogi>::from_sfen("6k2/9/9/9/9/9/9/9/4K4 b Pp 1").unwrap();
        let to = Position::<Shogi>::from_sfen("8k/9/9/9/9/9/9/9/4K4 b 2p 1").unwrap();
        let alone = [connect_kk(&far, &to).unwrap().len(), connect_kk(&near, &to).unwrap().len()];
        assert!(alone[1] < alone[0]);
        // Plies before each start count: with 20 before the near one, the far one is nearer in all.
        for before in [[0, 0], [0, 20], [20, 0]] {
            let froms = [(before[0], far), (before[1], near)];
            let (i, moves) = connect_kk_from_any(&froms, &to).unwrap();
            assert_eq!(before[i] + moves.len(), (0..2).map(|j| before[j] + alone[j]).min().unwrap());
            assert_eq!(replays(&froms[i].1, &moves), Ok(to));
        }
        assert_eq!(connect_kk_from_any(&[(0, far), (20, near)], &to).unwrap().0, 0);
        assert!(connect_kk_from_any::<Shogi>(&[], &to).is_err());
    }

    #[test]
    fn a_change_of_the_side_to_move_alone_takes_five_plies() {
        // One king walks an odd cycle (three moves), the other goes and comes back.
        let from = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b RB 1").unwrap();
        let to = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w RB 1").unwrap();
        assert_eq!(connect_kk(&from, &to).unwrap().len(), 5);
        assert_eq!(connect_kk(&from, &from).unwrap().len(), 0);
    }
}
