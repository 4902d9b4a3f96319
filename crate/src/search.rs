//! The backward search to a KK position (`shared/spec/*.md` §6): greedy best-first on the reference's
//! heuristic, ties broken by the reference's total order on positions, goal test at pop time, one seen
//! set that is also the parent map. Reaching a KK position proves the root reachable; exhausting the
//! search proves it unreachable; an optional node cap makes the verdict "unknown" instead.

use crate::color::Color;
use crate::moves::Move;
use crate::piece::{Kind, Piece, EMPTY};
use crate::position::{Hand, Position};
use crate::prev::{predecessors, Predecessor};
use crate::variant::Variant;
use std::cmp::Ordering;

/// The reference's heuristic H = 10·N + 10·P + D (+ Mini Shogi's king-proximity term): 10 per non-king
/// piece on the board, 10 more per promoted one plus its distance outside its owner's zone.
pub fn heuristic<V: Variant>(p: &Position<V>) -> u32 {
    let g = V::geometry();
    let mut h = 0;
    for (sq, &c) in p.board().iter().enumerate() {
        if c == EMPTY || c >> 2 == Kind::King as u8 {
            continue;
        }
        h += 10;
        if c & 2 == 0 {
            let owner = Color::from_index((c & 1) as usize);
            h += 10 + g.ranks_ahead(sq, owner).saturating_sub(V::ZONE - 1) as u32;
        }
    }
    if V::KING_NEAR_WEIGHT > 0 {
        let (a, b) = (p.king(Color::Sente), p.king(Color::Gote));
        if g.x(a).abs_diff(g.x(b)) + g.y(a).abs_diff(g.y(b)) <= 2 {
            h += V::KING_NEAR_WEIGHT;
        }
    }
    h
}

/// Compares hands as the reference does: each as the sorted sequence of its pieces' kinds, a proper
/// prefix first.
fn cmp_hand(a: &Hand, b: &Hand) -> Ordering {
    for k in 1..8 {
        if a[k] != b[k] {
            // After the common prefix, the shorter run continues with a later kind or ends.
            let (short, long_is_less) = if a[k] < b[k] { (a, Ordering::Greater) } else { (b, Ordering::Less) };
            let short_ends = short[k + 1..].iter().all(|&n| n == 0);
            return if short_ends { long_is_less.reverse() } else { long_is_less };
        }
    }
    Ordering::Equal
}

/// The reference's total order on positions: side to move (Sente first), the cells in reading order
/// (piece order, empty last), Sente's hand, Gote's hand.
pub fn cmp_positions<V: Variant>(a: &Position<V>, b: &Position<V>) -> Ordering {
    a.side_to_move()
        .cmp(&b.side_to_move())
        .then_with(|| a.board().cmp(b.board()))
        .then_with(|| cmp_hand(a.hand(Color::Sente), b.hand(Color::Sente)))
        .then_with(|| cmp_hand(a.hand(Color::Gote), b.hand(Color::Gote)))
}

/// Limits of one search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Stop with an unknown verdict once this many distinct positions have been generated.
    pub max_nodes: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A KK position was reached: the root is reachable.
    Reachable,
    /// The search was exhausted: the root is unreachable.
    Unreachable,
    /// The node cap was hit (or the caller stopped the search).
    Unknown,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Outcome<V: Variant> {
    pub verdict: Verdict,
    /// Heap pops, the goal pop included.
    pub pops: u64,
    /// Distinct positions generated, root included.
    pub nodes: u64,
    /// Deepest depth (plies back from the root) of any generated position.
    pub max_depth: u32,
    /// For `Reachable`: the positions from the root back to the KK goal; `path[i + 1]` is a predecessor of
    /// `path[i]`, and `moves[i]` is the move from `path[i + 1]` to `path[i]`.
    pub path: Vec<Position<V>>,
    pub moves: Vec<Move>,
}

impl<V: Variant> Outcome<V> {
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    pub fn goal(&self) -> Option<&Position<V>> {
        (self.verdict == Verdict::Reachable).then(|| self.path.last()).flatten()
    }
}

/// Progress reported during a search.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub pops: u64,
    pub nodes: u64,
    pub best_h: u32,
}

struct Node<V: Variant> {
    pos: Position<V>,
    parent: u32,
    mv: Move,
    depth: u32,
    h: u32,
}

const NO_NODE: u32 = u32::MAX;

/// A reusable backward search; keeping one per thread avoids allocating per search.
pub struct KkSearch<V: Variant> {
    nodes: Vec<Node<V>>,
    /// Open-addressing set of node indices (NO_NODE = free), power-of-two size.
    slots: Vec<u32>,
    /// Binary min-heap of node indices by (h, position order).
    heap: Vec<u32>,
    preds: Vec<Predecessor<V>>,
}

impl<V: Variant> Default for KkSearch<V> {
    fn default() -> Self {
        KkSearch::new()
    }
}

#[inline]
fn hash_position<V: Variant>(p: &Position<V>) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = p.side_to_move() as u64;
    let mix = |h: u64, w: u64| (h.rotate_left(5) ^ w).wrapping_mul(K);
    let board = p.board();
    let mut chunks = board.chunks_exact(8);
    for c in &mut chunks {
        h = mix(h, u64::from_le_bytes(c.try_into().unwrap()));
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = mix(h, u64::from_le_bytes(tail));
    for hand in p.hands() {
        h = mix(h, u64::from_le_bytes(*hand));
    }
    h ^ (h >> 29)
}

impl<V: Variant> KkSearch<V> {
    pub fn new() -> KkSearch<V> {
        KkSearch { nodes: Vec::new(), slots: vec![NO_NODE; 1024], heap: Vec::new(), preds: Vec::new() }
    }

    #[inline]
    fn less(&self, a: u32, b: u32) -> bool {
        let (na, nb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        na.h < nb.h || (na.h == nb.h && cmp_positions(&na.pos, &nb.pos) == Ordering::Less)
    }

    fn heap_push(&mut self, i: u32) {
        self.heap.push(i);
        let mut c = self.heap.len() - 1;
        while c > 0 {
            let parent = (c - 1) / 2;
            if !self.less(self.heap[c], self.heap[parent]) {
                break;
            }
            self.heap.swap(c, parent);
            c = parent;
        }
    }

    fn heap_pop(&mut self) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().unwrap();
        if !self.heap.is_empty() {
            self.heap[0] = last;
            let n = self.heap.len();
            let mut i = 0;
            loop {
                let (l, r) = (2 * i + 1, 2 * i + 2);
                let mut m = i;
                if l < n && self.less(self.heap[l], self.heap[m]) {
                    m = l;
                }
                if r < n && self.less(self.heap[r], self.heap[m]) {
                    m = r;
                }
                if m == i {
                    break;
                }
                self.heap.swap(i, m);
                i = m;
            }
        }
        Some(top)
    }

    /// Inserts a position not seen before; returns false if it was seen.
    fn insert(&mut self, pos: Position<V>, parent: u32, mv: Move, depth: u32) -> bool {
        if 2 * (self.nodes.len() + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut s = hash_position(&pos) as usize & mask;
        loop {
            let i = self.slots[s];
            if i == NO_NODE {
                break;
            }
            if self.nodes[i as usize].pos == pos {
                return false;
            }
            s = (s + 1) & mask;
        }
        let index = self.nodes.len() as u32;
        self.slots[s] = index;
        let h = heuristic(&pos);
        self.nodes.push(Node { pos, parent, mv, depth, h });
        self.heap_push(index);
        true
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots.clear();
        self.slots.resize(size, NO_NODE);
        let mask = size - 1;
        for (i, node) in self.nodes.iter().enumerate() {
            let mut s = hash_position(&node.pos) as usize & mask;
            while self.slots[s] != NO_NODE {
                s = (s + 1) & mask;
            }
            self.slots[s] = i as u32;
        }
    }

    fn reset(&mut self) {
        self.nodes.clear();
        self.heap.clear();
        // Keep large tables from a big search only while they are modest.
        if self.slots.len() > 1 << 20 {
            self.slots = vec![NO_NODE; 1024];
        } else {
            self.slots.fill(NO_NODE);
        }
    }

    /// Searches back from `root` to a KK position. `progress` is called every 1024 pops and may return
    /// false to stop (verdict `Unknown`).
    pub fn run(&mut self, root: &Position<V>, limits: Limits, mut progress: impl FnMut(Progress) -> bool) -> Outcome<V> {
        self.reset();
        let dummy = Move::Board { from: 0, to: 0, promote: false };
        self.insert(*root, NO_NODE, dummy, 0);
        let mut pops = 0u64;
        let mut max_depth = 0;
        let mut verdict = Verdict::Unreachable;
        let mut goal = NO_NODE;
        let mut preds = std::mem::take(&mut self.preds);
        while let Some(i) = self.heap_pop() {
            pops += 1;
            let node = &self.nodes[i as usize];
            if node.h == 0 {
                verdict = Verdict::Reachable;
                goal = i;
                break;
            }
            let depth = node.depth + 1;
            predecessors(&node.pos, &mut preds);
            for &(pred, mv) in &preds {
                if self.insert(pred, i, mv, depth) {
                    max_depth = max_depth.max(depth);
                }
            }
            if limits.max_nodes.is_some_and(|cap| self.nodes.len() >= cap)
                || (pops % 1024 == 0
                    && !progress(Progress {
                        pops,
                        nodes: self.nodes.len() as u64,
                        best_h: self.heap.first().map_or(0, |&t| self.nodes[t as usize].h),
                    }))
            {
                verdict = Verdict::Unknown;
                break;
            }
        }
        self.preds = preds;
        let mut path = Vec::new();
        let mut moves = Vec::new();
        let mut i = goal;
        while i != NO_NODE {
            let node = &self.nodes[i as usize];
            path.push(node.pos);
            if node.parent != NO_NODE {
                moves.push(node.mv);
            }
            i = node.parent;
        }
        path.reverse();
        moves.reverse();
        Outcome { verdict, pops, nodes: self.nodes.len() as u64, max_depth, path, moves }
    }
}

/// Whether only the two kings are on the board.
pub fn is_kk<V: Variant>(p: &Position<V>) -> bool {
    p.board().iter().all(|&c| c == EMPTY || Piece::from_code(c).is_some_and(|q| q.kind() == Kind::King))
}
