//! The least moves of each piece from square to square on an empty board (or around walls of pieces that
//! never moved): the measure of both the short search's bound and the forward searches' guide.

use crate::hasher::QuickMap;
use shogi_reach_engine::board::piece::Piece;
use shogi_reach_engine::board::variant::{Geometry, Variant, MOVES, OFF};

/// No way (a pawn cannot move backwards).
pub(crate) const FAR: u8 = u8::MAX;

/// Least moves on an empty board from a square to a square, for every piece and promotion state.
pub(crate) struct Travel {
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
    pub(crate) fn build<V: Variant>() -> Travel {
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

    /// The squares of the board.
    pub(crate) fn squares(&self) -> usize {
        self.n
    }

    #[inline]
    fn index(&self, code: u8, from: usize, promoted: bool, to: usize) -> usize {
        ((code as usize * self.n + from) * 2 + promoted as usize) * self.n + to
    }

    /// Least moves for the unpromoted piece `code` on `from` to stand on `to`, promoted or not.
    #[inline]
    pub(crate) fn get(&self, code: u8, from: usize, promoted: bool, to: usize) -> u8 {
        self.dist[self.index(code, from, promoted, to)]
    }

    /// Least moves for the unpromoted piece `code` on `from` to stand on `to`, in either state.
    #[inline]
    pub(crate) fn reach(&self, code: u8, from: usize, to: usize) -> u32 {
        u32::from(self.get(code, from, false, to).min(self.get(code, from, true, to)))
    }

    /// Least moves for the piece `code` on `from` (promoted or not, either may be) to stand on `to`
    /// with `promoted` there.
    #[inline]
    pub(crate) fn onwards(&self, code: u8, from: usize, promoted: bool, to: usize) -> u32 {
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
fn targets(g: &Geometry, steps: u16, slides: u8, sq: usize, walls: u128) -> impl Iterator<Item = usize> + '_ {
    let open = move |t: u8| t != OFF && walls & (1u128 << t) == 0;
    let step_targets = (0..12).filter(move |&d| steps & (1 << d) != 0).map(move |d| g.nb[sq][d]);
    let slide_targets = (0..8).filter(move |&d| slides & (1 << d) != 0).flat_map(move |d| {
        std::iter::successors(Some(g.nb[sq][d]), move |&t| open(t).then(|| g.nb[t as usize][d]))
    });
    step_targets.chain(slide_targets).filter(move |&t| open(t)).map(|t| t as usize)
}

impl Travel {
    /// The least moves of the unpromoted `code` from `home` to stand on `to` with `promoted`, never
    /// crossing `walls` (none: on the empty board).
    pub(crate) fn way<V: Variant>(
        &self,
        code: u8,
        home: usize,
        promoted: bool,
        to: usize,
        walls: u128,
    ) -> u32 {
        if walls == 0 {
            return u32::from(self.get(code, home, promoted, to));
        }
        let n = self.n;
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
}

/// Travel tables around walls (`[promoted][to]`), by (walls, piece code, home, squares).
type WalledTables = QuickMap<(u128, u8, u8, u8), Box<[u8]>>;

thread_local! {
    /// A search meets few wall sets: their tables are kept.
    static WALLED: std::cell::RefCell<WalledTables> = std::cell::RefCell::new(QuickMap::default());
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_reach_engine::board::color::Color;
    use shogi_reach_engine::board::piece::Kind;
    use shogi_reach_engine::board::variant::Shogi;

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
}
