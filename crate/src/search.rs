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

/// One board piece's share of the reference's heuristic H = 10·N + 10·P + D: 10 per non-king piece, 10
/// more if promoted plus its distance (in ranks) outside its owner's promotion zone.
#[inline]
pub fn piece_term<V: Variant>(code: u8, sq: usize) -> u32 {
    if code == EMPTY || code >> 2 == Kind::King as u8 {
        0
    } else if code & 2 != 0 {
        10
    } else {
        let owner = Color::from_index((code & 1) as usize);
        20 + V::geometry().ranks_ahead(sq, owner).saturating_sub(V::ZONE - 1) as u32
    }
}

/// Mini Shogi's king-proximity term (the kings within Manhattan distance 2).
#[inline]
pub fn king_term<V: Variant>(p: &Position<V>) -> u32 {
    if V::KING_NEAR_WEIGHT == 0 {
        return 0;
    }
    let g = V::geometry();
    let (a, b) = (p.king(Color::Sente), p.king(Color::Gote));
    if g.x(a).abs_diff(g.x(b)) + g.y(a).abs_diff(g.y(b)) <= 2 {
        V::KING_NEAR_WEIGHT
    } else {
        0
    }
}

/// The search heuristic; 0 exactly at the goal (only the kings on the board, and for Mini Shogi at
/// least 3 apart).
pub fn heuristic<V: Variant>(p: &Position<V>) -> u32 {
    let pieces: u32 = p.board().iter().enumerate().map(|(sq, &c)| piece_term::<V>(c, sq)).sum();
    pieces + king_term(p)
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
    /// Open-addressing set of node indices, power-of-two size. A slot holds `epoch << 32 | index`; slots
    /// of older epochs are free, so starting a new search is O(1).
    slots: Vec<u64>,
    epoch: u64,
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
    // Final avalanche (MurmurHash3's fmix64): the table uses the low bits.
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

impl<V: Variant> KkSearch<V> {
    pub fn new() -> KkSearch<V> {
        KkSearch { nodes: Vec::new(), slots: vec![0; 1024], epoch: 1, heap: Vec::new(), preds: Vec::new() }
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
    fn insert(&mut self, pos: Position<V>, h: u32, parent: u32, mv: Move, depth: u32) -> bool {
        if 2 * (self.nodes.len() + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut s = hash_position(&pos) as usize & mask;
        loop {
            let slot = self.slots[s];
            if slot >> 32 != self.epoch {
                break;
            }
            if self.nodes[slot as u32 as usize].pos == pos {
                return false;
            }
            s = (s + 1) & mask;
        }
        let index = self.nodes.len() as u32;
        self.slots[s] = self.epoch << 32 | index as u64;
        debug_assert_eq!(h, heuristic(&pos));
        self.nodes.push(Node { pos, parent, mv, depth, h });
        self.heap_push(index);
        true
    }

    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots.clear();
        self.slots.resize(size, 0);
        let mask = size - 1;
        for (i, node) in self.nodes.iter().enumerate() {
            let mut s = hash_position(&node.pos) as usize & mask;
            while self.slots[s] >> 32 == self.epoch {
                s = (s + 1) & mask;
            }
            self.slots[s] = self.epoch << 32 | i as u64;
        }
    }

    fn reset(&mut self) {
        self.nodes.clear();
        self.heap.clear();
        self.epoch += 1;
        // A table grown by a large search would spread small ones over many cache lines: start small.
        if self.slots.len() > 1 << 16 {
            self.slots = vec![0; 1 << 14];
        }
        if self.nodes.capacity() > 1 << 20 {
            self.nodes.shrink_to(1 << 16);
            self.heap.shrink_to(1 << 16);
        }
    }

    /// Searches back from `root` to a KK position. `progress` is called every 1024 pops and may return
    /// false to stop (verdict `Unknown`).
    pub fn run(&mut self, root: &Position<V>, limits: Limits, mut progress: impl FnMut(Progress) -> bool) -> Outcome<V> {
        self.reset();
        let dummy = Move::Board { from: 0, to: 0, promote: false };
        self.insert(*root, heuristic(root), NO_NODE, dummy, 0);
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
            for pred in &preds {
                if self.insert(pred.pos, pred.h, i, pred.mv, depth) {
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
