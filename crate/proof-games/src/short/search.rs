//! The short search: best first backwards from a position to the initial position over Prev1, ordered by
//! plies undone + weight × the lower bound ([`Bound`]). With weight 1 it is A*: the first game it finds
//! is a shortest one.

use crate::hasher::QuickMap;
use crate::short::bound::{Bound, PliesBound};
use crate::tree::{moves_forward, Node};
use shogi_reach_engine::board::moves::Move;
use shogi_reach_engine::board::piece::Kind;
use shogi_reach_engine::board::position::Position;
use shogi_reach_engine::board::variant::Variant;
use shogi_reach_engine::reach::prev::{predecessors, Predecessor};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What a short-game search found.
pub(crate) struct ShortGame {
    /// The moves from the initial position, when a game was found.
    pub(crate) moves: Option<Vec<Move>>,
    /// Whether the search looked at every position it had to (it was not stopped by its budget): with
    /// weight 1 and [`ShortOptions::shorter_than`], no game shorter than that exists when it found none.
    pub(crate) exhausted: bool,
    /// Predecessors weighed against the bound: the search's work.
    pub(crate) weighed: usize,
}

/// How a short-game search runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShortOptions {
    /// Give up after keeping this many positions.
    pub(crate) max_nodes: usize,
    /// Give up after weighing this many predecessors against the bound (those it keeps and those it
    /// prunes): the search's work, which its kept positions alone do not bound.
    pub(crate) max_weighed: usize,
    /// f = g + weight·h; 1 finds a shortest game (and may take long), larger finds one sooner and then
    /// counts pieces in hand as a debt.
    pub(crate) weight: u32,
    /// Look only for games shorter than this (a game already found): with weight 1, a search that is
    /// exhausted proves there is none.
    pub(crate) shorter_than: Option<u32>,
    /// What orders a weighted search (weight 1 always orders by the bound).
    pub(crate) order: SearchOrder,
}

impl ShortOptions {
    /// The key that orders a position `plies` undone with bound `e` (the smallest first): plies undone +
    /// weight × what orders the search, then, among equal keys, the nearer-looking position (the deeper
    /// one, for A*).
    fn key<V: Variant>(&self, p: &Position<V>, plies: u32, e: PliesBound) -> (u32, u32, u32, u32) {
        let debt = HAND_DEBT * in_hands(p);
        let guide = match (self.weight, self.order) {
            (1, _) | (_, SearchOrder::Bound) => e.plies,
            (_, SearchOrder::Counted | SearchOrder::Captures) => e.guide + debt,
            (_, SearchOrder::Sharpened) => e.plies + debt,
        };
        (plies + self.weight * guide, e.plies, e.guide, e.moves)
    }
}

/// What orders a weighted search besides the plies undone. All but [`SearchOrder::Bound`] count each piece in
/// hand as a debt: every one of them must be un-captured on the way back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SearchOrder {
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

/// Searches backwards from `target` to the initial position, best first on plies undone + weight × the
/// lower bound. `keep_going(nodes)` is asked every 8 expansions (a time budget).
pub(crate) fn short_search<V: Variant>(
    target: &Position<V>,
    bound: &Bound<V>,
    options: ShortOptions,
    mut keep_going: impl FnMut(usize) -> bool,
) -> ShortGame {
    let mut found = ShortGame { moves: None, exhausted: true, weighed: 0 };
    let Some(h0) = bound.plies(target) else { return found };
    let limit = options.shorter_than.unwrap_or(u32::MAX);
    let mut nodes: Vec<Node<V>> = vec![(*target, usize::MAX, Move::Drop { kind: Kind::Pawn, to: 0 }, 0)];
    let mut best: QuickMap<Position<V>, u32> = QuickMap::default();
    best.insert(*target, 0);
    let captures = options.weight > 1 && options.order == SearchOrder::Captures;
    let mut open = BinaryHeap::from([Reverse(((options.weight * h0, h0, 0u32, 0u32), 0usize))]);
    let mut preds: Vec<Predecessor<V>> = Vec::new();
    let (mut expansions, mut weighed) = (0usize, 0usize);
    while let Some(Reverse((_, i))) = open.pop() {
        let (pos, _, _, g) = nodes[i];
        if best.get(&pos).is_some_and(|&b| b < g) {
            continue;
        }
        if let Some(mut moves) = bound.perimeter().game_to(&pos) {
            moves.extend(moves_forward(&nodes, i));
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
            let Some(e) = bound.weigh(&pred.pos, captures) else { continue };
            if g + 1 + e.plies >= limit {
                continue;
            }
            best.insert(pred.pos, g + 1);
            nodes.push((pred.pos, i, pred.mv, g + 1));
            open.push(Reverse((options.key(&pred.pos, g + 1, e), nodes.len() - 1)));
        }
    }
    found.weighed = weighed;
    found
}

/// What a weighted search adds to its guide per piece in hand.
const HAND_DEBT: u32 = 2;

fn in_hands<V: Variant>(p: &Position<V>) -> u32 {
    p.hands().iter().flat_map(|h| h.iter()).map(|&n| u32::from(n)).sum()
}
