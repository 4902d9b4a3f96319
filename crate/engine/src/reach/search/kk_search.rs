//! The search itself: pop the best open entry, stop at a KK position, else insert its predecessors (or,
//! for a stub, the un-captures it stood for).

use crate::board::moves::Move;
use crate::board::position::Position;
use crate::board::variant::Variant;
use crate::reach::heuristic::heuristic;
use crate::reach::prev::{predecessors_known, predecessors_parts, recorded_uncaptures, Parts, Unmove};
use crate::reach::search::open::{OpenList, NODE_MASK, PROMOTED, STUB};
use crate::reach::search::table::{NodeTable, NO_NODE};
use crate::reach::search::verdict::{Outcome, Progress, SearchOptions, Verdict};
use crate::reach::search::zobrist::{hash_position, hash_predecessor};

/// What the positions an expansion inserts take from the node expanded.
struct Parent<V: Variant> {
    pos: Position<V>,
    hash: u64,
    index: u32,
    /// The depth of its predecessors.
    depth: u32,
}

/// A reusable backward search; keeping one per thread avoids allocating per search.
pub struct KkSearch<V: Variant> {
    table: NodeTable<V>,
    open: OpenList,
    /// The un-moves of the nodes whose un-captures wait behind stubs.
    unmoves: Vec<Unmove>,
}

impl<V: Variant> Default for KkSearch<V> {
    fn default() -> Self {
        KkSearch::new()
    }
}

impl<V: Variant> KkSearch<V> {
    /// A search with empty tables.
    pub fn new() -> KkSearch<V> {
        KkSearch { table: NodeTable::new(NODE_MASK as usize), open: OpenList::default(), unmoves: Vec::new() }
    }

    /// Node `i` as the parent of the positions its expansion inserts, and its heuristic.
    #[inline]
    fn parent(&self, i: u32) -> (Parent<V>, u32) {
        let node = &self.table.nodes[i as usize];
        let parent = Parent { pos: node.pos, hash: node.hash, index: i, depth: node.depth + 1 };
        (parent, node.h)
    }

    /// Inserts `pred`, a predecessor of `parent` by `mv` with heuristic `h` (see `NodeTable::insert`),
    /// and puts it on the open list if it is new; returns whether it was. Inlined into Prev1's walk (a
    /// call per predecessor cost more than the insertion).
    #[inline(always)]
    fn insert_predecessor(&mut self, parent: &Parent<V>, pred: &Position<V>, mv: Move, h: u32) -> bool {
        let hash = hash_predecessor(&parent.pos, parent.hash, pred, mv);
        let inserted = self.table.insert(&parent.pos, pred, hash, h, parent.index, mv, parent.depth);
        let Some(index) = inserted else { return false };
        self.open.push(index, h as usize);
        true
    }

    fn reset(&mut self) {
        let shrunk = self.table.reset();
        self.open.reset(shrunk);
        self.unmoves.clear();
    }

    /// |Prev1(pos)|.
    pub fn count_predecessors(&mut self, pos: &Position<V>) -> usize {
        let mut n = 0;
        predecessors_parts(pos, Parts::All, &mut |_, _, _| n += 1);
        n
    }

    /// Searches back from `root` to a KK position. `progress` is called every 1024 pops and may return
    /// false to stop (verdict `Unknown`).
    pub fn run(
        &mut self,
        root: &Position<V>,
        options: SearchOptions,
        mut progress: impl FnMut(Progress) -> bool,
    ) -> Outcome<V> {
        self.reset();
        // Past 2^30 nodes open-list entries could not name their node; far beyond any memory anyway.
        self.table.cap = options.max_nodes.map_or(NODE_MASK as usize, |cap| cap.clamp(1, NODE_MASK as usize));
        self.table.over_cap = false;
        let dummy = Move::Board { from: 0, to: 0, promote: false };
        let h = heuristic(root);
        self.table.insert(root, root, hash_position(root), h, NO_NODE, dummy, 0);
        self.open.push(0, h as usize);
        let mut pops = 0u64;
        let mut max_depth = 0;
        let mut verdict = Verdict::Unreachable;
        let mut goal = NO_NODE;
        while let Some(entry) = self.open.pop(&self.table.nodes) {
            let i = if entry & STUB != 0 { entry & NODE_MASK } else { entry };
            let deepest = if entry & STUB != 0 {
                self.expand_stub(entry)
            } else {
                pops += 1;
                if self.table.nodes[i as usize].h == 0 {
                    verdict = Verdict::Reachable;
                    goal = i;
                    break;
                }
                self.expand_node(i, options.lazy_captures)
            };
            max_depth = max_depth.max(deepest);
            if self.should_stop(entry, pops, &mut progress) {
                verdict = Verdict::Unknown;
                break;
            }
        }
        let (path, moves) = self.table.path_to(goal);
        Outcome { verdict, pops, nodes: self.table.nodes.len() as u64, max_depth, path, moves }
    }

    /// Inserts the deferred un-captures of stub `entry` at the stub's h; the rest of its class wait behind
    /// a new stub. Returns the depth of the new positions, 0 if none was new.
    #[inline]
    fn expand_stub(&mut self, entry: u32) -> u32 {
        let i = entry & NODE_MASK;
        let promoted = entry & PROMOTED != 0;
        let h = self.open.min_bucket as u32;
        let (parent, p_h) = self.parent(i);
        let [from, to] = self.table.nodes[i as usize].unmoves;
        let pos = parent.pos;
        let unmoves = std::mem::take(&mut self.unmoves);
        let mut deepest = 0;
        let next = recorded_uncaptures(
            &pos,
            p_h,
            &unmoves[from as usize..to as usize],
            promoted,
            h,
            &mut |pred, mv, h| {
                if self.insert_predecessor(&parent, pred, mv, h) {
                    deepest = parent.depth;
                }
            },
        );
        self.unmoves = unmoves;
        if let Some(next_h) = next {
            self.open.push_stub(i, promoted, next_h);
        }
        deepest
    }

    /// Inserts the predecessors of node `i`: all of them, or with `lazy_captures` all but the
    /// un-captures, which wait behind stubs (their un-moves recorded for them). Returns the depth of the
    /// new positions, 0 if none was new.
    #[inline]
    fn expand_node(&mut self, i: u32, lazy_captures: bool) -> u32 {
        let parts = if lazy_captures { Parts::NoUncaptures } else { Parts::All };
        let (parent, p_h) = self.parent(i);
        let pos = parent.pos;
        let mut unmoves = std::mem::take(&mut self.unmoves);
        let from = unmoves.len() as u32;
        let mut deepest = 0;
        let bounds = predecessors_known(
            &pos,
            p_h,
            parts,
            &mut |pred: &Position<V>, mv, h| {
                if self.insert_predecessor(&parent, pred, mv, h) {
                    deepest = parent.depth;
                }
            },
            &mut unmoves,
        );
        self.table.nodes[i as usize].unmoves = [from, unmoves.len() as u32];
        self.unmoves = unmoves;
        // (Deferring the plain un-moves too was measured: fewer positions, more time.)
        for (promoted, bound) in [false, true].into_iter().zip(bounds) {
            if let Some(h) = bound {
                self.open.push_stub(i, promoted, h);
            }
        }
        deepest
    }

    /// Whether the search stops with work left after `entry`: a new position found beyond the node cap,
    /// or `progress` (asked every 1024 pops) saying so.
    #[inline]
    fn should_stop(&self, entry: u32, pops: u64, progress: &mut impl FnMut(Progress) -> bool) -> bool {
        // A search that needs more positions than the cap is undecided; one that is exhausted within it
        // (a root without predecessors: 1 position) keeps its verdict.
        self.table.over_cap
            || (entry & STUB == 0
                && pops.is_multiple_of(1024)
                && !progress(Progress {
                    pops,
                    nodes: self.table.nodes.len() as u64,
                    best_h: self.open.min_bucket as u32,
                }))
    }

    /// After a search: the positions from the root to a deepest position it generated (the first of that
    /// depth), and the moves between them as in [`Outcome::path`].
    pub fn deepest_line(&self) -> (Vec<Position<V>>, Vec<Move>) {
        self.table.path_to(self.table.deepest())
    }
}
