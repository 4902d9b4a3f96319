//! The open list: one binary min-heap per value of h, each in the reference's position order, with stubs
//! standing for a node's deferred un-captures.

use crate::board::variant::Variant;
use crate::reach::search::order::{cmp_positions, order_key};
use crate::reach::search::table::Node;
use std::cmp::Ordering;

/// Open-list entries with this bit stand for a node's deferred un-captures, of unpromoted pieces, or with
/// `PROMOTED` too, of promoted ones.
pub(super) const STUB: u32 = 1 << 31;
pub(super) const PROMOTED: u32 = 1 << 30;
pub(super) const NODE_MASK: u32 = PROMOTED - 1;

/// An open-list entry with the start of its position order inline: the side to move and the first 15
/// cells; a stub (deferred un-captures) has rank 0 and sorts before the positions of its h.
#[derive(Clone, Copy)]
struct Entry {
    rank: u128,
    node: u32,
}

/// The open entries of one value of h: a binary min-heap, and the nodes not yet sifted in. Most
/// generated positions are never popped (the search ends first), so a node gets its entry (its key read
/// from its position) and a bucket is put in order only when the bucket is popped from: the pop order
/// is the same, as `less` is a total order.
#[derive(Default)]
struct Bucket {
    entries: Vec<Entry>,
    /// Nodes (and stubs) pushed since the bucket was last popped from.
    pending: Vec<u32>,
}

/// The open list of one search.
#[derive(Default)]
pub(super) struct OpenList {
    /// One binary min-heap (by position order) per value of h.
    buckets: Vec<Bucket>,
    /// No bucket below this one is non-empty.
    pub(super) min_bucket: usize,
    open: usize,
}

impl OpenList {
    /// Empties the list for the next search, giving back the memory of its buckets if `shrink`.
    pub(super) fn reset(&mut self, shrink: bool) {
        for b in &mut self.buckets {
            b.entries.clear();
            b.pending.clear();
        }
        self.min_bucket = 0;
        self.open = 0;
        if shrink {
            self.buckets = Vec::new();
        }
    }

    /// Puts node `i`'s deferred un-captures, with heuristic bound `h`, on the list.
    pub(super) fn push_stub(&mut self, i: u32, promoted: bool, h: u32) {
        let node = i | STUB | if promoted { PROMOTED } else { 0 };
        self.push(node, h as usize);
    }

    /// Puts `node` (or a stub) on the list at `h`.
    #[inline]
    pub(super) fn push(&mut self, node: u32, h: usize) {
        if self.buckets.len() <= h {
            self.buckets.resize_with(h + 1, Bucket::default);
        }
        self.buckets[h].pending.push(node);
        self.min_bucket = self.min_bucket.min(h);
        self.open += 1;
    }

    /// Takes the least entry of the lowest h (`nodes` holding the positions named), or `None` if the list
    /// is empty.
    pub(super) fn pop<V: Variant>(&mut self, nodes: &[Node<V>]) -> Option<u32> {
        if self.open == 0 {
            return None;
        }
        while self.buckets[self.min_bucket].entries.is_empty()
            && self.buckets[self.min_bucket].pending.is_empty()
        {
            self.min_bucket += 1;
        }
        let b = self.min_bucket;
        if !self.buckets[b].pending.is_empty() {
            self.settle(nodes, b);
        }
        let bucket = &mut self.buckets[b];
        let heap = &mut bucket.entries;
        let top = heap[0].node;
        let last = heap.pop().unwrap();
        if !heap.is_empty() {
            heap[0] = last;
            sift_down(nodes, heap, 0);
        }
        self.open -= 1;
        Some(top)
    }

    /// Makes bucket `b` one heap with its pending nodes: Floyd's construction for a bucket never popped
    /// from, else sifts the new entries up.
    fn settle<V: Variant>(&mut self, nodes: &[Node<V>], b: usize) {
        let bucket = &mut self.buckets[b];
        let heap = bucket.entries.len();
        let entry = |node: u32| {
            let rank = if node & STUB != 0 { 0 } else { order_key(&nodes[node as usize].pos) };
            Entry { rank, node }
        };
        bucket.entries.extend(bucket.pending.drain(..).map(entry));
        let n = bucket.entries.len();
        if heap == 0 {
            for i in (0..n / 2).rev() {
                sift_down(nodes, &mut bucket.entries, i);
            }
        } else {
            for i in heap..n {
                sift_up(nodes, &mut bucket.entries, i);
            }
        }
    }
}

/// Order within a bucket: stubs first (among themselves by node), then the reference's position order.
#[inline]
fn less<V: Variant>(nodes: &[Node<V>], a: &Entry, b: &Entry) -> bool {
    if a.rank != b.rank {
        return a.rank < b.rank;
    }
    if a.node & STUB != 0 {
        return a.node < b.node;
    }
    cmp_positions(&nodes[a.node as usize].pos, &nodes[b.node as usize].pos) == Ordering::Less
}

#[inline]
fn sift_up<V: Variant>(nodes: &[Node<V>], heap: &mut [Entry], mut c: usize) {
    let e = heap[c];
    while c > 0 {
        let parent = (c - 1) / 2;
        if !less(nodes, &e, &heap[parent]) {
            break;
        }
        heap[c] = heap[parent];
        c = parent;
    }
    heap[c] = e;
}

#[inline]
fn sift_down<V: Variant>(nodes: &[Node<V>], heap: &mut [Entry], mut i: usize) {
    let n = heap.len();
    let e = heap[i];
    loop {
        let (l, r) = (2 * i + 1, 2 * i + 2);
        if l >= n {
            break;
        }
        let m = if r < n && less(nodes, &heap[r], &heap[l]) { r } else { l };
        if !less(nodes, &heap[m], &e) {
            break;
        }
        heap[i] = heap[m];
        i = m;
    }
    heap[i] = e;
}
